// The HTTP API of `rise serve` on Boost.Beast (Boost.Asio): JSON requests and answers,
// Server-Sent Events for pushes, and the static files of the web front end. Connections and
// event streams are served asynchronously by two network threads, so an idle connection or
// an open stream holds no thread; each request's work runs on a pool of handler threads.
// Routes, shapes and errors: docs/server.md.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "rise/server/table_manager.h"

namespace rise::server {

// Every member has a default initializer, so callers may give only the leading ones
// (-Wmissing-field-initializers).
struct ServerConfig {
  std::string host = "127.0.0.1";  // loopback unless opened deliberately
  int port = 8080;                 // 0: any free port (tests)
  std::string static_dir{};        // served at / (and /t/ID as its index.html) when a directory
  unsigned http_threads = 64;      // handler threads: requests being answered at once (streams hold none)
  std::string log_file{};          // JSON-lines access and error log (request_log.h); empty: none
  // A write (an answer or an event) the client does not take within this long closes its
  // connection: a client that stops reading costs bounded time and memory.
  std::chrono::milliseconds write_timeout{30'000};
};

// One HTTP server over a TableManager, which must outlive it. Not copyable.
class HttpServer {
 public:
  HttpServer(TableManager& tables, ServerConfig config);

  // Stops and joins the background thread of start(), if any.
  ~HttpServer();

  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds config.host:config.port and returns the port bound (the free one chosen for port
  // 0). Throws InputError "cannot listen on HOST:PORT" when the address is taken or invalid.
  int bind();

  // Serves on this thread until stop(). Requires bind().
  void run();

  // bind(), then run() on a background thread; returns the port. For tests and embedding.
  int start();

  // Stops serving: run() returns at once; open connections and event streams are closed when
  // the server is destroyed. Idempotent; safe from any thread.
  void stop();

  // The port bound, or 0 before bind().
  int port() const;

 private:
  // Waits (at most 2 s) until run() has started.
  void wait_until_running();

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace rise::server
