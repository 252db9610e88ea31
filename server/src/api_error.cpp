// Refusals of the server's API.
#include "rise/server/api_error.h"

#include <utility>

namespace rise::server {

ApiError::ApiError(int status, std::string code, const std::string& message)
    : InputError(message), status_(status), code_(std::move(code)) {}

nlohmann::json error_json(const std::string& code, const std::string& message) {
  return {{"error", code}, {"message", message}};
}

}  // namespace rise::server
