#include "rise/core/state.h"

#include <algorithm>

#include "rise/core/error.h"
#include "rise/core/game.h"
#include "rise/core/text.h"

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
  apply_unchecked(action);
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
  ActingSeat acting;
  try {
    acting = split_acting_seat(text, state.num_players());
  } catch (const InputError& e) {
    throw InputError(prefix + e.what());
  }
  if (acting.seat >= 0 && acting.seat != state.current_player()) {
    throw InputError(prefix + decider_refusal(state, acting.seat));
  }
  Action action;
  try {
    action = state.string_to_action(acting.text);
  } catch (const InputError& e) {
    // The game's message already quotes the text.
    throw InputError(where + ": " + e.what());
  }
  if (!state.is_legal(action)) throw InputError(prefix + illegal_reason(state, action));
  state.apply_action(action);
}

namespace {

std::string trimmed(std::string_view text) {
  const size_t b = text.find_first_not_of(" \t");
  if (b == std::string_view::npos) return "";
  return std::string(text.substr(b, text.find_last_not_of(" \t") - b + 1));
}

}  // namespace

ActingSeat split_acting_seat(const std::string& text, int num_players) {
  const std::string t = trimmed(text);
  const size_t colon = t.find(':');
  if (t.rfind("seat ", 0) != 0 || colon == std::string::npos) return {-1, t};
  const std::string number = trimmed(std::string_view(t).substr(5, colon - 5));
  const bool digits = !number.empty() && number.size() <= 2 && number.find_first_not_of("0123456789") == std::string::npos;
  const int seat = digits ? std::stoi(number) : -1;
  if (seat < 0 || seat >= num_players) {
    throw InputError("'seat " + number + ":' names no seat of this game (seats 0 to " + std::to_string(num_players - 1) +
                     ")");
  }
  return {seat, trimmed(std::string_view(t).substr(colon + 1))};
}

std::string decision_text(const State& state) {
  const std::string what = state.describe_decision();
  std::string out = "seat " + std::to_string(state.current_player()) + "'s decision";
  if (!what.empty()) out += " (to " + what + ")";
  return out;
}

std::string decider_refusal(const State& state, PlayerId seat) {
  if (state.is_terminal()) return "the game is over";
  return "it is " + decision_text(state) + ", not seat " + std::to_string(seat) + "'s";
}

std::string illegal_reason(const State& state, Action action) {
  return not_legal_for_decider(state, state.explain_illegal(action));
}

std::string not_legal_for_decider(const State& state, const std::string& reason) {
  const std::string what = state.describe_decision();
  return "not legal for seat " + std::to_string(state.current_player()) + ", whose decision it is" +
         (what.empty() ? "" : " (to " + what + ")") + ": " + reason;
}

double State::evaluate(PlayerId) const { return 0.0; }

std::vector<EvaluationTerm> State::evaluation_terms(PlayerId) const { return {}; }

GameEnd State::game_end() const { return is_terminal() ? GameEnd{"game over", "", {}} : GameEnd{}; }

void State::force_chance(std::shared_ptr<ForcedChance> chance) {
  if (chance != nullptr) throw InputError(game().info().id + " has no chance events to force");
}

std::vector<std::vector<CardUse>> State::card_uses() const { return {}; }

std::string State::describe_action(Action action, PlayerId /*viewer*/) const {
  return action_to_string(action);
}

std::string State::render_text_at_width(PlayerId viewer, bool color, size_t width) const {
  return cut_lines(render_text(viewer, color), width);
}

std::string State::show(const std::string& what, PlayerId /*viewer*/) const {
  throw InputError((what.empty() ? std::string("show") : "show '" + what + "'") + ": " + game().info().id +
                   " has nothing to show (its board shows everything)");
}

void State::set_up(std::string_view /*line*/) {
  throw InputError(game().info().id + " has no sandbox position language (the card games have one)");
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

int State::dense_action_of_legal(Action action, std::span<const Action> /*legal*/) const { return dense_action(action); }

void State::dense_actions(std::span<const Action> legal, std::vector<int>& out) const {
#if defined(RISE_SELF_CHECKS)
  std::vector<Action> actual;
  legal_actions(actual);
  RISE_CHECK(std::equal(actual.begin(), actual.end(), legal.begin(), legal.end()),
             game().info().id + ": dense_actions of a list that is not the state's legal actions");
#endif
  out.resize(legal.size());
  for (size_t i = 0; i < legal.size(); ++i) out[i] = dense_action_of_legal(legal[i], legal);
}

Action State::action_from_dense(int index) const {
  std::vector<Action> legal;
  legal_actions(legal);
  if (legal.empty()) dense_action(-1);  // throws when the game offers no dense actions
  std::vector<int> dense;
  dense_actions(legal, dense);
  for (size_t i = 0; i < legal.size(); ++i) {
    if (dense[i] == index) return legal[i];
  }
  return -1;
}

void State::observation_tensor(PlayerId /*player*/, std::span<float> /*out*/) const {
  throw InputError(game().info().id + " offers no observation tensor (docs/learning.md)");
}

}  // namespace rise
