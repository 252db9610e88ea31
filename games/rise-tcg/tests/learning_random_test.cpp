// rise-tcg's learning interface over random games of 2 to 6 players (the default cards):
// the dense action indices are a bijection at every state, the observation tensor is the
// same in every determinization of a viewer's hidden cards, and it holds what
// observation_json shows. These loop over thousands of states, so they run in the hot tree
// (docs/testing.md); learning_test.cpp checks the documented positions under the sanitizers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "learning_checks.h"
#include "test_access.h"

namespace tcgtest {
namespace {

using rise::kSpectator;

// Random games of 2 to 6 players (the default cards), `games` of them, calling `check`
// at every state before a random legal action.
template <typename Check>
void random_states(int games, Check check) {
  const rise::Game& game = rise::find_game("rise-tcg");
  std::vector<Action> legal;
  for (int index = 0; index < games; ++index) {
    const int players = 2 + index % 5;
    std::unique_ptr<rise::State> state = game.new_initial_state(900 + static_cast<uint64_t>(index), {}, players);
    rise::Rng rng(77 + static_cast<uint64_t>(index));
    for (int step = 0; !state->is_terminal(); ++step) {
      const auto& s = dynamic_cast<const TcgState&>(*state);
      check(s, "game " + std::to_string(index) + " step " + std::to_string(step), rng);
      if (testing::Test::HasFatalFailure()) return;
      state->legal_actions(legal);
      state->apply_action(legal[rng.below(legal.size())]);
    }
  }
}

TEST(TcgLearning, DenseIndicesAreABijectionOnRandomStates) {
  long states = 0;
  random_states(20, [&](const TcgState& s, const std::string& where, rise::Rng&) {
    expect_bijection(s, where);
    ++states;
  });
  EXPECT_GT(states, 5000);
}

TEST(TcgLearning, TensorIsTheSameInEveryDeterminization) {
  random_states(20, [&](const TcgState& s, const std::string& where, rise::Rng& rng) {
    if (rng.below(5) != 0) return;
    const std::vector<float> spectator = tensor(s, kSpectator);
    for (int p = 0; p < s.num_players(); ++p) {
      const std::vector<float> own = tensor(s, p);
      // One assertion for the whole tensor (one per value was most of this test's time).
      const auto bad = std::find_if(own.begin(), own.end(), [](float v) { return !std::isfinite(v); });
      ASSERT_TRUE(bad == own.end()) << where << ": value " << (bad - own.begin()) << " is not finite";
      std::unique_ptr<rise::State> sample = s.resample_hidden(p, rng);
      const auto& other = dynamic_cast<const TcgState&>(*sample);
      ASSERT_EQ(tensor(other, p), own) << where << " seat " << p;
      ASSERT_EQ(tensor(other, kSpectator), spectator) << where << " seat " << p;
    }
  });
}

// The tensor holds what observation_json shows, at the documented offsets (a sample of
// fields: hand cards, counts, battlefield cards with attack and defense).
TEST(TcgLearning, TensorAgreesWithTheObservationJson) {
  random_states(10, [&](const TcgState& s, const std::string& where, rise::Rng& rng) {
    if (rng.below(10) != 0) return;
    const int n = s.num_players();
    const int viewer = static_cast<int>(rng.below(static_cast<uint64_t>(n)));
    const nlohmann::json j = s.observation_json(viewer);
    const std::vector<float> v = tensor(s, viewer);
    auto card_of = [&](const nlohmann::json& c) { return static_cast<float>(s.cards().db->find(c["card"].get<std::string>()) + 1); };
    const nlohmann::json& hand = j["players"][static_cast<size_t>(viewer)]["hand"];
    for (size_t k = 0; k < hand.size() && k < 32; ++k) ASSERT_EQ(v[kHandAt + k], card_of(hand[k])) << where;
    for (int p = 0; p < n; ++p) {
      const nlohmann::json& pj = j["players"][static_cast<size_t>(p)];
      const size_t at = static_cast<size_t>(kPlayersAt + ((p - viewer + n) % n) * kPlayerSize);
      ASSERT_EQ(v[at + 1], card_of(pj["summoners"][0])) << where;
      ASSERT_EQ(v[at + 13 + 1], pj["summoners"][1]["hp"].get<float>() / 30.0f) << where;
      ASSERT_EQ(v[at + 27], pj["hand_count"].get<float>() / 10.0f) << where;
      ASSERT_EQ(v[at + 28], pj["library_count"].get<float>() / 10.0f) << where;
      ASSERT_EQ(v[at + 34], pj["out"].get<bool>() ? 1.0f : 0.0f) << where;
    }
    const nlohmann::json& field = j["battlefield"];
    ASSERT_EQ(v[83], static_cast<float>(field.size())) << where;
    for (size_t k = 0; k < field.size() && k < 48; ++k) {
      const size_t at = static_cast<size_t>(kFieldAt) + k * kFieldRow;
      ASSERT_EQ(v[at + 1], card_of(field[k])) << where;
      ASSERT_EQ(v[at + 37], field[k].value("attack", 0.0f)) << where;
      ASSERT_EQ(v[at + 38], field[k].value("defense", 0.0f)) << where;
    }
  });
}

}  // namespace
}  // namespace tcgtest
