#include "rise/core/replay.h"

#include <algorithm>
#include <mutex>

#include "replay_data.h"
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
  if (!replay.cards.empty()) json["cards"] = replay.cards;
  if (!replay.deal.empty()) json["deal"] = replay.deal;
  if (!replay.data_files.empty()) json["data_files"] = replay.data_files;
  return json;
}

std::string fingerprint(const std::string& text) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  static const char* hex = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, h >>= 4) out[static_cast<size_t>(i)] = hex[h & 15];
  return out;
}

std::map<std::string, std::string> card_fingerprints(const Game& game, const Options& options) {
  const Options resolved = game.resolve_options(options);
  const std::string key = game.info().id + nlohmann::json(resolved).dump();
  static std::mutex mutex;
  static std::map<std::string, std::map<std::string, std::string>> memo;
  {
    std::lock_guard lock(mutex);
    if (const auto it = memo.find(key); it != memo.end()) return it->second;
  }
  std::map<std::string, std::string> out;
  const nlohmann::json catalog = game.catalog_json(resolved);
  if (catalog.is_object()) {
    for (const auto& [id, card] : catalog.items()) out[id] = fingerprint(card.dump());
  }
  std::lock_guard lock(mutex);
  if (memo.size() >= 64) memo.clear();  // a bound: runs use a handful of data directories
  memo[key] = out;
  return out;
}

namespace {

// Refuses to replay with other cards or another deal than the replay's (Replay::cards, deal),
// the game set up with `options` (the replay's, or those of its embedded card data).
// `recorded_options`: the options the replay was recorded with, when they differ from
// `replay.options` (embedded card data written to a temporary folder): a state that keeps its
// options in its JSON ("options") is fingerprinted with those, as it was when recorded.
void check_card_data(const Replay& replay, const Options& options, const Game& game, const State& initial,
                     const Options* recorded_options = nullptr) {
  if (!replay.cards.empty()) {
    const std::map<std::string, std::string> now = card_fingerprints(game, options);
    std::vector<std::string> changes;
    for (const auto& [id, print] : replay.cards) {
      const auto it = now.find(id);
      if (it == now.end()) changes.push_back(id + " (removed)");
      else if (it->second != print) changes.push_back(id + " (changed)");
    }
    for (const auto& [id, print] : now) {
      if (replay.cards.count(id) == 0) changes.push_back(id + " (added)");
    }
    if (!changes.empty()) {
      std::string list;
      const size_t shown = std::min<size_t>(changes.size(), 10);
      for (size_t i = 0; i < shown; ++i) list += (i == 0 ? "" : ", ") + changes[i];
      if (changes.size() > shown) list += " and " + std::to_string(changes.size() - shown) + " more";
      throw InputError("the cards changed since this replay was recorded: " + list +
                       "; replay it with the card data it was played with");
    }
  }
  nlohmann::json dealt = initial.to_json();
  if (recorded_options != nullptr && dealt.is_object() && dealt.contains("options") && dealt["options"].is_object()) {
    dealt["options"] = *recorded_options;
  }
  if (!replay.deal.empty() && fingerprint(dealt.dump()) != replay.deal) {
    throw InputError("the initial deal is not the recorded one: the decks changed since this replay was recorded, "
                     "or another version of the engine deals them otherwise");
  }
}

}  // namespace

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
  // The card data it was played with (absent before 2026-12-07 and for rise-hex).
  if (json.contains("cards")) {
    const nlohmann::json& cards = json.at("cards");
    if (!cards.is_object()) throw InputError(source + ": field 'cards' must be an object of card fingerprints");
    for (const auto& [id, print] : cards.items()) {
      if (!print.is_string()) throw InputError(source + ": cards." + id + " must be a fingerprint (a string)");
      replay.cards[id] = print.get<std::string>();
    }
  }
  if (json.contains("deal")) replay.deal = json_field<std::string>(json, "deal", source);
  // The card data itself, when embedded (embed_card_data).
  if (json.contains("data_files")) {
    const nlohmann::json& files = json.at("data_files");
    if (!files.is_object()) throw InputError(source + ": field 'data_files' must be an object of file texts");
    for (const auto& [path, text] : files.items()) {
      if (!text.is_string()) throw InputError(source + ": data_files." + path + " must be a file's text (a string)");
      replay.data_files[path] = text.get<std::string>();
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
  const Game& game = state.game();
  replay.cards = card_fingerprints(game, options);
  if (!replay.cards.empty()) {
    replay.deal = fingerprint(game.new_initial_state(seed, game.resolve_options(options), state.num_players())->to_json().dump());
  }
  // Notation is context free for every game's action ids, so any state can name them.
  for (Action a : state.history()) replay.actions.push_back(state.action_to_string(a));
  if (state.is_terminal()) replay.returns = state.returns();
  return replay;
}

std::unique_ptr<State> run_replay(const Replay& replay,
                                  const std::function<void(const State&, size_t)>& on_state) {
  const Game& game = find_game(replay.game);
  const EmbeddedData embedded(replay);  // its card data, when the replay carries it
  std::unique_ptr<State> state =
      game.new_initial_state(replay.seed, game.resolve_options(embedded.options()), replay.num_players);
  check_card_data(replay, embedded.options(), game, *state, replay.data_files.empty() ? nullptr : &replay.options);
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
