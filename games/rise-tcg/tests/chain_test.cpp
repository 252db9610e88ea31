// Rule tests of rise-tcg, section 11: the Imminent chain (docs/rules/rise-tcg.md). Each
// test names the rule ids it covers on its TEST line.
#include <gtest/gtest.h>

#include "test_access.h"

namespace tcgtest {
namespace {

using rise::tcg::ChainKind;
using rise::tcg::ChoiceKind;
using rise::tcg::Phase;

TEST(TcgRules, TCG_11_1_WhatGoesOnTheChain) {  // TCG-11.1
  auto s = table();
  T::set_level(*s, 0, 0, 3, 3);
  T::player(*s, 0).coins = 1;
  int grunt = T::add_to_hand(*s, 0, "test-grunt");
  int up = T::add_to_hand(*s, 0, "test-levelup");
  int insight = T::add_to_hand(*s, 0, "test-insight");
  int pump = T::add_to_battlefield(*s, 0, "test-pump");

  act(*s, "invoke " + card(grunt) + " by S1");  // a Constant: at once
  EXPECT_TRUE(s->chain().empty());
  EXPECT_FALSE(s->window_open());
  EXPECT_EQ(s->obj(grunt).where, Where::kBattlefield);
  act(*s, "levelup " + card(up) + " on S2");  // a Level Up: at once
  EXPECT_TRUE(s->chain().empty());
  EXPECT_EQ(s->player(0).summoners[1].level, 2);

  act(*s, "invoke " + card(insight) + " by S1");
  ASSERT_EQ(s->chain().size(), 1u);
  EXPECT_EQ(s->chain()[0].kind, ChainKind::kImminent);
  EXPECT_EQ(s->chain()[0].source, insight);
  ASSERT_EQ(s->current_player(), 0);  // p1 cannot answer
  act(*s, "skill S1 1");
  ASSERT_EQ(s->chain().size(), 2u);
  EXPECT_EQ(s->chain()[1].kind, ChainKind::kSkill);
  EXPECT_EQ(s->chain()[1].source, summoner_ref(0, 0));
  act(*s, "action " + card(pump) + " 1");
  ASSERT_EQ(s->chain().size(), 3u);
  EXPECT_EQ(s->chain()[2].kind, ChainKind::kAction);
  EXPECT_EQ(s->chain()[2].source, pump);
  pass_window(*s);
  EXPECT_TRUE(s->chain().empty());
  EXPECT_EQ(s->attack_of(pump), 2);
  EXPECT_EQ(s->player(0).coins, 2);  // 1, +1 for the Level Up, -1 for the Action, +1 for Tithe
  EXPECT_EQ(s->player(0).hand.size(), 1u);
}

TEST(TcgRules, TCG_11_2_OthersAnswerInTurnOrderAnAdditionRestartsTheRound) {  // TCG-11.2 TCG-11.3
  auto s = table();
  T::set_level(*s, 0, 0, 3, 3);
  T::ready(*s, 1);
  int insight = T::add_to_hand(*s, 0, "test-insight");
  int my_bolt = T::add_to_hand(*s, 0, "test-bolt");
  int their_bolt = T::add_to_hand(*s, 1, "test-bolt");
  act(*s, "invoke " + card(insight) + " by S1");
  EXPECT_EQ(s->current_player(), 1);
  act(*s, "invoke " + card(their_bolt) + " by S1");
  EXPECT_EQ(s->current_player(), 0);
  act(*s, "invoke " + card(my_bolt) + " by S1");
  EXPECT_EQ(s->current_player(), 1);
  act(*s, "pass");
  EXPECT_EQ(s->current_player(), 0);
  ASSERT_EQ(s->chain().size(), 3u);
  act(*s, "pass");
  // Everyone passed in succession: the chain resolves, the last played first.
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);
  EXPECT_EQ(s->current_player(), 0);  // p0's bolt first
  EXPECT_EQ(s->chain().size(), 2u);
  act(*s, "choose p1.S1");
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);
  EXPECT_EQ(s->current_player(), 1);  // then p1's bolt
  EXPECT_EQ(s->player(0).hand.size(), 0u);
  act(*s, "choose p0.S2");
  EXPECT_TRUE(s->chain().empty());
  EXPECT_EQ(s->player(0).hand.size(), 1u);  // the insight last
  EXPECT_EQ(s->player(1).summoners[0].hp, 18);
  EXPECT_EQ(s->player(0).summoners[1].hp, 18);
}

TEST(TcgRules, TCG_11_3_TheChainResolvesLastPlayedFirst) {  // TCG-11.3
  auto s = table();
  T::player(*s, 0).coins = 2;
  T::ready_one(*s, 1, 0);
  int windfall = T::add_to_hand(*s, 0, "test-windfall");  // gain 3 Coins and 3 Ether
  int purge = T::add_to_hand(*s, 1, "test-purge");        // the opponent loses 5 and 5
  act(*s, "invoke " + card(windfall) + " by S1");
  act(*s, "invoke " + card(purge) + " by S1");
  pass_window(*s);
  // Purge first (2 -> 0 Coins), then Windfall: 3 and 3. The other order would leave 0 and 0.
  EXPECT_EQ(s->player(0).coins, 3);
  EXPECT_EQ(s->player(0).ether, 3);
}

TEST(TcgRules, TCG_11_4_CancelRemovesAChainItem) {  // TCG-11.4 TCG-I4
  auto s = table();
  T::ready_one(*s, 1, 0);
  int windfall = T::add_to_hand(*s, 0, "test-windfall");
  int negate = T::add_to_hand(*s, 1, "test-negate");
  act(*s, "invoke " + card(windfall) + " by S1");
  act(*s, "invoke " + card(negate) + " by S1");
  pass_window(*s);
  // One item below the Negate: cancelled without asking.
  EXPECT_TRUE(s->chain().empty());
  EXPECT_EQ(s->player(0).coins, 0);
  EXPECT_EQ(s->player(0).ether, 0);
  EXPECT_TRUE(contains(s->player(0).cemetery, windfall));
  EXPECT_EQ(s->obj(windfall).where, Where::kCemetery);
  EXPECT_TRUE(contains(s->player(1).cemetery, negate));
  EXPECT_EQ(events_of(*s, rise::tcg::kEvCancel).size(), 1u);
}

TEST(TcgRules, TCG_11_4_CancelChoosesAmongItemsOfItsKinds) {  // TCG-11.4 TCG-I4
  auto s = table();
  T::set_level(*s, 0, 0, 3, 3);
  T::ready_one(*s, 1, 0);
  int windfall = T::add_to_hand(*s, 0, "test-windfall");
  int bolt = T::add_to_hand(*s, 1, "test-bolt");
  int negate = T::add_to_hand(*s, 0, "test-negate");
  act(*s, "invoke " + card(windfall) + " by S1");
  act(*s, "invoke " + card(bolt) + " by S1");
  act(*s, "invoke " + card(negate) + " by S1");
  pass_window(*s);
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);
  EXPECT_EQ(legal_set(*s), actions(*s, {"choose chain 1", "choose chain 2"}));
  // Issue 38: a seat's text names the item it numbers (from the bottom, as the notation);
  // the notation stays bare, and reads the named text back.
  const rise::Action second = s->string_to_action("choose chain 2");
  EXPECT_EQ(s->describe_action(second, 0), "choose chain 2 (the Imminent Test Bolt)");
  EXPECT_EQ(s->describe_action(s->string_to_action("choose chain 1"), 1), "choose chain 1 (the Imminent Test Windfall)");
  EXPECT_EQ(s->action_to_string(second), "choose chain 2");
  EXPECT_EQ(s->string_to_action(s->describe_action(second, 0)), second);
  act(*s, "choose chain 2");  // the bolt
  ASSERT_EQ(events_of(*s, rise::tcg::kEvCancel).size(), 1u);
  EXPECT_NE(s->describe_event(events_of(*s, rise::tcg::kEvCancel)[0]).find("cancels the Imminent Test Bolt"),
            std::string::npos);
  EXPECT_TRUE(contains(s->player(1).cemetery, bolt));
  EXPECT_TRUE(s->chain().empty());
  EXPECT_EQ(s->player(0).coins, 3);  // the windfall resolved

  // A cancel naming only Skills finds nothing to cancel under an Imminent.
  auto t = table();
  T::ready_one(*t, 1, 0);
  int windfall2 = T::add_to_hand(*t, 0, "test-windfall");
  int hush = T::add_to_hand(*t, 1, "test-hush");
  act(*t, "invoke " + card(windfall2) + " by S1");
  act(*t, "invoke " + card(hush) + " by S1");
  pass_window(*t);
  EXPECT_EQ(t->choice().kind, ChoiceKind::kNone);
  EXPECT_EQ(t->player(0).coins, 3);
  EXPECT_TRUE(events_of(*t, rise::tcg::kEvCancel).empty());

  // ... but cancels a skill: the skill's point stays spent.
  auto u = table();
  T::ready_one(*u, 1, 0);
  int hush2 = T::add_to_hand(*u, 1, "test-hush");
  act(*u, "skill S1 1");  // Tithe
  act(*u, "invoke " + card(hush2) + " by S1");
  pass_window(*u);
  EXPECT_EQ(u->player(0).coins, 0);
  EXPECT_EQ(u->player(0).summoners[0].cp, 0);
  EXPECT_TRUE(u->player(0).summoners[0].tilted);
  ASSERT_EQ(events_of(*u, rise::tcg::kEvCancel).size(), 1u);
  const std::string summoner = u->cards().card(u->player(0).summoners[0].def).name;
  // Issue 38: the skill is logged by its name too, not only by its number.
  ASSERT_EQ(events_of(*u, rise::tcg::kEvSkill).size(), 1u);
  EXPECT_EQ(u->describe_event(events_of(*u, rise::tcg::kEvSkill)[0]), "p0 uses skill 1 (Tithe) of " + summoner);
  EXPECT_NE(u->describe_event(events_of(*u, rise::tcg::kEvCancel)[0]).find("cancels " + summoner + "'s skill 1"),
            std::string::npos);
}


// Interpretation TCG-I75: every other player may answer at each step boundary of a turn.
TEST(TcgRules, TCG_I75_AnOpponentAnswersAsTheInvocationPhaseBegins) {  // TCG-I75 TCG-I15 TCG-I5
  auto s = table();
  T::set_main(*s, 1, 1);
  T::set_phase(*s, Phase::kRestoration);
  T::ready(*s, 0);
  T::ready(*s, 1);
  int bear = T::add_to_battlefield(*s, 1, "test-bear");  // p1's 3/3
  int bolt = T::add_to_hand(*s, 0, "test-bolt");         // p0's: 2 damage
  T::add_to_hand(*s, 0, "test-bolt");
  act(*s, "draw 1");
  ASSERT_TRUE(s->window_open());
  ASSERT_EQ(s->current_player(), 0);  // the other player, before p1 invokes anything
  act(*s, "invoke " + card(bolt) + " by S1");
  // p1 may answer the Bolt (a chain), then it resolves; the window opens again for p0.
  pass_window(*s);
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);
  act(*s, "choose " + card(bear));
  EXPECT_EQ(s->obj(bear).damage, 2);
  ASSERT_TRUE(s->window_open());
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->to_json()["window"]["kind"], rise::tcg::kWindowInvocation);
  act(*s, "pass");
  // p1, the active player, took no initiative in its own window: its main phase now.
  EXPECT_FALSE(s->window_open());
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(s->phase(), Phase::kMain);

  // A player with nothing it could play is not asked (TCG-I5).
  auto t = table();
  T::set_main(*t, 1, 1);
  T::set_phase(*t, Phase::kRestoration);
  T::ready(*t, 1);
  T::clear_hand(*t, 0);
  for (int slot = 0; slot < 2; ++slot) T::summoner(*t, 0, slot).cp = 0;
  act(*t, "draw 1");
  EXPECT_FALSE(t->window_open());
  EXPECT_EQ(t->current_player(), 1);
}

TEST(TcgRules, TCG_I75_TheDefenderAnswersTheDeclaredAttackersBeforeBlocking) {  // TCG-I75 TCG-7.1
  auto s = table();
  T::ready(*s, 1);
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");  // 2/2
  int bear = T::add_to_battlefield(*s, 1, "test-bear");
  int bolt = T::add_to_hand(*s, 1, "test-bolt");
  act(*s, "attack");
  act(*s, "attacker " + card(grunt) + " at p1");
  act(*s, "attackers done");
  ASSERT_TRUE(s->window_open());
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(s->to_json()["window"]["kind"], rise::tcg::kWindowAttackers);
  EXPECT_NE(s->render_text(1, false).find("  combat:\n"), std::string::npos);  // the attacker, listed
  EXPECT_FALSE(s->observation_json(1)["combat"][0].contains("gone"));
  EXPECT_FALSE(legal(*s, block(bear, grunt)));  // blocks come after the window
  act(*s, "invoke " + card(bolt) + " by S1");
  act(*s, "pass");  // p0 may answer the chain
  act(*s, "pass");  // p1: all passed, the Bolt resolves
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);
  act(*s, "choose " + card(grunt));
  EXPECT_EQ(s->obj(grunt).where, Where::kCemetery);
  // Issue 38: the dead attacker's combat entry stays in the state, but no screen lists it.
  ASSERT_EQ(s->to_json()["combat"].size(), 1u);
  EXPECT_EQ(s->observation_json(1)["combat"][0]["gone"], true);
  EXPECT_EQ(s->render_text(1, false).find("  combat:\n"), std::string::npos) << s->render_text(1, false);
  ASSERT_TRUE(s->window_open());  // open again after the chain, for p1 only
  EXPECT_EQ(s->current_player(), 1);
  act(*s, "pass");
  ASSERT_EQ(s->phase(), Phase::kBlockers);
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_FALSE(legal(*s, block(bear, grunt)));  // nothing left to block
  act(*s, "blocks done");
  pass_window(*s);  // before damage, then once damage is resolved
  EXPECT_EQ(s->player(1).summoners[0].hp, 20);
  EXPECT_EQ(s->current_player(), 0);
}

TEST(TcgRules, TCG_I75_TheOthersAnswerOnceDamageIsResolved) {  // TCG-I75 TCG-7.3
  auto s = table();
  T::ready(*s, 1);
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");
  int bolt = T::add_to_hand(*s, 1, "test-bolt");
  declare(*s, {grunt});
  act(*s, "blocks done");
  // Before damage: everyone passes, the damage is dealt.
  while (s->window_open() && s->to_json()["window"]["kind"] == rise::tcg::kWindowBeforeDamage) act(*s, "pass");
  ASSERT_EQ(s->choice().kind, ChoiceKind::kDamageSummoner);  // Rule TCG-7.5: p1 picks the Summoner
  act(*s, "choose p1.S1");
  ASSERT_TRUE(s->window_open());
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(s->to_json()["window"]["kind"], rise::tcg::kWindowAfterDamage);
  EXPECT_EQ(s->player(1).summoners[0].hp, 20 - 2);
  EXPECT_NE(s->render_text(1, false).find("response window: damage resolved; p1 to answer"), std::string::npos);
  act(*s, "invoke " + card(bolt) + " by S1");
  act(*s, "pass");
  act(*s, "pass");
  act(*s, "choose " + card(grunt));
  EXPECT_EQ(s->obj(grunt).where, Where::kCemetery);
  act(*s, "pass");  // p1 closes the reopened window
  EXPECT_FALSE(s->window_open());
  EXPECT_EQ(s->current_player(), 0);  // p0's End of turn phase
  // A window kind the engine does not have is refused when a state is loaded.
  nlohmann::json j = s->to_json();
  j["window"]["kind"] = 6;
  EXPECT_THROW(TcgState::from_json(rise::find_game("rise-tcg"), j), rise::InputError);
}

}  // namespace
}  // namespace tcgtest
