// The learning interface of rise-hex (docs/learning.md; docs/notation.md "rise-hex dense
// action indices"; docs/formats.md "rise-hex observation tensor"): exact dense indices and
// tensor values in positions written by hand, and the bijection over the legal actions of
// thousands of random positions.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise-hex/state.h"
#include "rise/core/error.h"
#include "rise/core/game.h"
#include "rise/core/registry.h"
#include "rise/core/rng.h"
#include "hex_test_support.h"

namespace {

using Json = nlohmann::json;
using rise::State;

using rise_hex_testing::hex_game;

// Tile slots of the start formation (ascending q, then r):
// 0 0,0  1 0,1  2 1,-1  3 1,0  4 2,0  5 3,0  6 4,0  7 5,0  8 6,0  9 6,1  10 7,-1  11 7,0
constexpr int kSlots = 60;
// Plane offsets (docs/formats.md, "rise-hex observation tensor").
constexpr int kTilePlane = 0, kQ = 1, kR = 2, kRedWorker = 3, kBlueWorker = 4, kRedTiers = 5, kNeighborE = 8,
              kPendingTarget = 14, kPendingSacrificed = 15, kRedToMove = 16, kBlueToMove = 17, kActionsLeft = 18,
              kPendingEliminate = 19, kTurn = 21, kTurnLimit = 22, kRedWon = 23, kViewerRed = 26, kViewerBlue = 27;
size_t at(int plane, int slot) { return static_cast<size_t>(plane * kSlots + slot); }

int dense(const State& s, const std::string& notation) { return s.dense_action(s.string_to_action(notation)); }

std::vector<float> tensor(const State& s, rise::PlayerId viewer) {
  std::vector<float> out(28 * kSlots, -12345.0f);
  s.observation_tensor(viewer, out);
  return out;
}

// The start formation with red workers on 0,0 1,0 2,0, a blue worker on 3,0 (4,0 behind
// it empty) and a red tower of 2 tiers on 7,0; red to act, two actions left.
std::unique_ptr<State> sacrifice_position() {
  std::map<std::string, Json> tiles;
  for (const char* cell : {"0,0", "0,1", "1,-1", "1,0", "2,0", "3,0", "4,0", "5,0", "6,0", "6,1", "7,-1", "7,0"}) {
    tiles[cell] = Json{{"at", cell}};
  }
  for (const char* cell : {"0,0", "1,0", "2,0"}) tiles[cell]["worker"] = "red";
  tiles["3,0"]["worker"] = "blue";
  tiles["7,0"]["tower"] = "red";
  tiles["7,0"]["tiers"] = 2;
  Json list = Json::array();
  for (const auto& [cell, t] : tiles) list.push_back(t);
  return hex_game().state_from_json(Json{{"game", "rise-hex"}, {"turn", 9}, {"turn_limit", 200},
                                         {"to_move", "red"}, {"actions_left", 2}, {"pending", nullptr},
                                         {"tiles", list}, {"result", nullptr}});
}

TEST(RiseHexLearning, Spec) {
  const rise::LearningSpec spec = hex_game().learning_spec({}, 2);
  EXPECT_EQ(spec.num_distinct_actions, 1381);
  EXPECT_EQ(spec.observation_shape, (std::vector<int>{28, 60}));
  EXPECT_EQ(hex_game().learning_spec({{"turn_limit", "7"}}, 2).num_distinct_actions, 1381);
  EXPECT_THROW(hex_game().learning_spec({}, 3), rise::InputError);
  EXPECT_THROW(hex_game().learning_spec({{"turn_limit", "0"}}, 2), rise::InputError);
  EXPECT_THROW(hex_game().learning_spec({{"no_such_option", "1"}}, 2), rise::InputError);
}

TEST(RiseHexLearning, DenseIndicesOfTheStartPosition) {
  auto s = hex_game().new_initial_state(1, {}, 2);
  EXPECT_EQ(dense(*s, "tile -1,0"), 0 * 6 + 3);   // anchor slot 0 (0,0), direction W
  EXPECT_EQ(dense(*s, "tile 1,1"), 1 * 6 + 0);    // neighbours 0,1 (slot 1), 1,0, 2,0: slot 1, E
  EXPECT_EQ(dense(*s, "tile 8,0"), 11 * 6 + 0);   // anchor slot 11 (7,0), direction E
  EXPECT_EQ(dense(*s, "worker 2,0"), 360 + 4);
  EXPECT_EQ(dense(*s, "move 1,0>2,0"), 420 + 3 * 6 + 0);
  EXPECT_EQ(dense(*s, "move 1,0>0,1"), 420 + 3 * 6 + 4);  // SW
  EXPECT_EQ(s->action_from_dense(420 + 3 * 6 + 4), s->string_to_action("move 1,0>0,1"));
  EXPECT_EQ(s->action_from_dense(1380), -1);  // pass is not legal here
  // Not legal here: refused.
  EXPECT_THROW(dense(*s, "pass"), rise::InputError);
  EXPECT_THROW(dense(*s, "worker 5,0"), rise::InputError);
  EXPECT_THROW(s->dense_action(-1), rise::InputError);
}

TEST(RiseHexLearning, DenseIndicesOfJumpSacrificeAndTower) {
  auto s = sacrifice_position();
  EXPECT_EQ(dense(*s, "jump 2,0>4,0"), 780 + 4 * 6 + 0);
  EXPECT_EQ(dense(*s, "eliminate 3,0"), 1140 + 5);
  EXPECT_EQ(dense(*s, "free 4,0"), 1200 + 6);
  EXPECT_EQ(dense(*s, "remove-tier 7,0"), 1320 + 11);
  s->apply_action(s->string_to_action("eliminate 3,0"));
  EXPECT_EQ(dense(*s, "sacrifice 0,0"), 1260 + 0);
  EXPECT_EQ(dense(*s, "sacrifice 2,0"), 1260 + 4);
  const std::vector<float> t = tensor(*s, 0);
  EXPECT_EQ(t[at(kPendingEliminate, 0)], 1.0f);
  EXPECT_EQ(t[at(kPendingTarget, 5)], 1.0f);
  EXPECT_EQ(t[at(kPendingTarget, 4)], 0.0f);
  EXPECT_EQ(t[at(kPendingSacrificed, 0)], 0.0f);
  EXPECT_EQ(t[at(kRedTiers, 11)], 2.0f);
  s->apply_action(s->string_to_action("sacrifice 0,0"));
  EXPECT_EQ(tensor(*s, 0)[at(kPendingSacrificed, 0)], 1.0f);
  EXPECT_THROW(dense(*s, "sacrifice 0,0"), rise::InputError);  // already chosen
}

TEST(RiseHexLearning, PassOnAFullBoard) {
  // A full 60-tile board (12 x 5): red's only worker on 0,0 is hemmed in by protected blue
  // workers (Interpretation HEX-I3): pass is its only action, index 1380.
  Json list = Json::array();
  for (int q = 0; q <= 11; ++q) {
    for (int r = 0; r <= 4; ++r) {
      const std::string cell = std::to_string(q) + "," + std::to_string(r);
      Json t{{"at", cell}};
      if (cell == "0,0") t["worker"] = "red";
      if (cell == "1,0" || cell == "2,0" || cell == "0,1" || cell == "0,2") t["worker"] = "blue";
      list.push_back(t);
    }
  }
  auto s = hex_game().state_from_json(Json{{"game", "rise-hex"}, {"turn", 9}, {"turn_limit", 200},
                                           {"to_move", "red"}, {"actions_left", 2}, {"pending", nullptr},
                                           {"tiles", list}, {"result", nullptr}});
  EXPECT_EQ(dense(*s, "pass"), 1380);
  EXPECT_EQ(s->action_from_dense(1380), s->string_to_action("pass"));
  const std::vector<float> t = tensor(*s, rise::kSpectator);
  EXPECT_EQ(t[at(kTilePlane, 59)], 1.0f);  // slot 59 is 11,4
  EXPECT_EQ(t[at(kQ, 59)], 11.0f);
  EXPECT_EQ(t[at(kR, 59)], 4.0f);
}

TEST(RiseHexLearning, TensorOfTheStartPosition) {
  auto s = hex_game().new_initial_state(1, {}, 2);
  const std::vector<float> red = tensor(*s, 0);
  EXPECT_EQ(red[at(kTilePlane, 11)], 1.0f);
  EXPECT_EQ(red[at(kTilePlane, 12)], 0.0f);  // past the 12 tiles: zeros
  EXPECT_EQ(red[at(kQ, 11)], 7.0f);
  EXPECT_EQ(red[at(kR, 2)], -1.0f);
  EXPECT_EQ(red[at(kRedWorker, 3)], 1.0f);   // 1,0
  EXPECT_EQ(red[at(kBlueWorker, 8)], 1.0f);  // 6,0
  EXPECT_EQ(red[at(kBlueWorker, 3)], 0.0f);
  EXPECT_EQ(red[at(kNeighborE, 3)], 1.0f);   // 2,0 east of 1,0
  EXPECT_EQ(red[at(kNeighborE, 11)], 0.0f);  // nothing east of 7,0
  EXPECT_EQ(red[at(kRedToMove, 59)], 1.0f);  // whole-board values fill every slot
  EXPECT_EQ(red[at(kBlueToMove, 0)], 0.0f);
  EXPECT_EQ(red[at(kActionsLeft, 30)], 1.0f);
  EXPECT_EQ(red[at(kTurn, 0)], 1.0f);
  EXPECT_EQ(red[at(kTurnLimit, 0)], 200.0f);
  EXPECT_EQ(red[at(kRedWon, 0)], 0.0f);
  EXPECT_EQ(red[at(kViewerRed, 0)], 1.0f);
  EXPECT_EQ(red[at(kViewerBlue, 0)], 0.0f);
  const std::vector<float> blue = tensor(*s, 1);
  const std::vector<float> spectator = tensor(*s, rise::kSpectator);
  EXPECT_EQ(blue[at(kViewerBlue, 0)], 1.0f);
  EXPECT_EQ(spectator[at(kViewerRed, 0)], 0.0f);
  EXPECT_EQ(spectator[at(kViewerBlue, 0)], 0.0f);
  // Only the viewer planes differ between viewers.
  for (size_t i = 0; i < at(kViewerRed, 0); ++i) ASSERT_EQ(red[i], spectator[i]) << i;
  std::vector<float> wrong(28 * kSlots - 1);
  EXPECT_THROW(s->observation_tensor(0, wrong), rise::InputError);
}

// Every legal action of every position of 60 random games (thousands of positions) has
// its own index in range, and action_from_dense gives it back (every 16th position).
TEST(RiseHexLearning, BijectionOverRandomGames) {
  rise::Rng rng(2024);
  std::vector<rise::Action> legal;
  long positions = 0;
  for (int game = 0; game < 60; ++game) {
    auto s = hex_game().new_initial_state(1, {{"turn_limit", "60"}}, 2);
    while (!s->is_terminal()) {
      s->legal_actions(legal);
      std::vector<rise::Action> owner(1381, -1);
      for (rise::Action a : legal) {
        const int d = s->dense_action(a);
        ASSERT_TRUE(d >= 0 && d < 1381) << s->action_to_string(a);
        ASSERT_EQ(owner[static_cast<size_t>(d)], -1)
            << "index " << d << ": " << s->action_to_string(owner[static_cast<size_t>(d)]) << " and "
            << s->action_to_string(a);
        owner[static_cast<size_t>(d)] = a;
        if (positions % 16 == 0) {  // (quadratic: sampled)
          ASSERT_EQ(s->action_from_dense(d), a);
        }
      }
      ++positions;
      s->apply_action(legal[rng.below(legal.size())]);
    }
  }
  EXPECT_GT(positions, 5000);
}

}  // namespace
