// The deck-building rules of Raise, Rise & Die (Rules RRD-2.1..RRD-2.5): one sentence per
// violation, naming the card, weapon or character and the numbers.
#include <algorithm>
#include <string>
#include <vector>

#include "raise-rise-die/cards.h"
#include "rise/cardgame/yaml_fields.h"

namespace rise::rrd {
namespace {

constexpr int kMaxCopies = 3;  // Rule RRD-2.2

std::string label(const std::string& what, const std::string& id, const std::string& name) {
  return what + " '" + id + "' (" + name + ")";
}

std::string plural(int n, const std::string& word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

// Rule RRD-2.5 (and the weapons' existence): appends the violations; returns the equipped
// weapons that exist, each once.
std::vector<const WeaponDef*> check_weapons(const CardDb& db, const Deck& deck, const CharacterDef* character,
                                            std::vector<std::string>& out) {
  std::vector<std::string> ids;
  for (const WeaponDef& w : db.weapons()) ids.push_back(w.id);
  std::vector<const WeaponDef*> equipped;
  std::vector<std::string> seen;
  for (const std::string& id : deck.weapons) {
    if (std::find(seen.begin(), seen.end(), id) != seen.end()) {
      out.push_back(deck.lines.located("weapons", "weapon '" + id + "' is equipped twice: the equipped weapons are all different (RRD-2.5)"));
      continue;
    }
    seen.push_back(id);
    const int index = db.find_weapon(id);
    if (index < 0) {
      out.push_back(deck.lines.located("weapons." + id, "unknown weapon '" + id + "'" + cardgame::yaml::did_you_mean(id, ids) + " (RRD-2.5)"));
      continue;
    }
    equipped.push_back(&db.weapons()[static_cast<size_t>(index)]);
  }
  const int count = static_cast<int>(deck.weapons.size());
  if (count == 0) {
    out.push_back(deck.lines.located("weapons", "deck equips no weapon: a deck equips at least 1 weapon (RRD-2.5)"));
  } else if (character != nullptr && count > character->armes) {
    out.push_back(deck.lines.located("weapons", "deck equips " + plural(count, "weapon") + "; " +
                                                    label("character", character->id, character->name) + " carries " +
                                                    plural(character->armes, "weapon") +
                                                    ": a deck equips at most the character's armes (RRD-2.5)"));
  }
  return equipped;
}

}  // namespace

std::vector<std::string> validate_deck(const CardDb& db, const Deck& deck) {
  std::vector<std::string> out;

  const int character_index = db.find_character(deck.character);
  const CharacterDef* character =
      character_index < 0 ? nullptr : &db.characters()[static_cast<size_t>(character_index)];
  if (character == nullptr) {
    std::vector<std::string> ids;
    for (const CharacterDef& ch : db.characters()) ids.push_back(ch.id);
    out.push_back(deck.lines.located("character", "unknown character '" + deck.character + "'" +
                                                      cardgame::yaml::did_you_mean(deck.character, ids) +
                                                      ": a deck names its character (RRD-2.5)"));
  }

  const std::vector<const WeaponDef*> equipped = check_weapons(db, deck, character, out);
  std::vector<std::string> archetypes;
  for (const WeaponDef* w : equipped) {
    if (std::find(archetypes.begin(), archetypes.end(), w->archetype) == archetypes.end()) {
      archetypes.push_back(w->archetype);
    }
  }

  // Rule RRD-2.1.
  if (character != nullptr && deck.size() != character->pv) {
    out.push_back(deck.lines.located("cards", "deck has " + plural(deck.size(), "card") + "; " +
                                                  label("character", character->id, character->name) + " has " +
                                                  std::to_string(character->pv) +
                                                  " PV: a deck holds exactly as many cards as the character's PV (RRD-2.1)"));
  }

  // Copies per card id (a deck built in code may name an id twice; a file cannot).
  std::vector<std::pair<std::string, int>> counts;
  for (const auto& [id, copies] : deck.cards) {
    auto it = std::find_if(counts.begin(), counts.end(), [&id = id](const auto& e) { return e.first == id; });
    if (it == counts.end()) {
      counts.emplace_back(id, copies);
    } else {
      it->second += copies;
    }
  }
  std::vector<std::string> ids;
  for (int i = 0; i < db.size(); ++i) ids.push_back(db[i].id);
  for (const auto& [id, copies] : counts) {
    const int index = db.find(id);
    if (index < 0) {
      out.push_back(deck.lines.located("cards." + id, "unknown card '" + id + "'" + cardgame::yaml::did_you_mean(id, ids)));
      continue;
    }
    const CardDef& c = db[index];
    const std::string card = label("card", c.id, c.name);
    if (copies > kMaxCopies) {  // Rule RRD-2.2
      out.push_back(deck.lines.located("cards." + id, card + ": " + std::to_string(copies) + " copies; a deck holds at most " +
                                                          std::to_string(kMaxCopies) + " copies of a card (RRD-2.2)"));
    }
    if (std::find(archetypes.begin(), archetypes.end(), c.archetype) == archetypes.end()) {  // Rule RRD-2.3
      out.push_back(deck.lines.located("cards." + id, card + " is of archetype '" + c.archetype + "'; " +
                                                          (archetypes.empty() ? std::string("no equipped weapon gives an archetype")
                                                                              : "the equipped weapons give " +
                                                                                    cardgame::yaml::one_of(archetypes)) +
                                                          ": every card is of the archetype of an equipped weapon (RRD-2.3)"));
    }
    if (!c.weapon.empty() && std::find(deck.weapons.begin(), deck.weapons.end(), c.weapon) == deck.weapons.end()) {
      const int w = db.find_weapon(c.weapon);  // Rule RRD-2.4
      const std::string weapon =
          w < 0 ? "weapon '" + c.weapon + "'" : label("weapon", c.weapon, db.weapons()[static_cast<size_t>(w)].name);
      out.push_back(deck.lines.located("cards." + id, card + " is dedicated to " + weapon +
                                                          ", which is not equipped: no card dedicated to a weapon that "
                                                          "is not equipped (RRD-2.4)"));
    }
  }
  return out;
}

}  // namespace rise::rrd
