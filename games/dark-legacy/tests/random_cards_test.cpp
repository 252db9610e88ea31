// RandomCards: random but valid Dark Legacy cards (random_cards.h) loaded by the real YAML
// loader, built into legal decks and played in random games under the sanitizers: no crash,
// no hang (the turn limit ends every battle, Interpretation DL-I21), determinism, JSON and
// replay round trips (tests/random_play.h). Issue 15.
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <string>

#include "dark-legacy/cards.h"
#include "random_cards.h"
#include "random_play.h"
#include "rise/core/error.h"
#include "rise/core/registry.h"

namespace dltest {
namespace {

std::string temp_dir(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("rise-dl-random-" + std::to_string(::getpid()) + "-" + name)).string();
}

// The generator's cards pass the real loader, and its decks the deck-building rules for its
// heroes (Rules DL-2.1..DL-2.5).
TEST(DlRandomCards, RandomCardsLoadAndDecksAreLegal) {  // DL-2.1 DL-2.4 DL-2.5 DL-I26
  // The seeds of the play test (1001..) and more.
  std::set<int> ops, targets, triggers, kinds, attach;
  std::set<std::string> pairs;  // op/target
  for (uint64_t seed = 1; seed <= 1060; seed = seed == 40 ? 1001 : seed + 1) {
    const auto data = random_cards::write_random_data(temp_dir("load-" + std::to_string(seed)), seed);
    std::shared_ptr<const rise::dl::CardDb> db;
    ASSERT_NO_THROW(db = rise::dl::load_cards(data.dir)) << "seed " << seed;
    EXPECT_EQ(db->size(), data.num_cards);
    for (int i = 0; i < db->size(); ++i) {
      const rise::dl::CardDef& c = (*db)[i];
      kinds.insert(static_cast<int>(c.kind));
      if (c.kind == rise::dl::Kind::kEnhancement) attach.insert(static_cast<int>(c.attach));
      for (const auto& e : c.effects) {
        triggers.insert(static_cast<int>(e.when));
        for (const auto& st : e.steps) {
          ops.insert(static_cast<int>(st.op));
          targets.insert(static_cast<int>(st.target));
          pairs.insert(std::to_string(static_cast<int>(st.op)) + "/" + std::to_string(static_cast<int>(st.target)));
        }
      }
    }
    for (int p = 0; p < 2; ++p) {
      const auto deck = rise::dl::load_deck_file(data.dir + "/decks/r" + std::to_string(p) + ".yaml");
      const auto hero = rise::dl::parse_hero_spec(p == 0 ? data.hero0 : data.hero1, "hero");
      const auto violations = rise::dl::validate_deck(*db, deck, hero);
      EXPECT_TRUE(violations.empty()) << "seed " << seed << ": " << (violations.empty() ? "" : violations[0]);
    }
    std::filesystem::remove_all(data.dir);
  }
  // The whole card language: 7 types, 3 attaches, 3 triggers, 12 operations, 9 targets and
  // every operation with every target it allows (30 pairs, docs/cards-dark-legacy.md).
  EXPECT_EQ(kinds.size(), 7u);
  EXPECT_EQ(attach.size(), 3u);
  EXPECT_EQ(triggers.size(), 3u);
  EXPECT_EQ(ops.size(), 12u);
  EXPECT_EQ(targets.size(), 9u);
  size_t allowed = 0;
  for (const auto& op : random_cards::ops()) allowed += op.targets.size();
  EXPECT_EQ(pairs.size(), allowed);
}

// Random cards in random games: every check of random_play at every 5th step.
TEST(DlRandomCards, RandomCardsPlaySafely) {  // DL-I21
  const rise::Game& game = rise::find_game("dark-legacy");
  const auto start = std::chrono::steady_clock::now();
  int games = 0, steps = 0;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    const auto data = random_cards::write_random_data(temp_dir("play-" + std::to_string(seed)), 1000 + seed);
    const rise::Options options = {{"data", data.dir}, {"decks", "r0,r1"}, {"hero0", data.hero0},
                                   {"hero1", data.hero1}, {"turn_limit", "40"}};
    const auto r = risetest::random_play(game, options, seed, seed * 7919, 20000, 5, "dl random seed " + std::to_string(seed));
    EXPECT_TRUE(r.terminal);
    ++games;
    steps += r.steps;
    std::filesystem::remove_all(data.dir);
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(40)) break;  // bounded time
  }
  EXPECT_GE(games, 4);
  std::cout << games << " random battles, " << steps << " actions\n";
}

// Interpretation DL-I42: `equip CARD` carries a card index in 10 bits (1023 = `equip none`),
// so a data directory of 1023 cards or more is refused when a state is loaded too, not only
// when a battle is made (a loaded set-up would otherwise offer an action that reads as
// `equip none`).
TEST(DlRandomCards, DL_I42_TooManyCardsAreRefusedWhenAStateIsLoaded) {  // DL-I42
  namespace fs = std::filesystem;
  const rise::Game& game = rise::find_game("dark-legacy");
  const auto data = random_cards::write_random_data(temp_dir("big-small"), 77);
  const rise::Options options = {{"data", data.dir}, {"decks", "r0,r1"}, {"hero0", data.hero0}, {"hero1", data.hero1}};
  nlohmann::json j = game.new_initial_state(1, options, 2)->to_json();
  const std::string big = temp_dir("big");
  fs::remove_all(big);
  fs::create_directories(fs::path(big) / "cards");
  fs::copy_file(fs::path(data.dir) / "cards" / "random.yaml", fs::path(big) / "cards" / "random.yaml");
  std::string filler = "cards:\n";
  for (int k = 0; k < 1000; ++k) {
    filler += "  - {id: filler-" + std::to_string(k) + ", name: Filler " + std::to_string(k) +
              ", text: x, affiliation: chaos, type: creature, cost: 1, level: 1, attack: 1, defense: 1}\n";
  }
  std::ofstream(fs::path(big) / "cards" / "zz-filler.yaml") << filler;
  j["options"]["data"] = big;
  std::string error;
  try {
    game.state_from_json(j);
  } catch (const rise::InputError& e) {
    error = e.what();
  }
  EXPECT_NE(error.find("holds " + std::to_string(data.num_cards + 1000) +
                       " cards; at most 1022 are supported (Interpretation DL-I42)"),
            std::string::npos)
      << error;
  // The same state over its own data loads.
  j["options"]["data"] = data.dir;
  EXPECT_NO_THROW(game.state_from_json(j));
  fs::remove_all(big);
  fs::remove_all(data.dir);
}

}  // namespace
}  // namespace dltest
