// The registered raise-rise-die game: its description and the options it refuses before
// loading anything (Interpretation RRD-1.4: pass_limit in 1..1000).
#include <gtest/gtest.h>

#include "rise/core/error.h"
#include "rise/core/registry.h"
#include "test_access.h"

namespace rrdtest {
namespace {

TEST(RrdGame, InfoAndDefaults) {  // RRD-1.4
  const rise::Game& g = rise::find_game("raise-rise-die");
  const rise::GameInfo& info = g.info();
  EXPECT_EQ(info.name, "Raise, Rise & Die");
  EXPECT_EQ(info.rulebook, "002_9ab40c0282d7b217.txt");
  EXPECT_EQ(info.min_players, 2);
  EXPECT_EQ(info.max_players, 2);
  EXPECT_FALSE(info.perfect_information);
  EXPECT_FALSE(info.deterministic);
  EXPECT_TRUE(info.has_evaluation);
  rise::Options o = g.resolve_options({});
  EXPECT_EQ(o.at("decks"), "lame,ombre");
  EXPECT_EQ(o.at("data"), "");
  EXPECT_EQ(o.at("pass_limit"), "60");
}

TEST(RrdGame, RRD_1_4_BadOptionsAreRefused) {  // RRD-1.4
  const rise::Game& g = rise::find_game("raise-rise-die");
  for (const char* bad : {"0", "1001", "abc", "12x", ""}) {
    try {
      g.new_initial_state(1, {{"pass_limit", bad}}, 2);
      ADD_FAILURE() << "pass_limit=" << bad << " accepted";
    } catch (const rise::InputError& e) {
      EXPECT_NE(std::string(e.what()).find("pass_limit"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(g.new_initial_state(1, {{"decks", "a,b,c"}}, 2), rise::InputError);
  EXPECT_THROW(g.new_initial_state(1, {}, 3), rise::InputError);
  EXPECT_THROW(g.new_initial_state(1, {{"nope", "1"}}, 2), rise::InputError);
}

}  // namespace
}  // namespace rrdtest
