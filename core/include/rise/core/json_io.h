// Reading JSON files and text with errors that name the file, line and column.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "rise/core/error.h"

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

}  // namespace rise
