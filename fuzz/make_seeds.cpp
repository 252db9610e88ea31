// Writes the generated part of the fuzzers' seed corpora (docs/testing.md, "Fuzzing"): for every
// registered game, states of random games (start, middle, end) as to_json() text, a
// replay of each game and a scenario that starts from one of its states. The card and
// deck corpora come from data/ and the tests' card folders as they are.
//
// Usage: rise-fuzz-seeds DIR  — writes DIR/state-GAME/*.json, DIR/replay/*.json,
// DIR/scenario/*.json. Deterministic: the same files on every run.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise/core/game.h"
#include "rise/core/registry.h"
#include "rise/core/replay.h"
#include "rise/core/rng.h"
#include "rise/core/state.h"

namespace {

void write(const std::filesystem::path& path, const nlohmann::json& json) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path) << json.dump() << '\n';
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: rise-fuzz-seeds DIR\n";
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  constexpr int kGames = 3;
  for (const rise::Game* game : rise::all_games()) {
    const std::string id = game->info().id;
    for (int g = 0; g < kGames; ++g) {
      const uint64_t seed = 1000 + static_cast<uint64_t>(g);
      const int players = game->info().min_players + g % (game->info().max_players - game->info().min_players + 1);
      std::unique_ptr<rise::State> state = game->new_initial_state(seed, {}, players);
      rise::Rng rng(seed);
      std::vector<rise::Action> legal;
      const std::string name = id + "-" + std::to_string(g);
      write(dir / ("state-" + id) / (name + "-start.json"), state->to_json());
      nlohmann::json middle;
      for (size_t step = 0; !state->is_terminal(); ++step) {
        if (step == 40) middle = state->to_json();
        state->legal_actions(legal);
        state->apply_action(legal[rng.below(legal.size())]);
      }
      if (!middle.is_null()) {
        write(dir / ("state-" + id) / (name + "-middle.json"), middle);
        write(dir / "scenario" / (name + ".json"),
              {{"game", id}, {"state", middle}, {"actions", nlohmann::json::array()}});
      }
      write(dir / ("state-" + id) / (name + "-end.json"), state->to_json());
      write(dir / "replay" / (name + ".json"),
            rise::replay_to_json(rise::make_replay(*state, game->resolve_options({}), seed, {})));
      write(dir / "scenario" / (name + "-initial.json"), {{"game", id}, {"seed", seed}, {"players", players}});
      if (id == "rise-tcg") {
        // The sandbox's position language (State::set_up), each form once.
        write(dir / "scenario" / (name + "-position.json"),
              {{"game", id},
               {"seed", seed},
               {"players", players},
               {"position",
                {"Blood Herald on my battlefield", "two Thralls and a Herald in p1's hand", "5 Coins", "2 Ether for p1",
                 "my S1 hp 12", "p1's S2 level 2", "empty my hand", "Rising Spark in my cemetery"}},
               {"actions", nlohmann::json::array()}});
      }
    }
  }
  return 0;
}
