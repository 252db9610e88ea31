// Legal actions, why an action is illegal, and applying a decision (Rules DL-5.1, DL-6,
// DL-8..DL-13; Interpretations DL-I3, DL-I4, DL-I6, DL-I13, DL-I22, DL-I37).
#include <algorithm>

#include "dark-legacy/state.h"
#include "rise/core/error.h"

namespace rise::dl {

namespace {

// The pre-battle Equipment a seat may choose: distinct cards of its deck that are Weapons,
// Armor or Relics of Casting Cost 0 that its hero may use (Rule DL-5.1).
std::vector<int> pre_battle_choices(const DlState& s, const Player& pl, int p) {
  std::vector<int> out;
  for (int16_t def : pl.deck) {
    const CardDef& c = s.cards()[def];
    if (!c.is_equipment() || c.cost != 0 || !faction_allows(pl.hero.spec, c) || s.level_for(p, def) < c.level) continue;
    if (std::find(out.begin(), out.end(), def) == out.end()) out.push_back(def);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

bool DlState::can_attack_with(int id) const {
  const Obj& o = objs_[static_cast<size_t>(id)];
  if (o.owner != active_ || !is_creature_in_play(id) || o.activated) return false;
  if (o.cast_turn == turn_) return false;  // Rule DL-8.5
  return std::none_of(attacks_.begin(), attacks_.end(), [&](const Attack& a) { return a.attacker == id; });
}

// Rules DL-13.3, DL-15.1: a creature of the defender, not activated (an attacker stays
// turned through the opponent's turn, DL-13.2), blocking no one yet, blocks an attacker no
// one blocks; a flying attacker only by a flyer or a creature that hits flyers.
bool DlState::can_block(int blocker, const Attack& attack) const {
  const Obj& b = objs_[static_cast<size_t>(blocker)];
  if (b.owner != defender() || !is_creature_in_play(blocker) || b.activated) return false;
  if (attack.blocker >= 0) return false;
  // An attacker gone before the blocks (an Instant in the window) is not blocked.
  if (attack.attacker >= kHeroRef ? !players_[static_cast<size_t>(active_)].hero.alive
                                  : !is_creature_in_play(attack.attacker)) {
    return false;
  }
  if (std::any_of(attacks_.begin(), attacks_.end(), [&](const Attack& a) { return a.blocker == blocker; })) return false;
  if (flies(attack.attacker)) {
    bool reach = flies(blocker) || card_of(blocker).has(kHitsFlying);
    if (!reach) return false;
  }
  return true;
}

bool DlState::any_block_possible() const {
  for (const Attack& a : attacks_) {
    for (const auto& field : players_[static_cast<size_t>(defender())].fields) {
      for (int16_t id : field) {
        if (can_block(id, a)) return true;
      }
    }
  }
  return false;
}

// Interpretation DL-I13: the defending hero meets every attacker no creature blocks.
bool DlState::hero_meets_attack() const {
  return std::any_of(attacks_.begin(), attacks_.end(), [](const Attack& a) { return a.blocker < 0; });
}

// After the blocks: the defending hero's weapon (Rule DL-10.5) if there is a choice, then
// the attack rolls.
void DlState::after_blocks() {
  const Player& d = players_[static_cast<size_t>(defender())];
  defend_weapon_ = 0;
  if (d.hero.alive && d.weapon[1] >= 0 && hero_meets_attack()) {
    phase_ = Phase::kDefend;
    return;
  }
  stage_ = Stage::kCombat;
}

bool DlState::has_castable_instant(int p) const {
  thread_local std::vector<Action> out;  // no allocation per call (asked at every window)
  out.clear();
  add_instant_actions(p, out);
  return !out.empty();
}

// Instants p may cast now from hand or from the Charging Field (timing checked by the
// caller: an own decision or a response window, Interpretation DL-I4).
void DlState::add_instant_actions(int p, std::vector<Action>& out) const {
  const Player& pl = players_[static_cast<size_t>(p)];
  if (!pl.hero.alive) return;  // Rule DL-17.2
  for (int16_t id : pl.hand) {
    if (card_of(id).kind == Kind::kInstant && can_cast(p, id, kPlaceField, false)) {
      out.push_back(make_action(kActCast, id, kPlaceField));
    }
  }
  if (pl.charging >= 0 && card_of(pl.charging).kind == Kind::kInstant &&
      can_cast(p, pl.charging, kPlaceField, true)) {
    out.push_back(make_action(kActCastCharged, 0, kPlaceField));
  }
}

// The decisions of the active player outside windows: declaring the phase, the Casting
// Phase and the Attack Phase declarations. `only` >= 0: at least the actions of that verb.
void DlState::add_active_actions(std::vector<Action>& out, int only) const {
  const int p = active_;
  const Player& pl = players_[static_cast<size_t>(p)];
  const bool alive = pl.hero.alive;
  auto wanted = [only](int verb) { return only < 0 || only == verb; };
  auto add_equips = [&]() {
    if (!wanted(kActEquip)) return;
    for (int16_t id : pl.hand) {
      if (can_equip(p, id)) out.push_back(make_action(kActEquip, id));
    }
  };
  auto add_activations = [&]() {
    if (!wanted(kActActivate)) return;
    for_each_in_play_zone(p, [&](int16_t id) {
      // The cheap refusals of can_activate first: turned, not in play (on the stack).
      if (objs_[static_cast<size_t>(id)].activated || !in_play(id)) return;
      if (can_activate(p, id)) out.push_back(make_action(kActActivate, id));
    });
  };
  switch (phase_) {
    case Phase::kDeclare: {
      // Rule DL-6.2: no Attack Phase in a player's first turn; an Attack Phase needs an
      // attacker (the living hero always is one).
      bool any_attacker = alive;
      for (const auto& field : pl.fields) {
        for (int16_t id : field) any_attacker = any_attacker || can_attack_with(id);
      }
      if (pl.turns_taken > 1 && any_attacker) out.push_back(make_action(kActAttackPhase));
      if (alive) {
        out.push_back(make_action(kActCastingPhase));
        add_equips();  // Interpretation DL-I3: equipping needs no phase
        if (wanted(kActCast) || wanted(kActCastCharged)) add_instant_actions(p, out);
      } else {
        out.push_back(make_action(kActEndTurn));  // Rule DL-17.2: no spells; attack or end
      }
      break;
    }
    case Phase::kCasting: {
      if (alive && (wanted(kActCast) || wanted(kActCharge))) {
        for (int16_t id : pl.hand) {
          const CardDef& c = card_of(id);
          if (c.kind == Kind::kWeapon || c.kind == Kind::kArmor) continue;
          // can_cast refuses every place of a card that costs more than the Casting Points,
          // and the places its kind never goes to.
          const unsigned places = c.cost <= pl.cp ? possible_places(c) : 0u;
          for (int place = 0; place <= kLastPlace; ++place) {
            if ((places & (1u << place)) && can_cast(p, id, place, false)) out.push_back(make_action(kActCast, id, place));
          }
          if (can_charge(p, id)) out.push_back(make_action(kActCharge, id));
        }
      }
      if (alive) {
        if (pl.charging >= 0 && wanted(kActCastCharged)) {
          const unsigned places = possible_places(card_of(pl.charging));
          for (int place = 0; place <= kLastPlace; ++place) {
            if ((places & (1u << place)) && can_cast(p, pl.charging, place, true)) {
              out.push_back(make_action(kActCastCharged, 0, place));
            }
          }
        }
        add_equips();
      }
      add_activations();
      out.push_back(make_action(kActEndTurn));
      break;
    }
    case Phase::kAttackers: {
      for (const auto& field : pl.fields) {
        for (int16_t id : field) {
          if (can_attack_with(id)) out.push_back(make_action(kActAttack, id));
        }
      }
      bool hero_declared = std::any_of(attacks_.begin(), attacks_.end(), [](const Attack& a) { return a.attacker >= kHeroRef; });
      if (alive && !hero_declared) {
        out.push_back(make_action(kActHeroAttacks, 0, 0));
        if (pl.weapon[1] >= 0) out.push_back(make_action(kActHeroAttacks, 0, 1));  // Rule DL-10.5
      }
      if (alive) {
        add_equips();  // Interpretation DL-I3
        if (wanted(kActCast) || wanted(kActCastCharged)) add_instant_actions(p, out);
      }
      add_activations();
      out.push_back(make_action(kActAttackersDone));
      break;
    }
    default: break;
  }
}

void DlState::legal_actions(std::vector<Action>& out) const { collect_legal(out, -1); }

void DlState::collect_legal(std::vector<Action>& out, int only) const {
  out.clear();
  if (phase_ == Phase::kOver) return;
  if (!choice_.empty()) {
    for (int16_t ref : choice_) out.push_back(make_action(kActTarget, ref));
  } else if (window_open_) {
    out.push_back(make_action(kActPass));
    add_instant_actions(priority_, out);
  } else {
    switch (phase_) {
      case Phase::kSetup: {
        int p = current_player();
        std::vector<int> choices = pre_battle_choices(*this, players_[static_cast<size_t>(p)], p);
        for (int def : choices) out.push_back(make_action(kActPreEquip, def));
        if (choices.empty()) out.push_back(make_action(kActPreEquip, kNoRef));
        break;
      }
      case Phase::kDeclare:
      case Phase::kCasting:
      case Phase::kAttackers: add_active_actions(out, only); break;
      case Phase::kBlocks: {
        const Player& d = players_[static_cast<size_t>(defender())];
        for (const Attack& a : attacks_) {
          for (const auto& field : d.fields) {
            for (int16_t id : field) {
              if (can_block(id, a)) out.push_back(make_action(kActBlock, id, a.attacker));
            }
          }
        }
        // Interpretation DL-I37: while the defending hero is dead, a creature that can block
        // must: `blocks done` only once no free creature can block an unblocked attacker.
        if (d.hero.alive || !any_block_possible()) out.push_back(make_action(kActBlocksDone));
        break;
      }
      case Phase::kDefend:
        out.push_back(make_action(kActDefend, 0, 0));
        out.push_back(make_action(kActDefend, 0, 1));
        break;
      case Phase::kOver: break;
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

bool DlState::is_legal(Action action) const {
  // Every legal action of the action's verb (apply_action asks this before every action).
  thread_local std::vector<Action> legal;
  collect_legal(legal, action < 0 ? -1 : action_verb(action));
  return std::binary_search(legal.begin(), legal.end(), action);
}

std::string DlState::explain_illegal(Action action) const {
  if (phase_ == Phase::kOver) return "the battle is over";
  const int verb = action_verb(action);
  const int a = action_a(action);
  const int b = action_b(action);
  const int p = current_player();
  if (!choice_.empty()) return "a target must be chosen first: one of the `target` actions";
  if (verb == kActTarget) return "no target is being chosen now";
  if (window_open_ && verb != kActPass && verb != kActCast && verb != kActCastCharged) {
    return "a response window is open: cast an Instant or pass (Interpretation DL-I4)";
  }
  if (!window_open_ && verb == kActPass) return "there is nothing to pass: no response window is open";
  if (phase_ == Phase::kSetup) {
    if (verb != kActPreEquip) return "before the battle each player first equips one 0-cost Equipment (Rule DL-5.1)";
    if (a == kNoRef) return "`equip none` only when the deck holds no 0-cost Equipment the hero may use (Rule DL-5.1)";
    if (a < cards_->size() && !faction_allows(players_[static_cast<size_t>(p)].hero.spec, (*cards_)[a])) {
      return faction_refusal(players_[static_cast<size_t>(p)].hero.spec, (*cards_)[a]);
    }
    return "that card is not a 0-cost Weapon, Armor or Relic of your deck your hero may use (Rule DL-5.1)";
  }
  if (verb == kActPreEquip) return "the pre-battle equip is over (Rule DL-5.1)";
  const Player& pl = players_[static_cast<size_t>(p)];
  switch (verb) {
    case kActCastingPhase:
    case kActAttackPhase:
      if (phase_ != Phase::kDeclare) return "the phase is declared once, at the start of the turn (Rule DL-6.1)";
      if (verb == kActCastingPhase) return "your hero is dead: no spells, only attacks (Rule DL-17.2)";
      if (pl.turns_taken <= 1) return "no Attack Phase in your first turn (Rule DL-6.2)";
      return "nothing of yours can attack (Rule DL-13.1)";
    case kActCast:
    case kActCastCharged: {
      if (b > kLastPlace) return "no such place to cast to";
      int id = verb == kActCast ? a : pl.charging;
      if (verb == kActCast && (a >= num_objects() || objs_[static_cast<size_t>(a)].where != Where::kHand ||
                               objs_[static_cast<size_t>(a)].owner != p)) {
        return "that card is not in your hand";
      }
      if (id < 0) return "no card is charging (Rule DL-9.1)";
      std::string why;
      if (!can_cast(p, id, b, verb == kActCastCharged, &why)) return why;
      if (card_of(id).kind != Kind::kInstant) return "Creatures, Magic, Relics and Enhancements are cast only in your Casting Phase (Rule DL-8.2)";
      return "an Instant is cast at your own decisions or in a response window (Interpretation DL-I4)";
    }
    case kActCharge: {
      if (a >= num_objects()) return "no such card";
      std::string why;
      return can_charge(p, a, &why) ? "charging is done in your Casting Phase (Interpretation DL-I12)" : why;
    }
    case kActEquip: {
      if (a >= num_objects()) return "no such card";
      std::string why;
      return can_equip(p, a, &why) ? "equipping is done at your own decisions of your turn (Interpretation DL-I3)" : why;
    }
    case kActActivate: {
      if (a >= num_objects()) return "no such card";
      std::string why;
      return can_activate(p, a, &why) ? "not now" : why;
    }
    case kActEndTurn:
      if (phase_ == Phase::kDeclare) return "declare a Casting Phase first; `end turn` ends it (Rule DL-6.3)";
      return "the turn is ended with `end turn` in a Casting Phase, `attackers done` in an Attack Phase";
    case kActAttack:
      if (phase_ != Phase::kAttackers) return "attackers are declared in your Attack Phase (Rule DL-13.1)";
      return "that creature cannot attack: not yours, activated, cast this turn or already attacking (Rules DL-8.5, DL-13.2)";
    case kActHeroAttacks:
      if (phase_ != Phase::kAttackers) return "attackers are declared in your Attack Phase (Rule DL-13.1)";
      if (!pl.hero.alive) return "your hero is dead (Rule DL-17.2)";
      if (b == 1 && pl.weapon[1] < 0) return "no weapon in your Secondary Weapon Field (Rule DL-10.5)";
      return "your hero already attacks this turn";
    case kActAttackersDone: return "attackers are declared in your Attack Phase (Rule DL-13.1)";
    case kActBlock:
      if (phase_ != Phase::kBlocks) return "blockers are declared after the attackers, by the defender (Rule DL-13.3)";
      return "that creature cannot block that attacker: activated, already blocking, the attacker already blocked, or it flies (Rules DL-13.2, DL-13.3, DL-15.1)";
    case kActBlocksDone:
      if (phase_ == Phase::kBlocks) {  // illegal in the blocks only while a block is compulsory
        return "your hero is dead: a creature that can block an unblocked attacker must block (Interpretation DL-I37)";
      }
      return "blockers are declared after the attackers, by the defender (Rule DL-13.3)";
    case kActDefend: return "the defending hero's weapon is chosen after the blocks, with a secondary weapon (Rule DL-10.5)";
    default: return "not an action of dark-legacy";
  }
}

void DlState::self_check() const {
  for (int p = 0; p < static_cast<int>(players_.size()); ++p) {
    RISE_SELF_CHECK(in_play_zones_hold(p), "a card of seat " + std::to_string(p) + " in play is in none of its zones");
  }
}

void DlState::do_apply_action(Action action) {
  const int verb = action_verb(action);
  const int a = action_a(action);
  const int b = action_b(action);
  const int me = current_player();
  if (!choice_.empty()) {
    target_chosen(a);
    advance();
    return;
  }
  switch (verb) {
    case kActPreEquip: {
      Player& pl = players_[static_cast<size_t>(me)];
      pl.setup_choice = static_cast<int16_t>(a == kNoRef ? -1 : a);
      log(kEvPreEquip, me, pl.setup_choice);
      if (players_[0].setup_choice != -2 && players_[1].setup_choice != -2) finish_setup();
      break;
    }
    case kActCastingPhase:
      phase_ = Phase::kCasting;
      log(kEvPhase, me, 0);
      break;
    case kActAttackPhase:
      phase_ = Phase::kAttackers;
      attacks_.clear();
      log(kEvPhase, me, 1);
      break;
    case kActCast: cast(me, a, b, false); break;
    case kActCastCharged: cast(me, players_[static_cast<size_t>(me)].charging, b, true); break;
    case kActCharge: charge(me, a); break;
    case kActEquip: equip(me, a, false); break;
    case kActActivate: activate(me, a); break;
    case kActEndTurn: stage_ = Stage::kEndTurn; break;  // Rule DL-6.3
    case kActAttack: {
      objs_[static_cast<size_t>(a)].activated = true;  // Rule DL-13.2
      Attack at;
      at.attacker = static_cast<int16_t>(a);
      attacks_.push_back(at);
      log(kEvAttack, me, a);
      break;
    }
    case kActHeroAttacks: {
      Attack at;
      at.attacker = static_cast<int16_t>(kHeroRef + me);
      at.weapon = static_cast<int8_t>(b);
      attacks_.push_back(at);
      log(kEvAttack, me, kHeroRef + me, b);
      break;
    }
    case kActAttackersDone:
      if (attacks_.empty()) {
        stage_ = Stage::kEndTurn;  // Rule DL-6.3
      } else {
        // Interpretation DL-I4: the defender may answer the attack before blocking.
        phase_ = Phase::kBlocks;
        after_stack_ = AfterStack::kAttackWindow;
        window_open_ = true;
        priority_ = static_cast<int8_t>(defender());
      }
      break;
    case kActBlock:
      for (Attack& at : attacks_) {
        if (at.attacker == b) at.blocker = static_cast<int16_t>(a);
      }
      log(kEvBlock, me, a, b);
      break;
    case kActBlocksDone: after_blocks(); break;
    case kActDefend:
      defend_weapon_ = static_cast<int8_t>(b);
      log(kEvDefend, me, b);
      stage_ = Stage::kCombat;
      break;
    case kActPass:
      log(kEvPass, me);
      pass_window();
      break;
    default: RISE_CHECK(false, "dark-legacy: unknown verb");
  }
  advance();
}

}  // namespace rise::dl
