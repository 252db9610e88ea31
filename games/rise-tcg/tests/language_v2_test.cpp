// Card language v2 (issue 19, docs/cards.md): conditions, values that read the game, global
// triggers with a once-per-turn limit, static effects, ability removal and granting, mill,
// shuffle in and prevention, each in an exact situation with the test cards of
// tests/data/cards/language_v2.yaml.
#include <gtest/gtest.h>

#include <string>

#include "test_access.h"

namespace tcgtest {
namespace {

using rise::tcg::Phase;

// p1 passes its turn from its end-of-turn step; p0's turn starts (at its Restoration).
void start_p0_turn(TcgState& s) {
  T::set_main(s, 1, 2);
  act(s, "pass");
  pass_window(s);
  ASSERT_EQ(s.active_player(), 0);
}

TEST(TcgLanguageV2, ATriggerWithAConditionOnItsDoorHappensOnlyWhileTheDoorIsOpen) {
  auto s = table();
  int gate = T::add_to_battlefield(*s, 0, "test-tollgate");
  start_p0_turn(*s);
  restore(*s, "draw 1");  // Restoration: draw 1 card and gain 2 Coins
  EXPECT_EQ(s->player(0).coins, 2) << "closed: the Tollgate gives nothing";
  T::obj(*s, gate).open = true;
  T::player(*s, 0).coins = 0;
  start_p0_turn(*s);
  restore(*s, "draw 1");
  EXPECT_EQ(s->player(0).coins, 4) << "open: 2 from the Restoration, 2 from the Tollgate";
}

TEST(TcgLanguageV2, AGlobalDiesTriggerWithAOncePerTurnLimit) {
  auto s = table();
  T::add_to_battlefield(*s, 0, "test-mourner");
  int a = T::add_to_battlefield(*s, 0, "test-grunt");
  int b = T::add_to_battlefield(*s, 0, "test-grunt");
  int theirs = T::add_to_battlefield(*s, 1, "test-grunt");
  const size_t hand = s->player(0).hand.size();
  play(*s, "test-bolt");  // 2 damage: the 2/2 dies
  choose(*s, theirs);
  EXPECT_EQ(s->obj(theirs).where, Where::kCemetery);
  EXPECT_EQ(s->player(0).hand.size(), hand) << "an opponent's Creature: the filter says 'you'";
  play(*s, "test-bolt");
  choose(*s, a);
  EXPECT_EQ(s->player(0).hand.size(), hand + 1) << "the first of p0's Creatures to die draws a card";
  play(*s, "test-bolt");
  choose(*s, b);
  EXPECT_EQ(s->obj(b).where, Where::kCemetery);
  EXPECT_EQ(s->player(0).hand.size(), hand + 1) << "once per turn";
  // A new turn counts afresh.
  start_p0_turn(*s);
  restore(*s, "draw 1");
  const size_t after_draw = s->player(0).hand.size();
  int c = T::add_to_battlefield(*s, 0, "test-grunt");
  play(*s, "test-bolt");
  choose(*s, c);
  EXPECT_EQ(s->player(0).hand.size(), after_draw + 1);
}

TEST(TcgLanguageV2, ACounterOfXWhereXIsTheTargetsAttack) {
  auto s = table();
  int bear = T::add_to_battlefield(*s, 1, "test-bear");  // 3/3
  play(*s, "test-warlord");
  choose(*s, bear);
  EXPECT_EQ(s->attack_of(bear), 6);
  EXPECT_EQ(s->defense_of(bear), 3);
  EXPECT_EQ(s->obj(bear).temp_attack, 3);
}

TEST(TcgLanguageV2, TCG_I71_TheAttackOfACardNotOnTheBattlefieldReadsZero) {  // TCG-I71
  auto s = table();
  int bear = T::add_to_battlefield(*s, 1, "test-bear");  // 3/3
  play(*s, "test-echo");  // X = 0 (an Imminent) + 1
  EXPECT_EQ(s->obj(bear).damage, 1);
}

TEST(TcgLanguageV2, AStepWithAConditionIsSkippedWhenItDoesNotHold) {
  auto s = table();
  int bear = T::add_to_battlefield(*s, 1, "test-bear");  // 3/3
  const size_t hand = s->player(0).hand.size();
  T::player(*s, 0).coins = 4;
  play(*s, "test-rich-bolt");
  EXPECT_EQ(s->choice().kind, rise::tcg::ChoiceKind::kNone) << "no target is asked for a skipped step";
  EXPECT_EQ(s->obj(bear).damage, 0);
  EXPECT_EQ(s->player(0).hand.size(), hand + 1) << "the next step still happens";
  T::player(*s, 0).coins = 5;
  play(*s, "test-rich-bolt");  // the only Creature is chosen without asking (TCG-I4)
  EXPECT_EQ(s->obj(bear).where, Where::kCemetery);
}

TEST(TcgLanguageV2, NoUntiltCannotBlockAndCannotAttack) {
  auto s = table();
  int glacier = T::add_to_battlefield(*s, 0, "test-glacier");
  int pacifist = T::add_to_battlefield(*s, 0, "test-pacifist");
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");
  act(*s, "attack");
  EXPECT_TRUE(legal(*s, "attacker " + card(glacier) + " at p1"));
  EXPECT_TRUE(legal(*s, "attacker " + card(grunt) + " at p1"));
  EXPECT_FALSE(legal(*s, "attacker " + card(pacifist) + " at p1")) << "cannot attack";
  act(*s, "attacker " + card(glacier) + " at p1");
  attackers_done(*s);
  pass_window(*s);
  EXPECT_TRUE(s->obj(glacier).tilted);
  // p1's turn, then p0's: the Glacier stays tilted through p0's Awakening.
  T::set_main(*s, 0, 2);
  act(*s, "pass");
  pass_window(*s);
  ASSERT_EQ(s->active_player(), 1);
  start_p0_turn(*s);
  EXPECT_TRUE(s->obj(glacier).tilted) << "no untilt";
  // A Glacier untilted by an effect still cannot block.
  T::obj(*s, glacier).tilted = false;
  int bear = T::add_to_battlefield(*s, 1, "test-bear");
  T::set_main(*s, 1, 1);
  act(*s, "attack");
  act(*s, "attacker " + card(bear) + " at p0");
  attackers_done(*s);
  EXPECT_FALSE(legal(*s, block(glacier, bear)));
  EXPECT_TRUE(legal(*s, block(pacifist, bear))) << "cannot attack, yet blocks";
}

TEST(TcgLanguageV2, TCG_I72_ADoorThatMayAttackAttacksClosed) {  // TCG-I72 TCG-10.4 TCG-I6
  auto s = table();
  int ram = T::add_to_battlefield(*s, 0, "test-ram-gate");
  int wall = T::add_to_battlefield(*s, 0, "test-wall");  // a Door without it
  ASSERT_FALSE(s->obj(ram).open);
  act(*s, "attack");
  EXPECT_TRUE(legal(*s, "attacker " + card(ram) + " at p1"));
  EXPECT_FALSE(legal(*s, "attacker " + card(wall) + " at p1"));
  act(*s, "attacker " + card(ram) + " at p1");
  attackers_done(*s);
  act(*s, "blocks done");
  pass_window(*s);
  act(*s, "choose p1.S2");  // the defender chooses which Summoner is hit (TCG-7.5)
  EXPECT_EQ(s->player(1).summoners[1].hp, s->cards().card(s->player(1).summoners[1].def).hp - 2);
}

TEST(TcgLanguageV2, TCG_I70_LosingItsAbilitiesUntilEndOfTurnAndGrantedAbilities) {  // TCG-I70
  auto s = table();
  int wisp = T::add_to_battlefield(*s, 1, "test-wisp");  // Flight
  int glacier = T::add_to_battlefield(*s, 1, "test-glacier");
  play(*s, "test-silence");
  choose(*s, wisp);
  EXPECT_EQ(s->abilities_of(wisp), 0u);
  EXPECT_TRUE(s->obj(wisp).lost_abilities);
  play(*s, "test-silence");
  choose(*s, glacier);
  EXPECT_EQ(s->statics_of(glacier), 0u) << "its static effects go with its abilities";
  // A granted ability holds even on a card that lost its abilities.
  play(*s, "test-wings");
  choose(*s, wisp);
  EXPECT_EQ(s->abilities_of(wisp), static_cast<uint64_t>(rise::cardgame::kFlight | rise::cardgame::kPierce));
  const auto o = s->observation_json(0);
  bool seen = false;
  for (const auto& e : o["battlefield"]) {
    if (e["id"] == wisp) {
      seen = true;
      EXPECT_EQ(e["lost_abilities"], true);
      EXPECT_EQ(e["granted"], (nlohmann::json{"Flight", "Pierce"}));
    }
  }
  EXPECT_TRUE(seen);
  // All of it ends with the turn.
  pass_turn(*s);
  EXPECT_FALSE(s->obj(wisp).lost_abilities);
  EXPECT_EQ(s->obj(wisp).granted, 0u);
  EXPECT_EQ(s->abilities_of(wisp), static_cast<uint64_t>(rise::cardgame::kFlight));
  EXPECT_EQ(s->statics_of(glacier), static_cast<uint32_t>(rise::cardgame::kNoUntilt | rise::cardgame::kCannotBlock));
}

TEST(TcgLanguageV2, MillPutsTheTopCardsOfALibraryIntoTheCemetery) {
  auto s = table();
  std::vector<int16_t> library = s->player(1).library;
  ASSERT_GE(library.size(), 5u);
  play(*s, "test-millstone");
  std::vector<int16_t> milled(library.end() - 5, library.end());  // the top is the back
  std::reverse(milled.begin(), milled.end());                    // the top one goes first
  EXPECT_EQ(s->player(1).cemetery, milled);
  EXPECT_EQ(s->player(1).library.size(), library.size() - 5);
  for (int16_t id : milled) EXPECT_EQ(s->obj(id).where, Where::kCemetery);
  // Issue 36: the milled cards never reached a hand, so `rise lab cards` does not count them
  // drawn (p1's hand is empty at this table), and a saved and loaded state says the same.
  auto drawn_of_p1 = [](const rise::State& state) {
    int drawn = 0;
    const std::vector<std::vector<rise::CardUse>> uses = state.card_uses();
    for (const rise::CardUse& u : uses[1]) drawn += u.drawn ? 1 : 0;
    return drawn;
  };
  EXPECT_EQ(drawn_of_p1(*s), 0);
  EXPECT_EQ(drawn_of_p1(*s->game().state_from_json(s->to_json())), 0);
  // Fewer cards than asked: all of them.
  T::empty_library(*s, 1);
  int last = T::add_to_library_top(*s, 1, "test-grunt");
  play(*s, "test-millstone");
  EXPECT_TRUE(s->player(1).library.empty());
  EXPECT_EQ(s->player(1).cemetery.back(), last);
  EXPECT_NE(s->describe_event(s->events().back()).find("puts 1 card(s) from the top of the library"), std::string::npos);
}

TEST(TcgLanguageV2, TCG_I73_ShuffleInPutsTheCardIntoTheLibraryAsANewObject) {  // TCG-I73
  auto s = table();
  int dead = T::add_to_cemetery(*s, 0, "test-bear");
  const size_t library = s->player(0).library.size();
  const int objects = s->num_objects();
  play(*s, "test-recall");  // the Imminent itself is object `objects`
  const int fresh = objects + 1;  // the next number
  ASSERT_EQ(s->num_objects(), objects + 2);
  EXPECT_EQ(s->obj(dead).where, Where::kGone);
  EXPECT_EQ(s->obj(fresh).where, Where::kLibrary);
  EXPECT_EQ(s->cards().card(s->obj(fresh).def).id, "test-bear");
  EXPECT_TRUE(contains(s->player(0).library, fresh));
  EXPECT_EQ(s->player(0).library.size(), library + 1);
  EXPECT_FALSE(contains(s->player(0).cemetery, dead));
  // The old number still names the card in the log.
  EXPECT_EQ(s->cards().card(s->obj(dead).def).id, "test-bear");
  // A token shuffled in from the battlefield ceases to exist.
  int token = T::add_to_battlefield(*s, 0, "test-bear");
  T::obj(*s, token).token = true;
  const int before = s->num_objects();
  play(*s, "test-recall-any");
  EXPECT_EQ(s->obj(token).where, Where::kGone);
  EXPECT_EQ(s->num_objects(), before + 1) << "the Imminent only: no new object for a token";
  EXPECT_FALSE(contains(s->player(0).library, token));
}

TEST(TcgLanguageV2, PreventAbsorbsTheNextDamageThisTurn) {
  auto s = table();
  int bear = T::add_to_battlefield(*s, 0, "test-bear");  // 3/3
  play(*s, "test-aegis");
  EXPECT_EQ(s->obj(bear).prevent, 2);
  play(*s, "test-bolt");  // 2 damage, all prevented
  choose(*s, bear);
  EXPECT_EQ(s->obj(bear).damage, 0);
  EXPECT_EQ(s->obj(bear).prevent, 0);
  play(*s, "test-bolt");
  choose(*s, bear);
  EXPECT_EQ(s->obj(bear).damage, 2);
  // A shield left at the end of the turn is gone.
  play(*s, "test-aegis");
  pass_turn(*s);
  EXPECT_EQ(s->obj(bear).prevent, 0);
}

TEST(TcgLanguageV2, GlobalAttacksAndEachTurnStartTriggers) {
  auto s = table();
  int lookout = T::add_to_battlefield(*s, 0, "test-lookout");
  int bear = T::add_to_battlefield(*s, 1, "test-bear");
  T::set_main(*s, 1, 1);
  T::player(*s, 0).coins = 0;
  act(*s, "attack");
  act(*s, "attacker " + card(bear) + " at p0");
  EXPECT_EQ(s->player(0).coins, 1) << "an opponent's Creature attacked";
  (void)lookout;
  // At the start of each turn (p0's here, and p1's too), p0 gains 1 Ether.
  T::set_main(*s, 0, 2);
  T::player(*s, 0).ether = 0;
  act(*s, "pass");
  pass_window(*s);
  ASSERT_EQ(s->active_player(), 1);
  if (s->phase() == Phase::kRestoration) restore(*s, "draw 1");
  EXPECT_EQ(s->player(0).ether, 1) << "p1's turn start";
}

// "When the first Creature of the turn dies, its owner gains 3 Coins": a global `dies`
// trigger, `limit: once per turn`, and the dying card's owner as `who: target controller`
// of `target: event` (a card in a Cemetery is controlled by its owner).
TEST(TcgLanguageV2, TheFirstCreatureOfTheTurnToDieGivesItsOwnerThreeCoins) {
  auto s = table();
  T::add_to_battlefield(*s, 0, "test-first-blood-shrine");
  int theirs = T::add_to_battlefield(*s, 1, "test-grunt");
  int mine = T::add_to_battlefield(*s, 0, "test-grunt");
  T::player(*s, 0).coins = 0;
  T::player(*s, 1).coins = 0;
  play(*s, "test-bolt");
  choose(*s, theirs);
  EXPECT_EQ(s->obj(theirs).where, Where::kCemetery);
  EXPECT_EQ(s->player(1).coins, 3) << "its owner, p1, not the shrine's controller";
  EXPECT_EQ(s->player(0).coins, 0);
  play(*s, "test-bolt");
  choose(*s, mine);
  EXPECT_EQ(s->player(0).coins, 0) << "only the first of the turn";
}

// Interpretation TCG-I76: "the first time each turn" is used up by the first event even when
// the condition fails; "once per turn" waits for the first time the effect happens.
TEST(TcgLanguageV2, TCG_I76_TheFirstTimeEachTurnIsTheFirstEventOncePerTurnTheFirstTimeItHappens) {  // TCG-I76
  for (const std::string shrine : {"test-lean-shrine-first", "test-lean-shrine-once"}) {
    auto s = table();
    T::add_to_battlefield(*s, 0, shrine);
    int first = T::add_to_battlefield(*s, 0, "test-grunt");
    int second = T::add_to_battlefield(*s, 0, "test-grunt");
    T::player(*s, 0).coins = 5;
    play(*s, "test-bolt");
    choose(*s, first);
    ASSERT_EQ(s->obj(first).where, Where::kCemetery);
    EXPECT_EQ(s->player(0).coins, 5) << shrine << ": 5 Coins, more than 3";
    T::player(*s, 0).coins = 2;
    play(*s, "test-bolt");
    choose(*s, second);
    ASSERT_EQ(s->obj(second).where, Where::kCemetery);
    EXPECT_EQ(s->player(0).coins, shrine == "test-lean-shrine-first" ? 2 : 4) << shrine;
  }
}

// "Creature cards you invoke cost 1 Capacity Point less." (Interpretation TCG-I77)
TEST(TcgLanguageV2, TCG_I77_CreatureCardsYouInvokeCostOneCapacityPointLess) {  // TCG-I77
  auto s = table();
  int conjurer = T::add_to_battlefield(*s, 0, "test-conjurer");
  T::add_to_battlefield(*s, 1, "test-conjurer");  // an opponent's does nothing for p0
  int giant = T::add_to_hand(*s, 0, "test-giant");  // costs 2
  int bolt = T::add_to_hand(*s, 0, "test-bolt");    // an Imminent: not a Creature card
  EXPECT_EQ(s->invoke_cost(0, s->obj(giant).def), 1);
  EXPECT_EQ(s->invoke_cost(0, s->obj(bolt).def), 1);
  EXPECT_EQ(s->invoke_cost(1, s->obj(giant).def), 1);
  EXPECT_NE(s->render_text(0, false).find("Test Giant               1 CP"), std::string::npos);
  EXPECT_NE(s->show("#" + std::to_string(giant), 0).find("cost 1 CP"), std::string::npos);
  T::summoner(*s, 0, 0).cp = 1;
  ASSERT_TRUE(legal(*s, "invoke " + card(giant) + " by S1"));
  act(*s, "invoke " + card(giant) + " by S1");
  pass_window(*s);
  EXPECT_EQ(s->obj(giant).where, Where::kBattlefield);
  EXPECT_EQ(s->player(0).summoners[0].cp, 0);
  // A second Conjurer: a 1-CP Creature costs nothing (never below 0).
  T::add_to_battlefield(*s, 0, "test-conjurer");
  int grunt = T::add_to_hand(*s, 0, "test-grunt");
  EXPECT_EQ(s->invoke_cost(0, s->obj(grunt).def), 0);
  // Without its abilities, a Conjurer lowers no cost (TCG-I70).
  T::summoner(*s, 0, 1).cp = 1;
  play(*s, "test-silence", 1);
  choose(*s, conjurer);
  EXPECT_TRUE(s->obj(conjurer).lost_abilities);
  EXPECT_EQ(s->invoke_cost(0, s->obj(giant).def), 1);
}

// "Put the top 5 cards of your library into your Cemetery."
TEST(TcgLanguageV2, PutTheTopFiveCardsOfYourLibraryIntoYourCemetery) {
  auto s = table();
  const std::vector<int16_t> library = s->player(0).library;
  play(*s, "test-self-mill");
  EXPECT_EQ(s->player(0).library, std::vector<int16_t>(library.begin(), library.end() - 5));
  EXPECT_EQ(s->player(0).cemetery.size(), 6u) << "5 milled and the Imminent";
}

TEST(TcgLanguageV2, TheNewFieldsSurviveTheStateJson) {
  auto s = table();
  int wisp = T::add_to_battlefield(*s, 1, "test-wisp");
  play(*s, "test-silence");
  choose(*s, wisp);
  play(*s, "test-aegis");
  choose(*s, wisp);
  const nlohmann::json j = s->to_json();
  std::unique_ptr<rise::State> loaded = rise::find_game("rise-tcg").state_from_json(j);
  EXPECT_EQ(loaded->to_json().dump(), j.dump());
  auto* tcg = dynamic_cast<TcgState*>(loaded.get());
  ASSERT_NE(tcg, nullptr);
  EXPECT_TRUE(tcg->obj(wisp).lost_abilities);
  EXPECT_EQ(tcg->obj(wisp).prevent, 2);
  // A hand-written state cannot give a card in a library a shield.
  nlohmann::json bad = j;
  const int16_t in_library = s->player(0).library.back();
  bad["objects"][in_library]["v2"] = {0, 3, 0, 0};
  try {
    rise::find_game("rise-tcg").state_from_json(bad);
    ADD_FAILURE() << "accepted";
  } catch (const rise::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("objects[" + std::to_string(in_library) + "]"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("only a card on the battlefield"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tcgtest
