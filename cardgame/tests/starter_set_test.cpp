// The rise-tcg starter set (data/rise-tcg): every card file loads, the set is large enough,
// every card type, ability, operation, trigger, target mode, Action kind and rarity of the
// effect language is used by at least one card, and every starter deck is legal
// (Rules TCG-1.1 to TCG-1.3: two different Summoners, 50 cards, copies <= rank).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "rise/cardgame/card.h"
#include "rise/cardgame/card_loader.h"
#include "rise/cardgame/effect.h"

namespace rise::cardgame {
namespace {

namespace fs = std::filesystem;

const std::string kDataDir = std::string(RISE_SOURCE_DIR) + "/data/rise-tcg";

std::shared_ptr<const CardDatabase> starter_db() {
  static const std::shared_ptr<const CardDatabase> db = load_card_directory(kDataDir + "/cards");
  return db;
}

// The deck files of data/rise-tcg/decks, sorted by path.
std::vector<fs::path> starter_deck_files() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(kDataDir + "/decks")) {
    if (entry.path().extension() == ".yaml") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// What the effect trees of the whole set use, collected by walking every step list:
// base effects, Actions (success and fail), skills, and nested coin/dice branches.
struct Usage {
  std::set<Op> ops;
  std::set<Trigger> triggers;
  std::set<TargetMode> modes;
  std::set<ActionKind> kinds;
  std::set<Who> who;
  std::set<Rarity> rarities;
  std::set<int> ranks;
  uint32_t types = 0;
  uint64_t abilities = 0;
  // Finer points the brief asks for.
  bool value_count = false, value_coins = false, value_ether = false;
  bool star_attack = false, star_defense = false;
  bool counter_permanent = false, counter_temporary = false, counter_negative = false;
  bool control_permanent = false, control_temporary = false;
  bool gain_coins = false, gain_ether = false, steal_coins = false, steal_ether = false;
  bool discard_chosen = false, discard_random = false;
  std::set<uint32_t> cancel_masks;
  bool dice_step_at_least = false;  // a dice roll step with at least != 4
  bool filter_whose = false, filter_types = false, filter_plane = false, filter_another = false,
       filter_zone = false, filter_abilities = false, filter_card = false, filter_tilted = false;

  void filter(const Filter& f) {
    filter_whose |= f.whose != Whose::kAny;
    filter_types |= f.types != 0;
    filter_plane |= f.plane != Plane::kAny;
    filter_another |= f.another;
    filter_zone |= f.zone != Zone::kBattlefield;
    filter_abilities |= f.abilities != 0;
    filter_card |= !f.card_id.empty();
    filter_tilted |= f.tilted_only || f.untilted_only;
  }

  void value(const Value& v) {
    if (v.per_count != 0) {
      value_count = true;
      filter(v.count_filter);
    }
    if (v.per_resource != 0) (v.resource == Resource::kCoins ? value_coins : value_ether) = true;
  }

  void steps(const std::vector<Step>& list) {
    for (const Step& s : list) {
      ops.insert(s.op);
      modes.insert(s.target.mode);
      filter(s.target.filter);
      value(s.amount);
      switch (s.op) {
        case Op::kGain:
        case Op::kLose:
        case Op::kSteal:
        case Op::kDraw:
        case Op::kDiscard:
          who.insert(s.who);
          break;
        default:
          break;
      }
      if (s.op == Op::kCounter) {
        (s.duration == Duration::kPermanent ? counter_permanent : counter_temporary) = true;
        counter_negative |= s.attack < 0 || s.defense < 0;
      }
      if (s.op == Op::kControl) (s.duration == Duration::kPermanent ? control_permanent : control_temporary) = true;
      if (s.op == Op::kGain) (s.resource == Resource::kCoins ? gain_coins : gain_ether) = true;
      if (s.op == Op::kSteal) (s.resource == Resource::kCoins ? steal_coins : steal_ether) = true;
      if (s.op == Op::kDiscard) (s.target.mode == TargetMode::kRandom ? discard_random : discard_chosen) = true;
      if (s.op == Op::kCancel) cancel_masks.insert(s.cancel_types);
      if (s.op == Op::kDiceRoll && s.dice_at_least != 4) dice_step_at_least = true;
      steps(s.success);
      steps(s.fail);
    }
  }

  void card(const CardDef& c) {
    types |= c.types;
    abilities |= c.abilities;
    rarities.insert(c.rarity);
    ranks.insert(c.rank);
    star_attack |= c.star_attack;
    star_defense |= c.star_defense;
    if (c.star_attack) value(c.star_attack_value);
    if (c.star_defense) value(c.star_defense_value);
    if (c.has(kEquipment)) filter(c.attach);
    for (const TriggeredEffect& e : c.effects) {
      triggers.insert(e.trigger);
      steps(e.steps);
    }
    for (const ActionDef& a : c.actions) {
      kinds.insert(a.kind);
      steps(a.success);
      steps(a.fail);
    }
    for (const SkillDef& s : c.skills) steps(s.steps);
  }
};

Usage usage() {
  Usage u;
  for (const CardDef& c : starter_db()->cards()) u.card(c);
  return u;
}

TEST(StarterSet, LoadsWithEnoughCardsAndSummoners) {
  const auto db = starter_db();
  int library_cards = 0;
  int summoners = 0;
  std::set<size_t> skill_counts;
  for (const CardDef& c : db->cards()) {
    if (!c.is(kSummoner)) {
      ++library_cards;
      continue;
    }
    ++summoners;
    EXPECT_GE(c.skills.size(), 2u) << c.id;
    EXPECT_LE(c.skills.size(), 4u) << c.id;
    skill_counts.insert(c.skills.size());
    EXPECT_GE(c.hp, 14) << c.id;
    EXPECT_LE(c.hp, 24) << c.id;
    for (size_t i = 0; i < c.skills.size(); ++i) {
      EXPECT_EQ(c.skills[i].level, static_cast<int>(i) + 1) << c.id;
      EXPECT_FALSE(c.skills[i].steps.empty()) << c.id << " skill " << c.skills[i].name;
    }
  }
  EXPECT_GE(library_cards, 60);
  EXPECT_GE(summoners, 8);
  // Some Summoners have 2 skills, some 3, some 4.
  EXPECT_EQ(skill_counts, (std::set<size_t>{2, 3, 4}));
}

TEST(StarterSet, EveryCardHasRulesText) {
  for (const CardDef& c : starter_db()->cards()) {
    EXPECT_FALSE(c.text.empty()) << c.id;
    for (const ActionDef& a : c.actions) EXPECT_FALSE(a.text.empty()) << c.id << " action " << a.name;
    for (const SkillDef& s : c.skills) EXPECT_FALSE(s.text.empty()) << c.id << " skill " << s.name;
  }
}

TEST(StarterSet, UsesEveryCardTypeAbilityRarityAndRank) {
  const Usage u = usage();
  for (size_t i = 0; i < card_type_names().size(); ++i) {
    EXPECT_TRUE(u.types & (1u << i)) << "no card of type " << card_type_names()[i];
  }
  for (size_t i = 0; i < ability_names().size(); ++i) {
    EXPECT_TRUE(u.abilities & (uint64_t{1} << i)) << "no card with ability " << ability_names()[i];
  }
  for (Rarity r : {Rarity::kCommon, Rarity::kUncommon, Rarity::kRare, Rarity::kLegendary}) {
    EXPECT_TRUE(u.rarities.count(r)) << "rarity " << static_cast<int>(r);
  }
  for (int rank : {1, 2, 3, 4, kInfiniteRank}) EXPECT_TRUE(u.ranks.count(rank)) << "rank " << rank;
  EXPECT_TRUE(u.star_attack);
  EXPECT_TRUE(u.star_defense);

  // A Constant that is also Imminent, of each Constant type.
  for (uint32_t type : {kCreature, kDoor, kIncantation}) {
    const auto& cards = starter_db()->cards();
    EXPECT_TRUE(std::any_of(cards.begin(), cards.end(), [&](const CardDef& c) { return c.is(type) && c.is(kImminent); }))
        << "no " << type << " + Imminent card";
  }
}

TEST(StarterSet, UsesEveryOpTriggerTargetModeAndActionKind) {
  const Usage u = usage();
  for (size_t i = 0; i < op_names().size(); ++i) {
    EXPECT_TRUE(u.ops.count(static_cast<Op>(i))) << "no card uses op " << op_names()[i];
  }
  for (size_t i = 0; i < trigger_names().size(); ++i) {
    EXPECT_TRUE(u.triggers.count(static_cast<Trigger>(i))) << "no card uses trigger " << trigger_names()[i];
  }
  for (TargetMode m : {TargetMode::kNone, TargetMode::kSelf, TargetMode::kChoose, TargetMode::kAll,
                       TargetMode::kRandom, TargetMode::kEvent, TargetMode::kEquipped}) {
    EXPECT_TRUE(u.modes.count(m)) << "target mode " << static_cast<int>(m);
  }
  for (ActionKind k : {ActionKind::kDirectPurchase, ActionKind::kCoinToss, ActionKind::kDiceRoll}) {
    EXPECT_TRUE(u.kinds.count(k)) << "action kind " << static_cast<int>(k);
  }
  for (Who w : {Who::kYou, Who::kOpponent, Who::kEachOpponent, Who::kEachPlayer, Who::kTargetController}) {
    EXPECT_TRUE(u.who.count(w)) << "who " << static_cast<int>(w);
  }
  EXPECT_TRUE(u.value_count);
  EXPECT_TRUE(u.value_coins);
  EXPECT_TRUE(u.value_ether);
  EXPECT_TRUE(u.counter_permanent);
  EXPECT_TRUE(u.counter_temporary);
  EXPECT_TRUE(u.counter_negative);
  EXPECT_TRUE(u.control_permanent);
  EXPECT_TRUE(u.control_temporary);
  EXPECT_TRUE(u.gain_coins && u.gain_ether);
  EXPECT_TRUE(u.steal_coins && u.steal_ether);
  EXPECT_TRUE(u.discard_chosen && u.discard_random);
  EXPECT_TRUE(u.dice_step_at_least);
  for (uint32_t mask : {0u, static_cast<uint32_t>(kChainImminent), static_cast<uint32_t>(kChainAction),
                        static_cast<uint32_t>(kChainSkill)}) {
    EXPECT_TRUE(u.cancel_masks.count(mask)) << "cancel mask " << mask;
  }
  EXPECT_TRUE(u.filter_whose && u.filter_types && u.filter_plane && u.filter_another);
  EXPECT_TRUE(u.filter_zone && u.filter_abilities && u.filter_card && u.filter_tilted);
}

TEST(StarterSet, ActionsAndAbilitiesAreWiredTogether) {
  bool per_turn_unlimited = false, per_turn_two = false, coins = false, ether = false;
  bool toss_with_fail = false, toss_without_fail = false, dice_at_least = false;
  bool multi_target_purchase = false, fixed_price_action = false;
  for (const CardDef& c : starter_db()->cards()) {
    for (const ActionDef& a : c.actions) {
      per_turn_unlimited |= a.per_turn == 0;
      per_turn_two |= a.per_turn == 2;
      coins |= a.coins > 0;
      ether |= a.ether > 0;
      // Balance: Actions cost 1..4 Coins and 1..2 Ether (Stock grows 1-2 a turn).
      EXPECT_LE(a.coins, 4) << c.id << " " << a.name;
      EXPECT_LE(a.ether, 2) << c.id << " " << a.name;
      if (a.kind == ActionKind::kCoinToss) (a.fail.empty() ? toss_without_fail : toss_with_fail) = true;
      if (a.kind == ActionKind::kDiceRoll) dice_at_least |= a.dice_at_least != 4;
      if (a.kind == ActionKind::kDirectPurchase && c.has(kMultiTarget)) multi_target_purchase = true;
      if (c.has(kFixedPrice)) fixed_price_action = true;
    }
    if (c.has(kEquipment)) {
      EXPECT_TRUE(c.grants.attack != 0 || c.grants.defense != 0 || c.grants.abilities != 0) << c.id;
    }
    if (c.has(kLock)) {
      EXPECT_TRUE(std::any_of(c.effects.begin(), c.effects.end(),
                              [](const TriggeredEffect& e) { return e.trigger == Trigger::kUnlocked; }))
          << c.id << " has Lock but no 'unlocked' effect";
    }
    if (c.is(kCreature)) {
      EXPECT_GE(c.capacity_cost, 1) << c.id;
      EXPECT_LE(c.capacity_cost, 2) << c.id;
    }
  }
  EXPECT_TRUE(per_turn_unlimited);
  EXPECT_TRUE(per_turn_two);
  EXPECT_TRUE(coins);
  EXPECT_TRUE(ether);
  EXPECT_TRUE(toss_with_fail);
  EXPECT_TRUE(toss_without_fail);
  EXPECT_TRUE(dice_at_least);
  EXPECT_TRUE(multi_target_purchase);
  EXPECT_TRUE(fixed_price_action);
}

// Rules TCG-1.1..1.3 on the starter decks, plus the starter-set balance goals.
TEST(StarterSet, EveryStarterDeckIsLegal) {
  const auto db = starter_db();
  const std::vector<fs::path> files = starter_deck_files();
  ASSERT_GE(files.size(), 4u);
  std::set<std::string> used;
  std::set<std::string> pairs;
  std::set<std::vector<std::pair<std::string, int>>> libraries;
  for (const fs::path& file : files) {
    const Deck deck = load_deck_file(file.string());
    const std::vector<std::string> violations = validate_deck(*db, deck);
    EXPECT_TRUE(violations.empty()) << file << ": " << (violations.empty() ? "" : violations.front());
    EXPECT_EQ(deck.library_size(), 50) << file;
    ASSERT_EQ(deck.summoners.size(), 2u) << file;
    EXPECT_NE(deck.summoners[0], deck.summoners[1]) << file;
    pairs.insert(deck.summoners[0] < deck.summoners[1] ? deck.summoners[0] + "+" + deck.summoners[1]
                                                       : deck.summoners[1] + "+" + deck.summoners[0]);
    // Level Ups a deck needs: (highest level - 1) for each Summoner (Rule TCG-5.7: a Level
    // Up beyond the top level gives no Capacity Point).
    int needed = 0;
    for (const std::string& s : deck.summoners) {
      const int index = db->find(s);
      ASSERT_GE(index, 0) << file << ": " << s;
      needed += static_cast<int>((*db)[index].skills.size()) - 1;
    }
    libraries.insert(deck.library);
    int level_ups = 0, creatures = 0;
    for (const auto& [id, copies] : deck.library) {
      const int index = db->find(id);
      ASSERT_GE(index, 0) << file << ": " << id;
      used.insert(id);
      if ((*db)[index].is(kLevelUp)) level_ups += copies;
      if ((*db)[index].is(kCreature)) creatures += copies;
    }
    // Enough Level Ups for both Summoners to reach their top level, few dead draws beyond
    // (docs/balance/README.md, "Starter-set goals"), and a body of Creatures.
    EXPECT_GE(level_ups, needed) << file;
    EXPECT_LE(level_ups, 16) << file;
    EXPECT_GE(creatures, 16) << file;
  }
  // Every deck its own pair of Summoners and its own library (docs/balance/README.md,
  // "Starter-set goals").
  EXPECT_EQ(libraries.size(), files.size()) << "every starter deck has its own library";
  EXPECT_EQ(pairs.size(), files.size()) << "every starter deck has its own pair of Summoners";
  // Between them the decks use most of the library cards.
  int library_cards = 0;
  for (const CardDef& c : db->cards()) library_cards += c.is(kSummoner) ? 0 : 1;
  EXPECT_GE(static_cast<int>(used.size()) * 4, library_cards * 3) << used.size() << " of " << library_cards;
}

// The rulebook promises ten pre-built decks.
TEST(StarterSet, ThereAreTenStarterDecks) {
  const std::vector<fs::path> files = starter_deck_files();
  EXPECT_EQ(files.size(), 10u);
  std::set<std::string> names;
  for (const fs::path& file : files) names.insert(load_deck_file(file.string()).name);
  EXPECT_EQ(names.size(), files.size()) << "every starter deck has its own name";
}

// Together the starter decks use every card of the set: each library card and each
// Summoner is in at least one deck.
TEST(StarterSet, EveryStarterCardIsInAtLeastOneStarterDeck) {
  std::set<std::string> used;
  for (const fs::path& file : starter_deck_files()) {
    const Deck deck = load_deck_file(file.string());
    used.insert(deck.summoners.begin(), deck.summoners.end());
    for (const auto& [id, copies] : deck.library) used.insert(id);
  }
  for (const CardDef& c : starter_db()->cards()) {
    EXPECT_TRUE(used.count(c.id)) << (c.is(kSummoner) ? "Summoner " : "card ") << c.id << " is in no starter deck";
  }
}

// The deck rules catch what they must: a copy above rank and a wrong size.
TEST(StarterSet, ValidateDeckReportsViolationsOnAStarterDeck) {
  const auto db = starter_db();
  Deck deck = load_deck_file(kDataDir + "/decks/cinderstorm.yaml");
  ASSERT_TRUE(validate_deck(*db, deck).empty());
  // magma-colossus is rank 1: a second copy breaks TCG-1.3 and the size (51) breaks TCG-1.2.
  deck.library.emplace_back("magma-colossus", 1);
  const std::vector<std::string> violations = validate_deck(*db, deck);
  ASSERT_EQ(violations.size(), 2u);
  EXPECT_NE(violations[0].find("magma-colossus"), std::string::npos) << violations[0];
  EXPECT_NE(violations[1].find("51"), std::string::npos) << violations[1];
}

}  // namespace
}  // namespace rise::cardgame
