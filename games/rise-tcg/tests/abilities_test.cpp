// Rule tests of rise-tcg, section 12: the Abilities of the issue 3 set
// (docs/rules/rise-tcg.md). Each test names the rule ids it covers on its TEST line. p0
// attacks p1 in the combat tests.
#include <gtest/gtest.h>

#include <vector>

#include "test_access.h"

namespace tcgtest {
namespace {

using rise::tcg::ChoiceKind;

TEST(TcgRules, TCG_12_1_FlightBlockedOnlyByFlightOrReachMayBlockGround) {  // TCG-12.1
  auto s = table();
  int wisp = T::add_to_battlefield(*s, 0, "test-wisp");
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");
  int their_grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  int their_wisp = T::add_to_battlefield(*s, 1, "test-wisp");
  declare(*s, {wisp, grunt});
  EXPECT_EQ(legal_set(*s), actions(*s, {block(their_wisp, wisp), block(their_wisp, grunt), block(their_grunt, grunt),
                                        "blocks done"}));
  act(*s, block(their_wisp, grunt));  // a flyer blocks a ground attacker
  act(*s, "blocks done");
  pass_window(*s);
  act(*s, "choose p1.S1");  // the unblocked wisp
  EXPECT_EQ(s->player(1).summoners[0].hp, 19);
  EXPECT_EQ(s->obj(their_wisp).where, Where::kCemetery);
  EXPECT_EQ(s->obj(grunt).damage, 1);
}

TEST(TcgRules, TCG_12_2_ReachBlocksFlightAndDistance) {  // TCG-12.2
  auto s = table();
  int wisp = T::add_to_battlefield(*s, 0, "test-wisp");
  int slinger = T::add_to_battlefield(*s, 0, "test-slinger");
  int archer = T::add_to_battlefield(*s, 1, "test-archer");
  int other_archer = T::add_to_battlefield(*s, 1, "test-archer");
  declare(*s, {wisp, slinger});
  EXPECT_EQ(legal_set(*s), actions(*s, {block(archer, wisp), block(other_archer, wisp), block(archer, slinger),
                                        block(other_archer, slinger), "blocks done"}));
  act(*s, block(archer, wisp));
  act(*s, block(other_archer, slinger));
  act(*s, "blocks done");
  pass_window(*s);
  EXPECT_EQ(s->obj(wisp).where, Where::kCemetery);
  EXPECT_EQ(s->obj(slinger).where, Where::kCemetery);
  EXPECT_EQ(s->obj(archer).damage, 1);
  EXPECT_EQ(s->obj(other_archer).damage, 2);
}

TEST(TcgRules, TCG_12_3_PierceSendsTheExcessToASummonerTheDefenderChooses) {  // TCG-12.3 TCG-7.4
  auto s = table();
  int piercer = T::add_to_battlefield(*s, 0, "test-piercer");  // 3/1 Pierce
  int archer = T::add_to_battlefield(*s, 1, "test-archer");    // 1/3, damaged 1: 2 left
  T::obj(*s, archer).damage = 1;
  declare(*s, {piercer});
  act(*s, block(archer, piercer));
  act(*s, "blocks done");
  pass_window(*s);
  ASSERT_EQ(s->choice().kind, ChoiceKind::kDamageSummoner);
  EXPECT_EQ(s->current_player(), 1);
  act(*s, "choose p1.S2");
  EXPECT_EQ(s->player(1).summoners[1].hp, 19);  // 3 - 2
  EXPECT_EQ(s->player(1).summoners[0].hp, 20);
  EXPECT_EQ(s->obj(archer).where, Where::kCemetery);
  EXPECT_EQ(s->obj(piercer).where, Where::kCemetery);
}

TEST(TcgRules, TCG_12_4_FightbackDoublesAttackWhenBlocking) {  // TCG-12.4
  auto s = table();
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");      // 2/2
  int brawler = T::add_to_battlefield(*s, 1, "test-brawler");  // 1/3 Fightback
  declare(*s, {grunt});
  act(*s, block(brawler, grunt));
  act(*s, "blocks done");
  pass_window(*s);
  EXPECT_EQ(s->obj(grunt).where, Where::kCemetery);  // 2 x 1 >= 2
  EXPECT_EQ(s->obj(brawler).damage, 2);

  // Attacking, a Fightback card's attack is not doubled.
  auto t = table();
  int my_brawler = T::add_to_battlefield(*t, 0, "test-brawler");
  int their_grunt = T::add_to_battlefield(*t, 1, "test-grunt");
  declare(*t, {my_brawler});
  act(*t, block(their_grunt, my_brawler));
  act(*t, "blocks done");
  pass_window(*t);
  EXPECT_EQ(t->obj(their_grunt).damage, 1);
  EXPECT_EQ(t->obj(their_grunt).where, Where::kBattlefield);
}

TEST(TcgRules, TCG_12_5_AdvantageAttackerChoosesItsBlockerOrSummoner) {  // TCG-12.5 TCG-8.3
  auto s = table();
  int duelist = T::add_to_battlefield(*s, 0, "test-duelist");  // 2/2 Advantage
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  int sentinel = T::add_to_battlefield(*s, 1, "test-sentinel");  // blocks: +2/+0
  declare(*s, {duelist});
  EXPECT_EQ(legal_set(*s), actions(*s, {"blocks done"}));  // the defender does not block it
  act(*s, "blocks done");
  ASSERT_EQ(s->choice().kind, ChoiceKind::kAdvantage);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(legal_set(*s), actions(*s, {"choose " + card(grunt), "choose " + card(sentinel), "choose p1.S1",
                                        "choose p1.S2"}));
  act(*s, "choose " + card(sentinel));
  EXPECT_EQ(s->attack_of(sentinel), 3);  // its `blocks` effect
  pass_window(*s);
  EXPECT_EQ(s->obj(duelist).where, Where::kCemetery);
  EXPECT_EQ(s->obj(sentinel).damage, 2);

  // Choosing a Summoner: it takes the whole attack.
  auto t = table();
  int duelist2 = T::add_to_battlefield(*t, 0, "test-duelist");
  T::add_to_battlefield(*t, 1, "test-grunt");
  declare(*t, {duelist2});
  act(*t, "blocks done");
  act(*t, "choose p1.S2");
  pass_window(*t);
  EXPECT_EQ(t->choice().kind, ChoiceKind::kNone);
  EXPECT_EQ(t->player(1).summoners[1].hp, 18);
}

TEST(TcgRules, TCG_12_5_AdvantageAlsoChoosesWhereItsPierceGoes) {  // TCG-12.5 TCG-12.3
  auto s = table();
  int lancer = T::add_to_battlefield(*s, 0, "test-lancer");  // 4/1 Advantage Pierce
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  declare(*s, {lancer});
  act(*s, "blocks done");
  act(*s, "choose " + card(grunt));
  pass_window(*s);
  ASSERT_EQ(s->choice().kind, ChoiceKind::kDamageSummoner);
  EXPECT_EQ(s->current_player(), 0);  // the attacker's controller
  act(*s, "choose p1.S1");
  EXPECT_EQ(s->player(1).summoners[0].hp, 18);
  EXPECT_EQ(s->obj(grunt).where, Where::kCemetery);
  EXPECT_EQ(s->obj(lancer).where, Where::kCemetery);
}

TEST(TcgRules, TCG_12_6_DistanceBlockedOnlyByDistanceOrReach) {  // TCG-12.6 TCG-10.3
  auto s = table();
  int slinger = T::add_to_battlefield(*s, 0, "test-slinger");
  T::add_to_battlefield(*s, 1, "test-grunt");
  T::add_to_battlefield(*s, 1, "test-wisp");
  int archer = T::add_to_battlefield(*s, 1, "test-archer");
  int other = T::add_to_battlefield(*s, 1, "test-slinger");
  int wall = T::add_to_battlefield(*s, 1, "test-wall");
  declare(*s, {slinger});
  EXPECT_EQ(legal_set(*s), actions(*s, {block(archer, slinger), block(other, slinger), block(wall, slinger),
                                        "blocks done"}));
  act(*s, block(other, slinger));
  act(*s, "blocks done");
  pass_window(*s);
  EXPECT_EQ(s->obj(slinger).where, Where::kCemetery);
  EXPECT_EQ(s->obj(other).where, Where::kCemetery);
}

TEST(TcgRules, TCG_12_7_HordeFacesAttackersInBlockOrder) {  // TCG-12.7 TCG-7.3 TCG-I10
  auto s = table();
  int bear = T::add_to_battlefield(*s, 0, "test-bear");  // 3/3, declared first
  int imp = T::add_to_battlefield(*s, 0, "test-imp");    // 1/1, declared second
  int hordling = T::add_to_battlefield(*s, 1, "test-hordling");  // 2/3 Horde
  declare(*s, {bear, imp});
  act(*s, block(hordling, imp));
  ASSERT_TRUE(legal(*s, block(hordling, bear)));
  act(*s, block(hordling, bear));
  act(*s, "blocks done");
  pass_window(*s);
  // The imp faces it first (blocked first): the imp dies, the hordling takes 1. Then the
  // bear: 3 >= 2 left, the hordling dies; its 2 do not kill the bear. (In declaration order
  // the bear would kill it first and the imp would survive, blocked by a card that left.)
  EXPECT_EQ(s->obj(imp).where, Where::kExclusion);  // infinite rank
  EXPECT_EQ(s->obj(hordling).where, Where::kCemetery);
  EXPECT_EQ(s->obj(bear).where, Where::kBattlefield);
  EXPECT_EQ(s->obj(bear).damage, 2);
  EXPECT_EQ(s->player(1).summoners[0].hp, 20);
  EXPECT_EQ(s->player(1).summoners[1].hp, 20);
  EXPECT_EQ(s->player(0).ether, 1);
}

TEST(TcgRules, TCG_12_8_TogetherTiltsBothSummonersAndPaysFromEach) {  // TCG-12.8
  auto s = table();
  int twins = T::add_to_hand(*s, 0, "test-twins");
  EXPECT_FALSE(legal(*s, "invoke " + card(twins) + " by S1"));
  EXPECT_FALSE(legal(*s, "invoke " + card(twins) + " by S2"));
  ASSERT_TRUE(legal(*s, "invoke " + card(twins) + " by both"));
  act(*s, "invoke " + card(twins) + " by both");
  for (int slot = 0; slot < 2; ++slot) {
    EXPECT_TRUE(s->player(0).summoners[static_cast<size_t>(slot)].tilted);
    EXPECT_EQ(s->player(0).summoners[static_cast<size_t>(slot)].cp, 0);
  }
  EXPECT_EQ(s->obj(twins).where, Where::kBattlefield);

  auto t = table();
  int twins2 = T::add_to_hand(*t, 0, "test-twins");
  T::summoner(*t, 0, 1).cp = 0;
  EXPECT_FALSE(legal(*t, "invoke " + card(twins2) + " by both"));
  T::summoner(*t, 0, 1).cp = 1;
  T::kill_summoner(*t, 0, 0);
  EXPECT_FALSE(legal(*t, "invoke " + card(twins2) + " by both"));
}

TEST(TcgRules, TCG_12_9_ReturnSendsTheTargetToItsControllersHand) {  // TCG-12.9
  auto s = table();
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  T::obj(*s, grunt).damage = 1;
  T::obj(*s, grunt).counter_attack = 1;
  play(*s, "test-bounce");
  EXPECT_EQ(s->obj(grunt).where, Where::kHand);
  EXPECT_TRUE(contains(s->player(1).hand, grunt));
  EXPECT_TRUE(s->battlefield().empty());
  EXPECT_EQ(events_of(*s, rise::tcg::kEvReturn).size(), 1u);
}

TEST(TcgRules, TCG_12_10_MultiTargetRepeatsWhileItCanBePaid) {  // TCG-12.10 TCG-9.4
  auto s = table();
  T::player(*s, 0).coins = 3;
  int catapult = T::add_to_battlefield(*s, 0, "test-catapult");  // 1 Coin: 1 damage to a Creature
  int bear = T::add_to_battlefield(*s, 1, "test-bear");          // 3/3
  for (int k = 0; k < 3; ++k) {
    ASSERT_TRUE(legal(*s, "action " + card(catapult) + " 1")) << k;
    act(*s, "action " + card(catapult) + " 1");
    pass_window(*s);  // the bear is the only Creature: no choice
  }
  EXPECT_EQ(s->player(0).coins, 0);
  EXPECT_EQ(s->obj(bear).where, Where::kCemetery);
  EXPECT_FALSE(legal(*s, "action " + card(catapult) + " 1"));
}

TEST(TcgRules, TCG_12_11_EquipmentAttachesGrantsAndFollowsItsHost) {  // TCG-12.11
  auto s = table();
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");
  int wisp = T::add_to_battlefield(*s, 0, "test-wisp");
  T::add_to_battlefield(*s, 1, "test-grunt");  // not p0's: not a legal host
  int blade = T::add_to_hand(*s, 0, "test-blade");  // +2/+1 and Flight, on a Creature you control
  act(*s, "invoke " + card(blade) + " by S1");
  ASSERT_EQ(s->choice().kind, ChoiceKind::kAttach);
  EXPECT_EQ(legal_set(*s), actions(*s, {"choose " + card(grunt), "choose " + card(wisp)}));
  act(*s, "choose " + card(grunt));
  EXPECT_EQ(s->obj(blade).attached_to, grunt);
  EXPECT_EQ(s->attack_of(grunt), 4);
  EXPECT_EQ(s->defense_of(grunt), 3);
  EXPECT_TRUE(s->abilities_of(grunt) & rise::cardgame::kFlight);
  // Returned with its host.
  T::summoner(*s, 0, 1).cp = 1;
  int bounce = T::add_to_hand(*s, 0, "test-bounce");
  act(*s, "invoke " + card(bounce) + " by S2");
  pass_window(*s);
  act(*s, "choose " + card(grunt));
  EXPECT_TRUE(contains(s->player(0).hand, grunt));
  EXPECT_TRUE(contains(s->player(0).hand, blade));
  EXPECT_EQ(s->obj(blade).where, Where::kHand);

  // Destroyed with its host.
  int blade2 = T::add_to_battlefield(*s, 0, "test-blade");
  T::obj(*s, blade2).attached_to = static_cast<int16_t>(wisp);
  EXPECT_EQ(s->defense_of(wisp), 2);
  play(*s, "test-bolt");
  act(*s, "choose " + card(wisp));
  EXPECT_EQ(s->obj(wisp).where, Where::kCemetery);
  EXPECT_EQ(s->obj(blade2).where, Where::kCemetery);
  EXPECT_TRUE(contains(s->player(0).cemetery, blade2));
}

TEST(TcgRules, TCG_12_12_FixedPriceIgnoresDiscounts) {  // TCG-12.12
  auto s = table();
  T::player(*s, 0).coins = 2;
  int toll = T::add_to_battlefield(*s, 0, "test-tollhouse");  // Fixed Price, 2 Coins
  int market = T::add_to_battlefield(*s, 0, "test-market");   // 2 Coins
  play(*s, "test-bargain");                                   // Actions cost 2 fewer
  act(*s, "action " + card(market) + " 1");
  EXPECT_EQ(s->player(0).coins, 2);  // free now
  pass_window(*s);
  act(*s, "action " + card(toll) + " 1");
  EXPECT_EQ(s->player(0).coins, 0);  // full price
  pass_window(*s);
  EXPECT_EQ(s->player(0).ether, 2);
  // The discount lasts until the end of the turn.
  act(*s, "pass");
  pass_window(*s);
  EXPECT_EQ(s->player(0).discount, 0);
}

TEST(TcgRules, TCG_12_13_LockOpensOnceAndResolvesItsUnlockedEffects) {  // TCG-12.13 TCG-8.3
  auto s = table();
  T::player(*s, 0).coins = 1;
  int vault = T::add_to_battlefield(*s, 0, "test-vault");  // unlocked: draw 2
  EXPECT_FALSE(s->obj(vault).unlocked);
  act(*s, "action " + card(vault) + " 1");
  pass_window(*s);
  EXPECT_TRUE(s->obj(vault).unlocked);
  EXPECT_EQ(s->player(0).hand.size(), 2u);
  play(*s, "test-key");  // unlock again: nothing more
  EXPECT_EQ(s->player(0).hand.size(), 2u);
  EXPECT_EQ(s->obj(vault).where, Where::kBattlefield);
}

TEST(TcgRules, TCG_12_14_WallPassCannotBeBlockedByDoors) {  // TCG-12.14
  auto s = table();
  int phantom = T::add_to_battlefield(*s, 0, "test-phantom");
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  T::add_to_battlefield(*s, 1, "test-wall");
  declare(*s, {phantom});
  EXPECT_EQ(legal_set(*s), actions(*s, {block(grunt, phantom), "blocks done"}));
}

TEST(TcgRules, TCG_12_15_BleedWeakensASurvivingBlocker) {  // TCG-12.15
  auto s = table();
  int bleeder = T::add_to_battlefield(*s, 0, "test-bleeder");  // 2/2 Bleed
  int wall = T::add_to_battlefield(*s, 1, "test-wall");        // 1/5
  declare(*s, {bleeder});
  act(*s, block(wall, bleeder));
  act(*s, "blocks done");
  pass_window(*s);
  EXPECT_EQ(s->obj(wall).counter_attack, -1);
  EXPECT_EQ(s->obj(wall).counter_defense, -1);
  EXPECT_EQ(s->attack_of(wall), 0);
  EXPECT_EQ(s->defense_of(wall), 4);
  EXPECT_EQ(s->obj(bleeder).counter_attack, 0);

  // If the blocker dies there is nothing to bleed.
  auto t = table();
  int bleeder2 = T::add_to_battlefield(*t, 0, "test-bleeder");
  int imp = T::add_to_battlefield(*t, 1, "test-imp");
  declare(*t, {bleeder2});
  act(*t, block(imp, bleeder2));
  act(*t, "blocks done");
  pass_window(*t);
  EXPECT_EQ(t->obj(imp).where, Where::kExclusion);
  EXPECT_EQ(t->obj(imp).counter_defense, 0);
}

TEST(TcgRules, TCG_12_16_DrainGrowsWhenBlockedAndSurviving) {  // TCG-12.16
  auto s = table();
  int leech = T::add_to_battlefield(*s, 0, "test-leech");    // 1/3 Drain
  int archer = T::add_to_battlefield(*s, 1, "test-archer");  // 1/3
  declare(*s, {leech});
  act(*s, block(archer, leech));
  act(*s, "blocks done");
  pass_window(*s);
  EXPECT_EQ(s->attack_of(leech), 2);
  EXPECT_EQ(s->defense_of(leech), 4);
  EXPECT_EQ(s->obj(archer).counter_defense, 0);

  // Unblocked: no counter.
  auto t = table();
  int leech2 = T::add_to_battlefield(*t, 0, "test-leech");
  declare(*t, {leech2});
  act(*t, "blocks done");
  pass_window(*t);
  act(*t, "choose p1.S1");
  EXPECT_EQ(t->attack_of(leech2), 1);
  EXPECT_EQ(t->obj(leech2).counter_attack, 0);
}

TEST(TcgRules, TCG_12_17_IronSkinGrowsOncePerCombat) {  // TCG-12.17 TCG-12.7
  auto s = table();
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");
  int imp = T::add_to_battlefield(*s, 0, "test-imp");
  int ironhide = T::add_to_battlefield(*s, 1, "test-ironhide");  // 1/5 Iron Skin Horde
  declare(*s, {grunt, imp});
  act(*s, block(ironhide, grunt));
  act(*s, block(ironhide, imp));
  act(*s, "blocks done");
  pass_window(*s);
  EXPECT_EQ(s->obj(imp).where, Where::kExclusion);
  EXPECT_EQ(s->obj(grunt).where, Where::kBattlefield);
  EXPECT_EQ(s->obj(ironhide).counter_attack, 1);
  EXPECT_EQ(s->obj(ironhide).counter_defense, 1);
  EXPECT_EQ(s->attack_of(ironhide), 2);
  EXPECT_EQ(s->defense_of(ironhide), 6);
}

TEST(TcgRules, TCG_12_18_ConstancyRefusesMinusCounters) {  // TCG-12.18
  auto s = table();
  int stalwart = T::add_to_battlefield(*s, 1, "test-stalwart");  // 2/2 Constancy
  play(*s, "test-shrink");  // -2/-2
  EXPECT_EQ(s->obj(stalwart).where, Where::kBattlefield);
  EXPECT_EQ(s->attack_of(stalwart), 2);
  EXPECT_EQ(s->defense_of(stalwart), 2);
  play(*s, "test-grow");  // +1/+1 still applies
  EXPECT_EQ(s->attack_of(stalwart), 3);
  EXPECT_EQ(s->defense_of(stalwart), 3);
}

}  // namespace
}  // namespace tcgtest
