// The server's own view of one HTTP request and its answer, independent of the network
// library (http_server.cpp reads and writes them with Boost.Beast; api_routes.cpp answers).
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace rise::server::detail {

struct HttpRequest {
  std::string method;  // "GET", "POST", "DELETE", ...
  std::string path;    // percent-decoded, without the query
  std::multimap<std::string, std::string> params;  // the query's, percent-decoded
  std::map<std::string, std::string> headers;      // names in lower case
  std::string body;
  std::string remote;                 // the client's address
  std::vector<std::string> matches;   // the route's captures (set by the router)

  bool has_param(const std::string& name) const { return params.count(name) > 0; }
  // The first value of query parameter `name`, "" when absent.
  std::string param(const std::string& name) const {
    const auto it = params.find(name);
    return it == params.end() ? std::string() : it->second;
  }
  // The value of header `name` (lower case), "" when absent.
  std::string header(const std::string& name) const {
    const auto it = headers.find(name);
    return it == headers.end() ? std::string() : it->second;
  }
};

struct HttpResponse {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // besides Content-Type and Content-Length
};

// Splits "/p%61th?a=1&b=x+y" into a decoded path and parameters ('+' is a space in a query).
void parse_target(const std::string& target, HttpRequest& request);

}  // namespace rise::server::detail
