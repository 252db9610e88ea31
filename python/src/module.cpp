// rise_engine._core: the engine's State API for Python (docs/python.md), built by
// scikit-build-core from this CMake project (`pip install .`). The Python package
// (python/rise_engine/) re-exports these names and adds the OpenSpiel, PettingZoo and
// Gymnasium adapters.
//
// Actions in Python are dense indices (docs/learning.md) when the game offers a dense
// action space, so that they fit a policy head and OpenSpiel's contract (an action is an
// int in [0, num_distinct_actions)); the engine's own ids stay reachable through
// State.engine_action / dense_action / engine_history. Engine errors (rise::InputError)
// are raised as rise_engine.RiseError, a ValueError carrying the engine's message.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "rise/ai/match.h"
#include "rise/core/error.h"
#include "rise/core/observation_bounds.h"
#include "rise/core/forced_chance.h"
#include "conversions.h"
#include "lab_bindings.h"
#include "learning_bindings.h"
#include "vector_env.h"
#include "wrappers.h"

namespace py = pybind11;
using rise::python::PyBot;
using rise::python::PyGame;
using rise::python::PyState;
using rise::python::VectorEnv;
using rise::python::array_of;
using rise::python::options_from;
using rise::python::to_python;

namespace {

// A Python dict/list/str -> nlohmann JSON (a str is parsed as JSON text).
nlohmann::json from_python(const py::object& value) {
  if (py::isinstance<py::str>(value)) return rise::python::parse_json_text(value.cast<std::string>());
  return rise::python::parse_json_text(py::module_::import("json").attr("dumps")(value).cast<std::string>());
}

py::array_t<float> tensor_array(const PyState& s, rise::PlayerId viewer, bool normalized = false) {
  const rise::LearningSpec& spec = s.game().spec();
  std::vector<py::ssize_t> shape(spec.observation_shape.begin(), spec.observation_shape.end());
  py::array_t<float> out(shape);
  const std::span<float> values(out.mutable_data(), static_cast<size_t>(out.size()));
  s.observation_tensor(viewer, values);
  if (normalized) rise::normalize_observation(spec.bounds, values);
  return out;
}

// One vector of LearningSpec::bounds as a float32 array of the observation's shape.
py::array_t<float> bounds_array(const rise::LearningSpec& spec, const std::vector<float>& values) {
  std::vector<py::ssize_t> shape(spec.observation_shape.begin(), spec.observation_shape.end());
  py::array_t<float> out(shape);
  std::copy(values.begin(), values.end(), out.mutable_data());
  return out;
}

// `data` as an array of `shape`: a copy, or (v.copies() false) a read-only view of the
// environment's own buffer kept alive by `owner` (overwritten by the next step).
template <class T>
py::array out_array(const VectorEnv& v, const std::vector<T>& data, std::vector<py::ssize_t> shape,
                    const py::handle& owner, const py::dtype& dtype = py::dtype::of<T>()) {
  if (v.copies()) {
    py::array out(dtype, shape);
    std::copy(data.begin(), data.end(), static_cast<T*>(out.mutable_data()));
    return out;
  }
  py::array view(dtype, shape, std::vector<py::ssize_t>{}, data.data(), owner);
  view.attr("setflags")(py::arg("write") = false);
  return view;
}

// (observations [N, *shape], masks [N, A], current players [N]).
py::tuple vector_views(const VectorEnv& v, const py::handle& owner) {
  const rise::LearningSpec& spec = v.game().spec();
  std::vector<py::ssize_t> obs_shape = {v.num_envs()};
  obs_shape.insert(obs_shape.end(), spec.observation_shape.begin(), spec.observation_shape.end());
  return py::make_tuple(out_array(v, v.observations(), obs_shape, owner),
                        out_array(v, v.masks(), {v.num_envs(), spec.num_distinct_actions}, owner),
                        out_array(v, v.players(), {v.num_envs()}, owner));
}

// vector_views + (rewards [N], dones [N] as bool: the 0/1 bytes read as numpy's bool).
py::tuple vector_step_result(const VectorEnv& v, const py::handle& owner) {
  py::tuple views = vector_views(v, owner);
  return py::make_tuple(views[0], views[1], views[2], out_array(v, v.rewards(), {v.num_envs()}, owner),
                        out_array(v, v.dones(), {v.num_envs()}, owner, py::dtype("bool")));
}

// The batch recv() wrote: (observations [B, *shape], masks [B, A], players [B], rewards [B],
// dones [B], env_ids [B]).
py::tuple vector_batch_result(const VectorEnv& v, const std::vector<int32_t>& ids, const py::handle& owner) {
  const rise::LearningSpec& spec = v.game().spec();
  const py::ssize_t b = v.batch_size();
  std::vector<py::ssize_t> obs_shape = {b};
  obs_shape.insert(obs_shape.end(), spec.observation_shape.begin(), spec.observation_shape.end());
  return py::make_tuple(out_array(v, v.batch_observations(), obs_shape, owner),
                        out_array(v, v.batch_masks(), {b, spec.num_distinct_actions}, owner),
                        out_array(v, v.batch_players(), {b}, owner), out_array(v, v.batch_rewards(), {b}, owner),
                        out_array(v, v.batch_dones(), {b}, owner, py::dtype("bool")), array_of(ids, {b}));
}

// An integer array (or list) of `what` as int32; RiseError for floats or a wrong length.
std::vector<int32_t> int32_list(const py::object& object, py::ssize_t length, const std::string& what) {
  const py::array given = py::array::ensure(object);
  if (!given) throw rise::InputError(what + " are an array (or list) of integers");
  const char kind = given.dtype().kind();
  if (kind != 'i' && kind != 'u') {
    throw rise::InputError(what + " are integers, not an array of dtype " + py::str(given.dtype()).cast<std::string>());
  }
  const auto values = py::array_t<int32_t, py::array::c_style | py::array::forcecast>::ensure(given);
  if (values.ndim() != 1 || (length >= 0 && values.shape(0) != length)) {
    throw rise::InputError(what + ": expected a flat array" +
                           (length >= 0 ? " of " + std::to_string(length) : std::string()));
  }
  return std::vector<int32_t>(values.data(), values.data() + values.size());
}

// `actions` (an array or list) as N int32 dense indices; RiseError for floats or a wrong length.
std::vector<int32_t> checked_actions(const VectorEnv& v, const py::object& object) {
  // Dense indices are integers: a float array was once truncated silently.
  const py::array given = py::array::ensure(object);
  if (!given) throw rise::InputError("step: actions are an array (or list) of integer dense indices");
  const char kind = given.dtype().kind();
  if (kind != 'i' && kind != 'u') {
    throw rise::InputError("step: actions are integer dense indices, not an array of dtype " +
                           py::str(given.dtype()).cast<std::string>());
  }
  const auto actions = py::array_t<int32_t, py::array::c_style | py::array::forcecast>::ensure(given);
  if (actions.ndim() != 1 || actions.shape(0) != v.num_envs()) {
    throw rise::InputError("step: expected one action per game (" + std::to_string(v.num_envs()) + ")");
  }
  return std::vector<int32_t>(actions.data(), actions.data() + actions.size());
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "Rise Engine: the four games of Rise as an OpenSpiel-style state API (docs/python.md).";
  py::register_exception<rise::InputError>(m, "RiseError", PyExc_ValueError);

  m.attr("TERMINAL") = rise::kTerminalPlayer;
  m.attr("SPECTATOR") = rise::kSpectator;

  // The classes are declared before any function that takes or returns them, so that every
  // signature names them as Python does (rise_engine.Game, not rise::python::PyGame).
  py::class_<PyGame, std::shared_ptr<PyGame>> game_class(m, "Game", "A game with its options and number of seats.");
  py::class_<PyState> state_class(m, "State", "One position of a game (OpenSpiel vocabulary).");
  py::class_<PyBot> bot_class(m, "Bot", "A built-in computer player: random, greedy, mcts or ismcts (docs/ai.md).");
  py::class_<VectorEnv> vector_class(m, "VectorEnv",
                                     "N games stepped together in C++ threads: observations and masks as single "
                                     "arrays.");

  m.def("registered_games", &rise::python::registered_games,
        "The ids of every game, sorted: ['dark-legacy', 'raise-rise-die', 'rise-hex', 'rise-tcg'].");
  m.def(
      "game_info",
      [](const std::string& id) { return to_python(rise::python::game_info_json(id)); }, py::arg("id"),
      "What game `id` is: name, rulebook, min/max players, perfect_information, deterministic and its "
      "options (name, default, description, allowed values), as a dict.");
  m.def(
      "load_game",
      [](const std::string& id, const py::dict& options) {
        rise::Options opts = options_from(options);
        return PyGame::load(id, std::move(opts));
      },
      py::arg("id"), py::arg("options") = py::dict(),
      "The game `id` with `options` (a dict; values as text or numbers). The option 'players' (default: the "
      "game's minimum) sets the number of seats; every other option is the game's own (rise games). Raises "
      "RiseError for an unknown game, option or value.");

  game_class
      .def("id", [](const PyGame& g) { return g.info().id; }, "The game's id, e.g. 'rise-hex'.")
      .def("name", [](const PyGame& g) { return g.info().name; }, "The game's name, e.g. 'Rise!'.")
      .def("num_players", &PyGame::num_players, "Seats in every state of this game.")
      .def("options", &PyGame::options, "Every option, resolved (defaults filled in), as text.")
      .def("perfect_information", [](const PyGame& g) { return g.info().perfect_information; },
           "True when every seat sees the whole state (rise-hex); False for the card games.")
      .def("deterministic", [](const PyGame& g) { return g.info().deterministic; },
           "False when apply_action draws from the state's own seeded random generator (dice, shuffles).")
      .def("num_distinct_actions", &PyGame::num_distinct_actions,
           "Size of the dense action space: every legal action of every state is an int in [0, this).")
      .def("observation_tensor_shape", [](const PyGame& g) { return g.spec().observation_shape; },
           "Shape of observation_tensor() (float32, row-major).")
      .def("observation_tensor_size", [](const PyGame& g) { return g.spec().observation_size(); },
           "Number of floats of observation_tensor() (the product of observation_tensor_shape()).")
      .def(
          "observation_bounds",
          [](const PyGame& g) {
            const rise::LearningSpec& spec = g.spec();
            py::dict d;
            d["low"] = bounds_array(spec, spec.bounds.low);
            d["high"] = bounds_array(spec, spec.bounds.high);
            d["typical_low"] = bounds_array(spec, spec.bounds.typical_low);
            d["typical_high"] = bounds_array(spec, spec.bounds.typical_high);
            return d;
          },
          "The range of each value of observation_tensor(), as float32 arrays of its shape: 'low' and 'high' "
          "(no value is ever outside: the rules' or the engine's bound, a Gymnasium Box's), 'typical_low' and "
          "'typical_high' (what normalized=True maps onto [0, 1], saturating outside; docs/learning.md).")
      .def("observation_tensor_version", [](const PyGame& g) { return g.spec().observation_version; },
           "The observation tensor's encoding version (LearningSpec::observation_version): a weights file "
           "trained on another version is refused.")
      .def("max_game_length", &PyGame::max_game_length,
           "An upper bound on the actions of one game (from the turn limit; for OpenSpiel's GameInfo).")
      .def(
          "new_initial_state", [](const std::shared_ptr<PyGame>& g, uint64_t seed) { return PyState::initial(g, seed); },
          py::arg("seed") = 0, "The state before the first action; the same seed gives the same game.")
      .def(
          "state_from_json",
          [](const std::shared_ptr<PyGame>& g, const py::object& j) { return PyState::from_json(g, from_python(j)); },
          py::arg("state"),
          "A state from State.to_json() (a dict or JSON text). Raises RiseError naming the field when it is not "
          "a valid state of this game. Its history() is empty.")
      .def("catalog_json", [](const PyGame& g) { return to_python(g.catalog()); },
           "How every card reads (card games): a dict keyed by the ids observations use.")
      .def("__copy__", [](const std::shared_ptr<PyGame>& g) { return g; })  // immutable: shared
      .def("__deepcopy__", [](const std::shared_ptr<PyGame>& g, const py::object& /*memo*/) { return g; })
      .def("__repr__", [](const PyGame& g) { return "<rise_engine.Game " + g.info().id + " players=" +
                                                    std::to_string(g.num_players()) + ">"; })
      .def(py::pickle([](const PyGame& g) { return py::make_tuple(g.info().id, g.options()); },
                      [](const py::tuple& t) {
                        return PyGame::load(t[0].cast<std::string>(), t[1].cast<rise::Options>());
                      }));

  state_class
      .def("game", &PyState::game_ptr, "The Game this state belongs to.")
      .def("num_players", [](const PyState& s) { return s.game().num_players(); }, "Seats of this state's game.")
      .def("current_player", &PyState::current_player,
           "The seat to decide, in [0, num_players); TERMINAL (-4) once the game is over. Chance is inside "
           "apply_action (sampled from the state's seeded generator), so no chance player appears.")
      .def("is_terminal", &PyState::is_terminal, "True once the game is over (returns() then gives the result).")
      .def("returns", &PyState::returns, "Per seat: +1 win, -1 loss, 0 draw (0 for all before the end).")
      .def("evaluate", &PyState::evaluate, py::arg("seat"),
           "The game's heuristic estimate of the outcome for `seat`, in [-1, 1] (State::evaluate, docs/ai.md: "
           "what greedy and the searches' leaves use). It reads only what every seat sees (counts, not hidden "
           "cards), so it is the same in every resample_hidden sample; 0 for a game without one "
           "(game_info()['has_evaluation']). RiseError when `seat` is not a seat.")
      .def("legal_actions", &PyState::legal_actions, "The legal actions (dense indices), ascending.")
      .def(
          "legal_actions_mask",
          [](const PyState& s) {
            py::array_t<int8_t> mask(static_cast<py::ssize_t>(s.game().num_distinct_actions()));
            s.legal_actions_mask(std::span<int8_t>(mask.mutable_data(), static_cast<size_t>(mask.size())));
            return mask;
          },
          "An int8 array of num_distinct_actions(): 1 where the action is legal.")
      .def("apply_action", &PyState::apply_action, py::arg("action"),
           "Applies a legal action (a dense index). Raises RiseError, state unchanged, if it is not legal.")
      .def("action_to_string", &PyState::action_to_string, py::arg("action"),
           "The notation of legal action `action` (docs/notation.md), e.g. 'move 1,0>2,0'.")
      .def("string_to_action", &PyState::string_to_action, py::arg("text"),
           "The legal action written `text` in the notation. Raises RiseError if it is not one.")
      .def("describe_action", &PyState::describe_action, py::arg("action"), py::arg("viewer"),
           "The notation as seat `viewer` may read it (hidden cards left out; SPECTATOR: public). RiseError when "
           "`viewer` is neither a seat nor SPECTATOR.")
      .def("engine_action", &PyState::engine_action, py::arg("action"),
           "The engine's own id (docs/notation.md, 'Action ids') of legal dense action `action`.")
      .def("dense_action", &PyState::dense_action, py::arg("engine_action"),
           "The dense index of the legal action whose engine id is `engine_action`.")
      .def("clone", &PyState::clone, "An independent copy (history included).")
      .def("__copy__", &PyState::clone)
      .def("__deepcopy__", [](const PyState& s, const py::object& /*memo*/) { return s.clone(); })
      .def("history", &PyState::history, "The dense actions applied since the initial state (or the load).")
      .def("engine_history", &PyState::engine_history, "The same actions as engine ids (what replays store).")
      .def("observation_json", [](const PyState& s, int player) { return to_python(s.observation_json(player)); },
           py::arg("player"),
           "What seat `player` may see, as a dict (SPECTATOR: the public view). RiseError naming `player` when it "
           "is neither a seat nor SPECTATOR.")
      .def("describe_decision", [](const PyState& s) { return s.state().describe_decision(); },
           "What the seat to move decides, in the game's words (public; '' once the game is over), e.g. "
           "\"take red's action, 1 left this turn\".")
      .def("log_lines", &PyState::log_lines, py::arg("player"),
           "The whole log as seat `player` may read it (a card game's observation_json shows only its latest "
           "256 events); [] for rise-hex. RiseError when `player` is neither a seat nor SPECTATOR.")
      .def(
          "force_chance",
          [](PyState& s, const py::object& outcomes) {
            s.force_chance(outcomes.is_none() ? nullptr : rise::ForcedChance::parse(from_python(outcomes), "force_chance"));
          },
          py::arg("outcomes"),
          "From now on, the coin tosses, dice, random picks and shuffles come from `outcomes` in order (a list as "
          "a scenario's 'chance' field: {'coin': 'success'}, {'d6': 4}, {'pick': 0}, {'shuffle': [card, ...]}); "
          "None ends it. Raises RiseError for a bad list, a game without chance (rise-hex), or, as the game "
          "draws, an outcome of the wrong kind. Clones are not forced.")
      .def("forced_chance_left", &PyState::forced_chance_left,
           "How many forced outcomes are still unused (0 when none were forced).")
      .def("public_observation_json", [](const PyState& s) { return to_python(s.observation_json(rise::kSpectator)); },
           "observation_json(SPECTATOR): what every seat sees, as a dict.")
      .def("observation_tensor",
           [](const PyState& s, int player, bool normalized) { return tensor_array(s, player, normalized); },
           py::arg("player"), py::kw_only(), py::arg("normalized") = false,
           "observation_json(player) as a float32 numpy array of game.observation_tensor_shape() "
           "(docs/formats.md, 'Observation tensors'): raw values, each within game.observation_bounds()' "
           "low and high; with normalized=True every value mapped onto [0, 1] over its typical range "
           "(docs/learning.md, 'Bounds and the normalised tensor'). SPECTATOR: the public one. RiseError "
           "when `player` is neither a seat nor SPECTATOR.")
      .def("public_observation_tensor", [](const PyState& s) { return tensor_array(s, rise::kSpectator); },
           "observation_tensor(SPECTATOR): the public observation as a float32 array.")
      .def("to_json", [](const PyState& s) { return to_python(s.to_json()); },
           "The whole state (hidden information included: the referee's view) as a dict.")
      .def("resample_hidden", &PyState::resample_hidden, py::arg("player"), py::arg("seed"),
           "A state seat `player` cannot tell from this one: everything it cannot see re-dealt from `seed` "
           "(a determinization). Its history is empty.")
      .def("turn_number", &PyState::turn_number, "The game's turn (rise-tcg's turn, raise-rise-die's pass...).")
      .def(
          "game_end",
          [](const PyState& s) -> py::object {
            if (!s.state().is_terminal()) return py::none();
            return to_python(rise::ai::game_end_to_json(s.state().game_end()));
          },
          "How a finished game ended (State::game_end, docs/formats.md): a dict {'reason': str, 'rule': str, "
          "'cards': list of str}, e.g. {'reason': 'turn limit', 'rule': 'HEX-I5', 'cards': []}; 'cards' names the "
          "cards of an effect loop (rise-tcg, TCG-I67). None while the game runs. Public information only.")
      .def("render", &PyState::render, py::arg("viewer") = rise::kSpectator,
           "A text picture of the state as `viewer` sees it (default SPECTATOR). RiseError when `viewer` is "
           "neither a seat nor SPECTATOR.")
      .def("__str__", [](const PyState& s) { return s.render(rise::kSpectator); })
      .def("__repr__",
           [](const PyState& s) {
             const int p = s.current_player();
             return "<rise_engine.State " + s.game().info().id + " turn " + std::to_string(s.turn_number()) +
                    (s.is_terminal() ? std::string(", over") : ", seat " + std::to_string(p) + " to move") + ", " +
                    std::to_string(s.engine_history().size()) + " actions>";
           })
      .def(py::pickle(
          [](const PyState& s) {
            const PyState::Saved v = s.save();
            return py::make_tuple(v.game, v.options, v.seeded, v.seed, v.engine_history, v.json, v.history);
          },
          [](const py::tuple& t) {
            if (t.size() != 7) throw rise::InputError("unpickling a State: expected 7 fields");
            PyState::Saved v;
            v.game = t[0].cast<std::string>();
            v.options = t[1].cast<rise::Options>();
            v.seeded = t[2].cast<bool>();
            v.seed = t[3].cast<uint64_t>();
            v.engine_history = t[4].cast<std::vector<rise::Action>>();
            v.json = t[5].cast<std::string>();
            v.history = t[6].cast<std::vector<int>>();
            return PyState::restore(v);
          }));

  bot_class
      .def(py::init([](const std::string& spec, std::optional<uint64_t> seed) {
             // Gymnasium's convention (docs/python.md, "Seeding"): no seed, the system's entropy.
             return PyBot(spec, seed ? *seed : (uint64_t{std::random_device{}()} << 32 | std::random_device{}()));
           }),
           py::arg("spec"), py::arg("seed") = py::none(),
           "A player from its spec, e.g. 'mcts:iters=2000' or 'ismcts:ms=200'; `seed` (an int) seeds its own "
           "random generator, so the same seed plays the same moves; None (the default) seeds it from the "
           "system's entropy, as Gymnasium does. Raises RiseError for an unknown kind or setting.")
      .def("step", &PyBot::step, py::arg("state"),
           "The dense action this player chooses for the player to move in `state` (not terminal). Releases "
           "the GIL while it searches.", py::call_guard<py::gil_scoped_release>())
      .def("spec", &PyBot::spec, "The player's spec with every setting written out, e.g. 'ismcts:iters=1000,...'.");

  m.def(
      "simulate",
      [](const std::string& game, const std::vector<std::string>& players, int games, int threads, uint64_t seed,
         const py::dict& options) {
        nlohmann::json j;
        {
          rise::Options opts = options_from(options);
          py::gil_scoped_release release;
          j = rise::python::simulate(game, players, games, threads, seed, opts);
        }
        return to_python(j);
      },
      py::arg("game"), py::arg("players"), py::arg("games") = 100, py::arg("threads") = 1, py::arg("seed") = 1,
      py::arg("options") = py::dict(),
      "Plays `games` games between built-in players (one spec per seat, seats rotated) on `threads` threads "
      "and returns what `rise sim --json` writes: the summary with Wilson intervals and every game's record. "
      "Releases the GIL.");

  rise::python::bind_learning(m);
  rise::python::bind_lab(m);

  vector_class
      .def(py::init<std::shared_ptr<PyGame>, int, int, uint64_t, bool, int>(), py::arg("game"), py::arg("num_envs"),
           py::arg("threads") = 1, py::arg("seed") = 0, py::kw_only(), py::arg("copy") = true,
           py::arg("batch_size") = 0,
           "`num_envs` games of `game` stepped on `threads` threads (OpenMP's pool, kept between calls); game "
           "i's k-th start uses the seed `seed + i + k * num_envs`. With copy=False (as Gymnasium's vector "
           "environments' `copy`), reset, step and recv return read-only views of the environment's own "
           "buffers, overwritten by the next call, instead of new arrays. `batch_size` (1 to num_envs; 0 for "
           "num_envs): the games recv() returns in the asynchronous mode (async_reset, send, recv). Raises "
           "RiseError for a game without dense actions, a count below 1 or a batch_size out of range.")
      .def("num_envs", &VectorEnv::num_envs, "The number of games N.")
      .def("batch_size", &VectorEnv::batch_size, "The games recv() returns, B.")
      .def(
          "async_reset",
          [](VectorEnv& v) {
            py::gil_scoped_release release;
            v.async_reset();
          },
          "The asynchronous mode (EnvPool's; docs/python.md): every game starts afresh in the environment's own "
          "worker threads, and recv() returns them batch_size at a time. Returns at once. Raises RiseError while "
          "games sent are not all received.")
      .def(
          "send",
          [](VectorEnv& v, const py::object& actions, const py::object& env_ids) {
            const std::vector<int32_t> ids = int32_list(env_ids, -1, "send: env_ids");
            const std::vector<int32_t> chosen = int32_list(actions, static_cast<py::ssize_t>(ids.size()), "send: actions");
            py::gil_scoped_release release;
            v.send(chosen, ids);
          },
          py::arg("actions"), py::arg("env_ids"),
          "Applies actions[k] (a dense index legal for its player to move) to game env_ids[k], in the worker "
          "threads, and returns at once; a finished game restarts with its next seed. Raises RiseError, nothing "
          "sent, for a non-integer array, lengths that differ, an id out of range or twice, a game sent and "
          "not received yet, or an illegal action.")
      .def(
          "recv",
          [](const py::object& self) {
            VectorEnv& v = self.cast<VectorEnv&>();
            std::vector<int32_t> ids;
            {
              py::gil_scoped_release release;
              ids = v.recv();
            }
            return vector_batch_result(v, ids, self);
          },
          "Waits for batch_size games sent (async_reset or send) to be done and returns them, in the order "
          "they finished: (observations [B, *shape], masks [B, A], current_players [B], rewards [B], dones [B], "
          "env_ids [B]), rewards and dones as step() gives them (0 and False after async_reset). Raises "
          "RiseError when fewer than batch_size games are in flight (it would wait for ever).")
      .def(
          "sample_legal_actions",
          [](const VectorEnv& v, uint64_t seed) {
            const std::vector<int32_t> a = v.sample_legal_actions(seed);
            return array_of(a, {v.num_envs()});
          },
          py::arg("seed"),
          "One uniformly random legal dense action per game (int32 [N]), drawn from `seed`: random play "
          "without scanning the masks in Python.")
      .def(
          "reset",
          [](const py::object& self) {
            VectorEnv& v = self.cast<VectorEnv&>();
            {
              py::gil_scoped_release release;
              v.reset();
            }
            return vector_views(v, self);
          },
          "Starts every game (seeds seed, seed+1, ...). Returns (observations, masks, current_players).")
      .def(
          "step",
          [](const py::object& self, const py::object& object) {
            VectorEnv& v = self.cast<VectorEnv&>();
            const std::vector<int32_t> chosen = checked_actions(v, object);
            {
              py::gil_scoped_release release;
              v.step(chosen);
            }
            return vector_step_result(v, self);
          },
          py::arg("actions"),
          "Applies one dense action per game (for its player to move); a finished game restarts with its next "
          "seed. Returns (observations, masks, current_players, rewards, dones): rewards are the finished "
          "games' returns for the seat that just acted. Raises RiseError, no game moved, for a non-integer "
          "array, a wrong length or an action not legal in its game.")
      .def(
          "step_logits",
          [](const py::object& self, const py::object& object, bool greedy, uint64_t seed) {
            VectorEnv& v = self.cast<VectorEnv&>();
            const auto logits = py::array_t<float, py::array::c_style | py::array::forcecast>::ensure(object);
            const int actions = v.game().spec().num_distinct_actions;
            if (!logits || logits.ndim() != 2 || logits.shape(0) != v.num_envs() || logits.shape(1) != actions) {
              throw rise::InputError("step_logits: logits are a float array of shape (" + std::to_string(v.num_envs()) +
                                     ", " + std::to_string(actions) + "), one row of num_distinct_actions per game");
            }
            std::vector<int32_t> chosen;
            {
              py::gil_scoped_release release;
              chosen = v.choose_from_logits(logits.data(), static_cast<size_t>(actions), greedy, seed);
              v.step(chosen);
            }
            py::tuple result = vector_step_result(v, self);
            return py::make_tuple(array_of(chosen, {v.num_envs()}), result[0], result[1], result[2], result[3],
                                  result[4]);
          },
          py::arg("logits"), py::kw_only(), py::arg("greedy") = false, py::arg("seed") = 0,
          "Chooses each game's action from a policy's logits (float32 [N, num_distinct_actions], straight from "
          "a network: illegal actions' logits are ignored, no mask needed) and applies it, in C++ on the "
          "environment's threads: a draw from the softmax over the legal actions (game i from a generator "
          "seeded by `seed` and i), or with greedy=True the legal action of the highest logit. Returns "
          "(actions, observations, masks, current_players, rewards, dones). Raises RiseError for a wrong "
          "shape, or naming the game whose legal logit is NaN or +inf.");
}
