// Tests of the tuner of `rise lab tune` (lab/include/rise/lab/tune.h, docs/lab.md, "Tuning
// cards"): the tune file's errors name the file and line, the proposed patch reads back as a
// card patch, the objective, and the planted imbalance of tests/lab/rise-tcg-unbalanced (the
// Champion far too strong, the Scout too weak) found and undone at a small size, the proposal
// confirmed on seeds the search never played.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cli_run.h"
#include "rise/core/error.h"
#include "rise/lab/card_patch.h"
#include "rise/lab/round_robin.h"
#include "rise/lab/tune.h"

namespace labtunetest {
namespace {

namespace fs = std::filesystem;
using namespace rise::lab;

const std::string kUnbalanced = RISE_SOURCE_DIR "/tests/lab/rise-tcg-unbalanced";
const std::string kTuneFile = RISE_SOURCE_DIR "/tests/lab/unbalanced.tune.yaml";

// The planted imbalance (tests/lab/rise-tcg-unbalanced, unbalanced.tune.yaml) played by
// random players: the settings every run of this file shares.
TuneConfig unbalanced_config() {
  TuneConfig c;
  c.game = "rise-tcg";
  c.data_dir = kUnbalanced;
  c.tune_file = kTuneFile;
  c.players = {"random"};
  return c;
}

class Tune : public rise::testing_cli::CliRun {
 protected:
  std::string write(const std::string& name, const std::string& text) {
    rise::testing_files::write_text(file(name), text);
    return file(name).string();
  }
  // The InputError message of reading `text` as a tune file of the unbalanced cards.
  std::string error_of(const std::string& text) {
    const std::string path = write("t.tune.yaml", text);
    try {
      read_tune_file(path, kUnbalanced);
    } catch (const rise::InputError& e) {
      std::string message = e.what();
      const size_t at = message.find(path);
      return at == 0 ? "T" + message.substr(path.size()) : message;  // "T:LINE: ..." for short expectations
    }
    return "";
  }
};

TEST_F(Tune, ReadsTheParametersWithTheirOriginalValues) {
  const TuneSpec spec = read_tune_file(kTuneFile, kUnbalanced);
  ASSERT_EQ(spec.parameters.size(), 2u);
  EXPECT_EQ(spec.parameters[0].card, "lab-champion");
  EXPECT_EQ(spec.parameters[0].field, "attack");
  EXPECT_EQ(spec.parameters[0].original, 6);
  EXPECT_EQ(spec.parameters[0].min, 1);
  EXPECT_EQ(spec.parameters[0].max, 6);
  EXPECT_EQ(spec.parameters[0].line, 4);
  EXPECT_EQ(spec.parameters[1].card, "lab-scout");
  EXPECT_EQ(spec.parameters[1].original, 1);
  EXPECT_EQ(spec.target.kind, TuneTarget::Kind::kField);
  EXPECT_EQ(spec.target.low, 30);
  EXPECT_EQ(spec.target.high, 70);

  // A dotted path into a field, and a matchup target.
  const TuneSpec dotted = read_tune_file(write("d.tune.yaml",
                                               "parameters:\n"
                                               "  - {card: lab-levelup, field: effects.0.do.0.gain, min: 0, max: 3}\n"
                                               "target: {matchup: [champions, scouts], score: 50, within: 5}\n"),
                                         kUnbalanced);
  EXPECT_EQ(dotted.parameters[0].original, 1);
  EXPECT_EQ(dotted.target.kind, TuneTarget::Kind::kMatchup);
  EXPECT_EQ(dotted.target.deck_a, "champions");
  EXPECT_EQ(dotted.target.low, 45);
  EXPECT_EQ(dotted.target.high, 55);
}

TEST_F(Tune, TuneFileErrorsNameTheFileAndLine) {
  const std::string target = "target: {field: [45, 55]}\n";
  EXPECT_EQ(error_of("parameters:\n  - {card: lab-champoin, field: attack, min: 1, max: 6}\n" + target),
            "T:2: field 'parameters[1].card': no card 'lab-champoin' in " + kUnbalanced + " (did you mean 'lab-champion'?)");
  EXPECT_EQ(error_of("parameters:\n  - {card: lab-champion, field: atack, min: 1, max: 6}\n" + target),
            "T:2: field 'parameters[1].field': card 'lab-champion': the card has no field 'atack'");
  EXPECT_EQ(error_of("parameters:\n  - {card: lab-levelup, field: effects.1.do, min: 1, max: 6}\n" + target),
            "T:2: field 'parameters[1].field': card 'lab-levelup': 'effects' is a list of 1 item: give an index from 0 "
            "to 0, not '1'");
  EXPECT_EQ(error_of("parameters:\n  - {card: lab-champion, field: name, min: 1, max: 6}\n" + target),
            "T:2: field 'parameters[1].field': card 'lab-champion': name is 'Lab Champion', not a whole number");
  EXPECT_EQ(error_of("parameters:\n  - {card: lab-champion, field: attack, min: 6, max: 6}\n" + target),
            "T:2: field 'parameters[1]': min 6 must be below max 6");
  EXPECT_EQ(error_of("parameters:\n  - {card: lab-champion, field: attack, min: 1}\n" + target),
            "T:2: field 'parameters[1]': no max given (a parameter has card, field, min and max)");
  EXPECT_EQ(error_of("parameters:\n  - {card: lab-champion, field: attack, min: 1, max: 6}\n"
                     "  - {card: lab-champion, field: attack, min: 2, max: 5}\n" + target),
            "T:3: field 'parameters[2]': card 'lab-champion' field 'attack' is tuned twice (first at line 2)");
  EXPECT_EQ(error_of("parameters:\n  - {card: lab-champion, field: attack, min: 1, max: 6}\n"),
            "T:1: no target: give e.g. target: {field: [45, 55]}");
  EXPECT_EQ(error_of("parameters:\n  - {card: lab-champion, field: attack, min: 1, max: 6}\ntarget:\n  field: [55, 45]\n"),
            "T:4: field 'target.field': the band [55, 45] must satisfy 0 <= low < high <= 100 (percent)");
  EXPECT_EQ(error_of("parameters:\n  - {card: lab-champion, field: attack, min: 1, max: 6}\n"
                     "target:\n  matchup: [champions, grunts]\n  score: 50\n"),
            "T:4: field 'target': a matchup target needs score (percent, A's) and within (points either side)");
  EXPECT_EQ(error_of("parameters: []\n" + target).substr(0, 4), "T:1:");
  EXPECT_EQ(error_of("parameters:\n  - {card: lab-champion, field: attack, min: 1, max: 6, step: 1}\n" + target).substr(0, 4),
            "T:2:");
  EXPECT_EQ(error_of("parameters: [\n").substr(0, 24), "T:2: YAML syntax error: ");
}

TEST_F(Tune, TheProposedPatchReadsBackAsACardPatch) {
  const TuneSpec spec = read_tune_file(write("d.tune.yaml",
                                             "parameters:\n"
                                             "  - {card: lab-champion, field: attack, min: 1, max: 6}\n"
                                             "  - {card: lab-levelup, field: effects.0.do.0.gain, min: 0, max: 3}\n"
                                             "target: {field: [45, 55]}\n"),
                                       kUnbalanced);
  // The dotted number: the whole top-level field `effects` is written, with the number replaced.
  const std::string text = tune_patch_text(spec, kUnbalanced, {2, 3}, /*only_changed=*/true, "a test");
  EXPECT_EQ(text.rfind("# a test\n", 0), 0u) << text;
  const std::string patch = write("p.patch.yaml", text);
  const auto changes = write_patched_data(kUnbalanced, patch, (dir_ / "copy").string());
  ASSERT_EQ(changes.size(), 2u) << text;
  EXPECT_EQ(changes[0].card, "lab-champion");
  EXPECT_EQ(changes[0].field, "attack");
  EXPECT_EQ(changes[0].before, "6");
  EXPECT_EQ(changes[0].after, "2");
  EXPECT_EQ(changes[1].card, "lab-levelup");
  EXPECT_EQ(changes[1].field, "effects");
  EXPECT_EQ(changes[1].before, "[{on: invoked, do: [{gain: 1, resource: coins}]}]");
  EXPECT_EQ(changes[1].after, "[{on: invoked, do: [{gain: 3, resource: coins}]}]");
  // The game loads the patched copy.
  RoundRobinConfig rr;
  rr.game = "rise-tcg";
  rr.deck_dir = kUnbalanced + "/decks";
  rr.options = {{"data", (dir_ / "copy").string()}};
  EXPECT_EQ(round_robin_decks(rr).size(), 3u);

  // Only what changed: nothing when every value is the original, which is a patch too.
  EXPECT_EQ(tune_patch_text(spec, kUnbalanced, {6, 1}, /*only_changed=*/true), "cards: {}\n");
  const std::string unchanged = tune_patch_text(spec, kUnbalanced, {6, 2}, /*only_changed=*/true);
  EXPECT_EQ(unchanged.find("lab-champion"), std::string::npos) << unchanged;
  EXPECT_EQ(write_patched_data(kUnbalanced, write("u.patch.yaml", unchanged), (dir_ / "copy2").string()).size(), 1u);
  EXPECT_THROW(tune_patch_text(spec, kUnbalanced, {6}, true), rise::InputError);
}

TEST(TuneLoss, SquaredPointsOutsideTheBandAndATieBreak) {
  TuneSpec spec;
  spec.parameters = {{"a", "attack", 1, 6, 6, 1}, {"b", "attack", 1, 6, 1, 2}};
  spec.target.low = 40;
  spec.target.high = 60;
  EXPECT_DOUBLE_EQ(tune_loss(spec, {50, 45, 55}, {6, 1}), 0);               // inside, unchanged
  // The search aims at [45, 55], the band less a quarter of its width each side (tune_aim).
  EXPECT_EQ(tune_aim(spec.target), std::make_pair(45.0, 55.0));
  EXPECT_DOUBLE_EQ(tune_loss(spec, {70, 35, 50}, {6, 1}), 225 + 100);         // 15 and 10 points out
  // One change of 4 out of a range of 5: 0.01 * (4/5 + 1) / 2.
  EXPECT_NEAR(tune_loss(spec, {50, 50, 50}, {2, 1}), 0.01 * (0.8 + 1) / 2, 1e-12);
  EXPECT_LT(tune_loss(spec, {50, 50, 50}, {5, 1}), tune_loss(spec, {50, 50, 50}, {2, 1}));  // smaller first
  EXPECT_LT(tune_loss(spec, {50, 50, 50}, {2, 1}), tune_loss(spec, {50, 50, 50}, {5, 2}));  // fewer first
  spec.target.kind = TuneTarget::Kind::kMatchup;  // only deck A counts
  EXPECT_DOUBLE_EQ(tune_loss(spec, {62, 38}, {6, 1}), 49);
  spec.target.low = 0;  // a band from 0 has no low side to keep away from
  EXPECT_EQ(tune_aim(spec.target), std::make_pair(0.0, 45.0));
}

// The planted imbalance at a small size: random players, 3 decks, 64 games per pair, 12
// candidates. Before, the Champions score far above the band and the Scouts far below; the
// search must change both planted numbers and find values whose scores on fresh seeds (the
// confirmation's, never played by the search) lie in [30, 70]% for every deck, and the SPRTs
// must confirm it. Over seeds 1 to 10 of this size (2026-12-07) every proposal's fresh scores
// were inside [30, 70]%; the SPRTs confirmed 5 of them (seed 10: the Champion and the Scout
// both back at 2, every deck near 50%), and for the other 5, each with a deck truly 1 to 9
// points from an edge of the band (the Grunts at 31 to 39%, measured over 768 games), accepted
// H0 "at the edge", as they should for a score between the edge and the aimed band.
TEST_F(Tune, RestoresThePlantedBalance) {
  TuneConfig c = unbalanced_config();
  c.budget = 12;
  c.games = 64;
  c.confirm_games = 1920;
  c.alpha = c.beta = 0.1;
  c.seed = 10;
  const TuneResult r = run_tune(c);
  ASSERT_EQ(r.decks, (std::vector<std::string>{"champions", "grunts", "scouts"}));
  ASSERT_EQ(r.evaluations.size(), 13u);
  // The imbalance is real: the original cards miss the band on both sides.
  const TuneEvaluation& before = r.evaluations[0];
  EXPECT_GT(before.scores[0].score.rate, 0.7);
  EXPECT_LT(before.scores[2].score.rate, 0.3);
  EXPECT_GT(before.loss, 1000);
  // The proposal weakens the Champion and strengthens the Scout.
  const TuneEvaluation& after = r.evaluations[static_cast<size_t>(r.best)];
  EXPECT_LT(after.loss, before.loss / 100);  // the aimed band [40, 60] is nearly reached on the search seeds
  EXPECT_LT(after.values[0], 6);
  EXPECT_GT(after.values[1], 1);
  ASSERT_EQ(r.changes.size(), 2u);
  int repeated = 0;
  for (const TuneEvaluation& e : r.evaluations) repeated += e.repeated ? 1 : 0;
  EXPECT_EQ(r.search_games, 3 * 64 * (13 - repeated));
  // Every deck inside the band on seeds the search never played, and the SPRTs say so.
  ASSERT_EQ(r.confirmation.scores.size(), 3u);
  for (size_t d = 0; d < 3; ++d) {
    const double s = r.confirmation.scores[d].score.rate;
    EXPECT_GE(s, 0.30) << r.decks[d];
    EXPECT_LE(s, 0.70) << r.decks[d];
  }
  EXPECT_EQ(r.confirmation.decision, SprtDecision::kH1) << tune_decision_text(r.confirmation);
  EXPECT_EQ(r.confirmation.tests.size(), 6u);  // each deck, each side

  // The patch it proposes is a card patch of the data directory (what rise lab ab --patch reads).
  const std::string patch = write("proposal.patch.yaml", r.patch);
  const auto changes = write_patched_data(kUnbalanced, patch, (dir_ / "proposed").string());
  ASSERT_EQ(changes.size(), r.changes.size());
  for (size_t i = 0; i < changes.size(); ++i) {
    EXPECT_EQ(changes[i].card, r.changes[i].card);
    EXPECT_EQ(changes[i].field, r.changes[i].field);
    EXPECT_EQ(changes[i].after, r.changes[i].after);
  }

  const nlohmann::json j = tune_to_json(r);
  EXPECT_EQ(j["evaluations"].size(), 13u);
  EXPECT_EQ(j["confirmation"]["decision"], "in band");
  EXPECT_EQ(j["games"]["total"], r.search_games + r.confirmation.games);
  EXPECT_NE(tune_svg(r).find("<polyline"), std::string::npos);
}

// The objective is a function of the candidate: the same seeds for every candidate, whatever
// the threads. A short search with 1 and with 2 threads gives the same result.
TEST_F(Tune, TheResultDoesNotDependOnThreads) {
  TuneConfig c = unbalanced_config();
  c.budget = 3;
  c.games = 4;
  c.confirm_games = 12;
  c.seed = 5;
  const nlohmann::json one = tune_to_json(run_tune(c));
  c.threads = 2;
  EXPECT_EQ(tune_to_json(run_tune(c)), one);
}

}  // namespace
}  // namespace labtunetest
