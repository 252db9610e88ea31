// Object ids of the card games say nothing about the hidden order of a library
// (Interpretations TCG-I78, DL-I45, RRD-12.3). The ids that a seat sees — its own draws, the
// cards another seat plays — were the order of the shuffled library until 2026-12-07: draws
// arrived as #14, #13, #12..., so an id played later told every seat which draw it came from.
//
// The check reads the referee's view (to_json) of fresh games: for each seat, the ids of its
// library (deck) listed from one end to the other. If ids followed the order, every pair of
// positions would be in id order (or every pair against it); drawn apart from the shuffle,
// each pair is in id order half the time. Over 40 games per seat count and game, the share of
// pairs in order must lie within [0.4, 0.6] (it was 0 or 1 in every game before).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rise/core/registry.h"

namespace rise {
namespace {

struct IdCase {
  const char* game;
  const char* library_key;  // the pile a seat draws from, in its to_json() players entry
};

class HiddenIds : public ::testing::TestWithParam<IdCase> {};

TEST_P(HiddenIds, LibraryIdsAreDrawnApartFromTheShuffle) {
  const IdCase& c = GetParam();
  const Game& game = find_game(c.game);
  long in_order = 0;
  long pairs = 0;
  int monotone_libraries = 0;
  int libraries = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    std::unique_ptr<State> state = game.new_initial_state(seed, {}, 2);
    // dark-legacy shuffles after the pre-battle equips (Rule DL-5.1): make them.
    for (int k = 0; k < 4 && state->to_json().at("players").at(0).at(c.library_key).empty(); ++k) {
      state->apply_action(state->legal_actions().front());
    }
    const nlohmann::json view = state->to_json();
    for (const nlohmann::json& player : view.at("players")) {
      const std::vector<int> ids = player.at(c.library_key).get<std::vector<int>>();
      ASSERT_GE(ids.size(), 10u) << c.game << " seed " << seed;
      long here_in_order = 0;
      long here_pairs = 0;
      for (size_t i = 0; i < ids.size(); ++i) {
        for (size_t j = i + 1; j < ids.size(); ++j) {
          here_in_order += ids[i] < ids[j] ? 1 : 0;
          ++here_pairs;
        }
      }
      in_order += here_in_order;
      pairs += here_pairs;
      monotone_libraries += (here_in_order == 0 || here_in_order == here_pairs) ? 1 : 0;
      ++libraries;
    }
  }
  const double share = static_cast<double>(in_order) / static_cast<double>(pairs);
  EXPECT_GT(share, 0.4) << c.game << ": library ids follow the library's order";
  EXPECT_LT(share, 0.6) << c.game << ": library ids follow the library's order";
  EXPECT_EQ(monotone_libraries, 0) << c.game << ": " << monotone_libraries << " of " << libraries
                                   << " libraries hold their ids in order";
}

INSTANTIATE_TEST_SUITE_P(CardGames, HiddenIds,
                         ::testing::Values(IdCase{"rise-tcg", "library"}, IdCase{"dark-legacy", "library"},
                                           IdCase{"raise-rise-die", "deck"}),
                         [](const ::testing::TestParamInfo<IdCase>& info) {
                           std::string name = info.param.game;
                           for (char& ch : name) {
                             if (ch == '-') ch = '_';
                           }
                           return name;
                         });

}  // namespace
}  // namespace rise
