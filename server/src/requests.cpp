// Reading the JSON bodies of the API's POST requests.
#include "rise/server/requests.h"

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise/core/json_io.h"
#include "rise/core/utf8.h"
#include "rise/server/api_error.h"
#include "rise/store/table_store.h"

namespace rise::server {

namespace {

constexpr const char* kWhere = "request body";

// Runs `read`, turning an InputError into ApiError 400 "malformed_request".
template <typename F>
auto malformed_as_400(F read) {
  try {
    return read();
  } catch (const ApiError&) {
    throw;
  } catch (const InputError& e) {
    throw ApiError(400, "malformed_request", e.what());
  }
}

nlohmann::json object_body(std::string_view body) {
  if (const size_t at = invalid_utf8_at(body); at != std::string_view::npos) {
    throw InputError(std::string(kWhere) + ": byte " + std::to_string(at) + " is not valid UTF-8 (JSON text is UTF-8)");
  }
  nlohmann::json json = parse_json(body, kWhere);
  if (!json.is_object()) throw InputError(std::string(kWhere) + ": must be a JSON object");
  return json;
}

// The {key, version} every request of a seat names (actions, undos).
template <typename Request>
void read_key_and_version(const nlohmann::json& json, Request& request) {
  request.key = json_field<std::string>(json, "key", kWhere);
  request.version = ranged(json, "version", 0, std::numeric_limits<int>::max(), kWhere);
}

// A code point of UTF-8 text and the offset of its first byte.
struct CodePoint {
  char32_t c;
  size_t at;
};

// The code points of valid UTF-8 `text`.
std::vector<CodePoint> code_points(std::string_view text) {
  std::vector<CodePoint> out;
  for (size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    char32_t c = length == 1 ? lead : lead & (0x7F >> length);
    for (size_t k = 1; k < length; ++k) c = (c << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    out.push_back({c, i});
    i += length;
  }
  return out;
}

// The white space String.prototype.trim removes (ECMAScript WhiteSpace and LineTerminator:
// tab to carriage return, space, no-break space, the other Zs, U+2028, U+2029, U+FEFF), so
// that a name the lobby trims and the name the server keeps are the same.
bool is_trimmed_space(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) ||
         c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000 || c == 0xFEFF;
}

// Characters no name may hold: the C0 and C1 controls and DEL, the line and paragraph
// separators, and the bidirectional formatting characters, which would reorder the text
// shown around a name (the lobby's list of seats).
bool is_control(char32_t c) {
  return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029 || c == 0x200E || c == 0x200F ||
         (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

// "U+0007".
std::string code_point_text(char32_t c) {
  static const char* kDigits = "0123456789ABCDEF";
  std::string hex;
  for (char32_t rest = c; rest != 0 || hex.size() < 4; rest >>= 4) hex.insert(hex.begin(), kDigits[rest & 0xF]);
  return "U+" + hex;
}

}  // namespace

std::string seat_name(std::string_view text, size_t seat) {
  const std::string what = "seat " + std::to_string(seat) + ": the name ";
  if (const size_t at = invalid_utf8_at(text); at != std::string_view::npos) {
    throw ApiError(400, "bad_name", what + "is not valid UTF-8 (byte " + std::to_string(at) + ")");
  }
  const std::vector<CodePoint> all = code_points(text);
  size_t first = 0;
  size_t last = all.size();
  while (first < last && is_trimmed_space(all[first].c)) ++first;
  while (last > first && is_trimmed_space(all[last - 1].c)) --last;
  for (size_t i = first; i < last; ++i) {
    if (is_control(all[i].c)) {
      throw ApiError(400, "bad_name", what + "has a control character (" + code_point_text(all[i].c) +
                                          ") at character " + std::to_string(i - first + 1));
    }
  }
  if (last - first > store::kMaxSeatNameLength) {
    throw ApiError(400, "bad_name", what + "has " + std::to_string(last - first) + " characters; at most " +
                                        std::to_string(store::kMaxSeatNameLength));
  }
  if (first == last) return "";
  const size_t end = last < all.size() ? all[last].at : text.size();
  return std::string(text.substr(all[first].at, end - all[first].at));
}

int parse_at(std::string_view text) {
  constexpr size_t kMaxDigits = 9;  // below INT_MAX
  const bool digits = !text.empty() && text.size() <= kMaxDigits &&
                      std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!digits) {
    throw ApiError(400, "bad_at", "at='" + std::string(text.substr(0, 40)) +
                                      "' is not a number of actions (a whole number from 0 to the table's version)");
  }
  int at = 0;
  for (char c : text) at = at * 10 + (c - '0');
  return at;
}

TableSpec parse_table_spec(std::string_view body) {
  return malformed_as_400([&] {
    const nlohmann::json json = object_body(body);
    TableSpec spec;
    spec.game = json_field<std::string>(json, "game", kWhere);
    if (json.contains("options")) spec.options = options_field(json, kWhere);
    const nlohmann::json seats = array_field(json, "seats", kWhere);
    for (size_t i = 0; i < seats.size(); ++i) {
      if (!seats[i].is_string()) {
        throw InputError(std::string(kWhere) + ": seats: element " + std::to_string(i) + " must be a string");
      }
      spec.seats.push_back(seats[i].get<std::string>());
    }
    if (json.contains("names") && !json["names"].is_null()) {
      const nlohmann::json names = array_field(json, "names", kWhere);
      if (names.size() != seats.size()) {
        throw InputError(std::string(kWhere) + ": names: " + std::to_string(names.size()) + " names for " +
                         std::to_string(seats.size()) + " seats (one per seat, \"\" for none)");
      }
      for (size_t i = 0; i < names.size(); ++i) {
        if (!names[i].is_string()) {
          throw InputError(std::string(kWhere) + ": names: element " + std::to_string(i) + " must be a string");
        }
        spec.names.push_back(seat_name(names[i].get<std::string>(), i));
      }
    }
    if (json.contains("seed") && !json["seed"].is_null()) spec.seed = json_field<uint64_t>(json, "seed", kWhere);
    if (json.contains("move_seconds") && !json["move_seconds"].is_null()) {
      const int64_t seconds = json_field<int64_t>(json, "move_seconds", kWhere);
      if (seconds < 1 || seconds > 86400) {
        throw InputError(std::string(kWhere) + ": move_seconds: " + std::to_string(seconds) +
                         " is not a move deadline from 1 to 86400 seconds");
      }
      spec.move_seconds = static_cast<int>(seconds);
    }
    return spec;
  });
}

ActionRequest parse_action_request(std::string_view body) {
  return malformed_as_400([&] {
    const nlohmann::json json = object_body(body);
    ActionRequest request;
    read_key_and_version(json, request);
    request.action = json_field<std::string>(json, "action", kWhere);
    return request;
  });
}

UndoRequest parse_undo_request(std::string_view body) {
  return malformed_as_400([&] {
    const nlohmann::json json = object_body(body);
    UndoRequest request;
    read_key_and_version(json, request);
    return request;
  });
}

std::string parse_secret_request(std::string_view body, const std::string& field) {
  return malformed_as_400([&] { return json_field<std::string>(object_body(body), field.c_str(), kWhere); });
}

}  // namespace rise::server
