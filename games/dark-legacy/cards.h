// The cards of Dark Legacy: The Rising (Rules DL-1.*): the printed fields of the rulebook's
// card anatomy plus a small effect language for each card's ability, read from
// data/dark-legacy/cards/*.yaml (docs/cards-dark-legacy.md). Definitions are immutable after
// loading and shared by every state; states refer to a card by its index in CardDb.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "rise/cardgame/deck_lines.h"

namespace rise::dl {

// Card affiliation and hero faction (Rule DL-1.1). YAML names: chaos, tech, darkness,
// holy-order, wind, earth; printed names: Chaos, Tech, Darkness, Holy Order, Wind, Earth.
enum class Faction : uint8_t { kChaos, kTech, kDarkness, kHolyOrder, kWind, kEarth };
inline constexpr int kFactions = 6;

// Card type (Rule DL-1.1, DL-1.2; Relic is a seventh type, Interpretation DL-I1). YAML names:
// creature, magic, instant, weapon, armor, enhancement, relic.
enum class Kind : uint8_t { kCreature, kMagic, kInstant, kWeapon, kArmor, kEnhancement, kRelic };
inline constexpr int kKinds = 7;

// Weapon range (Rule DL-10.7). YAML `range: melee|distance`, Weapons only, default melee.
enum class Range : uint8_t { kMelee, kDistance };

// Keywords, a bit mask (YAML `keywords: [flying, hits-flying]`).
enum Keyword : uint8_t {
  kFlying = 1,      // Rule DL-15.1: blocked and damaged only by flyers or hits-flying
  kHitsFlying = 2,  // may block and damage flying creatures (Rule DL-15.1)
};

// What an Enhancement, an Armor, a Relic or a lasting Magic card gives while it is in play
// (YAML `grants: {attack: N, defense: N, life: N, keywords: [...]}`). attack/defense may be
// negative. Enhancement: to what it is attached (hero, a weapon or an armor; `attach:`).
// Armor: to the hero wearing it, while it is equipped; two copies of one Armor grant once
// (Rule DL-11.4, Interpretation DL-I44). Relic: to its hero. Lasting Magic: to each creature
// of its controller.
struct Grants {
  int attack = 0;
  int defense = 0;   // on an Armor: extra Defense Points; on a creature: extra DP
  int life = 0;      // Enhancement on the hero only: added to Life Points once, when cast
  uint8_t keywords = 0;
  bool any() const { return attack != 0 || defense != 0 || life != 0 || keywords != 0; }
};

// Where an Enhancement goes (YAML `attach: hero|weapon|armor`; Rules DL-3.1, DL-3.2, DL-12.2).
enum class Attach : uint8_t { kHero, kWeapon, kArmor };

// When an effect happens (YAML `when:`):
//   cast       when the card is cast (Instants, Magic, Creatures, Relics, Enhancements) or
//              equipped (Weapons, Armor)
//   turn-start at step 4 of each of its controller's turns while the card is in play
//   activated  an ability its controller uses by turning the card (Rule DL-1.5), once per
//              turn; for a Weapon only in its controller's Attack Phase (Rule DL-10.6),
//              otherwise in the controller's declared phase of its own turn
enum class Trigger : uint8_t { kCast, kTurnStart, kActivated };

// Effect primitives (YAML `do:`). `amount` is N.
enum class Op : uint8_t {
  kDamage,         // N damage to the target (a hero's damage goes through armor, Rule DL-11.1)
  kHeal,           // hero: +N Life Points (never above its starting life); creature: removes
                   // N damage
  kPoison,         // N poison counters (Rules DL-16.*; a hero with armor is immune, DL-11.8)
  kDraw,           // its controller draws N cards
  kCastingPoints,  // its controller gains N Casting Points
  kDestroy,        // the target creature (or spell card / equipment) goes to the Boneyard
  kDispel,         // the target Magic, Relic or Enhancement goes to its owner's Boneyard
  kCounter,        // the spell being cast (the one this Instant answers) is countered: it goes
                   // to its owner's Boneyard without effect (Rule DL-8.4); Instants only
  kRepairArmor,    // removes N damage from its controller's armors (primary first)
  kRemove,         // the target creature is removed from the game (Rule DL-3.9)
  kDiscard,        // the target hero's player discards N cards at random
  kBoost,          // the target creature gets +N Attack Points until the end of the turn
};

// Who an effect reaches (YAML `target:`). Rule DL-1.4: a "target" effect may choose a card or
// hero of either side; without "target" it reaches only its controller's own hero/creatures.
enum class Target : uint8_t {
  kNone,               // draw, casting-points, counter, repair-armor: no target
  kTarget,             // "target Hero or Creature": any hero or creature, chosen on resolution
  kTargetCreature,     // "target Creature": any creature
  kTargetHero,         // "target Hero": either hero
  kTargetSpell,        // "target spell": a Magic, Relic or Enhancement card in play (dispel)
  kYourHero,           // its controller's hero
  kYourCreatures,      // each creature its controller controls
  kOpposingHero,       // the opposing hero (card text beats the rule, DL-1.3)
  kOpposingCreatures,  // each creature of the opponent
};

// One effect step: YAML `{OP: N, target: T}`, e.g. `{damage: 3, target: target-creature}`;
// destroy, dispel, counter and remove take no amount and are written `{destroy: true, ...}`.
struct Step {
  Op op = Op::kDamage;
  int amount = 0;
  Target target = Target::kNone;
};

// A card ability: `{when: TRIGGER, steps: [...]}` (YAML `effects:` list of
// `{when: cast, do: [ {damage: 3, target: target-creature}, ... ]}`).
struct Effect {
  Trigger when = Trigger::kCast;
  std::vector<Step> steps;
};

// One card as printed (Rule DL-1.1).
struct CardDef {
  std::string id;    // unique, [a-z0-9-]+
  std::string name;  // as printed
  std::string text;  // ability text for people (the engine reads the fields below)
  Faction affiliation = Faction::kChaos;
  Kind kind = Kind::kCreature;
  int cost = 0;   // Casting Cost, 0..20 Casting Points
  int level = 1;  // Skill Level needed, 1..20
  int attack = 0;   // Attack Points: Creature, Weapon (0..99)
  int defense = 0;  // Defense Points: Creature, Armor (Creature 1..99, Armor 1..99)
  Range range = Range::kMelee;  // Weapon only
  uint8_t keywords = 0;         // Keyword mask (Creatures; a Weapon's hits-flying)
  bool lasting = false;         // Magic: stays in its Spell Casting Field (DL-I10); grants apply
  Attach attach = Attach::kHero;  // Enhancement only
  Grants grants;                 // Enhancement, Armor (DL-I44), Relic, lasting Magic
  std::vector<Effect> effects;
  std::string source;  // "data/dark-legacy/cards/chaos.yaml:12", for messages

  bool is_spell() const { return kind != Kind::kWeapon && kind != Kind::kArmor; }  // Rule DL-1.2
  bool is_equipment() const {  // Rule DL-1.2: Weapons, Armor and Relics are Equipment
    return kind == Kind::kWeapon || kind == Kind::kArmor || kind == Kind::kRelic;
  }
  bool has(Keyword k) const { return (keywords & k) != 0; }
  const Effect* effect(Trigger when) const {
    for (const Effect& e : effects) {
      if (e.when == when) return &e;
    }
    return nullptr;
  }
};

// Every Dark Legacy card of a data directory, by index.
class CardDb {
 public:
  // Adds a card; throws InputError if the id is already present (naming both sources).
  void add(CardDef card);
  int size() const { return static_cast<int>(cards_.size()); }
  const CardDef& operator[](int index) const { return cards_[static_cast<size_t>(index)]; }
  // Index of `id`, or -1.
  int find(const std::string& id) const;
  // Index of `id`; throws InputError "unknown card 'id'" + `where`.
  int require(const std::string& id, const std::string& where) const;

 private:
  std::vector<CardDef> cards_;
  std::unordered_map<std::string, int> index_;
};

// Parses one card file (YAML document with a top-level `cards:` list) into `db`. Throws
// InputError "FILE:LINE: card 'ID': field 'F': reason" for anything malformed: unknown keys,
// names, out-of-range numbers, fields that do not fit the kind (e.g. `range` on a Creature).
void load_card_file(const std::string& path, CardDb& db);

// Every *.yaml of DIR/cards in name order (cached per directory, thread-safe). Throws
// InputError if the folder is missing or any file is bad.
std::shared_ptr<const CardDb> load_cards(const std::string& data_dir);

// Printed and YAML names, and parsers that throw InputError naming `what` on an unknown name.
const char* faction_name(Faction f);     // "Holy Order"
const char* faction_key(Faction f);      // "holy-order"
Faction parse_faction(const std::string& key, const std::string& where);  // accepts key or name
const char* kind_name(Kind k);           // "Creature"

// How a card reads to people (`rise cards`, the server's card catalog):
// keyword YAML names in bit order, e.g. {"flying", "hits-flying"};
std::vector<std::string> keyword_names(uint8_t keywords);
// the same joined: "flying, hits-flying" ("" for none);
std::string keywords_text(uint8_t keywords);
// "AP/DP" of a Creature ("1/2"), "AP 5" of a Weapon, "DP 4" of an Armor, "" otherwise;
std::string stats_text(const CardDef& card);
// what the kind adds: "melee" / "distance" (Weapon), "lasting" (lasting Magic),
// "attach hero" / "attach weapon" / "attach armor" (Enhancement), "" otherwise.
std::string traits_text(const CardDef& card);

// A deck file (data/dark-legacy/decks/*.yaml): `name`, `faction` (the faction it is built
// for), `cards: {id: copies}`, optional `description`.
struct Deck {
  std::string id;  // file name without .yaml
  std::string name;
  std::string description;  // optional, for people
  Faction faction = Faction::kChaos;
  std::vector<std::pair<std::string, int>> cards;  // card id, copies (file order)
  std::string source;
  cardgame::DeckLines lines;  // where its fields are in the file ("cards", "cards.ID"); none when built in code
  int size() const;
};

// Parses a deck file; throws InputError for malformed YAML, unknown or missing fields or a
// count that is not a positive integer. Does not check the deck-building rules.
Deck load_deck_file(const std::string& path);

// The hero a deck is checked against and a battle is fought with: its factions and its skill
// level in each (Rules DL-4.4, DL-18.5). `factions[1]` exists only from level 10 (DL-18.5).
struct HeroSpec {
  Faction factions[2] = {Faction::kChaos, Faction::kChaos};
  int levels[2] = {1, 0};
  bool has_second = false;
  std::string name;  // stored hero's name, or "" for an anonymous hero

  int primary_level() const { return levels[0]; }
  // The level the hero has for a card of `affiliation`: that faction's level if it is one of
  // the hero's factions, else the primary level (cards of level <= 5 of any affiliation,
  // Rule DL-2.5, Interpretation DL-I18).
  int level_for(Faction affiliation) const {
    if (affiliation == factions[0]) return levels[0];
    if (has_second && affiliation == factions[1]) return levels[1];
    return levels[0];
  }
  bool has_faction(Faction f) const { return f == factions[0] || (has_second && f == factions[1]); }
};

// Rules DL-2.4, DL-2.5: whether `hero`'s factions let it use `card` at all (its Skill Level
// aside): a card of its factions always; another affiliation's card only if both the card
// and the hero's primary level are below 6. Checked when a deck is built and again when a
// card is cast, charged or equipped (a loaded state cannot play an off-faction card).
bool faction_allows(const HeroSpec& hero, const CardDef& card);
// Why `hero` may not use `card` ("" if faction_allows): one sentence naming the card's
// affiliation and level, the hero's factions and the rule (DL-2.4 or DL-2.5).
std::string faction_refusal(const HeroSpec& hero, const CardDef& card);

// Parses "FACTION:LEVEL" or "FACTION:LEVEL:FACTION2:LEVEL2" (e.g. "holy-order:12:tech:3"),
// levels 1..20, a second faction only from level 10. Throws InputError naming `where`.
HeroSpec parse_hero_spec(const std::string& text, const std::string& where);
// The inverse of parse_hero_spec.
std::string hero_spec_string(const HeroSpec& hero);

// Every violation of the deck-building rules for `hero` (Rules DL-2.1..DL-2.5, and the 0-cost
// Equipment of Interpretation DL-I26), one sentence each naming the card and the numbers;
// empty if the deck is legal.
std::vector<std::string> validate_deck(const CardDb& db, const Deck& deck, const HeroSpec& hero);

}  // namespace rise::dl
