// Refusals of the server's API: an InputError with the HTTP status and a short code.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "rise/core/error.h"

namespace rise::server {

// A request the server refuses, leaving every table unchanged. `status` is the HTTP status
// (400 malformed, 403 bad key, 404 unknown table, 409 conflict with the table's state, 413
// body too large, 422 illegal action); `code` is a stable
// machine-readable word ("stale_version"); what() is the sentence for people. Codes and
// statuses: docs/server.md, "Errors".
class ApiError : public InputError {
 public:
  ApiError(int status, std::string code, const std::string& message);

  int status() const { return status_; }
  const std::string& code() const { return code_; }

 private:
  int status_;
  std::string code_;
};

// The JSON body of a refusal: {"error": code, "message": what}.
nlohmann::json error_json(const std::string& code, const std::string& message);

}  // namespace rise::server
