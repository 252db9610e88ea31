#include "rise/core/scenario.h"

#include "rise/core/error.h"
#include "rise/core/json_io.h"
#include "rise/core/registry.h"

namespace rise {

std::unique_ptr<State> run_scenario(const nlohmann::json& scenario, const std::string& source) {
  if (!scenario.is_object()) throw InputError(source + ": a scenario must be a JSON object");
  const Game& game = find_game(json_field<std::string>(scenario, "game", source));
  Options options;
  if (auto it = scenario.find("options"); it != scenario.end()) {
    if (!it->is_object()) throw InputError(source + ": field 'options' must be an object");
    for (const auto& [name, value] : it->items()) {
      // Numbers are accepted for convenience and kept as their text.
      options[name] = value.is_string() ? value.get<std::string>() : value.dump();
    }
  }
  options = game.resolve_options(options);
  uint64_t seed = scenario.contains("seed") ? json_field<uint64_t>(scenario, "seed", source) : 0;
  int num_players = game.info().min_players;
  if (auto it = scenario.find("players"); it != scenario.end()) {
    if (it->is_number_integer()) {
      num_players = it->get<int>();
    } else if (it->is_array()) {
      num_players = static_cast<int>(it->size());
    } else {
      throw InputError(source + ": field 'players' must be a seat count or an array of names");
    }
  }
  std::unique_ptr<State> state;
  if (auto it = scenario.find("state"); it != scenario.end() && !it->is_null()) {
    try {
      state = game.state_from_json(*it);
    } catch (const InputError& e) {
      throw InputError(source + ": state: " + e.what());
    }
  } else {
    state = game.new_initial_state(seed, options, num_players);
  }
  auto actions = scenario.contains("actions") ? scenario["actions"] : nlohmann::json::array();
  if (!actions.is_array()) throw InputError(source + ": field 'actions' must be an array");
  for (size_t i = 0; i < actions.size(); ++i) {
    const std::string where = source + ": action " + std::to_string(i);
    const nlohmann::json& entry = actions[i];
    if (entry.is_string()) {
      apply_notation(*state, entry.get<std::string>(), where);
      continue;
    }
    // {"by": SEAT, "action": "notation"}: the author says who acts, and a decision of
    // another seat is refused as such rather than read as the decider's.
    if (!entry.is_object()) throw InputError(where + ": must be a string in notation or {\"by\": SEAT, \"action\": ...}");
    for (const auto& [key, value] : entry.items()) {
      if (key != "by" && key != "action") throw InputError(where + ": unknown field '" + key + "' (by, action)");
    }
    const std::string text = json_field<std::string>(entry, "action", where);
    const int by = ranged(entry, "by", 0, state->num_players() - 1, where);
    if (!state->is_terminal() && state->current_player() != by) {
      throw InputError(where + " '" + text + "': it is seat " + std::to_string(state->current_player()) +
                       "'s decision, not seat " + std::to_string(by) + "'s");
    }
    apply_notation(*state, text, where);
  }
  return state;
}

}  // namespace rise
