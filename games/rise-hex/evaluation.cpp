// The rise-hex heuristic (docs/ai.md), used by the greedy player and MCTS leaves.
//
// Material and progress, from the point of view of one colour, minus the same for the
// other colour, squashed into [-1, 1]:
//   - each tower tier: 3 points; each complete tower: 6 more (three win the game);
//   - each worker: 1 point, and a worker short of a ring (the best unoccupied tile
//     with k of your workers around it and no enemy worker): k*k/6 points for the
//     best such tile, so that forming rings is rewarded before they close;
//   - having only 1 or 2 workers left: -3 (elimination is near).
#include <algorithm>
#include <cmath>

#include "rise-hex/state.h"

namespace rise::hex {
namespace {

double side_score(const Board& board, Color me, int workers) {
  double score = 0.0;
  double best_ring = 0.0;
  for (int i = 0; i < board.size(); ++i) {
    const int tiers = board.tiers(i);
    const bool my_tower = board.tower(i) == me;
    if (my_tower) score += 3.0 * tiers + (tiers == kTiersPerTower ? 6.0 : 0.0);
    if (!board.unoccupied(i) && !(my_tower && tiers < kTiersPerTower)) continue;
    int mine = 0;
    bool blocked = false;
    for (int8_t n : board.neighbors(i)) {
      if (n < 0) continue;  // a tile could still be placed there
      Color w = board.worker(n);
      if (w == me) ++mine;
      else if (w != Color::kNone) blocked = true;
    }
    if (!blocked) best_ring = std::max(best_ring, mine * mine / 6.0);
  }
  score += workers + best_ring;
  if (workers <= 2) score -= 3.0;
  return score;
}

}  // namespace

double HexState::evaluate(PlayerId player) const {
  if (is_terminal()) return returns()[static_cast<size_t>(player)];
  const Color me = color_of_seat(player);
  const Color enemy = opponent(me);
  double diff = side_score(board_, me, workers(me)) - side_score(board_, enemy, workers(enemy));
  return std::tanh(diff / 12.0);
}

}  // namespace rise::hex
