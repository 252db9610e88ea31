// Damage and PV (Rules RRD-10.*, RRD-1.1, RRD-1.2): a hit through Point faible and Bloque,
// the Top Soul chain, marks, zero damage, defeat by PV and by an empty deck.
// The default table: both decks are 20 Gardes (VA 3); p0's Top Soul is #19, p1's is #39.
#include <gtest/gtest.h>

#include "test_access.h"

namespace rrdtest {
namespace {

TEST(RrdDamage, RRD_10_1_PointFaibleThenBloqueThenTopSoul) {  // RRD-10.1 RRD-11.2 RRD-11.17
  auto s = table();
  T::set_bloque(*s, 1, Slot::kTete, 2);
  T::set_point_faible(*s, 1, Slot::kTete, 1);
  play_through(*s, "entaille", Slot::kTete, 1);
  // 3 + 1 (Point faible) = 4; Bloque 2 absorbs 2 and is used up; 2 marked on Garde #39 (VA 3).
  EXPECT_EQ(s->player(1).bloque[0], 0);
  EXPECT_EQ(s->player(1).point_faible[0], 1);  // stays until the end of the pass
  EXPECT_EQ(s->player(1).top_mark, 2);
  EXPECT_EQ(s->player(1).pv, 20);
  EXPECT_EQ(s->player(0).reserve, 0);
  auto hits = events_of(*s, kEvHit);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].player, 1);
  EXPECT_EQ(hits[0].a, 0);  // tete
  EXPECT_EQ(hits[0].b, 2);  // strikes the Top Soul
  EXPECT_EQ(hits[0].c, 2);  // blocked
  EXPECT_TRUE(has_event(*s, kEvMark, 1, 39, 2));
}

TEST(RrdDamage, RRD_10_2_TopSoulsEliminatedOneAfterTheOther) {  // RRD-10.2 RRD-3.6
  auto s = table();
  play_through(*s, "colosse", Slot::kTorse, 3);
  // 6 damage: Garde #39 (VA 3) goes, 3 PV; #38 is turned up and takes the other 3: goes, 3 PV.
  EXPECT_EQ(s->player(1).pv, 14);
  EXPECT_EQ(ids(s->player(1).discard), (std::vector<int>{39, 38}));
  EXPECT_EQ(top_soul(*s, 1), 37);
  EXPECT_TRUE(s->player(1).top_up);
  EXPECT_EQ(s->player(1).top_mark, 0);
  EXPECT_TRUE(has_event(*s, kEvTopSoulDown, 1, 39, 3));
  EXPECT_TRUE(has_event(*s, kEvTopSoulDown, 1, 38, 3));
  EXPECT_TRUE(has_event(*s, kEvTopSoul, 1, 38));
  EXPECT_TRUE(has_event(*s, kEvTopSoul, 1, 37));
  EXPECT_TRUE(has_event(*s, kEvPvLoss, 1, 3, 17));
  EXPECT_TRUE(has_event(*s, kEvPvLoss, 1, 3, 14));
  EXPECT_EQ(events_of(*s, kEvMark).size(), 0u);  // nothing left to mark
}

TEST(RrdDamage, RRD_10_3_MarksAddToTheNextDamage) {  // RRD-10.3
  auto s = table();
  T::set_top_mark(*s, 1, 2);
  play_through(*s, "eclat", Slot::kBras, 0);
  // 1 + the 2 marked reach the VA 3: Garde #39 goes, 3 PV; nothing left for #38.
  EXPECT_EQ(s->player(1).pv, 17);
  EXPECT_EQ(top_soul(*s, 1), 38);
  EXPECT_EQ(s->player(1).top_mark, 0);
  // A mark and a bigger hit: 2 marked + 5 = 7 -> #38 (VA 3) goes, 4 left -> #37 (VA 3) goes,
  // 1 marked on #36.
  T::set_turn(*s, 0);
  T::set_top_mark(*s, 1, 2);
  T::set_bloque(*s, 1, Slot::kTorse, 1);
  play_through(*s, "colosse", Slot::kTorse, 3);  // 6 - Bloque 1 = 5
  EXPECT_EQ(s->player(1).pv, 11);
  EXPECT_EQ(top_soul(*s, 1), 36);
  EXPECT_EQ(s->player(1).top_mark, 1);
  EXPECT_TRUE(has_event(*s, kEvMark, 1, 36, 1));
}

TEST(RrdDamage, RRD_10_4_ZeroDamageDoesNothingEvenWithAnEmptyDeck) {  // RRD-10.4 RRD-1.2
  auto s = table(gardes(), {});
  EXPECT_FALSE(s->player(1).top_up);
  T::set_bloque(*s, 1, Slot::kTete, 5);
  play_through(*s, "entaille", Slot::kTete, 1);
  EXPECT_EQ(s->player(1).bloque[0], 2);  // 3 absorbed
  EXPECT_FALSE(s->is_terminal());
  EXPECT_EQ(s->phase(), Phase::kAffrontement);
  EXPECT_EQ(s->current_player(), 1);
}

TEST(RrdDamage, RRD_1_2_DamageWithNoTopSoulLoses) {  // RRD-1.2
  auto s = table(gardes(), {});
  play_through(*s, "eclat", Slot::kTete, 0);
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->winner(), 0);
  EXPECT_EQ(s->returns(), (std::vector<double>{1.0, -1.0}));
  EXPECT_TRUE(has_event(*s, kEvDefeated, 1, 2));
  EXPECT_TRUE(has_event(*s, kEvDuelOver, -1, 0, 0));
  EXPECT_EQ(s->game_end(), (rise::GameEnd{"damage with an empty deck", "RRD-1.2", {}}));
  EXPECT_TRUE(s->legal_actions().empty());
  EXPECT_EQ(s->current_player(), rise::kTerminalPlayer);
}

TEST(RrdDamage, RRD_1_2_TheRestOfAHitPastTheLastTopSoulLoses) {  // RRD-1.2 RRD-10.2
  auto s = table(gardes(), {"garde"});
  play_through(*s, "colosse", Slot::kTorse, 3);
  // Garde #20 absorbs 3 (3 PV lost); 3 more find no Top Soul.
  EXPECT_EQ(s->player(1).pv, 17);
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->winner(), 0);
  EXPECT_TRUE(has_event(*s, kEvDefeated, 1, 2));
}

TEST(RrdDamage, RRD_1_1_ZeroPvLoses) {  // RRD-1.1 RRD-11.5
  auto s = table();
  T::set_pv(*s, 1, 3);
  play_through(*s, "execution", Slot::kTete, 3);
  EXPECT_EQ(s->player(1).pv, 0);
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->winner(), 0);
  EXPECT_TRUE(has_event(*s, kEvDefeated, 1, 1));
  EXPECT_EQ(s->returns(), (std::vector<double>{1.0, -1.0}));
  EXPECT_EQ(s->game_end(), (rise::GameEnd{"PV reached 0", "RRD-1.1", {}}));
}

TEST(RrdDamage, RRD_10_5_BloqueLosesOnlyWhatItAbsorbs) {  // RRD-10.5 RRD-11.10
  auto s = table();
  T::set_bloque(*s, 1, Slot::kTorse, 3);
  play_through(*s, "percee", Slot::kTorse, 1);
  // Percer 2: Bloque 3 counts as 1 against this hit, absorbs 1 and keeps 2; 2 marked.
  EXPECT_EQ(s->player(1).bloque[1], 2);
  EXPECT_EQ(s->player(1).top_mark, 2);
  auto hits = events_of(*s, kEvHit);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].b, 2);
  EXPECT_EQ(hits[0].c, 1);
  // p1 passes; Éclat (1) on the torse is absorbed by the 2 left.
  act(*s, kActPasse);
  play_through(*s, "eclat", Slot::kTorse, 0);
  EXPECT_EQ(s->player(1).bloque[1], 1);
  EXPECT_EQ(s->player(1).top_mark, 2);
}

TEST(RrdDamage, RRD_11_10_PercerLeftAfterBloqueIgnoresTheTopSoulsAbsorption) {  // RRD-11.10 RRD-10.1 RRD-10.2
  // No Bloque: Percée's Percer 2 is all left for the Top Soul. Garde #39 (VA 3) absorbs only
  // 3 - 0 - 2 = 1 of the 3 damage: it goes (p1 still loses its whole VA 3) and the other 2
  // are marked on Garde #38.
  auto s = table();
  play_through(*s, "percee", Slot::kTorse, 1);
  EXPECT_EQ(s->player(1).pv, 17);
  EXPECT_EQ(ids(s->player(1).discard), (std::vector<int>{39}));
  EXPECT_EQ(top_soul(*s, 1), 38);
  EXPECT_EQ(s->player(1).top_mark, 2);
  EXPECT_TRUE(has_event(*s, kEvTopSoulDown, 1, 39, 3));
  EXPECT_TRUE(has_event(*s, kEvMark, 1, 38, 2));

  // Bloque 1: Percer ignores it (1 of the 2), nothing is blocked and Percer 1 is left. Garde
  // #39, marked 1, absorbs 3 - 1 - 1 = 1: it goes, 3 PV, and 2 are marked on #38. The Bloque
  // Percer ignored stays (RRD-10.5).
  auto t = table();
  T::set_bloque(*t, 1, Slot::kTorse, 1);
  T::set_top_mark(*t, 1, 1);
  play_through(*t, "percee", Slot::kTorse, 1);
  EXPECT_EQ(t->player(1).bloque[1], 1);
  auto hits = events_of(*t, kEvHit);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].b, 3);
  EXPECT_EQ(hits[0].c, 0);
  EXPECT_EQ(t->player(1).pv, 17);
  EXPECT_EQ(ids(t->player(1).discard), (std::vector<int>{39}));
  EXPECT_EQ(top_soul(*t, 1), 38);
  EXPECT_EQ(t->player(1).top_mark, 2);
}

TEST(RrdDamage, RRD_11_10_PercerMarksNothingAndStopsAtTheFirstTopSoul) {  // RRD-11.10 RRD-10.3 RRD-8.4
  // An infused Aiguille gives every hit Percer 1 (RRD-8.4). Éclat (1) on a Colosse (VA 5)
  // marked 1: it absorbs 5 - 1 - 1 = 3, more than 1; only the damage is marked: 2 in all.
  auto s = table(gardes(), {"colosse", "garde", "garde"});
  T::add_infused(*s, 0, "aiguille");
  T::set_top_mark(*s, 1, 1);
  play_through(*s, "eclat", Slot::kTete, 0);
  EXPECT_EQ(top_soul(*s, 1), 22);
  EXPECT_EQ(s->player(1).top_mark, 2);
  EXPECT_EQ(s->player(1).pv, 20);
  EXPECT_TRUE(s->player(1).discard.empty());

  // Éclat (1) with Percer 1 on a Garde (VA 3) marked 1 absorbs 3 - 1 - 1 = 1: it goes, 3 PV;
  // nothing is left and the next Garde is neither struck nor marked.
  auto t = table();
  T::add_infused(*t, 0, "aiguille");
  T::set_top_mark(*t, 1, 1);
  play_through(*t, "eclat", Slot::kTete, 0);
  EXPECT_EQ(t->player(1).pv, 17);
  EXPECT_EQ(ids(t->player(1).discard), (std::vector<int>{39}));
  EXPECT_EQ(top_soul(*t, 1), 38);
  EXPECT_EQ(t->player(1).top_mark, 0);
  EXPECT_EQ(events_of(*t, kEvMark).size(), 0u);
}

TEST(RrdDamage, RRD_11_10_MarksAndPercerPastTheVaLeaveTheTopSoulNothingToAbsorb) {  // RRD-11.10 RRD-10.3
  // Garde #39 (VA 3) marked 2 against Percée's Percer 2: it absorbs max(0, 3 - 2 - 2) = 0,
  // not -1. It goes (3 PV) and the whole 3 damage goes on: Garde #38 absorbs 3 and goes too
  // (3 PV), and nothing is left for Garde #37, which is not marked.
  auto s = table();
  T::set_top_mark(*s, 1, 2);
  play_through(*s, "percee", Slot::kTorse, 1);
  EXPECT_EQ(ids(s->player(1).discard), (std::vector<int>{39, 38}));
  EXPECT_EQ(s->player(1).pv, 14);
  EXPECT_EQ(top_soul(*s, 1), 37);
  EXPECT_EQ(s->player(1).top_mark, 0);
  EXPECT_EQ(events_of(*s, kEvMark).size(), 0u);
}

TEST(RrdDamage, RRD_10_4_AHitTheBloqueStopsUsesNoPercer) {  // RRD-10.4 RRD-11.10 RRD-10.5
  // Bloque 5 less Percer 2 absorbs the whole 3: the hit is 0 and does nothing, though Garde
  // #39 is marked 2 (2 + Percer 2 would have reached its VA 3).
  auto s = table();
  T::set_bloque(*s, 1, Slot::kTorse, 5);
  T::set_top_mark(*s, 1, 2);
  play_through(*s, "percee", Slot::kTorse, 1);
  EXPECT_EQ(s->player(1).bloque[1], 2);
  auto hits = events_of(*s, kEvHit);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].b, 0);
  EXPECT_EQ(hits[0].c, 3);
  EXPECT_EQ(top_soul(*s, 1), 39);
  EXPECT_EQ(s->player(1).top_mark, 2);
  EXPECT_EQ(s->player(1).pv, 20);
  EXPECT_TRUE(s->player(1).discard.empty());
  EXPECT_EQ(events_of(*s, kEvMark).size(), 0u);
}

}  // namespace
}  // namespace rrdtest
