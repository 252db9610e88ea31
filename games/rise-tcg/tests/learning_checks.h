// Checks of rise-tcg's learning interface shared by learning_test.cpp (documented
// positions) and learning_random_test.cpp (random games, in the hot tree): the observation
// tensor of a viewer, and the dense action indices as a bijection on a state's legal actions
// (docs/notation.md "rise-tcg dense action indices", docs/formats.md "rise-tcg observation
// tensor").
#pragma once

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "test_access.h"

namespace tcgtest {

// Offsets of the tensor's parts (docs/formats.md "rise-tcg observation tensor").
inline constexpr int kPlayersAt = 84, kPlayerSize = 59, kHandAt = 438, kFieldAt = 470, kFieldRow = 49,
                     kChainAt = 2822, kChainRow = 18, kCombatAt = 3110, kOptionsAt = 3606;

// The observation tensor of `viewer` (a seat or rise::kSpectator): kObservationSize floats,
// filled with -12345 first, so that a value observation_tensor skips shows in a comparison.
inline std::vector<float> tensor(const TcgState& s, rise::PlayerId viewer) {
  std::vector<float> out(static_cast<size_t>(rise::tcg::kObservationSize), -12345.0f);
  s.observation_tensor(viewer, out);
  return out;
}

// Every legal action of `s` has its own index in [0, kDenseActions), and action_from_dense
// inverts it; a failure names `where`.
inline void expect_bijection(const TcgState& s, const std::string& where) {
  std::vector<Action> legal;
  s.legal_actions(legal);
  std::set<int> seen;
  for (Action a : legal) {
    const int d = s.dense_action(a);
    ASSERT_TRUE(d >= 0 && d < rise::tcg::kDenseActions) << where << ": " << s.action_to_string(a) << " -> " << d;
    ASSERT_TRUE(seen.insert(d).second) << where << ": index " << d << " twice (" << s.action_to_string(a) << ")";
    ASSERT_EQ(s.action_from_dense(d), a) << where;
  }
}

}  // namespace tcgtest
