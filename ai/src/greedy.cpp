#include "rise/ai/greedy.h"

#include "rise/core/game.h"

namespace rise::ai {

Action GreedyPlayer::choose_action(const State& state) {
  const PlayerId me = state.current_player();
  const bool evaluates = state.game().info().has_evaluation;
  std::vector<Action> legal = state.legal_actions();
  std::vector<Action> best;
  double best_value = -1e300;
  for (Action a : legal) {
    std::unique_ptr<State> next = state.clone();
    next->apply_legal_action(a);  // a clone of `state`, whose legal_actions() listed a
    double value = next->is_terminal() ? next->returns()[static_cast<size_t>(me)] * 1000.0
                   : evaluates         ? next->evaluate(me)
                                       : 0.0;
    if (value > best_value + 1e-12) {
      best_value = value;
      best.assign(1, a);
    } else if (value > best_value - 1e-12) {
      best.push_back(a);
    }
  }
  return best[static_cast<size_t>(rng_.below(best.size()))];
}

}  // namespace rise::ai
