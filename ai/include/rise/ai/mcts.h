// UCT Monte Carlo tree search for perfect-information games (docs/ai.md).
//
// Each iteration: select by UCB1 from the root (value of a child = mean return of the
// player who chose it; PUCT with the policy prior when the network has a policy head),
// expand one untried action, then estimate the new leaf with a
// short uniformly random rollout of at most `rollout` actions, scored by the final
// returns if the game ended, else by the learned network of `net` (network.h), else by
// State::evaluate() (or, for games without one, a random playout to the end);
// back the estimate up the path. The move played is the root child with most visits.
// The tree is kept between moves and re-rooted at the new position when it is a
// continuation of the last one (tree reuse).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rise/ai/player.h"
#include "rise/core/rng.h"

namespace rise::ai {

namespace detail {
class LeafValues;
}

struct MctsSettings {
  int64_t iterations = 4000;  // per move; ignored when milliseconds > 0
  int64_t milliseconds = 0;   // time budget per move, if > 0
  double exploration = 0.5;   // UCB1 constant c (returns lie in [-1, 1])
  int rollout = 16;           // random actions before evaluating a leaf
  int64_t max_nodes = 2'000'000;  // the tree stops growing here (memory bound)
  // A learned network values the leaves instead of State::evaluate: "" (none), "default"
  // (the game's shipped data/GAME/nets/value.rnet) or a weights file (network.h, docs/ai.md).
  std::string net;
  // With a network that has a policy head: the constant of PUCT selection (AlphaZero,
  // Silver et al. 2018: Q + puct * P * sqrt(N) / (1 + n), P the policy prior), and every
  // child of a node is made at its first expansion with its prior. 0: UCB1 with
  // `exploration`, expanding untried actions in random order, as without a policy head.
  double puct = 1.5;
};

class MctsPlayer final : public Player {
 public:
  MctsPlayer(const MctsSettings& settings, uint64_t seed);
  ~MctsPlayer() override;
  Action choose_action(const State& state) override;
  std::string spec() const override;
  // It searches the true state: the other seats' hands and the cards still to be drawn.
  bool reads_hidden_information() const override { return true; }
  // The report of the last search (Player::last_search_report, search_report.h).
  const SearchReport* last_search_report() const override { return report_ ? &*report_ : nullptr; }

  // Statistics of the last search, for tests and benchmarks.
  int64_t last_iterations() const { return last_iterations_; }
  int64_t reused_visits() const { return reused_visits_; }

  // The visit count of each root action after the last search, in the order the
  // actions were expanded (for tests and analysis).
  std::vector<std::pair<Action, int64_t>> root_visits() const;

 private:
  struct Tree;
  MctsSettings settings_;
  Rng rng_;
  std::unique_ptr<Tree> tree_;
  std::unique_ptr<detail::LeafValues> leaf_values_;
  std::optional<SearchReport> report_;  // built once at the end of each choose_action()
  int64_t last_iterations_ = 0;
  int64_t reused_visits_ = 0;
};

}  // namespace rise::ai
