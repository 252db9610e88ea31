// Card files (docs/cards.md): every kind of card loads with exact field values, and every
// kind of mistake is refused with the file, the line, the card and the field.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "rise/cardgame/card_loader.h"
#include "rise/cardgame/describe.h"
#include "rise/cardgame/yaml_fields.h"
#include "rise/core/error.h"
#include "test_files.h"

namespace rise::cardgame {
namespace {

namespace fs = std::filesystem;

class Loader : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "rise-cardgame-test-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  // Writes `text` to DIR/name and returns the path.
  std::string write(const std::string& name, const std::string& text) const {
    const fs::path path = dir_ / name;
    testing_files::write_text(path, text);
    return path.string();
  }

  // Loads one file holding `text` (under "cards:") into a new database.
  CardDatabase load(const std::string& text, const std::string& name = "set.yaml") const {
    CardDatabase db;
    load_card_file(write(name, text), db);
    return db;
  }

  // The InputError message of `f`, or "" (and a test failure) if it does not throw.
  static std::string error_of(const std::function<void()>& f) {
    try {
      f();
    } catch (const InputError& e) {
      return e.what();
    }
    ADD_FAILURE() << "no InputError";
    return "";
  }

  std::string load_error(const std::string& text) const {
    return error_of([&] { load(text, "bad.yaml"); });
  }

  fs::path dir_;
};

// Card language v2 (issue 19): conditions, dynamic amounts, global triggers with a limit,
// static effects, ability removal and granting, zone moves, prevention. One card of each,
// read field by field, then its text form read back.
const char* const kV2Yaml = R"(cards:
  - id: tollgate
    name: Tollgate
    types: [Door]
    rank: 2
    rarity: Common
    cost: 2
    attack: 1
    defense: 4
    static: [may attack, no untilt]
    effects:
      - on: turn start
        if: {self: open}
        do: [{gain: 2}]
      - on: {whenever: dies, filter: {whose: you, types: [Creature]}}
        limit: once per turn
        if: {turn: not yours}
        do: [{draw: 1}, {mill: 2, who: opponent, if: {count: {whose: opponent, zone: library}, at least: 10}}]
  - id: mirror-rite
    name: Mirror Rite
    types: [Imminent]
    rank: 2
    rarity: Common
    cost: 1
    effects:
      - on: invoked
        do:
          - {counter: {attack: {attack of: target}, defense: 0, until: end of turn}, target: {choose: {types: [Creature]}}}
          - {lose abilities: yes, target: {choose: {whose: opponent, types: [Creature]}}}
          - {grant: [Flight, Pierce], target: {choose: {whose: you, types: [Creature]}}}
          - {prevent: 2, target: {choose: {whose: you, types: [Creature]}}}
          - {shuffle in: yes, target: {choose: {whose: you, zone: cemetery}}}
          - {damage: {hp: yes}, target: {choose: {types: [Creature]}}, if: {coins: yes, at most: 3}}
          - {heal: {level: yes, times: 2}, target: {choose: {whose: you, types: [Summoner]}}}
)";

const char* const kWolfYaml = R"(cards:
  - id: ember-wolf
    name: Ember Wolf
    types: [Creature, Imminent]
    rank: 3
    rarity: Uncommon
    cost: 2
    attack: 2
    defense: 1
    abilities: [Pierce, Flight]
    text: "Pierce. When invoked, deal 1 damage to target opposing Summoner."
    effects:
      - on: invoked
        do:
          - damage: 1
            target: {choose: {whose: opponent, types: [Summoner]}}
      - on: turn start
        do:
          - gain: 1
            resource: ether
    actions:
      - name: Howl
        kind: direct purchase
        cost: {coins: 2, ether: 1}
        per_turn: 0
        do:
          - counter: {attack: 1, defense: 0, until: end of turn}
            target: self
        text: "2 Coins, 1 Ether: +1/+0 until end of turn."
      - name: Gamble
        kind: dice roll
        at least: 5
        do:
          - draw: 2
        fail:
          - discard: 1
            random: yes
)";

TEST_F(Loader, ACreatureLoadsWithEveryField) {
  CardDatabase db = load(kWolfYaml);
  ASSERT_EQ(db.size(), 1);
  const CardDef& c = db[db.require("ember-wolf", "")];
  EXPECT_EQ(c.name, "Ember Wolf");
  EXPECT_EQ(c.types, kCreature | kImminent);
  EXPECT_TRUE(c.is_constant());
  EXPECT_EQ(c.rank, 3);
  EXPECT_EQ(c.rarity, Rarity::kUncommon);
  EXPECT_EQ(c.capacity_cost, 2);
  EXPECT_EQ(c.attack, 2);
  EXPECT_EQ(c.defense, 1);
  EXPECT_FALSE(c.star_attack);
  EXPECT_EQ(c.abilities, kPierce | kFlight);
  EXPECT_EQ(c.text, "Pierce. When invoked, deal 1 damage to target opposing Summoner.");
  EXPECT_EQ(c.source, (dir_ / "set.yaml").string() + ":2");

  ASSERT_EQ(c.effects.size(), 2u);
  EXPECT_EQ(c.effects[0].trigger, Trigger::kInvoked);
  ASSERT_EQ(c.effects[0].steps.size(), 1u);
  const Step& damage = c.effects[0].steps[0];
  EXPECT_EQ(damage.op, Op::kDamage);
  EXPECT_TRUE(damage.amount.is_constant());
  EXPECT_EQ(damage.amount.constant, 1);
  EXPECT_EQ(damage.target.mode, TargetMode::kChoose);
  EXPECT_EQ(damage.target.filter.whose, Whose::kOpponent);
  EXPECT_EQ(damage.target.filter.types, static_cast<uint32_t>(kSummoner));
  EXPECT_EQ(damage.target.filter.zone, Zone::kBattlefield);
  EXPECT_EQ(c.effects[1].trigger, Trigger::kTurnStart);
  const Step& gain = c.effects[1].steps[0];
  EXPECT_EQ(gain.op, Op::kGain);
  EXPECT_EQ(gain.amount.constant, 1);
  EXPECT_EQ(gain.resource, Resource::kEther);
  EXPECT_EQ(gain.who, Who::kYou);
  EXPECT_EQ(gain.target.mode, TargetMode::kNone);

  ASSERT_EQ(c.actions.size(), 2u);
  const ActionDef& howl = c.actions[0];
  EXPECT_EQ(howl.name, "Howl");
  EXPECT_EQ(howl.kind, ActionKind::kDirectPurchase);
  EXPECT_EQ(howl.coins, 2);
  EXPECT_EQ(howl.ether, 1);
  EXPECT_EQ(howl.per_turn, 0);
  EXPECT_EQ(howl.text, "2 Coins, 1 Ether: +1/+0 until end of turn.");
  ASSERT_EQ(howl.success.size(), 1u);
  EXPECT_EQ(howl.success[0].op, Op::kCounter);
  EXPECT_EQ(howl.success[0].attack, 1);
  EXPECT_EQ(howl.success[0].defense, 0);
  EXPECT_EQ(howl.success[0].duration, Duration::kEndOfTurn);
  EXPECT_EQ(howl.success[0].target.mode, TargetMode::kSelf);
  EXPECT_TRUE(howl.fail.empty());
  const ActionDef& gamble = c.actions[1];
  EXPECT_EQ(gamble.kind, ActionKind::kDiceRoll);
  EXPECT_EQ(gamble.dice_at_least, 5);
  EXPECT_EQ(gamble.per_turn, 1);
  EXPECT_EQ(gamble.coins, 0);
  ASSERT_EQ(gamble.success.size(), 1u);
  EXPECT_EQ(gamble.success[0].op, Op::kDraw);
  EXPECT_EQ(gamble.success[0].amount.constant, 2);
  ASSERT_EQ(gamble.fail.size(), 1u);
  EXPECT_EQ(gamble.fail[0].op, Op::kDiscard);
  EXPECT_EQ(gamble.fail[0].target.mode, TargetMode::kRandom);
}

TEST_F(Loader, ASummonerLoadsWithHpAndSkillsByLevel) {
  CardDatabase db = load(R"(cards:
  - id: vael-ashcaller
    name: Vael, Ashcaller
    types: [Summoner]
    rank: 1
    rarity: Rare
    hp: 20
    skills:
      - name: Kindle
        text: "Deal 1 damage to target Creature."
        do:
          - damage: 1
            target: {choose: {types: [Creature]}}
      - name: Ash Rain
        do:
          - damage: 1
            target: {all: {whose: opponent, types: [Creature], plane: ground}}
      - name: Pyre
        do:
          - destroy: yes
            target: {choose: {types: [Creature, Door], tilted: yes, another: yes}}
)");
  const CardDef& s = db[0];
  EXPECT_EQ(s.types, static_cast<uint32_t>(kSummoner));
  EXPECT_EQ(s.hp, 20);
  EXPECT_EQ(s.capacity_cost, 0);
  EXPECT_EQ(s.rank, 1);
  EXPECT_EQ(s.rarity, Rarity::kRare);
  ASSERT_EQ(s.max_level(), 3);
  EXPECT_EQ(s.skills[0].level, 1);
  EXPECT_EQ(s.skills[0].name, "Kindle");
  EXPECT_EQ(s.skills[0].text, "Deal 1 damage to target Creature.");
  EXPECT_EQ(s.skills[1].level, 2);
  EXPECT_EQ(s.skills[1].steps[0].target.mode, TargetMode::kAll);
  EXPECT_EQ(s.skills[1].steps[0].target.filter.plane, Plane::kGround);
  EXPECT_EQ(s.skills[2].level, 3);
  const Filter& f = s.skills[2].steps[0].target.filter;
  EXPECT_EQ(s.skills[2].steps[0].op, Op::kDestroy);
  EXPECT_EQ(f.types, kCreature | kDoor);
  EXPECT_TRUE(f.tilted_only);
  EXPECT_FALSE(f.untilted_only);
  EXPECT_TRUE(f.another);
}

TEST_F(Loader, DoorsLevelUpsEquipmentAndImminentsLoad) {
  CardDatabase db = load(R"(cards:
  - id: iron-gate
    name: Iron Gate
    types: [Door]
    rank: infinite
    rarity: Common
    attack: 0
    defense: '*'
    star defense: {count: {whose: you, types: [Door]}, times: 2, plus: 1}
    effects:
      - on: opened
        do:
          - untilt: yes
            target: {all: {whose: you, types: [Creature], tilted: no}}
  - id: rise-up
    name: Rise Up
    types: [Level Up]
    rank: infinite
    rarity: Common
  - id: wind-cloak
    name: Wind Cloak
    types: [Incantation]
    rank: 2
    rarity: Rare
    abilities: [Equipment, Fixed Price]
    grants: {attack: 1, defense: 2, abilities: [Flight]}
    attach: {types: [Creature, Summoner], whose: you}
    actions:
      - name: Gust
        kind: coin toss
        cost: {ether: 2}
        do:
          - tilt: yes
            target: equipped
        fail:
          - lose: {coins: yes}
  - id: plain-blade
    name: Plain Blade
    types: [Imminent]
    rank: 1
    rarity: Common
    abilities: [Equipment]
    grants: {attack: 2}
  - id: unmake
    name: Unmake
    types: [Imminent]
    rank: 1
    rarity: Legendary
    cost: 0
    effects:
      - on: invoked
        do:
          - cancel: [Imminent, Skill]
          - search: {types: [Creature], abilities: [Reach]}
          - token: iron-gate
          - steal: 2
            resource: ether
          - control: {until: end of turn}
            target: {random: {whose: opponent, types: [Creature]}}
          - dice roll: yes
            at least: 3
            success:
              - coin toss: yes
                fail:
                  - regress: yes
                    target: {choose: {types: [Summoner], whose: opponent}}
          - draw: 1
            who: target controller
            target: {choose: {types: [Creature], zone: cemetery, card: iron-gate}}
)");
  ASSERT_EQ(db.size(), 5);
  const CardDef& door = db[db.find("iron-gate")];
  EXPECT_EQ(door.rank, kInfiniteRank);
  EXPECT_EQ(door.capacity_cost, 1);
  EXPECT_FALSE(door.star_attack);
  EXPECT_TRUE(door.star_defense);
  EXPECT_EQ(door.star_defense_value.constant, 1);
  EXPECT_EQ(door.star_defense_value.per_count, 2);
  EXPECT_EQ(door.star_defense_value.count_filter.whose, Whose::kYou);
  EXPECT_EQ(door.star_defense_value.count_filter.types, static_cast<uint32_t>(kDoor));
  EXPECT_EQ(door.effects[0].trigger, Trigger::kOpened);
  EXPECT_TRUE(door.effects[0].steps[0].target.filter.untilted_only);

  const CardDef& level_up = db[db.find("rise-up")];
  EXPECT_EQ(level_up.types, static_cast<uint32_t>(kLevelUp));
  EXPECT_EQ(level_up.capacity_cost, 0);

  const CardDef& cloak = db[db.find("wind-cloak")];
  EXPECT_EQ(cloak.abilities, kEquipment | kFixedPrice);
  EXPECT_EQ(cloak.grants.attack, 1);
  EXPECT_EQ(cloak.grants.defense, 2);
  EXPECT_EQ(cloak.grants.abilities, static_cast<uint64_t>(kFlight));
  EXPECT_EQ(cloak.attach.types, kCreature | kSummoner);
  EXPECT_EQ(cloak.attach.whose, Whose::kYou);
  EXPECT_EQ(cloak.actions[0].kind, ActionKind::kCoinToss);
  EXPECT_EQ(cloak.actions[0].ether, 2);
  EXPECT_EQ(cloak.actions[0].success[0].target.mode, TargetMode::kEquipped);
  const Step& lose = cloak.actions[0].fail[0];
  EXPECT_EQ(lose.op, Op::kLose);
  EXPECT_EQ(lose.amount.per_resource, 1);
  EXPECT_EQ(lose.amount.resource, Resource::kCoins);
  EXPECT_FALSE(lose.amount.is_constant());

  const CardDef& blade = db[db.find("plain-blade")];
  EXPECT_EQ(blade.attach.types, kConstantTypes | kSummoner) << "default: a Constant or a Summoner";
  EXPECT_EQ(blade.grants.defense, 0);

  const CardDef& unmake = db[db.find("unmake")];
  EXPECT_EQ(unmake.capacity_cost, 0);
  EXPECT_EQ(unmake.rarity, Rarity::kLegendary);
  const auto& steps = unmake.effects[0].steps;
  ASSERT_EQ(steps.size(), 7u);
  EXPECT_EQ(steps[0].op, Op::kCancel);
  EXPECT_EQ(steps[0].cancel_types, kChainImminent | kChainSkill);
  EXPECT_EQ(steps[0].target.mode, TargetMode::kChoose) << "the item to cancel is chosen";
  EXPECT_EQ(steps[1].op, Op::kSearch);
  EXPECT_EQ(steps[1].target.filter.zone, Zone::kLibrary);
  EXPECT_EQ(steps[1].target.filter.abilities, static_cast<uint64_t>(kReach));
  EXPECT_EQ(steps[2].op, Op::kToken);
  EXPECT_EQ(steps[2].card_id, "iron-gate");
  EXPECT_EQ(steps[3].op, Op::kSteal);
  EXPECT_EQ(steps[3].who, Who::kOpponent) << "steal takes from the opponent by default";
  EXPECT_EQ(steps[3].resource, Resource::kEther);
  EXPECT_EQ(steps[4].op, Op::kControl);
  EXPECT_EQ(steps[4].duration, Duration::kEndOfTurn);
  EXPECT_EQ(steps[4].target.mode, TargetMode::kRandom);
  EXPECT_EQ(steps[5].op, Op::kDiceRoll);
  EXPECT_EQ(steps[5].dice_at_least, 3);
  ASSERT_EQ(steps[5].success.size(), 1u);
  EXPECT_EQ(steps[5].success[0].op, Op::kCoinToss);
  EXPECT_TRUE(steps[5].success[0].success.empty());
  EXPECT_EQ(steps[5].success[0].fail[0].op, Op::kRegress);
  EXPECT_EQ(steps[6].who, Who::kTargetController);
  EXPECT_EQ(steps[6].target.filter.zone, Zone::kCemetery);
  EXPECT_EQ(steps[6].target.filter.card_id, "iron-gate");

  // The text form reads back to the same steps.
  const std::string text = steps_to_text(steps) + steps_to_text(cloak.actions[0].fail) +
                           value_to_text(door.star_defense_value);
  CardDatabase again = load("cards:\n  - {id: x, name: X, types: [Imminent], rank: 1, rarity: Common,\n"
                            "     effects: [{on: invoked, do: " + steps_to_text(steps) + "},\n"
                            "               {on: dies, do: " + steps_to_text(cloak.actions[0].fail) + "},\n"
                            "               {on: dies, do: [{draw: " + value_to_text(door.star_defense_value) + "}]}]}\n",
                            "again.yaml");
  EXPECT_EQ(steps_to_text(again[0].effects[0].steps) + steps_to_text(again[0].effects[1].steps) +
                value_to_text(again[0].effects[2].steps[0].amount),
            text);
  EXPECT_EQ(value_to_text(door.star_defense_value), "{count: {whose: you, types: [Door]}, times: 2, plus: 1}");
}

// The text form of a step is valid YAML for the loader and reads back to the same text.
TEST_F(Loader, StepTextReadsBackToTheSameSteps) {
  CardDatabase db = load(std::string(kWolfYaml));
  const CardDef& wolf = db[0];
  const std::string text = steps_to_text(wolf.effects[0].steps);
  EXPECT_EQ(text, "[{damage: 1, target: {choose: {whose: opponent, types: [Summoner]}}}]");
  std::string all;
  for (const auto& e : wolf.effects) all += steps_to_text(e.steps);
  for (const auto& a : wolf.actions) all += steps_to_text(a.success) + steps_to_text(a.fail);
  EXPECT_EQ(all,
            "[{damage: 1, target: {choose: {whose: opponent, types: [Summoner]}}}]"
            "[{gain: 1, resource: ether}]"
            "[{counter: {attack: 1, defense: 0, until: end of turn}, target: self}][]"
            "[{draw: 2}][{discard: 1, random: yes}]");
  // Read back.
  CardDatabase again = load("cards:\n  - {id: x, name: X, types: [Imminent], rank: 1, rarity: Common,\n"
                            "     effects: [{on: invoked, do: " + text + "}]}\n",
                            "again.yaml");
  EXPECT_EQ(steps_to_text(again[0].effects[0].steps), text);
}

TEST_F(Loader, NamesFollowTheEnumOrder) {
  ASSERT_EQ(op_names().size(), static_cast<size_t>(Op::kPrevent) + 1);
  EXPECT_EQ(op_names()[static_cast<size_t>(Op::kShuffleIn)], "shuffle in");
  ASSERT_EQ(whenever_names().size(), static_cast<size_t>(Whenever::kTurnStart));
  ASSERT_EQ(static_effect_names().size(), 5u);  // bit i of StaticEffect is name i
  EXPECT_EQ(static_effect_names()[4], "creatures cost 1 less");
  EXPECT_EQ(1u << 4, static_cast<uint32_t>(kCreaturesCostLess));
  EXPECT_EQ(static_effect_names()[3], "may attack");
  EXPECT_EQ(op_names()[static_cast<size_t>(Op::kCure)], "cure");
  ASSERT_EQ(disease_names().size(), static_cast<size_t>(Disease::kParanoia));
  EXPECT_EQ(disease_names()[static_cast<size_t>(Disease::kSchizophrenia) - 1], "Schizophrenia");
  EXPECT_EQ(op_names()[static_cast<size_t>(Op::kCoinToss)], "coin toss");
  EXPECT_EQ(op_names()[static_cast<size_t>(Op::kUnlock)], "unlock");
  ASSERT_EQ(trigger_names().size(), static_cast<size_t>(Trigger::kUnlocked) + 1);
  EXPECT_EQ(trigger_names()[static_cast<size_t>(Trigger::kEndOfTurn)], "end of turn");
  ASSERT_EQ(ability_names().size(), 40u);
  EXPECT_EQ(uint64_t{1} << 17, static_cast<uint64_t>(kConstancy));
  EXPECT_EQ(uint64_t{1} << 39, static_cast<uint64_t>(kLightningElement));
  EXPECT_EQ(ability_names()[32], "Chained");
  EXPECT_EQ(ability_names()[9], "Multi-Target");
  EXPECT_EQ(ability_names()[14], "Iron Skin");
  ASSERT_EQ(card_type_names().size(), 6u);
  EXPECT_EQ(card_type_names()[4], "Level Up");
}

// A card with one line replaced, for error tests: lines are numbered from 1 = "cards:".
std::string creature_with(const std::string& from, const std::string& to) {
  std::string text = kWolfYaml;
  auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

TEST_F(Loader, AnUnknownFieldIsAnErrorWithASuggestion) {
  const std::string e = load_error(creature_with("    attack: 2\n", "    atack: 2\n"));
  EXPECT_NE(e.find("bad.yaml:8: card 'ember-wolf': field 'atack': unknown field (did you mean 'attack'?)"),
            std::string::npos)
      << e;
}

TEST_F(Loader, UnknownNamesAreErrors) {
  std::string e = load_error(creature_with("[Pierce, Flight]", "[Pierce, flight]"));
  EXPECT_NE(e.find("bad.yaml:10: card 'ember-wolf': field 'abilities': unknown ability 'flight' (did you mean 'Flight'?)"),
            std::string::npos)
      << e;
  e = load_error(creature_with("[Creature, Imminent]", "[Creature, Instant]"));
  EXPECT_NE(e.find("bad.yaml:4: card 'ember-wolf': field 'types': unknown card type 'Instant'"), std::string::npos) << e;
  e = load_error(creature_with("          - damage: 1", "          - damag: 1"));
  EXPECT_NE(e.find("bad.yaml:15: card 'ember-wolf': field 'effects[1].do[1].damag': unknown operation 'damag' "
                   "(did you mean 'damage'?)"),
            std::string::npos)
      << e;
  e = load_error(creature_with("on: turn start", "on: turn_start"));
  EXPECT_NE(e.find("bad.yaml:17: card 'ember-wolf': field 'effects[2].on': unknown trigger 'turn_start' "
                   "(did you mean 'turn start'?)"),
            std::string::npos)
      << e;
  e = load_error(creature_with("resource: ether", "resource: gold"));
  EXPECT_NE(e.find("bad.yaml:20: card 'ember-wolf': field 'effects[2].do[1].resource': unknown resource 'gold'"),
            std::string::npos)
      << e;
  e = load_error(creature_with("kind: dice roll", "kind: dice"));
  EXPECT_NE(e.find("bad.yaml:31: card 'ember-wolf': field 'actions[2].kind': unknown Action kind 'dice'"),
            std::string::npos)
      << e;
}

TEST_F(Loader, BadNumbersAreErrors) {
  std::string e = load_error(creature_with("rank: 3", "rank: 0"));
  EXPECT_NE(e.find("bad.yaml:5: card 'ember-wolf': field 'rank': expected an integer 1..50 or 'infinite', got '0'"),
            std::string::npos)
      << e;
  e = load_error(creature_with("rank: 3", "rank: Infinite"));
  EXPECT_NE(e.find("field 'rank': expected an integer 1..50 or 'infinite', got 'Infinite' (did you mean 'infinite'?)"),
            std::string::npos)
      << e;
  e = load_error(creature_with("attack: 2", "attack: x"));
  EXPECT_NE(e.find("bad.yaml:8: card 'ember-wolf': field 'attack': expected an integer 0..99 or '*', got 'x'"),
            std::string::npos)
      << e;
  e = load_error(creature_with("at least: 5", "at least: 7"));
  EXPECT_NE(e.find("bad.yaml:32: card 'ember-wolf': field 'actions[2].at least': expected an integer 1..6, got '7'"),
            std::string::npos)
      << e;
  e = load_error(creature_with("cost: 2\n", "cost: two\n"));
  EXPECT_NE(e.find("bad.yaml:7: card 'ember-wolf': field 'cost': expected an integer 0..9, got 'two'"),
            std::string::npos)
      << e;
}

TEST_F(Loader, MissingRequiredFieldsAreErrors) {
  std::string e = load_error(creature_with("    attack: 2\n", ""));
  EXPECT_NE(e.find("bad.yaml:2: card 'ember-wolf': field 'attack': missing (a Creature or Door has attack and defense"),
            std::string::npos)
      << e;
  e = load_error(creature_with("    rarity: Uncommon\n", ""));
  EXPECT_NE(e.find("bad.yaml:2: card 'ember-wolf': field 'rarity': missing"), std::string::npos) << e;
  e = load_error(creature_with("            target: self\n", ""));
  EXPECT_NE(e.find("bad.yaml:27: card 'ember-wolf': field 'actions[1].do[1].target': missing: 'counter' needs a target"),
            std::string::npos)
      << e;
  e = load_error("cards:\n  - name: No Id\n    types: [Imminent]\n    rank: 1\n    rarity: Common\n");
  EXPECT_NE(e.find("bad.yaml:2: card '#1': field 'id': missing"), std::string::npos) << e;
}

const char* const kOrrinYaml = R"(cards:
  - id: orrin
    name: Orrin
    types: [Summoner]
    rank: 1
    rarity: Rare
    hp: 20
    skills:
      - name: Guard
        do:
          - heal: 2
            target: self
)";

TEST_F(Loader, SummonerRulesAreChecked) {
  std::string text = kOrrinYaml;
  std::string e = load_error(std::string(text).replace(text.find("hp: 20"), 6, "hp: 31"));
  EXPECT_NE(e.find("bad.yaml:7: card 'orrin': field 'hp': expected an integer 1..30, got '31'"), std::string::npos) << e;
  e = load_error(std::string(text).replace(text.find("hp: 20"), 6, "hp: 0"));
  EXPECT_NE(e.find("bad.yaml:7: card 'orrin': field 'hp': expected an integer 1..30, got '0'"), std::string::npos) << e;
  e = load_error(std::string(text).replace(text.find("    hp: 20\n"), 11, ""));
  EXPECT_NE(e.find("bad.yaml:2: card 'orrin': field 'hp': missing"), std::string::npos) << e;
  e = load_error(std::string(text).replace(text.find("    hp: 20\n"), 11, "    hp: 20\n    attack: 1\n"));
  EXPECT_NE(e.find("bad.yaml:8: card 'orrin': field 'attack': only Creatures and Doors have attack and defense"),
            std::string::npos)
      << e;
  e = load_error(std::string(text).replace(text.find("[Summoner]"), 10, "[Summoner, Creature]"));
  EXPECT_NE(e.find("bad.yaml:4: card 'orrin': field 'types': a Summoner card has no other type"), std::string::npos) << e;
  std::string five = text;
  for (int i = 0; i < 4; ++i) five += "      - {name: S, do: [{draw: 1}]}\n";
  e = load_error(five);
  EXPECT_NE(e.find("bad.yaml:9: card 'orrin': field 'skills': a Summoner has at most 4 skills (levels), this one has 5"),
            std::string::npos)
      << e;
}

TEST_F(Loader, TypeRulesAreChecked) {
  std::string e = load_error(R"(cards:
  - id: sword
    name: Sword
    types: [Incantation]
    rank: 1
    rarity: Common
    grants: {attack: 1}
)");
  EXPECT_NE(e.find("bad.yaml:7: card 'sword': field 'grants': only an Equipment (ability Equipment) has grants"),
            std::string::npos)
      << e;
  e = load_error(R"(cards:
  - id: sword
    name: Sword
    types: [Incantation]
    rank: 1
    rarity: Common
    abilities: [Equipment]
)");
  EXPECT_NE(e.find("bad.yaml:2: card 'sword': field 'grants': missing"), std::string::npos) << e;
  e = load_error(R"(cards:
  - id: up
    name: Up
    types: [Level Up]
    rank: 1
    rarity: Common
    cost: 1
)");
  EXPECT_NE(e.find("bad.yaml:7: card 'up': field 'cost': expected 0, got '1'"), std::string::npos) << e;
  e = load_error(R"(cards:
  - id: spark
    name: Spark
    types: [Imminent]
    rank: 1
    rarity: Common
    effects:
      - on: opened
        do: [{draw: 1}]
)");
  EXPECT_NE(e.find("bad.yaml:8: card 'spark': field 'effects[1].on': only a Door opens"), std::string::npos) << e;
  e = load_error(R"(cards:
  - id: spark
    name: Spark
    types: [Imminent]
    rank: 1
    rarity: Common
    effects:
      - on: invoked
        do:
          - draw: 1
            target: self
)");
  EXPECT_NE(e.find("bad.yaml:11: card 'spark': field 'effects[1].do[1].target': a 'draw' step takes a target only "
                   "with 'who: target controller'"),
            std::string::npos)
      << e;
  e = load_error(R"(cards:
  - id: spark
    name: Spark
    types: [Imminent]
    rank: 1
    rarity: Common
    effects:
      - on: invoked
        do:
          - draw: 1
            heal: 1
)");
  EXPECT_NE(e.find("bad.yaml:11: card 'spark': field 'effects[1].do[1].heal': a step has one operation, this one has "
                   "'draw' and 'heal'"),
            std::string::npos)
      << e;
}

TEST_F(Loader, SyntaxErrorsNameTheFileAndLine) {
  std::string e = load_error("cards:\n  - id: x\n    types: [Creature\n    rank: 1\n");
  EXPECT_NE(e.find("bad.yaml:"), std::string::npos) << e;
  EXPECT_NE(e.find("YAML syntax error"), std::string::npos) << e;
  e = load_error(creature_with("attack: 2", "attack: *"));
  EXPECT_NE(e.find("bad.yaml:8: YAML syntax error"), std::string::npos) << e;
  EXPECT_NE(e.find("in quotes"), std::string::npos) << e;
  e = load_error("cards:\n  - id: x\n  name: y\n");
  EXPECT_NE(e.find("bad.yaml:3: YAML syntax error"), std::string::npos) << e;
  e = load_error("card:\n  - id: x\n");
  EXPECT_NE(e.find("bad.yaml:1: field 'card': unknown field (did you mean 'cards'?)"), std::string::npos) << e;
  e = error_of([&] {
    CardDatabase db;
    load_card_file((dir_ / "missing.yaml").string(), db);
  });
  EXPECT_NE(e.find("missing.yaml: cannot open file: No such file or directory"), std::string::npos) << e;
}

TEST_F(Loader, ADuplicateIdAcrossFilesNamesBothFiles) {
  fs::create_directory(dir_ / "cards");
  write("cards/a.yaml", kWolfYaml);
  write("cards/b.yaml", "cards:\n  - {id: other, name: O, types: [Imminent], rank: 1, rarity: Common}\n" +
                            std::string(kWolfYaml).substr(7));
  const std::string e = error_of([&] { load_card_directory((dir_ / "cards").string()); });
  EXPECT_NE(e.find("b.yaml:3: card 'ember-wolf': field 'id': duplicate id, already defined at "), std::string::npos) << e;
  EXPECT_NE(e.find("a.yaml:2"), std::string::npos) << e;
}

TEST_F(Loader, ADirectoryChecksCrossReferences) {
  fs::create_directory(dir_ / "cards");
  write("cards/a.yaml", R"(cards:
  - id: summon-wolf
    name: Summon Wolf
    types: [Imminent]
    rank: 1
    rarity: Common
    effects:
      - on: invoked
        do:
          - token: ember-wolf
)");
  std::string e = error_of([&] { load_card_directory((dir_ / "cards").string()); });
  EXPECT_NE(e.find("a.yaml:10: card 'summon-wolf': field 'effects[1].do[1].token': unknown card 'ember-wolf'"),
            std::string::npos)
      << e;
  write("cards/b.yaml", kWolfYaml);
  auto db = load_card_directory((dir_ / "cards").string());
  EXPECT_EQ(db->size(), 2);
  EXPECT_EQ((*db)[0].id, "summon-wolf") << "files in name order";

  write("cards/c.yaml", R"(cards:
  - id: hunt
    name: Hunt
    types: [Imminent]
    rank: 1
    rarity: Common
    effects:
      - on: invoked
        do:
          - search: {card: ember-wolv}
)");
  e = error_of([&] { load_card_directory((dir_ / "cards").string()); });
  EXPECT_NE(e.find("c.yaml:10: card 'hunt': field 'effects[1].do[1].search.card': unknown card 'ember-wolv' "
                   "(did you mean 'ember-wolf'?)"),
            std::string::npos)
      << e;
  fs::remove(dir_ / "cards/c.yaml");
  write("cards/c.yaml", R"(cards:
  - id: hunt
    name: Hunt
    types: [Imminent]
    rank: 1
    rarity: Common
    effects:
      - on: invoked
        do:
          - token: hunt
)");
  e = error_of([&] { load_card_directory((dir_ / "cards").string()); });
  EXPECT_NE(e.find("c.yaml:10: card 'hunt': field 'effects[1].do[1].token': a token is a Creature, Door or "
                   "Incantation; 'hunt' is an Imminent"),
            std::string::npos)
      << e;
  e = error_of([&] { load_card_directory((dir_ / "nowhere").string()); });
  EXPECT_NE(e.find("nowhere: no such card directory"), std::string::npos) << e;
}

// Diseases (Rules TCG-14.1, TCG-14.4): `disease:` goes with the ability Disease on an
// Incantation; `cure` takes a target.
TEST_F(Loader, DiseasesAndCureLoadAndTheirMistakesAreRefused) {
  const CardDatabase db = load(R"(cards:
  - id: sniffles
    name: Sniffles
    types: [Incantation, Imminent]
    rank: 2
    rarity: Common
    abilities: [Disease]
    disease: Cold
  - id: tonic
    name: Tonic
    types: [Imminent]
    rank: 2
    rarity: Common
    effects:
      - on: invoked
        do:
          - cure: yes
            target: {choose: {types: [Creature]}}
)");
  EXPECT_EQ(db[0].disease, Disease::kCold);
  EXPECT_EQ(db[1].disease, Disease::kNone);
  EXPECT_EQ(db[1].effects[0].steps[0].op, Op::kCure);
  std::string e = load_error(R"(cards:
  - id: sniffles
    name: Sniffles
    types: [Incantation]
    rank: 2
    rarity: Common
    abilities: [Disease]
)");
  EXPECT_NE(e.find("bad.yaml:2: card 'sniffles': field 'disease': missing (a card with the ability Disease names it"),
            std::string::npos)
      << e;
  e = load_error(R"(cards:
  - id: sniffles
    name: Sniffles
    types: [Incantation]
    rank: 2
    rarity: Common
    abilities: [Disease]
    disease: cold
)");
  EXPECT_NE(e.find("bad.yaml:8: card 'sniffles': field 'disease': unknown Disease 'cold' (did you mean 'Cold'?)"),
            std::string::npos)
      << e;
  e = load_error(R"(cards:
  - id: sniffles
    name: Sniffles
    types: [Creature]
    rank: 2
    rarity: Common
    attack: 1
    defense: 1
    abilities: [Disease]
    disease: Cold
)");
  EXPECT_NE(e.find("bad.yaml:4: card 'sniffles': field 'types': a Disease is an Incantation"), std::string::npos) << e;
  e = load_error(R"(cards:
  - id: sniffles
    name: Sniffles
    types: [Incantation]
    rank: 2
    rarity: Common
    disease: Cold
)");
  EXPECT_NE(e.find("bad.yaml:7: card 'sniffles': field 'disease': only a card with the ability Disease names a Disease"),
            std::string::npos)
      << e;
  e = load_error(R"(cards:
  - id: tonic
    name: Tonic
    types: [Imminent]
    rank: 2
    rarity: Common
    effects:
      - on: invoked
        do:
          - cure: yes
)");
  EXPECT_NE(e.find("field 'effects[1].do[1].target': missing: 'cure' needs a target"), std::string::npos) << e;
}

// yaml-cpp 0.7's YAML::LoadAll never returns on a lone "," (found by fuzz_deck_raise_rise_die,
// fuzz/regressions/): a card or deck file of such text is refused at once, like a file of two
// documents, which names the line where the second starts.
TEST_F(Loader, TextYamlCppCannotSplitIntoDocumentsIsRefusedNotLoopedOn) {
  std::string e = load_error(",\n");
  EXPECT_NE(e.find("bad.yaml:"), std::string::npos) << e;
  EXPECT_NE(e.find(": a file holds one YAML document, this one has more"), std::string::npos) << e;
  e = error_of([&] { load_deck_file(write("deck.yaml", "name: Deck\n,\n")); });
  EXPECT_NE(e.find("deck.yaml:"), std::string::npos) << e;
  e = load_error("cards: []\n---\ncards: []\n");
  EXPECT_NE(e.find("bad.yaml:2: a file holds one YAML document, this one has more (a second starts here)"),
            std::string::npos) << e;
}

// Every loader reads its file through yaml::read_document, which turns a yaml-cpp
// exception raised while the nodes are walked (found by fuzz_cards_dark_legacy: a node
// yaml-cpp cannot read) into an InputError naming the file and line. Here the reader asks
// a scalar for a list, which yaml-cpp refuses with its own exception.
TEST_F(Loader, AYamlCppErrorWhileReadingNodesNamesTheFileAndLine) {
  const std::string path = write("odd.yaml", "name: Deck\nsize: 12\n");
  const std::string e = error_of([&] {
    yaml::read_document(path, [](const YAML::Node& doc) { return doc["size"].as<std::vector<int>>(); });
  });
  EXPECT_NE(e.find("odd.yaml:2: YAML syntax error: "), std::string::npos) << e;
  // What the reader returns comes back, and an InputError of the reader passes unchanged.
  EXPECT_EQ(yaml::read_document(path, [](const YAML::Node& doc) { return doc["size"].as<int>(); }), 12);
  EXPECT_EQ(error_of([&] { yaml::read_document(path, [](const YAML::Node&) -> int { throw InputError("mine"); }); }),
            "mine");
}

}  // namespace
}  // namespace rise::cardgame

namespace rise::cardgame {
namespace {

// Subtypes (issue 4, Rule TCG-12.38): printed words, a filter field, checked across files.
TEST_F(Loader, SubtypesLoadAndAreChecked) {
  const std::string zombie = R"(cards:
  - id: thrall
    name: Thrall
    types: [Creature]
    subtypes: [Zombie, Undead]
    rank: 1
    rarity: Common
    attack: 1
    defense: 1
  - id: clone
    name: Clone
    types: [Creature]
    subtypes: Clone
    rank: 1
    rarity: Common
    attack: 1
    defense: 1
    abilities: [Chained]
    effects:
      - on: unlocked
        do:
          - counter: {attack: 1, defense: 1}
            target: {all: {subtype: Zombie}}
)";
  CardDatabase db = load(zombie);
  EXPECT_EQ(db[0].subtypes, (std::vector<std::string>{"Zombie", "Undead"}));
  EXPECT_TRUE(db[0].has_subtype("Undead"));
  EXPECT_FALSE(db[0].has_subtype("Clone"));
  EXPECT_EQ(db[1].subtypes, (std::vector<std::string>{"Clone"}));
  EXPECT_EQ(db[1].effects[0].steps[0].target.filter.subtype, "Zombie");
  EXPECT_NE(filter_to_text(db[1].effects[0].steps[0].target.filter).find("subtype: Zombie"), std::string::npos);

  std::string e = load_error(R"(cards:
  - id: thrall
    name: Thrall
    types: [Creature]
    subtypes: [zombie]
    rank: 1
    rarity: Common
    attack: 1
    defense: 1
)");
  EXPECT_NE(e.find("bad.yaml:5: card 'thrall': field 'subtypes[1]': expected a subtype"), std::string::npos) << e;
  e = load_error(R"(cards:
  - id: thrall
    name: Thrall
    types: [Creature]
    subtypes: [Zombie, Zombie]
    rank: 1
    rarity: Common
    attack: 1
    defense: 1
)");
  EXPECT_NE(e.find("field 'subtypes[2]': 'Zombie' is given twice"), std::string::npos) << e;
  e = load_error(R"(cards:
  - id: golem
    name: Golem
    types: [Creature]
    rank: 1
    rarity: Common
    attack: 1
    defense: 1
    effects:
      - on: unlocked
        do:
          - draw: 1
)");
  EXPECT_NE(e.find("'unlocked' needs the ability Lock or Chained"), std::string::npos) << e;

  // A filter's subtype must be some card's subtype (checked with the whole directory).
  fs::create_directory(dir_ / "cards");
  write("cards/a.yaml", R"(cards:
  - id: rite
    name: Rite
    types: [Imminent]
    rank: 1
    rarity: Common
    effects:
      - on: invoked
        do:
          - destroy: yes
            target: {all: {subtype: Zombie}}
)");
  e = error_of([&] { load_card_directory((dir_ / "cards").string()); });
  EXPECT_NE(e.find("a.yaml:11: card 'rite': field 'effects[1].do[1].target.all.subtype': no card has the subtype 'Zombie'"),
            std::string::npos)
      << e;
  write("cards/b.yaml", zombie);
  EXPECT_EQ(load_card_directory((dir_ / "cards").string())->size(), 3);
}

}  // namespace
}  // namespace rise::cardgame

namespace rise::cardgame {
namespace {

// A card file typed in Latin-1 (a name "Café" as the single byte 0xE9): refused like any
// other bad field, with the file, the line and the field, for every field and for deck files.
TEST_F(Loader, TextThatIsNotUtf8IsRefusedWithFileLineAndField) {
  std::string e = load_error("cards:\n  - id: cafe\n    name: Caf\xE9\n    types: [Creature]\n");
  EXPECT_NE(e.find("bad.yaml:3: field 'name': not valid UTF-8 (byte 0xE9 at column 14)"), std::string::npos) << e;
  e = load_error("cards:\n  - id: x\n    text: \"ok \xC0\xAF\"\n");  // an overlong '/'
  EXPECT_NE(e.find("bad.yaml:3: field 'text': not valid UTF-8 (byte 0xC0"), std::string::npos) << e;
  e = load_error("# caf\xE9\ncards: []\n");
  EXPECT_NE(e.find("bad.yaml:1: not valid UTF-8 (byte 0xE9 at column 6)"), std::string::npos) << e;
  e = error_of([&] { load_deck_file(write("deck.yaml", "name: Deck \xFF\nsummoner: x\n")); });
  EXPECT_NE(e.find("deck.yaml:1: field 'name': not valid UTF-8 (byte 0xFF"), std::string::npos) << e;
  // Valid UTF-8 of every length still loads.
  const CardDatabase db = load(creature_with("name: Ember Wolf", "name: Caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x94\xA5"));
  EXPECT_EQ(db[0].name, "Caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x94\xA5");
  e = load_error(creature_with("name: Ember Wolf", "name: Ember \xED\xA0\x80"));  // a UTF-16 surrogate
  EXPECT_NE(e.find("bad.yaml:3: field 'name': not valid UTF-8 (byte 0xED"), std::string::npos) << e;
}

}  // namespace
}  // namespace rise::cardgame

namespace rise::cardgame {
namespace {

TEST_F(Loader, CardLanguageV2ReadsEveryNewConstruct) {
  CardDatabase db = load(kV2Yaml);
  const CardDef& gate = db[0];
  EXPECT_EQ(gate.statics, static_cast<uint32_t>(kMayAttack | kNoUntilt));
  ASSERT_EQ(gate.effects.size(), 2u);
  EXPECT_EQ(gate.effects[0].condition.self, Condition::Self::kOpen);
  const TriggeredEffect& watch = gate.effects[1];
  EXPECT_EQ(watch.whenever, Whenever::kDies);
  EXPECT_EQ(watch.filter.whose, Whose::kYou);
  EXPECT_EQ(watch.filter.types, static_cast<uint32_t>(kCreature));
  EXPECT_EQ(watch.limit, Limit::kOncePerTurn);
  EXPECT_EQ(watch.condition.turn, Condition::Turn::kNotYours);
  const Step& mill = watch.steps[1];
  EXPECT_EQ(mill.op, Op::kMill);
  EXPECT_EQ(mill.who, Who::kOpponent);
  EXPECT_TRUE(mill.condition.has_value);
  EXPECT_EQ(mill.condition.value.count_filter.zone, Zone::kLibrary);
  EXPECT_EQ(mill.condition.at_least, 10);

  const std::vector<Step>& rite = db[1].effects[0].steps;
  EXPECT_EQ(rite[0].attack_value.stat, Stat::kAttack);
  EXPECT_EQ(rite[0].attack_value.stat_of, StatOf::kTarget);
  EXPECT_EQ(rite[0].attack_value.per_stat, 1);
  EXPECT_EQ(rite[1].op, Op::kLoseAbilities);
  EXPECT_EQ(rite[1].duration, Duration::kEndOfTurn);
  EXPECT_EQ(rite[2].abilities, static_cast<uint64_t>(kFlight | kPierce));
  EXPECT_EQ(rite[3].amount.constant, 2);
  EXPECT_EQ(rite[4].target.filter.zone, Zone::kCemetery);
  EXPECT_EQ(rite[5].amount.player_value, PlayerValue::kLowestHp);
  EXPECT_EQ(rite[5].condition.at_most, 3);
  EXPECT_EQ(rite[6].amount.player_value, PlayerValue::kHighestLevel);
  EXPECT_EQ(rite[6].amount.per_player, 2);

  // The text forms read back to the same steps, conditions and triggers.
  EXPECT_EQ(trigger_to_text(watch), "{whenever: dies, filter: {whose: you, types: [Creature]}}");
  EXPECT_EQ(condition_to_text(mill.condition), "{count: {whose: opponent, zone: library}, at least: 10}");
  const std::string text = steps_to_text(rite) + steps_to_text(watch.steps);
  CardDatabase again = load("cards:\n  - {id: x, name: X, types: [Creature], rank: 1, rarity: Common, attack: 1,\n"
                            "     defense: 1, effects: [{on: invoked, do: " + steps_to_text(rite) + "},\n"
                            "     {on: " + trigger_to_text(watch) + ", if: " + condition_to_text(watch.condition) +
                            ", limit: once per turn, do: " + steps_to_text(watch.steps) + "}]}\n",
                            "again.yaml");
  EXPECT_EQ(steps_to_text(again[0].effects[0].steps) + steps_to_text(again[0].effects[1].steps), text);
  EXPECT_EQ(trigger_to_text(again[0].effects[1]), trigger_to_text(watch));
  EXPECT_EQ(again[0].effects[1].condition.turn, Condition::Turn::kNotYours);
}

// Each impossible use of a v2 construct is refused with the file, line, card and field.
TEST_F(Loader, CardLanguageV2RefusesImpossibleCombinations) {
  auto with = [](const std::string& from, const std::string& to) {
    std::string text = kV2Yaml;
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
  };
  std::string e = load_error(with("static: [may attack, no untilt]", "static: [may attack, cannot attack]"));
  EXPECT_NE(e.find("bad.yaml:10: card 'tollgate': field 'static': 'cannot attack' and 'may attack' contradict"),
            std::string::npos) << e;
  e = load_error(with("static: [may attack, no untilt]", "static: [never untilts]"));
  EXPECT_NE(e.find("field 'static'"), std::string::npos) << e;
  EXPECT_NE(e.find("no untilt"), std::string::npos) << e;  // the known names are listed
  e = load_error(with("if: {self: open}", "if: {self: ajar}"));
  EXPECT_NE(e.find("bad.yaml:13: card 'tollgate': field 'effects[1].if.self'"), std::string::npos) << e;
  e = load_error(with("at least: 10}", "}"));
  EXPECT_NE(e.find("a condition on a value needs 'at least' or 'at most'"), std::string::npos) << e;
  e = load_error(with("if: {self: open}", "if: {self: open, at least: 2}"));
  EXPECT_NE(e.find("'at least' and 'at most' compare a value"), std::string::npos) << e;
  e = load_error(with("if: {coins: yes, at most: 3}", "if: {coins: yes, at least: 4, at most: 3}"));
  EXPECT_NE(e.find("the condition never holds"), std::string::npos) << e;
  e = load_error(with("{whenever: dies,", "{whenever: leaves,"));
  EXPECT_NE(e.find("field 'effects[2].on.whenever'"), std::string::npos) << e;
  e = load_error(with("filter: {whose: you, types: [Creature]}", "filter: {whose: you, zone: hand}"));
  EXPECT_NE(e.find("a global trigger watches the battlefield"), std::string::npos) << e;
  e = load_error(with("limit: once per turn", "limit: twice per turn"));
  EXPECT_NE(e.find("field 'effects[2].limit'"), std::string::npos) << e;
  e = load_error(with("    defense: 4\n", "    defense: '*'\n    star defense: {attack of: self}\n"));
  EXPECT_NE(e.find("field 'star defense': a '*' value cannot read a card's attack or defense"), std::string::npos) << e;
  e = load_error(with("{heal: {level: yes, times: 2}, target: {choose: {whose: you, types: [Summoner]}}}",
                      "{gain: {attack of: target}}"));
  EXPECT_NE(e.find("'target' is only for the amount of a step with a target"), std::string::npos) << e;
  e = load_error(with("{grant: [Flight, Pierce]", "{grant: [Flying]"));
  EXPECT_NE(e.find("grant"), std::string::npos) << e;
  e = load_error(with("{prevent: 2, target:", "{prevent: 2, who: you, target:"));
  EXPECT_NE(e.find("field 'effects[1].do[4].who'"), std::string::npos) << e;
  e = load_error(with("types: [Imminent]\n    rank: 2\n    rarity: Common\n    cost: 1\n",
                      "types: [Imminent]\n    rank: 2\n    rarity: Common\n    cost: 1\n    static: [no untilt]\n"));
  EXPECT_NE(e.find("only a Constant (Creature, Door, Incantation) has static effects"), std::string::npos) << e;
}

// Issue 36: a data folder with several mistakes reports every one in one error, in the order
// found (files in name order), each with its file, line, card and field; a card that cannot
// be read is left out, and a token of it is not reported again as an unknown card; the good
// cards still load into the error-free folder.
TEST_F(Loader, EveryMistakeOfAFolderAtOnce) {
  const std::string card = "    types: [Creature]\n    rank: 1\n    rarity: Common\n    cost: 1\n";
  write("a.yaml", "cards:\n  - id: good\n    name: Good\n" + card + "    attack: 1\n    defense: 1\n" +
                      "  - id: no-attack\n    name: No Attack\n" + card + "    defense: 1\n" +
                      "  - id: maker\n    name: Maker\n" + card + "    attack: 1\n    defense: 1\n" +
                      "    effects:\n      - on: invoked\n        do: [{token: no-attack}, {token: nobody}]\n");
  write("b.yaml", "cards:\n  - id: bad-rank\n    name: Bad Rank\n    types: [Creature]\n    rank: many\n"
                  "    rarity: Common\n    cost: 1\n    attack: 1\n    defense: 1\n");
  const std::string message = error_of([&] { load_card_directory(dir_.string()); });
  const std::string a = (dir_ / "a.yaml").string(), b = (dir_ / "b.yaml").string(), c = (dir_ / "c.yaml").string();
  const auto lines_of = [](const std::string& text) {
    std::vector<std::string> lines;
    for (size_t start = 0; start <= text.size();) {
      const size_t end = text.find('\n', start);
      lines.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
      if (end == std::string::npos) break;
      start = end + 1;
    }
    return lines;
  };
  std::vector<std::string> lines = lines_of(message);
  ASSERT_EQ(lines.size(), 4u) << message;
  EXPECT_EQ(lines[0], "3 mistakes in the cards of " + dir_.string() + " (each on its own line below):");
  EXPECT_EQ(lines[1].rfind(a + ":", 0), 0u) << lines[1];
  EXPECT_NE(lines[1].find("card 'no-attack'"), std::string::npos) << lines[1];
  EXPECT_NE(lines[1].find("attack"), std::string::npos) << lines[1];
  EXPECT_EQ(lines[2].rfind(b + ":5:", 0), 0u) << lines[2];
  EXPECT_NE(lines[2].find("card 'bad-rank': field 'rank'"), std::string::npos) << lines[2];
  EXPECT_NE(lines[3].find("unknown card 'nobody'"), std::string::npos) << lines[3];
  EXPECT_EQ(message.find("unknown card 'no-attack'"), std::string::npos) << message;
  // A file that cannot be read at all is one mistake; its cards are unknown, so no reference
  // is judged after it (each would be a false "unknown card").
  write("c.yaml", "cards: nope\n");
  lines = lines_of(error_of([&] { load_card_directory(dir_.string()); }));
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0].rfind("3 mistakes in", 0), 0u) << lines[0];
  EXPECT_EQ(lines[3].rfind(c + ":1:", 0), 0u) << lines[3];
  // One mistake alone reads as it always did: its own message, no heading.
  fs::remove(b);
  fs::remove(c);
  write("a.yaml", "cards:\n  - id: good\n    name: Good\n" + card + "    attack: 1\n    defense: 1\n" +
                      "  - id: no-attack\n    name: No Attack\n" + card + "    defense: 1\n");
  const std::string one = error_of([&] { load_card_directory(dir_.string()); });
  EXPECT_EQ(one.rfind(a + ":", 0), 0u) << one;
  EXPECT_EQ(one.find("mistakes in"), std::string::npos) << one;
}

// More mistakes than LoadErrors::kShown: the first ones are written out, the rest counted.
TEST_F(Loader, ManyMistakesAreCappedAndCounted) {
  std::string yaml = "cards:\n";
  for (int i = 0; i < 25; ++i) {
    yaml += "  - id: c" + std::to_string(i) + "\n    name: C\n    types: [Creature]\n    rank: 0\n    rarity: Common\n" +
            "    cost: 1\n    attack: 1\n    defense: 1\n";
  }
  write("many.yaml", yaml);
  const std::string message = error_of([&] { load_card_directory(dir_.string()); });
  EXPECT_EQ(message.rfind("25 mistakes in the cards of ", 0), 0u) << message;
  EXPECT_NE(message.find("\n... and 5 more (fix these and load again)"), std::string::npos) << message;
  EXPECT_EQ(std::count(message.begin(), message.end(), '\n'), 21) << message;
}

}  // namespace
}  // namespace rise::cardgame
