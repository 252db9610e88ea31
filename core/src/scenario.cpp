#include "rise/core/scenario.h"

#include <sstream>

#include "rise/core/error.h"
#include "rise/core/forced_chance.h"
#include "rise/core/json_io.h"
#include "rise/core/registry.h"

namespace rise {
namespace {

// apply_notation, and a forced outcome that does not fit the chance event the action drew
// is reported as "action N 'TEXT': forced chance K {...}: ..." (the state is then dropped).
void apply_forced(State& state, const std::string& text, const std::string& where) {
  try {
    apply_notation(state, text, where);
  } catch (const ForcedChanceError& e) {
    throw InputError(where + " '" + text + "': " + e.what());
  }
}

}  // namespace

void set_up_position(State& state, const std::string& text, const std::string& source) {
  std::istringstream in(text);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const size_t b = line.find_first_not_of(" \t\r");
    if (b == std::string::npos || line[b] == '#') continue;
    try {
      state.set_up(line.substr(b, line.find_last_not_of(" \t\r") - b + 1));
    } catch (const InputError& e) {
      throw InputError(source + ":" + std::to_string(number) + ": " + e.what());
    }
  }
}

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
  // Forced chance outcomes (docs/formats.md, "Forced chance"): the initial state's opening
  // shuffles and rolls are drawn inside the scope; a loaded state takes them for its actions.
  std::shared_ptr<ForcedChance> chance;
  if (auto it = scenario.find("chance"); it != scenario.end()) chance = ForcedChance::parse(*it, source + ": chance");
  std::unique_ptr<State> state;
  if (auto it = scenario.find("state"); it != scenario.end() && !it->is_null()) {
    try {
      state = game.state_from_json(*it);
    } catch (const InputError& e) {
      throw InputError(source + ": state: " + e.what());
    }
  } else if (scenario.contains("position")) {
    // The sandbox's start (Game::new_sandbox_state): its opening is its own, `chance` is
    // for the actions.
    state = game.new_sandbox_state(seed, options, num_players);
  } else {
    try {
      ForcedChance::Scope scope(chance);
      state = game.new_initial_state(seed, options, num_players);
    } catch (const ForcedChanceError& e) {
      throw InputError(source + ": initial state: " + e.what());
    }
  }
  // The sandbox's position language (State::set_up), one line per entry.
  if (auto it = scenario.find("position"); it != scenario.end()) {
    if (!it->is_array()) throw InputError(source + ": field 'position' must be an array of lines");
    for (size_t i = 0; i < it->size(); ++i) {
      const std::string where = source + ": position " + std::to_string(i);
      if (!(*it)[i].is_string()) throw InputError(where + ": must be a string");
      try {
        state->set_up((*it)[i].get<std::string>());
      } catch (const InputError& e) {
        throw InputError(where + ": " + e.what());
      }
    }
  }
  if (chance != nullptr) {
    try {
      state->force_chance(chance);
    } catch (const InputError& e) {
      throw InputError(source + ": chance: " + e.what());
    }
  }
  auto actions = scenario.contains("actions") ? scenario["actions"] : nlohmann::json::array();
  if (!actions.is_array()) throw InputError(source + ": field 'actions' must be an array");
  for (size_t i = 0; i < actions.size(); ++i) {
    const std::string where = source + ": action " + std::to_string(i);
    const nlohmann::json& entry = actions[i];
    if (entry.is_string()) {
      apply_forced(*state, entry.get<std::string>(), where);
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
      throw InputError(where + " '" + text + "': " + decider_refusal(*state, by));
    }
    apply_forced(*state, text, where);
  }
  if (chance != nullptr) {
    state->force_chance(nullptr);
    try {
      chance->check_all_used();
    } catch (const InputError& e) {
      throw InputError(source + ": " + e.what());
    }
  }
  return state;
}

}  // namespace rise
