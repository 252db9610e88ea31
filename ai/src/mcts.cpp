#include "rise/ai/mcts.h"

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

// The search tree: nodes in one pool; children of a node form a linked list, created
// one at a time as the node's untried actions (shuffled once) are expanded.
struct MctsPlayer::Tree {
  struct Node {
    Action action = 0;          // the action that led here
    PlayerId mover = 0;         // the player who took it
    int32_t parent = -1;
    int32_t first_child = -1;
    int32_t next_sibling = -1;
    int32_t untried_offset = 0;  // into `untried`
    int32_t untried_count = -1;  // -1: not expanded yet
    int64_t visits = 0;
    double value = 0;           // sum of the mover's returns
    float prior = 0;            // the policy prior of `action` at the parent (PUCT only)
  };
  std::vector<Node> nodes;
  std::vector<Action> untried;
  std::unique_ptr<State> root_state;  // the position at nodes[0]
};

MctsPlayer::MctsPlayer(const MctsSettings& settings, uint64_t seed)
    : settings_(settings), rng_(seed), leaf_values_(std::make_unique<detail::LeafValues>(settings.net)) {}

MctsPlayer::~MctsPlayer() = default;

std::string MctsPlayer::spec() const {
  std::string s = "mcts:";
  if (settings_.milliseconds > 0) s += "ms=" + std::to_string(settings_.milliseconds);
  else s += "iters=" + std::to_string(settings_.iterations);
  s += ",c=" + detail::number_text(settings_.exploration) + ",rollout=" + std::to_string(settings_.rollout) +
       ",nodes=" + std::to_string(settings_.max_nodes);
  if (!settings_.net.empty()) s += ",net=" + settings_.net;
  if (settings_.puct != MctsSettings{}.puct) s += ",puct=" + detail::number_text(settings_.puct);
  return s;
}

Action MctsPlayer::choose_action(const State& state) {
  using Node = Tree::Node;
  const auto started = std::chrono::steady_clock::now();
  report_.reset();

  // Tree reuse: if the last search's root leads to this state by the actions applied
  // since, keep the matching subtree; otherwise start afresh.
  std::unique_ptr<Tree> fresh = std::make_unique<Tree>();
  int32_t reuse_from = -1;
  if (tree_ && tree_->root_state) {
    const auto& old_history = tree_->root_state->history();
    const auto& history = state.history();
    if (&tree_->root_state->game() == &state.game() && history.size() >= old_history.size() &&
        std::equal(old_history.begin(), old_history.end(), history.begin())) {
      std::unique_ptr<State> probe = tree_->root_state->clone();
      int32_t node = 0;
      for (size_t i = old_history.size(); i < history.size() && node >= 0; ++i) {
        int32_t child = tree_->nodes[static_cast<size_t>(node)].first_child;
        while (child >= 0 && tree_->nodes[static_cast<size_t>(child)].action != history[i]) {
          child = tree_->nodes[static_cast<size_t>(child)].next_sibling;
        }
        node = child;
        if (!probe->is_legal(history[i])) node = -1;
        if (node >= 0) probe->apply_action(history[i]);
      }
      if (node >= 0 && probe->to_json() == state.to_json()) reuse_from = node;
    }
  }
  reused_visits_ = 0;
  if (reuse_from >= 0) {
    // Copy the subtree breadth-first into the fresh pool.
    const Tree& old = *tree_;
    std::vector<std::pair<int32_t, int32_t>> queue = {{reuse_from, -1}};
    for (size_t qi = 0; qi < queue.size(); ++qi) {
      auto [old_index, new_parent] = queue[qi];
      const Node& o = old.nodes[static_cast<size_t>(old_index)];
      Node n = o;
      n.parent = new_parent;
      n.first_child = -1;
      n.next_sibling = -1;
      if (o.untried_count >= 0) {
        n.untried_offset = static_cast<int32_t>(fresh->untried.size());
        fresh->untried.insert(fresh->untried.end(), old.untried.begin() + o.untried_offset,
                              old.untried.begin() + o.untried_offset + o.untried_count);
      }
      const int32_t index = static_cast<int32_t>(fresh->nodes.size());
      if (new_parent >= 0) {
        Node& p = fresh->nodes[static_cast<size_t>(new_parent)];
        n.next_sibling = p.first_child;
        p.first_child = index;
      }
      fresh->nodes.push_back(n);
      for (int32_t c = o.first_child; c >= 0; c = old.nodes[static_cast<size_t>(c)].next_sibling) {
        queue.push_back({c, index});
      }
    }
    fresh->nodes[0].parent = -1;
    reused_visits_ = fresh->nodes[0].visits;
  } else {
    fresh->nodes.push_back(Node{});
  }
  fresh->root_state = state.clone();
  tree_ = std::move(fresh);
  Tree& tree = *tree_;

  const int n_players = state.num_players();
  const bool evaluates = state.game().info().has_evaluation;
  leaf_values_->prepare(state);
  const bool valued = evaluates || leaf_values_->uses_network();
  const bool puct = settings_.puct > 0 && leaf_values_->has_policy();
  std::vector<double> leaf_values(static_cast<size_t>(n_players));
  std::vector<float> priors;
  std::vector<Action> legal;
  std::vector<int32_t> path;

  int64_t iteration = 0;
  for (;; ++iteration) {
    if (iteration > 0 && search_must_end(started)) break;
    if (settings_.milliseconds > 0) {
      if ((iteration & 31) == 0) {
        auto elapsed = std::chrono::steady_clock::now() - started;
        if (std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count() >=
                settings_.milliseconds &&
            iteration > 0) {
          break;
        }
      }
    } else if (iteration >= settings_.iterations) {
      break;
    }

    std::unique_ptr<State> sim = tree.root_state->clone();
    int32_t node = 0;
    path.clear();
    path.push_back(0);
    // Selection and expansion.
    while (!sim->is_terminal()) {
      if (tree.nodes[static_cast<size_t>(node)].untried_count < 0) {
        sim->legal_actions(legal);
        if (puct) {
          // PUCT: every child at once, each with its prior; the first visit of a child is
          // the leaf of its iteration (below). A node the pool has no room for is a leaf.
          if (static_cast<int64_t>(tree.nodes.size() + legal.size()) > settings_.max_nodes) break;
          leaf_values_->priors(*sim, legal, priors);
          const PlayerId mover = sim->current_player();
          int32_t first = -1;
          for (size_t i = legal.size(); i-- > 0;) {
            Node child;
            child.action = legal[i];
            child.mover = mover;
            child.parent = node;
            child.next_sibling = first;
            child.prior = priors[i];
            first = static_cast<int32_t>(tree.nodes.size());
            tree.nodes.push_back(child);
          }
          Node& cur = tree.nodes[static_cast<size_t>(node)];
          cur.first_child = first;
          cur.untried_count = 0;
        } else {
          rng_.shuffle(legal);
          Node& cur = tree.nodes[static_cast<size_t>(node)];
          cur.untried_offset = static_cast<int32_t>(tree.untried.size());
          cur.untried_count = static_cast<int32_t>(legal.size());
          tree.untried.insert(tree.untried.end(), legal.begin(), legal.end());
        }
      }
      Node& cur = tree.nodes[static_cast<size_t>(node)];
      if (cur.untried_count > 0 && static_cast<int64_t>(tree.nodes.size()) < settings_.max_nodes) {
        Action a = tree.untried[static_cast<size_t>(cur.untried_offset + cur.untried_count - 1)];
        --cur.untried_count;
        Node child;
        child.action = a;
        child.mover = sim->current_player();
        child.parent = node;
        child.next_sibling = cur.first_child;
        const int32_t index = static_cast<int32_t>(tree.nodes.size());
        cur.first_child = index;
        tree.nodes.push_back(child);
        sim->apply_action(a);
        node = index;
        path.push_back(node);
        break;
      }
      if (cur.first_child < 0) break;  // node budget exhausted before any expansion
      int32_t best = -1;
      double best_score = -std::numeric_limits<double>::infinity();
      if (puct) {
        // PUCT over all the children; one not yet visited counts a mean value of 0 (a draw).
        const double scale = settings_.puct * std::sqrt(static_cast<double>(std::max<int64_t>(1, cur.visits)));
        for (int32_t c = cur.first_child; c >= 0; c = tree.nodes[static_cast<size_t>(c)].next_sibling) {
          const Node& ch = tree.nodes[static_cast<size_t>(c)];
          const double n = static_cast<double>(ch.visits);
          const double score = (ch.visits > 0 ? ch.value / n : 0.0) + scale * ch.prior / (1.0 + n);
          if (score > best_score) {
            best_score = score;
            best = c;
          }
        }
      } else {
        // UCB1 over the expanded children.
        const double log_n = std::log(static_cast<double>(std::max<int64_t>(1, cur.visits)));
        for (int32_t c = cur.first_child; c >= 0; c = tree.nodes[static_cast<size_t>(c)].next_sibling) {
          const Node& ch = tree.nodes[static_cast<size_t>(c)];
          double score = ch.visits == 0
                             ? std::numeric_limits<double>::infinity()
                             : ch.value / static_cast<double>(ch.visits) +
                                   settings_.exploration * std::sqrt(log_n / static_cast<double>(ch.visits));
          if (score > best_score) {
            best_score = score;
            best = c;
          }
        }
      }
      const bool first_visit = tree.nodes[static_cast<size_t>(best)].visits == 0;
      sim->apply_action(tree.nodes[static_cast<size_t>(best)].action);
      node = best;
      path.push_back(node);
      if (first_visit) break;  // PUCT: a child's first visit is a new leaf
    }
    // Simulation: a short random rollout, then the returns or the evaluation.
    for (int step = 0; step < settings_.rollout && !sim->is_terminal(); ++step) {
      sim->legal_actions(legal);
      sim->apply_legal_action(legal[static_cast<size_t>(rng_.below(legal.size()))]);
    }
    if (!valued) {
      // Without an evaluation, play on to the end (bounded by the game's own limits).
      while (!sim->is_terminal()) {
        sim->legal_actions(legal);
        sim->apply_legal_action(legal[static_cast<size_t>(rng_.below(legal.size()))]);
      }
    }
    if (sim->is_terminal()) {
      std::vector<double> r = sim->returns();
      for (int p = 0; p < n_players; ++p) leaf_values[static_cast<size_t>(p)] = r[static_cast<size_t>(p)];
    } else {
      leaf_values_->evaluate(*sim, evaluates, leaf_values);
    }
    // Backpropagation.
    for (int32_t i : path) {
      Node& n = tree.nodes[static_cast<size_t>(i)];
      ++n.visits;
      if (i != 0) n.value += leaf_values[static_cast<size_t>(n.mover)];
    }
  }
  last_iterations_ = iteration;
  // Every root child is an action of the seat to move; root values are its returns.
  report_ = detail::build_search_report(tree.nodes, state.current_player(), iteration, [](Action) { return true; });
  // The most visited root child (ties: the higher mean value): the report's first candidate.
  if (report_->candidates.empty()) {
    // No iteration ran (a zero budget): fall back to the first legal action.
    state.legal_actions(legal);
    return legal.front();
  }
  return report_->candidates.front().action;
}

std::vector<std::pair<Action, int64_t>> MctsPlayer::root_visits() const {
  std::vector<std::pair<Action, int64_t>> out;
  if (!tree_) return out;
  for (int32_t c = tree_->nodes[0].first_child; c >= 0; c = tree_->nodes[static_cast<size_t>(c)].next_sibling) {
    out.emplace_back(tree_->nodes[static_cast<size_t>(c)].action, tree_->nodes[static_cast<size_t>(c)].visits);
  }
  return out;
}

}  // namespace rise::ai
