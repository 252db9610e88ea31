// Unit tests of the lab (lab/, docs/lab.md): the SPRT's log-likelihood
// ratios against hand-computed values, Bradley–Terry ratings recovered from a matrix of known
// strengths, card statistics, card patches and the HTML report.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "cli_run.h"
#include "rise/lab/ab_test.h"
#include "rise/lab/bradley_terry.h"
#include "rise/lab/card_patch.h"
#include "rise/lab/card_stats.h"
#include "rise/lab/card_study.h"
#include "rise/lab/csv.h"
#include "rise/lab/html_report.h"
#include "rise/lab/sprt.h"
#include "rise/core/error.h"

namespace labtest {
namespace {

namespace fs = std::filesystem;
using namespace rise::lab;

// --- SPRT ---------------------------------------------------------------------------------

TEST(Sprt, EloAndScoreAreInverse) {
  EXPECT_DOUBLE_EQ(elo_to_score(0), 0.5);
  EXPECT_NEAR(elo_to_score(400), 10.0 / 11.0, 1e-12);  // 1 / (1 + 10^-1)
  EXPECT_NEAR(score_to_elo(10.0 / 11.0), 400, 1e-9);
  EXPECT_NEAR(score_to_elo(0.75), 190.848501887865, 1e-9);  // 400 log10(3)
  EXPECT_NEAR(score_to_elo(1.0), 400 * std::log10(999.0), 1e-9);  // clamped at 0.999
}

TEST(Sprt, PairScoreIndexIsTwoPlusTwiceTheDifference) {
  EXPECT_EQ(pair_score_index(1, 0), 0);    // A won, B lost
  EXPECT_EQ(pair_score_index(1, 0.5), 1);
  EXPECT_EQ(pair_score_index(0, 0), 2);
  EXPECT_EQ(pair_score_index(0.5, 1), 3);
  EXPECT_EQ(pair_score_index(0, 1), 4);
}

TEST(Sprt, LogLikelihoodRatioMatchesHandComputedValues) {
  // 10 pairs: 2 at 1/4, 5 at 1/2, 2 at 3/4, 1 at 1. Mean 0.55, variance 0.0475.
  Pentanomial p;
  p.counts = {0, 2, 5, 2, 1};
  EXPECT_DOUBLE_EQ(p.pairs(), 10);
  EXPECT_NEAR(p.mean(), 0.55, 1e-15);
  EXPECT_NEAR(p.variance(), 0.0475, 1e-15);
  // H0 0.5, H1 0.55: sum of squares 0.5 and 0.475, LLR = 10/2 ln(0.5/0.475) = 0.2564664719.
  EXPECT_NEAR(log_likelihood_ratio(p, 0.5, 0.55), 0.2564664719, 1e-9);
  // H0 0.5, H1 0.6: both sums are 0.5: no evidence either way.
  EXPECT_NEAR(log_likelihood_ratio(p, 0.5, 0.6), 0.0, 1e-12);
  // H0 0.55, H1 0.45: 5 ln(0.475 / 0.575) = -0.9553
  EXPECT_NEAR(log_likelihood_ratio(p, 0.55, 0.45), 5 * std::log(0.475 / 0.575), 1e-12);
  EXPECT_NEAR(log_likelihood_ratio(p, 0.55, 0.45), -0.955276184, 1e-9);
  EXPECT_EQ(log_likelihood_ratio(Pentanomial{}, 0.5, 0.55), 0.0);
}

TEST(Sprt, WaldBounds) {
  const SprtBounds b = sprt_bounds(0.05, 0.05);
  EXPECT_NEAR(b.lower, -2.944438979, 1e-9);  // ln(0.05 / 0.95)
  EXPECT_NEAR(b.upper, 2.944438979, 1e-9);
  const SprtBounds c = sprt_bounds(0.05, 0.1);
  EXPECT_NEAR(c.lower, std::log(0.1 / 0.95), 1e-12);
  EXPECT_NEAR(c.upper, std::log(0.9 / 0.05), 1e-12);
  EXPECT_THROW(sprt_bounds(0, 0.05), rise::InputError);
  EXPECT_THROW(sprt_bounds(0.05, 0.5), rise::InputError);
}

TEST(Sprt, PriorKeepsIdenticalPairsFromDecidingAtOnce) {
  // One pair at 1/2 with the prior (half a pair at 0, half at 1): mean 0.5, variance
  // (0.5 * 0.25 * 2) / 2 = 0.125. H0 0 Elo (0.5), H1 400 Elo (10/11): LLR over 1 pair =
  // 1/2 ln(0.125 / (0.125 + (0.5 - 10/11)^2)).
  Sprt sprt(SprtConfig{0, 400, 0.05, 0.05});
  EXPECT_EQ(sprt.add(2), SprtDecision::kContinue);
  const double d = 0.5 - 10.0 / 11.0;
  EXPECT_NEAR(sprt.llr(), 0.5 * std::log(0.125 / (0.125 + d * d)), 1e-12);
  EXPECT_NEAR(sprt.llr(), -0.424828, 1e-6);
  // Identical pairs keep coming: H0 is accepted, and stays.
  int pairs = 1;
  while (sprt.add(2) == SprtDecision::kContinue) ++pairs;
  ++pairs;
  EXPECT_EQ(sprt.decision(), SprtDecision::kH0);
  EXPECT_GT(pairs, 3);
  EXPECT_LT(pairs, 20);
  EXPECT_LE(sprt.llr(), sprt.bounds().lower);
  EXPECT_EQ(sprt.add(4), SprtDecision::kH0);
}

TEST(Sprt, ClearImprovementAcceptsH1) {
  Sprt sprt(SprtConfig{0, 20, 0.05, 0.05});
  int pairs = 0;
  // B wins 3 pairs in 4 and ties the fourth.
  while (sprt.decision() == SprtDecision::kContinue && pairs < 1000) sprt.add(pairs++ % 4 == 3 ? 2 : 4);
  EXPECT_EQ(sprt.decision(), SprtDecision::kH1);
  EXPECT_GE(sprt.llr(), sprt.bounds().upper);
  EXPECT_LT(pairs, 100);
}

TEST(Sprt, RefusesBadBounds) {
  EXPECT_THROW(Sprt(SprtConfig{20, 0, 0.05, 0.05}), rise::InputError);
  EXPECT_THROW(Sprt(SprtConfig{0, 2000, 0.05, 0.05}), rise::InputError);
  EXPECT_THROW(Sprt(SprtConfig{0, 20, 0.6, 0.05}), rise::InputError);
}

TEST(Sprt, EstimateIsTheMeanWithANormalInterval) {
  Pentanomial p;
  p.counts = {0, 2, 5, 2, 1};
  const AbEstimate e = estimate(p);
  const double half = 1.959963984540054 * std::sqrt(0.0475 / 10);
  EXPECT_NEAR(e.score, 0.55, 1e-12);
  EXPECT_NEAR(e.score_low, 0.55 - half, 1e-12);
  EXPECT_NEAR(e.score_high, 0.55 + half, 1e-12);
  EXPECT_NEAR(e.difference, 0.1, 1e-12);
  EXPECT_NEAR(e.elo, score_to_elo(0.55), 1e-12);
  EXPECT_NEAR(e.elo, 34.860, 1e-3);
}

// --- Bradley–Terry ------------------------------------------------------------------------

TEST(BradleyTerry, RecoversKnownStrengths) {
  // Four decks of -150, -50, +50, +150 Elo; 2000 games per pair, wins at the expected rate.
  const std::vector<double> truth = {-150, -50, 50, 150};
  const int games = 2000;
  std::vector<std::vector<PairResult>> m(4, std::vector<PairResult>(4));
  for (size_t i = 0; i < 4; ++i) {
    for (size_t j = 0; j < 4; ++j) {
      if (i == j) continue;
      const double p = 1 / (1 + std::pow(10.0, (truth[j] - truth[i]) / 400));
      const int wins = static_cast<int>(std::lround(p * games));
      m[i][j] = PairResult{wins, 0, games - wins};
    }
  }
  const std::vector<double> elo = bradley_terry_elo(m);
  ASSERT_EQ(elo.size(), 4u);
  double mean = 0;
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_NEAR(elo[i], truth[i], 2.0) << "deck " << i;
    mean += elo[i];
  }
  EXPECT_NEAR(mean, 0, 1e-6);
  const std::vector<Rating> ratings = bradley_terry_ratings(m, 100, 7);
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_DOUBLE_EQ(ratings[i].elo, elo[i]);
    EXPECT_LT(ratings[i].low, truth[i]) << i;
    EXPECT_GT(ratings[i].high, truth[i]) << i;
    EXPECT_LT(ratings[i].high - ratings[i].low, 60) << i;  // about +-4 standard errors of 7 Elo
  }
  // The same seed gives the same intervals; another seed other ones.
  EXPECT_DOUBLE_EQ(bradley_terry_ratings(m, 100, 7)[2].low, ratings[2].low);
  EXPECT_NE(bradley_terry_ratings(m, 100, 8)[2].low, ratings[2].low);
}

TEST(BradleyTerry, ThePriorKeepsAnUnbeatenDeckFinite) {
  // Deck 0 won all 10 games against deck 1: with the prior (one drawn game) it scores 10.5
  // of 11, so g0/g1 = 10.5/0.5 = 21 and the gap is 400 log10(21) Elo.
  std::vector<std::vector<PairResult>> m(2, std::vector<PairResult>(2));
  m[0][1] = PairResult{10, 0, 0};
  m[1][0] = PairResult{0, 0, 10};
  const std::vector<double> elo = bradley_terry_elo(m);
  EXPECT_NEAR(elo[0] - elo[1], 400 * std::log10(21.0), 1e-6);
  EXPECT_NEAR(elo[0], -elo[1], 1e-9);
  EXPECT_THROW((bradley_terry_elo({{PairResult{}}, {}})), rise::InputError);
  EXPECT_THROW(bradley_terry_ratings(m, 0, 1), rise::InputError);
}

// --- Card statistics ----------------------------------------------------------------------

using rise::CardUse;

TEST(CardStats, CountsDrawnPlayedAndWinRates) {
  std::vector<SeatCards> seats = {
      {true, {CardUse{"bolt", true, 3}, CardUse{"bolt", true, 5}, CardUse{"wall", false, -1}}, ""},
      {false, {CardUse{"bolt", false, -1}, CardUse{"wall", true, -1}}, ""},
      {true, {CardUse{"bolt", false, -1}}, ""},
      {false, {CardUse{"wall", true, 2}}, ""},
  };
  const std::vector<CardStats> stats = card_stats(seats);
  ASSERT_EQ(stats.size(), 2u);
  const CardStats& bolt = stats[0];
  EXPECT_EQ(bolt.card, "bolt");
  EXPECT_EQ(bolt.games, 3);
  EXPECT_EQ(bolt.drawn, 1);
  EXPECT_EQ(bolt.played, 1);
  EXPECT_EQ(bolt.copies_played, 2);
  EXPECT_DOUBLE_EQ(bolt.mean_turn_played, 4.0);
  EXPECT_EQ(bolt.wins_drawn, 1);
  EXPECT_EQ(bolt.wins_not_drawn, 1);  // of 2
  EXPECT_DOUBLE_EQ(bolt.win_drawn.rate, 1.0);
  EXPECT_DOUBLE_EQ(bolt.win_not_drawn.rate, 0.5);
  ASSERT_TRUE(bolt.difference.defined);
  EXPECT_DOUBLE_EQ(bolt.difference.value, 0.5);
  EXPECT_LT(bolt.difference.low, 0.5);
  EXPECT_GT(bolt.difference.high, 0.5);
  const CardStats& wall = stats[1];
  EXPECT_EQ(wall.games, 3);
  EXPECT_EQ(wall.drawn, 2);
  EXPECT_EQ(wall.played, 1);
  EXPECT_EQ(wall.wins_drawn, 0);
  EXPECT_EQ(wall.wins_not_drawn, 1);
  EXPECT_DOUBLE_EQ(wall.difference.value, -1.0);
}

// 17lands' OH and GD win rates: a seat game whose copy was in the opening hand counts in
// `opening`, one drawn with no copy there in `drawn_later`; together they are `drawn`.
TEST(CardStats, OpeningHandAndDrawnLaterWinRates) {
  std::vector<SeatCards> seats = {
      {true, {CardUse{"bolt", true, 1, true}, CardUse{"bolt", true, 4, false}}, ""},  // OH (one copy there)
      {false, {CardUse{"bolt", true, 2, true}}, ""},                                  // OH
      {true, {CardUse{"bolt", true, -1, false}}, ""},                                 // GD
      {true, {CardUse{"bolt", true, 6, false}}, ""},                                  // GD
      {false, {CardUse{"bolt", false, -1, false}}, ""},                               // not drawn
  };
  const std::vector<CardStats> stats = card_stats(seats);
  ASSERT_EQ(stats.size(), 1u);
  const CardStats& bolt = stats[0];
  EXPECT_EQ(bolt.drawn, 4);
  EXPECT_EQ(bolt.opening, 2);
  EXPECT_EQ(bolt.wins_opening, 1);
  EXPECT_EQ(bolt.drawn_later, 2);
  EXPECT_EQ(bolt.wins_drawn_later, 2);
  EXPECT_EQ(bolt.opening + bolt.drawn_later, bolt.drawn);
  EXPECT_DOUBLE_EQ(bolt.win_opening.rate, 0.5);
  EXPECT_DOUBLE_EQ(bolt.win_drawn_later.rate, 1.0);
  EXPECT_DOUBLE_EQ(bolt.win_drawn.rate, 0.75);
}

TEST(CardStats, NewcombeIntervalOfADifference) {
  // 5/10 against 2/10: Wilson intervals [0.2366, 0.7634] and [0.0567, 0.5098].
  const RateDifference d = rate_difference(5, 10, 2, 10);
  ASSERT_TRUE(d.defined);
  EXPECT_NEAR(d.value, 0.3, 1e-12);
  const double l1 = 0.2365930905, u1 = 0.7634069095, l2 = 0.0566821515, u2 = 0.5098375285;
  EXPECT_NEAR(d.low, 0.3 - std::sqrt((0.5 - l1) * (0.5 - l1) + (u2 - 0.2) * (u2 - 0.2)), 1e-5);
  EXPECT_NEAR(d.high, 0.3 + std::sqrt((u1 - 0.5) * (u1 - 0.5) + (0.2 - l2) * (0.2 - l2)), 1e-5);
  EXPECT_NEAR(d.low, -0.1067, 1e-3);
  EXPECT_NEAR(d.high, 0.5999, 1e-3);
  EXPECT_FALSE(rate_difference(1, 1, 0, 0).defined);
}

// Issue 36: the card table listed the largest differences first, which at a few games are
// noise. The sample-aware key is the interval's bound nearest 0, 0 when it holds 0.
TEST(CardStats, TheSampleAwareKeyIsTheBoundNearestZero) {
  EXPECT_DOUBLE_EQ(sort_key({true, 0.3, 0.1, 0.5}), 0.1);
  EXPECT_DOUBLE_EQ(sort_key({true, -0.3, -0.5, -0.1}), -0.1);
  EXPECT_DOUBLE_EQ(sort_key({true, 0.6, -0.1, 0.9}), 0.0);  // a big difference of a few games: noise
  EXPECT_DOUBLE_EQ(sort_key({false, 0, 0, 0}), 0.0);
  // 40 seat games each: "sure" won 24 of 30 drawn and 2 of 10 not (+60 pts); "lucky" 2 of 2
  // drawn and 8 of 38 not (+79 pts). By the difference lucky came first; by the key, sure.
  std::vector<SeatCards> seats;
  for (int g = 0; g < 40; ++g) {
    const bool sure_drawn = g < 30, lucky_drawn = g < 2;
    seats.push_back({g < 24 || (g >= 30 && g < 32), {CardUse{"sure", sure_drawn, -1}}, "a"});
    seats.push_back({g < 10, {CardUse{"lucky", lucky_drawn, -1}}, "b"});
  }
  const std::vector<CardStats> stats = card_stats(seats);
  ASSERT_EQ(stats.size(), 2u);
  EXPECT_EQ(stats[0].card, "lucky");
  EXPECT_GT(stats[0].difference.value, stats[1].difference.value) << "lucky's difference is larger";
  const std::vector<CardStats> ordered = sample_aware_order(stats);
  EXPECT_EQ(ordered[0].card, "sure");
  EXPECT_EQ(ordered[1].card, "lucky");
  EXPECT_GT(ordered[0].sort_key, ordered[1].sort_key);
  EXPECT_GT(ordered[1].sort_key, 0.0);
  EXPECT_FALSE(ordered[0].few_games);  // 30 drawn, 10 not
  EXPECT_TRUE(ordered[1].few_games);   // 2 drawn
}

// Issue 36: one table per deck (a card of two decks has a row for each, over its own seat
// games), and a card drawn often but hardly ever played is flagged.
TEST(CardStats, ByDeckAndRarelyPlayed) {
  std::vector<SeatCards> seats;
  for (int g = 0; g < 20; ++g) {
    seats.push_back({g % 2 == 0, {CardUse{"bolt", true, g == 0 ? 3 : -1}, CardUse{"wall", g < 10, 2}}, "red"});
    seats.push_back({g % 2 == 1, {CardUse{"bolt", g < 5, g < 5 ? 1 : -1}}, "blue"});
  }
  const std::vector<CardStats> all = card_stats(seats);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].card, "bolt");
  EXPECT_EQ(all[0].deck, "");
  EXPECT_EQ(all[0].games, 40);
  const std::vector<CardStats> by_deck = card_stats(seats, true);
  ASSERT_EQ(by_deck.size(), 3u);
  EXPECT_EQ(by_deck[0].deck + " " + by_deck[0].card, "blue bolt");
  EXPECT_EQ(by_deck[1].deck + " " + by_deck[1].card, "red bolt");
  EXPECT_EQ(by_deck[2].deck + " " + by_deck[2].card, "red wall");
  EXPECT_EQ(by_deck[0].games, 20);
  EXPECT_EQ(by_deck[0].drawn, 5);
  EXPECT_EQ(by_deck[0].played, 5);
  EXPECT_FALSE(by_deck[0].rarely_played);
  EXPECT_EQ(by_deck[1].drawn, 20);
  EXPECT_EQ(by_deck[1].played, 1);
  EXPECT_TRUE(by_deck[1].rarely_played);  // drawn in 20 seat games, played in 1
  EXPECT_EQ(by_deck[2].played, 20);
  EXPECT_FALSE(by_deck[2].rarely_played);
}

// --- Card patches -------------------------------------------------------------------------

// A scratch directory (CliRun's) for the patched copies.
class CardPatch : public rise::testing_cli::CliRun {
 protected:
  std::string write(const std::string& name, const std::string& text) {
    rise::testing_files::write_text(file(name), text);
    return file(name).string();
  }
  static std::string read(const fs::path& path) { return rise::testing_files::read_text(path); }
  // The InputError message of `f`, or "" when it throws none.
  template <class F>
  static std::string error_of(F&& f) {
    try {
      f();
    } catch (const rise::InputError& e) {
      return e.what();
    }
    return "";
  }
};

const std::string kLabData = RISE_SOURCE_DIR "/tests/lab/rise-tcg";

TEST_F(CardPatch, ChangesTheFieldsOfACopy) {
  const std::string out = (dir_ / "data").string();
  const auto changes = write_patched_data(kLabData, RISE_SOURCE_DIR "/tests/lab/stronger-champion.patch.yaml", out);
  ASSERT_EQ(changes.size(), 2u);
  EXPECT_EQ(changes[0].card, "lab-champion");
  EXPECT_EQ(changes[0].field, "attack");
  EXPECT_EQ(changes[0].before, "2");
  EXPECT_EQ(changes[0].after, "5");
  EXPECT_EQ(changes[1].field, "defense");
  const std::string creatures = read(dir_ / "data/cards/creatures.yaml");
  EXPECT_NE(creatures.find("attack: 5"), std::string::npos) << creatures;
  EXPECT_NE(creatures.find("attack: 2"), std::string::npos) << creatures;  // the Lab Grunt is untouched
  EXPECT_TRUE(fs::exists(dir_ / "data/decks/champions.yaml"));
  EXPECT_EQ(read(dir_ / "data/cards/summoners.yaml"), read(kLabData + "/cards/summoners.yaml"));
  // The original is untouched.
  EXPECT_EQ(read(kLabData + "/cards/creatures.yaml").find("attack: 5"), std::string::npos);
}

TEST_F(CardPatch, RefusesUnknownCardsAndFieldsNamingTheLine) {
  const std::string out = (dir_ / "data").string();
  const std::string card = error_of([&] {
    write_patched_data(kLabData, RISE_SOURCE_DIR "/tests/lab/bad-card.patch.yaml", out);
  });
  EXPECT_NE(card.find("bad-card.patch.yaml:2: card 'lab-champoin': no such card in"), std::string::npos) << card;
  EXPECT_NE(card.find("did you mean 'lab-champion'"), std::string::npos) << card;
  const std::string field = error_of([&] {
    write_patched_data(kLabData, RISE_SOURCE_DIR "/tests/lab/bad-field.patch.yaml", out);
  });
  EXPECT_NE(field.find("bad-field.patch.yaml:3: card 'lab-champion': field 'atack': no card of"), std::string::npos) << field;
  EXPECT_NE(field.find("did you mean 'attack'"), std::string::npos) << field;
  const std::string id = error_of([&] {
    write_patched_data(kLabData, write("id.yaml", "cards:\n  lab-grunt:\n    id: other\n"), out);
  });
  EXPECT_NE(id.find("id.yaml:3: card 'lab-grunt': field 'id': a patch changes a card's fields, not its id"), std::string::npos) << id;
  const std::string top = error_of([&] { write_patched_data(kLabData, write("top.yaml", "card:\n  x: 1\n"), out); });
  EXPECT_NE(top.find("top.yaml:1"), std::string::npos) << top;
  EXPECT_NE(top.find("card"), std::string::npos) << top;
  const std::string list = error_of([&] { write_patched_data(kLabData, write("list.yaml", "- 1\n- 2\n"), out); });
  EXPECT_NE(list.find("list.yaml:1"), std::string::npos) << list;
  const std::string syntax = error_of([&] { write_patched_data(kLabData, write("syntax.yaml", "cards: [\n"), out); });
  EXPECT_NE(syntax.find("syntax.yaml"), std::string::npos) << syntax;
  const std::string missing = error_of([&] { write_patched_data(kLabData + "-none", write("ok.yaml", "cards: {}\n"), out); });
  EXPECT_NE(missing.find("no such data directory"), std::string::npos) << missing;
}

// Issue 36: null removes a field (JSON Merge Patch, RFC 7386); removing one the card does not
// have is refused; each change knows its patch line.
TEST_F(CardPatch, NullRemovesAFieldAndEachChangeKnowsItsLine) {
  const std::string out = (dir_ / "data").string();
  const auto changes = write_patched_data(kLabData, write("rm.yaml", "cards:\n  lab-champion:\n    attack: 4\n    text: null\n"), out);
  ASSERT_EQ(changes.size(), 2u);
  EXPECT_EQ(changes[0].line, 3);
  EXPECT_EQ(changes[1].field, "text");
  EXPECT_EQ(changes[1].before, "Vanilla, until a test makes it stronger.");
  EXPECT_EQ(changes[1].after, "");
  EXPECT_EQ(changes[1].line, 4);
  const std::string creatures = read(dir_ / "data/cards/creatures.yaml");
  EXPECT_EQ(creatures.find("Vanilla, until a test makes it stronger."), std::string::npos) << creatures;
  const std::string absent = error_of([&] {
    write_patched_data(kLabData, write("absent.yaml", "cards:\n  lab-champion:\n    effects: ~\n"), out);
  });
  EXPECT_NE(absent.find("absent.yaml:3: card 'lab-champion': field 'effects': null removes a field, and card "
                        "'lab-champion' has no effects to remove"),
            std::string::npos)
      << absent;
}

// Issue 36: an error of the patched copy names the patch's line, never the temporary copy.
TEST(CardPatchErrors, ALoadErrorOfThePatchedCopyNamesThePatchLine) {
  const std::vector<CardChange> changes = {{"lab-champion", "attack", "2", "many", 3}};
  EXPECT_EQ(patched_load_error("side B (/tmp/x/data): /tmp/x/data/cards/creatures.yaml:18: card 'lab-champion': field "
                               "'attack': expected a whole number 0..99, got 'many'",
                               changes, "tests/lab/rise-tcg", "p.yaml", "/tmp/x/data"),
            "p.yaml:3: card 'lab-champion': field 'attack' (as patched): expected a whole number 0..99, got 'many'");
  EXPECT_EQ(patched_load_error("side B (/tmp/x/data): /tmp/x/data/decks/champions.yaml:4: deck: too few cards",
                               changes, "tests/lab/rise-tcg", "p.yaml", "/tmp/x/data"),
            "side B (tests/lab/rise-tcg patched by p.yaml): tests/lab/rise-tcg patched by p.yaml/decks/champions.yaml:4: "
            "deck: too few cards");
}

// --- HTML report --------------------------------------------------------------------------

// --- CSV and the card study -----------------------------------------------------------------

// Issue 36: a deck-list A/B that adds a card to a deck does not warn that A never played it
// (A's decks do not hold it), but still warns when B plays it too rarely; a patched card
// counts on both sides.
TEST(AbTest, TooRarelyPlayedCountsOnlyTheSidesWhoseDecksHoldTheCard) {
  AbResult r;
  r.deck_changes = {{"champions", "crow", 0, 2}, {"champions", "grunt", 5, 3}};
  char side = '?';
  const AbCardUse added{"crow", 0, 0, 80, 60};
  EXPECT_EQ(fewest_games_played(r, added, side), 60);
  EXPECT_EQ(side, 'B');
  EXPECT_FALSE(played_too_rarely(r, added));
  EXPECT_TRUE(played_too_rarely(r, {"crow", 0, 0, 30, 12}));
  // Taken out of every deck of B: only A counts.
  r.deck_changes = {{"champions", "crow", 2, 0}};
  EXPECT_EQ(fewest_games_played(r, {"crow", 80, 60, 0, 0}, side), 60);
  EXPECT_EQ(side, 'A');
  // No deck change names it (a patch): both sides count.
  r.deck_changes.clear();
  EXPECT_EQ(fewest_games_played(r, {"crow", 80, 60, 0, 0}, side), 0);
  EXPECT_EQ(side, 'B');
  EXPECT_TRUE(played_too_rarely(r, {"crow", 80, 60, 0, 0}));
}

TEST(Csv, QuotesAFieldWhenNeededOrAlways) {
  EXPECT_EQ(csv_field("Crow"), "Crow");
  EXPECT_EQ(csv_field("Crow, the Wise"), "\"Crow, the Wise\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(csv_field("turn limit", CsvQuoting::kAlways), "\"turn limit\"");
  EXPECT_EQ(csv_field("", CsvQuoting::kAlways), "\"\"");
  EXPECT_EQ(csv_field(""), "");
}

// rise lab cards' games, counted once each from the games' own card uses: by deck, every
// card of a seat's deck has exactly the seat games of that deck.
TEST(CardStudy, CountsEachSeatGameOnceByDeck) {
  CardStudyConfig c;
  c.game = "rise-tcg";
  c.options = {{"decks", "cinderstorm,deepcurrent"}};
  c.players = {"random"};
  c.games = 6;
  c.seed = 4;
  c.by_deck = true;
  const CardStudy study = run_card_study(c);
  EXPECT_EQ(study.games, 6);
  EXPECT_EQ(study.decks, (std::vector<std::string>{"cinderstorm", "deepcurrent"}));
  ASSERT_FALSE(study.stats.empty());
  int ends = 0;
  for (const auto& e : study.ends) ends += e.games;
  EXPECT_EQ(ends, 6);
  for (const CardStats& s : study.stats) {
    EXPECT_TRUE(s.deck == "cinderstorm" || s.deck == "deepcurrent") << s.deck;
    EXPECT_EQ(s.games, 6) << s.deck << " " << s.card;
    EXPECT_LE(s.played, s.drawn);
  }
  const nlohmann::json j = card_study_to_json(study);
  EXPECT_EQ(j["cards"].size(), study.stats.size());
  EXPECT_EQ(j["cards"][0]["card"], study.stats[0].card);
  EXPECT_EQ(j["cards"][0]["name"], study.names[0]);
  EXPECT_FALSE(study.names[0].empty());
  EXPECT_TRUE(j["round_robin"].is_null());
  EXPECT_EQ(card_study_to_json(run_card_study(c)), j);  // the same games for the same seed

  c.deck = "skyreavers";
  try {
    check_card_study(c);
    ADD_FAILURE() << "a deck no seat plays was accepted";
  } catch (const rise::InputError& e) {
    EXPECT_STREQ(e.what(), "--deck skyreavers: no seat plays that deck in these games (their decks: cinderstorm, deepcurrent)");
  }
  c.deck.clear();
  c.game = "rise-hex";
  c.options.clear();
  EXPECT_THROW(check_card_study(c), rise::InputError);  // no decks in rise-hex
}

TEST(HtmlReport, EscapesTextAndMarksSortableTables) {
  Report r;
  r.title = "A <b> & C";
  r.settings = {{"seed", "7"}};
  ReportTable t{"cards", {"card", "win"}, {{{"x<y"}, number_cell("50%", 0.5)}}, true};
  r.sections.push_back({"card-stats", "Cards", {"a \"quoted\" note"}, "<svg></svg>", {t}});
  const std::string html = report_html(r);
  EXPECT_NE(html.find("<title>A &lt;b&gt; &amp; C</title>"), std::string::npos);
  EXPECT_NE(html.find("<table id=\"cards\" class=\"sortable\">"), std::string::npos);
  EXPECT_NE(html.find("<td>x&lt;y</td><td data-sort=\"0.5\">50%</td>"), std::string::npos) << html;
  EXPECT_NE(html.find("<p>a &quot;quoted&quot; note</p>"), std::string::npos);
  EXPECT_NE(html.find("<svg></svg>"), std::string::npos);
  EXPECT_NE(html.find("<dt>seed</dt><dd>7</dd>"), std::string::npos);
  // Offline: nothing is loaded from elsewhere.
  EXPECT_EQ(html.find("http"), std::string::npos);
  EXPECT_EQ(html.find(" src="), std::string::npos);
  // A muted row (too few games behind it, issue 36) is greyed by its class.
  t.rows.push_back({{"few"}, number_cell("10%", 0.1)});
  t.muted = {false, true};
  r.sections[0].tables = {t};
  const std::string muted = report_html(r);
  EXPECT_NE(muted.find("<tr><td>x&lt;y</td>"), std::string::npos) << muted;
  EXPECT_NE(muted.find("<tr class=\"muted\"><td>few</td>"), std::string::npos) << muted;
}

}  // namespace
}  // namespace labtest
