// DlState::card_uses (State::card_uses, `rise lab cards`): the deck cards of each seat,
// which were drawn and on which turn each was first played, from an exact situation.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "test_access.h"

namespace dltest {
namespace {

int dl_drawn_count(const std::vector<rise::CardUse>& uses) {
  int n = 0;
  for (const rise::CardUse& u : uses) n += u.drawn;
  return n;
}

// A battle whose set-up is forced: both seats equip a Test Sword, each library's six top
// cards are `top`, and p0 begins (15 against 7); p0's first turn has begun.
std::unique_ptr<DlState> dl_started_battle(const std::vector<std::string>& top) {
  auto s = game().make(7);
  act(*s, "equip t-sword");
  nlohmann::json shuffle = {{"shuffle", top}};
  auto chance = T::force(*s, nlohmann::json::array({shuffle, shuffle, {{"d20", 15}}, {{"d20", 7}}}).dump());
  act(*s, "equip t-sword");
  EXPECT_EQ(chance->used(), 4u);
  return s;
}

TEST(DlCardUses, SetupEquipmentIsPlayedOnTurnZero) {
  // Both seats equip a Test Sword before the battle (Rule DL-5.1): played on turn 0, and
  // each seat's opening draw (Rule DL-5.3) is drawn.
  auto s = game().make(7);
  auto before = s->card_uses();
  ASSERT_EQ(before.size(), 2u);
  EXPECT_FALSE(before[0].empty());
  EXPECT_EQ(dl_drawn_count(before[0]), 0);
  act(*s, "equip t-sword");
  // The chance of the set-up is forced: each library's six top cards are named, so neither
  // opening hand holds the deck's other Sword, and p0 begins (15 against 7). (The test below
  // has that Sword in hand.)
  const std::vector<std::string> top = {"t-ghoul", "t-guard", "t-wall", "t-glass", "t-bat", "t-bolt"};
  nlohmann::json shuffle = {{"shuffle", top}};
  auto chance = T::force(*s, nlohmann::json::array({shuffle, shuffle, {{"d20", 15}}, {{"d20", 7}}}).dump());
  act(*s, "equip t-sword");
  EXPECT_EQ(chance->used(), 4u);
  ASSERT_EQ(s->starting_player(), 0);
  for (int p = 0; p < 2; ++p) {
    std::vector<std::string> hand;
    for (int16_t id : s->player(p).hand) hand.push_back(s->card_of(id).id);
    // p0: five, then its first turn's draw (DL-I22); p1: five.
    EXPECT_EQ(hand, std::vector<std::string>(top.begin(), top.begin() + (p == 0 ? 6 : 5))) << "seat " << p;
  }
  const auto uses = s->card_uses();
  for (int p = 0; p < 2; ++p) {
    int swords_played = 0;
    for (const rise::CardUse& u : uses[static_cast<size_t>(p)]) {
      if (u.card == "t-sword" && u.played_turn >= 0) {
        ++swords_played;
        EXPECT_EQ(u.played_turn, 0);
      }
    }
    EXPECT_EQ(swords_played, 1) << "seat " << p;
    // The hand, plus the sword.
    EXPECT_EQ(dl_drawn_count(uses[static_cast<size_t>(p)]), static_cast<int>(s->player(p).hand.size()) + 1) << p;
  }
}

// The opening hand (17lands' "OH", `rise lab cards`): the five cards each seat draws before
// the first turn (Rule DL-5.3); p0's first-turn draw is drawn later, not in it.
TEST(DlCardUses, TheOpeningHandIsTheFiveCardsOfTheSetUp) {  // DL-5.3
  const std::vector<std::string> top = {"t-ghoul", "t-guard", "t-wall", "t-glass", "t-bat", "t-bolt"};
  auto s = dl_started_battle(top);
  const auto uses = s->card_uses();
  for (int p = 0; p < 2; ++p) {
    std::vector<std::string> opening, later;
    for (const rise::CardUse& u : uses[static_cast<size_t>(p)]) {
      if (u.opening_hand) {
        EXPECT_TRUE(u.drawn);
        opening.push_back(u.card);
      } else if (u.drawn && u.played_turn != 0) {
        later.push_back(u.card);
      }
    }
    std::vector<std::string> expected(top.begin(), top.begin() + 5);
    std::sort(opening.begin(), opening.end());
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(opening, expected) << "seat " << p;
    EXPECT_EQ(later, p == 0 ? std::vector<std::string>{"t-bolt"} : std::vector<std::string>{}) << "seat " << p;
  }
}

// The equipped Sword is the object equipped before the battle, not the deck's other Sword in
// the opening hand: the hand's copy is drawn and not played (before, the pre-battle equip was
// counted on the hand's copy, a drawn entry of the same name, and the equipped copy was
// neither drawn nor played).
TEST(DlCardUses, SetupEquipmentIsTheEquippedCopyWhenTheOtherCopyIsInHand) {
  auto s = dl_started_battle({"t-sword", "t-guard", "t-wall", "t-glass", "t-bat", "t-bolt"});
  const auto uses = s->card_uses();
  for (int p = 0; p < 2; ++p) {
    int sword_in_hand = -1;
    for (int16_t id : s->player(p).hand) {
      if (s->card_of(id).id == "t-sword") sword_in_hand = id;
    }
    ASSERT_GE(sword_in_hand, 0) << "seat " << p << ": the forced shuffle put the other Sword on top";
    int swords_drawn = 0, swords_played = 0;
    for (const rise::CardUse& u : uses[static_cast<size_t>(p)]) {
      if (u.card != "t-sword") continue;
      swords_drawn += u.drawn ? 1 : 0;
      swords_played += u.played_turn >= 0 ? 1 : 0;
    }
    EXPECT_EQ(swords_drawn, 2) << "seat " << p << ": the equipped copy and the one in hand";
    EXPECT_EQ(swords_played, 1) << "seat " << p;
    EXPECT_EQ(dl_drawn_count(uses[static_cast<size_t>(p)]), static_cast<int>(s->player(p).hand.size()) + 1) << p;
  }
}

TEST(DlCardUses, CastAndDrawnFromTheLog) {
  // The table: turn 3, p0 to declare, every card back in the libraries: nothing drawn.
  auto s = table();
  EXPECT_EQ(dl_drawn_count(s->card_uses()[0]), 0);
  const int ghoul = T::add_to_hand(*s, 0, "t-ghoul");
  T::add_to_hand(*s, 0, "t-wall");
  T::set_cp(*s, 0, 5);
  const int bat = T::add_to_library_top(*s, 1, "t-bat");
  act(*s, "casting phase");
  act(*s, "cast " + card(ghoul));
  while (s->window_open()) act(*s, "pass");
  act(*s, "end turn");
  // p1's turn 4 began with a draw of its library's top card (Rule DL-6.1).
  ASSERT_EQ(s->turn_number(), 4);
  ASSERT_EQ(s->active_player(), 1);

  const auto uses = s->card_uses();
  EXPECT_EQ(dl_drawn_count(uses[0]), 2);
  int ghouls_played = 0;
  for (const rise::CardUse& u : uses[0]) {
    if (u.played_turn >= 0) {
      ++ghouls_played;
      EXPECT_EQ(u.card, "t-ghoul");
      EXPECT_EQ(u.played_turn, 3);
    }
  }
  EXPECT_EQ(ghouls_played, 1);
  EXPECT_EQ(dl_drawn_count(uses[1]), 1);
  for (const rise::CardUse& u : uses[1]) {
    if (u.drawn) {
      EXPECT_EQ(u.card, "t-bat");
    }
    EXPECT_EQ(u.played_turn, -1);
  }
  (void)bat;
}

}  // namespace
}  // namespace dltest
