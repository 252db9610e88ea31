// A game's review (ai/review.h, issue 38): every decision of the reviewed seats searched from
// its seat's information, what each cost, the blunders and the turning point. A planted
// blunder (a seat that concedes a game it could play on) must be found as the turning point;
// a player that reads hidden cards may not review a hidden-information game.
#include <gtest/gtest.h>

#include <algorithm>

#include "rise/ai/match.h"
#include "rise/ai/review.h"
#include "rise/core/error.h"
#include "rise/core/registry.h"

namespace rise::ai {
namespace {

// A rise-tcg game in which the first seat to decide mulligans three times and then concedes
// instead of keeping its hand (Rule TCG-3.3: after the third mulligan a player keeps or concedes): its replay.
Replay conceded_game() {
  const Game& game = find_game("rise-tcg");
  std::unique_ptr<State> state = game.new_initial_state(5, {}, 2);
  const PlayerId conceder = state->current_player();
  for (int i = 0; i < 20 && !state->is_terminal(); ++i) {
    const bool mine = state->current_player() == conceder;
    const std::string text = !mine ? "keep" : state->is_legal(state->string_to_action("mulligan")) ? "mulligan" : "concede";
    state->apply_action(state->string_to_action(text));
    if (text == "concede") break;
  }
  EXPECT_TRUE(state->is_terminal());
  return make_replay(*state, {}, 5, {"random", "random"});
}

TEST(Review, FindsAConcessionAsTheBlunderWhereTheGameTurned) {
  const Replay replay = conceded_game();
  const PlayerId conceder = replay.returns[0] < 0 ? 0 : 1;
  int calls = 0, last_total = 0;
  const Review review = review_game(replay, {}, "ismcts:iters=300", 1, [&](int done, int total) {
    ++calls;
    EXPECT_EQ(done, calls);
    last_total = total;
  });
  EXPECT_EQ(calls, last_total);
  EXPECT_EQ(static_cast<int>(review.decisions.size()), last_total);
  ASSERT_FALSE(review.decisions.empty());
  EXPECT_EQ(review.seats.size(), 2u);

  const ReviewedDecision& last = review.decisions.back();
  EXPECT_EQ(last.index, static_cast<int>(replay.actions.size()) - 1);
  EXPECT_EQ(last.seat, conceder);
  EXPECT_EQ(last.played_text, "concede");
  EXPECT_FALSE(last.forced);
  EXPECT_GT(last.played_visits, 0);
  EXPECT_EQ(last.played_win, 0.0);  // a concession loses every time
  EXPECT_EQ(last.best_text, "keep");
  EXPECT_EQ(last.loss, last.best_win);
  ASSERT_GE(last.loss, kMistakeLoss) << "keeping the hand is worth something";
  ASSERT_GE(review.turning_point, 0);
  EXPECT_EQ(review.decisions[static_cast<size_t>(review.turning_point)].index, last.index)
      << "the concession is the largest loss of the seat that lost";
  for (const ReviewedDecision& d : review.decisions) {
    EXPECT_GE(d.loss, 0.0);
    EXPECT_GE(d.best_win, 0.0);
    EXPECT_LE(d.best_win, 1.0);
    if (d.forced) EXPECT_EQ(d.loss, 0.0);
  }
  const SeatReview& s = review.seats[static_cast<size_t>(conceder)];
  EXPECT_EQ(s.mistakes + s.blunders, 1);

  // Only the seat asked for; the same arguments give the same review.
  const Review one = review_game(replay, {conceder}, "ismcts:iters=300", 1);
  EXPECT_TRUE(std::all_of(one.decisions.begin(), one.decisions.end(), [&](const ReviewedDecision& d) { return d.seat == conceder; }));
  ASSERT_EQ(one.seats.size(), 1u);
  const Review again = review_game(replay, {conceder}, "ismcts:iters=300", 1);
  EXPECT_EQ(review_to_json(one).dump(), review_to_json(again).dump());
  EXPECT_EQ(review_to_json(one)["decisions"].back()["played"], "concede");
}

TEST(Review, RefusesAPlayerThatReadsHiddenCardsAndSeatsThatDoNotExist) {
  const Replay replay = conceded_game();
  try {
    review_game(replay, {}, "greedy", 1);
    FAIL() << "greedy reviewed a hidden-information game";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "review: greedy reads hidden information in rise-tcg, so it would judge a "
                                     "decision by cards its seat could not see; use ismcts");
  }
  EXPECT_THROW(review_game(replay, {2}, "ismcts:iters=10", 1), InputError);
  EXPECT_THROW(review_game(replay, {}, "ismcts:bogus=1", 1), InputError);
  // rise-hex hides nothing: mcts may review it.
  std::unique_ptr<State> hex = find_game("rise-hex").new_initial_state(3, {}, 2);
  for (int i = 0; i < 6; ++i) hex->apply_action(hex->legal_actions().front());
  const Review r = review_game(make_replay(*hex, {}, 3, {}), {}, "mcts:iters=100", 1);
  EXPECT_EQ(r.decisions.size(), 6u);
  EXPECT_EQ(r.turning_point >= -1, true);
}

}  // namespace
}  // namespace rise::ai
