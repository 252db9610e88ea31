// Benchmarks of the card games (rise-tcg, dark-legacy, raise-rise-die; starter decks) through
// the core State API, and of ISMCTS on them. Each benchmark runs once per game
// (BENCHMARK_CAPTURE), named BM_Card…/Tcg, BM_Card…/DarkLegacy and BM_Card…/RaiseRiseDie:
// `rise-bench --benchmark_filter=RaiseRiseDie`. Run from a
// Release build: `make bench` (build/release/rise-bench).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "rise/ai/player.h"
#include "rise/core/registry.h"
#include "rise/core/rng.h"
#include "rise/core/state.h"

namespace {

// A card game as benchmarked: its id, its decks, and how many random actions from the
// opening make its mid-game position (short enough that no fixed sequence ends the game).
struct CardGame {
  const char* id;
  const char* decks;
  int64_t mid_game_actions;
};

const CardGame kTcg{"rise-tcg", "cinderstorm,deepcurrent", 120};
const CardGame kDarkLegacy{"dark-legacy", "chaos,darkness", 60};
const CardGame kRaiseRiseDie{"raise-rise-die", "lame,ombre", 40};

std::unique_ptr<rise::State> opening(const CardGame& game, uint64_t seed = 7) {
  return rise::find_game(game.id).new_initial_state(seed, {{"decks", game.decks}}, 2);
}

// game.mid_game_actions uniformly random actions from a fixed opening.
std::unique_ptr<rise::State> mid_game(const CardGame& game) {
  std::unique_ptr<rise::State> state = opening(game);
  rise::Rng rng(20261122);
  std::vector<rise::Action> actions;
  for (int64_t i = 0; i < game.mid_game_actions; ++i) {
    state->legal_actions(actions);
    state->apply_action(actions[rng.below(actions.size())]);
    if (state->is_terminal()) {
      std::fprintf(stderr, "mid_game(%s): the fixed random sequence ended the game; change the seed\n", game.id);
      std::abort();
    }
  }
  return state;
}

// Uniformly random games from a fresh deal (new seed each game) to their end.
void BM_CardRandomPlayout(benchmark::State& bench, const CardGame& game) {
  rise::Rng rng(1);
  std::vector<rise::Action> actions;
  int64_t games = 0, applied = 0;
  uint64_t seed = 1;
  for (auto _ : bench) {
    std::unique_ptr<rise::State> state = opening(game, seed++);
    while (!state->is_terminal()) {
      state->legal_actions(actions);
      state->apply_action(actions[rng.below(actions.size())]);
      ++applied;
    }
    ++games;
    benchmark::DoNotOptimize(state.get());
  }
  bench.counters["games/s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  bench.counters["actions/s"] = benchmark::Counter(static_cast<double>(applied), benchmark::Counter::kIsRate);
  bench.counters["actions/game"] = static_cast<double>(applied) / static_cast<double>(games);
}
BENCHMARK_CAPTURE(BM_CardRandomPlayout, Tcg, kTcg)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_CardRandomPlayout, DarkLegacy, kDarkLegacy)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_CardRandomPlayout, RaiseRiseDie, kRaiseRiseDie)->Unit(benchmark::kMillisecond);

// A new game from a fresh deal (new seed each time), nothing played: what every simulated
// game pays before its first action. Issue 17's deck cache: the deck files are read once per
// configuration (cardgame/config_cache.h), not once per game.
void BM_CardNewGame(benchmark::State& bench, const CardGame& game) {
  uint64_t seed = 1;
  for (auto _ : bench) {
    std::unique_ptr<rise::State> state = opening(game, seed++);
    benchmark::DoNotOptimize(state.get());
  }
}
BENCHMARK_CAPTURE(BM_CardNewGame, Tcg, kTcg);
BENCHMARK_CAPTURE(BM_CardNewGame, DarkLegacy, kDarkLegacy);
BENCHMARK_CAPTURE(BM_CardNewGame, RaiseRiseDie, kRaiseRiseDie);

void BM_CardClone(benchmark::State& bench, const CardGame& game) {
  std::unique_ptr<rise::State> state = mid_game(game);
  for (auto _ : bench) {
    std::unique_ptr<rise::State> copy = state->clone();
    benchmark::DoNotOptimize(copy.get());
  }
}
BENCHMARK_CAPTURE(BM_CardClone, Tcg, kTcg);
BENCHMARK_CAPTURE(BM_CardClone, DarkLegacy, kDarkLegacy);
BENCHMARK_CAPTURE(BM_CardClone, RaiseRiseDie, kRaiseRiseDie);

void BM_CardLegalActions(benchmark::State& bench, const CardGame& game) {
  std::unique_ptr<rise::State> state = mid_game(game);
  std::vector<rise::Action> actions;
  for (auto _ : bench) {
    state->legal_actions(actions);
    benchmark::DoNotOptimize(actions.data());
  }
  bench.counters["actions"] = static_cast<double>(actions.size());
}
BENCHMARK_CAPTURE(BM_CardLegalActions, Tcg, kTcg);
BENCHMARK_CAPTURE(BM_CardLegalActions, DarkLegacy, kDarkLegacy);
BENCHMARK_CAPTURE(BM_CardLegalActions, RaiseRiseDie, kRaiseRiseDie);

// The dense indices of every legal action of the mid-game position: one call per action
// (each checks its action's legality) against dense_actions (one check for the list).
void BM_CardDenseActionEach(benchmark::State& bench, const CardGame& game) {
  std::unique_ptr<rise::State> state = mid_game(game);
  const std::vector<rise::Action> legal = state->legal_actions();
  std::vector<int> dense(legal.size());
  for (auto _ : bench) {
    for (size_t i = 0; i < legal.size(); ++i) dense[i] = state->dense_action(legal[i]);
    benchmark::DoNotOptimize(dense.data());
  }
  bench.counters["actions"] = static_cast<double>(legal.size());
}
BENCHMARK_CAPTURE(BM_CardDenseActionEach, Tcg, kTcg);
BENCHMARK_CAPTURE(BM_CardDenseActionEach, DarkLegacy, kDarkLegacy);
BENCHMARK_CAPTURE(BM_CardDenseActionEach, RaiseRiseDie, kRaiseRiseDie);

void BM_CardDenseActions(benchmark::State& bench, const CardGame& game) {
  std::unique_ptr<rise::State> state = mid_game(game);
  const std::vector<rise::Action> legal = state->legal_actions();
  std::vector<int> dense;
  for (auto _ : bench) {
    state->dense_actions(legal, dense);
    benchmark::DoNotOptimize(dense.data());
  }
  bench.counters["actions"] = static_cast<double>(legal.size());
}
BENCHMARK_CAPTURE(BM_CardDenseActions, Tcg, kTcg);
BENCHMARK_CAPTURE(BM_CardDenseActions, DarkLegacy, kDarkLegacy);
BENCHMARK_CAPTURE(BM_CardDenseActions, RaiseRiseDie, kRaiseRiseDie);

// One determinization (what ISMCTS does at every iteration).
void BM_CardResampleHidden(benchmark::State& bench, const CardGame& game) {
  std::unique_ptr<rise::State> state = mid_game(game);
  rise::Rng rng(3);
  for (auto _ : bench) {
    auto sample = state->resample_hidden(state->current_player(), rng);
    benchmark::DoNotOptimize(sample.get());
  }
}
BENCHMARK_CAPTURE(BM_CardResampleHidden, Tcg, kTcg);
BENCHMARK_CAPTURE(BM_CardResampleHidden, DarkLegacy, kDarkLegacy);
BENCHMARK_CAPTURE(BM_CardResampleHidden, RaiseRiseDie, kRaiseRiseDie);

// One 1000-iteration ISMCTS decision at the mid-game position.
void BM_CardIsmcts(benchmark::State& bench, const CardGame& game) {
  constexpr int64_t kIterations = 1000;
  std::unique_ptr<rise::State> state = mid_game(game);
  const std::string spec = "ismcts:iters=" + std::to_string(kIterations);
  uint64_t seed = 1;
  int64_t iterations = 0;
  for (auto _ : bench) {
    auto player = rise::ai::make_player(spec, seed++);
    benchmark::DoNotOptimize(player->choose_action(*state));
    iterations += kIterations;
  }
  bench.counters["iterations/s"] = benchmark::Counter(static_cast<double>(iterations), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(BM_CardIsmcts, Tcg, kTcg)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_CardIsmcts, DarkLegacy, kDarkLegacy)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_CardIsmcts, RaiseRiseDie, kRaiseRiseDie)->Unit(benchmark::kMillisecond);

}  // namespace
