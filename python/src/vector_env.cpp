#include "vector_env.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <mutex>
#include <string>

#include "rise/core/error.h"
#include "rise/core/rng.h"

namespace rise::python {

VectorEnv::VectorEnv(std::shared_ptr<PyGame> game, int num_envs, int threads, uint64_t seed, bool copy, int batch_size)
    : game_(std::move(game)), threads_(threads), seed_(seed), copy_(copy), batch_size_(batch_size == 0 ? num_envs : batch_size) {
  if (num_envs < 1) throw InputError("VectorEnv: num_envs must be at least 1");
  if (threads < 1) throw InputError("VectorEnv: threads must be at least 1");
  if (batch_size_ < 1 || batch_size_ > num_envs) {
    throw InputError("VectorEnv: batch_size must be between 1 and num_envs (" + std::to_string(num_envs) + "), got " +
                     std::to_string(batch_size));
  }
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
  in_flight_.assign(n, kIdle);
  const size_t b = static_cast<size_t>(batch_size_);
  batch_observations_.assign(b * game_->spec().observation_size(), 0.0f);
  batch_masks_.assign(b * static_cast<size_t>(game_->spec().num_distinct_actions), 0);
  batch_players_.assign(b, 0);
  batch_rewards_.assign(b, 0.0f);
  batch_dones_.assign(b, 0);
}

VectorEnv::~VectorEnv() {
  {
    std::lock_guard lock(pool_mutex_);
    stopping_ = true;
  }
  work_ready_.notify_all();
  for (std::thread& t : workers_) t.join();
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
  check_no_game_in_flight("sample_legal_actions");
  Rng rng(seed);
  std::vector<int32_t> out(states_.size(), -1);
  for (size_t i = 0; i < states_.size(); ++i) {
    if (!legal_[i].empty()) out[i] = legal_[i][rng.below(legal_[i].size())].first;
  }
  return out;
}

std::vector<int32_t> VectorEnv::choose_from_logits(const float* logits, size_t row, bool greedy, uint64_t seed) {
  check_no_game_in_flight("step_logits");
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

void VectorEnv::reset_one(size_t i) {
  const uint64_t n = states_.size();
  states_[i] = game_->game().new_initial_state(seed_ + i + games_started_[i] * n, game_->game_options(),
                                               game_->num_players());
  ++games_started_[i];
  rewards_[i] = 0.0f;
  dones_[i] = 0;
  fill_row(i);
}

void VectorEnv::reset() {
  check_no_game_in_flight("reset");
  for_each_env([&](size_t i) { reset_one(i); });
}

void VectorEnv::step_one(size_t i) {
  const uint64_t n = states_.size();
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
}

void VectorEnv::check_no_game_in_flight(const char* what) const {
  std::lock_guard lock(pool_mutex_);
  if (in_flight_count_ > 0) {
    throw InputError(std::string("VectorEnv.") + what + ": " + std::to_string(in_flight_count_) +
                     " game(s) sent with send() or async_reset() are not received yet: recv() them first");
  }
}

void VectorEnv::start_pool() {
  if (!workers_.empty()) return;
  for (int t = 0; t < threads_; ++t) workers_.emplace_back([this] { pool_worker(); });
}

void VectorEnv::pool_worker() {
  std::unique_lock lock(pool_mutex_);
  for (;;) {
    work_ready_.wait(lock, [&] { return stopping_ || !tasks_.empty(); });
    if (stopping_) return;
    const Task task = tasks_.front();
    tasks_.pop_front();
    lock.unlock();
    std::exception_ptr error;
    try {
      const size_t i = static_cast<size_t>(task.env);
      if (task.reset) reset_one(i);
      else step_one(i);
    } catch (...) {
      error = std::current_exception();
    }
    lock.lock();
    if (error && !pool_error_) pool_error_ = error;
    in_flight_[static_cast<size_t>(task.env)] = kDone;
    done_.push_back(task.env);
    game_done_.notify_all();
  }
}

void VectorEnv::async_reset() {
  check_no_game_in_flight("async_reset");
  start_pool();
  {
    std::lock_guard lock(pool_mutex_);
    for (size_t i = 0; i < states_.size(); ++i) {
      in_flight_[i] = kQueued;
      tasks_.push_back(Task{static_cast<int32_t>(i), true});
    }
    in_flight_count_ = static_cast<int>(states_.size());
  }
  work_ready_.notify_all();
}

void VectorEnv::send(const std::vector<int32_t>& actions, const std::vector<int32_t>& env_ids) {
  if (actions.size() != env_ids.size()) {
    throw InputError("VectorEnv.send: " + std::to_string(actions.size()) + " actions for " +
                     std::to_string(env_ids.size()) + " game ids");
  }
  const int32_t n = num_envs();
  {
    std::lock_guard lock(pool_mutex_);
    // Every id and action is checked before any game is sent.
    std::vector<uint8_t> seen(states_.size(), 0);
    for (size_t k = 0; k < env_ids.size(); ++k) {
      const int32_t i = env_ids[k];
      if (i < 0 || i >= n) {
        throw InputError("VectorEnv.send: game id " + std::to_string(i) + " is not in [0, " + std::to_string(n) + ")");
      }
      const size_t u = static_cast<size_t>(i);
      if (seen[u]++) throw InputError("VectorEnv.send: game " + std::to_string(i) + " is sent twice");
      if (in_flight_[u] != kIdle) {
        throw InputError("VectorEnv.send: game " + std::to_string(i) + " was sent and is not received yet");
      }
      if (states_[u] == nullptr) throw InputError("VectorEnv.send: call reset() or async_reset() first");
      const auto& pairs = legal_[u];
      auto it = std::lower_bound(pairs.begin(), pairs.end(), std::make_pair(actions[k], Action{-1}));
      if (it == pairs.end() || it->first != actions[k]) {
        throw InputError("VectorEnv.send: action " + std::to_string(actions[k]) + " is not legal in game " +
                         std::to_string(i));
      }
    }
    for (size_t k = 0; k < env_ids.size(); ++k) {
      const size_t u = static_cast<size_t>(env_ids[k]);
      const auto& pairs = legal_[u];
      chosen_[u] = std::lower_bound(pairs.begin(), pairs.end(), std::make_pair(actions[k], Action{-1}))->second;
      in_flight_[u] = kQueued;
      tasks_.push_back(Task{env_ids[k], false});
    }
    in_flight_count_ += static_cast<int>(env_ids.size());
  }
  start_pool();
  work_ready_.notify_all();
}

std::vector<int32_t> VectorEnv::recv() {
  std::unique_lock lock(pool_mutex_);
  if (in_flight_count_ < batch_size_) {
    throw InputError("VectorEnv.recv: " + std::to_string(in_flight_count_) + " game(s) sent, fewer than batch_size (" +
                     std::to_string(batch_size_) + "): send() more first");
  }
  game_done_.wait(lock, [&] { return pool_error_ || static_cast<int>(done_.size()) >= batch_size_; });
  if (pool_error_) {
    std::exception_ptr error = pool_error_;
    pool_error_ = nullptr;
    std::rethrow_exception(error);
  }
  std::vector<int32_t> ids(done_.begin(), done_.begin() + batch_size_);
  done_.erase(done_.begin(), done_.begin() + batch_size_);
  lock.unlock();
  // The rows of games kDone are no worker's: copying them needs no lock.
  const size_t obs = game_->spec().observation_size();
  const size_t actions = static_cast<size_t>(game_->spec().num_distinct_actions);
  for (size_t k = 0; k < ids.size(); ++k) {
    const size_t i = static_cast<size_t>(ids[k]);
    std::copy_n(observations_.begin() + static_cast<std::ptrdiff_t>(i * obs), obs,
                batch_observations_.begin() + static_cast<std::ptrdiff_t>(k * obs));
    std::copy_n(masks_.begin() + static_cast<std::ptrdiff_t>(i * actions), actions,
                batch_masks_.begin() + static_cast<std::ptrdiff_t>(k * actions));
    batch_players_[k] = players_[i];
    batch_rewards_[k] = rewards_[i];
    batch_dones_[k] = dones_[i];
  }
  lock.lock();
  for (int32_t id : ids) in_flight_[static_cast<size_t>(id)] = kIdle;
  in_flight_count_ -= static_cast<int>(ids.size());
  return ids;
}

void VectorEnv::step(const std::vector<int32_t>& actions) {
  check_no_game_in_flight("step");
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
  for_each_env([&](size_t i) { step_one(i); });
}

}  // namespace rise::python
