#include "rise/core/undo.h"

#include <algorithm>

#include "rise/core/rng.h"

namespace rise {

bool action_reveals(const State& before, Action action, PlayerId seat) {
  std::unique_ptr<State> after = before.clone();
  after->apply_action(action);
  const std::string seen = after->observation_json(seat).dump();
  for (int sample = 0; sample < kUndoSamples; ++sample) {
    Rng rng(0x5eedu + static_cast<uint64_t>(sample));
    std::unique_ptr<State> redealt = before.resample_hidden(seat, rng);
    if (!redealt->is_legal(action)) return true;
    redealt->apply_action(action);
    if (redealt->observation_json(seat).dump() != seen) return true;
  }
  return false;
}

std::optional<std::string> undo_refusal(const State& from, const std::vector<Action>& actions,
                                        const std::vector<PlayerId>& humans, PlayerId asker) {
  // The asker first: what it saw itself is the reason it is given.
  std::vector<PlayerId> order = humans;
  std::stable_partition(order.begin(), order.end(), [&](PlayerId seat) { return seat == asker; });
  std::unique_ptr<State> state = from.clone();
  for (Action action : actions) {
    for (PlayerId human : order) {
      if (action_reveals(*state, action, human)) {
        const std::string who = human == asker ? "you" : "seat " + std::to_string(human);
        return "'" + state->describe_action(action, asker) + "' showed " + who +
               " what could not be seen before it (a card or a chance outcome), and an undo never takes that back";
      }
    }
    state->apply_action(action);
  }
  return std::nullopt;
}

}  // namespace rise
