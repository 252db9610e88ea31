// What the seat to move is deciding (State::describe_decision) and how a seat that is not
// the decider is refused (issue 19: "Refusal reasons when the wrong player acts"; issue 20:
// every prompt says what the choice is for).
#include <gtest/gtest.h>

#include "rise/core/error.h"
#include "test_access.h"

namespace tcgtest {
namespace {

std::string refusal(TcgState& s, const std::string& text) {
  try {
    act(s, text);
  } catch (const rise::InputError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(TcgDecision, TheMulliganAndTheRestorationSayWhatTheyTrade) {
  auto s = new_game(11);
  EXPECT_EQ(s->describe_decision(), "keep the opening hand or take a mulligan (Rule TCG-3.3)");
  auto t = table();
  T::set_phase(*t, rise::tcg::Phase::kRestoration);
  EXPECT_EQ(t->describe_decision(),
            "choose the Restoration: draw 1 and gain 2 Coins, or draw 2 and gain 1 Coin (Rule TCG-4.2)");
}

TEST(TcgDecision, TheChainAndItsTargetChoiceAreNamedWithTheirCard) {
  auto s = table();
  T::ready(*s, 1);
  EXPECT_EQ(s->describe_decision(), "invoke, use skills and Actions, attack, or pass to end the turn");
  const int bolt = T::add_to_hand(*s, 0, "test-bolt");
  const int their_bolt = T::add_to_hand(*s, 1, "test-bolt");
  const int bear = T::add_to_battlefield(*s, 1, "test-bear");
  T::summoner(*s, 0, 0).cp = 1;
  act(*s, "invoke " + card(bolt) + " by S1");
  ASSERT_EQ(s->current_player(), 1);
  EXPECT_EQ(s->describe_decision(),
            "answer the chain (its top: " + card(bolt) + " (Test Bolt)) at Imminent speed, or pass");
  // p0 acting now is told it is p1's decision and what for, not "that card is not in your hand".
  EXPECT_EQ(refusal(*s, "seat 0: choose " + card(bear)),
            "test 'seat 0: choose " + card(bear) + "': it is seat 1's decision (to answer the chain (its top: " +
                card(bolt) + " (Test Bolt)) at Imminent speed, or pass), not seat 0's");
  // Its own Bolt, still in p1's hand, is not named to p0 in the refusal: the texts are public.
  EXPECT_EQ(s->describe_decision().find(card(their_bolt)), std::string::npos);
  act(*s, "seat 1: pass");
  pass_window(*s);
  ASSERT_EQ(s->choice().kind, rise::tcg::ChoiceKind::kStepTarget);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->describe_decision(), "choose the target of " + card(bolt) + " (Test Bolt)'s effect");
  // An illegal action of the decider names the decision too.
  const std::string illegal = refusal(*s, "choose " + card(their_bolt));
  EXPECT_EQ(illegal.rfind("test 'choose " + card(their_bolt) +
                              "': not legal for seat 0, whose decision it is (to choose the target of " + card(bolt) +
                              " (Test Bolt)'s effect): ",
                          0),
            0u)
      << illegal;
  act(*s, "seat 0: choose " + card(bear));
  EXPECT_EQ(s->obj(bear).damage, 2);
}

TEST(TcgDecision, TheWindowsOfTheTurnSayWhatTheyFollow) {  // Interpretation TCG-I75
  auto s = table();
  T::ready(*s, 1);
  const int grunt = T::add_to_battlefield(*s, 0, "test-grunt");
  T::add_to_hand(*s, 1, "test-bolt");
  act(*s, "attack");
  EXPECT_EQ(s->describe_decision(), "declare attackers, or end the declaration with 'attackers done'");
  act(*s, "attacker " + card(grunt) + " at p1");
  act(*s, "attackers done");
  ASSERT_TRUE(s->window_open());
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(s->describe_decision(), "play at Imminent speed after attackers are declared, or pass");
  pass_window(*s);
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(s->describe_decision(), "declare blockers against p0's attackers, or end with 'blocks done'");
}

TEST(TcgDecision, ASeatPrefixNamingNoSeatIsRefused) {
  auto s = table();
  EXPECT_EQ(refusal(*s, "seat 2: pass"), "test 'seat 2: pass': 'seat 2:' names no seat of this game (seats 0 to 1)");
  EXPECT_EQ(refusal(*s, "seat x: pass"), "test 'seat x: pass': 'seat x:' names no seat of this game (seats 0 to 1)");
}

}  // namespace
}  // namespace tcgtest
