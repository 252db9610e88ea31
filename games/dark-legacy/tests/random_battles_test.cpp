// Random battles of the test decks (issue 15), in the hot tree: 200 battles of thousands of
// decisions each are a suite's own loop (docs/testing.md); the rule tests stay under the
// sanitizers.
#include <gtest/gtest.h>

#include <vector>

#include "test_access.h"

namespace dltest {
namespace {

// Random battles of the test decks: every one ends within the turn limit; the JSON round
// trip, the notation of every legal action and the determinization hold (at every step of
// the first 150 of two battles, then at sampled steps: a check costs ~5 ms in Debug).
TEST(DlFlow, RandomBattlesEnd) {  // DL-I21
  int finished = 0;
  long total_steps = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    auto s = game().make(seed, seed % 3 == 0 ? "creatures" : "mixed", "mixed", "darkness:1",
                         seed % 5 == 0 ? "darkness:20" : "darkness:1", 200);
    rise::Rng pick(seed * 7919);
    rise::Rng sample(seed);
    int steps = 0;
    while (!s->is_terminal()) {
      std::vector<rise::Action> legal = s->legal_actions();
      ASSERT_FALSE(legal.empty());
      // Every step of the first 150 of two battles; a sample of the others.
      const bool full = seed <= 2 && steps < 150;
      if (full || steps % 97 == 0) {
        for (rise::Action a : legal) {
          ASSERT_EQ(s->string_to_action(s->action_to_string(a)), a) << s->action_to_string(a);
        }
        expect_round_trip(*s);
      }
      if (full || steps % 293 == 0) {
        const int viewer = static_cast<int>(steps % 2);
        auto other = s->resample_hidden(viewer, sample);
        ASSERT_EQ(other->observation_json(viewer).dump(), s->observation_json(viewer).dump()) << "seed " << seed;
        EXPECT_GE(s->evaluate(0), -1.0);
        EXPECT_LE(s->evaluate(0), 1.0);
        (void)s->render_text(viewer, false);
      }
      s->apply_action(legal[static_cast<size_t>(pick.below(legal.size()))]);
      ++steps;
      ASSERT_LT(steps, 20000);
    }
    EXPECT_LE(s->turn_number(), 200);
    total_steps += steps;
    if (s->returns()[0] != 0.0) ++finished;
    expect_round_trip(*s);
    EXPECT_GE(s->player(0).skill_roll, 1);
  }
  EXPECT_GT(finished, 100);  // most random battles end by a defeat, not the limit
  RecordProperty("decisions", static_cast<int>(total_steps));
  RecordProperty("decided", finished);
}

}  // namespace
}  // namespace dltest
