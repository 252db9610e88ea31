// Rule tests of rise-tcg, section 14: Diseases, Immunity and Dodge (docs/rules/rise-tcg.md).
// Each test names the rule ids and Interpretations it covers on its TEST line. Coin tosses
// are forced just before the toss (force_coins, docs/formats.md "Forced chance").
#include <gtest/gtest.h>

#include <vector>

#include "rise/core/game.h"
#include "rise/core/registry.h"
#include "test_access.h"

namespace tcgtest {
namespace {

using rise::tcg::ChoiceKind;
using rise::tcg::kPlayerRef;
using rise::tcg::Phase;

// A Disease of `p` already on `host` (a Creature id or kPlayerRef + player), cast by p.
int infected(TcgState& s, int p, const std::string& disease, int host) {
  int id = T::add_to_battlefield(s, p, disease);
  T::obj(s, id).attached_to = static_cast<int16_t>(host);
  T::obj(s, id).caster = static_cast<int8_t>(p);
  return id;
}

// The active player (in its main phase) passes the turn; the next player's turn starts and
// waits for its Restoration choice.
void pass_to_restoration(TcgState& s) {
  pass_turn(s);
  ASSERT_EQ(s.phase(), Phase::kRestoration);
}

// p1's turn begins (from p0's main phase), the coins of its Restoration forced.
void p1_turn(TcgState& s, const std::vector<bool>& coins) {
  pass_to_restoration(s);
  force_coins(s, coins);
  restore(s, "draw 1");
}

TEST(TcgRules, TCG_14_1_TCG_14_2_TCG_14_3_ADiseaseStaysOnTheCreatureItsCasterChose) {  // TCG-14.1 TCG-14.2 TCG-14.3 TCG-I50 TCG-I51
  auto s = table();
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  int bear = T::add_to_battlefield(*s, 1, "test-bear");
  T::add_to_battlefield(*s, 1, "test-immune");
  int allergy = T::add_to_hand(*s, 0, "test-allergy");
  act(*s, "invoke " + card(allergy) + " by S1");
  ASSERT_EQ(s->choice().kind, ChoiceKind::kAttach);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->choice().options, (std::vector<int16_t>{static_cast<int16_t>(grunt), static_cast<int16_t>(bear)}));
  act(*s, "choose " + card(bear));
  const auto& d = s->obj(allergy);
  EXPECT_EQ(d.where, Where::kBattlefield);
  EXPECT_EQ(d.controller, 0);
  EXPECT_EQ(d.attached_to, bear);
  EXPECT_EQ(d.caster, 0);
  ASSERT_EQ(events_of(*s, rise::tcg::kEvInfect).size(), 1u);
  EXPECT_EQ(events_of(*s, rise::tcg::kEvInfect)[0].b, bear);
  EXPECT_EQ(s->attack_of(bear), 2);  // Allergy
  EXPECT_EQ(s->defense_of(bear), 2);
}

TEST(TcgRules, TCG_14_2_ADiseaseWithoutAHostGoesToTheCemetery) {  // TCG-14.2 TCG-I51
  auto s = table();
  T::add_to_battlefield(*s, 1, "test-immune");
  int paralysis = play(*s, "test-paralysis");
  EXPECT_EQ(s->obj(paralysis).where, Where::kCemetery);
  EXPECT_TRUE(contains(s->player(0).cemetery, paralysis));
  EXPECT_EQ(events_of(*s, rise::tcg::kEvDiseaseEnds).size(), 1u);
}

TEST(TcgRules, TCG_14_4_CureEndsTheDiseasesOfACreatureOrOfAPlayer) {  // TCG-14.4 TCG-14.5 TCG-I53 TCG-I64
  auto s = table();
  int bear = T::add_to_battlefield(*s, 1, "test-bear");
  int a1 = infected(*s, 0, "test-allergy", bear);
  int a2 = infected(*s, 0, "test-paranoia", bear);
  int cold = infected(*s, 0, "test-cold", kPlayerRef + 1);
  EXPECT_EQ(s->defense_of(bear), 2);
  play(*s, "test-cure");  // the only Creature: bear
  EXPECT_EQ(s->obj(a1).where, Where::kCemetery);
  EXPECT_EQ(s->obj(a2).where, Where::kCemetery);
  EXPECT_EQ(s->obj(a1).attached_to, -1);
  EXPECT_EQ(s->defense_of(bear), 3);
  EXPECT_EQ(s->obj(cold).where, Where::kBattlefield);
  EXPECT_EQ(events_of(*s, rise::tcg::kEvDiseaseEnds).size(), 2u);
  // A cure on a Summoner ends the Diseases of its player: Cold.
  int remedy = T::add_to_hand(*s, 0, "test-remedy");
  T::summoner(*s, 0, 0).cp = 1;
  act(*s, "invoke " + card(remedy) + " by S1");
  pass_window(*s);
  act(*s, "choose p1.S2");
  EXPECT_EQ(s->obj(cold).where, Where::kCemetery);
}

TEST(TcgRules, TCG_14_5_ADiseaseEndsWhenItsHostLeavesTheBattlefield) {  // TCG-14.5 TCG-I53
  auto s = table();
  int bear = T::add_to_battlefield(*s, 1, "test-bear");
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  int on_bear = infected(*s, 0, "test-paralysis", bear);
  int on_grunt = infected(*s, 0, "test-dementia", grunt);
  int bolt = T::add_to_hand(*s, 0, "test-bolt");
  act(*s, "invoke " + card(bolt) + " by S1");
  pass_window(*s);
  act(*s, "choose " + card(grunt));  // 2 damage: the grunt dies
  EXPECT_EQ(s->obj(grunt).where, Where::kCemetery);
  EXPECT_EQ(s->obj(on_grunt).where, Where::kCemetery);
  EXPECT_TRUE(contains(s->player(0).cemetery, on_grunt));
  // Returned to hand: the host goes, its Disease does not follow it (unlike Equipment).
  int bounce = T::add_to_hand(*s, 0, "test-bounce");
  T::summoner(*s, 0, 0).cp = 1;
  act(*s, "invoke " + card(bounce) + " by S1");
  pass_window(*s);
  EXPECT_EQ(s->obj(bear).where, Where::kHand);
  EXPECT_EQ(s->obj(on_bear).where, Where::kCemetery);
  EXPECT_FALSE(contains(s->player(0).hand, on_bear));
}

TEST(TcgRules, TCG_14_6_ImmunityBlocksEveryDisease) {  // TCG-14.6 TCG-I52
  auto s = table();
  int immune = T::add_to_battlefield(*s, 1, "test-immune");
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  // Never a target: each Disease (but Cold, which infects a player) picks the grunt alone.
  for (const char* disease : {"test-madness", "test-dementia", "test-amok", "test-allergy", "test-trauma",
                              "test-paralysis", "test-schizo", "test-paranoia"}) {
    int id = play(*s, disease);
    EXPECT_EQ(s->obj(id).attached_to, grunt) << disease;
    play(*s, "test-cure");  // out of the way for the next one
    act(*s, "choose " + card(grunt));
    EXPECT_EQ(s->obj(id).where, Where::kCemetery) << disease;
    EXPECT_EQ(s->obj(grunt).controller, 1) << disease;
  }
  force_coins(*s, {true});
  int parasite = play(*s, "test-parasite");
  EXPECT_EQ(s->obj(parasite).attached_to, grunt);
  // A host that gains Immunity loses its Diseases at once.
  int paranoia = infected(*s, 0, "test-paranoia", grunt);
  int ward = T::add_to_hand(*s, 1, "test-ward");
  T::set_main(*s, 1);
  T::ready(*s, 1);
  act(*s, "invoke " + card(ward) + " by S1");
  act(*s, "choose " + card(grunt));
  EXPECT_EQ(s->obj(paranoia).where, Where::kCemetery);
  EXPECT_EQ(s->obj(parasite).where, Where::kCemetery);
  EXPECT_EQ(events_of(*s, rise::tcg::kEvImmune).size(), 2u);
  EXPECT_EQ(s->obj(immune).where, Where::kBattlefield);
}

// p0 attacks p1's Dodge Creature with a grunt; p1 controls Diseases on p0's Creatures.
TEST(TcgRules, TCG_14_7_DodgeTakesNoCombatDamageAndPassesADisease) {  // TCG-14.7 TCG-14.3 TCG-I62
  for (bool heads : {true, false}) {
    auto s = table();
    int grunt = T::add_to_battlefield(*s, 0, "test-grunt");  // 2/2
    int bear = T::add_to_battlefield(*s, 0, "test-bear");
    int dodger = T::add_to_battlefield(*s, 1, "test-dodger");  // 1/2 Dodge
    int paralysis = infected(*s, 1, "test-paralysis", bear);
    act(*s, "attack");
    act(*s, "attacker " + card(grunt) + " at p1");
    attackers_done(*s);
    act(*s, "block " + card(dodger) + " " + card(grunt));
    act(*s, "blocks done");
    force_coins(*s, {heads});
    pass_window(*s);
    if (heads) {
      EXPECT_EQ(s->obj(dodger).where, Where::kBattlefield);
      EXPECT_EQ(s->obj(dodger).damage, 0);
      EXPECT_EQ(s->obj(grunt).damage, 1);
      EXPECT_EQ(s->obj(paralysis).attached_to, grunt);  // passed to the attacker
      EXPECT_EQ(s->obj(paralysis).caster, 1);
      EXPECT_EQ(events_of(*s, rise::tcg::kEvDodge).size(), 1u);
    } else {
      EXPECT_EQ(s->obj(dodger).where, Where::kCemetery);
      EXPECT_EQ(s->obj(paralysis).attached_to, bear);
      EXPECT_TRUE(events_of(*s, rise::tcg::kEvDodge).empty());
    }
  }
}

TEST(TcgRules, TCG_14_7_DodgeChoosesAmongDiseasesAndImmunityStopsThePass) {  // TCG-14.7 TCG-14.6 TCG-I62
  auto s = table();
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");
  int bear = T::add_to_battlefield(*s, 0, "test-bear");
  int dodger = T::add_to_battlefield(*s, 1, "test-dodger");
  int paralysis = infected(*s, 1, "test-paralysis", bear);
  int paranoia = infected(*s, 1, "test-paranoia", bear);
  infected(*s, 1, "test-cold", kPlayerRef + 0);  // on a player: never passed
  act(*s, "attack");
  act(*s, "attacker " + card(grunt) + " at p1");
  attackers_done(*s);
  act(*s, "block " + card(dodger) + " " + card(grunt));
  act(*s, "blocks done");
  force_coins(*s, {true});
  pass_window(*s);
  ASSERT_EQ(s->choice().kind, ChoiceKind::kPassDisease);
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(s->choice().options, (std::vector<int16_t>{static_cast<int16_t>(paralysis), static_cast<int16_t>(paranoia)}));
  // The state round-trips through JSON with the choice pending.
  const rise::Game& game = rise::find_game("rise-tcg");
  auto copy = TcgState::from_json(game, s->to_json());
  EXPECT_EQ(copy->to_json(), s->to_json());
  act(*s, "choose " + card(paranoia));
  EXPECT_EQ(s->obj(paranoia).attached_to, grunt);
  EXPECT_EQ(s->obj(paralysis).attached_to, bear);
  EXPECT_EQ(s->obj(dodger).damage, 0);

  // An attacker with Immunity: the Dodge still works, no Disease passes.
  auto t = table();
  int immune = T::add_to_battlefield(*t, 0, "test-immune");
  int bear2 = T::add_to_battlefield(*t, 0, "test-bear");
  int dodger2 = T::add_to_battlefield(*t, 1, "test-dodger");
  int para2 = infected(*t, 1, "test-paralysis", bear2);
  act(*t, "attack");
  act(*t, "attacker " + card(immune) + " at p1");
  attackers_done(*t);
  act(*t, "block " + card(dodger2) + " " + card(immune));
  act(*t, "blocks done");
  force_coins(*t, {true});
  pass_window(*t);
  EXPECT_EQ(t->obj(dodger2).damage, 0);
  EXPECT_EQ(t->obj(para2).attached_to, bear2);
  EXPECT_EQ(events_of(*t, rise::tcg::kEvImmune).size(), 1u);
}

TEST(TcgRules, TCG_14_8_ColdCostsACoinBeforeRestorationAndEndsWhenUnpaid) {  // TCG-14.8 TCG-I56
  auto s = table();
  int cold = play(*s, "test-cold");  // the only opponent: p1
  EXPECT_EQ(s->obj(cold).attached_to, kPlayerRef + 1);
  T::player(*s, 1).coins = 1;
  T::player(*s, 0).coins = 0;
  pass_to_restoration(*s);
  EXPECT_EQ(s->active_player(), 1);
  EXPECT_EQ(s->player(1).coins, 0);  // paid before the Restoration choice
  EXPECT_EQ(s->player(0).coins, 0);  // to no one
  EXPECT_EQ(events_of(*s, rise::tcg::kEvColdPaid).size(), 1u);
  restore(*s, "draw 2");  // +1 Coin
  EXPECT_EQ(s->player(1).coins, 1);
  T::player(*s, 1).coins = 0;
  pass_to_restoration(*s);  // p0's turn: p0 has no Cold
  restore(*s, "draw 2");
  EXPECT_EQ(s->obj(cold).where, Where::kBattlefield);
  pass_to_restoration(*s);  // p1 cannot pay: Cold ends
  EXPECT_EQ(s->obj(cold).where, Where::kCemetery);
  EXPECT_EQ(s->player(1).coins, 0);
  EXPECT_EQ(events_of(*s, rise::tcg::kEvColdPaid).size(), 1u);
}

TEST(TcgRules, TCG_14_9_MadnessControlsTheHostWhileItIsInfected) {  // TCG-14.9 TCG-I61
  auto s = table();
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  int madness = play(*s, "test-madness");
  EXPECT_EQ(s->obj(madness).attached_to, grunt);
  EXPECT_EQ(s->obj(grunt).controller, 0);
  EXPECT_TRUE(s->obj(grunt).sick);
  play(*s, "test-cure");
  EXPECT_EQ(s->obj(madness).where, Where::kCemetery);
  EXPECT_EQ(s->obj(grunt).controller, 1);
}

TEST(TcgRules, TCG_14_10_DementiaMakesTheCreatureHitItself) {  // TCG-14.10 TCG-I57 TCG-I58 TCG-I65
  for (bool heads : {true, false}) {
    auto s = table();
    int archer = T::add_to_battlefield(*s, 1, "test-archer");  // 1/3
    infected(*s, 0, "test-dementia", archer);
    p1_turn(*s, {heads});
    EXPECT_EQ(s->obj(archer).damage, heads ? 1 : 0);
    EXPECT_EQ(s->obj(archer).disabled, heads);
    EXPECT_EQ(legal(*s, "attack"), !heads);
  }
  // On the turn of p0 (not its controller) nothing is tossed.
  auto s = table();
  int archer = T::add_to_battlefield(*s, 1, "test-archer");
  infected(*s, 0, "test-dementia", archer);
  T::set_main(*s, 1);
  pass_to_restoration(*s);
  force_coins(*s, {true});
  restore(*s, "draw 1");
  EXPECT_TRUE(events_of(*s, rise::tcg::kEvCoin).empty());
  EXPECT_EQ(s->obj(archer).damage, 0);
}

TEST(TcgRules, TCG_14_11_AmokHitsARandomAlly) {  // TCG-14.11 TCG-I57
  for (bool heads : {true, false}) {
    auto s = table();
    int bear = T::add_to_battlefield(*s, 1, "test-bear");    // 3/3, infected
    int grunt = T::add_to_battlefield(*s, 1, "test-grunt");  // 2/2, its only ally
    T::add_to_battlefield(*s, 0, "test-grunt");              // not an ally
    infected(*s, 0, "test-amok", bear);
    p1_turn(*s, {heads});
    EXPECT_EQ(s->obj(grunt).where, heads ? Where::kCemetery : Where::kBattlefield);
    EXPECT_EQ(s->obj(bear).damage, 0);
    EXPECT_EQ(s->obj(bear).disabled, heads);
  }
}

TEST(TcgRules, TCG_14_12_AllergyIsACumulativeMinusOneWhileInfected) {  // TCG-14.12 TCG-I63
  auto s = table();
  int bear = T::add_to_battlefield(*s, 1, "test-bear");
  int stalwart = T::add_to_battlefield(*s, 1, "test-stalwart");  // Constancy
  int imp = T::add_to_battlefield(*s, 1, "test-imp");            // 1/1
  infected(*s, 0, "test-allergy", bear);
  int second = infected(*s, 0, "test-allergy", bear);
  infected(*s, 0, "test-allergy", stalwart);
  EXPECT_EQ(s->attack_of(bear), 1);
  EXPECT_EQ(s->defense_of(bear), 1);
  EXPECT_EQ(s->defense_of(stalwart), 2);
  play(*s, "test-cure");  // choose among the Creatures
  act(*s, "choose " + card(bear));
  EXPECT_EQ(s->obj(second).where, Where::kCemetery);
  EXPECT_EQ(s->defense_of(bear), 3);
  int on_imp = infected(*s, 0, "test-allergy", imp);
  T::set_main(*s, 0);
  play(*s, "test-insight");  // any step: deaths are checked
  EXPECT_EQ(s->obj(imp).where, Where::kExclusion);  // infinite rank (Rule TCG-6.2)
  EXPECT_EQ(s->obj(on_imp).where, Where::kCemetery);
}

TEST(TcgRules, TCG_14_13_TraumaKillsTheHostAndHurtsTheCaster) {  // TCG-14.13 TCG-I55
  for (bool heads : {true, false}) {
    auto s = table();
    int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
    int trauma = infected(*s, 0, "test-trauma", grunt);
    T::summoner(*s, 0, 0).hp = 15;  // S2 (20 HP) has the most: it takes the damage
    p1_turn(*s, {heads});
    EXPECT_EQ(s->obj(grunt).where, heads ? Where::kCemetery : Where::kBattlefield);
    EXPECT_EQ(s->obj(trauma).where, heads ? Where::kCemetery : Where::kBattlefield);
    EXPECT_EQ(s->player(0).summoners[0].hp, 15);
    EXPECT_EQ(s->player(0).summoners[1].hp, heads ? 18 : 20);
    EXPECT_EQ(s->player(1).summoners[0].hp, 20);
  }
}

TEST(TcgRules, TCG_14_14_ParalysisStopsAttacksAndActionsForTheTurn) {  // TCG-14.14 TCG-I57
  for (bool heads : {true, false}) {
    auto s = table();
    int pump = T::add_to_battlefield(*s, 1, "test-pump");  // Action: 1 Coin, +1/+1
    infected(*s, 0, "test-paralysis", pump);
    T::player(*s, 1).coins = 3;
    p1_turn(*s, {heads});
    EXPECT_EQ(legal(*s, "attack"), !heads);
    EXPECT_EQ(legal(*s, "action " + card(pump) + " 1"), !heads);
    if (heads) {
      pass_to_restoration(*s);  // the end of the turn ends it
      EXPECT_FALSE(s->obj(pump).disabled);
    }
  }
}

TEST(TcgRules, TCG_14_15_SchizophreniaGivesTheActionsToTheCasterAtTheOwnersCost) {  // TCG-14.15 TCG-14.3 TCG-I59
  auto s = table();
  int pump = T::add_to_battlefield(*s, 1, "test-pump");
  infected(*s, 0, "test-schizo", pump);
  T::player(*s, 1).coins = 3;
  T::player(*s, 0).coins = 0;
  p1_turn(*s, {true});
  EXPECT_EQ(s->obj(pump).actions_by, 0);
  EXPECT_FALSE(legal(*s, "action " + card(pump) + " 1"));  // not for its controller
  EXPECT_TRUE(legal(*s, "attack"));                         // attacks stay its controller's
  act(*s, "pass");  // p0 answers in the end-of-turn window
  ASSERT_TRUE(s->window_open());
  EXPECT_EQ(s->priority_player(), 0);
  act(*s, "action " + card(pump) + " 1");
  EXPECT_EQ(s->player(1).coins, 4);  // 3 + 2 (draw 1) - 1: the owner paid
  EXPECT_EQ(s->player(0).coins, 0);
  pass_window(*s);
  EXPECT_EQ(s->active_player(), 0);  // the turn ended; the hold with it
  EXPECT_EQ(s->obj(pump).actions_by, -1);
}

TEST(TcgRules, TCG_14_16_ParasiteCountersForThreeTurnsThenEnds) {  // TCG-14.16 TCG-I54
  auto s = table();
  int giant = T::add_to_battlefield(*s, 1, "test-giant");  // 4/4
  force_coins(*s, {true});
  int parasite = play(*s, "test-parasite");
  EXPECT_EQ(s->obj(parasite).attached_to, giant);
  EXPECT_EQ(s->obj(parasite).disease_turns, 3);
  EXPECT_EQ(s->defense_of(giant), 4);
  pass_to_restoration(*s);
  restore(*s, "draw 1");
  EXPECT_EQ(s->defense_of(giant), 3);
  pass_to_restoration(*s);
  restore(*s, "draw 1");  // p0's turn counts too
  EXPECT_EQ(s->defense_of(giant), 2);
  pass_to_restoration(*s);
  restore(*s, "draw 1");
  EXPECT_EQ(s->defense_of(giant), 1);
  EXPECT_EQ(s->attack_of(giant), 1);
  EXPECT_EQ(s->obj(parasite).where, Where::kCemetery);  // three turns: it ends, the counters stay
  pass_to_restoration(*s);
  restore(*s, "draw 1");
  EXPECT_EQ(s->defense_of(giant), 1);
}

TEST(TcgRules, TCG_14_16_ParasiteKillingItsHostHurtsTheOwnersSummoner) {  // TCG-14.16 TCG-I55
  auto s = table();
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");  // 2/2
  force_coins(*s, {true});
  int parasite = play(*s, "test-parasite");
  T::obj(*s, grunt).controller = 0;  // controlled by p0, still owned by p1
  pass_to_restoration(*s);
  restore(*s, "draw 1");
  EXPECT_EQ(s->obj(grunt).where, Where::kBattlefield);
  pass_to_restoration(*s);
  restore(*s, "draw 1");
  EXPECT_EQ(s->obj(grunt).where, Where::kCemetery);
  EXPECT_EQ(s->obj(parasite).where, Where::kCemetery);
  EXPECT_EQ(s->player(1).summoners[0].hp, 17);  // its owner's Summoner
  EXPECT_EQ(s->player(0).summoners[0].hp, 20);
}

TEST(TcgRules, TCG_14_16_ParasiteFailureInfectsTheCastersWeakestCreature) {  // TCG-14.16 TCG-I54
  auto s = table();
  int bear = T::add_to_battlefield(*s, 1, "test-bear");
  T::add_to_battlefield(*s, 0, "test-grunt");              // 2/2
  int imp = T::add_to_battlefield(*s, 0, "test-imp");      // 1/1: the weakest
  T::add_to_battlefield(*s, 0, "test-immune");
  int parasite = T::add_to_hand(*s, 0, "test-parasite");
  act(*s, "invoke " + card(parasite) + " by S1");
  force_coins(*s, {false});
  act(*s, "choose " + card(bear));
  EXPECT_EQ(s->obj(parasite).attached_to, imp);
  EXPECT_EQ(s->obj(parasite).caster, 0);
}

TEST(TcgRules, TCG_14_17_ParanoiaDoublesTheNextHit) {  // TCG-14.17 TCG-I60
  for (bool heads : {true, false}) {
    auto s = table();
    int bear = T::add_to_battlefield(*s, 1, "test-bear");  // 3/3
    infected(*s, 0, "test-paranoia", bear);
    p1_turn(*s, {heads});
    EXPECT_EQ(s->obj(bear).double_damage, heads);
    // p1 bolts its own bear (2 damage): doubled to 4 after a success.
    int bolt = T::add_to_hand(*s, 1, "test-bolt");
    act(*s, "invoke " + card(bolt) + " by S1");
    pass_window(*s);
    act(*s, "choose " + card(bear));
    EXPECT_EQ(s->obj(bear).where, heads ? Where::kCemetery : Where::kBattlefield);
    EXPECT_FALSE(s->obj(bear).double_damage);
  }
}

TEST(TcgRules, TCG_14_DiseaseStateIsPublicAndRoundTrips) {  // TCG-14.1 TCG-14.3
  auto s = table();
  int bear = T::add_to_battlefield(*s, 1, "test-bear");
  int madness = play(*s, "test-madness");
  int cold = play(*s, "test-cold");
  T::obj(*s, bear).double_damage = true;
  T::obj(*s, bear).disabled = true;
  T::obj(*s, bear).actions_by = 1;
  const rise::Game& game = rise::find_game("rise-tcg");
  auto copy = TcgState::from_json(game, s->to_json());
  EXPECT_EQ(copy->to_json(), s->to_json());
  auto obs = s->observation_json(1);
  bool seen_madness = false, seen_bear = false, seen_cold = false;
  for (const auto& o : obs["battlefield"]) {
    if (o["id"] == madness) {
      EXPECT_EQ(o["disease"], "Madness");
      EXPECT_EQ(o["caster"], 0);
      EXPECT_EQ(o["attached_to"], bear);
      seen_madness = true;
    }
    if (o["id"] == bear) {
      EXPECT_EQ(o["double_damage"], true);
      EXPECT_EQ(o["actions_by"], 1);
      seen_bear = true;
    }
    if (o["id"] == cold) {
      EXPECT_EQ(o["attached_to"], kPlayerRef + 1);
      seen_cold = true;
    }
  }
  EXPECT_TRUE(seen_madness);
  EXPECT_TRUE(seen_bear);
  EXPECT_TRUE(seen_cold);
  std::string text = s->render_text(1, false);
  EXPECT_NE(text.find("on p1"), std::string::npos) << text;
  EXPECT_NE(text.find("caster p0"), std::string::npos) << text;
  EXPECT_NE(text.find("infects"), std::string::npos) << text;
}

// Whole games of Disease decks (tests/data/decks/plague.yaml) with random legal actions:
// every state round-trips through JSON and every game ends.
TEST(TcgRules, TCG_14_RandomPlagueGamesRunAndRoundTrip) {  // TCG-14.1
  const rise::Game& game = rise::find_game("rise-tcg");
  int infections = 0;
  int strikes = 0;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    auto s = new_game(seed, "plague,plague", "40");
    rise::Rng pick(seed * 7919);
    std::vector<Action> legal_now;
    for (int step = 0; step < 5000 && !s->is_terminal(); ++step) {
      s->legal_actions(legal_now);
      ASSERT_FALSE(legal_now.empty());
      s->apply_action(legal_now[static_cast<size_t>(pick.below(legal_now.size()))]);
      if (step % 31 == 0) {
        auto copy = TcgState::from_json(game, s->to_json());
        ASSERT_EQ(copy->to_json(), s->to_json()) << "seed " << seed << " step " << step;
        s->observation_json(0);
        s->render_text(1, false);
      }
    }
    EXPECT_TRUE(s->is_terminal()) << "seed " << seed;
    infections += static_cast<int>(events_of(*s, rise::tcg::kEvInfect).size());
    strikes += static_cast<int>(events_of(*s, rise::tcg::kEvDiseaseStrikes).size());
  }
  EXPECT_GT(infections, 8);
  EXPECT_GT(strikes, 4);
}


// Review fixes (issue 4): each test below failed before its fix.

TEST(TcgRules, TCG_14_9_MadnessOutlastsPossessionAndControlUntilEndOfTurn) {  // TCG-14.9 TCG-I66 TCG-12.32
  // (a) p0 possessed p1's Grunt, then infects it with Madness: p1's turn does not take it back.
  auto s = table();
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  T::obj(*s, grunt).controller = 0;
  T::obj(*s, grunt).wild = rise::tcg::kWildPossessed;
  int madness = play(*s, "test-madness");
  EXPECT_EQ(s->obj(madness).attached_to, grunt);
  EXPECT_FALSE(s->obj(grunt).wild & rise::tcg::kWildPossessed);
  EXPECT_EQ(s->obj(madness).prior_controller, 1);
  pass_to_restoration(*s);
  restore(*s, "draw 1");
  EXPECT_EQ(s->active_player(), 1);
  EXPECT_EQ(s->obj(grunt).controller, 0);

  // (b) p0 controls p1's Grunt until end of turn, then infects it: the end of turn keeps it.
  auto t = table();
  grunt = T::add_to_battlefield(*t, 1, "test-grunt");
  T::obj(*t, grunt).controller = 0;
  T::obj(*t, grunt).control_until_eot = true;
  T::obj(*t, grunt).eot_controller = 1;
  madness = play(*t, "test-madness");
  EXPECT_FALSE(t->obj(grunt).control_until_eot);
  EXPECT_EQ(t->obj(madness).prior_controller, 1);
  pass_to_restoration(*t);
  EXPECT_EQ(t->obj(grunt).controller, 0);
  // Cured, it goes back to the controller it had before Madness.
  restore(*t, "draw 1");
  int cure = T::add_to_hand(*t, 1, "test-cure");
  act(*t, "invoke " + card(cure) + " by S1");
  pass_window(*t);
  EXPECT_EQ(t->obj(madness).where, Where::kCemetery);
  EXPECT_EQ(t->obj(grunt).controller, 1);
}

TEST(TcgRules, TCG_14_17_ParanoiaInCombatAndUnderSplash) {  // TCG-14.17 TCG-I60 TCG-12.29 TCG-I38
  // Paranoia doubles the blocker's next hit in combat.
  auto s = table();
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");  // 2/2
  int bear = T::add_to_battlefield(*s, 1, "test-bear");    // 3/3
  T::obj(*s, bear).double_damage = true;
  act(*s, "attack");
  act(*s, "attacker " + card(grunt) + " at p1");
  attackers_done(*s);
  act(*s, "block " + card(bear) + " " + card(grunt));
  act(*s, "blocks done");
  pass_window(*s);
  EXPECT_EQ(s->obj(bear).where, Where::kCemetery);  // 2 doubled to 4
  EXPECT_EQ(s->obj(grunt).where, Where::kCemetery);

  // Splash copies the attack, not the blocker's doubled damage...
  auto t = table();
  int splasher = T::add_to_battlefield(*t, 0, "test-splasher");  // 2/3
  int blocker = T::add_to_battlefield(*t, 1, "test-grunt");
  int archer = T::add_to_battlefield(*t, 1, "test-archer");       // 1/3
  T::add_to_battlefield(*t, 1, "test-wisp");
  T::obj(*t, blocker).double_damage = true;
  act(*t, "attack");
  act(*t, "attacker " + card(splasher) + " at p1");
  attackers_done(*t);
  act(*t, "block " + card(blocker) + " " + card(splasher));
  act(*t, "blocks done");
  pass_window(*t);
  act(*t, "choose " + card(archer));
  EXPECT_EQ(t->obj(blocker).where, Where::kCemetery);
  EXPECT_EQ(t->obj(archer).damage, 2);
  EXPECT_EQ(t->obj(archer).where, Where::kBattlefield);

  // ...and the splashed Creature's own Paranoia doubles what it takes.
  auto u = table();
  splasher = T::add_to_battlefield(*u, 0, "test-splasher");
  blocker = T::add_to_battlefield(*u, 1, "test-grunt");
  archer = T::add_to_battlefield(*u, 1, "test-archer");
  T::add_to_battlefield(*u, 1, "test-wisp");
  T::obj(*u, archer).double_damage = true;
  act(*u, "attack");
  act(*u, "attacker " + card(splasher) + " at p1");
  attackers_done(*u);
  act(*u, "block " + card(blocker) + " " + card(splasher));
  act(*u, "blocks done");
  pass_window(*u);
  act(*u, "choose " + card(archer));
  EXPECT_EQ(u->obj(archer).where, Where::kCemetery);  // 2 doubled to 4 >= 3
  EXPECT_FALSE(u->obj(archer).double_damage);
}

}  // namespace
}  // namespace tcgtest
