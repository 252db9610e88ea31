// Uniformly random legal actions: the baseline every AI must beat.
#pragma once

#include "rise/ai/player.h"
#include "rise/core/rng.h"

namespace rise::ai {

class RandomPlayer final : public Player {
 public:
  explicit RandomPlayer(uint64_t seed) : rng_(seed) {}
  Action choose_action(const State& state) override;
  std::string spec() const override { return "random"; }
  // It reads only the legal actions, which its seat sees.
  bool reads_hidden_information() const override { return false; }

 private:
  Rng rng_;
  std::vector<Action> legal_;
};

}  // namespace rise::ai
