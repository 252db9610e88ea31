// The heuristic of dark-legacy for greedy play and search leaves (docs/ai.md): each side's
// life and armor, creatures, hand, Casting Points and poison, squashed to [-1, 1].
#include <cmath>

#include "dark-legacy/state.h"

namespace rise::dl {

// Score of one seat: hero Life Points (x1, +15 while alive) and armor Defense Points left
// (x0.6), poison (-1.5 per counter: 20 kill), each creature 2 + Attack Points + 0.7 x
// Defense Points left, weapon Attack Points above 1 (x1.5), 1.5 per hand card, 0.3 per
// Casting Point, 1 per charging token. The evaluation is tanh((mine - other) / 40).
static double side_score(const DlState& s, int p) {
  const Player& pl = s.player(p);
  double score = 0.0;
  if (pl.hero.alive) {
    score += 15.0 + pl.hero.life - 1.5 * pl.hero.poison;
    for (int16_t id : pl.armor) {
      if (id >= 0) score += 0.6 * (s.armor_defense(id) - s.obj(id).damage);
    }
    score += 1.5 * (s.hero_attack(p, 0) - 1);
    score += 0.3 * pl.cp;
  }
  for (const auto& field : pl.fields) {
    for (int16_t id : field) {
      if (!s.is_creature_in_play(id)) continue;
      score += 2.0 + s.attack_of(id) + 0.7 * std::max(0, s.defense_of(id) - s.obj(id).damage);
    }
  }
  score += 1.5 * static_cast<double>(pl.hand.size());
  if (pl.charging >= 0) score += pl.tokens;
  return score;
}

double DlState::evaluate(PlayerId player) const {
  if (phase_ == Phase::kOver) return returns()[static_cast<size_t>(player)];
  return std::tanh((side_score(*this, player) - side_score(*this, 1 - player)) / 40.0);
}

}  // namespace rise::dl
