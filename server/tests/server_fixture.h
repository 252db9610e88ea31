// An in-process server on an ephemeral loopback port over a fresh database, and a client
// that speaks its JSON API, for the server tests.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include <gtest/gtest.h>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include "rise/server/http_server.h"
#include "rise/server/table_manager.h"

namespace rise::server::testing {

using nlohmann::json;

// A JSON answer and its HTTP status.
struct Answer {
  int status = 0;
  json body;
};

// Sends requests to 127.0.0.1:port; a failed connection gives status 0.
class ApiClient {
 public:
  explicit ApiClient(int port) : client_("127.0.0.1", port) { client_.set_read_timeout(std::chrono::seconds(30)); }
  // A GET, with the seat key in the X-Rise-Key header when `key` is not empty.
  Answer get(const std::string& path, const std::string& key = "");
  Answer post(const std::string& path, const std::string& body);
  Answer post(const std::string& path, const json& body) { return post(path, body.dump()); }
  // A POST as a browser page would send it: its Content-Type and headers (Origin).
  Answer post_as(const std::string& path, const std::string& body, const std::string& content_type,
                 const httplib::Headers& headers = {});
  // The raw text of a GET, for byte comparisons.
  std::string get_text(const std::string& path, const std::string& key = "");

 private:
  httplib::Client client_;
};

// The headers of a GET as a seat: X-Rise-Key.
httplib::Headers key_header(const std::string& key);

// A table as POST /api/tables created it, each human seat's invite claimed: its id and each
// human seat's key ("" for AI).
struct CreatedTable {
  std::string id;
  std::vector<std::string> keys;
  std::string owner_key;
  json body;
};

class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  // Starts a manager and an HTTP server over db_ (after stop_server(), a restart), serving
  // `static_dir` at / if not empty.
  void start_server(unsigned ai_threads = 2, const std::string& static_dir = "");
  void stop_server();

  // POST /api/tables, then POST /api/tables/ID/claim of every human seat's invite; fails
  // the test unless the answers are 201 and 200.
  CreatedTable create(const json& spec);

  // GET /api/tables/ID/view with X-Rise-Key: KEY (no key: a spectator).
  Answer view(const std::string& id, const std::string& key);

  // POST /api/tables/ID/actions.
  Answer act(const std::string& id, const std::string& key, int version, const std::string& action);

  // Plays the first legal action of whoever (of `table`'s human seats) is to move; returns
  // the answer.
  Answer act_first_legal(const CreatedTable& table);

  // Waits (at most `seconds`) until the view of `key` at table `id` is terminal; returns it.
  json wait_terminal(const std::string& id, const std::string& key, int seconds = 30);

  std::filesystem::path dir_;
  std::string db_;
  HintSettings hint_settings_{200, 2, 16, 30, 200};  // small: hints and reviews must answer fast in Debug
  AiLimits ai_limits_;                  // the server's defaults unless a test sets them
  TablePolicy policy_ = [] {            // the defaults, but any table may take a seed
    TablePolicy p;
    p.any_table_seeds = true;
    return p;
  }();
  std::unique_ptr<TableManager> manager_;
  std::unique_ptr<HttpServer> http_;
  std::unique_ptr<ApiClient> client_;
  int port_ = 0;
};

// The creation request of a rise-hex table of two humans with a fixed seed.
inline nlohmann::json hex_two_humans() {
  return {{"game", "rise-hex"}, {"seats", {"human", "human"}}, {"seed", 7}};
}

}  // namespace rise::server::testing
