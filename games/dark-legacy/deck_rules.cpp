// The deck-building rules of Dark Legacy (Rules DL-2.1..DL-2.5, and the pre-battle
// Equipment of Rule DL-5.1, Interpretation DL-I26), checked against the hero who will use
// the deck.
#include <algorithm>
#include <string>
#include <vector>

#include "dark-legacy/cards.h"
#include "rise/cardgame/yaml_fields.h"

namespace rise::dl {
namespace {

constexpr int kMinDeckSize = 50;  // Rule DL-2.1
constexpr int kMaxCopies = 3;     // Rule DL-2.2
constexpr int kFactionLevel = 6;  // Rules DL-2.4, DL-2.5: from Skill Level 6, faction cards only

std::string label(const CardDef& c) { return "'" + c.id + "' (" + c.name + ")"; }

// "Chaos" or "Chaos or Tech".
std::string hero_factions(const HeroSpec& hero) {
  std::string out = faction_name(hero.factions[0]);
  if (hero.has_second) out += std::string(" or ") + faction_name(hero.factions[1]);
  return out;
}

// "a Chaos hero of Skill Level 1", "a Holy Order 12 / Tech 3 hero".
std::string hero_text(const HeroSpec& hero) {
  if (!hero.has_second) {
    return std::string("a ") + faction_name(hero.factions[0]) + " hero of Skill Level " +
           std::to_string(hero.levels[0]);
  }
  return std::string("a ") + faction_name(hero.factions[0]) + " " + std::to_string(hero.levels[0]) + " / " +
         faction_name(hero.factions[1]) + " " + std::to_string(hero.levels[1]) + " hero";
}

}  // namespace

bool faction_allows(const HeroSpec& hero, const CardDef& card) {
  if (hero.has_faction(card.affiliation)) return true;
  return card.level < kFactionLevel && hero.primary_level() < kFactionLevel;
}

std::string faction_refusal(const HeroSpec& hero, const CardDef& card) {
  if (faction_allows(hero, card)) return "";
  const std::string what = std::string("'") + card.id + "' is a Skill Level " + std::to_string(card.level) + " " +
                           faction_name(card.affiliation) + " card";
  if (card.level >= kFactionLevel) {
    return what + "; cards of Skill Level " + std::to_string(kFactionLevel) + " or more are only for a hero of their faction (" +
           hero_factions(hero) + " here) (Rule DL-2.4)";
  }
  return what + "; a hero of Skill Level " + std::to_string(hero.primary_level()) + " may only use cards of its faction (" +
         hero_factions(hero) + ") (Rule DL-2.5)";
}

std::vector<std::string> validate_deck(const CardDb& db, const Deck& deck, const HeroSpec& hero) {
  std::vector<std::string> out;

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
  bool pre_battle_equipment = false;
  for (const auto& [id, copies] : counts) {
    const int index = db.find(id);
    if (index < 0) {
      out.push_back(deck.lines.located("cards." + id, "unknown card '" + id + "'" + cardgame::yaml::did_you_mean(id, ids)));
      continue;
    }
    const CardDef& c = db[index];
    if (copies > kMaxCopies) {
      out.push_back(deck.lines.located("cards." + id, label(c) + ": " + std::to_string(copies) +
                                                          " copies; a deck holds at most " + std::to_string(kMaxCopies) +
                                                          " of a card (Rule DL-2.2)"));
    }
    if (c.level >= kFactionLevel && !hero.has_faction(c.affiliation)) {
      out.push_back(deck.lines.located("cards." + id, label(c) + ": a Skill Level " + std::to_string(c.level) + " " +
                                                          faction_name(c.affiliation) + " card; cards of Skill Level " +
                                                          std::to_string(kFactionLevel) +
                                                          " or more must be of the hero's faction (" +
                                                          hero_factions(hero) + ") (Rule DL-2.4)"));
    } else if (!faction_allows(hero, c)) {
      out.push_back(deck.lines.located("cards." + id, label(c) + ": a Skill Level " + std::to_string(c.level) + " " +
                                                          faction_name(c.affiliation) + " card; a hero of Skill Level " +
                                                          std::to_string(hero.primary_level()) +
                                                          " may only use cards of its faction (" + hero_factions(hero) +
                                                          ") (Rule DL-2.5)"));
    }
    // Rule DL-5.1, Interpretation DL-I26: before the battle the hero equips a 0-cost
    // Equipment it may use, so the deck must hold one.
    if (c.is_equipment() && c.cost == 0 && faction_allows(hero, c) && c.level <= hero.level_for(c.affiliation)) {
      pre_battle_equipment = true;
    }
  }
  // Rule DL-2.3: any number of Armor cards may be in the deck (only two are played per
  // battle, which the engine counts), so Armor has no deck limit here.
  const int size = deck.size();
  if (size < kMinDeckSize) {
    out.push_back(deck.lines.located("cards", "the deck has " + std::to_string(size) + " cards; it needs at least " +
                                                  std::to_string(kMinDeckSize) + " (Rule DL-2.1)"));
  }
  if (!pre_battle_equipment) {
    out.push_back(deck.lines.located("cards", "the deck has no Equipment (Weapon, Armor or Relic) of Casting Cost 0 that " +
                                                  hero_text(hero) +
                                                  " may use; one is equipped before the battle (Rule DL-5.1, Interpretation DL-I26)"));
  }
  return out;
}

}  // namespace rise::dl
