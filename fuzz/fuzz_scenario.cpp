// Fuzz target: the scenario reader (core/scenario.h) as `rise scenario` uses it: JSON text
// -> run_scenario, then the resulting state is exercised (fuzz_support.h). Bad input may
// only be refused with an InputError.
#include <cstdint>

#include <nlohmann/json.hpp>

#include "fuzz_support.h"
#include "rise/core/registry.h"
#include "rise/core/scenario.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const nlohmann::json json = nlohmann::json::parse(rise::fuzz::as_text(data, size), nullptr, false);
  if (json.is_discarded()) return 0;
  std::unique_ptr<rise::State> state;
  try {
    state = rise::run_scenario(json, "fuzz.json");
  } catch (const rise::InputError&) {
    return 0;
  }
  rise::fuzz::exercise_state(state->game(), *state, {}, 4);
  return 0;
}
