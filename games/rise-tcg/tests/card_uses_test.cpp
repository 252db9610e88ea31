// TcgState::card_uses (State::card_uses, `rise lab cards`): the deck cards of each seat,
// which were drawn and on which turn each was first played, read from an exact situation.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_access.h"

namespace tcgtest {
namespace {

// Of the entries of `uses` for card id `card`: how many there are, how many were drawn, and
// the turns of those played (a played card is drawn too).
struct TcgCardCount {
  int entries = 0, drawn = 0;
  std::vector<int> played_turns;
};
TcgCardCount tcg_count(const std::vector<rise::CardUse>& uses, const std::string& card) {
  TcgCardCount out;
  for (const rise::CardUse& u : uses) {
    if (u.card != card) continue;
    ++out.entries;
    out.drawn += u.drawn;
    if (u.played_turn >= 0) {
      EXPECT_TRUE(u.drawn) << card;
      out.played_turns.push_back(u.played_turn);
    }
  }
  return out;
}

int tcg_drawn_count(const std::vector<rise::CardUse>& uses) {
  int n = 0;
  for (const rise::CardUse& u : uses) n += u.drawn;
  return n;
}

TEST(TcgCardUses, DrawnPlayedAndTurnFromTheLog) {
  // The table: turn 3, p0 active, hands back in the libraries (50 cards each: nothing drawn).
  auto s = table();
  ASSERT_EQ(s->turn_number(), 3);
  auto uses = s->card_uses();
  ASSERT_EQ(uses.size(), 2u);
  EXPECT_EQ(uses[0].size(), 50u);
  EXPECT_EQ(tcg_drawn_count(uses[0]), 0);
  EXPECT_EQ(tcg_drawn_count(uses[1]), 0);

  // Turn 3: p0 invokes a Test Grunt and plays a Level Up (Rules TCG-8.1, TCG-5.7); a Test
  // Bear stays in its hand.
  const int grunt = T::add_to_hand(*s, 0, "test-grunt");
  const int up = T::add_to_hand(*s, 0, "test-levelup");
  T::add_to_hand(*s, 0, "test-bear");
  act(*s, "invoke " + card(grunt) + " by S1");
  pass_window(*s);
  act(*s, "levelup " + card(up) + " on S2");
  const int top = T::add_to_library_top(*s, 1, "test-bear");
  act(*s, "pass");
  pass_window(*s);
  // Turn 4: p1 draws the Test Bear at its Restoration (Rule TCG-4.2) and invokes it.
  ASSERT_EQ(s->active_player(), 1);
  ASSERT_EQ(s->turn_number(), 4);
  restore(*s, "draw 1");
  ASSERT_EQ(s->player(1).hand, (std::vector<int16_t>{static_cast<int16_t>(top)}));
  act(*s, "invoke " + card(top) + " by S1");

  uses = s->card_uses();
  ASSERT_EQ(uses[0].size(), 53u);  // 50 + the three put in the hand
  EXPECT_EQ(tcg_drawn_count(uses[0]), 3);
  const TcgCardCount grunts = tcg_count(uses[0], "test-grunt");
  EXPECT_EQ(grunts.entries, 41);
  EXPECT_EQ(grunts.drawn, 1);
  EXPECT_EQ(grunts.played_turns, std::vector<int>{3});
  // The Level Up played is the one from the hand, not one of the library's ten.
  const TcgCardCount levelups = tcg_count(uses[0], "test-levelup");
  EXPECT_EQ(levelups.entries, 11);
  EXPECT_EQ(levelups.drawn, 1);
  EXPECT_EQ(levelups.played_turns, std::vector<int>{3});
  const TcgCardCount bears = tcg_count(uses[0], "test-bear");
  EXPECT_EQ(bears.entries, 1);
  EXPECT_EQ(bears.drawn, 1);
  EXPECT_TRUE(bears.played_turns.empty());

  ASSERT_EQ(uses[1].size(), 51u);
  EXPECT_EQ(tcg_drawn_count(uses[1]), 1);
  const TcgCardCount p1_bears = tcg_count(uses[1], "test-bear");
  EXPECT_EQ(p1_bears.entries, 1);
  EXPECT_EQ(p1_bears.played_turns, std::vector<int>{4});
}

TEST(TcgCardUses, TokensAreNoDeckCards) {
  auto s = table();
  T::obj(*s, T::add_to_battlefield(*s, 0, "test-grunt")).token = true;
  const auto uses = s->card_uses();
  EXPECT_EQ(uses[0].size(), 50u);
  EXPECT_EQ(tcg_drawn_count(uses[0]), 0);
}

}  // namespace
}  // namespace tcgtest
