// What `rise cards raise-rise-die` and `rise deck validate raise-rise-die` print
// (card_commands.h).
#include "raise-rise-die/card_commands.h"

#include <algorithm>

#include <fmt/format.h>

#include "raise-rise-die/cards.h"
#include "raise-rise-die/explain.h"
#include "rise/cardgame/data_dir.h"
#include "rise/cardgame/yaml_fields.h"
#include "rise/core/error.h"

namespace rise::rrd {
namespace {

// The width of `text` in characters (UTF-8 code points, as fmt counts them).
size_t listed_width(const std::string& text) {
  return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

// `rows` as columns padded to their widest cell (the last column is not padded).
std::string padded_columns(const std::vector<std::vector<std::string>>& rows) {
  std::vector<size_t> widths;
  for (const auto& row : rows) {
    widths.resize(std::max(widths.size(), row.size()));
    for (size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], listed_width(row[i]));
  }
  std::string out;
  for (const auto& row : rows) {
    for (size_t i = 0; i < row.size(); ++i) {
      out += row[i];
      if (i + 1 < row.size()) out += std::string(widths[i] - listed_width(row[i]) + 2, ' ');
    }
    out += "\n";
  }
  return out;
}

// The error for an id that is no card, weapon or character of `db`, naming the closest one.
InputError unknown_id(const CardDb& db, const std::string& id) {
  std::vector<std::string> ids;
  for (int i = 0; i < db.size(); ++i) ids.push_back(db[i].id);
  for (const WeaponDef& w : db.weapons()) ids.push_back(w.id);
  for (const CharacterDef& ch : db.characters()) ids.push_back(ch.id);
  return InputError("unknown card, weapon or character '" + id + "'" + cardgame::yaml::did_you_mean(id, ids) +
                    " in raise-rise-die ('rise cards raise-rise-die' lists them)");
}

}  // namespace

std::string cards_listing(const std::string& data_dir) {
  const auto db = load_cards(data_dir);
  std::vector<std::vector<std::string>> rows = {
      {"id", "name", "kind", "VA", "cout", "emplacements", "archetype", "arme", "effet"}};
  for (int i = 0; i < db->size(); ++i) {
    const CardDef& c = (*db)[i];
    rows.push_back({c.id, c.name, kind_label(c), std::to_string(c.va), std::to_string(c.cost), slot_list(c),
                    c.archetype, c.weapon.empty() ? "-" : c.weapon, effect_text(c.effet)});
  }
  std::string out = padded_columns(rows) + std::to_string(db->size()) + " cards\n\ncharacters:\n";
  rows = {{"id", "name", "PV", "potentiel latent", "potentiel actif", "armes"}};
  for (const CharacterDef& ch : db->characters()) {
    rows.push_back({ch.id, ch.name, std::to_string(ch.pv), std::to_string(ch.potentiel_latent),
                    std::to_string(ch.potentiel_actif), std::to_string(ch.armes)});
  }
  out += padded_columns(rows) + "\nweapons:\n";
  rows = {{"id", "name", "archetype"}};
  for (const WeaponDef& w : db->weapons()) rows.push_back({w.id, w.name, w.archetype});
  return out + padded_columns(rows);
}

std::string card_text(const std::string& data_dir, const std::string& id) {
  const auto db = load_cards(data_dir);
  if (const int i = db->find(id); i >= 0) {
    const CardDef& c = (*db)[i];
    std::string out = fmt::format("{} ({})   {}\n", c.name, c.id, c.source);
    out += fmt::format("  {} | VA {} | coût {} | emplacements {} | archétype {}\n", kind_label(c), c.va, c.cost,
                       slot_list(c), c.archetype);
    if (const int w = db->find_weapon(c.weapon); w >= 0) {
      out += fmt::format("  arme: {} ({})\n", db->weapons()[static_cast<size_t>(w)].name, c.weapon);
    }
    out += "  effet: " + effect_text(c.effet) + "\n";
    if (c.has_infusion()) out += "  infusion: " + effect_text(c.infusion) + "\n";
    if (!c.transcendance.empty()) out += "  transcendance: " + effect_text(c.transcendance) + "\n";
    if (!c.text.empty()) out += "  text: " + c.text + "\n";
    return out;
  }
  if (const int w = db->find_weapon(id); w >= 0) {
    const WeaponDef& weapon = db->weapons()[static_cast<size_t>(w)];
    std::string out =
        fmt::format("{} ({})   {}\n  arme | archétype {}\n", weapon.name, weapon.id, weapon.source, weapon.archetype);
    std::string dedicated;
    for (int i = 0; i < db->size(); ++i) {
      if ((*db)[i].weapon == weapon.id) dedicated += (dedicated.empty() ? "" : ", ") + (*db)[i].id;
    }
    if (!dedicated.empty()) out += "  cartes dédiées: " + dedicated + "\n";
    return out;
  }
  if (const int i = db->find_character(id); i >= 0) {
    const CharacterDef& ch = db->characters()[static_cast<size_t>(i)];
    return fmt::format("{} ({})   {}\n", ch.name, ch.id, ch.source) +
           fmt::format("  personnage | {} PV | potentiel latent {} | potentiel actif {} | armes {}\n", ch.pv,
                       ch.potentiel_latent, ch.potentiel_actif, ch.armes);
  }
  throw unknown_id(*db, id);
}

std::string card_explanation(const std::string& data_dir, const std::string& id) {
  const auto db = load_cards(data_dir);
  if (const int i = db->find(id); i >= 0) return explain_card((*db)[i], *db);
  if (const int w = db->find_weapon(id); w >= 0) return explain_weapon(db->weapons()[static_cast<size_t>(w)], *db);
  if (const int i = db->find_character(id); i >= 0) return explain_character(db->characters()[static_cast<size_t>(i)]);
  throw unknown_id(*db, id);
}

std::vector<DeckCheck> check_decks(const std::string& data_dir, const std::vector<std::string>& decks) {
  const auto db = load_cards(data_dir);
  return check_each_deck(decks, [&](const std::string& name) {
    const Deck deck = load_deck_file(cardgame::find_deck_file(data_dir, name));
    return DeckCheck{.source = deck.source,
                     .problems = validate_deck(*db, deck),
                     .summary = fmt::format("{} cards, character {}, weapons {}", deck.size(), deck.character,
                                            cardgame::yaml::join(deck.weapons))};
  });
}

}  // namespace rise::rrd
