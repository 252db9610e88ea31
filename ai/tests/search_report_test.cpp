// Tests of the search report (search_report.h): what mcts and ismcts tell about their
// search, and the line that explains it in notation.
#include <gtest/gtest.h>

#include <cmath>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "hidden_high_card.h"
#include "winning_jump.h"
#include "rise/ai/greedy.h"
#include "rise/ai/ismcts.h"
#include "rise/ai/mcts.h"
#include "rise/ai/random_player.h"
#include "rise/ai/search_report.h"
#include "rise/core/registry.h"
#include "rise/core/rng.h"

namespace {

using rise::Action;
using rise::State;
using rise::ai::SearchReport;

const rise::Game& hex_game() { return rise::find_game("rise-hex"); }

using rise::ai_test::winning_jump_position;

// The checks every report must pass: candidates sorted by visits, shares in [0, 1]
// summing to at most 1, wins in [0, 1], every candidate legal in `state`, and the principal
// variation starting with the top candidate, at most 4 actions, legal when applied in order
// (`pv_legal`: a perfect-information search; an ISMCTS continuation was searched on
// re-dealt samples, so only its first action, the seat's own, must be legal in `state`).
void expect_well_formed(const SearchReport& report, const State& state, bool pv_legal = true) {
  ASSERT_FALSE(report.candidates.empty());
  EXPECT_EQ(report.seat, state.current_player());
  double shares = 0;
  int64_t visits = 0;
  for (size_t i = 0; i < report.candidates.size(); ++i) {
    const auto& c = report.candidates[i];
    EXPECT_TRUE(state.is_legal(c.action)) << state.action_to_string(c.action);
    EXPECT_GE(c.share, 0.0);
    EXPECT_LE(c.share, 1.0);
    EXPECT_GE(c.win, 0.0);
    EXPECT_LE(c.win, 1.0);
    EXPECT_DOUBLE_EQ(c.win, (c.mean_value + 1) / 2);
    EXPECT_LT(c.continuation.size(), SearchReport::kContinuationLength);
    if (i > 0) {
      EXPECT_GE(report.candidates[i - 1].visits, c.visits);
      EXPECT_GE(report.candidates[i - 1].share, c.share);
    }
    shares += c.share;
    visits += c.visits;
  }
  EXPECT_LE(shares, 1.0 + 1e-9);
  EXPECT_EQ(visits, report.root_visits);
  const std::vector<Action> line = report.principal_variation();
  ASSERT_FALSE(line.empty());
  EXPECT_LE(line.size(), SearchReport::kContinuationLength);
  EXPECT_EQ(line.front(), report.candidates.front().action);
  if (!pv_legal) return;
  std::unique_ptr<State> s = state.clone();
  for (Action a : line) {
    ASSERT_FALSE(s->is_terminal());
    ASSERT_TRUE(s->is_legal(a)) << s->action_to_string(a);
    s->apply_action(a);
  }
}

TEST(SearchReport, MctsPutsTheWinningJumpFirstWithTheHighestWin) {
  auto s = winning_jump_position();
  rise::ai::MctsPlayer mcts(rise::ai::MctsSettings{.iterations = 300}, 5);
  EXPECT_EQ(mcts.last_search_report(), nullptr);  // nothing searched yet
  const Action chosen = mcts.choose_action(*s);
  const SearchReport* report = mcts.last_search_report();
  ASSERT_NE(report, nullptr);
  expect_well_formed(*report, *s);
  EXPECT_EQ(report->iterations, 300);
  EXPECT_EQ(report->root_visits, 300);
  ASSERT_GE(report->candidates.size(), 3u);
  EXPECT_EQ(s->action_to_string(report->candidates[0].action), "jump 1,0>3,0");
  EXPECT_EQ(report->candidates[0].action, chosen);
  // The jump wins every playout: a certain win, and better than every other action.
  EXPECT_DOUBLE_EQ(report->candidates[0].win, 1.0);
  for (size_t i = 1; i < report->candidates.size(); ++i) {
    EXPECT_LT(report->candidates[i].win, report->candidates[0].win) << s->action_to_string(report->candidates[i].action);
  }
  // The game ends with the jump: nothing follows it.
  EXPECT_TRUE(report->candidates[0].continuation.empty());
  EXPECT_EQ(report->principal_variation(), std::vector<Action>{chosen});
}

TEST(SearchReport, MctsContinuationIsLegalFromTheOpening) {
  // Blue's first decision: a continuation of several actions, legal in order.
  auto s = hex_game().new_initial_state(0, {}, 2);
  s->apply_action(s->string_to_action("worker 2,0"));
  rise::ai::MctsPlayer mcts(rise::ai::MctsSettings{.iterations = 2000}, 9);
  const Action chosen = mcts.choose_action(*s);
  ASSERT_NE(mcts.last_search_report(), nullptr);
  expect_well_formed(*mcts.last_search_report(), *s);
  EXPECT_EQ(mcts.last_search_report()->candidates[0].action, chosen);
  EXPECT_GE(mcts.last_search_report()->principal_variation().size(), 2u);
  // The next decision reuses the tree: its report is still about the new position.
  s->apply_action(chosen);
  mcts.choose_action(*s);
  ASSERT_GT(mcts.reused_visits(), 0);
  expect_well_formed(*mcts.last_search_report(), *s);
  EXPECT_GE(mcts.last_search_report()->root_visits, 2000);
}

TEST(SearchReport, IsmctsPutsTheWinningJumpFirst) {
  auto s = winning_jump_position();
  rise::ai::IsmctsPlayer ismcts(rise::ai::IsmctsSettings{.iterations = 300}, 5);
  const Action chosen = ismcts.choose_action(*s);
  ASSERT_NE(ismcts.last_search_report(), nullptr);
  const SearchReport& report = *ismcts.last_search_report();
  expect_well_formed(report, *s);
  EXPECT_EQ(report.candidates[0].action, chosen);
  EXPECT_EQ(s->action_to_string(report.candidates[0].action), "jump 1,0>3,0");
  for (size_t i = 1; i < report.candidates.size(); ++i) EXPECT_LT(report.candidates[i].win, report.candidates[0].win);
}

TEST(SearchReport, IsmctsReportsOnAHiddenInformationGame) {
  // Hidden high card: the first decision of a few deals; the candidates are the seat's own
  // cards, all legal in the real position.
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    auto s = rise::find_game("hidden-high-card").new_initial_state(seed, {}, 2);
    rise::ai::IsmctsPlayer ismcts(rise::ai::IsmctsSettings{.iterations = 400}, seed);
    const Action chosen = ismcts.choose_action(*s);
    ASSERT_NE(ismcts.last_search_report(), nullptr);
    expect_well_formed(*ismcts.last_search_report(), *s, /*pv_legal=*/false);
    EXPECT_EQ(ismcts.last_search_report()->candidates[0].action, chosen);
    EXPECT_EQ(ismcts.last_search_report()->iterations, 400);
    // In notation, the continuation stops before an action the real position does not allow.
    for (const auto& explained : rise::ai::explain_candidates(*ismcts.last_search_report(), *s, s->current_player())) {
      auto line = s->clone();
      line->apply_action(explained.action);
      for (const std::string& text : explained.continuation) {
        const Action a = line->string_to_action(text);
        ASSERT_TRUE(line->is_legal(a)) << text;
        line->apply_action(a);
      }
    }
  }
}

TEST(SearchReport, AForcedIsmctsActionHasNoCandidates) {
  // The last trick: one card left, nothing to search.
  auto s = rise::find_game("hidden-high-card").new_initial_state(3, {}, 2);
  rise::ai::RandomPlayer random(3 + 77);
  for (int i = 0; i < rise::testgame::kActions - 2; ++i) s->apply_action(random.choose_action(*s));
  ASSERT_EQ(s->legal_actions().size(), 1u);
  rise::ai::IsmctsPlayer ismcts(rise::ai::IsmctsSettings{.iterations = 100}, 1);
  ismcts.choose_action(*s);
  ASSERT_NE(ismcts.last_search_report(), nullptr);
  EXPECT_TRUE(ismcts.last_search_report()->candidates.empty());
  EXPECT_TRUE(ismcts.last_search_report()->principal_variation().empty());
  EXPECT_EQ(rise::ai::format_search_report(*ismcts.last_search_report(), *s, 0), "");
}

TEST(SearchReport, PlayersThatDoNotSearchGiveNoReport) {
  auto s = winning_jump_position();
  rise::ai::RandomPlayer random(1);
  rise::ai::GreedyPlayer greedy(1);
  random.choose_action(*s);
  greedy.choose_action(*s);
  EXPECT_EQ(random.last_search_report(), nullptr);
  EXPECT_EQ(greedy.last_search_report(), nullptr);
}

TEST(SearchReport, TheLineNamesTheTopThreeInNotation) {
  auto s = winning_jump_position();
  rise::ai::MctsPlayer mcts(rise::ai::MctsSettings{.iterations = 300}, 5);
  mcts.choose_action(*s);
  const SearchReport& report = *mcts.last_search_report();
  const std::string line = rise::ai::format_search_report(report, *s, s->current_player());
  ASSERT_GE(report.candidates.size(), 3u);
  EXPECT_EQ(line.rfind("jump 1,0>3,0 (win 100%, ", 0), 0u) << line;
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_NE(line.find(s->action_to_string(report.candidates[i].action) + " (win "), std::string::npos) << line;
  }
  if (report.candidates.size() > 3) {
    EXPECT_EQ(line.find(s->action_to_string(report.candidates[3].action) + " (win "), std::string::npos) << line;
  }
  EXPECT_NE(line.find(" · also: "), std::string::npos) << line;
  EXPECT_EQ(line.find('\n'), std::string::npos);
}

// A report of one candidate, `action` of the seat on move in `s`: all 10 visits, win 75%.
SearchReport one_candidate(const State& s, const std::string& action) {
  SearchReport report;
  report.seat = s.current_player();
  report.root_visits = 10;
  rise::ai::SearchCandidate c;
  c.action = s.string_to_action(action);
  c.visits = 10;
  c.share = 1;
  c.mean_value = 0.5;
  c.win = 0.75;
  report.candidates.push_back(c);
  return report;
}

TEST(SearchReport, TheContinuationInNotationStopsAtAnIllegalAction) {
  auto s = hex_game().new_initial_state(0, {}, 2);
  SearchReport report = one_candidate(*s, "worker 2,0");
  rise::ai::SearchCandidate& c = report.candidates.front();
  // Blue's first legal action, then "worker 2,0" again: the tile is taken, so the text
  // stops there.
  auto after = s->clone();
  after->apply_action(c.action);
  const Action blue = after->legal_actions().front();
  const std::string blue_text = after->action_to_string(blue);
  c.continuation = {blue, c.action, blue};
  const auto explained = rise::ai::explain_candidates(report, *s, s->current_player());
  ASSERT_EQ(explained.size(), 1u);
  EXPECT_EQ(explained[0].text, "worker 2,0");
  EXPECT_EQ(explained[0].continuation, std::vector<std::string>{blue_text});
  const std::string why = explained[0].why.empty() ? "" : "; why: " + explained[0].why;
  EXPECT_EQ(rise::ai::format_search_report(report, *s, s->current_player()),
            "worker 2,0 (win 75%, 100% of the search; then: " + blue_text + why + ")");
}

// Issue 38: a hint says why, in the part of the evaluation its line moves most
// (State::evaluation_terms). Red's first worker: +1 worker (its part moves from 0 - 0 to
// 1 - 0), the others less (both sides have few workers before and after): "workers +1.0".
TEST(SearchReport, AHintSaysWhichPartOfTheEvaluationItsLineMovesMost) {
  auto s = hex_game().new_initial_state(0, {}, 2);
  const SearchReport report = one_candidate(*s, "worker 2,0");
  const rise::ai::SearchCandidate& c = report.candidates.front();
  const std::vector<rise::EvaluationTerm> before = s->evaluation_terms(report.seat);
  auto after = s->clone();
  after->apply_action(c.action);
  const std::vector<rise::EvaluationTerm> then = after->evaluation_terms(report.seat);
  ASSERT_EQ(before.size(), 4u);
  ASSERT_EQ(then.size(), 4u);
  EXPECT_EQ(then[1].name, "workers");
  EXPECT_DOUBLE_EQ(then[1].value - before[1].value, 1.0);
  for (size_t k : {0u, 2u, 3u}) EXPECT_LT(std::abs(then[k].value - before[k].value), 1.0) << then[k].name;
  EXPECT_EQ(rise::ai::format_search_report(report, *s, report.seat),
            "worker 2,0 (win 75%, 100% of the search; why: workers +1.0)");
  EXPECT_EQ(rise::ai::explain_candidates(report, *s, report.seat).front().why, "workers +1.0");
  // A game that breaks down no evaluation (the test game hidden-high-card) says no why.
  auto hidden = rise::find_game("hidden-high-card").new_initial_state(1, {}, 2);
  EXPECT_TRUE(hidden->evaluation_terms(hidden->current_player()).empty());
  rise::ai::IsmctsPlayer ismcts(rise::ai::IsmctsSettings{.iterations = 100}, 1);
  ismcts.choose_action(*hidden);
  for (const auto& e : rise::ai::explain_candidates(*ismcts.last_search_report(), *hidden, hidden->current_player())) {
    EXPECT_EQ(e.why, "");
  }
}

}  // namespace

// Issue 37: a continuation's text names nothing the seat cannot see. Explained on two
// re-deals of the same position (the seat cannot tell them apart), the same search's
// candidates and continuations read the same: a card a line draws, which only its own
// re-deal knows, is never named (before, "#1 (Entaille)" named such cards in raise-rise-die,
// and a line went on where the other re-deal's could not). The same for a hint's why (issue
// 38): the part of the evaluation its line moves most.
TEST(SearchReport, AContinuationNamesNothingTheSeatCannotSee) {
  for (const char* game_id : {"raise-rise-die", "rise-tcg", "dark-legacy"}) {
    std::unique_ptr<State> state = rise::find_game(game_id).new_initial_state(11, {}, 2);
    std::vector<Action> legal;
    int explained = 0;
    int whys = 0;
    size_t longest = 0;
    for (int step = 0; step < 80 && !state->is_terminal(); ++step) {
      state->legal_actions(legal);
      const rise::PlayerId seat = state->current_player();
      if (legal.size() > 1 && step % 4 == 0) {
        rise::Rng rng_a(1000 + static_cast<uint64_t>(step));
        rise::Rng rng_b(2000 + static_cast<uint64_t>(step));
        const std::unique_ptr<State> a = state->resample_hidden(seat, rng_a);
        const std::unique_ptr<State> b = state->resample_hidden(seat, rng_b);
        rise::ai::IsmctsPlayer search(rise::ai::IsmctsSettings{.iterations = 300}, 5);
        search.choose_action(*a);
        ASSERT_NE(search.last_search_report(), nullptr);
        const auto on_a = rise::ai::explain_candidates(*search.last_search_report(), *a, seat);
        const auto on_b = rise::ai::explain_candidates(*search.last_search_report(), *b, seat);
        ASSERT_EQ(on_a.size(), on_b.size());
        for (size_t i = 0; i < on_a.size(); ++i) {
          EXPECT_EQ(on_a[i].text, on_b[i].text) << game_id << " step " << step;
          EXPECT_EQ(on_a[i].continuation, on_b[i].continuation) << game_id << " step " << step << " candidate " << i;
          EXPECT_EQ(on_a[i].why, on_b[i].why) << game_id << " step " << step << " candidate " << i;
          whys += on_a[i].why.empty() ? 0 : 1;
          longest = std::max(longest, on_a[i].continuation.size());
        }
        ++explained;
      }
      state->apply_action(legal[(static_cast<size_t>(step) * 7) % legal.size()]);
    }
    EXPECT_GE(explained, 5) << game_id;
    EXPECT_GE(longest, 1u) << game_id;  // continuations are still written
    EXPECT_GE(whys, 1) << game_id;       // and reasons (issue 38)
  }
}
