// The raise-rise-die evaluation (docs/ai.md, "The raise-rise-die evaluation"): exact on a
// finished duel, zero sum, in (-1, 1), each term moving it the right way, and blind to
// hidden information (a determinization scores the same).
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "view_test_access.h"

namespace rrdview {
namespace {

using rise::Rng;
using rise::rrd::Phase;

// evaluate(0) after `edit`, minus before.
double delta(const std::function<void(RrdState&)>& edit) {
  auto s = table();
  const double before = s->evaluate(0);
  edit(*s);
  return s->evaluate(0) - before;
}

// RRD-1.1, RRD-1.3: a finished duel scores its result exactly.
TEST(RrdEvaluation, FinishedDuelIsExact_RRD_1_1_RRD_1_3) {
  auto s = table();
  T::phase(*s) = Phase::kOver;
  T::winner(*s) = 1;
  EXPECT_EQ(s->evaluate(1), 1.0);
  EXPECT_EQ(s->evaluate(0), -1.0);
  T::winner(*s) = -1;
  EXPECT_EQ(s->evaluate(0), 0.0);
  EXPECT_EQ(s->evaluate(1), 0.0);
}

TEST(RrdEvaluation, ZeroSumAndBounded) {
  auto s = table();
  const double e0 = s->evaluate(0);
  EXPECT_DOUBLE_EQ(e0, -s->evaluate(1));
  EXPECT_GT(e0, -1.0);
  EXPECT_LT(e0, 1.0);
  // Equal sides score 0.
  auto blank = T::blank(game());
  EXPECT_DOUBLE_EQ(blank->evaluate(0), 0.0);
}

TEST(RrdEvaluation, EachTermMovesTheRightWay) {
  EXPECT_GT(delta([](RrdState& s) { T::player(s, 1).pv -= 3; }), 0.0);                // PV
  EXPECT_LT(delta([](RrdState& s) { T::player(s, 0).saignement = 3; }), 0.0);         // Saignement
  EXPECT_LT(delta([](RrdState& s) { T::player(s, 0).poison = 3; }), 0.0);             // Poison
  EXPECT_LT(delta([](RrdState& s) { T::add(s, 0, "ecaille", rise::rrd::Where::kNeant);
                                    T::player(s, 0).deck.erase(T::player(s, 0).deck.begin()); }),
            0.0);                                                                     // a deck card lost
  EXPECT_GT(delta([](RrdState& s) { T::add(s, 0, "eclair", rise::rrd::Where::kHand); }), 0.0);       // hand
  EXPECT_GT(delta([](RrdState& s) { T::add(s, 0, "lame-de-braise", rise::rrd::Where::kInfusion, 1); }), 0.0);
  EXPECT_GT(delta([](RrdState& s) { T::add(s, 0, "bouclier", rise::rrd::Where::kObjet, 1); }), 0.0);
  EXPECT_GT(delta([](RrdState& s) { T::player(s, 0).reserve += 3; }), 0.0);           // réserve in the Affrontement
  // The réserve empties at consolidation (RRD-6.5): outside the Affrontement it is worth nothing.
  auto c = table();
  T::phase(*c) = Phase::kConsolidation;
  const double before = c->evaluate(0);
  T::player(*c, 0).reserve += 3;
  EXPECT_EQ(c->evaluate(0), before);
  // Saignement is PV lost for sure: 3 markers = 6 PV.
  auto a = table();
  auto b = table();
  T::player(*a, 0).saignement = 3;
  T::player(*b, 0).pv -= 6;
  EXPECT_DOUBLE_EQ(a->evaluate(0), b->evaluate(0));
}

// A card waiting in its counter window (RRD-5.6) counts the damage it will deal if let
// through: Brasier (Dégâts 2, Amplitude 2) is worth 4 marks to its player, Écaille (no
// Dégâts) nothing; the difference is exactly what 4 marks on p1's Top Soul are worth.
TEST(RrdEvaluation, ACardInItsCounterWindowCountsItsDamage_RRD_5_6) {
  auto open_window = [](const std::string& card) {
    auto s = table();
    const int id = T::add(*s, 0, card, rise::rrd::Where::kBody, static_cast<int>(rise::rrd::Slot::kTete));
    T::window(*s) = rise::rrd::Window{true, static_cast<int16_t>(id), 0, 0};
    return s;
  };
  auto brasier = open_window("brasier");
  auto ecaille = open_window("ecaille");
  auto marked = open_window("ecaille");
  T::player(*marked, 1).top_mark += 4;
  EXPECT_GT(brasier->evaluate(0), ecaille->evaluate(0));
  EXPECT_DOUBLE_EQ(brasier->evaluate(0), marked->evaluate(0));
}

// RRD-12.1: the evaluation reads public facts only, so every determinization scores alike.
TEST(RrdEvaluation, BlindToHiddenInformation_RRD_12_1) {
  auto s = table();
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Rng rng(seed);
    EXPECT_DOUBLE_EQ(s->resample_hidden(0, rng)->evaluate(0), s->evaluate(0));
  }
}

}  // namespace
}  // namespace rrdview
