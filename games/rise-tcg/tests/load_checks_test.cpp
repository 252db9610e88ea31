// A hand-written rise-tcg state whose fields contradict each other is refused by
// state_from_json with a message naming the field (issue 15): each test edits the JSON of a
// real middle-game table (table()) in one place and checks the exact message.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "test_access.h"

namespace tcgtest {
namespace {

using Json = nlohmann::json;

// The message of the InputError that loading `j` throws ("" if it loads).
std::string load_error(const Json& j) {
  try {
    rise::find_game("rise-tcg").state_from_json(j);
  } catch (const rise::InputError& e) {
    return e.what();
  }
  return "";
}

TEST(TcgLoadChecks, TheUneditedTableLoads) {
  EXPECT_EQ(load_error(table()->to_json()), "");
}

TEST(TcgLoadChecks, AWinnerInARunningGameIsRefused) {  // TCG-15.6
  Json j = table()->to_json();
  j["winner"] = 1;
  EXPECT_EQ(load_error(j), "rise-tcg state: field 'winner' is 1, but the phase is 'main': only a finished game "
                           "('over') has a winner");
  j["phase"] = "over";
  EXPECT_EQ(load_error(j), "");
}

TEST(TcgLoadChecks, BothSummonersDeadInARunningGameIsRefused) {  // TCG-15.5
  Json j = table()->to_json();
  j["players"][1]["summoners"][0]["alive"] = false;
  EXPECT_EQ(load_error(j), "");  // one Summoner dead: still in the game
  j["players"][1]["summoners"][1]["alive"] = false;
  EXPECT_EQ(load_error(j), "rise-tcg state: players[1]: both Summoners are dead ('alive' false), but the player is "
                           "not 'out' of a running game (Rule TCG-15.5: it leaves the game at once)");
  // Out of the game, in a two-player game, while the game still runs: the other has won.
  j["players"][1]["out"] = true;
  EXPECT_EQ(load_error(j), "rise-tcg state: the phase is 'main', but only 1 player is not 'out': the game is over "
                           "(Rule TCG-15.5)");
}

TEST(TcgLoadChecks, CapacityPointsAboveTheMaximumAreRefused) {  // TCG-5.5
  auto s = table();
  Json j = s->to_json();
  // Level 1: one Capacity Point at most, whatever the number of skills.
  j["players"][0]["summoners"][0]["level"] = 1;
  j["players"][0]["summoners"][0]["cp"] = 2;
  const std::string error = load_error(j);
  EXPECT_NE(error.find("rise-tcg state: players[0]: summoners[0]: field 'cp' 2 is above the Summoner's maximum "
                       "Capacity Points, min(level 1, skills "),
            std::string::npos)
      << error;
  EXPECT_NE(error.find(") = 1 (Rule TCG-5.5)"), std::string::npos) << error;
  // A level above the number of skills is legal (the rulebook: Level Ups "may be played on a
  // Summoner even if they are already at their maximum level"); Capacity Points stay capped.
  const int skills = static_cast<int>(s->cards().card(s->player(0).summoners[0].def).max_level());
  j["players"][0]["summoners"][0]["level"] = skills + 2;
  j["players"][0]["summoners"][0]["cp"] = skills;
  EXPECT_EQ(load_error(j), "");
}

TEST(TcgLoadChecks, ATurnPastTheLimitInARunningGameIsRefused) {  // TCG-I12
  Json j = table()->to_json();
  j["turn_limit"] = 3;
  j["turn"] = 4;
  EXPECT_EQ(load_error(j), "rise-tcg state: field 'turn' 4 is past 'turn_limit' 3 in a running game (Interpretation "
                           "TCG-I12: it is drawn then)");
  j["turn"] = 3;
  EXPECT_EQ(load_error(j), "");
}

}  // namespace
}  // namespace tcgtest
