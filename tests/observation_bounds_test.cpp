// core/observation_bounds.h: the bounds builder and the normalised tensor (issue 35), and
// every game's bounds against its layout's size.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rise/core/error.h"
#include "rise/core/game.h"
#include "rise/core/observation_bounds.h"
#include "rise/core/registry.h"

namespace rise {
namespace {

TEST(ObservationBounds, TheBuilderAppendsRangesAndRowsInOrder) {
  BoundsBuilder row;
  row.flags(1).open(1, -5, 100, 0, 10);
  BoundsBuilder b;
  b.range(1, -3, 3).repeat(2, row);
  const ObservationBounds bounds = b.done(5);
  EXPECT_EQ(bounds.low, (std::vector<float>{-3, 0, -5, 0, -5}));
  EXPECT_EQ(bounds.high, (std::vector<float>{3, 1, 100, 1, 100}));
  EXPECT_EQ(bounds.typical_low, (std::vector<float>{-3, 0, 0, 0, 0}));
  EXPECT_EQ(bounds.typical_high, (std::vector<float>{3, 1, 10, 1, 10}));
}

TEST(ObservationBounds, NormalisingMapsTheTypicalRangeOntoZeroOneAndSaturates) {
  BoundsBuilder b;
  b.range(1, -3, 3).open(1, -5, 100, 0, 10).flags(1);
  const ObservationBounds bounds = b.done(3);
  std::vector<float> values = {0, 15, 1};
  normalize_observation(bounds, values);
  EXPECT_EQ(values, (std::vector<float>{0.5f, 1.0f, 1.0f}));
  values = {-3, -5, 0};
  normalize_observation(bounds, values);
  EXPECT_EQ(values, (std::vector<float>{0.0f, 0.0f, 0.0f}));
  values = {3, 2.5f, 0};
  normalize_observation(bounds, values);
  EXPECT_EQ(values, (std::vector<float>{1.0f, 0.25f, 0.0f}));
  std::vector<float> wrong(2);
  EXPECT_THROW(normalize_observation(bounds, wrong), InputError);
}

// Every game that offers an observation tensor states a range for each of its values.
TEST(ObservationBounds, EveryGameBoundsEachValueOfItsTensor) {
  for (const Game* g : all_games()) {
    const Game& game = *g;
    const std::string& id = game.info().id;
    const LearningSpec spec = game.learning_spec({}, game.info().min_players);
    ASSERT_EQ(spec.bounds.size(), spec.observation_size()) << id;
    for (size_t k = 0; k < spec.bounds.size(); ++k) {
      ASSERT_LE(spec.bounds.low[k], spec.bounds.typical_low[k]) << id << " value " << k;
      ASSERT_LT(spec.bounds.typical_low[k], spec.bounds.typical_high[k]) << id << " value " << k;
      ASSERT_LE(spec.bounds.typical_high[k], spec.bounds.high[k]) << id << " value " << k;
    }
  }
}

}  // namespace
}  // namespace rise
