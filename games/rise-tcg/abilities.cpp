// The Abilities of issue 4 (docs/rules/rise-tcg.md, Rules TCG-12.19 to TCG-12.38): Morpher,
// Copycat, Bomb and Explosive, Reanimation, Inhume, Cloning, Diversion, Splash, Chained,
// Assimilation, Possession and Rage. Food, Symbiosis and the four Elements are properties
// that filters and counts refer to (Rules TCG-12.20, 12.21, 12.34..12.37): they need no code
// here. flow.cpp, actions.cpp and effects.cpp call these functions from one-line hooks.
#include <algorithm>

#include "rise/core/error.h"
#include "rise-tcg/state.h"

namespace rise::tcg {

using cardgame::Resource;

namespace {

// Same plane: both fly or neither does (Rule TCG-12.24).
bool same_plane(uint64_t a, uint64_t b) { return ((a ^ b) & cardgame::kFlight) == 0; }

// The first Copycat card (battlefield order) of p whose relaunch is unused this turn, or -1.
int copycat_of(const TcgState& s, int p) {
  if (!(s.abilities_present() & cardgame::kCopycat)) return -1;
  for (int16_t id : s.battlefield()) {
    const Obj& o = s.obj(id);
    if (o.controller == p && (s.abilities_of(id) & cardgame::kCopycat) && !(o.wild & kWildCopycatUsed)) return id;
  }
  return -1;
}

// Does Creature `id` carry a Bomb (an Equipment with the ability Bomb attached to it)?
bool carries_bomb(const TcgState& s, int id) {
  for (int16_t e : s.battlefield()) {
    if (s.obj(e).attached_to == id && (s.abilities_of(e) & cardgame::kBomb)) return true;
  }
  return false;
}

bool is_creature(const TcgState& s, int id) { return s.cards().card(s.obj(id).def).is(cardgame::kCreature); }

}  // namespace

// Rules TCG-12.28 (Diversion: can't block this turn) and TCG-12.30 (Chained until freed).
bool TcgState::wild_may_block(int id) const {
  const Obj& o = objs_[u(id)];
  if (o.wild & kWildNoBlock) return false;
  if ((abilities_of(id) & cardgame::kChained) && !o.unlocked) return false;
  return true;
}

// Rule TCG-12.31: a stack has the total attack (or defense: `of` is attack_of or defense_of)
// of the cards under its top card.
int TcgState::stack_total(int id, int (TcgState::*of)(int) const) const {
  if (!(objs_[u(id)].wild & kWildStackTop)) return 0;
  int total = 0;
  for (size_t k = 0; k < objs_.size(); ++k) {
    if (objs_[k].where == Where::kStacked && objs_[k].attached_to == id) total += (this->*of)(static_cast<int>(k));
  }
  return total;
}

// Rule TCG-12.22 and Interpretation TCG-I31: with an unused Copycat, p may relaunch an
// Action launched this turn of a card in play whose Actions p uses (not a disabled one),
// paying its cost again (the same payer as the Action: TCG-14.15), beyond its own limit.
void TcgState::add_relaunch_actions(int p, std::vector<Action>& out) const {
  if (copycat_of(*this, p) < 0) return;
  for (int16_t id : battlefield_) {
    const Obj& o = objs_[u(id)];
    if (action_user(id) != p || o.disabled) continue;  // Rules TCG-14.10, 14.11, 14.14, 14.15
    const CardDef& card = cards_->card(o.def);
    if (!card.is(cardgame::kConstantTypes | cardgame::kImminent)) continue;
    const Player& pl = players_[u(action_payer(id))];
    int count = std::min<int>(4, static_cast<int>(card.actions.size()));
    for (int k = 0; k < count; ++k) {
      if (o.actions_used[u(k)] == 0) continue;  // "relaunch": launched this turn (TCG-I31)
      if (pl.coins >= action_cost_coins(id, k) && pl.ether >= card.actions[u(k)].ether) {
        out.push_back(make_action(kActRelaunch, id, k));
      }
    }
  }
}

// The active player's Invocation step, before the Attack Phase: Diversion (TCG-12.28),
// Rage (TCG-12.33), Assimilation (TCG-12.31).
void TcgState::add_wild_main_actions(std::vector<Action>& out) const {
  if (!(abilities_present_ & (cardgame::kDiversion | cardgame::kRage | cardgame::kAssimilation))) return;
  for (int16_t id : battlefield_) {
    const Obj& o = objs_[u(id)];
    if (o.controller != active_ || !is_creature(*this, id)) continue;
    uint64_t ab = abilities_of(id);
    if ((ab & cardgame::kDiversion) && !(o.wild & kWildDiversionUsed)) out.push_back(make_action(kActDivert, id));
    if ((ab & cardgame::kRage) && (!(o.wild & kWildRageUsed) || (o.wild & kWildRageStreak))) {
      out.push_back(make_action(kActRage, id));
    }
    // Interpretation TCG-I40: only cards its controller owns stack.
    if (!(ab & cardgame::kAssimilation) || o.owner != active_) continue;
    for (int16_t other : battlefield_) {
      const Obj& b = objs_[u(other)];
      if (other == id || b.controller != active_ || b.owner != active_ || !is_creature(*this, other)) continue;
      if (abilities_of(other) & cardgame::kAssimilation) out.push_back(make_action(kActAssimilate, id, other));
    }
  }
}

// Rule TCG-12.24: in the Attack Phase an Explosive Creature carrying a Bomb may sacrifice
// itself to destroy an opposing Creature on its plane.
void TcgState::add_explode_actions(std::vector<Action>& out) const {
  if (!(abilities_present_ & cardgame::kExplosive)) return;
  for (int16_t id : battlefield_) {
    const Obj& o = objs_[u(id)];
    if (o.controller != active_ || !(abilities_of(id) & cardgame::kExplosive) || !carries_bomb(*this, id)) continue;
    for (int16_t t : battlefield_) {
      const Obj& to = objs_[u(t)];
      if (to.controller == active_ || players_[to.controller].out || !is_creature(*this, t)) continue;
      if (same_plane(abilities_of(id), abilities_of(t))) out.push_back(make_action(kActExplode, id, t));
    }
  }
}

std::string TcgState::explain_wild(int kind) const {
  switch (kind) {
    case kActRelaunch:
      return "relaunch needs a Copycat of yours unused this turn and an Action launched this turn of a card whose Actions you use, not disabled, that can be paid (Rule TCG-12.22, TCG-I31)";
    case kActExplode:
      return "only in your Attack Phase: an Explosive Creature carrying a Bomb, against an opposing Creature on its plane (Rule TCG-12.24)";
    case kActDivert: return "Diversion: once per turn, your Creature, in your Invocation step before the attack (Rule TCG-12.28)";
    case kActRage: return "Rage: once per turn (again while the tosses succeed), before the attack (Rule TCG-12.33)";
    default: return "Assimilation: two of your own Creatures with Assimilation, before the attack (Rule TCG-12.31)";
  }
}

void TcgState::apply_wild_action(int kind, int a, int b) {
  int p = current_player();
  switch (kind) {
    case kActRelaunch: {  // Rule TCG-12.22
      int cat = copycat_of(*this, p);
      objs_[u(cat)].wild = static_cast<uint16_t>(objs_[u(cat)].wild | kWildCopycatUsed);
      const cardgame::ActionDef& action = cards_->card(objs_[u(a)].def).actions[u(b)];
      change_resource(action_payer(a), Resource::kCoins, -action_cost_coins(a, b));
      change_resource(action_payer(a), Resource::kEther, -action.ether);
      log(kEvRelaunch, p, a, b);
      chain_.push_back(ChainItem{ChainKind::kAction, static_cast<uint8_t>(p), static_cast<int16_t>(a),
                                 static_cast<int8_t>(b)});
      after_chain_play(p);
      break;
    }
    case kActExplode:  // Rule TCG-12.24: the sacrifice, then the destruction
      log(kEvExplode, p, a, b);
      // A declared attacker that explodes attacks no more (nothing can block it).
      combat_.erase(std::remove_if(combat_.begin(), combat_.end(), [&](const CombatEntry& e) { return e.attacker == a; }),
                    combat_.end());
      destroy(a);
      destroy(b);
      check_deaths();
      break;
    case kActDivert: {  // Rule TCG-12.28
      objs_[u(a)].wild = static_cast<uint16_t>(objs_[u(a)].wild | kWildDiversionUsed);
      bool success = toss(p);
      if (!success) break;
      std::vector<int16_t> options;
      for (int16_t t : battlefield_) {
        if (objs_[u(t)].controller != p && is_creature(*this, t)) options.push_back(t);
      }
      if (options.empty()) break;
      std::sort(options.begin(), options.end());
      choice_ = Choice{};
      choice_.kind = ChoiceKind::kDiversion;
      choice_.chooser = static_cast<uint8_t>(p);
      choice_.subject = static_cast<int16_t>(a);
      choice_.options = options;
      break;
    }
    case kActRage: {  // Rule TCG-12.33
      objs_[u(a)].wild = static_cast<uint16_t>(objs_[u(a)].wild | kWildRageUsed);
      bool success = toss(p);
      if (success) {
        add_counter(a, 1, 1, true);
        objs_[u(a)].wild = static_cast<uint16_t>(objs_[u(a)].wild | kWildRageStreak);
      } else {
        objs_[u(a)].wild = static_cast<uint16_t>(objs_[u(a)].wild & ~kWildRageStreak);
      }
      break;
    }
    case kActAssimilate: {  // Rule TCG-12.31: b and the cards under it go under a
      Obj& top = objs_[u(a)];
      Obj& bottom = objs_[u(b)];
      for (Obj& m : objs_) {
        if (m.where == Where::kStacked && m.attached_to == b) m.attached_to = static_cast<int16_t>(a);
      }
      battlefield_.erase(std::find(battlefield_.begin(), battlefield_.end(), b));
      // Interpretation TCG-I40: damage and "this turn" counters move to the stack; it is
      // tilted or sick if either card was.
      add_damage(a, bottom.damage);
      top.temp_attack = static_cast<int8_t>(std::clamp(top.temp_attack + bottom.temp_attack, -99, 99));
      top.temp_defense = static_cast<int8_t>(std::clamp(top.temp_defense + bottom.temp_defense, -99, 99));
      top.tilted = top.tilted || bottom.tilted;
      top.sick = top.sick || bottom.sick;
      top.wild = static_cast<uint16_t>(top.wild | kWildStackTop);
      // Interpretation TCG-I40: the bottom card's Diseases (and what they did this turn)
      // move to the stack's top card, which is the Creature now.
      for (int16_t d : battlefield_) {
        if (is_disease(d) && objs_[u(d)].attached_to == b) {
          objs_[u(d)].attached_to = static_cast<int16_t>(a);
          attached_.note(d);
        }
      }
      top.disabled = top.disabled || bottom.disabled;
      top.double_damage = top.double_damage || bottom.double_damage;
      if (top.actions_by < 0) top.actions_by = bottom.actions_by;
      bottom.disabled = bottom.double_damage = false;
      bottom.actions_by = -1;
      bottom.damage = 0;
      bottom.temp_attack = bottom.temp_defense = 0;
      bottom.tilted = false;
      bottom.wild = static_cast<uint16_t>(bottom.wild & kWildReanimated);  // "only once" stays (TCG-I40)
      bottom.where = Where::kStacked;
      bottom.attached_to = static_cast<int16_t>(a);  // stacked: not on the battlefield
      log(kEvAssimilate, p, a, b);
      check_immunity();  // the top card may have Immunity (Rule TCG-14.6)
      break;
    }
    default: RISE_CHECK(false, "rise-tcg: not an ability action");
  }
}

void TcgState::resolve_wild_choice(ChoiceKind kind, int subject, int chosen) {
  switch (kind) {
    case ChoiceKind::kMorph: {  // Rule TCG-12.19
      Obj& o = objs_[u(subject)];
      if (o.where != Where::kBattlefield || objs_[u(chosen)].where != Where::kBattlefield) break;
      o.base_def = o.def;
      o.def = objs_[u(chosen)].def;
      log(kEvMorph, o.controller, subject, o.def);
      check_deaths();
      break;
    }
    case ChoiceKind::kInhume: {  // Rule TCG-12.26: +2/+2 for a Zombie
      int amount = cards_->card(objs_[u(chosen)].def).has_subtype("Zombie") ? 2 : 1;
      add_counter(chosen, amount, amount, false);
      break;
    }
    case ChoiceKind::kDiversion:  // Rule TCG-12.28
      objs_[u(chosen)].wild = static_cast<uint16_t>(objs_[u(chosen)].wild | kWildNoBlock);
      log(kEvDiversion, objs_[u(chosen)].controller, chosen);
      break;
    case ChoiceKind::kSplash:  // Rule TCG-12.29
      for (CombatEntry& e : combat_) {
        if (e.attacker == subject && !e.resolved) e.splash = static_cast<int16_t>(chosen);
      }
      break;
    default: break;
  }
}

// Once-per-turn abilities count afresh; Possession ends as the owner's turn begins, before
// its Awakening (Interpretation TCG-I41).
void TcgState::wild_turn_start(int p) {
  constexpr uint16_t kTurnBits = kWildCopycatUsed | kWildDiversionUsed | kWildRageUsed | kWildRageStreak;
  for (size_t k = 0; k < objs_.size(); ++k) {
    Obj& o = objs_[k];
    o.wild = static_cast<uint16_t>(o.wild & ~kTurnBits);
    if ((o.wild & kWildPossessed) && o.owner == p && o.where == Where::kBattlefield) {
      // Back to its owner, or to the caster of a Madness it still has (Rule TCG-14.9).
      o.wild = static_cast<uint16_t>(o.wild & ~kWildPossessed);
      int back = rightful_controller(static_cast<int>(k));
      if (o.controller != back) log(kEvControl, back, static_cast<int>(k));
      o.controller = static_cast<uint8_t>(back);
      o.tilted = false;
      o.sick = false;
    }
  }
}

// "This turn" ends: Diversion's block ban, an open Rage streak.
void TcgState::wild_end_turn() {
  for (int16_t id : battlefield_) {
    Obj& o = objs_[u(id)];
    o.wild = static_cast<uint16_t>(o.wild & ~(kWildNoBlock | kWildRageStreak));
  }
}

// Rule TCG-12.27 (Interpretation TCG-I36): at the start of its controller's turn each Clone
// with Cloning tosses a coin: a token copy, or it is destroyed. Copies toss from next turn.
void TcgState::cloning_step() {
  std::vector<int16_t> clones;
  for (int16_t id : battlefield_) {
    const Obj& o = objs_[u(id)];
    const CardDef& card = cards_->card(o.def);
    if (o.controller == active_ && (abilities_of(id) & cardgame::kCloning) && card.is(cardgame::kCreature) &&
        card.has_subtype("Clone")) {
      clones.push_back(id);
    }
  }
  for (int16_t id : clones) {
    if (objs_[u(id)].where != Where::kBattlefield) continue;
    bool success = toss(active_);
    if (success) {
      create_token(objs_[u(id)].def, active_);  // none at the object limit (TCG-I68)
    } else {
      destroy(id);
    }
  }
  check_deaths();
}

// Automatic work of abilities that waits until running effects are done (Morpher's copy,
// Reanimation's and Inhume's coins). One piece per call; true if something happened.
bool TcgState::run_pending_abilities() {
  if (!maybe_pending_) {
    RISE_SELF_CHECK(std::none_of(objs_.begin(), objs_.end(), [](const Obj& o) { return o.pending != 0; }),
                    "maybe_pending_ is false while an object has pending work");
    return false;
  }
  for (size_t k = 0; k < objs_.size(); ++k) {
    if (objs_[k].pending == 0) continue;
    const int id = static_cast<int>(k);
    Obj& o = objs_[k];
    int p = o.pending_player;
    if (o.pending & kPendReanimate) {  // Rule TCG-12.25
      o.pending = static_cast<uint8_t>(o.pending & ~kPendReanimate);
      const bool infinite = cards_->card(o.def).rank == cardgame::kInfiniteRank;
      if (!(o.where == Where::kCemetery || (infinite && o.where == Where::kExclusion))) return true;
      if (players_[u(p)].out) p = o.owner;  // Interpretation TCG-I33: not to a departed player
      if (players_[u(p)].out) return true;
      bool success = toss(p);
      if (!success) return true;
      // Interpretation TCG-I33: the card returns as a new object (it is not in the combat
      // it died in); the +1 Ether of an infinite rank stays gained.
      // Interpretation TCG-I68: at the object limit the card stays where it is.
      int fresh = create_object(o.def, o.owner, Where::kGone);  // `o` is invalid from here
      if (fresh < 0) {
        log(kEvNoObject, p, objs_[k].def);
        return true;
      }
      Obj& old = objs_[k];
      Player& owner = players_[old.owner];
      auto& zone = old.where == Where::kCemetery ? owner.cemetery : owner.exclusion;
      zone.erase(std::find(zone.begin(), zone.end(), static_cast<int16_t>(id)));
      old.where = Where::kGone;
      enter_battlefield(fresh, p, false);  // not invoked: no `invoked` effects (TCG-I33)
      add_counter(fresh, 1, 1, false);
      objs_[u(fresh)].wild = static_cast<uint16_t>(objs_[u(fresh)].wild | kWildReanimated);
      log(kEvReanimate, p, fresh, id);
      return true;
    }
    if (o.pending & kPendInhume) {  // Rule TCG-12.26
      o.pending = static_cast<uint8_t>(o.pending & ~kPendInhume);
      if (o.where != Where::kCemetery) return true;  // "when this Creature goes to the Cemetery"
      bool success = toss(p);
      if (!success) return true;
      std::vector<int16_t> options;
      for (int16_t t : battlefield_) {
        if (objs_[u(t)].controller == p && is_creature(*this, t)) options.push_back(t);
      }
      if (options.empty()) return true;
      std::sort(options.begin(), options.end());
      choice_ = Choice{};
      choice_.kind = ChoiceKind::kInhume;
      choice_.chooser = static_cast<uint8_t>(p);
      choice_.subject = static_cast<int16_t>(id);
      choice_.options = options;
      return true;
    }
    if (o.pending & kPendMorph) {  // Rule TCG-12.19
      o.pending = static_cast<uint8_t>(o.pending & ~kPendMorph);
      if (o.where != Where::kBattlefield || o.base_def >= 0 || !(abilities_of(id) & cardgame::kMorpher)) return true;
      std::vector<int16_t> options;
      for (int16_t t : battlefield_) {
        if (t != id && is_creature(*this, t)) options.push_back(t);
      }
      if (options.empty()) {  // nothing to copy: it dies
        destroy(id);
        check_deaths();
        return true;
      }
      std::sort(options.begin(), options.end());
      choice_ = Choice{};
      choice_.kind = ChoiceKind::kMorph;
      choice_.chooser = o.controller;
      choice_.subject = static_cast<int16_t>(id);
      choice_.options = options;
      return true;
    }
  }
  maybe_pending_ = false;  // the scan found no work
  return false;
}

void TcgState::on_enter_battlefield(int id) {
  Obj& o = objs_[u(id)];
  o.wild = 0;
  o.base_def = -1;
  o.pending = 0;
  if (abilities_of(id) & cardgame::kMorpher) {  // Rule TCG-12.19
    o.pending = kPendMorph;
    maybe_pending_ = true;
  }
}

// Before a card leaves the battlefield for `to`: a Morpher is its own card again
// (Interpretation TCG-I30); the cards under a stack go to the same zone (TCG-I40).
void TcgState::on_leave_battlefield(int id, Where to) {
  Obj& o = objs_[u(id)];
  for (ChainItem& c : chain_) {  // Rule TCG-9.2: its Actions on the chain will not happen
    if (c.kind == ChainKind::kAction && c.source == id) c.left = true;
  }
  if (o.base_def >= 0) {
    o.def = o.base_def;
    o.base_def = -1;
  }
  const bool top = (o.wild & kWildStackTop) != 0;
  o.wild = 0;
  if (top) release_stack(id, to, false);
}

// The cards under stack `id` leave with it, to `to`; when the stack dies (`died`), each goes
// where its own death sends it: excluded if it was reanimated (TCG-12.25, TCG-I40).
void TcgState::release_stack(int id, Where to, bool died) {
  const Obj& o = objs_[u(id)];
  std::vector<int16_t> members;
  for (size_t k = 0; k < objs_.size(); ++k) {
    if (objs_[k].where == Where::kStacked && objs_[k].attached_to == id) members.push_back(static_cast<int16_t>(k));
  }
  for (int16_t m : members) {
    Obj& mo = objs_[u(m)];
    mo.where = Where::kBattlefield;
    mo.attached_to = -1;
    mo.controller = o.controller;
    battlefield_.push_back(m);
    Where zone = to;
    if (died) zone = (mo.wild & kWildReanimated) ? Where::kExclusion : Where::kCemetery;
    move_off_battlefield(m, zone);
  }
}

// Where a dying card goes, and the coins its death calls for (Rules TCG-12.25, TCG-12.26).
// Called before the death is logged: a Morpher dies as its own card (Interpretation TCG-I30);
// the cards under a dying stack go to their own zones first (TCG-I40).
Where TcgState::death_zone(int id) {
  Obj& o = objs_[u(id)];
  if (o.base_def >= 0) {
    o.def = o.base_def;
    o.base_def = -1;
  }
  if (o.wild & kWildStackTop) {
    o.wild = static_cast<uint16_t>(o.wild & ~kWildStackTop);
    release_stack(id, Where::kCemetery, true);
  }
  if (o.wild & kWildReanimated) return Where::kExclusion;  // reanimated once: excluded
  uint64_t ab = abilities_of(id);
  o.pending_player = o.controller;
  if (ab & cardgame::kReanimation) o.pending = static_cast<uint8_t>(o.pending | kPendReanimate);
  if (ab & cardgame::kInhume) o.pending = static_cast<uint8_t>(o.pending | kPendInhume);
  if (o.pending != 0) maybe_pending_ = true;
  return Where::kCemetery;
}

// Rule TCG-12.19: "If this ability is removed [...] the Creature Dies" (Interpretation
// TCG-I30). A Morpher is a card whose own card has Morpher, whether it has copied yet or not;
// it has lost the ability when its abilities no longer include it (`lose abilities`, TCG-I70).
// A Creature that only gained Morpher (`grant`, an Equipment) never copied and is no Morpher.
bool TcgState::lost_morpher(int id) const {
  const Obj& o = objs_[u(id)];
  if (o.base_def < 0 && !(cards_->card(o.def).abilities & cardgame::kMorpher)) return false;
  return !(abilities_of(id) & cardgame::kMorpher);
}

// Rule TCG-12.32: a Creature with Possession tosses a coin when it attacks or blocks (in the
// combat entry of `attacker`); a success is kept in the entry, so it holds even if the
// Possession card dies in the fight (Interpretation TCG-I41).
void TcgState::possession_toss(int id, int attacker) {
  if (!(abilities_of(id) & cardgame::kPossession)) return;
  const int p = objs_[u(id)].controller;
  bool success = toss(p);
  if (!success) return;
  for (CombatEntry& e : combat_) {
    if (e.attacker != attacker) continue;
    if (id == attacker) {
      e.possess_b = static_cast<int8_t>(p);  // takes its blocker
    } else {
      e.possess_a = static_cast<int8_t>(p);  // takes the attacker it blocks
    }
  }
}

// Rule TCG-12.32: at the end of the Attack Phase, the opposing Creature an armed
// Possession card touched (its blocker, or the attacker it blocked) changes control until
// its owner's next turn (Interpretation TCG-I41).
void TcgState::possession_after_combat() {
  for (const CombatEntry& e : combat_) {
    if (e.blocker < 0) continue;
    const std::pair<int, int> pairs[] = {{e.possess_b, e.blocker}, {e.possess_a, e.attacker}};
    for (const auto& [p, taken] : pairs) {
      if (p < 0 || players_[u(p)].out) continue;
      Obj& t = objs_[u(taken)];
      if (t.where != Where::kBattlefield || t.controller == p || !is_creature(*this, taken)) continue;
      set_controller(taken, p);
      t.control_until_eot = false;
      t.wild = static_cast<uint16_t>(t.wild | kWildPossessed);
    }
  }
}

// A coin toss of player p (true: success), logged for everyone.
bool TcgState::toss(int p) {
  bool success = rng_.coin();
  log(kEvCoin, p, success ? 1 : 0);
  return success;
}

// A control change (effects, Madness, Possession): the new controller's card has
// invocation sickness (Interpretation TCG-I9); logged. Nothing if p already controls it.
void TcgState::set_controller(int id, int p) {
  Obj& o = objs_[u(id)];
  if (o.controller == p) return;
  o.controller = static_cast<uint8_t>(p);
  o.sick = true;
  log(kEvControl, p, id);
}

// Rule TCG-12.29: a blocked Splash attacker's controller picks another Creature or Door of
// the defender (none: one of the defender's Summoners) to take a copy of the damage.
// Returns true if that choice is now pending.
bool TcgState::splash_choice(CombatEntry& e) {
  if (e.splash != -1 || !(abilities_of(e.attacker) & cardgame::kSplash)) return false;
  std::vector<int16_t> options;
  for (int16_t t : battlefield_) {
    if (t != e.blocker && objs_[u(t)].controller == e.defender &&
        cards_->card(objs_[u(t)].def).is(cardgame::kCreature | cardgame::kDoor)) {
      options.push_back(t);
    }
  }
  if (options.empty()) {
    for (int s = 0; s < 2; ++s) {
      if (players_[e.defender].summoners[u(s)].alive) options.push_back(static_cast<int16_t>(kSummonerRef + 2 * e.defender + s));
    }
  }
  if (options.size() <= 1) {
    e.splash = options.empty() ? static_cast<int16_t>(kNoRef) : options[0];
    return false;
  }
  std::sort(options.begin(), options.end());
  choice_ = Choice{};
  choice_.kind = ChoiceKind::kSplash;
  choice_.chooser = objs_[u(e.attacker)].controller;
  choice_.subject = e.attacker;
  choice_.options = options;
  return true;
}

void TcgState::splash_damage(const CombatEntry& e, int amount) {
  if (e.splash < 0 || e.splash == kNoRef || amount <= 0) return;
  if (e.splash >= kSummonerRef) {
    damage_summoner(e.defender, (e.splash - kSummonerRef) % 2, amount);
  } else if (objs_[u(e.splash)].where == Where::kBattlefield) {
    // Interpretation TCG-I38: the target's own Paranoia doubles what it takes (TCG-14.17).
    if (is_creature(*this, e.splash)) amount = disease_hit(e.splash, amount, false);
    deal_damage(e.splash, amount);
    log(kEvDamage, objs_[u(e.splash)].controller, e.splash, amount);
  }
}

}  // namespace rise::tcg
