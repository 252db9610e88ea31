#include "wrappers.h"

#include <algorithm>
#include <climits>
#include <optional>

#include "rise/ai/match.h"
#include "rise/core/error.h"
#include "rise/core/json_io.h"
#include "rise/core/registry.h"
#include "rise/core/rng.h"

namespace rise::python {

namespace {

// The bound given as OpenSpiel's max_game_length: the conformance suite takes a random game
// longer than this for a hang, and none of its 2,000 soak games per game comes near.
constexpr int kMaxGameLength = 100000;

int parse_players(const std::string& text, const GameInfo& info) {
  size_t used = 0;
  int n = 0;
  try {
    n = std::stoi(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || text.empty() || n < 1 || n > info.max_players) {
    throw InputError(info.id + ": option players='" + text + "' must be an integer in [" +
                     std::to_string(info.min_players) + ", " + std::to_string(info.max_players) + "]" +
                     (info.solo_option.empty() ? "" : " (or 1 with " + info.solo_option + ")"));
  }
  return n;
}

}  // namespace

std::vector<std::string> registered_games() {
  std::vector<std::string> ids;
  for (const Game* g : all_games()) ids.push_back(g->info().id);
  std::sort(ids.begin(), ids.end());
  return ids;
}

nlohmann::json game_info_json(const std::string& id) {
  const GameInfo& info = find_game(id).info();
  nlohmann::json options = nlohmann::json::array();
  for (const OptionSpec& o : info.options) {
    options.push_back({{"name", o.name}, {"default", o.default_value}, {"description", o.description},
                       {"allowed_values", o.allowed_values}});
  }
  return {{"id", info.id},
          {"name", info.name},
          {"rulebook", info.rulebook},
          {"min_players", info.min_players},
          {"max_players", info.max_players},
          {"solo_option", info.solo_option},
          {"perfect_information", info.perfect_information},
          {"deterministic", info.deterministic},
          {"has_evaluation", info.has_evaluation},
          {"options", options}};
}

nlohmann::json parse_json_text(const std::string& text) { return parse_json(text, "state JSON"); }

std::shared_ptr<PyGame> PyGame::load(const std::string& id, Options options) {
  auto g = std::make_shared<PyGame>();
  g->game_ = &find_game(id);
  std::optional<int> players;
  if (auto it = options.find("players"); it != options.end()) {
    players = parse_players(it->second, g->info());
    options.erase(it);
  }
  g->options_ = g->game_->resolve_options(options);
  g->num_players_ = players ? *players : default_seats(g->info(), g->options_);
  check_seats(g->info(), g->options_, g->num_players_);
  g->spec_ = g->game_->learning_spec(g->options_, g->num_players_);
  return g;
}

Options PyGame::options() const {
  Options out = options_;
  out["players"] = std::to_string(num_players_);
  return out;
}

int PyGame::num_distinct_actions() const { return dense() ? spec_.num_distinct_actions : INT_MAX; }

int PyGame::max_game_length() const { return kMaxGameLength; }

PyState PyState::initial(std::shared_ptr<PyGame> game, uint64_t seed) {
  std::unique_ptr<State> s = game->game().new_initial_state(seed, game->game_options(), game->num_players());
  PyState out(std::move(game), std::move(s));
  out.seeded_ = true;
  out.seed_ = seed;
  return out;
}

PyState PyState::from_json(std::shared_ptr<PyGame> game, const nlohmann::json& json) {
  std::unique_ptr<State> s = game->game().state_from_json(json);
  if (s->num_players() != game->num_players()) {
    throw InputError("state_from_json: the state has " + std::to_string(s->num_players()) + " players, the game " +
                     std::to_string(game->num_players()) + " (load_game with players=" +
                     std::to_string(s->num_players()) + ")");
  }
  return PyState(std::move(game), std::move(s));
}

PyState::PyState(const PyState& other)
    : game_(other.game_),
      state_(other.state_->clone()),
      seeded_(other.seeded_),
      seed_(other.seed_),
      history_(other.history_) {}

std::vector<int> PyState::legal_actions() const {
  std::vector<Action> legal;
  state_->legal_actions(legal);
  if (!game_->dense()) return {legal.begin(), legal.end()};
  std::vector<int> out;
  state_->dense_actions(legal, out);
  std::sort(out.begin(), out.end());
  return out;
}

void PyState::legal_actions_mask(std::span<int8_t> out) const {
  std::fill(out.begin(), out.end(), int8_t{0});
  if (!game_->dense()) throw InputError(game_->info().id + " has no dense action space: no mask (docs/learning.md)");
  std::vector<Action> legal;
  std::vector<int> dense;
  state_->legal_actions(legal);
  state_->dense_actions(legal, dense);
  for (int d : dense) out[static_cast<size_t>(d)] = 1;
}

Action PyState::engine_action(int action) const {
  if (!game_->dense()) {
    if (!state_->is_legal(action)) {
      throw InputError("action " + std::to_string(action) + " is " + illegal_reason(*state_, action));
    }
    return action;
  }
  if (state_->is_terminal()) throw InputError("action " + std::to_string(action) + ": the game is over");
  const Action a = state_->action_from_dense(action);
  if (a < 0) {
    throw InputError("action " + std::to_string(action) + " is " +
                     not_legal_for_decider(*state_, "no legal action has that dense index"));
  }
  return a;
}

int PyState::dense_action(Action engine) const {
  if (!state_->is_legal(engine)) {
    throw InputError("engine action " + std::to_string(engine) + " is " + illegal_reason(*state_, engine));
  }
  return game_->dense() ? state_->dense_action(engine) : engine;
}

void PyState::force_chance(std::shared_ptr<ForcedChance> chance) {
  state_->force_chance(chance);
  forced_ = std::move(chance);
}

int PyState::forced_chance_left() const {
  return forced_ == nullptr ? 0 : static_cast<int>(forced_->size() - forced_->used());
}

void PyState::apply_action(int action) {
  state_->apply_action(engine_action(action));
  history_.push_back(action);
}

std::string PyState::action_to_string(int action) const { return state_->action_to_string(engine_action(action)); }

PlayerId PyState::checked_viewer(PlayerId viewer) const {
  const int seats = game_->num_players();
  if (viewer == kSpectator || (viewer >= 0 && viewer < seats)) return viewer;
  throw InputError("seat " + std::to_string(viewer) + ": " + game_->info().id + " has seats 0.." +
                   std::to_string(seats - 1) + " (the public view is asked for as SPECTATOR)");
}

double PyState::evaluate(PlayerId seat) const {
  if (seat < 0 || seat >= game_->num_players()) {
    throw InputError("evaluate: seat " + std::to_string(seat) + ": " + game_->info().id + " has seats 0.." +
                     std::to_string(game_->num_players() - 1));
  }
  return state_->evaluate(seat);
}

std::string PyState::describe_action(int action, PlayerId viewer) const {
  return state_->describe_action(engine_action(action), checked_viewer(viewer));
}

int PyState::string_to_action(const std::string& text) const { return dense_action(state_->string_to_action(text)); }

PyState PyState::resample_hidden(PlayerId player, uint64_t seed) const {
  if (player < 0 || player >= game_->num_players()) {
    throw InputError("resample_hidden: player " + std::to_string(player) + " is not a seat");
  }
  Rng rng(seed);
  return PyState(game_, state_->resample_hidden(player, rng));
}

PyState::Saved PyState::save() const {
  Saved s;
  s.game = game_->info().id;
  s.options = game_->options();
  s.seeded = seeded_;
  s.seed = seed_;
  s.engine_history = state_->history();
  if (!seeded_) s.json = state_->to_json().dump();
  s.history = history_;
  return s;
}

PyState PyState::restore(const Saved& saved) {
  std::shared_ptr<PyGame> game = PyGame::load(saved.game, saved.options);
  if (!saved.seeded) {
    PyState s = from_json(game, parse_json_text(saved.json));
    s.history_ = saved.history;
    return s;
  }
  PyState s = initial(game, saved.seed);
  for (Action a : saved.engine_history) s.state_->apply_action(a);
  s.history_ = saved.history;
  return s;
}

PyBot::PyBot(const std::string& spec, uint64_t seed) : player_(ai::make_player(spec, seed)) {}

int PyBot::step(const PyState& state) {
  if (state.is_terminal()) throw InputError("Bot.step: the game is over");
  const Action a = player_->choose_action(state.state());
  return state.game().dense() ? state.state().dense_action(a) : a;
}

nlohmann::json simulate(const std::string& game, const std::vector<std::string>& players, int games, int threads,
                        uint64_t seed, const Options& options) {
  if (games < 1) throw InputError("simulate: games must be at least 1");
  if (threads < 1) throw InputError("simulate: threads must be at least 1");
  ai::MatchConfig config;
  config.game = game;
  config.options = options;
  config.players = players;
  config.games = games;
  config.threads = threads;
  config.seed = seed;
  const std::vector<ai::GameRecord> records = ai::run_match(config);
  return ai::match_to_json(config, ai::summarize(config, records), records);
}

}  // namespace rise::python
