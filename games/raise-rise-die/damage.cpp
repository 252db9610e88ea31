// Damage and PV: a hit on a slot, the Top Soul chain, PV loss and Brûlez (Rules RRD-10.*,
// RRD-11.2, RRD-11.3, RRD-11.10, RRD-11.17).
#include <algorithm>

#include "raise-rise-die/state.h"

namespace rise::rrd {

// Rule RRD-10.1, Interpretations RRD-10.5, RRD-11.10: Point faible adds, then the slot's
// Bloque less the hit's Percer absorbs what it can and loses exactly what it absorbed; the
// rest strikes the Top Soul with the Percer the Bloque did not need.
void RrdState::hit(int attacker, int target, Slot slot, int damage, int percer) {
  (void)attacker;
  Player& t = players_[static_cast<size_t>(target)];
  const auto s = static_cast<size_t>(slot);
  const int total = damage + t.point_faible[s];
  if (total <= 0) return;  // Interpretation RRD-10.4
  const int ignored = std::min<int>(t.bloque[s], std::max(0, percer));  // Bloque points Percer ignores
  const int blocked = std::min(t.bloque[s] - ignored, total);
  t.bloque[s] = static_cast<int16_t>(t.bloque[s] - blocked);
  const int rest = total - blocked;
  log(kEvHit, target, static_cast<int>(slot), rest, blocked);
  // Percer is left only when it exceeds the Bloque, which then blocked nothing; a hit the
  // Bloque stopped (rest 0) does nothing more (Interpretation RRD-10.4).
  damage_top_souls(target, rest, std::max(0, percer) - ignored);
}

// Rules RRD-10.2, RRD-1.2, Interpretations RRD-10.3, RRD-10.4, RRD-11.10: a Top Soul absorbs
// its VA less its marks (the first one also less `percer`, never below 0); damage reaching
// that eliminates it (discarded, its whole VA lost in PV, the next turned up at once) and the
// rest goes on; smaller damage is marked. Percer is no damage: it marks nothing and goes no
// further than the first Top Soul. Damage with no Top Soul left defeats.
void RrdState::damage_top_souls(int p, int damage, int percer) {
  Player& pl = players_[static_cast<size_t>(p)];
  while (damage > 0) {
    if (pl.deck.empty()) {
      pl.decked = true;  // Rule RRD-1.2
      return;
    }
    reveal_top_soul(p);
    const int id = pl.deck.back();
    const int va = card_of(id).va;
    const int absorbs = std::max(0, va - pl.top_mark - percer);
    percer = 0;
    if (damage < absorbs) {
      pl.top_mark = static_cast<int16_t>(pl.top_mark + damage);
      log(kEvMark, p, id, pl.top_mark);
      return;
    }
    pl.top_up = false;
    pl.top_mark = 0;
    move(id, Where::kDiscard);
    log(kEvTopSoulDown, p, id, va);
    lose_pv(p, va);
    reveal_top_soul(p);
    damage -= absorbs;
  }
}

void RrdState::lose_pv(int p, int amount) {
  if (amount <= 0) return;
  Player& pl = players_[static_cast<size_t>(p)];
  pl.pv = static_cast<int16_t>(std::max(-999, pl.pv - amount));
  log(kEvPvLoss, p, amount, pl.pv);
}

// Rule RRD-11.3 and its Interpretation: from the top, each card whose VA (its marks ignored)
// the remaining burn reaches goes to the Néant, a burnt Top Soul's marks with it; no PV lost,
// an empty deck does not defeat.
void RrdState::burn(int p, int amount) {
  Player& pl = players_[static_cast<size_t>(p)];
  while (amount > 0 && !pl.deck.empty()) {
    reveal_top_soul(p);
    const int id = pl.deck.back();
    const int va = card_of(id).va;
    if (va > amount) break;
    amount -= va;
    pl.top_up = false;
    pl.top_mark = 0;
    move(id, Where::kNeant);
    log(kEvBurn, p, id);
    reveal_top_soul(p);
  }
}

}  // namespace rise::rrd
