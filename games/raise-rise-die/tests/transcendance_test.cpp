// Transcendance (Rules RRD-7.*; Interpretations RRD-7.6, RRD-7.7), on the default table
// (both decks 20 Gardes of VA 3; p0's Top Soul #19, p1's #39; new cards from id 40).
#include <gtest/gtest.h>

#include "test_access.h"

namespace rrdtest {
namespace {

TEST(RrdTranscendance, RRD_7_1_NoInstantaneeIsTranscended) {  // RRD-7.1
  auto s = table();
  int parade = T::add_to_hand(*s, 0, "parade");
  T::set_reserve(*s, 0, 5);
  EXPECT_FALSE(legal(*s, kActTranscende, parade, slot(Slot::kTete)));
  EXPECT_NE(s->explain_illegal(make_action(kActTranscende, parade, 0)).find("RRD-7.1"), std::string::npos);
  // Objets and normales may be.
  int bouclier = T::add_to_hand(*s, 0, "bouclier");
  EXPECT_TRUE(legal(*s, kActTranscende, bouclier, slot(Slot::kJambes)));
}

TEST(RrdTranscendance, RRD_7_2_TheCostIsPaidAgainInPv) {  // RRD-7.2
  auto s = table();
  int entaille = T::add_to_hand(*s, 0, "entaille");
  T::set_reserve(*s, 0, 1);
  act(*s, kActTranscende, entaille, slot(Slot::kTete));
  EXPECT_EQ(s->player(0).reserve, 0);
  EXPECT_EQ(s->player(0).pv, 19);
  EXPECT_TRUE(has_event(*s, kEvPvLoss, 0, 1, 19));
  EXPECT_EQ(events_of(*s, kEvPlay)[0].c, 1);  // transcended
  EXPECT_TRUE(s->obj(entaille).transcended);
  EXPECT_TRUE(s->window().open);  // a transcended card may be countered

  // A payment that would bring the player to 0 PV is refused.
  auto t = table();
  int colosse = T::add_to_hand(*t, 0, "colosse");
  T::set_reserve(*t, 0, 3);
  T::set_pv(*t, 0, 3);
  EXPECT_FALSE(legal(*t, kActTranscende, colosse, slot(Slot::kTorse)));
  EXPECT_EQ(t->explain_illegal(make_action(kActTranscende, colosse, 1)),
            "transcending Colosse costs 3 PV and would leave 0 PV (RRD-7.2)");
  T::set_pv(*t, 0, 4);
  EXPECT_TRUE(legal(*t, kActTranscende, colosse, slot(Slot::kTorse)));
}

TEST(RrdTranscendance, RRD_7_3_AnySlotButTheEffetOnlyOnAnOptimalOne) {  // RRD-7.3 RRD-7.5
  // Talisman (objet, tête: Pioche 1; bonus Destructeur 1) transcended on jambes: no draw,
  // 1 PV direct, then the Néant instead of an object slot.
  auto s = table();
  int talisman = T::add_to_hand(*s, 0, "talisman");
  act(*s, kActTranscende, talisman, slot(Slot::kJambes));
  act(*s, kActLaisse);
  EXPECT_TRUE(s->player(0).hand.empty());
  EXPECT_EQ(s->player(1).pv, 19);
  EXPECT_EQ(ids(s->player(0).neant), (std::vector<int>{talisman}));
  EXPECT_EQ(s->player(0).objets, (std::array<int16_t, 2>{-1, -1}));
  EXPECT_TRUE(has_event(*s, kEvNeant, 0, talisman));

  // On its optimal slot both apply.
  auto t = table();
  int tal2 = T::add_to_hand(*t, 0, "talisman");
  act(*t, kActTranscende, tal2, slot(Slot::kTete));
  act(*t, kActLaisse);
  EXPECT_EQ(ids(t->player(0).hand), (std::vector<int>{19}));
  EXPECT_EQ(t->player(1).pv, 19);
}

TEST(RrdTranscendance, RRD_7_4_ATranscendedCardEndsInTheNeant) {  // RRD-7.4
  auto s = table();
  int entaille = T::add_to_hand(*s, 0, "entaille");
  T::set_reserve(*s, 0, 1);
  act(*s, kActTranscende, entaille, slot(Slot::kTete));
  act(*s, kActLaisse);
  EXPECT_EQ(ids(s->player(0).neant), (std::vector<int>{entaille}));
  EXPECT_TRUE(s->player(0).body[0].empty());

  // Countered, it goes to the Néant too.
  auto t = table();
  int e2 = T::add_to_hand(*t, 0, "entaille");
  int counter = T::add_to_hand(*t, 1, "eclat");
  T::set_reserve(*t, 0, 1);
  act(*t, kActTranscende, e2, slot(Slot::kTete));
  act(*t, kActJoue, counter, slot(Slot::kTete));
  EXPECT_EQ(ids(t->player(0).neant), (std::vector<int>{e2}));
  EXPECT_EQ(t->player(1).pv, 20);
  EXPECT_EQ(t->player(0).pv, 19);  // the PV were paid anyway
}

TEST(RrdTranscendance, RRD_7_5_ATranscendedCardNeverInfuses) {  // RRD-7.5 RRD-8.3
  auto s = table();
  int entaille = T::add_to_hand(*s, 0, "entaille");
  T::set_reserve(*s, 0, 1);
  act(*s, kActTranscende, entaille, slot(Slot::kTete));
  act(*s, kActLaisse);
  T::end_affrontement(*s);
  EXPECT_EQ(s->player(0).infusion, (std::array<int16_t, 2>{-1, -1}));
  EXPECT_EQ(events_of(*s, kEvInfuse).size(), 0u);
  EXPECT_EQ(s->phase(), Phase::kAffrontement);  // no infusion choice was asked
}

TEST(RrdTranscendance, RRD_7_6_PvPaidArePrintedCost) {  // RRD-7.6 RRD-11.15 RRD-11.7
  // Sonné raises the reserve's payment, not the PV.
  auto s = table();
  int entaille = T::add_to_hand(*s, 0, "entaille");
  T::set_sonne(*s, 0, 2);
  T::set_reserve(*s, 0, 3);
  act(*s, kActTranscende, entaille, slot(Slot::kTete));
  EXPECT_EQ(s->player(0).reserve, 0);
  EXPECT_EQ(s->player(0).pv, 19);

  // Enchaînement waives the reserve's payment, not the PV.
  auto t = table();
  int chain = T::add_to_hand(*t, 0, "enchaine");
  T::set_cards_played(*t, 2);
  act(*t, kActTranscende, chain, slot(Slot::kJambes));
  EXPECT_EQ(t->player(0).reserve, 0);
  EXPECT_EQ(t->player(0).pv, 16);
}

TEST(RrdTranscendance, RRD_7_7_TheBonusJoinsTheEffet) {  // RRD-7.7 RRD-7.3
  auto s = table();
  int entaille = T::add_to_hand(*s, 0, "entaille");
  T::set_reserve(*s, 0, 1);
  act(*s, kActTranscende, entaille, slot(Slot::kTete));
  act(*s, kActLaisse);
  // Dégâts 3 + 2 (bonus) = 5: the Garde goes (3 PV), 2 marked on #38.
  auto hits = events_of(*s, kEvHit);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].b, 5);
  EXPECT_EQ(s->player(1).pv, 17);
  EXPECT_EQ(s->player(1).top_mark, 2);

  // Off its optimal slots the +2 Dégâts bonus has no hit to raise: nothing happens.
  auto t = table();
  int e2 = T::add_to_hand(*t, 0, "entaille");
  T::set_reserve(*t, 0, 1);
  act(*t, kActTranscende, e2, slot(Slot::kJambes));
  act(*t, kActLaisse);
  EXPECT_EQ(events_of(*t, kEvHit).size(), 0u);
  EXPECT_EQ(t->player(1).pv, 20);
}

TEST(RrdTranscendance, RRD_7_3_ATranscendedCounterOnTheWindowSlot) {  // RRD-7.3 RRD-5.6 RRD-7.5 RRD-9.5
  // p1 counters Éclat on jambes with a transcended Talisman (objet, optimal on tête only):
  // the counter works, its effet does not apply off-slot, its bonus does (Destructeur 1),
  // and it goes to the Néant instead of an object slot.
  auto s = table();
  int eclat = T::add_to_hand(*s, 0, "eclat");
  int talisman = T::add_to_hand(*s, 1, "talisman");
  act(*s, kActJoue, eclat, slot(Slot::kJambes));
  EXPECT_FALSE(legal(*s, kActJoue, talisman, slot(Slot::kJambes)));  // not optimal there
  EXPECT_FALSE(legal(*s, kActTranscende, talisman, slot(Slot::kTete)));  // not the window's slot
  act(*s, kActTranscende, talisman, slot(Slot::kJambes));
  EXPECT_TRUE(s->obj(eclat).countered);
  EXPECT_EQ(s->player(0).pv, 19);
  EXPECT_TRUE(s->player(1).hand.empty());  // no Pioche
  EXPECT_EQ(ids(s->player(1).neant), (std::vector<int>{talisman}));
  EXPECT_EQ(s->player(1).objets, (std::array<int16_t, 2>{-1, -1}));
  EXPECT_EQ(events_of(*s, kEvPlay).back().c, 3);  // transcended counter
  EXPECT_EQ(s->current_player(), 1);
}

TEST(RrdTranscendance, RRD_7_8_ATranscendedObjetNeedsNoObjectSlot) {  // RRD-7.8 RRD-7.5 RRD-9.2
  auto s = table();
  const int bouclier = T::add_objet(*s, 0, "bouclier");
  const int talisman = T::add_objet(*s, 0, "talisman");
  const int arbalete = T::add_to_hand(*s, 0, "arbalete");
  T::set_reserve(*s, 0, 2);
  EXPECT_FALSE(legal(*s, kActJoue, arbalete, slot(Slot::kTete)));  // RRD-9.2: both slots taken
  EXPECT_TRUE(legal(*s, kActTranscende, arbalete, slot(Slot::kTete)));
  act(*s, kActTranscende, arbalete, slot(Slot::kTete));
  act(*s, kActLaisse);
  // Its effet (Dégâts 2, tête is optimal) applies once; 2 VA and 2 PV paid; it goes to the
  // Néant, and the object slots keep their objets.
  EXPECT_EQ(s->player(1).top_mark, 2);
  EXPECT_EQ(s->player(0).reserve, 0);
  EXPECT_EQ(s->player(0).pv, 18);
  EXPECT_EQ(s->obj(arbalete).where, Where::kNeant);
  EXPECT_EQ(ids(s->player(0).neant), (std::vector<int>{arbalete}));
  EXPECT_EQ(s->player(0).objets,
            (std::array<int16_t, 2>{static_cast<int16_t>(bouclier), static_cast<int16_t>(talisman)}));
  EXPECT_TRUE(s->player(0).body[0].empty());
  EXPECT_EQ(s->current_player(), 1);
}

}  // namespace
}  // namespace rrdtest
