// Tests of the ismcts player, on the hidden-high-card test game (hidden_high_card.h,
// registered only in the ai test binaries) and on a rise-hex position.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "hidden_high_card.h"
#include "winning_jump.h"
#include "rise/ai/ismcts.h"
#include "rise/ai/match.h"
#include "rise/ai/mcts.h"
#include "rise/ai/player.h"
#include "rise/ai/random_player.h"
#include "rise/core/error.h"
#include "rise/core/registry.h"

namespace {

using rise::Action;
using rise::InputError;
using rise::State;
using rise::ai::IsmctsPlayer;
using rise::ai::IsmctsSettings;

const rise::Game& high_card() { return rise::find_game("hidden-high-card"); }
const rise::Game& high_card_eval() { return rise::find_game("hidden-high-card-eval"); }

// The game of `seed` after `steps` uniformly random actions (drawn from `seed` too).
std::unique_ptr<State> random_position(const rise::Game& game, uint64_t seed, int steps) {
  auto s = game.new_initial_state(seed, {}, 2);
  rise::ai::RandomPlayer random(seed + 77);
  for (int i = 0; i < steps && !s->is_terminal(); ++i) s->apply_action(random.choose_action(*s));
  return s;
}

TEST(IsmctsSpec, ParsesAndRecreatesThePlayer) {
  auto p = rise::ai::make_player("ismcts", 1);
  EXPECT_EQ(p->spec(), "ismcts:iters=1000,c=0.7,rollout=16,nodes=2000000");
  auto q = rise::ai::make_player("ismcts:iters=50,c=1.5,rollout=4,nodes=5000", 1);
  EXPECT_EQ(q->spec(), "ismcts:iters=50,c=1.5,rollout=4,nodes=5000");
  EXPECT_EQ(rise::ai::make_player(q->spec(), 1)->spec(), q->spec());
  EXPECT_EQ(rise::ai::make_player("ismcts:ms=30", 1)->spec(), "ismcts:ms=30,c=0.7,rollout=16,nodes=2000000");
  EXPECT_THROW(rise::ai::make_player("ismcts:iters=0", 1), InputError);
  EXPECT_THROW(rise::ai::make_player("ismcts:depth=2", 1), InputError);
  EXPECT_THROW(rise::ai::make_player("ismcts:c=x", 1), InputError);
  bool listed = false;
  for (const auto& [kind, help] : rise::ai::player_kinds()) listed = listed || kind == "ismcts";
  EXPECT_TRUE(listed);
}

// The test game keeps the determinization contract, so that the tests below test the player.
TEST(HiddenHighCard, ResampleKeepsTheObservationAndRedealsTheRest) {
  rise::Rng rng(5);
  int redealt = 0, samples = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    for (int steps = 0; steps <= rise::testgame::kActions; ++steps) {
      auto s = random_position(high_card(), seed, steps);
      for (rise::PlayerId p = 0; p < 2; ++p) {
        auto r = s->resample_hidden(p, rng);
        EXPECT_EQ(r->observation_json(p).dump(), s->observation_json(p).dump());
        EXPECT_TRUE(r->history().empty());
        if (s->current_player() == p) {
          EXPECT_EQ(r->legal_actions(), s->legal_actions());
        }
        // The sample is a valid state of the game.
        EXPECT_EQ(high_card().state_from_json(r->to_json())->to_json(), r->to_json());
        ++samples;
        redealt += r->to_json() != s->to_json();
      }
    }
  }
  // Only the final position hides nothing: every card but the two set aside has been seen.
  EXPECT_GT(redealt, samples * 3 / 4);
}

TEST(IsmctsPlayer, PlaysOnlyLegalActionsToTheEnd) {
  for (const rise::Game* game : {&high_card(), &high_card_eval()}) {
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      IsmctsPlayer a(IsmctsSettings{.iterations = 200}, seed), b(IsmctsSettings{.iterations = 200}, seed + 100);
      auto s = game->new_initial_state(seed, {}, 2);
      int decisions = 0;
      while (!s->is_terminal()) {
        const Action chosen = (s->current_player() == 0 ? a : b).choose_action(*s);
        ASSERT_TRUE(s->is_legal(chosen)) << game->info().id << " seed " << seed << ": " << chosen;
        s->apply_action(chosen);
        ++decisions;
      }
      EXPECT_EQ(decisions, rise::testgame::kActions);
    }
  }
}

TEST(IsmctsPlayer, ReturnsAForcedActionAtOnce) {
  // The last trick: each player holds one card.
  auto s = random_position(high_card(), 3, rise::testgame::kActions - 2);
  ASSERT_EQ(s->legal_actions().size(), 1u);
  IsmctsPlayer player(IsmctsSettings{.iterations = 500}, 1);
  EXPECT_EQ(player.choose_action(*s), s->legal_actions().front());
  EXPECT_EQ(player.last_iterations(), 0);
}

TEST(IsmctsPlayer, IsReproducibleWithASeed) {
  auto s = random_position(high_card(), 11, 1);  // seat 1 answers a led card
  ASSERT_GT(s->legal_actions().size(), 1u);
  auto search = [&](uint64_t seed) {
    IsmctsPlayer player(IsmctsSettings{.iterations = 400}, seed);
    const Action a = player.choose_action(*s);
    EXPECT_EQ(player.last_iterations(), 400);
    return std::make_pair(a, player.root_visits());
  };
  EXPECT_EQ(search(21), search(21));
  // Whole games between two seeded players are reproducible too.
  rise::ai::MatchConfig config;
  config.game = "hidden-high-card";
  config.players = {"ismcts:iters=100", "ismcts:iters=100,c=1.5"};
  config.games = 4;
  config.seed = 9;
  auto first = rise::ai::run_match(config);
  auto second = rise::ai::run_match(config);
  for (size_t i = 0; i < first.size(); ++i) EXPECT_EQ(first[i].returns, second[i].returns);
}

TEST(IsmctsPlayer, TimeBudgetRunsAtLeastOneIteration) {
  auto s = high_card().new_initial_state(4, {}, 2);
  IsmctsPlayer player(IsmctsSettings{.milliseconds = 20}, 1);
  EXPECT_TRUE(s->is_legal(player.choose_action(*s)));
  EXPECT_GT(player.last_iterations(), 0);
}

// Two positions that differ only in what seat `me` cannot see: the other hand, the deck
// order and the set-aside cards. The copy swaps the other hand's lowest card with the top
// of the deck (or, once the deck is empty, with a set-aside card) and reverses the deck.
nlohmann::json hide_differently(const nlohmann::json& state, rise::PlayerId me) {
  nlohmann::json out = state;
  nlohmann::json& other = out["hands"][static_cast<size_t>(1 - me)];
  nlohmann::json& pile = out["deck"].empty() ? out["set_aside"] : out["deck"];
  if (!other.empty()) {
    std::swap(other[0], pile[0]);
    std::vector<int> sorted = other.get<std::vector<int>>();
    std::sort(sorted.begin(), sorted.end());
    other = sorted;
  }
  std::vector<int> d = out["deck"].get<std::vector<int>>();
  std::reverse(d.begin(), d.end());
  out["deck"] = d;
  return out;
}

TEST(IsmctsPlayer, NeverReadsHiddenInformation) {
  // Same observation for the searching seat, different hidden cards, same seed: the same
  // choice and the same search statistics.
  int compared = 0, choices_differing_by_seed = 0, cheats_caught = 0;
  for (const rise::Game* game : {&high_card(), &high_card_eval()}) {
    for (uint64_t seed = 1; seed <= 12; ++seed) {
      for (int steps = static_cast<int>(seed % 2); steps < rise::testgame::kActions; steps += 2) {
        auto real = random_position(*game, seed, steps);
        const rise::PlayerId me = real->current_player();
        if (real->legal_actions().size() < 2) continue;
        auto other = game->state_from_json(hide_differently(real->to_json(), me));
        if (other->to_json() == real->to_json()) continue;  // nothing hidden left to change
        ASSERT_EQ(other->observation_json(me).dump(), real->observation_json(me).dump());
        IsmctsPlayer on_real(IsmctsSettings{.iterations = 100}, seed * 31 + 7);
        IsmctsPlayer on_other(IsmctsSettings{.iterations = 100}, seed * 31 + 7);
        EXPECT_EQ(on_real.choose_action(*real), on_other.choose_action(*other))
            << game->info().id << " seed " << seed << " after " << steps << " actions";
        EXPECT_EQ(on_real.root_visits(), on_other.root_visits());
        ++compared;
        IsmctsPlayer reseeded(IsmctsSettings{.iterations = 100}, seed * 31 + 8);
        reseeded.choose_action(*real);
        choices_differing_by_seed += reseeded.root_visits() != on_real.root_visits();
        // A player that does read hidden information (mcts searches the real position)
        // is caught by the same comparison.
        rise::ai::MctsPlayer cheat_real(rise::ai::MctsSettings{.iterations = 100}, seed);
        rise::ai::MctsPlayer cheat_other(rise::ai::MctsSettings{.iterations = 100}, seed);
        cheat_real.choose_action(*real);
        cheat_other.choose_action(*other);
        cheats_caught += cheat_real.root_visits() != cheat_other.root_visits();
      }
    }
  }
  std::printf("%d position pairs compared; the seed changed the statistics in %d, mcts was caught in %d\n",
              compared, choices_differing_by_seed, cheats_caught);
  EXPECT_GE(compared, 80);
  // The comparison is not vacuous: the statistics depend on the seed, and on hidden
  // information for a player that reads it.
  EXPECT_GT(choices_differing_by_seed, compared / 2);
  EXPECT_GT(cheats_caught, compared / 2);
}

TEST(IsmctsPlayer, TouchesTheRealPositionOnlyThroughResampleHidden) {
  // The test game counts every call that could reveal hidden information (clone,
  // to_json, observation_json, returns, evaluate, applying an action, ...).
  for (const rise::Game* game : {&high_card(), &high_card_eval()}) {
    auto s = random_position(*game, 8, 1);
    auto* hc = dynamic_cast<rise::testgame::HighCardState*>(s.get());
    ASSERT_NE(hc, nullptr);
    int reads = 0;
    hc->set_spy(&reads);
    IsmctsPlayer player(IsmctsSettings{.iterations = 200}, 3);
    player.choose_action(*s);
    EXPECT_EQ(reads, 0) << game->info().id;
    s->to_json();  // the hook itself works
    EXPECT_EQ(reads, 1);
  }
}

TEST(IsmctsPlayer, TakesTheWinningJumpInAPerfectInformationGame) {
  // rise-hex has perfect information: resample_hidden is clone(), and ISMCTS is plain UCT.
  auto s = rise::ai_test::winning_jump_position();
  IsmctsPlayer player(IsmctsSettings{.iterations = 300}, 5);
  EXPECT_EQ(s->action_to_string(player.choose_action(*s)), "jump 1,0>3,0");
}

}  // namespace
