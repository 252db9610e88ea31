// The worked example of docs/rules/raise-rise-die.md ("Worked example: one Passe d'Armes"),
// replayed step by step; every number of the text is checked. Seat 0 is A, seat 1 is B.
// Rules named by the example: RRD-4.2 RRD-4.3 RRD-3.6 RRD-4.4 RRD-4.5 RRD-4.6 RRD-5.2 RRD-5.5
// RRD-5.6 RRD-5.12 RRD-11.7 RRD-10.1 RRD-10.3 RRD-5.9 RRD-5.8 RRD-6.1 RRD-6.2 RRD-8.4 RRD-6.3
// RRD-6.4 RRD-6.5.
#include <gtest/gtest.h>

#include "test_access.h"

namespace rrdtest {
namespace {

std::vector<std::string> deck_of(std::vector<std::string> top) {
  while (top.size() < 20) top.push_back("garde");
  return top;
}

TEST(RrdWorkedExample, WorkedExample) {
  // Before the pass.
  auto s = table(deck_of({"garde", "eclat", "garde"}), deck_of({"garde", "eclat", "colosse"}));
  const int garde40 = T::add_to_hand(*s, 0, "garde");
  const int entaille41 = T::add_to_hand(*s, 0, "entaille");
  const int eclat42 = T::add_to_hand(*s, 0, "eclat");
  const int garde43 = T::add_to_hand(*s, 1, "garde");
  const int parade44 = T::add_to_hand(*s, 1, "parade");
  const int coupsec45 = T::add_to_hand(*s, 1, "coup-sec");
  const int eclat46 = T::add_to_hand(*s, 1, "eclat");
  ASSERT_EQ((std::vector<int>{garde40, entaille41, eclat42, garde43, parade44, coupsec45, eclat46}),
            (std::vector<int>{40, 41, 42, 43, 44, 45, 46}));
  EXPECT_EQ(top_soul(*s, 0), 19);
  EXPECT_EQ(s->card_of(18).id, "eclat");
  EXPECT_EQ(s->card_of(17).id, "garde");
  EXPECT_EQ(top_soul(*s, 1), 39);
  EXPECT_EQ(s->card_of(38).id, "eclat");
  EXPECT_EQ(s->card_of(37).id, "colosse");
  T::set_pass(*s, 1);
  T::set_first_passer(*s, 1);

  // Préparation of pass 2 (steps 1-5).
  T::begin_next_pass(*s);
  EXPECT_EQ(s->pass_number(), 2);
  EXPECT_EQ(s->first_player(), 1);
  const auto draws = events_of(*s, kEvDraw);
  ASSERT_EQ(draws.size(), 4u);
  EXPECT_EQ((std::vector<int>{draws[0].player, draws[0].a, draws[0].b}), (std::vector<int>{1, 39, 1}));
  EXPECT_EQ((std::vector<int>{draws[1].player, draws[1].a, draws[1].b}), (std::vector<int>{1, 38, 0}));
  EXPECT_EQ((std::vector<int>{draws[2].player, draws[2].a, draws[2].b}), (std::vector<int>{0, 19, 1}));
  EXPECT_EQ((std::vector<int>{draws[3].player, draws[3].a, draws[3].b}), (std::vector<int>{0, 18, 0}));
  EXPECT_EQ(s->player(1).hand.size(), 6u);
  EXPECT_EQ(s->player(0).hand.size(), 5u);
  ASSERT_EQ(s->choices().size(), 1u);
  EXPECT_EQ(s->choices()[0].kind, ChoiceKind::kHandLimit);
  EXPECT_EQ(s->current_player(), 1);
  act(*s, kActDefausse, 38);
  EXPECT_EQ(ids(s->player(1).discard), (std::vector<int>{38}));
  const auto tops = events_of(*s, kEvTopSoul);
  ASSERT_EQ(tops.size(), 2u);
  EXPECT_EQ((std::vector<int>{tops[0].player, tops[0].a, tops[1].player, tops[1].a}), (std::vector<int>{1, 37, 0, 17}));
  EXPECT_EQ(s->card_of(37).va, 5);
  EXPECT_EQ(s->card_of(17).va, 3);
  EXPECT_EQ(events_of(*s, kEvUpkeep).size(), 0u);
  EXPECT_EQ(s->phase(), Phase::kAffrontement);
  EXPECT_EQ(s->current_player(), 1);

  // Affrontement (steps 6-13).
  act(*s, kActSacrifie, garde43);  // 6
  EXPECT_EQ(s->player(1).reserve, 3);
  EXPECT_EQ(ids(s->player(1).discard), (std::vector<int>{38, garde43}));
  act(*s, kActJoue, parade44, slot(Slot::kTorse));  // 7
  EXPECT_EQ(s->player(1).reserve, 2);
  EXPECT_EQ(s->current_player(), 0);
  act(*s, kActLaisse);
  EXPECT_EQ(s->player(1).bloque[1], 2);
  EXPECT_EQ(s->current_player(), 1);
  act(*s, kActJoue, coupsec45, slot(Slot::kJambes));  // 8
  EXPECT_EQ(s->player(1).reserve, 2);
  EXPECT_TRUE(s->window().open);
  EXPECT_EQ(s->window().slot, 3);
  act(*s, kActJoue, garde40, slot(Slot::kJambes));  // 9: the counter
  EXPECT_TRUE(s->obj(coupsec45).countered);
  EXPECT_EQ(ids(s->player(1).body[3]), (std::vector<int>{coupsec45}));
  EXPECT_EQ(s->player(0).top_mark, 0);  // Coup sec did nothing
  EXPECT_EQ(s->player(0).bloque[3], 1);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->cards_played(), 3);
  act(*s, kActSacrifie, 19);  // 10
  EXPECT_EQ(s->player(0).reserve, 3);
  act(*s, kActJoue, entaille41, slot(Slot::kTorse));  // 11
  EXPECT_EQ(s->player(0).reserve, 2);
  act(*s, kActLaisse);
  const auto hits = events_of(*s, kEvHit);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ((std::vector<int>{hits[0].player, hits[0].a, hits[0].b, hits[0].c}), (std::vector<int>{1, 1, 1, 2}));
  EXPECT_EQ(s->player(1).bloque[1], 0);
  EXPECT_EQ(top_soul(*s, 1), 37);
  EXPECT_EQ(s->player(1).top_mark, 1);
  EXPECT_TRUE(has_event(*s, kEvMark, 1, 37, 1));
  EXPECT_EQ(s->player(1).pv, 20);
  EXPECT_EQ(s->current_player(), 1);
  act(*s, kActPasse);  // 12
  EXPECT_EQ(s->first_passer(), 1);
  act(*s, kActPasse);  // 13
  EXPECT_TRUE(has_event(*s, kEvAffrontementEnd, -1, 1));

  // Consolidation (steps 14-18).
  EXPECT_EQ(s->phase(), Phase::kConsolidation);
  EXPECT_EQ(events_of(*s, kEvPvLoss).size(), 0u);  // 14
  ASSERT_EQ(s->choices().size(), 1u);              // 15: only A has a candidate
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(legal_set(*s), (std::set<Action>{make_action(kActInfuse, entaille41), make_action(kActFin)}));
  {
    // Step 18 right after the consolidation, before pass 3 draws the Colosse: a clone whose
    // pass limit (RRD-1.4) stops the duel as soon as the consolidation is over.
    auto copy = s->clone();
    auto& c = dynamic_cast<RrdState&>(*copy);
    T::set_pass_limit(c, 2);
    c.apply_action(make_action(kActInfuse, entaille41));
    ASSERT_TRUE(c.is_terminal());
    EXPECT_EQ(c.pass_number(), 2);
    EXPECT_EQ(top_soul(c, 1), 37);  // the Colosse is still B's Top Soul...
    EXPECT_TRUE(c.player(1).top_up);
    EXPECT_EQ(c.player(1).top_mark, 0);  // ...and its mark ended
    EXPECT_EQ(c.player(0).reserve, 0);
    EXPECT_EQ(c.player(1).reserve, 0);
    EXPECT_EQ(c.player(0).bloque[3], 0);
    EXPECT_EQ(c.player(1).bloque[1], 0);
    EXPECT_EQ(c.player(0).deck.size(), 20u);
    EXPECT_EQ(c.player(1).deck.size(), 22u);
  }
  act(*s, kActInfuse, entaille41);
  EXPECT_EQ(s->player(0).infusion[0], entaille41);
  // 16-17: the piles under the decks.
  EXPECT_TRUE(has_event(*s, kEvToDeck, 0, 2));
  EXPECT_TRUE(has_event(*s, kEvToDeck, 1, 4));
  const auto& deck_a = s->player(0).deck;
  const auto& deck_b = s->player(1).deck;
  EXPECT_EQ((std::vector<int>{deck_a[0], deck_a[1], deck_a[2]}), (std::vector<int>{garde40, 19, 0}));
  EXPECT_EQ((std::vector<int>{deck_b[0], deck_b[1], deck_b[2], deck_b[3], deck_b[4]}),
            (std::vector<int>{coupsec45, parade44, garde43, 38, 20}));
  // 18: reserves, Bloque and the mark end (checked below, after pass 3's preparation, which
  // changes none of them).
  EXPECT_EQ(s->player(0).reserve, 0);
  EXPECT_EQ(s->player(1).reserve, 0);
  EXPECT_EQ(s->player(0).bloque[3], 0);
  EXPECT_EQ(s->player(1).bloque[1], 0);
  EXPECT_TRUE(s->player(0).discard.empty());
  EXPECT_TRUE(s->player(1).discard.empty());

  // Pass 3 begins with B.
  EXPECT_EQ(s->pass_number(), 3);
  EXPECT_EQ(s->first_player(), 1);
  EXPECT_TRUE(has_event(*s, kEvPassStart, 1, 3));
  EXPECT_TRUE(has_event(*s, kEvDraw, 1, 37, 1));
  EXPECT_TRUE(has_event(*s, kEvDraw, 1, 36, 0));
  EXPECT_TRUE(has_event(*s, kEvDraw, 0, 17, 1));
  EXPECT_TRUE(has_event(*s, kEvDraw, 0, 16, 0));
  EXPECT_EQ(ids(s->player(0).hand), (std::vector<int>{eclat42, 18, 17, 16}));
  EXPECT_EQ(ids(s->player(1).hand), (std::vector<int>{eclat46, 39, 37, 36}));
  EXPECT_EQ(top_soul(*s, 1), 35);
  EXPECT_EQ(top_soul(*s, 0), 15);
  EXPECT_EQ(s->player(1).top_mark, 0);
  EXPECT_EQ(deck_a.size(), 18u);  // 20 after the consolidation, 2 drawn
  EXPECT_EQ(deck_b.size(), 20u);  // 22 after the consolidation, 2 drawn
  EXPECT_EQ(s->player(0).known_bottom, 2);
  EXPECT_EQ(s->player(1).known_bottom, 4);
  EXPECT_EQ(s->player(0).pv, 20);
  EXPECT_EQ(s->player(1).pv, 20);
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(invariant_errors(*s), "");

  // Pass 3: B passes; A's Éclat hits B's tête for 1 + 1 (the infused Entaille, step 15).
  act(*s, kActPasse);
  act(*s, kActJoue, eclat42, slot(Slot::kTete));
  act(*s, kActLaisse);
  const auto hits3 = events_of(*s, kEvHit);
  ASSERT_EQ(hits3.size(), 2u);
  EXPECT_EQ((std::vector<int>{hits3[1].player, hits3[1].a, hits3[1].b, hits3[1].c}), (std::vector<int>{1, 0, 2, 0}));
  EXPECT_EQ(top_soul(*s, 1), 35);
  EXPECT_EQ(s->player(1).top_mark, 2);
  EXPECT_TRUE(has_event(*s, kEvMark, 1, 35, 2));
  EXPECT_EQ(s->player(1).pv, 20);
  EXPECT_EQ(invariant_errors(*s), "");
}

}  // namespace
}  // namespace rrdtest
