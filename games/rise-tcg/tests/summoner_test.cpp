// Rule tests of rise-tcg, section 5: Summoners, levels and Capacity Points
// (docs/rules/rise-tcg.md). Each test names the rule ids it covers on its TEST line.
#include <gtest/gtest.h>

#include "test_access.h"

namespace tcgtest {
namespace {

using rise::tcg::ChoiceKind;
using rise::tcg::Phase;

TEST(TcgRules, TCG_5_1_InvokingCostsTheCardsCapacityFromOneSummoner) {  // TCG-5.1 TCG-4.3
  auto s = table();
  int giant = T::add_to_hand(*s, 0, "test-giant");  // costs 2
  int grunt = T::add_to_hand(*s, 0, "test-grunt");  // costs 1
  EXPECT_FALSE(legal(*s, "invoke " + card(giant) + " by S1"));
  EXPECT_FALSE(legal(*s, "invoke " + card(giant) + " by both"));
  EXPECT_TRUE(legal(*s, "invoke " + card(grunt) + " by S1"));
  EXPECT_TRUE(legal(*s, "invoke " + card(grunt) + " by S2"));
  T::set_level(*s, 0, 0, 2, 2);
  ASSERT_TRUE(legal(*s, "invoke " + card(giant) + " by S1"));
  act(*s, "invoke " + card(giant) + " by S1");
  EXPECT_EQ(s->player(0).summoners[0].cp, 0);
  EXPECT_TRUE(s->player(0).summoners[0].tilted);
  EXPECT_EQ(s->player(0).summoners[1].cp, 1);
  EXPECT_FALSE(s->player(0).summoners[1].tilted);
  EXPECT_EQ(s->obj(giant).where, Where::kBattlefield);
  EXPECT_TRUE(s->obj(giant).sick);
  // A dead Summoner pays nothing.
  T::kill_summoner(*s, 0, 1);
  EXPECT_FALSE(legal(*s, "invoke " + card(grunt) + " by S2"));
}

TEST(TcgRules, TCG_5_2_SkillNeedsItsLevel) {  // TCG-5.2
  auto s = table();
  EXPECT_TRUE(legal(*s, "skill S1 1"));
  EXPECT_FALSE(legal(*s, "skill S1 2"));
  T::set_level(*s, 0, 0, 3, 3);
  EXPECT_TRUE(legal(*s, "skill S1 1"));
  EXPECT_TRUE(legal(*s, "skill S1 2"));
  EXPECT_TRUE(legal(*s, "skill S1 3"));
  EXPECT_FALSE(legal(*s, "skill S1 4"));
}

TEST(TcgRules, TCG_5_3_NoSkillsBeforeTheFirstTurn) {  // TCG-5.3
  auto s = table();
  T::player(*s, 1).started = false;
  T::ready(*s, 1);
  int bolt = T::add_to_hand(*s, 1, "test-bolt");
  int insight = T::add_to_hand(*s, 0, "test-insight");
  act(*s, "invoke " + card(insight) + " by S1");
  ASSERT_EQ(s->current_player(), 1);
  // p1 may answer with its Imminent, not with a skill.
  EXPECT_EQ(legal_set(*s), actions(*s, {"pass", "invoke " + card(bolt) + " by S1", "invoke " + card(bolt) + " by S2"}));
  T::player(*s, 1).started = true;
  EXPECT_TRUE(legal(*s, "skill S1 1"));
  EXPECT_TRUE(legal(*s, "skill S2 1"));

  // In a real game the second player's skills wait for its first turn.
  auto g = new_game(5);
  act(*g, "keep");
  act(*g, "keep");
  EXPECT_FALSE(g->player(1 - g->active_player()).started);
  EXPECT_TRUE(g->player(g->active_player()).started);
}

TEST(TcgRules, TCG_5_4_SkillCostsAPointTiltsAndIsOncePerUntilt) {  // TCG-5.4 TCG-11.1
  auto s = table();
  T::set_level(*s, 0, 0, 2, 2);
  act(*s, "skill S1 1");  // Tithe: gain 1 Coin
  EXPECT_TRUE(s->player(0).summoners[0].tilted);
  EXPECT_EQ(s->player(0).summoners[0].cp, 1);
  ASSERT_EQ(s->chain().size(), 1u);
  EXPECT_EQ(s->chain()[0].kind, rise::tcg::ChainKind::kSkill);
  EXPECT_EQ(s->player(0).coins, 0);  // not resolved yet
  // p1 cannot answer (I5); p0 has priority again and may not repeat Tithe.
  ASSERT_EQ(s->current_player(), 0);
  EXPECT_FALSE(legal(*s, "skill S1 1"));
  EXPECT_TRUE(legal(*s, "skill S1 2"));
  act(*s, "pass");
  EXPECT_TRUE(s->chain().empty());
  EXPECT_EQ(s->player(0).coins, 1);
  EXPECT_FALSE(legal(*s, "skill S1 1"));
  EXPECT_TRUE(legal(*s, "skill S1 2"));
  act(*s, "skill S1 2");
  pass_window(*s);
  EXPECT_EQ(s->player(0).summoners[0].cp, 0);
  EXPECT_EQ(s->player(0).hand.size(), 1u);  // Study drew a card
  EXPECT_FALSE(legal(*s, "skill S1 2"));
  // Its next Awakening untilts it: each skill may be used once again.
  T::set_main(*s, 1, 2);
  act(*s, "pass");
  pass_window(*s);
  ASSERT_EQ(s->active_player(), 0);
  restore(*s, "draw 1");
  EXPECT_TRUE(legal(*s, "skill S1 1"));
  EXPECT_TRUE(legal(*s, "skill S1 2"));
}

TEST(TcgRules, TCG_5_5_LevelOneOnePointMaximumIsLevelCappedBySkills) {  // TCG-5.5 TCG-4.1
  auto g = new_game(9);
  for (int p = 0; p < 2; ++p) {
    for (int slot = 0; slot < 2; ++slot) {
      EXPECT_EQ(g->player(p).summoners[static_cast<size_t>(slot)].level, 1);
      EXPECT_EQ(g->player(p).summoners[static_cast<size_t>(slot)].cp, 1);
      EXPECT_EQ(g->max_cp(p, slot), 1);
    }
  }
  auto s = table();
  T::set_summoner_card(*s, 0, 0, "test-apprentice");  // 2 skills
  T::set_level(*s, 0, 0, 3, 0);
  T::set_level(*s, 0, 1, 3, 0);  // Test Warden: 3 skills
  EXPECT_EQ(s->max_cp(0, 0), 2);
  EXPECT_EQ(s->max_cp(0, 1), 3);
  T::set_main(*s, 1, 2);
  act(*s, "pass");
  pass_window(*s);
  ASSERT_EQ(s->active_player(), 0);
  EXPECT_EQ(s->player(0).summoners[0].cp, 2);
  EXPECT_EQ(s->player(0).summoners[1].cp, 3);
}

TEST(TcgRules, TCG_5_6_ThirtyHpAtMostZeroHpDies) {  // TCG-5.6
  auto s = table();
  T::summoner(*s, 0, 0).hp = 28;
  int mend = T::add_to_hand(*s, 0, "test-mend");  // heal 5 to a Summoner you control
  act(*s, "invoke " + card(mend) + " by S2");
  pass_window(*s);
  act(*s, "choose p0.S1");
  EXPECT_EQ(s->player(0).summoners[0].hp, 30);

  T::summoner(*s, 1, 1).hp = 1;
  int spark = T::add_to_hand(*s, 0, "test-spark");  // 1 damage to an opposing Summoner
  act(*s, "invoke " + card(spark) + " by S1");
  pass_window(*s);
  act(*s, "choose p1.S2");
  EXPECT_EQ(s->player(1).summoners[1].hp, 0);
  EXPECT_FALSE(s->player(1).summoners[1].alive);
  EXPECT_EQ(events_of(*s, rise::tcg::kEvSummonerDies).size(), 1u);
  EXPECT_FALSE(s->player(1).out);
  // A dead Summoner is no longer a target.
  int bolt = T::add_to_hand(*s, 0, "test-bolt");
  T::ready(*s, 0);
  act(*s, "invoke " + card(bolt) + " by S1");
  pass_window(*s);
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);
  for (int16_t option : s->choice().options) EXPECT_NE(option, summoner_ref(1, 1));
}

TEST(TcgRules, TCG_5_7_LevelUpAddsALevelAndAPointWithoutTilting) {  // TCG-5.7 TCG-11.1 TCG-I16
  auto s = table();
  int up = T::add_to_hand(*s, 0, "test-levelup");
  int second = T::add_to_hand(*s, 0, "test-levelup");
  EXPECT_EQ(legal_set(*s).count(s->string_to_action("levelup " + card(up) + " on S1")), 1u);
  act(*s, "levelup " + card(up) + " on S1");
  const auto& sage = s->player(0).summoners[0];
  EXPECT_EQ(sage.level, 2);
  EXPECT_EQ(sage.level_ups, 1);
  EXPECT_EQ(sage.cp, 2);        // untilted: the new point is there at once
  EXPECT_FALSE(sage.tilted);    // no tilt, no cost
  EXPECT_EQ(s->player(0).summoners[1].cp, 1);
  EXPECT_TRUE(s->chain().empty());
  EXPECT_EQ(s->obj(up).where, Where::kLevelUp);
  EXPECT_EQ(s->obj(up).attached_to, summoner_ref(0, 0));
  EXPECT_EQ(s->player(0).coins, 1);  // its `invoked` effect (Interpretation TCG-I16)
  // Once per turn.
  EXPECT_FALSE(legal(*s, "levelup " + card(second) + " on S1"));
  EXPECT_FALSE(legal(*s, "levelup " + card(second) + " on S2"));
}

TEST(TcgRules, TCG_5_7_TiltedOrMaximalSummonerGetsNoPointNow) {  // TCG-5.7 TCG-5.5
  auto s = table();
  // A tilted Summoner: the level comes, the point waits for the untilt.
  T::summoner(*s, 0, 1).tilted = true;
  T::summoner(*s, 0, 1).cp = 0;
  int up = T::add_to_hand(*s, 0, "test-levelup");
  act(*s, "levelup " + card(up) + " on S2");
  EXPECT_EQ(s->player(0).summoners[1].level, 2);
  EXPECT_EQ(s->player(0).summoners[1].cp, 0);

  // A Summoner at its maximum (2 skills): the level counts, the point does not.
  auto t = table();
  T::set_summoner_card(*t, 0, 0, "test-apprentice");
  T::set_level(*t, 0, 0, 2, 2);
  int up2 = T::add_to_hand(*t, 0, "test-levelup");
  act(*t, "levelup " + card(up2) + " on S1");
  EXPECT_EQ(t->player(0).summoners[0].level, 3);
  EXPECT_EQ(t->player(0).summoners[0].cp, 2);
}

TEST(TcgRules, TCG_5_7_LevelUpOnlyOnOwnTurnFromRestorationOn) {  // TCG-5.7
  auto s = table();
  T::set_main(*s, 1, 1);
  T::set_phase(*s, Phase::kRestoration);
  T::ready(*s, 1);
  int theirs = T::add_to_hand(*s, 1, "test-levelup");
  int mine = T::add_to_hand(*s, 0, "test-levelup");
  int bolt = T::add_to_hand(*s, 0, "test-bolt");
  // Before p1's draw: no Level Up.
  EXPECT_FALSE(legal(*s, "levelup " + card(theirs) + " on S1"));
  restore(*s, "draw 1");
  EXPECT_TRUE(legal(*s, "levelup " + card(theirs) + " on S1"));
  // On p1's turn, p0 may answer a chain but not play its Level Up.
  int insight = T::add_to_hand(*s, 1, "test-insight");
  act(*s, "invoke " + card(insight) + " by S1");
  ASSERT_EQ(s->current_player(), 0);
  EXPECT_TRUE(legal(*s, "invoke " + card(bolt) + " by S1"));
  EXPECT_FALSE(legal(*s, "levelup " + card(mine) + " on S1"));
  // Nor may p1 while its chain is waiting.
  act(*s, "pass");
  ASSERT_EQ(s->current_player(), 1);
  EXPECT_FALSE(legal(*s, "levelup " + card(theirs) + " on S1"));
}

}  // namespace
}  // namespace tcgtest
