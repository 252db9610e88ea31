// The log of `rise serve --log FILE` (issue 18, docs/server.md "Logs"): one JSON object a
// line, appended, for every answered request ("access") and every server error ("error").
// It never holds a seat key: the query's `key` is left out and bodies are never written.
#pragma once

#include <map>
#include <mutex>
#include <string>

namespace rise::server {

class RequestLog {
 public:
  // Opens `path` for appending, creating it readable by its owner only (0600). Throws
  // InputError naming the file and why when it cannot.
  explicit RequestLog(const std::string& path);
  ~RequestLog();
  RequestLog(const RequestLog&) = delete;
  RequestLog& operator=(const RequestLog&) = delete;

  // One answered request: {"time", "kind": "access", "method", "path", "query" (the
  // parameters but `key`), "status", "ms" (handling time), "bytes" (of the answer), "remote"}.
  // An answer of status 500 or more also writes {"time", "kind": "error", "method", "path",
  // "status", "message"} with the answer's body. Thread-safe; each line is one write.
  void request(const std::string& method, const std::string& path, const std::multimap<std::string, std::string>& params,
               int status, double ms, size_t bytes, const std::string& remote, const std::string& body);

 private:
  void write_line(const std::string& line);
  std::string path_;
  int fd_ = -1;
  std::mutex mutex_;
};

}  // namespace rise::server
