// Benchmarks of the rise-hex engine through the core State API, and of MCTS on it.
//
// Project targets (single thread): >= 2,000,000 applied actions/s in uniformly random
// playouts, at least 1.3 times OpenSpiel's hex in the same rounds (bench/openspiel-hex.sh,
// docs/performance.md), and clone() < 200 ns. Run from a Release build:
//   build/release/rise-bench --benchmark_filter=RandomPlayout --benchmark_repetitions=5
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "rise/ai/mcts.h"
#include "rise/core/registry.h"
#include "rise/core/rng.h"
#include "rise/core/state.h"

namespace {

const rise::Game& hex_game() { return rise::find_game("rise-hex"); }

std::unique_ptr<rise::State> opening() { return hex_game().new_initial_state(0, {}, 2); }

// A fixed position: `length` uniformly random actions from the opening with a fixed seed
// (60 by default: a mid-game position).
std::unique_ptr<rise::State> mid_game(int64_t length = 60) {
  std::unique_ptr<rise::State> state = opening();
  rise::Rng rng(20240601);
  std::vector<rise::Action> actions;
  for (int64_t i = 0; i < length; ++i) {
    state->legal_actions(actions);
    state->apply_action(actions[rng.below(actions.size())]);
    if (state->is_terminal()) {
      std::fprintf(stderr, "mid_game(): the fixed random sequence ended the game; change the seed\n");
      std::abort();
    }
  }
  return state;
}

// Uniformly random games from the opening to their end (win or the turn limit's draw), as
// a search's rollout plays them: each action taken from legal_actions() and applied with
// apply_legal_action(), so legality is not checked a second time. `checked` applies them
// with apply_action() instead, which checks each one first (what a front end does).
void random_playouts(benchmark::State& bench, bool checked) {
  rise::Rng rng(1);
  std::vector<rise::Action> actions;
  actions.reserve(512);
  int64_t games = 0, applied = 0;
  for (auto _ : bench) {
    std::unique_ptr<rise::State> state = opening();
    while (!state->is_terminal()) {
      state->legal_actions(actions);
      const rise::Action action = actions[rng.below(actions.size())];
      if (checked) state->apply_action(action);
      else state->apply_legal_action(action);
      ++applied;
    }
    ++games;
    benchmark::DoNotOptimize(state.get());
  }
  bench.counters["games/s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  bench.counters["actions/s"] = benchmark::Counter(static_cast<double>(applied), benchmark::Counter::kIsRate);
  bench.counters["actions/game"] = static_cast<double>(applied) / static_cast<double>(games);
}
void BM_RandomPlayout(benchmark::State& bench) { random_playouts(bench, false); }
void BM_RandomPlayoutChecked(benchmark::State& bench) { random_playouts(bench, true); }
BENCHMARK(BM_RandomPlayout)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RandomPlayoutChecked)->Unit(benchmark::kMillisecond);

// The argument is the number of actions played before cloning: the board is full after
// about 60, but clone() also copies history(), which keeps growing.
void BM_Clone(benchmark::State& bench) {
  std::unique_ptr<rise::State> state = mid_game(bench.range(0));
  for (auto _ : bench) {
    std::unique_ptr<rise::State> copy = state->clone();
    benchmark::DoNotOptimize(copy.get());
  }
}
BENCHMARK(BM_Clone)->Arg(60)->Arg(400);

void BM_LegalActions(benchmark::State& bench) {
  std::unique_ptr<rise::State> state = mid_game();
  std::vector<rise::Action> actions;
  for (auto _ : bench) {
    state->legal_actions(actions);
    benchmark::DoNotOptimize(actions.data());
  }
  bench.counters["actions"] = static_cast<double>(actions.size());
}
BENCHMARK(BM_LegalActions);

// clone() + apply_action(), cycling through every legal action of the mid-game position
// (for reference: apply alone is this minus BM_Clone).
void BM_ApplyAction(benchmark::State& bench) {
  std::unique_ptr<rise::State> state = mid_game();
  const std::vector<rise::Action> actions = state->legal_actions();
  size_t next = 0;
  for (auto _ : bench) {
    std::unique_ptr<rise::State> copy = state->clone();
    copy->apply_action(actions[next]);
    next = next + 1 == actions.size() ? 0 : next + 1;
    benchmark::DoNotOptimize(copy.get());
  }
}
BENCHMARK(BM_ApplyAction);

// One MCTS decision from the opening with a fixed iteration budget (a fresh player each
// time, so no tree is reused).
void BM_MctsFromOpening(benchmark::State& bench) {
  const std::unique_ptr<rise::State> state = opening();
  rise::ai::MctsSettings settings;
  settings.iterations = bench.range(0);
  int64_t simulations = 0;
  uint64_t seed = 1;
  for (auto _ : bench) {
    rise::ai::MctsPlayer player(settings, seed++);
    benchmark::DoNotOptimize(player.choose_action(*state));
    simulations += player.last_iterations();
  }
  bench.counters["simulations/s"] =
      benchmark::Counter(static_cast<double>(simulations), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_MctsFromOpening)->Arg(2000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
