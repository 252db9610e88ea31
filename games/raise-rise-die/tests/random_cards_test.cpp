// RandomCards: random but valid Raise, Rise & Die cards (random_cards.h) loaded by the real
// YAML loader, built into legal decks and played in random duels under the sanitizers: no
// crash, no hang (the pass limit ends every duel, Interpretation RRD-1.4), determinism, JSON
// and replay round trips (tests/random_play.h). Issue 15.
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <functional>
#include <set>
#include <string>

#include "raise-rise-die/cards.h"
#include "random_cards.h"
#include "random_play.h"
#include "rise/core/error.h"
#include "rise/core/registry.h"

namespace rrdtest {
namespace {

std::string temp_dir(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("rise-rrd-random-" + std::to_string(::getpid()) + "-" + name)).string();
}

// The generator's cards pass the real loader and its decks the deck-building rules.
TEST(RrdRandomCards, RandomCardsLoadAndDecksAreLegal) {  // RRD-2.1 RRD-2.2 RRD-2.3 RRD-2.4 RRD-2.5
  // The seeds of the play test (1001..) and more.
  std::set<int> kinds, objets, effet, infusion, transcendance;
  for (uint64_t seed = 1; seed <= 1040; seed = seed == 40 ? 1001 : seed + 1) {
    const auto data = random_cards::write_random_data(temp_dir("load-" + std::to_string(seed)), seed);
    std::shared_ptr<const rise::rrd::CardDb> db;
    ASSERT_NO_THROW(db = rise::rrd::load_cards(data.dir)) << "seed " << seed;
    EXPECT_EQ(db->size(), data.num_cards);
    for (int i = 0; i < db->size(); ++i) {
      const rise::rrd::CardDef& c = (*db)[i];
      kinds.insert(static_cast<int>(c.kind));
      objets.insert(static_cast<int>(c.objet));
      for (const auto& k : c.effet) effet.insert(static_cast<int>(k.kw));
      for (const auto& k : c.infusion) infusion.insert(static_cast<int>(k.kw));
      for (const auto& k : c.transcendance) transcendance.insert(static_cast<int>(k.kw));
    }
    for (int p = 0; p < 2; ++p) {
      const auto deck = rise::rrd::load_deck_file(data.dir + "/decks/r" + std::to_string(p) + ".yaml");
      const auto violations = rise::rrd::validate_deck(*db, deck);
      EXPECT_TRUE(violations.empty()) << "seed " << seed << ": " << (violations.empty() ? "" : violations[0]);
    }
    std::filesystem::remove_all(data.dir);
  }
  // The whole card language: 3 types, 3 objet kinds (+ none), all 18 keywords in effet, all
  // but Enchaînement, Frénésie and Amplitude in infusion, all but Enchaînement in
  // transcendance (docs/cards-raise-rise-die.md).
  EXPECT_EQ(kinds.size(), 3u);
  EXPECT_EQ(objets.size(), 4u);
  EXPECT_EQ(effet.size(), 18u);
  EXPECT_EQ(infusion.size(), 15u);
  EXPECT_EQ(transcendance.size(), 17u);
}

// Random cards in random duels: every check of random_play at every 5th step.
TEST(RrdRandomCards, RandomCardsPlaySafely) {  // RRD-1.4
  const rise::Game& game = rise::find_game("raise-rise-die");
  const auto start = std::chrono::steady_clock::now();
  int games = 0, steps = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    const auto data = random_cards::write_random_data(temp_dir("play-" + std::to_string(seed)), 1000 + seed);
    const rise::Options options = {{"data", data.dir}, {"decks", "r0,r1"}, {"pass_limit", "30"}};
    const auto r = risetest::random_play(game, options, seed, seed * 7919, 20000, 5, "rrd random seed " + std::to_string(seed));
    EXPECT_TRUE(r.terminal);
    ++games;
    steps += r.steps;
    std::filesystem::remove_all(data.dir);
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(40)) break;  // bounded time
  }
  EXPECT_GE(games, 4);
  std::cout << games << " random duels, " << steps << " actions\n";
}

// --- Hand-written states against real data (issue 15): a seat's cards, character and
// weapons must be those of its deck. The random data sets give the situations. ---

struct Seeded {
  random_cards::RandomData data;
  rise::Options options;
  nlohmann::json state;
  rise::rrd::Deck deck0;
  std::shared_ptr<const rise::rrd::CardDb> db;
};

// The first seed from 1 whose data set satisfies `fits` (seat 0's deck, the cards).
Seeded find_seed(const std::string& name,
                 const std::function<bool(const rise::rrd::Deck&, const rise::rrd::CardDb&)>& fits) {
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    Seeded out;
    // One directory per seed: load_cards keeps what it read per directory.
    out.data = random_cards::write_random_data(temp_dir(name + "-" + std::to_string(seed)), 5000 + seed);
    out.db = rise::rrd::load_cards(out.data.dir);
    out.deck0 = rise::rrd::load_deck_file(out.data.dir + "/decks/r0.yaml");
    if (!fits(out.deck0, *out.db)) {
      std::filesystem::remove_all(out.data.dir);
      continue;
    }
    out.options = {{"data", out.data.dir}, {"decks", "r0,r1"}};
    out.state = rise::find_game("raise-rise-die").new_initial_state(seed, out.options, 2)->to_json();
    return out;
  }
  ADD_FAILURE() << "no seed fits " << name;
  return {};
}

std::string load_error(const nlohmann::json& j) {
  try {
    rise::find_game("raise-rise-die").state_from_json(j);
  } catch (const rise::InputError& e) {
    return e.what();
  }
  return "";
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

bool dedicated_to(const rise::rrd::Deck& deck, const rise::rrd::CardDb& db, const std::string& weapon) {
  for (const auto& [id, n] : deck.cards) {
    if (db[db.find(id)].weapon == weapon) return true;
  }
  return false;
}

TEST(RrdRandomCards, RRD_2_3_ACardNoWeaponOpensIsRefused) {  // RRD-2.3
  Seeded s = find_seed("arch", [](const rise::rrd::Deck& d, const rise::rrd::CardDb&) {
    return d.weapons == std::vector<std::string>{"wa"};
  });
  EXPECT_EQ(load_error(s.state), "");
  s.state["players"][0]["weapons"] = {"wc"};  // archetype beta; the deck's cards are alpha
  const std::string e = load_error(s.state);
  EXPECT_TRUE(has(e, "is of archetype 'alpha', which no weapon of player 0 ('weapons') gives (RRD-2.3)")) << e;
  std::filesystem::remove_all(s.data.dir);
}

TEST(RrdRandomCards, RRD_2_4_ACardDedicatedToAWeaponNotEquippedIsRefused) {  // RRD-2.4
  Seeded s = find_seed("dedicated", [](const rise::rrd::Deck& d, const rise::rrd::CardDb& db) {
    return d.weapons == std::vector<std::string>{"wa"} && dedicated_to(d, db, "wa");
  });
  s.state["players"][0]["weapons"] = {"wb"};  // the same archetype, another weapon
  const std::string e = load_error(s.state);
  EXPECT_TRUE(has(e, "is dedicated to weapon 'wa', which player 0 does not equip ('weapons', RRD-2.4)")) << e;
  std::filesystem::remove_all(s.data.dir);
}

TEST(RrdRandomCards, RRD_2_5_WeaponsAreTheDecks) {  // RRD-2.5
  Seeded s = find_seed("weapons", [](const rise::rrd::Deck& d, const rise::rrd::CardDb& db) {
    const auto& ch = db.characters()[static_cast<size_t>(db.find_character(d.character))];
    return d.weapons == std::vector<std::string>{"wa"} && ch.armes >= 2;
  });
  s.state["players"][0]["weapons"] = {"wa", "wb"};
  const std::string e = load_error(s.state);
  EXPECT_TRUE(has(e, "players[0]: field 'weapons': not the weapons of its deck 'r0' (wa, Rule RRD-2.5)")) << e;
  std::filesystem::remove_all(s.data.dir);
}

TEST(RrdRandomCards, RRD_2_1_CharacterIsTheDecks) {  // RRD-2.1
  Seeded s = find_seed("character", [](const rise::rrd::Deck& d, const rise::rrd::CardDb& db) {
    const auto& other = db.characters()[static_cast<size_t>(db.find_character("ch1"))];
    return static_cast<int>(d.weapons.size()) <= other.armes;
  });
  const auto& other = s.db->characters()[static_cast<size_t>(s.db->find_character("ch1"))];
  s.state["players"][0]["character"] = "ch1";
  s.state["players"][0]["pv_start"] = other.pv;
  s.state["players"][0]["pv"] = other.pv;
  const std::string e = load_error(s.state);
  EXPECT_TRUE(has(e, "players[0]: field 'character': 'ch1' is not the character of its deck 'r0' ('ch0', Rule RRD-2.1)")) << e;
  std::filesystem::remove_all(s.data.dir);
}

// Interpretation RRD-12.4: `cherche CARD` carries a card index in 10 bits, so a data
// directory of more than 1024 cards is refused when a state is loaded too, not only when a
// duel is made (a loaded state would otherwise make a Recherche action whose index spills
// into the verb).
TEST(RrdRandomCards, RRD_12_4_TooManyCardsAreRefusedWhenAStateIsLoaded) {  // RRD-12.4
  namespace fs = std::filesystem;
  const rise::Game& game = rise::find_game("raise-rise-die");
  const auto data = random_cards::write_random_data(temp_dir("big-small"), 77);
  nlohmann::json j = game.new_initial_state(1, {{"data", data.dir}, {"decks", "r0,r1"}}, 2)->to_json();
  const std::string big = temp_dir("big");
  fs::remove_all(big);
  fs::copy(data.dir, big, fs::copy_options::recursive);
  std::string filler = "cards:\n";
  for (int k = 0; k < 1000; ++k) {
    filler += "  - {id: filler-" + std::to_string(k) + ", name: Filler " + std::to_string(k) +
              ", va: 1, cout: 0, type: normale, emplacements: [tete], archetype: alpha, effet: [{degats: 1}]}\n";
  }
  std::ofstream(fs::path(big) / "cards" / "zz-filler.yaml") << filler;
  j["options"]["data"] = big;
  EXPECT_NE(load_error(j).find("holds 1060 cards; at most 1024 are supported (Interpretation RRD-12.4)"), std::string::npos)
      << load_error(j);
  j["options"]["data"] = data.dir;
  EXPECT_EQ(load_error(j), "");
  fs::remove_all(big);
  fs::remove_all(data.dir);
}

}  // namespace
}  // namespace rrdtest
