// Reading JSON files and text with errors that name the file, line and column.
#pragma once

#include <array>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise/core/error.h"
#include "rise/core/types.h"

namespace rise {

// Parses `text`; `source` names where it came from (a path or "stdin").
// Throws InputError "source:line:column: reason" on malformed or truncated JSON.
nlohmann::json parse_json(std::string_view text, const std::string& source);

// Reads and parses a file. Throws InputError if it cannot be read or is not valid JSON.
nlohmann::json read_json_file(const std::string& path);

// Writes `json` (indented, trailing newline) atomically: a temporary file renamed over
// `path`, so a crash never leaves half a file. Throws InputError if it cannot be written.
void write_json_file(const std::string& path, const nlohmann::json& json);

// Reads a required field of an object. Throws InputError "what: missing field 'key'" or
// "what: field 'key' must be <type>". T is one of bool, int, int64_t, uint64_t, double,
// std::string, nlohmann::json.
template <typename T>
T json_field(const nlohmann::json& object, const char* key, const std::string& what);

// An integer field in [lo, hi]. Throws InputError as json_field, or "where: field 'key' is V,
// must be in [lo, hi]".
int ranged(const nlohmann::json& object, const char* key, int lo, int hi, const std::string& where);

// Element i of an array, an integer in [lo, hi]. Throws InputError "where: element i must be
// an integer" or "where: element i is V, must be in [lo, hi]".
int element(const nlohmann::json& array, size_t i, int lo, int hi, const std::string& where);

// The "viewer" field of a card game's observation: the seat, or "spectator" for kSpectator
// (State::public_observation_json).
nlohmann::json viewer_json(PlayerId viewer);

// A required field that must be an array. Throws InputError as json_field, or "where: field
// 'key' must be an array".
nlohmann::json array_field(const nlohmann::json& object, const char* key, const std::string& where);

// The index of `value` in `names` (a state's enum written by name). Throws InputError
// "where: 'value' is not one of a, b, c".
template <size_t N>
int name_index(const char* const (&names)[N], const std::string& value, const std::string& where) {
  for (size_t i = 0; i < N; ++i) {
    if (value == names[i]) return static_cast<int>(i);
  }
  std::string list;
  for (size_t i = 0; i < N; ++i) list += (i ? ", " : "") + std::string(names[i]);
  throw InputError(where + ": '" + value + "' is not one of " + list);
}

// The required field 'options' of a state: an object of strings, as Options. Throws
// InputError "what: missing field 'options'", "what: field 'options' must be an object" or
// "what: option 'NAME' must be a string".
std::map<std::string, std::string> options_field(const nlohmann::json& object, const std::string& what);

// The compact game log of the card games' state JSON: one "kind,player,a,b,c" item per
// event, space separated ("3,0,12,0,0 5,1,-1,2,0"). E is a game's Event struct with integer
// fields kind, player, a, b and c.
template <typename E>
std::string events_to_text(const std::vector<E>& events) {
  std::string text;
  for (const E& e : events) {
    if (!text.empty()) text += ' ';
    text += std::to_string(e.kind) + ',' + std::to_string(e.player) + ',' + std::to_string(e.a) + ',' +
            std::to_string(e.b) + ',' + std::to_string(e.c);
  }
  return text;
}

// Parses the text of events_to_text into {kind, player, a, b, c} per item, checking kind in
// [0, last_kind], player in [-1, max_player] and a, b, c in [-30000, 30000]. Throws
// InputError "what: events item N 'ITEM': reason".
std::vector<std::array<int, 5>> parse_events_text(const std::string& text, int last_kind, int max_player,
                                                  const std::string& what);

// parse_events_text into a game's Event struct.
template <typename E>
std::vector<E> events_from_text(const std::string& text, int last_kind, int max_player, const std::string& what) {
  std::vector<E> events;
  for (const std::array<int, 5>& v : parse_events_text(text, last_kind, max_player, what)) {
    E e;
    e.kind = static_cast<decltype(e.kind)>(v[0]);
    e.player = static_cast<decltype(e.player)>(v[1]);
    e.a = static_cast<decltype(e.a)>(v[2]);
    e.b = static_cast<decltype(e.b)>(v[3]);
    e.c = static_cast<decltype(e.c)>(v[4]);
    events.push_back(e);
  }
  return events;
}

}  // namespace rise
