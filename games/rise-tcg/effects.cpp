// The effect interpreter of rise-tcg: steps resolved top to bottom (Rule TCG-8.2), targets,
// triggers, the chain, deaths (Rules TCG-6, 8, 9, 11).
#include <algorithm>

#include "rise/core/error.h"
#include "rise-tcg/state.h"

namespace rise::tcg {

using cardgame::Filter;
using cardgame::Op;
using cardgame::Resource;
using cardgame::TargetMode;
using cardgame::Trigger;
using cardgame::Who;

namespace {

bool is_object_op(Op op) {
  switch (op) {
    case Op::kDamage: case Op::kHeal: case Op::kReturn: case Op::kDestroy: case Op::kExclude:
    case Op::kCounter: case Op::kOpen: case Op::kClose: case Op::kTilt: case Op::kUntilt:
    case Op::kControl: case Op::kCopy: case Op::kRegress: case Op::kRestore: case Op::kAttach:
    case Op::kCancel: case Op::kUnlock: case Op::kCure:
    case Op::kShuffleIn: case Op::kLoseAbilities: case Op::kGrant: case Op::kPrevent:
      return true;
    default:
      return false;
  }
}

}  // namespace

int TcgState::controller_of(int ref) const {
  if (ref < kSummonerRef) return objs_[u(ref)].controller;
  if (ref < kPlayerRef) return (ref - kSummonerRef) / 2;
  if (ref < kChainRef) return ref - kPlayerRef;
  if (ref - kChainRef < static_cast<int>(chain_.size())) return chain_[u(ref - kChainRef)].controller;
  return 0;
}

int TcgState::attack_of(int id) const {
  const Obj& o = objs_[u(id)];
  const CardDef& card = cards_->card(o.def);
  int value = card.star_attack ? value_of(card.star_attack_value, o.controller) : card.attack;
  value += o.counter_attack + o.temp_attack + stack_total(id, &TcgState::attack_of) + disease_counters(id);  // Allergy, Rule TCG-14.12
  for_each_attached([&](int16_t e) {
    const Obj& eq = objs_[u(e)];
    if (eq.attached_to == id) value += cards_->card(eq.def).grants.attack;
  });
  return std::max(0, value);
}

int TcgState::defense_of(int id) const {
  const Obj& o = objs_[u(id)];
  const CardDef& card = cards_->card(o.def);
  int value = card.star_defense ? value_of(card.star_defense_value, o.controller) : card.defense;
  value += o.counter_defense + o.temp_defense + stack_total(id, &TcgState::defense_of) + disease_counters(id);  // Allergy, Rule TCG-14.12
  for_each_attached([&](int16_t e) {
    const Obj& eq = objs_[u(e)];
    if (eq.attached_to == id) value += cards_->card(eq.def).grants.defense;
  });
  return value;
}

uint64_t TcgState::granted_abilities(int id) const {
  uint64_t mask = 0;
  for_each_attached([&](int16_t e) {
    const Obj& eq = objs_[u(e)];
    if (eq.attached_to == id) mask |= cards_->card(eq.def).grants.abilities;
  });
  return mask;
}

int TcgState::value_of(const cardgame::Value& value, int controller) const {
  int total = value.constant;
  if (value.per_count != 0) {
    int count = 0;
    if (value.count_filter.zone == cardgame::Zone::kBattlefield) {
      for (int16_t id : battlefield_) count += matches(value.count_filter, controller, kNoRef, id) ? 1 : 0;
      if (value.count_filter.types == 0 || (value.count_filter.types & cardgame::kSummoner)) {
        for (int p = 0; p < sides(); ++p) {
          for (int s = 0; s < 2; ++s) {
            count += matches(value.count_filter, controller, kNoRef, kSummonerRef + 2 * p + s) ? 1 : 0;
          }
        }
      }
    } else {
      for (int id = 0; id < num_objects(); ++id) count += matches(value.count_filter, controller, kNoRef, id) ? 1 : 0;
    }
    total += value.per_count * count;
  }
  if (value.per_resource != 0) {
    const Player& pl = players_[u(controller)];
    total += value.per_resource * (value.resource == Resource::kCoins ? pl.coins : pl.ether);
  }
  if (value.per_player != 0) {  // card language v2: `hp: yes`, `level: yes` (0 without a living Summoner)
    int best = -1;
    for (const Summoner& sm : players_[u(controller)].summoners) {
      if (!sm.alive) continue;
      const int v = value.player_value == cardgame::PlayerValue::kHighestLevel ? sm.level : sm.hp;
      if (best < 0 || (value.player_value == cardgame::PlayerValue::kHighestLevel ? v > best : v < best)) best = v;
    }
    total += value.per_player * std::max(best, 0);
  }
  return total;
}

// Does `ref` match `filter` for an effect controlled by `controller` coming from `source`?
bool TcgState::matches(const Filter& f, int controller, int source, int ref) const {
  if (f.another && ref == source) return false;
  if (ref >= kSummonerRef && ref < kPlayerRef) {  // a Summoner
    int p = (ref - kSummonerRef) / 2;
    const Summoner& s = players_[u(p)].summoners[u((ref - kSummonerRef) % 2)];
    if (!s.alive || players_[u(p)].out) return false;
    if (f.types != 0 && !(f.types & cardgame::kSummoner)) return false;
    if (f.zone != cardgame::Zone::kBattlefield) return false;
    if (f.whose == cardgame::Whose::kYou && p != controller) return false;
    if (f.whose == cardgame::Whose::kOpponent && p == controller) return false;
    if (f.tilted_only && !s.tilted) return false;
    if (f.untilted_only && s.tilted) return false;
    if (f.abilities != 0 || f.plane == cardgame::Plane::kAir || !f.subtype.empty()) return false;
    if (!f.card_id.empty() && cards_->card(s.def).id != f.card_id) return false;
    return true;
  }
  if (ref >= kSummonerRef) return false;
  const Obj& o = objs_[u(ref)];
  Where want = Where::kBattlefield;
  switch (f.zone) {
    case cardgame::Zone::kBattlefield: want = Where::kBattlefield; break;
    case cardgame::Zone::kHand: want = Where::kHand; break;
    case cardgame::Zone::kLibrary: want = Where::kLibrary; break;
    case cardgame::Zone::kCemetery: want = Where::kCemetery; break;
    case cardgame::Zone::kExclusion: want = Where::kExclusion; break;
    case cardgame::Zone::kChain: want = Where::kChain; break;
  }
  if (o.where != want) return false;
  const CardDef& card = cards_->card(o.def);
  uint32_t types = card.types;
  if ((types & cardgame::kDoor) && want == Where::kBattlefield &&
      std::any_of(combat_.begin(), combat_.end(), [&](const CombatEntry& e) { return e.attacker == ref; })) {
    types |= cardgame::kCreature;  // Interpretation TCG-I6: an attacking Door is a Creature
  }
  if (f.types != 0 && !(f.types & types)) return false;
  int whose = want == Where::kBattlefield ? o.controller : o.owner;
  if (f.whose == cardgame::Whose::kYou && whose != controller) return false;
  if (f.whose == cardgame::Whose::kOpponent && whose == controller) return false;
  if (f.tilted_only && !o.tilted) return false;
  if (f.untilted_only && o.tilted) return false;
  // The abilities only when the filter asks (abilities_of walks the attached objects).
  if (f.abilities != 0 || f.plane != cardgame::Plane::kAny) {
    const uint64_t abilities = want == Where::kBattlefield ? abilities_of(ref) : card.abilities;
    if ((abilities & f.abilities) != f.abilities) return false;
    if (f.plane == cardgame::Plane::kAir && !(abilities & cardgame::kFlight)) return false;
    if (f.plane == cardgame::Plane::kGround && (abilities & cardgame::kFlight)) return false;
  }
  if (!f.card_id.empty() && card.id != f.card_id) return false;
  if (!f.subtype.empty() && !card.has_subtype(f.subtype)) return false;  // Rule TCG-12.38
  return true;
}

void TcgState::candidates(const Frame& frame, const Step& step, std::vector<int16_t>& out) const {
  out.clear();
  const Filter& f = step.target.filter;
  if (step.op == Op::kCancel) {
    // Rule TCG-11.4: an item still on the chain, of the kinds named.
    for (size_t i = 0; i < chain_.size(); ++i) {
      uint32_t bit = chain_[i].kind == ChainKind::kImminent ? cardgame::kChainImminent
                     : chain_[i].kind == ChainKind::kAction ? cardgame::kChainAction
                                                            : cardgame::kChainSkill;
      if (step.cancel_types == 0 || (step.cancel_types & bit)) out.push_back(static_cast<int16_t>(kChainRef + i));
    }
    return;
  }
  if (f.zone == cardgame::Zone::kBattlefield) {
    for (int16_t id : battlefield_) {
      if (matches(f, frame.controller, frame.source, id)) out.push_back(id);
    }
    if (f.types == 0 || (f.types & cardgame::kSummoner)) {
      for (int p = 0; p < sides(); ++p) {
        for (int s = 0; s < 2; ++s) {
          int ref = kSummonerRef + 2 * p + s;
          if (matches(f, frame.controller, frame.source, ref)) out.push_back(static_cast<int16_t>(ref));
        }
      }
    }
  } else {
    for (int id = 0; id < num_objects(); ++id) {
      if (matches(f, frame.controller, frame.source, id)) out.push_back(static_cast<int16_t>(id));
    }
  }
  std::sort(out.begin(), out.end());
}

void TcgState::push_frame(int list, int controller, int source, int event) {
  if (list < 0 || cards_->lists[u(list)]->empty()) return;
  Frame frame;
  frame.list = static_cast<int16_t>(list);
  frame.controller = static_cast<uint8_t>(controller);
  frame.source = static_cast<int16_t>(source);
  frame.event = static_cast<int16_t>(event);
  frames_.push_back(frame);
}

// The base effects of object `id` with `trigger` (Rule TCG-8.2), controlled by the
// object's controller. Pushed so that the first printed effect resolves first.
void TcgState::fire_trigger(int id, Trigger trigger, int event) {
  const Obj& o = objs_[u(id)];
  const CardDef& card = cards_->card(o.def);
  const auto& lists = cards_->by_card[u(o.def)].effects;
  const int controller = o.controller;
  for (size_t k = card.effects.size(); k-- > 0;) {
    const cardgame::TriggeredEffect& e = card.effects[k];
    if (e.trigger != trigger || e.whenever != cardgame::Whenever::kNone) continue;
    if (!effect_may_happen(id, k, controller, event)) continue;  // `if:`, `limit:` (card language v2)
    log_trigger(id, static_cast<int>(trigger));
    push_frame(lists[k], controller, id, event);
  }
}

void TcgState::run_frames() {
  while (!frames_.empty() && choice_.kind == ChoiceKind::kNone && phase_ != Phase::kGameOver) {
    size_t index = frames_.size() - 1;
    Frame frame = frames_[index];
    const std::vector<Step>& steps = *cards_->lists[u(frame.list)];
    if (frame.pc >= steps.size() || players_[frame.controller].out) {  // Rule TCG-15.5
      frames_.erase(frames_.begin() + static_cast<std::ptrdiff_t>(index));
      continue;
    }
    const Step& step = steps[frame.pc];
    if (++effect_steps_ > kMaxEffectSteps) {  // Interpretation TCG-I67
      effect_loop_draw();
      return;
    }
    if (!run_step(frames_[index], step)) return;  // a choice is pending
    check_deaths();
  }
}

// Resolves one step of the frame (advancing its pc), or asks for a choice and returns false.
bool TcgState::run_step(Frame& frame_ref, const Step& step) {
  Frame frame = frame_ref;  // the reference may move when frames are pushed
  size_t index = static_cast<size_t>(&frame_ref - frames_.data());
  auto advance_pc = [&]() {
    frames_[index].pc = static_cast<uint8_t>(frame.pc + 1);
    frames_[index].chosen = kNoRef;
    frames_[index].repeat = 0;
  };
  // Card language v2 `if:`: checked as the step is reached (before any choice it asks).
  if (step.condition.present() && frame.chosen == kNoRef &&
      !condition_holds(step.condition, frame.controller, frame.source, frame.event)) {
    advance_pc();
    return true;
  }
  if (step.op == Op::kCoinToss || step.op == Op::kDiceRoll) {
    advance_pc();
    bool success;
    if (step.op == Op::kCoinToss) {
      success = toss(frame.controller);
    } else {
      int roll = rng_.roll(6);
      success = roll >= step.dice_at_least;
      log(kEvDice, frame.controller, roll, success ? 1 : 0);
    }
    const auto& branch = cards_->branches[u(frame.list)][frame.pc];
    push_frame(success ? branch.first : branch.second, frame.controller, frame.source, frame.event);
    return true;
  }
  bool needs_object = is_object_op(step.op) ||
                      (step.who == Who::kTargetController && step.target.mode != TargetMode::kNone);
  if (!needs_object) {
    // Player-directed steps: `who` (an opponent among several is chosen).
    std::vector<int> who;
    int n = sides();
    switch (step.who) {
      case Who::kYou: who.push_back(frame.controller); break;
      case Who::kOpponent:
      case Who::kEachOpponent:
        for (int k = 1; k < n; ++k) {
          int p = (frame.controller + k) % n;
          if (!players_[u(p)].out) who.push_back(p);
        }
        if (step.who == Who::kOpponent && who.size() > 1) {
          if (frame.chosen == kNoRef) {
            choice_ = Choice{};
            choice_.kind = ChoiceKind::kStepTarget;
            choice_.chooser = frame.controller;
            for (int p : who) choice_.options.push_back(static_cast<int16_t>(kPlayerRef + p));
            return false;
          }
          who = {frame.chosen - kPlayerRef};
        }
        break;
      case Who::kEachPlayer:
        for (int k = 0; k < n; ++k) {
          int p = (frame.controller + k) % n;
          if (!players_[u(p)].out) who.push_back(p);
        }
        break;
      case Who::kTargetController: who.push_back(frame.controller); break;
    }
    advance_pc();
    for (int p : who) apply_step(frame, step, kPlayerRef + p);
    return true;
  }
  std::vector<int16_t> targets;
  switch (step.target.mode) {
    case TargetMode::kNone:
    case TargetMode::kSelf: targets.push_back(frame.source); break;
    case TargetMode::kEvent:
      if (frame.event != kNoRef) targets.push_back(frame.event);
      break;
    case TargetMode::kEquipped:
      if (frame.source < kSummonerRef && objs_[u(frame.source)].attached_to >= 0) {
        targets.push_back(objs_[u(frame.source)].attached_to);
      }
      break;
    case TargetMode::kAll: candidates(frame, step, targets); break;
    case TargetMode::kRandom: {
      std::vector<int16_t> all;
      candidates(frame, step, all);
      if (!all.empty()) targets.push_back(all[u(static_cast<int>(rng_.below(all.size())))]);
      break;
    }
    case TargetMode::kChoose: {
      if (frame.chosen != kNoRef) {
        targets.push_back(frame.chosen);
        break;
      }
      std::vector<int16_t> all;
      candidates(frame, step, all);
      if (all.size() > 1) {
        choice_ = Choice{};
        choice_.kind = ChoiceKind::kStepTarget;
        choice_.chooser = frame.controller;
        choice_.options = all;
        return false;
      }
      targets = all;  // Interpretation TCG-I4: a single candidate is taken without asking
      break;
    }
  }
  advance_pc();
  for (int16_t t : targets) {
    if (step.who == Who::kTargetController && !is_object_op(step.op)) {
      apply_step(frame, step, kPlayerRef + controller_of(t));
    } else {
      apply_step(frame, step, t);
    }
  }
  return true;
}

void TcgState::change_resource(int player, Resource r, int delta) {
  Player& pl = players_[u(player)];
  int8_t& slot = r == Resource::kCoins ? pl.coins : pl.ether;
  slot = static_cast<int8_t>(std::clamp(slot + delta, 0, kMaxResource));  // Rule TCG-2.1
}

void TcgState::damage_summoner(int player, int slot, int amount) {
  Summoner& s = players_[u(player)].summoners[u(slot)];
  if (!s.alive || amount <= 0) return;
  s.hp = static_cast<int8_t>(std::max(0, s.hp - amount));
  log(kEvSummonerDamage, player, slot, amount);
}

void TcgState::add_counter(int id, int attack, int defense, bool temporary) {
  Obj& o = objs_[u(id)];
  // Rule TCG-12.18: Constancy refuses -X/-X counters.
  if ((attack < 0 || defense < 0) && (abilities_of(id) & cardgame::kConstancy)) return;
  // Issue 36: the log shows every effect's result (a Creature on the battlefield: public).
  if (attack || defense) log(temporary ? kEvBoost : kEvCounter, o.controller, id, attack, defense);
  if (temporary) {
    o.temp_attack = static_cast<int8_t>(std::clamp(o.temp_attack + attack, -99, 99));
    o.temp_defense = static_cast<int8_t>(std::clamp(o.temp_defense + defense, -99, 99));
  } else {
    o.counter_attack = static_cast<int8_t>(std::clamp(o.counter_attack + attack, -99, 99));
    o.counter_defense = static_cast<int8_t>(std::clamp(o.counter_defense + defense, -99, 99));
  }
}

void TcgState::apply_step(const Frame& frame, const Step& step, int target) {
  int me = frame.controller;
  // Interpretation TCG-I69: a value expression below 0 is 0, above 999 is 999.
  int amount = std::clamp(value_of(step.amount, me, frame.source, frame.event, target), 0, kMaxAmount);
  bool is_summoner = target >= kSummonerRef && target < kPlayerRef;
  int tp = is_summoner ? (target - kSummonerRef) / 2 : 0;
  int ts = is_summoner ? (target - kSummonerRef) % 2 : 0;
  bool is_obj = target < kSummonerRef;
  bool on_field = is_obj && objs_[u(target)].where == Where::kBattlefield;
  int player = target >= kPlayerRef && target < kChainRef ? target - kPlayerRef : me;
  switch (step.op) {
    case Op::kDamage:
      if (is_summoner) damage_summoner(tp, ts, amount);
      if (on_field) {
        amount = disease_hit(target, amount, false);  // Paranoia, Rule TCG-14.17
        deal_damage(target, amount);
        log(kEvDamage, objs_[u(target)].controller, target, amount);
      }
      break;
    case Op::kHeal:
      if (is_summoner) {
        Summoner& s = players_[u(tp)].summoners[u(ts)];
        if (s.alive) s.hp = static_cast<int8_t>(std::min(kMaxHp, s.hp + amount));  // Rule TCG-5.6
        log(kEvHeal, tp, ts, amount);
      }
      if (on_field) objs_[u(target)].damage = static_cast<int16_t>(std::max(0, objs_[u(target)].damage - amount));
      break;
    case Op::kGain:
      change_resource(player, step.resource, amount);
      if (amount > 0) log(kEvGain, player, amount, step.resource == Resource::kCoins ? 0 : 1);
      break;
    case Op::kLose:
      change_resource(player, step.resource, -amount);
      if (amount > 0) log(kEvLose, player, amount, step.resource == Resource::kCoins ? 0 : 1);
      break;
    case Op::kSteal: {
      const Player& victim = players_[u(player)];
      int have = step.resource == Resource::kCoins ? victim.coins : victim.ether;
      int taken = std::min(have, amount);
      change_resource(player, step.resource, -taken);
      change_resource(me, step.resource, taken);
      if (taken > 0) {  // nothing to take: nothing to tell
        log(kEvLose, player, taken, step.resource == Resource::kCoins ? 0 : 1);
        log(kEvGain, me, taken, step.resource == Resource::kCoins ? 0 : 1);
      }
      break;
    }
    case Op::kDraw: draw(player, amount); break;
    case Op::kDiscard: {
      Player& pl = players_[u(player)];
      int count = std::min<int>({amount, static_cast<int>(pl.hand.size()), 99});  // TCG-I69: 99 at most
      if (count <= 0) break;
      if (step.target.mode == TargetMode::kRandom) {
        for (int k = 0; k < count; ++k) {
          size_t pick = static_cast<size_t>(rng_.below(pl.hand.size()));
          int16_t id = pl.hand[pick];
          pl.hand.erase(pl.hand.begin() + static_cast<std::ptrdiff_t>(pick));
          objs_[u(id)].where = Where::kCemetery;
          players_[objs_[u(id)].owner].cemetery.push_back(id);
          log(kEvDiscard, player, objs_[u(id)].def);
        }
        break;
      }
      choice_ = Choice{};
      choice_.kind = ChoiceKind::kDiscard;
      choice_.chooser = static_cast<uint8_t>(player);
      choice_.remaining = static_cast<int8_t>(count);
      choice_.options.assign(pl.hand.begin(), pl.hand.end());
      std::sort(choice_.options.begin(), choice_.options.end());
      break;
    }
    case Op::kSearch: {
      Player& pl = players_[u(me)];
      std::vector<int16_t> options;
      for (int16_t id : pl.library) {
        if (matches(step.target.filter, me, frame.source, id)) options.push_back(id);
      }
      std::sort(options.begin(), options.end());
      if (options.empty()) {
        shuffle_library(me);
        break;
      }
      choice_ = Choice{};
      choice_.kind = ChoiceKind::kSearch;
      choice_.chooser = static_cast<uint8_t>(me);
      choice_.options = options;
      break;
    }
    case Op::kReturn:
      if (is_obj && (objs_[u(target)].where == Where::kCemetery || objs_[u(target)].where == Where::kExclusion)) {
        // From the Cemetery or Exclusion Zone: to its owner's hand.
        Obj& o = objs_[u(target)];
        Player& owner = players_[o.owner];
        auto& zone = o.where == Where::kCemetery ? owner.cemetery : owner.exclusion;
        zone.erase(std::find(zone.begin(), zone.end(), target));
        o.where = Where::kHand;
        o.known = true;  // it came from a public zone
        o.reached_hand = true;
        owner.hand.push_back(static_cast<int16_t>(target));
        log(kEvReturn, o.owner, o.def);
      }
      if (on_field) {
        // Rule TCG-12.9: to its controller's hand; its Equipment follows (Rule TCG-12.11).
        move_off_battlefield(target, Where::kHand);
      }
      break;
    case Op::kDestroy:
      if (on_field) destroy(target);
      if (is_summoner) damage_summoner(tp, ts, players_[u(tp)].summoners[u(ts)].hp);
      break;
    case Op::kExclude:
      if (on_field) move_off_battlefield(target, Where::kExclusion);
      if (is_obj && objs_[u(target)].where == Where::kCemetery) {
        Obj& o = objs_[u(target)];
        Player& owner = players_[o.owner];
        owner.cemetery.erase(std::find(owner.cemetery.begin(), owner.cemetery.end(), target));
        o.where = Where::kExclusion;
        owner.exclusion.push_back(static_cast<int16_t>(target));
        log(kEvExclude, o.owner, o.def);
      }
      break;
    case Op::kCounter:
      if (on_field) {
        const int attack = step.attack_value.is_constant()
                               ? step.attack
                               : std::clamp(value_of(step.attack_value, me, frame.source, frame.event, target), -99, 99);
        add_counter(target, attack, step.defense, step.duration == cardgame::Duration::kEndOfTurn);
      }
      break;
    case Op::kOpen:
      if (on_field && cards_->card(objs_[u(target)].def).is(cardgame::kDoor) && !objs_[u(target)].open) {
        objs_[u(target)].open = true;
        fire_trigger(target, Trigger::kOpened, frame.source);
      }
      break;
    case Op::kClose:
      if (on_field) objs_[u(target)].open = false;
      break;
    case Op::kTilt:
      if (on_field) objs_[u(target)].tilted = true;
      if (is_summoner) players_[u(tp)].summoners[u(ts)].tilted = true;
      break;
    case Op::kUntilt:
      if (on_field) objs_[u(target)].tilted = false;
      if (is_summoner) {
        Summoner& s = players_[u(tp)].summoners[u(ts)];
        s.tilted = false;
        s.skills_used = 0;  // Rule TCG-5.4: skills are once per untilt
      }
      break;
    case Op::kControl:
      if (on_field && objs_[u(target)].controller != me) {
        Obj& o = objs_[u(target)];
        if (step.duration == cardgame::Duration::kEndOfTurn && !o.control_until_eot) {
          o.control_until_eot = true;
          o.eot_controller = o.controller;
        }
        set_controller(target, me);  // Interpretation TCG-I9: sick
      }
      break;
    case Op::kCopy:
      if (on_field) create_token(objs_[u(target)].def, me);  // none at the limit (TCG-I68)
      break;
    case Op::kToken: {
      int def = cards_->db->find(step.card_id);
      if (def >= 0) create_token(def, me);
      break;
    }
    case Op::kRegress:
      if (is_summoner) {
        Summoner& s = players_[u(tp)].summoners[u(ts)];
        if (s.level > 1) s.level = static_cast<int8_t>(s.level - 1);
        s.cp = static_cast<int8_t>(std::min(s.cp, static_cast<int8_t>(max_cp(tp, ts))));
      }
      break;
    case Op::kRestore:
      if (is_summoner) {
        // Interpretation TCG-I11: only levels given by Level Up cards still on it.
        Summoner& s = players_[u(tp)].summoners[u(ts)];
        if (s.level < s.level_ups + 1) s.level = static_cast<int8_t>(s.level + 1);
      }
      break;
    case Op::kAttach:
      if (frame.source < kSummonerRef && (on_field || is_summoner)) {
        objs_[u(frame.source)].attached_to = static_cast<int16_t>(target);
        attached_.note(frame.source);
      }
      break;
    case Op::kCancel: {
      int index = target - kChainRef;
      if (index < 0 || index >= static_cast<int>(chain_.size())) break;
      ChainItem item = chain_[u(index)];
      chain_.erase(chain_.begin() + index);
      log(kEvCancel, me, static_cast<int>(item.kind), chain_item_def(item), item.index);
      if (item.kind == ChainKind::kImminent) {
        put_in_cemetery(item.source);
      }
      break;
    }
    case Op::kUnlock:
      if (on_field && (abilities_of(target) & (cardgame::kLock | cardgame::kChained)) && !objs_[u(target)].unlocked) {
        objs_[u(target)].unlocked = true;  // Rules TCG-12.13, TCG-12.30 (frees a Chained card)
        fire_trigger(target, Trigger::kUnlocked, frame.source);
      }
      break;
    case Op::kDiscount:
      players_[u(me)].discount = static_cast<int8_t>(std::min(kMaxResource, players_[u(me)].discount + amount));
      break;
    case Op::kCoinToss:
    case Op::kDiceRoll:
      break;  // handled in run_step
    case Op::kCure: cure(target); break;  // Rule TCG-14.4
    case Op::kMill: {
      // The top of a library is its back (draw takes from there).
      Player& pl = players_[u(player)];
      const int count = std::min<int>(amount, static_cast<int>(pl.library.size()));
      for (int k = 0; k < count; ++k) {
        const int16_t id = pl.library.back();
        pl.library.pop_back();
        put_in_cemetery(id);
      }
      log(kEvMill, player, count);
      break;
    }
    case Op::kShuffleIn:
      if (is_obj) shuffle_into_library(target);
      break;
    case Op::kLoseAbilities:
      if (on_field) {
        objs_[u(target)].lost_abilities = true;
        log(kEvLoseAbilities, objs_[u(target)].controller, target);
      }
      break;
    case Op::kGrant:
      if (on_field) {
        objs_[u(target)].granted |= step.abilities;
        abilities_present_ |= step.abilities;
        log(kEvGrant, objs_[u(target)].controller, target);
      }
      break;
    case Op::kPrevent:
      if (on_field) {
        Obj& o = objs_[u(target)];
        o.prevent = static_cast<uint8_t>(std::min(99, o.prevent + amount));
      }
      break;
  }
}

// Card language v2 `shuffle in`: the card leaves its zone (the battlefield as if it left
// any other way: its Equipment is destroyed with it, a token ceases to exist) and goes into
// its owner's library, which is then shuffled. Interpretation TCG-I73: in the library it is
// a new object (its old number keeps naming the card it was, in the log and in the
// observations); at the object limit (TCG-I68) it stays where it is.
void TcgState::shuffle_into_library(int id) {
  const Where from = objs_[u(id)].where;
  if (from != Where::kBattlefield && from != Where::kHand && from != Where::kCemetery && from != Where::kExclusion) {
    return;  // already in a library, on the chain, stacked or gone
  }
  const bool token = objs_[u(id)].token;
  int fresh = -1;
  if (!token) {
    fresh = create_object(objs_[u(id)].def, objs_[u(id)].owner, Where::kGone);  // references are invalid from here
    if (fresh < 0) {
      log(kEvNoObject, objs_[u(id)].owner, objs_[u(id)].def);
      return;
    }
  }
  const int owner = objs_[u(id)].owner;
  const bool from_hand = from == Where::kHand && !objs_[u(id)].known;  // the others do not see which
  Player& pl = players_[u(owner)];
  auto take = [&](std::vector<int16_t>& zone) {
    auto it = std::find(zone.begin(), zone.end(), id);
    if (it != zone.end()) zone.erase(it);
  };
  switch (from) {
    case Where::kBattlefield:
      move_off_battlefield(id, Where::kLibrary);  // a token is gone; a card is put on top, taken back below
      take(pl.library);
      break;
    case Where::kHand: take(pl.hand); break;
    case Where::kCemetery: take(pl.cemetery); break;
    default: take(pl.exclusion); break;
  }
  if (fresh < 0) return;  // a token
  const int def = objs_[u(id)].base_def >= 0 ? objs_[u(id)].base_def : objs_[u(id)].def;
  objs_[u(id)].where = Where::kGone;
  Obj& card = objs_[u(fresh)];
  card.def = static_cast<int16_t>(def);
  card.where = Where::kLibrary;
  pl.library.push_back(static_cast<int16_t>(fresh));
  shuffle_library(owner);
  log(kEvShuffleIn, owner, from_hand ? -1 : def);
}

void TcgState::add_damage(int id, int amount) {
  Obj& o = objs_[u(id)];
  o.damage = static_cast<int16_t>(std::clamp(o.damage + amount, 0, kMaxAmount));  // TCG-I69
}

void TcgState::enter_battlefield(int id, int controller, bool invoked) {
  Obj& o = objs_[u(id)];
  o.where = Where::kBattlefield;
  o.controller = static_cast<uint8_t>(controller);
  o.tilted = false;
  o.sick = true;   // Rule TCG-7.1: invocation sickness
  o.open = false;  // Rule TCG-10.4: Doors enter closed
  o.unlocked = false;
  o.counter_attack = o.counter_defense = o.temp_attack = o.temp_defense = 0;
  o.damage = 0;
  o.attached_to = -1;
  o.control_until_eot = false;
  o.caster = -1;  // Diseases (Rules TCG-14.*): nothing carried over from an earlier stay
  o.disease_turns = 0;
  o.disabled = o.double_damage = false;
  o.actions_by = -1;
  o.lost_abilities = false;  // card language v2: nothing carried over either
  o.prevent = o.fired = 0;
  o.granted = 0;
  battlefield_.push_back(static_cast<int16_t>(id));
  const CardDef& card = cards_->card(o.def);
  on_enter_battlefield(id);  // Morpher (abilities.cpp)
  if (invoked) fire_global(cardgame::Whenever::kInvoked, id);  // resolves after its own `invoked`
  if (invoked) fire_trigger(id, Trigger::kInvoked, kNoRef);
  if (card.has(cardgame::kEquipment)) {
    // Rule TCG-12.11: an Equipment attaches to a target Constant or Summoner.
    Frame probe;
    probe.controller = static_cast<uint8_t>(controller);
    probe.source = static_cast<int16_t>(id);
    Step step;
    step.op = Op::kAttach;
    step.target.mode = TargetMode::kChoose;
    step.target.filter = card.attach;
    step.target.filter.another = true;
    std::vector<int16_t> options;
    candidates(probe, step, options);
    if (options.size() == 1) {
      o.attached_to = options[0];
      attached_.note(id);
    } else if (options.size() > 1) {
      choice_ = Choice{};
      choice_.kind = ChoiceKind::kAttach;
      choice_.chooser = static_cast<uint8_t>(controller);
      choice_.subject = static_cast<int16_t>(id);
      choice_.options = options;
    }
  }
  if (card.has(cardgame::kDisease)) start_infection(id, controller);  // Rule TCG-14.2
  check_immunity();  // an Equipment may give Immunity (Rule TCG-14.6)
}

// Leaves the battlefield to `to` (kHand: its controller's hand). Equipment attached to it
// follows: destroyed with it, returned with it (Rule TCG-12.11). Tokens cease to exist.
void TcgState::move_off_battlefield(int id, Where to) {
  Obj& o = objs_[u(id)];
  auto it = std::find(battlefield_.begin(), battlefield_.end(), id);
  if (it == battlefield_.end()) return;
  disease_leaves(id);  // Madness gives its host back (Rule TCG-14.9)
  battlefield_.erase(it);
  on_leave_battlefield(id, to);  // Morpher, Assimilation stack, once-per-turn flags
  int controller = o.controller;
  o.attached_to = -1;
  o.tilted = false;
  o.control_until_eot = false;
  o.lost_abilities = false;  // card language v2: what lasts until end of turn ends as it leaves
  o.prevent = 0;
  o.granted = 0;
  if (o.token) {
    o.where = Where::kGone;
  } else if (to == Where::kHand) {
    o.where = Where::kHand;
    o.known = !o.token;  // it came from the battlefield: everyone knows it
    o.reached_hand = true;
    players_[u(controller)].hand.push_back(static_cast<int16_t>(id));
    log(kEvReturn, controller, o.def);
  } else if (to == Where::kExclusion) {
    o.where = Where::kExclusion;
    players_[o.owner].exclusion.push_back(static_cast<int16_t>(id));
    log(kEvExclude, o.owner, o.def);
  } else if (to == Where::kLibrary) {  // `shuffle in` (card language v2): the caller shuffles
    o.where = Where::kLibrary;
    o.known = false;
    players_[o.owner].library.push_back(static_cast<int16_t>(id));
  } else {
    put_in_cemetery(id);
  }
  o.controller = o.owner;
  std::vector<int16_t> equipment;
  for (int16_t e : battlefield_) {
    if (objs_[u(e)].attached_to == id) equipment.push_back(e);
  }
  for (int16_t e : equipment) {
    if (is_disease(e)) {  // Rule TCG-14.5: a Disease ends with its host
      end_disease(e);
    } else if (to == Where::kHand) {
      move_off_battlefield(e, Where::kHand);
    } else {
      destroy(e);
    }
  }
}

// To its owner's Cemetery; an infinite-rank card is excluded instead and its owner gains
// 1 Ether (Rule TCG-6.2).
void TcgState::put_in_cemetery(int id) {
  Obj& o = objs_[u(id)];
  if (cards_->card(o.def).rank == cardgame::kInfiniteRank) {
    o.where = Where::kExclusion;
    players_[o.owner].exclusion.push_back(static_cast<int16_t>(id));
    // Issue 38: the exclusion and its Ether are in the log (they were not).
    log(kEvExclude, o.owner, o.def);
    const int ether = players_[o.owner].ether;
    change_resource(o.owner, Resource::kEther, 1);
    if (players_[o.owner].ether > ether) log(kEvGain, o.owner, 1, 1);
  } else {
    o.where = Where::kCemetery;
    players_[o.owner].cemetery.push_back(static_cast<int16_t>(id));
  }
}

void TcgState::destroy(int id) {
  if (objs_[u(id)].where != Where::kBattlefield) return;
  int controller = objs_[u(id)].controller;
  const Where zone = death_zone(id);  // Morpher's own card, stack, Reanimation, Inhume (abilities.cpp)
  log(kEvDies, controller, objs_[u(id)].def, id);
  // Card language v2: "whenever a Creature dies" sees it as it was on the battlefield.
  fire_global(cardgame::Whenever::kDies, id);
  move_off_battlefield(id, zone);
  // Rule TCG-8.3: "when it dies" effects resolve with the card's last controller.
  const Obj& o = objs_[u(id)];
  const CardDef& card = cards_->card(o.def);
  const auto& lists = cards_->by_card[u(o.def)].effects;
  for (size_t k = card.effects.size(); k-- > 0;) {
    const cardgame::TriggeredEffect& e = card.effects[k];
    if (e.trigger != Trigger::kDies || e.whenever != cardgame::Whenever::kNone) continue;
    if (!effect_may_happen(id, k, controller, kNoRef)) continue;
    push_frame(lists[k], controller, id, kNoRef);
  }
}

// Rules TCG-6.1, 6.3, 6.4: Constants at 0 defense die, Summoners at 0 HP die, a player
// without a living Summoner is out, the last player standing wins. Rule TCG-12.19: a Morpher
// that has lost Morpher dies; checked here, after every effect step and wherever deaths are
// checked, so that it dies in any window of any player's turn (Interpretation TCG-I30).
void TcgState::check_deaths() {
  check_immunity();  // Rule TCG-14.6
  const bool morphers = (abilities_present_ & cardgame::kMorpher) != 0;
  for (bool again = true; again;) {
    again = false;
    for (int16_t id : battlefield_) {
      const CardDef& card = cards_->card(objs_[u(id)].def);
      if (!card.is(cardgame::kCreature | cardgame::kDoor)) continue;
      if (defense_of(id) - objs_[u(id)].damage <= 0 || (morphers && lost_morpher(id))) {
        destroy(id);
        again = true;
        break;
      }
    }
  }
  for (int p = 0; p < sides(); ++p) {
    Player& pl = players_[u(p)];
    if (pl.out) continue;
    for (int s = 0; s < 2; ++s) {
      Summoner& sm = pl.summoners[u(s)];
      if (sm.alive && sm.hp <= 0) {
        sm.alive = false;
        sm.cp = 0;
        log(kEvSummonerDies, p, s);
        int ref = kSummonerRef + 2 * p + s;
        std::vector<int16_t> equipment;
        for (int16_t e : battlefield_) {
          if (objs_[u(e)].attached_to == ref) equipment.push_back(e);
        }
        for (int16_t e : equipment) destroy(e);
      }
    }
    if (!pl.summoners[0].alive && !pl.summoners[1].alive) {
      pl.out = true;
      log(kEvPlayerOut, p);
      player_leaves(p);
    }
  }
  check_game_over();
}

void TcgState::resolve_chain_top() {
  ChainItem item = chain_.back();
  chain_.pop_back();
  // Rule TCG-15.5: what a departed player played, or a card of a departed player, does nothing.
  if (players_[item.controller].out) return;
  if (item.kind != ChainKind::kSkill && objs_[u(item.source)].where == Where::kGone) return;
  switch (item.kind) {
    case ChainKind::kImminent: {
      Obj& o = objs_[u(item.source)];
      const CardDef& card = cards_->card(o.def);
      log(kEvResolve, item.controller, o.def, 0, static_cast<int>(ChainKind::kImminent));
      if (card.is_constant()) {
        enter_battlefield(item.source, item.controller);  // Rule TCG-8.5: it stays
      } else {
        // Rule TCG-8.4: a plain Imminent is used, then goes to the Cemetery (infinite rank:
        // excluded, +1 Ether).
        put_in_cemetery(item.source);
        const auto& lists = cards_->by_card[u(o.def)].effects;
        for (size_t k = card.effects.size(); k-- > 0;) {
          if (card.effects[k].trigger == Trigger::kInvoked) push_frame(lists[k], item.controller, item.source, kNoRef);
        }
      }
      break;
    }
    case ChainKind::kSkill: {
      int p = (item.source - kSummonerRef) / 2;
      int s = (item.source - kSummonerRef) % 2;
      const Summoner& sm = players_[u(p)].summoners[u(s)];
      log(kEvResolve, item.controller, sm.def, item.index, static_cast<int>(ChainKind::kSkill));
      push_frame(cards_->by_card[u(sm.def)].skills[u(item.index)], item.controller, item.source, kNoRef);
      break;
    }
    case ChainKind::kAction: {
      const Obj& o = objs_[u(item.source)];
      // Rule TCG-9.2: if the card did not survive, the Action is not performed, even if the
      // object is back on the battlefield (a Morpher may then be another card).
      if (item.left || o.where != Where::kBattlefield) break;
      log(kEvResolve, item.controller, o.def, item.index, static_cast<int>(ChainKind::kAction));
      const cardgame::ActionDef& action = cards_->card(o.def).actions[u(item.index)];
      const auto& lists = cards_->by_card[u(o.def)];
      bool success = true;
      if (action.kind == cardgame::ActionKind::kCoinToss) {
        success = toss(item.controller);
      } else if (action.kind == cardgame::ActionKind::kDiceRoll) {
        int roll = rng_.roll(6);
        success = roll >= action.dice_at_least;
        log(kEvDice, item.controller, roll, success ? 1 : 0);
      }
      push_frame(success ? lists.action_success[u(item.index)] : lists.action_fail[u(item.index)],
                 item.controller, item.source, kNoRef);
      break;
    }
  }
}

}  // namespace rise::tcg
