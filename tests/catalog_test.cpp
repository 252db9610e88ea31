// Game::catalog_json (docs/formats.md, "Card catalog") for every registered game: the shape
// of every entry, one known card of each card game field by field, and that every card id
// an observation names (its `card` fields; raise-rise-die's characters and weapons) is in
// the catalog, over random games.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "rise/core/game.h"
#include "rise/core/registry.h"
#include "rise/core/rng.h"

namespace rise {
namespace {

using nlohmann::json;

// Every card id `observation` names: string values of `card` and `base_card` fields at any
// depth, and of raise-rise-die's `character` and `weapons` (per player).
void collect_ids(const json& node, std::set<std::string>& ids) {
  if (node.is_array()) {
    for (const json& item : node) collect_ids(item, ids);
    return;
  }
  if (!node.is_object()) return;
  for (const auto& [key, value] : node.items()) {
    if ((key == "card" || key == "base_card" || key == "character") && value.is_string()) {
      if (!value.get<std::string>().empty()) ids.insert(value.get<std::string>());
    } else if (key == "weapons" && value.is_array()) {
      for (const json& w : value) {
        if (w.is_string()) ids.insert(w.get<std::string>());
      }
    } else {
      collect_ids(value, ids);
    }
  }
}

TEST(CatalogTest, EveryEntryHasTheDocumentedShape) {
  for (const Game* game : all_games()) {
    const json catalog = game->catalog_json({});
    ASSERT_TRUE(catalog.is_object()) << game->info().id;
    EXPECT_EQ(catalog.empty(), game->info().id == "rise-hex") << game->info().id;
    for (const auto& [id, card] : catalog.items()) {
      const std::string where = game->info().id + " card " + id;
      ASSERT_EQ(card.size(), 7u) << where << ": " << card.dump();
      EXPECT_EQ(card.at("id"), id) << where;
      for (const char* field : {"name", "type", "text"}) EXPECT_TRUE(card.at(field).is_string()) << where << " " << field;
      EXPECT_FALSE(card.at("name").get<std::string>().empty()) << where;
      for (const char* field : {"cost", "stats"}) {
        EXPECT_TRUE(card.at(field).is_null() || card.at(field).is_string()) << where << " " << field;
      }
      ASSERT_TRUE(card.at("keywords").is_array()) << where;
      for (const json& k : card.at("keywords")) EXPECT_TRUE(k.is_string()) << where;
    }
  }
}

TEST(CatalogTest, RiseTcgCardsReadAsPrintedWithActionsAndSkills) {
  const json catalog = find_game("rise-tcg").catalog_json({});
  EXPECT_EQ(catalog.at("cinder-gambler"),
            json({{"id", "cinder-gambler"},
                  {"name", "Cinder Gambler"},
                  {"type", "Creature"},
                  {"cost", "1"},
                  {"stats", "1/2"},
                  {"text",
                   "Action - Coin Toss (free): Success: deal 2 damage to target opposing Summoner. Failure: deal 1 "
                   "damage to this Creature.\nAction 1 — Loaded Dice (coin toss; free; once per turn)"},
                  {"keywords", json::array()}}));
  EXPECT_EQ(catalog.at("vessa-cinderborn"),
            json({{"id", "vessa-cinderborn"},
                  {"name", "Vessa, Cinderborn"},
                  {"type", "Summoner"},
                  {"cost", nullptr},
                  {"stats", "hp 16"},
                  {"text",
                   "A pyromancer who kindles the fury of her allies.\nSkill 1 — Spark: Deal 1 damage to target "
                   "Creature or Door.\nSkill 2 — Stoke the Ranks: Creatures you control get +1/+0 until end of "
                   "turn.\nSkill 3 — Inferno: Deal 2 damage to target opposing Summoner."},
                  {"keywords", json::array()}}));
  EXPECT_EQ(catalog.at("ashfang-hound")["keywords"], json({"Pierce"}));
}

TEST(CatalogTest, DarkLegacyCardsShowKindFactionLevelAndKeywords) {
  EXPECT_EQ(find_game("dark-legacy").catalog_json({}).at("clockwork-gunner"),
            json({{"id", "clockwork-gunner"},
                  {"name", "Clockwork Gunner"},
                  {"type", "Creature · Tech · Skill Level 1"},
                  {"cost", "3"},
                  {"stats", "2/2"},
                  {"text", "Hits flying. Activate: deals 1 damage to target creature."},
                  {"keywords", {"hits-flying"}}}));
}

TEST(CatalogTest, RaiseRiseDieHasCardsCharactersAndWeapons) {
  const json catalog = find_game("raise-rise-die").catalog_json({});
  EXPECT_EQ(catalog.at("coup-de-grace"),
            json({{"id", "coup-de-grace"},
                  {"name", "Coup de grâce"},
                  {"type", "Normale"},
                  {"cost", "4"},
                  {"stats", "VA 4"},
                  {"text",
                   "effet: Dégâts 5, Percer 2\ntranscendance: Destructeur 2\nemplacements: tete\narchétype: lame\n"
                   "arme: Épée écarlate\nDégâts 5, Percer 2. Transcendance : Destructeur 2. Dédiée à l'Épée écarlate."},
                  {"keywords", {"Percer", "Destructeur"}}}));
  EXPECT_EQ(catalog.at("severine"), json({{"id", "severine"},
                                          {"name", "Séverine la Lame Rouge"},
                                          {"type", "personnage"},
                                          {"cost", nullptr},
                                          {"stats", "32 PV"},
                                          {"text", "potentiel latent 5, potentiel actif 3, armes 1"},
                                          {"keywords", json::array()}}));
  EXPECT_EQ(catalog.at("epee-ecarlate"), json({{"id", "epee-ecarlate"},
                                               {"name", "Épée écarlate"},
                                               {"type", "arme"},
                                               {"cost", nullptr},
                                               {"stats", nullptr},
                                               {"text", "archétype lame"},
                                               {"keywords", json::array()}}));
}

// Three random games per card game (2 players; rise-tcg also 3): every id named by any
// seat's observation or the public observation, every 4th step, is a catalog key.
TEST(CatalogTest, EveryCardAnObservationNamesIsInTheCatalog) {
  for (const Game* game : all_games()) {
    const json catalog = game->catalog_json({});
    if (catalog.empty()) continue;
    std::set<std::string> named;
    Rng rng(17);
    for (int g = 0; g < 3; ++g) {
      const int players = game->info().max_players > 2 && g == 2 ? 3 : 2;
      std::unique_ptr<State> state = game->new_initial_state(100 + g, {}, players);
      for (int step = 0; !state->is_terminal(); ++step) {
        if (step % 4 == 0) {
          for (PlayerId p = 0; p < players; ++p) collect_ids(state->observation_json(p), named);
          collect_ids(state->public_observation_json(), named);
        }
        const std::vector<Action> legal = state->legal_actions();
        state->apply_action(legal[rng.below(legal.size())]);
      }
      for (PlayerId p = 0; p < players; ++p) collect_ids(state->observation_json(p), named);
    }
    EXPECT_GT(named.size(), 10u) << game->info().id;  // the games really named cards
    for (const std::string& id : named) EXPECT_TRUE(catalog.contains(id)) << game->info().id << ": " << id;
  }
}

}  // namespace
}  // namespace rise
