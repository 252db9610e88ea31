// Diseases, Immunity and Dodge of rise-tcg (Rules TCG-14.*, docs/rules/rise-tcg.md).
//
// A Disease is an Incantation with the ability Disease (CardDef::disease names which). It
// stays on the battlefield, controlled by its caster, attached to its host: a Creature
// (Obj::attached_to = its id) or, for Cold, a player (kPlayerRef + p). The Disease card
// remembers who infected the host (Obj::caster). It ends (to its owner's Cemetery) when it
// is cured, when its host leaves the battlefield or gains Immunity, when Cold goes unpaid
// and when Parasite has given its three counters. The other files call in through one-line
// hooks (enter_battlefield, move_off_battlefield, check_deaths, start_turn, Restoration,
// end of turn, combat damage, Actions).
#include <algorithm>

#include "rise-tcg/state.h"

namespace rise::tcg {

using cardgame::Disease;

namespace {

constexpr int kParasiteTurns = 3;   // Rule TCG-14.16: "for 3 Turns"
constexpr int kTraumaDamage = 2;    // Rule TCG-14.13
constexpr int kParasiteDamage = 3;  // Rule TCG-14.16

// A Creature on the battlefield that a Disease may infect: no Immunity (Rule TCG-14.6).
bool infectable(const TcgState& s, int id) {
  if (id < 0 || id >= s.num_objects()) return false;
  const Obj& o = s.obj(id);
  return o.where == Where::kBattlefield && s.cards().card(o.def).is(cardgame::kCreature) &&
         (s.abilities_of(id) & cardgame::kImmunity) == 0;
}

}  // namespace

bool TcgState::is_disease(int id) const {
  return id >= 0 && id < num_objects() && cards_->card(objs_[u(id)].def).disease != Disease::kNone;
}

// Rule TCG-14.2: a Disease entering the battlefield infects a target its caster chooses: an
// opponent for Cold, otherwise a Creature without Immunity. No target: it ends at once.
void TcgState::start_infection(int id, int controller) {
  const CardDef& card = cards_->card(objs_[u(id)].def);
  std::vector<int16_t> options;
  if (card.disease == Disease::kCold) {
    for (int q = 0; q < sides(); ++q) {
      if (q != controller && !players_[u(q)].out) options.push_back(static_cast<int16_t>(kPlayerRef + q));
    }
  } else {
    for (int16_t b : battlefield_) {
      if (infectable(*this, b)) options.push_back(b);
    }
  }
  std::sort(options.begin(), options.end());
  if (options.empty()) {
    end_disease(id);  // Interpretation TCG-I51
  } else if (options.size() == 1) {
    cast_disease(id, options[0]);
  } else {
    choice_ = Choice{};
    choice_.kind = ChoiceKind::kAttach;
    choice_.chooser = static_cast<uint8_t>(controller);
    choice_.subject = static_cast<int16_t>(id);
    choice_.options = options;
  }
}

// The first infection by a Disease just cast. Rule TCG-14.16: Parasite tosses its coin
// first; on a failure it infects its caster's weakest Creature instead.
void TcgState::cast_disease(int id, int host) {
  Obj& d = objs_[u(id)];
  int caster = d.controller;
  if (cards_->card(d.def).disease == Disease::kParasite) {
    d.disease_turns = kParasiteTurns;
    bool success = toss(caster);
    if (!success) {
      host = weakest_creature(caster);
      if (host < 0) {
        end_disease(id);
        return;
      }
    }
  }
  infect(id, host, caster);
}

// Rule TCG-14.3: `disease` now lives on `host`, infected by `caster`. Rule TCG-14.6: a
// Creature with Immunity is never infected: the Disease ends instead.
void TcgState::infect(int disease, int host, int caster) {
  if (objs_[u(disease)].where != Where::kBattlefield) return;
  if (host < kSummonerRef && !infectable(*this, host)) {
    log(kEvImmune, caster, disease, host);
    end_disease(disease);
    return;
  }
  Obj& d = objs_[u(disease)];
  d.attached_to = static_cast<int16_t>(host);
  attached_.note(disease);
  d.caster = static_cast<int8_t>(caster);
  log(kEvInfect, caster, disease, host);
  if (cards_->card(d.def).disease == Disease::kMadness) {
    // Rule TCG-14.9: the caster controls the host as long as it is infected; an earlier
    // control "until end of turn" or Possession gives way to it (Interpretation TCG-I66).
    Obj& h = objs_[u(host)];
    d.prior_controller = h.control_until_eot ? h.eot_controller : h.controller;
    if (h.wild & kWildPossessed) d.prior_controller = h.owner;
    h.control_until_eot = false;
    h.wild = static_cast<uint16_t>(h.wild & ~kWildPossessed);
    set_controller(host, caster);  // Interpretation TCG-I9: sick
  }
}

// Rule TCG-14.9: Madness leaving its host gives the host back to the controller it had.
void TcgState::disease_leaves(int id) {
  if (!is_disease(id)) return;
  const Obj& d = objs_[u(id)];
  if (cards_->card(d.def).disease != Disease::kMadness) return;
  int host = d.attached_to;
  if (host < 0 || host >= kSummonerRef) return;
  Obj& h = objs_[u(host)];
  // Interpretation TCG-I66: never to a player who has left the game (then to the owner).
  const int back = players_[d.prior_controller].out ? h.owner : d.prior_controller;
  if (h.where != Where::kBattlefield || h.controller != d.caster) return;
  set_controller(host, back);  // Interpretation TCG-I9: sick
}

// The caster of the latest Madness on Creature `id` (Rule TCG-14.9), or -1.
int TcgState::madness_holder(int id) const {
  int holder = -1;
  for (int16_t e : battlefield_) {
    const Obj& d = objs_[u(e)];
    if (d.attached_to == id && cards_->card(d.def).disease == Disease::kMadness) holder = d.caster;
  }
  return holder;
}

// Who controls `id` once a temporary control (Possession) ends: the caster of a Madness on
// it, else its owner (Interpretation TCG-I66).
int TcgState::rightful_controller(int id) const {
  int holder = madness_holder(id);
  return holder >= 0 && !players_[u(holder)].out ? holder : objs_[u(id)].owner;
}

// Rule TCG-14.5: an ended Disease goes to its owner's Cemetery (infinite rank: excluded and
// +1 Ether, Rule TCG-6.2).
void TcgState::end_disease(int id) {
  const Obj& d = objs_[u(id)];
  if (d.where != Where::kBattlefield) return;
  log(kEvDiseaseEnds, d.owner, id, d.attached_to);
  move_off_battlefield(id, Where::kCemetery);
}

// Rule TCG-14.4: `cure` on a Disease ends it; on a Creature, every Disease on it; on a
// Summoner or a player, every Disease on that player (Cold).
void TcgState::cure(int target) {
  if (target < kSummonerRef && is_disease(target)) {
    end_disease(target);
    return;
  }
  int host = target;
  if (target >= kSummonerRef && target < kPlayerRef) host = kPlayerRef + (target - kSummonerRef) / 2;
  std::vector<int16_t> ended;
  for (int16_t id : battlefield_) {
    if (is_disease(id) && objs_[u(id)].attached_to == host) ended.push_back(id);
  }
  for (int16_t id : ended) end_disease(id);
}

// Rule TCG-14.6: a host that gains Immunity (e.g. from an Equipment) loses its Diseases.
void TcgState::check_immunity() {
  auto ends = [&](int16_t id) {
    if (!is_disease(id)) return false;
    const int host = objs_[u(id)].attached_to;
    return host >= 0 && host < kSummonerRef && (abilities_of(host) & cardgame::kImmunity) != 0;
  };
  // Most of the time no Disease is on an Immune host: the attached objects tell quickly.
  bool any = false;
  for_each_attached([&](int16_t id) { any = any || ends(id); });
  if (!any) return;
  for (bool again = true; again;) {
    again = false;
    for (int16_t id : battlefield_) {  // in battlefield order (the log's order)
      if (!ends(id)) continue;
      const int host = objs_[u(id)].attached_to;
      log(kEvImmune, objs_[u(id)].caster, id, host);
      end_disease(id);
      again = true;
      break;
    }
  }
}

// Rule TCG-14.12: each Allergy on a Creature is a -1/-1 counter while it lasts (none with
// Constancy, Rule TCG-12.18).
int TcgState::disease_counters(int id) const {
  int total = 0;
  for_each_attached([&](int16_t e) {
    const Obj& d = objs_[u(e)];
    if (d.attached_to == id && cards_->card(d.def).disease == Disease::kAllergy) --total;
  });
  if (total != 0 && (abilities_of(id) & cardgame::kConstancy)) return 0;
  return total;
}

// The damage a Creature really takes from a hit of `amount`: none if it dodged (Rule
// TCG-14.7); double once after Paranoia struck (Rule TCG-14.17).
int TcgState::disease_hit(int id, int amount, bool dodged) {
  if (dodged) return 0;
  Obj& o = objs_[u(id)];
  if (amount > 0 && o.double_damage) {
    o.double_damage = false;
    return amount * 2;
  }
  return amount;
}

// Rule TCG-14.8: Cold, paid before Restoration: 1 Coin per Cold; unpaid, it ends.
void TcgState::disease_awakening(int p) {
  std::vector<int16_t> colds;
  for (int16_t id : battlefield_) {
    if (is_disease(id) && cards_->card(objs_[u(id)].def).disease == Disease::kCold &&
        objs_[u(id)].attached_to == kPlayerRef + p) {
      colds.push_back(id);
    }
  }
  for (int16_t id : colds) {
    if (players_[u(p)].coins >= 1) {
      change_resource(p, cardgame::Resource::kCoins, -1);
      log(kEvColdPaid, p, id);
    } else {
      end_disease(id);
    }
  }
}

// Restoration (Rule TCG-4.2): Parasite's counters (every turn) and the coin tosses of the
// Diseases on the active player's Creatures, in battlefield order of the Disease cards.
void TcgState::disease_restoration() {
  const int p = active_;
  std::vector<int16_t> ids;
  for (int16_t id : battlefield_) {
    if (is_disease(id)) ids.push_back(id);
  }
  for (int16_t id : ids) {
    if (phase_ == Phase::kGameOver) return;
    Obj& d = objs_[u(id)];
    const int host = d.attached_to;
    if (d.where != Where::kBattlefield || host < 0 || host >= kSummonerRef) continue;
    if (objs_[u(host)].where != Where::kBattlefield) continue;
    const Disease kind = cards_->card(d.def).disease;
    if (kind == Disease::kParasite) {
      // Rule TCG-14.16: -1/-1 at the beginning of each turn, three times; if that kills the
      // host, one Summoner of its owner takes 3 damage.
      if (d.disease_turns <= 0) continue;
      d.disease_turns = static_cast<int8_t>(d.disease_turns - 1);
      log(kEvDiseaseStrikes, objs_[u(host)].controller, id, host);
      add_counter(host, -1, -1, false);
      const int left = d.disease_turns;
      if (defense_of(host) - objs_[u(host)].damage <= 0) {
        int owner = objs_[u(host)].owner;
        destroy(host);  // its Diseases end with it
        disease_damage_player(owner, kParasiteDamage);
      } else if (left == 0) {
        end_disease(id);
      }
      check_deaths();
      continue;
    }
    if (kind == Disease::kCold || kind == Disease::kMadness || kind == Disease::kAllergy) continue;  // passive
    if (objs_[u(host)].controller != p) continue;  // "at the beginning of the controller's turn"
    bool success = toss(p);
    if (!success) continue;
    log(kEvDiseaseStrikes, p, id, host);
    Obj& h = objs_[u(host)];
    switch (kind) {
      case Disease::kDementia: {  // Rule TCG-14.10
        int dealt = disease_hit(host, attack_of(host), false);
        deal_damage(host, dealt);
        log(kEvDamage, h.controller, host, dealt);
        h.disabled = true;
        break;
      }
      case Disease::kAmok: {  // Rule TCG-14.11
        std::vector<int16_t> allies;
        for (int16_t b : battlefield_) {
          if (b != host && objs_[u(b)].controller == h.controller &&
              cards_->card(objs_[u(b)].def).is(cardgame::kCreature)) {
            allies.push_back(b);
          }
        }
        if (!allies.empty()) {
          int16_t victim = allies[u(static_cast<int>(rng_.below(allies.size())))];
          int dealt = disease_hit(victim, attack_of(host), false);
          deal_damage(victim, dealt);
          log(kEvDamage, objs_[u(victim)].controller, victim, dealt);
        }
        h.disabled = true;
        break;
      }
      case Disease::kTrauma: {  // Rule TCG-14.13
        int caster = d.caster;
        destroy(host);
        if (caster >= 0) disease_damage_player(caster, kTraumaDamage);
        break;
      }
      case Disease::kParalysis: h.disabled = true; break;  // Rule TCG-14.14
      case Disease::kSchizophrenia: h.actions_by = d.caster; break;  // Rule TCG-14.15
      case Disease::kParanoia: h.double_damage = true; break;  // Rule TCG-14.17
      default: break;
    }
    check_deaths();
  }
}

// Rule TCG-4.6: "this turn" ends: disabled Creatures and Schizophrenia's hold on Actions.
void TcgState::disease_end_turn() {
  for (int16_t id : battlefield_) {
    Obj& o = objs_[u(id)];
    o.disabled = false;
    o.actions_by = -1;
  }
}

// Interpretation TCG-I55: damage "to a player" (Trauma's caster, Parasite's owner) goes to
// its living Summoner with the most HP (S1 on a tie).
void TcgState::disease_damage_player(int p, int amount) {
  const Player& pl = players_[u(p)];
  int slot = -1;
  for (int s = 0; s < 2; ++s) {
    const Summoner& sm = pl.summoners[u(s)];
    if (sm.alive && (slot < 0 || sm.hp > pl.summoners[u(slot)].hp)) slot = s;
  }
  if (slot >= 0) damage_summoner(p, slot, amount);
}

// Interpretation TCG-I54: the weakest Creature of p that can be infected: least remaining
// defense, then least attack, then lowest id. -1 if none.
int TcgState::weakest_creature(int p) const {
  int best = -1;
  for (int16_t id : battlefield_) {
    if (objs_[u(id)].controller != p || !infectable(*this, id)) continue;
    if (best < 0) {
      best = id;
      continue;
    }
    int dr = defense_of(id) - objs_[u(id)].damage, br = defense_of(best) - objs_[u(best)].damage;
    if (dr < br || (dr == br && attack_of(id) < attack_of(best))) best = id;
  }
  return best;
}

// Rule TCG-14.15: Schizophrenia gives the use of a Creature's Actions to its caster for the
// turn; the owner pays.
// Rule TCG-14.7: when the entry's blocker has Dodge, toss a coin as its damage resolves; on
// a success it takes no combat damage and its controller passes a Disease it controls (on a
// Creature, not already on the attacker) to the attacker. True if that choice is pending.
bool TcgState::dodge_step(CombatEntry& e) {
  if (e.dodge != 0 || !(abilities_of(e.blocker) & cardgame::kDodge)) return false;
  const int p = objs_[u(e.blocker)].controller;
  bool success = toss(p);
  e.dodge = static_cast<int8_t>(success ? 2 : 1);
  if (!success) return false;
  log(kEvDodge, p, e.blocker, e.attacker);
  if (objs_[u(e.attacker)].where != Where::kBattlefield) return false;
  if (!infectable(*this, e.attacker)) {
    log(kEvImmune, p, -1, e.attacker);  // Rule TCG-14.6: nothing passes
    return false;
  }
  std::vector<int16_t> options;
  for (int16_t id : battlefield_) {
    const Obj& d = objs_[u(id)];
    if (is_disease(id) && d.controller == p && d.attached_to >= 0 && d.attached_to < kSummonerRef &&
        d.attached_to != e.attacker) {
      options.push_back(id);
    }
  }
  if (options.empty()) return false;
  if (options.size() == 1) {
    pass_disease(options[0], e.attacker, p);
    return false;
  }
  choice_ = Choice{};
  choice_.kind = ChoiceKind::kPassDisease;
  choice_.chooser = static_cast<uint8_t>(p);
  choice_.subject = e.attacker;
  choice_.options = options;
  return true;
}

// Rule TCG-14.7: the Disease moves to the attacker; the passing player is its new caster.
void TcgState::pass_disease(int disease, int attacker, int player) {
  disease_leaves(disease);
  objs_[u(disease)].attached_to = -1;
  infect(disease, attacker, player);
}

}  // namespace rise::tcg
