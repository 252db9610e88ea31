// What `rise cards rise-tcg` and `rise deck validate rise-tcg` print (card_commands.h).
#include "rise-tcg/card_commands.h"

#include <algorithm>

#include <fmt/format.h>

#include "rise/cardgame/card_loader.h"
#include "rise/cardgame/data_dir.h"
#include "rise/cardgame/describe.h"
#include "rise/cardgame/explain.h"
#include "rise/cardgame/yaml_fields.h"
#include "rise/core/error.h"
#include "rise-tcg/card_set.h"

namespace rise::tcg {
namespace {

// The cards of data_dir/cards, from the games' cache (load_card_set): each card explained
// or listed does not read and parse the whole directory again.
std::shared_ptr<const cardgame::CardDatabase> listed_cards(const std::string& data_dir) {
  return load_card_set(data_dir)->db;
}

// "2/1", "hp 18" or "-" (cardgame::stats_to_text, with a dash for a card without numbers).
std::string stats_or_dash(const cardgame::CardDef& c) {
  const std::string text = cardgame::stats_to_text(c);
  return text.empty() ? "-" : text;
}

// Card `id` of `db`; throws InputError for an unknown id, naming the closest known one.
const cardgame::CardDef& listed_card(const cardgame::CardDatabase& db, const std::string& id) {
  const int index = db.find(id);
  if (index < 0) {
    std::vector<std::string> ids;
    for (int i = 0; i < db.size(); ++i) ids.push_back(db[i].id);
    throw InputError("unknown card '" + id + "'" + cardgame::yaml::did_you_mean(id, ids) +
                     " in rise-tcg ('rise cards rise-tcg' lists them)");
  }
  return db[index];
}

}  // namespace

std::string cards_listing(const std::string& data_dir) {
  using namespace rise::cardgame;
  const auto db = listed_cards(data_dir);
  size_t id_w = 2, name_w = 4, types_w = 5;
  for (const CardDef& c : db->cards()) {
    id_w = std::max(id_w, c.id.size());
    name_w = std::max(name_w, c.name.size());
    types_w = std::max(types_w, types_to_text(c.types).size());
  }
  std::string out = fmt::format("{:<{}}  {:<{}}  {:<{}}  {:>4}  {:<8}  {:<9}  {:<7}  {}\n", "id", id_w, "name", name_w,
                                "types", types_w, "cost", "rank", "rarity", "atk/def", "abilities");
  for (const CardDef& c : db->cards()) {
    std::string abilities = abilities_to_text(c.abilities);
    if (c.is(kSummoner)) {
      abilities = fmt::format("{} skills", c.max_level()) + (abilities.empty() ? "" : "; " + abilities);
    }
    out += fmt::format("{:<{}}  {:<{}}  {:<{}}  {:>4}  {:<8}  {:<9}  {:<7}  {}\n", c.id, id_w, c.name, name_w,
                       types_to_text(c.types), types_w, c.is(kSummoner) ? "-" : std::to_string(c.capacity_cost),
                       rank_to_text(c.rank), rarity_name(c.rarity), stats_or_dash(c), abilities);
  }
  return out + std::to_string(db->size()) + " cards\n";
}

std::string card_text(const std::string& data_dir, const std::string& id) {
  using namespace rise::cardgame;
  const auto db = listed_cards(data_dir);
  const CardDef& c = listed_card(*db, id);
  std::string out = fmt::format("{} ({})   {}\n", c.name, c.id, c.source);
  out += fmt::format("  {} | rank {} | {}", types_to_text(c.types), rank_to_text(c.rank), rarity_name(c.rarity));
  if (!c.is(kSummoner)) out += fmt::format(" | cost {}", c.capacity_cost);
  out += "\n";
  if (c.is(kCreature | kDoor)) {
    out += fmt::format("  attack {}, defense {}\n", c.star_attack ? "*" : std::to_string(c.attack),
                       c.star_defense ? "*" : std::to_string(c.defense));
    if (c.star_attack) out += "  star attack: " + value_to_text(c.star_attack_value) + "\n";
    if (c.star_defense) out += "  star defense: " + value_to_text(c.star_defense_value) + "\n";
  }
  if (c.is(kSummoner)) out += fmt::format("  hp {}, maximum level {}\n", c.hp, c.max_level());
  if (c.abilities != 0) out += "  abilities: " + abilities_to_text(c.abilities) + "\n";
  if (c.statics != 0) {
    std::string statics;
    for (size_t i = 0; i < cardgame::static_effect_names().size(); ++i) {
      if (c.statics & (1u << i)) statics += (statics.empty() ? "" : ", ") + cardgame::static_effect_names()[i];
    }
    out += "  static: " + statics + "\n";
  }
  if (c.disease != Disease::kNone) {
    out += std::string("  disease: ") + disease_names()[static_cast<size_t>(c.disease) - 1] + "\n";
  }
  if (c.has(kEquipment)) {
    out += fmt::format("  grants: {:+}/{:+}{}; attaches to {}\n", c.grants.attack, c.grants.defense,
                       c.grants.abilities ? ", " + abilities_to_text(c.grants.abilities) : "",
                       filter_to_text(c.attach));
  }
  if (!c.text.empty()) out += "  text: " + c.text + "\n";
  for (const TriggeredEffect& e : c.effects) {
    out += "  on " + cardgame::trigger_to_text(e) + (e.limit == cardgame::Limit::kOncePerTurn        ? ", once per turn"
                                                       : e.limit == cardgame::Limit::kFirstTimeEachTurn ? ", the first time each turn"
                                                                                                        : "") +
           (e.condition.present() ? ", if " + cardgame::condition_to_text(e.condition) : "") + ": " +
           steps_to_text(e.steps) + "\n";
  }
  for (const ActionDef& a : c.actions) {
    out += fmt::format("  action {} ({})\n", a.name, action_terms_to_text(a));
    out += std::string("      ") + (a.kind == cardgame::ActionKind::kDirectPurchase ? "do: " : "success: ") +
           steps_to_text(a.success) + "\n";
    if (!a.fail.empty()) out += "      fail: " + steps_to_text(a.fail) + "\n";
    if (!a.text.empty()) out += "      text: " + a.text + "\n";
  }
  for (const SkillDef& s : c.skills) {
    out += fmt::format("  skill {} {}: {}\n", s.level, s.name, steps_to_text(s.steps));
    if (!s.text.empty()) out += "      text: " + s.text + "\n";
  }
  return out;
}

std::string card_explanation(const std::string& data_dir, const std::string& id) {
  const auto db = listed_cards(data_dir);
  return cardgame::explain_card(listed_card(*db, id), *db);
}

std::vector<DeckCheck> check_decks(const std::string& data_dir, const std::vector<std::string>& decks) {
  using namespace rise::cardgame;
  const auto db = listed_cards(data_dir);
  const DeckRules rules{};  // Rules TCG-1.*
  return check_each_deck(decks, [&](const std::string& name) {
    const Deck deck = load_deck_file(find_deck_file(data_dir, name));
    return DeckCheck{.source = deck.source,
                     .problems = validate_deck(*db, deck, rules),
                     .summary = fmt::format("{} cards, summoners {}", deck.library_size(), yaml::join(deck.summoners))};
  });
}

}  // namespace rise::tcg
