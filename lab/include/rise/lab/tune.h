// `rise lab tune` (docs/lab.md, "Tuning cards: rise lab tune"): automatic balancing of a card
// game's numbers. A tune file (docs/formats.md, "Tune file") names integer numbers of some
// cards (a cost, an attack, an effect's amount) with a range each, and a target: every deck's
// score against the field within a band, or one matchup's score within a band. The tuner
// searches the ranges with dlib's global optimiser (global_function_search, the engine of
// dlib::find_min_global: MaxLIPO with a trust region; Malherbe & Vayatis, "Global
// optimization of Lipschitz functions", ICML 2017; King, "A Global Optimization Algorithm
// Worth Using", dlib blog 2017), each candidate played as a round robin (round_robin.h) of
// the patched cards (card_patch.h) on the SAME seeded games (common random numbers, as the
// paired games of `rise lab ab`), so the objective is a deterministic function of the
// candidate. The best candidate is then confirmed on fresh seeds by SPRTs (sprt.h) that its
// scores lie inside the band.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise/ai/match.h"
#include "rise/core/types.h"
#include "rise/lab/card_patch.h"
#include "rise/lab/sprt.h"

namespace rise::lab {

// One number the tuner may change: card `card`'s field `field`, a top-level field ("attack")
// or a dotted path into one ("effects.0.do.0.gain": map keys by name, list items by 0-based
// index), whose value in the data directory is the integer `original`. Searched over the
// integers of [min, max] (min < max; `original` need not be inside). `line`: its line in the
// tune file (1-based).
struct TuneParameter {
  std::string card, field;
  int min = 0, max = 0;
  int original = 0;
  int line = 0;
};

// What the tuner aims at, scores in percent (a win 1, a draw 1/2, a loss 0 of the deck's
// games): kField, every deck of the round robin scores within [low, high] against the field
// (all the other decks); kMatchup, `deck_a` scores within [low, high] against `deck_b` (the
// tune file's `score` +- `within`). `line`: the target's line in the tune file.
struct TuneTarget {
  enum class Kind { kField, kMatchup };
  Kind kind = Kind::kField;
  double low = 45, high = 55;
  std::string deck_a, deck_b;  // kMatchup: deck ids (file names without .yaml of the deck directory)
  int line = 0;
};

struct TuneSpec {
  std::string file;                      // the tune file, as given
  std::vector<TuneParameter> parameters;  // in the file's order, at least 1
  TuneTarget target;
};

// Reads the tune file `path` (docs/formats.md, "Tune file") and each parameter's original
// value from the card files of `data_dir` (card_files). Throws InputError "FILE:LINE: ..." for:
// a file that is not a map with exactly `parameters` and `target`, a parameter without card,
// field, min or max or with another key, min >= max, a range wider than 10000, a card that no
// card file of `data_dir` has (with a "did you mean"), a field or path step the card does not
// have, a value there that is not a whole number, a number named twice, a target that is not
// `field: [LOW, HIGH]` (0 <= LOW < HIGH <= 100) or `matchup: [A, B]` with `score` and `within`
// (0 < within, the band inside [0, 100] and not all of it); "FILE: cannot read file" and
// "FILE:LINE: YAML syntax error: ...".
TuneSpec read_tune_file(const std::string& path, const std::string& data_dir);

// A card patch (card_patch.h; docs/formats.md, "Card patch") that sets the parameters of
// `spec` to `values` (one per parameter, in order), as YAML text starting with `comment`
// lines ("# " prefixed; may be empty). A patch replaces whole top-level fields, so a dotted
// parameter writes the card's whole top-level field from `data_dir` with its number(s)
// replaced. With `only_changed`, the parameters whose value is their original are left out
// (and a patch that changes nothing is "cards: {}"). Throws InputError as read_tune_file
// when `data_dir`'s cards changed since, or for a wrong number of values.
std::string tune_patch_text(const TuneSpec& spec, const std::string& data_dir, const std::vector<int>& values,
                            bool only_changed, const std::string& comment = "");

struct TuneConfig {
  std::string game;                  // a card game (a game with a `data` option)
  Options options;                   // game options; not "data" nor "decks"
  std::string data_dir;              // the cards tuned ("" = the game's default data directory)
  std::string deck_dir;              // the decks of the round robin ("" = DATA/decks)
  std::string tune_file;             // read_tune_file
  std::vector<std::string> players;  // 1 spec (both seats) or 2, as RoundRobinConfig::players
  int budget = 30;                   // candidates the optimiser proposes after the original, >= 1
  int games = 20;                    // games per pair of decks per evaluation (and per confirmation batch), >= 2
  int confirm_games = 4000;          // at most this many confirmation games (whole batches), >= 1
  double alpha = 0.05, beta = 0.05;  // the confirmation SPRTs' error rates (sprt_bounds)
  int threads = 1;
  uint64_t seed = 1;                 // the search's games; the confirmation's are derived from it
};

// Score of one deck over some games: (wins + draws/2) / games, with its 95% Wilson interval
// (score_interval), in fractions of 1.
struct TuneScore {
  int games = 0, wins = 0, draws = 0;
  ai::Interval score;
};

// One evaluation of the objective: the candidate `values` (one per parameter), the scores of
// the target's decks (TuneResult::decks order) on the search's seeds, and the loss (see
// tune_loss). `repeated`: the optimiser proposed a candidate already played, whose result is
// reused (no game). best_loss: the least loss up to and including this evaluation.
struct TuneEvaluation {
  int index = 0;
  std::vector<int> values;
  std::vector<TuneScore> scores;
  double loss = 0, best_loss = 0;
  bool repeated = false;
};

// One side of the confirmation of one deck: the SPRT of H0 "the score is at the band's edge
// `edge` (or beyond)" against H1 "it is `inner`, a quarter of the band inside", on game
// scores (0, 1/2, 1 as pentanomial indices 0, 2, 4; the high side on 1 - score).
struct TuneSideTest {
  std::string deck;
  std::string side;  // "low" or "high"
  double edge = 0, inner = 0;  // percent
  double llr = 0;
  SprtBounds bounds;
  SprtDecision decision = SprtDecision::kContinue;
};

// The confirmation: kH1 "inside the band" when every side test accepted H1, kH0 "outside"
// as soon as one accepted H0, kContinue "inconclusive" at TuneConfig::confirm_games.
struct TuneConfirmation {
  SprtDecision decision = SprtDecision::kContinue;
  int games = 0;
  std::vector<TuneSideTest> tests;
  std::vector<TuneScore> scores;  // by TuneResult::decks, over the confirmation's games
};

struct TuneResult {
  TuneConfig config;
  TuneSpec spec;
  std::vector<std::string> decks;            // the target's decks: every deck (kField) or deck_a, deck_b (kMatchup)
  std::vector<TuneEvaluation> evaluations;   // [0]: the original values, then the optimiser's
  int best = 0;                              // index of the proposal (least loss, earliest on ties)
  std::vector<CardChange> changes;           // the proposal's changes (card, field, before, after; no line)
  std::string patch;                         // the proposal as a card patch (tune_patch_text, only_changed)
  int search_games = 0;                      // games played by the search (repeats cost none)
  TuneConfirmation confirmation;
  double seconds = 0;                        // wall time
};

// The band the search aims at, in percent: the target's band with a quarter of its width taken
// off each side whose edge is inside (0, 100), e.g. [47.5, 52.5] for [45, 55]. These are the
// scores the confirmation's SPRTs take as H1 ("inside"): a proposal aimed at the band's very
// edge would be confirmed at best half the time.
std::pair<double, double> tune_aim(const TuneTarget& target);

// The objective (docs/lab.md): the sum over the target's decks (kMatchup: deck_a only) of the
// squared distance, in percentage points, of the deck's score from the aimed band (tune_aim; 0 inside it), plus
// a tie-break that prefers fewer and smaller changes: 0.01 * the mean over parameters of
// (|value - original| / (max - min) + [value != original]), at most 0.02, so it orders candidates
// that are all inside the band, or equally far from it.
double tune_loss(const TuneSpec& spec, const std::vector<double>& scores_percent, const std::vector<int>& values);

// Runs the search and the confirmation. Throws InputError for bad settings (budget, games,
// confirm_games, alpha, beta, threads), as read_tune_file, as round_robin_decks and
// run_round_robin (players, options, decks), a matchup deck missing from the deck directory,
// and "TUNE:LINE: card 'ID': field 'F' = V: ..." when a candidate's cards do not load.
// `on_evaluation(evaluation, total)` is called after each evaluation, `on_confirm(games)`
// after each confirmation batch, from the calling thread. The result depends only on the
// config, not on `threads` (unless a player has a time budget).
TuneResult run_tune(const TuneConfig& config,
                    const std::function<void(const TuneEvaluation&, int)>& on_evaluation = nullptr,
                    const std::function<void(int)>& on_confirm = nullptr);

// "in the band", "outside the band", "inconclusive after N games".
std::string tune_decision_text(const TuneConfirmation& confirmation);

// The terminal summary: the proposed changes "card field: before -> after", the table of the
// target's decks (before and after on the search's seeds, after on the confirmation's fresh
// seeds, each score with its 95% interval), the games and the SPRT decision.
std::vector<std::string> tune_summary_lines(const TuneResult& result);

// The result as JSON (docs/formats.md, "rise lab tune JSON"); no wall time, so that one
// config gives one JSON whatever the threads.
nlohmann::json tune_to_json(const TuneResult& result);

// An SVG plot of the search: each evaluation's distance from the target (sqrt of its loss,
// in points) as a dot, and the best so far as a line.
std::string tune_svg(const TuneResult& result);

// TuneResult::patch and tune_svg written to `path`. Throw InputError "PATH: cannot write file".
void write_tune_patch(const std::string& path, const TuneResult& result);
void write_tune_svg(const std::string& path, const TuneResult& result);

}  // namespace rise::lab
