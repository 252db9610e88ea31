// rise_engine._core's learning functions (docs/ai.md, "Learned evaluations"): self-play
// samples for training, and the C++ inference of a weights file, so that Python checks what
// the search will compute.
#include "learning_bindings.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <vector>

#include "conversions.h"
#include "rise/ai/network.h"
#include "rise/ai/player.h"
#include "rise/ai/self_play.h"
#include "rise/core/error.h"
#include "rise/core/registry.h"

namespace py = pybind11;

namespace rise::python {
namespace {

using Observations = py::array_t<float, py::array::c_style | py::array::forcecast>;

// The floats of one observation of `net` after checking that `observations` is [N, that];
// throws InputError naming `function` otherwise.
size_t observation_width(const ai::Network& net, const Observations& observations, const char* function) {
  const auto size = static_cast<py::ssize_t>(net.info().observation_size);
  if (observations.ndim() != 2 || observations.shape(1) != size) {
    throw InputError(std::string(function) + ": observations must have shape [N, " + std::to_string(size) + "]");
  }
  return static_cast<size_t>(size);
}

py::dict self_play_arrays(const ai::SelfPlaySamples& s) {
  const auto rows = static_cast<py::ssize_t>(s.rows());
  py::dict out;
  out["observations"] = array_of(s.observations, {rows, s.observation_size});
  out["outcomes"] = array_of(s.outcomes, {rows});
  out["search_values"] = array_of(s.search_values, {rows});
  out["evaluations"] = array_of(s.evaluations, {rows});
  out["actions"] = array_of(s.actions, {rows});
  out["legal_counts"] = array_of(s.legal_counts, {rows});
  out["legal"] = array_of(s.legal, {static_cast<py::ssize_t>(s.legal.size())});
  out["legal_visits"] = array_of(s.legal_visits, {static_cast<py::ssize_t>(s.legal_visits.size())});
  out["games"] = array_of(s.games, {rows});
  out["seats"] = array_of(s.seats, {rows});
  out["movers"] = array_of(s.movers, {rows});
  out["decisions"] = array_of(s.decisions, {rows});
  std::vector<float> returns;
  std::vector<int32_t> actions;
  for (const ai::GameRecord& r : s.records) {
    returns.insert(returns.end(), r.returns.begin(), r.returns.end());
    actions.push_back(r.actions);
  }
  const auto games = static_cast<py::ssize_t>(s.records.size());
  out["game_returns"] = array_of(returns, {games, games == 0 ? 0 : static_cast<py::ssize_t>(returns.size()) / games});
  out["game_actions"] = array_of(actions, {games});
  return out;
}

}  // namespace

void bind_learning(py::module_& m) {
  m.def(
      "self_play",
      [](const std::string& game, const std::vector<std::string>& players, int games, int threads,
                     uint64_t seed, double sample_rate, const py::dict& options, int first_game) {
        ai::SelfPlayConfig config;
        config.match.game = game;
        config.match.options = options_from(options);
        config.match.players = players;
        config.match.games = games;
        config.match.threads = threads;
        config.match.seed = seed;
        config.sample_rate = sample_rate;
        config.first_game = first_game;
        ai::SelfPlaySamples samples;
        {
          py::gil_scoped_release release;
          samples = ai::self_play(config);
        }
        return self_play_arrays(samples);
      },
      py::arg("game"), py::arg("players"), py::arg("games") = 10, py::arg("threads") = 1, py::arg("seed") = 1,
      py::arg("sample_rate") = 1.0, py::arg("options") = py::dict(), py::arg("first_game") = 0,
      "Plays `games` games between built-in players (one spec per seat, seats rotated as in simulate) and returns "
      "training samples as numpy arrays (ai/include/rise/ai/self_play.h): at each recorded decision (a share "
      "`sample_rate` in (0, 1] of them), one row per seat: 'observations' float32 [rows, observation size] "
      "(observation_tensor(seat)), 'outcomes' float32 [rows] (the seat's final return), 'search_values' float32 "
      "[rows] (the searcher's value of its choice on the deciding seat's row, else NaN), 'evaluations' float32 "
      "[rows] (the game's own evaluation for the seat, NaN without one), 'actions' int32 [rows] "
      "(dense index chosen on the deciding seat's row, else -1), 'legal_counts' int32 [rows] (the deciding seat's "
      "number of legal actions on its row, else 0), 'legal' int32 [sum of legal_counts] (their dense indices, row "
      "after row), 'legal_visits' float32 [sum of legal_counts] (the search's root visits of each, 0 without a "
      "search), 'games', 'seats', 'movers', 'decisions' int32 "
      "[rows] ('games' holds each game's index in the run); and per game 'game_returns' float32 [games, seats], "
      "'game_actions' int32 [games]. `first_game` >= 0 plays games first_game .. first_game + games - 1 of the run "
      "seeded `seed`, each exactly as one call with games = first_game + games would play it, so a long run can be "
      "played in parts and the parts' arrays concatenated. The result depends only on the arguments, not on "
      "`threads`. Raises RiseError for a bad game, player or option, or a negative first_game. "
      "Releases the GIL.");

  m.def(
      "network_value",
      [](const std::string& path, const Observations& observations) {
        std::shared_ptr<const ai::Network> net = ai::Network::load(path);
        const size_t size = observation_width(*net, observations, "network_value");
        py::array_t<float> out(observations.shape(0));
        ai::NetworkScratch scratch;
        for (py::ssize_t i = 0; i < observations.shape(0); ++i) {
          out.mutable_at(i) = net->value(std::span<const float>(observations.data(i, 0), size), scratch);
        }
        return out;
      },
      py::arg("path"), py::arg("observations"),
      "The network's own values in [-1, 1] (tanh of its output; a network with base 'evaluation' adds that "
      "output to the game's evaluation in the search) that the C++ engine computes with the weights file `path` "
      "for each row of `observations` (float32 [N, observation size]); float32 [N]. Raises RiseError naming the file if it is "
      "not a valid weights file (docs/formats.md, 'Network weights').");

  m.def(
      "network_policy_logits",
      [](const std::string& path, const Observations& observations) {
        std::shared_ptr<const ai::Network> net = ai::Network::load(path);
        if (!net->has_policy()) throw InputError(path + ": the network has no policy head");
        const size_t size = observation_width(*net, observations, "network_policy_logits");
        const int actions = net->info().num_distinct_actions;
        std::vector<int> dense(static_cast<size_t>(actions));
        for (int a = 0; a < actions; ++a) dense[static_cast<size_t>(a)] = a;
        py::array_t<float> out({observations.shape(0), static_cast<py::ssize_t>(actions)});
        ai::NetworkScratch scratch;
        for (py::ssize_t i = 0; i < observations.shape(0); ++i) {
          net->evaluate(std::span<const float>(observations.data(i, 0), size), dense,
                        std::span<float>(out.mutable_data(i, 0), static_cast<size_t>(actions)), scratch);
        }
        return out;
      },
      py::arg("path"), py::arg("observations"),
      "The policy head's logits that the C++ engine computes with the weights file `path` for each row of "
      "`observations` (float32 [N, observation size]): float32 [N, num_distinct_actions] (a softmax over a "
      "state's legal dense actions is the search's prior, docs/ai.md). Raises RiseError naming the file if it is "
      "not a valid weights file or has no policy head.");

  m.def(
      "default_player", [](const std::string& game) { return ai::default_player_spec(find_game(game).info()); },
      py::arg("game"),
      "The spec of the game's default (strongest) player (docs/ai.md): 'mcts' for rise-hex, 'ismcts' for the card "
      "games, with ',net=default' where the game ships a learned network. Raises RiseError for an unknown game.");

  m.def(
      "network_info",
      [](const std::string& path) {
        std::shared_ptr<const ai::Network> net = ai::Network::load(path);
        const ai::NetworkInfo& info = net->info();
        py::dict out;
        out["game"] = info.game;
        out["observation_size"] = info.observation_size;
        out["observation_version"] = info.observation_version;
        out["num_distinct_actions"] = info.num_distinct_actions;
        out["hidden"] = info.hidden;
        out["base"] = info.adds_evaluation ? "evaluation" : "";
        out["provenance"] = to_python(info.provenance);
        return out;
      },
      py::arg("path"),
      "The header of the weights file `path` as a dict (game, observation_size, observation_version, "
      "num_distinct_actions, hidden, provenance), after checking the whole file as the engine does. Raises "
      "RiseError naming the file.");
}

}  // namespace rise::python
