// The Affrontement (Rules RRD-5.*; Interpretations RRD-5.11, RRD-5.12): turns, sacrifices,
// costs, slots, instantanées, counters and the end of the phase, on the default table (both
// decks 20 Gardes of VA 3; p0's Top Soul #19, p1's #39; new cards from id 40).
#include <gtest/gtest.h>

#include "test_access.h"

namespace rrdtest {
namespace {

TEST(RrdAffrontement, RRD_5_1_APlayedCardEndsTheTurn) {  // RRD-5.1
  auto s = table();
  int eclat = T::add_to_hand(*s, 0, "eclat");
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(legal_set(*s),
            (std::set<Action>{make_action(kActSacrifie, eclat), make_action(kActJoue, eclat, 0),
                              make_action(kActJoue, eclat, 1), make_action(kActJoue, eclat, 2),
                              make_action(kActJoue, eclat, 3), make_action(kActTranscende, eclat, 0),
                              make_action(kActTranscende, eclat, 1), make_action(kActTranscende, eclat, 2),
                              make_action(kActTranscende, eclat, 3), make_action(kActPasse)}));
  act(*s, kActJoue, eclat, slot(Slot::kBras));
  EXPECT_EQ(s->current_player(), 1);  // the counter window
  EXPECT_TRUE(s->window().open);
  EXPECT_EQ(s->window().card, eclat);
  EXPECT_EQ(s->window().slot, 2);
  EXPECT_EQ(legal_set(*s), (std::set<Action>{make_action(kActLaisse)}));
  act(*s, kActLaisse);
  EXPECT_EQ(s->turn_player(), 1);
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(s->obj(eclat).where, Where::kBody);
  EXPECT_EQ(ids(s->player(0).body[2]), (std::vector<int>{eclat}));
  EXPECT_TRUE(has_event(*s, kEvPlay, 0, eclat, 2));
  EXPECT_TRUE(has_event(*s, kEvLetThrough, 1, eclat));
}

TEST(RrdAffrontement, RRD_5_2_SacrificeFillsTheReserve) {  // RRD-5.2
  auto s = table();
  int colosse = T::add_to_hand(*s, 0, "colosse");
  int garde = T::add_to_hand(*s, 0, "garde");
  act(*s, kActSacrifie, garde);
  EXPECT_EQ(s->player(0).reserve, 3);
  EXPECT_EQ(ids(s->player(0).discard), (std::vector<int>{garde}));
  EXPECT_TRUE(has_event(*s, kEvSacrifice, 0, garde, 3));
  EXPECT_EQ(s->events().back().c, 3);
  EXPECT_EQ(s->current_player(), 0);  // still p0's turn
  act(*s, kActJoue, colosse, slot(Slot::kTorse));
  EXPECT_EQ(s->player(0).reserve, 0);
  // In the counter window the opponent may sacrifice too.
  int g1 = T::add_to_hand(*s, 1, "garde");
  EXPECT_TRUE(legal(*s, kActSacrifie, g1));
  act(*s, kActSacrifie, g1);
  EXPECT_EQ(s->player(1).reserve, 3);
  EXPECT_TRUE(s->window().open);
}

TEST(RrdAffrontement, RRD_5_3_ACardTheReserveCannotPayIsNotPlayable) {  // RRD-5.3
  auto s = table();
  int colosse = T::add_to_hand(*s, 0, "colosse");
  T::set_reserve(*s, 0, 2);
  EXPECT_FALSE(legal(*s, kActJoue, colosse, slot(Slot::kTorse)));
  EXPECT_EQ(s->explain_illegal(make_action(kActJoue, colosse, slot(Slot::kTorse))),
            "Colosse costs 3 VA and the reserve holds 2 (RRD-5.3)");
  EXPECT_THROW(s->apply_action(make_action(kActJoue, colosse, slot(Slot::kTorse))), rise::InputError);
  EXPECT_EQ(s->player(0).reserve, 2);
  T::set_reserve(*s, 0, 3);
  EXPECT_TRUE(legal(*s, kActJoue, colosse, slot(Slot::kTorse)));
}

TEST(RrdAffrontement, RRD_5_4_OnlyOnAnOptimalSlot) {  // RRD-5.4
  auto s = table();
  int colosse = T::add_to_hand(*s, 0, "colosse");
  T::set_reserve(*s, 0, 3);
  EXPECT_FALSE(legal(*s, kActJoue, colosse, slot(Slot::kTete)));
  EXPECT_NE(s->explain_illegal(make_action(kActJoue, colosse, slot(Slot::kTete))).find("RRD-5.4"), std::string::npos);
  EXPECT_FALSE(legal(*s, kActJoue, colosse, 4));  // no fifth slot
  EXPECT_TRUE(legal(*s, kActJoue, colosse, slot(Slot::kTorse)));
}

TEST(RrdAffrontement, RRD_5_5_InstantaneesKeepTheTurnAndPlayInAWindow) {  // RRD-5.5 RRD-5.7
  auto s = table();
  int parade = T::add_to_hand(*s, 0, "parade");
  int eclat = T::add_to_hand(*s, 0, "eclat");
  T::set_reserve(*s, 0, 1);
  act(*s, kActJoue, parade, slot(Slot::kTete));
  act(*s, kActLaisse);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->turn_player(), 0);
  act(*s, kActJoue, eclat, slot(Slot::kTorse));
  // p1's window on torse: an instantanée on another slot resolves at once, opens no window,
  // and the window stays.
  int p1parade = T::add_to_hand(*s, 1, "parade");
  int p1eclat = T::add_to_hand(*s, 1, "eclat");
  T::set_reserve(*s, 1, 1);
  EXPECT_TRUE(legal(*s, kActJoue, p1parade, slot(Slot::kJambes)));
  EXPECT_FALSE(legal(*s, kActJoue, p1eclat, slot(Slot::kJambes)));  // a normale only counters
  EXPECT_NE(s->explain_illegal(make_action(kActJoue, p1eclat, slot(Slot::kJambes))).find("RRD-5.6"), std::string::npos);
  act(*s, kActJoue, p1parade, slot(Slot::kJambes));
  EXPECT_EQ(s->player(1).bloque[3], 2);
  EXPECT_TRUE(s->window().open);
  EXPECT_EQ(s->window().card, eclat);
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_FALSE(s->obj(eclat).countered);
  EXPECT_EQ(s->cards_played(), 3);
  act(*s, kActLaisse);
  EXPECT_EQ(s->player(1).top_mark, 1);
  EXPECT_EQ(s->current_player(), 1);
}

TEST(RrdAffrontement, RRD_5_6_ACounterOnTheSameSlotCancelsTheCard) {  // RRD-5.6 RRD-5.7
  auto s = table();
  int entaille = T::add_to_hand(*s, 0, "entaille");
  int eclat = T::add_to_hand(*s, 1, "eclat");
  int parade = T::add_to_hand(*s, 1, "parade");
  T::set_reserve(*s, 0, 1);
  act(*s, kActJoue, entaille, slot(Slot::kTete));
  // p1 may counter with any card it can play on tete; the window's other slots take only
  // instantanées (Parade on any slot, but its reserve is 0: not playable).
  EXPECT_EQ(legal_set(*s), (std::set<Action>{make_action(kActSacrifie, eclat), make_action(kActSacrifie, parade),
                                             make_action(kActJoue, eclat, 0), make_action(kActTranscende, eclat, 0),
                                             make_action(kActLaisse)}));
  act(*s, kActJoue, eclat, slot(Slot::kTete));
  // Entaille is countered: no damage to p1; Éclat strikes p0's tete: 1 marked on #19.
  EXPECT_TRUE(s->obj(entaille).countered);
  EXPECT_TRUE(s->obj(eclat).counter);
  EXPECT_EQ(s->player(1).top_mark, 0);
  EXPECT_EQ(s->player(0).top_mark, 1);
  EXPECT_TRUE(has_event(*s, kEvCountered, 0, entaille, eclat));
  EXPECT_TRUE(has_event(*s, kEvPlay, 1, eclat, 0));
  EXPECT_EQ(events_of(*s, kEvPlay).back().c, 2);  // played as a counter
  // It stays on its slot and counts as played; no window after a counter (RRD-5.7).
  EXPECT_EQ(ids(s->player(0).body[0]), (std::vector<int>{entaille}));
  EXPECT_EQ(ids(s->player(1).body[0]), (std::vector<int>{eclat}));
  EXPECT_EQ(s->cards_played(), 2);
  EXPECT_FALSE(s->window().open);
  EXPECT_EQ(s->current_player(), 1);  // p0's turn ended with Entaille
  EXPECT_EQ(s->turn_player(), 1);
}

TEST(RrdAffrontement, RRD_5_6_ACounterIsPaidFromTheReserve) {  // RRD-5.6 RRD-5.3
  auto s = table();
  int eclat = T::add_to_hand(*s, 0, "eclat");
  int entaille = T::add_to_hand(*s, 1, "entaille");
  act(*s, kActJoue, eclat, slot(Slot::kTorse));
  EXPECT_FALSE(legal(*s, kActJoue, entaille, slot(Slot::kTorse)));  // cost 1, reserve 0
  int g = T::add_to_hand(*s, 1, "garde");
  act(*s, kActSacrifie, g);
  act(*s, kActJoue, entaille, slot(Slot::kTorse));
  EXPECT_EQ(s->player(1).reserve, 2);
  EXPECT_TRUE(s->obj(eclat).countered);
  EXPECT_EQ(s->player(0).pv, 17);  // Entaille's 3 on p0's Garde #19
}

TEST(RrdAffrontement, RRD_5_7_ACounteredInstantaneeKeepsItsPlayersTurn) {  // RRD-5.7 RRD-5.12
  auto s = table();
  int parade = T::add_to_hand(*s, 0, "parade");
  int counter = T::add_to_hand(*s, 1, "parade");
  T::set_reserve(*s, 0, 1);
  T::set_reserve(*s, 1, 1);
  act(*s, kActJoue, parade, slot(Slot::kBras));
  act(*s, kActJoue, counter, slot(Slot::kBras));
  EXPECT_TRUE(s->obj(parade).countered);
  EXPECT_EQ(s->player(0).bloque[2], 0);
  EXPECT_EQ(s->player(1).bloque[2], 2);
  EXPECT_FALSE(s->window().open);  // the counter opened no window
  EXPECT_EQ(s->current_player(), 0);
}

TEST(RrdAffrontement, RRD_5_8_TwoPassesInARowEndTheAffrontement) {  // RRD-5.8 RRD-5.9
  // Both players pass one after the other.
  auto s = table();
  act(*s, kActPasse);
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(s->first_passer(), 0);
  act(*s, kActPasse);
  EXPECT_EQ(events_of(*s, kEvAffrontementEnd).size(), 1u);
  EXPECT_EQ(events_of(*s, kEvAffrontementEnd)[0].a, 0);
  EXPECT_EQ(s->pass_number(), 4);  // the consolidation ran and the next pass began
  EXPECT_EQ(s->first_player(), 0);

  // A player passes on two of its turns in a row.
  auto t = table();
  int e1 = T::add_to_hand(*t, 1, "eclat");
  act(*t, kActPasse);                        // p0
  act(*t, kActJoue, e1, slot(Slot::kTete));  // p1 plays: the phase goes on
  act(*t, kActLaisse);
  EXPECT_EQ(t->pass_number(), 3);
  EXPECT_EQ(t->current_player(), 0);
  act(*t, kActPasse);  // p0 again
  EXPECT_EQ(t->pass_number(), 4);
  EXPECT_EQ(events_of(*t, kEvAffrontementEnd)[0].a, 0);

  // Pass, play, play, pass: no two passes in a row, the phase goes on.
  auto u = table();
  int a0 = T::add_to_hand(*u, 0, "eclat");
  int a1 = T::add_to_hand(*u, 1, "eclat");
  act(*u, kActPasse);  // p0
  act(*u, kActJoue, a1, slot(Slot::kTete));
  act(*u, kActLaisse);
  act(*u, kActJoue, a0, slot(Slot::kTete));  // p0 plays
  act(*u, kActLaisse);
  act(*u, kActPasse);  // p1
  EXPECT_EQ(u->pass_number(), 3);
  EXPECT_EQ(u->first_passer(), 0);
  act(*u, kActPasse);  // p0: both passed one after the other
  EXPECT_EQ(u->pass_number(), 4);
}

TEST(RrdAffrontement, RRD_5_9_TheFirstPasserIsRecorded) {  // RRD-5.9 RRD-4.2
  auto s = table();
  int e0 = T::add_to_hand(*s, 0, "eclat");
  act(*s, kActJoue, e0, slot(Slot::kTete));
  act(*s, kActLaisse);
  act(*s, kActPasse);  // p1 passes first
  EXPECT_EQ(s->first_passer(), 1);
  act(*s, kActPasse);  // p0
  EXPECT_EQ(events_of(*s, kEvAffrontementEnd)[0].a, 1);
  EXPECT_EQ(s->first_player(), 1);
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_TRUE(has_event(*s, kEvPassStart, 1, 4));
}

TEST(RrdAffrontement, RRD_5_10_AutomaticKeywordsFirstThenChoices) {  // RRD-5.10
  auto s = table();
  // Razzia lists Oubli 1 before Dégâts 1: the hit comes first, then p1's discard.
  int e = T::add_to_hand(*s, 1, "eclat");
  int razzia = T::add_to_hand(*s, 0, "razzia");
  T::set_reserve(*s, 0, 1);
  act(*s, kActJoue, razzia, slot(Slot::kTete));
  act(*s, kActLaisse);
  ASSERT_EQ(s->choices().size(), 1u);
  EXPECT_EQ(s->player(1).top_mark, 1);
  act(*s, kActDefausse, e);
  size_t hit_at = 0, discard_at = 0;
  for (size_t i = 0; i < s->events().size(); ++i) {
    if (s->events()[i].kind == kEvHit) hit_at = i;
    if (s->events()[i].kind == kEvDiscard) discard_at = i;
  }
  EXPECT_LT(hit_at, discard_at);
  EXPECT_EQ(s->current_player(), 1);
}

TEST(RrdAffrontement, RRD_5_11_AChoiceIsAnsweredFirst) {  // RRD-5.11 RRD-5.2
  auto s = table();
  int e = T::add_to_hand(*s, 1, "eclat");
  int g = T::add_to_hand(*s, 1, "garde");
  int parade = T::add_to_hand(*s, 1, "parade");
  int oubli = T::add_to_hand(*s, 0, "oubli");
  T::set_reserve(*s, 0, 1);
  T::set_reserve(*s, 1, 1);
  act(*s, kActJoue, oubli, slot(Slot::kTete));
  act(*s, kActLaisse);
  EXPECT_EQ(s->current_player(), 1);
  // Only discards: no sacrifice (which would dodge the Oubli), no instantanée, no pass.
  EXPECT_EQ(legal_set(*s), (std::set<Action>{make_action(kActDefausse, e), make_action(kActDefausse, g),
                                             make_action(kActDefausse, parade)}));
  EXPECT_FALSE(legal(*s, kActSacrifie, g));
  EXPECT_NE(s->explain_illegal(make_action(kActSacrifie, g)).find("RRD-11.9"), std::string::npos);
  EXPECT_FALSE(legal(*s, kActJoue, parade, slot(Slot::kTete)));
  EXPECT_FALSE(legal(*s, kActPasse));
}

TEST(RrdAffrontement, RRD_5_12_OnlyANormaleOrObjetBreaksARunOfPasses) {  // RRD-5.12 RRD-5.8
  auto s = table();
  int parade = T::add_to_hand(*s, 0, "parade");
  int e1 = T::add_to_hand(*s, 1, "eclat");
  T::set_reserve(*s, 0, 1);
  act(*s, kActPasse);                        // p0 passes
  act(*s, kActJoue, e1, slot(Slot::kTete));  // p1 plays a normale
  act(*s, kActLaisse);
  act(*s, kActJoue, parade, slot(Slot::kTete));  // p0: an instantanée does not use the turn
  act(*s, kActLaisse);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_TRUE(s->player(0).passed_last);
  act(*s, kActPasse);  // p0's second pass in a row of its turns
  EXPECT_EQ(s->pass_number(), 4);
}

TEST(RrdAffrontement, RRD_5_12_ACounterBetweenTwoPassesIsNotATurn) {  // RRD-5.12 RRD-5.8 RRD-5.6
  auto s = table();
  const int e1 = T::add_to_hand(*s, 1, "eclat");
  const int c0 = T::add_to_hand(*s, 0, "eclat");
  act(*s, kActPasse);  // p0 passes
  EXPECT_EQ(s->first_passer(), 0);
  act(*s, kActJoue, e1, slot(Slot::kTete));  // p1 plays a normale
  EXPECT_EQ(s->current_player(), 0);
  act(*s, kActJoue, c0, slot(Slot::kTete));  // p0 counters it with a normale
  EXPECT_TRUE(s->obj(e1).countered);
  EXPECT_TRUE(s->obj(c0).counter);
  EXPECT_EQ(s->player(1).top_mark, 1);  // the counter's Éclat resolved against p1
  // p1's turn is over; p0's turn comes, and its run of passes is unbroken.
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->turn_player(), 0);
  EXPECT_TRUE(s->player(0).passed_last);
  EXPECT_FALSE(s->player(1).passed_last);
  EXPECT_EQ(events_of(*s, kEvAffrontementEnd).size(), 0u);
  act(*s, kActPasse);  // p0 passes on its second turn in a row: the Affrontement ends
  const auto ends = events_of(*s, kEvAffrontementEnd);
  ASSERT_EQ(ends.size(), 1u);
  EXPECT_EQ(ends[0].a, 0);
  EXPECT_EQ(s->pass_number(), 4);
  EXPECT_EQ(s->first_player(), 0);
}

TEST(RrdAffrontement, RRD_5_6_IllegalActionsAreExplained) {  // RRD-5.6 RRD-5.1
  auto s = table();
  int e = T::add_to_hand(*s, 0, "eclat");
  int other = T::add_to_hand(*s, 1, "eclat");
  EXPECT_FALSE(legal(*s, kActLaisse));
  EXPECT_NE(s->explain_illegal(make_action(kActLaisse)).find("RRD-5.6"), std::string::npos);
  EXPECT_FALSE(legal(*s, kActJoue, other, 0));  // not p0's card
  EXPECT_NE(s->explain_illegal(make_action(kActJoue, other, 0)).find("not in the player's hand"), std::string::npos);
  EXPECT_FALSE(legal(*s, kActPasse, 1));
  EXPECT_FALSE(legal(*s, kActInfuse, e));
  EXPECT_FALSE(legal(*s, kActFin));
  EXPECT_FALSE(s->is_legal(-5));
  EXPECT_FALSE(s->is_legal(make_action(99)));
  EXPECT_FALSE(legal(*s, kActSacrifie, 999));
  act(*s, kActJoue, e, 0);
  EXPECT_FALSE(legal(*s, kActPasse));
  EXPECT_NE(s->explain_illegal(make_action(kActPasse)).find("laisse"), std::string::npos);
}

}  // namespace
}  // namespace rrdtest

namespace rrdtest {
namespace {

// State::describe_decision (issue 19: a refusal says whose decision it is and what for;
// issue 20: the prompt says what the choice is for), and a refusal of the other seat.
TEST(RrdDecision, TheTurnTheCounterWindowAndAChoiceSayWhatIsDecided) {
  auto s = table();
  EXPECT_EQ(s->describe_decision(), "play, transcend or activate a card, or pass (passe) in the Affrontement (Rule RRD-5.1)");
  int eclat = T::add_to_hand(*s, 0, "eclat");
  act(*s, kActJoue, eclat, slot(Slot::kBras));
  const std::string counter = "counter " + s->card_of(eclat).name +
                              " that p0 played on Bras (joue an instantanée on that slot), or let it resolve (laisse, "
                              "Rule RRD-5.6)";
  EXPECT_EQ(s->describe_decision(), counter);
  try {
    rise::apply_notation(*s, "seat 0: passe", "test");
    ADD_FAILURE() << "p0 acted in p1's counter window";
  } catch (const rise::InputError& e) {
    EXPECT_EQ(std::string(e.what()), "test 'seat 0: passe': it is seat 1's decision (to " + counter + "), not seat 0's");
  }
  T::add_choice(*s, ChoiceKind::kPoison, 1, 4);
  EXPECT_EQ(s->describe_decision(), "discard for the Poison, 4 VA to go (defausse, Rule RRD-11.12)");
}

}  // namespace
}  // namespace rrdtest
