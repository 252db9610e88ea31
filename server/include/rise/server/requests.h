// Reading the JSON bodies of the API's POST requests, with errors naming the field and why.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rise/core/types.h"

namespace rise::server {

// The largest request body the server reads: 64 KiB. Larger ones are refused with 413.
inline constexpr size_t kMaxBodyBytes = 64 * 1024;

// POST /api/tables: {game, options?: {name: "value"}, seats: ["human", "ismcts:iters=500"],
// names?: ["Ann", ""], seed?: unsigned integer}.
struct TableSpec {
  std::string game;
  Options options;                  // as given; the game resolves them
  std::vector<std::string> seats;   // "human" or an AI spec, seat 0 first
  std::optional<uint64_t> seed;     // none: drawn by the server (fair play: docs/server.md)
  // The seats' names as checked by seat_name (trimmed; "" for none), seat 0 first: empty
  // when none were given, else one per seat.
  std::vector<std::string> names;
  // The move deadline in seconds (1 to 86400), or 0: none (docs/server.md, "Time controls").
  int move_seconds = 0;
};

// POST /api/tables/ID/actions: {key, version, action: "notation"}.
struct ActionRequest {
  std::string key;
  int version = 0;
  std::string action;
};

// POST /api/tables/ID/undo: {key, version}.
struct UndoRequest {
  std::string key;
  int version = 0;
};

// GET /api/tables/ID/view?at=N: the number of actions N, a decimal integer of 1 to 9
// digits without sign or spaces ("0", "12"). Throws ApiError 400 "bad_at" naming the text
// otherwise (whether N is at most the table's version is the caller's check).
int parse_at(std::string_view text);

// The name given at the table to seat `seat` (POST /api/tables `names`): `text` trimmed of
// white space at both ends (the characters JavaScript's String.prototype.trim removes), ""
// for none. Throws ApiError 400 "bad_name" "seat N: ..." saying why when `text` is not valid
// UTF-8, has a control character (C0, DEL, C1, U+2028, U+2029, or a bidirectional
// formatting character: U+200E, U+200F, U+202A..U+202E, U+2066..U+2069) left after
// trimming, or more than store::kMaxSeatNameLength (24) characters (code points).
std::string seat_name(std::string_view text, size_t seat);

// Parse the bodies. Throw ApiError 400 "malformed_request" with "request body: ..." naming
// the line and column of malformed JSON, or the missing or mistyped field (`names` not a list
// of strings as long as `seats`); parse_table_spec throws "bad_name" for a bad name
// (seat_name).
TableSpec parse_table_spec(std::string_view body);
ActionRequest parse_action_request(std::string_view body);
UndoRequest parse_undo_request(std::string_view body);
// The one text field `field` of a body such as {"invite": "..."} (POST .../claim), {"key":
// "..."} (POST .../resign) or {"owner_key": "..."} (DELETE /api/tables/ID).
std::string parse_secret_request(std::string_view body, const std::string& field);

}  // namespace rise::server
