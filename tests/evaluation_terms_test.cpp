// State::evaluation_terms (issue 38: a hint says which part of the evaluation its line moves
// most): in every game with an evaluation, over random playouts, the named parts add up to
// the score difference that evaluate() squashes, and they are read from the same public facts
// (a re-deal of what a seat cannot see gives the same parts).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "rise/core/registry.h"
#include "rise/core/rng.h"

namespace {

// evaluate()'s squash of each game: tanh(difference / scale) (docs/ai.md).
double scale_of(const rise::State& s) {
  const std::string id = s.game().info().id;
  if (id == "rise-hex") return 12.0;
  if (id == "rise-tcg") return 25.0;
  if (id == "dark-legacy") return 40.0;
  const nlohmann::json j = s.to_json();  // raise-rise-die: 40% of the mean starting PV
  return std::max(4.0, 0.4 * (j["players"][0]["pv_start"].get<double>() + j["players"][1]["pv_start"].get<double>()) / 2.0);
}

TEST(EvaluationTerms, AddUpToTheDifferenceEvaluateSquashes) {
  for (const char* id : {"rise-hex", "rise-tcg", "dark-legacy", "raise-rise-die"}) {
    int checked = 0;
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      std::unique_ptr<rise::State> s = rise::find_game(id).new_initial_state(seed, {}, 2);
      rise::Rng rng(seed);
      for (int step = 0; step < 400 && !s->is_terminal(); ++step) {
        for (rise::PlayerId seat = 0; seat < 2; ++seat) {
          const std::vector<rise::EvaluationTerm> terms = s->evaluation_terms(seat);
          ASSERT_FALSE(terms.empty()) << id;
          double sum = 0;
          for (const rise::EvaluationTerm& t : terms) sum += t.value;
          EXPECT_NEAR(std::tanh(sum / scale_of(*s)), s->evaluate(seat), 1e-9) << id << " step " << step;
          ++checked;
        }
        const std::vector<rise::Action> legal = s->legal_actions();
        s->apply_action(legal[rng.below(legal.size())]);
      }
      if (s->is_terminal()) EXPECT_TRUE(s->evaluation_terms(0).empty()) << id;  // none once over
    }
    EXPECT_GT(checked, 100) << id;
  }
}

// The parts read what the seat sees: a re-deal of the hidden part leaves them unchanged.
TEST(EvaluationTerms, AReDealOfTheHiddenPartChangesNone) {
  for (const char* id : {"rise-tcg", "dark-legacy", "raise-rise-die"}) {
    std::unique_ptr<rise::State> s = rise::find_game(id).new_initial_state(5, {}, 2);
    rise::Rng rng(5);
    for (int step = 0; step < 200 && !s->is_terminal(); ++step) {
      const rise::PlayerId seat = s->current_player();
      if (step % 10 == 0) {
        rise::Rng deal(100 + static_cast<uint64_t>(step));
        EXPECT_EQ(s->resample_hidden(seat, deal)->evaluation_terms(seat), s->evaluation_terms(seat)) << id << " " << step;
      }
      const std::vector<rise::Action> legal = s->legal_actions();
      s->apply_action(legal[rng.below(legal.size())]);
    }
  }
}

}  // namespace
