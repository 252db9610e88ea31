// Card language v2 (issue 19, docs/cards.md): conditions, values that read the game,
// global triggers with a once-per-turn limit, static effects, and the damage that the
// `prevent` shield absorbs. The steps themselves (mill, shuffle in, lose abilities, grant,
// prevent) are in effects.cpp with the others.
#include <algorithm>

#include "rise-tcg/state.h"

namespace rise::tcg {

int TcgState::value_of(const cardgame::Value& value, int controller, int source, int event, int target) const {
  int total = value_of(value, controller);
  if (value.per_stat != 0) {
    const int ref = value.stat_of == cardgame::StatOf::kSelf    ? source
                    : value.stat_of == cardgame::StatOf::kEvent ? event
                                                                : target;
    int stat = 0;  // Interpretation TCG-I71: a card that is not a Creature or Door on the battlefield reads 0
    if (ref >= 0 && ref < kSummonerRef && objs_[u(ref)].where == Where::kBattlefield &&
        cards_->card(objs_[u(ref)].def).is(cardgame::kCreature | cardgame::kDoor)) {
      stat = value.stat == cardgame::Stat::kAttack ? attack_of(ref) : defense_of(ref);
    }
    total += value.per_stat * stat;
  }
  return total;
}

bool TcgState::condition_holds(const cardgame::Condition& c, int controller, int source, int event) const {
  using Self = cardgame::Condition::Self;
  if (c.self != Self::kAny) {
    bool tilted = false, open = false, damaged = false;
    if (source >= kSummonerRef && source < kPlayerRef) {  // a skill: its Summoner
      const Summoner& sm = players_[u((source - kSummonerRef) / 2)].summoners[u((source - kSummonerRef) % 2)];
      tilted = sm.tilted;
      damaged = sm.hp < cards_->card(sm.def).hp;
    } else if (source >= 0 && source < kSummonerRef) {
      const Obj& o = objs_[u(source)];
      tilted = o.tilted;
      open = o.open;
      damaged = o.damage > 0;
    }
    switch (c.self) {
      case Self::kAny: break;
      case Self::kOpen: if (!open) return false; break;
      case Self::kClosed: if (open) return false; break;
      case Self::kTilted: if (!tilted) return false; break;
      case Self::kUntilted: if (tilted) return false; break;
      case Self::kDamaged: if (!damaged) return false; break;
      case Self::kUndamaged: if (damaged) return false; break;
    }
  }
  if (c.turn == cardgame::Condition::Turn::kYours && active_ != controller) return false;
  if (c.turn == cardgame::Condition::Turn::kNotYours && active_ == controller) return false;
  if (c.has_value) {
    const int v = value_of(c.value, controller, source, event, kNoRef);
    if (v < c.at_least || v > c.at_most) return false;
  }
  return true;
}

uint32_t TcgState::statics_of(int id) const {
  const Obj& o = objs_[u(id)];
  if (o.lost_abilities) return 0;  // Interpretation TCG-I70
  return cards_->card(o.def).statics;
}

bool TcgState::effect_may_happen(int id, size_t k, int controller, int event) {
  const cardgame::TriggeredEffect& e = cards_->card(objs_[u(id)].def).effects[k];
  const uint8_t bit = static_cast<uint8_t>(1u << (k & 7));  // the loader keeps limited effects among the first 8
  Obj& o = objs_[u(id)];
  if (e.limit != cardgame::Limit::kNone && (o.fired & bit)) return false;
  // Interpretation TCG-I76: the first event of the turn uses up `first time each turn`
  // whether or not the condition holds; `once per turn` only when the effect happens.
  if (e.limit == cardgame::Limit::kFirstTimeEachTurn) o.fired |= bit;
  if (e.condition.present() && !condition_holds(e.condition, controller, id, event)) return false;
  if (e.limit == cardgame::Limit::kOncePerTurn) o.fired |= bit;
  return true;
}

void TcgState::fire_global(cardgame::Whenever whenever, int subject) {
  if (!cards_->any_global) return;
  const uint8_t kind = static_cast<uint8_t>(1u << static_cast<unsigned>(whenever));
  std::vector<std::pair<int16_t, size_t>> fired;  // (watcher, effect index), battlefield order
  for (int16_t id : battlefield_) {
    const Obj& o = objs_[u(id)];
    if (!(cards_->global_kinds[u(o.def)] & kind)) continue;
    const CardDef& card = cards_->card(o.def);
    for (size_t k = 0; k < card.effects.size(); ++k) {
      const cardgame::TriggeredEffect& e = card.effects[k];
      if (e.whenever != whenever) continue;
      if (subject != kNoRef && !matches(e.filter, o.controller, id, subject)) continue;
      fired.emplace_back(id, k);
    }
  }
  // Frames run last-pushed first: push in reverse so that the first watcher resolves first.
  for (auto it = fired.rbegin(); it != fired.rend(); ++it) {
    const int id = it->first;
    const int controller = objs_[u(id)].controller;
    if (!effect_may_happen(id, it->second, controller, subject)) continue;
    log_trigger(id, 100 + static_cast<int>(whenever));
    push_frame(cards_->by_card[u(objs_[u(id)].def)].effects[it->second], controller, id, subject);
  }
}

int TcgState::absorb_damage(int id, int amount) {
  Obj& o = objs_[u(id)];
  if (o.prevent > 0 && amount > 0) {
    const int prevented = std::min<int>(o.prevent, amount);
    o.prevent = static_cast<uint8_t>(o.prevent - prevented);
    amount -= prevented;
    log(kEvPrevent, o.controller, id, prevented);
  }
  return amount;
}

void TcgState::take_damage(int id, int amount) {
  if (amount <= 0) return;
  add_damage(id, amount);
  fire_global(cardgame::Whenever::kDamaged, id);
}

void TcgState::deal_damage(int id, int amount) { take_damage(id, absorb_damage(id, amount)); }

}  // namespace rise::tcg
