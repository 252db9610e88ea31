// Dark Legacy deck-building rules (Rules DL-2.1..DL-2.5, the pre-battle Equipment of Rule
// DL-5.1) and hero specs: each test builds a precise deck for a precise hero and checks the
// exact sentences validate_deck returns.
#include "dark-legacy/cards.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rise/core/error.h"

namespace rise::dl {
namespace {

using Problems = std::vector<std::string>;

CardDef card(const std::string& id, const std::string& name, Faction f, Kind k, int level, int cost) {
  CardDef c;
  c.id = id;
  c.name = name;
  c.text = name;
  c.affiliation = f;
  c.kind = k;
  c.level = level;
  c.cost = cost;
  if (k == Kind::kCreature) {
    c.attack = 1;
    c.defense = 1;
  }
  if (k == Kind::kWeapon) c.attack = 2;
  if (k == Kind::kArmor) c.defense = 3;
  c.source = "test:" + id;
  return c;
}

// A small card pool: Chaos and Tech cards of low and high level, and the 0-cost Equipment.
CardDb pool() {
  CardDb db;
  db.add(card("imp", "Imp", Faction::kChaos, Kind::kCreature, 1, 1));
  db.add(card("brute", "Brute", Faction::kChaos, Kind::kCreature, 2, 2));
  db.add(card("flare", "Flare", Faction::kChaos, Kind::kMagic, 1, 2));
  db.add(card("demon", "Demon", Faction::kChaos, Kind::kCreature, 8, 8));
  db.add(card("cleaver", "Cleaver", Faction::kChaos, Kind::kWeapon, 1, 0));
  db.add(card("drone", "Drone", Faction::kTech, Kind::kCreature, 1, 1));
  db.add(card("gunner", "Gunner", Faction::kTech, Kind::kCreature, 5, 4));
  db.add(card("engine", "Engine", Faction::kTech, Kind::kCreature, 12, 10));
  db.add(card("vest", "Vest", Faction::kTech, Kind::kArmor, 1, 0));
  db.add(card("exoframe", "Exoframe", Faction::kTech, Kind::kArmor, 11, 0));
  db.add(card("wisp", "Wisp", Faction::kWind, Kind::kCreature, 1, 1));
  db.add(card("amulet", "Amulet", Faction::kChaos, Kind::kRelic, 1, 0));
  db.add(card("spark", "Spark", Faction::kChaos, Kind::kCreature, 1, 0));
  db.add(card("maul", "Maul", Faction::kChaos, Kind::kWeapon, 1, 1));
  for (int i = 1; i <= 20; ++i) {
    db.add(card("plate-" + std::to_string(i), "Plate " + std::to_string(i), Faction::kChaos, Kind::kArmor, 1, 3));
  }
  return db;
}

Deck deck(std::vector<std::pair<std::string, int>> cards, Faction f = Faction::kChaos) {
  Deck d;
  d.id = "test";
  d.name = "Test";
  d.faction = f;
  d.cards = std::move(cards);
  d.source = "test.yaml";
  return d;
}

HeroSpec hero(const std::string& spec) { return parse_hero_spec(spec, "--hero"); }

// 51 legal cards for a level-1 Chaos hero: 3 copies of 17 ids.
std::vector<std::pair<std::string, int>> legal_chaos_cards() {
  std::vector<std::pair<std::string, int>> cards = {{"imp", 3}, {"brute", 3}, {"flare", 3}, {"cleaver", 3}};
  for (int i = 1; i <= 13; ++i) cards.emplace_back("plate-" + std::to_string(i), 3);
  return cards;
}

TEST(DlDeckRules, ALegalDeckHasNoViolations) {
  const CardDb db = pool();
  const Deck d = deck(legal_chaos_cards());
  EXPECT_EQ(d.size(), 51);
  EXPECT_EQ(validate_deck(db, d, hero("chaos:1")), Problems{});
}

TEST(DlDeckRules, DL_2_1_AtLeastFiftyCards) {
  // Rule DL-2.1: 49 cards is one short; 50 is enough.
  const CardDb db = pool();
  std::vector<std::pair<std::string, int>> cards = legal_chaos_cards();
  cards.back().second = 1;  // 49 cards
  EXPECT_EQ(validate_deck(db, deck(cards), hero("chaos:1")),
            Problems{"the deck has 49 cards; it needs at least 50 (Rule DL-2.1)"});
  cards.back().second = 2;  // 50 cards
  EXPECT_EQ(validate_deck(db, deck(cards), hero("chaos:1")), Problems{});
}

TEST(DlDeckRules, DL_2_2_AtMostThreeCopiesOfACard) {
  // Rule DL-2.2: four Imps break the rule, three do not.
  const CardDb db = pool();
  std::vector<std::pair<std::string, int>> cards = legal_chaos_cards();
  cards[0].second = 4;
  EXPECT_EQ(validate_deck(db, deck(cards), hero("chaos:1")),
            Problems{"'imp' (Imp): 4 copies; a deck holds at most 3 of a card (Rule DL-2.2)"});
  // A deck built in code may name an id twice: the copies add up.
  cards[0].second = 2;
  cards.emplace_back("imp", 2);
  EXPECT_EQ(validate_deck(db, deck(cards), hero("chaos:1")),
            Problems{"'imp' (Imp): 4 copies; a deck holds at most 3 of a card (Rule DL-2.2)"});
}

TEST(DlDeckRules, DL_2_3_AnyNumberOfArmorCards) {
  // Rule DL-2.3: a deck of 20 different Armor cards (60 Armor) plus a weapon is legal; only two
  // Armor cards are played per battle, which the engine counts, not the deck check.
  const CardDb db = pool();
  std::vector<std::pair<std::string, int>> cards;
  for (int i = 1; i <= 20; ++i) cards.emplace_back("plate-" + std::to_string(i), 3);
  cards.emplace_back("cleaver", 1);
  const Deck d = deck(cards);
  EXPECT_EQ(d.size(), 61);
  EXPECT_EQ(validate_deck(db, d, hero("chaos:1")), Problems{});
}

TEST(DlDeckRules, DL_2_4_HighLevelCardsOnlyFromTheHerosFactions) {
  // Rule DL-2.4: a Chaos hero may hold the level-8 Chaos Demon but not the level-12 Tech Engine,
  // whatever its own level; a Tech card of level 5 is fine at hero level 1.
  const CardDb db = pool();
  std::vector<std::pair<std::string, int>> cards = legal_chaos_cards();
  cards.emplace_back("demon", 1);
  cards.emplace_back("engine", 2);
  cards.emplace_back("gunner", 3);
  EXPECT_EQ(validate_deck(db, deck(cards), hero("chaos:1")),
            Problems{"'engine' (Engine): a Skill Level 12 Tech card; cards of Skill Level 6 or more must be of the "
                     "hero's faction (Chaos) (Rule DL-2.4)"});
  // A hero with Tech as its second faction may hold it.
  EXPECT_EQ(validate_deck(db, deck(cards), hero("chaos:10:tech:1")), Problems{});
  // Named with both factions when the hero has two.
  cards.emplace_back("wisp", 1);
  EXPECT_EQ(validate_deck(db, deck(cards), hero("chaos:10:tech:1")),
            Problems{"'wisp' (Wisp): a Skill Level 1 Wind card; a hero of Skill Level 10 may only use cards of its "
                     "faction (Chaos or Tech) (Rule DL-2.5)"});
}

TEST(DlDeckRules, DL_2_5_FromLevelSixOnlyFactionCards) {
  // Rule DL-2.5: the level-1 Tech Drone and level-5 Tech Gunner are legal for a level-5 Chaos
  // hero, not for a level-6 one; the hero's own cards stay legal at any level.
  const CardDb db = pool();
  std::vector<std::pair<std::string, int>> cards = legal_chaos_cards();
  cards.emplace_back("drone", 3);
  cards.emplace_back("gunner", 1);
  EXPECT_EQ(validate_deck(db, deck(cards), hero("chaos:5")), Problems{});
  EXPECT_EQ(validate_deck(db, deck(cards), hero("chaos:6")),
            (Problems{"'drone' (Drone): a Skill Level 1 Tech card; a hero of Skill Level 6 may only use cards of its "
                      "faction (Chaos) (Rule DL-2.5)",
                      "'gunner' (Gunner): a Skill Level 5 Tech card; a hero of Skill Level 6 may only use cards of "
                      "its faction (Chaos) (Rule DL-2.5)"}));
}

TEST(DlDeckRules, UnknownCardsAreNamedWithASuggestion) {
  const CardDb db = pool();
  std::vector<std::pair<std::string, int>> cards = legal_chaos_cards();
  cards.emplace_back("impp", 1);
  cards.emplace_back("zzz-unheard-of", 1);
  EXPECT_EQ(validate_deck(db, deck(cards), hero("chaos:1")),
            (Problems{"unknown card 'impp' (did you mean 'imp'?)", "unknown card 'zzz-unheard-of'"}));
}

TEST(DlDeckRules, DL_5_1_TheDeckHoldsAZeroCostEquipmentTheHeroMayUse) {
  // Rule DL-5.1: before the battle the hero equips a 0-cost Weapon, Armor or Relic it may use.
  const CardDb db = pool();
  std::vector<std::pair<std::string, int>> cards = legal_chaos_cards();
  cards[3] = {"drone", 3};  // no Cleaver: the plates cost 3
  const std::string missing =
      "the deck has no Equipment (Weapon, Armor or Relic) of Casting Cost 0 that a Chaos hero of Skill Level 1 may "
      "use; one is equipped before the battle (Rule DL-5.1, Interpretation DL-I26)";
  EXPECT_EQ(validate_deck(db, deck(cards), hero("chaos:1")), Problems{missing});
  // A Tech Vest (level 1, cost 0) serves a level-1 Chaos hero (cards of level <= 5 of any
  // faction, Rule DL-2.5) ...
  cards.emplace_back("vest", 1);
  EXPECT_EQ(validate_deck(db, deck(cards), hero("chaos:1")), Problems{});
  // ... but a level-11 Exoframe (cost 0) is beyond a level-10 Tech hero: it does not count
  // (Equipment is equipped, never charged); a level-11 Tech hero may use it.
  const Deck tech_deck = deck({{"drone", 3}, {"engine", 3}, {"exoframe", 3}, {"gunner", 3}}, Faction::kTech);
  const Problems problems = validate_deck(db, tech_deck, hero("tech:10"));
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems[0], "the deck has 12 cards; it needs at least 50 (Rule DL-2.1)");
  EXPECT_EQ(problems[1],
            "the deck has no Equipment (Weapon, Armor or Relic) of Casting Cost 0 that a Tech hero of Skill Level 10 "
            "may use; one is equipped before the battle (Rule DL-5.1, Interpretation DL-I26)");
  EXPECT_EQ(validate_deck(db, tech_deck, hero("tech:11")),
            Problems{"the deck has 12 cards; it needs at least 50 (Rule DL-2.1)"});
}

TEST(DlDeckRules, DL_I26_TheDeckHoldsAZeroCostEquipmentCardOfAnyEquipmentType) {
  // Interpretation DL-I26: every player equips one Equipment card of Casting Cost 0 before the
  // battle (Rule DL-5.1), so a deck must hold one its hero may use. A 0-cost Relic is one; a
  // 0-cost Creature is not Equipment, and a Weapon of cost 1 is not free.
  const CardDb db = pool();
  const Problems missing = {
      "the deck has no Equipment (Weapon, Armor or Relic) of Casting Cost 0 that a Chaos hero of Skill Level 1 may "
      "use; one is equipped before the battle (Rule DL-5.1, Interpretation DL-I26)"};
  std::vector<std::pair<std::string, int>> cards = legal_chaos_cards();
  ASSERT_EQ(cards[3].first, "cleaver");
  cards[3] = {"spark", 3};
  EXPECT_EQ(validate_deck(db, deck(cards), hero("chaos:1")), missing);
  cards[3] = {"maul", 3};
  EXPECT_EQ(validate_deck(db, deck(cards), hero("chaos:1")), missing);
  cards[3] = {"amulet", 3};
  EXPECT_EQ(validate_deck(db, deck(cards), hero("chaos:1")), Problems{});
  // One copy is enough.
  cards[3] = {"amulet", 1};
  cards.emplace_back("spark", 2);
  EXPECT_EQ(validate_deck(db, deck(cards), hero("chaos:1")), Problems{});
}

TEST(DlDeckRules, EveryViolationIsListedInDeckOrder) {
  const CardDb db = pool();
  const Deck d = deck({{"imp", 5}, {"engine", 1}, {"nope", 2}});
  EXPECT_EQ(validate_deck(db, d, hero("chaos:1")),
            (Problems{"'imp' (Imp): 5 copies; a deck holds at most 3 of a card (Rule DL-2.2)",
                      "'engine' (Engine): a Skill Level 12 Tech card; cards of Skill Level 6 or more must be of the "
                      "hero's faction (Chaos) (Rule DL-2.4)",
                      "unknown card 'nope'", "the deck has 8 cards; it needs at least 50 (Rule DL-2.1)",
                      "the deck has no Equipment (Weapon, Armor or Relic) of Casting Cost 0 that a Chaos hero of "
                      "Skill Level 1 may use; one is equipped before the battle (Rule DL-5.1, Interpretation DL-I26)"}));
}

// The InputError message of parse_hero_spec, or "" (and a failure) if it does not throw.
std::string spec_error(const std::string& text) {
  try {
    parse_hero_spec(text, "--hero");
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no InputError for " << text;
  return "";
}

TEST(DlHeroSpec, ParsesOneOrTwoFactions) {
  HeroSpec h = hero("holy-order:7");
  EXPECT_EQ(h.factions[0], Faction::kHolyOrder);
  EXPECT_EQ(h.levels[0], 7);
  EXPECT_FALSE(h.has_second);
  EXPECT_EQ(hero_spec_string(h), "holy-order:7");
  h = hero("Holy Order:12:tech:3");  // printed names are accepted too
  EXPECT_EQ(h.factions[0], Faction::kHolyOrder);
  EXPECT_EQ(h.levels[0], 12);
  ASSERT_TRUE(h.has_second);
  EXPECT_EQ(h.factions[1], Faction::kTech);
  EXPECT_EQ(h.levels[1], 3);
  EXPECT_EQ(hero_spec_string(h), "holy-order:12:tech:3");
  // Rule DL-2.5 / Interpretation DL-I18: a card uses the level of its own faction, the
  // primary level for other factions' cards.
  EXPECT_EQ(h.level_for(Faction::kHolyOrder), 12);
  EXPECT_EQ(h.level_for(Faction::kTech), 3);
  EXPECT_EQ(h.level_for(Faction::kWind), 12);
  EXPECT_TRUE(h.has_faction(Faction::kTech));
  EXPECT_FALSE(h.has_faction(Faction::kWind));
}

TEST(DlHeroSpec, RefusesMalformedSpecs) {
  EXPECT_EQ(spec_error("chaos"), "--hero: hero 'chaos' must be FACTION:LEVEL or FACTION:LEVEL:FACTION2:LEVEL2");
  EXPECT_EQ(spec_error("chaos:1:tech"),
            "--hero: hero 'chaos:1:tech' must be FACTION:LEVEL or FACTION:LEVEL:FACTION2:LEVEL2");
  EXPECT_EQ(spec_error("chas:1"),
            "--hero: unknown faction 'chas' (expected chaos, tech, darkness, holy-order, wind or earth)");
  EXPECT_EQ(spec_error("chaos:0"), "--hero: skill level '0' must be an integer 1..20");
  EXPECT_EQ(spec_error("chaos:21"), "--hero: skill level '21' must be an integer 1..20");
  EXPECT_EQ(spec_error("chaos:x"), "--hero: skill level 'x' must be an integer 1..20");
  // Rule DL-18.5: a second faction from level 10 only, and a different one.
  EXPECT_EQ(spec_error("chaos:9:tech:1"),
            "--hero: hero 'chaos:9:tech:1': a second faction needs level 10 in the first (Rule DL-18.5)");
  EXPECT_EQ(spec_error("chaos:10:chaos:1"),
            "--hero: hero 'chaos:10:chaos:1': the second faction must differ from the first");
}

TEST(DlCardNames, PrintedAndYamlNames) {
  EXPECT_STREQ(faction_name(Faction::kHolyOrder), "Holy Order");
  EXPECT_STREQ(faction_key(Faction::kHolyOrder), "holy-order");
  EXPECT_STREQ(kind_name(Kind::kEnhancement), "Enhancement");
  EXPECT_EQ(parse_faction("earth", "x"), Faction::kEarth);
  EXPECT_EQ(parse_faction("Earth", "x"), Faction::kEarth);
}

TEST(DlCardDb, FindsAndRequiresIdsAndRefusesDuplicates) {
  const CardDb db = pool();
  EXPECT_EQ(db.find("imp"), 0);
  EXPECT_EQ(db.find("nobody"), -1);
  EXPECT_EQ(db.require("flare", ""), 2);
  try {
    db.require("nobody", " in deck x");
    ADD_FAILURE() << "no InputError";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "unknown card 'nobody' in deck x");
  }
  CardDb copy = pool();
  try {
    copy.add(card("imp", "Imp again", Faction::kTech, Kind::kCreature, 1, 1));
    ADD_FAILURE() << "no InputError";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "test:imp: card 'imp': field 'id': duplicate id, already defined at test:imp");
  }
}

}  // namespace
}  // namespace rise::dl
