#include "rise/cardgame/describe.h"

namespace rise::cardgame {

namespace {

// The names of the bits set in `mask` (bit i: names[i]), in bit order.
std::vector<std::string> names_in(uint64_t mask, const std::vector<std::string>& names) {
  std::vector<std::string> out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (mask & (uint64_t{1} << i)) out.push_back(names[i]);
  }
  return out;
}

std::string names_of(uint64_t mask, const std::vector<std::string>& names, const std::string& sep) {
  std::string out;
  for (const std::string& name : names_in(mask, names)) out += (out.empty() ? "" : sep) + name;
  return out;
}

std::string flow_map(const std::vector<std::string>& entries) {
  std::string out = "{";
  for (size_t i = 0; i < entries.size(); ++i) out += (i ? ", " : "") + entries[i];
  return out + "}";
}

const std::string& name_at(const std::vector<std::string>& names, size_t index) { return names.at(index); }

Who default_who(Op op) { return op == Op::kSteal ? Who::kOpponent : Who::kYou; }

}  // namespace

std::string types_to_text(uint32_t types, const std::string& sep) { return names_of(types, card_type_names(), sep); }

std::string abilities_to_text(uint64_t abilities, const std::string& sep) {
  return names_of(abilities, ability_names(), sep);
}

const std::string& rarity_name(Rarity rarity) {
  static const std::vector<std::string> names = {"Common", "Uncommon", "Rare", "Legendary"};
  return names.at(static_cast<size_t>(rarity));
}

std::string rank_to_text(int rank) { return rank == kInfiniteRank ? "infinite" : std::to_string(rank); }

std::vector<std::string> ability_list(uint64_t abilities) { return names_in(abilities, ability_names()); }

std::string stats_to_text(const CardDef& c) {
  if (c.is(kSummoner)) return "hp " + std::to_string(c.hp);
  if (!c.is(kCreature | kDoor)) return "";
  return (c.star_attack ? "*" : std::to_string(c.attack)) + "/" + (c.star_defense ? "*" : std::to_string(c.defense));
}

std::string action_cost_to_text(const ActionDef& a) {
  std::vector<std::string> parts;
  if (a.coins > 0) parts.push_back(std::to_string(a.coins) + (a.coins == 1 ? " coin" : " coins"));
  if (a.ether > 0) parts.push_back(std::to_string(a.ether) + " ether");
  if (parts.empty()) return "free";
  return parts.size() > 1 ? parts[0] + ", " + parts[1] : parts[0];
}

std::string action_terms_to_text(const ActionDef& a) {
  static const std::vector<std::string> kinds = {"direct purchase", "coin toss", "dice roll"};
  std::string out = kinds.at(static_cast<size_t>(a.kind));
  if (a.kind == ActionKind::kDiceRoll) out += ", success on " + std::to_string(a.dice_at_least) + "+";
  out += "; " + action_cost_to_text(a) + "; ";
  if (a.per_turn == 0) return out + "unlimited";
  if (a.per_turn == 1) return out + "once per turn";
  return out + std::to_string(a.per_turn) + " times per turn";
}

std::string filter_to_text(const Filter& f) {
  std::vector<std::string> e;
  if (f.whose != Whose::kAny) e.push_back("whose: " + name_at(whose_names(), static_cast<size_t>(f.whose)));
  if (f.types != 0) e.push_back("types: [" + types_to_text(f.types, ", ") + "]");
  if (f.plane != Plane::kAny) e.push_back("plane: " + name_at(plane_names(), static_cast<size_t>(f.plane)));
  if (f.zone != Zone::kBattlefield) e.push_back("zone: " + name_at(zone_names(), static_cast<size_t>(f.zone)));
  if (f.another) e.push_back("another: yes");
  if (f.abilities != 0) e.push_back("abilities: [" + abilities_to_text(f.abilities) + "]");
  if (!f.card_id.empty()) e.push_back("card: " + f.card_id);
  if (!f.subtype.empty()) e.push_back("subtype: " + f.subtype);
  if (f.tilted_only) e.push_back("tilted: yes");
  if (f.untilted_only) e.push_back("tilted: no");
  return flow_map(e);
}

std::string value_to_text(const Value& v) {
  if (v.is_constant()) return std::to_string(v.constant);
  std::vector<std::string> e;
  int times = 1;
  if (v.per_count != 0) {
    e.push_back("count: " + filter_to_text(v.count_filter));
    times = v.per_count;
  } else if (v.per_stat != 0) {
    e.push_back(std::string(v.stat == Stat::kAttack ? "attack of: " : "defense of: ") +
                name_at(stat_of_names(), static_cast<size_t>(v.stat_of)));
    times = v.per_stat;
  } else if (v.per_player != 0) {
    e.push_back(v.player_value == PlayerValue::kLowestHp ? "hp: yes" : "level: yes");
    times = v.per_player;
  } else {
    e.push_back(name_at(resource_names(), static_cast<size_t>(v.resource)) + ": yes");
    times = v.per_resource;
  }
  if (times != 1) e.push_back("times: " + std::to_string(times));
  if (v.constant != 0) e.push_back("plus: " + std::to_string(v.constant));
  return flow_map(e);
}

std::string condition_to_text(const Condition& c) {
  std::vector<std::string> e;
  if (c.self != Condition::Self::kAny) e.push_back("self: " + name_at(condition_self_names(), static_cast<size_t>(c.self)));
  if (c.turn != Condition::Turn::kAny) e.push_back("turn: " + name_at(condition_turn_names(), static_cast<size_t>(c.turn)));
  if (c.has_value) {
    // The value's own map, opened into the condition's ({count: ..., at least: 2}).
    const std::string v = value_to_text(c.value);  // a map: a condition's value is never a constant
    e.push_back(v.substr(1, v.size() - 2));
    if (c.at_least != Condition{}.at_least) e.push_back("at least: " + std::to_string(c.at_least));
    if (c.at_most != Condition{}.at_most) e.push_back("at most: " + std::to_string(c.at_most));
  }
  return flow_map(e);
}

std::string trigger_to_text(const TriggeredEffect& t) {
  if (t.whenever == Whenever::kNone) return name_at(trigger_names(), static_cast<size_t>(t.trigger));
  std::vector<std::string> e = {"whenever: " + name_at(whenever_names(), static_cast<size_t>(t.whenever) - 1)};
  const std::string filter = filter_to_text(t.filter);
  if (filter != "{}") e.push_back("filter: " + filter);
  return flow_map(e);
}

std::string target_to_text(const Target& t) {
  switch (t.mode) {
    case TargetMode::kNone:
      return "none";
    case TargetMode::kSelf:
      return "self";
    case TargetMode::kEvent:
      return "event";
    case TargetMode::kEquipped:
      return "equipped";
    case TargetMode::kChoose:
      return "{choose: " + filter_to_text(t.filter) + "}";
    case TargetMode::kAll:
      return "{all: " + filter_to_text(t.filter) + "}";
    case TargetMode::kRandom:
      return "{random: " + filter_to_text(t.filter) + "}";
  }
  return "none";
}

std::string step_to_text(const Step& s) {
  const std::string& op = op_names().at(static_cast<size_t>(s.op));
  std::vector<std::string> e;
  bool target_printed = false;
  switch (s.op) {
    case Op::kDamage:
    case Op::kHeal:
    case Op::kGain:
    case Op::kLose:
    case Op::kSteal:
    case Op::kDraw:
    case Op::kDiscard:
    case Op::kDiscount:
    case Op::kMill:
    case Op::kPrevent:
      e.push_back(op + ": " + value_to_text(s.amount));
      break;
    case Op::kGrant:
      e.push_back(op + ": [" + abilities_to_text(s.abilities) + "]");
      break;
    case Op::kSearch: {
      Filter f = s.target.filter;
      f.zone = Zone::kBattlefield;  // implied: search looks in the library
      e.push_back(op + ": " + filter_to_text(f));
      target_printed = true;
      break;
    }
    case Op::kCounter: {
      const std::string attack = s.attack_value.is_constant() ? std::to_string(s.attack) : value_to_text(s.attack_value);
      std::vector<std::string> c = {"attack: " + attack, "defense: " + std::to_string(s.defense)};
      if (s.duration == Duration::kEndOfTurn) c.push_back("until: end of turn");
      e.push_back(op + ": " + flow_map(c));
      break;
    }
    case Op::kControl:
      e.push_back(op + ": " + (s.duration == Duration::kEndOfTurn ? "{until: end of turn}" : "yes"));
      break;
    case Op::kToken:
      e.push_back(op + ": " + s.card_id);
      break;
    case Op::kCancel:
      e.push_back(op + ": " + (s.cancel_types == 0 ? "any" : "[" + names_of(s.cancel_types, chain_kind_names(), ", ") + "]"));
      target_printed = true;  // always chosen
      break;
    default:
      e.push_back(op + ": yes");
      break;
  }
  if (s.op == Op::kGain || s.op == Op::kLose || s.op == Op::kSteal) {
    if (s.resource != Resource::kCoins) e.push_back("resource: " + name_at(resource_names(), static_cast<size_t>(s.resource)));
  }
  const bool player_step = s.op == Op::kGain || s.op == Op::kLose || s.op == Op::kSteal || s.op == Op::kDraw ||
                           s.op == Op::kDiscard || s.op == Op::kMill;
  if (player_step && s.who != default_who(s.op)) e.push_back("who: " + name_at(who_names(), static_cast<size_t>(s.who)));
  if (s.op == Op::kDiscard && s.target.mode == TargetMode::kRandom) {
    e.push_back("random: yes");
    target_printed = true;
  }
  if (!target_printed && s.target.mode != TargetMode::kNone) e.push_back("target: " + target_to_text(s.target));
  if (s.op == Op::kDiceRoll && s.dice_at_least != 4) e.push_back("at least: " + std::to_string(s.dice_at_least));
  if (!s.success.empty()) e.push_back("success: " + steps_to_text(s.success));
  if (!s.fail.empty()) e.push_back("fail: " + steps_to_text(s.fail));
  if (s.condition.present()) e.push_back("if: " + condition_to_text(s.condition));
  return flow_map(e);
}

std::string steps_to_text(const std::vector<Step>& steps) {
  std::string out = "[";
  for (size_t i = 0; i < steps.size(); ++i) out += (i ? ", " : "") + step_to_text(steps[i]);
  return out + "]";
}

}  // namespace rise::cardgame
