// Fuzz target: Game::state_from_json of one game (rise::fuzz::kStateGame, defined per
// executable by a source fuzz/CMakeLists.txt generates). Input: JSON text. A state the loader accepts must then behave
// (fuzz_support.h, exercise_state): any contradiction a hand-written state can carry must
// be refused by the loader with an InputError, not crash the engine later.
#include <cstdint>

#include <nlohmann/json.hpp>

#include "fuzz_support.h"
#include "rise/core/registry.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const nlohmann::json json = nlohmann::json::parse(rise::fuzz::as_text(data, size), nullptr, false);
  if (json.is_discarded()) return 0;
  const rise::Game& game = rise::find_game(rise::fuzz::kStateGame);
  std::unique_ptr<rise::State> state;
  try {
    state = game.state_from_json(json);
  } catch (const rise::InputError&) {
    return 0;  // refused with a message: the expected outcome of bad input
  }
  rise::fuzz::exercise_state(game, *state, rise::fuzz::as_text(data, size).substr(0, 16), 8);
  return 0;
}
