// Casting, fields, charging, the cast stack with counters and Instant windows, equipping,
// activated abilities and the effects interpreter (Rules DL-3, DL-8, DL-9, DL-10.2..10.4,
// DL-11.3, DL-11.6, DL-12; Interpretations DL-I4, DL-I5, DL-I9..DL-I12, DL-I22).
#include <algorithm>

#include <fmt/format.h>

#include "dark-legacy/state.h"
#include "rise/core/error.h"

namespace rise::dl {

namespace {

constexpr int kMaxLife = 9999;  // a hero's Life Points at most (Interpretation DL-I42; JSON holds 0..9999)

bool has_counter_step(const CardDef& c) {
  for (const Effect& e : c.effects) {
    if (e.when != Trigger::kCast) continue;
    for (const Step& s : e.steps) {
      if (s.op == Op::kCounter) return true;
    }
  }
  return false;
}

// Ops that can reach a creature / a hero (a "target" step offers only those).
bool hits_creature(Op op) {
  return op == Op::kDamage || op == Op::kHeal || op == Op::kPoison || op == Op::kDestroy || op == Op::kRemove ||
         op == Op::kBoost;
}
bool hits_hero(Op op) { return op == Op::kDamage || op == Op::kHeal || op == Op::kPoison || op == Op::kDiscard; }
bool hits_spell(Op op) { return op == Op::kDestroy || op == Op::kDispel || op == Op::kRemove; }
bool is_spell_card(Kind k) { return k == Kind::kMagic || k == Kind::kRelic || k == Kind::kEnhancement; }

// Rule DL-11.4: the effects of two copies of one Armor do not add up. Whether p wears another
// copy of the Armor `id` (in play); with `lower_only`, one with a lower object id (the copy
// whose effects count).
bool other_armor_copy(const DlState& s, int p, int id, bool lower_only) {
  if (s.card_of(id).kind != Kind::kArmor) return false;
  for (int16_t other : s.player(p).armor) {
    if (other < 0 || other == id || !s.in_play(other) || s.obj(other).def != s.obj(id).def) continue;
    if (!lower_only || other < id) return true;
  }
  return false;
}

// A failed check: the reason is written only when the caller asks for it (legal-action
// generation asks thousands of times and never reads it).
bool fail(std::string* why, const char* text) {
  if (why != nullptr) *why = text;
  return false;
}
template <typename... Args>
bool failf(std::string* why, fmt::format_string<Args...> format, Args&&... args) {
  if (why != nullptr) *why = fmt::format(format, std::forward<Args>(args)...);
  return false;
}

}  // namespace

int DlState::level_for(int p, int def) const {
  return players_[static_cast<size_t>(p)].hero.spec.level_for((*cards_)[def].affiliation);
}

// Interpretation DL-I22: the field already stacking the same card (fewer than three
// copies, Rule DL-3.5), else the lowest empty Spell Casting Field, the Instant Field last.
// An Instant goes only to an empty Instant Field (Rule DL-3.6).
int DlState::field_for(int p, int def) const {
  const Player& pl = players_[static_cast<size_t>(p)];
  if ((*cards_)[def].kind == Kind::kInstant) return pl.fields[kInstantField].empty() ? kInstantField : -1;
  for (int f = 0; f < kSpellFields; ++f) {
    const auto& field = pl.fields[static_cast<size_t>(f)];
    if (!field.empty() && objs_[static_cast<size_t>(field[0])].def == def &&
        static_cast<int>(field.size()) < kMaxCopiesPerField) {
      return f;
    }
  }
  for (int f = 0; f < kSpellFields; ++f) {
    if (pl.fields[static_cast<size_t>(f)].empty()) return f;
  }
  return -1;
}

unsigned DlState::possible_places(const CardDef& c) {
  switch (c.kind) {
    case Kind::kEnhancement:
      switch (c.attach) {
        case Attach::kHero: return 1u << kPlaceHero;
        case Attach::kWeapon: return (1u << kPlaceWeapon1) | (1u << kPlaceWeapon2);
        case Attach::kArmor: return (1u << kPlaceArmor1) | (1u << kPlaceArmor2);
      }
      return (1u << (kLastPlace + 1)) - 1;
    case Kind::kRelic: return (1u << kPlaceField) | (1u << kPlaceRelic);
    default: return 1u << kPlaceField;
  }
}

bool DlState::can_cast(int p, int id, int place, bool charged, std::string* why) const {
  const bool yes = can_cast_here(p, id, place, charged, why);
  RISE_SELF_CHECK(!yes || (possible_places(card_of(id)) & (1u << place)) != 0,
                  "can_cast accepts a place possible_places excludes");
  return yes;
}

bool DlState::can_cast_here(int p, int id, int place, bool charged, std::string* why) const {
  const Player& pl = players_[static_cast<size_t>(p)];
  if (!pl.hero.alive) return fail(why, "your hero is dead: no spells can be cast (Rule DL-17.2)");
  const Obj& o = objs_[static_cast<size_t>(id)];
  const CardDef& c = card_of(id);
  const int level = level_for(p, o.def);
  // Rules DL-2.4, DL-2.5 hold at play too: a hand-written or loaded state may hold a card
  // the hero's factions cannot use.
  if (!faction_allows(pl.hero.spec, c)) {
    if (why != nullptr) *why = faction_refusal(pl.hero.spec, c);
    return false;
  }
  if (charged) {
    if (pl.charging != id) return fail(why, "no card is charging (Rule DL-9.1)");
    int need = c.level - level;
    if (pl.tokens < need) {
      return failf(why, "the charging card needs {} token(s) and has {} (Rule DL-9.2)", need, pl.tokens);
    }
  } else {
    if (o.where != Where::kHand || o.owner != p) return fail(why, "that card is not in your hand");
    if (!c.is_spell()) return fail(why, "Weapons and Armor are equipped, not cast: `equip #n` (Rules DL-1.2, DL-10.4)");
    if (level < c.level) {
      return failf(why, "your hero's level for {} is {}, the card needs {} (Rule DL-8.1): charge it instead (Rule DL-9.1)",
                         faction_name(c.affiliation), level, c.level);
    }
  }
  if (c.cost > pl.cp) return failf(why, "it costs {} Casting Points, you have {} (Rule DL-8.1)", c.cost, pl.cp);
  switch (c.kind) {
    case Kind::kInstant:
      if (place != kPlaceField) return fail(why, "an Instant goes to the Instant Field: `cast #n` (Rule DL-3.6)");
      if (!pl.fields[kInstantField].empty()) return fail(why, "your Instant Field is not empty (Rule DL-3.6)");
      if (has_counter_step(c) && (stack_.empty() || stack_.back().controller == p)) {
        return fail(why, "a counter answers a spell the opponent has just cast (Rule DL-8.4)");
      }
      return true;
    case Kind::kEnhancement: {
      // Interpretation DL-I11: on the hero, or on a Weapon or an Armor, as the card says.
      switch (c.attach) {
        case Attach::kHero:
          return place == kPlaceHero || fail(why, "this Enhancement goes on the hero: `cast #n on hero` (Rule DL-3.1)");
        case Attach::kWeapon:
          if (place != kPlaceWeapon1 && place != kPlaceWeapon2) {
            return fail(why, "this Enhancement goes on a weapon: `cast #n on weapon 1|2` (Rule DL-3.2)");
          }
          return pl.weapon[static_cast<size_t>(place - kPlaceWeapon1)] >= 0 || fail(why, "no weapon in that Weapon Field");
        case Attach::kArmor:
          if (place != kPlaceArmor1 && place != kPlaceArmor2) {
            return fail(why, "this Enhancement goes on an armor: `cast #n on armor 1|2` (Rule DL-12.2)");
          }
          return pl.armor[static_cast<size_t>(place - kPlaceArmor1)] >= 0 || fail(why, "no armor in that Armor Field");
      }
      return true;
    }
    case Kind::kRelic:
      if (place == kPlaceRelic) {
        // Rules DL-3.4, DL-8.6, Interpretation DL-I9.
        if (pl.armor[1] >= 0) return fail(why, "an Armor is in the Secondary Armor/Relic Field (Rule DL-3.4)");
        if (!pl.relics.empty() && objs_[static_cast<size_t>(pl.relics[0])].def != o.def) {
          return fail(why, "another Relic is in the Secondary Armor/Relic Field: only copies of one Relic stack (Rule DL-3.4)");
        }
        return true;
      }
      if (place != kPlaceField) return fail(why, "a Relic goes to a Spell Casting Field or `to relic field` (Rule DL-8.6)");
      return field_for(p, o.def) >= 0 || fail(why, "no open Spell Casting Field (Rules DL-3.5, DL-8.1)");
    default:
      if (place != kPlaceField) return fail(why, "this card goes to a Spell Casting Field: `cast #n` (Rule DL-8.1)");
      return field_for(p, o.def) >= 0 || fail(why, "no open Spell Casting Field (Rules DL-3.5, DL-8.1)");
  }
}

bool DlState::can_equip(int p, int id, std::string* why) const {
  const Player& pl = players_[static_cast<size_t>(p)];
  const Obj& o = objs_[static_cast<size_t>(id)];
  if (o.where != Where::kHand || o.owner != p) return fail(why, "that card is not in your hand");
  if (!pl.hero.alive) return fail(why, "your hero is dead (Rule DL-4.5)");
  const CardDef& c = card_of(id);
  if (c.kind != Kind::kWeapon && c.kind != Kind::kArmor) {
    return fail(why, c.kind == Kind::kRelic ? "a Relic is cast: `cast #n to relic field` (Rule DL-8.6)"
                                            : "only Weapons and Armor are equipped (Rule DL-1.2)");
  }
  if (!faction_allows(pl.hero.spec, c)) {  // Rules DL-2.4, DL-2.5
    if (why != nullptr) *why = faction_refusal(pl.hero.spec, c);
    return false;
  }
  int level = level_for(p, o.def);
  if (level < c.level) {
    return failf(why, "your hero's level for {} is {}, the card needs {} (Rule DL-10.2)", faction_name(c.affiliation),
                       level, c.level);
  }
  if (c.cost > pl.cp) return failf(why, "it costs {} Casting Points, you have {} (Interpretation DL-I3)", c.cost, pl.cp);
  if (c.kind == Kind::kWeapon) {
    if (pl.weapon[0] >= 0 && pl.weapon[1] >= 0) return fail(why, "both Weapon Fields hold a weapon (Rule DL-3.2)");
    return true;
  }
  if (pl.armor_played >= kMaxArmorPlayed) return fail(why, "two Armor cards were already put into play this battle (Rule DL-11.6)");
  if (pl.armor[0] >= 0 && (pl.armor[1] >= 0 || !pl.relics.empty())) {
    return fail(why, "no open Armor Field: the Primary is taken and the Secondary holds an Armor or a Relic (Rules DL-3.3, DL-3.4, Interpretation DL-I9)");
  }
  return true;
}

bool DlState::can_charge(int p, int id, std::string* why) const {
  const Player& pl = players_[static_cast<size_t>(p)];
  const Obj& o = objs_[static_cast<size_t>(id)];
  if (o.where != Where::kHand || o.owner != p) return fail(why, "that card is not in your hand");
  if (!pl.hero.alive) return fail(why, "your hero is dead: no spells (Rule DL-17.2)");
  const CardDef& c = card_of(id);
  // Interpretation DL-I12: Weapons and Armor are equipped, never charged; a Relic is a spell
  // card that "must be cast" (Rule DL-1.2), so it may be charged like any other spell.
  if (c.kind == Kind::kWeapon || c.kind == Kind::kArmor) {
    return fail(why, "Weapons and Armor are equipped, not charged (Interpretation DL-I12)");
  }
  if (!faction_allows(pl.hero.spec, c)) {  // Rules DL-2.4, DL-2.5
    if (why != nullptr) *why = faction_refusal(pl.hero.spec, c);
    return false;
  }
  if (level_for(p, o.def) >= c.level) return fail(why, "your hero's level is high enough: cast it (Rule DL-9.1)");
  if (pl.charging >= 0) return fail(why, "a card is already charging (Rule DL-3.7)");
  if (pl.charged_this_turn) return fail(why, "one card is charged per turn (Interpretation DL-I12)");
  if (phase_ != Phase::kCasting) return fail(why, "charging is done in your Casting Phase (Interpretation DL-I12)");
  return true;
}

bool DlState::can_activate(int p, int id, std::string* why) const {
  const Obj& o = objs_[static_cast<size_t>(id)];
  if (o.owner != p || !in_play(id)) return fail(why, "that card is not yours in play");
  const CardDef& c = card_of(id);
  if (c.effect(Trigger::kActivated) == nullptr) return fail(why, "that card has no ability to activate");
  if (o.activated) return fail(why, "it is already activated this turn (Rule DL-1.5)");
  if (c.kind == Kind::kArmor) {  // Rule DL-11.4: one copy of an Armor uses the ability per turn
    const Player& pl = players_[static_cast<size_t>(p)];
    for (int16_t other : pl.armor) {
      if (other >= 0 && other != id && objs_[static_cast<size_t>(other)].def == o.def &&
          objs_[static_cast<size_t>(other)].activated) {
        return fail(why, "a copy of this Armor was already activated this turn: copies of one Armor do not add their effects (Rule DL-11.4, Interpretation DL-I38)");
      }
    }
  }
  if (c.kind != Kind::kCreature && !players_[static_cast<size_t>(p)].hero.alive) return fail(why, "your hero is dead (Rule DL-4.5)");
  if (p != active_ || window_open_) return fail(why, "abilities are used on your own turn (Rule DL-1.5)");
  if (c.kind == Kind::kWeapon && phase_ != Phase::kAttackers) return fail(why, "a weapon's ability is used in your Attack Phase (Rule DL-10.6)");
  if (phase_ != Phase::kCasting && phase_ != Phase::kAttackers) return fail(why, "abilities are used in your declared phase (Rule DL-1.5)");
  return true;
}

// Rule DL-8.1: pay, put the card face up in its place, then the opponent may answer
// (Rule DL-8.4); the effects apply when the stack resolves (Interpretation DL-I5).
void DlState::cast(int p, int id, int place, bool charged) {
  Player& pl = players_[static_cast<size_t>(p)];
  Obj& o = objs_[static_cast<size_t>(id)];
  const CardDef& c = card_of(id);
  pl.cp = static_cast<int16_t>(pl.cp - c.cost);
  if (charged) {
    pl.charging = -1;
    pl.tokens = 0;
  } else {
    pl.hand.erase(std::find(pl.hand.begin(), pl.hand.end(), id));
  }
  o.on_stack = true;
  o.cast_turn = turn_;
  o.slot = 0;
  switch (place) {
    case kPlaceField: {
      int f = field_for(p, o.def);
      o.where = Where::kSpellField;
      o.slot = static_cast<int8_t>(f);
      pl.fields[static_cast<size_t>(f)].push_back(static_cast<int16_t>(id));
      break;
    }
    case kPlaceRelic:
      o.where = Where::kRelicField;
      pl.relics.push_back(static_cast<int16_t>(id));
      break;
    case kPlaceHero:
      o.where = Where::kHeroField;
      pl.hero_enh.push_back(static_cast<int16_t>(id));
      break;
    default: {
      bool weapon = place == kPlaceWeapon1 || place == kPlaceWeapon2;
      int slot = weapon ? place - kPlaceWeapon1 : place - kPlaceArmor1;
      o.where = Where::kAttached;
      o.attached_to = weapon ? pl.weapon[static_cast<size_t>(slot)] : pl.armor[static_cast<size_t>(slot)];
      pl.gear_enh.push_back(static_cast<int16_t>(id));
      break;
    }
  }
  log(kEvCast, p, id, place, charged ? 1 : 0);
  stack_.push_back(StackItem{static_cast<int16_t>(id), static_cast<uint8_t>(p), false});
  open_stack_window(p);
}

// Rules DL-10.3, DL-11.3 (Interpretation DL-I8): a Weapon goes to the Primary Weapon Field
// unless a weapon is there, an Armor to the Primary Armor Field unless an Armor is there.
// Pre-battle (Rule DL-5.1, Interpretation DL-I6) it is free, a Relic goes to the Secondary
// Armor/Relic Field, and no effect runs (there is no turn yet).
void DlState::equip(int p, int id, bool pre_battle) {
  Player& pl = players_[static_cast<size_t>(p)];
  Obj& o = objs_[static_cast<size_t>(id)];
  const CardDef& c = card_of(id);
  if (!pre_battle) {
    pl.hand.erase(std::find(pl.hand.begin(), pl.hand.end(), id));
    pl.cp = static_cast<int16_t>(pl.cp - c.cost);  // Interpretation DL-I3
  }
  o.cast_turn = turn_;
  if (c.kind == Kind::kWeapon) {
    int slot = pl.weapon[0] < 0 ? 0 : 1;
    o.where = Where::kWeapon;
    o.slot = static_cast<int8_t>(slot);
    pl.weapon[static_cast<size_t>(slot)] = static_cast<int16_t>(id);
  } else if (c.kind == Kind::kArmor) {
    int slot = pl.armor[0] < 0 ? 0 : 1;
    o.where = Where::kArmor;
    o.slot = static_cast<int8_t>(slot);
    pl.armor[static_cast<size_t>(slot)] = static_cast<int16_t>(id);
    ++pl.armor_played;  // Rule DL-11.6
  } else {
    o.where = Where::kRelicField;
    pl.relics.push_back(static_cast<int16_t>(id));
  }
  if (pre_battle) return;
  log(kEvEquip, p, id, o.slot);
  // Rule DL-11.4: a second copy of an Armor already worn adds no effect.
  if (c.effect(Trigger::kCast) != nullptr && !other_armor_copy(*this, p, id, false)) {
    push_frame(id, p, Trigger::kCast, false);
  }
}

// Rule DL-9.1, Interpretation DL-I12: face down into the Charging Field, free, once per turn.
void DlState::charge(int p, int id) {
  Player& pl = players_[static_cast<size_t>(p)];
  Obj& o = objs_[static_cast<size_t>(id)];
  pl.hand.erase(std::find(pl.hand.begin(), pl.hand.end(), id));
  o.where = Where::kCharging;
  pl.charging = static_cast<int16_t>(id);
  pl.tokens = 0;
  pl.charged_this_turn = true;
  log(kEvCharge, p, id);
}

// Rule DL-1.5: using an ability turns the card.
void DlState::activate(int p, int id) {
  objs_[static_cast<size_t>(id)].activated = true;
  log(kEvActivate, p, id);
  push_frame(id, p, Trigger::kActivated, false);
}

// Rule DL-8.4: the other player may answer at once.
void DlState::open_stack_window(int caster) {
  window_open_ = true;
  priority_ = static_cast<int8_t>(1 - caster);
}

// A pass (or having nothing to cast) closes the window: a stack resolves, top first; the
// window after the attackers (empty stack) lets combat go on.
void DlState::pass_window() {
  window_open_ = false;
  if (!stack_.empty()) {
    resolving_ = true;
    return;
  }
  after_stack_ = AfterStack::kNothing;
}

// Interpretation DL-I5: the top spell resolves; a countered one goes to the Boneyard
// without effect; an Instant (and a Magic that does not last, DL-I10) goes there after its
// effects (Rule DL-3.6).
void DlState::resolve_stack_top() {
  StackItem item = stack_.back();
  stack_.pop_back();
  Obj& o = objs_[static_cast<size_t>(item.obj)];
  if (!o.on_stack) return;  // it left play before resolving (its hero died)
  o.on_stack = false;
  if (item.countered) {
    leave_play(item.obj, Where::kBoneyard);
    return;
  }
  const CardDef& c = card_of(item.obj);
  log(kEvResolve, item.controller, item.obj);
  if (c.grants.defense < 0) check_lost_defense();  // its grants apply now (DL-I40)
  Player& pl = players_[static_cast<size_t>(item.controller)];
  if (c.kind == Kind::kEnhancement && o.where == Where::kHeroField && c.grants.life != 0 && pl.hero.alive) {
    // Interpretation DL-I42: Life Points stop at kMaxLife (the rest of the grant is lost).
    pl.hero.life = static_cast<int16_t>(std::clamp(pl.hero.life + c.grants.life, 1, kMaxLife));
    log(kEvHeal, item.controller, kHeroRef + item.controller, c.grants.life);
  }
  bool dispose = c.kind == Kind::kInstant || (c.kind == Kind::kMagic && !c.lasting);
  if (c.effect(Trigger::kCast) != nullptr) {
    push_frame(item.obj, item.controller, Trigger::kCast, dispose);
  } else if (dispose) {
    leave_play(item.obj, Where::kBoneyard);
  }
}

void DlState::push_frame(int source, int controller, Trigger trigger, bool dispose) {
  Frame f;
  f.source = static_cast<int16_t>(source);
  f.controller = static_cast<uint8_t>(controller);
  f.trigger = trigger;
  f.dispose = dispose;
  frames_.push_back(f);
}

bool DlState::step_needs_choice(const Step& step) const {
  return step.target == Target::kTarget || step.target == Target::kTargetCreature ||
         step.target == Target::kTargetHero || step.target == Target::kTargetSpell;
}

// Rule DL-1.4: a "target" step may choose a card or hero of either side (only those the
// step can act on); sorted, heroes last.
void DlState::candidates(const Frame& frame, const Step& step, std::vector<int16_t>& out) const {
  (void)frame;
  out.clear();
  bool creatures = false, heroes = false, spells = false;
  switch (step.target) {
    case Target::kTarget:
      creatures = hits_creature(step.op);
      heroes = hits_hero(step.op);
      break;
    case Target::kTargetCreature: creatures = hits_creature(step.op); break;
    case Target::kTargetHero: heroes = hits_hero(step.op); break;
    case Target::kTargetSpell: spells = hits_spell(step.op); break;
    default: break;
  }
  for (int id = 0; id < num_objects(); ++id) {
    if (!in_play(id)) continue;
    Kind k = card_of(id).kind;
    if ((creatures && k == Kind::kCreature) || (spells && is_spell_card(k))) out.push_back(static_cast<int16_t>(id));
  }
  if (heroes) {
    for (int p = 0; p < 2; ++p) {
      // Interpretation DL-I41: a dead hero's player still holds a hand to discard from.
      if (players_[static_cast<size_t>(p)].hero.alive || step.op == Op::kDiscard) {
        out.push_back(static_cast<int16_t>(kHeroRef + p));
      }
    }
  }
}

// Runs the top frame's steps until a target must be chosen or the frames are done.
// Interpretation (engine): a step with one possible target takes it without asking; a step
// with none does nothing.
void DlState::run_frames() {
  while (!frames_.empty() && choice_.empty() && phase_ != Phase::kOver) {
    Frame& top = frames_.back();
    const Effect* effect = card_of(top.source).effect(top.trigger);
    if (effect == nullptr || top.pc >= effect->steps.size()) {
      Frame done = top;
      frames_.pop_back();
      const Obj& o = objs_[static_cast<size_t>(done.source)];
      if (done.dispose && o.where == Where::kSpellField) leave_play(done.source, Where::kBoneyard);
      continue;
    }
    const Step& step = effect->steps[top.pc];
    int ref = kNoRef;
    if (step_needs_choice(step)) {
      if (chosen_ == kNoRef) {
        std::vector<int16_t> options;
        candidates(top, step, options);
        if (options.empty()) {
          log(kEvNoEffect, top.controller, top.source);
          ++top.pc;
          continue;
        }
        if (options.size() > 1) {
          choice_ = options;
          return;
        }
        chosen_ = options[0];
        log(kEvTarget, top.controller, chosen_, top.source);
      }
      ref = chosen_;
      chosen_ = kNoRef;
    }
    ++top.pc;
    Frame copy = top;  // apply_step may not keep `top` valid
    apply_step(copy, step, ref);
    check_lost_defense();  // Interpretation DL-I40
    check_game_over();
  }
}

void DlState::target_chosen(int ref) {
  choice_.clear();
  chosen_ = static_cast<int16_t>(ref);
  log(kEvTarget, frames_.back().controller, ref, frames_.back().source);
}

// Effects of one step (cards.h Op) on `ref` (a chosen target) or on the fixed targets of
// the step (Rule DL-1.4: without "target", only the controller's own hero / creatures).
void DlState::apply_step(const Frame& frame, const Step& step, int ref) {
  const int me = frame.controller;
  const int opp = 1 - me;
  Player& pl = players_[static_cast<size_t>(me)];
  switch (step.op) {
    case Op::kDraw: draw(me, step.amount); return;
    case Op::kCastingPoints:
      pl.cp = static_cast<int16_t>(std::clamp(pl.cp + step.amount, 0, 999));
      log(kEvGainCp, me, step.amount);
      return;
    case Op::kCounter:  // Rule DL-8.4: the spell this Instant answers (now the stack's top)
      if (!stack_.empty() && stack_.back().controller != me && !stack_.back().countered) {
        stack_.back().countered = true;
        log(kEvCountered, stack_.back().controller, stack_.back().obj);
      }
      return;
    case Op::kRepairArmor: {
      int left = step.amount;
      for (int slot = 0; slot < 2 && left > 0; ++slot) {
        int id = pl.armor[static_cast<size_t>(slot)];
        if (id < 0) continue;
        Obj& a = objs_[static_cast<size_t>(id)];
        int take = std::min<int>(left, a.damage);
        if (take <= 0) continue;
        a.damage = static_cast<int16_t>(a.damage - take);
        left -= take;
        log(kEvRepair, me, id, take);
      }
      return;
    }
    default: break;
  }
  // Interpretation DL-I41: a discard reaches a dead hero's player (its hand, Rule DL-17.2).
  auto reachable = [&](int p) { return players_[static_cast<size_t>(p)].hero.alive || step.op == Op::kDiscard; };
  std::vector<int> refs;
  switch (step.target) {
    case Target::kNone: break;
    case Target::kTarget:
    case Target::kTargetCreature:
    case Target::kTargetHero:
    case Target::kTargetSpell:
      if (ref != kNoRef) refs.push_back(ref);
      break;
    case Target::kYourHero:
      if (reachable(me)) refs.push_back(kHeroRef + me);
      break;
    case Target::kOpposingHero:
      if (reachable(opp)) refs.push_back(kHeroRef + opp);
      break;
    case Target::kYourCreatures:
    case Target::kOpposingCreatures: {
      int who = step.target == Target::kYourCreatures ? me : opp;
      for (const auto& field : players_[static_cast<size_t>(who)].fields) {
        for (int16_t id : field) {
          if (is_creature_in_play(id)) refs.push_back(id);
        }
      }
      break;
    }
  }
  for (int r : refs) {
    const bool hero = r >= kHeroRef;
    const int hp = hero ? r - kHeroRef : -1;
    if (hero ? !reachable(hp) : !in_play(r)) continue;  // gone meanwhile
    switch (step.op) {
      case Op::kDamage:
        if (hero) damage_hero(hp, step.amount); else damage_creature(r, step.amount);
        break;
      case Op::kHeal:
        if (hero) {
          Hero& h = players_[static_cast<size_t>(hp)].hero;
          // Never above the starting life (a life grant may have raised it: never lowered).
          h.life = static_cast<int16_t>(std::max<int>(h.life, std::min<int>(h.start_life, h.life + step.amount)));
        } else {
          Obj& o = objs_[static_cast<size_t>(r)];
          o.damage = static_cast<int16_t>(std::max(0, o.damage - step.amount));
        }
        log(kEvHeal, hero ? hp : objs_[static_cast<size_t>(r)].owner, r, step.amount);
        break;
      case Op::kPoison: poison(r, step.amount); break;
      case Op::kDestroy:
      case Op::kDispel:
        if (hero) break;
        log(kEvDestroyed, objs_[static_cast<size_t>(r)].owner, r);
        leave_play(r, Where::kBoneyard);
        break;
      case Op::kRemove:
        if (hero) break;
        log(kEvRemoved, objs_[static_cast<size_t>(r)].owner, r);
        leave_play(r, Where::kRemoved);
        break;
      case Op::kDiscard: {
        if (!hero) break;
        Player& victim = players_[static_cast<size_t>(hp)];
        for (int k = 0; k < step.amount && !victim.hand.empty(); ++k) {
          size_t at = static_cast<size_t>(rng_.below(victim.hand.size()));
          int16_t id = victim.hand[at];
          log(kEvDiscard, hp, objs_[static_cast<size_t>(id)].def);
          leave_play(id, Where::kBoneyard);
        }
        break;
      }
      case Op::kBoost:
        if (hero) break;
        objs_[static_cast<size_t>(r)].boost = static_cast<int8_t>(std::clamp(objs_[static_cast<size_t>(r)].boost + step.amount, -99, 99));
        log(kEvBoost, objs_[static_cast<size_t>(r)].owner, r, step.amount);
        break;
      default: break;
    }
  }
}

// Step 4 of the turn (Rule DL-6.1): `turn-start` effects of the player's cards in play, in
// object id order; of two copies of one Armor only the first triggers (Rule DL-11.4).
void DlState::fire_turn_start(int p) {
  std::vector<int> ids;
  for (int id = 0; id < num_objects(); ++id) {
    if (objs_[static_cast<size_t>(id)].owner == p && in_play(id) && card_of(id).effect(Trigger::kTurnStart) != nullptr &&
        !other_armor_copy(*this, p, id, true)) {
      ids.push_back(id);
    }
  }
  // Frames run last-pushed first: push in reverse to run in id order.
  for (auto it = ids.rbegin(); it != ids.rend(); ++it) push_frame(*it, p, Trigger::kTurnStart, false);
}

}  // namespace rise::dl
