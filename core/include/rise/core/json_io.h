// Reading JSON files and text with errors that name the file, line and column.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

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

}  // namespace rise
