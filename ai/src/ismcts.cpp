#include "rise/ai/ismcts.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <string>

#include "rise/core/error.h"
#include "rise/core/game.h"
#include "leaf_values.h"
#include "search_report_builder.h"
#include "spec_text.h"

namespace rise::ai {

// The tree: nodes in one pool, the children of a node in a linked list. A node stands for
// the sequence of actions from the root to it, whatever the hidden cards were; which of
// its children may be chosen depends on the determinization of the iteration.
struct IsmctsPlayer::Tree {
  struct Node {
    Action action = 0;        // the action that led here
    PlayerId mover = 0;       // the seat that took it
    int32_t parent = -1;
    int32_t first_child = -1;
    int32_t next_sibling = -1;
    int64_t visits = 0;
    int64_t availability = 0;  // iterations in which this action was legal at the parent
    double value = 0;          // sum of the mover's values
    float prior = 0;           // the policy prior of `action` where it was made (PUCT only)
  };
  std::vector<Node> nodes;
};

IsmctsPlayer::IsmctsPlayer(const IsmctsSettings& settings, uint64_t seed)
    : settings_(settings), rng_(seed), leaf_values_(std::make_unique<detail::LeafValues>(settings.net)) {}

IsmctsPlayer::~IsmctsPlayer() = default;

std::string IsmctsPlayer::spec() const {
  std::string s = "ismcts:";
  if (settings_.milliseconds > 0) s += "ms=" + std::to_string(settings_.milliseconds);
  else s += "iters=" + std::to_string(settings_.iterations);
  s += ",c=" + detail::number_text(settings_.exploration) + ",rollout=" + std::to_string(settings_.rollout) +
       ",nodes=" + std::to_string(settings_.max_nodes);
  if (!settings_.net.empty()) s += ",net=" + settings_.net;
  if (settings_.puct != IsmctsSettings{}.puct) s += ",puct=" + detail::number_text(settings_.puct);
  return s;
}

Action IsmctsPlayer::choose_action(const State& state) {
  using Node = Tree::Node;
  const auto started = std::chrono::steady_clock::now();
  last_iterations_ = 0;
  report_.reset();

  // The searching seat's own choices: visible to it, the same in every determinization.
  const PlayerId me = state.current_player();
  const std::vector<Action> root_legal = state.legal_actions();
  if (root_legal.empty()) throw InputError("ismcts: asked to move in a finished game");
  tree_ = std::make_unique<Tree>();
  Tree& tree = *tree_;
  tree.nodes.push_back(Node{});
  if (root_legal.size() == 1) {
    last_nodes_ = 1;
    report_ = SearchReport{};  // forced: nothing was searched
    report_->seat = me;
    return root_legal.front();
  }

  const int n_players = state.num_players();
  const bool evaluates = state.game().info().has_evaluation;
  leaf_values_->prepare(state);
  const bool valued = evaluates || leaf_values_->uses_network();
  const bool puct = settings_.puct > 0 && leaf_values_->has_policy();
  std::vector<double> leaf_values(static_cast<size_t>(n_players));
  std::vector<float> priors;
  std::vector<Action> legal, untried;
  std::vector<std::pair<Action, int32_t>> children;  // (action, node) of the current node, sorted
  std::vector<int32_t> compatible;                   // children legal in this determinization
  std::vector<int32_t> path;

  int64_t iteration = 0;
  for (;; ++iteration) {
    if (iteration > 0 && search_must_end(started)) break;
    if (settings_.milliseconds > 0) {
      // The clock is read every 8 iterations (a determinization costs more than an MCTS
      // iteration, so the budget is kept more closely than there).
      if ((iteration & 7) == 0 && iteration > 0) {
        auto elapsed = std::chrono::steady_clock::now() - started;
        if (std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count() >= settings_.milliseconds) break;
      }
    } else if (iteration >= settings_.iterations) {
      break;
    }

    // A determinization: all that the search ever sees of the real position.
    std::unique_ptr<State> sim = state.resample_hidden(me, rng_);
    int32_t node = 0;
    path.clear();
    path.push_back(0);

    // Selection and expansion, restricted to the actions legal in this determinization.
    while (!sim->is_terminal()) {
      sim->legal_actions(legal);
      children.clear();
      for (int32_t c = tree.nodes[static_cast<size_t>(node)].first_child; c >= 0;
           c = tree.nodes[static_cast<size_t>(c)].next_sibling) {
        children.emplace_back(tree.nodes[static_cast<size_t>(c)].action, c);
      }
      std::sort(children.begin(), children.end());
      // Merge the sorted legal list with the sorted children: legal actions with a child
      // are compatible, those without are untried.
      compatible.clear();
      untried.clear();
      size_t ci = 0;
      for (Action a : legal) {
        while (ci < children.size() && children[ci].first < a) ++ci;
        if (ci < children.size() && children[ci].first == a) compatible.push_back(children[ci].second);
        else untried.push_back(a);
      }

      int32_t chosen = -1;
      bool expanded = false;
      if (puct) {
        // PUCT: every untried legal action gets a child with its prior (a softmax over all
        // the legal actions, from the mover's observation in this determinization), then
        // the selection runs over them all; a child's first visit is the iteration's leaf.
        if (!untried.empty() && static_cast<int64_t>(tree.nodes.size() + untried.size()) <= settings_.max_nodes) {
          leaf_values_->priors(*sim, legal, priors);
          size_t ui = 0;
          for (size_t i = 0; i < legal.size() && ui < untried.size(); ++i) {
            if (legal[i] != untried[ui]) continue;
            ++ui;
            Node child;
            child.action = legal[i];
            child.mover = sim->current_player();
            child.parent = node;
            child.next_sibling = tree.nodes[static_cast<size_t>(node)].first_child;
            child.prior = priors[i];
            const int32_t index = static_cast<int32_t>(tree.nodes.size());
            tree.nodes[static_cast<size_t>(node)].first_child = index;
            tree.nodes.push_back(child);
            compatible.push_back(index);
          }
        }
        if (compatible.empty()) break;  // node budget exhausted and nothing expanded here yet
        double best_score = -std::numeric_limits<double>::infinity();
        for (int32_t c : compatible) {
          const Node& ch = tree.nodes[static_cast<size_t>(c)];
          const double n = static_cast<double>(ch.visits);
          // availability + 1: this iteration counts (it is added below).
          const double score = (ch.visits > 0 ? ch.value / n : 0.0) +
                               settings_.puct * ch.prior * std::sqrt(static_cast<double>(ch.availability + 1)) / (1.0 + n);
          if (score > best_score) {
            best_score = score;
            chosen = c;
          }
        }
        expanded = tree.nodes[static_cast<size_t>(chosen)].visits == 0;
      } else if (!untried.empty() && static_cast<int64_t>(tree.nodes.size()) < settings_.max_nodes) {
        Node child;
        child.action = untried[static_cast<size_t>(rng_.below(untried.size()))];
        child.mover = sim->current_player();
        child.parent = node;
        child.next_sibling = tree.nodes[static_cast<size_t>(node)].first_child;
        chosen = static_cast<int32_t>(tree.nodes.size());
        tree.nodes[static_cast<size_t>(node)].first_child = chosen;
        tree.nodes.push_back(child);
        compatible.push_back(chosen);
        expanded = true;
      } else if (compatible.empty()) {
        break;  // node budget exhausted and nothing expanded here yet
      } else {
        double best_score = -std::numeric_limits<double>::infinity();
        for (int32_t c : compatible) {
          const Node& ch = tree.nodes[static_cast<size_t>(c)];
          // Every child was visited when it was created, and availability >= visits.
          const double n = static_cast<double>(ch.visits);
          const double score =
              ch.value / n + settings_.exploration * std::sqrt(std::log(static_cast<double>(ch.availability)) / n);
          if (score > best_score) {
            best_score = score;
            chosen = c;
          }
        }
      }
      // Every child that could have been chosen in this determinization was available.
      for (int32_t c : compatible) ++tree.nodes[static_cast<size_t>(c)].availability;
      sim->apply_legal_action(tree.nodes[static_cast<size_t>(chosen)].action);
      node = chosen;
      path.push_back(node);
      if (expanded) break;
    }

    // Simulation: a short random rollout, then the returns or the evaluation.
    for (int step = 0; step < settings_.rollout && !sim->is_terminal(); ++step) {
      sim->legal_actions(legal);
      sim->apply_legal_action(legal[static_cast<size_t>(rng_.below(legal.size()))]);
    }
    if (!valued) {
      for (int step = 0; step < kPlayoutCap && !sim->is_terminal(); ++step) {
        sim->legal_actions(legal);
        sim->apply_legal_action(legal[static_cast<size_t>(rng_.below(legal.size()))]);
      }
    }
    if (sim->is_terminal()) {
      const std::vector<double> r = sim->returns();
      for (int p = 0; p < n_players; ++p) leaf_values[static_cast<size_t>(p)] = r[static_cast<size_t>(p)];
    } else {
      leaf_values_->evaluate(*sim, evaluates, leaf_values);
    }

    // Backpropagation: each node gains the value of the seat that chose it.
    for (int32_t i : path) {
      Node& n = tree.nodes[static_cast<size_t>(i)];
      ++n.visits;
      if (i != 0) n.value += leaf_values[static_cast<size_t>(n.mover)];
    }
  }
  last_iterations_ = iteration;
  last_nodes_ = static_cast<int64_t>(tree.nodes.size());
  // The most visited root child that is legal here (ties: the higher mean value): the
  // report's first candidate. Root children are the seat's own actions, so all are legal;
  // the check is a safeguard.
  report_ = detail::build_search_report(tree.nodes, me, iteration, [&](Action a) {
    return std::binary_search(root_legal.begin(), root_legal.end(), a);
  });
  if (report_->candidates.empty()) return root_legal.front();  // no iteration ran
  return report_->candidates.front().action;
}

std::vector<std::pair<Action, int64_t>> IsmctsPlayer::root_visits() const {
  std::vector<std::pair<Action, int64_t>> out;
  if (!tree_) return out;
  for (int32_t c = tree_->nodes[0].first_child; c >= 0; c = tree_->nodes[static_cast<size_t>(c)].next_sibling) {
    out.emplace_back(tree_->nodes[static_cast<size_t>(c)].action, tree_->nodes[static_cast<size_t>(c)].visits);
  }
  return out;
}

}  // namespace rise::ai
