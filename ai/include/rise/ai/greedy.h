// One-ply greedy: tries every legal action and keeps the one whose resulting state is
// best for the player by State::evaluate() (a win counts +1, a loss -1); ties are broken
// at random. Games without an evaluation reduce to "win now if possible, else random".
#pragma once

#include "rise/ai/player.h"
#include "rise/core/rng.h"

namespace rise::ai {

class GreedyPlayer final : public Player {
 public:
  explicit GreedyPlayer(uint64_t seed) : rng_(seed) {}
  Action choose_action(const State& state) override;
  std::string spec() const override { return "greedy"; }
  // It scores each action on a clone of the true state: the cards that action draws included.
  bool reads_hidden_information() const override { return true; }

 private:
  Rng rng_;
};

}  // namespace rise::ai
