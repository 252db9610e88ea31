// Issue 18, tables with an end: limits per client and in total, idle expiry, resignation,
// deletion by the creator, and finished tables leaving memory (the store keeps them).
#include <thread>

#include "rise/core/replay.h"
#include "server_fixture.h"

namespace rise::server::testing {
namespace {

class TableLimitsTest : public ServerTest {};

TEST_F(TableLimitsTest, OneClientAndTheServerHaveAMostOpenTables) {
  policy_.max_open_per_client = 2;
  policy_.max_open_tables = 3;
  start_server(1);
  create(hex_two_humans());
  create(hex_two_humans());
  const Answer third = client_->post("/api/tables", hex_two_humans());
  EXPECT_EQ(third.status, 429);
  EXPECT_EQ(third.body["error"], "too_many_tables") << third.body.dump();
  // Another client may still create one, until the server's own limit.
  TableSpec spec{"rise-hex", {}, {"human", "human"}, 7, {}};
  manager_->create(spec, "192.0.2.1");
  const Answer full = client_->post("/api/tables", hex_two_humans());
  EXPECT_EQ(full.status, 503);
  EXPECT_EQ(full.body["error"], "server_full");
  EXPECT_EQ(manager_->live_tables(), 3u);
}

TEST_F(TableLimitsTest, AResignationEndsTheTableForEveryoneAndItLeavesMemory) {
  start_server(1);
  const CreatedTable t = create(hex_two_humans());
  ASSERT_EQ(act_first_legal(t).status, 200);
  const std::string resign = "/api/tables/" + t.id + "/resign";
  EXPECT_EQ(client_->post(resign, json{{"key", std::string(32, '0')}}).status, 403);
  const Answer done = client_->post(resign, json{{"key", t.keys[1]}});
  ASSERT_EQ(done.status, 200) << done.body.dump();
  EXPECT_EQ(done.body, json({{"version", 1}, {"ended", "resigned"}}));
  for (const std::string& key : {t.keys[0], t.keys[1], std::string()}) {
    const json v = view(t.id, key).body;
    EXPECT_EQ(v["terminal"], true);
    EXPECT_EQ(v["ended"], "resigned");
    EXPECT_EQ(v["resigned_seat"], 1);
    EXPECT_EQ(v["returns"], json({1.0, -1.0}));
    EXPECT_EQ(v["legal"], json::array());
  }
  const Answer late = act(t.id, t.keys[0], 1, "pass");
  EXPECT_EQ(late.status, 409);
  EXPECT_EQ(late.body["error"], "game_over");
  EXPECT_EQ(client_->post(resign, json{{"key", t.keys[0]}}).body["error"], "game_over");
  EXPECT_EQ(manager_->live_tables(), 0u);
  EXPECT_EQ(client_->get("/api/tables").body["total"], 0);
  // The store keeps the replay, and it says how the game ended (issue 38: it had no result).
  const Answer replay = client_->get("/api/tables/" + t.id + "/replay");
  ASSERT_EQ(replay.status, 200);
  EXPECT_EQ(replay.body["result"], json({{"returns", {1.0, -1.0}}, {"ended", "resigned"}, {"resigned_seat", 1}}));
  EXPECT_EQ(replay_from_json(replay.body, "the replay").resigned_seat, 1);
  EXPECT_NO_THROW(run_replay(replay_from_json(replay.body, "the replay")));  // rise replay reads it
  // And so does a restarted server.
  stop_server();
  start_server(1);
  EXPECT_EQ(view(t.id, "").body["ended"], "resigned");
  EXPECT_EQ(manager_->live_tables(), 0u);
}

TEST_F(TableLimitsTest, TheCreatorDeletesATableWithTheOwnerKeyOnly) {
  start_server(1);
  const CreatedTable t = create(hex_two_humans());
  ASSERT_EQ(t.owner_key.size(), 32u);
  httplib::Client client("127.0.0.1", port_);
  const auto del = [&](const std::string& owner_key) {
    const httplib::Result r =
        client.Delete("/api/tables/" + t.id, json{{"owner_key", owner_key}}.dump(), "application/json");
    return r ? Answer{r->status, json::parse(r->body, nullptr, false)} : Answer{};
  };
  const Answer seat_key = del(t.keys[0]);  // a seat's key is not the owner's
  EXPECT_EQ(seat_key.status, 403);
  EXPECT_EQ(seat_key.body["error"], "bad_owner_key");
  const Answer done = del(t.owner_key);
  EXPECT_EQ(done.status, 200) << done.body.dump();
  EXPECT_EQ(view(t.id, "").status, 404);
  EXPECT_EQ(manager_->live_tables(), 0u);
  EXPECT_EQ(del(t.owner_key).status, 404);
}

TEST_F(TableLimitsTest, AnIdleTableExpiresAndATableInPlayDoesNot) {
  policy_.idle_expiry = std::chrono::seconds(2);
  start_server(1);
  const CreatedTable idle = create(hex_two_humans());
  const CreatedTable busy = create(hex_two_humans());
  std::this_thread::sleep_for(std::chrono::milliseconds(1200));
  ASSERT_EQ(act_first_legal(busy).status, 200);
  std::this_thread::sleep_for(std::chrono::milliseconds(1300));  // idle 2.5 s, busy 1.3 s
  const json gone = view(idle.id, idle.keys[0]).body;
  EXPECT_EQ(gone["terminal"], true) << gone.dump();
  EXPECT_EQ(gone["ended"], "expired");
  EXPECT_EQ(gone["returns"], json({0.0, 0.0}));
  EXPECT_EQ(view(busy.id, busy.keys[0]).body["terminal"], false);
  EXPECT_EQ(manager_->live_tables(), 1u);
}

}  // namespace
}  // namespace rise::server::testing
