// Card definitions and the card database (immutable after loading, shared by states).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "rise/cardgame/deck_lines.h"
#include "rise/cardgame/effect.h"

namespace rise::cardgame {

// Rank 0 means infinite (Rule TCG-1.3: unlimited copies; destroyed -> excluded + 1 Ether).
inline constexpr int kInfiniteRank = 0;

// What an Equipment gives to the card or Summoner it is attached to.
struct Grants {
  int attack = 0;
  int defense = 0;
  uint64_t abilities = 0;  // Ability mask
  uint32_t statics = 0;    // StaticEffect mask (YAML `static:`; Constants only)
};

// One card as printed (docs/cards.md lists every field).
struct CardDef {
  std::string id;    // unique in the database, [a-z0-9-]+
  std::string name;  // as printed
  std::string text;  // rules text for people (the engine reads the fields below)
  uint32_t types = 0;  // CardType mask, never empty
  int rank = 1;        // copies allowed in a library; kInfiniteRank = unlimited
  Rarity rarity = Rarity::kCommon;
  int capacity_cost = 1;  // Capacity Points to invoke (Level Up: 0)
  // Creature/Door: printed attack/defense; `*` = star_attack/star_defense below.
  int attack = 0;
  int defense = 0;
  bool star_attack = false;
  bool star_defense = false;
  Value star_attack_value;
  Value star_defense_value;
  uint64_t abilities = 0;  // Ability mask
  uint32_t statics = 0;    // StaticEffect mask (YAML `static:`; Constants only)
  // Subtypes as printed ("Zombie", "Clone"; YAML `subtypes:`), capitalised words, unique.
  // Effects refer to them with the filter field `subtype` (Rules TCG-12.26, TCG-12.27).
  std::vector<std::string> subtypes;
  std::vector<TriggeredEffect> effects;  // base effects, by trigger
  std::vector<ActionDef> actions;
  Grants grants;  // Equipment only
  Filter attach;  // Equipment only: what it may attach to (YAML `attach:`)
  Disease disease = Disease::kNone;  // ability Disease only: which one (YAML `disease:`)
  // Summoner only: starting HP (1..30) and skills by level (max level = skills.size()).
  int hp = 0;
  std::vector<SkillDef> skills;
  // Where it was defined, for messages: "data/rise-tcg/cards/ember.yaml:12".
  std::string source;

  bool is(uint32_t type_mask) const { return (types & type_mask) != 0; }
  bool has(uint64_t ability_mask) const { return (abilities & ability_mask) == ability_mask; }
  bool is_constant() const { return is(kConstantTypes); }
  bool has_subtype(const std::string& subtype) const {
    for (const std::string& s : subtypes) {
      if (s == subtype) return true;
    }
    return false;
  }
  int max_level() const { return static_cast<int>(skills.size()); }
};

// The most cards a CardDatabase holds (add() refuses more): a state's card index fits an
// int16, and an observation tensor's card value (index + 1) is at most this.
inline constexpr int kMaxCardDefs = 2046;

// Every card of a game, by index (states store indices).
class CardDatabase {
 public:
  // Adds a card; throws InputError if its id is already present (naming both sources) or
  // the database holds kMaxCardDefs cards.
  void add(CardDef card);
  int size() const { return static_cast<int>(cards_.size()); }
  const CardDef& operator[](int index) const { return cards_[static_cast<size_t>(index)]; }
  // Index of `id`, or -1.
  int find(const std::string& id) const;
  // Index of `id`; throws InputError "unknown card 'id'" + `where`.
  int require(const std::string& id, const std::string& where) const;
  const std::vector<CardDef>& cards() const { return cards_; }

 private:
  std::vector<CardDef> cards_;
  std::unordered_map<std::string, int> index_;
};

// A deck file (data/<game>/decks/*.yaml): two Summoners and a library of card counts.
struct Deck {
  std::string id;    // file name without .yaml
  std::string name;
  std::vector<std::string> summoners;                  // card ids
  std::vector<std::pair<std::string, int>> library;    // card id, copies (file order)
  std::string source;                                  // file path
  DeckLines lines;                                     // where its fields are in the file (none when built in code)
  int library_size() const;
};

}  // namespace rise::cardgame
