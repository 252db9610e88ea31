// How mcts and ismcts value the position at the end of a rollout (docs/ai.md): the final
// returns once the game has ended; else the learned network of their `net=` setting
// (network.h), else the game's hand-written State::evaluate, else 0.
#pragma once

#include <algorithm>
#include <cmath>
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
  NetworkScratch scratch_;
};

}  // namespace rise::ai::detail
