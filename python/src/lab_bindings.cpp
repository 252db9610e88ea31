// rise_engine._core.lab (docs/lab.md, "From Python"): thin bindings of the lab library
// (lab/): each function checks its arguments as `rise lab` does (the lab's default player,
// players that read hidden cards refused unless allowed), runs the library with the GIL
// released, and returns the library's JSON as Python objects.
#include "lab_bindings.h"

#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "conversions.h"
#include "rise/ai/player.h"
#include "rise/core/error.h"
#include "rise/core/files.h"
#include "rise/core/registry.h"
#include "rise/lab/ab_report.h"
#include "rise/lab/ab_test.h"
#include "rise/lab/card_report.h"
#include "rise/lab/card_study.h"
#include "rise/lab/html_report.h"
#include "rise/lab/omniscient_players.h"
#include "rise/lab/round_robin.h"
#include "rise/lab/sprt.h"
#include "rise/lab/tune.h"

namespace py = pybind11;

namespace rise::python {
namespace {

// The player specs of a lab run: `given`, or the lab's default player of `game` (as `rise
// lab`); throws InputError for a player that reads hidden cards unless `allow_omniscient`.
std::vector<std::string> lab_players(const std::string& game, const std::optional<std::vector<std::string>>& given,
                                     bool allow_omniscient) {
  const GameInfo& info = find_game(game).info();
  std::vector<std::string> players = given ? *given : std::vector<std::string>{lab::lab_default_player(info)};
  if (players.empty()) throw InputError("players: give at least one player spec, or None for the lab's default");
  if (!allow_omniscient) lab::refuse_omniscient(ai::omniscient_players(info, players), game);
  return players;
}

Options with(Options options, const char* name, const std::optional<std::string>& value) {
  if (!value) return options;
  if (options.count(name) != 0) {
    throw InputError(std::string(name) + " is given twice (as an argument and in options); give it once");
  }
  options[name] = *value;
  return options;
}

py::object ab(const std::string& game, const std::vector<std::string>& decks, const std::optional<std::string>& data_a,
              const std::optional<std::string>& data_b, const std::optional<std::string>& patch,
              const std::optional<std::vector<std::string>>& players, std::pair<double, double> elo, double alpha,
              double beta, int max_games, int threads, uint64_t seed, const py::dict& options, bool allow_omniscient,
              const std::optional<std::string>& report) {
  lab::AbConfig c;
  c.game = game;
  c.options = options_from(options);
  c.decks = decks;
  c.data_a = data_a.value_or("");
  c.data_b = data_b.value_or("");
  c.patch = patch.value_or("");
  c.players = lab_players(game, players, allow_omniscient);
  c.sprt.elo0 = elo.first;
  c.sprt.elo1 = elo.second;
  c.sprt.alpha = alpha;
  c.sprt.beta = beta;
  c.max_games = max_games;
  c.threads = threads;
  c.seed = seed;
  if (report) check_writable_dir(*report, "report");
  nlohmann::json j;
  {
    py::gil_scoped_release release;
    const lab::AbResult result = lab::run_ab(c);
    if (report) lab::write_report(*report, lab::ab_report(result));
    j = lab::ab_to_json(result);
  }
  return to_python(j);
}

py::object card_stats(const std::string& game, const std::optional<std::string>& decks,
                      const std::optional<std::string>& round_robin, const std::optional<std::vector<std::string>>& players,
                      int games, int threads, uint64_t seed, int resamples, bool by_deck, const std::optional<std::string>& deck,
                      const py::dict& options, bool allow_omniscient, const std::optional<std::string>& report) {
  lab::CardStudyConfig c;
  c.game = game;
  c.options = with(options_from(options), "decks", decks);
  c.round_robin = round_robin.value_or("");
  c.players = lab_players(game, players, allow_omniscient);
  c.games = games;
  c.threads = threads;
  c.seed = seed;
  c.resamples = resamples;
  c.by_deck = by_deck;
  c.deck = deck.value_or("");
  if (report) check_writable_dir(*report, "report");
  nlohmann::json j;
  {
    py::gil_scoped_release release;
    const lab::CardStudy study = lab::run_card_study(c);
    if (report) lab::write_report(*report, lab::card_study_report(study));
    j = lab::card_study_to_json(study);
  }
  return to_python(j);
}

py::object round_robin(const std::string& game, const std::string& deck_dir,
                       const std::optional<std::vector<std::string>>& players, int games_per_pair, int threads,
                       uint64_t seed, const py::dict& options, bool allow_omniscient) {
  lab::RoundRobinConfig c;
  c.game = game;
  c.deck_dir = deck_dir;
  c.options = options_from(options);
  c.players = lab_players(game, players, allow_omniscient);
  c.games_per_pair = games_per_pair;
  c.threads = threads;
  c.seed = seed;
  nlohmann::json j;
  {
    py::gil_scoped_release release;
    j = lab::round_robin_to_json(lab::run_round_robin(c));
  }
  return to_python(j);
}

py::object tune(const std::string& game, const std::string& tune_file, const std::optional<std::string>& data,
               const std::optional<std::string>& decks, const std::optional<std::vector<std::string>>& players, int budget,
               int games, int confirm_games, double alpha, double beta, int threads, uint64_t seed,
               const py::dict& options, bool allow_omniscient, const std::optional<std::string>& out,
               const std::optional<std::string>& plot) {
  lab::TuneConfig c;
  c.game = game;
  c.tune_file = tune_file;
  c.data_dir = data.value_or("");
  c.deck_dir = decks.value_or("");
  c.options = options_from(options);
  c.players = lab_players(game, players, allow_omniscient);
  c.budget = budget;
  c.games = games;
  c.confirm_games = confirm_games;
  c.alpha = alpha;
  c.beta = beta;
  c.threads = threads;
  c.seed = seed;
  if (out) check_writable_file(*out, "out");
  if (plot) check_writable_file(*plot, "plot");
  nlohmann::json j;
  {
    py::gil_scoped_release release;
    const lab::TuneResult result = lab::run_tune(c);
    if (out) lab::write_tune_patch(*out, result);
    if (plot) lab::write_tune_svg(*plot, result);
    j = lab::tune_to_json(result);
  }
  return to_python(j);
}

}  // namespace

void bind_lab(py::module_& m) {
  py::module_ l = m.def_submodule("lab", "The designers' lab (docs/lab.md): A/B tests, card statistics, round robins, tuning.");
  l.def("ab", &ab, py::arg("game"), py::arg("decks"), py::kw_only(), py::arg("data_a") = py::none(),
        py::arg("data_b") = py::none(), py::arg("patch") = py::none(), py::arg("players") = py::none(),
        py::arg("elo") = std::pair<double, double>{0, 20}, py::arg("alpha") = 0.05, py::arg("beta") = 0.05,
        py::arg("max_games") = 2000, py::arg("threads") = 1, py::arg("seed") = 1, py::arg("options") = py::dict(),
        py::arg("allow_omniscient") = false, py::arg("report") = py::none(),
        "An A/B test of a change to the cards, decided by an SPRT (`rise lab ab`; docs/lab.md). `decks`: "
        "[deck under test, opponent] (ids or deck files); A is `data_a`'s cards (None: the built-in ones), B "
        "`data_b`'s or `data_a`'s patched by the card patch file `patch` (give one of the two). `players`: 1 "
        "spec (both decks) or 2 (by deck), None for the lab's default player. `elo`: (H0, H1) bounds in Elo. "
        "Plays pairs of games (same seed, decks swapped between seats every pair) on `threads` threads until "
        "the SPRT decides or `max_games`. Returns what `rise lab ab --json` writes: decision ('H0', 'H1', "
        "'inconclusive'), decision_text, games, llr, pentanomial, elo and win_difference (value, low95, "
        "high95), win_a and win_b, changed_cards (drawn and played per side), ends_a and ends_b, changes, "
        "warnings_a and warnings_b. With `report` (a folder), also writes the HTML report `rise lab ab --report` "
        "writes. The same arguments give the same result, whatever the threads. Raises RiseError for a bad argument, deck, data folder or patch (naming the patch's line), or a player "
        "that reads hidden cards unless allow_omniscient. Releases the GIL.");
  l.def("card_stats", &card_stats, py::arg("game"), py::kw_only(), py::arg("decks") = py::none(),
        py::arg("round_robin") = py::none(), py::arg("players") = py::none(), py::arg("games") = 100,
        py::arg("threads") = 1, py::arg("seed") = 1, py::arg("resamples") = 200, py::arg("by_deck") = false,
        py::arg("deck") = py::none(), py::arg("options") = py::dict(), py::arg("allow_omniscient") = false,
        py::arg("report") = py::none(),
        "Card statistics of simulated games (`rise lab cards`; docs/lab.md): `games` games of `decks` (a "
        "comma-separated deck per seat, None for the game's default decks), or with `round_robin` (a folder of "
        "*.yaml decks) `games` games per pair of its decks with Bradley-Terry ratings (`resamples` bootstrap "
        "resamples). Returns what `rise lab cards --json` writes: games, decks, ends, cards (per card, or per "
        "deck and card with by_deck or deck: games, drawn, played, win_drawn, win_not_drawn, difference, "
        "sort_key, few_games, rarely_played; in the sample-aware order) and round_robin (its matrix, totals "
        "and ratings) or None. With `report` (a folder), also writes the HTML report `rise lab cards --report` "
        "writes, report/index.html. Raises RiseError for a game without decks, a bad argument, a deck no seat "
        "plays, a report folder that cannot be written, or a player that reads hidden cards unless "
        "allow_omniscient. Releases the GIL.");
  l.def("round_robin", &round_robin, py::arg("game"), py::arg("deck_dir"), py::kw_only(), py::arg("players") = py::none(),
        py::arg("games_per_pair") = 20, py::arg("threads") = 1, py::arg("seed") = 1, py::arg("options") = py::dict(),
        py::arg("allow_omniscient") = false,
        "Every pair of the decks (*.yaml) of `deck_dir` plays `games_per_pair` games, each deck first in half "
        "of them (`rise sim --round-robin`; docs/lab.md). Returns what `rise sim --round-robin --json` writes: "
        "decks with totals, the matrix (row deck's wins, draws, losses and win rate with its 95% interval), "
        "ends, first-player and first-seat win rates, and every game's record. Raises RiseError for a folder "
        "with fewer than 2 decks, a deck the game refuses, a bad argument, or a player that reads hidden "
        "cards unless allow_omniscient. Releases the GIL.");
  l.def("tune", &tune, py::arg("game"), py::arg("tune_file"), py::kw_only(), py::arg("data") = py::none(),
        py::arg("decks") = py::none(), py::arg("players") = py::none(), py::arg("budget") = 30, py::arg("games") = 20,
        py::arg("confirm_games") = 4000, py::arg("alpha") = 0.05, py::arg("beta") = 0.05, py::arg("threads") = 1,
        py::arg("seed") = 1, py::arg("options") = py::dict(), py::arg("allow_omniscient") = false,
        py::arg("out") = py::none(), py::arg("plot") = py::none(),
        "Searches the card numbers the tune file `tune_file` names for values that bring the target's deck "
        "scores into its band, then confirms the proposal on fresh seeds with SPRTs (`rise lab tune`; "
        "docs/lab.md, \"Tuning cards\"). `data`: the cards' data folder (None: the game's), `decks`: the folder of "
        "decks that play (None: data/decks); `budget` candidates after the original, `games` games per pair of "
        "decks per candidate (the same seeds for all), at most `confirm_games` confirmation games. Returns what "
        "`rise lab tune --json` writes: parameters (before, after), evaluations, changes, patch, table, "
        "confirmation and games. With `out`, also writes the proposal as a card patch; with `plot`, the SVG of the "
        "search. The same arguments give the same result, whatever the threads. Raises RiseError for a bad tune "
        "file (naming its line), argument or deck, or a player that reads hidden cards unless allow_omniscient. "
        "Releases the GIL.");
}

}  // namespace rise::python
