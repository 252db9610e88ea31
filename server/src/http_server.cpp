// The HTTP API on cpp-httplib.
#include "rise/server/http_server.h"

#include <atomic>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <thread>

#include <httplib.h>
#include <sys/socket.h>

#include "rise/core/replay.h"
#include "rise/server/api_error.h"
#include "rise/server/fair_seed.h"
#include "rise/server/request_log.h"
#include "rise/server/requests.h"
#include "rise/server/views.h"

namespace rise::server {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// How long an event stream waits for a change before checking whether the server stops,
// and how often it sends a comment line when nothing changed. A write to a closed
// connection succeeds once (the peer answers it with a reset) and fails the next time, so a
// client that went away frees its thread within two keep-alive periods, about a second.
constexpr auto kEventPoll = std::chrono::milliseconds(250);
constexpr auto kEventKeepAlive = std::chrono::milliseconds(500);

void send_json(httplib::Response& res, int status, const nlohmann::json& body) {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  // An error may quote what the client sent (a table id from the path): bytes that are not
  // UTF-8 are written as U+FFFD rather than failing the answer.
  res.set_content(body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), "application/json");
}

// Runs a handler, turning its refusals into JSON errors: ApiError with its status; any
// other InputError (the database failed) or exception as 500.
template <typename F>
void guarded(httplib::Response& res, F&& handle) {
  try {
    handle();
  } catch (const ApiError& e) {
    send_json(res, e.status(), error_json(e.code(), e.what()));
  } catch (const std::exception& e) {
    send_json(res, 500, error_json("server_error", e.what()));
  }
}

// The checks of every request that changes something (POST): a body within kMaxBodyBytes,
// declared as JSON, and, when a browser says which page sent it (Origin), a page of this
// server. A page of another site can send a cross-site POST of a "simple" content type
// (text/plain) without asking first; JSON needs the browser's CORS preflight, which this
// server never grants, and the Origin check refuses what gets through anyway. Clients
// that are not browsers send no Origin.
void check_state_change(const httplib::Request& req) {
  if (req.body.size() > kMaxBodyBytes) {
    throw ApiError(413, "body_too_large", "the request body has " + std::to_string(req.body.size()) +
                                              " bytes; at most " + std::to_string(kMaxBodyBytes));
  }
  std::string type = req.get_header_value("Content-Type");
  type = type.substr(0, type.find(';'));
  while (!type.empty() && type.back() == ' ') type.pop_back();
  for (char& c : type) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (type != "application/json") {
    throw ApiError(415, "unsupported_media_type",
                   "the request body must be JSON, sent with Content-Type: application/json" +
                       (type.empty() ? std::string() : " (not " + type + ")"));
  }
  if (req.has_header("Origin")) {
    const std::string origin = req.get_header_value("Origin");
    const std::string host = req.get_header_value("Host");
    if (host.empty() || (origin != "http://" + host && origin != "https://" + host)) {
      throw ApiError(403, "cross_origin", "a page of another site (" + origin + ") may not change a table here");
    }
  }
}

// The lobby's page: GET /api/tables answers at most this many tables (?limit= up to the most).
constexpr int64_t kLobbyPage = 50;
constexpr int64_t kLobbyMaxPage = 200;

// The integer query parameter `name` in [low, high], or `fallback` when absent; throws
// ApiError 400 "malformed_request" naming it otherwise.
int64_t query_int(const httplib::Request& req, const std::string& name, int64_t fallback, int64_t low, int64_t high) {
  if (!req.has_param(name)) return fallback;
  const std::string text = req.get_param_value(name);
  size_t used = 0;
  int64_t value = 0;
  try {
    value = std::stoll(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || value < low || value > high) {
    throw ApiError(400, "malformed_request", "query '" + name + "' must be a whole number from " + std::to_string(low) +
                                                 " to " + std::to_string(high) + ", got '" + text + "'");
  }
  return value;
}

// The header that carries a seat's key on a GET (view, events, hint): never the URL, which
// access logs, proxies and browser histories keep.
constexpr const char* kKeyHeader = "X-Rise-Key";

// The seat key of a GET request (X-Rise-Key), "" when none. Throws ApiError 400
// "key_in_url" for a key in the query string.
std::string key_of_request(const httplib::Request& req) {
  if (req.has_param("key")) {
    throw ApiError(400, "key_in_url",
                   "a seat key goes in the X-Rise-Key header, never in the URL (logs and histories keep URLs)");
  }
  return req.get_header_value(kKeyHeader);
}

// The seat of the request's key (X-Rise-Key), or -1 for a request without one (a
// spectator). Throws ApiError 403 "bad_key" for a key of no seat, 400 "key_in_url".
PlayerId seat_of_request(const httplib::Request& req, const Table& table) {
  const std::string key = key_of_request(req);
  if (key.empty()) return -1;
  return table.require_seat(key);
}

// The view of a seat, or of a spectator for seat -1. Requires the table's lock.
nlohmann::json view_of(const Table& table, PlayerId seat) {
  return seat >= 0 ? seat_view(table, seat) : spectator_view(table);
}

// A status's code word for errors httplib answers itself (unknown route, body too large).
std::string code_of_status(int status) {
  switch (status) {
    case 404: return "not_found";
    case 413: return "body_too_large";
    case 405: return "method_not_allowed";
    default: return "http_error";
  }
}

}  // namespace

struct HttpServer::Impl {
  TableManager& tables;
  ServerConfig config;
  std::unique_ptr<RequestLog> log;  // --log FILE, or none
  httplib::Server http;
  std::thread thread;
  std::atomic<bool> stopping{false};
  std::atomic<bool> running_requested{false};  // run() was called
  int port = 0;

  Impl(TableManager& t, ServerConfig c) : tables(t), config(std::move(c)) {
    const unsigned threads = config.http_threads;
    http.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
    // httplib reads bodies up to 16 times the limit, so that the handlers can refuse one over
    // kMaxBodyBytes with a JSON answer; beyond that httplib itself answers 413 and closes.
    http.set_payload_max_length(16 * kMaxBodyBytes);
    // SO_REUSEADDR only: httplib's default, SO_REUSEPORT, would let a second server bind the
    // same port and share its connections instead of being refused.
    http.set_socket_options([](socket_t sock) {
      int yes = 1;
      setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    });
    http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
      if (!res.body.empty()) return;
      send_json(res, res.status,
                error_json(code_of_status(res.status), res.status == 413
                                                           ? "the request body is larger than " +
                                                                 std::to_string(kMaxBodyBytes) + " bytes"
                                                           : "HTTP status " + std::to_string(res.status)));
    });
    if (!config.log_file.empty()) start_log();
    routes();
    static_files();
  }

  // Every answered request, timed from its routing (one request is handled on one thread).
  void start_log() {
    log = std::make_unique<RequestLog>(config.log_file);
    static thread_local Clock::time_point started;
    http.set_pre_routing_handler([](const httplib::Request&, httplib::Response&) {
      started = Clock::now();
      return httplib::Server::HandlerResponse::Unhandled;
    });
    http.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
      const double ms = std::chrono::duration<double, std::milli>(Clock::now() - started).count();
      log->request(req.method, req.path, req.params, res.status, ms, res.body.size(), req.remote_addr, res.body);
    });
  }

  void routes() {
    http.Get("/api/games", [](const httplib::Request&, httplib::Response& res) {
      guarded(res, [&] { send_json(res, 200, {{"games", games_json()}}); });
    });
    http.Get("/api/tables", [this](const httplib::Request& req, httplib::Response& res) {
      guarded(res, [&] {
        // One page of the open tables, oldest first (?offset=M&limit=N).
        const int64_t offset = query_int(req, "offset", 0, 0, std::numeric_limits<int>::max());
        const int64_t limit = query_int(req, "limit", kLobbyPage, 1, kLobbyMaxPage);
        const std::vector<std::shared_ptr<Table>> open = tables.open_tables();
        nlohmann::json list = nlohmann::json::array();
        for (size_t i = static_cast<size_t>(std::min<int64_t>(offset, static_cast<int64_t>(open.size())));
             i < open.size() && static_cast<int64_t>(list.size()) < limit; ++i) {
          std::lock_guard lock(open[i]->mutex());
          list.push_back(table_summary(*open[i]));
        }
        send_json(res, 200, {{"tables", std::move(list)}, {"total", open.size()}, {"offset", offset}, {"limit", limit}});
      });
    });
    http.Post("/api/tables", [this](const httplib::Request& req, httplib::Response& res) {
      guarded(res, [&] {
        check_state_change(req);
        const NewTable made = tables.create(parse_table_spec(req.body), req.remote_addr);
        send_json(res, 201, created_json(made));
      });
    });
    http.Get(R"(/api/tables/([^/]+)/view)", [this](const httplib::Request& req, httplib::Response& res) {
      guarded(res, [&] {
        if (req.has_param("at")) {
          send_json(res, 200, past_view(req));
          return;
        }
        const std::shared_ptr<Table> table = tables.find(req.matches[1]);
        const PlayerId seat = seat_of_request(req, *table);
        std::lock_guard lock(table->mutex());
        send_json(res, 200, view_of(*table, seat));
      });
    });
    http.Post(R"(/api/tables/([^/]+)/actions)", [this](const httplib::Request& req, httplib::Response& res) {
      guarded(res, [&] {
        check_state_change(req);
        const std::shared_ptr<Table> table = tables.find(req.matches[1]);
        const ActionRequest action = parse_action_request(req.body);
        send_json(res, 200, {{"version", tables.act(table, action.key, action.version, action.action)}});
      });
    });
    http.Get(R"(/api/tables/([^/]+)/events)", [this](const httplib::Request& req, httplib::Response& res) {
      guarded(res, [&] { events(req, res); });
    });
    undo_and_hint_routes();
    seat_routes();
    http.Get(R"(/api/tables/([^/]+)/cards)", [this](const httplib::Request& req, httplib::Response& res) {
      guarded(res, [&] { send_json(res, 200, cards_json(*tables.find(req.matches[1]))); });
    });
    http.Get(R"(/api/tables/([^/]+)/replay)", [this](const httplib::Request& req, httplib::Response& res) {
      guarded(res, [&] {
        const std::shared_ptr<Table> table = tables.find(req.matches[1]);
        std::lock_guard lock(table->mutex());
        if (!table->finished()) {
          throw ApiError(409, "game_not_over",
                         "the replay of table '" + table->id() + "' is available once its game is over");
        }
        std::vector<std::string> players;
        for (const store::TableSeat& s : table->record().seats) players.push_back(s.kind);
        const store::TableRecord& r = table->record();
        send_json(res, 200, replay_to_json(make_replay(table->state(), r.options, r.seed, players)));
      });
    });
  }

  // GET /api/tables/ID/view?at=N: the spectators' view of a finished table after its first N
  // actions (the key, if any, is not used). Refuses, in this order: 400 "bad_at" (not a
  // number), 404 "unknown_table", 409 "game_not_over" (as the replay), 400 "bad_at" (N over
  // the version).
  nlohmann::json past_view(const httplib::Request& req) {
    const int at = parse_at(req.get_param_value("at"));
    const std::shared_ptr<Table> table = tables.find(req.matches[1]);
    std::lock_guard lock(table->mutex());
    if (!table->finished()) {
      throw ApiError(409, "game_not_over",
                     "the past positions of table '" + table->id() + "' are available once its game is over");
    }
    if (at > table->version()) {
      throw ApiError(400, "bad_at", "at=" + std::to_string(at) + " is past the end of the game at table '" +
                                        table->id() + "' (" + std::to_string(table->version()) + " actions)");
    }
    return spectator_view_at(*table, at);
  }

  // POST /api/tables/ID/undo {key, version} and GET /api/tables/ID/hint (X-Rise-Key: K).
  void undo_and_hint_routes() {
    http.Post(R"(/api/tables/([^/]+)/undo)", [this](const httplib::Request& req, httplib::Response& res) {
      guarded(res, [&] {
        check_state_change(req);
        const std::shared_ptr<Table> table = tables.find(req.matches[1]);
        const UndoRequest undo = parse_undo_request(req.body);
        const UndoResult result = tables.undo(table, undo.key, undo.version);
        if (result.done) {
          send_json(res, 200, {{"version", result.version}, {"undone", result.undone}});
        } else {
          send_json(res, 202, {{"version", result.version}, {"waiting_for", result.waiting_for}});
        }
      });
    });
    http.Get(R"(/api/tables/([^/]+)/hint)", [this](const httplib::Request& req, httplib::Response& res) {
      guarded(res, [&] {
        const std::shared_ptr<Table> table = tables.find(req.matches[1]);
        send_json(res, 200, tables.hint(table, key_of_request(req), req.remote_addr));
      });
    });
  }

  // {id, owner_key, seats: [{seat, kind, invite?, join?}], spectate, fair}: the answer to a
  // new table, the one place where its owner key and the human seats' one-time invites are
  // given out (the invite in a join link's fragment, which browsers never send). No seat key:
  // a seat's key goes only to the browser that claims its invite.
  static nlohmann::json created_json(const NewTable& made) {
    nlohmann::json seats = nlohmann::json::array();
    const store::TableRecord& r = made.table->record();
    for (size_t i = 0; i < r.seats.size(); ++i) {
      nlohmann::json seat = {{"seat", i}, {"kind", r.seats[i].kind}};
      if (!made.invites[i].empty()) {
        seat["invite"] = made.invites[i];
        seat["join"] = "/t/" + r.id + "#invite=" + made.invites[i];
      }
      seats.push_back(std::move(seat));
    }
    return {{"id", r.id},
            {"owner_key", made.owner_key},
            {"seats", std::move(seats)},
            {"spectate", "/t/" + r.id},
            {"fair", fairness_json(r, false)}};
  }

  // POST /api/tables/ID/claim {invite}, POST /api/tables/ID/resign {key} and
  // DELETE /api/tables/ID {owner_key}.
  void seat_routes() {
    http.Post(R"(/api/tables/([^/]+)/claim)", [this](const httplib::Request& req, httplib::Response& res) {
      guarded(res, [&] {
        check_state_change(req);
        const std::shared_ptr<Table> table = tables.find(req.matches[1]);
        const auto [seat, key] = tables.claim(table, parse_secret_request(req.body, "invite"));
        send_json(res, 200, {{"seat", seat}, {"key", key}});
      });
    });
    http.Post(R"(/api/tables/([^/]+)/resign)", [this](const httplib::Request& req, httplib::Response& res) {
      guarded(res, [&] {
        check_state_change(req);
        const std::shared_ptr<Table> table = tables.find(req.matches[1]);
        tables.resign(table, parse_secret_request(req.body, "key"));
        std::lock_guard lock(table->mutex());
        send_json(res, 200, {{"version", table->version()}, {"ended", "resigned"}});
      });
    });
    http.Delete(R"(/api/tables/([^/]+))", [this](const httplib::Request& req, httplib::Response& res) {
      guarded(res, [&] {
        check_state_change(req);
        tables.remove(req.matches[1], parse_secret_request(req.body, "owner_key"));
        send_json(res, 200, {{"deleted", req.matches[1].str()}});
      });
    });
  }

  // GET /api/tables/ID/events (X-Rise-Key: K, or none for a spectator): Server-Sent Events, one "view" event with the current
  // view at once and another each time the version changes.
  void events(const httplib::Request& req, httplib::Response& res) {
    const std::shared_ptr<Table> table = tables.find(req.matches[1]);
    const PlayerId seat = seat_of_request(req, *table);
    res.set_header("Cache-Control", "no-store");
    res.set_header("X-Accel-Buffering", "no");
    long sent = -1;  // the revision sent last (views change with votes too, and versions repeat)
    Clock::time_point last_write = Clock::now();
    res.set_chunked_content_provider(
        "text/event-stream", [this, table, seat, sent, last_write](size_t, httplib::DataSink& sink) mutable {
          std::unique_lock lock(table->mutex());
          if (table->revision() == sent) tables.wait_for_change(*table, lock, sent, kEventPoll);
          if (stopping || tables.stopping()) return false;
          std::string text;
          if (table->revision() != sent) {
            text = "event: view\ndata: " + view_of(*table, seat).dump() + "\n\n";
            sent = table->revision();
          } else if (Clock::now() - last_write >= kEventKeepAlive) {
            text = ": keep-alive\n\n";
          }
          lock.unlock();
          if (text.empty()) return true;
          last_write = Clock::now();
          return sink.write(text.data(), text.size());
        });
  }

  void static_files() {
    std::error_code ec;
    if (config.static_dir.empty() || !fs::is_directory(config.static_dir, ec)) return;
    http.set_mount_point("/", config.static_dir);
    // A join or spectate link opens the front end, which reads the table id from its path.
    const std::string index = (fs::path(config.static_dir) / "index.html").string();
    http.Get(R"(/t/[^/]+)", [index](const httplib::Request&, httplib::Response& res) {
      std::ifstream in(index, std::ios::binary);
      if (!in) {
        send_json(res, 404, error_json("not_found", "the web front end has no index.html"));
        return;
      }
      std::ostringstream text;
      text << in.rdbuf();
      res.set_content(text.str(), "text/html; charset=utf-8");
    });
  }
};

HttpServer::HttpServer(TableManager& tables, ServerConfig config)
    : impl_(std::make_unique<Impl>(tables, std::move(config))) {}

HttpServer::~HttpServer() {
  stop();
  if (impl_->thread.joinable()) impl_->thread.join();
}

int HttpServer::bind() {
  const ServerConfig& c = impl_->config;
  const int port = c.port == 0 ? impl_->http.bind_to_any_port(c.host)
                               : (impl_->http.bind_to_port(c.host, c.port) ? c.port : -1);
  if (port <= 0) {
    throw InputError("cannot listen on " + c.host + ":" + std::to_string(c.port) +
                     " (address in use, or not an address of this machine)");
  }
  impl_->port = port;
  return port;
}

void HttpServer::run() {
  impl_->running_requested = true;
  impl_->http.listen_after_bind();
}

int HttpServer::start() {
  const int port = bind();
  impl_->thread = std::thread([this] { run(); });
  wait_until_running();
  return port;
}

void HttpServer::stop() {
  impl_->stopping = true;
  // httplib's stop() does nothing before its loop runs: wait for it, if it was started.
  if (impl_->thread.joinable() || impl_->running_requested) wait_until_running();
  impl_->http.stop();
}

void HttpServer::wait_until_running() {
  const auto deadline = Clock::now() + std::chrono::seconds(2);
  while (!impl_->http.is_running() && Clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

int HttpServer::port() const { return impl_->port; }

}  // namespace rise::server
