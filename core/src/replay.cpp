#include "rise/core/replay.h"

#include <algorithm>

#include "rise/core/error.h"
#include "rise/core/json_io.h"
#include "rise/core/registry.h"

namespace rise {

nlohmann::json replay_to_json(const Replay& replay) {
  nlohmann::json json;
  json["format"] = "rise-replay";
  json["version"] = kReplayVersion;
  json["game"] = replay.game;
  json["options"] = replay.options;
  json["seed"] = replay.seed;
  json["num_players"] = replay.num_players;
  json["players"] = replay.players;
  json["actions"] = replay.actions;
  if (replay.returns.empty()) {
    json["result"] = nullptr;
  } else {
    json["result"] = {{"returns", replay.returns}};
    if (!replay.ended.empty()) json["result"]["ended"] = replay.ended;
    if (replay.ended == "resigned") json["result"]["resigned_seat"] = replay.resigned_seat;
  }
  return json;
}

Replay replay_from_json(const nlohmann::json& json, const std::string& source) {
  if (!json.is_object()) throw InputError(source + ": a replay must be a JSON object");
  auto format = json_field<std::string>(json, "format", source);
  if (format != "rise-replay") {
    throw InputError(source + ": format is '" + format + "', expected 'rise-replay'");
  }
  int version = json_field<int>(json, "version", source);
  if (version != kReplayVersion) {
    throw InputError(source + ": replay version " + std::to_string(version) +
                     " is not supported (this build reads version " +
                     std::to_string(kReplayVersion) + ")");
  }
  Replay replay;
  replay.game = json_field<std::string>(json, "game", source);
  replay.seed = json_field<uint64_t>(json, "seed", source);
  replay.num_players = json_field<int>(json, "num_players", source);
  auto options = json_field<nlohmann::json>(json, "options", source);
  if (!options.is_object()) throw InputError(source + ": field 'options' must be an object");
  for (const auto& [name, value] : options.items()) {
    if (!value.is_string()) {
      throw InputError(source + ": option '" + name + "' must be a string, got " + value.dump());
    }
    replay.options[name] = value.get<std::string>();
  }
  auto players = json_field<nlohmann::json>(json, "players", source);
  if (!players.is_array()) throw InputError(source + ": field 'players' must be an array");
  for (const auto& p : players) {
    if (!p.is_string()) throw InputError(source + ": every player must be a string");
    replay.players.push_back(p.get<std::string>());
  }
  auto actions = json_field<nlohmann::json>(json, "actions", source);
  if (!actions.is_array()) throw InputError(source + ": field 'actions' must be an array");
  for (size_t i = 0; i < actions.size(); ++i) {
    if (!actions[i].is_string()) {
      throw InputError(source + ": action " + std::to_string(i) + " must be a string, got " +
                       actions[i].dump());
    }
    replay.actions.push_back(actions[i].get<std::string>());
  }
  auto result = json_field<nlohmann::json>(json, "result", source);
  if (!result.is_null()) {
    auto returns = json_field<nlohmann::json>(result, "returns", source + ": result");
    if (!returns.is_array()) throw InputError(source + ": result.returns must be an array");
    for (const auto& r : returns) {
      if (!r.is_number()) throw InputError(source + ": result.returns must hold numbers");
      replay.returns.push_back(r.get<double>());
    }
    if (result.contains("ended")) {
      replay.ended = json_field<std::string>(result, "ended", source + ": result");
      if (replay.ended != "resigned" && replay.ended != "expired") {
        throw InputError(source + ": result.ended is '" + replay.ended + "', expected 'resigned' or 'expired'");
      }
      if (replay.ended == "resigned") {
        replay.resigned_seat = json_field<int>(result, "resigned_seat", source + ": result");
        if (replay.resigned_seat < 0 || replay.resigned_seat >= replay.num_players) {
          throw InputError(source + ": result.resigned_seat " + std::to_string(replay.resigned_seat) +
                           " is not a seat of the game's " + std::to_string(replay.num_players));
        }
      }
      if (replay.returns != ended_returns(replay.ended, replay.resigned_seat, replay.num_players)) {
        throw InputError(source + ": result.returns are not those of a game " +
                         (replay.ended == "resigned" ? "resigned by seat " + std::to_string(replay.resigned_seat)
                                                     : std::string("that expired")));
      }
    }
  }
  return replay;
}

std::vector<double> ended_returns(const std::string& ended, int resigned_seat, int num_players) {
  std::vector<double> out(static_cast<size_t>(std::max(num_players, 0)), 0.0);
  if (ended == "resigned") {
    for (int seat = 0; seat < num_players; ++seat) out[static_cast<size_t>(seat)] = seat == resigned_seat ? -1.0 : 1.0;
  }
  return out;
}

Replay make_replay(const State& state, const Options& options, uint64_t seed,
                   const std::vector<std::string>& players) {
  Replay replay;
  replay.game = state.game().info().id;
  replay.options = options;
  replay.seed = seed;
  replay.num_players = state.num_players();
  replay.players = players;
  // Notation is context free for every game's action ids, so any state can name them.
  for (Action a : state.history()) replay.actions.push_back(state.action_to_string(a));
  if (state.is_terminal()) replay.returns = state.returns();
  return replay;
}

std::unique_ptr<State> run_replay(const Replay& replay,
                                  const std::function<void(const State&, size_t)>& on_state) {
  const Game& game = find_game(replay.game);
  std::unique_ptr<State> state =
      game.new_initial_state(replay.seed, game.resolve_options(replay.options),
                             replay.num_players);
  for (size_t i = 0; i < replay.actions.size(); ++i) {
    if (on_state) on_state(*state, i);
    apply_notation(*state, replay.actions[i], "action " + std::to_string(i));
  }
  if (on_state) on_state(*state, replay.actions.size());
  if (replay.returns.empty() && state->is_terminal()) {
    throw InputError("the replay records no result but its actions end the game");
  }
  if (!replay.ended.empty()) {
    if (state->is_terminal()) {
      throw InputError("the replay records that the game ended '" + replay.ended + "' but its actions end it by the rules");
    }
  } else if (!replay.returns.empty()) {
    if (!state->is_terminal()) {
      throw InputError("the replay records a result but its actions do not end the game");
    }
    if (state->returns() != replay.returns) {
      throw InputError("the recorded result does not match the result of its actions");
    }
  }
  return state;
}

}  // namespace rise
