// The Dark Legacy starter set (data/dark-legacy): every card file loads; each faction has
// enough cards of every type, Skill Levels from 1 to 20 and a 0-cost level-1 Equipment; the
// set as a whole uses every type, operation, target, trigger, keyword, range, attach place,
// lasting Magic and grant; every starter deck is legal for a level-1 hero of its faction
// (Rules DL-2.1..DL-2.5, DL-5.1).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <string>

#include "dark-legacy/cards.h"

namespace rise::dl {
namespace {

namespace fs = std::filesystem;

const std::string kDataDir = std::string(RISE_SOURCE_DIR) + "/data/dark-legacy";

std::shared_ptr<const CardDb> starter() { return load_cards(kDataDir); }

std::vector<Faction> all_factions() {
  std::vector<Faction> out;
  for (int i = 0; i < kFactions; ++i) out.push_back(static_cast<Faction>(i));
  return out;
}

TEST(DlStarterSet, EachFactionHasItsOwnFileAndEnoughCards) {
  const auto db = starter();
  std::map<Faction, int> count;
  for (int i = 0; i < db->size(); ++i) {
    const CardDef& c = (*db)[i];
    ++count[c.affiliation];
    // A faction's cards live in its own file.
    EXPECT_NE(c.source.find(std::string("/cards/") + faction_key(c.affiliation) + ".yaml:"), std::string::npos)
        << c.id << " " << c.source;
    EXPECT_FALSE(c.text.empty()) << c.id;
  }
  for (Faction f : all_factions()) EXPECT_GE(count[f], 15) << faction_name(f);
}

TEST(DlStarterSet, EachFactionHasEveryKindAndLevelsFromOneToTwenty) {
  const auto db = starter();
  for (Faction f : all_factions()) {
    std::set<Kind> kinds;
    std::set<int> levels;
    int low = 0, high = 0;
    bool free_equipment = false;
    for (int i = 0; i < db->size(); ++i) {
      const CardDef& c = (*db)[i];
      if (c.affiliation != f) continue;
      kinds.insert(c.kind);
      levels.insert(c.level);
      (c.level <= 5 ? low : high) += 1;
      // Rule DL-5.1: a level-1 hero of this faction has a 0-cost Equipment to start with.
      free_equipment = free_equipment || (c.is_equipment() && c.cost == 0 && c.level == 1);
      EXPECT_LE(c.cost, 15) << c.id;
    }
    EXPECT_EQ(kinds.size(), static_cast<size_t>(kKinds)) << faction_name(f);
    EXPECT_EQ(*levels.begin(), 1) << faction_name(f);
    EXPECT_EQ(*levels.rbegin(), 20) << faction_name(f);
    EXPECT_GE(levels.size(), 7u) << faction_name(f) << ": levels spread over 1..20";
    EXPECT_GE(low, 10) << faction_name(f) << ": a level-1 hero has plenty to cast";
    EXPECT_GE(high, 4) << faction_name(f) << ": cards to grow into";
    EXPECT_TRUE(free_equipment) << faction_name(f);
  }
}

TEST(DlStarterSet, CoversTheWholeCardLanguage) {
  const auto db = starter();
  std::set<Kind> kinds;
  std::set<Op> ops;
  std::set<Target> targets;
  std::set<Trigger> triggers;
  std::set<Range> ranges;
  std::set<Attach> attaches;
  uint8_t keywords = 0, granted_keywords = 0;
  bool lasting = false, grant_attack = false, grant_defense = false, grant_life = false, relic_grant = false;
  bool weapon_keyword = false;
  for (int i = 0; i < db->size(); ++i) {
    const CardDef& c = (*db)[i];
    kinds.insert(c.kind);
    keywords |= c.keywords;
    if (c.kind == Kind::kWeapon) {
      ranges.insert(c.range);
      weapon_keyword = weapon_keyword || c.keywords != 0;
    }
    if (c.kind == Kind::kEnhancement) attaches.insert(c.attach);
    lasting = lasting || c.lasting;
    granted_keywords |= c.grants.keywords;
    grant_attack = grant_attack || c.grants.attack != 0;
    grant_defense = grant_defense || c.grants.defense != 0;
    grant_life = grant_life || c.grants.life != 0;
    relic_grant = relic_grant || (c.kind == Kind::kRelic && c.grants.any());
    for (const Effect& e : c.effects) {
      triggers.insert(e.when);
      for (const Step& s : e.steps) {
        ops.insert(s.op);
        targets.insert(s.target);
      }
    }
  }
  EXPECT_EQ(kinds.size(), static_cast<size_t>(kKinds));
  EXPECT_EQ(ops.size(), 12u);
  EXPECT_EQ(targets.size(), 9u);
  EXPECT_EQ(triggers.size(), 3u);
  EXPECT_EQ(ranges.size(), 2u);
  EXPECT_EQ(attaches.size(), 3u);
  EXPECT_EQ(keywords, kFlying | kHitsFlying);
  EXPECT_EQ(granted_keywords, kFlying | kHitsFlying);
  EXPECT_TRUE(weapon_keyword);
  EXPECT_TRUE(lasting);
  EXPECT_TRUE(grant_attack);
  EXPECT_TRUE(grant_defense);
  EXPECT_TRUE(grant_life);
  EXPECT_TRUE(relic_grant);
}

TEST(DlStarterSet, NamesAreUnique) {
  const auto db = starter();
  std::set<std::string> names;
  for (int i = 0; i < db->size(); ++i) EXPECT_TRUE(names.insert((*db)[i].name).second) << (*db)[i].name;
}

TEST(DlStarterSet, EveryStarterDeckIsLegalForALevelOneHeroOfItsFaction) {
  // Rules DL-2.1 to DL-2.5 and the pre-battle Equipment of Rule DL-5.1.
  const auto db = starter();
  std::set<Faction> decks;
  for (const auto& entry : fs::directory_iterator(kDataDir + "/decks")) {
    if (entry.path().extension() != ".yaml") continue;
    const Deck deck = load_deck_file(entry.path().string());
    EXPECT_EQ(deck.id, faction_key(deck.faction)) << deck.source;
    EXPECT_TRUE(decks.insert(deck.faction).second) << deck.source;
    HeroSpec hero;
    hero.factions[0] = deck.faction;
    hero.levels[0] = 1;
    EXPECT_EQ(validate_deck(*db, deck, hero), std::vector<std::string>{}) << deck.source;
    EXPECT_GE(deck.size(), 50) << deck.source;
    // The deck plays its own faction: most of its cards are of it.
    int own = 0;
    for (const auto& [id, copies] : deck.cards) {
      if ((*db)[db->find(id)].affiliation == deck.faction) own += copies;
    }
    EXPECT_GE(own * 2, deck.size()) << deck.source;
  }
  EXPECT_EQ(decks.size(), static_cast<size_t>(kFactions));
}

}  // namespace
}  // namespace rise::dl
