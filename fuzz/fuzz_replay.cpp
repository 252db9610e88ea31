// Fuzz target: the replay reader (core/replay.h) as `rise replay` uses it: JSON text ->
// replay_from_json -> run_replay. Bad input may only be refused with an InputError.
#include <cstdint>

#include <nlohmann/json.hpp>

#include "fuzz_support.h"
#include "rise/core/replay.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const nlohmann::json json = nlohmann::json::parse(rise::fuzz::as_text(data, size), nullptr, false);
  if (json.is_discarded()) return 0;
  try {
    const rise::Replay replay = rise::replay_from_json(json, "fuzz.json");
    const std::unique_ptr<rise::State> state = rise::run_replay(replay);
    (void)state->to_json();
  } catch (const rise::InputError&) {
  }
  return 0;
}
