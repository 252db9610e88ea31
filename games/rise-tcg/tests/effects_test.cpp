// Rule tests of rise-tcg, sections 6, 8, 9 and 10: death and the Cemetery, card types and
// effects, Actions, Doors (docs/rules/rise-tcg.md). Each test names the rule ids it covers
// on its TEST line.
#include <algorithm>
#include <gtest/gtest.h>

#include "test_access.h"

namespace tcgtest {
namespace {

using rise::tcg::ChoiceKind;
using rise::tcg::Phase;

// --- 6. Death and the Cemetery ------------------------------------------------------------

TEST(TcgRules, TCG_6_1_DamageReachingDefenseOrDefenseZeroDestroys) {  // TCG-6.1
  auto s = table();
  int bear = T::add_to_battlefield(*s, 1, "test-bear");  // 3/3
  play(*s, "test-bolt");
  act(*s, "choose " + card(bear));
  EXPECT_EQ(s->obj(bear).where, Where::kBattlefield);
  EXPECT_EQ(s->obj(bear).damage, 2);
  play(*s, "test-bolt");
  act(*s, "choose " + card(bear));
  EXPECT_EQ(s->obj(bear).where, Where::kCemetery);

  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");  // 2/2
  play(*s, "test-shrink");  // -2/-2 counter: defense 0
  EXPECT_EQ(s->obj(grunt).where, Where::kCemetery);
  EXPECT_EQ(s->defense_of(grunt), 0);
}

TEST(TcgRules, TCG_6_2_CemeteryOrExclusionPlusEtherTokensVanish) {  // TCG-6.2
  auto s = table();
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  int imp = T::add_to_battlefield(*s, 1, "test-imp");  // infinite rank
  play(*s, "test-bolt");
  act(*s, "choose " + card(grunt));
  EXPECT_EQ(s->player(1).cemetery, (std::vector<int16_t>{static_cast<int16_t>(grunt)}));
  EXPECT_EQ(s->player(1).ether, 0);
  play(*s, "test-bolt");
  act(*s, "choose " + card(imp));
  EXPECT_EQ(s->obj(imp).where, Where::kExclusion);
  EXPECT_EQ(s->player(1).exclusion, (std::vector<int16_t>{static_cast<int16_t>(imp)}));
  EXPECT_EQ(s->player(1).ether, 1);
  EXPECT_EQ(s->player(1).cemetery.size(), 1u);
  // Issue 38: the exclusion and its Ether are logged (they were not); the Bolt's resolution
  // names the Imminent and its player.
  {
    std::vector<std::string> lines;
    for (const rise::tcg::Event& e : s->events()) lines.push_back(s->describe_event(e));
    const std::string imp_name = s->cards().card(s->obj(imp).def).name;
    auto logged = [&](const std::string& line) { return std::find(lines.begin(), lines.end(), line) != lines.end(); };
    EXPECT_TRUE(logged(imp_name + " is excluded")) << ::testing::PrintToString(lines);
    EXPECT_TRUE(logged("p1 gains 1 Ether")) << ::testing::PrintToString(lines);
    EXPECT_TRUE(logged("the Imminent Test Bolt resolves (p0)")) << ::testing::PrintToString(lines);
  }

  // A token ceases to exist.
  play(*s, "test-hatchery");
  ASSERT_EQ(s->battlefield().size(), 1u);
  int token = s->battlefield()[0];
  EXPECT_TRUE(s->obj(token).token);
  EXPECT_EQ(s->obj(token).controller, 0);
  // Issue 38: the log says so (a token appeared without a line).
  ASSERT_EQ(events_of(*s, rise::tcg::kEvToken).size(), 1u);
  EXPECT_EQ(s->describe_event(events_of(*s, rise::tcg::kEvToken)[0]),
            "p0 gets a token: " + s->cards().card(s->obj(token).def).name + " #" + std::to_string(token));
  play(*s, "test-bolt");
  act(*s, "choose " + card(token));
  EXPECT_EQ(s->obj(token).where, Where::kGone);
  EXPECT_TRUE(s->battlefield().empty());
  for (int p = 0; p < 2; ++p) {
    EXPECT_FALSE(contains(s->player(p).cemetery, token));
    EXPECT_FALSE(contains(s->player(p).exclusion, token));
    EXPECT_FALSE(contains(s->player(p).hand, token));
  }
  EXPECT_EQ(s->player(0).ether, 0);
}

TEST(TcgRules, TCG_6_3_DiesEffectsBelongToTheLastController) {  // TCG-6.3 TCG-8.3
  auto s = table();
  int martyr = T::add_to_battlefield(*s, 1, "test-martyr");  // dies: draw 1
  T::obj(*s, martyr).controller = 0;                       // p0 took control of it
  play(*s, "test-bolt");
  act(*s, "choose " + card(martyr));
  EXPECT_EQ(s->obj(martyr).where, Where::kCemetery);
  EXPECT_TRUE(contains(s->player(1).cemetery, martyr));  // its owner's Cemetery
  EXPECT_EQ(s->player(0).hand.size(), 1u);               // p0 draws
  EXPECT_EQ(s->player(1).hand.size(), 0u);
}

TEST(TcgRules, TCG_6_4_SummonerDeathDestroysItsEquipment) {  // TCG-6.4 TCG-12.11
  auto s = table();
  int amulet = T::add_to_hand(*s, 0, "test-amulet");  // attaches to a Summoner you control
  act(*s, "invoke " + card(amulet) + " by S1");
  ASSERT_EQ(s->choice().kind, ChoiceKind::kAttach);
  EXPECT_EQ(legal_set(*s), actions(*s, {"choose p0.S1", "choose p0.S2"}));
  act(*s, "choose p0.S1");
  EXPECT_EQ(s->obj(amulet).attached_to, summoner_ref(0, 0));
  T::summoner(*s, 0, 0).hp = 2;
  T::ready(*s, 1);
  int bolt = T::add_to_hand(*s, 1, "test-bolt");
  act(*s, "pass");
  act(*s, "invoke " + card(bolt) + " by S1");
  pass_window(*s);
  act(*s, "choose p0.S1");
  EXPECT_FALSE(s->player(0).summoners[0].alive);
  EXPECT_EQ(s->obj(amulet).where, Where::kCemetery);
  EXPECT_TRUE(contains(s->player(0).cemetery, amulet));
}

// --- 8. Card types and effects ------------------------------------------------------------

TEST(TcgRules, TCG_8_1_ConstantsOnOwnTurnInInvocationOrEndOfTurn) {  // TCG-8.1 TCG-8.5
  auto s = table();
  int grunt = T::add_to_hand(*s, 0, "test-grunt");
  int ambusher = T::add_to_hand(*s, 0, "test-ambusher");  // Creature and Imminent
  int attacker = T::add_to_battlefield(*s, 0, "test-grunt");
  EXPECT_TRUE(legal(*s, "invoke " + card(grunt) + " by S1"));
  act(*s, "attack");
  EXPECT_FALSE(legal(*s, "invoke " + card(grunt) + " by S1"));
  act(*s, "attacker " + card(attacker) + " at p1");
  attackers_done(*s);
  act(*s, "blocks done");
  // The window before damage: Imminent speed only.
  ASSERT_TRUE(s->window_open());
  ASSERT_EQ(s->current_player(), 0);
  EXPECT_FALSE(legal(*s, "invoke " + card(grunt) + " by S1"));
  EXPECT_TRUE(legal(*s, "invoke " + card(ambusher) + " by S1"));
  pass_window(*s);
  act(*s, "choose p1.S1");
  ASSERT_EQ(s->main_step(), 2);
  act(*s, "invoke " + card(grunt) + " by S1");
  EXPECT_EQ(s->obj(grunt).where, Where::kBattlefield);
  // On p1's turn p0 may not invoke a Constant that is not Imminent.
  int later = T::add_to_hand(*s, 0, "test-grunt");
  T::set_main(*s, 1);
  T::ready(*s, 0);
  act(*s, "pass");
  ASSERT_EQ(s->current_player(), 0);
  EXPECT_FALSE(legal(*s, "invoke " + card(later) + " by S2"));
  EXPECT_TRUE(legal(*s, "invoke " + card(ambusher) + " by S2"));
  // The Constant stays on the battlefield.
  EXPECT_EQ(s->obj(grunt).where, Where::kBattlefield);
}

TEST(TcgRules, TCG_8_2_StepsResolveInOrderTargetsChosenOnResolution) {  // TCG-8.2 TCG-I2
  auto s = table();
  int a = T::add_to_battlefield(*s, 1, "test-grunt");
  int b = T::add_to_battlefield(*s, 1, "test-grunt");
  int cascade = T::add_to_hand(*s, 0, "test-cascade");  // 2 damage to a Creature, then draw 1
  act(*s, "invoke " + card(cascade) + " by S1");
  EXPECT_EQ(s->choice().kind, ChoiceKind::kNone);  // no target when played
  pass_window(*s);
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(legal_set(*s), actions(*s, {"choose " + card(a), "choose " + card(b)}));
  EXPECT_EQ(s->player(0).hand.size(), 0u);  // the draw waits for the first step
  act(*s, "choose " + card(b));
  EXPECT_EQ(s->obj(b).where, Where::kCemetery);
  EXPECT_EQ(s->obj(a).where, Where::kBattlefield);
  EXPECT_EQ(s->player(0).hand.size(), 1u);
  size_t dies_at = 0, draw_at = 0;
  for (size_t k = 0; k < s->events().size(); ++k) {
    if (s->events()[k].kind == rise::tcg::kEvDies) dies_at = k;
    if (s->events()[k].kind == rise::tcg::kEvDraw) draw_at = k;
  }
  EXPECT_LT(dies_at, draw_at);
}

TEST(TcgRules, TCG_8_3_InvokedAttacksBlocksBlockedTriggers) {  // TCG-8.3
  auto s = table();
  int greeter = T::add_to_hand(*s, 0, "test-greeter");  // invoked: gain 1 Ether
  act(*s, "invoke " + card(greeter) + " by S1");
  EXPECT_EQ(s->player(0).ether, 1);

  int raider = T::add_to_battlefield(*s, 0, "test-raider");    // attacks: gain 1 Coin
  int charger = T::add_to_battlefield(*s, 0, "test-charger");  // blocked: 1 damage to the blocker
  int sentinel = T::add_to_battlefield(*s, 1, "test-sentinel");  // blocks: +2/+0 until end of turn
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  act(*s, "attack");
  act(*s, "attacker " + card(raider) + " at p1");
  EXPECT_EQ(s->player(0).coins, 1);
  act(*s, "attacker " + card(charger) + " at p1");
  attackers_done(*s);
  act(*s, "block " + card(sentinel) + " " + card(raider));
  EXPECT_EQ(s->attack_of(sentinel), 3);
  act(*s, "block " + card(grunt) + " " + card(charger));
  EXPECT_EQ(s->obj(grunt).damage, 1);
  act(*s, "blocks done");
  pass_window(*s);
  // Sentinel (3/3 now) kills the raider (2/2) and survives its 2 damage; the grunt, already
  // damaged 1, dies to the charger's 2, and kills it.
  EXPECT_EQ(s->obj(raider).where, Where::kCemetery);
  EXPECT_EQ(s->obj(sentinel).where, Where::kBattlefield);
  EXPECT_EQ(s->obj(grunt).where, Where::kCemetery);
  EXPECT_EQ(s->obj(charger).where, Where::kCemetery);
}

TEST(TcgRules, TCG_8_4_ImminentAtAnyPriorityThenCemeteryOrExclusion) {  // TCG-8.4 TCG-6.2
  auto s = table();
  T::ready(*s, 1);
  int insight = T::add_to_hand(*s, 1, "test-insight");
  int spark = T::add_to_hand(*s, 1, "test-spark");  // infinite rank
  act(*s, "pass");  // p0 ends its turn; p1 answers with Imminents
  ASSERT_EQ(s->current_player(), 1);
  act(*s, "invoke " + card(insight) + " by S1");
  EXPECT_EQ(s->obj(insight).where, Where::kChain);
  ASSERT_EQ(s->chain().size(), 1u);
  EXPECT_EQ(s->chain()[0].kind, rise::tcg::ChainKind::kImminent);
  ASSERT_EQ(s->current_player(), 0);
  act(*s, "pass");  // p0
  ASSERT_EQ(s->current_player(), 1);
  act(*s, "pass");  // p1: the chain resolves and the window reopens for p1
  ASSERT_EQ(s->current_player(), 1);
  EXPECT_TRUE(s->chain().empty());
  EXPECT_EQ(s->player(1).hand.size(), 2u);  // spark + the drawn card
  EXPECT_TRUE(contains(s->player(1).cemetery, insight));
  act(*s, "invoke " + card(spark) + " by S2");
  act(*s, "pass");
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);
  act(*s, "choose p0.S1");
  EXPECT_EQ(s->player(0).summoners[0].hp, 19);
  EXPECT_EQ(s->obj(spark).where, Where::kExclusion);
  EXPECT_TRUE(contains(s->player(1).exclusion, spark));
  EXPECT_EQ(s->player(1).ether, 1);
  EXPECT_EQ(s->active_player(), 1);  // then the turn ended
}

TEST(TcgRules, TCG_8_5_ImminentConstantStaysOnTheBattlefield) {  // TCG-8.5 TCG-8.4
  auto s = table();
  T::ready_one(*s, 1, 0);
  int ambusher = T::add_to_hand(*s, 1, "test-ambusher");
  act(*s, "pass");
  ASSERT_EQ(s->current_player(), 1);
  act(*s, "invoke " + card(ambusher) + " by S1");
  ASSERT_EQ(s->chain().size(), 1u);
  act(*s, "pass");
  EXPECT_EQ(s->obj(ambusher).where, Where::kBattlefield);
  EXPECT_EQ(s->obj(ambusher).controller, 1);
  EXPECT_TRUE(contains(s->battlefield(), ambusher));
  EXPECT_FALSE(contains(s->player(1).cemetery, ambusher));
}

// --- 9. Actions ---------------------------------------------------------------------------

TEST(TcgRules, TCG_9_1_ActionsAtImminentSpeedWithoutTiltingEvenOnArrival) {  // TCG-9.1 TCG-11.1
  auto s = table();
  T::player(*s, 0).coins = 3;
  int pump = T::add_to_hand(*s, 0, "test-pump");  // Action, 1 Coin: +1/+1 until end of turn
  act(*s, "invoke " + card(pump) + " by S1");
  ASSERT_TRUE(legal(*s, "action " + card(pump) + " 1"));
  act(*s, "action " + card(pump) + " 1");
  EXPECT_EQ(s->chain().size(), 1u);
  EXPECT_EQ(s->chain()[0].kind, rise::tcg::ChainKind::kAction);
  EXPECT_FALSE(s->obj(pump).tilted);
  pass_window(*s);
  EXPECT_EQ(s->attack_of(pump), 2);
  EXPECT_EQ(s->defense_of(pump), 2);
  EXPECT_EQ(s->player(0).coins, 2);
}

TEST(TcgRules, TCG_9_2_PaidOnAnnouncementLostIfTheCardLeaves) {  // TCG-9.2 TCG-I17
  auto s = table();
  T::player(*s, 0).coins = 3;
  int pump = T::add_to_battlefield(*s, 0, "test-pump");
  T::ready_one(*s, 1, 0);
  int bolt = T::add_to_hand(*s, 1, "test-bolt");
  act(*s, "action " + card(pump) + " 1");
  EXPECT_EQ(s->player(0).coins, 2);  // paid at once
  ASSERT_EQ(s->current_player(), 1);
  act(*s, "invoke " + card(bolt) + " by S1");
  act(*s, "pass");  // p0
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);
  act(*s, "choose " + card(pump));
  EXPECT_EQ(s->obj(pump).where, Where::kCemetery);
  EXPECT_TRUE(s->chain().empty());
  EXPECT_EQ(s->player(0).coins, 2);  // not refunded
  EXPECT_EQ(s->obj(pump).temp_attack, 0);
  EXPECT_EQ(events_of(*s, rise::tcg::kEvResolve).size(), 1u);  // only the bolt resolved
}

TEST(TcgRules, TCG_9_3_CoinTossHeadsSucceedsTailsDoesNothing) {  // TCG-9.3
  for (bool heads : {true, false}) {
    auto s = table();
    T::player(*s, 0).coins = 1;
    int idol = T::add_to_battlefield(*s, 0, "test-coin-idol");  // 1 Coin, toss: gain 2 Ether
    force_coins(*s, {heads});
    act(*s, "action " + card(idol) + " 1");
    pass_window(*s);
    EXPECT_EQ(s->player(0).coins, 0);
    EXPECT_EQ(s->player(0).ether, heads ? 2 : 0);
    auto tosses = events_of(*s, rise::tcg::kEvCoin);
    ASSERT_EQ(tosses.size(), 1u);
    EXPECT_EQ(tosses[0].a, heads ? 1 : 0);
  }
}

TEST(TcgRules, TCG_9_3_DiceRollSucceedsAtTheCardsNumber) {  // TCG-9.3
  for (bool high : {true, false}) {
    auto s = table();
    const int roll = high ? 5 : 4;  // the card's number, and one below it
    int idol = T::add_to_battlefield(*s, 0, "test-dice-idol");  // 5+: gain 3 Ether; else gain 1 Coin
    auto chance = force(*s, R"([{"d6": )" + std::to_string(roll) + "}]");
    act(*s, "action " + card(idol) + " 1");
    pass_window(*s);
    EXPECT_EQ(s->player(0).ether, high ? 3 : 0);
    EXPECT_EQ(s->player(0).coins, high ? 0 : 1);
    auto rolls = events_of(*s, rise::tcg::kEvDice);
    ASSERT_EQ(rolls.size(), 1u);
    EXPECT_EQ(rolls[0].a, roll);
    EXPECT_EQ(rolls[0].b, high ? 1 : 0);
    EXPECT_EQ(chance->used(), 1u);
  }
  // A coin toss step in a base effect draws from the same Rng.
  auto s = table();
  force_coins(*s, {true});
  play(*s, "test-toss");
  EXPECT_EQ(s->player(0).coins, 2);
}

TEST(TcgRules, TCG_9_4_OncePerTurnUnlessTheCardSaysOtherwise) {  // TCG-9.4
  auto s = table();
  T::player(*s, 0).coins = 5;
  T::player(*s, 0).ether = 5;
  int pump = T::add_to_battlefield(*s, 0, "test-pump");
  int mill = T::add_to_battlefield(*s, 0, "test-mill");  // Grind twice per turn; Churn unlimited
  act(*s, "action " + card(pump) + " 1");
  pass_window(*s);
  EXPECT_FALSE(legal(*s, "action " + card(pump) + " 1"));
  act(*s, "action " + card(mill) + " 1");
  pass_window(*s);
  ASSERT_TRUE(legal(*s, "action " + card(mill) + " 1"));
  act(*s, "action " + card(mill) + " 1");
  pass_window(*s);
  EXPECT_FALSE(legal(*s, "action " + card(mill) + " 1"));
  for (int k = 0; k < 3; ++k) {
    ASSERT_TRUE(legal(*s, "action " + card(mill) + " 2"));
    act(*s, "action " + card(mill) + " 2");
    pass_window(*s);
  }
  EXPECT_EQ(s->player(0).ether, 2);
  EXPECT_EQ(s->player(0).coins, 4 + 2 + 3);
  // The next turn (p1's) counts afresh: p0 may use its Action in a window there.
  act(*s, "pass");
  pass_window(*s);
  ASSERT_EQ(s->active_player(), 1);
  restore(*s, "draw 1");
  act(*s, "pass");
  ASSERT_EQ(s->current_player(), 0);
  EXPECT_TRUE(legal(*s, "action " + card(pump) + " 1"));
}

// --- 10. Doors ----------------------------------------------------------------------------

TEST(TcgRules, TCG_10_1_DoorsEnterClosed) {  // TCG-10.1
  auto s = table();
  int door = T::add_to_hand(*s, 0, "test-door");
  act(*s, "invoke " + card(door) + " by S1");
  EXPECT_EQ(s->obj(door).where, Where::kBattlefield);
  EXPECT_FALSE(s->obj(door).open);
}

TEST(TcgRules, TCG_10_2_DoorOpensThroughEffectsAndStaysOpen) {  // TCG-10.2 TCG-8.3
  auto s = table();
  T::player(*s, 0).coins = 1;
  int door = T::add_to_battlefield(*s, 0, "test-door");  // opened: gain 2 Coins
  act(*s, "action " + card(door) + " 1");                // Unbar, 1 Coin: open
  pass_window(*s);
  EXPECT_TRUE(s->obj(door).open);
  EXPECT_EQ(s->player(0).coins, 2);
  // Opening an open Door again does nothing.
  play(*s, "test-opener");
  EXPECT_EQ(s->player(0).coins, 2);
  // It stays open across turns.
  act(*s, "pass");
  pass_window(*s);
  ASSERT_EQ(s->active_player(), 1);
  EXPECT_TRUE(s->obj(door).open);
  restore(*s, "draw 1");
  act(*s, "pass");
  ASSERT_EQ(s->current_player(), 0);
  act(*s, "action " + card(door) + " 2");  // Bar: close
  pass_window(*s);
  EXPECT_FALSE(s->obj(door).open);
  EXPECT_EQ(s->player(0).coins, 2);
}

TEST(TcgRules, TCG_10_3_DoorBlocksSeveralAttackersAndDistance) {  // TCG-10.3 TCG-12.7
  auto s = table();
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");
  int slinger = T::add_to_battlefield(*s, 0, "test-slinger");  // Distance 2/1
  int wall = T::add_to_battlefield(*s, 1, "test-wall");        // Door 1/5
  act(*s, "attack");
  act(*s, "attacker " + card(grunt) + " at p1");
  act(*s, "attacker " + card(slinger) + " at p1");
  attackers_done(*s);
  act(*s, "block " + card(wall) + " " + card(grunt));
  ASSERT_TRUE(legal(*s, "block " + card(wall) + " " + card(slinger)));
  act(*s, "block " + card(wall) + " " + card(slinger));
  act(*s, "blocks done");
  pass_window(*s);
  // 2 + 2 damage < 5: the wall holds; its 1 attack kills the slinger (1 defense).
  EXPECT_EQ(s->obj(wall).where, Where::kBattlefield);
  EXPECT_EQ(s->obj(wall).damage, 4);
  EXPECT_EQ(s->obj(slinger).where, Where::kCemetery);
  EXPECT_EQ(s->obj(grunt).where, Where::kBattlefield);
  EXPECT_EQ(s->player(1).summoners[0].hp, 20);
  EXPECT_EQ(s->player(1).summoners[1].hp, 20);
}

TEST(TcgRules, TCG_10_4_AClosedDoorDoesNotAttack) {  // TCG-10.4 TCG-I6
  auto s = table();
  int door = T::add_to_battlefield(*s, 0, "test-door");  // 2/3
  EXPECT_FALSE(legal(*s, "attack"));
  T::obj(*s, door).open = true;
  ASSERT_TRUE(legal(*s, "attack"));
  act(*s, "attack");
  EXPECT_EQ(legal_set(*s), actions(*s, {"attacker " + card(door) + " at p1", "attackers done"}));
  act(*s, "attacker " + card(door) + " at p1");
  attackers_done(*s);
  act(*s, "blocks done");
  pass_window(*s);
  act(*s, "choose p1.S1");
  EXPECT_EQ(s->player(1).summoners[0].hp, 18);
}

}  // namespace
}  // namespace tcgtest
