// rise_engine.VectorEnv: N games of one game stepped together, in C++ threads, with every
// game's observation tensor and legal action mask in one contiguous buffer (for batched
// learning). Self-play: each game's action is for whoever is to move there. The threads
// are OpenMP's (libgomp's pool, kept between calls: no thread is started per step), each
// game always on the same thread of a static schedule, so results do not depend on the
// thread count.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "wrappers.h"

namespace rise::python {

class VectorEnv {
 public:
  // `num_envs` games of `game` (which must offer a dense action space and tensors), stepped
  // on `threads` threads; game i starts from seed + i, and each restart takes the next
  // unused seed. `copy`: whether the Python front end returns copies of the buffers (else
  // read-only views of them). Throws InputError for a game without the learning interface
  // or bad counts.
  // `batch_size` (1..num_envs; 0: num_envs) is how many games recv() returns (the
  // asynchronous mode below).
  VectorEnv(std::shared_ptr<PyGame> game, int num_envs, int threads, uint64_t seed, bool copy = true,
            int batch_size = 0);
  ~VectorEnv();
  VectorEnv(const VectorEnv&) = delete;
  VectorEnv& operator=(const VectorEnv&) = delete;

  int num_envs() const { return static_cast<int>(states_.size()); }
  int batch_size() const { return batch_size_; }
  bool copies() const { return copy_; }
  const PyGame& game() const { return *game_; }

  // Starts every game afresh and fills the buffers. Throws InputError while games sent
  // asynchronously are not all received.
  void reset();
  // Applies actions[i] (a dense index, legal for game i's player to move) to each game i;
  // a game that ends is restarted. Throws InputError naming the first illegal action, before
  // any game moves.
  void step(const std::vector<int32_t>& actions);

  // Row-major buffers, one row per game: the observation tensor of the player to move
  // (num_envs x observation size), its legal action mask (num_envs x num_distinct_actions),
  // the player to move, the reward of the last step for the seat that acted (its return when
  // the step ended the game, else 0) and whether the step ended the game.
  const std::vector<float>& observations() const { return observations_; }
  const std::vector<int8_t>& masks() const { return masks_; }
  const std::vector<int32_t>& players() const { return players_; }
  const std::vector<float>& rewards() const { return rewards_; }
  const std::vector<uint8_t>& dones() const { return dones_; }

  // One uniformly random legal dense action per game, drawn from Rng(seed): for random
  // play and exploration without a mask scan in Python.
  std::vector<int32_t> sample_legal_actions(uint64_t seed) const;

  // One legal dense action per game from a policy's logits (row-major, num_envs rows of
  // `row` >= num_distinct_actions floats, the first num_distinct_actions read): with
  // `greedy`, the legal action of the highest logit (the lowest index among equals); else
  // one drawn from the softmax of the legal actions' logits, game i drawing from a
  // generator seeded by `seed` and i. Illegal actions' logits are never read, so a policy
  // need not mask them. Throws InputError naming the game of a logit that is NaN or +inf
  // among its legal actions. Runs on the environment's threads.
  std::vector<int32_t> choose_from_logits(const float* logits, size_t row, bool greedy, uint64_t seed);

  // The asynchronous mode (EnvPool's send/recv; Weng et al., "EnvPool: A Highly Parallel
  // Reinforcement Learning Environment Execution Engine", NeurIPS 2022): a pool of
  // `threads` worker threads, started at the first call and kept until the environment
  // goes, steps the games it is sent while the caller works; recv() returns the first
  // batch_size games that are done, in the order they finished.
  //
  // async_reset(): every game starts afresh (its next seed, as reset()), in the pool.
  // Throws InputError while a game sent is not received.
  void async_reset();
  // Applies actions[k] to game env_ids[k] (as step(): a dense index legal for its player
  // to move; a game that ends restarts), in the pool. Throws InputError, nothing sent, for
  // lengths that differ, an id outside [0, N), an id twice, a game sent and not received
  // yet, or an illegal action.
  void send(const std::vector<int32_t>& actions, const std::vector<int32_t>& env_ids);
  // Waits until batch_size sent games are done and returns their ids, writing their rows
  // into the batch buffers (batch_*: batch_size rows, in the order of the ids). Throws
  // InputError when fewer than batch_size games are in flight or done (it would wait for
  // ever), or rethrows what stepping a game threw.
  std::vector<int32_t> recv();
  const std::vector<float>& batch_observations() const { return batch_observations_; }
  const std::vector<int8_t>& batch_masks() const { return batch_masks_; }
  const std::vector<int32_t>& batch_players() const { return batch_players_; }
  const std::vector<float>& batch_rewards() const { return batch_rewards_; }
  const std::vector<uint8_t>& batch_dones() const { return batch_dones_; }

 private:
  // Runs body(i) for every game i, split over the threads; the first exception a body
  // throws is rethrown here once every game is done.
  template <class Body>
  void for_each_env(Body&& body);
  void fill_row(size_t i);
  // Game i's part of step(): applies chosen_[i], restarts a finished game, fills its row.
  void step_one(size_t i);
  // Game i's part of reset().
  void reset_one(size_t i);
  // Throws InputError naming `what` while a game sent asynchronously is not received.
  void check_no_game_in_flight(const char* what) const;
  void start_pool();
  void pool_worker();

  std::shared_ptr<PyGame> game_;
  int threads_;
  uint64_t seed_;
  bool copy_;
  std::vector<std::unique_ptr<State>> states_;
  std::vector<Action> chosen_;  // the engine actions of the step being applied
  // Per game, its legal actions as (dense index, engine id), sorted by dense index.
  std::vector<std::vector<std::pair<int32_t, Action>>> legal_;
  std::vector<float> observations_;
  std::vector<int8_t> masks_;
  std::vector<int32_t> players_;
  std::vector<float> rewards_;
  std::vector<uint8_t> dones_;
  std::vector<uint64_t> games_started_;  // per game index i: k-th start uses seed + i + k * num_envs

  // The asynchronous mode. Every field below is guarded by pool_mutex_, and game i's state
  // and rows are touched by one worker at a time, only while in_flight_[i] is kQueued.
  enum : uint8_t { kIdle, kQueued, kDone };
  struct Task {
    int32_t env = 0;
    bool reset = false;
  };
  int batch_size_;
  std::vector<std::thread> workers_;
  mutable std::mutex pool_mutex_;
  std::condition_variable work_ready_, game_done_;
  std::deque<Task> tasks_;
  std::deque<int32_t> done_;            // games done and not received, in the order they finished
  std::vector<uint8_t> in_flight_;      // per game: kIdle, kQueued (sent, stepping) or kDone
  int in_flight_count_ = 0;             // games kQueued or kDone
  std::exception_ptr pool_error_;       // the first exception of a worker, rethrown by recv()
  bool stopping_ = false;
  std::vector<float> batch_observations_;
  std::vector<int8_t> batch_masks_;
  std::vector<int32_t> batch_players_;
  std::vector<float> batch_rewards_;
  std::vector<uint8_t> batch_dones_;
};

}  // namespace rise::python
