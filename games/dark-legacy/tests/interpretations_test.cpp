// Tests of the Interpretations where the rulebook is silent or ambiguous (DL-I7, DL-I21,
// DL-I23, DL-I25, DL-I32, DL-I33, DL-I35) and of Rule DL-1.4's "your own" side. Each test
// builds the exact table with DlTestAccess, forces the d20s and checks the exact result.
#include <gtest/gtest.h>

#include <vector>

#include "test_access.h"

namespace dltest {
namespace {

// Rule DL-1.4: an effect without "target" reaches only its controller's own hero.
TEST(DlInterpretations, DL_1_4_WithoutTargetOnlyTheOwnHero) {  // DL-1.4
  auto s = table();
  T::set_life(*s, 0, 40);
  T::set_life(*s, 1, 40);
  const int mend = T::add_to_hand(*s, 0, "t-mend");  // heal your hero 5
  T::set_cp(*s, 0, 1);
  act(*s, "casting phase");
  act(*s, "cast " + card(mend));
  EXPECT_FALSE(s->choice_pending());
  EXPECT_EQ(s->player(0).hero.life, 45);
  EXPECT_EQ(s->player(1).hero.life, 40);
}

// Interpretation DL-I7: each player rolls a d20 for the first turn; a tie rolls again; every
// roll is logged.
TEST(DlInterpretations, DL_I7_FirstPlayerTiesRollAgain) {  // DL-I7 DL-5.2
  auto s = game().make(3);
  act(*s, "equip t-sword");
  // After the two shuffles: 9 and 9 (a tie), then 14 and 6.
  auto chance = T::force_d20(*s, {9, 9, 14, 6}, 2);
  act(*s, "equip t-sword");
  EXPECT_EQ(chance->used(), 6u);
  std::vector<int> rolls;
  for (const Event& e : events_of(*s, rise::dl::kEvFirstRoll)) rolls.push_back(e.a);
  EXPECT_EQ(rolls, std::vector<int>({9, 9, 14, 6}));
  EXPECT_EQ(s->starting_player(), 0);
  EXPECT_EQ(s->active_player(), 0);
  EXPECT_TRUE(log_has(*s, "p1 rolls 9 for the first turn"));
  EXPECT_TRUE(log_has(*s, "p0 rolls 14 for the first turn"));
  EXPECT_TRUE(log_has(*s, "p0 takes the first turn"));
}

// Interpretation DL-I21: a draw from an empty deck draws nothing (and says so); a battle that
// would start turn `turn_limit` + 1 is a draw, both players rolling as losers.
TEST(DlInterpretations, DL_I21_EmptyDeckAndTurnLimit) {  // DL-I21 DL-I16 DL-18.1
  auto s = table();
  T::player(*s, 1).library.clear();
  act(*s, "casting phase");
  act(*s, "end turn");
  EXPECT_EQ(s->active_player(), 1);
  EXPECT_TRUE(s->player(1).hand.empty());
  EXPECT_TRUE(log_has(*s, "p1's deck is empty: no card drawn"));
  EXPECT_FALSE(s->is_terminal());

  auto t = table();
  T::set_turn_limit(*t, 3);
  act(*t, "casting phase");
  T::force_d20(*t, {10, 7});
  act(*t, "end turn");
  EXPECT_TRUE(t->is_terminal());
  EXPECT_EQ(t->turn_number(), 3);
  EXPECT_EQ(t->winner(), -1);
  EXPECT_EQ(t->returns(), std::vector<double>({0.0, 0.0}));
  EXPECT_TRUE(log_has(*t, "the battle is a draw: the turn limit is reached"));
  EXPECT_EQ(t->game_end(), (rise::GameEnd{"turn limit", "DL-I21", {}}));
  EXPECT_EQ(t->player(0).skill_points, 5);
  EXPECT_EQ(t->player(1).skill_points, 3);
}

// Interpretation DL-I23: flying limits combat only: an Instant and an ability of a creature
// that does not fly reach a flying creature.
TEST(DlInterpretations, DL_I23_SpellsReachFlyers) {  // DL-I23 DL-1.4 DL-1.5
  auto s = table();
  const int bat = T::add_creature(*s, 1, "t-bat");  // 2/2 flying
  const int shaman = T::add_creature(*s, 0, "t-shaman");
  const int bolt = T::add_to_hand(*s, 0, "t-bolt");
  T::set_cp(*s, 0, 2);
  act(*s, "casting phase");
  act(*s, "activate " + card(shaman));
  EXPECT_TRUE(legal(*s, "target " + card(bat)));
  act(*s, "target " + card(bat));
  EXPECT_EQ(s->obj(bat).damage, 1);
  act(*s, "cast " + card(bolt));
  act(*s, "target " + card(bat));
  EXPECT_EQ(s->player(1).boneyard, ids({bat}));
}

// Interpretation DL-I25: a creature turned by using its ability cannot block (it stays turned
// through the opponent's turn).
TEST(DlInterpretations, DL_I25_ATurnedCreatureCannotBlock) {  // DL-I25 DL-1.5 DL-13.2
  auto s = table();
  const int ghoul = T::add_creature(*s, 0, "t-ghoul");
  const int shaman = T::add_creature(*s, 1, "t-shaman");  // 1/2, activated: 1 damage to a target
  {
    // Not turned, the shaman could block.
    DlState copy(*s);
    act(copy, "attack phase");
    act(copy, "attack " + card(ghoul));
    act(copy, "attackers done");
    EXPECT_EQ(legal_set(copy), actions(copy, {"block " + card(shaman) + " " + card(ghoul), "blocks done"}));
  }
  act(*s, "casting phase");
  act(*s, "end turn");
  act(*s, "casting phase");  // p1
  act(*s, "activate " + card(shaman));
  act(*s, "target hero p0");
  EXPECT_EQ(s->player(0).hero.life, 49);
  act(*s, "end turn");
  EXPECT_TRUE(s->obj(shaman).activated);
  act(*s, "attack phase");  // p0
  act(*s, "attack " + card(ghoul));
  T::force_d20(*s, {12});
  act(*s, "attackers done");  // no block is possible: the attack resolves at once
  EXPECT_TRUE(events_of(*s, rise::dl::kEvBlock).empty());
  EXPECT_EQ(s->player(1).hero.life, 47);
  EXPECT_EQ(s->active_player(), 1);
  EXPECT_FALSE(s->obj(shaman).activated);  // p1's turn: un-activated
}

// Interpretation DL-I32: the pre-battle Equipment is put in play without its `cast` effects
// (t-helm draws a card when equipped in the battle, not before it).
TEST(DlInterpretations, DL_I32_PreBattleEquipmentWithoutCastEffects) {  // DL-I32 DL-5.1 DL-I6 DL-11.6
  auto s = game().make(3, "helm", "mixed");
  EXPECT_EQ(legal_set(*s), actions(*s, {"equip t-helm"}));
  act(*s, "equip t-helm");
  act(*s, "equip t-sword");
  const int helm = s->player(0).armor[0];
  ASSERT_GE(helm, 0);
  EXPECT_EQ(s->card_of(helm).id, "t-helm");
  EXPECT_EQ(s->player(0).armor_played, 1);
  const size_t hand = s->starting_player() == 0 ? 6u : 5u;  // five, and the first turn's draw
  EXPECT_EQ(s->player(0).hand.size(), hand);
  EXPECT_EQ(s->player(0).library.size(), 49u - hand);
  EXPECT_TRUE(events_of(*s, rise::dl::kEvEquip).empty());
  EXPECT_TRUE(log_has(*s, "p0 equips t-helm before the battle"));

  // Equipped in the battle, the same card draws.
  auto t = table();
  const int helm2 = T::add_to_hand(*t, 0, "t-helm");
  act(*t, "equip " + card(helm2));
  EXPECT_EQ(t->player(0).hand.size(), 1u);
  EXPECT_EQ(events_of(*t, rise::dl::kEvDraw).size(), 1u);
}

// Interpretation DL-I33: a player whose hero is dead declares an Attack Phase (not in its
// first turn) or ends its turn; it casts nothing, not even Instants in a window, and equips
// nothing.
TEST(DlInterpretations, DL_I33_DeadHeroCastsAndEquipsNothing) {  // DL-I33 DL-17.2 DL-6.2
  auto s = table();
  T::add_creature(*s, 0, "t-ghoul");
  const int bolt = T::add_to_hand(*s, 0, "t-bolt");
  const int sword = T::add_to_hand(*s, 0, "t-sword");
  T::set_cp(*s, 0, 10);
  T::kill_hero(*s, 0);
  EXPECT_EQ(legal_set(*s), actions(*s, {"attack phase", "end turn"}));
  EXPECT_EQ(explain(*s, "casting phase"), "your hero is dead: no spells, only attacks (Rule DL-17.2)");
  EXPECT_EQ(explain(*s, "cast " + card(bolt)), "your hero is dead: no spells can be cast (Rule DL-17.2)");
  EXPECT_EQ(explain(*s, "equip " + card(sword)), "your hero is dead (Rule DL-4.5)");
  {
    DlState first(*s);
    T::set_turns_taken(first, 0, 1);
    EXPECT_EQ(legal_set(first), actions(first, {"end turn"}));
  }
  act(*s, "end turn");
  EXPECT_EQ(s->active_player(), 1);
  // p1 casts a creature: p0 holds a bolt and 10 Casting Points but is not asked.
  const int guard = T::add_to_hand(*s, 1, "t-guard");
  T::set_cp(*s, 1, 2);
  act(*s, "casting phase");
  act(*s, "cast " + card(guard));
  EXPECT_FALSE(s->window_open());
  EXPECT_TRUE(s->is_creature_in_play(guard));
  EXPECT_TRUE(contains(s->player(0).hand, bolt));
}

// Interpretation DL-I35: starting life, the level-15 look and the level-20 Casting Point use
// the primary level; the look happens while the hero is dead; healing never raises a hero
// above its starting life.
TEST(DlInterpretations, DL_I35_PrimaryLevelEffectsAndHealingCap) {  // DL-I35 DL-18.6 DL-18.7 DL-4.1 DL-18.4
  auto s = table(7, "darkness:10:holy-order:20", "darkness:15");
  EXPECT_EQ(s->player(0).hero.start_life, 100);
  T::add_creature(*s, 1, "t-ghoul");  // keeps p1 in the battle
  T::kill_hero(*s, 1);
  act(*s, "casting phase");
  act(*s, "end turn");
  EXPECT_TRUE(events_of(*s, rise::dl::kEvPeek).empty());  // p0's primary level is 10
  T::force_d20(*s, {9});
  act(*s, "end turn");  // p1, dead, ends its turn: it looks at its next two cards
  auto peeks = events_of(*s, rise::dl::kEvPeek);
  ASSERT_EQ(peeks.size(), 1u);
  EXPECT_EQ(peeks[0].player, 1);
  EXPECT_EQ(s->player(1).peek_known, 2);
  EXPECT_EQ(s->player(0).cp, 9);  // no +1: the level-20 faction is not the primary one
  EXPECT_TRUE(log_has(*s, "p0 casting point roll 9: 9 Casting Points"));

  auto t = table();
  const int mend = T::add_to_hand(*t, 0, "t-mend");  // heal 5
  T::set_life(*t, 0, 48);
  T::set_cp(*t, 0, 1);
  act(*t, "casting phase");
  act(*t, "cast " + card(mend));
  EXPECT_EQ(t->player(0).hero.life, 50);
}

}  // namespace
}  // namespace dltest
