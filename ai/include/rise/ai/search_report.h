// What a search concluded, in numbers a player can read: the candidate actions at the
// root with their share of the search and their estimated chance of winning, and the
// continuation the search expects (docs/ai.md, "Explaining a search"). Built once at the
// end of a search from its tree (MctsPlayer, IsmctsPlayer); read by `hint` and
// `rise play --explain` in the terminal and by the server's hint (GET .../hint).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "rise/core/state.h"

namespace rise::ai {

// One root action of a search.
struct SearchCandidate {
  Action action = 0;
  int64_t visits = 0;  // iterations that went through this action
  // visits / the sum of the visits of every root action, in [0, 1].
  double share = 0;
  // The mean value the deciding seat got through this action, in [-1, 1]: the average of
  // the final returns (+1 win, -1 loss, 0 draw) or of State::evaluate() where a rollout
  // stopped before the end.
  double mean_value = 0;
  // (mean_value + 1) / 2, in [0, 1]: the search's estimate of the deciding seat's chance to
  // win after this action, a draw counting half. An estimate from random playouts and the
  // game's evaluation, not a guarantee.
  double win = 0;
  // The expected continuation after this action: from its node, the most visited child
  // (ties: the higher mean value), then that child's most visited child, and so on, while
  // the node has visits; at most kContinuationLength - 1 actions. For ISMCTS these are
  // nodes of the information-set tree: actions of other seats were sampled, not known.
  std::vector<Action> continuation;
};

struct SearchReport {
  // Actions in a principal variation (the top candidate and what follows it).
  static constexpr size_t kContinuationLength = 4;

  PlayerId seat = 0;        // the deciding seat, whose values these are
  int64_t iterations = 0;   // iterations of this search (tree reuse may add root visits)
  int64_t root_visits = 0;  // the sum of the candidates' visits: the denominator of share
  // Every root action the search tried, most visited first (ties: the higher mean value).
  // Empty when no search ran (a forced action, a zero budget).
  std::vector<SearchCandidate> candidates;

  // The top candidate followed by its continuation: at most kContinuationLength actions,
  // empty when there is no candidate.
  std::vector<Action> principal_variation() const;
};

// A candidate in notation, for a reader.
struct ExplainedCandidate {
  Action action = 0;
  std::string text;  // the action as `viewer` may read it (State::describe_action)
  double win = 0;    // as in SearchCandidate, in [0, 1]
  double share = 0;  // as in SearchCandidate, in [0, 1]
  // The candidate's continuation in notation, each action described (for `viewer`) in the
  // state it is taken in: `searched` after the candidate and the actions before it. It
  // stops early at an action that is not legal there or at the end of the game (the
  // engine's games have no chance nodes: their randomness is inside apply_action, so an
  // ISMCTS continuation may meet a draw the sample did differently). In a hidden-information
  // game the lines are four re-deals of `searched` that `viewer` cannot tell from it
  // (State::resample_hidden with fixed seeds; `searched` itself is not one of them), and the
  // continuation stops where its text is not the same on all four or the action is not
  // legal on one of them: a text that would name a card the seat cannot see (one the line
  // draws) is never written, and the continuation depends only on `viewer`'s observation,
  // not on which state of its information set was searched (issue 37).
  std::vector<std::string> continuation;
  // Why, in one part of the evaluation (State::evaluation_terms): the part the candidate and
  // its continuation move most for the deciding seat, and by how much in the game's points,
  // e.g. "hand -1.5" or "creatures +4.2" — the mean change over the same lines as the
  // continuation (the re-deals in a hidden-information game), from the position searched to
  // the line's last position before the game ends. Empty when the game breaks down no
  // evaluation, the line is not played, or no part moves by 0.05 points or more.
  std::string why;
};

// The first `count` candidates of `report` in notation. `searched` is the position the
// search was run on (or one its seat cannot tell apart from it); `viewer` is the seat the
// text is for (State::describe_action: what it may not see is left out).
std::vector<ExplainedCandidate> explain_candidates(const SearchReport& report, const State& searched,
                                                   PlayerId viewer, size_t count = 3);

// One readable line (no newline) for the first `count` candidates, e.g.
//   "move 1,0>3,0 (win 98%, 61% of the search; then: build 2,0; why: towers +3.0) · also:
//    move 1,0>0,0 (win 40%, 20%; why: workers -1.0) · build 1,0 (win 35%, 19%)"
// "" when the report has no candidate.
std::string format_search_report(const SearchReport& report, const State& searched, PlayerId viewer,
                                 size_t count = 3);

// The same line from candidates already in notation (all of them, in their order).
std::string format_candidates(const std::vector<ExplainedCandidate>& explained);

}  // namespace rise::ai
