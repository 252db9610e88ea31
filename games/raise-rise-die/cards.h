// The cards, weapons and characters of Raise, Rise & Die (Rules RRD-2.*, RRD-3.*), read from
// data/raise-rise-die/{cards,weapons,characters}/*.yaml (docs/cards-raise-rise-die.md).
// Definitions are immutable after loading and shared by every state; a state refers to a
// card, weapon or character by its index in CardDb.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "rise/cardgame/deck_lines.h"

namespace rise::rrd {

// The body slots, in slot order (Interpretation RRD-3.4). YAML and notation: tete, torse,
// bras, jambes.
enum class Slot : uint8_t { kTete, kTorse, kBras, kJambes };
inline constexpr int kBodySlots = 4;

// Card kind (Rule RRD-3.3). YAML `type: normale|instantanee|objet`.
enum class Kind : uint8_t { kNormale, kInstantanee, kObjet };
// Object kind (Rule RRD-9.1). YAML `objet: assaut|soutien|defensive` (objets only).
enum class ObjetKind : uint8_t { kNone, kAssaut, kSoutien, kDefensive };

// The keywords of the rulebook's glossary, plus the base damage `degats` (Rule RRD-3.3).
// YAML names in parentheses.
enum class Kw : uint8_t {
  kDegats,        // (degats) base damage of a hit on the opponent's slot, RRD-3.3
  kAmplitude,     // (amplitude) RRD-11.1
  kBloque,        // (bloque) RRD-11.2
  kBrulez,        // (brulez) RRD-11.3
  kDegatsPlus,    // (degats_plus) "+x Dégâts", RRD-11.4
  kDestructeur,   // (destructeur) RRD-11.5
  kEchangez,      // (echangez) RRD-11.6
  kEnchainement,  // (enchainement) RRD-11.7: a cost rule, read from the card's effet
  kFrenesie,      // (frenesie) RRD-11.8
  kOubli,         // (oubli) RRD-11.9
  kPercer,        // (percer) RRD-11.10
  kPioche,        // (pioche) RRD-11.11
  kPoison,        // (poison) RRD-11.12
  kRecherche,     // (recherche) RRD-11.13
  kSaignement,    // (saignement) RRD-11.14
  kSonne,         // (sonne) RRD-11.15
  kTorpeur,       // (torpeur) RRD-11.16, value 1
  kPointFaible,   // (point_faible) RRD-11.17
};
inline constexpr int kKeywords = 18;

// One keyword with its value x (1..99): YAML `{poison: 2}`; `torpeur: 1`.
struct KwValue {
  Kw kw = Kw::kDegats;
  int x = 0;
};

// An effect: keywords in card order (YAML list, e.g. `[{degats: 3}, {saignement: 1}]`).
using Effect = std::vector<KwValue>;

// The sum of keyword `kw` in `effect` (0 if absent).
int kw_sum(const Effect& effect, Kw kw);

// One card as printed (Rule RRD-3.3).
struct CardDef {
  std::string id;    // unique, [a-z0-9-]+
  std::string name;  // as printed (French)
  std::string text;  // optional flavour/rules text for people; the engine reads the fields
  int va = 1;        // Valeur d'Âme, 1..9
  int cost = 0;      // coût VA, 0..9
  Kind kind = Kind::kNormale;
  ObjetKind objet = ObjetKind::kNone;  // objets only
  uint8_t slots = 0;                   // optimal slots, bit (1 << Slot)
  std::string archetype;               // an archetype id (RRD-2.3)
  std::string weapon;                  // "" or the weapon id it is dedicated to (RRD-2.4)
  Effect effet;                        // played (or, for an objet, activated) effect
  Effect infusion;                     // effet d'infusion, empty if none (RRD-8.*)
  Effect transcendance;                // bonus de transcendance, empty if none (RRD-7.3)
  std::string source;                  // "data/raise-rise-die/cards/lames.yaml:12"

  bool optimal(Slot s) const { return (slots >> static_cast<int>(s) & 1) != 0; }
  bool has_infusion() const { return !infusion.empty(); }
  // Enchaînement x of the card, 0 if none (RRD-11.7).
  int enchainement() const { return kw_sum(effet, Kw::kEnchainement); }
};

// A weapon (Rule RRD-3.2): `id`, `name`, `archetype`.
struct WeaponDef {
  std::string id;
  std::string name;
  std::string archetype;
  std::string source;
};

// The most PV a character has (the loader refuses more), so the most cards a deck holds
// (Rule RRD-2.1) and a player owns in a duel (Interpretation RRD-12.4): the learning
// interface's hand, discard and body positions stop there (learning.cpp).
inline constexpr int kMaxPv = 60;
inline constexpr int kMaxVa = 9;  // a card's Valeur d'Âme is 1..9

// A character (Rule RRD-3.1).
struct CharacterDef {
  std::string id;
  std::string name;
  int pv = 30;                // total PV = deck size (RRD-2.1), 10..kMaxPv
  int potentiel_latent = 5;   // first draw and hand limit, 1..15
  int potentiel_actif = 2;    // later draws, 0..15
  int armes = 1;              // weapons it may equip, 1..3 (Interpretation RRD-2.5)
  std::string source;
};

// Every card, weapon and character of a data directory, by index.
class CardDb {
 public:
  // Add a definition; throw InputError if the id is already the id of a card, weapon or
  // character (naming both sources): one id names one thing, in observations and the
  // catalog alike.
  void add(CardDef card);
  void add(WeaponDef weapon);
  void add(CharacterDef character);

  int size() const { return static_cast<int>(cards_.size()); }
  const CardDef& operator[](int index) const { return cards_[static_cast<size_t>(index)]; }
  const std::vector<WeaponDef>& weapons() const { return weapons_; }
  const std::vector<CharacterDef>& characters() const { return characters_; }

  // Index of a card / weapon / character id, or -1.
  int find(const std::string& id) const;
  int find_weapon(const std::string& id) const;
  int find_character(const std::string& id) const;
  // As find(), but throw InputError "unknown card 'id'" + `where` (with a close match).
  int require(const std::string& id, const std::string& where) const;

 private:
  std::vector<CardDef> cards_;
  std::vector<WeaponDef> weapons_;
  std::vector<CharacterDef> characters_;
  std::unordered_map<std::string, int> index_, weapon_index_, character_index_;
};

// Names: YAML keys and printed French names; parsers throw InputError naming `where`.
const char* slot_key(Slot s);          // "tete"
const char* slot_name(Slot s);         // "Tête"
Slot parse_slot(const std::string& key, const std::string& where);
const char* kind_key(Kind k);          // "instantanee"
const char* kind_name(Kind k);         // "Instantanée"
const char* objet_key(ObjetKind k);    // "defensive"
const char* objet_name(ObjetKind k);   // "Défensive"
const char* kw_key(Kw k);              // "point_faible"
const char* kw_name(Kw k);             // "Point faible"
// "Poison 2", "+2 Dégâts", "Torpeur", "Dégâts 3".
std::string kw_text(const KwValue& k);
// "Dégâts 3, Saignement 1".
std::string effect_text(const Effect& e);
// "Instantanée", "Objet défensive": the kind as printed, with an objet's kind.
std::string kind_label(const CardDef& card);
// "tete,bras": the card's optimal slots (YAML keys) in slot order.
std::string slot_list(const CardDef& card);

// Parse one YAML file of cards (`cards:` list), weapons (`weapons:`) or characters
// (`characters:`) into `db`. Throws InputError "FILE:LINE: card 'ID': field 'F': reason"
// for anything malformed: unknown keys or names, out-of-range numbers, fields that do not
// fit the kind (e.g. `objet` on a normale, transcendance on an instantanée, RRD-7.1).
void load_file(const std::string& path, CardDb& db);
// Every *.yaml of DIR/characters, DIR/weapons and DIR/cards, in name order (cached per
// directory, thread-safe). Also checks that every card's archetype is some weapon's and
// every dedicated weapon exists. Throws InputError if a folder is missing or a file is bad.
std::shared_ptr<const CardDb> load_cards(const std::string& data_dir);

// A deck file (data/raise-rise-die/decks/*.yaml): `name`, `character`, `weapons: [ids]`,
// `cards: {id: copies}`, optional `description`.
struct Deck {
  std::string id;  // file name without .yaml
  std::string name;
  std::string description;
  std::string character;
  std::vector<std::string> weapons;
  std::vector<std::pair<std::string, int>> cards;  // card id, copies (file order)
  std::string source;
  cardgame::DeckLines lines;  // where its fields are ("character", "weapons", "weapons.ID", "cards", "cards.ID"); none when built in code
  int size() const;  // total copies
};

// Parse a deck file; throw InputError for malformed YAML, unknown or missing fields or a
// count that is not a positive integer. Does not check the deck-building rules.
Deck load_deck_file(const std::string& path);

// Every violation of the deck-building rules (Rules RRD-2.1..RRD-2.5), one sentence each
// naming the card, weapon or character and the numbers; empty if the deck is legal.
std::vector<std::string> validate_deck(const CardDb& db, const Deck& deck);

}  // namespace rise::rrd
