// Cards in play and their values, damage through armor, poison, deaths, and combat: the
// d20 per attacker read on the Attack Roll Result Table (Rules DL-4.5, DL-10, DL-11.1,
// DL-11.2, DL-11.8, DL-13, DL-14, DL-15, DL-16; Interpretations DL-I13..DL-I15, DL-I19,
// DL-I20, DL-I37, DL-I40, DL-I44).
#include <algorithm>

#include "dark-legacy/state.h"
#include "rise/core/error.h"

namespace rise::dl {

namespace {

// Grants of a player's hero: Enhancements on the hero, the Armor it wears (Interpretation
// DL-I44: two copies of one Armor grant once, Rule DL-11.4) and Relics anywhere in play.
template <typename Fn>
void for_hero_grants(const DlState& s, int p, Fn fn) {
  const Player& pl = s.player(p);
  for (int16_t id : pl.hero_enh) {
    if (s.in_play(id)) fn(s.card_of(id).grants);
  }
  for (size_t slot = 0; slot < pl.armor.size(); ++slot) {
    const int16_t id = pl.armor[slot];
    if (id < 0 || !s.in_play(id)) continue;
    bool copy_counted = false;  // the same Armor card in an earlier field already granted
    for (size_t before = 0; before < slot; ++before) {
      const int16_t other = pl.armor[before];
      copy_counted = copy_counted || (other >= 0 && s.in_play(other) && s.obj(other).def == s.obj(id).def);
    }
    if (!copy_counted) fn(s.card_of(id).grants);
  }
  for (int16_t id : pl.relics) {
    if (s.in_play(id)) fn(s.card_of(id).grants);
  }
  for (const auto& field : pl.fields) {
    for (int16_t id : field) {
      if (s.in_play(id) && s.card_of(id).kind == Kind::kRelic) fn(s.card_of(id).grants);
    }
  }
}

// Grants of the player's lasting Magic to each of its creatures (cards.h Grants).
template <typename Fn>
void for_creature_grants(const DlState& s, int p, Fn fn) {
  for (const auto& field : s.player(p).fields) {
    for (int16_t id : field) {
      const CardDef& c = s.card_of(id);
      if (s.in_play(id) && c.kind == Kind::kMagic && c.lasting) fn(c.grants);
    }
  }
}

// Grants of the Enhancements attached to equipment object `host`.
template <typename Fn>
void for_attached_grants(const DlState& s, int host, Fn fn) {
  for (int16_t id : s.player(s.obj(host).owner).gear_enh) {
    if (s.obj(id).attached_to == host && s.in_play(id)) fn(s.card_of(id).grants);
  }
}

uint8_t hero_keywords(const DlState& s, int p) {
  uint8_t k = 0;
  for_hero_grants(s, p, [&](const Grants& g) { k = static_cast<uint8_t>(k | g.keywords); });
  return k;
}

}  // namespace

bool DlState::is_creature_in_play(int id) const { return in_play(id) && card_of(id).kind == Kind::kCreature; }

bool DlState::in_play_zones_hold(int p) const {
  for (int id = 0; id < num_objects(); ++id) {
    if (objs_[static_cast<size_t>(id)].owner != p || !in_play(id)) continue;
    const Player& pl = players_[static_cast<size_t>(p)];
    auto holds = [id](const auto& zone) { return std::find(zone.begin(), zone.end(), id) != zone.end(); };
    bool found = holds(pl.weapon) || holds(pl.armor) || holds(pl.relics) || holds(pl.hero_enh) || holds(pl.gear_enh);
    for (const auto& field : pl.fields) found = found || holds(field);
    if (!found) return false;
  }
  return true;
}

int DlState::attack_of(int id) const {
  const Obj& o = objs_[static_cast<size_t>(id)];
  int attack = card_of(id).attack + o.boost;
  for_creature_grants(*this, o.owner, [&](const Grants& g) { attack += g.attack; });
  return std::max(0, attack);
}

int DlState::defense_of(int id) const {
  const Obj& o = objs_[static_cast<size_t>(id)];
  int defense = card_of(id).defense;
  for_creature_grants(*this, o.owner, [&](const Grants& g) { defense += g.defense; });
  return std::max(0, defense);
}

// Rule DL-15.1; a hero flies with a flying Enhancement or Relic (Interpretation DL-I19).
bool DlState::flies(int ref) const {
  if (ref >= kHeroRef) return (hero_keywords(*this, ref - kHeroRef) & kFlying) != 0;
  uint8_t k = card_of(ref).keywords;
  for_creature_grants(*this, objs_[static_cast<size_t>(ref)].owner, [&](const Grants& g) { k = static_cast<uint8_t>(k | g.keywords); });
  return (k & kFlying) != 0;
}

// Rule DL-10.1: 1 without a weapon, else the weapon's Attack Points with its Enhancements;
// the hero's Enhancements, Armor (Interpretation DL-I44) and Relics add their attack grants.
int DlState::hero_attack(int p, int slot) const {
  const Player& pl = players_[static_cast<size_t>(p)];
  int weapon = pl.weapon[static_cast<size_t>(slot)];
  int attack = 1;
  if (weapon >= 0) {
    attack = card_of(weapon).attack;
    for_attached_grants(*this, weapon, [&](const Grants& g) { attack += g.attack; });
  }
  for_hero_grants(*this, p, [&](const Grants& g) { attack += g.attack; });
  return std::max(0, attack);
}

bool DlState::weapon_is_distance(int p, int slot) const {
  int weapon = players_[static_cast<size_t>(p)].weapon[static_cast<size_t>(slot)];
  return weapon >= 0 && card_of(weapon).range == Range::kDistance;
}

// Rule DL-10.7: a distance weapon hits flyers; so does a hits-flying weapon or grant.
bool DlState::hero_hits_flying(int p, int slot) const {
  if (weapon_is_distance(p, slot)) return true;
  uint8_t k = hero_keywords(*this, p);
  int weapon = players_[static_cast<size_t>(p)].weapon[static_cast<size_t>(slot)];
  if (weapon >= 0) {
    k = static_cast<uint8_t>(k | card_of(weapon).keywords);
    for_attached_grants(*this, weapon, [&](const Grants& g) { k = static_cast<uint8_t>(k | g.keywords); });
  }
  return (k & kHitsFlying) != 0;
}

int DlState::armor_defense(int id) const {
  int defense = card_of(id).defense;
  for_attached_grants(*this, id, [&](const Grants& g) { defense += g.defense; });
  return std::max(0, defense);
}

// Moves a card out of its zone into `to` (Boneyard, removed, ...) of its owner; a Weapon or
// Armor takes its Enhancements to the Boneyard with it (Rule DL-12.2).
void DlState::leave_play(int id, Where to) {
  const bool was_in_play = in_play(id);
  Obj& o = objs_[static_cast<size_t>(id)];
  Player& pl = players_[o.owner];
  auto erase = [&](std::vector<int16_t>& list) {
    auto it = std::find(list.begin(), list.end(), id);
    if (it != list.end()) list.erase(it);
  };
  switch (o.where) {
    case Where::kLibrary: erase(pl.library); break;
    case Where::kHand: erase(pl.hand); break;
    case Where::kBoneyard: erase(pl.boneyard); break;
    case Where::kRemoved: erase(pl.removed); break;
    case Where::kSpellField: erase(pl.fields[static_cast<size_t>(o.slot)]); break;
    case Where::kWeapon:
    case Where::kArmor: {
      auto& slots = o.where == Where::kWeapon ? pl.weapon : pl.armor;
      slots[static_cast<size_t>(o.slot)] = -1;
      std::vector<int16_t> attached;
      for (int16_t e : pl.gear_enh) {
        if (objs_[static_cast<size_t>(e)].attached_to == id) attached.push_back(e);
      }
      for (int16_t e : attached) {
        log(kEvDestroyed, o.owner, e);
        leave_play(e, Where::kBoneyard);
      }
      break;
    }
    case Where::kRelicField: erase(pl.relics); break;
    case Where::kHeroField: erase(pl.hero_enh); break;
    case Where::kAttached: erase(pl.gear_enh); break;
    case Where::kCharging:
      pl.charging = -1;
      pl.tokens = 0;
      break;
  }
  if (o.on_stack) {  // a spell being cast leaves with its hero: it will not resolve
    stack_.erase(std::remove_if(stack_.begin(), stack_.end(), [&](const StackItem& item) { return item.obj == id; }),
                 stack_.end());
  }
  o.where = to;
  o.slot = 0;
  o.attached_to = -1;
  o.damage = 0;
  o.poison = 0;
  o.boost = 0;
  o.activated = false;
  o.on_stack = false;
  if (to == Where::kBoneyard) pl.boneyard.push_back(static_cast<int16_t>(id));
  else if (to == Where::kRemoved) pl.removed.push_back(static_cast<int16_t>(id));
  else RISE_CHECK(false, "dark-legacy: leave_play goes to the Boneyard or out of the game");
  // A Defense grant that was in play may leave damage above what remains (DL-I40).
  if (was_in_play && card_of(id).grants.defense != 0) check_lost_defense();
}

// Interpretation DL-I14: destroyed when the damage taken since its controller's turn began
// is higher than its Defense Points (Rule DL-14.3); Rule DL-16.2, DL-I15: or when its poison
// counters reach its Skill Level (at most 20).
void DlState::check_creature(int id) {
  if (!is_creature_in_play(id)) return;
  const Obj& o = objs_[static_cast<size_t>(id)];
  bool dies = o.damage > defense_of(id) || o.poison >= std::min(20, card_of(id).level);
  if (!dies) return;
  log(kEvDestroyed, o.owner, id);
  leave_play(id, Where::kBoneyard);  // Rule DL-13.6
}

// Interpretation DL-I40: Defense Points can drop without new damage (a Defense grant leaves
// play), so after every effect step and every departure of such a grant each creature is
// checked again (DL-I14) and each Armor with no Defense Points left is destroyed (DL-11.2).
// The Armor Fields are read, not the objects: an Armor being removed (its Enhancements
// leave first, which calls this again) has already left its field.
void DlState::check_lost_defense() {
  for (int p = 0; p < 2; ++p) {
    Player& pl = players_[static_cast<size_t>(p)];
    for (const auto& field : pl.fields) {
      const std::vector<int16_t> ids = field;  // check_creature may change the field
      for (int16_t id : ids) check_creature(id);
    }
    for (int slot = 0; slot < 2; ++slot) {
      const int id = pl.armor[static_cast<size_t>(slot)];
      if (id < 0 || !in_play(id) || armor_defense(id) - objs_[static_cast<size_t>(id)].damage > 0) continue;
      log(kEvDestroyed, p, id);
      leave_play(id, Where::kBoneyard);
    }
  }
}

void DlState::damage_creature(int id, int amount) {
  if (amount <= 0 || !is_creature_in_play(id)) return;
  Obj& o = objs_[static_cast<size_t>(id)];
  o.damage = static_cast<int16_t>(std::min(9999, o.damage + amount));
  log(kEvDamage, o.owner, id, amount);
  check_creature(id);
}

// Rules DL-11.1, DL-11.2: the Primary Armor's Defense Points absorb first, then the
// Secondary Armor's, then Life Points; an armor with no Defense Points left is destroyed.
void DlState::damage_hero(int p, int amount) {
  Player& pl = players_[static_cast<size_t>(p)];
  if (amount <= 0 || !pl.hero.alive) return;
  for (int slot = 0; slot < 2 && amount > 0; ++slot) {
    int id = pl.armor[static_cast<size_t>(slot)];
    if (id < 0) continue;
    Obj& a = objs_[static_cast<size_t>(id)];
    int left = std::max(0, armor_defense(id) - a.damage);
    int take = std::min(left, amount);
    a.damage = static_cast<int16_t>(a.damage + take);
    amount -= take;
    if (take > 0) log(kEvArmorDamage, p, id, take);
    if (armor_defense(id) - a.damage <= 0) {
      log(kEvDestroyed, p, id);
      leave_play(id, Where::kBoneyard);
    }
  }
  if (amount <= 0) return;
  pl.hero.life = static_cast<int16_t>(std::max(0, pl.hero.life - amount));
  log(kEvLifeLoss, p, amount, pl.hero.life);
  if (pl.hero.life == 0) destroy_hero(p);  // Rule DL-4.5
}

// Rules DL-16.1, DL-16.2, DL-11.8: a hero wearing any Armor gets no new counters.
void DlState::poison(int ref, int amount) {
  if (amount <= 0) return;
  if (ref >= kHeroRef) {
    int p = ref - kHeroRef;
    Player& pl = players_[static_cast<size_t>(p)];
    if (!pl.hero.alive) return;
    if (pl.armor[0] >= 0 || pl.armor[1] >= 0) {
      log(kEvPoisonImmune, p);
      return;
    }
    pl.hero.poison = static_cast<int8_t>(std::min(kHeroPoisonLimit, pl.hero.poison + amount));
    log(kEvPoison, p, ref, amount, pl.hero.poison);
    if (pl.hero.poison >= kHeroPoisonLimit) destroy_hero(p);
    return;
  }
  if (!is_creature_in_play(ref)) return;
  Obj& o = objs_[static_cast<size_t>(ref)];
  o.poison = static_cast<int8_t>(std::min(20, o.poison + amount));
  log(kEvPoison, o.owner, ref, amount, o.poison);
  check_creature(ref);
}

// Rule DL-4.5, Interpretation DL-I20: the hero's Enhancements, Weapons, Armor and Relics
// (with their attachments; Relics in Spell Fields too) go to the Boneyard. Creatures and
// Magic stay (Rule DL-17.1).
void DlState::destroy_hero(int p) {
  Player& pl = players_[static_cast<size_t>(p)];
  if (!pl.hero.alive) return;
  pl.hero.alive = false;
  log(kEvHeroDestroyed, p);
  std::vector<int16_t> going;
  for (int16_t id : pl.weapon) {
    if (id >= 0) going.push_back(id);
  }
  for (int16_t id : pl.armor) {
    if (id >= 0) going.push_back(id);
  }
  going.insert(going.end(), pl.relics.begin(), pl.relics.end());
  going.insert(going.end(), pl.hero_enh.begin(), pl.hero_enh.end());
  for (const auto& field : pl.fields) {
    for (int16_t id : field) {
      if (card_of(id).kind == Kind::kRelic) going.push_back(id);
    }
  }
  for (int16_t id : going) {
    Where w = objs_[static_cast<size_t>(id)].where;
    if (w == Where::kBoneyard) continue;
    log(kEvDestroyed, p, id);
    leave_play(id, Where::kBoneyard);
  }
  // Enhancements on equipment went with it; any left (none expected) go too.
  std::vector<int16_t> rest = pl.gear_enh;
  for (int16_t id : rest) {
    log(kEvDestroyed, p, id);
    leave_play(id, Where::kBoneyard);
  }
}

// Rule DL-15.1: may `source` (a creature, or a hero fighting with weapon `slot`) damage
// the flying `target`? Only a flyer, a creature that hits flyers, or a hero that flies or
// fights with a distance / hits-flying weapon (Rule DL-10.7).
bool DlState::can_damage(int source_ref, int target_ref, int slot) const {
  if (!flies(target_ref)) return true;
  if (flies(source_ref)) return true;
  if (source_ref >= kHeroRef) return hero_hits_flying(source_ref - kHeroRef, slot);
  return card_of(source_ref).has(kHitsFlying);
}

// Rules DL-13.4, DL-14.*: one d20 for this attacker, read on the table. The attacker meets
// its blocker, or else the defending hero (Interpretation DL-I13). Damage is simultaneous
// (Rule DL-13.5). A flying attacker suffers damage only from what can reach it (Rule
// DL-15.1), a flying blocker suffers normal damage (Rule DL-15.2), and a hero attacking with
// a distance weapon never suffers damage back (Rule DL-10.7, Interpretation DL-I19).
void DlState::resolve_attack(Attack& at) {
  const int p = active_;
  const int q = defender();
  const bool hero_attacker = at.attacker >= kHeroRef;
  if (hero_attacker ? !players_[static_cast<size_t>(p)].hero.alive : !is_creature_in_play(at.attacker)) return;
  const int roll = roll_d20();
  at.roll = static_cast<int8_t>(roll);
  log(kEvAttackRoll, p, roll, at.attacker);
  int opponent = -1;
  if (at.blocker >= 0) {
    if (is_creature_in_play(at.blocker)) opponent = at.blocker;
  } else if (players_[static_cast<size_t>(q)].hero.alive) {
    opponent = kHeroRef + q;
  }
  if (opponent < 0) {  // Interpretation DL-I37: no creature could block it and there is no hero to hit
    log(kEvHitsNothing, p, at.attacker);
    return;
  }
  const RollRow row = roll_row(roll);
  int attack = hero_attacker ? hero_attack(p, at.weapon) : attack_of(at.attacker);
  if (row == RollRow::kCriticalHit) attack += 5;  // Rule DL-14.5
  const bool opponent_hero = opponent >= kHeroRef;
  const int back_attack = opponent_hero ? hero_attack(q, defend_weapon_) : attack_of(opponent);
  const bool deals = row == RollRow::kHit || row == RollRow::kDirectHit || row == RollRow::kCriticalHit;
  bool suffers = row == RollRow::kCriticalMiss || row == RollRow::kHit;
  if (hero_attacker && weapon_is_distance(p, at.weapon)) suffers = false;  // Rule DL-10.7
  if (suffers && !can_damage(opponent, at.attacker, defend_weapon_)) suffers = false;  // Rule DL-15.1
  const int dealt = deals ? attack : 0;
  const int suffered = suffers ? back_attack : 0;
  // Simultaneous (Rule DL-13.5): both amounts are fixed before either is applied.
  if (dealt > 0) {
    if (opponent_hero) damage_hero(q, dealt); else damage_creature(opponent, dealt);
  }
  if (suffered > 0) {
    if (hero_attacker) damage_hero(p, suffered); else damage_creature(at.attacker, suffered);
  }
}

// Every attacker in declaration order (Interpretation DL-I14), then the turn ends (Rule
// DL-6.3).
void DlState::resolve_combat() {
  for (size_t i = 0; i < attacks_.size(); ++i) {
    resolve_attack(attacks_[i]);
    check_game_over();
    if (phase_ == Phase::kOver) return;
  }
  stage_ = Stage::kEndTurn;
}

}  // namespace rise::dl
