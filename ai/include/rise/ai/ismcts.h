// Information-set Monte Carlo tree search for hidden-information games (docs/ai.md):
// single-observer ISMCTS (SO-ISMCTS) of Cowling, Powley and Whitehouse, "Information Set
// Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012.
//
// Each iteration samples a determinization of the position it is given with
// State::resample_hidden(me, rng) — a state the searching seat cannot tell apart from the
// real one — and walks one tree whose nodes are action sequences from the root:
//   - selection: among the children whose action is legal in this determinization, the
//     one with the highest  w/n + c * sqrt(ln(availability) / n), where `availability`
//     counts the iterations in which the child was legal when its parent was reached;
//   - expansion: if an action legal in this determinization has no child yet, one of them
//     (chosen at random) is added and the descent stops;
//   - rollout: at most `rollout` uniformly random actions, then the final returns if the
//     game ended, else the learned network of `net` (network.h) from each seat's own
//     observation tensor, else State::evaluate(p) for every seat p when the game has one;
//     a game without one is played on at random to its end (at most kPlayoutCap actions);
//   - backpropagation: each node on the path adds the value of the seat that chose it.
// The move played is the root child with most visits.
//
// What it reads: of the position it is given, only current_player(), num_players(),
// is_terminal(), legal_actions() (the searching seat's own choices), game() and
// resample_hidden(me, ·); everything else is done on the samples. It never calls
// to_json(), clone(), history() or any hidden field of the real position, so two positions
// that look the same to the seat (equal observation_json(me)) give the same choice for the
// same seed. There is no tree reuse between decisions (it would need the real history).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rise/ai/player.h"
#include "rise/core/rng.h"

namespace rise::ai {

namespace detail {
class LeafValues;
}

struct IsmctsSettings {
  // Iterations (determinizations) per decision; ignored when milliseconds > 0. The
  // default of 1000 keeps one rise-tcg decision well under a second.
  int64_t iterations = 1000;
  int64_t milliseconds = 0;   // time budget per decision, if > 0
  double exploration = 0.7;   // the constant c of the selection rule (returns lie in [-1, 1])
  int rollout = 16;           // random actions after expansion before the leaf is valued
  int64_t max_nodes = 2'000'000;  // the tree stops growing here (memory bound)
  // A learned network values the leaves instead of State::evaluate: "" (none), "default"
  // (the game's shipped data/GAME/nets/value.rnet) or a weights file (network.h, docs/ai.md).
  std::string net;
  // With a network that has a policy head: the constant of PUCT selection (docs/ai.md, "The
  // policy prior"): Q + puct * P * sqrt(availability) / (1 + n), P the prior of the seat to
  // move in the determinization where the child was made; every legal action of a node
  // without a child gets one, with its prior, when an iteration reaches it. 0: the selection
  // rule above, expanding one untried action at a time, as without a policy head.
  double puct = 1.5;
};

class IsmctsPlayer final : public Player {
 public:
  // A game without an evaluation is played on to its end after expansion, but never more
  // than this many actions; a playout cut there values the leaf 0 for every seat.
  static constexpr int kPlayoutCap = 10'000;

  IsmctsPlayer(const IsmctsSettings& settings, uint64_t seed);
  ~IsmctsPlayer() override;

  // Searches from `state` for its current player (`me`) and returns one of
  // state.legal_actions(); with a single legal action returns it at once, without search.
  Action choose_action(const State& state) override;

  // "ismcts:iters=N,c=X,rollout=N,nodes=N" (or ms=N instead of iters).
  std::string spec() const override;
  // It searches only determinizations (resample_hidden): see "What it reads" above.
  bool reads_hidden_information() const override { return false; }
  // The report of the last search (Player::last_search_report, search_report.h).
  const SearchReport* last_search_report() const override { return report_ ? &*report_ : nullptr; }

  // Statistics of the last search, for tests and benchmarks: iterations run (0 when the
  // action was forced) and the number of tree nodes.
  int64_t last_iterations() const { return last_iterations_; }
  int64_t last_nodes() const { return last_nodes_; }

  // (action, visits) of each root child after the last search, in order of creation.
  std::vector<std::pair<Action, int64_t>> root_visits() const;

 private:
  struct Tree;
  IsmctsSettings settings_;
  Rng rng_;
  std::unique_ptr<Tree> tree_;
  std::unique_ptr<detail::LeafValues> leaf_values_;
  std::optional<SearchReport> report_;  // built once at the end of each choose_action()
  int64_t last_iterations_ = 0;
  int64_t last_nodes_ = 0;
};

}  // namespace rise::ai
