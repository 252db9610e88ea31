#include "rise/core/state.h"

#include <algorithm>

#include "rise/core/error.h"
#include "rise/core/game.h"

namespace rise {

bool State::is_legal(Action action) const {
  std::vector<Action> legal;
  legal_actions(legal);
  return std::binary_search(legal.begin(), legal.end(), action);
}

void State::apply_action(Action action) {
  if (is_terminal()) {
    throw InputError("action " + std::to_string(action) + " refused: the game is over");
  }
  if (!is_legal(action)) {
    throw InputError("action '" + action_to_string(action) + "' is " + illegal_reason(*this, action));
  }
  do_apply_action(action);
  history_.push_back(action);
}

std::string State::explain_illegal(Action) const {
  return "it is not one of the legal actions here";
}

void apply_notation(State& state, const std::string& text, const std::string& where) {
  std::string prefix = where;
  prefix += " '";
  prefix += text;
  prefix += "': ";
  if (state.is_terminal()) throw InputError(prefix + "the game is already over");
  Action action;
  try {
    action = state.string_to_action(text);
  } catch (const InputError& e) {
    // The game's message already quotes the text.
    throw InputError(where + ": " + e.what());
  }
  if (!state.is_legal(action)) throw InputError(prefix + illegal_reason(state, action));
  state.apply_action(action);
}

std::string illegal_reason(const State& state, Action action) {
  return "not legal for seat " + std::to_string(state.current_player()) +
         ", whose decision it is: " + state.explain_illegal(action);
}

double State::evaluate(PlayerId) const { return 0.0; }

void State::force_chance(std::shared_ptr<ForcedChance> chance) {
  if (chance != nullptr) throw InputError(game().info().id + " has no chance events to force");
}

std::vector<std::vector<CardUse>> State::card_uses() const { return {}; }

std::string State::describe_action(Action action, PlayerId /*viewer*/) const {
  return action_to_string(action);
}

std::string State::show(const std::string& what, PlayerId /*viewer*/) const {
  throw InputError((what.empty() ? std::string("show") : "show '" + what + "'") + ": " + game().info().id +
                   " has nothing to show (its board shows everything)");
}

nlohmann::json State::public_observation_json() const { return observation_json(kSpectator); }

std::unique_ptr<State> State::resample_hidden(PlayerId /*observer*/, Rng& /*rng*/) const {
  auto copy = clone();
  copy->history_.clear();
  return copy;
}


int State::dense_action(Action action) const {
  throw InputError("action " + std::to_string(action) + ": " + game().info().id +
                   " offers no dense action space (docs/learning.md)");
}

Action State::action_from_dense(int index) const {
  std::vector<Action> legal;
  legal_actions(legal);
  if (legal.empty()) dense_action(-1);  // throws when the game offers no dense actions
  for (Action a : legal) {
    if (dense_action(a) == index) return a;
  }
  return -1;
}

void State::observation_tensor(PlayerId /*player*/, std::span<float> /*out*/) const {
  throw InputError(game().info().id + " offers no observation tensor (docs/learning.md)");
}

}  // namespace rise
