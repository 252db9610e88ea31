// The access and error log of `rise serve --log FILE` (issue 18): one JSON object a line for
// every request, never a seat key.
#include <algorithm>
#include <fstream>
#include <functional>
#include <sstream>

#include "server_fixture.h"

namespace rise::server::testing {
namespace {

class LogTest : public ServerTest {
 protected:
  // Starts a server logging to dir_/access.log.
  void start_logging_server() {
    log_ = (dir_ / "access.log").string();
    manager_ = std::make_unique<TableManager>(store::TableStore::open(db_), 1, hint_settings_, ai_limits_, policy_);
    http_ = std::make_unique<HttpServer>(*manager_, ServerConfig{"127.0.0.1", 0, "", 16, log_});
    port_ = http_->start();
    client_ = std::make_unique<ApiClient>(port_);
  }

  // Every line of the log, each parsed (a line that is not JSON fails the test).
  std::vector<json> lines() const {
    std::ifstream in(log_);
    std::vector<json> out;
    for (std::string line; std::getline(in, line);) {
      out.push_back(json::parse(line, nullptr, false));
      EXPECT_FALSE(out.back().is_discarded()) << "not JSON: " << line;
    }
    return out;
  }

  std::string log_;
};

TEST_F(LogTest, EveryRequestIsAJsonLineWithoutTheSeatKeys) {
  start_logging_server();
  const CreatedTable table = create({{"game", "rise-hex"}, {"seats", {"human", "human"}}, {"seed", 3}});
  ASSERT_EQ(act_first_legal(table).status, 200);                   // POST with the key in its body
  ASSERT_EQ(view(table.id, table.keys[1]).status, 200);             // GET with X-Rise-Key
  ASSERT_EQ(client_->get("/api/tables/0123456789abcdef/view?at=2").status, 404);
  stop_server();  // every answer logged

  std::ifstream in(log_);
  std::stringstream text;
  text << in.rdbuf();
  for (const std::string& key : table.keys) EXPECT_EQ(text.str().find(key), std::string::npos) << "a key is logged";
  EXPECT_EQ(text.str().find(table.owner_key), std::string::npos) << "the owner key is logged";

  const std::vector<json> log = lines();
  ASSERT_GE(log.size(), 4u);
  for (const json& line : log) {
    EXPECT_EQ(line["kind"], "access");
    for (const char* field : {"time", "method", "path", "query", "status", "ms", "bytes", "remote"}) {
      EXPECT_TRUE(line.contains(field)) << field << " missing in " << line.dump();
    }
    EXPECT_EQ(line["remote"], "127.0.0.1");
  }
  // A line is written once its answer is sent, so lines need not come in request order.
  auto count = [&](const std::function<bool(const json&)>& match) {
    return std::count_if(log.begin(), log.end(), match);
  };
  EXPECT_EQ(count([](const json& l) { return l["method"] == "POST" && l["path"] == "/api/tables" && l["status"] == 201; }), 1);
  EXPECT_EQ(count([&](const json& l) { return l["path"] == "/api/tables/" + table.id + "/actions" && l["status"] == 200; }), 1);
  const std::string view_path = "/api/tables/" + table.id + "/view";
  EXPECT_GE(count([&](const json& l) { return l["path"] == view_path; }), 1);
  EXPECT_EQ(count([&](const json& l) { return l["path"] == view_path && l["query"] != json::object(); }), 0)
      << "the key of a view is left out of its query";
  EXPECT_EQ(count([](const json& l) { return l["query"] == json({{"at", "2"}}) && l["status"] == 404; }), 1);
  std::error_code ec;
  EXPECT_EQ(std::filesystem::status(log_, ec).permissions() & std::filesystem::perms::all,
            std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
}

TEST_F(LogTest, AnUnwritableLogIsRefusedBeforeServing) {
  TableManager manager(store::TableStore::open(db_), 1);
  const std::string file = (dir_ / "no-such-dir" / "x.log").string();
  try {
    HttpServer refused(manager, ServerConfig{"127.0.0.1", 0, "", 4, file});
    FAIL() << "a log in a missing directory was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), file + ": cannot open the log: No such file or directory");
  }
}

}  // namespace
}  // namespace rise::server::testing
