// Deck files and the deck-building rules (Rule TCG-1.*: two different Summoners, a library
// of exactly 50 cards, at most `rank` copies of a card, infinite rank unlimited).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "rise/cardgame/card_loader.h"
#include "rise/cardgame/data_dir.h"
#include "rise/core/error.h"
#include "test_files.h"

namespace rise::cardgame {
namespace {

namespace fs = std::filesystem;

const char* const kCards = R"(cards:
  - {id: vael, name: Vael, types: [Summoner], rank: 1, rarity: Rare, hp: 20, skills: [{name: A, do: [{draw: 1}]}]}
  - {id: orrin, name: Orrin, types: [Summoner], rank: 1, rarity: Rare, hp: 22, skills: [{name: B, do: [{draw: 1}]}]}
  - {id: wolf, name: Wolf, types: [Creature], rank: 3, rarity: Common, attack: 2, defense: 1}
  - {id: dragon, name: Dragon, types: [Creature], rank: 1, rarity: Legendary, attack: 6, defense: 6}
  - {id: spark, name: Spark, types: [Imminent], rank: infinite, rarity: Common}
  - {id: rise-up, name: Rise Up, types: [Level Up], rank: infinite, rarity: Common}
)";

class Decks : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "rise-deck-test-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
    fs::create_directories(dir_ / "cards");
    fs::create_directories(dir_ / "decks");
    testing_files::write_text(dir_ / "cards" / "set.yaml", kCards);
    db_ = load_card_directory((dir_ / "cards").string());
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  // A legal deck: 3 wolves, 1 dragon, 36 sparks, 10 level ups = 50.
  static Deck legal() {
    Deck d;
    d.id = "test";
    d.name = "Test";
    d.summoners = {"vael", "orrin"};
    d.library = {{"wolf", 3}, {"dragon", 1}, {"spark", 36}, {"rise-up", 10}};
    return d;
  }

  std::vector<std::string> problems(const Deck& deck) const { return validate_deck(*db_, deck); }

  static std::string deck_error(const std::string& path) {
    try {
      load_deck_file(path);
    } catch (const InputError& e) {
      return e.what();
    }
    ADD_FAILURE() << "no InputError";
    return "";
  }

  fs::path dir_;
  std::shared_ptr<const CardDatabase> db_;
};

TEST_F(Decks, ALegalDeckHasNoViolation) {
  EXPECT_EQ(legal().library_size(), 50);
  EXPECT_TRUE(problems(legal()).empty());
}

TEST_F(Decks, TheSummonerCountIsChecked) {
  Deck d = legal();
  d.summoners = {"vael"};
  EXPECT_EQ(problems(d), std::vector<std::string>{"the deck has 1 Summoner (vael); it needs exactly 2 different Summoners"});
  d.summoners = {};
  EXPECT_EQ(problems(d), std::vector<std::string>{"the deck has 0 Summoners; it needs exactly 2 different Summoners"});
  d.summoners = {"vael", "orrin", "vael"};
  EXPECT_EQ(problems(d), (std::vector<std::string>{
                             "the deck has 3 Summoners (vael, orrin, vael); it needs exactly 2 different Summoners",
                             "Summoner 'vael' is named twice; the Summoners must be different cards"}));
}

TEST_F(Decks, TheSameSummonerTwiceIsAViolation) {
  Deck d = legal();
  d.summoners = {"orrin", "orrin"};
  EXPECT_EQ(problems(d), std::vector<std::string>{"Summoner 'orrin' is named twice; the Summoners must be different cards"});
}

TEST_F(Decks, ASummonerMustBeASummonerCard) {
  Deck d = legal();
  d.summoners = {"vael", "wolf"};
  EXPECT_EQ(problems(d), std::vector<std::string>{"'wolf' (Wolf) is a Creature, not a Summoner"});
  d.summoners = {"vael", "vale"};
  EXPECT_EQ(problems(d), std::vector<std::string>{"unknown Summoner card 'vale' (did you mean 'vael'?)"});
}

TEST_F(Decks, TheLibraryMustHaveExactly50Cards) {
  Deck d = legal();
  d.library[2].second = 35;
  EXPECT_EQ(problems(d), std::vector<std::string>{"the library has 49 cards; it must have exactly 50"});
  d.library[2].second = 37;
  EXPECT_EQ(problems(d), std::vector<std::string>{"the library has 51 cards; it must have exactly 50"});
}

TEST_F(Decks, CopiesAreLimitedByRank) {
  Deck d = legal();
  d.library = {{"wolf", 4}, {"dragon", 2}, {"spark", 34}, {"rise-up", 10}};
  EXPECT_EQ(problems(d), (std::vector<std::string>{"'wolf' (Wolf): 4 copies, but its rank 3 allows at most 3",
                                                   "'dragon' (Dragon): 2 copies, but its rank 1 allows at most 1"}));
}

TEST_F(Decks, InfiniteRankAllowsAnyNumberOfCopies) {
  Deck d = legal();
  d.library = {{"wolf", 3}, {"dragon", 1}, {"spark", 10}, {"rise-up", 36}};
  EXPECT_TRUE(problems(d).empty());
  d.library = {{"spark", 50}};
  EXPECT_TRUE(problems(d).empty());
}

TEST_F(Decks, UnknownCardsAndSummonersInTheLibraryAreViolations) {
  Deck d = legal();
  d.library = {{"wolf", 3}, {"dragon", 1}, {"spark", 34}, {"rise-up", 10}, {"wolff", 1}, {"vael", 1}};
  EXPECT_EQ(problems(d), (std::vector<std::string>{
                             "unknown card 'wolff' in the library (did you mean 'wolf'?)",
                             "'vael' (Vael) is a Summoner; Summoners are not part of the library"}));
}

TEST_F(Decks, EveryViolationIsReported) {
  Deck d;
  d.summoners = {"wolf"};
  d.library = {{"wolf", 5}, {"nothing", 1}};
  EXPECT_EQ(problems(d).size(), 5u);
}

TEST_F(Decks, ADeckFileLoads) {
  const fs::path path = dir_ / "decks" / "ember-rush.yaml";
  testing_files::write_text(path, "name: Ember Rush\nsummoners: [vael, orrin]\nlibrary:\n  wolf: 3\n  dragon: 1\n"
                                  "  spark: 36\n  rise-up: 10\n");
  const Deck d = load_deck_file(path.string());
  EXPECT_EQ(d.id, "ember-rush");
  EXPECT_EQ(d.name, "Ember Rush");
  EXPECT_EQ(d.source, path.string());
  EXPECT_EQ(d.summoners, (std::vector<std::string>{"vael", "orrin"}));
  EXPECT_EQ(d.library, (std::vector<std::pair<std::string, int>>{{"wolf", 3}, {"dragon", 1}, {"spark", 36}, {"rise-up", 10}}));
  EXPECT_TRUE(problems(d).empty());
}

TEST_F(Decks, MalformedDeckFilesAreErrors) {
  const fs::path path = dir_ / "bad.yaml";
  testing_files::write_text(path, "name: X\nsummoners: [vael, orrin]\nlibrary:\n  wolf: 0\n");
  std::string e = deck_error(path.string());
  EXPECT_NE(e.find("bad.yaml:4: field 'library.wolf': expected an integer 1..999, got '0'"), std::string::npos) << e;
  testing_files::write_text(path, "name: X\nsummoners: [vael, orrin]\nlibrary:\n  wolf: 2\n  wolf: 1\n");
  e = deck_error(path.string());
  EXPECT_NE(e.find("bad.yaml:5: field 'library.wolf': given twice (first at line 4)"), std::string::npos) << e;
  testing_files::write_text(path, "name: X\nsumoners: [vael, orrin]\nlibrary:\n  wolf: 2\n");
  e = deck_error(path.string());
  EXPECT_NE(e.find("bad.yaml:2: field 'sumoners': unknown field (did you mean 'summoners'?)"), std::string::npos) << e;
  testing_files::write_text(path, "name: X\nlibrary:\n  wolf: 2\n");
  e = deck_error(path.string());
  EXPECT_NE(e.find("bad.yaml:1: field 'summoners': missing"), std::string::npos) << e;
  testing_files::write_text(path, "name: X\nsummoners: [vael, orrin\nlibrary:\n  wolf: 2\n");
  e = deck_error(path.string());
  EXPECT_NE(e.find("bad.yaml:3: YAML syntax error"), std::string::npos) << e;
}

TEST_F(Decks, DeckFilesAreFoundByIdOrPath) {
  const fs::path path = dir_ / "decks" / "ember-rush.yaml";
  testing_files::write_text(path, "name: Ember Rush\nsummoners: [vael, orrin]\nlibrary: {spark: 50}\n");
  testing_files::write_text(dir_ / "decks" / "stone-wall.yaml", "x");
  EXPECT_EQ(find_deck_file(dir_.string(), "ember-rush"), path.string());
  EXPECT_EQ(find_deck_file(dir_.string(), path.string()), path.string());
  EXPECT_EQ(deck_ids(dir_.string()), (std::vector<std::string>{"ember-rush", "stone-wall"}));
  try {
    find_deck_file(dir_.string(), "ember");
    ADD_FAILURE() << "no InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("deck 'ember': no such file, and no deck of that id in"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("(decks: ember-rush, stone-wall)"), std::string::npos) << e.what();
  }
}

TEST(DataDir, ComesFromTheEnvironmentOrTheSourceTree) {
  const char* old = std::getenv("RISE_DATA_DIR");
  const std::string saved = old ? old : "";
  setenv("RISE_DATA_DIR", "/somewhere", 1);
  EXPECT_EQ(default_data_dir("rise-tcg"), "/somewhere/rise-tcg");
  unsetenv("RISE_DATA_DIR");
  EXPECT_EQ(default_data_dir("rise-tcg"), std::string(RISE_SOURCE_DIR) + "/data/rise-tcg");
  if (old) setenv("RISE_DATA_DIR", saved.c_str(), 1);
}

// The starter set (data/rise-tcg): every card file loads and every starter deck is legal.
TEST(StarterSet, EveryStarterDeckIsLegal) {
  const std::string dir = std::string(RISE_SOURCE_DIR) + "/data/rise-tcg";
  const auto db = load_card_directory(dir + "/cards");
  const std::vector<std::string> ids = deck_ids(dir);
  EXPECT_GE(ids.size(), 4u);
  for (const std::string& id : ids) {
    const Deck deck = load_deck_file(find_deck_file(dir, id));
    EXPECT_EQ(validate_deck(*db, deck), std::vector<std::string>{}) << id;
  }
}

}  // namespace
}  // namespace rise::cardgame
