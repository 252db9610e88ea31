// What every fuzz target shares (docs/testing.md, "Fuzzing"): the one outcome bad input may have
// (rise::InputError), input written to a file for the loaders that read paths, and checks
// that abort (so libFuzzer records the input) when a loaded object breaks the State API.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>

#include "rise/core/error.h"
#include "rise/core/game.h"
#include "rise/core/rng.h"
#include "rise/core/state.h"

namespace rise::fuzz {

// The game id the state harness (fuzz_state_json.cpp) loads states of: defined in each
// fuzz_state_GAME executable by a one-line source fuzz/CMakeLists.txt generates.
extern const char* const kStateGame;

// Input bytes as text.
inline std::string_view as_text(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Aborts with `what` (libFuzzer saves the input as a crash).
[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz check failed: %s\n", what.c_str());
  std::abort();
}

// A path of this process's own under TMPDIR (or /tmp), ending in `ending`.
inline std::string scratch_path(const std::string& ending) {
  const char* dir = std::getenv("TMPDIR");
  return std::string(dir != nullptr && *dir != '\0' ? dir : "/tmp") + "/rise-fuzz-" + std::to_string(::getpid()) +
         ending;
}

// Writes `bytes` to `path` (replacing it); aborts if it cannot.
inline void write_file(const std::string& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) fail("cannot write the input file " + path);
}

// The input in a file of this process (scratch_path(ending)), rewritten on every call, for
// the loaders that take a path (card and deck YAML). `ending` is e.g. ".yaml". Returns
// its path.
inline const std::string& write_input_file(std::string_view bytes, const std::string& ending) {
  static const std::string path = scratch_path(ending);
  write_file(path, bytes);
  return path;
}

// Exercises a state that a loader accepted, as a user of the State API would: its JSON
// must load back to the same JSON, every seat's observation and the legal actions must be
// computable, every listed action must be legal and its notation must parse back, and up
// to `steps` actions (chosen by `choice`, cycling) must apply, and every seat's
// determinization (resample_hidden) must be made. Anything else than an
// InputError escaping, or a broken round trip, aborts.
inline void exercise_state(const Game& game, State& state, std::string_view choice, int steps) {
  const std::string text = state.to_json().dump();
  const std::string again = game.state_from_json(state.to_json())->to_json().dump();
  if (again != text) fail("to_json -> state_from_json -> to_json differs:\n  " + text + "\n  " + again);
  std::vector<Action> legal;
  for (int step = 0; step < steps; ++step) {
    for (PlayerId p = 0; p < state.num_players(); ++p) (void)state.observation_json(p);
    (void)state.public_observation_json();
    Rng rng(static_cast<uint64_t>(step) + 1);
    for (PlayerId p = 0; p < state.num_players(); ++p) (void)state.resample_hidden(p, rng)->to_json();
    state.legal_actions(legal);
    if (state.is_terminal() != legal.empty()) fail("is_terminal() disagrees with an empty legal action list");
    if (legal.empty()) return;
    for (Action a : legal) {
      if (!state.is_legal(a)) fail("listed action " + std::to_string(a) + " is not is_legal");
      if (state.string_to_action(state.action_to_string(a)) != a) {
        fail("notation of action " + std::to_string(a) + " does not parse back");
      }
    }
    const size_t pick = choice.empty() ? 0 : static_cast<unsigned char>(choice[static_cast<size_t>(step) % choice.size()]);
    state.apply_action(legal[pick % legal.size()]);
  }
}

}  // namespace rise::fuzz
