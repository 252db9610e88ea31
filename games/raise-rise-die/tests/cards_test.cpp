// The card model of Raise, Rise & Die (cards.h): YAML keys and French names of slots, kinds,
// objet kinds and keywords (Rules RRD-3.3, RRD-3.4, RRD-9.1 and the glossary), the
// printed keyword text, and the CardDb's ids (duplicates refused naming both sources).
#include "raise-rise-die/cards.h"

#include <gtest/gtest.h>

#include <string>

#include "rise/core/error.h"

namespace rise::rrd {
namespace {

TEST(RrdCardNames, TheFourBodySlotsInSlotOrder) {  // RRD-3.4
  EXPECT_EQ(kBodySlots, 4);
  EXPECT_STREQ(slot_key(Slot::kTete), "tete");
  EXPECT_STREQ(slot_key(Slot::kTorse), "torse");
  EXPECT_STREQ(slot_key(Slot::kBras), "bras");
  EXPECT_STREQ(slot_key(Slot::kJambes), "jambes");
  EXPECT_STREQ(slot_name(Slot::kTete), "Tête");
  EXPECT_STREQ(slot_name(Slot::kJambes), "Jambes");
  for (int i = 0; i < kBodySlots; ++i) {
    EXPECT_EQ(parse_slot(slot_key(static_cast<Slot>(i)), "test"), static_cast<Slot>(i));
  }
}

TEST(RrdCardNames, AnUnknownSlotIsAnInputErrorNamingWhere) {
  try {
    parse_slot("tête", "joue #3");
    FAIL() << "no InputError";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "joue #3: unknown slot 'tête' (expected tete, torse, bras or jambes)");
  }
}

TEST(RrdCardNames, KindsAndObjetKinds) {  // RRD-3.3, RRD-9.1
  EXPECT_STREQ(kind_key(Kind::kNormale), "normale");
  EXPECT_STREQ(kind_key(Kind::kInstantanee), "instantanee");
  EXPECT_STREQ(kind_key(Kind::kObjet), "objet");
  EXPECT_STREQ(kind_name(Kind::kInstantanee), "Instantanée");
  EXPECT_STREQ(objet_key(ObjetKind::kAssaut), "assaut");
  EXPECT_STREQ(objet_key(ObjetKind::kSoutien), "soutien");
  EXPECT_STREQ(objet_key(ObjetKind::kDefensive), "defensive");
  EXPECT_STREQ(objet_name(ObjetKind::kDefensive), "Défensive");
}

TEST(RrdCardNames, EveryKeywordHasAnAsciiKeyAndItsFrenchName) {  // the glossary
  const char* const keys[kKeywords] = {"degats",      "amplitude", "bloque",       "brulez",    "degats_plus",
                                       "destructeur", "echangez",  "enchainement", "frenesie",  "oubli",
                                       "percer",      "pioche",    "poison",       "recherche", "saignement",
                                       "sonne",       "torpeur",   "point_faible"};
  const char* const names[kKeywords] = {"Dégâts",   "Amplitude",    "Bloque",     "Brûlez", "Dégâts",  "Destructeur",
                                        "Échangez", "Enchaînement", "Frénésie",   "Oubli",  "Percer",  "Pioche",
                                        "Poison",   "Recherche",    "Saignement", "Sonné",  "Torpeur", "Point faible"};
  for (int i = 0; i < kKeywords; ++i) {
    EXPECT_STREQ(kw_key(static_cast<Kw>(i)), keys[i]);
    EXPECT_STREQ(kw_name(static_cast<Kw>(i)), names[i]);
  }
}

TEST(RrdCardNames, KeywordTextAsPrinted) {
  EXPECT_EQ(kw_text({Kw::kDegats, 3}), "Dégâts 3");
  EXPECT_EQ(kw_text({Kw::kDegatsPlus, 2}), "+2 Dégâts");
  EXPECT_EQ(kw_text({Kw::kTorpeur, 1}), "Torpeur");
  EXPECT_EQ(kw_text({Kw::kPointFaible, 1}), "Point faible 1");
  EXPECT_EQ(kw_text({Kw::kBrulez, 4}), "Brûlez 4");
}

TEST(RrdCardNames, EffectTextJoinsKeywordsInCardOrder) {
  EXPECT_EQ(effect_text({}), "");
  EXPECT_EQ(effect_text({{Kw::kDegats, 3}, {Kw::kSaignement, 1}}), "Dégâts 3, Saignement 1");
  EXPECT_EQ(effect_text({{Kw::kTorpeur, 1}, {Kw::kDegats, 2}, {Kw::kDegatsPlus, 1}}), "Torpeur, Dégâts 2, +1 Dégâts");
}

TEST(RrdCardModel, KwSumAndEnchainement) {  // RRD-11.7
  CardDef c;
  c.effet = {{Kw::kDegats, 2}, {Kw::kEnchainement, 3}};
  EXPECT_EQ(kw_sum(c.effet, Kw::kDegats), 2);
  EXPECT_EQ(kw_sum(c.effet, Kw::kPoison), 0);
  EXPECT_EQ(c.enchainement(), 3);
  EXPECT_FALSE(c.has_infusion());
  c.slots = 1 << static_cast<int>(Slot::kBras);
  EXPECT_TRUE(c.optimal(Slot::kBras));
  EXPECT_FALSE(c.optimal(Slot::kTete));
}

TEST(RrdCardDb, FindsCardsWeaponsAndCharactersByIdAndIndex) {
  CardDb db;
  CardDef c;
  c.id = "entaille";
  c.name = "Entaille";
  db.add(c);
  db.add(WeaponDef{"epee", "Épée", "lame", "w.yaml:2"});
  CharacterDef ch;
  ch.id = "severine";
  db.add(ch);
  EXPECT_EQ(db.size(), 1);
  EXPECT_EQ(db.find("entaille"), 0);
  EXPECT_EQ(db[0].name, "Entaille");
  EXPECT_EQ(db.find("epee"), -1);  // ids are looked up per kind
  EXPECT_EQ(db.find_weapon("epee"), 0);
  EXPECT_EQ(db.find_character("severine"), 0);
  EXPECT_EQ(db.find_character("nobody"), -1);
  EXPECT_EQ(db.require("entaille", " in test"), 0);
  try {
    db.require("entaile", " in test");
    FAIL() << "no InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("unknown card 'entaile' in test", 0), 0u) << e.what();
  }
}

TEST(RrdCardDb, ADuplicateIdNamesBothSources) {
  CardDb db;
  CardDef c;
  c.id = "entaille";
  c.source = "cards/a.yaml:2";
  db.add(c);
  c.source = "cards/b.yaml:7";
  try {
    db.add(c);
    FAIL() << "no InputError";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "cards/b.yaml:7: card 'entaille': field 'id': duplicate id, already defined at cards/a.yaml:2");
  }
  db.add(WeaponDef{"epee", "Épée", "lame", "weapons/a.yaml:2"});
  try {
    db.add(WeaponDef{"epee", "Épée 2", "lame", "weapons/a.yaml:5"});
    FAIL() << "no InputError";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "weapons/a.yaml:5: weapon 'epee': field 'id': duplicate id, already defined at weapons/a.yaml:2");
  }
  CharacterDef ch;
  ch.id = "severine";
  ch.source = "characters/a.yaml:2";
  db.add(ch);
  ch.source = "characters/a.yaml:8";
  try {
    db.add(ch);
    FAIL() << "no InputError";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "characters/a.yaml:8: character 'severine': field 'id': duplicate id, already defined at "
                 "characters/a.yaml:2");
  }
}

TEST(RrdCardModel, DeckSizeCountsCopies) {
  Deck d;
  d.cards = {{"a", 3}, {"b", 2}};
  EXPECT_EQ(d.size(), 5);
}

}  // namespace
}  // namespace rise::rrd
