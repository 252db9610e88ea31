// The ismcts player's strength on the hidden-high-card test game (hidden_high_card.h,
// registered only in the binaries that link it): 200 whole games of search, so in the hot
// tree (docs/testing.md); ismcts_test.cpp checks its behaviour under the sanitizers.
#include <gtest/gtest.h>

#include <cstdio>

#include "rise/ai/match.h"

namespace {

// ismcts wins a clear majority against random: 76 of 100 games on each variant with these
// settings (seed 1; about 78% over 400 games with the default 1000 iterations, see
// docs/ai.md). Random against random wins 65 of 100 with probability about 0.002.
TEST(IsmctsPlayer, BeatsRandom) {
  for (const char* game : {"hidden-high-card", "hidden-high-card-eval"}) {
    rise::ai::MatchConfig config;
    config.game = game;
    config.players = {"ismcts:iters=200", "random"};
    config.games = 100;
    config.seed = 1;
    auto records = rise::ai::run_match(config);
    rise::ai::MatchSummary sum = rise::ai::summarize(config, records);
    std::printf("%s: ismcts:iters=200 vs random, %d games: %d wins (95%% CI %.2f..%.2f)\n", game,
                sum.games, sum.players[0].wins, sum.players[0].win.low, sum.players[0].win.high);
    EXPECT_GE(sum.players[0].wins, 65) << game;
  }
}

}  // namespace
