// Benchmarks of the learned evaluation's inference (ai/include/rise/ai/network.h): one value of
// a mid-game observation tensor of each game, with the shape `make train` writes by default
// (hidden layers 128 and 64) and random weights; the observation tensor's own cost is
// measured apart (BM_NetworkObservation). `rise-bench --benchmark_filter=Network`.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "rise/ai/network.h"
#include "rise/core/game.h"
#include "rise/core/registry.h"
#include "rise/core/rng.h"
#include "rise/core/state.h"

namespace {

struct Case {
  const char* id;
  const char* decks;  // "" for rise-hex
  int actions;        // random actions from the opening to a mid-game position
};

std::unique_ptr<rise::State> mid_game(const Case& c) {
  rise::Options options;
  if (*c.decks) options["decks"] = c.decks;
  auto state = rise::find_game(c.id).new_initial_state(7, options, 2);
  rise::Rng rng(20261206);
  std::vector<rise::Action> legal;
  for (int i = 0; i < c.actions && !state->is_terminal(); ++i) {
    state->legal_actions(legal);
    state->apply_action(legal[rng.below(legal.size())]);
  }
  return state;
}

// A network of the default shape for `game` with small random weights.
std::shared_ptr<const rise::ai::Network> random_network(const rise::Game& game) {
  rise::ai::NetworkInfo info;
  info.game = game.info().id;
  info.observation_size = static_cast<int>(game.learning_spec({}, 2).observation_size());
  info.observation_version = game.learning_spec({}, 2).observation_version;
  info.hidden = {128, 64};
  rise::Rng rng(1);
  std::vector<float> w(rise::ai::Network::weight_count(info));
  for (float& x : w) x = (static_cast<float>(rng.below(2001)) - 1000.0f) / 20000.0f;
  return rise::ai::Network::from_parts(info, std::move(w), "random");
}

void BM_NetworkValue(benchmark::State& bench, Case c) {
  auto state = mid_game(c);
  auto net = random_network(state->game());
  std::vector<float> obs(static_cast<size_t>(net->info().observation_size));
  state->observation_tensor(state->current_player(), obs);
  rise::ai::NetworkScratch scratch;
  int nonzero = 0;
  for (float x : obs) nonzero += x != 0.0f;
  for (auto _ : bench) benchmark::DoNotOptimize(net->value(obs, scratch));
  bench.counters["inputs"] = static_cast<double>(obs.size());
  bench.counters["nonzero"] = nonzero;
}

void BM_NetworkObservation(benchmark::State& bench, Case c) {
  auto state = mid_game(c);
  std::vector<float> obs(state->game().learning_spec({}, 2).observation_size());
  for (auto _ : bench) {
    state->observation_tensor(state->current_player(), obs);
    benchmark::DoNotOptimize(obs.data());
  }
}

const Case kHex{"rise-hex", "", 40};
const Case kTcg{"rise-tcg", "cinderstorm,deepcurrent", 120};
const Case kDl{"dark-legacy", "chaos,darkness", 60};
const Case kRrd{"raise-rise-die", "lame,ombre", 40};

BENCHMARK_CAPTURE(BM_NetworkValue, RiseHex, kHex);
BENCHMARK_CAPTURE(BM_NetworkValue, Tcg, kTcg);
BENCHMARK_CAPTURE(BM_NetworkValue, DarkLegacy, kDl);
BENCHMARK_CAPTURE(BM_NetworkValue, RaiseRiseDie, kRrd);
BENCHMARK_CAPTURE(BM_NetworkObservation, RiseHex, kHex);
BENCHMARK_CAPTURE(BM_NetworkObservation, Tcg, kTcg);
BENCHMARK_CAPTURE(BM_NetworkObservation, DarkLegacy, kDl);
BENCHMARK_CAPTURE(BM_NetworkObservation, RaiseRiseDie, kRrd);

}  // namespace
