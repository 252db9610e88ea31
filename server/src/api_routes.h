// The routes of `rise serve`: each request of the JSON API and the web front end's files
// answered, independent of the network code (http_server.cpp). Shapes: docs/server.md.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "http_message.h"
#include "rise/server/table_manager.h"

namespace rise::server::detail {

// An event stream to open: the table and the seat whose views it sends (-1: spectators).
struct EventSubscription {
  std::shared_ptr<Table> table;
  PlayerId seat = -1;
};

// The largest body the network code reads before refusing with 413 itself: the handlers
// refuse one over kMaxBodyBytes with a JSON answer, up to this many bytes.
inline constexpr size_t kMaxReadBodyBytes = 16 * kMaxBodyBytes;

class ApiRoutes {
 public:
  // `static_dir`: the web front end served at / (none when empty or not a directory).
  ApiRoutes(TableManager& tables, std::string static_dir);

  // True for GET /api/tables/ID/events, which opens an event stream (events()).
  static bool is_event_stream(const HttpRequest& request);

  // The answer to any other request: the API's JSON (refusals as {"error", "message"} with
  // their status, a failing database as 500 "server_error"), a file of the front end, or
  // 404 "not_found". May block (a database commit, a hint search): call it off the network
  // threads.
  HttpResponse answer(HttpRequest& request);

  // GET /api/tables/ID/events: the subscription, or the refusal to send instead (404
  // unknown_table, 403 bad_key, 400 key_in_url).
  std::optional<EventSubscription> events(HttpRequest& request, HttpResponse& refusal);

  // The text of one event carrying `subscription`'s current view ("event: view\ndata:
  // JSON\n\n"), made once per revision and seat. Requires the table's lock.
  static std::shared_ptr<const std::string> event_text(const EventSubscription& subscription);

  // A JSON answer of `status` (bytes that are not UTF-8 written as U+FFFD).
  static HttpResponse json_answer(int status, const nlohmann::json& body);

 private:
  HttpResponse route(HttpRequest& request);
  HttpResponse static_file(const HttpRequest& request) const;

  TableManager& tables_;
  std::string static_dir_;
};

}  // namespace rise::server::detail
