// Infusion and objets (Rules RRD-8.*, RRD-9.*, RRD-3.5; Interpretation RRD-9.5), on the
// default table (both decks 20 Gardes of VA 3; p0's Top Soul #19, p1's #39; new cards from 40).
#include <gtest/gtest.h>

#include "test_access.h"

namespace rrdtest {
namespace {

int play_through(RrdState& s, const std::string& card, Slot where, int reserve) {
  int id = T::add_to_hand(s, 0, card);
  T::set_reserve(s, 0, reserve);
  act(s, kActJoue, id, slot(where));
  act(s, kActLaisse);
  return id;
}

TEST(RrdInfusion, RRD_8_2_InfusionIsAConsolidationChoice) {  // RRD-8.2 RRD-6.2 RRD-8.1
  auto s = table();
  int entaille = play_through(*s, "entaille", Slot::kTete, 1);
  EXPECT_FALSE(legal(*s, kActInfuse, entaille));  // not in the Affrontement
  act(*s, kActPasse);                             // p1
  act(*s, kActPasse);                             // p0
  EXPECT_EQ(s->phase(), Phase::kConsolidation);
  ASSERT_EQ(s->choices().size(), 1u);
  EXPECT_EQ(s->choices()[0].kind, ChoiceKind::kInfusion);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(legal_set(*s), (std::set<Action>{make_action(kActInfuse, entaille), make_action(kActFin)}));
  act(*s, kActInfuse, entaille);
  EXPECT_EQ(s->player(0).infusion, (std::array<int16_t, 2>{static_cast<int16_t>(entaille), -1}));
  EXPECT_EQ(s->obj(entaille).where, Where::kInfusion);
  EXPECT_TRUE(has_event(*s, kEvInfuse, 0, entaille, 0));
  EXPECT_EQ(s->pass_number(), 4);  // the consolidation went on
  // It stays for the rest of the duel (RRD-8.1).
  T::end_affrontement(*s);
  T::end_affrontement(*s);
  EXPECT_EQ(s->player(0).infusion[0], entaille);
}

TEST(RrdInfusion, RRD_8_3_OnlySuccessfulUntranscendedNonCounterCards) {  // RRD-8.3 RRD-5.6
  auto s = table();
  // p0: Entaille countered by p1's Entaille (a counter): neither may infuse.
  int mine = T::add_to_hand(*s, 0, "entaille");
  int theirs = T::add_to_hand(*s, 1, "entaille");
  T::set_reserve(*s, 0, 1);
  T::set_reserve(*s, 1, 1);
  act(*s, kActJoue, mine, slot(Slot::kTete));
  act(*s, kActJoue, theirs, slot(Slot::kTete));
  // p1: Éclat has no effet d'infusion.
  int eclat = T::add_to_hand(*s, 1, "eclat");
  act(*s, kActJoue, eclat, slot(Slot::kTorse));
  act(*s, kActLaisse);
  T::end_affrontement(*s);
  EXPECT_EQ(events_of(*s, kEvInfuse).size(), 0u);
  EXPECT_EQ(s->phase(), Phase::kAffrontement);

  // No free infusion slot: an Entaille played successfully is offered no infusion choice; the
  // consolidation runs on to the next pass and the Entaille goes under the deck.
  auto t = table();
  const int i0 = T::add_infused(*t, 0, "entaille");
  const int i1 = T::add_infused(*t, 0, "aiguille");
  const int played = play_through(*t, "entaille", Slot::kTete, 1);
  EXPECT_EQ(t->obj(played).where, Where::kBody);
  EXPECT_FALSE(t->obj(played).countered);
  T::end_affrontement(*t);
  EXPECT_TRUE(t->choices().empty());
  EXPECT_EQ(t->phase(), Phase::kAffrontement);
  EXPECT_EQ(t->pass_number(), 4);
  EXPECT_EQ(events_of(*t, kEvInfuse).size(), 0u);
  EXPECT_EQ(t->player(0).infusion, (std::array<int16_t, 2>{static_cast<int16_t>(i0), static_cast<int16_t>(i1)}));
  EXPECT_EQ(t->obj(played).where, Where::kDeck);
  EXPECT_EQ(t->player(0).deck.front(), played);
  EXPECT_EQ(t->player(0).known_bottom, 1);
}

TEST(RrdInfusion, RRD_8_4_PassiveDegatsAndPercer) {  // RRD-8.4 RRD-3.5
  auto s = table();
  T::add_infused(*s, 0, "entaille");  // +1 Dégâts
  T::add_infused(*s, 0, "aiguille");  // Percer 1
  T::set_bloque(*s, 1, Slot::kTete, 1);
  play_through(*s, "eclat", Slot::kTete, 0);
  // 1 + 1 = 2, Bloque 1 ignored by Percer 1: 2 marked.
  EXPECT_EQ(s->player(1).bloque[0], 1);
  EXPECT_EQ(s->player(1).top_mark, 2);
  // A third infusion has no slot (RRD-3.5): a qualifying Entaille is offered no choice.
  const int third = T::add_on_body(*s, 0, "entaille", Slot::kTorse);
  T::end_affrontement(*s);
  EXPECT_TRUE(s->choices().empty());
  EXPECT_EQ(s->phase(), Phase::kAffrontement);
  EXPECT_EQ(s->pass_number(), 4);
  EXPECT_EQ(s->player(0).infusion, (std::array<int16_t, 2>{40, 41}));
  EXPECT_EQ(s->obj(third).where, Where::kDeck);
  EXPECT_EQ(ids(s->player(0).hand), (std::vector<int>{19, 18}));
}

TEST(RrdInfusion, RRD_8_4_UpkeepEffectsAtTheEntretien) {  // RRD-8.4 RRD-4.6
  auto s = table();
  int source = T::add_infused(*s, 0, "source");  // Destructeur 1 at each Entretien
  T::end_affrontement(*s);
  EXPECT_TRUE(has_event(*s, kEvUpkeep, 0, source));
  EXPECT_EQ(s->player(1).pv, 19);
  EXPECT_EQ(s->player(0).hand.size(), 2u);  // only the two cards of the draw: no Pioche
  T::end_affrontement(*s);
  EXPECT_EQ(s->player(1).pv, 18);
}

TEST(RrdObjets, RRD_9_2_AnObjetEntersAnObjectSlotEngaged) {  // RRD-9.2 RRD-9.1
  auto s = table();
  int bouclier = play_through(*s, "bouclier", Slot::kTorse, 1);
  EXPECT_EQ(s->obj(bouclier).where, Where::kObjet);
  EXPECT_TRUE(s->obj(bouclier).engaged);
  EXPECT_EQ(s->player(0).objets[0], bouclier);
  EXPECT_EQ(s->player(0).bloque[1], 0);  // nothing on entering
  EXPECT_TRUE(s->player(0).body[1].empty());
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(s->card_of(bouclier).objet, ObjetKind::kDefensive);
}

TEST(RrdObjets, RRD_9_2_NoFreeObjectSlotNoObjet) {  // RRD-9.2 RRD-3.5
  auto s = table();
  T::add_objet(*s, 0, "bouclier");
  T::add_objet(*s, 0, "talisman");
  int arbalete = T::add_to_hand(*s, 0, "arbalete");
  T::set_reserve(*s, 0, 2);
  EXPECT_FALSE(legal(*s, kActJoue, arbalete, slot(Slot::kTete)));
  EXPECT_NE(s->explain_illegal(make_action(kActJoue, arbalete, 0)).find("RRD-9.2"), std::string::npos);
  EXPECT_TRUE(legal(*s, kActTranscende, arbalete, slot(Slot::kTete)));  // RRD-7.5: no slot needed
}

TEST(RrdObjets, RRD_9_4_ActivationLikeAnInstantanee) {  // RRD-9.4 RRD-9.1
  auto s = table();
  int bouclier = T::add_objet(*s, 0, "bouclier");
  int arbalete = T::add_objet(*s, 0, "arbalete");
  EXPECT_TRUE(legal(*s, kActActive, bouclier, slot(Slot::kTorse)));
  EXPECT_FALSE(legal(*s, kActActive, bouclier, slot(Slot::kTete)));  // not an optimal slot
  act(*s, kActActive, bouclier, slot(Slot::kTorse));
  EXPECT_TRUE(s->obj(bouclier).engaged);
  EXPECT_EQ(s->player(0).bloque[1], 3);
  EXPECT_FALSE(s->window().open);     // no counter window
  EXPECT_EQ(s->cards_played(), 0);    // not a played card
  EXPECT_EQ(s->current_player(), 0);  // the turn goes on
  EXPECT_TRUE(has_event(*s, kEvActivate, 0, bouclier, 1));
  EXPECT_FALSE(legal(*s, kActActive, bouclier, slot(Slot::kTorse)));  // engagé
  EXPECT_NE(s->explain_illegal(make_action(kActActive, bouclier, 1)).find("RRD-9.4"), std::string::npos);
  // In the opponent's counter window, an objet of the window's player is activated too.
  int e1 = T::add_to_hand(*s, 1, "eclat");
  act(*s, kActPasse);
  act(*s, kActJoue, e1, slot(Slot::kTorse));
  EXPECT_TRUE(s->window().open);
  act(*s, kActActive, arbalete, slot(Slot::kBras));
  EXPECT_EQ(s->player(1).top_mark, 2);  // Arbalète: Dégâts 2 on p1's bras
  EXPECT_TRUE(s->window().open);
  act(*s, kActLaisse);
  EXPECT_EQ(s->player(0).bloque[1], 2);  // Bloque 3 absorbed Éclat's 1
}

TEST(RrdObjets, RRD_9_3_ObjectsDisengageAtTheConsolidation) {  // RRD-9.3 RRD-6.4
  auto s = table();
  int talisman = T::add_objet(*s, 0, "talisman", true);
  EXPECT_FALSE(legal(*s, kActActive, talisman, slot(Slot::kTete)));
  T::end_affrontement(*s);
  EXPECT_FALSE(s->obj(talisman).engaged);
  EXPECT_EQ(s->obj(talisman).where, Where::kObjet);  // Interpretation RRD-9.5: it stays
  EXPECT_TRUE(legal(*s, kActActive, talisman, slot(Slot::kTete)));
}

TEST(RrdObjets, RRD_9_5_ObjetsAsCountersAndCountered) {  // RRD-9.5 RRD-9.2
  auto s = table();
  int eclat = T::add_to_hand(*s, 0, "eclat");
  int bouclier = T::add_to_hand(*s, 1, "bouclier");
  T::set_reserve(*s, 1, 1);
  act(*s, kActJoue, eclat, slot(Slot::kTorse));
  act(*s, kActJoue, bouclier, slot(Slot::kTorse));  // an objet counter
  EXPECT_TRUE(s->obj(eclat).countered);
  EXPECT_EQ(s->player(1).objets[0], bouclier);  // enters its object slot, engagé, no effect
  EXPECT_TRUE(s->obj(bouclier).engaged);
  EXPECT_EQ(s->player(1).bloque[1], 0);

  // A countered objet stays on its body slot and goes to the discard pile, then under the deck.
  auto t = table();
  int b0 = T::add_to_hand(*t, 0, "bouclier");
  int c1 = T::add_to_hand(*t, 1, "eclat");
  T::set_reserve(*t, 0, 1);
  act(*t, kActJoue, b0, slot(Slot::kTorse));
  act(*t, kActJoue, c1, slot(Slot::kTorse));
  EXPECT_EQ(t->obj(b0).where, Where::kBody);
  EXPECT_EQ(t->player(0).objets, (std::array<int16_t, 2>{-1, -1}));
  T::end_affrontement(*t);
  EXPECT_EQ(t->obj(b0).where, Where::kDeck);
  EXPECT_EQ(t->player(0).deck.front(), b0);
  // An objet in an object slot is never infused, even with an effet d'infusion: only body
  // cards are candidates (RRD-8.3).
}

TEST(RrdInfusion, RRD_6_2_SeveralInfusionsInOneConsolidation) {  // RRD-6.2 RRD-3.5 RRD-8.3
  auto s = table();
  int a = T::add_on_body(*s, 0, "entaille", Slot::kTete);
  int b = T::add_on_body(*s, 0, "source", Slot::kTorse);
  int c = T::add_on_body(*s, 0, "aiguille", Slot::kJambes);
  T::end_affrontement(*s);
  EXPECT_EQ(legal_set(*s), (std::set<Action>{make_action(kActInfuse, a), make_action(kActInfuse, b),
                                             make_action(kActInfuse, c), make_action(kActFin)}));
  act(*s, kActInfuse, c);
  EXPECT_EQ(s->current_player(), 0);  // still a free slot and candidates: the choice goes on
  act(*s, kActInfuse, a);
  // Both infusion slots are full: the third candidate goes to the discard pile, under the deck.
  EXPECT_EQ(s->player(0).infusion, (std::array<int16_t, 2>{static_cast<int16_t>(c), static_cast<int16_t>(a)}));
  EXPECT_EQ(s->obj(b).where, Where::kDeck);
  EXPECT_EQ(s->phase(), Phase::kAffrontement);
}

}  // namespace
}  // namespace rrdtest
