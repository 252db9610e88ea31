// Builds a SearchReport from a search tree whose nodes are kept in one pool, the children
// of a node in a linked list (MctsPlayer::Tree, IsmctsPlayer::Tree). Run once, after the
// search: it never touches the search's hot loop.
#pragma once

#include <algorithm>
#include <vector>

#include "rise/ai/search_report.h"

namespace rise::ai::detail {

// Whether `a` ranks before `b` among siblings: more visits, then the higher mean value
// (the same order that picks the move played).
template <typename Node>
bool ranks_before(const Node& a, const Node& b) {
  if (a.visits != b.visits) return a.visits > b.visits;
  return a.value * static_cast<double>(b.visits) > b.value * static_cast<double>(a.visits);
}

// The best-ranked child of `node` with visits, or -1.
template <typename Node>
int32_t most_visited_child(const std::vector<Node>& nodes, int32_t node) {
  int32_t best = -1;
  for (int32_t c = nodes[static_cast<size_t>(node)].first_child; c >= 0; c = nodes[static_cast<size_t>(c)].next_sibling) {
    const Node& child = nodes[static_cast<size_t>(c)];
    if (child.visits <= 0) continue;
    if (best < 0 || ranks_before(child, nodes[static_cast<size_t>(best)])) best = c;
  }
  return best;
}

// The report of the tree rooted at nodes[0], whose children are `seat`'s actions.
// `allowed(action)` filters the root actions (ISMCTS: only those legal in the real position).
template <typename Node, typename Allowed>
SearchReport build_search_report(const std::vector<Node>& nodes, PlayerId seat, int64_t iterations, Allowed allowed) {
  SearchReport report;
  report.seat = seat;
  report.iterations = iterations;
  if (nodes.empty()) return report;
  std::vector<int32_t> roots;
  for (int32_t c = nodes[0].first_child; c >= 0; c = nodes[static_cast<size_t>(c)].next_sibling) {
    const Node& child = nodes[static_cast<size_t>(c)];
    if (child.visits <= 0 || !allowed(child.action)) continue;
    roots.push_back(c);
    report.root_visits += child.visits;
  }
  std::stable_sort(roots.begin(), roots.end(), [&](int32_t a, int32_t b) {
    return ranks_before(nodes[static_cast<size_t>(a)], nodes[static_cast<size_t>(b)]);
  });
  for (int32_t c : roots) {
    const Node& child = nodes[static_cast<size_t>(c)];
    SearchCandidate candidate;
    candidate.action = child.action;
    candidate.visits = child.visits;
    candidate.share = static_cast<double>(child.visits) / static_cast<double>(report.root_visits);
    // Values are returns (+1, 0, -1) or evaluations in [-1, 1]; the clamp keeps a game whose
    // evaluation strays from its contract from showing a win above 100%.
    candidate.mean_value = std::clamp(child.value / static_cast<double>(child.visits), -1.0, 1.0);
    candidate.win = (candidate.mean_value + 1.0) / 2.0;
    for (int32_t node = most_visited_child(nodes, c);
         node >= 0 && candidate.continuation.size() + 1 < SearchReport::kContinuationLength;
         node = most_visited_child(nodes, node)) {
      candidate.continuation.push_back(nodes[static_cast<size_t>(node)].action);
    }
    report.candidates.push_back(std::move(candidate));
  }
  return report;
}

}  // namespace rise::ai::detail
