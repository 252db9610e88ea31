// Every refusal of the API: a clear JSON error with its HTTP status, and the table unchanged.
#include "rise/core/json_io.h"
#include "rise/core/registry.h"
#include "server_fixture.h"

namespace rise::server::testing {
namespace {

class RefusalTest : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    start_server();
    table_ = create({{"game", "rise-hex"}, {"seats", {"human", "human"}}, {"seed", 7}});
    ASSERT_EQ(act_first_legal(table_).status, 200);  // version 1: red's opening action, blue to act
    before_ = snapshot();
  }

  // Both seats' views, byte for byte.
  std::string snapshot() {
    return client_->get_text("/api/tables/" + table_.id + "/view", table_.keys[0]) +
           client_->get_text("/api/tables/" + table_.id + "/view", table_.keys[1]);
  }

  // Expects `a` to be the refusal `code` with `status` and `message`, and the table unchanged.
  void expect_refused(const Answer& a, int status, const std::string& code, const std::string& message) {
    EXPECT_EQ(a.status, status) << a.body.dump();
    EXPECT_EQ(a.body, json({{"error", code}, {"message", message}}));
    EXPECT_EQ(snapshot(), before_);
  }

  std::string actions_path() const { return "/api/tables/" + table_.id + "/actions"; }

  // A legal action of blue (to move at version 1).
  std::string legal_text() { return view(table_.id, blue()).body["legal"][0]["text"]; }

  const std::string& red() const { return table_.keys[0]; }
  const std::string& blue() const { return table_.keys[1]; }

  CreatedTable table_;
  std::string before_;
};

TEST_F(RefusalTest, AnUnknownTable) {
  expect_refused(view("0123456789abcdef", blue()), 404, "unknown_table", "there is no table '0123456789abcdef'");
  expect_refused(act("0123456789abcdef", blue(), 1, legal_text()), 404, "unknown_table",
                 "there is no table '0123456789abcdef'");
}

TEST_F(RefusalTest, ABadKey) {
  const std::string wrong(32, '0');
  const std::string message = "this key is not the key of a seat of table '" + table_.id + "'";
  expect_refused(view(table_.id, wrong), 403, "bad_key", message);
  expect_refused(act(table_.id, wrong, 1, legal_text()), 403, "bad_key", message);
  expect_refused(act(table_.id, "", 1, legal_text()), 403, "bad_key", message);
  // A key one character short of a real one.
  expect_refused(act(table_.id, blue().substr(1), 1, legal_text()), 403, "bad_key", message);
}

TEST_F(RefusalTest, AnActionFromTheWrongSeat) {
  expect_refused(act(table_.id, red(), 1, legal_text()), 409, "not_your_turn",
                 "it is seat 1's decision (to take blue's action, 2 left this turn), not seat 0's");
}

TEST_F(RefusalTest, AStaleVersion) {
  expect_refused(act(table_.id, blue(), 0, legal_text()), 409, "stale_version",
                 "version 0 is not the table's version 1; read the view again");
  expect_refused(act(table_.id, blue(), 2, legal_text()), 409, "stale_version",
                 "version 2 is not the table's version 1; read the view again");
}

TEST_F(RefusalTest, MalformedJson) {
  std::string reason;  // parse_json's words, with line and column
  try {
    parse_json("{\"key\": ", "request body");
  } catch (const InputError& e) {
    reason = e.what();
  }
  ASSERT_EQ(reason.rfind("request body:1:", 0), 0u) << reason;
  expect_refused(client_->post(actions_path(), std::string("{\"key\": ")), 400, "malformed_request", reason);
  expect_refused(client_->post(actions_path(), std::string("[1, 2]")), 400, "malformed_request",
                 "request body: must be a JSON object");
  expect_refused(client_->post(actions_path(), json{{"key", blue()}, {"action", legal_text()}}), 400,
                 "malformed_request", "request body: missing field 'version'");
  expect_refused(client_->post(actions_path(), json{{"key", blue()}, {"version", "1"}, {"action", "x"}}), 400,
                 "malformed_request", "request body: field 'version' must be an integer, got \"1\"");
}

// Issue 18: a page of another site must not change a table. A browser sends a cross-site
// POST of text/plain without asking; it always names the page's site in Origin.
TEST_F(RefusalTest, ARequestThatIsNotJsonOrComesFromAnotherSite) {
  const std::string lobby = client_->get_text("/api/tables");
  const std::string spec = json{{"game", "rise-hex"}, {"seats", {"human", "human"}}}.dump();
  const Answer plain = client_->post_as("/api/tables", spec, "text/plain");
  EXPECT_EQ(plain.status, 415);
  EXPECT_EQ(plain.body, json({{"error", "unsupported_media_type"},
                              {"message", "the request body must be JSON, sent with Content-Type: application/json "
                                          "(not text/plain)"}}));
  EXPECT_EQ(client_->get_text("/api/tables"), lobby);  // no table was made
  const std::string body = json{{"key", blue()}, {"version", 1}, {"action", legal_text()}}.dump();
  expect_refused(client_->post_as(actions_path(), body, "text/plain;charset=UTF-8"), 415, "unsupported_media_type",
                 "the request body must be JSON, sent with Content-Type: application/json (not text/plain)");
  expect_refused(client_->post_as(actions_path(), body, "application/json", {{"Origin", "https://evil.example"}}),
                 403, "cross_origin", "a page of another site (https://evil.example) may not change a table here");
  expect_refused(client_->post_as(actions_path(), body, "application/json", {{"Origin", "null"}}), 403,
                 "cross_origin", "a page of another site (null) may not change a table here");
  // The server's own page (its Origin is the Host it asked) and clients without Origin act.
  const Answer own = client_->post_as(actions_path(), body, "application/json; charset=utf-8",
                                      {{"Origin", "http://127.0.0.1:" + std::to_string(port_)}});
  EXPECT_EQ(own.status, 200) << own.body.dump();
}

// Issue 18: bytes that are not UTF-8 are a malformed request (400), in a body or in a path.
TEST_F(RefusalTest, BytesThatAreNotUtf8) {
  const std::string body = "{\"key\": \"" + blue() + "\", \"version\": 1, \"action\": \"\xff\xfe\"}";
  const size_t at = body.find('\xff');
  expect_refused(client_->post(actions_path(), body), 400, "malformed_request",
                 "request body: byte " + std::to_string(at) + " is not valid UTF-8 (JSON text is UTF-8)");
  const Answer path = client_->get("/api/tables/%FF%FE/view");
  EXPECT_EQ(path.status, 404);
  EXPECT_EQ(path.body["error"], "unknown_table");
}

TEST_F(RefusalTest, MalformedNotation) {
  const std::unique_ptr<State> hex = find_game("rise-hex").new_initial_state(7, {}, 2);
  std::string reason;
  try {
    hex->string_to_action("fly 1,0");
  } catch (const InputError& e) {
    reason = e.what();
  }
  ASSERT_FALSE(reason.empty());
  expect_refused(act(table_.id, blue(), 1, "fly 1,0"), 400, "bad_notation", reason);
}

TEST_F(RefusalTest, AnIllegalAction) {
  // Red's worker stands on 1,0 from the start, so blue may not place a worker there.
  std::unique_ptr<State> hex = find_game("rise-hex").new_initial_state(7, {}, 2);
  const json v = view(table_.id, blue()).body;
  hex->apply_action(hex->string_to_action(v["log"][0]["text"].get<std::string>()));
  const Action a = hex->string_to_action("worker 1,0");
  ASSERT_FALSE(hex->is_legal(a));
  expect_refused(act(table_.id, blue(), 1, "worker 1,0"), 422, "illegal_action",
                 "'worker 1,0' is not legal for seat 1, whose decision it is (to " + hex->describe_decision() +
                     "): " + hex->explain_illegal(a));
}

TEST_F(RefusalTest, ABodyOver64KiB) {
  const std::string big = json{{"key", blue()}, {"version", 1}, {"action", std::string(70000, 'x')}}.dump();
  const Answer a = client_->post(actions_path(), big);
  EXPECT_EQ(a.status, 413);
  EXPECT_EQ(a.body["error"], "body_too_large");
  EXPECT_EQ(snapshot(), before_);
}

TEST_F(RefusalTest, AFinishedGameAndTheReplayOfARunningOne) {
  expect_refused(client_->get("/api/tables/" + table_.id + "/replay"), 409, "game_not_over",
                 "the replay of table '" + table_.id + "' is available once its game is over");
  // turn_limit 1: the game is a draw once red's opening turn (a single action) is over.
  const CreatedTable t = create({{"game", "rise-hex"}, {"options", {{"turn_limit", "1"}}}, {"seats", {"human", "human"}}});
  ASSERT_EQ(act_first_legal(t).status, 200);
  const json end = view(t.id, t.keys[1]).body;
  ASSERT_EQ(end["terminal"], true);
  const Answer a = act(t.id, t.keys[1], 1, legal_text());
  EXPECT_EQ(a.status, 409);
  EXPECT_EQ(a.body, json({{"error", "game_over"}, {"message", "the game at table '" + t.id + "' is over"}}));
  EXPECT_EQ(view(t.id, t.keys[1]).body, end);
}

TEST_F(RefusalTest, ABadTable) {
  const Answer game = client_->post("/api/tables", json{{"game", "chess"}, {"seats", {"human", "human"}}});
  EXPECT_EQ(game.status, 400);
  EXPECT_EQ(game.body["error"], "bad_table");
  EXPECT_EQ(game.body["message"].get<std::string>().rfind("unknown game 'chess' (known games: ", 0), 0u);
  const Answer count = client_->post("/api/tables", json{{"game", "rise-hex"}, {"seats", {"human"}}});
  EXPECT_EQ(count.status, 400);
  EXPECT_EQ(count.body["error"], "bad_table");
  const Answer spec = client_->post("/api/tables", json{{"game", "rise-hex"}, {"seats", {"human", "mcts:iters=-5"}}});
  EXPECT_EQ(spec.status, 400);
  EXPECT_EQ(spec.body["error"], "bad_table");
  expect_refused(client_->post("/api/tables", json{{"game", "rise-tcg"},
                                                   {"options", {{"data", "/etc"}}},
                                                   {"seats", {"human", "human"}}}),
                 400, "bad_table", "option 'data' is not accepted by the server (the built-in data is used)");
  expect_refused(client_->post("/api/tables", json{{"game", "rise-tcg"},
                                                   {"options", {{"decks", "../../etc/passwd,x"}}},
                                                   {"seats", {"human", "human"}}}),
                 400, "bad_table",
                 "option 'decks' = '../../etc/passwd,x': the server takes deck ids only (letters, digits, '-', '_'), "
                 "not files");
  EXPECT_EQ(client_->get("/api/tables").body["tables"].size(), 1u);  // nothing was created
}

// Issue 20: a name given at the table is trimmed, at most 24 characters, without control
// characters; a bad one is refused naming the seat and why, and no table is made.
TEST_F(RefusalTest, ABadName) {
  auto spec = [](const json& names) {
    return json{{"game", "rise-hex"}, {"seats", {"human", "random"}}, {"names", names}};
  };
  expect_refused(client_->post("/api/tables", spec({"Ann", std::string(25, 'x')})), 400, "bad_name",
                 "seat 1: the name has 25 characters; at most 24");
  // Characters, not bytes: 24 two-byte letters are a name, 25 are not.
  std::string twenty_five;
  for (int i = 0; i < 25; ++i) twenty_five += "\u00e9";  // é
  expect_refused(client_->post("/api/tables", spec({twenty_five, ""})), 400, "bad_name",
                 "seat 0: the name has 25 characters; at most 24");
  expect_refused(client_->post("/api/tables", spec({"An\nn", ""})), 400, "bad_name",
                 "seat 0: the name has a control character (U+000A) at character 3");
  expect_refused(client_->post("/api/tables", spec({"", " Bob\x07 "})), 400, "bad_name",
                 "seat 1: the name has a control character (U+0007) at character 4");
  expect_refused(client_->post("/api/tables", spec({"Ann\u202e", "Bob"})), 400, "bad_name",
                 "seat 0: the name has a control character (U+202E) at character 4");
  expect_refused(client_->post("/api/tables", spec({"Ann"})), 400, "malformed_request",
                 "request body: names: 1 names for 2 seats (one per seat, \"\" for none)");
  expect_refused(client_->post("/api/tables", spec({"Ann", 7})), 400, "malformed_request",
                 "request body: names: element 1 must be a string");
  expect_refused(client_->post("/api/tables", spec("Ann")), 400, "malformed_request",
                 "request body: field 'names' must be an array");
  EXPECT_EQ(client_->get("/api/tables").body["tables"].size(), 1u);  // nothing was created
}

// Issue 18: an AI seat may not search past the operator's caps (AiLimits' defaults here).
TEST_F(RefusalTest, AnAiBudgetAboveTheServersLimits) {
  expect_refused(client_->post("/api/tables", json{{"game", "rise-hex"}, {"seats", {"human", "mcts:ms=3600000"}}}),
                 400, "bad_table",
                 "AI 'mcts:ms=3600000': ms=3600000 (milliseconds a move) is above this server's limit of 5000 "
                 "(rise serve --max-ai-ms)");
  expect_refused(client_->post("/api/tables", json{{"game", "rise-tcg"}, {"seats", {"ismcts:iters=100000000", "human"}}}),
                 400, "bad_table",
                 "AI 'ismcts:iters=100000000': iters=100000000 (iterations a move) is above this server's limit of "
                 "100000 (rise serve --max-ai-iterations)");
  // Issue 37: the settings that scale a move's work besides iterations and time are capped
  // too (mcts:iters=100000,rollout=100000 took 50 s a move in rise-hex).
  expect_refused(client_->post("/api/tables", json{{"game", "rise-hex"},
                                                   {"seats", {"human", "mcts:iters=100000,rollout=100000"}}}),
                 400, "bad_table",
                 "AI 'mcts:iters=100000,rollout=100000': rollout=100000 (random actions after each leaf) is above "
                 "this server's limit of 200 (rise serve --max-ai-rollout)");
  expect_refused(client_->post("/api/tables", json{{"game", "rise-tcg"},
                                                   {"seats", {"ismcts:nodes=200000000", "human"}}}),
                 400, "bad_table",
                 "AI 'ismcts:nodes=200000000': nodes=200000000 (nodes of a search tree) is above this server's "
                 "limit of 2000000 (rise serve --max-ai-nodes)");
  // A network file is never read on a client's word (its errors would reveal the server's
  // files): the same refusal whether the file exists or not.
  for (const char* path : {"/etc/passwd", "/no/such/file"}) {
    const std::string ai = std::string("ismcts:net=") + path;
    expect_refused(client_->post("/api/tables", json{{"game", "raise-rise-die"}, {"seats", {"human", ai}}}), 400,
                   "bad_table", "AI '" + ai + "': this server plays only its shipped networks (net=default), not a file");
  }
  EXPECT_EQ(client_->get("/api/tables").body["tables"].size(), 1u);  // nothing was created
  const Answer at_cap = client_->post("/api/tables", json{{"game", "rise-hex"}, {"seats", {"human", "mcts:ms=5000"}}});
  EXPECT_EQ(at_cap.status, 201) << at_cap.body.dump();
}

}  // namespace
}  // namespace rise::server::testing
