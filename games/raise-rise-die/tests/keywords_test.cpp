// The keywords of the glossary (Rules RRD-11.1 .. RRD-11.17, Interpretations RRD-11.18 ..
// RRD-11.20), each played on the default table: both decks are 20 Gardes (VA 3), p0's Top
// Soul is #19, p1's is #39, new cards get ids from 40.
#include <gtest/gtest.h>

#include "test_access.h"

namespace rrdtest {
namespace {

std::vector<int> hit_slots(const RrdState& s) {
  std::vector<int> out;
  for (const Event& e : events_of(s, kEvHit)) out.push_back(e.a);
  return out;
}

TEST(RrdKeywords, RRD_11_1_AmplitudeReachesTheNextSlotsAndLosesTheExcess) {  // RRD-11.1 RRD-3.4
  auto s = table();
  play_through(*s, "balayage", Slot::kBras, 2);
  // Amplitude 3 from bras: bras, jambes; the third slot is past jambes and lost.
  EXPECT_EQ(hit_slots(*s), (std::vector<int>{2, 3}));
  // 2 marked, then 2 more: 4 >= 3, Garde #39 goes (3 PV), 1 marked on #38.
  EXPECT_EQ(s->player(1).pv, 17);
  EXPECT_EQ(s->player(1).top_mark, 1);

  auto t = table();
  play_through(*t, "balayage", Slot::kTete, 2);
  EXPECT_EQ(hit_slots(*t), (std::vector<int>{0, 1, 2}));  // tete, torse, bras
  EXPECT_EQ(t->player(1).pv, 14);                         // 6 damage: two Gardes
  EXPECT_EQ(t->player(1).top_mark, 0);
}

TEST(RrdKeywords, RRD_11_1_TranscendedAmplitudeFallsBackOnTheSlotPlayed) {  // RRD-11.1 RRD-7.7
  auto s = table();
  int id = T::add_to_hand(*s, 0, "balayage");
  T::set_reserve(*s, 0, 2);
  act(*s, kActTranscende, id, slot(Slot::kBras));
  act(*s, kActLaisse);
  // bras, jambes, and the lost third application on bras; 2 + 1 (bonus) = 3 each.
  EXPECT_EQ(hit_slots(*s), (std::vector<int>{2, 3, 2}));
  EXPECT_EQ(s->player(1).pv, 11);  // 9 damage: three Gardes
  EXPECT_EQ(s->player(0).pv, 18);  // transcendence paid 2 PV
}

TEST(RrdKeywords, RRD_11_1_PlayerKeywordsApplyOnce) {  // RRD-11.1
  auto s = table();
  int id = play_through(*s, "tourbillon", Slot::kTete, 1);
  (void)id;
  // Amplitude 2: Bloque 1 on tete and torse; Pioche 1 once.
  EXPECT_EQ(s->player(0).bloque, (std::array<int16_t, 4>{1, 1, 0, 0}));
  EXPECT_EQ(ids(s->player(0).hand), (std::vector<int>{19}));
  EXPECT_EQ(events_of(*s, kEvDraw).size(), 1u);
}

TEST(RrdKeywords, RRD_11_2_BloqueGuardsTheOwnSlot) {  // RRD-11.2 RRD-5.5
  auto s = table();
  int parade = T::add_to_hand(*s, 0, "parade");
  T::set_reserve(*s, 0, 1);
  act(*s, kActJoue, parade, slot(Slot::kTorse));
  act(*s, kActLaisse);
  EXPECT_EQ(s->player(0).bloque, (std::array<int16_t, 4>{0, 2, 0, 0}));
  EXPECT_EQ(s->player(1).bloque, (std::array<int16_t, 4>{0, 0, 0, 0}));
  EXPECT_TRUE(has_event(*s, kEvBloque, 0, 1, 2));
  EXPECT_EQ(s->current_player(), 0);  // an instantanée keeps the turn
}

TEST(RrdKeywords, RRD_11_3_BrulezBurnsFromTheTopToTheNeant) {  // RRD-11.3
  auto s = table(gardes(), {"eclat", "garde", "garde", "garde"});
  // p1's deck: #23 Éclat (top, VA 1), #22 Garde, #21 Garde, #20 Garde.
  T::set_top_mark(*s, 1, 0);
  play_through(*s, "brasier", Slot::kTorse, 1);
  // 5: Éclat (1) then Garde (3) burn; 1 left does not reach the next Garde; no PV lost.
  EXPECT_EQ(ids(s->player(1).neant), (std::vector<int>{23, 22}));
  EXPECT_EQ(ids(s->player(1).deck), (std::vector<int>{20, 21}));
  EXPECT_TRUE(s->player(1).top_up);
  EXPECT_EQ(s->player(1).pv, 20);
  EXPECT_TRUE(has_event(*s, kEvBurn, 1, 23));
  EXPECT_TRUE(has_event(*s, kEvBurn, 1, 22));
  EXPECT_TRUE(has_event(*s, kEvTopSoul, 1, 21));

  // A deck burnt empty does not lose.
  auto t = table(gardes(), {"garde"});
  play_through(*t, "brasier", Slot::kTorse, 1);
  EXPECT_TRUE(t->player(1).deck.empty());
  EXPECT_FALSE(t->is_terminal());
}

TEST(RrdKeywords, RRD_11_3_BrulezIgnoresTheMarks) {  // RRD-11.3 RRD-10.3
  // p1's Top Soul Garde #39 (VA 3) is marked 2. Brûlez 5 burns it by its VA 3 (not the 1 the
  // marks leave), so 2 remain, short of Garde #38's VA 3; #38 is turned up unmarked.
  auto s = table();
  T::set_top_mark(*s, 1, 2);
  play_through(*s, "brasier", Slot::kTorse, 1);
  EXPECT_EQ(ids(s->player(1).neant), (std::vector<int>{39}));
  EXPECT_EQ(s->player(1).deck.size(), 19u);
  EXPECT_EQ(top_soul(*s, 1), 38);
  EXPECT_TRUE(s->player(1).top_up);
  EXPECT_EQ(s->player(1).top_mark, 0);
  EXPECT_EQ(s->player(1).pv, 20);
  EXPECT_TRUE(s->player(1).discard.empty());
  EXPECT_EQ(events_of(*s, kEvBurn).size(), 1u);
}

TEST(RrdKeywords, RRD_11_4_PlusDegatsOnEachHit) {  // RRD-11.4 RRD-3.3
  auto s = table();
  play_through(*s, "coup-sec", Slot::kJambes, 0);
  // 1 + 2 = 3: exactly the Garde's VA.
  auto hits = events_of(*s, kEvHit);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].b, 3);
  EXPECT_EQ(s->player(1).pv, 17);
  EXPECT_EQ(s->player(1).top_mark, 0);
}

TEST(RrdKeywords, RRD_11_5_DestructeurIgnoresBloqueAndTopSoul) {  // RRD-11.5
  auto s = table();
  T::set_bloque(*s, 1, Slot::kTete, 9);
  play_through(*s, "execution", Slot::kTete, 3);
  EXPECT_EQ(s->player(1).pv, 17);
  EXPECT_EQ(s->player(1).bloque[0], 9);
  EXPECT_EQ(top_soul(*s, 1), 39);
  EXPECT_TRUE(has_event(*s, kEvPvLoss, 1, 3, 17));
}

TEST(RrdKeywords, RRD_11_6_EchangezSwapsAHandCardWithTheDiscardPile) {  // RRD-11.6 RRD-11.19
  auto s = table();
  int troc = T::add_to_hand(*s, 0, "troc");           // 40
  int entaille = T::add_to_hand(*s, 0, "entaille");   // 41, VA 2
  int eclat = T::add_to_hand(*s, 0, "eclat");         // 42, VA 1
  int colosse = T::add_to_discard(*s, 0, "colosse");  // 43
  int garde = T::add_to_discard(*s, 0, "garde");      // 44
  act(*s, kActJoue, troc, slot(Slot::kBras));
  act(*s, kActLaisse);
  ASSERT_EQ(s->choices().size(), 1u);
  EXPECT_EQ(s->choices()[0].kind, ChoiceKind::kEchange);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(legal_set(*s), (std::set<Action>{make_action(kActEchange, entaille, colosse),
                                             make_action(kActEchange, entaille, garde), make_action(kActFin)}));
  EXPECT_FALSE(legal(*s, kActEchange, eclat, colosse));  // VA 1, not 2
  EXPECT_FALSE(legal(*s, kActSacrifie, eclat));          // RRD-5.11
  act(*s, kActEchange, entaille, colosse);
  EXPECT_EQ(ids(s->player(0).hand), (std::vector<int>{eclat, colosse}));
  EXPECT_TRUE(s->obj(colosse).known);
  EXPECT_EQ(ids(s->player(0).discard), (std::vector<int>{garde, entaille}));
  EXPECT_TRUE(has_event(*s, kEvEchange, 0, entaille, colosse));
  EXPECT_TRUE(s->choices().empty());
  EXPECT_EQ(s->current_player(), 0);  // Troc is an instantanée: p0 keeps its turn

  // `fin` swaps nothing; with an empty discard pile nothing is asked.
  auto t = table();
  int troc2 = T::add_to_hand(*t, 0, "troc");
  T::add_to_hand(*t, 0, "entaille");
  act(*t, kActJoue, troc2, slot(Slot::kBras));
  act(*t, kActLaisse);
  EXPECT_TRUE(t->choices().empty());
}

TEST(RrdKeywords, RRD_11_7_EnchainementCountsEveryCardOfThePass) {  // RRD-11.7 RRD-11.18
  auto s = table();
  int eclat0 = T::add_to_hand(*s, 0, "eclat");
  int eclat1 = T::add_to_hand(*s, 1, "eclat");
  int chain = T::add_to_hand(*s, 1, "enchaine");
  EXPECT_EQ(s->cost_now(1, chain), 4);           // it would be the 1st card of the pass
  act(*s, kActJoue, eclat0, slot(Slot::kTete));  // 1st card
  act(*s, kActJoue, eclat1, slot(Slot::kTete));  // 2nd: a counter counts
  EXPECT_EQ(s->cards_played(), 2);
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(s->cost_now(1, chain), 0);  // the 3rd card: no cost, reserve 0
  T::set_sonne(*s, 1, 2);
  EXPECT_EQ(s->cost_now(1, chain), 0);  // Interpretation RRD-11.18: Sonné waived too
  act(*s, kActJoue, chain, slot(Slot::kTorse));
  EXPECT_EQ(s->player(1).reserve, 0);
  EXPECT_EQ(s->player(1).sonne, 0);
  EXPECT_EQ(s->cards_played(), 3);

  auto t = table();
  int c2 = T::add_to_hand(*t, 0, "enchaine");
  T::set_cards_played(*t, 1);  // it would be the 2nd
  EXPECT_EQ(t->cost_now(0, c2), 4);
  EXPECT_FALSE(legal(*t, kActJoue, c2, slot(Slot::kTorse)));
  EXPECT_NE(t->explain_illegal(make_action(kActJoue, c2, slot(Slot::kTorse))).find("RRD-5.3"), std::string::npos);
}

TEST(RrdKeywords, RRD_11_8_FrenesieRepeatsWithOneWindow) {  // RRD-11.8
  auto s = table();
  int furie = T::add_to_hand(*s, 0, "furie");
  T::set_reserve(*s, 0, 2);
  act(*s, kActJoue, furie, slot(Slot::kBras));
  EXPECT_TRUE(s->window().open);
  act(*s, kActLaisse);
  // 1 + 2 applications of Dégâts 1: marks 1, 2, then the Garde goes.
  EXPECT_EQ(events_of(*s, kEvHit).size(), 3u);
  EXPECT_EQ(events_of(*s, kEvLetThrough).size(), 1u);
  EXPECT_EQ(s->player(1).pv, 17);
  EXPECT_EQ(top_soul(*s, 1), 38);
  EXPECT_EQ(s->player(1).top_mark, 0);
}

TEST(RrdKeywords, RRD_11_9_OubliDiscardsUntilTheVaIsReached) {  // RRD-11.9 RRD-5.10
  auto s = table();
  int e = T::add_to_hand(*s, 1, "eclat");      // 40, VA 1
  int en = T::add_to_hand(*s, 1, "entaille");  // 41, VA 2
  int g = T::add_to_hand(*s, 1, "garde");      // 42, VA 3
  play_through(*s, "oubli", Slot::kTete, 1);
  ASSERT_EQ(s->choices().size(), 1u);
  EXPECT_EQ(s->choices()[0].kind, ChoiceKind::kOubli);
  EXPECT_EQ(s->choices()[0].amount, 3);
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(legal_set(*s), (std::set<Action>{make_action(kActDefausse, e), make_action(kActDefausse, en),
                                             make_action(kActDefausse, g)}));
  act(*s, kActDefausse, e);
  EXPECT_EQ(s->choices()[0].amount, 2);
  act(*s, kActDefausse, en);
  EXPECT_TRUE(s->choices().empty());
  EXPECT_EQ(ids(s->player(1).hand), (std::vector<int>{g}));
  EXPECT_EQ(ids(s->player(1).discard), (std::vector<int>{e, en}));
  EXPECT_TRUE(has_event(*s, kEvDiscard, 1, e, static_cast<int>(ChoiceKind::kOubli)));
  EXPECT_EQ(s->current_player(), 1);  // p0's turn ended with Oubli

  // An empty hand ends it early.
  auto t = table();
  int only = T::add_to_hand(*t, 1, "eclat");
  play_through(*t, "oubli", Slot::kTete, 1);
  act(*t, kActDefausse, only);
  EXPECT_TRUE(t->choices().empty());
  EXPECT_TRUE(t->player(1).hand.empty());
}

TEST(RrdKeywords, RRD_11_10_PercerIgnoresBloque) {  // RRD-11.10
  auto s = table();
  T::set_bloque(*s, 1, Slot::kTorse, 2);
  play_through(*s, "percee", Slot::kTorse, 1);
  // Percer 2 ignores the whole Bloque 2: 3 on the Garde, which goes.
  EXPECT_EQ(s->player(1).bloque[1], 2);
  EXPECT_EQ(s->player(1).pv, 17);
}

TEST(RrdKeywords, RRD_11_11_PiocheDrawsTheTopSoulThenTheNext) {  // RRD-11.11 RRD-3.6
  auto s = table();
  int inspir = T::add_to_hand(*s, 0, "inspir");
  act(*s, kActJoue, inspir, slot(Slot::kTete));
  act(*s, kActLaisse);
  // #19 (the Top Soul, known), #18 is turned up at once and drawn known too; #17 turned up.
  EXPECT_EQ(ids(s->player(0).hand), (std::vector<int>{19, 18}));
  EXPECT_TRUE(s->obj(19).known);
  EXPECT_TRUE(s->obj(18).known);
  EXPECT_EQ(top_soul(*s, 0), 17);
  EXPECT_TRUE(s->player(0).top_up);
  EXPECT_TRUE(has_event(*s, kEvDraw, 0, 19, 1));
  EXPECT_TRUE(has_event(*s, kEvTopSoul, 0, 18));
  EXPECT_TRUE(has_event(*s, kEvDraw, 0, 18, 1));
  EXPECT_TRUE(has_event(*s, kEvTopSoul, 0, 17));
}

TEST(RrdKeywords, RRD_11_12_PoisonMarkersAndTheirDiscard) {  // RRD-11.12 RRD-4.6 RRD-4.8
  auto s = table();
  play_through(*s, "venin", Slot::kJambes, 1);
  EXPECT_EQ(s->player(1).poison, 2);
  EXPECT_TRUE(has_event(*s, kEvPoison, 1, 2, 2));

  // Next pass: p1 with 2 markers discards at least 2 VA at the Entretien, then has 1.
  auto t = table();
  T::set_poison(*t, 1, 2);
  int e = T::add_to_hand(*t, 1, "eclat");  // 40, VA 1
  int g = T::add_to_hand(*t, 1, "garde");  // 41, VA 3
  T::set_first_passer(*t, 0);
  T::begin_next_pass(*t);
  EXPECT_EQ(t->pass_number(), 4);
  EXPECT_EQ(t->phase(), Phase::kPreparation);
  ASSERT_EQ(t->choices().size(), 1u);
  EXPECT_EQ(t->choices()[0].kind, ChoiceKind::kPoison);
  EXPECT_EQ(t->choices()[0].amount, 2);
  EXPECT_EQ(t->player(1).poison, 1);
  EXPECT_EQ(ids(t->player(1).hand), (std::vector<int>{e, g, 39, 38}));  // drew two Gardes
  act(*t, kActDefausse, e);
  EXPECT_EQ(t->choices()[0].amount, 1);
  act(*t, kActDefausse, g);
  EXPECT_TRUE(t->choices().empty());
  EXPECT_EQ(t->phase(), Phase::kAffrontement);
  EXPECT_EQ(t->current_player(), 0);
  EXPECT_EQ(ids(t->player(1).discard), (std::vector<int>{e, g}));
}

TEST(RrdKeywords, RRD_11_13_RechercheTakesACardOfTheVaThenShuffles) {  // RRD-11.13 RRD-11.19
  // p0's deck: #4 Garde (Top Soul), #3 Éclat, #2 Balayage (VA 3), #1 Colosse, #0 Garde.
  auto s = table({"garde", "eclat", "balayage", "colosse", "garde"}, gardes());
  int quete = T::add_to_hand(*s, 0, "quete");
  T::set_reserve(*s, 0, 1);
  T::set_known_bottom(*s, 0, 2);
  act(*s, kActJoue, quete, slot(Slot::kTete));
  act(*s, kActLaisse);
  ASSERT_EQ(s->choices().size(), 1u);
  EXPECT_EQ(s->choices()[0].kind, ChoiceKind::kRecherche);
  const int balayage = T::def(*s, "balayage");
  const int garde = T::def(*s, "garde");
  // The Top Soul Garde is not searchable; the Garde under it is.
  EXPECT_EQ(legal_set(*s), (std::set<Action>{make_action(kActCherche, balayage), make_action(kActCherche, garde),
                                             make_action(kActFin)}));
  EXPECT_FALSE(legal(*s, kActCherche, T::def(*s, "colosse")));  // VA 5
  act(*s, kActCherche, balayage);
  EXPECT_EQ(ids(s->player(0).hand), (std::vector<int>{2}));
  EXPECT_FALSE(s->obj(2).known);
  EXPECT_EQ(s->player(0).deck.size(), 4u);
  EXPECT_EQ(top_soul(*s, 0), 4);  // the Top Soul stays
  EXPECT_TRUE(s->player(0).top_up);
  EXPECT_EQ(s->player(0).known_bottom, 0);  // the shuffle hides the bottom's order
  EXPECT_TRUE(has_event(*s, kEvRecherche, 0, 2, 3));
  EXPECT_TRUE(has_event(*s, kEvShuffle, 0, 0));
  EXPECT_EQ(s->current_player(), 1);

  // `fin` takes nothing but the deck is still shuffled (Interpretation RRD-11.19).
  auto t = table({"garde", "eclat", "balayage"}, gardes());
  int q2 = T::add_to_hand(*t, 0, "quete");
  T::set_reserve(*t, 0, 1);
  act(*t, kActJoue, q2, slot(Slot::kTete));
  act(*t, kActLaisse);
  act(*t, kActFin);
  EXPECT_TRUE(t->player(0).hand.empty());
  EXPECT_EQ(events_of(*t, kEvShuffle).size(), 1u);
  EXPECT_TRUE(t->choices().empty());
}

TEST(RrdKeywords, RRD_11_14_SaignementAtEachConsolidation) {  // RRD-11.14 RRD-6.1
  auto s = table();
  play_through(*s, "saignee", Slot::kBras, 1);
  EXPECT_EQ(s->player(1).saignement, 2);
  EXPECT_EQ(s->player(1).top_mark, 1);
  EXPECT_TRUE(has_event(*s, kEvSaignement, 1, 2, 2));
  T::end_affrontement(*s);
  EXPECT_EQ(s->player(1).pv, 18);
  EXPECT_EQ(s->player(1).saignement, 1);
  EXPECT_TRUE(has_event(*s, kEvPvLoss, 1, 2, 18));
  // Interpretation RRD-11.14: the next pass's Entretien (already run) bled nothing.
  EXPECT_EQ(s->pass_number(), 4);
  EXPECT_EQ(s->phase(), Phase::kAffrontement);
  EXPECT_EQ(events_of(*s, kEvPvLoss).size(), 1u);
  // The next consolidation: 1 more, then none.
  T::end_affrontement(*s);
  EXPECT_EQ(s->player(1).pv, 17);
  EXPECT_EQ(s->player(1).saignement, 0);
}

TEST(RrdKeywords, RRD_11_15_SonneRaisesTheNextCardOnly) {  // RRD-11.15 RRD-11.18
  auto s = table();
  int etourdir = T::add_to_hand(*s, 0, "etourdir");
  int etourdir2 = T::add_to_hand(*s, 0, "etourdir");
  int eclat = T::add_to_hand(*s, 1, "eclat");
  int eclat2 = T::add_to_hand(*s, 1, "eclat");
  T::set_reserve(*s, 0, 2);
  act(*s, kActJoue, etourdir, slot(Slot::kTete));
  act(*s, kActLaisse);
  act(*s, kActJoue, etourdir2, slot(Slot::kTete));
  act(*s, kActLaisse);
  EXPECT_EQ(s->player(1).sonne, 4);  // adds up
  EXPECT_TRUE(has_event(*s, kEvSonne, 1, 2));
  act(*s, kActPasse);
  EXPECT_EQ(s->current_player(), 1);
  T::set_reserve(*s, 1, 3);
  EXPECT_EQ(s->cost_now(1, eclat), 4);
  EXPECT_FALSE(legal(*s, kActJoue, eclat, slot(Slot::kTete)));
  EXPECT_NE(s->explain_illegal(make_action(kActJoue, eclat, slot(Slot::kTete))).find("RRD-11.15"), std::string::npos);
  T::set_reserve(*s, 1, 4);
  act(*s, kActJoue, eclat, slot(Slot::kTete));
  EXPECT_EQ(s->player(1).reserve, 0);
  EXPECT_EQ(s->player(1).sonne, 0);
  EXPECT_EQ(s->cost_now(1, eclat2), 0);
}

TEST(RrdKeywords, RRD_11_16_TorpeurProtectsTheNextCard) {  // RRD-11.16 RRD-11.18
  auto s = table();
  int torpeur = T::add_to_hand(*s, 0, "torpeur");
  int entaille = T::add_to_hand(*s, 0, "entaille");
  T::add_to_hand(*s, 1, "eclat");
  T::set_reserve(*s, 0, 1);
  act(*s, kActJoue, torpeur, slot(Slot::kTorse));
  EXPECT_TRUE(s->window().open);  // Torpeur itself may be countered
  act(*s, kActLaisse);
  EXPECT_TRUE(s->player(0).torpeur);
  EXPECT_TRUE(has_event(*s, kEvTorpeur, 0, 0));
  act(*s, kActJoue, entaille, slot(Slot::kTete));
  // No window: Entaille resolves at once, 3 on the Garde; the turn passes.
  EXPECT_FALSE(s->window().open);
  EXPECT_EQ(s->player(1).pv, 17);
  EXPECT_FALSE(s->player(0).torpeur);
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(events_of(*s, kEvLetThrough).size(), 1u);
}

TEST(RrdKeywords, RRD_11_18_InstantaneesAndCountersUseUpSonne) {  // RRD-11.18 RRD-11.15 RRD-5.5
  // Sonné 2 on p0: its instantanée Parade (cost 1) costs 3 and uses the Sonné up.
  auto s = table();
  T::set_sonne(*s, 0, 2);
  const int parade = T::add_to_hand(*s, 0, "parade");
  const int eclat = T::add_to_hand(*s, 0, "eclat");
  T::set_reserve(*s, 0, 3);
  EXPECT_EQ(s->cost_now(0, parade), 3);
  act(*s, kActJoue, parade, slot(Slot::kTete));
  EXPECT_EQ(s->player(0).reserve, 0);
  EXPECT_EQ(s->player(0).sonne, 0);
  act(*s, kActLaisse);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->cost_now(0, eclat), 0);

  // Sonné 2 on p1: its counter (Éclat, cost 0) costs 2 and uses the Sonné up.
  auto t = table();
  T::set_sonne(*t, 1, 2);
  const int e0 = T::add_to_hand(*t, 0, "eclat");
  const int c1 = T::add_to_hand(*t, 1, "eclat");
  const int next1 = T::add_to_hand(*t, 1, "eclat");
  T::set_reserve(*t, 1, 1);
  act(*t, kActJoue, e0, slot(Slot::kTete));
  EXPECT_FALSE(legal(*t, kActJoue, c1, slot(Slot::kTete)));  // 2 VA, the reserve holds 1
  T::set_reserve(*t, 1, 2);
  act(*t, kActJoue, c1, slot(Slot::kTete));
  EXPECT_TRUE(t->obj(e0).countered);
  EXPECT_EQ(t->player(1).reserve, 0);
  EXPECT_EQ(t->player(1).sonne, 0);
  EXPECT_EQ(t->current_player(), 1);
  EXPECT_EQ(t->cost_now(1, next1), 0);
}

TEST(RrdKeywords, RRD_11_18_InstantaneesAndCountersUseUpTorpeur) {  // RRD-11.18 RRD-11.16 RRD-5.6
  // Torpeur on p0: its instantanée Parade opens no window and uses the Torpeur up; its next
  // card opens one.
  auto s = table();
  T::set_torpeur(*s, 0, true);
  const int parade = T::add_to_hand(*s, 0, "parade");
  const int eclat = T::add_to_hand(*s, 0, "eclat");
  T::set_reserve(*s, 0, 1);
  act(*s, kActJoue, parade, slot(Slot::kTete));
  EXPECT_FALSE(s->window().open);
  EXPECT_EQ(s->player(0).bloque[0], 2);
  EXPECT_FALSE(s->player(0).torpeur);
  EXPECT_EQ(s->current_player(), 0);
  act(*s, kActJoue, eclat, slot(Slot::kTete));
  EXPECT_TRUE(s->window().open);
  EXPECT_EQ(s->current_player(), 1);

  // Torpeur on p1: its counter uses it up; its next card opens a window.
  auto t = table();
  T::set_torpeur(*t, 1, true);
  const int e0 = T::add_to_hand(*t, 0, "eclat");
  const int c1 = T::add_to_hand(*t, 1, "eclat");
  const int next1 = T::add_to_hand(*t, 1, "eclat");
  act(*t, kActJoue, e0, slot(Slot::kTete));
  act(*t, kActJoue, c1, slot(Slot::kTete));
  EXPECT_TRUE(t->obj(e0).countered);
  EXPECT_FALSE(t->player(1).torpeur);
  EXPECT_EQ(t->current_player(), 1);
  act(*t, kActJoue, next1, slot(Slot::kTorse));
  EXPECT_TRUE(t->window().open);
  EXPECT_EQ(t->current_player(), 0);
}

TEST(RrdKeywords, RRD_11_18_AnActivationLeavesSonneAndTorpeur) {  // RRD-11.18 RRD-9.4
  auto s = table();
  T::set_sonne(*s, 0, 2);
  T::set_torpeur(*s, 0, true);
  const int bouclier = T::add_objet(*s, 0, "bouclier");
  act(*s, kActActive, bouclier, slot(Slot::kTorse));
  EXPECT_EQ(s->player(0).bloque[1], 3);
  EXPECT_EQ(s->player(0).sonne, 2);
  EXPECT_TRUE(s->player(0).torpeur);
  EXPECT_EQ(s->cards_played(), 0);
  // The next played card pays the Sonné and is protected by the Torpeur.
  const int eclat = T::add_to_hand(*s, 0, "eclat");
  T::set_reserve(*s, 0, 2);
  EXPECT_EQ(s->cost_now(0, eclat), 2);
  act(*s, kActJoue, eclat, slot(Slot::kTete));
  EXPECT_FALSE(s->window().open);
  EXPECT_EQ(s->player(0).reserve, 0);
  EXPECT_EQ(s->player(0).sonne, 0);
  EXPECT_FALSE(s->player(0).torpeur);
  EXPECT_EQ(s->player(1).top_mark, 1);
}

TEST(RrdKeywords, RRD_11_17_PointFaibleUntilTheEndOfThePass) {  // RRD-11.17 RRD-6.5
  auto s = table();
  play_through(*s, "faille", Slot::kJambes, 1);
  EXPECT_EQ(s->player(1).point_faible, (std::array<int16_t, 4>{0, 0, 0, 2}));
  EXPECT_TRUE(has_event(*s, kEvPointFaible, 1, 3, 2));
  act(*s, kActPasse);
  play_through(*s, "coup-sec", Slot::kJambes, 0);
  // 3 + 2 = 5: the Garde goes (3 PV), 2 marked on #38.
  EXPECT_EQ(s->player(1).pv, 17);
  EXPECT_EQ(s->player(1).top_mark, 2);
  EXPECT_EQ(s->player(1).point_faible[3], 2);  // it lasts the whole pass
  T::end_affrontement(*s);
  EXPECT_EQ(s->player(1).point_faible[3], 0);
}

TEST(RrdKeywords, RRD_11_20_FrenesieRepeatsTheChoicesToo) {  // RRD-11.20 RRD-11.8
  auto s = table();
  int e = T::add_to_hand(*s, 1, "eclat");
  int g = T::add_to_hand(*s, 1, "garde");
  int h = T::add_to_hand(*s, 1, "entaille");
  play_through(*s, "rage", Slot::kTete, 1);
  // Oubli 1, twice: two choices in a row for p1.
  ASSERT_EQ(s->choices().size(), 2u);
  EXPECT_EQ(s->choices()[0].kind, ChoiceKind::kOubli);
  EXPECT_EQ(s->choices()[1].kind, ChoiceKind::kOubli);
  act(*s, kActDefausse, e);
  ASSERT_EQ(s->choices().size(), 1u);
  act(*s, kActDefausse, h);
  EXPECT_TRUE(s->choices().empty());
  EXPECT_EQ(ids(s->player(1).hand), (std::vector<int>{g}));
}

TEST(RrdKeywords, RRD_11_12_PoisonWithAnEmptyHandOnlyLosesAMarker) {  // RRD-11.12 RRD-4.8
  auto s = table({}, gardes());  // p0 draws nothing
  T::set_poison(*s, 0, 3);
  T::begin_next_pass(*s);
  EXPECT_EQ(s->player(0).poison, 2);
  EXPECT_TRUE(s->choices().empty());
  EXPECT_EQ(s->phase(), Phase::kAffrontement);
}

}  // namespace
}  // namespace rrdtest
