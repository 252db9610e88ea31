// Dark Legacy card and deck files (docs/cards-dark-legacy.md): every type of card loads with
// exact field values (Rule DL-1.1), and every kind of mistake is refused with the file, the
// line, the card and the field.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>

#include "dark-legacy/cards.h"
#include "rise/core/error.h"
#include "test_files.h"

namespace rise::dl {
namespace {

namespace fs = std::filesystem;

class DlLoader : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "rise-dl-loader-test-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  std::string write(const std::string& name, const std::string& text) const {
    const fs::path path = dir_ / name;
    fs::create_directories(path.parent_path());
    testing_files::write_text(path, text);
    return path.string();
  }

  CardDb load(const std::string& text) const {
    CardDb db;
    load_card_file(write("set.yaml", text), db);
    return db;
  }

  static std::string error_of(const std::function<void()>& f) {
    try {
      f();
    } catch (const InputError& e) {
      return e.what();
    }
    ADD_FAILURE() << "no InputError";
    return "";
  }

  // The error of loading `text` as bad.yaml, with the directory cut off ("bad.yaml:LINE: ...").
  std::string load_error(const std::string& text) const {
    const std::string path = write("bad.yaml", text);
    std::string message = error_of([&] {
      CardDb db;
      load_card_file(path, db);
    });
    if (message.rfind(dir_.string() + "/", 0) == 0) message = message.substr(dir_.string().size() + 1);
    return message;
  }

  fs::path dir_;
};

// A creature with room for one more line of fields at the end (line 10 onwards).
std::string creature(const std::string& extra) {
  return "cards:\n"
         "  - id: imp\n"
         "    name: Imp\n"
         "    text: \"An imp.\"\n"
         "    affiliation: chaos\n"
         "    type: creature\n"
         "    cost: 1\n"
         "    level: 1\n"
         "    attack: 2\n"
         "    defense: 1\n" +
         extra;
}

// A card of `type` with the common fields on lines 2-8 and `extra` from line 9.
std::string card_of(const std::string& type, const std::string& extra) {
  return "cards:\n"
         "  - id: x\n"
         "    name: X\n"
         "    text: \"X.\"\n"
         "    affiliation: tech\n"
         "    type: " +
         type +
         "\n"
         "    cost: 2\n"
         "    level: 3\n" +
         extra;
}

const char* const kEveryKind = R"(cards:
  - id: clockwork-gunner
    name: Clockwork Gunner
    text: "Hits flying. Activate: deals 1 damage to target creature."
    affiliation: tech
    type: creature
    cost: 3
    level: 1
    attack: 2
    defense: 2
    keywords: [hits-flying]
    effects:
      - when: activated
        do:
          - {damage: 1, target: target-creature}
  - id: hellflare
    name: Hellflare
    text: "Deals 3 damage to target hero or creature."
    affiliation: chaos
    type: magic
    cost: 3
    level: 1
    effects:
      - when: cast
        do:
          - {damage: 3, target: target}
  - id: assembly-line
    name: Assembly Line
    text: "Lasting."
    affiliation: tech
    type: magic
    cost: 6
    level: 7
    lasting: true
    grants: {defense: 1, attack: -1, keywords: flying}
    effects:
      - when: turn-start
        do:
          - {casting-points: 1}
      - when: activated
        do:
          - {draw: 2, target: none}
  - id: windshear
    name: Windshear
    text: "Counter the spell being cast. Draw a card."
    affiliation: wind
    type: instant
    cost: 6
    level: 5
    effects:
      - when: cast
        do:
          - {counter: true}
          - {draw: 1}
  - id: repeater
    name: Repeater
    text: "Distance."
    affiliation: chaos
    type: weapon
    cost: 6
    level: 6
    attack: 5
    range: distance
  - id: baton
    name: Baton
    text: "Melee."
    affiliation: tech
    type: weapon
    cost: 0
    level: 1
    attack: 3
    keywords: hits-flying
  - id: exoframe
    name: Exoframe
    text: "Activate: repair 2."
    affiliation: tech
    type: armor
    cost: 8
    level: 11
    defense: 14
    effects:
      - when: activated
        do:
          - {repair-armor: 2}
  - id: halo
    name: Halo
    text: "Life."
    affiliation: holy-order
    type: enhancement
    cost: 3
    level: 1
    attach: hero
    grants: {life: 5, attack: 1, keywords: [flying, hits-flying]}
  - id: plating
    name: Plating
    text: "Armor +3."
    affiliation: tech
    type: enhancement
    cost: 3
    level: 3
    attach: armor
    grants: {defense: 3}
    effects:
      - when: turn-start
        do:
          - {heal: 1, target: your-hero}
  - id: skull
    name: Skull
    text: "Relic."
    affiliation: darkness
    type: relic
    cost: 20
    level: 20
    grants: {attack: 2}
    effects:
      - when: activated
        do:
          - {destroy: true, target: opposing-creatures}
          - {remove: true, target: target-creature}
          - {dispel: true, target: target-spell}
          - {poison: 20, target: opposing-hero}
          - {discard: 10, target: your-hero}
          - {boost: 20, target: your-creatures}
)";

TEST_F(DlLoader, DL_1_1_EveryKindLoadsWithExactFields) {
  // Rule DL-1.1: name, affiliation, cost, type, level, ability, attack/defense points.
  const CardDb db = load(kEveryKind);
  ASSERT_EQ(db.size(), 10);

  const CardDef& gunner = db[db.find("clockwork-gunner")];
  EXPECT_EQ(gunner.name, "Clockwork Gunner");
  EXPECT_EQ(gunner.text, "Hits flying. Activate: deals 1 damage to target creature.");
  EXPECT_EQ(gunner.affiliation, Faction::kTech);
  EXPECT_EQ(gunner.kind, Kind::kCreature);
  EXPECT_EQ(gunner.cost, 3);
  EXPECT_EQ(gunner.level, 1);
  EXPECT_EQ(gunner.attack, 2);
  EXPECT_EQ(gunner.defense, 2);
  EXPECT_EQ(gunner.keywords, kHitsFlying);
  EXPECT_TRUE(gunner.is_spell());
  EXPECT_FALSE(gunner.is_equipment());
  ASSERT_EQ(gunner.effects.size(), 1u);
  EXPECT_EQ(gunner.effects[0].when, Trigger::kActivated);
  ASSERT_EQ(gunner.effects[0].steps.size(), 1u);
  EXPECT_EQ(gunner.effects[0].steps[0].op, Op::kDamage);
  EXPECT_EQ(gunner.effects[0].steps[0].amount, 1);
  EXPECT_EQ(gunner.effects[0].steps[0].target, Target::kTargetCreature);
  EXPECT_EQ(gunner.source, (dir_ / "set.yaml").string() + ":2");

  const CardDef& flare = db[db.find("hellflare")];
  EXPECT_EQ(flare.kind, Kind::kMagic);
  EXPECT_FALSE(flare.lasting);
  EXPECT_EQ(flare.effect(Trigger::kCast)->steps[0].target, Target::kTarget);
  EXPECT_EQ(flare.effect(Trigger::kTurnStart), nullptr);

  const CardDef& line = db[db.find("assembly-line")];
  EXPECT_TRUE(line.lasting);
  EXPECT_EQ(line.grants.defense, 1);
  EXPECT_EQ(line.grants.attack, -1);
  EXPECT_EQ(line.grants.keywords, kFlying);
  EXPECT_EQ(line.effect(Trigger::kTurnStart)->steps[0].op, Op::kCastingPoints);
  EXPECT_EQ(line.effect(Trigger::kTurnStart)->steps[0].target, Target::kNone);
  EXPECT_EQ(line.effect(Trigger::kActivated)->steps[0].amount, 2);

  const CardDef& shear = db[db.find("windshear")];
  EXPECT_EQ(shear.kind, Kind::kInstant);
  ASSERT_EQ(shear.effects[0].steps.size(), 2u);
  EXPECT_EQ(shear.effects[0].steps[0].op, Op::kCounter);
  EXPECT_EQ(shear.effects[0].steps[0].amount, 0);
  EXPECT_EQ(shear.effects[0].steps[0].target, Target::kNone);
  EXPECT_EQ(shear.effects[0].steps[1].op, Op::kDraw);

  const CardDef& repeater = db[db.find("repeater")];
  EXPECT_EQ(repeater.kind, Kind::kWeapon);
  EXPECT_EQ(repeater.attack, 5);
  EXPECT_EQ(repeater.range, Range::kDistance);
  EXPECT_FALSE(repeater.is_spell());
  EXPECT_TRUE(repeater.is_equipment());
  const CardDef& baton = db[db.find("baton")];
  EXPECT_EQ(baton.range, Range::kMelee);
  EXPECT_EQ(baton.cost, 0);
  EXPECT_TRUE(baton.has(kHitsFlying));

  const CardDef& exo = db[db.find("exoframe")];
  EXPECT_EQ(exo.kind, Kind::kArmor);
  EXPECT_EQ(exo.defense, 14);
  EXPECT_EQ(exo.attack, 0);
  EXPECT_EQ(exo.effect(Trigger::kActivated)->steps[0].op, Op::kRepairArmor);

  const CardDef& halo = db[db.find("halo")];
  EXPECT_EQ(halo.kind, Kind::kEnhancement);
  EXPECT_EQ(halo.attach, Attach::kHero);
  EXPECT_EQ(halo.grants.life, 5);
  EXPECT_EQ(halo.grants.attack, 1);
  EXPECT_EQ(halo.grants.keywords, kFlying | kHitsFlying);
  EXPECT_TRUE(halo.effects.empty());
  const CardDef& plating = db[db.find("plating")];
  EXPECT_EQ(plating.attach, Attach::kArmor);
  EXPECT_EQ(plating.grants.defense, 3);
  EXPECT_EQ(plating.effect(Trigger::kTurnStart)->steps[0].target, Target::kYourHero);

  const CardDef& skull = db[db.find("skull")];
  EXPECT_EQ(skull.kind, Kind::kRelic);
  EXPECT_TRUE(skull.is_spell());
  EXPECT_TRUE(skull.is_equipment());
  EXPECT_EQ(skull.cost, 20);
  EXPECT_EQ(skull.level, 20);
  const std::vector<Step>& steps = skull.effect(Trigger::kActivated)->steps;
  ASSERT_EQ(steps.size(), 6u);
  EXPECT_EQ(steps[0].op, Op::kDestroy);
  EXPECT_EQ(steps[0].target, Target::kOpposingCreatures);
  EXPECT_EQ(steps[1].op, Op::kRemove);
  EXPECT_EQ(steps[2].op, Op::kDispel);
  EXPECT_EQ(steps[2].target, Target::kTargetSpell);
  EXPECT_EQ(steps[3].op, Op::kPoison);
  EXPECT_EQ(steps[3].amount, 20);
  EXPECT_EQ(steps[3].target, Target::kOpposingHero);
  EXPECT_EQ(steps[4].op, Op::kDiscard);
  EXPECT_EQ(steps[4].target, Target::kYourHero);
  EXPECT_EQ(steps[5].op, Op::kBoost);
  EXPECT_EQ(steps[5].target, Target::kYourCreatures);
}

TEST_F(DlLoader, UnknownFieldsAreNamedWithASuggestion) {
  EXPECT_EQ(load_error(creature("    atack: 2\n")),
            "bad.yaml:11: card 'imp': field 'atack': unknown field (did you mean 'attack'?); allowed here: id, name, "
            "text, affiliation, type, cost, level, attack, defense, range, keywords, lasting, attach, grants, effects");
  EXPECT_EQ(
      load_error(creature("    effects:\n      - when: cast\n        do:\n          - {damge: 1, target: target}\n")),
      "bad.yaml:14: card 'imp': field 'effects[1].do[1].damge': unknown field (did you mean 'damage'?); allowed "
      "here: damage, heal, poison, draw, casting-points, destroy, dispel, counter, repair-armor, remove, "
      "discard, boost, target");
  EXPECT_EQ(load_error(creature("    effects:\n      - wen: cast\n")),
            "bad.yaml:12: card 'imp': field 'effects[1].wen': unknown field (did you mean 'when'?); allowed here: "
            "when, do");
  EXPECT_EQ(load_error(creature("    grants: {attack: 1}\n")),
            "bad.yaml:11: card 'imp': field 'grants': only Enhancements, Armor, Relics and lasting Magic (lasting: "
            "true) grant; this card is a Creature");
}

TEST_F(DlLoader, BadValuesNameTheFieldAndTheRange) {
  EXPECT_EQ(load_error(card_of("creature", "    attack: 2\n    defense: 0\n")),
            "bad.yaml:10: card 'x': field 'defense': expected an integer 1..99, got '0'");
  EXPECT_EQ(load_error(card_of("weapon", "    attack: 0\n")),
            "bad.yaml:9: card 'x': field 'attack': expected an integer 1..99, got '0'");
  EXPECT_EQ(load_error(card_of("armor", "    defense: 0\n")),
            "bad.yaml:9: card 'x': field 'defense': expected an integer 1..99, got '0'");
  EXPECT_EQ(load_error(creature("").replace(creature("").find("cost: 1"), 7, "cost: 21")),
            "bad.yaml:7: card 'imp': field 'cost': expected an integer 0..20, got '21'");
  EXPECT_EQ(load_error(creature("").replace(creature("").find("level: 1"), 8, "level: 0")),
            "bad.yaml:8: card 'imp': field 'level': expected an integer 1..20, got '0'");
  EXPECT_EQ(load_error(creature("").replace(creature("").find("chaos"), 5, "Holy Order")),
            "bad.yaml:5: card 'imp': field 'affiliation': unknown faction 'Holy Order' (did you mean 'holy-order'?); "
            "expected chaos, tech, darkness, holy-order, wind or earth");
  EXPECT_EQ(load_error(card_of("spell", "")),
            "bad.yaml:6: card 'x': field 'type': unknown card type 'spell'; expected creature, magic, instant, "
            "weapon, armor, enhancement or relic");
  EXPECT_EQ(load_error(creature("    keywords: [flying, flying]\n")),
            "bad.yaml:11: card 'imp': field 'keywords': keyword 'flying' is listed twice");
  EXPECT_EQ(load_error(creature("    keywords: [flyng]\n")),
            "bad.yaml:11: card 'imp': field 'keywords': unknown keyword 'flyng' (did you mean 'flying'?); expected "
            "flying or hits-flying");
  EXPECT_EQ(load_error(card_of("weapon", "    attack: 2\n    range: far\n")),
            "bad.yaml:10: card 'x': field 'range': unknown range 'far'; expected melee or distance");
  EXPECT_EQ(load_error(creature("").replace(creature("").find("id: imp"), 7, "id: Imp")),
            "bad.yaml:2: card '#1': field 'id': expected an id of lowercase letters, digits and '-', got 'Imp'");
}

TEST_F(DlLoader, RequiredFieldsPerKind) {
  EXPECT_EQ(load_error("cards:\n  - id: x\n    name: X\n"), "bad.yaml:2: card 'x': field 'text': missing");
  EXPECT_EQ(load_error(card_of("creature", "    attack: 2\n")),
            "bad.yaml:2: card 'x': field 'defense': missing: a Creature has Defense Points (1..99)");
  EXPECT_EQ(load_error(card_of("creature", "    defense: 2\n")),
            "bad.yaml:2: card 'x': field 'attack': missing: a Creature has Attack Points (0..99)");
  EXPECT_EQ(load_error(card_of("weapon", "")),
            "bad.yaml:2: card 'x': field 'attack': missing: a Weapon replaces the hero's Attack Points (1..99)");
  EXPECT_EQ(load_error(card_of("armor", "")),
            "bad.yaml:2: card 'x': field 'defense': missing: an Armor has Defense Points (1..99)");
  EXPECT_EQ(load_error(card_of("enhancement", "    grants: {attack: 1}\n")),
            "bad.yaml:2: card 'x': field 'attach': missing: an Enhancement is attached to the hero, a weapon or an "
            "armor");
  EXPECT_EQ(load_error(card_of("instant", "")),
            "bad.yaml:2: card 'x': field 'effects': missing: an Instant needs a 'cast' effect");
  EXPECT_EQ(load_error(card_of("magic", "")),
            "bad.yaml:2: card 'x': field 'effects': missing: a Magic card that is not lasting needs a 'cast' effect "
            "(it is used up once cast)");
  EXPECT_EQ(load_error(card_of("magic", "    lasting: true\n")),
            "bad.yaml:2: card 'x': field 'grants': missing: a lasting Magic card needs grants or a turn-start or "
            "activated effect");
  EXPECT_EQ(load_error(card_of("relic", "")),
            "bad.yaml:2: card 'x': field 'grants': missing: a Relic needs grants or effects");
  EXPECT_EQ(load_error(card_of("enhancement", "    attach: weapon\n")),
            "bad.yaml:2: card 'x': field 'grants': missing: an Enhancement needs grants or effects");
}

TEST_F(DlLoader, FieldsThatDoNotFitTheKindAreRefused) {
  EXPECT_EQ(load_error(creature("    range: distance\n")),
            "bad.yaml:11: card 'imp': field 'range': only Weapons have a range; this card is a Creature");
  EXPECT_EQ(load_error(card_of("weapon", "    attack: 2\n    defense: 2\n")),
            "bad.yaml:10: card 'x': field 'defense': only Creatures and Armor have Defense Points; this card is a "
            "Weapon");
  EXPECT_EQ(load_error(card_of("armor", "    defense: 2\n    attack: 2\n")),
            "bad.yaml:10: card 'x': field 'attack': only Creatures and Weapons have Attack Points; this card is an "
            "Armor");
  EXPECT_EQ(load_error(card_of("relic", "    lasting: true\n")),
            "bad.yaml:9: card 'x': field 'lasting': only Magic cards can be lasting; this card is a Relic");
  EXPECT_EQ(load_error(creature("    attach: hero\n")),
            "bad.yaml:11: card 'imp': field 'attach': only Enhancements are attached; this card is a Creature");
  EXPECT_EQ(load_error(card_of("armor", "    defense: 2\n    keywords: [flying]\n")),
            "bad.yaml:10: card 'x': field 'keywords': only Creatures and Weapons have keywords; this card is an Armor");
  EXPECT_EQ(load_error(card_of("magic", "    grants: {attack: 1}\n")),
            "bad.yaml:9: card 'x': field 'grants': only Enhancements, Armor, Relics and lasting Magic (lasting: "
            "true) grant; this card is a Magic card without 'lasting: true'");
  EXPECT_EQ(load_error(card_of("weapon", "    attack: 2\n    keywords: [flying]\n")),
            "bad.yaml:10: card 'x': field 'keywords': a Weapon does not fly; a Weapon takes only 'hits-flying'");
  EXPECT_EQ(load_error(card_of("weapon", "    attack: 2\n    range: distance\n    keywords: [hits-flying]\n")),
            "bad.yaml:11: card 'x': field 'keywords': a distance Weapon already hits flying creatures (Rule "
            "DL-10.7); leave 'hits-flying' out");
  EXPECT_EQ(load_error(creature("    keywords: [flying, hits-flying]\n")),
            "bad.yaml:11: card 'imp': field 'keywords': a flying Creature already blocks and damages flyers (Rule "
            "DL-15.1); leave 'hits-flying' out");
}

TEST_F(DlLoader, GrantsMustFitWhereTheyGo) {
  EXPECT_EQ(load_error(card_of("enhancement", "    attach: hero\n    grants: {defense: 2}\n")),
            "bad.yaml:10: card 'x': field 'grants.defense': 'defense' does not fit an Enhancement on the hero (a "
            "hero has no Defense Points; armor has); allowed: attack, life, keywords");
  EXPECT_EQ(load_error(card_of("enhancement", "    attach: armor\n    grants: {attack: 2}\n")),
            "bad.yaml:10: card 'x': field 'grants.attack': 'attack' does not fit an Enhancement on an armor (an "
            "armor has no Attack Points); allowed: defense");
  EXPECT_EQ(load_error(card_of("enhancement", "    attach: weapon\n    grants: {keywords: [flying]}\n")),
            "bad.yaml:10: card 'x': field 'grants.keywords': a weapon does not fly; an Enhancement on a weapon grants "
            "only 'hits-flying'");
  EXPECT_EQ(load_error(card_of("relic", "    grants: {life: 5}\n")),
            "bad.yaml:9: card 'x': field 'grants.life': 'life' does not fit a Relic (it grants to its hero) (Life "
            "Points are granted by Enhancements on the hero only); allowed: attack, keywords");
  EXPECT_EQ(load_error(card_of("magic", "    lasting: true\n    grants: {life: 5}\n")),
            "bad.yaml:10: card 'x': field 'grants.life': 'life' does not fit a lasting Magic card (it grants to each "
            "of its controller's creatures) (Life Points are granted by Enhancements on the hero only); allowed: "
            "attack, defense, keywords");
  EXPECT_EQ(load_error(card_of("relic", "    grants: {attack: 0}\n")),
            "bad.yaml:9: card 'x': field 'grants': grants nothing; give a non-zero attack, defense, life or keywords");
  EXPECT_EQ(load_error(card_of("relic", "    grants: {attack: 21}\n")),
            "bad.yaml:9: card 'x': field 'grants.attack': expected an integer -20..20, got '21'");
  EXPECT_EQ(load_error(card_of("enhancement", "    attach: hero\n    grants: {life: 0}\n")),
            "bad.yaml:10: card 'x': field 'grants.life': expected an integer 1..50, got '0'");
}

// Interpretation DL-I44: an Armor grants the hero wearing it Attack Points and keywords
// ("Armor: +1 Attack"); not Defense Points (its own are its `defense`) nor Life Points; a
// Weapon grants nothing. Each refusal names the file, the line, the card and the field.
TEST_F(DlLoader, DL_I44_ArmorGrantsAttackAndKeywordsOnly) {  // DL-I44 DL-11.5 DL-10.1 DL-10.6
  const CardDb db = load(card_of("armor", "    defense: 4\n    grants: {attack: 1}\n") +
                         "  - id: y\n"
                         "    name: Y\n"
                         "    text: \"Y.\"\n"
                         "    affiliation: wind\n"
                         "    type: armor\n"
                         "    cost: 0\n"
                         "    level: 1\n"
                         "    defense: 2\n"
                         "    grants: {attack: -2, keywords: [flying, hits-flying]}\n");
  ASSERT_EQ(db.size(), 2);
  EXPECT_EQ(db[0].kind, Kind::kArmor);
  EXPECT_EQ(db[0].defense, 4);
  EXPECT_EQ(db[0].grants.attack, 1);
  EXPECT_EQ(db[0].grants.defense, 0);
  EXPECT_EQ(db[0].grants.life, 0);
  EXPECT_EQ(db[0].grants.keywords, 0);
  EXPECT_EQ(db[0].effects.size(), 0u);
  EXPECT_EQ(db[1].grants.attack, -2);
  EXPECT_EQ(db[1].grants.keywords, kFlying | kHitsFlying);

  EXPECT_EQ(load_error(card_of("armor", "    defense: 4\n    grants: {defense: 2}\n")),
            "bad.yaml:10: card 'x': field 'grants.defense': 'defense' does not fit an Armor (it grants to the hero "
            "wearing it, Interpretation DL-I44) (a hero has no Defense Points; an Armor's own are its 'defense'); "
            "allowed: attack, keywords");
  EXPECT_EQ(load_error(card_of("armor", "    defense: 4\n    grants: {attack: 1, life: 5}\n")),
            "bad.yaml:10: card 'x': field 'grants.life': 'life' does not fit an Armor (it grants to the hero "
            "wearing it, Interpretation DL-I44) (Life Points are granted by Enhancements on the hero only); "
            "allowed: attack, keywords");
  EXPECT_EQ(load_error(card_of("armor", "    defense: 4\n    grants: {attack: 0}\n")),
            "bad.yaml:10: card 'x': field 'grants': grants nothing; give a non-zero attack, defense, life or keywords");
  EXPECT_EQ(load_error(card_of("armor", "    defense: 4\n    grants: {attack: 21}\n")),
            "bad.yaml:10: card 'x': field 'grants.attack': expected an integer -20..20, got '21'");
  EXPECT_EQ(load_error(card_of("armor", "    defense: 4\n    grants: {keywords: [swimming]}\n")).rfind(
                "bad.yaml:10: card 'x': field 'grants.keywords': ", 0),
            0u);
  EXPECT_EQ(load_error(card_of("weapon", "    attack: 3\n    grants: {attack: 1}\n")),
            "bad.yaml:10: card 'x': field 'grants': only Enhancements, Armor, Relics and lasting Magic (lasting: true) "
            "grant; this card is a Weapon: a Weapon's own numbers are its 'attack', 'range' and 'keywords', and its "
            "ability is used only in an Attack Phase (Rule DL-10.6, Interpretation DL-I44)");
}

// A card of `type` (extra fields `fields`) whose effects list is `effects`, from line 9 + fields.
std::string with_effects(const std::string& type, const std::string& fields, const std::string& effects) {
  return card_of(type, fields + "    effects:\n" + effects);
}

TEST_F(DlLoader, StepsNeedOneOperationWithItsValue) {
  EXPECT_EQ(load_error(with_effects("instant", "", "      - when: cast\n        do:\n          - {target: target}\n")),
            "bad.yaml:12: card 'x': field 'effects[1].do[1]': a step needs an operation: damage, heal, poison, draw, "
            "casting-points, destroy, dispel, counter, repair-armor, remove, discard or boost");
  EXPECT_EQ(load_error(with_effects(
                "instant", "", "      - when: cast\n        do:\n          - {draw: 1, heal: 2, target: your-hero}\n")),
            "bad.yaml:12: card 'x': field 'effects[1].do[1].heal': one operation per step; write 'draw' and 'heal' as "
            "two steps");
  EXPECT_EQ(load_error(with_effects(
                "instant", "", "      - when: cast\n        do:\n          - {destroy: 2, target: target-creature}\n")),
            "bad.yaml:12: card 'x': field 'effects[1].do[1].destroy': expected true ('destroy' takes no amount), got "
            "'2'");
  EXPECT_EQ(load_error(with_effects("instant", "",
                                    "      - when: cast\n        do:\n          - {damage: 0, target: target}\n")),
            "bad.yaml:12: card 'x': field 'effects[1].do[1].damage': expected an integer 1..99, got '0'");
  EXPECT_EQ(load_error(with_effects("instant", "",
                                    "      - when: cast\n        do:\n          - {poison: 21, target: target}\n")),
            "bad.yaml:12: card 'x': field 'effects[1].do[1].poison': expected an integer 1..20, got '21'");
  EXPECT_EQ(load_error(with_effects("instant", "", "      - when: cast\n        do:\n          - draw\n")),
            "bad.yaml:12: card 'x': field 'effects[1].do[1]': expected a step {OPERATION: N, target: T}, got 'draw'");
  EXPECT_EQ(load_error(with_effects("instant", "", "      - when: cast\n        do: []\n")),
            "bad.yaml:11: card 'x': field 'effects[1].do': expected at least one entry, got an empty list");
  EXPECT_EQ(load_error(with_effects("instant", "", "      - when: cast\n")),
            "bad.yaml:10: card 'x': field 'effects[1].do': missing: the list of steps");
  EXPECT_EQ(load_error(with_effects("instant", "", "      - when: soon\n        do: [{draw: 1}]\n")),
            "bad.yaml:10: card 'x': field 'effects[1].when': unknown trigger 'soon'; expected cast, turn-start or "
            "activated");
}

TEST_F(DlLoader, TargetsMustMakeSenseForTheOperation) {
  const auto step = [&](const std::string& text) {
    return load_error(with_effects(
        "instant", "", "      - when: cast\n        do:\n          - {draw: 1}\n          - " + text + "\n"));
  };
  EXPECT_EQ(step("{damage: 2, target: oposing-hero}"),
            "bad.yaml:13: card 'x': field 'effects[1].do[2].target': unknown target 'oposing-hero' (did you mean "
            "'opposing-hero'?); expected none, target, target-creature, target-hero, target-spell, your-hero, "
            "your-creatures, opposing-hero or opposing-creatures");
  EXPECT_EQ(step("{damage: 2}"),
            "bad.yaml:13: card 'x': field 'effects[1].do[2].target': missing: 'damage' needs a target: target, "
            "target-creature, target-hero, your-hero, your-creatures, opposing-hero or opposing-creatures");
  EXPECT_EQ(step("{draw: 2, target: target-creature}"),
            "bad.yaml:13: card 'x': field 'effects[1].do[2].target': 'draw' has no target (its controller draws); "
            "leave 'target' out, got 'target-creature'");
  EXPECT_EQ(step("{counter: true, target: target-spell}"),
            "bad.yaml:13: card 'x': field 'effects[1].do[2].target': 'counter' has no target (it counters the spell "
            "this Instant answers); leave 'target' out, got 'target-spell'");
  EXPECT_EQ(step("{dispel: true, target: target-creature}"),
            "bad.yaml:13: card 'x': field 'effects[1].do[2].target': 'dispel' cannot reach 'target-creature'; "
            "expected target-spell");
  EXPECT_EQ(step("{dispel: true}"),
            "bad.yaml:13: card 'x': field 'effects[1].do[2].target': missing: 'dispel' needs a target: target-spell");
  EXPECT_EQ(step("{heal: 2, target: opposing-hero}"),
            "bad.yaml:13: card 'x': field 'effects[1].do[2].target': 'heal' cannot reach 'opposing-hero'; expected "
            "target, target-creature, target-hero, your-hero or your-creatures");
  EXPECT_EQ(step("{damage: 2, target: target-spell}"),
            "bad.yaml:13: card 'x': field 'effects[1].do[2].target': 'damage' cannot reach 'target-spell'; expected "
            "target, target-creature, target-hero, your-hero, your-creatures, opposing-hero or opposing-creatures");
  EXPECT_EQ(step("{remove: true, target: target-hero}"),
            "bad.yaml:13: card 'x': field 'effects[1].do[2].target': 'remove' cannot reach 'target-hero'; expected "
            "target-creature or opposing-creatures");
  EXPECT_EQ(step("{boost: 2, target: opposing-creatures}"),
            "bad.yaml:13: card 'x': field 'effects[1].do[2].target': 'boost' cannot reach 'opposing-creatures'; "
            "expected target-creature or your-creatures");
  EXPECT_EQ(step("{discard: 1, target: target-creature}"),
            "bad.yaml:13: card 'x': field 'effects[1].do[2].target': 'discard' cannot reach 'target-creature'; "
            "expected target-hero, opposing-hero or your-hero");
  EXPECT_EQ(step("{poison: 1, target: your-hero}"),
            "bad.yaml:13: card 'x': field 'effects[1].do[2].target': 'poison' cannot reach 'your-hero'; expected "
            "target, target-creature, target-hero, opposing-hero or opposing-creatures");
}

TEST_F(DlLoader, CounterOnlyOnInstants) {
  // Rule DL-8.4: a spell is countered immediately after it is cast, by an Instant.
  EXPECT_EQ(load_error(with_effects("magic", "", "      - when: cast\n        do:\n          - {counter: true}\n")),
            "bad.yaml:12: card 'x': field 'effects[1].do[1].counter': only an Instant counters a spell, as it is cast "
            "(Rule DL-8.4); this card is a Magic card");
  EXPECT_EQ(load_error(creature("    effects:\n      - when: activated\n        do: [{counter: true}]\n")),
            "bad.yaml:13: card 'imp': field 'effects[1].do[1].counter': only an Instant counters a spell, as it is "
            "cast (Rule DL-8.4); this card is a Creature");
}

TEST_F(DlLoader, TriggersMustFitTheKind) {
  EXPECT_EQ(load_error(with_effects("instant", "", "      - when: turn-start\n        do: [{draw: 1}]\n")),
            "bad.yaml:10: card 'x': field 'effects[1].when': 'turn-start' needs a card that stays in play; an Instant "
            "goes to the Boneyard once resolved");
  EXPECT_EQ(load_error(with_effects("magic", "", "      - when: turn-start\n        do: [{draw: 1}]\n")),
            "bad.yaml:10: card 'x': field 'effects[1].when': 'turn-start' needs a card that stays in play; a Magic "
            "card that is not lasting is used up once cast");
  EXPECT_EQ(load_error(with_effects("instant", "", "      - when: activated\n        do: [{draw: 1}]\n")),
            "bad.yaml:10: card 'x': field 'effects[1].when': 'activated' abilities are only on Creatures, Weapons, "
            "Armor, Relics and lasting Magic; this card is an Instant");
  EXPECT_EQ(load_error(with_effects("enhancement", "    attach: hero\n",
                                    "      - when: activated\n        do: [{draw: 1}]\n")),
            "bad.yaml:11: card 'x': field 'effects[1].when': 'activated' abilities are only on Creatures, Weapons, "
            "Armor, Relics and lasting Magic; this card is an Enhancement");
  EXPECT_EQ(
      load_error(with_effects("magic", "    lasting: false\n", "      - when: activated\n        do: [{draw: 1}]\n")),
      "bad.yaml:11: card 'x': field 'effects[1].when': 'activated' abilities are only on Creatures, Weapons, "
      "Armor, Relics and lasting Magic; this card is a Magic card without 'lasting: true'");
  EXPECT_EQ(load_error(creature("    effects:\n      - when: cast\n        do: [{draw: 1}]\n      - when: cast\n"
                                "        do: [{draw: 2}]\n")),
            "bad.yaml:14: card 'imp': field 'effects[2].when': a second 'cast' effect (first at line 12); put all its "
            "steps in one 'do' list");
  // Every kind that stays in play takes turn-start; the ones the brief names take activated.
  for (const std::string type : {"creature", "weapon", "armor", "relic"}) {
    std::string stats = type == "creature" ? "    attack: 1\n    defense: 1\n"
                        : type == "weapon" ? "    attack: 1\n"
                        : type == "armor"  ? "    defense: 1\n"
                                           : "";
    CardDb db = load(with_effects(type, stats,
                                  "      - when: turn-start\n        do: [{draw: 1}]\n      - when: activated\n"
                                  "        do: [{draw: 1}]\n"));
    EXPECT_EQ(db[0].effects.size(), 2u) << type;
  }
}

TEST_F(DlLoader, FileLevelMistakes) {
  EXPECT_EQ(load_error("card:\n  - id: x\n"),
            "bad.yaml:1: field 'card': unknown field (did you mean 'cards'?); allowed here: cards");
  EXPECT_EQ(load_error("cards: []\n"), "bad.yaml:1: field 'cards': expected at least one entry, got an empty list");
  EXPECT_EQ(load_error("- x\n"), "bad.yaml:1: expected a card file (a map with a 'cards' list), got a list");
  EXPECT_EQ(load_error("cards:\n  - [1, 2]\n"),
            "bad.yaml:2: card '#1': expected a card (a map with id, name, type...), got a list");
  const std::string syntax = load_error("cards:\n  - id: x\n   name: [\n");
  EXPECT_EQ(syntax.rfind("bad.yaml:3: YAML syntax error", 0), 0u) << syntax;
}

TEST_F(DlLoader, DuplicateIdsAreRefusedNamingBothPlaces) {
  const std::string one = creature("");
  EXPECT_EQ(
      load_error(one + one.substr(std::string("cards:\n").size())),
      "bad.yaml:11: card 'imp': field 'id': duplicate id, already defined at " + (dir_ / "bad.yaml").string() + ":2");
  // Across the files of a data directory (read in name order).
  write("data/cards/a.yaml", one);
  write("data/cards/b.yaml", one);
  EXPECT_EQ(error_of([&] { load_cards((dir_ / "data").string()); }),
            (dir_ / "data/cards/b.yaml").string() + ":2: card 'imp': field 'id': duplicate id, already defined at " +
                (dir_ / "data/cards/a.yaml").string() + ":2");
}

TEST_F(DlLoader, LoadCardsReadsADirectoryOnceAndCachesIt) {
  write("data/cards/b.yaml", creature(""));
  write("data/cards/a.yaml", card_of("relic", "    grants: {attack: 1}\n"));
  write("data/cards/notes.txt", "not a card file");
  const auto db = load_cards((dir_ / "data").string());
  ASSERT_EQ(db->size(), 2);
  EXPECT_EQ((*db)[0].id, "x");  // a.yaml first
  EXPECT_EQ((*db)[1].id, "imp");
  EXPECT_EQ(load_cards((dir_ / "data").string()).get(), db.get());

  EXPECT_EQ(error_of([&] { load_cards((dir_ / "nothing").string()); }),
            (dir_ / "nothing/cards").string() + ": no such card directory");
  write("empty/cards/readme.txt", "");
  EXPECT_EQ(error_of([&] { load_cards((dir_ / "empty").string()); }),
            (dir_ / "empty/cards").string() + ": no card files (*.yaml)");
  write("yml/cards/a.yml", creature(""));
  EXPECT_EQ(error_of([&] { load_cards((dir_ / "yml").string()); }),
            (dir_ / "yml/cards/a.yml").string() + ": card files end in .yaml (rename it)");
}

TEST_F(DlLoader, DeckFiles) {
  const std::string path =
      write("decks/fire.yaml", "name: Fire\ndescription: \"Hot.\"\nfaction: chaos\ncards:\n  imp: 3\n  x: 1\n");
  const Deck deck = load_deck_file(path);
  EXPECT_EQ(deck.id, "fire");
  EXPECT_EQ(deck.name, "Fire");
  EXPECT_EQ(deck.description, "Hot.");
  EXPECT_EQ(deck.faction, Faction::kChaos);
  EXPECT_EQ(deck.cards, (std::vector<std::pair<std::string, int>>{{"imp", 3}, {"x", 1}}));
  EXPECT_EQ(deck.size(), 4);
  EXPECT_EQ(deck.source, path);

  const auto deck_error = [&](const std::string& text) {
    const std::string p = write("decks/bad.yaml", text);
    std::string message = error_of([&] { load_deck_file(p); });
    if (message.rfind(dir_.string() + "/", 0) == 0) message = message.substr(dir_.string().size() + 1);
    return message;
  };
  EXPECT_EQ(deck_error("name: X\ncards: {imp: 1}\n"), "decks/bad.yaml:1: field 'faction': missing");
  EXPECT_EQ(deck_error("name: X\nfaction: fire\ncards: {imp: 1}\n"),
            "decks/bad.yaml:2: field 'faction': unknown faction 'fire'; expected chaos, tech, darkness, holy-order, "
            "wind or earth");
  EXPECT_EQ(deck_error("name: X\nfaction: chaos\ncards: {imp: 0}\n"),
            "decks/bad.yaml:3: field 'cards.imp': expected an integer 1..99, got '0'");
  EXPECT_EQ(deck_error("name: X\nfaction: chaos\ncards: {imp: 1, imp: 2}\n"),
            "decks/bad.yaml:3: field 'cards.imp': given twice (first at line 3)");
  EXPECT_EQ(deck_error("name: X\nfaction: chaos\ncards: {Imp: 1}\n"),
            "decks/bad.yaml:3: field 'cards.Imp': expected a card id (lowercase letters, digits and '-')");
  EXPECT_EQ(deck_error("name: X\nfaction: chaos\nlibrary: {imp: 1}\n"),
            "decks/bad.yaml:3: field 'library': unknown field; allowed here: name, description, faction, cards");
  EXPECT_EQ(deck_error("name: X\nfaction: chaos\ncards: [imp]\n"),
            "decks/bad.yaml:3: field 'cards': expected a map, got a list");
}

}  // namespace
}  // namespace rise::dl
