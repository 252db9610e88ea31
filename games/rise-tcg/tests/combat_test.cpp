// Rule tests of rise-tcg, section 7: combat (docs/rules/rise-tcg.md). Each test names the
// rule ids it covers on its TEST line. p0 attacks p1 in every test.
#include <gtest/gtest.h>

#include <vector>

#include "test_access.h"

namespace tcgtest {
namespace {

using rise::tcg::ChoiceKind;
using rise::tcg::Phase;

TEST(TcgRules, TCG_7_1_SicknessThenDeclarationOneByOneWithTilt) {  // TCG-7.1
  auto s = table();
  int fresh = T::add_to_hand(*s, 0, "test-grunt");
  act(*s, "invoke " + card(fresh) + " by S1");
  EXPECT_TRUE(s->obj(fresh).sick);
  EXPECT_FALSE(legal(*s, "attack"));
  // Its controller's next turn: it may attack.
  act(*s, "pass");
  pass_window(*s);
  ASSERT_EQ(s->active_player(), 1);
  restore(*s, "draw 1");
  act(*s, "pass");
  pass_window(*s);
  ASSERT_EQ(s->active_player(), 0);
  restore(*s, "draw 1");
  EXPECT_FALSE(s->obj(fresh).sick);
  int other = T::add_to_battlefield(*s, 0, "test-grunt");
  act(*s, "attack");
  act(*s, "attacker " + card(fresh) + " at p1");
  EXPECT_TRUE(s->obj(fresh).tilted);
  EXPECT_FALSE(s->obj(other).tilted);
  EXPECT_EQ(legal_set(*s), actions(*s, {"attacker " + card(other) + " at p1", "attackers done"}));
  act(*s, "attacker " + card(other) + " at p1");
  EXPECT_TRUE(s->obj(other).tilted);
  EXPECT_EQ(legal_set(*s), actions(*s, {"attackers done"}));
  attackers_done(*s);
  EXPECT_EQ(s->phase(), Phase::kBlockers);
  EXPECT_EQ(s->current_player(), 1);
  ASSERT_EQ(s->combat().size(), 2u);
  EXPECT_EQ(s->combat()[0].attacker, fresh);
  EXPECT_EQ(s->combat()[1].attacker, other);
}

TEST(TcgRules, TCG_7_2_BlockersSamePlaneUntiltedOneAttackerEach) {
  // TCG-7.2 TCG-12.1 TCG-12.2 TCG-12.6 TCG-10.3 TCG-I3 TCG-I7
  auto s = table();
  int ground = T::add_to_battlefield(*s, 0, "test-grunt");
  int flyer = T::add_to_battlefield(*s, 0, "test-wisp");
  int distant = T::add_to_battlefield(*s, 0, "test-slinger");
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  int tilted = T::add_to_battlefield(*s, 1, "test-grunt");
  T::obj(*s, tilted).tilted = true;
  int archer = T::add_to_battlefield(*s, 1, "test-archer");  // Reach
  int wisp = T::add_to_battlefield(*s, 1, "test-wisp");      // Flight
  int wall = T::add_to_battlefield(*s, 1, "test-wall");      // Door
  declare(*s, {ground, flyer, distant});
  EXPECT_EQ(legal_set(*s), actions(*s, {block(grunt, ground), block(archer, ground), block(wisp, ground),
                                        block(wall, ground), block(archer, flyer), block(wisp, flyer),
                                        block(archer, distant), block(wall, distant), "blocks done"}));
  // A Creature blocks one attacker; an attacker is blocked by one card.
  act(*s, block(archer, flyer));
  EXPECT_EQ(legal_set(*s), actions(*s, {block(grunt, ground), block(wisp, ground), block(wall, ground),
                                        block(wall, distant), "blocks done"}));
  act(*s, block(wall, ground));
  // The Door (as Horde) may still block the Distance attacker.
  EXPECT_EQ(legal_set(*s), actions(*s, {block(wall, distant), "blocks done"}));
  act(*s, block(wall, distant));
  EXPECT_EQ(legal_set(*s), actions(*s, {"blocks done"}));
  EXPECT_EQ(events_of(*s, rise::tcg::kEvBlock).size(), 3u);
}

TEST(TcgRules, TCG_7_3_ResponseWindowThenDamageBlockerDies) {  // TCG-7.3 TCG-7.6
  auto s = table();
  int bear = T::add_to_battlefield(*s, 0, "test-bear");  // 3/3
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");  // 2/2
  T::add_to_hand(*s, 0, "test-bolt");
  T::add_to_hand(*s, 1, "test-bolt");
  T::ready(*s, 1);
  declare(*s, {bear});
  act(*s, block(grunt, bear));
  act(*s, "blocks done");
  // Before damage every player may respond, the active player first.
  EXPECT_TRUE(s->window_open());
  EXPECT_EQ(s->current_player(), 0);
  // The terminal's header names the combat's window, not the phase the turn came from (issue 20).
  EXPECT_NE(s->render_text(0, false).find("phase combat, before damage"), std::string::npos) << s->render_text(0, false);
  EXPECT_EQ(s->obj(grunt).where, Where::kBattlefield);
  act(*s, "pass");
  EXPECT_EQ(s->current_player(), 1);
  act(*s, "pass");
  EXPECT_EQ(s->obj(grunt).where, Where::kCemetery);  // 3 >= 2
  EXPECT_EQ(s->obj(bear).where, Where::kBattlefield);  // 2 < 3
  EXPECT_EQ(s->obj(bear).damage, 2);
  EXPECT_EQ(s->player(1).summoners[0].hp, 20);
  EXPECT_EQ(s->player(1).summoners[1].hp, 20);
  EXPECT_EQ(s->phase(), Phase::kMain);
  EXPECT_EQ(s->main_step(), 2);
}

TEST(TcgRules, TCG_7_3_BothDieDefenderFirst) {  // TCG-7.3 TCG-6.3 TCG-8.3
  auto s = table();
  int mine = T::add_to_battlefield(*s, 0, "test-martyr");    // 1/1, dies: draw 1
  int theirs = T::add_to_battlefield(*s, 1, "test-martyr");  // 1/1, dies: draw 1
  declare(*s, {mine});
  act(*s, block(theirs, mine));
  act(*s, "blocks done");
  pass_window(*s);
  EXPECT_EQ(s->obj(mine).where, Where::kCemetery);
  EXPECT_EQ(s->obj(theirs).where, Where::kCemetery);
  auto dies = events_of(*s, rise::tcg::kEvDies);
  ASSERT_EQ(dies.size(), 2u);
  EXPECT_EQ(dies[0].b, theirs);  // kEvDies: a = card, b = object
  EXPECT_EQ(dies[1].b, mine);
  // Their `dies` effects follow the same order: the defender draws first.
  auto draws = events_of(*s, rise::tcg::kEvDraw);
  ASSERT_EQ(draws.size(), 2u);
  EXPECT_EQ(draws[0].player, 1);
  EXPECT_EQ(draws[1].player, 0);
  EXPECT_EQ(s->player(0).hand.size(), 1u);
  EXPECT_EQ(s->player(1).hand.size(), 1u);
}

TEST(TcgRules, TCG_7_3_WeakBlockerAndAttackerBothSurvive) {  // TCG-7.3
  auto s = table();
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");   // 2/2
  int wall = T::add_to_battlefield(*s, 1, "test-wall");     // Door 1/5
  declare(*s, {grunt});
  act(*s, block(wall, grunt));
  act(*s, "blocks done");
  pass_window(*s);
  EXPECT_EQ(s->obj(grunt).where, Where::kBattlefield);
  EXPECT_EQ(s->obj(wall).where, Where::kBattlefield);
  EXPECT_EQ(s->obj(grunt).damage, 1);
  EXPECT_EQ(s->obj(wall).damage, 2);
}

TEST(TcgRules, TCG_7_4_BlockedAttackerDealsNothingToSummoners) {  // TCG-7.4
  auto s = table();
  int giant = T::add_to_battlefield(*s, 0, "test-giant");  // 4/4
  int imp = T::add_to_battlefield(*s, 1, "test-grunt");    // 2/2
  declare(*s, {giant});
  act(*s, block(imp, giant));
  act(*s, "blocks done");
  pass_window(*s);
  EXPECT_EQ(s->choice().kind, ChoiceKind::kNone);
  EXPECT_EQ(s->obj(imp).where, Where::kCemetery);
  EXPECT_EQ(s->player(1).summoners[0].hp, 20);
  EXPECT_EQ(s->player(1).summoners[1].hp, 20);
  EXPECT_TRUE(events_of(*s, rise::tcg::kEvSummonerDamage).empty());
}

TEST(TcgRules, TCG_7_5_UnblockedAttackerHitsASummonerTheDefenderChooses) {  // TCG-7.5 TCG-I4
  auto s = table();
  int bear = T::add_to_battlefield(*s, 0, "test-bear");
  declare(*s, {bear});
  act(*s, "blocks done");
  pass_window(*s);
  ASSERT_EQ(s->choice().kind, ChoiceKind::kDamageSummoner);
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(legal_set(*s), actions(*s, {"choose p1.S1", "choose p1.S2"}));
  act(*s, "choose p1.S2");
  EXPECT_EQ(s->player(1).summoners[1].hp, 17);
  EXPECT_EQ(s->player(1).summoners[0].hp, 20);

  // With one living Summoner there is no choice.
  auto t = table();
  T::kill_summoner(*t, 1, 1);
  int bear2 = T::add_to_battlefield(*t, 0, "test-bear");
  declare(*t, {bear2});
  act(*t, "blocks done");
  pass_window(*t);
  EXPECT_EQ(t->choice().kind, ChoiceKind::kNone);
  EXPECT_EQ(t->player(1).summoners[0].hp, 17);
  EXPECT_EQ(t->main_step(), 2);
}

TEST(TcgRules, TCG_7_6_DamageStaysUntilTheEndOfTheTurn) {  // TCG-7.6 TCG-4.6
  auto s = table();
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");   // 2/2
  int archer = T::add_to_battlefield(*s, 1, "test-archer");  // 1/3
  declare(*s, {grunt});
  act(*s, block(archer, grunt));
  act(*s, "blocks done");
  pass_window(*s);
  EXPECT_EQ(s->obj(grunt).damage, 1);
  EXPECT_EQ(s->obj(archer).damage, 2);
  // Still damaged: a 1-damage Jab now kills the archer (2 + 1 >= 3).
  act(*s, "skill S2 1");
  pass_window(*s);
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);
  act(*s, "choose " + card(archer));
  EXPECT_EQ(s->obj(archer).where, Where::kCemetery);
  act(*s, "pass");
  pass_window(*s);
  EXPECT_EQ(s->active_player(), 1);
  EXPECT_EQ(s->obj(grunt).damage, 0);
}

}  // namespace
}  // namespace tcgtest
