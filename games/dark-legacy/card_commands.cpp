// What `rise cards dark-legacy` and `rise deck validate dark-legacy` print (card_commands.h).
#include "dark-legacy/card_commands.h"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "dark-legacy/cards.h"
#include "dark-legacy/explain.h"
#include "rise/cardgame/data_dir.h"
#include "rise/cardgame/yaml_fields.h"
#include "rise/core/error.h"

namespace rise::dl {
namespace {

// Names of the YAML format (docs/cards-dark-legacy.md) for effects.
const char* const kListedTriggers[] = {"cast", "turn-start", "activated"};
const char* const kListedOps[] = {"damage",  "heal",    "poison",       "draw",   "casting-points", "destroy",
                                  "dispel",  "counter", "repair-armor", "remove", "discard",        "boost"};
const char* const kListedTargets[] = {"none",           "target",        "target-creature",
                                      "target-hero",    "target-spell",  "your-hero",
                                      "your-creatures", "opposing-hero", "opposing-creatures"};

// "AP/DP" of a Creature, "AP 5" of a Weapon, "DP 4" of an Armor, "-" otherwise.
std::string stats_or_dash(const CardDef& c) {
  const std::string text = stats_text(c);
  return text.empty() ? "-" : text;
}

// "cast: damage 3 target-creature, draw 1".
std::string effect_line(const Effect& e) {
  std::string out = std::string(kListedTriggers[static_cast<int>(e.when)]) + ":";
  for (size_t i = 0; i < e.steps.size(); ++i) {
    const Step& st = e.steps[i];
    out += (i == 0 ? " " : ", ") + std::string(kListedOps[static_cast<int>(st.op)]);
    if (st.amount != 0) out += ' ' + std::to_string(st.amount);
    if (st.target != Target::kNone) out += std::string(" ") + kListedTargets[static_cast<int>(st.target)];
  }
  return out;
}

// Card `id` of `db`; throws InputError for an unknown id, naming the closest known one.
const CardDef& listed_card(const CardDb& db, const std::string& id) {
  const int index = db.find(id);
  if (index < 0) {
    std::vector<std::string> ids;
    for (int i = 0; i < db.size(); ++i) ids.push_back(db[i].id);
    throw InputError("unknown card '" + id + "'" + cardgame::yaml::did_you_mean(id, ids) +
                     " in dark-legacy ('rise cards dark-legacy' lists them)");
  }
  return db[index];
}

}  // namespace

std::string cards_listing(const std::string& data_dir) {
  const auto db = load_cards(data_dir);
  size_t id_w = 2, name_w = 4;
  for (int i = 0; i < db->size(); ++i) {
    id_w = std::max(id_w, (*db)[i].id.size());
    name_w = std::max(name_w, (*db)[i].name.size());
  }
  const std::string row = "{:<{}}  {:<{}}  {:<11}  {:<10}  {:>5}  {:>4}  {:<6}  {}\n";
  std::string out =
      fmt::format(fmt::runtime(row), "id", id_w, "name", name_w, "kind", "faction", "level", "cost", "ap/dp", "text");
  for (int i = 0; i < db->size(); ++i) {
    const CardDef& c = (*db)[i];
    out += fmt::format(fmt::runtime(row), c.id, id_w, c.name, name_w, kind_name(c.kind), faction_name(c.affiliation),
                       c.level, c.cost, stats_or_dash(c), c.text);
  }
  return out + std::to_string(db->size()) + " cards\n";
}

std::string card_text(const std::string& data_dir, const std::string& id) {
  const auto db = load_cards(data_dir);
  const CardDef& c = listed_card(*db, id);
  std::string out = fmt::format("{} ({})   {}\n", c.name, c.id, c.source);
  out += fmt::format("  {} | {} | Skill Level {} | cost {}", kind_name(c.kind), faction_name(c.affiliation), c.level,
                     c.cost);
  if (const std::string traits = traits_text(c); !traits.empty()) out += " | " + traits;
  out += "\n";
  if (stats_or_dash(c) != "-") out += "  " + stats_or_dash(c) + "\n";
  if (c.keywords != 0) out += "  keywords: " + keywords_text(c.keywords) + "\n";
  if (c.grants.any()) {
    std::vector<std::string> parts;
    if (c.grants.attack != 0) parts.push_back(fmt::format("attack {:+}", c.grants.attack));
    if (c.grants.defense != 0) parts.push_back(fmt::format("defense {:+}", c.grants.defense));
    if (c.grants.life != 0) parts.push_back(fmt::format("life {:+}", c.grants.life));
    if (c.grants.keywords != 0) parts.push_back(keywords_text(c.grants.keywords));
    std::string text;
    for (const std::string& part : parts) text += (text.empty() ? "" : ", ") + part;
    out += "  grants: " + text + "\n";
  }
  out += "  text: " + c.text + "\n";
  for (const Effect& e : c.effects) out += "  " + effect_line(e) + "\n";
  return out;
}

std::string card_explanation(const std::string& data_dir, const std::string& id) {
  const auto db = load_cards(data_dir);
  return explain_card(listed_card(*db, id));
}

std::vector<DeckCheck> check_decks(const std::string& data_dir, const std::vector<std::string>& decks,
                                   const std::string& hero_spec, const std::string& hero_where) {
  std::optional<HeroSpec> hero;
  if (!hero_spec.empty()) hero = parse_hero_spec(hero_spec, hero_where);
  const auto db = load_cards(data_dir);
  return check_each_deck(decks, [&](const std::string& name) {
    const Deck deck = load_deck_file(cardgame::find_deck_file(data_dir, name));
    HeroSpec deck_hero;
    deck_hero.factions[0] = deck.faction;
    const HeroSpec& h = hero ? *hero : deck_hero;
    return DeckCheck{.source = deck.source,
                     .problems = validate_deck(*db, deck, h),
                     .summary = fmt::format("{} cards, hero {}", deck.size(), hero_spec_string(h))};
  });
}

}  // namespace rise::dl
