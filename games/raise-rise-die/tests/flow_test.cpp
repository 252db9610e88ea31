// The Passe d'Armes and the end of the duel (Rules RRD-1.*, RRD-2.1, RRD-2.5, RRD-3.*, RRD-4.*,
// RRD-6.*): the start of the duel, the preparation, the consolidation, draws and the pass
// limit. The default table: both decks 20 Gardes (VA 3), p0's ids 0..19 (Top Soul #19), p1's
// 20..39 (Top Soul #39), new cards from id 40; Passe d'Armes 3, p0 first.
#include <gtest/gtest.h>

#include <map>

#include "test_access.h"

namespace rrdtest {
namespace {

std::map<int, int> def_counts(const RrdState& s, int p) {
  std::map<int, int> out;
  for (int id = 0; id < s.num_objects(); ++id) {
    if (s.obj(id).owner == p) ++out[s.obj(id).def];
  }
  return out;
}

TEST(RrdFlow, RRD_4_7_StartDuelShufflesDrawsTheFirstPlayerAndDeals) {  // RRD-4.7 RRD-4.1 RRD-3.1 RRD-4.5 RRD-12.3
  // The chance is forced: p0's shuffle (its 58-card mixed deck, ids 0..57, a Garde on top
  // before it) puts Rage, Venin, Quête, Oubli, Furie, then Source on top; p1's ten Gardes
  // are shuffled at random; then each seat in turn is drawn to begin the duel.
  const std::vector<std::string> top = {"rage", "venin", "quete", "oubli", "furie", "source"};
  for (int first : {0, 1}) {
    auto s = game().make(1, mixed_deck(), gardes(10));
    const int n = static_cast<int>(mixed_deck().size());
    ASSERT_EQ(n, 58);
    auto before = def_counts(*s, 0);
    EXPECT_EQ(s->obj(n - 1).def, T::def(*s, "garde"));  // the deck's top as listed
    auto chance = force_start(*s, first, top);
    s->start_duel();
    EXPECT_EQ(chance->used(), 3u);
    EXPECT_EQ(def_counts(*s, 0), before);  // the same cards, dealt anew to the deck's objects
    const auto& ev = s->events();
    ASSERT_GE(ev.size(), 4u);
    EXPECT_EQ(ev[0].kind, kEvShuffle);
    EXPECT_EQ(ev[0].player, 0);
    EXPECT_EQ(ev[1].kind, kEvShuffle);
    EXPECT_EQ(ev[1].player, 1);
    EXPECT_EQ(ev[2].kind, kEvFirstPlayer);
    EXPECT_EQ(ev[2].player, first);
    EXPECT_EQ(s->starting_player(), first);
    EXPECT_EQ(s->first_player(), first);
    EXPECT_EQ(ev[3].kind, kEvPassStart);
    EXPECT_EQ(s->pass_number(), 1);
    // Potentiel latent 5 on the first pass, drawn from the top; no discard; the Top Souls
    // are up (p0's: the Source under the five drawn); the first player opens the Affrontement.
    // The forced top, from the top down: the five drawn in order, then the Top Soul. Their
    // ids are p0's but not the deck's last ones (Interpretation RRD-12.3: the objects take
    // their places apart from the shuffle).
    const std::vector<int> hand = ids(s->player(0).hand);
    ASSERT_EQ(hand.size(), 5u);
    for (size_t k = 0; k < 5; ++k) {
      EXPECT_EQ(s->obj(hand[k]).def, T::def(*s, top[k])) << "first " << first << " card " << k;
      EXPECT_LT(hand[k], n);
    }
    EXPECT_NE(hand, (std::vector<int>{57, 56, 55, 54, 53}));
    EXPECT_EQ(s->player(1).hand.size(), 5u);
    EXPECT_EQ(s->player(0).deck.size(), mixed_deck().size() - 5);
    EXPECT_EQ(s->player(1).deck.size(), 5u);
    EXPECT_EQ(s->obj(top_soul(*s, 0)).def, T::def(*s, "source"));
    EXPECT_TRUE(s->player(0).top_up);
    EXPECT_TRUE(s->player(1).top_up);
    EXPECT_EQ(events_of(*s, kEvTopSoul).size(), 2u);
    EXPECT_EQ(events_of(*s, kEvTopSoul)[0].player, first);
    EXPECT_EQ(s->phase(), Phase::kAffrontement);
    EXPECT_EQ(s->current_player(), first);
    EXPECT_EQ(invariant_errors(*s), "");
  }
}

TEST(RrdFlow, RRD_2_1_TheSeatsTakeTheirCharacterPvAndWeapons) {  // RRD-2.1 RRD-2.5 RRD-3.1 RRD-3.2
  // Seat 0: a character of 12 PV (potentiel latent 4) with two weapons and a 12-card deck;
  // seat 1: the Duelliste (20 PV, latent 5) with one weapon and 20 Gardes.
  auto db = std::make_shared<rise::rrd::CardDb>(*test_cards());
  CharacterDef petit;
  petit.id = "t-petit";
  petit.name = "Petit";
  petit.pv = 12;
  petit.potentiel_latent = 4;
  petit.potentiel_actif = 1;
  petit.armes = 2;
  db->add(petit);
  db->add(WeaponDef{"t-dague", "Dague", "lame", "flow_test.cpp"});
  const int hero = db->find_character("t-duelliste");
  const int small = db->find_character("t-petit");
  const int lame = db->find_weapon("t-lame");
  const int dague = db->find_weapon("t-dague");
  const std::vector<int> deck0(12, db->find("eclat"));
  const std::vector<int> deck1(20, db->find("garde"));
  RrdState s(game(), db, 5, {deck0, deck1}, {small, hero}, {{lame, dague}, {lame}}, {"petit", "duelliste"}, 60,
             "{}");
  s.start_duel();
  EXPECT_EQ(s.player(0).character, small);
  EXPECT_EQ(s.player(1).character, hero);
  EXPECT_EQ(s.player(0).pv, 12);
  EXPECT_EQ(s.player(0).pv_start, 12);
  EXPECT_EQ(s.player(1).pv, 20);
  EXPECT_EQ(s.player(1).pv_start, 20);
  EXPECT_EQ(ids(s.player(0).weapons), (std::vector<int>{lame, dague}));
  EXPECT_EQ(ids(s.player(1).weapons), (std::vector<int>{lame}));
  // Each deck, as many cards as its character's PV, less the potentiel latent drawn.
  EXPECT_EQ(s.player(0).hand.size(), 4u);
  EXPECT_EQ(s.player(0).deck.size(), 8u);
  EXPECT_EQ(s.player(1).hand.size(), 5u);
  EXPECT_EQ(s.player(1).deck.size(), 15u);
  EXPECT_EQ(s.deck_names(), (std::vector<std::string>{"petit", "duelliste"}));
  // Weapons do nothing in the duel of their own: the reserves are empty, the pass begins.
  EXPECT_EQ(s.player(0).reserve, 0);
  EXPECT_EQ(s.player(1).reserve, 0);
  EXPECT_EQ(s.phase(), Phase::kAffrontement);
  EXPECT_EQ(invariant_errors(s), "");
}

TEST(RrdFlow, RRD_3_1_LaterPassesDrawThePotentielActif) {  // RRD-3.1 RRD-4.3
  auto s = table();
  T::begin_next_pass(*s);
  EXPECT_EQ(s->pass_number(), 4);
  EXPECT_EQ(ids(s->player(0).hand), (std::vector<int>{19, 18}));
  EXPECT_EQ(ids(s->player(1).hand), (std::vector<int>{39, 38}));
}

TEST(RrdFlow, RRD_4_3_AnEmptyDeckDrawsNothing) {  // RRD-4.3 RRD-1.2
  auto s = table(gardes(), {"garde"});
  T::begin_next_pass(*s);
  EXPECT_EQ(ids(s->player(1).hand), (std::vector<int>{20}));
  EXPECT_TRUE(has_event(*s, kEvEmptyDraw, 1, 0));
  EXPECT_FALSE(s->is_terminal());
  EXPECT_FALSE(s->player(1).top_up);
  EXPECT_EQ(s->phase(), Phase::kAffrontement);
}

TEST(RrdFlow, RRD_4_4_HandLimitDiscardsFirstPlayerFirst) {  // RRD-4.4 RRD-4.2 RRD-4.5 RRD-3.6
  auto s = table();
  std::vector<int> mine, theirs;
  for (int k = 0; k < 5; ++k) mine.push_back(T::add_to_hand(*s, 0, "eclat"));    // 40..44
  for (int k = 0; k < 4; ++k) theirs.push_back(T::add_to_hand(*s, 1, "garde"));  // 45..48
  T::set_first_passer(*s, 1);
  T::begin_next_pass(*s);
  EXPECT_EQ(s->first_player(), 1);
  EXPECT_TRUE(has_event(*s, kEvPassStart, 1, 4));
  // p1 (first) drew #39 (its Top Soul, known) and #38; p0 #19 and #18.
  const auto draws = events_of(*s, kEvDraw);
  ASSERT_EQ(draws.size(), 4u);
  EXPECT_EQ(draws[0].player, 1);
  EXPECT_EQ(draws[0].a, 39);
  EXPECT_EQ(draws[0].b, 1);
  EXPECT_EQ(draws[1].a, 38);
  EXPECT_EQ(draws[1].b, 0);
  EXPECT_EQ(draws[2].a, 19);
  EXPECT_EQ(draws[3].a, 18);
  // No Top Soul before the discards (RRD-4.5 comes after RRD-4.4).
  EXPECT_FALSE(s->player(0).top_up);
  EXPECT_FALSE(s->player(1).top_up);
  ASSERT_EQ(s->choices().size(), 2u);
  EXPECT_EQ(s->choices()[0].player, 1);
  EXPECT_EQ(s->choices()[0].amount, 1);
  EXPECT_EQ(s->choices()[1].player, 0);
  EXPECT_EQ(s->choices()[1].amount, 2);
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(s->legal_actions().size(), 6u);
  act(*s, kActDefausse, theirs[0]);
  EXPECT_EQ(s->current_player(), 0);
  act(*s, kActDefausse, mine[0]);
  act(*s, kActDefausse, 18);
  EXPECT_EQ(s->player(0).hand.size(), 5u);
  EXPECT_EQ(s->player(1).hand.size(), 5u);
  EXPECT_TRUE(has_event(*s, kEvDiscard, 1, theirs[0], static_cast<int>(ChoiceKind::kHandLimit)));
  EXPECT_EQ(ids(s->player(0).discard), (std::vector<int>{mine[0], 18}));
  // Then the Top Souls, first player's first, and the Affrontement.
  const auto tops = events_of(*s, kEvTopSoul);
  ASSERT_EQ(tops.size(), 2u);
  EXPECT_EQ(tops[0].player, 1);
  EXPECT_EQ(tops[0].a, 37);
  EXPECT_EQ(tops[1].player, 0);
  EXPECT_EQ(tops[1].a, 17);
  EXPECT_EQ(s->phase(), Phase::kAffrontement);
  EXPECT_EQ(s->current_player(), 1);
}

TEST(RrdFlow, RRD_4_6_EntretienUpkeepsThenPoisonFirstPlayerFirst) {  // RRD-4.6 RRD-4.8 RRD-8.4
  auto s = table();
  int src0 = T::add_infused(*s, 0, "source");
  int src1 = T::add_infused(*s, 1, "source");
  T::set_poison(*s, 0, 1);
  T::set_poison(*s, 1, 1);
  T::set_first_passer(*s, 1);
  T::begin_next_pass(*s);
  const auto ups = events_of(*s, kEvUpkeep);
  ASSERT_EQ(ups.size(), 2u);
  EXPECT_EQ(ups[0].player, 1);
  EXPECT_EQ(ups[0].a, src1);
  EXPECT_EQ(ups[1].player, 0);
  EXPECT_EQ(ups[1].a, src0);
  EXPECT_EQ(s->player(0).pv, 19);
  EXPECT_EQ(s->player(1).pv, 19);
  ASSERT_EQ(s->choices().size(), 2u);
  EXPECT_EQ(s->choices()[0].kind, ChoiceKind::kPoison);
  EXPECT_EQ(s->choices()[0].player, 1);
  EXPECT_EQ(s->choices()[1].player, 0);
  EXPECT_EQ(s->player(0).poison, 0);  // the marker goes when its discard is asked
  EXPECT_EQ(s->phase(), Phase::kPreparation);
  act(*s, kActDefausse, 39);
  act(*s, kActDefausse, 19);
  EXPECT_EQ(s->phase(), Phase::kAffrontement);
}

TEST(RrdFlow, RRD_1_5_TheFirstDefeatEndsTheDuel) {  // RRD-1.5 RRD-4.6 RRD-4.8
  auto s = table();
  T::add_infused(*s, 0, "source");
  T::add_infused(*s, 1, "source");
  T::set_pv(*s, 0, 1);
  T::set_pv(*s, 1, 1);
  T::set_first_passer(*s, 1);
  T::begin_next_pass(*s);
  // p1's upkeep comes first and defeats p0; p0's never happens.
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->winner(), 1);
  EXPECT_EQ(events_of(*s, kEvUpkeep).size(), 1u);
  EXPECT_EQ(s->player(1).pv, 1);
  EXPECT_TRUE(s->choices().empty());
}

TEST(RrdFlow, RRD_1_3_BothBleedingToDeathIsADraw) {  // RRD-1.3 RRD-6.1 RRD-11.14
  auto s = table();
  T::set_pv(*s, 0, 1);
  T::set_saignement(*s, 0, 1);
  T::set_pv(*s, 1, 2);
  T::set_saignement(*s, 1, 2);
  act(*s, kActPasse);
  act(*s, kActPasse);
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->winner(), -1);
  EXPECT_EQ(s->returns(), (std::vector<double>{0.0, 0.0}));
  EXPECT_TRUE(has_event(*s, kEvDefeated, 0, 1));
  EXPECT_TRUE(has_event(*s, kEvDefeated, 1, 1));
  EXPECT_TRUE(has_event(*s, kEvDuelOver, -1, -1, 0));
  EXPECT_EQ(s->game_end(), (rise::GameEnd{"both defeated at once", "RRD-1.3", {}}));
  EXPECT_TRUE(s->legal_actions().empty());
}

TEST(RrdFlow, RRD_1_4_ThePassLimitIsADraw) {  // RRD-1.4
  auto s = table();
  T::set_pass_limit(*s, 4);
  act(*s, kActPasse);
  act(*s, kActPasse);
  EXPECT_EQ(s->pass_number(), 4);  // the 4th pass is played
  EXPECT_FALSE(s->is_terminal());
  EXPECT_EQ(s->game_end(), rise::GameEnd{});
  act(*s, kActPasse);
  act(*s, kActPasse);
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->pass_number(), 4);
  EXPECT_EQ(s->winner(), -1);
  EXPECT_EQ(s->returns(), (std::vector<double>{0.0, 0.0}));
  EXPECT_TRUE(has_event(*s, kEvDuelOver, -1, -1, 1));
  EXPECT_EQ(s->game_end(), (rise::GameEnd{"pass limit", "RRD-1.4", {}}));
  EXPECT_EQ(s->current_player(), rise::kTerminalPlayer);
}

TEST(RrdFlow, RRD_6_1_SaignementFirstPlayerFirst) {  // RRD-6.1
  auto s = table();
  T::set_first_player(*s, 1);
  T::set_saignement(*s, 0, 1);
  T::set_saignement(*s, 1, 1);
  T::end_affrontement(*s);
  const auto losses = events_of(*s, kEvPvLoss);
  ASSERT_EQ(losses.size(), 2u);
  EXPECT_EQ(losses[0].player, 1);
  EXPECT_EQ(losses[1].player, 0);
  EXPECT_EQ(s->player(0).pv, 19);
  EXPECT_EQ(s->player(1).pv, 19);
}

TEST(RrdFlow, RRD_6_2_InfusionChoicesFirstPlayerFirst) {  // RRD-6.2 RRD-8.3
  auto s = table();
  T::set_first_player(*s, 1);
  int e0 = T::add_on_body(*s, 0, "entaille", Slot::kTete);
  int e1 = T::add_on_body(*s, 1, "entaille", Slot::kTorse);
  T::end_affrontement(*s);
  ASSERT_EQ(s->choices().size(), 2u);
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(legal_set(*s), (std::set<Action>{make_action(kActInfuse, e1), make_action(kActFin)}));
  act(*s, kActFin);
  EXPECT_EQ(s->current_player(), 0);
  act(*s, kActInfuse, e0);
  EXPECT_EQ(s->player(0).infusion[0], e0);
  EXPECT_EQ(s->player(1).infusion[0], -1);
  EXPECT_EQ(s->obj(e1).where, Where::kDeck);  // not infused: discarded, then under the deck
  EXPECT_EQ(s->phase(), Phase::kAffrontement);
}

TEST(RrdFlow, RRD_6_3_BodyCardsThenTheDiscardPileUnderTheDeck) {  // RRD-6.3 RRD-12.1
  auto s = table();
  int a = T::add_to_discard(*s, 0, "garde");             // 40, discarded first
  int b = T::add_to_discard(*s, 0, "eclat");             // 41
  int c = T::add_on_body(*s, 0, "garde", Slot::kTete);   // 42
  int d = T::add_on_body(*s, 0, "eclat", Slot::kTorse);  // 43
  T::end_affrontement(*s);
  EXPECT_TRUE(has_event(*s, kEvToDeck, 0, 4));
  EXPECT_TRUE(s->player(0).discard.empty());
  EXPECT_TRUE(s->player(0).body[0].empty());
  // Turned over: the last discarded (#43) at the very bottom, the first (#40) nearest the top.
  const auto& deck = s->player(0).deck;
  ASSERT_EQ(deck.size(), 22u);  // 20 + 4 - the 2 drawn by pass 4
  EXPECT_EQ((std::vector<int>{deck[0], deck[1], deck[2], deck[3], deck[4]}), (std::vector<int>{d, c, b, a, 0}));
  EXPECT_EQ(s->player(0).known_bottom, 4);
  EXPECT_EQ(s->obj(a).where, Where::kDeck);
}

TEST(RrdFlow, RRD_6_3_BodyCardsGoSlotBySlotInPlayOrder) {  // RRD-6.3 RRD-5.8 RRD-12.1
  auto s = table();
  const int sacrificed = T::add_to_hand(*s, 0, "garde");  // 40
  const int jambes = T::add_to_hand(*s, 0, "eclat");      // 41
  const int parade = T::add_to_hand(*s, 0, "parade");     // 42
  const int tete = T::add_to_hand(*s, 0, "garde");        // 43
  act(*s, kActSacrifie, sacrificed);           // discarded during the pass
  act(*s, kActJoue, jambes, slot(Slot::kJambes));  // played first, on jambes
  act(*s, kActLaisse);
  act(*s, kActPasse);                            // p1
  act(*s, kActJoue, parade, slot(Slot::kTete));  // then tête: an instantanée...
  act(*s, kActLaisse);
  act(*s, kActJoue, tete, slot(Slot::kTete));    // ...and a Garde after it
  act(*s, kActLaisse);
  EXPECT_EQ(ids(s->player(0).body[0]), (std::vector<int>{parade, tete}));
  act(*s, kActPasse);  // p1 passes on two of its turns in a row
  // The pile: #40, then tête (#42, #43 in play order), then jambes (#41); turned over under
  // the deck: #41 at the very bottom, #40 nearest the top. Pass 4 drew #19 and #18.
  EXPECT_EQ(s->pass_number(), 4);
  EXPECT_TRUE(has_event(*s, kEvToDeck, 0, 4));
  const auto& deck = s->player(0).deck;
  ASSERT_EQ(deck.size(), 22u);
  EXPECT_EQ((std::vector<int>{deck[0], deck[1], deck[2], deck[3], deck[4]}),
            (std::vector<int>{jambes, tete, parade, sacrificed, 0}));
  EXPECT_EQ(s->player(0).known_bottom, 4);
  EXPECT_TRUE(s->player(0).discard.empty());
  EXPECT_EQ(invariant_errors(*s), "");
}

TEST(RrdFlow, RRD_6_3_APublicBottomIsDrawnKnown) {  // RRD-6.3 RRD-3.6
  auto s = table({}, gardes());
  // p1's ids 0..19; p0's empty deck gets back its discard pile #20, #21.
  int a = T::add_to_discard(*s, 0, "garde");
  int b = T::add_to_discard(*s, 0, "eclat");
  EXPECT_FALSE(s->player(0).top_up);
  T::end_affrontement(*s);
  // Under the (empty) deck: #20 on top, turned up at once; the next pass draws both, known.
  EXPECT_TRUE(has_event(*s, kEvTopSoul, 0, a));
  EXPECT_TRUE(has_event(*s, kEvDraw, 0, a, 1));
  EXPECT_TRUE(has_event(*s, kEvDraw, 0, b, 1));
  EXPECT_TRUE(s->obj(b).known);
  EXPECT_TRUE(s->player(0).deck.empty());
  EXPECT_EQ(s->player(0).known_bottom, 0);
}

TEST(RrdFlow, RRD_6_5_ReservesAndThePassMarkersEnd) {  // RRD-6.5 RRD-6.4 RRD-9.3
  auto s = table();
  T::set_reserve(*s, 0, 3);
  T::set_reserve(*s, 1, 2);
  T::set_bloque(*s, 0, Slot::kTete, 2);
  T::set_point_faible(*s, 1, Slot::kJambes, 1);
  T::set_top_mark(*s, 1, 2);
  T::set_sonne(*s, 1, 2);
  T::set_torpeur(*s, 0, true);
  int tal = T::add_objet(*s, 0, "talisman", true);
  T::end_affrontement(*s);
  EXPECT_EQ(s->player(0).reserve, 0);
  EXPECT_EQ(s->player(1).reserve, 0);
  EXPECT_EQ(s->player(0).bloque[0], 0);
  EXPECT_EQ(s->player(1).point_faible[3], 0);
  EXPECT_EQ(s->player(1).top_mark, 0);
  EXPECT_EQ(s->player(1).sonne, 2);  // waits for its card
  EXPECT_TRUE(s->player(0).torpeur);
  EXPECT_FALSE(s->obj(tal).engaged);
}

TEST(RrdFlow, RRD_3_4_SlotsFaceEachOther) {  // RRD-3.4
  auto s = table();
  T::set_bloque(*s, 1, Slot::kTete, 5);
  int e0 = T::add_to_hand(*s, 0, "eclat");
  int e1 = T::add_to_hand(*s, 0, "eclat");
  act(*s, kActJoue, e0, slot(Slot::kTorse));  // strikes p1's torse, not its guarded tete
  act(*s, kActLaisse);
  EXPECT_EQ(s->player(1).bloque[0], 5);
  EXPECT_EQ(s->player(1).top_mark, 1);
  act(*s, kActPasse);
  act(*s, kActJoue, e1, slot(Slot::kTorse));  // a second card on the same slot
  act(*s, kActLaisse);
  EXPECT_EQ(ids(s->player(0).body[1]), (std::vector<int>{e0, e1}));
  EXPECT_EQ(s->player(1).top_mark, 2);
}

TEST(RrdFlow, RRD_3_5_TwoInfusionAndTwoObjectSlots) {  // RRD-3.5 RRD-6.2 RRD-9.2
  // One slot taken: a qualifying Entaille is offered the infusion.
  auto one = table();
  const int first = T::add_infused(*one, 0, "entaille");
  const int cand1 = T::add_on_body(*one, 0, "entaille", Slot::kTete);
  T::end_affrontement(*one);
  ASSERT_EQ(one->choices().size(), 1u);
  EXPECT_EQ(one->choices()[0].kind, ChoiceKind::kInfusion);
  act(*one, kActInfuse, cand1);
  EXPECT_EQ(one->player(0).infusion, (std::array<int16_t, 2>{static_cast<int16_t>(first), static_cast<int16_t>(cand1)}));

  // Both slots taken: the same Entaille is offered nothing; the next pass is reached and the
  // Entaille lies under the deck.
  auto s = table();
  const int i0 = T::add_infused(*s, 0, "entaille");
  const int i1 = T::add_infused(*s, 0, "aiguille");
  const int cand = T::add_on_body(*s, 0, "entaille", Slot::kTete);
  T::end_affrontement(*s);
  EXPECT_TRUE(s->choices().empty());
  EXPECT_EQ(s->phase(), Phase::kAffrontement);
  EXPECT_EQ(s->pass_number(), 4);
  EXPECT_EQ(events_of(*s, kEvInfuse).size(), 0u);
  EXPECT_EQ(s->player(0).infusion, (std::array<int16_t, 2>{static_cast<int16_t>(i0), static_cast<int16_t>(i1)}));
  EXPECT_EQ(s->obj(cand).where, Where::kDeck);
  EXPECT_EQ(s->player(0).deck.front(), cand);

  // Two object slots: with one taken an objet is offered; with both taken it is not.
  auto u = table();
  T::add_objet(*u, 0, "bouclier");
  const int arbalete = T::add_to_hand(*u, 0, "arbalete");
  T::set_reserve(*u, 0, 2);
  EXPECT_EQ(legal_set(*u).count(make_action(kActJoue, arbalete, slot(Slot::kTete))), 1u);
  T::add_objet(*u, 0, "talisman");
  EXPECT_EQ(legal_set(*u).count(make_action(kActJoue, arbalete, slot(Slot::kTete))), 0u);
  EXPECT_FALSE(legal(*u, kActJoue, arbalete, slot(Slot::kTete)));
}

TEST(RrdFlow, RRD_3_6_TheTopSoulStaysOnTheDeck) {  // RRD-3.6 RRD-11.11
  auto s = table();
  EXPECT_TRUE(s->player(0).top_up);
  EXPECT_EQ(top_soul(*s, 0), 19);
  EXPECT_EQ(s->obj(19).where, Where::kDeck);  // the Top Soul is a card of the deck
  EXPECT_EQ(s->player(0).deck.size(), 20u);
  // Source (Pioche 1) in the Affrontement draws the face-up Top Soul: #19 is drawn known and
  // #18 is turned up at once, right after the draw.
  const int source = T::add_to_hand(*s, 0, "source");
  act(*s, kActJoue, source, slot(Slot::kTorse));
  act(*s, kActLaisse);
  EXPECT_EQ(ids(s->player(0).hand), (std::vector<int>{19}));
  EXPECT_TRUE(s->obj(19).known);
  EXPECT_EQ(s->player(0).deck.size(), 19u);
  EXPECT_EQ(top_soul(*s, 0), 18);
  EXPECT_TRUE(s->player(0).top_up);
  const auto& ev = s->events();
  size_t drawn = ev.size();
  for (size_t i = 0; i < ev.size(); ++i) {
    if (ev[i].kind == kEvDraw) drawn = i;
  }
  ASSERT_LT(drawn + 1, ev.size());
  EXPECT_EQ((std::vector<int>{ev[drawn].player, ev[drawn].a, ev[drawn].b}), (std::vector<int>{0, 19, 1}));
  EXPECT_EQ((std::vector<int>{ev[drawn + 1].kind, ev[drawn + 1].player, ev[drawn + 1].a}),
            (std::vector<int>{kEvTopSoul, 0, 18}));
}

TEST(RrdFlow, StateClonesAreIndependent) {  // RRD-5.2
  auto s = table();
  int g = T::add_to_hand(*s, 0, "garde");
  auto c = s->clone();
  c->apply_action(make_action(kActSacrifie, g));
  EXPECT_EQ(s->player(0).reserve, 0);
  EXPECT_EQ(dynamic_cast<RrdState&>(*c).player(0).reserve, 3);
}

// Random legal play from start_duel: legal_actions is never empty before the end, agrees
// with is_legal, the invariants hold, and every duel ends within the pass limit.
void random_duels(const std::vector<std::string>& d0, const std::vector<std::string>& d1, int limit, int seeds,
                  int& by_limit) {
  std::vector<Action> legal;
  for (int seed = 1; seed <= seeds; ++seed) {
    auto s = game().make(static_cast<uint64_t>(seed), d0, d1, limit);
    s->start_duel();
    rise::Rng rng(static_cast<uint64_t>(seed) * 7919u);
    int steps = 0;
    while (!s->is_terminal()) {
      s->legal_actions(legal);
      ASSERT_FALSE(legal.empty()) << "seed " << seed << " step " << steps;
      ASSERT_TRUE(std::is_sorted(legal.begin(), legal.end()));
      ASSERT_EQ(std::adjacent_find(legal.begin(), legal.end()), legal.end());
      for (Action a : legal) ASSERT_TRUE(s->is_legal(a)) << s->explain_illegal(a);
      // Some random actions: legal exactly when listed.
      for (int k = 0; k < 8; ++k) {
        Action a = make_action(1 + static_cast<int>(rng.below(11)),
                               static_cast<int>(rng.below(static_cast<uint64_t>(s->num_objects()))),
                               static_cast<int>(rng.below(5)));
        const bool listed = std::binary_search(legal.begin(), legal.end(), a);
        ASSERT_EQ(s->is_legal(a), listed) << "seed " << seed << " action " << a << ": " << s->explain_illegal(a);
        if (!listed) {
          ASSERT_FALSE(s->explain_illegal(a).empty());
        }
      }
      s->apply_action(legal[static_cast<size_t>(rng.below(legal.size()))]);
      ASSERT_EQ(invariant_errors(*s), "") << "seed " << seed << " step " << steps;
      ASSERT_LE(s->pass_number(), limit);
      ASSERT_LT(++steps, 200000);
    }
    const auto r = s->returns();
    EXPECT_EQ(r[0] + r[1], 0.0);
    if (events_of(*s, kEvDuelOver).back().b == 1) ++by_limit;
  }
}

TEST(RrdFlow, RRD_1_4_RandomDuelsEndWithinThePassLimit) {  // RRD-1.4 RRD-5.8 RRD-1.1 RRD-1.2
  int by_limit = 0;
  random_duels(mixed_deck(), mixed_deck(), 60, 40, by_limit);
  random_duels(gardes(), mixed_deck(), 60, 10, by_limit);
  int short_limit = 0;
  random_duels(mixed_deck(), mixed_deck(), 2, 10, short_limit);
  EXPECT_GT(short_limit, 0);
}

}  // namespace
}  // namespace rrdtest
