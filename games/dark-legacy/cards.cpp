// The card database, names and hero specs of Dark Legacy (cards.h).
#include "dark-legacy/cards.h"

#include <charconv>
#include <sstream>

#include "rise/cardgame/yaml_fields.h"
#include "rise/core/error.h"

namespace rise::dl {
namespace {

constexpr const char* kFactionNames[kFactions] = {"Chaos", "Tech", "Darkness", "Holy Order", "Wind", "Earth"};
constexpr const char* kFactionKeys[kFactions] = {"chaos", "tech", "darkness", "holy-order", "wind", "earth"};
constexpr const char* kKindNames[kKinds] = {"Creature", "Magic", "Instant", "Weapon", "Armor", "Enhancement", "Relic"};

int parse_level(const std::string& text, const std::string& where) {
  int level = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), level);
  if (ec != std::errc() || ptr != text.data() + text.size() || level < 1 || level > 20) {
    throw InputError(where + ": skill level '" + text + "' must be an integer 1..20");
  }
  return level;
}

}  // namespace

void CardDb::add(CardDef card) {
  if (auto it = index_.find(card.id); it != index_.end()) {
    const CardDef& first = cards_[static_cast<size_t>(it->second)];
    throw InputError(card.source + ": card '" + card.id + "': field 'id': duplicate id, already defined at " +
                     first.source);
  }
  index_.emplace(card.id, static_cast<int>(cards_.size()));
  cards_.push_back(std::move(card));
}

int CardDb::find(const std::string& id) const {
  auto it = index_.find(id);
  return it == index_.end() ? -1 : it->second;
}

int CardDb::require(const std::string& id, const std::string& where) const {
  int index = find(id);
  if (index < 0) throw InputError("unknown card '" + id + "'" + where);
  return index;
}

const char* faction_name(Faction f) { return kFactionNames[static_cast<int>(f)]; }
const char* faction_key(Faction f) { return kFactionKeys[static_cast<int>(f)]; }
const char* kind_name(Kind k) { return kKindNames[static_cast<int>(k)]; }

std::vector<std::string> keyword_names(uint8_t keywords) {
  std::vector<std::string> out;
  if (keywords & kFlying) out.push_back("flying");
  if (keywords & kHitsFlying) out.push_back("hits-flying");
  return out;
}

std::string keywords_text(uint8_t keywords) { return cardgame::yaml::join(keyword_names(keywords)); }

std::string stats_text(const CardDef& c) {
  if (c.kind == Kind::kCreature) return std::to_string(c.attack) + "/" + std::to_string(c.defense);
  if (c.kind == Kind::kWeapon) return "AP " + std::to_string(c.attack);
  if (c.kind == Kind::kArmor) return "DP " + std::to_string(c.defense);
  return "";
}

std::string traits_text(const CardDef& c) {
  static const char* const attach[] = {"hero", "weapon", "armor"};
  if (c.kind == Kind::kWeapon) return c.range == Range::kDistance ? "distance" : "melee";
  if (c.kind == Kind::kMagic && c.lasting) return "lasting";
  if (c.kind == Kind::kEnhancement) return std::string("attach ") + attach[static_cast<int>(c.attach)];
  return "";
}

Faction parse_faction(const std::string& key, const std::string& where) {
  for (int i = 0; i < kFactions; ++i) {
    if (key == kFactionKeys[i] || key == kFactionNames[i]) return static_cast<Faction>(i);
  }
  throw InputError(where + ": unknown faction '" + key +
                   "' (expected chaos, tech, darkness, holy-order, wind or earth)");
}

int Deck::size() const {
  int total = 0;
  for (const auto& [id, copies] : cards) total += copies;
  return total;
}

HeroSpec parse_hero_spec(const std::string& text, const std::string& where) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  std::string part;
  while (std::getline(in, part, ':')) parts.push_back(part);
  if (parts.size() != 2 && parts.size() != 4) {
    throw InputError(where + ": hero '" + text + "' must be FACTION:LEVEL or FACTION:LEVEL:FACTION2:LEVEL2");
  }
  HeroSpec hero;
  hero.factions[0] = parse_faction(parts[0], where);
  hero.levels[0] = parse_level(parts[1], where);
  if (parts.size() == 4) {
    if (hero.levels[0] < 10) {
      throw InputError(where + ": hero '" + text + "': a second faction needs level 10 in the first (Rule DL-18.5)");
    }
    hero.factions[1] = parse_faction(parts[2], where);
    if (hero.factions[1] == hero.factions[0]) {
      throw InputError(where + ": hero '" + text + "': the second faction must differ from the first");
    }
    hero.levels[1] = parse_level(parts[3], where);
    hero.has_second = true;
  }
  return hero;
}

std::string hero_spec_string(const HeroSpec& hero) {
  std::string out = std::string(faction_key(hero.factions[0])) + ":" + std::to_string(hero.levels[0]);
  if (hero.has_second) {
    out += std::string(":") + faction_key(hero.factions[1]) + ":" + std::to_string(hero.levels[1]);
  }
  return out;
}

}  // namespace rise::dl
