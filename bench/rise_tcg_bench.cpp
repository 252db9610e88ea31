// Benchmarks of the rise-tcg engine (starter decks) through the core State API, and of
// ISMCTS on it. Run from a Release build: `make bench` (build/release/rise-bench).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "rise/ai/player.h"
#include "rise/core/registry.h"
#include "rise/core/rng.h"
#include "rise/core/state.h"

namespace {

std::unique_ptr<rise::State> tcg_opening(uint64_t seed = 7) {
  return rise::find_game("rise-tcg").new_initial_state(seed, {{"decks", "cinderstorm,deepcurrent"}}, 2);
}

// `length` uniformly random actions from a fixed opening (a mid-game position).
std::unique_ptr<rise::State> tcg_mid_game(int64_t length = 120) {
  std::unique_ptr<rise::State> state = tcg_opening();
  rise::Rng rng(20261122);
  std::vector<rise::Action> actions;
  for (int64_t i = 0; i < length; ++i) {
    state->legal_actions(actions);
    state->apply_action(actions[rng.below(actions.size())]);
    if (state->is_terminal()) {
      std::fprintf(stderr, "tcg_mid_game(): the fixed random sequence ended the game; change the seed\n");
      std::abort();
    }
  }
  return state;
}

// Uniformly random games from a fresh deal (new seed each game) to their end.
void BM_TcgRandomPlayout(benchmark::State& bench) {
  rise::Rng rng(1);
  std::vector<rise::Action> actions;
  int64_t games = 0, applied = 0;
  uint64_t seed = 1;
  for (auto _ : bench) {
    std::unique_ptr<rise::State> state = tcg_opening(seed++);
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
BENCHMARK(BM_TcgRandomPlayout)->Unit(benchmark::kMillisecond);

void BM_TcgClone(benchmark::State& bench) {
  std::unique_ptr<rise::State> state = tcg_mid_game(bench.range(0));
  for (auto _ : bench) {
    std::unique_ptr<rise::State> copy = state->clone();
    benchmark::DoNotOptimize(copy.get());
  }
}
BENCHMARK(BM_TcgClone)->Arg(120);

void BM_TcgLegalActions(benchmark::State& bench) {
  std::unique_ptr<rise::State> state = tcg_mid_game();
  std::vector<rise::Action> actions;
  for (auto _ : bench) {
    state->legal_actions(actions);
    benchmark::DoNotOptimize(actions.data());
  }
  bench.counters["actions"] = static_cast<double>(actions.size());
}
BENCHMARK(BM_TcgLegalActions);

// One determinization (what ISMCTS does at every iteration).
void BM_TcgResampleHidden(benchmark::State& bench) {
  std::unique_ptr<rise::State> state = tcg_mid_game();
  rise::Rng rng(3);
  for (auto _ : bench) {
    auto sample = state->resample_hidden(state->current_player(), rng);
    benchmark::DoNotOptimize(sample.get());
  }
}
BENCHMARK(BM_TcgResampleHidden);

// One ISMCTS decision at the mid-game position with a fixed iteration budget.
void BM_TcgIsmcts(benchmark::State& bench) {
  std::unique_ptr<rise::State> state = tcg_mid_game();
  const std::string spec = "ismcts:iters=" + std::to_string(bench.range(0));
  uint64_t seed = 1;
  int64_t iterations = 0;
  for (auto _ : bench) {
    auto player = rise::ai::make_player(spec, seed++);
    benchmark::DoNotOptimize(player->choose_action(*state));
    iterations += bench.range(0);
  }
  bench.counters["iterations/s"] = benchmark::Counter(static_cast<double>(iterations), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_TcgIsmcts)->Arg(1000)->Unit(benchmark::kMillisecond);

}  // namespace
