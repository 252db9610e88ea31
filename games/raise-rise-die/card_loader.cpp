// Loading Raise, Rise & Die characters, weapons, cards and decks from YAML
// (docs/cards-raise-rise-die.md is the contract), every field checked with cardgame/'s strict
// reader: a mistake is an InputError naming the file, the line, the card and the field.
#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>

#include "raise-rise-die/cards.h"
#include "rise/cardgame/data_dir.h"
#include "rise/cardgame/load_errors.h"
#include "rise/cardgame/yaml_fields.h"
#include "rise/core/error.h"

namespace rise::rrd {
namespace {

namespace fs = std::filesystem;
namespace yaml = cardgame::yaml;
using yaml::Field;
using yaml::find;
using yaml::item;
using yaml::Reader;
using yaml::sub;

// The YAML names of an enum, from its key function (cards.cpp), values first..count-1.
template <typename E>
std::vector<std::string> keys_of(const char* (*key)(E), int first, int count) {
  std::vector<std::string> out;
  for (int i = first; i < count; ++i) out.emplace_back(key(static_cast<E>(i)));
  return out;
}

const std::vector<std::string> kSlotYaml = keys_of(slot_key, 0, kBodySlots);
const std::vector<std::string> kKindYaml = keys_of(kind_key, 0, 3);    // normale, instantanee, objet
const std::vector<std::string> kObjetYaml = keys_of(objet_key, 1, 4);  // ObjetKind 1..3 (0 is kNone)
const std::vector<std::string> kKwYaml = keys_of(kw_key, 0, kKeywords);

const std::vector<std::string> kCardFields = {"id",    "name",     "text",         "va",        "cout",
                                              "type",  "objet",    "emplacements", "archetype", "arme",
                                              "effet", "infusion", "transcendance"};
const std::vector<std::string> kWeaponFields = {"id", "name", "archetype"};
const std::vector<std::string> kCharacterFields = {"id", "name", "pv", "potentiel_latent", "potentiel_actif", "armes"};
const std::vector<std::string> kDeckFields = {"name", "description", "character", "weapons", "cards"};
// The top-level keys of a data file, and the folder each lives in (load_cards).
const std::vector<std::string> kFileKeys = {"characters", "weapons", "cards"};

// Ranges of cards.h.
constexpr int kMaxCost = 9;
constexpr int kMaxKw = 99;
constexpr int kMinPv = 10;  // and kMaxPv (cards.h)
constexpr int kMaxPotentiel = 15;
constexpr int kMaxArmes = 3;
constexpr int kMaxFileCopies = 99;  // in a deck file; the rules allow 3 (RRD-2.2, deck_rules.cpp)

bool valid_id(const std::string& id) {
  if (id.empty()) return false;
  return std::all_of(id.begin(), id.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

// An id: lowercase letters, digits and '-'.
std::string read_id(const Reader& r, const YAML::Node& node, const std::string& path) {
  if (!node.IsScalar() || !valid_id(node.Scalar())) {
    r.fail(node, path, "expected an id of lowercase letters, digits and '-', got " + yaml::describe(node));
  }
  return node.Scalar();
}

// The value of a required field, or a "missing" error.
const YAML::Node& required(const Reader& r, const YAML::Node& map, const std::vector<Field>& fields,
                           const std::string& key) {
  const Field* f = find(fields, key);
  if (f == nullptr) r.fail(map, key, "missing");
  return f->value;
}

// Starts reading one definition of a list: names it "#N", then by its id when it has a good
// one (also in messages about the fields before `id`); checks its keys.
std::vector<Field> open_definition(Reader& r, const YAML::Node& node, size_t index, const std::string& noun,
                                   const std::vector<std::string>& allowed, const std::string& shape) {
  r.set_card('#' + std::to_string(index + 1), noun);
  r.set_fallback_line(r.line_of(node));
  if (!node.IsMap()) r.fail(node, "", "expected " + shape + ", got " + yaml::describe(node));
  if (const YAML::Node id = node["id"]; id.IsDefined() && id.IsScalar() && valid_id(id.Scalar())) {
    r.set_card(id.Scalar(), noun);
  }
  std::vector<Field> fields = r.fields(node, "", allowed);
  r.set_card(read_id(r, required(r, node, fields, "id"), "id"), noun);
  return fields;
}

std::string source_of(const Reader& r, const YAML::Node& node) {
  return r.file() + ":" + std::to_string(r.line_of(node));
}

// "a normale", "an instantanée", "an objet" (for messages about a card's kind).
std::string a_kind(Kind k) {
  switch (k) {
    case Kind::kNormale:
      return "a normale";
    case Kind::kInstantanee:
      return "an instantanée";
    case Kind::kObjet:
      break;
  }
  return "an objet";
}

class CardParser {
 public:
  explicit CardParser(const std::string& file) : r_(file) {}

  CardDef card(const YAML::Node& node, size_t index);
  WeaponDef weapon(const YAML::Node& node, size_t index);
  CharacterDef character(const YAML::Node& node, size_t index);

 private:
  Effect effect(const YAML::Node& node, const std::string& path);

  Reader r_;
};

CardDef CardParser::card(const YAML::Node& node, size_t index) {
  const std::vector<Field> fields =
      open_definition(r_, node, index, "card", kCardFields, "a card (a map with id, name, va, cout, type...)");
  CardDef c;
  c.id = r_.card();
  c.source = source_of(r_, node);
  c.name = r_.text(required(r_, node, fields, "name"), "name");
  if (const Field* f = find(fields, "text")) c.text = r_.text(f->value, "text");
  c.va = r_.integer(required(r_, node, fields, "va"), "va", 1, kMaxVa);
  c.cost = r_.integer(required(r_, node, fields, "cout"), "cout", 0, kMaxCost);
  c.kind = static_cast<Kind>(r_.name(required(r_, node, fields, "type"), "type", kKindYaml, "card type"));

  // Rule RRD-9.1: an objet is assaut, soutien or defensive; other cards have no objet kind.
  const Field* objet = find(fields, "objet");
  if (c.kind == Kind::kObjet) {
    if (objet == nullptr) r_.fail(node, "objet", "missing: an objet is assaut, soutien or defensive (RRD-9.1)");
    c.objet = static_cast<ObjetKind>(1 + r_.name(objet->value, "objet", kObjetYaml, "objet kind"));
  } else if (objet != nullptr) {
    r_.fail(objet->key_node, "objet", "only objets have an objet kind; this card is " + a_kind(c.kind));
  }

  c.slots =
      static_cast<uint8_t>(r_.mask(required(r_, node, fields, "emplacements"), "emplacements", kSlotYaml, "slot"));
  c.archetype = read_id(r_, required(r_, node, fields, "archetype"), "archetype");
  if (const Field* f = find(fields, "arme")) c.weapon = read_id(r_, f->value, "arme");

  c.effet = effect(required(r_, node, fields, "effet"), "effet");
  if (const Field* f = find(fields, "infusion")) {
    // Interpretation RRD-9.6: an objet stays in its object slot, it never infuses.
    if (c.kind == Kind::kObjet) {
      r_.fail(f->key_node, "infusion", "an objet never infuses: it stays in its object slot (RRD-9.6)");
    }
    c.infusion = effect(f->value, "infusion");
  }
  if (const Field* f = find(fields, "transcendance")) {
    if (c.kind == Kind::kInstantanee) {
      r_.fail(f->key_node, "transcendance", "an instantanée cannot be transcended (RRD-7.1)");
    }
    c.transcendance = effect(f->value, "transcendance");
  }
  return c;
}

// A list of one-key maps `{KEYWORD: x}`, each keyword at most once.
Effect CardParser::effect(const YAML::Node& node, const std::string& path) {
  r_.need_list(node, path);
  Effect out;
  std::vector<std::string> seen(kKeywords);  // where each keyword was given, by Kw
  for (size_t i = 0; i < node.size(); ++i) {
    const YAML::Node entry = node[i];
    const std::string p = item(path, i);
    if (!entry.IsMap())
      r_.fail(entry, p, "expected one keyword {KEYWORD: x}, e.g. {degats: 2}, got " + yaml::describe(entry));
    const std::vector<Field> fields = r_.entries(entry, p);
    if (fields.empty()) r_.fail(entry, p, "expected one keyword {KEYWORD: x}, got an empty map");
    if (fields.size() > 1) {
      r_.fail(fields[1].key_node, p,
              "one keyword per entry; write '" + fields[0].key + "' and '" + fields[1].key + "' as two entries");
    }
    const Field& f = fields[0];
    KwValue k;
    k.kw = static_cast<Kw>(r_.name(f.key_node, p, kKwYaml, "keyword"));
    const std::string value_path = sub(p, f.key);
    if (k.kw == Kw::kTorpeur) {
      k.x = r_.integer(f.value, value_path, 1, 1, "1 (Torpeur has no value: write torpeur: 1)");
    } else {
      k.x = r_.integer(f.value, value_path, 1, kMaxKw);
    }
    // Rule RRD-11.7: Enchaînement waives the cost of the card being played.
    if (k.kw == Kw::kEnchainement && path != "effet") {
      r_.fail(
          f.key_node, p,
          "Enchaînement waives the cost of the card played (RRD-11.7); it belongs in 'effet', not in '" + path + "'");
    }
    // Interpretation RRD-8.4: an effet d'infusion is passive; Frénésie and Amplitude shape a
    // card as it is played, so the loader refuses them there rather than invent a meaning.
    if ((k.kw == Kw::kFrenesie || k.kw == Kw::kAmplitude) && path == "infusion") {
      const char* rule = k.kw == Kw::kFrenesie ? "RRD-11.8" : "RRD-11.1";
      r_.fail(f.key_node, p,
              std::string(kw_name(k.kw)) + " shapes a card as it is played (" + rule +
                  "); an effet d'infusion is passive (RRD-8.4): '" + f.key + "' cannot be in 'infusion'");
    }
    std::string& first = seen[static_cast<size_t>(k.kw)];
    if (!first.empty()) {
      r_.fail(f.key_node, p,
              "keyword '" + f.key + "' is given twice (first at " + first + "); write it once with the total");
    }
    first = p;
    out.push_back(k);
  }
  return out;
}

WeaponDef CardParser::weapon(const YAML::Node& node, size_t index) {
  const std::vector<Field> fields =
      open_definition(r_, node, index, "weapon", kWeaponFields, "a weapon (a map with id, name, archetype)");
  WeaponDef w;
  w.id = r_.card();
  w.source = source_of(r_, node);
  w.name = r_.text(required(r_, node, fields, "name"), "name");
  w.archetype = read_id(r_, required(r_, node, fields, "archetype"), "archetype");
  return w;
}

CharacterDef CardParser::character(const YAML::Node& node, size_t index) {
  const std::vector<Field> fields =
      open_definition(r_, node, index, "character", kCharacterFields,
                      "a character (a map with id, name, pv, potentiel_latent, potentiel_actif, armes)");
  CharacterDef ch;
  ch.id = r_.card();
  ch.source = source_of(r_, node);
  ch.name = r_.text(required(r_, node, fields, "name"), "name");
  ch.pv = r_.integer(required(r_, node, fields, "pv"), "pv", kMinPv, kMaxPv);
  ch.potentiel_latent =
      r_.integer(required(r_, node, fields, "potentiel_latent"), "potentiel_latent", 1, kMaxPotentiel);
  ch.potentiel_actif = r_.integer(required(r_, node, fields, "potentiel_actif"), "potentiel_actif", 0, kMaxPotentiel);
  ch.armes = r_.integer(required(r_, node, fields, "armes"), "armes", 1, kMaxArmes);
  return ch;
}

// Reads a data file whose top-level keys are among `allowed` (a subset of kFileKeys).
void load_lists(const std::string& path, CardDb& db, const std::vector<std::string>& allowed,
                cardgame::LoadErrors& errors) {
  yaml::read_document(path, [&](const YAML::Node& doc) {
    Reader r(path);
    const std::string shape = "a map with a '" + yaml::one_of(allowed) + "' list";
    if (!doc.IsMap()) r.fail(doc, "", "expected " + shape + ", got " + yaml::describe(doc));
    const std::vector<Field> fields = r.fields(doc, "", allowed);
    if (fields.empty()) r.fail(doc, "", "expected " + shape + ", got an empty map");
    CardParser parser(path);
    for (const Field& f : fields) {
      r.need_list(f.value, f.key);
      for (size_t i = 0; i < f.value.size(); ++i) {
        errors.attempt([&] {
          if (f.key == "characters") {
            db.add(parser.character(f.value[i], i));
          } else if (f.key == "weapons") {
            db.add(parser.weapon(f.value[i], i));
          } else {
            db.add(parser.card(f.value[i], i));
          }
        });
      }
    }
  });
}

// Every card's archetype is some weapon's, and its dedicated weapon exists and is of its
// archetype (Rules RRD-2.3, RRD-2.4 need both). Each mistake goes to `errors`.
void check_references(const CardDb& db, cardgame::LoadErrors& errors) {
  std::vector<std::string> archetypes, weapon_ids;
  for (const WeaponDef& w : db.weapons()) {
    weapon_ids.push_back(w.id);
    if (std::find(archetypes.begin(), archetypes.end(), w.archetype) == archetypes.end()) {
      archetypes.push_back(w.archetype);
    }
  }
  const std::string known = archetypes.empty() ? "no weapon gives one" : "the weapons give " + yaml::one_of(archetypes);
  for (int i = 0; i < db.size(); ++i) {
    const CardDef& c = db[i];
    const std::string where = c.source + ": card '" + c.id + "': field ";
    if (std::find(archetypes.begin(), archetypes.end(), c.archetype) == archetypes.end()) {
      errors.add(where + "'archetype': unknown archetype '" + c.archetype + "'" +
                 yaml::did_you_mean(c.archetype, archetypes) + "; " + known);
      continue;
    }
    if (c.weapon.empty()) continue;
    const int w = db.find_weapon(c.weapon);
    if (w < 0) {
      errors.add(where + "'arme': unknown weapon '" + c.weapon + "'" + yaml::did_you_mean(c.weapon, weapon_ids) +
                 "; weapons: " + yaml::join(weapon_ids));
      continue;
    }
    const WeaponDef& weapon = db.weapons()[static_cast<size_t>(w)];
    if (weapon.archetype != c.archetype) {
      errors.add(where + "'arme': weapon '" + weapon.id + "' is of archetype '" + weapon.archetype +
                       "', this card of archetype '" + c.archetype +
                       "'; a card is dedicated to a weapon of its "
                       "archetype");
    }
  }
}


}  // namespace

void load_file(const std::string& path, CardDb& db) {
  cardgame::LoadErrors errors;
  errors.attempt([&] { load_lists(path, db, kFileKeys, errors); });
  errors.throw_if_any("the cards of " + path);
}

std::shared_ptr<const CardDb> load_cards(const std::string& data_dir) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const CardDb>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = cache.find(data_dir); it != cache.end()) return it->second;

  auto db = std::make_shared<CardDb>();
  // Each folder holds its own kind of list: characters/ holds `characters:` and so on.
  // Issue 36: every mistake of the folder at once; the references are judged only when every
  // weapon was read (an unread weapon would make its cards' references false mistakes).
  cardgame::LoadErrors errors;
  for (const std::string& folder : kFileKeys) {
    for (const std::string& file : cardgame::yaml_files((fs::path(data_dir) / folder).string(), "data")) {
      errors.attempt([&] { load_lists(file, *db, {folder}, errors); });
    }
  }
  if (errors.empty()) check_references(*db, errors);
  errors.throw_if_any("the cards of " + data_dir);
  cache.emplace(data_dir, db);
  return db;
}

Deck load_deck_file(const std::string& path) {
  return yaml::read_document(path, [&](const YAML::Node& doc) {
    Reader r(path);
    Deck deck;
    deck.id = fs::path(path).stem().string();
    deck.source = path;
    if (!doc.IsMap()) {
      r.fail(doc, "", "expected a deck (a map with name, character, weapons, cards), got " + yaml::describe(doc));
    }
    const std::vector<Field> fields = r.fields(doc, "", kDeckFields);
    deck.name = r.text(required(r, doc, fields, "name"), "name");
    if (const Field* f = find(fields, "description")) deck.description = r.text(f->value, "description");
    deck.character = read_id(r, required(r, doc, fields, "character"), "character");
    deck.lines.mark("character", required(r, doc, fields, "character"));
    // An empty list is well-formed: it breaks Rule RRD-2.5, which validate_deck explains.
    const YAML::Node& weapons = required(r, doc, fields, "weapons");
    deck.lines.mark("weapons", find(fields, "weapons")->key_node);
    if (!weapons.IsSequence())
      r.fail(weapons, "weapons", "expected a list of weapon ids, got " + yaml::describe(weapons));
    for (size_t i = 0; i < weapons.size(); ++i) {
      deck.weapons.push_back(read_id(r, weapons[i], item("weapons", i)));
      deck.lines.mark("weapons." + deck.weapons.back(), weapons[i]);
    }
    deck.lines.mark("cards", find(fields, "cards") != nullptr ? find(fields, "cards")->key_node : YAML::Node());
    for (const Field& f : r.entries(required(r, doc, fields, "cards"), "cards")) {
      if (!valid_id(f.key)) {
        r.fail(f.key_node, sub("cards", f.key), "expected a card id (lowercase letters, digits and '-')");
      }
      deck.cards.emplace_back(f.key, r.integer(f.value, sub("cards", f.key), 1, kMaxFileCopies));
      deck.lines.mark("cards." + f.key, f.key_node);
    }
    return deck;
  });
}

}  // namespace rise::rrd
