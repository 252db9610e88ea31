// Legal actions and their application (Rules TCG-4, 5, 6, 9, 11).
#include <algorithm>

#include "rise/core/error.h"
#include "rise-tcg/state.h"

namespace rise::tcg {

using cardgame::Ability;
using cardgame::CardType;
using cardgame::Trigger;

bool can_attack_with(const TcgState& s, int id) {
  const Obj& o = s.obj(id);
  if (o.where != Where::kBattlefield || o.tilted || o.sick || o.controller != s.active_player()) return false;
  if (o.disabled) return false;  // Rules TCG-14.10, 14.11, 14.14
  const CardDef& card = s.cards().card(o.def);
  if ((s.abilities_of(id) & cardgame::kChained) && !o.unlocked) return false;  // Rule TCG-12.30
  const uint32_t statics = s.statics_of(id);  // card language v2 (docs/cards.md, "Static effects")
  if (statics & cardgame::kCannotAttack) return false;
  if (card.is(cardgame::kCreature)) return true;
  // Interpretation TCG-I6: an open Door may attack; TCG-10.4: "certain abilities and effects
  // can enable a door to attack" — the static effect `may attack` (Interpretation TCG-I72).
  return card.is(cardgame::kDoor) && (o.open || (statics & cardgame::kMayAttack));
}

namespace {

// Rule TCG-12.7: the attackers of a Horde blocker face it in the order the blocks were
// declared. The entry just blocked (index i) moves right after the last other entry blocked
// by the same card; the other entries keep their declaration order (Rule TCG-7.3).
void order_horde_block(std::vector<CombatEntry>& combat, size_t i) {
  size_t last = combat.size();
  for (size_t k = 0; k < combat.size(); ++k) {
    if (k != i && combat[k].blocker == combat[i].blocker) last = k;
  }
  if (last == combat.size()) return;
  auto it = combat.begin();
  const auto at = static_cast<std::ptrdiff_t>(i);
  const auto after = static_cast<std::ptrdiff_t>(last) + 1;
  if (i < last) {
    std::rotate(it + at, it + at + 1, it + after);
  } else {
    std::rotate(it + after, it + at, it + at + 1);
  }
}

}  // namespace

int TcgState::max_cp(int player, int slot) const {
  const Summoner& s = players_[static_cast<size_t>(player)].summoners[static_cast<size_t>(slot)];
  return std::min<int>(s.level, cards_->card(s.def).max_level());
}

int TcgState::invoke_cost(int p, int def) const {
  const CardDef& card = cards_->card(def);
  int cost = card.capacity_cost;
  if (cards_->any_cost_static && card.is(cardgame::kCreature)) {
    // Interpretation TCG-I77: each of its Constants with `creatures cost 1 less`, down to 0.
    for (int16_t id : battlefield_) {
      if (objs_[static_cast<size_t>(id)].controller == p && (statics_of(id) & cardgame::kCreaturesCostLess)) --cost;
    }
  }
  return std::max(cost, 0);
}

bool TcgState::can_pay_invoke(int p, int def, int slot) const {
  const Player& pl = players_[static_cast<size_t>(p)];
  const CardDef& card = cards_->card(def);
  const int cost = invoke_cost(p, def);
  auto ok = [&](int s) {
    const Summoner& sm = pl.summoners[static_cast<size_t>(s)];
    return sm.alive && sm.cp >= cost;
  };
  if (card.has(cardgame::kTogether)) {  // Rule TCG-12.8: both Summoners pay
    return slot == kBothSummoners && ok(0) && ok(1);
  }
  return slot != kBothSummoners && ok(slot);
}

int TcgState::action_cost_coins(int id, int index) const {
  const Obj& o = objs_[static_cast<size_t>(id)];
  const CardDef& card = cards_->card(o.def);
  int coins = card.actions[static_cast<size_t>(index)].coins;
  if (!card.has(cardgame::kFixedPrice)) {  // Rule TCG-12.12: Fixed Price ignores discounts
    coins = std::max(0, coins - players_[o.controller].discount);
  }
  return coins;
}

bool TcgState::can_use_action(int p, int id, int index) const {
  const Obj& o = objs_[static_cast<size_t>(id)];
  // Rules TCG-14.10, 14.11, 14.14: a disabled Creature has no Actions; TCG-14.15: the caster
  // of Schizophrenia uses them, its owner pays.
  if (o.where != Where::kBattlefield || action_user(id) != p || o.disabled) return false;
  const CardDef& card = cards_->card(o.def);
  if (index >= static_cast<int>(card.actions.size()) || index >= 4) return false;
  const cardgame::ActionDef& action = card.actions[static_cast<size_t>(index)];
  // Rule TCG-9.4: once per turn unless stated; Rule TCG-12.10: Multi-Target repeats a
  // Direct Purchase while it can be paid.
  bool unlimited = action.per_turn == 0 ||
                   (card.has(cardgame::kMultiTarget) && action.kind == cardgame::ActionKind::kDirectPurchase);
  if (!unlimited && o.actions_used[static_cast<size_t>(index)] >= action.per_turn) return false;
  const Player& pl = players_[static_cast<size_t>(action_payer(id))];
  return pl.coins >= action_cost_coins(id, index) && pl.ether >= action.ether;
}

bool TcgState::can_use_skill(int p, int slot, int index) const {
  const Player& pl = players_[static_cast<size_t>(p)];
  if (!pl.started) return false;  // Rule TCG-5.3
  const Summoner& sm = pl.summoners[static_cast<size_t>(slot)];
  if (!sm.alive || sm.cp < 1) return false;
  if (index >= cards_->card(sm.def).max_level()) return false;
  if (sm.level < index + 1) return false;  // Rule TCG-5.2: the level of the skill
  return (sm.skills_used & (1u << index)) == 0;  // Rule TCG-5.4
}

// Every play of seat p: main_speed = its own main phase with an empty chain (any card);
// otherwise Imminent speed (Imminent cards, skills, Actions). `only` >= 0: the plays of that
// action kind at least (is_legal looks for one kind); kFirstPlay: stop at the first play found.
void TcgState::add_play_actions(int p, bool main_speed, std::vector<Action>& out, int only) const {
  auto wanted = [only](int kind) { return only < 0 || only == kind; };
  const bool first = only == kFirstPlay;
  const Player& pl = players_[static_cast<size_t>(p)];
  // Interpretation TCG-I69: a full chain takes nothing more (Level Up cards do not use it).
  const bool chain_full = static_cast<int>(chain_.size()) >= kMaxChain;
  for (int16_t id : pl.hand) {
    if ((!wanted(kActInvoke) && !wanted(kActLevelUp)) || (first && !out.empty())) break;
    const int def = objs_[static_cast<size_t>(id)].def;
    const uint32_t types = cards_->types[static_cast<size_t>(def)];
    const bool level_up = (types & cardgame::kLevelUp) != 0;
    if (chain_full && !level_up) continue;
    if (!main_speed && !level_up && !(types & cardgame::kImminent)) continue;  // Rule TCG-8.4
    if (level_up) {
      // Rule TCG-5.7: once per turn, own turn only, from Restoration on.
      if (main_speed && !pl.level_up_played) {
        for (int s = 0; s < 2; ++s) {
          if (pl.summoners[static_cast<size_t>(s)].alive) out.push_back(make_action(kActLevelUp, id, s));
        }
      }
      continue;
    }
    if (cards_->card(def).has(cardgame::kTogether)) {
      if (can_pay_invoke(p, objs_[static_cast<size_t>(id)].def, kBothSummoners)) {
        out.push_back(make_action(kActInvoke, id, kBothSummoners));
      }
      continue;
    }
    for (int s = 0; s < 2; ++s) {
      if (can_pay_invoke(p, objs_[static_cast<size_t>(id)].def, s)) out.push_back(make_action(kActInvoke, id, s));
    }
  }
  if (chain_full || (first && !out.empty())) return;
  for (int s = 0; s < 2 && wanted(kActSkill); ++s) {
    const Summoner& sm = pl.summoners[static_cast<size_t>(s)];
    if (!sm.alive) continue;
    for (int k = 0; k < cards_->card(sm.def).max_level(); ++k) {
      if (can_use_skill(p, s, k)) out.push_back(make_action(kActSkill, s, k));
    }
  }
  for (int16_t id : battlefield_) {
    if (!wanted(kActUseAction) || (first && !out.empty())) break;
    const Obj& o = objs_[static_cast<size_t>(id)];
    if (action_user(id) != p) continue;
    int count = std::min<int>(4, cards_->action_counts[static_cast<size_t>(o.def)]);
    for (int k = 0; k < count; ++k) {
      if (can_use_action(p, id, k)) out.push_back(make_action(kActUseAction, id, k));
    }
  }
  if (wanted(kActRelaunch) && !(first && !out.empty())) add_relaunch_actions(p, out);  // Rule TCG-12.22
}

bool TcgState::has_response(int p) const {
  if (others_window() && chain_.empty() && p == active_) return false;  // TCG-I15, TCG-I75
  thread_local std::vector<Action> plays;  // no allocation per call (asked at every priority pass)
  plays.clear();
  add_play_actions(p, false, plays, kFirstPlay);
  return !plays.empty();
}

void TcgState::legal_actions(std::vector<Action>& out) const { collect_legal(out, -1); }

void TcgState::collect_legal(std::vector<Action>& out, int only) const {
  out.clear();
  if (phase_ == Phase::kGameOver) return;
  if (choice_.kind != ChoiceKind::kNone) {
    for (int16_t ref : choice_.options) out.push_back(make_action(kActChoose, ref));
    std::sort(out.begin(), out.end());
    return;
  }
  if (window_open_) {
    out.push_back(make_action(kActPass));
    if (!(others_window() && chain_.empty() && priority_ == active_)) {
      add_play_actions(priority_, false, out, only);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return;
  }
  switch (phase_) {
    case Phase::kMulligan: {
      const Player& pl = players_[static_cast<size_t>(mulligan_player_)];
      out.push_back(make_action(kActKeep));
      // Rule TCG-3.3: up to 3 mulligans; after the third, play or concede.
      out.push_back(make_action(pl.mulligans < 3 ? kActMulligan : kActConcede));
      break;
    }
    case Phase::kRestoration:
      if (draw_zero_) out.push_back(make_action(kActDraw0));  // Rule TCG-16.1
      out.push_back(make_action(kActDraw1));
      out.push_back(make_action(kActDraw2));
      break;
    case Phase::kMain: {
      add_play_actions(active_, true, out, only);
      if (main_step_ == 1) {
        for (int16_t id : battlefield_) {
          if (can_attack_with(*this, id)) {
            out.push_back(make_action(kActAttack));
            break;
          }
        }
        add_wild_main_actions(out);  // Diversion, Rage, Assimilation (before the Attack Phase)
      }
      out.push_back(make_action(kActPass));
      break;
    }
    case Phase::kAttackers: {
      int n = sides();
      for (int16_t id : battlefield_) {
        if (!can_attack_with(*this, id)) continue;
        bool declared = std::any_of(combat_.begin(), combat_.end(),
                                    [&](const CombatEntry& e) { return e.attacker == id; });
        if (declared) continue;
        for (int q = 0; q < n; ++q) {
          if (q != active_ && !players_[static_cast<size_t>(q)].out) out.push_back(make_action(kActAttacker, id, q));
        }
      }
      add_explode_actions(out);  // Rule TCG-12.24
      out.push_back(make_action(kActAttackersDone));
      break;
    }
    case Phase::kBlockers: {
      int defender = defender_;  // Rule TCG-15.3: each attacked opponent blocks in turn
      for (const CombatEntry& e : combat_) {
        if (e.defender != defender || e.blocker >= 0) continue;
        if (abilities_of(e.attacker) & cardgame::kAdvantage) continue;  // the attacker chooses
        for (int16_t b : battlefield_) {
          if (can_block(b, e)) out.push_back(make_action(kActBlock, b, e.attacker));
        }
      }
      out.push_back(make_action(kActBlocksDone));
      break;
    }
    case Phase::kGameOver: break;
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

bool TcgState::is_legal(Action action) const {
  // Every legal action of the action's kind (apply_action asks this before every action).
  thread_local std::vector<Action> legal;
  collect_legal(legal, action < 0 ? -1 : action_kind(action));
  return std::binary_search(legal.begin(), legal.end(), action);
}

std::string TcgState::explain_illegal(Action action) const {
  if (phase_ == Phase::kGameOver) return "the game is over";
  int kind = action_kind(action);
  if (choice_.kind != ChoiceKind::kNone) return "a choice is pending: answer with one of the `choose` actions";
  if (window_open_ && kind != kActPass && kind != kActInvoke && kind != kActSkill && kind != kActUseAction &&
      kind != kActRelaunch) {
    return "a response window is open: pass, or play an Imminent, a skill or an Action (Rule TCG-11.2)";
  }
  switch (kind) {
    case kActInvoke: {
      int id = action_a(action);
      if (id >= num_objects() || objs_[static_cast<size_t>(id)].where != Where::kHand ||
          objs_[static_cast<size_t>(id)].owner != current_player()) {
        return "that card is not in your hand";
      }
      const CardDef& card = cards_->card(objs_[static_cast<size_t>(id)].def);
      if (window_open_ && !card.is(cardgame::kImminent)) return "only Imminent cards can be invoked now (Rule TCG-8.4)";
      if (!can_pay_invoke(current_player(), objs_[static_cast<size_t>(id)].def, action_b(action))) {
        return "the Summoner cannot pay the Capacity Points (Rules TCG-5.1, TCG-12.8)";
      }
      return "not now";
    }
    case kActLevelUp: return "a Level Up is played once per turn, on your own turn only (Rule TCG-5.7)";
    case kActSkill: return "the skill needs a living Summoner of its level with a Capacity Point, unused since its untilt, after your first turn began (Rules TCG-5.2..5.4)";
    case kActUseAction: return "the Action is not available: its card, its cost or its once-per-turn limit (Rule TCG-9.4)";
    case kActAttack: return "no Creature can attack (sickness, tilted) or the attack phase is over (Rule TCG-7.1)";
    case kActBlock: return "that card cannot block that attacker (plane, tilted, already blocking; Rule TCG-7.2)";
    case kActRelaunch: case kActExplode: case kActDivert: case kActRage: case kActAssimilate:
      return explain_wild(kind);
    default: return "not a legal action in this phase";
  }
}

void TcgState::play_card(int p, int id, int slot) {
  Player& pl = players_[static_cast<size_t>(p)];
  Obj& o = objs_[static_cast<size_t>(id)];
  const CardDef& card = cards_->card(o.def);
  const int cost = invoke_cost(p, o.def);
  for (int s = 0; s < 2; ++s) {
    if (slot == s || slot == kBothSummoners) {
      Summoner& sm = pl.summoners[static_cast<size_t>(s)];
      sm.tilted = true;  // Rule TCG-4.3: tilt and spend
      sm.cp = static_cast<int8_t>(sm.cp - cost);
    }
  }
  pl.hand.erase(std::find(pl.hand.begin(), pl.hand.end(), id));
  log(kEvInvoke, p, o.def, id);
  if (card.is(cardgame::kImminent)) {
    o.where = Where::kChain;
    o.controller = static_cast<uint8_t>(p);
    chain_.push_back(ChainItem{ChainKind::kImminent, static_cast<uint8_t>(p), static_cast<int16_t>(id), 0});
    after_chain_play(p);
  } else {
    enter_battlefield(id, p);
    check_deaths();  // Rule TCG-6.1: a Constant that enters at 0 defense dies at once
  }
}

void TcgState::play_level_up(int p, int id, int slot) {
  Player& pl = players_[static_cast<size_t>(p)];
  Obj& o = objs_[static_cast<size_t>(id)];
  pl.hand.erase(std::find(pl.hand.begin(), pl.hand.end(), id));
  o.where = Where::kLevelUp;
  o.attached_to = static_cast<int16_t>(kSummonerRef + 2 * p + slot);
  pl.level_up_played = true;
  Summoner& sm = pl.summoners[static_cast<size_t>(slot)];
  ++sm.level_ups;
  sm.level = static_cast<int8_t>(sm.level + 1);
  // Rule TCG-5.7: the new Capacity Point is available now only if the Summoner is untilted,
  // never above the maximum skill level.
  if (!sm.tilted) sm.cp = static_cast<int8_t>(std::min<int>(sm.cp + 1, max_cp(p, slot)));
  log(kEvLevelUp, p, o.def, slot);
  // Its base effects "when invoked" resolve now (e.g. gain a Coin).
  const CardDef& card = cards_->card(o.def);
  const auto& lists = cards_->by_card[static_cast<size_t>(o.def)].effects;
  for (size_t k = card.effects.size(); k-- > 0;) {
    if (card.effects[k].trigger == Trigger::kInvoked) push_frame(lists[k], p, id, kNoRef);
  }
}

void TcgState::use_skill(int p, int slot, int index) {
  Summoner& sm = players_[static_cast<size_t>(p)].summoners[static_cast<size_t>(slot)];
  sm.tilted = true;
  sm.cp = static_cast<int8_t>(sm.cp - 1);
  sm.skills_used = static_cast<uint8_t>(sm.skills_used | (1u << index));
  log(kEvSkill, p, sm.def, index);
  chain_.push_back(ChainItem{ChainKind::kSkill, static_cast<uint8_t>(p),
                             static_cast<int16_t>(kSummonerRef + 2 * p + slot), static_cast<int8_t>(index)});
  after_chain_play(p);
}

void TcgState::use_action(int p, int id, int index) {
  Obj& o = objs_[static_cast<size_t>(id)];
  const cardgame::ActionDef& action = cards_->card(o.def).actions[static_cast<size_t>(index)];
  // Rule TCG-9.2: paid before it happens.
  change_resource(action_payer(id), cardgame::Resource::kCoins, -action_cost_coins(id, index));
  change_resource(action_payer(id), cardgame::Resource::kEther, -action.ether);
  // Interpretation TCG-I69: the count stops at 99 (per_turn is at most 99).
  if (o.actions_used[static_cast<size_t>(index)] < 99) ++o.actions_used[static_cast<size_t>(index)];
  log(kEvAction, p, o.def, index);
  chain_.push_back(ChainItem{ChainKind::kAction, static_cast<uint8_t>(p), static_cast<int16_t>(id),
                             static_cast<int8_t>(index)});
  after_chain_play(p);
}

// Rule TCG-12.5: each Advantage attacker's controller picks a legal blocker or a Summoner
// of the defender, one attacker at a time. Returns true if a choice is now pending.
bool TcgState::settle_advantage() {
  for (size_t i = 0; i < combat_.size(); ++i) {
    CombatEntry& e = combat_[i];
    if (!(abilities_of(e.attacker) & cardgame::kAdvantage) || e.blocker >= 0 || e.summoner >= 0) continue;
    if (objs_[static_cast<size_t>(e.attacker)].where != Where::kBattlefield) continue;
    std::vector<int16_t> options;
    for (int16_t bl : battlefield_) {
      if (can_block(bl, e)) options.push_back(bl);
    }
    for (int s = 0; s < 2; ++s) {
      if (players_[e.defender].summoners[static_cast<size_t>(s)].alive) {
        options.push_back(static_cast<int16_t>(kSummonerRef + 2 * e.defender + s));
      }
    }
    std::sort(options.begin(), options.end());
    if (options.size() == 1) {
      if (options[0] >= kSummonerRef) {
        e.summoner = static_cast<int8_t>((options[0] - kSummonerRef) % 2);
      } else {
        e.blocker = options[0];
        order_horde_block(combat_, i);
        return settle_advantage();  // entries may have moved: start again
      }
      continue;
    }
    choice_ = Choice{};
    choice_.kind = ChoiceKind::kAdvantage;
    choice_.chooser = objs_[static_cast<size_t>(e.attacker)].controller;
    choice_.subject = e.attacker;
    choice_.options = options;
    return true;
  }
  return false;
}

// Rule TCG-7.2: may `blocker` block the attacker of `entry`? Same plane (Flight, Reach,
// Distance), untilted, Creature or Door, not already blocking unless Horde (Doors block as
// Horde and have Distance, Rule TCG-10.3), no Door against Wall Pass.
bool TcgState::attacker_gone(const CombatEntry& entry) const {
  return entry.attacker < 0 || entry.attacker >= num_objects() ||
         objs_[static_cast<size_t>(entry.attacker)].where != Where::kBattlefield;
}

bool TcgState::can_block(int blocker, const CombatEntry& entry) const {
  const Obj& bo = objs_[static_cast<size_t>(blocker)];
  if (bo.where != Where::kBattlefield || bo.controller != entry.defender || bo.tilted) return false;
  if (objs_[static_cast<size_t>(entry.attacker)].where != Where::kBattlefield) return false;  // gone (exploded)
  if (!wild_may_block(blocker)) return false;  // Chained, Diversion
  if (statics_of(blocker) & cardgame::kCannotBlock) return false;  // card language v2
  const CardDef& bc = cards_->card(bo.def);
  if (!bc.is(cardgame::kCreature | cardgame::kDoor)) return false;
  uint64_t aa = abilities_of(entry.attacker), ba = abilities_of(blocker);
  bool door = bc.is(cardgame::kDoor);
  if (door) ba |= cardgame::kDistance | cardgame::kHorde;
  if ((aa & cardgame::kFlight) && !(ba & (cardgame::kFlight | cardgame::kReach))) return false;
  if ((aa & cardgame::kDistance) && !(ba & (cardgame::kDistance | cardgame::kReach))) return false;
  if ((aa & cardgame::kWallPass) && door) return false;
  if (!(ba & cardgame::kHorde)) {
    for (const CombatEntry& other : combat_) {
      if (other.blocker == blocker) return false;
    }
  }
  return true;
}

void TcgState::do_apply_action(Action action) {
  effect_steps_ = 0;  // Interpretation TCG-I67: the limit counts per action
  apply_decision(action);
  run_dungeon();  // Rule TCG-17.5: the Dungeon's decisions follow at once
}

void TcgState::self_check() const {
  RISE_SELF_CHECK(attached_hint_holds(), "attached_ misses an attached battlefield object");
}

void TcgState::apply_decision(Action action) {
  int kind = action_kind(action);
  int a = action_a(action);
  int b = action_b(action);
  int me = current_player();
  if (choice_.kind != ChoiceKind::kNone) {
    Choice choice = choice_;
    choice_ = Choice{};
    switch (choice.kind) {
      case ChoiceKind::kStepTarget:
        frames_.back().chosen = static_cast<int16_t>(a);
        break;
      case ChoiceKind::kDiscard: {
        Player& pl = players_[static_cast<size_t>(me)];
        pl.hand.erase(std::find(pl.hand.begin(), pl.hand.end(), a));
        // A discarded card goes to its owner's Cemetery (a stolen card may be in this hand).
        objs_[static_cast<size_t>(a)].where = Where::kCemetery;
        players_[objs_[static_cast<size_t>(a)].owner].cemetery.push_back(static_cast<int16_t>(a));
        log(kEvDiscard, me, objs_[static_cast<size_t>(a)].def);
        if (choice.remaining > 1 && !pl.hand.empty()) {
          choice.remaining = static_cast<int8_t>(choice.remaining - 1);
          choice.options.assign(pl.hand.begin(), pl.hand.end());
          std::sort(choice.options.begin(), choice.options.end());
          choice_ = choice;
        }
        break;
      }
      case ChoiceKind::kSearch: {
        Player& pl = players_[static_cast<size_t>(me)];
        pl.library.erase(std::find(pl.library.begin(), pl.library.end(), a));
        pl.hand.push_back(static_cast<int16_t>(a));
        objs_[static_cast<size_t>(a)].where = Where::kHand;
        objs_[static_cast<size_t>(a)].known = false;  // only its owner saw it
        objs_[static_cast<size_t>(a)].reached_hand = true;
        shuffle_library(me);
        break;
      }
      case ChoiceKind::kSacrifice: {
        int slot = (a - kSummonerRef) % 2;
        log(kEvSacrifice, me, slot);
        damage_summoner(me, slot, players_[static_cast<size_t>(me)].summoners[static_cast<size_t>(slot)].hp);
        check_deaths();
        break;
      }
      case ChoiceKind::kAttach: {
        if (is_disease(choice.subject)) {
          cast_disease(choice.subject, a);  // Rule TCG-14.2
        } else {
          objs_[static_cast<size_t>(choice.subject)].attached_to = static_cast<int16_t>(a);
          attached_.note(choice.subject);
          check_immunity();  // an Equipment may give Immunity (Rule TCG-14.6)
        }
        break;
      }
      case ChoiceKind::kPassDisease: pass_disease(a, choice.subject, me); break;  // Rule TCG-14.7
      case ChoiceKind::kAdvantage: {
        for (size_t i = 0; i < combat_.size(); ++i) {
          CombatEntry& e = combat_[i];
          if (e.attacker != choice.subject) continue;
          e.resolved = false;
          if (a >= kSummonerRef) {
            e.summoner = static_cast<int8_t>((a - kSummonerRef) % 2);
          } else {
            e.blocker = static_cast<int16_t>(a);
            possession_toss(a, e.attacker);  // Rule TCG-12.32
            fire_trigger(a, Trigger::kBlocks, e.attacker);
            fire_trigger(e.attacker, Trigger::kBlocked, a);
            order_horde_block(combat_, i);
          }
          break;
        }
        break;
      }
      case ChoiceKind::kDamageSummoner: {
        for (CombatEntry& e : combat_) {
          if (e.attacker == choice.subject && !e.resolved) e.summoner = static_cast<int8_t>((a - kSummonerRef) % 2);
        }
        break;
      }
      case ChoiceKind::kMorph:
      case ChoiceKind::kInhume:
      case ChoiceKind::kDiversion:
      case ChoiceKind::kSplash:
        resolve_wild_choice(choice.kind, choice.subject, a);
        break;
      case ChoiceKind::kNone: break;
    }
    if (choice.kind == ChoiceKind::kAdvantage && !settle_advantage()) start_combat_damage();
    advance();
    return;
  }
  switch (kind) {
    case kActKeep:
      players_[static_cast<size_t>(me)].kept = true;
      log(kEvKeep, me);
      finish_mulligan_step();
      break;
    case kActMulligan: {
      Player& pl = players_[static_cast<size_t>(me)];
      int size = static_cast<int>(pl.hand.size());
      for (int16_t id : pl.hand) {
        objs_[static_cast<size_t>(id)].where = Where::kLibrary;
        objs_[static_cast<size_t>(id)].reached_hand = false;  // a mulligan's hand was not drawn (card_uses)
        pl.library.push_back(id);
      }
      pl.hand.clear();
      shuffle_library(me);
      ++pl.mulligans;
      log(kEvMulligan, me, pl.mulligans);
      draw(me, size);
      break;
    }
    case kActConcede:
      players_[static_cast<size_t>(me)].out = true;
      players_[static_cast<size_t>(me)].kept = true;
      log(kEvConcede, me);
      check_game_over();  // Rule TCG-4.9: the last player standing wins at once
      if (phase_ != Phase::kGameOver) finish_mulligan_step();
      break;
    case kActDraw0:
    case kActDraw1:
    case kActDraw2: {
      // Rule TCG-4.2: draw 1 and gain 2 Coins, or draw 2 and gain 1 Coin; with the option
      // draw=0-2, draw nothing and gain 2 Coins (Rule TCG-16.1, Interpretation TCG-I19).
      int count = kind == kActDraw0 ? 0 : kind == kActDraw1 ? 1 : 2;
      change_resource(me, cardgame::Resource::kCoins, count == 2 ? 1 : 2);
      begin_restoration_effects();
      if (count > 0) draw(me, count);
      break;
    }
    case kActInvoke: play_card(me, a, b); break;
    case kActLevelUp: play_level_up(me, a, b); break;
    case kActSkill: use_skill(me, a, b); break;
    case kActUseAction: use_action(me, a, b); break;
    case kActAttack:
      phase_ = Phase::kAttackers;
      combat_.clear();
      break;
    case kActAttacker: {
      // Rule TCG-7.1: every attacker is declared and tilted.
      objs_[static_cast<size_t>(a)].tilted = true;
      CombatEntry e;
      e.attacker = static_cast<int16_t>(a);
      e.defender = static_cast<uint8_t>(b);
      combat_.push_back(e);
      log(kEvAttack, me, a, b);
      possession_toss(a, a);  // Rule TCG-12.32
      fire_global(cardgame::Whenever::kAttacks, a);  // card language v2: after its own `attacks`
      fire_trigger(a, Trigger::kAttacks, kNoRef);
      break;
    }
    case kActAttackersDone:
      if (combat_.empty()) {
        phase_ = Phase::kMain;
        main_step_ = 2;
      } else {
        phase_ = Phase::kBlockers;
        defender_ = static_cast<int8_t>(next_defender(active_));  // Rule TCG-15.3
        open_others_window(kWindowAttackers);  // Interpretation TCG-I75: before the blocks
      }
      break;
    case kActBlock:
      for (size_t i = 0; i < combat_.size(); ++i) {
        if (combat_[i].attacker != b) continue;
        combat_[i].blocker = static_cast<int16_t>(a);
        order_horde_block(combat_, i);
        break;
      }
      log(kEvBlock, me, a, b);
      possession_toss(a, b);  // Rule TCG-12.32
      fire_trigger(a, Trigger::kBlocks, b);
      fire_trigger(b, Trigger::kBlocked, a);
      break;
    case kActBlocksDone: next_blocking_defender(); break;
    case kActPass:
      if (window_open_) {
        pass_priority();
      } else {
        // Rule TCG-4.6: the active player passes the turn; opponents may still respond.
        log(kEvPass, me);
        open_others_window(kWindowEndOfTurn);
      }
      break;
    case kActRelaunch: case kActExplode: case kActDivert: case kActRage: case kActAssimilate:
      apply_wild_action(kind, a, b);
      break;
    default: RISE_CHECK(false, "rise-tcg: unknown action kind");
  }
  advance();
}

}  // namespace rise::tcg
