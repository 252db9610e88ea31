// Loading Dark Legacy cards and decks from YAML (docs/cards-dark-legacy.md is the contract),
// every field checked with cardgame/'s strict reader: a mistake is an InputError naming the
// file, the line, the card and the field, never a silently ignored value.
#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>

#include "dark-legacy/cards.h"
#include "rise/cardgame/data_dir.h"
#include "rise/cardgame/load_errors.h"
#include "rise/cardgame/yaml_fields.h"
#include "rise/core/error.h"

namespace rise::dl {
namespace {

namespace fs = std::filesystem;
namespace yaml = cardgame::yaml;
using yaml::Field;
using yaml::find;
using yaml::item;
using yaml::Reader;
using yaml::sub;

// YAML names, in the order of the enums of cards.h.
const std::vector<std::string> kKindKeys = {"creature", "magic", "instant", "weapon", "armor", "enhancement", "relic"};
// The faction keys of cards.h's faction_key(), in Faction order.
std::vector<std::string> faction_keys() {
  std::vector<std::string> out;
  for (int f = 0; f < kFactions; ++f) out.push_back(faction_key(static_cast<Faction>(f)));
  return out;
}
const std::vector<std::string> kFactionYaml = faction_keys();
const std::vector<std::string> kRangeKeys = {"melee", "distance"};
const std::vector<std::string> kKeywordKeys = {"flying", "hits-flying"};  // bit i = Keyword 1 << i
const std::vector<std::string> kAttachKeys = {"hero", "weapon", "armor"};
const std::vector<std::string> kTriggerKeys = {"cast", "turn-start", "activated"};
const std::vector<std::string> kOpKeys = {"damage", "heal",    "poison",       "draw",   "casting-points", "destroy",
                                          "dispel", "counter", "repair-armor", "remove", "discard",        "boost"};
const std::vector<std::string> kTargetKeys = {"none",           "target",        "target-creature",
                                              "target-hero",    "target-spell",  "your-hero",
                                              "your-creatures", "opposing-hero", "opposing-creatures"};

const std::vector<std::string> kCardFields = {"id",       "name",    "text",   "affiliation", "type",
                                              "cost",     "level",   "attack", "defense",     "range",
                                              "keywords", "lasting", "attach", "grants",      "effects"};

constexpr int kMaxCost = 20;   // Casting Points: a d20 roll (+1 at level 20) pays at most 21
constexpr int kMaxLevel = 20;  // Skill Level table, DL-18.3
constexpr int kMaxStat = 99;   // Attack and Defense Points
constexpr int kMaxGrant = 20;  // grants.attack / grants.defense, either sign
constexpr int kMaxLifeGrant = 50;
constexpr size_t kMaxSteps = 8;

bool valid_id(const std::string& id) {
  if (id.empty()) return false;
  return std::all_of(id.begin(), id.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

std::string target_key(Target t) { return kTargetKeys[static_cast<size_t>(t)]; }
std::string trigger_key(Trigger t) { return kTriggerKeys[static_cast<size_t>(t)]; }

// "a Creature", "an Armor", "a Magic card".
std::string a_kind(Kind k) {
  const std::string name = std::string(kind_name(k)) + (k == Kind::kMagic ? " card" : "");
  return (std::string("AEIOU").find(name[0]) != std::string::npos ? "an " : "a ") + name;
}

// What a step's operation takes (docs/cards-dark-legacy.md, "Steps"): an amount in
// low..high, or `true` (low == 0); the targets that make sense for it (the first is the
// default when `target` is left out, kNone only).
struct OpShape {
  int low = 0;
  int high = 0;
  std::vector<Target> targets;
};

OpShape op_shape(Op op) {
  using T = Target;
  switch (op) {
    case Op::kDamage:
      return {1,
              kMaxStat,
              {T::kTarget, T::kTargetCreature, T::kTargetHero, T::kYourHero, T::kYourCreatures, T::kOpposingHero,
               T::kOpposingCreatures}};
    case Op::kHeal:
      return {1, kMaxStat, {T::kTarget, T::kTargetCreature, T::kTargetHero, T::kYourHero, T::kYourCreatures}};
    case Op::kPoison:
      return {1, 20, {T::kTarget, T::kTargetCreature, T::kTargetHero, T::kOpposingHero, T::kOpposingCreatures}};
    case Op::kDraw:
      return {1, 10, {T::kNone}};
    case Op::kCastingPoints:
      return {1, kMaxCost, {T::kNone}};
    case Op::kDestroy:
      return {0, 0, {T::kTargetCreature, T::kOpposingCreatures, T::kYourCreatures}};
    case Op::kDispel:
      return {0, 0, {T::kTargetSpell}};
    case Op::kCounter:
      return {0, 0, {T::kNone}};
    case Op::kRepairArmor:
      return {1, kMaxStat, {T::kNone}};
    case Op::kRemove:
      return {0, 0, {T::kTargetCreature, T::kOpposingCreatures}};
    case Op::kDiscard:
      return {1, 10, {T::kTargetHero, T::kOpposingHero, T::kYourHero}};
    case Op::kBoost:
      return {1, kMaxGrant, {T::kTargetCreature, T::kYourCreatures}};
  }
  return {};
}

// Why `op` has no target, for the message when one is given.
std::string no_target_reason(Op op) {
  switch (op) {
    case Op::kDraw:
      return "its controller draws";
    case Op::kCastingPoints:
      return "its controller gains the points";
    case Op::kCounter:
      return "it counters the spell this Instant answers";
    case Op::kRepairArmor:
      return "it repairs its controller's armor";
    default:
      return "";
  }
}

class CardParser {
 public:
  explicit CardParser(const std::string& file) : r_(file) {}

  CardDef card(const YAML::Node& node, size_t index);

 private:
  void grants(const YAML::Node& node, CardDef& card);
  Effect effect(const YAML::Node& node, const std::string& path, const CardDef& card);
  Step step(const YAML::Node& node, const std::string& path, const CardDef& card, Trigger when);

  Reader r_;
};

// Which card types a field fits (besides the fields every card has).
bool field_fits(const std::string& key, Kind kind, bool lasting) {
  if (key == "attack") return kind == Kind::kCreature || kind == Kind::kWeapon;
  if (key == "defense") return kind == Kind::kCreature || kind == Kind::kArmor;
  if (key == "range") return kind == Kind::kWeapon;
  if (key == "keywords") return kind == Kind::kCreature || kind == Kind::kWeapon;
  if (key == "lasting") return kind == Kind::kMagic;
  if (key == "attach") return kind == Kind::kEnhancement;
  if (key == "grants") {  // an Armor grants to the hero wearing it (Interpretation DL-I44)
    return kind == Kind::kEnhancement || kind == Kind::kArmor || kind == Kind::kRelic ||
           (kind == Kind::kMagic && lasting);
  }
  return true;
}

// "only Weapons have 'range'" and the like.
std::string field_owners(const std::string& key) {
  if (key == "attack") return "only Creatures and Weapons have Attack Points";
  if (key == "defense") return "only Creatures and Armor have Defense Points";
  if (key == "range") return "only Weapons have a range";
  if (key == "keywords") return "only Creatures and Weapons have keywords";
  if (key == "lasting") return "only Magic cards can be lasting";
  if (key == "attach") return "only Enhancements are attached";
  if (key == "grants") return "only Enhancements, Armor, Relics and lasting Magic (lasting: true) grant";
  return "";
}

CardDef CardParser::card(const YAML::Node& node, size_t index) {
  r_.set_card("#" + std::to_string(index + 1));
  r_.set_fallback_line(r_.line_of(node));
  if (!node.IsMap()) r_.fail(node, "", "expected a card (a map with id, name, type...), got " + yaml::describe(node));
  // Name the card by its id in every message, also those about the fields before `id`.
  if (const YAML::Node id = node["id"]; id.IsScalar() && valid_id(id.Scalar())) r_.set_card(id.Scalar());
  const std::vector<Field> fields = r_.fields(node, "", kCardFields);
  CardDef c;
  c.source = r_.file() + ":" + std::to_string(r_.line_of(node));

  const Field* id = find(fields, "id");
  if (id == nullptr) r_.fail(node, "id", "missing");
  if (!id->value.IsScalar() || !valid_id(id->value.Scalar())) {
    r_.fail(id->value, "id", "expected an id of lowercase letters, digits and '-', got " + yaml::describe(id->value));
  }
  c.id = id->value.Scalar();
  r_.set_card(c.id);

  for (const char* key : {"name", "text", "affiliation", "type", "cost", "level"}) {
    if (find(fields, key) == nullptr) r_.fail(node, key, "missing");
  }
  c.name = r_.text(find(fields, "name")->value, "name");
  c.text = r_.text(find(fields, "text")->value, "text");
  c.affiliation =
      static_cast<Faction>(r_.name(find(fields, "affiliation")->value, "affiliation", kFactionYaml, "faction"));
  c.kind = static_cast<Kind>(r_.name(find(fields, "type")->value, "type", kKindKeys, "card type"));
  c.cost = r_.integer(find(fields, "cost")->value, "cost", 0, kMaxCost);
  c.level = r_.integer(find(fields, "level")->value, "level", 1, kMaxLevel);
  if (const Field* f = find(fields, "lasting"); f != nullptr && c.kind == Kind::kMagic) {
    c.lasting = r_.boolean(f->value, "lasting");
  }

  // Fields that do not fit the card's type are mistakes, not ignored data.
  for (const Field& f : fields) {
    if (!field_fits(f.key, c.kind, c.lasting)) {
      std::string reason = field_owners(f.key) + "; this card is " + a_kind(c.kind);
      if (f.key == "grants" && c.kind == Kind::kMagic) reason += " without 'lasting: true'";
      if (f.key == "grants" && c.kind == Kind::kWeapon) {
        reason +=
            ": a Weapon's own numbers are its 'attack', 'range' and 'keywords', and its ability is used only in an "
            "Attack Phase (Rule DL-10.6, Interpretation DL-I44)";
      }
      r_.fail(f.key_node, f.key, reason);
    }
  }

  // Attack and Defense Points (Rule DL-1.1).
  const Field* attack = find(fields, "attack");
  const Field* defense = find(fields, "defense");
  if (c.kind == Kind::kCreature) {
    if (attack == nullptr) r_.fail(node, "attack", "missing: a Creature has Attack Points (0..99)");
    if (defense == nullptr) r_.fail(node, "defense", "missing: a Creature has Defense Points (1..99)");
    c.attack = r_.integer(attack->value, "attack", 0, kMaxStat);
    c.defense = r_.integer(defense->value, "defense", 1, kMaxStat);
  } else if (c.kind == Kind::kWeapon) {
    if (attack == nullptr) r_.fail(node, "attack", "missing: a Weapon replaces the hero's Attack Points (1..99)");
    c.attack = r_.integer(attack->value, "attack", 1, kMaxStat);
  } else if (c.kind == Kind::kArmor) {
    if (defense == nullptr) r_.fail(node, "defense", "missing: an Armor has Defense Points (1..99)");
    c.defense = r_.integer(defense->value, "defense", 1, kMaxStat);
  }

  if (const Field* f = find(fields, "range"))
    c.range = static_cast<Range>(r_.name(f->value, "range", kRangeKeys, "range"));
  if (const Field* f = find(fields, "keywords")) {
    c.keywords = static_cast<uint8_t>(r_.mask(f->value, "keywords", kKeywordKeys, "keyword"));
    if (c.kind == Kind::kWeapon && c.has(kFlying)) {
      r_.fail(f->value, "keywords", "a Weapon does not fly; a Weapon takes only 'hits-flying'");
    }
    if (c.kind == Kind::kWeapon && c.range == Range::kDistance) {
      r_.fail(f->value, "keywords",
              "a distance Weapon already hits flying creatures (Rule DL-10.7); leave 'hits-flying' out");
    }
    if (c.kind == Kind::kCreature && c.has(kFlying) && c.has(kHitsFlying)) {
      r_.fail(f->value, "keywords",
              "a flying Creature already blocks and damages flyers (Rule DL-15.1); leave 'hits-flying' out");
    }
  }
  if (c.kind == Kind::kEnhancement) {
    const Field* f = find(fields, "attach");
    if (f == nullptr) r_.fail(node, "attach", "missing: an Enhancement is attached to the hero, a weapon or an armor");
    c.attach = static_cast<Attach>(r_.name(f->value, "attach", kAttachKeys, "attach place"));
  }
  if (const Field* f = find(fields, "grants")) grants(f->value, c);

  if (const Field* f = find(fields, "effects")) {
    r_.need_list(f->value, "effects");
    std::map<Trigger, int> seen;  // trigger -> line
    for (size_t i = 0; i < f->value.size(); ++i) {
      const std::string path = item("effects", i);
      Effect e = effect(f->value[i], path, c);
      if (auto it = seen.find(e.when); it != seen.end()) {
        r_.fail(f->value[i]["when"], sub(path, "when"),
                "a second '" + trigger_key(e.when) + "' effect (first at line " + std::to_string(it->second) +
                    "); put all its steps in one 'do' list");
      }
      seen.emplace(e.when, r_.line_of(f->value[i]));
      c.effects.push_back(std::move(e));
    }
  }

  // A card must do something in play: what would an Instant without an effect be?
  const bool has_cast = c.effect(Trigger::kCast) != nullptr;
  const bool stays = c.effect(Trigger::kTurnStart) != nullptr || c.effect(Trigger::kActivated) != nullptr;
  if (c.kind == Kind::kInstant && !has_cast) {
    r_.fail(node, "effects", "missing: an Instant needs a 'cast' effect");
  }
  if (c.kind == Kind::kMagic && !c.lasting && !has_cast) {
    r_.fail(node, "effects",
            "missing: a Magic card that is not lasting needs a 'cast' effect (it is used up once cast)");
  }
  if (c.kind == Kind::kMagic && c.lasting && !c.grants.any() && !stays) {
    r_.fail(node, "grants", "missing: a lasting Magic card needs grants or a turn-start or activated effect");
  }
  if ((c.kind == Kind::kEnhancement || c.kind == Kind::kRelic) && !c.grants.any() && c.effects.empty()) {
    r_.fail(node, "grants", "missing: " + a_kind(c.kind) + " needs grants or effects");
  }
  return c;
}

void CardParser::grants(const YAML::Node& node, CardDef& c) {
  const std::vector<Field> fields = r_.fields(node, "grants", {"attack", "defense", "life", "keywords"});
  // Where the grant goes decides what it may hold (cards.h, Grants).
  std::string owner;
  std::vector<std::string> allowed;
  if (c.kind == Kind::kEnhancement && c.attach == Attach::kHero) {
    owner = "an Enhancement on the hero";
    allowed = {"attack", "life", "keywords"};
  } else if (c.kind == Kind::kEnhancement && c.attach == Attach::kWeapon) {
    owner = "an Enhancement on a weapon";
    allowed = {"attack", "keywords"};
  } else if (c.kind == Kind::kEnhancement) {
    owner = "an Enhancement on an armor";
    allowed = {"defense"};
  } else if (c.kind == Kind::kRelic) {
    owner = "a Relic (it grants to its hero)";
    allowed = {"attack", "keywords"};
  } else if (c.kind == Kind::kArmor) {
    owner = "an Armor (it grants to the hero wearing it, Interpretation DL-I44)";
    allowed = {"attack", "keywords"};
  } else {
    owner = "a lasting Magic card (it grants to each of its controller's creatures)";
    allowed = {"attack", "defense", "keywords"};
  }
  for (const Field& f : fields) {
    const std::string path = sub("grants", f.key);
    if (std::find(allowed.begin(), allowed.end(), f.key) == allowed.end()) {
      std::string why;
      if (f.key == "defense") {
        why = c.kind == Kind::kArmor ? " (a hero has no Defense Points; an Armor's own are its 'defense')"
                                     : " (a hero has no Defense Points; armor has)";
      }
      if (f.key == "life") why = " (Life Points are granted by Enhancements on the hero only)";
      if (f.key == "attack" && c.attach == Attach::kArmor) why = " (an armor has no Attack Points)";
      r_.fail(f.key_node, path, "'" + f.key + "' does not fit " + owner + why + "; allowed: " + yaml::join(allowed));
    }
    if (f.key == "attack") {
      c.grants.attack = r_.integer(f.value, path, -kMaxGrant, kMaxGrant);
    } else if (f.key == "defense") {
      c.grants.defense = r_.integer(f.value, path, -kMaxGrant, kMaxGrant);
    } else if (f.key == "life") {
      c.grants.life = r_.integer(f.value, path, 1, kMaxLifeGrant);
    } else {
      c.grants.keywords = static_cast<uint8_t>(r_.mask(f.value, path, kKeywordKeys, "keyword"));
      if (c.kind == Kind::kEnhancement && c.attach == Attach::kWeapon && (c.grants.keywords & kFlying)) {
        r_.fail(f.value, path, "a weapon does not fly; an Enhancement on a weapon grants only 'hits-flying'");
      }
    }
  }
  if (!c.grants.any()) r_.fail(node, "grants", "grants nothing; give a non-zero attack, defense, life or keywords");
}

Effect CardParser::effect(const YAML::Node& node, const std::string& path, const CardDef& c) {
  if (!node.IsMap()) r_.fail(node, path, "expected an effect {when: ..., do: [...]}, got " + yaml::describe(node));
  const std::vector<Field> fields = r_.fields(node, path, {"when", "do"});
  const Field* when = find(fields, "when");
  const Field* steps = find(fields, "do");
  if (when == nullptr) r_.fail(node, sub(path, "when"), "missing: cast, turn-start or activated");
  if (steps == nullptr) r_.fail(node, sub(path, "do"), "missing: the list of steps");
  Effect e;
  e.when = static_cast<Trigger>(r_.name(when->value, sub(path, "when"), kTriggerKeys, "trigger"));

  // Only cards that stay in play have turn-start effects; activated abilities are used by
  // turning a card that stays in play (Rule DL-1.5); an Enhancement is never turned.
  const bool stays_in_play = c.kind != Kind::kInstant && !(c.kind == Kind::kMagic && !c.lasting);
  if (e.when == Trigger::kTurnStart && !stays_in_play) {
    r_.fail(when->value, sub(path, "when"),
            "'turn-start' needs a card that stays in play; " +
                std::string(c.kind == Kind::kInstant ? "an Instant goes to the Boneyard once resolved"
                                                     : "a Magic card that is not lasting is used up once cast"));
  }
  if (e.when == Trigger::kActivated) {
    const bool can = c.kind == Kind::kCreature || c.kind == Kind::kWeapon || c.kind == Kind::kArmor ||
                     c.kind == Kind::kRelic || (c.kind == Kind::kMagic && c.lasting);
    if (!can) {
      r_.fail(when->value, sub(path, "when"),
              "'activated' abilities are only on Creatures, Weapons, Armor, Relics and lasting Magic; this card is " +
                  a_kind(c.kind) + (c.kind == Kind::kMagic ? " without 'lasting: true'" : ""));
    }
  }

  const std::string do_path = sub(path, "do");
  r_.need_list(steps->value, do_path);
  if (steps->value.size() > kMaxSteps) {
    r_.fail(steps->value, do_path,
            "at most " + std::to_string(kMaxSteps) + " steps, got " + std::to_string(steps->value.size()));
  }
  for (size_t i = 0; i < steps->value.size(); ++i) {
    e.steps.push_back(step(steps->value[i], item(do_path, i), c, e.when));
  }
  return e;
}

Step CardParser::step(const YAML::Node& node, const std::string& path, const CardDef& c, Trigger when) {
  if (!node.IsMap()) {
    r_.fail(node, path, "expected a step {OPERATION: N, target: T}, got " + yaml::describe(node));
  }
  std::vector<std::string> allowed = kOpKeys;
  allowed.push_back("target");
  const std::vector<Field> fields = r_.fields(node, path, allowed);
  const Field* op_field = nullptr;
  for (const Field& f : fields) {
    if (f.key == "target") continue;
    if (op_field != nullptr) {
      r_.fail(f.key_node, sub(path, f.key),
              "one operation per step; write '" + op_field->key + "' and '" + f.key + "' as two steps");
    }
    op_field = &f;
  }
  if (op_field == nullptr) r_.fail(node, path, "a step needs an operation: " + yaml::one_of(kOpKeys));

  Step s;
  const size_t op_index =
      static_cast<size_t>(std::find(kOpKeys.begin(), kOpKeys.end(), op_field->key) - kOpKeys.begin());
  s.op = static_cast<Op>(op_index);
  const std::string op_path = sub(path, op_field->key);
  const OpShape shape = op_shape(s.op);
  if (shape.low == 0) {
    // destroy, dispel, counter, remove: all or nothing, written `true`.
    if (!op_field->value.IsScalar() || op_field->value.Scalar() != "true") {
      r_.fail(op_field->value, op_path,
              "expected true ('" + op_field->key + "' takes no amount), got " + yaml::describe(op_field->value));
    }
  } else {
    s.amount = r_.integer(op_field->value, op_path, shape.low, shape.high);
  }

  if (s.op == Op::kCounter && (c.kind != Kind::kInstant || when != Trigger::kCast)) {
    r_.fail(op_field->key_node, op_path,
            "only an Instant counters a spell, as it is cast (Rule DL-8.4); this card is " + a_kind(c.kind));
  }

  const std::string target_path = sub(path, "target");
  const Field* target = find(fields, "target");
  std::vector<std::string> fits;
  for (Target t : shape.targets) fits.push_back(target_key(t));
  if (target == nullptr) {
    if (shape.targets.front() != Target::kNone) {
      r_.fail(node, target_path, "missing: '" + op_field->key + "' needs a target: " + yaml::one_of(fits));
    }
    s.target = Target::kNone;
    return s;
  }
  s.target = static_cast<Target>(r_.name(target->value, target_path, kTargetKeys, "target"));
  if (std::find(shape.targets.begin(), shape.targets.end(), s.target) == shape.targets.end()) {
    if (shape.targets.front() == Target::kNone) {
      r_.fail(target->value, target_path,
              "'" + op_field->key + "' has no target (" + no_target_reason(s.op) + "); leave 'target' out, got '" +
                  target_key(s.target) + "'");
    }
    r_.fail(target->value, target_path,
            "'" + op_field->key + "' cannot reach '" + target_key(s.target) + "'; expected " + yaml::one_of(fits));
  }
  return s;
}

}  // namespace

namespace {

// The cards of one file into `db`; a card that cannot be read is kept in `errors` and the
// next is read; a file that is no card file throws.
void load_file_into(const std::string& path, CardDb& db, cardgame::LoadErrors& errors) {
  yaml::read_document(path, [&](const YAML::Node& doc) {
    Reader r(path);
    if (!doc.IsMap()) r.fail(doc, "", "expected a card file (a map with a 'cards' list), got " + yaml::describe(doc));
    const std::vector<Field> fields = r.fields(doc, "", {"cards"});
    const Field* cards = find(fields, "cards");
    if (cards == nullptr) r.fail(doc, "cards", "missing: the list of cards");
    r.need_list(cards->value, "cards");
    CardParser parser(path);
    for (size_t i = 0; i < cards->value.size(); ++i) errors.attempt([&] { db.add(parser.card(cards->value[i], i)); });
  });
}

}  // namespace

void load_card_file(const std::string& path, CardDb& db) {
  cardgame::LoadErrors errors;
  errors.attempt([&] { load_file_into(path, db, errors); });
  errors.throw_if_any("the cards of " + path);
}

std::shared_ptr<const CardDb> load_cards(const std::string& data_dir) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const CardDb>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = cache.find(data_dir); it != cache.end()) return it->second;

  const fs::path dir = fs::path(data_dir) / "cards";
  auto db = std::make_shared<CardDb>();
  // Issue 36: every mistake of the folder at once.
  cardgame::LoadErrors errors;
  for (const std::string& file : cardgame::yaml_files(dir.string(), "card")) {
    errors.attempt([&] { load_file_into(file, *db, errors); });
  }
  errors.throw_if_any("the cards of " + dir.string());
  cache.emplace(data_dir, db);
  return db;
}

Deck load_deck_file(const std::string& path) {
  return yaml::read_document(path, [&](const YAML::Node& doc) {
    Reader r(path);
    Deck deck;
    deck.id = fs::path(path).stem().string();
    deck.source = path;
    if (!doc.IsMap()) r.fail(doc, "", "expected a deck (a map with name, faction, cards), got " + yaml::describe(doc));
    const std::vector<Field> fields = r.fields(doc, "", {"name", "description", "faction", "cards"});
    for (const char* key : {"name", "faction", "cards"}) {
      if (find(fields, key) == nullptr) r.fail(doc, key, "missing");
    }
    deck.name = r.text(find(fields, "name")->value, "name");
    if (const Field* f = find(fields, "description")) deck.description = r.text(f->value, "description");
    deck.faction = static_cast<Faction>(r.name(find(fields, "faction")->value, "faction", kFactionYaml, "faction"));
    deck.lines.mark("cards", find(fields, "cards")->key_node);
    for (const Field& f : r.entries(find(fields, "cards")->value, "cards")) {
      if (!valid_id(f.key))
        r.fail(f.key_node, sub("cards", f.key), "expected a card id (lowercase letters, digits and '-')");
      deck.cards.emplace_back(f.key, r.integer(f.value, sub("cards", f.key), 1, 99));
      deck.lines.mark("cards." + f.key, f.key_node);
    }
    return deck;
  });
}

}  // namespace rise::dl
