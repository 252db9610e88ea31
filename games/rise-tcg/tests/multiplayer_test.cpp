// Rule tests of rise-tcg, sections 15 (games of 3 to 6 players) and 16 (the web rules'
// variants), docs/rules/rise-tcg.md. Each test names the rule ids it covers on its TEST line.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_access.h"

namespace tcgtest {
namespace {

using rise::tcg::ChoiceKind;
using rise::tcg::Phase;

// Passes every window and answers every pending choice with its first option, until
// nothing is pending.
void settle(TcgState& s) {
  for (int guard = 0; guard < 200 && !s.is_terminal(); ++guard) {
    if (s.choice().kind != ChoiceKind::kNone) {
      std::vector<Action> legal_list;
      s.legal_actions(legal_list);
      s.apply_action(legal_list.front());
    } else if (s.window_open()) {
      act(s, "pass");
    } else {
      return;
    }
  }
}

// p0 ends its turn and every player passes the end-of-turn window.
void end_turn_of_p0(TcgState& s) {
  act(s, "pass");
  pass_window(s);
}

// p2 has one Summoner left, at 2 HP: p0 invokes a Bolt (2 damage) by S1 and aims it there.
void bolt_the_last_summoner_of_p2(TcgState& s) {
  int bolt = T::add_to_hand(s, 0, "test-bolt");
  T::summoner(s, 2, 0).hp = 2;
  T::kill_summoner(s, 2, 1);
  act(s, "invoke " + card(bolt) + " by S1");
  pass_window(s);
  ASSERT_EQ(s.choice().kind, ChoiceKind::kStepTarget);
  act(s, "choose p2.S1");
}

TEST(TcgMultiplayer, TCG_15_1_SeatsTakeTurnsInOrderAndTheOthersStartWithFourCards) {
  // TCG-15.1 TCG-3.1 TCG-3.2
  for (int players = 3; players <= 6; ++players) {
    auto s = new_game_n(7, players);
    ASSERT_EQ(s->num_players(), players);
    const int first = s->starting_player();
    // Every seat rolled a die before the first player was known.
    EXPECT_GE(static_cast<int>(events_of(*s, rise::tcg::kEvDieRoll).size()), players);
    for (int p = 0; p < players; ++p) {
      EXPECT_EQ(s->player(p).hand.size(), p == first ? 6u : 4u) << "seat " << p;
      EXPECT_EQ(s->player(p).coins, p == first ? 2 : 1) << "seat " << p;
    }
    // Mulligans in seat order from the first player, then the first player's turn.
    for (int k = 0; k < players; ++k) {
      EXPECT_EQ(s->current_player(), (first + k) % players);
      act(*s, "keep");
    }
    ASSERT_EQ(s->active_player(), first);
    // Turns follow the seats.
    for (int k = 1; k <= players; ++k) {
      if (s->phase() == Phase::kRestoration) restore(*s, "draw 1");
      act(*s, "pass");
      pass_window(*s);
      EXPECT_EQ(s->active_player(), (first + k) % players);
    }
  }
}

TEST(TcgMultiplayer, TCG_15_2_AttackersAreSplitAcrossOpponents) {  // TCG-15.2 TCG-7.1
  auto s = table_n(4);
  int a = T::add_to_battlefield(*s, 0, "test-grunt");
  int b = T::add_to_battlefield(*s, 0, "test-bear");
  act(*s, "attack");
  EXPECT_EQ(legal_set(*s), actions(*s, {"attacker " + card(a) + " at p1", "attacker " + card(a) + " at p2",
                                        "attacker " + card(a) + " at p3", "attacker " + card(b) + " at p1",
                                        "attacker " + card(b) + " at p2", "attacker " + card(b) + " at p3",
                                        "attackers done"}));
  act(*s, "attacker " + card(a) + " at p3");
  act(*s, "attacker " + card(b) + " at p1");
  attackers_done(*s);
  ASSERT_EQ(s->combat().size(), 2u);
  EXPECT_EQ(s->combat()[0].defender, 3);
  EXPECT_EQ(s->combat()[1].defender, 1);
  // Unblocked, each deals its attack to a Summoner of the opponent it attacked.
  act(*s, "blocks done");  // p1
  act(*s, "blocks done");  // p3
  settle(*s);
  EXPECT_EQ(s->player(3).summoners[0].hp + s->player(3).summoners[1].hp, 40 - 2);
  EXPECT_EQ(s->player(1).summoners[0].hp + s->player(1).summoners[1].hp, 40 - 3);
  EXPECT_EQ(s->player(2).summoners[0].hp + s->player(2).summoners[1].hp, 40);
}

TEST(TcgMultiplayer, TCG_15_3_EachAttackedOpponentBlocksItsOwnAttackersInTurnOrder) {
  // TCG-15.3 TCG-I18
  auto s = table_n(4);
  int a = T::add_to_battlefield(*s, 0, "test-grunt");
  int b = T::add_to_battlefield(*s, 0, "test-grunt");
  int c = T::add_to_battlefield(*s, 0, "test-grunt");
  int g1 = T::add_to_battlefield(*s, 1, "test-giant");
  int g2 = T::add_to_battlefield(*s, 2, "test-giant");
  int g3 = T::add_to_battlefield(*s, 3, "test-giant");
  act(*s, "attack");
  act(*s, "attacker " + card(a) + " at p3");
  act(*s, "attacker " + card(b) + " at p1");
  act(*s, "attacker " + card(c) + " at p3");
  attackers_done(*s);
  // p1 first (the next seat after the active player), only against its own attacker.
  ASSERT_EQ(s->phase(), Phase::kBlockers);
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(legal_set(*s), actions(*s, {"block " + card(g1) + " " + card(b), "blocks done"}));
  act(*s, "block " + card(g1) + " " + card(b));
  EXPECT_EQ(legal_set(*s), actions(*s, {"blocks done"}));
  act(*s, "blocks done");
  // p2 was not attacked: p3 is next, with its two attackers; p2's Giant can't block.
  EXPECT_EQ(s->current_player(), 3);
  EXPECT_EQ(legal_set(*s), actions(*s, {"block " + card(g3) + " " + card(a), "block " + card(g3) + " " + card(c),
                                        "blocks done"}));
  EXPECT_FALSE(legal(*s, "block " + card(g2) + " " + card(a)));
  act(*s, "block " + card(g3) + " " + card(c));
  act(*s, "blocks done");
  EXPECT_EQ(s->phase(), Phase::kMain);
  settle(*s);
  // b and c met Giants and died; a was unblocked and hit p3.
  EXPECT_EQ(s->obj(b).where, Where::kCemetery);
  EXPECT_EQ(s->obj(c).where, Where::kCemetery);
  EXPECT_EQ(s->obj(a).where, Where::kBattlefield);
  EXPECT_EQ(s->player(3).summoners[0].hp + s->player(3).summoners[1].hp, 40 - 2);
  EXPECT_EQ(s->player(1).summoners[0].hp + s->player(1).summoners[1].hp, 40);
}

TEST(TcgMultiplayer, TCG_15_4_EveryPlayerMayRespondInSeatOrder) {  // TCG-15.4 TCG-11.2 TCG-11.3
  auto s = table_n(4);
  int bolt0 = T::add_to_hand(*s, 0, "test-bolt");
  int spark2 = T::add_to_hand(*s, 2, "test-spark");
  int spark3 = T::add_to_hand(*s, 3, "test-spark");
  T::ready(*s, 2);
  T::ready(*s, 3);
  act(*s, "invoke " + card(bolt0) + " by S1");
  // p1 has nothing to answer with (Interpretation TCG-I5): p2 is asked first.
  ASSERT_TRUE(s->window_open());
  EXPECT_EQ(s->priority_player(), 2);
  act(*s, "invoke " + card(spark2) + " by S1");
  EXPECT_EQ(s->priority_player(), 3);  // the round restarts after p2
  act(*s, "invoke " + card(spark3) + " by S1");
  ASSERT_EQ(s->chain().size(), 3u);
  // Nobody has anything left: the chain resolves, last played first.
  settle(*s);
  EXPECT_TRUE(s->chain().empty());
  EXPECT_EQ(s->obj(bolt0).where, Where::kCemetery);
  EXPECT_EQ(s->obj(spark2).where, Where::kExclusion);  // infinite rank (Rule TCG-8.4)
  EXPECT_EQ(s->obj(spark3).where, Where::kExclusion);
  // Each Spark hit an opponent of its player: p2 and p3 each dealt 1.
  const auto resolved = events_of(*s, rise::tcg::kEvResolve);
  ASSERT_EQ(resolved.size(), 3u);
  EXPECT_EQ(resolved[0].player, 3);  // last played first
  EXPECT_EQ(resolved[1].player, 2);
  EXPECT_EQ(resolved[2].player, 0);
}

TEST(TcgMultiplayer, TCG_15_5_APlayerWithoutSummonersLeavesWithItsCards) {  // TCG-15.5 TCG-I21 TCG-4.9
  auto s = table_n(3);
  int mine = T::add_to_battlefield(*s, 2, "test-giant");
  int taken = T::add_to_battlefield(*s, 1, "test-bear");
  T::obj(*s, taken).controller = 2;  // p2 had taken p1's Bear
  int in_hand = T::add_to_hand(*s, 2, "test-bolt");
  int attacker = T::add_to_battlefield(*s, 0, "test-grunt");
  T::summoner(*s, 2, 0).hp = 1;
  T::kill_summoner(*s, 2, 1);
  // p0 attacks p2 and p1; p2's last Summoner falls to the unblocked Grunt.
  int other = T::add_to_battlefield(*s, 0, "test-imp");
  act(*s, "attack");
  act(*s, "attacker " + card(attacker) + " at p2");
  act(*s, "attacker " + card(other) + " at p1");
  attackers_done(*s);
  act(*s, "blocks done");  // p1
  act(*s, "blocks done");  // p2
  pass_window(*s);
  // p1 has two Summoners: it chooses which takes the Imp's damage (Rule TCG-7.5).
  ASSERT_EQ(s->choice().kind, ChoiceKind::kDamageSummoner);
  act(*s, "choose p1.S1");
  EXPECT_TRUE(s->player(2).out);
  EXPECT_FALSE(s->is_terminal());  // p0 and p1 play on
  EXPECT_EQ(s->obj(mine).where, Where::kGone);
  EXPECT_EQ(s->obj(in_hand).where, Where::kGone);
  EXPECT_TRUE(s->player(2).hand.empty());
  EXPECT_TRUE(s->player(2).library.empty());
  EXPECT_FALSE(contains(s->battlefield(), mine));
  // The Bear goes back to its owner, with invocation sickness (Interpretation TCG-I9).
  EXPECT_EQ(s->obj(taken).controller, 1);
  EXPECT_TRUE(s->obj(taken).sick);
  // p2 is skipped from now on: p0's turn passes to p1, then back to p0.
  ASSERT_EQ(s->active_player(), 0);
  end_turn_of_p0(*s);
  EXPECT_EQ(s->active_player(), 1);
  restore(*s, "draw 1");
  act(*s, "pass");
  pass_window(*s);
  EXPECT_EQ(s->active_player(), 0);
}

// A card p2 had taken from p1 and that was then returned to p2's hand (TCG-I13) is p1's: when
// p2 leaves, it goes to p1's hand, not out of the game with p2's cards, and the state still
// loads (found by the conformance suite: the card was left "in a hand" that no zone listed).
TEST(TcgMultiplayer, TCG_I21_ACardOfAnotherInTheHandOfADepartingPlayerGoesToItsOwnersHand) {  // TCG-I21 TCG-I13 TCG-15.5
  auto s = table_n(3);
  const int returned = T::add_to_hand(*s, 2, "test-bear");
  T::obj(*s, returned).owner = 1;
  T::obj(*s, returned).known = true;
  const int own = T::add_to_hand(*s, 2, "test-bolt");
  const size_t p1_hand = s->player(1).hand.size();
  bolt_the_last_summoner_of_p2(*s);
  ASSERT_TRUE(s->player(2).out);
  EXPECT_EQ(s->obj(own).where, Where::kGone);
  EXPECT_EQ(s->obj(returned).where, Where::kHand);
  EXPECT_EQ(s->player(1).hand.size(), p1_hand + 1);
  EXPECT_TRUE(contains(s->player(1).hand, returned));
  EXPECT_TRUE(s->player(2).hand.empty());
  auto back = rise::find_game("rise-tcg").state_from_json(s->to_json());
  EXPECT_EQ(back->to_json(), s->to_json());
}

TEST(TcgMultiplayer, TCG_15_6_TheLastPlayerWithALivingSummonerWins) {  // TCG-15.6 TCG-4.9
  auto s = table_n(4);
  for (int p : {1, 3}) {
    T::kill_summoner(*s, p, 0);
    T::kill_summoner(*s, p, 1);
    T::player(*s, p).out = true;
  }
  bolt_the_last_summoner_of_p2(*s);
  ASSERT_TRUE(s->is_terminal());
  std::vector<double> r = s->returns();
  ASSERT_EQ(r.size(), 4u);
  EXPECT_DOUBLE_EQ(r[0], 1.0);
  for (int p = 1; p < 4; ++p) EXPECT_DOUBLE_EQ(r[static_cast<size_t>(p)], -1.0 / 3.0);
  // The evaluation of a finished game is its return (docs/ai.md).
  EXPECT_DOUBLE_EQ(s->evaluate(0), 1.0);
  EXPECT_DOUBLE_EQ(s->evaluate(2), -1.0 / 3.0);
}

TEST(TcgMultiplayer, TCG_I22_TheActivePlayerLeavingEndsItsTurn) {  // TCG-I22 TCG-15.5
  auto s = table_n(3, {{"deckout", "lose-5-hp"}});
  // p1's turn comes with an empty library and Summoners at 5 HP: they die at its start.
  T::empty_library(*s, 1);
  T::summoner(*s, 1, 0).hp = 5;
  T::summoner(*s, 1, 1).hp = 4;
  end_turn_of_p0(*s);
  EXPECT_TRUE(s->player(1).out);
  EXPECT_FALSE(s->is_terminal());
  EXPECT_EQ(s->active_player(), 2);
  EXPECT_EQ(s->phase(), Phase::kRestoration);
}

// A player who leaves the game while an Imminent of its own waits on the chain: its card is
// gone with its other cards, the chain item stays and does nothing when it resolves, and a
// state saved at that moment loads (found by the random-cards test, which saved one).
TEST(TcgMultiplayer, TCG_15_5_TheChainItemOfADepartedPlayerStaysAndDoesNothing) {  // TCG-15.5 TCG-11.3
  auto s = table_n(3);
  T::set_level(*s, 0, 0, 3, 3);
  T::set_level(*s, 0, 1, 3, 3);  // S2 pays for the second Bolt
  T::ready_one(*s, 2, 0);
  T::kill_summoner(*s, 2, 1);
  T::summoner(*s, 2, 0).hp = 2;
  int windfall = T::add_to_hand(*s, 0, "test-windfall");
  int bolt_a = T::add_to_hand(*s, 0, "test-bolt");
  int bolt_b = T::add_to_hand(*s, 0, "test-bolt");
  int theirs = T::add_to_hand(*s, 2, "test-windfall");
  act(*s, "invoke " + card(windfall) + " by S1");
  ASSERT_EQ(s->current_player(), 2);  // p1 has nothing to play: it passes (TCG-I5)
  act(*s, "invoke " + card(theirs) + " by S1");
  ASSERT_EQ(s->current_player(), 0);
  act(*s, "invoke " + card(bolt_a) + " by S1");
  ASSERT_EQ(s->current_player(), 0);  // p1 and p2 (no Capacity Point left) have nothing to play
  act(*s, "invoke " + card(bolt_b) + " by S2");
  pass_window(*s);
  // Bolt B resolves first: p2's last Summoner dies and p2 leaves with its cards.
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);
  act(*s, "choose p2.S1");
  ASSERT_TRUE(s->player(2).out);
  // Bolt A now asks for its target; below it, p2's Windfall is still on the chain, its card gone.
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);
  ASSERT_EQ(s->chain().size(), 2u);
  EXPECT_EQ(s->chain()[0].source, windfall);
  EXPECT_EQ(s->chain()[1].source, theirs);
  EXPECT_EQ(s->chain()[1].controller, 2);
  EXPECT_EQ(s->obj(theirs).where, Where::kGone);
  // The state of that moment loads back to the same state.
  auto back = rise::find_game("rise-tcg").state_from_json(s->to_json());
  EXPECT_EQ(back->to_json(), s->to_json());
  const int p2_coins = s->player(2).coins;
  act(*s, "choose p1.S1");
  // p2's Windfall resolved doing nothing; p0's gave 3 Coins and 3 Ether.
  EXPECT_TRUE(s->chain().empty());
  EXPECT_EQ(s->player(2).coins, p2_coins);
  EXPECT_EQ(s->player(2).ether, 0);
  EXPECT_EQ(s->player(0).coins, 3);
  EXPECT_EQ(s->player(0).ether, 3);
  EXPECT_EQ(s->obj(theirs).where, Where::kGone);
  EXPECT_EQ(s->player(1).summoners[0].hp, 18);
}

TEST(TcgVariants, TCG_16_1_WebRulesMayDrawNothingForTwoCoins) {  // TCG-16.1 TCG-I19 TCG-4.2
  {
    auto s = table_n(2);
    end_turn_of_p0(*s);
    ASSERT_EQ(s->phase(), Phase::kRestoration);
    EXPECT_EQ(legal_set(*s), actions(*s, {"draw 1", "draw 2"}));  // the rulebook's default
    EXPECT_FALSE(legal(*s, "draw 0"));
  }
  auto s = table_n(2, {{"draw", "0-2"}});
  end_turn_of_p0(*s);
  ASSERT_EQ(s->phase(), Phase::kRestoration);
  EXPECT_EQ(legal_set(*s), actions(*s, {"draw 0", "draw 1", "draw 2"}));
  const size_t library = s->player(1).library.size();
  restore(*s, "draw 0");
  EXPECT_EQ(s->player(1).hand.size(), 0u);
  EXPECT_EQ(s->player(1).library.size(), library);
  EXPECT_EQ(s->player(1).coins, 2);
  EXPECT_EQ(s->phase(), Phase::kMain);
  // The option survives a JSON round trip.
  auto back = rise::find_game("rise-tcg").state_from_json(s->to_json());
  EXPECT_EQ(back->to_json(), s->to_json());
}

TEST(TcgVariants, TCG_16_2_WebRulesEmptyLibraryCostsFiveHpEachTurn) {  // TCG-16.2 TCG-I20
  auto s = table_n(2, {{"deckout", "lose-5-hp"}});
  T::empty_library(*s, 1);
  T::summoner(*s, 1, 1).hp = 3;
  end_turn_of_p0(*s);
  // At the start of p1's turn, before Restoration, each living Summoner loses 5 HP.
  EXPECT_EQ(s->active_player(), 1);
  EXPECT_EQ(s->player(1).summoners[0].hp, 20 - 5);
  EXPECT_FALSE(s->player(1).summoners[1].alive);
  ASSERT_EQ(s->phase(), Phase::kRestoration);
  // Drawing from the empty library draws nothing and costs no sacrifice.
  restore(*s, "draw 2");
  EXPECT_EQ(s->choice().kind, ChoiceKind::kNone);
  EXPECT_EQ(s->player(1).empty_draws, 0);
  EXPECT_TRUE(s->player(1).summoners[0].alive);
  act(*s, "pass");
  pass_window(*s);
  // p0's library is full: nothing happens to it.
  EXPECT_EQ(s->player(0).summoners[0].hp, 20);
  restore(*s, "draw 1");
  act(*s, "pass");
  pass_window(*s);
  // p1's next turn: 5 HP more.
  EXPECT_EQ(s->player(1).summoners[0].hp, 20 - 10);
}


// Review fixes (issue 4): nothing goes to, or stays on, a player who has left the game.

// p2 (S2 dead, S1 at 2 HP) leaves the game: p0 bolts its last Summoner.
void p2_leaves(TcgState& s) {
  T::summoner(s, 2, 0).hp = 2;
  T::kill_summoner(s, 2, 1);
  int bolt = T::add_to_hand(s, 0, "test-bolt");
  T::summoner(s, 0, 0).cp = 1;
  act(s, "invoke " + card(bolt) + " by S1");
  pass_window(s);
  ASSERT_EQ(s.choice().kind, ChoiceKind::kStepTarget);
  act(s, "choose p2.S1");
  ASSERT_TRUE(s.player(2).out);
}

TEST(TcgMultiplayer, TCG_14_9_MadnessGivesNothingBackToADepartedPlayer) {  // TCG-14.9 TCG-I66 TCG-15.5
  auto s = table_n(3);
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  T::obj(*s, grunt).controller = 2;  // p2 had taken p1's Grunt
  int madness = play(*s, "test-madness");
  ASSERT_EQ(s->obj(madness).attached_to, grunt);
  EXPECT_EQ(s->obj(madness).prior_controller, 2);
  EXPECT_EQ(s->obj(grunt).controller, 0);
  p2_leaves(*s);
  play(*s, "test-cure");
  EXPECT_EQ(s->obj(madness).where, Where::kCemetery);
  EXPECT_EQ(s->obj(grunt).controller, 1);  // its owner, not the departed p2
}

TEST(TcgMultiplayer, TCG_14_9_PossessionOfAMadnessHostEndsWithTheMadnessCaster) {  // TCG-14.9 TCG-12.32 TCG-I66 TCG-I41
  auto s = table_n(3);
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  int madness = T::add_to_battlefield(*s, 0, "test-madness");
  T::obj(*s, madness).attached_to = static_cast<int16_t>(grunt);
  T::obj(*s, madness).caster = 0;
  T::obj(*s, madness).prior_controller = 1;
  T::obj(*s, grunt).controller = 2;  // p2 possessed it from p0
  T::obj(*s, grunt).wild = rise::tcg::kWildPossessed;
  end_turn_of_p0(*s);  // p1, the owner, begins its turn: Possession ends
  EXPECT_EQ(s->active_player(), 1);
  EXPECT_EQ(s->obj(grunt).controller, 0);  // back to the Madness caster
}

TEST(TcgMultiplayer, TCG_12_25_ReanimationOfADepartedControllerReturnsToTheOwner) {  // TCG-12.25 TCG-I33 TCG-15.5
  auto s = table_n(3);
  int revenant = T::add_to_cemetery(*s, 1, "test-revenant");
  T::obj(*s, revenant).pending = rise::tcg::kPendReanimate;
  T::obj(*s, revenant).pending_player = 2;  // p2 controlled it when it died...
  T::kill_summoner(*s, 2, 0);
  T::kill_summoner(*s, 2, 1);
  T::player(*s, 2).out = true;  // ...and has left since
  force_coins(*s, {true});
  play(*s, "test-grunt");  // the coin is tossed once running effects are done
  auto back = events_of(*s, rise::tcg::kEvReanimate);
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(s->obj(back[0].a).controller, 1);
  EXPECT_EQ(back[0].player, 1);
}

TEST(TcgMultiplayer, TCG_14_8_ColdOnADepartedPlayerEnds) {  // TCG-14.8 TCG-14.5 TCG-15.5
  auto s = table_n(3);
  int cold = T::add_to_battlefield(*s, 0, "test-cold");
  T::obj(*s, cold).attached_to = static_cast<int16_t>(rise::tcg::kPlayerRef + 2);
  T::obj(*s, cold).caster = 0;
  p2_leaves(*s);
  EXPECT_EQ(s->obj(cold).where, Where::kCemetery);
  EXPECT_TRUE(contains(s->player(0).cemetery, cold));
  EXPECT_EQ(events_of(*s, rise::tcg::kEvDiseaseEnds).size(), 1u);
}

}  // namespace
}  // namespace tcgtest
