// TcgState::card_uses (State::card_uses, `rise lab cards`): the deck cards of each seat,
// which were drawn and on which turn each was first played, read from an exact situation.
#include <gtest/gtest.h>

#include <algorithm>
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

// The opening hand (17lands' "OH", `rise lab cards`): the hands when the first turn begins,
// after the mulligans (Rule TCG-3.3): a mulliganed hand's cards are not in it (nor drawn,
// unless drawn again), the cards drawn later are drawn and not in it, and a state saved and
// loaded says the same.
TEST(TcgCardUses, TheOpeningHandIsTheKeptHand) {  // TCG-3.3
  auto s = new_game(5);
  const std::vector<int16_t> mulliganed = s->player(0).hand;
  ASSERT_FALSE(mulliganed.empty());
  act(*s, "mulligan");
  while (s->phase() == rise::tcg::Phase::kMulligan) act(*s, "keep");
  ASSERT_EQ(s->turn_number(), 1);
  std::vector<int16_t> kept[2] = {s->player(0).hand, s->player(1).hand};
  // The entry of object `id`: card_uses lists a seat's objects in id order (no token yet).
  auto entry = [&](const std::vector<std::vector<rise::CardUse>>& uses, int id) {
    const int owner = s->obj(id).owner;
    size_t index = 0;
    for (int other = 0; other < id; ++other) index += s->obj(other).owner == owner;
    return uses[static_cast<size_t>(owner)].at(index);
  };
  auto check = [&](const std::vector<std::vector<rise::CardUse>>& uses) {
    for (int p = 0; p < 2; ++p) {
      int opening = 0;
      for (const rise::CardUse& u : uses[static_cast<size_t>(p)]) opening += u.opening_hand;
      EXPECT_EQ(opening, static_cast<int>(kept[p].size())) << "seat " << p;
      for (int16_t id : kept[p]) {
        EXPECT_TRUE(entry(uses, id).opening_hand) << id;
        EXPECT_TRUE(entry(uses, id).drawn) << id;
      }
    }
    for (int16_t id : mulliganed) {
      if (std::find(kept[0].begin(), kept[0].end(), id) == kept[0].end()) EXPECT_FALSE(entry(uses, id).opening_hand) << id;
    }
  };
  check(s->card_uses());
  // A few turns on: what is drawn later is drawn, not in the opening hand.
  while (!s->is_terminal() && s->turn_number() < 4) {
    std::vector<rise::Action> legal;
    s->legal_actions(legal);
    s->apply_action(legal.front());
  }
  const auto later = s->card_uses();
  check(later);
  int drawn_later = 0;
  for (int id = 0; id < static_cast<int>(s->num_objects()); ++id) {
    if (!s->obj(id).reached_hand || s->obj(id).opening_hand) continue;
    ++drawn_later;
    EXPECT_TRUE(entry(later, id).drawn && !entry(later, id).opening_hand) << id;
  }
  EXPECT_GT(drawn_later, 0);
  check(TcgState::from_json(rise::find_game("rise-tcg"), s->to_json())->card_uses());
}

TEST(TcgCardUses, TokensAreNoDeckCards) {
  auto s = table();
  T::obj(*s, T::add_to_battlefield(*s, 0, "test-grunt")).token = true;
  const auto uses = s->card_uses();
  EXPECT_EQ(uses[0].size(), 50u);
  EXPECT_EQ(tcg_drawn_count(uses[0]), 0);
}

// A player who goes out loses its library to the game (Rule TCG-15.5): those cards are
// gone but were never drawn, and a state saved and loaded says so too.
TEST(TcgCardUses, TheLibraryOfAPlayerWhoWentOutWasNotDrawn) {  // TCG-15.5
  auto s = table();
  const int held = T::add_to_hand(*s, 1, "test-bear");  // p1 holds one card
  T::kill_summoner(*s, 1, 0);
  T::summoner(*s, 1, 1).hp = 1;
  const int spark = T::add_to_hand(*s, 0, "test-spark");  // 1 damage to an opposing Summoner
  act(*s, "invoke " + card(spark) + " by S1");
  pass_window(*s);  // its one target, p1's last Summoner, is chosen for it
  ASSERT_TRUE(s->player(1).out);
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(s->obj(held).where, Where::kGone);
  EXPECT_TRUE(s->obj(held).reached_hand);

  auto uses = s->card_uses();
  ASSERT_EQ(uses[1].size(), 51u);  // the library's 50 and the card in the hand
  EXPECT_EQ(tcg_drawn_count(uses[1]), 1);
  EXPECT_EQ(tcg_count(uses[1], "test-bear").drawn, 1);
  // p0 drew nothing but the Test Spark put in its hand.
  EXPECT_EQ(tcg_drawn_count(uses[0]), 1);

  const auto copy = TcgState::from_json(rise::find_game("rise-tcg"), s->to_json());
  uses = copy->card_uses();
  EXPECT_EQ(tcg_drawn_count(uses[1]), 1);
  // Flag 128, which marked such a library until 2026-12-07, is refused by name.
  nlohmann::json j = s->to_json();
  j["objects"][held]["flags"] = 128;
  try {
    TcgState::from_json(rise::find_game("rise-tcg"), j);
    ADD_FAILURE() << "flag 128 was accepted";
  } catch (const rise::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("flag 128 is no longer used"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tcgtest
