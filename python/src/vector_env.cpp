#include "vector_env.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <mutex>
#include <string>

#include "rise/core/error.h"
#include "rise/core/rng.h"

namespace rise::python {

VectorEnv::VectorEnv(std::shared_ptr<PyGame> game, int num_envs, int threads, uint64_t seed, bool copy)
    : game_(std::move(game)), threads_(threads), seed_(seed), copy_(copy) {
  if (num_envs < 1) throw InputError("VectorEnv: num_envs must be at least 1");
  if (threads < 1) throw InputError("VectorEnv: threads must be at least 1");
  if (!game_->dense() || game_->spec().observation_size() == 0) {
    throw InputError("VectorEnv: " + game_->info().id + " offers no dense actions and tensors (docs/learning.md)");
  }
  const size_t n = static_cast<size_t>(num_envs);
  states_.resize(n);
  chosen_.assign(n, -1);
  legal_.resize(n);
  observations_.assign(n * game_->spec().observation_size(), 0.0f);
  masks_.assign(n * static_cast<size_t>(game_->spec().num_distinct_actions), 0);
  players_.assign(n, 0);
  rewards_.assign(n, 0.0f);
  dones_.assign(n, 0);
  games_started_.assign(n, 0);
}

template <class Body>
void VectorEnv::for_each_env(Body&& body) {
  const int64_t n = static_cast<int64_t>(states_.size());
  if (threads_ <= 1 || n <= 1) {
    for (int64_t i = 0; i < n; ++i) body(static_cast<size_t>(i));
    return;
  }
  std::exception_ptr error;
  std::mutex error_mutex;
  // libgomp keeps its threads between parallel regions: a step starts none.
#pragma omp parallel for num_threads(threads_) schedule(static)
  for (int64_t i = 0; i < n; ++i) {
    try {
      body(static_cast<size_t>(i));
    } catch (...) {
      std::lock_guard lock(error_mutex);
      if (!error) error = std::current_exception();
    }
  }
  if (error) std::rethrow_exception(error);
}

void VectorEnv::fill_row(size_t i) {
  const State& s = *states_[i];
  const LearningSpec& spec = game_->spec();
  const size_t obs = spec.observation_size();
  const size_t actions = static_cast<size_t>(spec.num_distinct_actions);
  players_[i] = s.current_player();
  s.observation_tensor(s.current_player(), std::span<float>(observations_.data() + i * obs, obs));
  int8_t* mask = masks_.data() + i * actions;
  std::vector<std::pair<int32_t, Action>>& pairs = legal_[i];
  // The row holds the previous position's legal actions only: clearing those is enough
  // (a row of 3,465 bytes written whole at every step bound two threads to memory).
  for (const auto& pair : pairs) mask[pair.first] = 0;
  std::vector<Action> legal;
  std::vector<int> dense;
  s.legal_actions(legal);
  s.dense_actions(legal, dense);
  pairs.clear();
  for (size_t k = 0; k < legal.size(); ++k) {
    mask[dense[k]] = 1;
    pairs.emplace_back(dense[k], legal[k]);
  }
  std::sort(pairs.begin(), pairs.end());
}

std::vector<int32_t> VectorEnv::sample_legal_actions(uint64_t seed) const {
  Rng rng(seed);
  std::vector<int32_t> out(states_.size(), -1);
  for (size_t i = 0; i < states_.size(); ++i) {
    if (!legal_[i].empty()) out[i] = legal_[i][rng.below(legal_[i].size())].first;
  }
  return out;
}

std::vector<int32_t> VectorEnv::choose_from_logits(const float* logits, size_t row, bool greedy, uint64_t seed) {
  std::vector<int32_t> out(states_.size(), -1);
  for_each_env([&](size_t i) {
    const auto& pairs = legal_[i];
    if (pairs.empty()) return;
    const float* l = logits + i * row;
    float top = -INFINITY;
    int32_t best = pairs.front().first;
    for (const auto& [dense, action] : pairs) {
      const float v = l[dense];
      if (std::isnan(v) || v == INFINITY) {
        throw InputError("VectorEnv.step_logits: the logit of legal action " + std::to_string(dense) + " in game " +
                         std::to_string(i) + " is " + (std::isnan(v) ? "NaN" : "+inf"));
      }
      if (v > top) {
        top = v;
        best = dense;
      }
    }
    if (greedy || top == -INFINITY) {  // every legal logit -inf: the first legal action
      out[i] = best;
      return;
    }
    // Softmax over the legal actions, by inversion of the cumulative weights (each weight
    // computed once, in a buffer of the thread's kept between calls).
    thread_local std::vector<double> weights;
    weights.resize(pairs.size());
    double total = 0.0;
    for (size_t k = 0; k < pairs.size(); ++k) total += weights[k] = std::exp(static_cast<double>(l[pairs[k].first] - top));
    Rng rng(seed * 0x9e3779b97f4a7c15ULL + i * 0xbf58476d1ce4e5b9ULL + 1);
    double u = static_cast<double>(rng.next() >> 11) * 0x1.0p-53 * total;  // uniform in [0, total)
    out[i] = pairs.back().first;
    for (size_t k = 0; k < pairs.size(); ++k) {
      u -= weights[k];
      if (u < 0.0) {
        out[i] = pairs[k].first;
        break;
      }
    }
  });
  return out;
}

void VectorEnv::reset() {
  const uint64_t n = states_.size();
  for_each_env([&](size_t i) {
    states_[i] = game_->game().new_initial_state(seed_ + i + games_started_[i] * n, game_->game_options(),
                                                 game_->num_players());
    ++games_started_[i];
    rewards_[i] = 0.0f;
    dones_[i] = 0;
    fill_row(i);
  });
}

void VectorEnv::step(const std::vector<int32_t>& actions) {
  if (actions.size() != states_.size()) {
    throw InputError("VectorEnv.step: " + std::to_string(actions.size()) + " actions for " +
                     std::to_string(states_.size()) + " games");
  }
  if (states_.front() == nullptr) throw InputError("VectorEnv.step: call reset() first");
  // Every action is checked before any game moves.
  for (size_t i = 0; i < states_.size(); ++i) {
    const auto& pairs = legal_[i];
    auto it = std::lower_bound(pairs.begin(), pairs.end(), std::make_pair(actions[i], Action{-1}));
    chosen_[i] = it != pairs.end() && it->first == actions[i] ? it->second : -1;
    if (chosen_[i] < 0) {
      throw InputError("VectorEnv.step: action " + std::to_string(actions[i]) + " is not legal in game " +
                       std::to_string(i));
    }
  }
  const uint64_t n = states_.size();
  for_each_env([&](size_t i) {
    State& s = *states_[i];
    const PlayerId mover = s.current_player();
    s.apply_action(chosen_[i]);
    rewards_[i] = 0.0f;
    dones_[i] = s.is_terminal() ? 1 : 0;
    if (dones_[i]) {
      rewards_[i] = static_cast<float>(s.returns()[static_cast<size_t>(mover)]);
      states_[i] = game_->game().new_initial_state(seed_ + i + games_started_[i] * n, game_->game_options(),
                                                   game_->num_players());
      ++games_started_[i];
    }
    fill_row(i);
  });
}

}  // namespace rise::python
