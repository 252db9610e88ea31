// Rule tests of rise-tcg, section 12: the Abilities of issue 4 (Morpher ... the Elements)
// and their Interpretations (docs/rules/rise-tcg.md). Each test names the rule ids it covers
// on its TEST line; coin outcomes are forced by seeding the game's Rng.
#include <gtest/gtest.h>

#include <vector>

#include "test_access.h"

namespace tcgtest {
namespace {

using rise::tcg::ChoiceKind;
using rise::tcg::Phase;

// p0 destroys `target` with a Test Doom (choosing it if there is a choice).
void doom(TcgState& s, int target) {
  play(s, "test-doom");
  if (s.choice().kind == ChoiceKind::kStepTarget) act(s, "choose " + card(target));
}

int coins_tossed(const TcgState& s) { return static_cast<int>(events_of(s, rise::tcg::kEvCoin).size()); }

// Ends the active player's turn (from its main phase) and starts the next one's
// (Restoration: draw 1).
void next_turn(TcgState& s) {
  pass_turn(s);
  if (s.phase() == Phase::kRestoration) restore(s, "draw 1");
}

TEST(TcgRules, TCG_12_19_MorpherCopiesAnotherCreatureKeepingMorpher) {  // TCG-12.19 TCG-I30
  auto s = table();
  int wisp = T::add_to_battlefield(*s, 0, "test-wisp");
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  int morpher = play(*s, "test-morpher");
  ASSERT_EQ(s->choice().kind, ChoiceKind::kMorph);
  EXPECT_EQ(legal_set(*s), actions(*s, {"choose " + card(wisp), "choose " + card(grunt)}));
  act(*s, "choose " + card(grunt));  // an opposing Creature may be copied
  EXPECT_EQ(s->cards().card(s->obj(morpher).def).id, "test-grunt");
  EXPECT_EQ(s->attack_of(morpher), 2);
  EXPECT_EQ(s->defense_of(morpher), 2);
  EXPECT_TRUE(s->abilities_of(morpher) & rise::cardgame::kMorpher);
  EXPECT_EQ(s->obj(morpher).controller, 0);
  EXPECT_TRUE(s->obj(morpher).sick);
  // Leaving the battlefield, it is its own card again (TCG-I30).
  doom(*s, morpher);
  EXPECT_EQ(s->obj(morpher).where, Where::kCemetery);
  EXPECT_EQ(s->cards().card(s->obj(morpher).def).id, "test-morpher");
  EXPECT_EQ(s->obj(morpher).base_def, -1);

  // Nothing to copy: it dies at once.
  auto t = table();
  int lonely = play(*t, "test-morpher");
  EXPECT_EQ(t->obj(lonely).where, Where::kCemetery);
  EXPECT_EQ(events_of(*t, rise::tcg::kEvDies).size(), 1u);

  // One Creature to copy: taken without asking (TCG-I4).
  auto u = table();
  T::add_to_battlefield(*u, 1, "test-archer");
  int copy = play(*u, "test-morpher");
  EXPECT_EQ(u->choice().kind, ChoiceKind::kNone);
  EXPECT_EQ(u->attack_of(copy), 1);
  EXPECT_EQ(u->defense_of(copy), 3);
}

TEST(TcgRules, TCG_12_20_FoodIsAPropertyEffectsReferTo) {  // TCG-12.20 TCG-12.21 TCG-I43
  auto s = table();
  int food = T::add_to_battlefield(*s, 0, "test-food");
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");
  T::add_to_battlefield(*s, 1, "test-food");  // not "you control"
  int eater = play(*s, "test-eater");  // destroys the only Food Creature you control
  EXPECT_EQ(s->obj(food).where, Where::kCemetery);
  EXPECT_EQ(s->obj(grunt).where, Where::kBattlefield);
  EXPECT_EQ(s->attack_of(eater), 3);
  EXPECT_EQ(s->defense_of(eater), 3);
}

TEST(TcgRules, TCG_12_21_SymbiosisBenefitsFromOtherCreatures) {  // TCG-12.21 TCG-I43
  auto s = table();
  int symbiont = T::add_to_battlefield(*s, 0, "test-symbiont");
  EXPECT_EQ(s->attack_of(symbiont), 0);
  T::add_to_battlefield(*s, 0, "test-grunt");
  T::add_to_battlefield(*s, 0, "test-wisp");
  T::add_to_battlefield(*s, 1, "test-grunt");
  EXPECT_EQ(s->attack_of(symbiont), 2);
}

TEST(TcgRules, TCG_12_22_CopycatRelaunchesAnActionOncePerTurn) {  // TCG-12.22 TCG-I31
  auto s = table();
  T::player(*s, 0).coins = 3;
  int pump = T::add_to_battlefield(*s, 0, "test-pump");  // 1 Coin: +1/+1 until end of turn
  EXPECT_FALSE(legal(*s, "relaunch " + card(pump) + " 1"));  // no Copycat yet
  int cat = T::add_to_battlefield(*s, 0, "test-copycat");
  act(*s, "action " + card(pump) + " 1");
  pass_window(*s);
  EXPECT_FALSE(legal(*s, "action " + card(pump) + " 1"));  // its own once-per-turn limit
  ASSERT_TRUE(legal(*s, "relaunch " + card(pump) + " 1"));
  act(*s, "relaunch " + card(pump) + " 1");
  EXPECT_EQ(s->player(0).coins, 1);  // the cost is paid again
  EXPECT_EQ(s->chain().size(), 1u);  // at Imminent speed, through the chain
  pass_window(*s);
  EXPECT_EQ(s->attack_of(pump), 3);
  EXPECT_TRUE(s->obj(cat).wild & rise::tcg::kWildCopycatUsed);
  EXPECT_FALSE(legal(*s, "relaunch " + card(pump) + " 1"));  // once per turn
  EXPECT_EQ(events_of(*s, rise::tcg::kEvRelaunch).size(), 1u);
  // A new turn: the Copycat may relaunch again.
  next_turn(*s);
  EXPECT_FALSE(s->obj(cat).wild & rise::tcg::kWildCopycatUsed);
}

TEST(TcgRules, TCG_12_23_24_ExplosiveWithBombDestroysAnOpposingCreatureOnItsPlane) {  // TCG-12.23 TCG-12.24 TCG-I32 TCG-I45 TCG-12.11
  auto s = table();
  int bomber = T::add_to_battlefield(*s, 0, "test-bomber");
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  int wisp = T::add_to_battlefield(*s, 1, "test-wisp");  // flies: another plane
  act(*s, "attack");
  EXPECT_FALSE(legal(*s, "explode " + card(bomber) + " " + card(grunt)));  // no Bomb attached
  // Interpretation TCG-I45: the Bomb is invoked; its `attach` filter (a Creature of yours)
  // leaves only the Bomber, so it attaches without asking (TCG-I4).
  auto t = table();
  bomber = T::add_to_battlefield(*t, 0, "test-bomber");
  grunt = T::add_to_battlefield(*t, 1, "test-grunt");
  wisp = T::add_to_battlefield(*t, 1, "test-wisp");
  int bomb = play(*t, "test-bomb");
  ASSERT_EQ(t->obj(bomb).where, Where::kBattlefield);
  EXPECT_EQ(t->obj(bomb).attached_to, bomber);
  EXPECT_FALSE(legal(*t, "explode " + card(bomber) + " " + card(grunt)));  // not before the Attack Phase
  act(*t, "attack");
  EXPECT_EQ(legal_set(*t), actions(*t, {"attacker " + card(bomber) + " at p1", "explode " + card(bomber) + " " + card(grunt),
                                        "attackers done"}));
  act(*t, "explode " + card(bomber) + " " + card(grunt));
  EXPECT_EQ(t->obj(bomber).where, Where::kCemetery);
  EXPECT_EQ(t->obj(bomb).where, Where::kCemetery);  // the Equipment follows its host
  EXPECT_EQ(t->obj(grunt).where, Where::kCemetery);
  EXPECT_EQ(t->obj(wisp).where, Where::kBattlefield);
  EXPECT_EQ(events_of(*t, rise::tcg::kEvExplode).size(), 1u);
}

TEST(TcgRules, TCG_12_25_ReanimationReturnsOnceWithACounter) {  // TCG-12.25 TCG-I33
  auto s = table();
  force_coins(*s, {true});
  int revenant = T::add_to_battlefield(*s, 0, "test-revenant");  // 2/1
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");        // 2/2
  declare(*s, {revenant});
  act(*s, block(grunt, revenant));
  act(*s, "blocks done");
  pass_window(*s);
  EXPECT_EQ(s->obj(grunt).where, Where::kCemetery);
  EXPECT_EQ(s->obj(revenant).where, Where::kGone);  // it returned as a new object
  EXPECT_FALSE(contains(s->player(0).cemetery, revenant));
  auto back = events_of(*s, rise::tcg::kEvReanimate);
  ASSERT_EQ(back.size(), 1u);
  int fresh = back[0].a;
  EXPECT_EQ(back[0].b, revenant);
  EXPECT_EQ(s->obj(fresh).where, Where::kBattlefield);
  EXPECT_EQ(s->obj(fresh).controller, 0);
  EXPECT_EQ(s->attack_of(fresh), 3);
  EXPECT_EQ(s->defense_of(fresh), 2);
  EXPECT_TRUE(s->obj(fresh).sick);
  // It dies again: excluded, no coin.
  int before = coins_tossed(*s);
  T::set_main(*s, 0, 2);
  doom(*s, fresh);
  EXPECT_EQ(s->obj(fresh).where, Where::kExclusion);
  EXPECT_EQ(coins_tossed(*s), before);

  // A failed toss: it stays in the Cemetery.
  auto t = table();
  force_coins(*t, {false});
  int other = T::add_to_battlefield(*t, 0, "test-revenant");
  doom(*t, other);
  EXPECT_EQ(t->obj(other).where, Where::kCemetery);
  EXPECT_EQ(coins_tossed(*t), 1);
  EXPECT_TRUE(events_of(*t, rise::tcg::kEvReanimate).empty());
}

TEST(TcgRules, TCG_12_26_InhumeGivesACounterTwoToAZombie) {  // TCG-12.26 TCG-I34 TCG-I35
  for (bool zombie : {true, false}) {
    auto s = table();
    force_coins(*s, {true});
    int digger = T::add_to_battlefield(*s, 0, "test-gravedigger");
    int z = T::add_to_battlefield(*s, 0, "test-zombie");
    int grunt = T::add_to_battlefield(*s, 0, "test-grunt");
    T::add_to_battlefield(*s, 1, "test-grunt");
    doom(*s, digger);
    ASSERT_EQ(s->choice().kind, ChoiceKind::kInhume);
    EXPECT_EQ(legal_set(*s), actions(*s, {"choose " + card(z), "choose " + card(grunt)}));  // yours only
    act(*s, "choose " + card(zombie ? z : grunt));
    int target = zombie ? z : grunt;
    int bonus = zombie ? 2 : 1;
    EXPECT_EQ(s->obj(target).counter_attack, bonus);
    EXPECT_EQ(s->obj(target).counter_defense, bonus);
  }
  // Failure: nothing.
  auto t = table();
  force_coins(*t, {false});
  int digger = T::add_to_battlefield(*t, 0, "test-gravedigger");
  int grunt = T::add_to_battlefield(*t, 0, "test-grunt");
  doom(*t, digger);
  EXPECT_EQ(t->choice().kind, ChoiceKind::kNone);
  EXPECT_EQ(t->obj(grunt).counter_attack, 0);
  EXPECT_EQ(coins_tossed(*t), 1);
}

TEST(TcgRules, TCG_12_27_CloningCopiesOrDestroysAtTurnStart) {  // TCG-12.27 TCG-I36 TCG-I35
  for (bool heads : {true, false}) {
    auto s = table();
    T::set_main(*s, 1, 2);  // p1 ends its turn: p0's turn begins
    int clone = T::add_to_battlefield(*s, 0, "test-clone");
    int plain = T::add_to_battlefield(*s, 0, "test-not-clone");  // Cloning without the Clone type
    force_coins(*s, {heads});
    act(*s, "pass");
    pass_window(*s);
    ASSERT_EQ(s->phase(), Phase::kRestoration);
    restore(*s, "draw 1");
    EXPECT_EQ(coins_tossed(*s), 1);  // the Clone only
    EXPECT_EQ(s->obj(plain).where, Where::kBattlefield);
    int clones = 0;
    for (int16_t id : s->battlefield()) {
      if (s->cards().card(s->obj(id).def).id == "test-clone") ++clones;
    }
    if (heads) {
      EXPECT_EQ(clones, 2);
      EXPECT_EQ(s->obj(clone).where, Where::kBattlefield);
      EXPECT_TRUE(s->obj(s->battlefield().back()).token);
    } else {
      EXPECT_EQ(clones, 0);
      EXPECT_EQ(s->obj(clone).where, Where::kCemetery);
    }
  }
}

TEST(TcgRules, TCG_12_28_DiversionTargetCannotBlockThisTurn) {  // TCG-12.28 TCG-I37
  auto s = table();
  force_coins(*s, {true});
  int diverter = T::add_to_battlefield(*s, 0, "test-diverter");
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");
  int their_grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  int archer = T::add_to_battlefield(*s, 1, "test-archer");
  act(*s, "divert " + card(diverter));
  ASSERT_EQ(s->choice().kind, ChoiceKind::kDiversion);
  act(*s, "choose " + card(their_grunt));
  EXPECT_FALSE(legal(*s, "divert " + card(diverter)));  // once per turn
  declare(*s, {grunt});
  EXPECT_EQ(legal_set(*s), actions(*s, {block(archer, grunt), "blocks done"}));
  act(*s, "blocks done");
  pass_window(*s);
  if (s->choice().kind != ChoiceKind::kNone) act(*s, "choose p1.S1");
  next_turn(*s);  // "this turn" is over
  EXPECT_FALSE(s->obj(their_grunt).wild & rise::tcg::kWildNoBlock);

  // A failed toss: no target.
  auto t = table();
  force_coins(*t, {false});
  int d = T::add_to_battlefield(*t, 0, "test-diverter");
  T::add_to_battlefield(*t, 1, "test-grunt");
  T::add_to_battlefield(*t, 1, "test-archer");
  act(*t, "divert " + card(d));
  EXPECT_EQ(t->choice().kind, ChoiceKind::kNone);
  EXPECT_EQ(coins_tossed(*t), 1);
}

TEST(TcgRules, TCG_12_29_SplashCopiesTheDamageOntoAnotherCardOrASummoner) {  // TCG-12.29 TCG-I38
  auto s = table();
  int splasher = T::add_to_battlefield(*s, 0, "test-splasher");  // 2/3
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  int archer = T::add_to_battlefield(*s, 1, "test-archer");
  int wisp = T::add_to_battlefield(*s, 1, "test-wisp");
  declare(*s, {splasher});
  act(*s, block(grunt, splasher));
  act(*s, "blocks done");
  pass_window(*s);
  ASSERT_EQ(s->choice().kind, ChoiceKind::kSplash);
  EXPECT_EQ(s->current_player(), 0);  // the attacker's controller chooses
  EXPECT_EQ(legal_set(*s), actions(*s, {"choose " + card(archer), "choose " + card(wisp)}));
  act(*s, "choose " + card(archer));
  EXPECT_EQ(s->obj(grunt).where, Where::kCemetery);
  EXPECT_EQ(s->obj(archer).damage, 2);
  EXPECT_EQ(s->obj(wisp).damage, 0);

  // No other Creature or Door: a Summoner of the defender, chosen by the attacker.
  auto t = table();
  splasher = T::add_to_battlefield(*t, 0, "test-splasher");
  grunt = T::add_to_battlefield(*t, 1, "test-grunt");
  declare(*t, {splasher});
  act(*t, block(grunt, splasher));
  act(*t, "blocks done");
  pass_window(*t);
  ASSERT_EQ(t->choice().kind, ChoiceKind::kSplash);
  act(*t, "choose p1.S2");
  EXPECT_EQ(t->player(1).summoners[1].hp, 18);
  EXPECT_EQ(t->player(1).summoners[0].hp, 20);

  // Unblocked: no copy.
  auto u = table();
  splasher = T::add_to_battlefield(*u, 0, "test-splasher");
  archer = T::add_to_battlefield(*u, 1, "test-archer");
  declare(*u, {splasher});
  act(*u, "blocks done");
  pass_window(*u);
  act(*u, "choose p1.S1");
  EXPECT_EQ(u->obj(archer).damage, 0);
  EXPECT_EQ(u->player(1).summoners[0].hp, 18);
}

TEST(TcgRules, TCG_12_30_ChainedCannotFightUntilAnUnlockFreesIt) {  // TCG-12.30 TCG-I39 TCG-I44
  auto s = table();
  int chained = T::add_to_battlefield(*s, 0, "test-chained");
  int their_chained = T::add_to_battlefield(*s, 1, "test-chained");
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");
  EXPECT_TRUE(legal(*s, "attack"));
  act(*s, "attack");
  EXPECT_EQ(legal_set(*s), actions(*s, {"attacker " + card(grunt) + " at p1", "attackers done"}));
  act(*s, "attacker " + card(grunt) + " at p1");
  attackers_done(*s);
  EXPECT_EQ(legal_set(*s), actions(*s, {"blocks done"}));  // the Chained card can't block
  act(*s, "blocks done");
  pass_window(*s);
  if (s->choice().kind != ChoiceKind::kNone) act(*s, "choose p1.S1");

  // A Key (an unlock effect) frees it: its `unlocked` effects resolve.
  auto t = table();
  chained = T::add_to_battlefield(*t, 0, "test-chained");
  EXPECT_FALSE(legal(*t, "attack"));
  int key = play(*t, "test-chain-key");
  EXPECT_EQ(t->obj(key).where, Where::kCemetery);
  EXPECT_TRUE(t->obj(chained).unlocked);
  EXPECT_EQ(t->attack_of(chained), 4);
  EXPECT_EQ(t->player(0).coins, 1);
  EXPECT_TRUE(legal(*t, "attack"));
  (void)their_chained;
}

TEST(TcgRules, TCG_12_31_AssimilationStacksIntoOneCreature) {  // TCG-12.31 TCG-I40
  auto s = table();
  int blob = T::add_to_battlefield(*s, 0, "test-blob");     // 1/2
  int big = T::add_to_battlefield(*s, 0, "test-big-blob");  // 2/2 Flight, dies: gain 1 Coin
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");
  T::obj(*s, blob).damage = 1;
  EXPECT_FALSE(legal(*s, "assimilate " + card(grunt) + " onto " + card(blob)));  // no Assimilation
  ASSERT_TRUE(legal(*s, "assimilate " + card(big) + " onto " + card(blob)));
  act(*s, "assimilate " + card(big) + " onto " + card(blob));
  EXPECT_EQ(s->obj(blob).where, Where::kStacked);
  EXPECT_FALSE(contains(s->battlefield(), blob));
  EXPECT_EQ(s->attack_of(big), 3);
  EXPECT_EQ(s->defense_of(big), 4);
  EXPECT_EQ(s->obj(big).damage, 1);  // the damage came along
  EXPECT_TRUE(s->abilities_of(big) & rise::cardgame::kFlight);  // the top card's abilities
  // The state with a stack round-trips through JSON.
  auto copy = TcgState::from_json(rise::find_game("rise-tcg"), s->to_json());
  EXPECT_EQ(copy->to_json(), s->to_json());
  EXPECT_EQ(s->observation_json(1)["battlefield"][0]["stack"][0]["card"], "test-blob");
  // The stack dies: every card goes to the Cemetery; only the top card's effects resolve.
  doom(*s, big);
  EXPECT_EQ(s->obj(big).where, Where::kCemetery);
  EXPECT_EQ(s->obj(blob).where, Where::kCemetery);
  EXPECT_TRUE(contains(s->player(0).cemetery, blob));
  EXPECT_EQ(s->player(0).coins, 1);
}

TEST(TcgRules, TCG_12_32_PossessionTakesTheTouchedCreatureUntilItsOwnersTurn) {  // TCG-12.32 TCG-I41
  auto s = table();
  force_coins(*s, {true});
  int possessor = T::add_to_battlefield(*s, 0, "test-possessor");  // 1/5
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  declare(*s, {possessor});
  EXPECT_EQ(coins_tossed(*s), 1);  // tossed when it attacks
  act(*s, block(grunt, possessor));
  act(*s, "blocks done");
  pass_window(*s);
  EXPECT_EQ(s->obj(grunt).controller, 0);
  EXPECT_EQ(s->obj(grunt).owner, 1);
  EXPECT_TRUE(s->obj(grunt).wild & rise::tcg::kWildPossessed);
  EXPECT_EQ(s->obj(possessor).where, Where::kBattlefield);
  next_turn(*s);  // p1's turn begins: the grunt goes back, untilted
  EXPECT_EQ(s->active_player(), 1);
  EXPECT_EQ(s->obj(grunt).controller, 1);
  EXPECT_FALSE(s->obj(grunt).sick);
  EXPECT_FALSE(s->obj(grunt).wild & rise::tcg::kWildPossessed);

  // Blocking also tosses; a failure takes nothing.
  auto t = table();
  force_coins(*t, {false});
  int grunt2 = T::add_to_battlefield(*t, 0, "test-grunt");
  int their = T::add_to_battlefield(*t, 1, "test-possessor");
  declare(*t, {grunt2});
  act(*t, block(their, grunt2));
  EXPECT_EQ(coins_tossed(*t), 1);
  act(*t, "blocks done");
  pass_window(*t);
  EXPECT_EQ(t->obj(grunt2).controller, 0);
}

TEST(TcgRules, TCG_12_33_RageTossesAgainWhileItSucceeds) {  // TCG-12.33 TCG-I42
  auto s = table();
  force_coins(*s, {true, true, false});
  int berserker = T::add_to_battlefield(*s, 0, "test-berserker");  // 1/1
  act(*s, "rage " + card(berserker));
  act(*s, "rage " + card(berserker));
  EXPECT_EQ(s->attack_of(berserker), 3);
  act(*s, "rage " + card(berserker));  // fails
  EXPECT_EQ(s->attack_of(berserker), 3);
  EXPECT_EQ(s->defense_of(berserker), 3);
  EXPECT_FALSE(legal(*s, "rage " + card(berserker)));
  EXPECT_EQ(coins_tossed(*s), 3);
  next_turn(*s);  // until end of turn
  EXPECT_EQ(s->attack_of(berserker), 1);

  auto t = table();
  force_coins(*t, {false});
  int b = T::add_to_battlefield(*t, 0, "test-berserker");
  act(*t, "rage " + card(b));
  EXPECT_EQ(t->attack_of(b), 1);
  EXPECT_FALSE(legal(*t, "rage " + card(b)));
}

TEST(TcgRules, TCG_12_34_to_37_ElementsAndSubtypesAreFilterable) {  // TCG-12.34 TCG-12.35 TCG-12.36 TCG-12.37 TCG-12.38 TCG-I35 TCG-I43
  auto s = table();
  int mine = T::add_to_battlefield(*s, 0, "test-salamander");
  int theirs = T::add_to_battlefield(*s, 1, "test-salamander");
  T::add_to_battlefield(*s, 0, "test-undine");
  T::add_to_battlefield(*s, 1, "test-undine");
  int zombie = T::add_to_battlefield(*s, 1, "test-zombie");
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");
  play(*s, "test-bonfire");
  EXPECT_EQ(s->attack_of(mine), 2);    // your Fire Element Creatures
  EXPECT_EQ(s->attack_of(theirs), 1);
  EXPECT_EQ(s->player(0).coins, 2);    // one Coin per Water Element Creature
  EXPECT_EQ(s->attack_of(zombie), 2);  // subtype Zombie
  EXPECT_EQ(s->attack_of(grunt), 2);
}

TEST(TcgRules, WildAbilityStateAndNotationRoundTrip) {  // TCG-12.19 TCG-12.29
  auto s = table();
  int morpher = T::add_to_battlefield(*s, 0, "test-grunt");
  T::obj(*s, morpher).base_def = static_cast<int16_t>(T::def(*s, "test-morpher"));
  T::obj(*s, morpher).wild = rise::tcg::kWildRageUsed | rise::tcg::kWildNoBlock;
  T::obj(*s, morpher).pending = rise::tcg::kPendInhume;
  auto copy = TcgState::from_json(rise::find_game("rise-tcg"), s->to_json());
  EXPECT_EQ(copy->to_json(), s->to_json());
  auto* c = dynamic_cast<TcgState*>(copy.get());
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->obj(morpher).base_def, s->obj(morpher).base_def);
  EXPECT_EQ(c->obj(morpher).wild, s->obj(morpher).wild);
  EXPECT_EQ(s->observation_json(1)["battlefield"][0]["base_card"], "test-morpher");
  for (const char* text : {"relaunch #3 2", "explode #4 #5", "divert #6", "rage #7", "assimilate #8 onto #9"}) {
    rise::Action a = s->string_to_action(text);
    EXPECT_EQ(s->string_to_action(s->describe_action(a, 0)), a) << text;
  }
  EXPECT_THROW(s->string_to_action("assimilate #8 #9"), rise::InputError);
}

// Random legal play with every wild ability on the table: the state stays loadable (JSON
// round trip), observable and renderable, and never gets stuck.
TEST(TcgRules, WildAbilitiesRandomPlayStaysConsistent) {  // TCG-12.31 TCG-12.32
  const std::vector<std::string> wild = {"test-morpher", "test-food", "test-eater", "test-symbiont", "test-copycat",
                                         "test-bomb", "test-bomber", "test-revenant", "test-gravedigger",
                                         "test-zombie", "test-clone", "test-diverter", "test-splasher", "test-chained",
                                         "test-chain-key", "test-blob", "test-big-blob", "test-possessor",
                                         "test-berserker", "test-salamander", "test-bonfire", "test-pump", "test-doom"};
  int wild_events = 0;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    auto s = table(seed);
    for (int p = 0; p < 2; ++p) {
      T::player(*s, p).coins = 10;
      for (size_t k = 0; k < wild.size(); ++k) {
        if ((k + seed + p) % 3 == 0) T::add_to_battlefield(*s, p, wild[k]);
        T::add_to_library_top(*s, p, wild[k]);
        T::add_to_hand(*s, p, wild[(k * 7 + seed) % wild.size()]);
      }
    }
    T::ready(*s, 0);
    rise::Rng rng(seed);
    std::vector<rise::Action> legal;
    for (int step = 0; step < 300 && !s->is_terminal(); ++step) {
      s->legal_actions(legal);
      ASSERT_FALSE(legal.empty());
      s->apply_action(legal[rng.below(legal.size())]);
      if (step % 30 == 0) {
        auto copy = TcgState::from_json(rise::find_game("rise-tcg"), s->to_json());
        ASSERT_EQ(copy->to_json(), s->to_json()) << "seed " << seed << " step " << step;
        s->observation_json(0);
        s->render_text(1, false);
      }
    }
    // Only the abilities' own events (kEvMorph .. kEvDiversion), not the Diseases' after them.
    for (const Event& e : s->events()) {
      wild_events += e.kind >= rise::tcg::kEvMorph && e.kind <= rise::tcg::kEvDiversion ? 1 : 0;
    }
  }
  EXPECT_GT(wild_events, 0);
}


// Review fixes (issue 4): each test below failed before its fix.

TEST(TcgRules, TCG_12_32_PossessionHoldsWhenThePossessorDiesInTheTrade) {  // TCG-12.32 TCG-I41
  auto s = table();
  force_coins(*s, {true});
  int possessor = T::add_to_battlefield(*s, 0, "test-frail-possessor");  // 1/1
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");                // 2/2
  declare(*s, {possessor});
  ASSERT_EQ(s->combat().size(), 1u);
  EXPECT_EQ(s->combat()[0].possess_b, 0);  // p0 takes whatever blocks it
  EXPECT_EQ(s->combat()[0].possess_a, -1);
  act(*s, block(grunt, possessor));
  act(*s, "blocks done");
  // The won toss is state: it round-trips through JSON.
  auto copy = TcgState::from_json(rise::find_game("rise-tcg"), s->to_json());
  EXPECT_EQ(copy->to_json(), s->to_json());
  auto* tc = dynamic_cast<TcgState*>(copy.get());
  ASSERT_NE(tc, nullptr);
  EXPECT_EQ(tc->combat()[0].possess_b, 0);
  pass_window(*s);
  EXPECT_EQ(s->obj(possessor).where, Where::kCemetery);  // it died in the trade...
  EXPECT_EQ(s->obj(grunt).where, Where::kBattlefield);
  EXPECT_EQ(s->obj(grunt).controller, 0);  // ...and still took the Grunt
  EXPECT_TRUE(s->obj(grunt).wild & rise::tcg::kWildPossessed);
  EXPECT_TRUE(s->obj(grunt).sick);
}

TEST(TcgRules, TCG_12_22_CopycatRespectsDiseasesAndOnlyRelaunchesWhatWasLaunched) {  // TCG-12.22 TCG-I31 TCG-14.14 TCG-14.15
  // Not launched this turn: nothing to relaunch.
  auto s = table();
  T::player(*s, 0).coins = 3;
  int pump = T::add_to_battlefield(*s, 0, "test-pump");
  T::add_to_battlefield(*s, 0, "test-copycat");
  EXPECT_FALSE(legal(*s, "relaunch " + card(pump) + " 1"));
  act(*s, "action " + card(pump) + " 1");
  pass_window(*s);
  EXPECT_TRUE(legal(*s, "relaunch " + card(pump) + " 1"));
  // Paralysis (disabled): no Actions, so no relaunch either.
  T::obj(*s, pump).disabled = true;
  EXPECT_FALSE(legal(*s, "relaunch " + card(pump) + " 1"));

  // Schizophrenia: p0 (the caster) uses p1's Pump's Actions and relaunches them; p1 pays.
  auto t = table();
  T::player(*t, 0).coins = 5;
  T::player(*t, 1).coins = 3;
  int theirs = T::add_to_battlefield(*t, 1, "test-pump");
  T::obj(*t, theirs).actions_by = 0;
  T::add_to_battlefield(*t, 0, "test-copycat");
  act(*t, "action " + card(theirs) + " 1");
  pass_window(*t);
  EXPECT_EQ(t->player(1).coins, 2);
  ASSERT_TRUE(legal(*t, "relaunch " + card(theirs) + " 1"));
  act(*t, "relaunch " + card(theirs) + " 1");
  pass_window(*t);
  EXPECT_EQ(t->player(1).coins, 1);  // the owner pays the relaunch too
  EXPECT_EQ(t->player(0).coins, 5);
  EXPECT_EQ(t->attack_of(theirs), 3);
  // p1 (its controller) does not use its Actions this turn: no relaunch for p1.
  T::add_to_battlefield(*t, 1, "test-copycat");
  T::set_main(*t, 1);
  EXPECT_FALSE(legal(*t, "relaunch " + card(theirs) + " 1"));
}

TEST(TcgRules, TCG_12_24_AnExplodedAttackerCannotBeBlocked) {  // TCG-12.24 TCG-I32
  auto s = table();
  int bomber = T::add_to_battlefield(*s, 0, "test-bomber");
  int bomb = T::add_to_battlefield(*s, 0, "test-bomb");
  T::obj(*s, bomb).attached_to = static_cast<int16_t>(bomber);
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  int other = T::add_to_battlefield(*s, 1, "test-grunt");
  act(*s, "attack");
  act(*s, "attacker " + card(bomber) + " at p1");
  act(*s, "explode " + card(bomber) + " " + card(grunt));
  EXPECT_TRUE(s->combat().empty());  // the sacrificed attacker attacks no more
  attackers_done(*s);
  EXPECT_FALSE(legal(*s, block(other, bomber)));
  EXPECT_EQ(s->phase(), Phase::kMain);
  EXPECT_EQ(s->main_step(), 2);
}

TEST(TcgRules, TCG_12_31_StackTakesTheBottomCardsDiseasesAndKeepsReanimationOnce) {  // TCG-12.31 TCG-I40 TCG-14.5 TCG-12.25
  auto s = table();
  int blob = T::add_to_battlefield(*s, 0, "test-blob");
  int big = T::add_to_battlefield(*s, 0, "test-big-blob");
  int paralysis = T::add_to_battlefield(*s, 1, "test-paralysis");
  T::obj(*s, paralysis).attached_to = static_cast<int16_t>(blob);
  T::obj(*s, paralysis).caster = 1;
  T::obj(*s, blob).disabled = true;
  T::obj(*s, blob).wild = rise::tcg::kWildReanimated;  // it came back once already
  act(*s, "assimilate " + card(big) + " onto " + card(blob));
  EXPECT_EQ(s->obj(paralysis).attached_to, big);  // the Disease is on the stack now
  EXPECT_TRUE(s->obj(big).disabled);
  EXPECT_TRUE(s->obj(blob).wild & rise::tcg::kWildReanimated);
  doom(*s, big);
  EXPECT_EQ(s->obj(paralysis).where, Where::kCemetery);  // its host left: it ends
  EXPECT_EQ(s->obj(big).where, Where::kCemetery);
  EXPECT_EQ(s->obj(blob).where, Where::kExclusion);  // reanimated once: excluded

  // A reanimated top card is excluded; the card under it goes to the Cemetery.
  auto t = table();
  blob = T::add_to_battlefield(*t, 0, "test-blob");
  big = T::add_to_battlefield(*t, 0, "test-big-blob");
  T::obj(*t, big).wild = rise::tcg::kWildReanimated;
  act(*t, "assimilate " + card(big) + " onto " + card(blob));
  doom(*t, big);
  EXPECT_EQ(t->obj(big).where, Where::kExclusion);
  EXPECT_EQ(t->obj(blob).where, Where::kCemetery);
}

TEST(TcgRules, TCG_12_19_AMorpherDiesAsItsOwnCard) {  // TCG-12.19 TCG-I30
  auto s = table();
  int morpher = T::add_to_battlefield(*s, 0, "test-morpher");
  T::obj(*s, morpher).base_def = static_cast<int16_t>(T::def(*s, "test-morpher"));
  T::obj(*s, morpher).def = static_cast<int16_t>(T::def(*s, "test-revenant"));  // copies Reanimation
  doom(*s, morpher);
  EXPECT_EQ(s->obj(morpher).where, Where::kCemetery);
  EXPECT_EQ(coins_tossed(*s), 0);  // no Reanimation coin: it died as the Morpher
  auto dies = events_of(*s, rise::tcg::kEvDies);
  ASSERT_EQ(dies.size(), 1u);
  EXPECT_EQ(dies[0].a, T::def(*s, "test-morpher"));
}

// Rule TCG-12.19: "If this ability is removed [...] the Creature Dies." A Morpher that has
// copied a Creature and then loses its abilities (Test Silence, `lose abilities`) dies at
// once, as its own card (Interpretation TCG-I30): here in its controller's Invocation step,
// by its controller's own Imminent.
TEST(TcgRules, TCG_12_19_AMorpherThatLosesMorpherDiesInItsControllersTurn) {  // TCG-12.19 TCG-I30 TCG-I70
  auto s = table();
  int mourner = T::add_to_battlefield(*s, 0, "test-mourner");  // whenever a Creature you control dies: draw 1
  int martyr = T::add_to_battlefield(*s, 1, "test-martyr");    // when it dies: draw 1
  int morpher = play(*s, "test-morpher");
  ASSERT_EQ(s->choice().kind, ChoiceKind::kMorph);
  act(*s, "choose " + card(martyr));
  ASSERT_EQ(s->cards().card(s->obj(morpher).def).id, "test-martyr");
  const size_t hand = s->player(0).hand.size();
  const size_t library = s->player(0).library.size();
  T::clear_events(*s);
  play(*s, "test-silence");
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);
  act(*s, "choose " + card(morpher));
  EXPECT_EQ(s->obj(morpher).where, Where::kCemetery);
  EXPECT_TRUE(contains(s->player(0).cemetery, morpher));
  EXPECT_FALSE(contains(s->battlefield(), morpher));
  EXPECT_EQ(s->cards().card(s->obj(morpher).def).id, "test-morpher");
  EXPECT_EQ(s->obj(morpher).base_def, -1);
  EXPECT_FALSE(s->obj(morpher).lost_abilities);
  auto dies = events_of(*s, rise::tcg::kEvDies);
  ASSERT_EQ(dies.size(), 1u);
  EXPECT_EQ(dies[0].a, T::def(*s, "test-morpher"));
  EXPECT_EQ(dies[0].b, morpher);
  // The Mourner saw a Creature of p0 die and drew; the Martyr's own `dies` effect did not
  // resolve (it died as the Morpher): one card drawn, not two.
  EXPECT_EQ(s->player(0).hand.size(), hand + 1);
  EXPECT_EQ(s->player(0).library.size(), library - 1);
  // The Creatures it did not concern stay.
  EXPECT_EQ(s->obj(mourner).where, Where::kBattlefield);
  EXPECT_EQ(s->obj(martyr).where, Where::kBattlefield);
  EXPECT_TRUE(s->chain().empty());
  EXPECT_EQ(s->phase(), Phase::kMain);
  EXPECT_EQ(s->current_player(), 0);
}

// The same in another player's response window of the controller's turn: p1 answers the
// declared attack of p0's Morpher (Interpretation TCG-I75); the Morpher dies when the Silence
// resolves, before any block, and deals no damage.
TEST(TcgRules, TCG_12_19_AMorpherThatLosesMorpherDiesInAnOpponentsWindow) {  // TCG-12.19 TCG-I30 TCG-I75
  auto s = table();
  T::ready(*s, 1);
  int morpher = T::add_to_battlefield(*s, 0, "test-morpher");  // arrived earlier, a copy of a Grunt
  T::obj(*s, morpher).base_def = static_cast<int16_t>(T::def(*s, "test-morpher"));
  T::obj(*s, morpher).def = static_cast<int16_t>(T::def(*s, "test-grunt"));
  int silence = T::add_to_hand(*s, 1, "test-silence");
  act(*s, "attack");
  act(*s, "attacker " + card(morpher) + " at p1");
  act(*s, "attackers done");
  ASSERT_TRUE(s->window_open());
  ASSERT_EQ(s->current_player(), 1);
  EXPECT_EQ(s->to_json()["window"]["kind"], rise::tcg::kWindowAttackers);
  act(*s, "invoke " + card(silence) + " by S1");
  act(*s, "pass");  // p0 may answer the chain
  act(*s, "pass");  // p1: the Silence resolves; its only target is taken (TCG-I4)
  EXPECT_EQ(s->choice().kind, ChoiceKind::kNone);
  EXPECT_EQ(s->obj(morpher).where, Where::kCemetery);
  EXPECT_TRUE(contains(s->player(0).cemetery, morpher));
  EXPECT_EQ(s->cards().card(s->obj(morpher).def).id, "test-morpher");
  auto dies = events_of(*s, rise::tcg::kEvDies);
  ASSERT_EQ(dies.size(), 1u);
  EXPECT_EQ(dies[0].a, T::def(*s, "test-morpher"));
  pass_window(*s);  // the window reopens for p1 after the chain
  ASSERT_EQ(s->phase(), Phase::kBlockers);
  act(*s, "blocks done");
  pass_window(*s);
  for (int slot = 0; slot < 2; ++slot) {
    const auto& sm = s->player(1).summoners[static_cast<size_t>(slot)];
    EXPECT_EQ(sm.hp, s->cards().card(sm.def).hp) << "nothing left to deal damage";
  }
}

// And in the other player's own turn: p1 silences p0's Morpher in its Invocation step.
TEST(TcgRules, TCG_12_19_AMorpherThatLosesMorpherDiesInAnotherPlayersTurn) {  // TCG-12.19 TCG-I30
  auto s = table();
  int morpher = T::add_to_battlefield(*s, 0, "test-morpher");
  T::obj(*s, morpher).base_def = static_cast<int16_t>(T::def(*s, "test-morpher"));
  T::obj(*s, morpher).def = static_cast<int16_t>(T::def(*s, "test-revenant"));  // copies Reanimation
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  T::set_main(*s, 1, 1);
  T::ready(*s, 1);
  int silence = T::add_to_hand(*s, 1, "test-silence");
  act(*s, "invoke " + card(silence) + " by S1");
  pass_window(*s);
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);
  act(*s, "choose " + card(morpher));
  EXPECT_EQ(s->obj(morpher).where, Where::kCemetery);
  EXPECT_TRUE(contains(s->player(0).cemetery, morpher));
  EXPECT_EQ(s->cards().card(s->obj(morpher).def).id, "test-morpher");
  EXPECT_EQ(coins_tossed(*s), 0);  // no Reanimation coin: it died as the Morpher
  EXPECT_EQ(s->obj(grunt).where, Where::kBattlefield);
  EXPECT_EQ(s->active_player(), 1);
  EXPECT_EQ(s->current_player(), 1);
}

// A Morpher that loses its abilities before it has chosen what to copy dies too, without
// being asked: the Hushed Morpher's token arrives while its effect runs (the copy waits for
// the effect, Interpretation TCG-I30) and the same effect silences it. There was something
// to copy (the Grunt): it dies because its ability was removed.
TEST(TcgRules, TCG_12_19_AMorpherThatLosesMorpherBeforeCopyingDies) {  // TCG-12.19 TCG-I30
  auto s = table();
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  const int token = s->num_objects() + 1;  // after the Imminent itself
  play(*s, "test-hushed-morpher");
  ASSERT_GT(s->num_objects(), token);
  ASSERT_EQ(s->cards().card(s->obj(token).def).id, "test-morpher");
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);  // the Grunt or the token
  act(*s, "choose " + card(token));
  EXPECT_EQ(s->choice().kind, ChoiceKind::kNone);  // no copy to choose
  EXPECT_EQ(s->obj(token).where, Where::kGone);  // a token ceases to exist
  EXPECT_FALSE(contains(s->battlefield(), token));
  EXPECT_TRUE(events_of(*s, rise::tcg::kEvMorph).empty());
  auto dies = events_of(*s, rise::tcg::kEvDies);
  ASSERT_EQ(dies.size(), 1u);
  EXPECT_EQ(dies[0].b, token);
  EXPECT_EQ(s->obj(grunt).where, Where::kBattlefield);
}

// Interpretation TCG-I30 with TCG-I70: a Morpher granted Morpher before it is silenced keeps
// the ability and lives; a Creature that only gained Morpher is no Morpher: it does not copy,
// and does not die when the grant ends.
TEST(TcgRules, TCG_I30_AGrantedMorpherHoldsAndMakesNoMorpher) {  // TCG-I30 TCG-I70 TCG-12.19
  auto s = table();
  auto target = [&](int id) {
    ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);
    act(*s, "choose " + card(id));
  };
  int morpher = T::add_to_battlefield(*s, 0, "test-morpher");  // a copy of a Grunt
  T::obj(*s, morpher).base_def = static_cast<int16_t>(T::def(*s, "test-morpher"));
  T::obj(*s, morpher).def = static_cast<int16_t>(T::def(*s, "test-grunt"));
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");
  play(*s, "test-morph-charm");
  target(morpher);
  play(*s, "test-silence");
  target(morpher);
  EXPECT_TRUE(s->obj(morpher).lost_abilities);
  EXPECT_EQ(s->abilities_of(morpher), static_cast<uint64_t>(rise::cardgame::kMorpher));  // the grant holds
  EXPECT_EQ(s->obj(morpher).where, Where::kBattlefield);
  EXPECT_EQ(s->cards().card(s->obj(morpher).def).id, "test-grunt");
  play(*s, "test-morph-charm");
  target(grunt);
  EXPECT_EQ(s->choice().kind, ChoiceKind::kNone);  // no copy to choose
  EXPECT_EQ(s->obj(grunt).base_def, -1);
  EXPECT_EQ(s->abilities_of(grunt), static_cast<uint64_t>(rise::cardgame::kMorpher));
  pass_turn(*s);  // the grants and the Silence end with p0's turn
  EXPECT_EQ(s->active_player(), 1);
  EXPECT_EQ(s->obj(grunt).where, Where::kBattlefield);
  EXPECT_EQ(s->abilities_of(grunt), 0u);
  EXPECT_EQ(s->obj(morpher).where, Where::kBattlefield);
  EXPECT_EQ(s->abilities_of(morpher), static_cast<uint64_t>(rise::cardgame::kMorpher));
  EXPECT_TRUE(events_of(*s, rise::tcg::kEvDies).empty());
}

// The soak conformance found a state it could not load: a Morpher had used the Action of the
// card it copied and died in answer, its own card having no Action.
TEST(TcgRules, TCG_I74_TheActionOfAMorpherThatDiedStaysOnTheChainDoingNothing) {  // TCG-9.2 TCG-I74 TCG-I30
  auto s = table();
  T::ready(*s, 0);
  T::ready(*s, 1);
  T::player(*s, 0).coins = 3;
  T::add_to_battlefield(*s, 1, "test-pump");  // Swell - 1 Coin: +1/+1 until end of turn
  int morpher = play(*s, "test-morpher");     // the only Creature to copy: taken at once
  ASSERT_EQ(s->cards().card(s->obj(morpher).def).id, "test-pump");
  int bolt = T::add_to_hand(*s, 1, "test-bolt");
  int doom = T::add_to_hand(*s, 0, "test-doom");
  act(*s, "action " + card(morpher) + " 1");
  act(*s, "invoke " + card(bolt) + " by S1");  // p1 answers: resolves after the Doom
  act(*s, "invoke " + card(doom) + " by S1");
  act(*s, "pass");
  act(*s, "pass");
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);  // the Doom's target
  act(*s, "choose " + card(morpher));
  EXPECT_EQ(s->obj(morpher).where, Where::kCemetery);
  EXPECT_EQ(s->cards().card(s->obj(morpher).def).id, "test-morpher");  // no Action any more
  // The Bolt asks for its target: Swell waits under it, marked as left.
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);
  ASSERT_EQ(s->chain().size(), 1u);
  EXPECT_TRUE(s->chain()[0].left);
  nlohmann::json j = s->to_json();
  EXPECT_EQ(j["chain"][0]["left"], true);
  auto copy = TcgState::from_json(rise::find_game("rise-tcg"), j);
  EXPECT_EQ(copy->to_json(), j);
  EXPECT_NE(s->render_text(0, false).find("its card has left the battlefield"), std::string::npos);
  EXPECT_NE(s->show("chain", 1).find("its card has left the battlefield; it will do nothing"), std::string::npos);
  act(*s, "choose p0.S1");
  EXPECT_TRUE(s->chain().empty());
  EXPECT_EQ(s->player(0).coins, 2);  // Swell was paid, and did nothing
  EXPECT_EQ(s->obj(morpher).temp_attack, 0);  // no +1/+1 until end of turn on it

  // Hand-written: a card that is not on the battlefield has left, whatever the file says.
  j["chain"][0].erase("left");
  EXPECT_EQ(TcgState::from_json(rise::find_game("rise-tcg"), j)->to_json()["chain"][0]["left"], true);
  j["chain"][0]["left"] = "yes";
  EXPECT_THROW(TcgState::from_json(rise::find_game("rise-tcg"), j), rise::InputError);
}

TEST(TcgRules, TCG_I74_AnActionWhoseCardCameBackDoesNothing) {  // TCG-9.2 TCG-I74
  for (bool left : {true, false}) {
    auto s = table();
    T::player(*s, 0).coins = 1;
    int pump = T::add_to_battlefield(*s, 0, "test-pump");  // Swell - 1 Coin: +1/+1 until end of turn
    act(*s, "action " + card(pump) + " 1");
    ASSERT_EQ(s->chain().size(), 1u);
    // As if its card had left and come back (returned to a hand and played again) since.
    T::chain(*s)[0].left = left;
    auto copy = TcgState::from_json(rise::find_game("rise-tcg"), s->to_json());
    EXPECT_EQ(dynamic_cast<TcgState&>(*copy).chain()[0].left, left);
    pass_window(*s);
    EXPECT_TRUE(s->chain().empty());
    EXPECT_EQ(s->attack_of(pump), left ? 1 : 2) << "left " << left;
    EXPECT_EQ(s->player(0).coins, 0);
  }
}

TEST(TcgRules, TCG_12_25_AReanimatedCardIsNotInvoked) {  // TCG-12.25 TCG-I33
  auto s = table();
  int phoenix = T::add_to_battlefield(*s, 0, "test-phoenix");  // when invoked: gain 1 Coin
  force_coins(*s, {true});
  doom(*s, phoenix);
  ASSERT_EQ(events_of(*s, rise::tcg::kEvReanimate).size(), 1u);
  int fresh = events_of(*s, rise::tcg::kEvReanimate)[0].a;
  EXPECT_EQ(s->obj(fresh).where, Where::kBattlefield);
  EXPECT_EQ(s->player(0).coins, 0);  // its `invoked` effect did not resolve
}

}  // namespace
}  // namespace tcgtest
