// The registered dark-legacy game: options, deck validation against the heroes (Rules
// DL-2.*), starter decks played to the end, JSON through the real Game.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "rise/core/error.h"
#include "rise/core/registry.h"
#include "test_access.h"

namespace dltest {
namespace {

namespace fs = std::filesystem;

std::unique_ptr<DlState> real_game(uint64_t seed, const rise::Options& options) {
  std::unique_ptr<rise::State> state = rise::find_game("dark-legacy").new_initial_state(seed, options, 2);
  auto* dl = dynamic_cast<DlState*>(state.get());
  EXPECT_NE(dl, nullptr);
  state.release();
  return std::unique_ptr<DlState>(dl);
}

TEST(DlGame, InfoAndDefaults) {
  const rise::Game& g = rise::find_game("dark-legacy");
  EXPECT_FALSE(g.info().perfect_information);
  EXPECT_TRUE(g.info().has_evaluation);
  EXPECT_EQ(g.info().rulebook, "004_084c89453524ea33.txt");
  auto s = real_game(1, {});
  EXPECT_EQ(s->phase(), Phase::kSetup);
  // Default heroes: each deck's faction at level 1 (the first two starter decks).
  EXPECT_EQ(rise::dl::hero_spec_string(s->player(0).hero.spec), "chaos:1");
  EXPECT_EQ(rise::dl::hero_spec_string(s->player(1).hero.spec), "darkness:1");
  EXPECT_EQ(s->turn_limit(), 200);
  EXPECT_THROW(real_game(1, {{"turn_limit", "0"}}), rise::InputError);
  EXPECT_THROW(real_game(1, {{"hero0", "nowhere:3"}}), rise::InputError);
  EXPECT_THROW(rise::find_game("dark-legacy").new_initial_state(1, {}, 3), rise::InputError);
}

// Issue 20: a hero's name (a stored hero's, options name0/name1) is shown at the table: in
// the terminal view and in every observation.
TEST(DlGame, AHerosNameIsShownAtTheTable) {
  auto s = real_game(1, {{"name0", "Aria"}, {"name1", "Borin Ashvale"}});
  EXPECT_EQ(s->player(0).hero.spec.name, "Aria");
  const std::string text = s->render_text(1, false);
  EXPECT_NE(text.find("p0 hero Aria (Chaos 1)"), std::string::npos) << text;
  EXPECT_NE(text.find("p1 hero Borin Ashvale (Darkness 1)"), std::string::npos) << text;
  EXPECT_EQ(s->observation_json(1)["players"][0]["hero"]["name"], "Aria");
  EXPECT_EQ(s->public_observation_json()["players"][1]["hero"]["name"], "Borin Ashvale");
  EXPECT_THROW(real_game(1, {{"name0", std::string(41, 'x')}}), rise::InputError);
  EXPECT_THROW(real_game(1, {{"name0", "\xff"}}), rise::InputError);
  EXPECT_NO_THROW(real_game(1, {{"name0", "Élodie"}}));
}

TEST(DlGame, HeroLevelSetsLife) {  // DL-4.1 DL-18.4
  auto s = game().make(1, "mixed", "mixed", "darkness:6", "darkness:5");
  EXPECT_EQ(s->player(0).hero.life, 100);
  EXPECT_EQ(s->player(1).hero.life, 50);
}

// Issue 19: the front ends read a stored hero's standing through the Game contract
// (Game::hero_standing, Game::hero_points_needed), never skill.h itself.
TEST(DlGame, HeroStandingThroughTheGameContract) {  // DL-18.3 DL-18.4 DL-18.5
  const rise::Game& dl = rise::find_game("dark-legacy");
  rise::HeroStanding h = dl.hero_standing(0);
  EXPECT_EQ(h.level, 1);
  EXPECT_EQ(h.points_to_next_level, 20);
  EXPECT_EQ(h.starting_life, 50);
  EXPECT_FALSE(h.only_faction_cards);
  EXPECT_FALSE(h.may_choose_second_faction);
  h = dl.hero_standing(dl.hero_points_needed(6));
  EXPECT_EQ(h.level, 6);
  EXPECT_EQ(h.starting_life, 100);
  EXPECT_TRUE(h.only_faction_cards);
  EXPECT_EQ(dl.hero_standing(499).level, 9);
  EXPECT_TRUE(dl.hero_standing(500).may_choose_second_faction);
  h = dl.hero_standing(5000);
  EXPECT_EQ(h.level, 20);
  EXPECT_FALSE(h.points_to_next_level.has_value());
  EXPECT_EQ(dl.hero_points_needed(20), 3000);
  EXPECT_THROW(dl.hero_standing(-1), rise::InputError);
  EXPECT_THROW(dl.hero_points_needed(21), rise::InputError);
  EXPECT_THROW(rise::find_game("rise-tcg").hero_standing(0), rise::InputError);
}

TEST(DlGame, StarterDeckRefusedForAHeroItDoesNotFit) {  // DL-2.5
  // The darkness starter deck holds level-1 cards of other factions: a level-6 hero may not
  // use them.
  try {
    real_game(1, {{"decks", "darkness"}, {"hero0", "darkness:6"}});
    ADD_FAILURE() << "accepted";
  } catch (const rise::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("for hero darkness:6"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("DL-2.5"), std::string::npos) << e.what();
  }
}

TEST(DlGame, BadDeckRefusedWithEveryViolation) {  // DL-2.1 DL-2.2
  const fs::path dir = fs::temp_directory_path() / "dl_game_test";
  fs::create_directories(dir);
  const fs::path file = dir / "tiny.yaml";
  {
    std::ofstream out(file);
    out << "name: Tiny\nfaction: darkness\ncards:\n  grave-rat: 4\n";
  }
  try {
    real_game(1, {{"decks", file.string() + ",darkness"}});
    ADD_FAILURE() << "a 4-card deck was accepted";
  } catch (const rise::InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(file.string()), std::string::npos) << what;
    EXPECT_NE(what.find("grave-rat"), std::string::npos) << what;  // more than three copies
    EXPECT_NE(what.find("50"), std::string::npos) << what;         // fewer than 50 cards
  }
  fs::remove_all(dir);
}

// Every starter deck against another, random decisions, to the end; JSON through the
// registered game.
TEST(DlGame, StarterDecksPlayToTheEnd) {  // DL-5.4 DL-17.1 DL-I21
  const std::vector<std::string> decks = {"chaos", "darkness", "earth", "holy-order", "tech", "wind"};
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    const std::string d0 = decks[seed % decks.size()];
    const std::string d1 = decks[(seed * 5 + 1) % decks.size()];
    auto s = real_game(seed, {{"decks", d0 + "," + d1}});
    rise::Rng pick(seed);
    int steps = 0;
    while (!s->is_terminal()) {
      std::vector<rise::Action> legal = s->legal_actions();
      ASSERT_FALSE(legal.empty());
      for (rise::Action a : legal) ASSERT_EQ(s->string_to_action(s->action_to_string(a)), a) << s->action_to_string(a);
      if (steps % 23 == 0) {
        nlohmann::json j = s->to_json();
        auto back = rise::find_game("dark-legacy").state_from_json(j);
        ASSERT_EQ(back->to_json().dump(), j.dump()) << d0 << " vs " << d1 << " seed " << seed;
      }
      s->apply_action(legal[static_cast<size_t>(pick.below(legal.size()))]);
      ASSERT_LT(++steps, 30000);
    }
    EXPECT_GE(s->player(0).skill_roll, 1);
  }
}

}  // namespace
}  // namespace dltest
