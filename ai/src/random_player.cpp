#include "rise/ai/random_player.h"

namespace rise::ai {

Action RandomPlayer::choose_action(const State& state) {
  state.legal_actions(legal_);
  return legal_[static_cast<size_t>(rng_.below(legal_.size()))];
}

}  // namespace rise::ai
