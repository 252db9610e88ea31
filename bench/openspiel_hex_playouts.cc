// OpenSpiel's C++ hex (11x11, its default) in uniformly random playouts, the reference for
// rise-hex's BM_RandomPlayout (docs/performance.md). Built by bench/openspiel-hex.sh
// against the pyspiel.so of the open-spiel wheel in build/venv, which holds OpenSpiel's C++.
//
//   openspiel_hex_playouts SECONDS
//
// Plays whole games (NewInitialState, then LegalActions, a uniform choice and ApplyAction
// to the end) for SECONDS of CPU time and prints the applied actions per CPU-second.
#include <sys/resource.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "open_spiel/spiel.h"

namespace {

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

// SplitMix64 and a multiply-shift reduction: about what rise::Rng::below costs.
struct Rng {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  uint64_t below(uint64_t bound) {
    return static_cast<uint64_t>((static_cast<unsigned __int128>(next()) * bound) >> 64);
  }
};

}  // namespace

int main(int argc, char** argv) {
  const double seconds = argc > 1 ? std::atof(argv[1]) : 2.0;
  const std::shared_ptr<const open_spiel::Game> game = open_spiel::LoadGame("hex");
  Rng rng{1};
  int64_t games = 0, applied = 0;
  const double start = cpu_seconds();
  double now = start;
  while (now - start < seconds) {
    for (int k = 0; k < 100; ++k, ++games) {
      std::unique_ptr<open_spiel::State> state = game->NewInitialState();
      while (!state->IsTerminal()) {
        const std::vector<open_spiel::Action> actions = state->LegalActions();
        state->ApplyAction(actions[rng.below(actions.size())]);
        ++applied;
      }
    }
    now = cpu_seconds();
  }
  std::printf("%.0f actions/s, %.1f actions/game, %lld games\n", static_cast<double>(applied) / (now - start),
              static_cast<double>(applied) / static_cast<double>(games), static_cast<long long>(games));
  return 0;
}
