// Which players read hidden information (Player::reads_hidden_information, docs/ai.md): each
// player's answer checked against what it touches of a real hidden-information position
// (the hidden-high-card test game counts every call that could reveal a hidden card), the
// spec form, and the list of such specs that `rise sim --json` and the commands report.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "hidden_high_card.h"
#include "rise/ai/match.h"
#include "rise/ai/player.h"
#include "rise/core/error.h"
#include "rise/core/registry.h"

namespace {

using rise::InputError;

const std::vector<std::string> kEveryKind = {"random", "greedy", "mcts:iters=50", "ismcts:iters=50"};

TEST(ReadsHiddenInformation, EachPlayerSaysWhetherItTouchesHiddenCards) {
  // Seat 1 answers a led card: several legal actions, hidden cards in the other hand and
  // the deck.
  const rise::Game& game = rise::find_game("hidden-high-card-eval");
  ASSERT_FALSE(game.info().perfect_information);
  int readers = 0;
  for (const std::string& spec : kEveryKind) {
    auto state = game.new_initial_state(4, {}, 2);
    state->apply_action(state->legal_actions().front());
    ASSERT_GT(state->legal_actions().size(), 1u);
    auto* spied = dynamic_cast<rise::testgame::HighCardState*>(state.get());
    ASSERT_NE(spied, nullptr);
    int reads = 0;
    spied->set_spy(&reads);
    auto player = rise::ai::make_player(spec, 7);
    player->choose_action(*state);
    EXPECT_EQ(player->reads_hidden_information(), reads > 0) << spec << ": " << reads << " reads";
    EXPECT_EQ(rise::ai::spec_reads_hidden_information(spec), player->reads_hidden_information()) << spec;
    readers += player->reads_hidden_information();
  }
  EXPECT_EQ(readers, 2);  // greedy and mcts
  EXPECT_TRUE(rise::ai::spec_reads_hidden_information("greedy"));
  EXPECT_TRUE(rise::ai::spec_reads_hidden_information("mcts"));
  EXPECT_FALSE(rise::ai::spec_reads_hidden_information("random"));
  EXPECT_FALSE(rise::ai::spec_reads_hidden_information("ismcts"));
}

TEST(ReadsHiddenInformation, ASpecIsRefusedAsMakePlayerRefusesIt) {
  for (const char* bad : {"alphazero", "greedy:depth=2", "mcts:iters=0", "ismcts:c=x", ":iters=3"}) {
    std::string expected;
    try {
      rise::ai::make_player(bad, 1);
    } catch (const InputError& e) {
      expected = e.what();
    }
    ASSERT_FALSE(expected.empty()) << bad;
    try {
      rise::ai::spec_reads_hidden_information(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()), expected) << bad;
    }
  }
}

TEST(OmniscientPlayers, NamesEachReadingSpecOnceInAHiddenInformationGame) {
  const std::vector<std::string> specs = {"greedy",          "random", "mcts:iters=5", "greedy",
                                          "ismcts:iters=5", "mcts:iters=6", "mcts:iters=5"};
  EXPECT_EQ(rise::ai::omniscient_players(rise::find_game("rise-tcg").info(), specs),
            (std::vector<std::string>{"greedy", "mcts:iters=5", "mcts:iters=6"}));
  EXPECT_TRUE(rise::ai::omniscient_players(rise::find_game("rise-tcg").info(), {"random", "ismcts"}).empty());
  // rise-hex hides nothing: no player reads hidden information there, but a bad spec is
  // refused all the same.
  ASSERT_TRUE(rise::find_game("rise-hex").info().perfect_information);
  EXPECT_TRUE(rise::ai::omniscient_players(rise::find_game("rise-hex").info(), specs).empty());
  EXPECT_THROW(rise::ai::omniscient_players(rise::find_game("rise-hex").info(), {"greedy", "nobody"}), InputError);
}

TEST(OmniscientPlayers, TheSimSummaryListsThem) {
  rise::ai::MatchConfig config;
  config.game = "hidden-high-card";
  config.players = {"greedy", "ismcts:iters=10"};
  const rise::ai::MatchSummary none;
  EXPECT_EQ(rise::ai::summary_to_json(config, none)["omniscient_players"], nlohmann::json({"greedy"}));
  config.players = {"random", "ismcts:iters=10"};
  EXPECT_EQ(rise::ai::summary_to_json(config, none)["omniscient_players"], nlohmann::json::array());
  config.game = "rise-hex";
  config.players = {"greedy", "mcts"};
  EXPECT_EQ(rise::ai::summary_to_json(config, none)["omniscient_players"], nlohmann::json::array());
}

}  // namespace
