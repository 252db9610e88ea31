#include "rise/core/json_io.h"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "rise/core/error.h"
#include "rise/core/files.h"
#include "rise/core/text_file.h"

namespace rise {

nlohmann::json parse_json(std::string_view text, const std::string& source) {
  try {
    return nlohmann::json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte is 1-based; turn it into a line and column for the reader.
    size_t byte = e.byte == 0 ? 0 : e.byte - 1;
    if (byte > text.size()) byte = text.size();
    size_t line = 1, column = 1;
    for (size_t i = 0; i < byte; ++i) {
      if (text[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    std::string reason = e.what();
    // nlohmann prefixes "[json.exception.parse_error.101] parse error at line 1, column 2: "
    auto colon = reason.find(": ");
    if (colon != std::string::npos) reason = reason.substr(colon + 2);
    if (byte >= text.size()) reason = "truncated or empty JSON (" + reason + ")";
    throw InputError(source + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
                     reason);
  } catch (const nlohmann::json::exception& e) {
    // Not a syntax error but a value nlohmann-json cannot hold, e.g. a number out of range
    // ("number overflow parsing '2e4242'", found by fuzz_server_requests).
    std::string reason = e.what();
    if (auto bracket = reason.find("] "); bracket != std::string::npos) reason = reason.substr(bracket + 2);
    throw InputError(source + ": " + reason);
  }
}

nlohmann::json read_json_file(const std::string& path) {
  return parse_json(read_file(path, kJsonFileLimit, "JSON file"), path);
}

void write_json_file(const std::string& path, const nlohmann::json& json) { write_text_file(path, json.dump(2) + '\n'); }

namespace {

template <typename T>
bool has_type(const nlohmann::json& v);
template <> bool has_type<bool>(const nlohmann::json& v) { return v.is_boolean(); }
template <> bool has_type<int>(const nlohmann::json& v) {
  return v.is_number_integer() && v.get<int64_t>() >= INT32_MIN && v.get<int64_t>() <= INT32_MAX;
}
template <> bool has_type<int64_t>(const nlohmann::json& v) { return v.is_number_integer(); }
template <> bool has_type<uint64_t>(const nlohmann::json& v) { return v.is_number_unsigned(); }
template <> bool has_type<double>(const nlohmann::json& v) { return v.is_number(); }
template <> bool has_type<std::string>(const nlohmann::json& v) { return v.is_string(); }
template <> bool has_type<nlohmann::json>(const nlohmann::json&) { return true; }

template <typename T> const char* type_name();
template <> const char* type_name<bool>() { return "true or false"; }
template <> const char* type_name<int>() { return "an integer"; }
template <> const char* type_name<int64_t>() { return "an integer"; }
template <> const char* type_name<uint64_t>() { return "a non-negative integer"; }
template <> const char* type_name<double>() { return "a number"; }
template <> const char* type_name<std::string>() { return "a string"; }
template <> const char* type_name<nlohmann::json>() { return "a value"; }

}  // namespace

template <typename T>
T json_field(const nlohmann::json& object, const char* key, const std::string& what) {
  if (!object.is_object()) throw InputError(what + ": must be a JSON object");
  auto it = object.find(key);
  if (it == object.end()) throw InputError(what + ": missing field '" + key + "'");
  if (!has_type<T>(*it)) {
    throw InputError(what + ": field '" + key + "' must be " + type_name<T>() + ", got " +
                     it->dump());
  }
  return it->template get<T>();
}

template bool json_field<bool>(const nlohmann::json&, const char*, const std::string&);
template int json_field<int>(const nlohmann::json&, const char*, const std::string&);
template int64_t json_field<int64_t>(const nlohmann::json&, const char*, const std::string&);
template uint64_t json_field<uint64_t>(const nlohmann::json&, const char*, const std::string&);
template double json_field<double>(const nlohmann::json&, const char*, const std::string&);
template std::string json_field<std::string>(const nlohmann::json&, const char*,
                                             const std::string&);
template nlohmann::json json_field<nlohmann::json>(const nlohmann::json&, const char*,
                                                   const std::string&);

int ranged(const nlohmann::json& object, const char* key, int lo, int hi, const std::string& where) {
  int v = json_field<int>(object, key, where);
  if (v < lo || v > hi) {
    throw InputError(where + ": field '" + key + "' is " + std::to_string(v) + ", must be in [" +
                     std::to_string(lo) + ", " + std::to_string(hi) + "]");
  }
  return v;
}

int element(const nlohmann::json& array, size_t i, int lo, int hi, const std::string& where) {
  if (i >= array.size() || !array[i].is_number_integer()) {
    throw InputError(where + ": element " + std::to_string(i) + " must be an integer");
  }
  int v = array[i].get<int>();
  if (v < lo || v > hi) {
    throw InputError(where + ": element " + std::to_string(i) + " is " + std::to_string(v) + ", must be in [" +
                     std::to_string(lo) + ", " + std::to_string(hi) + "]");
  }
  return v;
}

nlohmann::json viewer_json(PlayerId viewer) {
  return viewer == kSpectator ? nlohmann::json("spectator") : nlohmann::json(viewer);
}

nlohmann::json array_field(const nlohmann::json& object, const char* key, const std::string& where) {
  nlohmann::json v = json_field<nlohmann::json>(object, key, where);
  if (!v.is_array()) throw InputError(where + ": field '" + key + "' must be an array");
  return v;
}

std::map<std::string, std::string> options_field(const nlohmann::json& object, const std::string& what) {
  const nlohmann::json options = json_field<nlohmann::json>(object, "options", what);
  if (!options.is_object()) throw InputError(what + ": field 'options' must be an object");
  std::map<std::string, std::string> given;
  for (auto it = options.begin(); it != options.end(); ++it) {
    if (!it.value().is_string()) throw InputError(what + ": option '" + it.key() + "' must be a string");
    given[it.key()] = it.value().get<std::string>();
  }
  return given;
}

std::vector<std::array<int, 5>> parse_events_text(const std::string& text, int last_kind, int max_player,
                                                  const std::string& what) {
  std::vector<std::array<int, 5>> out;
  size_t pos = 0;
  for (int index = 0; pos < text.size(); ++index) {
    size_t end = text.find(' ', pos);
    if (end == std::string::npos) end = text.size();
    const std::string item = text.substr(pos, end - pos);
    const std::string where = what + ": events item " + std::to_string(index + 1) + " '" + item + "'";
    pos = end + 1;
    std::array<int, 5> values{};
    size_t at = 0;
    for (int k = 0; k < 5; ++k) {
      size_t comma = k < 4 ? item.find(',', at) : item.size();
      if (comma == std::string::npos) throw InputError(where + ": expected kind,player,a,b,c");
      const std::string number = item.substr(at, comma - at);
      try {
        size_t used = 0;
        values[static_cast<size_t>(k)] = std::stoi(number, &used);
        if (used != number.size()) throw std::invalid_argument("trailing");
      } catch (const std::exception&) {
        throw InputError(where + ": '" + number + "' is not an integer");
      }
      at = comma + 1;
    }
    if (values[0] < 0 || values[0] > last_kind) throw InputError(where + ": unknown event kind");
    if (values[1] < -1 || values[1] > max_player) {
      throw InputError(where + ": player must be -1 to " + std::to_string(max_player));
    }
    for (size_t k = 2; k < 5; ++k) {
      if (values[k] < -30000 || values[k] > 30000) throw InputError(where + ": value out of range");
    }
    out.push_back(values);
  }
  return out;
}

}  // namespace rise
