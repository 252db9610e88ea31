// The HTTP layer of `rise serve` on Boost.Beast over Boost.Asio: a few network threads
// read and write every connection asynchronously, so an idle connection or an open event
// stream holds no thread; the requests' own work (a database commit, a hint search) runs on
// a pool of handler threads. The routes are api_routes.cpp.
#include "rise/server/http_server.h"

#include <atomic>
#include <cctype>
#include <chrono>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "api_routes.h"
#include "rise/server/api_error.h"
#include "rise/server/request_log.h"

namespace rise::server {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

// A connection that does not send a complete request within this long (after connecting or
// after its last answer) is closed: it costs a socket, never a thread.
constexpr auto kIdleTimeout = std::chrono::seconds(60);
// An event stream without a change sends a comment line this often, so that proxies and
// clients that time out silent connections keep it.
constexpr auto kEventKeepAlive = std::chrono::seconds(15);
// The most bytes of a request's line and headers.
constexpr uint32_t kHeaderLimit = 16 * 1024;
// Threads reading and writing the connections.
constexpr unsigned kNetworkThreads = 2;

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

// Gate and ServerCore are outside the anonymous namespace because HttpServer::Impl, a name
// with external linkage, derives from ServerCore (-Wsubobject-linkage).
namespace detail {

// Whether posting to the network threads is still allowed: table observers (called by the
// TableManager's threads) check it under its mutex, and the server closes it before its
// io_context goes away.
struct Gate {
  std::mutex mutex;
  bool open = true;
};

// Everything of one server; HttpServer::Impl is this (a name the classes below can use).
struct ServerCore {
  TableManager& tables;
  ServerConfig config;
  std::unique_ptr<RequestLog> log;  // --log FILE, or none
  detail::ApiRoutes routes;
  asio::io_context ioc;
  tcp::acceptor acceptor{ioc};
  std::shared_ptr<Gate> gate = std::make_shared<Gate>();
  std::thread thread;  // start()'s
  std::atomic<bool> running{false};
  std::atomic<bool> stopped{false};
  int port = 0;
  // Declared last: destroyed (stopped and joined) first, before the io_context its tasks
  // post their answers to.
  asio::thread_pool handlers;

  ServerCore(TableManager& t, ServerConfig c)
      : tables(t), config(std::move(c)), routes(t, config.static_dir), handlers(std::max(1u, config.http_threads)) {
    if (!config.log_file.empty()) log = std::make_unique<RequestLog>(config.log_file);
  }

  ~ServerCore() { close_gate(); }

  void close_gate() {
    std::lock_guard lock(gate->mutex);
    gate->open = false;
  }

  void log_request(const detail::HttpRequest& req, int status, Clock::time_point started, size_t bytes,
                   const std::string& body) {
    if (!log) return;
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - started).count();
    log->request(req.method, req.path, req.params, status, ms, bytes, req.remote, body);
  }

  void accept();
};

}  // namespace detail

namespace {

using detail::ServerCore;

// One open event stream: the view of its seat at once, then each time its table's view
// changes; many changes during one write are sent as one, the latest.
class EventStream : public std::enable_shared_from_this<EventStream> {
 public:
  EventStream(beast::tcp_stream stream, detail::EventSubscription subscription, ServerCore& server,
              detail::HttpRequest request, Clock::time_point started)
      : stream_(std::move(stream)),
        subscription_(std::move(subscription)),
        server_(server),
        request_(std::move(request)),
        started_(started),
        timer_(stream_.get_executor()),
        write_timer_(stream_.get_executor()) {}

  void start() {
    stream_.expires_never();
    {
      std::lock_guard lock(subscription_.table->mutex());
      subscription_.table->add_observer([weak = weak_from_this(), gate = server_.gate] {
        const std::shared_ptr<EventStream> self = weak.lock();
        if (!self) return false;
        std::lock_guard open(gate->mutex);
        if (!gate->open) return false;
        asio::post(self->stream_.get_executor(), [self] { self->send(); });
        return true;
      });
    }
    static const std::string kHeader =
        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
        "X-Accel-Buffering: no\r\nConnection: close\r\n\r\n";
    writing_ = true;
    pending_ = true;  // the current view, once the header is out
    asio::async_write(stream_, asio::buffer(kHeader),
                      [self = shared_from_this()](beast::error_code ec, size_t) { self->written(ec); });
    watch();
    keep_alive();
  }

 private:
  // Sends the view if it changed since the last one sent (or a keep-alive when due).
  // Runs on the stream's strand.
  void send() {
    if (closed_) return;
    if (writing_) {
      pending_ = true;
      return;
    }
    {
      std::lock_guard lock(subscription_.table->mutex());
      if (subscription_.table->revision() != sent_) {
        out_ = detail::ApiRoutes::event_text(subscription_);
        sent_ = subscription_.table->revision();
      } else if (keep_alive_due_) {
        static const auto kComment = std::make_shared<const std::string>(": keep-alive\n\n");
        out_ = kComment;
      } else {
        return;
      }
    }
    keep_alive_due_ = false;
    writing_ = true;
    write_timer_.expires_after(server_.config.write_timeout);
    write_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec && self->writing_) self->close();  // the client stopped reading
    });
    asio::async_write(stream_, asio::buffer(*out_),
                      [self = shared_from_this()](beast::error_code ec, size_t) { self->written(ec); });
  }

  void written(beast::error_code ec) {
    writing_ = false;
    write_timer_.cancel();
    if (ec) {
      close();
      return;
    }
    if (pending_) {
      pending_ = false;
      send();
    }
  }

  // A client sends nothing after its request: a read that ends means it went away.
  void watch() {
    stream_.async_read_some(asio::buffer(sink_), [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) {
        self->close();
      } else {
        self->watch();
      }
    });
  }

  void keep_alive() {
    timer_.expires_after(kEventKeepAlive);
    timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec || self->closed_) return;
      self->keep_alive_due_ = true;
      self->send();
      self->keep_alive();
    });
  }

  void close() {
    if (closed_) return;
    closed_ = true;
    timer_.cancel();
    write_timer_.cancel();
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream_.socket().close(ignored);
    server_.log_request(request_, 200, started_, 0, "");  // a stream's line covers its whole life
  }

  beast::tcp_stream stream_;
  detail::EventSubscription subscription_;
  ServerCore& server_;
  detail::HttpRequest request_;
  Clock::time_point started_;
  asio::steady_timer timer_;        // keep-alive
  asio::steady_timer write_timer_;  // ServerConfig::write_timeout of the write under way
  std::shared_ptr<const std::string> out_;  // the text being written
  std::array<char, 512> sink_{};
  long sent_ = -1;  // the revision sent last (views change with votes too, and versions repeat)
  bool writing_ = false;
  bool pending_ = false;
  bool keep_alive_due_ = false;
  bool closed_ = false;
};

// One connection: requests read one after another (HTTP/1.1 keep-alive), each answered on
// the handler pool, until the client closes, stays idle past kIdleTimeout, or opens an
// event stream (which takes the connection over).
class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket socket, ServerCore& server) : stream_(std::move(socket)), server_(server) {
    beast::error_code ec;
    const tcp::endpoint peer = stream_.socket().remote_endpoint(ec);
    if (!ec) remote_ = peer.address().to_string();
  }

  void start() {
    asio::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read(); });
  }

 private:
  void read() {
    parser_.emplace();
    parser_->header_limit(kHeaderLimit);
    parser_->body_limit(detail::kMaxReadBodyBytes);
    stream_.expires_after(kIdleTimeout);
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    started_ = Clock::now();
    if (ec == http::error::body_limit || ec == http::error::header_limit || ec == http::error::bad_target ||
        ec == http::error::bad_method || ec == http::error::bad_version || ec == http::error::bad_field ||
        ec == http::error::bad_value || ec == http::error::bad_chunk || ec == http::error::bad_content_length) {
      // Refused with a JSON answer, then closed: the rest of the request is not read.
      const bool too_large = ec == http::error::body_limit;
      detail::HttpRequest req;
      req.remote = remote_;
      keep_alive_ = false;
      write(std::move(req),
            detail::ApiRoutes::json_answer(too_large ? 413 : 400,
                                           too_large ? error_json("body_too_large", "the request body is larger than " +
                                                                                        std::to_string(kMaxBodyBytes) +
                                                                                        " bytes")
                                                     : error_json("malformed_request", "not an HTTP request: " +
                                                                                           ec.message())));
      return;
    }
    if (ec) {
      close();  // the client closed, reset, or stayed idle too long
      return;
    }
    stream_.expires_never();
    http::request<http::string_body>& message = parser_->get();
    detail::HttpRequest req;
    req.method = std::string(message.method_string());
    detail::parse_target(std::string(message.target()), req);
    for (const auto& field : message) {
      req.headers[lower(std::string_view(field.name_string().data(), field.name_string().size()))] =
          std::string(field.value());
    }
    req.body = std::move(message.body());
    req.remote = remote_;
    keep_alive_ = message.keep_alive();
    version_ = message.version();
    const bool stream = detail::ApiRoutes::is_event_stream(req);
    asio::post(server_.handlers, [self = shared_from_this(), req = std::move(req), stream]() mutable {
      if (stream) {
        self->open_stream(std::move(req));
        return;
      }
      detail::HttpResponse res = self->server_.routes.answer(req);
      asio::post(self->stream_.get_executor(), [self, req = std::move(req), res = std::move(res)]() mutable {
        self->write(std::move(req), std::move(res));
      });
    });
  }

  // On the handler pool: finds the table and the seat, then hands the connection to an
  // EventStream on its strand (or answers the refusal).
  void open_stream(detail::HttpRequest req) {
    detail::HttpResponse refusal;
    std::optional<detail::EventSubscription> subscription = server_.routes.events(req, refusal);
    asio::post(stream_.get_executor(), [self = shared_from_this(), req = std::move(req), refusal = std::move(refusal),
                                        subscription = std::move(subscription)]() mutable {
      if (!subscription) {
        self->write(std::move(req), std::move(refusal));
        return;
      }
      std::make_shared<EventStream>(std::move(self->stream_), std::move(*subscription), self->server_, std::move(req),
                                    self->started_)
          ->start();
    });
  }

  void write(detail::HttpRequest req, detail::HttpResponse res) {
    auto message = std::make_shared<http::response<http::string_body>>(static_cast<http::status>(res.status), version_);
    message->set(http::field::content_type, res.content_type);
    for (const auto& [name, value] : res.headers) message->set(name, value);
    message->body() = std::move(res.body);
    message->keep_alive(keep_alive_);
    message->prepare_payload();
    server_.log_request(req, res.status, started_, message->body().size(), message->body());
    stream_.expires_after(server_.config.write_timeout);
    http::async_write(stream_, *message, [self = shared_from_this(), message](beast::error_code ec, size_t) {
      if (ec || !self->keep_alive_) {
        self->close();
        return;
      }
      self->read();
    });
  }

  void close() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
  }

  beast::tcp_stream stream_;
  ServerCore& server_;
  std::string remote_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  Clock::time_point started_;
  bool keep_alive_ = false;
  unsigned version_ = 11;
};

}  // namespace

void ServerCore::accept() {
  acceptor.async_accept(asio::make_strand(ioc), [this](beast::error_code ec, tcp::socket socket) {
    if (!acceptor.is_open()) return;
    if (ec) {
      // Out of file descriptors, most likely: try again shortly rather than spin.
      auto timer = std::make_shared<asio::steady_timer>(ioc, std::chrono::milliseconds(50));
      timer->async_wait([this, timer](beast::error_code) { accept(); });
      return;
    }
    std::make_shared<Session>(std::move(socket), *this)->start();
    accept();
  });
}

struct HttpServer::Impl : ServerCore {
  using ServerCore::ServerCore;
};

HttpServer::HttpServer(TableManager& tables, ServerConfig config)
    : impl_(std::make_unique<Impl>(tables, std::move(config))) {}

HttpServer::~HttpServer() {
  stop();
  if (impl_->thread.joinable()) impl_->thread.join();
}

int HttpServer::bind() {
  const ServerConfig& c = impl_->config;
  const std::string where = "cannot listen on " + c.host + ":" + std::to_string(c.port) +
                            " (address in use, or not an address of this machine)";
  beast::error_code ec;
  tcp::resolver resolver(impl_->ioc);
  const auto found = resolver.resolve(c.host, std::to_string(c.port), tcp::resolver::passive, ec);
  if (ec || found.empty()) throw InputError(where);
  const tcp::endpoint endpoint = found.begin()->endpoint();
  tcp::acceptor& acceptor = impl_->acceptor;
  acceptor.open(endpoint.protocol(), ec);
  // SO_REUSEADDR: a restarted server binds at once; on Linux it never lets a second server
  // listen on a port in use.
  if (!ec) acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) {
    beast::error_code ignored;
    acceptor.close(ignored);
    throw InputError(where);
  }
  impl_->port = acceptor.local_endpoint().port();
  impl_->accept();
  return impl_->port;
}

void HttpServer::run() {
  impl_->running = true;
  std::vector<std::thread> network;
  for (unsigned i = 1; i < kNetworkThreads; ++i) network.emplace_back([this] { impl_->ioc.run(); });
  impl_->ioc.run();
  for (std::thread& t : network) t.join();
}

int HttpServer::start() {
  const int port = bind();
  impl_->thread = std::thread([this] { run(); });
  wait_until_running();
  return port;
}

void HttpServer::stop() {
  if (impl_->stopped.exchange(true)) return;
  impl_->close_gate();
  asio::post(impl_->ioc, [impl = impl_.get()] {
    beast::error_code ignored;
    impl->acceptor.close(ignored);
  });
  impl_->ioc.stop();  // run() returns; open connections are closed as the server is destroyed
}

void HttpServer::wait_until_running() {
  const auto deadline = Clock::now() + std::chrono::seconds(2);
  while (!impl_->running && Clock::now() < deadline) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

int HttpServer::port() const { return impl_->port; }

}  // namespace rise::server
