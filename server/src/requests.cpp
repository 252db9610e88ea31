// Reading the JSON bodies of the API's POST requests.
#include "rise/server/requests.h"

#include <algorithm>
#include <limits>
#include <string>

#include <nlohmann/json.hpp>

#include "rise/core/json_io.h"
#include "rise/core/utf8.h"
#include "rise/server/api_error.h"

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

}  // namespace

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
    if (json.contains("seed") && !json["seed"].is_null()) spec.seed = json_field<uint64_t>(json, "seed", kWhere);
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
