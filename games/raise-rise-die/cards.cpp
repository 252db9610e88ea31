// The card database and the names of Raise, Rise & Die (cards.h).
#include "raise-rise-die/cards.h"

#include <cctype>

#include "rise/cardgame/yaml_fields.h"
#include "rise/core/error.h"

namespace rise::rrd {
namespace {

constexpr const char* kSlotKeys[kBodySlots] = {"tete", "torse", "bras", "jambes"};
constexpr const char* kSlotNames[kBodySlots] = {"Tête", "Torse", "Bras", "Jambes"};
constexpr const char* kKindKeys[] = {"normale", "instantanee", "objet"};
constexpr const char* kKindNames[] = {"Normale", "Instantanée", "Objet"};
constexpr const char* kObjetKeys[] = {"", "assaut", "soutien", "defensive"};
constexpr const char* kObjetNames[] = {"", "Assaut", "Soutien", "Défensive"};
constexpr const char* kKwKeys[kKeywords] = {
    "degats", "amplitude", "bloque", "brulez", "degats_plus", "destructeur", "echangez", "enchainement", "frenesie",
    "oubli", "percer", "pioche", "poison", "recherche", "saignement", "sonne", "torpeur", "point_faible"};
constexpr const char* kKwNames[kKeywords] = {
    "Dégâts", "Amplitude", "Bloque", "Brûlez", "Dégâts", "Destructeur", "Échangez", "Enchaînement", "Frénésie",
    "Oubli", "Percer", "Pioche", "Poison", "Recherche", "Saignement", "Sonné", "Torpeur", "Point faible"};

// Adds `value` under `id` to `index`, or throws naming both sources.
template <typename Def>
void add_unique(std::vector<Def>& defs, std::unordered_map<std::string, int>& index, Def def, const char* what) {
  if (auto it = index.find(def.id); it != index.end()) {
    const Def& first = defs[static_cast<size_t>(it->second)];
    throw InputError(def.source + ": " + what + " '" + def.id + "': field 'id': duplicate id, already defined at " +
                     first.source);
  }
  index.emplace(def.id, static_cast<int>(defs.size()));
  defs.push_back(std::move(def));
}

int find_in(const std::unordered_map<std::string, int>& index, const std::string& id) {
  auto it = index.find(id);
  return it == index.end() ? -1 : it->second;
}

}  // namespace

int kw_sum(const Effect& effect, Kw kw) {
  int total = 0;
  for (const KwValue& k : effect) {
    if (k.kw == kw) total += k.x;
  }
  return total;
}

// Throws when `def`'s id already names a definition of another kind (`defs`, `what_else`).
template <typename Def, typename Other>
void refuse_other_kind(const Def& def, const char* what, const std::vector<Other>& defs,
                       const std::unordered_map<std::string, int>& index, const char* what_else) {
  if (auto it = index.find(def.id); it != index.end()) {
    throw InputError(def.source + ": " + what + " '" + def.id + "': field 'id': already the id of the " + what_else +
                     " at " + defs[static_cast<size_t>(it->second)].source);
  }
}

void CardDb::add(CardDef card) {
  refuse_other_kind(card, "card", weapons_, weapon_index_, "weapon");
  refuse_other_kind(card, "card", characters_, character_index_, "character");
  add_unique(cards_, index_, std::move(card), "card");
}
void CardDb::add(WeaponDef weapon) {
  refuse_other_kind(weapon, "weapon", cards_, index_, "card");
  refuse_other_kind(weapon, "weapon", characters_, character_index_, "character");
  add_unique(weapons_, weapon_index_, std::move(weapon), "weapon");
}
void CardDb::add(CharacterDef character) {
  refuse_other_kind(character, "character", cards_, index_, "card");
  refuse_other_kind(character, "character", weapons_, weapon_index_, "weapon");
  add_unique(characters_, character_index_, std::move(character), "character");
}

int CardDb::find(const std::string& id) const { return find_in(index_, id); }
int CardDb::find_weapon(const std::string& id) const { return find_in(weapon_index_, id); }
int CardDb::find_character(const std::string& id) const { return find_in(character_index_, id); }

int CardDb::require(const std::string& id, const std::string& where) const {
  int index = find(id);
  if (index < 0) {
    std::vector<std::string> known;
    known.reserve(cards_.size());
    for (const CardDef& card : cards_) known.push_back(card.id);
    throw InputError("unknown card '" + id + "'" + where + cardgame::yaml::did_you_mean(id, known));
  }
  return index;
}

const char* slot_key(Slot s) { return kSlotKeys[static_cast<int>(s)]; }
const char* slot_name(Slot s) { return kSlotNames[static_cast<int>(s)]; }
Slot parse_slot(const std::string& key, const std::string& where) {
  for (int i = 0; i < kBodySlots; ++i) {
    if (key == kSlotKeys[i]) return static_cast<Slot>(i);
  }
  throw InputError(where + ": unknown slot '" + key + "' (expected tete, torse, bras or jambes)");
}
const char* kind_key(Kind k) { return kKindKeys[static_cast<int>(k)]; }
const char* kind_name(Kind k) { return kKindNames[static_cast<int>(k)]; }
const char* objet_key(ObjetKind k) { return kObjetKeys[static_cast<int>(k)]; }
const char* objet_name(ObjetKind k) { return kObjetNames[static_cast<int>(k)]; }
const char* kw_key(Kw k) { return kKwKeys[static_cast<int>(k)]; }
const char* kw_name(Kw k) { return kKwNames[static_cast<int>(k)]; }

std::string kw_text(const KwValue& k) {
  if (k.kw == Kw::kDegatsPlus) return '+' + std::to_string(k.x) + " Dégâts";
  if (k.kw == Kw::kTorpeur) return "Torpeur";
  return std::string(kw_name(k.kw)) + " " + std::to_string(k.x);
}

std::string effect_text(const Effect& e) {
  std::string out;
  for (const KwValue& k : e) {
    if (!out.empty()) out += ", ";
    out += kw_text(k);
  }
  return out;
}

std::string kind_label(const CardDef& c) {
  std::string out = kind_name(c.kind);
  if (c.kind == Kind::kObjet) {
    std::string objet = objet_name(c.objet);  // "Défensive": its first letter is ASCII
    objet[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(objet[0])));
    out += " " + objet;
  }
  return out;
}

std::string slot_list(const CardDef& c) {
  std::string out;
  for (int i = 0; i < kBodySlots; ++i) {
    const auto slot = static_cast<Slot>(i);
    if (!c.optimal(slot)) continue;
    if (!out.empty()) out += ',';
    out += slot_key(slot);
  }
  return out;
}

int Deck::size() const {
  int total = 0;
  for (const auto& [id, copies] : cards) total += copies;
  return total;
}

}  // namespace rise::rrd
