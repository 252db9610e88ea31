// rise_engine.VectorEnv: N games of one game stepped together, in C++ threads, with every
// game's observation tensor and legal action mask in one contiguous buffer (for batched
// learning). Self-play: each game's action is for whoever is to move there. The threads
// are OpenMP's (libgomp's pool, kept between calls: no thread is started per step), each
// game always on the same thread of a static schedule, so results do not depend on the
// thread count.
#pragma once

#include <cstdint>
#include <memory>
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
  VectorEnv(std::shared_ptr<PyGame> game, int num_envs, int threads, uint64_t seed, bool copy = true);

  int num_envs() const { return static_cast<int>(states_.size()); }
  bool copies() const { return copy_; }
  const PyGame& game() const { return *game_; }

  // Starts every game afresh and fills the buffers.
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

 private:
  // Runs body(i) for every game i, split over the threads; the first exception a body
  // throws is rethrown here once every game is done.
  template <class Body>
  void for_each_env(Body&& body);
  void fill_row(size_t i);

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
};

}  // namespace rise::python
