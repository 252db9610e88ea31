// The Raise, Rise & Die starter set (data/raise-rise-die): every file loads; three characters,
// three archetypes of two weapons each and at least 20 cards per archetype; the set uses every
// keyword, kind, objet kind and slot, cheap and dear cards, dedicated cards, infusions and
// transcendance bonuses; the three starter decks are legal (Rules RRD-2.1..RRD-2.5), one of
// them mixing two archetypes.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "raise-rise-die/cards.h"

namespace rise::rrd {
namespace {

const std::string kDataDir = std::string(RISE_SOURCE_DIR) + "/data/raise-rise-die";
const std::vector<std::string> kArchetypes = {"lame", "ombre", "rempart"};

std::shared_ptr<const CardDb> starter() { return load_cards(kDataDir); }

Deck starter_deck(const std::string& id) { return load_deck_file(kDataDir + "/decks/" + id + ".yaml"); }

TEST(RrdStarterSet, ThreeCharactersOfDifferentPv) {  // RRD-3.1
  const auto db = starter();
  ASSERT_GE(db->characters().size(), 3u);
  std::set<int> pv;
  for (const CharacterDef& ch : db->characters()) {
    pv.insert(ch.pv);
    EXPECT_GE(ch.pv, 28) << ch.id;
    EXPECT_LE(ch.pv, 36) << ch.id;
    EXPECT_TRUE(ch.potentiel_latent == 5 || ch.potentiel_latent == 6) << ch.id;
    EXPECT_TRUE(ch.potentiel_actif == 2 || ch.potentiel_actif == 3) << ch.id;
    EXPECT_TRUE(ch.armes == 1 || ch.armes == 2) << ch.id;
  }
  EXPECT_EQ(pv.size(), db->characters().size());
}

TEST(RrdStarterSet, ThreeArchetypesOfTwoWeaponsEach) {  // RRD-3.2
  const auto db = starter();
  std::map<std::string, int> weapons;
  for (const WeaponDef& w : db->weapons()) ++weapons[w.archetype];
  EXPECT_EQ(weapons, (std::map<std::string, int>{{"lame", 2}, {"ombre", 2}, {"rempart", 2}}));
}

TEST(RrdStarterSet, EachArchetypeHasItsOwnFileAndTwentyCardsOverEverySlot) {  // RRD-3.4
  const auto db = starter();
  EXPECT_GE(db->size(), 60);
  for (const std::string& a : kArchetypes) {
    int count = 0;
    uint8_t slots = 0;
    for (int i = 0; i < db->size(); ++i) {
      const CardDef& c = (*db)[i];
      if (c.archetype != a) continue;
      ++count;
      slots |= c.slots;
      EXPECT_NE(c.source.find("/cards/" + a + ".yaml:"), std::string::npos) << c.id << " " << c.source;
      EXPECT_FALSE(c.text.empty()) << c.id;
    }
    EXPECT_GE(count, 20) << a;
    EXPECT_EQ(slots, 0b1111) << a;
  }
}

TEST(RrdStarterSet, UsesEveryKeywordKindAndObjetKind) {  // RRD-3.3, RRD-9.1
  const auto db = starter();
  std::set<Kw> keywords;
  std::set<Kind> kinds;
  std::set<ObjetKind> objets;
  for (int i = 0; i < db->size(); ++i) {
    const CardDef& c = (*db)[i];
    kinds.insert(c.kind);
    if (c.kind == Kind::kObjet) objets.insert(c.objet);
    for (const Effect* e : {&c.effet, &c.infusion, &c.transcendance}) {
      for (const KwValue& k : *e) keywords.insert(k.kw);
    }
  }
  for (int k = 0; k < kKeywords; ++k) EXPECT_EQ(keywords.count(static_cast<Kw>(k)), 1u) << kw_key(static_cast<Kw>(k));
  EXPECT_EQ(kinds.size(), 3u);
  EXPECT_EQ(objets, (std::set<ObjetKind>{ObjetKind::kAssaut, ObjetKind::kSoutien, ObjetKind::kDefensive}));
}

TEST(RrdStarterSet, CardsSpanValuesCostsAndBonuses) {  // RRD-3.3
  const auto db = starter();
  std::set<int> vas, costs;
  int dedicated = 0, infused = 0, transcended = 0, amplitude = 0, normales = 0, damaging = 0;
  for (int i = 0; i < db->size(); ++i) {
    const CardDef& c = (*db)[i];
    vas.insert(c.va);
    costs.insert(c.cost);
    dedicated += c.weapon.empty() ? 0 : 1;
    infused += c.has_infusion() ? 1 : 0;
    transcended += c.transcendance.empty() ? 0 : 1;
    amplitude += kw_sum(c.effet, Kw::kAmplitude) > 0 ? 1 : 0;
    if (c.kind == Kind::kNormale) {
      ++normales;
      damaging += kw_sum(c.effet, Kw::kDegats) > 0 ? 1 : 0;
    }
  }
  EXPECT_EQ(vas, (std::set<int>{1, 2, 3, 4, 5}));
  EXPECT_EQ(costs, (std::set<int>{0, 1, 2, 3, 4}));
  EXPECT_GE(dedicated, 6);
  EXPECT_GE(infused, 6);
  EXPECT_GE(transcended, 6);
  EXPECT_GE(amplitude, 3);
  EXPECT_GE(damaging * 4, normales * 3) << "most normal cards deal damage: " << damaging << "/" << normales;
}

TEST(RrdStarterSet, RRD_2_1_to_RRD_2_5_TheThreeStarterDecksAreLegal) {
  const auto db = starter();
  std::set<std::string> characters;
  bool mixed = false;
  for (const std::string& id : kArchetypes) {
    const Deck deck = starter_deck(id);
    EXPECT_EQ(deck.id, id);
    EXPECT_FALSE(deck.name.empty());
    EXPECT_FALSE(deck.description.empty());
    EXPECT_EQ(validate_deck(*db, deck), std::vector<std::string>{}) << id;
    characters.insert(deck.character);
    std::set<std::string> archetypes;
    for (const auto& [card, copies] : deck.cards) archetypes.insert((*db)[db->require(card, "")].archetype);
    EXPECT_TRUE(archetypes.count(id)) << id << ": the deck plays its archetype";
    mixed = mixed || archetypes.size() > 1;
  }
  EXPECT_EQ(characters.size(), 3u) << "each starter deck has its own character";
  EXPECT_TRUE(mixed) << "a starter deck mixes two archetypes";
}

}  // namespace
}  // namespace rise::rrd
