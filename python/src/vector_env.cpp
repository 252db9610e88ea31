#include "vector_env.h"

#include <algorithm>
#include <thread>

#include "rise/core/error.h"
#include "rise/core/rng.h"

namespace rise::python {

VectorEnv::VectorEnv(std::shared_ptr<PyGame> game, int num_envs, int threads, uint64_t seed)
    : game_(std::move(game)), threads_(threads), seed_(seed) {
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
  const size_t n = states_.size();
  const size_t workers = std::min(n, static_cast<size_t>(threads_));
  if (workers <= 1) {
    for (size_t i = 0; i < n; ++i) body(i);
    return;
  }
  std::vector<std::thread> pool;
  pool.reserve(workers);
  for (size_t w = 0; w < workers; ++w) {
    pool.emplace_back([&, w] {
      for (size_t i = w; i < n; i += workers) body(i);
    });
  }
  for (std::thread& t : pool) t.join();
}

void VectorEnv::fill_row(size_t i) {
  const State& s = *states_[i];
  const LearningSpec& spec = game_->spec();
  const size_t obs = spec.observation_size();
  const size_t actions = static_cast<size_t>(spec.num_distinct_actions);
  players_[i] = s.current_player();
  s.observation_tensor(s.current_player(), std::span<float>(observations_.data() + i * obs, obs));
  int8_t* mask = masks_.data() + i * actions;
  std::fill(mask, mask + actions, int8_t{0});
  std::vector<Action> legal;
  std::vector<int> dense;
  s.legal_actions(legal);
  s.dense_actions(legal, dense);
  std::vector<std::pair<int32_t, Action>>& pairs = legal_[i];
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
