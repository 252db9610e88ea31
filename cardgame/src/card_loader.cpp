// Loading cards and decks from YAML (docs/cards.md is the contract), every field checked.
#include "rise/cardgame/card_loader.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "rise/cardgame/data_dir.h"
#include "rise/cardgame/describe.h"
#include "rise/cardgame/load_errors.h"
#include "rise/cardgame/yaml_fields.h"
#include "rise/core/error.h"

namespace rise::cardgame {

namespace {

namespace fs = std::filesystem;
using yaml::Field;
using yaml::find;
using yaml::item;
using yaml::Reader;
using yaml::sub;

const std::vector<std::string> kRarities = {"Common", "Uncommon", "Rare", "Legendary"};
// A card file names a zone among the first five (not the chain).
const std::vector<std::string> kFileZones(zone_names().begin(), zone_names().begin() + 5);
const std::vector<std::string> kActionKinds = {"direct purchase", "coin toss", "dice roll"};
const std::vector<std::string> kDurations = {"end of turn"};

const std::vector<std::string> kCardFields = {
    "id",      "name",    "types",       "rank",        "rarity",  "cost",   "attack", "defense", "star attack",
    "star defense", "abilities", "text", "effects", "actions", "grants", "attach", "hp",      "skills",
    "subtypes", "disease", "static"};
// The variable parts of a value (docs/cards.md, "Value expressions"): exactly one is given.
const char* const kValueKinds[] = {"count", "coins", "ether", "attack of", "defense of", "hp", "level"};
const std::vector<std::string> kValueKindList = {"count", "coins", "ether", "attack of", "defense of", "hp", "level"};
const std::vector<std::string> kValueFields = {"count", "coins", "ether", "attack of", "defense of", "hp", "level",
                                               "times", "plus"};
const std::vector<std::string> kConditionFields = {"self", "turn", "count", "coins", "ether", "attack of", "defense of",
                                                   "hp", "level", "times", "plus", "at least", "at most"};
const std::vector<std::string> kFilterFields = {"whose", "types", "plane", "zone", "another", "abilities", "card", "tilted",
                                                "subtype"};

constexpr int kMaxStat = 99;     // attack, defense, amounts
constexpr int kMaxRank = 50;     // a library has 50 cards
constexpr int kMaxCost = 9;      // Capacity Points
constexpr int kMaxResource = 30; // Stock and Ether cap (Rule TCG-2)
constexpr int kMaxSkills = 4;
constexpr size_t kMaxSteps = 255;  // steps of one list (rise-tcg counts its place in a byte)
constexpr size_t kMaxActions = 4;  // Actions of one card (rise-tcg counts their uses per turn in 4 slots)
constexpr int kMaxHp = 30;

// A card id named by another card (token, filter `card:`), checked once every file is read.
struct Reference {
  std::string id;
  std::string where;  // "FILE:LINE: card 'X': field 'F':"
  bool constant = false;  // must be a Constant (a token)
  bool subtype = false;   // `id` is a subtype some card must have (filter `subtype:`)
};

// A subtype: a capitalised word of letters ("Zombie", "Clone").
bool valid_subtype(const std::string& s) {
  if (s.empty() || s.size() > 30 || s[0] < 'A' || s[0] > 'Z') return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); });
}

bool valid_id(const std::string& id) {
  if (id.empty()) return false;
  return std::all_of(id.begin(), id.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

// Which extra keys a step's operation takes besides its own (docs/cards.md, "Steps").
struct OpShape {
  std::vector<std::string> keys;  // allowed sibling keys
  bool needs_target = false;
};

OpShape op_shape(Op op) {
  switch (op) {
    case Op::kDamage:
    case Op::kHeal:
    case Op::kReturn:
    case Op::kDestroy:
    case Op::kExclude:
    case Op::kOpen:
    case Op::kClose:
    case Op::kTilt:
    case Op::kUntilt:
    case Op::kCopy:
    case Op::kRegress:
    case Op::kRestore:
    case Op::kAttach:
    case Op::kUnlock:
    case Op::kCure:
      return {{"target"}, true};
    case Op::kCounter:
    case Op::kControl:
    case Op::kLoseAbilities:
    case Op::kGrant:
      return {{"target", "until"}, true};
    case Op::kShuffleIn:
    case Op::kPrevent:
      return {{"target"}, true};
    case Op::kMill:
      return {{"who"}, false};
    case Op::kGain:
    case Op::kLose:
    case Op::kSteal:
      return {{"resource", "who", "target"}, false};
    case Op::kDraw:
      return {{"who", "target"}, false};
    case Op::kDiscard:
      return {{"who", "random", "target"}, false};
    case Op::kSearch:
    case Op::kToken:
    case Op::kCancel:
    case Op::kDiscount:
      return {{}, false};
    case Op::kCoinToss:
      return {{"success", "fail"}, false};
    case Op::kDiceRoll:
      return {{"at least", "success", "fail"}, false};
  }
  return {};
}

bool takes_amount(Op op) {
  switch (op) {
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
      return true;
    default:
      return false;
  }
}

// Where a step list is, for the targets it may use.
struct StepContext {
  bool in_effect = false;  // a base effect (may use `target: event`)
  bool equipment = false;  // the card is an Equipment (may use `target: equipped`)
};

class CardParser {
 public:
  CardParser(const std::string& file, std::vector<Reference>* refs) : r_(file), refs_(refs) {}

  CardDef card(const YAML::Node& node, size_t index);

 private:
  Filter filter(const YAML::Node& node, const std::string& path);
  Value value(const YAML::Node& node, const std::string& path, int low, int high);
  Value value_of_fields(const YAML::Node& node, const std::vector<Field>& fields, const std::string& path);
  Condition condition(const YAML::Node& node, const std::string& path, const StepContext& ctx);
  void check_stat_of(const Value& v, const YAML::Node& node, const std::string& path, const StepContext& ctx,
                     bool has_target);
  Target target(const YAML::Node& node, const std::string& path, const StepContext& ctx);
  std::vector<Step> steps(const YAML::Node& node, const std::string& path, const StepContext& ctx);
  Step step(const YAML::Node& node, const std::string& path, const StepContext& ctx);
  std::string card_ref(const YAML::Node& node, const std::string& path, bool constant);
  Duration until(const YAML::Node& node, const std::string& path);
  ActionDef action(const YAML::Node& node, const std::string& path, const StepContext& ctx);
  SkillDef skill(const YAML::Node& node, const std::string& path, int level);
  TriggeredEffect effect(const YAML::Node& node, const std::string& path, const CardDef& card);

  Reader r_;
  std::vector<Reference>* refs_;
};

std::string CardParser::card_ref(const YAML::Node& node, const std::string& path, bool constant) {
  if (!node.IsScalar() || !valid_id(node.Scalar())) {
    r_.fail(node, path, "expected a card id (lowercase letters, digits and '-'), got " + yaml::describe(node));
  }
  if (refs_ != nullptr) refs_->push_back({node.Scalar(), r_.where(node, path), constant});
  return node.Scalar();
}

Filter CardParser::filter(const YAML::Node& node, const std::string& path) {
  Filter f;
  for (const Field& field : r_.fields(node, path, kFilterFields)) {
    const std::string p = sub(path, field.key);
    const YAML::Node& v = field.value;
    if (field.key == "whose") {
      f.whose = static_cast<Whose>(r_.name(v, p, whose_names(), "whose"));
    } else if (field.key == "types") {
      f.types = r_.mask(v, p, card_type_names(), "card type");
    } else if (field.key == "plane") {
      f.plane = static_cast<Plane>(r_.name(v, p, plane_names(), "plane"));
    } else if (field.key == "zone") {
      f.zone = static_cast<Zone>(r_.name(v, p, kFileZones, "zone"));
    } else if (field.key == "another") {
      f.another = r_.boolean(v, p);
    } else if (field.key == "abilities") {
      f.abilities = r_.mask(v, p, ability_names(), "ability");
    } else if (field.key == "card") {
      f.card_id = card_ref(v, p, false);
    } else if (field.key == "subtype") {
      if (!v.IsScalar() || !valid_subtype(v.Scalar())) {
        r_.fail(v, p, "expected a subtype (a capitalised word, e.g. Zombie), got " + yaml::describe(v));
      }
      f.subtype = v.Scalar();
      if (refs_ != nullptr) refs_->push_back({f.subtype, r_.where(v, p), false, true});
    } else if (field.key == "tilted") {
      const bool tilted = r_.boolean(v, p);
      f.tilted_only = tilted;
      f.untilted_only = !tilted;
    }
  }
  return f;
}

Value CardParser::value(const YAML::Node& node, const std::string& path, int low, int high) {
  Value v;
  if (node.IsScalar()) {
    v.constant = r_.integer(node, path, low, high);
    return v;
  }
  if (!node.IsMap()) {
    r_.fail(node, path,
            "expected an integer " + std::to_string(low) + ".." + std::to_string(high) +
                " or a value {count: FILTER} / {coins: yes} / {ether: yes} / {attack of: self} / {defense of: "
                "event} / {hp: yes} / {level: yes} (with times, plus), got " +
                yaml::describe(node));
  }
  const auto fields = r_.fields(node, path, kValueFields);
  return value_of_fields(node, fields, path);
}

Value CardParser::value_of_fields(const YAML::Node& node, const std::vector<Field>& fields, const std::string& path) {
  Value v;
  int kinds = 0;
  for (const char* kind : kValueKinds) kinds += find(fields, kind) ? 1 : 0;
  if (kinds != 1) r_.fail(node, path, "a value has exactly one of " + yaml::one_of(kValueKindList));
  int times = 1;
  if (const Field* f = find(fields, "times")) {
    times = r_.integer(f->value, sub(path, "times"), -kMaxStat, kMaxStat);
    if (times == 0) r_.fail(f->value, sub(path, "times"), "times 0 makes the value a constant; write the number");
  }
  if (const Field* f = find(fields, "plus")) v.constant = r_.integer(f->value, sub(path, "plus"), -kMaxStat, kMaxStat);
  if (const Field* f = find(fields, "count")) {
    v.per_count = times;
    v.count_filter = filter(f->value, sub(path, "count"));
  } else if (const Field* f = find(fields, "attack of") ? find(fields, "attack of") : find(fields, "defense of")) {
    v.per_stat = times;
    v.stat = f->key == "attack of" ? Stat::kAttack : Stat::kDefense;
    v.stat_of = static_cast<StatOf>(r_.name(f->value, sub(path, f->key), stat_of_names(), "card"));
  } else if (const Field* f = find(fields, "hp") ? find(fields, "hp") : find(fields, "level")) {
    if (!r_.boolean(f->value, sub(path, f->key))) r_.fail(f->value, sub(path, f->key), "expected yes");
    v.per_player = times;
    v.player_value = f->key == "hp" ? PlayerValue::kLowestHp : PlayerValue::kHighestLevel;
  } else {
    const bool coins = find(fields, "coins") != nullptr;
    const Field* r = coins ? find(fields, "coins") : find(fields, "ether");
    if (!r_.boolean(r->value, sub(path, r->key))) r_.fail(r->value, sub(path, r->key), "expected yes");
    v.per_resource = times;
    v.resource = coins ? Resource::kCoins : Resource::kEther;
  }
  return v;
}

Condition CardParser::condition(const YAML::Node& node, const std::string& path, const StepContext& ctx) {
  Condition c;
  if (!node.IsMap() || node.size() == 0) {
    r_.fail(node, path,
            "expected a condition {self: open, turn: yours, count: FILTER, at least: 2, ...}, got " +
                yaml::describe(node));
  }
  const auto fields = r_.fields(node, path, kConditionFields);
  std::vector<Field> value_fields;
  for (const Field& f : fields) {
    const std::string p = sub(path, f.key);
    if (f.key == "self") {
      const std::vector<std::string> names(condition_self_names().begin() + 1, condition_self_names().end());
      c.self = static_cast<Condition::Self>(r_.name(f.value, p, names, "state") + 1);
    } else if (f.key == "turn") {
      const std::vector<std::string> names(condition_turn_names().begin() + 1, condition_turn_names().end());
      c.turn = static_cast<Condition::Turn>(r_.name(f.value, p, names, "turn") + 1);
    } else if (f.key == "at least") {
      c.at_least = r_.integer(f.value, p, -kMaxStat, 999);
    } else if (f.key == "at most") {
      c.at_most = r_.integer(f.value, p, -kMaxStat, 999);
    } else {
      value_fields.push_back(f);
    }
  }
  const bool bound = find(fields, "at least") != nullptr || find(fields, "at most") != nullptr;
  if (!value_fields.empty()) {
    c.has_value = true;
    c.value = value_of_fields(node, value_fields, path);
    check_stat_of(c.value, node, path, ctx, false);
    if (!bound) r_.fail(node, path, "a condition on a value needs 'at least' or 'at most'");
  } else if (bound) {
    r_.fail(node, path, "'at least' and 'at most' compare a value: add one of " + yaml::one_of(kValueKindList));
  }
  if (c.at_least > c.at_most) r_.fail(node, path, "'at least' is above 'at most': the condition never holds");
  return c;
}

// A value reading a card's attack or defense must name a card the context has.
void CardParser::check_stat_of(const Value& v, const YAML::Node& node, const std::string& path,
                               const StepContext& ctx, bool has_target) {
  if (v.per_stat == 0) return;
  if (v.stat_of == StatOf::kEvent && !ctx.in_effect) {
    r_.fail(node, path, "'event' (the other card of a trigger) is only for base effects");
  }
  if (v.stat_of == StatOf::kTarget && !has_target) {
    r_.fail(node, path, "'target' is only for the amount of a step with a target");
  }
}

Target CardParser::target(const YAML::Node& node, const std::string& path, const StepContext& ctx) {
  Target t;
  if (node.IsScalar()) {
    const std::string& s = node.Scalar();
    if (s == "self") {
      t.mode = TargetMode::kSelf;
    } else if (s == "event") {
      if (!ctx.in_effect) r_.fail(node, path, "'event' (the other card of a trigger) is only for base effects");
      t.mode = TargetMode::kEvent;
    } else if (s == "equipped") {
      if (!ctx.equipment) r_.fail(node, path, "'equipped' is only for Equipment cards (ability Equipment)");
      t.mode = TargetMode::kEquipped;
    } else {
      r_.fail(node, path,
              "unknown target '" + s + "'" + yaml::did_you_mean(s, {"self", "event", "equipped"}) +
                  "; expected self, event, equipped or {choose|all|random: FILTER}");
    }
    return t;
  }
  if (!node.IsMap() || node.size() != 1) {
    r_.fail(node, path,
            "expected self, event, equipped or a map with one of choose, all, random, got " + yaml::describe(node));
  }
  const auto fields = r_.fields(node, path, {"choose", "all", "random"});
  const Field& f = fields.front();
  t.mode = f.key == "choose" ? TargetMode::kChoose : f.key == "all" ? TargetMode::kAll : TargetMode::kRandom;
  t.filter = filter(f.value, sub(path, f.key));
  return t;
}

Duration CardParser::until(const YAML::Node& node, const std::string& path) {
  r_.name(node, path, kDurations, "duration");
  return Duration::kEndOfTurn;
}

std::vector<Step> CardParser::steps(const YAML::Node& node, const std::string& path, const StepContext& ctx) {
  r_.need_list(node, path);
  if (node.size() > kMaxSteps) {
    r_.fail(node, path, "a step list holds at most " + std::to_string(kMaxSteps) + " steps, this one has " +
                            std::to_string(node.size()));
  }
  std::vector<Step> out;
  for (size_t i = 0; i < node.size(); ++i) out.push_back(step(node[i], item(path, i), ctx));
  return out;
}

Step CardParser::step(const YAML::Node& node, const std::string& path, const StepContext& ctx) {
  if (!node.IsMap() || node.size() == 0) {
    r_.fail(node, path, "expected a step {OPERATION: VALUE, ...}, got " + yaml::describe(node));
  }
  const std::vector<std::string>& ops = op_names();
  // The operation: the key that names one (docs: written first).
  std::vector<Field> all = r_.entries(node, path);
  const Field* op_field = nullptr;
  for (const Field& f : all) {
    if (std::find(ops.begin(), ops.end(), f.key) == ops.end()) continue;
    if (op_field != nullptr) {
      r_.fail(f.key_node, sub(path, f.key),
              "a step has one operation, this one has '" + op_field->key + "' and '" + f.key +
                  "'; write two steps");
    }
    op_field = &f;
  }
  if (op_field == nullptr) {
    const Field& first = all.front();
    r_.fail(first.key_node, sub(path, first.key),
            "unknown operation '" + first.key + "'" + yaml::did_you_mean(first.key, ops) + "; a step starts with one of " +
                yaml::one_of(ops));
  }
  Step s;
  s.op = static_cast<Op>(std::find(ops.begin(), ops.end(), op_field->key) - ops.begin());
  const OpShape shape = op_shape(s.op);
  std::vector<std::string> allowed = shape.keys;
  allowed.insert(allowed.begin(), op_field->key);
  allowed.push_back("if");
  const auto fields = r_.fields(node, path, allowed);
  const std::string op_path = sub(path, op_field->key);
  const YAML::Node& v = op_field->value;
  if (s.op == Op::kSteal) s.who = Who::kOpponent;

  auto need_yes = [&]() {
    if (!r_.boolean(v, op_path)) r_.fail(v, op_path, "expected yes (leave out a step that does not happen)");
  };
  if (takes_amount(s.op)) {
    s.amount = value(v, op_path, 0, kMaxStat);
  } else {
    switch (s.op) {
      case Op::kSearch: {
        s.target.mode = TargetMode::kChoose;
        s.target.filter = filter(v, op_path);
        if (s.target.filter.zone != Zone::kBattlefield && s.target.filter.zone != Zone::kLibrary) {
          r_.fail(v, sub(op_path, "zone"), "search always looks in your library");
        }
        s.target.filter.zone = Zone::kLibrary;
        break;
      }
      case Op::kCounter: {
        const auto cf = r_.fields(v, op_path, {"attack", "defense", "until"});
        if (const Field* f = find(cf, "attack")) {
          // Card language v2: the attack change may be a value ("+X/+0 where X is its attack").
          s.attack_value = value(f->value, sub(op_path, "attack"), -kMaxStat, kMaxStat);
          if (s.attack_value.is_constant()) s.attack = s.attack_value.constant;
        }
        if (const Field* f = find(cf, "defense")) s.defense = r_.integer(f->value, sub(op_path, "defense"), -kMaxStat, kMaxStat);
        if (const Field* f = find(cf, "until")) s.duration = until(f->value, sub(op_path, "until"));
        if (s.attack_value.is_constant() && s.attack == 0 && s.defense == 0) {
          r_.fail(v, op_path, "a counter changes attack or defense (both are 0)");
        }
        break;
      }
      case Op::kControl: {
        if (v.IsMap()) {
          const auto cf = r_.fields(v, op_path, {"until"});
          if (const Field* f = find(cf, "until")) s.duration = until(f->value, sub(op_path, "until"));
        } else {
          need_yes();
        }
        break;
      }
      case Op::kToken:
        s.card_id = card_ref(v, op_path, true);
        break;
      case Op::kGrant:
        s.abilities = r_.mask(v, op_path, ability_names(), "ability");
        if (s.abilities == 0) r_.fail(v, op_path, "'grant' names at least one ability");
        s.duration = Duration::kEndOfTurn;  // the only duration (docs/cards.md)
        break;
      case Op::kLoseAbilities:
        need_yes();
        s.duration = Duration::kEndOfTurn;
        break;
      case Op::kCancel: {
        s.target.mode = TargetMode::kChoose;  // the controller chooses the item (docs/cards.md)
        if (v.IsScalar() && v.Scalar() == "any") {
          s.cancel_types = 0;
        } else if (v.IsSequence()) {
          s.cancel_types = r_.mask(v, op_path, chain_kind_names(), "chain item kind");
        } else {
          r_.fail(v, op_path, "expected 'any' or a list of Imminent, Action, Skill, got " + yaml::describe(v));
        }
        break;
      }
      default:
        need_yes();
        break;
    }
  }

  for (const Field& f : fields) {
    const std::string p = sub(path, f.key);
    if (f.key == op_field->key) continue;
    if (f.key == "target") {
      s.target = target(f.value, p, ctx);
    } else if (f.key == "who") {
      s.who = static_cast<Who>(r_.name(f.value, p, who_names(), "player"));
    } else if (f.key == "resource") {
      s.resource = static_cast<Resource>(r_.name(f.value, p, resource_names(), "resource"));
    } else if (f.key == "random") {
      if (r_.boolean(f.value, p)) s.target.mode = TargetMode::kRandom;
    } else if (f.key == "if") {
      s.condition = condition(f.value, p, ctx);
    } else if (f.key == "until") {
      if (s.op == Op::kGrant || s.op == Op::kLoseAbilities) {
        until(f.value, p);  // always until end of turn
        continue;
      }
      if (s.duration == Duration::kEndOfTurn) r_.fail(f.key_node, p, "'until' is given twice for this step");
      s.duration = until(f.value, p);
    } else if (f.key == "at least") {
      s.dice_at_least = r_.integer(f.value, p, 1, 6);
    } else if (f.key == "success") {
      s.success = steps(f.value, p, ctx);
    } else if (f.key == "fail") {
      s.fail = steps(f.value, p, ctx);
    }
  }
  if (shape.needs_target && s.target.mode == TargetMode::kNone) {
    r_.fail(node, sub(path, "target"), "missing: '" + op_field->key + "' needs a target");
  }
  const bool has_target = s.target.mode != TargetMode::kNone;
  check_stat_of(s.amount, v, op_path, ctx, has_target);
  check_stat_of(s.attack_value, v, op_path, ctx, has_target);
  const bool player_step = s.op == Op::kGain || s.op == Op::kLose || s.op == Op::kSteal || s.op == Op::kDraw ||
                           s.op == Op::kDiscard || s.op == Op::kMill;
  if (player_step) {
    const Field* t = find(fields, "target");
    if (s.who == Who::kTargetController && t == nullptr) {
      r_.fail(node, sub(path, "target"), "missing: 'who: target controller' needs a target on the same step");
    }
    if (s.who != Who::kTargetController && t != nullptr) {
      r_.fail(t->key_node, sub(path, "target"), "a '" + op_field->key + "' step takes a target only with 'who: target controller'");
    }
    if (s.op == Op::kSteal && s.who == Who::kYou) {
      r_.fail(find(fields, "who")->value, sub(path, "who"), "you cannot steal from yourself");
    }
  }
  if ((s.op == Op::kCoinToss || s.op == Op::kDiceRoll) && s.success.empty() && s.fail.empty()) {
    r_.fail(node, path, "a '" + op_field->key + "' step needs a success or a fail branch");
  }
  return s;
}

ActionDef CardParser::action(const YAML::Node& node, const std::string& path, const StepContext& ctx) {
  ActionDef a;
  const auto fields = r_.fields(node, path, {"name", "kind", "cost", "per_turn", "do", "fail", "at least", "text"});
  const Field* name = find(fields, "name");
  if (name == nullptr) r_.fail(node, sub(path, "name"), "missing: every Action has a name");
  a.name = r_.text(name->value, sub(path, "name"));
  if (const Field* f = find(fields, "kind")) a.kind = static_cast<ActionKind>(r_.name(f->value, sub(path, "kind"), kActionKinds, "Action kind"));
  if (const Field* f = find(fields, "cost")) {
    const std::string p = sub(path, "cost");
    const auto cost = r_.fields(f->value, p, {"coins", "ether"});
    if (const Field* c = find(cost, "coins")) a.coins = r_.integer(c->value, sub(p, "coins"), 0, kMaxResource);
    if (const Field* c = find(cost, "ether")) a.ether = r_.integer(c->value, sub(p, "ether"), 0, kMaxResource);
  }
  if (const Field* f = find(fields, "per_turn")) a.per_turn = r_.integer(f->value, sub(path, "per_turn"), 0, kMaxStat);
  const Field* body = find(fields, "do");
  if (body == nullptr) r_.fail(node, sub(path, "do"), "missing: the Action's effect");
  a.success = steps(body->value, sub(path, "do"), ctx);
  const bool random = a.kind != ActionKind::kDirectPurchase;
  if (const Field* f = find(fields, "fail")) {
    if (!random) r_.fail(f->key_node, sub(path, "fail"), "only coin toss and dice roll Actions have a fail branch");
    a.fail = steps(f->value, sub(path, "fail"), ctx);
  }
  if (const Field* f = find(fields, "at least")) {
    if (a.kind != ActionKind::kDiceRoll) r_.fail(f->key_node, sub(path, "at least"), "only dice roll Actions have 'at least'");
    a.dice_at_least = r_.integer(f->value, sub(path, "at least"), 1, 6);
  }
  if (const Field* f = find(fields, "text")) a.text = r_.text(f->value, sub(path, "text"));
  return a;
}

SkillDef CardParser::skill(const YAML::Node& node, const std::string& path, int level) {
  SkillDef s;
  s.level = level;
  const auto fields = r_.fields(node, path, {"name", "do", "text"});
  const Field* name = find(fields, "name");
  if (name == nullptr) r_.fail(node, sub(path, "name"), "missing: every skill has a name");
  s.name = r_.text(name->value, sub(path, "name"));
  const Field* body = find(fields, "do");
  if (body == nullptr) r_.fail(node, sub(path, "do"), "missing: the skill's effect");
  s.steps = steps(body->value, sub(path, "do"), StepContext{});
  if (const Field* f = find(fields, "text")) s.text = r_.text(f->value, sub(path, "text"));
  return s;
}

TriggeredEffect CardParser::effect(const YAML::Node& node, const std::string& path, const CardDef& card) {
  TriggeredEffect e;
  const auto fields = r_.fields(node, path, {"on", "do", "if", "limit"});
  const Field* on = find(fields, "on");
  if (on == nullptr) r_.fail(node, sub(path, "on"), "missing: when the effect happens (" + yaml::one_of(trigger_names()) + ")");
  if (on->value.IsMap()) {
    // A global trigger (card language v2): {whenever: EVENT, filter: FILTER}.
    const std::string p = sub(path, "on");
    const auto wf = r_.fields(on->value, p, {"whenever", "filter"});
    const Field* w = find(wf, "whenever");
    if (w == nullptr) r_.fail(on->value, sub(p, "whenever"), "missing: the event (" + yaml::one_of(whenever_names()) + ")");
    e.whenever = static_cast<Whenever>(r_.name(w->value, sub(p, "whenever"), whenever_names(), "event") + 1);
    if (const Field* f = find(wf, "filter")) {
      if (e.whenever == Whenever::kTurnStart) r_.fail(f->key_node, sub(p, "filter"), "'turn start' of each turn takes no filter");
      e.filter = filter(f->value, sub(p, "filter"));
      if (e.filter.zone != Zone::kBattlefield) r_.fail(f->value, sub(p, "filter.zone"), "a global trigger watches the battlefield");
    }
    if (!card.is_constant()) r_.fail(on->value, p, "only a Constant (on the battlefield) has global triggers");
  } else {
    e.trigger = static_cast<Trigger>(r_.name(on->value, sub(path, "on"), trigger_names(), "trigger"));
  }
  const StepContext effect_ctx{true, card.has(kEquipment)};
  if (const Field* f = find(fields, "if")) e.condition = condition(f->value, sub(path, "if"), effect_ctx);
  if (const Field* f = find(fields, "limit")) {
    const int which = r_.name(f->value, sub(path, "limit"), {"once per turn", "first time each turn"}, "limit");
    if (!card.is_constant()) r_.fail(f->value, sub(path, "limit"), "only a Constant's effects have a limit per turn");
    e.limit = which == 0 ? Limit::kOncePerTurn : Limit::kFirstTimeEachTurn;
  }
  if (e.trigger == Trigger::kOpened && !card.is(kDoor)) r_.fail(on->value, sub(path, "on"), "only a Door opens");
  if (e.trigger == Trigger::kUnlocked && !card.has(kLock) && !card.has(kChained)) {
    r_.fail(on->value, sub(path, "on"), "'unlocked' needs the ability Lock or Chained");
  }
  const Field* body = find(fields, "do");
  if (body == nullptr) r_.fail(node, sub(path, "do"), "missing: the effect's steps");
  e.steps = steps(body->value, sub(path, "do"), effect_ctx);
  return e;
}

CardDef CardParser::card(const YAML::Node& node, size_t index) {
  CardDef c;
  r_.set_card("#" + std::to_string(index + 1));
  r_.set_fallback_line(r_.line_of(node));
  if (!node.IsMap()) r_.fail(node, "", "expected a card (a map of fields), got " + yaml::describe(node));
  c.source = r_.file() + ":" + std::to_string(r_.line_of(node));
  // Name the card in every message, even one about a field read before its id.
  for (auto it = node.begin(); it != node.end(); ++it) {
    if (it->first.IsScalar() && it->first.Scalar() == "id" && it->second.IsScalar() && valid_id(it->second.Scalar())) {
      r_.set_card(it->second.Scalar());
    }
  }
  const auto fields = r_.fields(node, "", kCardFields);
  auto get = [&](const char* key) { return find(fields, key); };
  auto forbid = [&](const char* key, const std::string& why) {
    if (const Field* f = get(key)) r_.fail(f->key_node, key, why);
  };

  const Field* id = get("id");
  if (id == nullptr) r_.fail(node, "id", "missing");
  if (!id->value.IsScalar() || !valid_id(id->value.Scalar())) {
    r_.fail(id->value, "id", "expected lowercase letters, digits and '-', got " + yaml::describe(id->value));
  }
  c.id = id->value.Scalar();
  r_.set_card(c.id);
  for (const char* key : {"name", "types", "rank", "rarity"}) {
    if (get(key) == nullptr) r_.fail(node, key, "missing");
  }
  c.name = r_.text(get("name")->value, "name");
  c.types = r_.mask(get("types")->value, "types", card_type_names(), "card type");
  {
    const Field* f = get("types");
    const bool summoner = c.is(kSummoner), level_up = c.is(kLevelUp);
    if ((summoner && c.types != kSummoner) || (level_up && c.types != kLevelUp)) {
      r_.fail(f->value, "types",
              std::string("a ") + (summoner ? "Summoner" : "Level Up") +
                  " card has no other type (a card is a Summoner, a Level Up, a Constant "
                  "(Creature, Door, Incantation; maybe also Imminent) or an Imminent)");
    }
  }
  {
    const YAML::Node& v = get("rank")->value;
    int rank = 0;
    const std::string expected = "an integer 1.." + std::to_string(kMaxRank) + " or 'infinite'";
    if (v.IsScalar() && v.Scalar() == "infinite") {
      c.rank = kInfiniteRank;
    } else if (v.IsScalar() && !yaml::to_int(v, rank)) {
      r_.fail(v, "rank", "expected " + expected + ", got " + yaml::describe(v) + yaml::did_you_mean(v.Scalar(), {"infinite"}));
    } else {
      c.rank = r_.integer(v, "rank", 1, kMaxRank, expected);
    }
  }
  c.rarity = static_cast<Rarity>(r_.name(get("rarity")->value, "rarity", kRarities, "rarity"));
  if (const Field* f = get("text")) c.text = r_.text(f->value, "text");
  if (const Field* f = get("abilities")) c.abilities = r_.mask(f->value, "abilities", ability_names(), "ability");
  if (const Field* f = get("static")) {
    c.statics = static_cast<uint32_t>(r_.mask(f->value, "static", static_effect_names(), "static effect"));
    if (!c.is(kConstantTypes)) r_.fail(f->key_node, "static", "only a Constant (Creature, Door, Incantation) has static effects");
    if ((c.statics & kMayAttack) && !c.is(kDoor)) r_.fail(f->value, "static", "'may attack' is for a Door (Creatures attack anyway)");
    if ((c.statics & kCannotAttack) && (c.statics & kMayAttack)) {
      r_.fail(f->value, "static", "'cannot attack' and 'may attack' contradict each other");
    }
  }
  if (const Field* f = get("subtypes")) {
    // Rule TCG-12.26: subtypes (Zombie, Clone...) are printed words effects may refer to.
    const YAML::Node& v = f->value;
    auto add = [&](const YAML::Node& n, const std::string& path) {
      if (!n.IsScalar() || !valid_subtype(n.Scalar())) {
        r_.fail(n, path, "expected a subtype (a capitalised word, e.g. Zombie), got " + yaml::describe(n));
      }
      if (c.has_subtype(n.Scalar())) r_.fail(n, path, "'" + n.Scalar() + "' is given twice");
      c.subtypes.push_back(n.Scalar());
    };
    if (v.IsScalar()) {
      add(v, "subtypes");
    } else {
      r_.need_list(v, "subtypes");
      for (size_t i = 0; i < v.size(); ++i) add(v[i], item("subtypes", i));
    }
  }

  // Capacity cost.
  if (c.is(kSummoner)) {
    forbid("cost", "a Summoner is not invoked and has no cost");
    c.capacity_cost = 0;
  } else if (c.is(kLevelUp)) {
    c.capacity_cost = 0;
    if (const Field* f = get("cost")) r_.integer(f->value, "cost", 0, 0);
  } else if (const Field* f = get("cost")) {
    c.capacity_cost = r_.integer(f->value, "cost", 0, kMaxCost);
  }

  // Attack and defense (Creature, Door).
  const bool fighter = c.is(kCreature | kDoor);
  if (fighter) {
    for (const char* key : {"attack", "defense"}) {
      if (get(key) == nullptr) {
        r_.fail(node, key, "missing (a Creature or Door has attack and defense; '*' if its text defines them)");
      }
    }
    auto stat = [&](const char* key, const char* star_key, int& out, bool& star, Value& star_value) {
      const Field* f = get(key);
      if (f->value.IsScalar() && f->value.Scalar() == "*") {
        star = true;
        const Field* s = get(star_key);
        if (s == nullptr) r_.fail(node, star_key, std::string("missing ('") + key + ": *' needs the value that defines it)");
        star_value = value(s->value, star_key, -kMaxStat, kMaxStat);
        if (star_value.per_stat != 0) r_.fail(s->value, star_key, "a '*' value cannot read a card's attack or defense");
      } else {
        out = r_.integer(f->value, key, 0, kMaxStat, "an integer 0.." + std::to_string(kMaxStat) + " or '*'");
        forbid(star_key, std::string("only for '") + key + ": *'");
      }
    };
    stat("attack", "star attack", c.attack, c.star_attack, c.star_attack_value);
    stat("defense", "star defense", c.defense, c.star_defense, c.star_defense_value);
  } else {
    const std::string why = "only Creatures and Doors have attack and defense";
    for (const char* key : {"attack", "defense", "star attack", "star defense"}) forbid(key, why);
  }

  // Summoner: hp and skills.
  if (c.is(kSummoner)) {
    if (get("hp") == nullptr) r_.fail(node, "hp", "missing (a Summoner's starting HP, 1..30)");
    c.hp = r_.integer(get("hp")->value, "hp", 1, kMaxHp);
    const Field* skills = get("skills");
    if (skills == nullptr) r_.fail(node, "skills", "missing (a Summoner has 1 to 4 skills, by level)");
    r_.need_list(skills->value, "skills");
    if (skills->value.size() > kMaxSkills) {
      r_.fail(skills->value, "skills", "a Summoner has at most 4 skills (levels), this one has " +
                                            std::to_string(skills->value.size()));
    }
    for (size_t i = 0; i < skills->value.size(); ++i) {
      c.skills.push_back(skill(skills->value[i], item("skills", i), static_cast<int>(i) + 1));
    }
  } else {
    forbid("hp", "only Summoners have HP");
    forbid("skills", "only Summoners have skills");
  }

  // Equipment.
  if (c.has(kEquipment)) {
    if (c.is(kSummoner | kLevelUp)) {
      r_.fail(get("abilities")->value, "abilities", "an Equipment is a Constant or an Imminent, not a Summoner or Level Up");
    }
    const Field* grants = get("grants");
    if (grants == nullptr) r_.fail(node, "grants", "missing (what the Equipment gives: {attack, defense, abilities})");
    const auto gf = r_.fields(grants->value, "grants", {"attack", "defense", "abilities"});
    if (const Field* f = find(gf, "attack")) c.grants.attack = r_.integer(f->value, "grants.attack", -kMaxStat, kMaxStat);
    if (const Field* f = find(gf, "defense")) c.grants.defense = r_.integer(f->value, "grants.defense", -kMaxStat, kMaxStat);
    if (const Field* f = find(gf, "abilities")) c.grants.abilities = r_.mask(f->value, "grants.abilities", ability_names(), "ability");
    if (const Field* f = get("attach")) {
      c.attach = filter(f->value, "attach");
    } else {
      c.attach.types = kConstantTypes | kSummoner;  // Rule TCG-12.Equipment: a Constant or a Summoner
    }
  } else {
    forbid("grants", "only an Equipment (ability Equipment) has grants");
    forbid("attach", "only an Equipment (ability Equipment) has attach");
  }

  // Disease (Rules TCG-14.*): the ability and the field `disease` go together; a Disease is
  // an Incantation (maybe also Imminent) that stays on the battlefield on its host.
  if (c.has(kDisease)) {
    const Field* f = get("disease");
    if (f == nullptr) r_.fail(node, "disease", "missing (a card with the ability Disease names it: " + yaml::one_of(disease_names()) + ")");
    c.disease = static_cast<Disease>(r_.name(f->value, "disease", disease_names(), "Disease") + 1);
    if (!c.is(kIncantation) || c.is(kCreature | kDoor) || c.has(kEquipment)) {
      r_.fail(get("types")->value, "types", "a Disease is an Incantation (it may also be Imminent), not a Creature, Door or Equipment");
    }
  } else {
    forbid("disease", "only a card with the ability Disease names a Disease");
  }

  const StepContext ctx{false, c.has(kEquipment)};
  if (const Field* f = get("effects")) {
    r_.need_list(f->value, "effects");
    for (size_t i = 0; i < f->value.size(); ++i) {
      c.effects.push_back(effect(f->value[i], item("effects", i), c));
      if (i >= 8 && c.effects.back().limit != Limit::kNone) {
        r_.fail(f->value[i], item("effects", i), "only the first 8 effects of a card may have a limit per turn");
      }
    }
  }
  if (const Field* f = get("actions")) {
    r_.need_list(f->value, "actions");
    if (f->value.size() > kMaxActions) {
      r_.fail(f->value, "actions", "a card has at most " + std::to_string(kMaxActions) + " Actions, this one has " +
                                       std::to_string(f->value.size()));
    }
    for (size_t i = 0; i < f->value.size(); ++i) c.actions.push_back(action(f->value[i], item("actions", i), ctx));
  }
  return c;
}

// Loads the cards of one file into `db`. A card it cannot read is kept in `errors` (with its
// id in `broken`, when it has a readable one) and the next card is read; a file that is no
// card file throws.
void load_file(const std::string& path, CardDatabase& db, std::vector<Reference>* refs, LoadErrors& errors,
               std::set<std::string>& broken) {
  yaml::read_document(path, [&](const YAML::Node& doc) {
    Reader r(path);
    if (!doc.IsMap()) r.fail(doc, "", "expected a map with a 'cards' list, got " + yaml::describe(doc));
    const auto fields = r.fields(doc, "", {"cards"});
    const Field* cards = find(fields, "cards");
    if (cards == nullptr) r.fail(doc, "cards", "missing: the list of cards");
    if (!cards->value.IsSequence()) r.fail(cards->value, "cards", "expected a list of cards, got " + yaml::describe(cards->value));
    CardParser parser(path, refs);
    for (size_t i = 0; i < cards->value.size(); ++i) {
      const YAML::Node& node = cards->value[i];
      if (!errors.attempt([&] { db.add(parser.card(node, i)); }) && node.IsMap() && node["id"] && node["id"].IsScalar()) {
        broken.insert(node["id"].Scalar());
      }
    }
  });
}

// "a Creature", "an Imminent", "a Creature Imminent".
std::string with_article(uint32_t types) {
  const std::string names = types_to_text(types);
  const bool vowel = !names.empty() && std::string("AEIOU").find(names[0]) != std::string::npos;
  return (vowel ? "an " : "a ") + names;
}

std::string card_label(const CardDatabase& db, int index) {
  const CardDef& c = db[index];
  return "'" + c.id + "' (" + c.name + ")";
}

}  // namespace

void load_card_file(const std::string& path, CardDatabase& db) {
  LoadErrors errors;
  std::set<std::string> broken;
  errors.attempt([&] { load_file(path, db, nullptr, errors, broken); });
  errors.throw_if_any("the cards of " + path);
}

std::shared_ptr<const CardDatabase> load_card_directory(const std::string& dir) {
  auto db = std::make_shared<CardDatabase>();
  std::vector<Reference> refs;
  // Issue 36: every mistake of the folder at once. A card that cannot be read is left out;
  // references to it are not reported again as unknown cards (nor any, after a file that
  // could not be read at all).
  LoadErrors errors;
  std::set<std::string> broken;
  bool whole_file_failed = false;  // a file not read at all: its ids are unknown, so no reference is judged
  for (const std::string& file : yaml_files(dir, "card")) {
    whole_file_failed |= !errors.attempt([&] { load_file(file, *db, &refs, errors, broken); });
  }
  std::vector<std::string> ids;
  for (const CardDef& c : db->cards()) ids.push_back(c.id);
  for (const Reference& ref : refs) {
    if (ref.subtype) {
      const auto& all = db->cards();
      if (std::none_of(all.begin(), all.end(), [&](const CardDef& c) { return c.has_subtype(ref.id); }) &&
          broken.empty() && !whole_file_failed) {
        errors.add(ref.where + " no card has the subtype '" + ref.id + "'");
      }
      continue;
    }
    const int index = db->find(ref.id);
    if (index < 0) {
      if (broken.count(ref.id) == 0 && !whole_file_failed) errors.add(ref.where + " unknown card '" + ref.id + "'" + yaml::did_you_mean(ref.id, ids));
      continue;
    }
    if (ref.constant && !(*db)[index].is_constant()) {
      errors.add(ref.where + " a token is a Creature, Door or Incantation; '" + ref.id + "' is " +
                 with_article((*db)[index].types));
    }
  }
  errors.throw_if_any("the cards of " + dir);
  return db;
}

Deck load_deck_file(const std::string& path) {
  return yaml::read_document(path, [&](const YAML::Node& doc) {
    Reader r(path);
    Deck deck;
    deck.id = fs::path(path).stem().string();
    deck.source = path;
    if (!doc.IsMap()) r.fail(doc, "", "expected a deck (a map with name, summoners, library), got " + yaml::describe(doc));
    const auto fields = r.fields(doc, "", {"name", "summoners", "library"});
    for (const char* key : {"name", "summoners", "library"}) {
      if (find(fields, key) == nullptr) r.fail(doc, key, "missing");
    }
    deck.name = r.text(find(fields, "name")->value, "name");
    const YAML::Node& summoners = find(fields, "summoners")->value;
    deck.lines.mark("summoners", find(fields, "summoners")->key_node);
    r.need_list(summoners, "summoners");
    for (size_t i = 0; i < summoners.size(); ++i) {
      if (!summoners[i].IsScalar() || !valid_id(summoners[i].Scalar())) {
        r.fail(summoners[i], item("summoners", i), "expected a card id, got " + yaml::describe(summoners[i]));
      }
      deck.summoners.push_back(summoners[i].Scalar());
      deck.lines.mark("summoners." + summoners[i].Scalar(), summoners[i]);
    }
    const YAML::Node& library = find(fields, "library")->value;
    deck.lines.mark("library", find(fields, "library")->key_node);
    for (const Field& f : r.entries(library, "library")) {
      if (!valid_id(f.key)) r.fail(f.key_node, sub("library", f.key), "expected a card id (lowercase letters, digits and '-')");
      const int copies = r.integer(f.value, sub("library", f.key), 1, 999);
      deck.library.emplace_back(f.key, copies);
      deck.lines.mark("library." + f.key, f.key_node);
    }
    return deck;
  });
}

std::vector<std::string> validate_deck(const CardDatabase& db, const Deck& deck, const DeckRules& rules) {
  std::vector<std::string> out;
  std::vector<std::string> ids;
  for (const CardDef& c : db.cards()) ids.push_back(c.id);

  // Summoners (Rule TCG-1.1: two different Summoners).
  if (static_cast<int>(deck.summoners.size()) != rules.summoners) {
    std::string list;
    for (const std::string& s : deck.summoners) list += (list.empty() ? "" : ", ") + s;
    out.push_back(deck.lines.located("summoners", "the deck has " + std::to_string(deck.summoners.size()) + " Summoner" +
                                                      (deck.summoners.size() == 1 ? "" : "s") +
                                                      (list.empty() ? "" : " (" + list + ")") + "; it needs exactly " +
                                                      std::to_string(rules.summoners) + " different Summoners"));
  }
  std::set<std::string> seen;
  for (const std::string& id : deck.summoners) {
    if (!seen.insert(id).second) {
      out.push_back(deck.lines.located("summoners", "Summoner '" + id + "' is named twice; the Summoners must be different cards"));
      continue;
    }
    const int index = db.find(id);
    if (index < 0) {
      out.push_back(deck.lines.located("summoners." + id, "unknown Summoner card '" + id + "'" + yaml::did_you_mean(id, ids)));
    } else if (!db[index].is(kSummoner)) {
      out.push_back(deck.lines.located("summoners." + id, card_label(db, index) + " is " + with_article(db[index].types) + ", not a Summoner"));
    }
  }

  // Library (Rules TCG-1.2, TCG-1.3: 50 cards, at most `rank` copies, infinite rank unlimited).
  std::vector<std::pair<std::string, int>> counts;
  for (const auto& [id, copies] : deck.library) {
    auto it = std::find_if(counts.begin(), counts.end(), [&id = id](const auto& e) { return e.first == id; });
    if (it == counts.end()) {
      counts.emplace_back(id, copies);
    } else {
      it->second += copies;
    }
  }
  for (const auto& [id, copies] : counts) {
    const int index = db.find(id);
    if (index < 0) {
      out.push_back(deck.lines.located("library." + id, "unknown card '" + id + "' in the library" + yaml::did_you_mean(id, ids)));
      continue;
    }
    const CardDef& c = db[index];
    if (c.is(kSummoner)) {
      out.push_back(deck.lines.located("library." + id, card_label(db, index) + " is a Summoner; Summoners are not part of the library"));
    } else if (c.rank != kInfiniteRank && copies > c.rank) {
      out.push_back(deck.lines.located("library." + id, card_label(db, index) + ": " + std::to_string(copies) +
                                                            " copies, but its rank " + std::to_string(c.rank) +
                                                            " allows at most " + std::to_string(c.rank)));
    }
  }
  const int size = deck.library_size();
  if (size != rules.library_size) {
    out.push_back(deck.lines.located("library", "the library has " + std::to_string(size) + " cards; it must have exactly " +
                                                    std::to_string(rules.library_size)));
  }
  return out;
}

}  // namespace rise::cardgame
