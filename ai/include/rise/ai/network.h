// A learned evaluation: a small multilayer perceptron over a seat's observation tensor
// (State::observation_tensor, docs/learning.md), with a value head and, optionally, a policy
// head over the game's dense actions. Trained from self-play by `make train` (docs/ai.md,
// "Learned evaluations"); its weights are data, in a file of the format of docs/formats.md
// ("Network weights"), loaded and checked like cards.
//
// A network reads observation_tensor(seat) only, which encodes observation_json(seat) only,
// so a player that values positions with it never reads a card its seat cannot see: by
// construction, not by care.
//
// Inference is plain dense layers with ReLU (the value head ends in tanh), written for the
// search's hot path: no allocation per call (the caller owns a NetworkScratch), and the first
// layer skips the zero inputs of the mostly one-hot observation tensors, so its cost is
// (non-zero inputs) x (first hidden width) multiply-adds rather than the tensor's full size.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise/core/game.h"

namespace rise::ai {

// What a weights file says of itself (its header line, docs/formats.md).
struct NetworkInfo {
  std::string game;                 // the game id it was trained for, e.g. "raise-rise-die"
  int observation_size = 0;         // floats of the observation tensor it reads
  int observation_version = 0;      // LearningSpec::observation_version it was trained on
  int num_distinct_actions = 0;     // the policy head's outputs (0: no policy head)
  std::vector<int> hidden;          // widths of the hidden ReLU layers, input side first (>= 1 layer)
  // The header's "base": "evaluation": the network learned a correction of the game's own
  // State::evaluate, and a leaf's value is tanh(atanh(evaluate) + output) (leaf_values.h).
  // false: the value is tanh(output).
  bool adds_evaluation = false;
  nlohmann::json provenance;        // seed, games, commit, measured strength... (free form, an object)
};

// The buffers one inference needs; one per thread (a search owns one). Reused across calls.
struct NetworkScratch {
  std::vector<float> a, b;    // a layer's inputs and outputs
  std::vector<int> index;     // the non-zero inputs of a layer: their positions
  std::vector<float> value;   // and their values
};

class Network {
 public:
  // Reads and checks a weights file. Throws InputError naming `path` and what is wrong: the
  // file cannot be read, its first line is not "RISE-NET 1", its header is not a JSON object
  // with the fields of NetworkInfo (game, observation_size in 1..1,000,000,
  // observation_version >= 1, hidden widths in 1..4096, num_distinct_actions in 0..100,000),
  // the weights are truncated or followed by extra bytes (both counts named), or a weight is
  // not finite. Never returns a partly loaded network.
  static std::shared_ptr<const Network> load(const std::string& path);

  // load(), but a path already loaded by this process (same path text) returns the same
  // network, so many players on many threads share one copy. Thread-safe. A file that fails
  // to load is not cached (the next call reads it again).
  static std::shared_ptr<const Network> load_cached(const std::string& path);

  // Builds a network from its parts, as load() does after reading them (tests, Python):
  // `weights` in file order (docs/formats.md). Throws InputError as load() does, naming
  // `source` instead of a file.
  static std::shared_ptr<const Network> from_parts(const NetworkInfo& info, std::vector<float> weights,
                                                   const std::string& source);

  const NetworkInfo& info() const { return info_; }
  const std::string& source() const { return source_; }  // the file it came from
  bool has_policy() const { return info_.num_distinct_actions > 0; }

  // Throws InputError naming the file unless this network fits `game` at `num_players`
  // seats: the same game id, and the observation size and version of
  // game.learning_spec(Options{}, num_players) (a file for another game or tensor version),
  // and an evaluation to add to when it adds_evaluation.
  void check_fits(const Game& game, int num_players) const;

  // The value of the position for the seat whose observation this is, in [-1, 1] (tanh):
  // its expected return (+1 win, -1 loss, 0 draw). `observation` has observation_size
  // floats (else RISE_CHECK). No allocation once `scratch` has grown.
  float value(std::span<const float> observation, NetworkScratch& scratch) const;

  // The value head's output before tanh (value() is its tanh).
  float value_logit(std::span<const float> observation, NetworkScratch& scratch) const;

  // value(), and the policy head's logits for the dense actions `dense` (each in
  // [0, num_distinct_actions), else RISE_CHECK) into `logits` (same length): unnormalised
  // log-probabilities of the seat choosing each (a softmax over them is the prior).
  // RISE_CHECK without a policy head.
  float evaluate(std::span<const float> observation, std::span<const int> dense, std::span<float> logits,
                 NetworkScratch& scratch) const;

  // The number of float weights a network of this shape holds, in file order: per hidden
  // layer, its weights [inputs][outputs] then biases [outputs]; the value head [last
  // hidden][1] and [1]; with a policy head, [num_distinct_actions][last hidden] and
  // [num_distinct_actions]. Throws InputError for a shape out of the ranges above.
  static size_t weight_count(const NetworkInfo& info);

 private:
  Network() = default;
  // Runs the hidden layers; returns the last hidden activations (inside scratch).
  std::span<const float> trunk(std::span<const float> observation, NetworkScratch& scratch) const;
  // The value head's output (before tanh) for the last hidden activations `h`.
  float value_head(std::span<const float> h) const;

  struct Layer {
    int in = 0, out = 0;
    const float* w = nullptr;  // [in][out]
    const float* b = nullptr;  // [out]
  };
  NetworkInfo info_;
  std::string source_;
  std::vector<float> weights_;  // every weight, in file order; the layers point into it
  std::vector<Layer> layers_;
  size_t widest_ = 0;  // the widest hidden layer: the size of each scratch buffer
  const float* value_w_ = nullptr;   // [last hidden]
  float value_b_ = 0;
  const float* policy_w_ = nullptr;  // [num_distinct_actions][last hidden]
  const float* policy_b_ = nullptr;  // [num_distinct_actions]
};

// The shipped network of a game: DATA/GAME/nets/value.rnet, where DATA is the data folder
// the engine reads (default_data_root(): $RISE_DATA_DIR, an installed share folder, or the
// source tree's data/). The path only; does not check that it exists.
std::string default_network_path(const std::string& game_id);

// The network a player spec's `net=` setting names: "default" is default_network_path(game),
// anything else a file path. Loads it through load_cached and checks it fits `game` at
// `num_players` seats. Throws InputError naming the file (a missing shipped network says
// which game has none and how to train one: `make train GAME=...`).
std::shared_ptr<const Network> network_for(const std::string& setting, const Game& game, int num_players);

}  // namespace rise::ai
