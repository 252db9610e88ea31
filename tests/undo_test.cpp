// The one rule of undo (core/undo.h, issue 38): an action may be taken back only if it
// showed no human seat a card or a chance outcome. Judged by difference on real games: a
// draw shows the drawer its card and the other seat nothing; dark-legacy's turn start rolls
// a public d20; rise-hex hides nothing and has no chance.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rise/core/registry.h"
#include "rise/core/undo.h"

namespace rise {
namespace {

// Plays the first legal action until `text` is legal (at most 400 actions); the state is then
// at that decision. Fails the test when it never is.
Action play_until(State& state, const std::string& text) {
  for (int i = 0; i < 400 && !state.is_terminal(); ++i) {
    for (Action a : state.legal_actions()) {
      if (state.action_to_string(a) == text) return a;
    }
    const std::vector<Action> legal = state.legal_actions();
    state.apply_action(legal.front());
  }
  ADD_FAILURE() << "'" << text << "' never became legal";
  return -1;
}

TEST(Undo, ADrawShowsTheDrawerItsCardAndTheOtherSeatNothing) {
  std::unique_ptr<State> state = find_game("rise-tcg").new_initial_state(3, {}, 2);
  // Keeping a hand shows nobody anything; a mulligan deals its player a new hand.
  const PlayerId first = state->current_player();
  const Action keep = state->string_to_action("keep"), mulligan = state->string_to_action("mulligan");
  ASSERT_TRUE(state->is_legal(keep) && state->is_legal(mulligan));
  EXPECT_FALSE(action_reveals(*state, keep, first));
  EXPECT_FALSE(action_reveals(*state, keep, 1 - first));
  EXPECT_TRUE(action_reveals(*state, mulligan, first));
  EXPECT_FALSE(action_reveals(*state, mulligan, 1 - first));
  EXPECT_FALSE(undo_refusal(*state, {keep}, {0, 1}, first).has_value());

  const Action draw = play_until(*state, "draw 1");
  ASSERT_GE(draw, 0);
  const PlayerId drawer = state->current_player();
  EXPECT_TRUE(action_reveals(*state, draw, drawer));
  EXPECT_FALSE(action_reveals(*state, draw, 1 - drawer));
  // Taking back the draw is refused, naming it as the asker may read it.
  auto refusal = undo_refusal(*state, {draw}, {0, 1}, drawer);
  ASSERT_TRUE(refusal.has_value());
  EXPECT_EQ(*refusal, "'draw 1' showed you what could not be seen before it (a card or a chance outcome), "
                      "and an undo never takes that back");
  // Against the computer only the human seat counts: the computer's draw shows the human nothing.
  EXPECT_FALSE(undo_refusal(*state, {draw}, {1 - drawer}, 1 - drawer).has_value());
}

TEST(Undo, ADieRolledAtATurnStartIsSeenByBothSeats) {
  // Rule DL-7.1: each turn starts with a d20 for the Casting Points, in view of both seats.
  std::unique_ptr<State> state = find_game("dark-legacy").new_initial_state(5, {}, 2);
  const Action end = play_until(*state, "end turn");
  ASSERT_GE(end, 0);
  const PlayerId mover = state->current_player();
  EXPECT_TRUE(action_reveals(*state, end, mover));
  EXPECT_TRUE(action_reveals(*state, end, 1 - mover));
}

TEST(Undo, NothingIsRevealedInAGameOfPerfectInformation) {
  std::unique_ptr<State> state = find_game("rise-hex").new_initial_state(7, {}, 2);
  for (int i = 0; i < 30 && !state->is_terminal(); ++i) {
    const std::vector<Action> legal = state->legal_actions();
    const Action a = legal[static_cast<size_t>(i * 7) % legal.size()];
    EXPECT_FALSE(action_reveals(*state, a, 0)) << state->action_to_string(a);
    EXPECT_FALSE(action_reveals(*state, a, 1)) << state->action_to_string(a);
    state->apply_action(a);
  }
}

}  // namespace
}  // namespace rise
