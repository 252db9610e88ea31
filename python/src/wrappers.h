// The objects rise_engine._core exposes, in plain C++ (module.cpp binds them): a game with
// its options and seat count, a state that speaks dense actions, a built-in player.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise/ai/player.h"
#include "rise/core/forced_chance.h"
#include "rise/core/game.h"
#include "rise/core/state.h"

namespace rise::python {

// The ids of every registered game, sorted.
std::vector<std::string> registered_games();

// What game `id` is (name, rulebook, players, flags, options), as JSON. Throws InputError
// for an unknown id.
nlohmann::json game_info_json(const std::string& id);

// JSON text -> JSON; throws InputError on a syntax error.
nlohmann::json parse_json_text(const std::string& text);

// A game of the registry with resolved options and a seat count (OpenSpiel's loaded game).
class PyGame {
 public:
  // The game `id` with `options`; the option "players" (default: the minimum) is the seat
  // count, the others are the game's own. Throws InputError for an unknown game, option,
  // value or seat count.
  static std::shared_ptr<PyGame> load(const std::string& id, Options options);

  const Game& game() const { return *game_; }
  const GameInfo& info() const { return game_->info(); }
  int num_players() const { return num_players_; }
  // The game's options, resolved, plus "players".
  Options options() const;
  const Options& game_options() const { return options_; }
  const LearningSpec& spec() const { return spec_; }
  // The dense action space's size; without one (a game offering none), 2^31 - 1: actions
  // are then the engine's ids.
  int num_distinct_actions() const;
  bool dense() const { return spec_.num_distinct_actions > 0; }
  // An upper bound on the actions of one game: 2,000 per turn of the turn limit.
  int max_game_length() const;
  nlohmann::json catalog() const { return game_->catalog_json(options_); }

 private:
  const Game* game_ = nullptr;
  Options options_;  // resolved, without "players"
  int num_players_ = 2;
  LearningSpec spec_;
};

// A state whose actions are dense indices (engine ids when the game has no dense space).
class PyState {
 public:
  static PyState initial(std::shared_ptr<PyGame> game, uint64_t seed);
  static PyState from_json(std::shared_ptr<PyGame> game, const nlohmann::json& json);

  PyState(const PyState& other);
  PyState(PyState&&) = default;

  const PyGame& game() const { return *game_; }
  std::shared_ptr<PyGame> game_ptr() const { return game_; }
  const State& state() const { return *state_; }

  int current_player() const { return state_->current_player(); }
  bool is_terminal() const { return state_->is_terminal(); }
  std::vector<double> returns() const { return state_->returns(); }
  int turn_number() const { return state_->turn_number(); }
  // Dense indices of the legal actions, ascending.
  std::vector<int> legal_actions() const;
  // 1 at each legal dense index; `out` has num_distinct_actions() entries.
  void legal_actions_mask(std::span<int8_t> out) const;
  // Applies legal dense action `action`; throws InputError (state unchanged) otherwise.
  void apply_action(int action);
  std::string action_to_string(int action) const;
  std::string describe_action(int action, PlayerId viewer) const;
  int string_to_action(const std::string& text) const;
  // Dense index <-> engine id, for legal actions; InputError for others.
  Action engine_action(int action) const;
  int dense_action(Action engine) const;
  PyState clone() const { return PyState(*this); }
  // Forces the next chance outcomes (State::force_chance); null ends it. InputError as it.
  void force_chance(std::shared_ptr<ForcedChance> chance);
  // Outcomes of the forced list not yet used (0 without one).
  int forced_chance_left() const;
  const std::vector<int>& history() const { return history_; }
  std::vector<Action> engine_history() const { return state_->history(); }
  // `viewer` when it is a seat of this game or SPECTATOR (kSpectator); InputError naming it
  // otherwise (a seat that does not exist once got the public view silently).
  PlayerId checked_viewer(PlayerId viewer) const;
  nlohmann::json observation_json(PlayerId viewer) const { return state_->observation_json(checked_viewer(viewer)); }
  void observation_tensor(PlayerId viewer, std::span<float> out) const {
    state_->observation_tensor(checked_viewer(viewer), out);
  }
  std::vector<std::string> log_lines(PlayerId viewer) const { return state_->log_lines(checked_viewer(viewer)); }
  // State::evaluate(seat); InputError naming a `seat` that is not one of the game's.
  double evaluate(PlayerId seat) const;
  nlohmann::json to_json() const { return state_->to_json(); }
  PyState resample_hidden(PlayerId player, uint64_t seed) const;
  std::string render(PlayerId viewer) const { return state_->render_text(checked_viewer(viewer), false); }

  // What a pickle holds. A state created by new_initial_state is rebuilt by replaying its
  // engine history from its seed (so its history survives); any other (loaded from JSON, a
  // sample) from its JSON.
  struct Saved {
    std::string game;
    Options options;  // with "players"
    bool seeded = false;
    uint64_t seed = 0;
    std::vector<Action> engine_history;
    std::string json;
    std::vector<int> history;
  };
  Saved save() const;
  static PyState restore(const Saved& saved);

 private:
  PyState(std::shared_ptr<PyGame> game, std::unique_ptr<State> state)
      : game_(std::move(game)), state_(std::move(state)) {}

  std::shared_ptr<PyGame> game_;
  std::unique_ptr<State> state_;
  std::shared_ptr<ForcedChance> forced_;  // what force_chance() gave, to count what is left
  bool seeded_ = false;       // made by new_initial_state(seed_) (not loaded, not a sample)
  uint64_t seed_ = 0;
  std::vector<int> history_;  // dense actions applied through this object
};

// A built-in player (ai/player.h).
class PyBot {
 public:
  PyBot(const std::string& spec, uint64_t seed);
  // The dense action chosen for the player to move in `state`. Throws InputError when the
  // state is terminal.
  int step(const PyState& state);
  std::string spec() const { return player_->spec(); }

 private:
  std::unique_ptr<ai::Player> player_;
};

// `rise sim --json` as a value: ai::run_match then ai::match_to_json.
nlohmann::json simulate(const std::string& game, const std::vector<std::string>& players, int games, int threads,
                        uint64_t seed, const Options& options);

}  // namespace rise::python
