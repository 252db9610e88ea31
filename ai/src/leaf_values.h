// How mcts and ismcts value the position at the end of a rollout (docs/ai.md): the final
// returns once the game has ended; else the learned network of their `net=` setting
// (network.h), else the game's hand-written State::evaluate, else 0.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "rise/ai/network.h"
#include "rise/core/state.h"

namespace rise::ai::detail {

class LeafValues {
 public:
  static constexpr double kEdge = 0.999;

  // `net_setting`: "" (no network), "default" or a weights file (network_for).
  explicit LeafValues(std::string net_setting) : setting_(std::move(net_setting)) {}

  // Loads and checks the network on the first search of a game (and again if the game or
  // seat count changes). Throws InputError from network_for.
  void prepare(const State& root) {
    if (setting_.empty()) return;
    if (net_ && game_ == &root.game() && players_ == root.num_players()) return;
    net_ = network_for(setting_, root.game(), root.num_players());
    game_ = &root.game();
    players_ = root.num_players();
    observation_.assign(static_cast<size_t>(net_->info().observation_size), 0.0f);
  }

  bool uses_network() const { return !setting_.empty(); }

  // Whether the network (loaded by prepare) has a policy head, so priors() may be called.
  bool has_policy() const { return net_ && net_->has_policy(); }

  // The policy prior of the seat to move in `state` (not terminal) over its legal actions
  // `legal`, into `out` (same length, summing to 1): a softmax of the policy head's logits
  // over those actions only, read from the mover's own observation tensor (so, like the
  // value, it never reads what that seat cannot see). Requires has_policy().
  void priors(const State& state, const std::vector<Action>& legal, std::vector<float>& out) {
    state.observation_tensor(state.current_player(), observation_);
    state.dense_actions(legal, dense_);
    out.resize(legal.size());
    net_->evaluate(observation_, dense_, out, scratch_);
    float top = -std::numeric_limits<float>::infinity();
    for (float l : out) top = std::max(top, l);
    float sum = 0;
    for (float& l : out) sum += (l = std::exp(l - top));
    for (float& l : out) l /= sum;
  }

  // The value of `leaf` (not terminal) for every seat, into `out` (num_players long).
  // With a network, each seat is valued from its own observation tensor (a network that
  // corrects the game's evaluation adds its output to atanh of that evaluation, clamped
  // to +-kEdge so that a near-certain heuristic stays finite); in a two-seat
  // game the two views are averaged into one zero-sum value, (v0 - v1) / 2 for seat 0.
  void evaluate(const State& leaf, bool has_evaluation, std::vector<double>& out) {
    const int n = leaf.num_players();
    if (net_) {
      for (int p = 0; p < n; ++p) {
        leaf.observation_tensor(p, observation_);
        double logit = net_->value_logit(observation_, scratch_);
        if (net_->info().adds_evaluation) logit += std::atanh(std::clamp(leaf.evaluate(p), -kEdge, kEdge));
        out[static_cast<size_t>(p)] = std::tanh(logit);
      }
      if (n == 2) {
        const double v = (out[0] - out[1]) / 2;
        out[0] = v;
        out[1] = -v;
      }
      return;
    }
    for (int p = 0; p < n; ++p) out[static_cast<size_t>(p)] = has_evaluation ? leaf.evaluate(p) : 0.0;
  }

 private:
  std::string setting_;
  std::shared_ptr<const Network> net_;
  const Game* game_ = nullptr;
  int players_ = 0;
  std::vector<float> observation_;
  std::vector<int> dense_;
  NetworkScratch scratch_;
};

}  // namespace rise::ai::detail
