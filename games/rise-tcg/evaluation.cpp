// The heuristic of rise-tcg for greedy play and search leaves (docs/ai.md): material and
// life of each side, squashed to [-1, 1].
#include <cmath>

#include "rise-tcg/state.h"

namespace rise::tcg {

// Score of one seat: Summoner HP (x1, +8 per living Summoner), board (attack + defense of
// its Creatures/Doors, 1.5 per other Constant), hand (1.2 per card), levels (2 each),
// Stock (0.25 per Coin) and Ether (0.5). The evaluation is the seat's score minus the best
// opponent's, through tanh(diff / 25).
static double side_score(const TcgState& s, int p) {
  const Player& pl = s.player(p);
  if (pl.out) return -100.0;
  double score = 0.0;
  for (int slot = 0; slot < 2; ++slot) {
    const Summoner& sm = pl.summoners[static_cast<size_t>(slot)];
    if (!sm.alive) continue;
    score += 8.0 + sm.hp + 2.0 * (sm.level - 1);
  }
  for (int16_t id : s.battlefield()) {
    const Obj& o = s.obj(id);
    if (o.controller != p) continue;
    const CardDef& card = s.cards().card(o.def);
    if (card.is(cardgame::kCreature | cardgame::kDoor)) {
      score += 1.0 + s.attack_of(id) + 0.7 * std::max(0, s.defense_of(id) - o.damage);
    } else {
      score += 1.5;
    }
  }
  score += 1.2 * static_cast<double>(pl.hand.size());
  score += 0.25 * pl.coins + 0.5 * pl.ether;
  return score;
}

double TcgState::evaluate(PlayerId player) const {
  if (phase_ == Phase::kGameOver) return returns()[static_cast<size_t>(player)];  // -1/(n-1) for a loser
  double mine = side_score(*this, player);
  double best_other = -1e9;
  for (int p = 0; p < sides(); ++p) {
    if (p != player) best_other = std::max(best_other, side_score(*this, p));
  }
  return std::tanh((mine - best_other) / 25.0);
}

}  // namespace rise::tcg
