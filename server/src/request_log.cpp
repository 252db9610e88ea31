// The JSON-lines access and error log of `rise serve --log FILE`.
#include "rise/server/request_log.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>

#include <fcntl.h>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "rise/core/error.h"

namespace rise::server {

namespace {

// Now in UTC, ISO 8601 with milliseconds: "2026-11-27T17:40:52.123Z".
std::string now_utc() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                     tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms));
}

std::string dump(const nlohmann::json& line) {
  return line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace

RequestLog::RequestLog(const std::string& path) : path_(path) {
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  if (fd_ < 0) throw InputError(path + ": cannot open the log: " + std::strerror(errno));
}

RequestLog::~RequestLog() {
  if (fd_ >= 0) ::close(fd_);
}

void RequestLog::request(const std::string& method, const std::string& path,
                         const std::multimap<std::string, std::string>& params, int status, double ms, size_t bytes,
                         const std::string& remote, const std::string& body) {
  const std::string time = now_utc();
  nlohmann::json query = nlohmann::json::object();
  for (const auto& [name, value] : params) {
    if (name != "key") query[name] = value;  // a seat's key never reaches the log
  }
  std::string lines = dump({{"time", time},
                            {"kind", "access"},
                            {"method", method},
                            {"path", path},
                            {"query", query},
                            {"status", status},
                            {"ms", static_cast<double>(static_cast<int64_t>(ms * 1000.0)) / 1000.0},
                            {"bytes", bytes},
                            {"remote", remote}});
  if (status >= 500) {
    const nlohmann::json answer = nlohmann::json::parse(body, nullptr, false);
    const std::string message = answer.is_object() && answer.contains("message") && answer["message"].is_string()
                                    ? answer["message"].get<std::string>()
                                    : body.substr(0, 1000);
    lines += dump({{"time", time}, {"kind", "error"}, {"method", method}, {"path", path}, {"status", status},
                   {"message", message}});
  }
  write_line(lines);
}

void RequestLog::write_line(const std::string& line) {
  std::lock_guard lock(mutex_);
  size_t done = 0;
  while (done < line.size()) {
    const ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // a full disk loses log lines, never the server's answers
    done += static_cast<size_t>(n);
  }
}

}  // namespace rise::server
