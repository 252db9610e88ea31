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
#include <array>
#include <cmath>

#include "rise-hex/state.h"
#include "rise/core/score_parts.h"

namespace rise::hex {
namespace eval_parts {
namespace {

// The parts of a side's score (HexState::evaluation_terms), in words.
enum Part : size_t { kTowers, kWorkers, kRing, kFewWorkers, kParts };
constexpr std::array<const char*, kParts> kPartNames = {"towers", "workers", "a ring in reach", "few workers left"};

double side_score(const Board& board, Color me, int workers, ScoreParts<kParts> score = {}) {
  double best_ring = 0.0;
  for (int i = 0; i < board.size(); ++i) {
    const int tiers = board.tiers(i);
    const bool my_tower = board.tower(i) == me;
    if (my_tower) score.add(kTowers, 3.0 * tiers + (tiers == kTiersPerTower ? 6.0 : 0.0));
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
  score.total += workers + best_ring;
  score.note(kWorkers, workers);
  score.note(kRing, best_ring);
  if (workers <= 2) score.add(kFewWorkers, -3.0);
  return score.total;
}

}  // namespace
}  // namespace eval_parts

double HexState::evaluate(PlayerId player) const {
  using namespace eval_parts;
  if (is_terminal()) return returns()[static_cast<size_t>(player)];
  const Color me = color_of_seat(player);
  const Color enemy = opponent(me);
  double diff = side_score(board_, me, workers(me)) - side_score(board_, enemy, workers(enemy));
  return std::tanh(diff / 12.0);
}

std::vector<EvaluationTerm> HexState::evaluation_terms(PlayerId player) const {
  using namespace eval_parts;
  if (is_terminal()) return {};
  const auto side = [&](int seat, ScoreParts<kParts> parts) {
    const Color c = color_of_seat(seat);
    return side_score(board_, c, workers(c), parts);
  };
  return term_differences(kPartNames, side, player, 1 - player);
}

}  // namespace rise::hex
