// The routes of `rise serve`: the JSON API (docs/server.md) and the front end's files.
#include "api_routes.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <regex>
#include <sstream>
#include <vector>

#include "rise/core/text.h"
#include "rise/core/replay.h"
#include "rise/core/registry.h"
#include "rise/core/rulebook.h"
#include "rise/server/api_error.h"
#include "rise/server/fair_seed.h"
#include "rise/server/requests.h"
#include "rise/server/views.h"

namespace rise::server::detail {

namespace {

namespace fs = std::filesystem;

// The lobby's page: GET /api/tables answers at most this many tables (?limit= up to the most).
constexpr int64_t kLobbyPage = 50;
constexpr int64_t kLobbyMaxPage = 200;

// The header that carries a seat's key on a GET (view, events, hint): never the URL, which
// access logs, proxies and browser histories keep.
constexpr const char* kKeyHeader = "x-rise-key";

// The checks of every request that changes something (POST, DELETE): a body within
// kMaxBodyBytes, declared as JSON, and, when a browser says which page sent it (Origin), a
// page of this server. A page of another site can send a cross-site POST of a "simple"
// content type (text/plain) without asking first; JSON needs the browser's CORS preflight,
// which this server never grants, and the Origin check refuses what gets through anyway.
// Clients that are not browsers send no Origin.
void check_state_change(const HttpRequest& req) {
  if (req.body.size() > kMaxBodyBytes) {
    throw ApiError(413, "body_too_large", "the request body has " + std::to_string(req.body.size()) +
                                              " bytes; at most " + std::to_string(kMaxBodyBytes));
  }
  std::string type = req.header("content-type");
  type = type.substr(0, type.find(';'));
  while (!type.empty() && type.back() == ' ') type.pop_back();
  for (char& c : type) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (type != "application/json") {
    throw ApiError(415, "unsupported_media_type",
                   "the request body must be JSON, sent with Content-Type: application/json" +
                       (type.empty() ? std::string() : " (not " + type + ")"));
  }
  if (req.headers.count("origin")) {
    const std::string origin = req.header("origin");
    const std::string host = req.header("host");
    if (host.empty() || (origin != "http://" + host && origin != "https://" + host)) {
      throw ApiError(403, "cross_origin", "a page of another site (" + origin + ") may not change a table here");
    }
  }
}

// The integer query parameter `name` in [low, high], or `fallback` when absent; throws
// ApiError 400 "malformed_request" naming it otherwise.
int64_t query_int(const HttpRequest& req, const std::string& name, int64_t fallback, int64_t low, int64_t high) {
  if (!req.has_param(name)) return fallback;
  const std::string text = req.param(name);
  const std::optional<int64_t> value = parse_integer(text);
  if (!value || *value < low || *value > high) {
    throw ApiError(400, "malformed_request", "query '" + name + "' must be a whole number from " + std::to_string(low) +
                                                 " to " + std::to_string(high) + ", got '" + text + "'");
  }
  return *value;
}

// The seat key of a GET request (X-Rise-Key), "" when none. Throws ApiError 400
// "key_in_url" for a key in the query string.
std::string key_of_request(const HttpRequest& req) {
  if (req.has_param("key")) {
    throw ApiError(400, "key_in_url",
                   "a seat key goes in the X-Rise-Key header, never in the URL (logs and histories keep URLs)");
  }
  return req.header(kKeyHeader);
}

// The seat of the request's key (X-Rise-Key), or -1 for a request without one (a
// spectator). Throws ApiError 403 "bad_key" for a key of no seat, 400 "key_in_url".
PlayerId seat_of_request(const HttpRequest& req, const Table& table) {
  const std::string key = key_of_request(req);
  if (key.empty()) return -1;
  return table.require_seat(key);
}

// The view of a seat, or of a spectator for seat -1. Requires the table's lock.
nlohmann::json view_of(const Table& table, PlayerId seat) {
  return seat >= 0 ? seat_view(table, seat) : spectator_view(table);
}

// {id, owner_key, seats: [{seat, kind, name?, invite?, join?}], spectate, fair}: the answer to a
// new table, the one place where its owner key and the human seats' one-time invites are
// given out (the invite in a join link's fragment, which browsers never send). No seat key:
// a seat's key goes only to the browser that claims its invite.
nlohmann::json created_json(const NewTable& made) {
  nlohmann::json seats = nlohmann::json::array();
  const store::TableRecord& r = made.table->record();
  for (size_t i = 0; i < r.seats.size(); ++i) {
    nlohmann::json seat = {{"seat", i}, {"kind", r.seats[i].kind}};
    if (!r.seats[i].name.empty()) seat["name"] = r.seats[i].name;
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

// The media type of a front-end file, from its extension (browsers run a module only when it
// is served with a JavaScript type).
std::string content_type_of(const fs::path& file) {
  static const std::map<std::string, std::string> kTypes = {
      {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"}, {".css", "text/css; charset=utf-8"},
      {".json", "application/json"}, {".svg", "image/svg+xml"}, {".png", "image/png"},
      {".ico", "image/x-icon"}, {".txt", "text/plain; charset=utf-8"}, {".woff2", "font/woff2"}};
  const auto it = kTypes.find(file.extension().string());
  return it == kTypes.end() ? "application/octet-stream" : it->second;
}

using Handler = std::function<HttpResponse(ApiRoutes&, TableManager&, HttpRequest&)>;

struct Route {
  std::string method;
  std::regex pattern;
  Handler handle;
};

HttpResponse ok(const nlohmann::json& body, int status = 200) { return ApiRoutes::json_answer(status, body); }

// GET /api/tables/ID/view?at=N: the spectators' view of a finished table after its first N
// actions (the key, if any, is not used). Refuses, in this order: 400 "bad_at" (not a
// number), 404 "unknown_table", 409 "game_not_over" (as the replay), 400 "bad_at" (N over
// the version).
nlohmann::json past_view(TableManager& tables, const HttpRequest& req) {
  const int at = parse_at(req.param("at"));
  const std::shared_ptr<Table> table = tables.find(req.matches[0]);
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

// Every route but the event stream, in the order they are tried.
const std::vector<Route>& routes() {
  static const std::vector<Route> all = {
      {"GET", std::regex("/api/games"), [](ApiRoutes&, TableManager&, HttpRequest&) {
         return ok({{"games", games_json()}});
       }},
      {"GET", std::regex("/api/games/([^/]+)/rules"), [](ApiRoutes&, TableManager&, HttpRequest& req) {
         // The game's rules as this program plays them (core/rulebook.h, issue 38): ?id=ID one
         // rule, ?q=WORDS those that hold every word (at most 50), neither: all of them.
         const std::string game = req.matches[0];
         const std::vector<const Game*> games = all_games();
         if (std::none_of(games.begin(), games.end(), [&](const Game* g) { return g->info().id == game; })) {
           throw ApiError(404, "unknown_game", "there is no game '" + game.substr(0, 40) + "'");
         }
         std::vector<const Rule*> rules;
         if (req.has_param("id")) {
           const Rule* rule = find_rule(game, req.param("id"));
           if (!rule) throw ApiError(404, "unknown_rule", game + " has no rule '" + req.param("id").substr(0, 40) + "'");
           rules.push_back(rule);
         } else if (req.has_param("q")) {
           rules = search_rules(game, req.param("q").substr(0, 200), 50);
         } else {
           for (const Rule& r : game_rules(game)) rules.push_back(&r);
         }
         nlohmann::json list = nlohmann::json::array();
         for (const Rule* r : rules) list.push_back({{"id", r->id}, {"text", r->text}});
         return ok({{"game", game}, {"rules", std::move(list)}});
       }},
      {"GET", std::regex("/api/tables"), [](ApiRoutes&, TableManager& tables, HttpRequest& req) {
         // One page of the open tables, oldest first, or of the finished ones, newest first
         // (?status=open|finished&offset=M&limit=N).
         const int64_t offset = query_int(req, "offset", 0, 0, std::numeric_limits<int>::max());
         const int64_t limit = query_int(req, "limit", kLobbyPage, 1, kLobbyMaxPage);
         const std::string status = req.has_param("status") ? req.param("status") : "open";
         if (status == "finished") {
           const auto [finished, total] = tables.finished_tables(offset, limit);
           nlohmann::json list = nlohmann::json::array();
           for (const std::shared_ptr<Table>& t : finished) list.push_back(table_summary(*t));
           return ok({{"tables", std::move(list)}, {"total", total}, {"offset", offset}, {"limit", limit}});
         }
         if (status != "open") {
           throw ApiError(400, "malformed_request",
                          "query 'status' must be 'open' or 'finished', got '" + status.substr(0, 40) + "'");
         }
         const std::vector<std::shared_ptr<Table>> open = tables.open_tables();
         nlohmann::json list = nlohmann::json::array();
         for (size_t i = static_cast<size_t>(std::min<int64_t>(offset, static_cast<int64_t>(open.size())));
              i < open.size() && static_cast<int64_t>(list.size()) < limit; ++i) {
           std::lock_guard lock(open[i]->mutex());
           list.push_back(table_summary(*open[i]));
         }
         return ok({{"tables", std::move(list)}, {"total", open.size()}, {"offset", offset}, {"limit", limit}});
       }},
      {"POST", std::regex("/api/tables"), [](ApiRoutes&, TableManager& tables, HttpRequest& req) {
         check_state_change(req);
         return ok(created_json(tables.create(parse_table_spec(req.body), req.remote)), 201);
       }},
      {"GET", std::regex("/api/tables/([^/]+)/view"), [](ApiRoutes&, TableManager& tables, HttpRequest& req) {
         if (req.has_param("at")) return ok(past_view(tables, req));
         const std::shared_ptr<Table> table = tables.find(req.matches[0]);
         const PlayerId seat = seat_of_request(req, *table);
         std::lock_guard lock(table->mutex());
         return ok(view_of(*table, seat));
       }},
      {"POST", std::regex("/api/tables/([^/]+)/actions"), [](ApiRoutes&, TableManager& tables, HttpRequest& req) {
         check_state_change(req);
         const std::shared_ptr<Table> table = tables.find(req.matches[0]);
         const ActionRequest action = parse_action_request(req.body);
         return ok({{"version", tables.act(table, action.key, action.version, action.action)}});
       }},
      {"POST", std::regex("/api/tables/([^/]+)/undo"), [](ApiRoutes&, TableManager& tables, HttpRequest& req) {
         check_state_change(req);
         const std::shared_ptr<Table> table = tables.find(req.matches[0]);
         const UndoRequest undo = parse_undo_request(req.body);
         const UndoResult result = tables.undo(table, undo.key, undo.version);
         if (result.done) return ok({{"version", result.version}, {"undone", result.undone}});
         return ok({{"version", result.version}, {"waiting_for", result.waiting_for}}, 202);
       }},
      {"GET", std::regex("/api/tables/([^/]+)/review"), [](ApiRoutes&, TableManager& tables, HttpRequest& req) {
         const std::shared_ptr<Table> table = tables.find(req.matches[0]);
         bool ready = false;
         nlohmann::json review = tables.review(table, req.remote, &ready);
         return ok(review, ready ? 200 : 202);
       }},
      {"GET", std::regex("/api/tables/([^/]+)/hint"), [](ApiRoutes&, TableManager& tables, HttpRequest& req) {
         const std::shared_ptr<Table> table = tables.find(req.matches[0]);
         return ok(tables.hint(table, key_of_request(req), req.remote));
       }},
      {"GET", std::regex("/api/tables/([^/]+)/cards"), [](ApiRoutes&, TableManager& tables, HttpRequest& req) {
         return ok(cards_json(*tables.find(req.matches[0])));
       }},
      {"GET", std::regex("/api/tables/([^/]+)/replay"), [](ApiRoutes&, TableManager& tables, HttpRequest& req) {
         const std::shared_ptr<Table> table = tables.find(req.matches[0]);
         std::lock_guard lock(table->mutex());
         if (!table->finished()) {
           throw ApiError(409, "game_not_over",
                          "the replay of table '" + table->id() + "' is available once its game is over");
         }
         return ok(replay_to_json(table->replay()));
       }},
      {"POST", std::regex("/api/tables/([^/]+)/claim"), [](ApiRoutes&, TableManager& tables, HttpRequest& req) {
         check_state_change(req);
         const std::shared_ptr<Table> table = tables.find(req.matches[0]);
         const auto [seat, key] = tables.claim(table, parse_secret_request(req.body, "invite"), req.header("x-rise-bot"));
         return ok({{"seat", seat}, {"key", key}});
       }},
      {"POST", std::regex("/api/tables/([^/]+)/resign"), [](ApiRoutes&, TableManager& tables, HttpRequest& req) {
         check_state_change(req);
         const std::shared_ptr<Table> table = tables.find(req.matches[0]);
         tables.resign(table, parse_secret_request(req.body, "key"));
         std::lock_guard lock(table->mutex());
         return ok({{"version", table->version()}, {"ended", "resigned"}});
       }},
      {"DELETE", std::regex("/api/tables/([^/]+)"), [](ApiRoutes&, TableManager& tables, HttpRequest& req) {
         check_state_change(req);
         tables.remove(req.matches[0], parse_secret_request(req.body, "owner_key"));
         return ok({{"deleted", req.matches[0]}});
       }},
  };
  return all;
}

const std::regex& event_route() {
  static const std::regex pattern("/api/tables/([^/]+)/events");
  return pattern;
}

// Runs a handler, turning its refusals into JSON errors: ApiError with its status; any
// other InputError (the database failed) or exception as 500.
template <typename F>
HttpResponse guarded(F&& handle) {
  try {
    return handle();
  } catch (const ApiError& e) {
    return ApiRoutes::json_answer(e.status(), error_json(e.code(), e.what()));
  } catch (const std::exception& e) {
    return ApiRoutes::json_answer(500, error_json("server_error", e.what()));
  }
}

}  // namespace

ApiRoutes::ApiRoutes(TableManager& tables, std::string static_dir) : tables_(tables) {
  std::error_code ec;
  if (!static_dir.empty() && fs::is_directory(static_dir, ec)) static_dir_ = fs::canonical(static_dir, ec).string();
}

HttpResponse ApiRoutes::json_answer(int status, const nlohmann::json& body) {
  HttpResponse res;
  res.status = status;
  res.headers.emplace_back("Cache-Control", "no-store");
  // An error may quote what the client sent (a table id from the path): bytes that are not
  // UTF-8 are written as U+FFFD rather than failing the answer.
  res.body = body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return res;
}

bool ApiRoutes::is_event_stream(const HttpRequest& request) {
  return request.method == "GET" && std::regex_match(request.path, event_route());
}

HttpResponse ApiRoutes::answer(HttpRequest& request) {
  return guarded([&] { return route(request); });
}

HttpResponse ApiRoutes::route(HttpRequest& request) {
  std::smatch match;
  for (const Route& r : routes()) {
    if (r.method != request.method || !std::regex_match(request.path, match, r.pattern)) continue;
    request.matches.assign(match.begin() + 1, match.end());
    return r.handle(*this, tables_, request);
  }
  if (request.method == "GET") return static_file(request);
  return json_answer(404, error_json("not_found", "HTTP status 404"));
}

std::optional<EventSubscription> ApiRoutes::events(HttpRequest& request, HttpResponse& refusal) {
  std::optional<EventSubscription> subscription;
  refusal = guarded([&] {
    std::smatch match;
    std::regex_match(request.path, match, event_route());
    EventSubscription s;
    s.table = tables_.find(match[1]);
    s.seat = seat_of_request(request, *s.table);
    subscription = s;
    return HttpResponse{};
  });
  return subscription;
}

std::shared_ptr<const std::string> ApiRoutes::event_text(const EventSubscription& s) {
  return s.table->shared_text(s.seat, [&] { return "event: view\ndata: " + view_of(*s.table, s.seat).dump() + "\n\n"; });
}

HttpResponse ApiRoutes::static_file(const HttpRequest& request) const {
  const HttpResponse missing = json_answer(404, error_json("not_found", "HTTP status 404"));
  if (static_dir_.empty()) return missing;
  std::string relative = request.path;
  // A join or spectate link opens the front end, which reads the table id from its path.
  if (relative == "/" || std::regex_match(relative, std::regex("/t/[^/]+"))) relative = "/index.html";
  const fs::path file = fs::path(static_dir_) / fs::path(relative).relative_path();
  std::error_code ec;
  const fs::path real = fs::canonical(file, ec);
  const std::string root = static_dir_ + "/";
  if (ec || real.string().rfind(root, 0) != 0 || !fs::is_regular_file(real, ec)) return missing;  // no way out of it
  std::ifstream in(real, std::ios::binary);
  if (!in) return missing;
  std::ostringstream text;
  text << in.rdbuf();
  HttpResponse res;
  res.content_type = content_type_of(real);
  res.body = text.str();
  return res;
}

void parse_target(const std::string& target, HttpRequest& request) {
  auto decode = [](std::string_view text, bool plus_is_space) {
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      if (c == '%' && i + 2 < text.size() + 0 && std::isxdigit(static_cast<unsigned char>(text[i + 1])) &&
          std::isxdigit(static_cast<unsigned char>(text[i + 2]))) {
        out += static_cast<char>(std::stoi(std::string(text.substr(i + 1, 2)), nullptr, 16));
        i += 2;
      } else {
        out += plus_is_space && c == '+' ? ' ' : c;
      }
    }
    return out;
  };
  const size_t question = target.find('?');
  request.path = decode(std::string_view(target).substr(0, question), false);
  if (question == std::string::npos) return;
  std::string_view query = std::string_view(target).substr(question + 1);
  while (!query.empty()) {
    const size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    if (!pair.empty()) {
      const size_t eq = pair.find('=');
      request.params.emplace(decode(pair.substr(0, eq), true),
                             eq == std::string_view::npos ? std::string() : decode(pair.substr(eq + 1), true));
    }
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
}

}  // namespace rise::server::detail
