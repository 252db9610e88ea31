// Stepping through a finished game (GET /api/tables/ID/view?at=N): the spectators' view of
// each earlier position, replayed from the table's seed, and its refusals.
#include <chrono>
#include <thread>

#include "rise/core/registry.h"
#include "rise/core/replay.h"
#include "server_fixture.h"

namespace rise::server::testing {
namespace {

// dark-legacy (hidden hands, a d20, shuffled libraries), two random AIs, over in 2 turns.
const Options kOptions = {{"turn_limit", "2"}};
constexpr uint64_t kSeed = 3;

class ReplayViewTest : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    start_server();
    table_ = create({{"game", "dark-legacy"}, {"options", {{"turn_limit", "2"}}}, {"seats", {"random", "random"}},
                     {"seed", kSeed}});
    end_ = wait_terminal(table_.id, "");
  }

  Answer at(const std::string& n, const std::string& id = "") {
    return client_->get("/api/tables/" + (id.empty() ? table_.id : id) + "/view?at=" + n);
  }

  // What every view of the table adds to public_view: its id, game, seats and undo votes.
  json with_table(json view) const {
    view["table"] = table_.id;
    view["game"] = "dark-legacy";
    view["seats"] = {{{"seat", 0}, {"kind", "random"}}, {{"seat", 1}, {"kind", "random"}}};
    view["undo_requested"] = json::array();
    view["fair"] = {{"chosen_by", "creator"}, {"seed", std::to_string(kSeed)}};  // revealed: the game is over
    return view;
  }

  CreatedTable table_;
  json end_;
};

TEST_F(ReplayViewTest, AtZeroIsThePublicViewOfTheInitialState) {
  const std::unique_ptr<State> initial = find_game("dark-legacy").new_initial_state(kSeed, kOptions, 2);
  const Answer a = at("0");
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body, with_table({{"version", 0},
                                {"seat", -1},
                                {"current_player", initial->current_player()},
                                {"decision", "choose the pre-battle Equipment (Rule DL-5.1)"},
                                {"terminal", false},
                                {"returns", {0.0, 0.0}},
                                {"observation", initial->public_observation_json()},
                                {"legal", json::array()},
                                {"log", json::array()}}));
  EXPECT_EQ(a.body["observation"]["viewer"], "spectator");
}

TEST_F(ReplayViewTest, AtTheVersionIsTheSpectatorsViewByteForByte) {
  const int version = end_["version"].get<int>();
  ASSERT_GT(version, 4);
  EXPECT_EQ(client_->get_text("/api/tables/" + table_.id + "/view?at=" + std::to_string(version)),
            client_->get_text("/api/tables/" + table_.id + "/view"));
}

TEST_F(ReplayViewTest, EachStepIsThePositionAfterThatManyActionsOfTheReplay) {
  const Replay replay = replay_from_json(client_->get("/api/tables/" + table_.id + "/replay").body, "replay");
  const json public_log = end_["log"];
  ASSERT_EQ(public_log.size(), replay.actions.size());
  std::unique_ptr<State> local = find_game("dark-legacy").new_initial_state(kSeed, kOptions, 2);
  for (size_t k = 0; k <= replay.actions.size(); ++k) {
    const Answer a = at(std::to_string(k));
    ASSERT_EQ(a.status, 200) << k << ": " << a.body.dump();
    EXPECT_EQ(a.body["version"], k);
    EXPECT_EQ(a.body["seat"], -1);
    EXPECT_EQ(a.body["terminal"], local->is_terminal()) << k;
    EXPECT_EQ(a.body["current_player"], local->is_terminal() ? -1 : local->current_player()) << k;
    EXPECT_EQ(a.body["observation"], local->public_observation_json()) << k;
    EXPECT_EQ(a.body["legal"], json::array());
    EXPECT_EQ(a.body["log"], json(std::vector<json>(public_log.begin(), public_log.begin() + static_cast<long>(k))));
    if (k < replay.actions.size()) local->apply_action(local->string_to_action(replay.actions[k]));
  }
}

TEST_F(ReplayViewTest, AKeyIsNotUsedAndARestartedServerShowsTheSameSteps) {
  const CreatedTable t = create({{"game", "rise-hex"}, {"options", {{"turn_limit", "1"}}}, {"seats", {"human", "human"}}});
  ASSERT_EQ(act_first_legal(t).status, 200);  // red's opening action ends a 1-turn game
  const Answer with_key = client_->get("/api/tables/" + t.id + "/view?at=0&key=" + t.keys[0]);
  ASSERT_EQ(with_key.status, 200) << with_key.body.dump();
  EXPECT_EQ(with_key.body["seat"], -1);
  EXPECT_EQ(with_key.body, at("0", t.id).body);
  const std::string step = client_->get_text("/api/tables/" + table_.id + "/view?at=3");
  stop_server();
  start_server();  // the finished table is read back from the store on demand
  EXPECT_EQ(client_->get_text("/api/tables/" + table_.id + "/view?at=3"), step);
}

// Issue 38: the review of a finished game (GET .../review): asked, it runs on the review
// pool and answers its progress (202), then the review of every decision of the replay (200),
// the same to everyone, kept; an unfinished table is refused.
TEST_F(ReplayViewTest, AFinishedGameIsReviewedOnceAndTheReviewIsKept) {
  const std::string path = "/api/tables/" + table_.id + "/review";
  Answer a = client_->get(path);
  ASSERT_EQ(a.status, 202) << a.body.dump();
  EXPECT_TRUE(a.body.contains("done") && a.body.contains("total")) << a.body.dump();
  for (int i = 0; i < 3000 && a.status == 202; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    a = client_->get(path);
    if (a.status == 202) EXPECT_LE(a.body["done"].get<int>(), a.body["total"].get<int>());
  }
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["game"], "dark-legacy");
  // Every decision of both seats, in order, each named as its seat read it.
  const json replay = client_->get("/api/tables/" + table_.id + "/replay").body;
  const Replay r = replay_from_json(replay, "the replay");
  ASSERT_EQ(a.body["decisions"].size(), r.actions.size());
  std::unique_ptr<State> state = find_game("dark-legacy").new_initial_state(kSeed, r.options, 2);
  for (size_t i = 0; i < r.actions.size(); ++i) {
    const json& d = a.body["decisions"][i];
    const Action action = state->string_to_action(r.actions[i]);
    EXPECT_EQ(d["index"], i);
    EXPECT_EQ(d["seat"], state->current_player());
    EXPECT_EQ(d["played"], state->describe_action(action, state->current_player()));
    EXPECT_GE(d["loss"].get<double>(), 0.0);
    state->apply_action(action);
  }
  EXPECT_EQ(a.body["seats"].size(), 2u);
  EXPECT_EQ(client_->get(path).body, a.body);  // kept: the same answer at once

  // A game still being played is not reviewed.
  const CreatedTable open = create(hex_two_humans());
  const Answer early = client_->get("/api/tables/" + open.id + "/review");
  EXPECT_EQ(early.status, 409);
  EXPECT_EQ(early.body["error"], "game_not_over");
}

TEST_F(ReplayViewTest, Refusals) {
  const std::string version = std::to_string(end_["version"].get<int>());
  const std::string past = std::to_string(end_["version"].get<int>() + 1);
  EXPECT_EQ(at(past).status, 400);
  EXPECT_EQ(at(past).body, json({{"error", "bad_at"},
                                 {"message", "at=" + past + " is past the end of the game at table '" + table_.id +
                                                 "' (" + version + " actions)"}}));
  for (const std::string bad : {"-1", "abc", "", "1.5", "+2", "%201", "1234567890"}) {
    const Answer a = at(bad);
    EXPECT_EQ(a.status, 400) << bad;
    EXPECT_EQ(a.body["error"], "bad_at") << bad << ": " << a.body.dump();
  }
  EXPECT_EQ(at("abc").body["message"],
            "at='abc' is not a number of actions (a whole number from 0 to the table's version)");
  EXPECT_EQ(at("0", "0123456789abcdef").status, 404);
  // A running game: refused like its replay, whatever the step.
  const CreatedTable running = create({{"game", "rise-hex"}, {"seats", {"human", "human"}}, {"seed", 7}});
  ASSERT_EQ(act_first_legal(running).status, 200);
  const json before = view(running.id, "").body;
  const Answer a = at("0", running.id);
  EXPECT_EQ(a.status, 409);
  EXPECT_EQ(a.body, json({{"error", "game_not_over"},
                          {"message", "the past positions of table '" + running.id +
                                          "' are available once its game is over"}}));
  EXPECT_EQ(view(running.id, "").body, before);
}

}  // namespace
}  // namespace rise::server::testing
