// Issue 38: outside bots at the table (docs/server.md, "Bots" and "Time controls"). The example
// bot of examples/bot_client.py (plain HTTP, the same JSON as the web client) claims a seat
// with an operator's bot token and plays whole games: against a human seat this test plays,
// and against the built-in AI. A wrong bot token is refused; a seat past its table's move
// deadline resigns.
#include <cstdlib>
#include <fstream>
#include <future>
#include <thread>

#include "rise/core/error.h"
#include "server_fixture.h"

namespace rise::server::testing {
namespace {

const std::string kToken = "0123456789abcdef0123456789abcdef";

class BotTest : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    policy_.bot_tokens = {{kToken, "randombot"}};
    start_server();
  }

  // POST /api/tables without claiming: the answer's body (seats with their invites).
  json create_unclaimed(const json& spec) {
    const Answer a = client_->post("/api/tables", spec);
    EXPECT_EQ(a.status, 201) << a.body.dump();
    return a.body;
  }

  // Runs examples/bot_client.py for seat `invite` of table `id`; returns its exit status.
  std::future<int> run_bot(const std::string& id, const std::string& invite) {
    const std::string command = "python3 " RISE_SOURCE_DIR "/examples/bot_client.py http://127.0.0.1:" +
                                std::to_string(port_) + " " + id + " " + invite + " " + kToken + " > " +
                                (dir_ / ("bot-" + id + ".txt")).string() + " 2>&1";
    return std::async(std::launch::async, [command] { return std::system(command.c_str()); });
  }
};

TEST_F(BotTest, TheExampleBotPlaysAWholeGameAgainstAHumanSeat) {
  const json created = create_unclaimed({{"game", "dark-legacy"}, {"seats", {"human", "human"}},
                                         {"options", {{"turn_limit", "3"}}}, {"seed", 8}});
  const std::string id = created["id"];
  const std::string human =
      client_->post("/api/tables/" + id + "/claim", json{{"invite", created["seats"][1]["invite"]}}).body["key"];
  std::future<int> bot = run_bot(id, created["seats"][0]["invite"]);
  // The test is the human: the first legal action whenever it is seat 1's decision.
  json v;
  for (int i = 0; i < 6000; ++i) {
    v = view(id, human).body;
    if (v["terminal"].get<bool>()) break;
    if (!v["legal"].empty()) {
      act(id, human, v["version"].get<int>(), v["legal"][0]["text"].get<std::string>());
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  ASSERT_TRUE(v["terminal"].get<bool>()) << v.dump();
  EXPECT_EQ(bot.get(), 0);
  EXPECT_GT(v["version"].get<int>(), 10);
  EXPECT_EQ(v["seats"][0]["bot"], "randombot");  // every view shows the seat as the bot's
  EXPECT_FALSE(v["seats"][1].contains("bot"));
  std::ifstream out(dir_ / ("bot-" + id + ".txt"));
  std::string said((std::istreambuf_iterator<char>(out)), std::istreambuf_iterator<char>());
  EXPECT_NE(said.find("game over: returns "), std::string::npos) << said;
}

TEST_F(BotTest, TheExampleBotPlaysAWholeGameAgainstTheBuiltInAi) {
  const json created = create_unclaimed({{"game", "rise-hex"}, {"seats", {"human", "mcts:iters=50"}},
                                         {"options", {{"turn_limit", "10"}}}, {"seed", 4}});
  const std::string id = created["id"];
  EXPECT_EQ(run_bot(id, created["seats"][0]["invite"]).get(), 0);
  const json end = wait_terminal(id, "");
  EXPECT_EQ(end["terminal"], true);
  EXPECT_EQ(end["seats"][0]["bot"], "randombot");
  // Stored: a restarted server still shows the seat as the bot's.
  stop_server();
  start_server();
  EXPECT_EQ(view(id, "").body["seats"][0]["bot"], "randombot");
}

TEST_F(BotTest, AWrongBotTokenIsRefusedAndTheInviteStillWorks) {
  const json created = create_unclaimed(hex_two_humans());
  const std::string id = created["id"];
  httplib::Client raw("127.0.0.1", port_);
  const httplib::Result r = raw.Post("/api/tables/" + id + "/claim", {{"X-Rise-Bot", std::string(32, 'f')}},
                                     json{{"invite", created["seats"][0]["invite"]}}.dump(), "application/json");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 403);
  EXPECT_EQ(json::parse(r->body)["error"], "bad_bot_token");
  const Answer person = client_->post("/api/tables/" + id + "/claim", json{{"invite", created["seats"][0]["invite"]}});
  EXPECT_EQ(person.status, 200);
  EXPECT_FALSE(view(id, "").body["seats"][0].contains("bot"));
}

TEST_F(BotTest, ASeatPastItsMoveDeadlineResigns) {
  const Answer refused = client_->post("/api/tables", json{{"game", "rise-hex"}, {"seats", {"human", "human"}},
                                                           {"move_seconds", 0}});
  EXPECT_EQ(refused.status, 400);
  EXPECT_NE(refused.body["message"].get<std::string>().find("move_seconds: 0 is not a move deadline from 1 to 86400"),
            std::string::npos);
  // The clock runs once both seats joined; seat 0 is on move and does nothing.
  const json created = create_unclaimed({{"game", "rise-hex"}, {"seats", {"human", "human"}}, {"seed", 7}, {"move_seconds", 1}});
  const std::string id = created["id"];
  EXPECT_EQ(view(id, "").body["move_seconds"], 1);
  client_->post("/api/tables/" + id + "/claim", json{{"invite", created["seats"][0]["invite"]}});
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  EXPECT_EQ(view(id, "").body["terminal"], false) << "seat 1 has not joined: no clock";
  client_->post("/api/tables/" + id + "/claim", json{{"invite", created["seats"][1]["invite"]}});
  const json end = wait_terminal(id, "", 10);
  EXPECT_EQ(end["ended"], "resigned");
  EXPECT_EQ(end["resigned_seat"], 0);
  EXPECT_EQ(end["returns"], json({-1.0, 1.0}));
}

TEST(BotTokens, AFileOfNamesAndTokensIsReadAndEveryBadLineNamed) {
  const std::string path = ::testing::TempDir() + "/bots.txt";
  auto read = [&](const std::string& text) {
    std::ofstream(path) << text;
    return read_bot_tokens(path);
  };
  EXPECT_EQ(read("# bots\nalpha " + kToken + "\n\nbeta-2 " + std::string(40, 'A') + "  # a comment\n"),
            (std::map<std::string, std::string>{{kToken, "alpha"}, {std::string(40, 'A'), "beta-2"}}));
  auto refused = [&](const std::string& text) {
    try {
      read(text);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(refused("alpha\n"), path + ":1: a line is 'NAME TOKEN'");
  EXPECT_EQ(refused("\nalpha 1234\n"), path + ":2: the token of 'alpha' is not at least 32 hexadecimal digits");
  EXPECT_EQ(refused("al pha " + kToken + "\n"), path + ":1: a line is 'NAME TOKEN'");
  EXPECT_EQ(refused("a.b " + kToken + "\n"), path + ":1: the bot name 'a.b' is not 1 to 24 letters, digits, '-' or '_'");
  EXPECT_EQ(refused("a " + kToken + "\nb " + kToken + "\n"), path + ":2: the token of 'b' is another bot's too");
  EXPECT_EQ(refused("a " + kToken + "\na " + std::string(32, 'b') + "\n"), path + ":2: the bot 'a' is named twice");
}

}  // namespace
}  // namespace rise::server::testing
