// Tests of the computer players and the match runner, on rise-hex positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "winning_jump.h"
#include "rise/ai/greedy.h"
#include "rise/ai/match.h"
#include "rise/ai/mcts.h"
#include "rise/ai/player.h"
#include "rise/ai/random_player.h"
#include "rise/core/error.h"
#include "rise/core/registry.h"
#include "rise/core/replay.h"

namespace {

using rise::Action;
using rise::InputError;
using rise::State;

const rise::Game& hex() { return rise::find_game("rise-hex"); }

using rise::ai_test::winning_jump_position;

TEST(PlayerSpec, ParsesKindAndSettings) {
  rise::ai::PlayerSpec spec = rise::ai::parse_player_spec("mcts:iters=300,c=0.25");
  EXPECT_EQ(spec.kind, "mcts");
  EXPECT_EQ(spec.settings.at("iters"), "300");
  EXPECT_EQ(spec.settings.at("c"), "0.25");
  EXPECT_EQ(rise::ai::parse_player_spec("random").settings.size(), 0u);
}

TEST(PlayerSpec, RefusesBadSpecs) {
  EXPECT_THROW(rise::ai::make_player("alphazero", 1), InputError);
  EXPECT_THROW(rise::ai::make_player("mcts:depth=3", 1), InputError);     // unknown setting
  EXPECT_THROW(rise::ai::make_player("mcts:iters=0", 1), InputError);     // out of range
  EXPECT_THROW(rise::ai::make_player("mcts:iters=ten", 1), InputError);   // not a number
  EXPECT_THROW(rise::ai::make_player("mcts:iters", 1), InputError);       // no '='
  EXPECT_THROW(rise::ai::make_player("random:x=1", 1), InputError);       // takes no settings
  try {
    rise::ai::make_player("mcts:c=-1", 1);
    FAIL() << "negative exploration accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("c=-1"), std::string::npos) << e.what();
  }
}

TEST(PlayerSpec, MctsSpecRecreatesThePlayer) {
  auto p = rise::ai::make_player("mcts:iters=123,c=0.25,rollout=3", 1);
  EXPECT_EQ(p->spec(), "mcts:iters=123,c=0.25,rollout=3,nodes=2000000");
  EXPECT_EQ(rise::ai::make_player(p->spec(), 1)->spec(), p->spec());
}

TEST(RandomPlayer, PlaysLegalActionsReproducibly) {
  auto play = [](uint64_t seed) {
    rise::ai::RandomPlayer player(seed);
    auto s = hex().new_initial_state(0, {}, 2);
    for (int i = 0; i < 40 && !s->is_terminal(); ++i) {
      Action a = player.choose_action(*s);
      EXPECT_TRUE(s->is_legal(a));
      s->apply_action(a);
    }
    return s->to_json().dump();
  };
  EXPECT_EQ(play(7), play(7));
  EXPECT_NE(play(7), play(8));
}

TEST(GreedyPlayer, TakesTheWinningJump) {
  auto s = winning_jump_position();
  rise::ai::GreedyPlayer greedy(3);
  EXPECT_EQ(s->action_to_string(greedy.choose_action(*s)), "jump 1,0>3,0");
}

TEST(MctsPlayer, TakesTheWinningJump) {
  auto s = winning_jump_position();
  rise::ai::MctsPlayer mcts(rise::ai::MctsSettings{.iterations = 300}, 5);
  EXPECT_EQ(s->action_to_string(mcts.choose_action(*s)), "jump 1,0>3,0");
  EXPECT_EQ(mcts.last_iterations(), 300);
  // The winning child gets most of the visits.
  auto visits = mcts.root_visits();
  auto best = std::max_element(visits.begin(), visits.end(),
                               [](const auto& a, const auto& b) { return a.second < b.second; });
  EXPECT_EQ(s->action_to_string(best->first), "jump 1,0>3,0");
}

TEST(MctsPlayer, ReusesItsTreeOnTheNextDecision) {
  // Blue has two actions per turn: the second decision continues from the first one's tree.
  auto s = hex().new_initial_state(0, {}, 2);
  s->apply_action(s->string_to_action("worker 2,0"));  // red's single first action
  rise::ai::MctsPlayer mcts(rise::ai::MctsSettings{.iterations = 2000}, 9);
  s->apply_action(mcts.choose_action(*s));
  EXPECT_EQ(mcts.reused_visits(), 0);
  s->apply_action(mcts.choose_action(*s));
  EXPECT_GT(mcts.reused_visits(), 0);
  // A position that does not continue the last search starts a fresh tree.
  auto other = winning_jump_position();
  mcts.choose_action(*other);
  EXPECT_EQ(mcts.reused_visits(), 0);
}

// A search of a minute, asked to stop from another thread (a server shutting down), ends
// at once with a legal action; mcts and ismcts alike.
TEST(Player, RequestStopEndsARunningSearch) {
  for (const char* game_id : {"rise-hex", "rise-tcg"}) {
    const std::string kind = std::string(game_id) == "rise-hex" ? "mcts" : "ismcts";
    std::unique_ptr<rise::State> state = rise::find_game(game_id).new_initial_state(3, {}, 2);
    std::unique_ptr<rise::ai::Player> player = rise::ai::make_player(kind + ":ms=60000", 1);
    rise::Action chosen = -1;
    const auto started = std::chrono::steady_clock::now();
    std::thread search([&] { chosen = player->choose_action(*state); });
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    player->request_stop();
    search.join();
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(5)) << kind;
    EXPECT_TRUE(state->is_legal(chosen)) << kind;
  }
}

// Issue 37: a move's hard time limit ends a search whose own budget (a hundred million
// iterations, each with rollouts of 100,000 actions) would run for hours.
TEST(Player, AMoveTimeLimitEndsASearchWhateverItsSettings) {
  for (const char* game_id : {"rise-hex", "rise-tcg"}) {
    const std::string kind = std::string(game_id) == "rise-hex" ? "mcts" : "ismcts";
    std::unique_ptr<rise::State> state = rise::find_game(game_id).new_initial_state(3, {}, 2);
    std::unique_ptr<rise::ai::Player> player = rise::ai::make_player(kind + ":iters=100000000,rollout=100000", 1);
    EXPECT_EQ(player->move_time_limit(), 0) << kind;
    player->set_move_time_limit(100);
    EXPECT_EQ(player->move_time_limit(), 100) << kind;
    const auto started = std::chrono::steady_clock::now();
    const rise::Action chosen = player->choose_action(*state);
    const auto took = std::chrono::steady_clock::now() - started;
    EXPECT_GE(took, std::chrono::milliseconds(100)) << kind;
    EXPECT_LT(took, std::chrono::seconds(5)) << kind;  // the limit plus one playout, with sanitizers
    EXPECT_TRUE(state->is_legal(chosen)) << kind;
    EXPECT_THROW(player->set_move_time_limit(-1), std::invalid_argument) << kind;
  }
}

TEST(MctsPlayer, TimeBudgetRunsAtLeastOneIteration) {
  auto s = hex().new_initial_state(0, {}, 2);
  rise::ai::MctsPlayer mcts(rise::ai::MctsSettings{.milliseconds = 20}, 1);
  Action a = mcts.choose_action(*s);
  EXPECT_TRUE(s->is_legal(a));
  EXPECT_GT(mcts.last_iterations(), 0);
}

TEST(Match, WilsonInterval) {
  rise::ai::Interval i = rise::ai::wilson_interval(50, 100);
  EXPECT_NEAR(i.rate, 0.5, 1e-12);
  EXPECT_NEAR(i.low, 0.4038, 1e-4);
  EXPECT_NEAR(i.high, 0.5962, 1e-4);
  rise::ai::Interval all = rise::ai::wilson_interval(200, 200);
  EXPECT_NEAR(all.high, 1.0, 1e-12);
  EXPECT_NEAR(all.low, 0.9812, 1e-4);
}

TEST(Match, RotatesSeatsAndIsReproducibleAcrossThreadCounts) {
  rise::ai::MatchConfig config;
  config.game = "rise-hex";
  config.players = {"greedy", "random"};
  config.games = 6;
  config.seed = 42;
  config.options = {{"turn_limit", "40"}};
  auto one = rise::ai::run_match(config);
  config.threads = 2;
  auto two = rise::ai::run_match(config);
  ASSERT_EQ(one.size(), 6u);
  for (size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].returns, two[i].returns);
    EXPECT_EQ(one[i].actions, two[i].actions);
    EXPECT_EQ(one[i].seat_player[0], static_cast<int>(i % 2));  // seats rotate
  }
  rise::ai::MatchSummary sum = rise::ai::summarize(config, one);
  EXPECT_EQ(sum.games, 6);
  for (const auto& ps : sum.players) EXPECT_EQ(ps.wins + ps.draws + ps.losses, 6);
  EXPECT_EQ(sum.players[0].wins, sum.players[1].losses);
  EXPECT_GT(sum.players[0].wins, sum.players[1].wins);  // greedy beats random
}

// The lab counts cards from GameRecord::card_uses instead of replaying every game (issue 36
// review): they are the final state's State::card_uses, as a replay of the game gives them.
TEST(Match, KeptCardUsesAreTheFinalStates) {
  rise::ai::MatchConfig config;
  config.game = "raise-rise-die";
  config.players = {"random", "random"};
  config.games = 4;
  config.seed = 9;
  config.keep_replays = true;
  config.keep_card_uses = true;
  for (const rise::ai::GameRecord& rec : rise::ai::run_match(config)) {
    const std::vector<std::vector<rise::CardUse>> replayed = rise::run_replay(rec.replay)->card_uses();
    ASSERT_EQ(rec.card_uses.size(), 2u);
    ASSERT_EQ(rec.card_uses.size(), replayed.size());
    for (size_t s = 0; s < replayed.size(); ++s) {
      ASSERT_FALSE(replayed[s].empty());
      ASSERT_EQ(rec.card_uses[s].size(), replayed[s].size());
      for (size_t k = 0; k < replayed[s].size(); ++k) {
        EXPECT_EQ(rec.card_uses[s][k].card, replayed[s][k].card);
        EXPECT_EQ(rec.card_uses[s][k].drawn, replayed[s][k].drawn);
        EXPECT_EQ(rec.card_uses[s][k].played_turn, replayed[s][k].played_turn);
      }
    }
  }
  config.keep_card_uses = false;
  EXPECT_TRUE(rise::ai::run_match(config).at(0).card_uses.empty());
}

// A deck is named the same everywhere: a file by its name without extension, an id as is.
TEST(Match, SeatDecksAndDeckIds) {
  EXPECT_EQ(rise::ai::deck_id("my/decks/aggro.yaml"), "aggro");
  EXPECT_EQ(rise::ai::deck_id("aggro.yml"), "aggro");
  EXPECT_EQ(rise::ai::deck_id("starter-fire"), "starter-fire");
  rise::ai::MatchConfig config;
  config.game = "rise-tcg";
  config.players = {"random", "random"};
  config.options = {{"decks", "cinderstorm,deepcurrent"}};
  EXPECT_EQ(rise::ai::seat_decks(config), (std::vector<std::string>{"cinderstorm", "deepcurrent"}));
  config.game = "rise-hex";
  config.options = {};
  EXPECT_TRUE(rise::ai::seat_decks(config).empty());  // a game without decks
}

TEST(Match, RefusesBadConfigs) {
  rise::ai::MatchConfig config;
  config.game = "rise-hex";
  config.players = {"random"};
  EXPECT_THROW(rise::ai::run_match(config), InputError);  // one seat
  config.players = {"random", "human"};
  EXPECT_THROW(rise::ai::run_match(config), InputError);  // not a computer player
  config.players = {"random", "random"};
  config.threads = 0;
  EXPECT_THROW(rise::ai::run_match(config), InputError);
  config.threads = 1;
  config.game = "chess";
  EXPECT_THROW(rise::ai::run_match(config), InputError);
}

}  // namespace
