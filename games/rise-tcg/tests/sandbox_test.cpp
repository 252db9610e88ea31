// The sandbox of rise-tcg (issue 36; docs/lab.md, "The sandbox"; docs/formats.md, "Sandbox
// position"): its start (Game::new_sandbox_state), its position language (State::set_up), and
// the log lines a designer reads after each action (every triggered effect and its result).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "rise/core/registry.h"
#include "rise/core/scenario.h"
#include "test_access.h"

namespace tcgtest {
namespace {

using nlohmann::json;

// The starter set (data/rise-tcg): the cards a designer meets first.
const rise::Options kStarter = {{"data", RISE_SOURCE_DIR "/data/rise-tcg"}, {"decks", "ashen-omens,cinderstorm"}};

std::unique_ptr<rise::State> sandbox(int players = 2) {
  rise::Options options = kStarter;
  if (players > 2) options["decks"] = "ashen-omens,cinderstorm,deepcurrent";
  return rise::find_game("rise-tcg").new_sandbox_state(1, options, players);
}

// Ids of the objects of `card` in `list` (a zone of the state JSON).
std::vector<int> of_card(const json& state, const json& list, const std::string& card) {
  std::vector<int> out;
  for (const json& id : list) {
    if (state["objects"][id.get<size_t>()]["card"] == card) out.push_back(id.get<int>());
  }
  return out;
}

// The log lines `action` adds.
std::vector<std::string> logged_by(rise::State& s, const std::string& action) {
  const size_t before = s.log_lines(0).size();
  rise::apply_notation(s, action, "test");
  const std::vector<std::string> all = s.log_lines(0);
  return {all.begin() + static_cast<std::ptrdiff_t>(before), all.end()};
}

TEST(TcgSandbox, StartsAtP0sFirstTurnWithEveryHandKept) {
  auto s = sandbox();
  const json j = s->to_json();
  EXPECT_EQ(j["phase"], "main");
  EXPECT_EQ(j["turn"], 1);
  EXPECT_EQ(j["first_player"], 0);
  EXPECT_EQ(j["active"], 0);
  for (const json& p : j["players"]) EXPECT_TRUE(p["kept"].get<bool>());
  // Three players: p0 still rolls highest (Rule TCG-3.1).
  EXPECT_EQ(sandbox(3)->to_json()["first_player"], 0);
}

TEST(TcgSandbox, ACardComesFromItsOwnersLibraryWhenItHoldsOne) {
  auto s = sandbox();
  const json before = s->to_json();
  const std::vector<int> thralls = of_card(before, before["players"][0]["library"], "shambling-thrall");
  ASSERT_FALSE(thralls.empty());
  s->set_up("Shambling Thrall on my battlefield");
  const json after = s->to_json();
  ASSERT_EQ(after["battlefield"], json::array({thralls.back()}));  // the topmost copy
  const json& o = after["objects"][static_cast<size_t>(thralls.back())];
  EXPECT_EQ(o["where"], "battlefield");
  EXPECT_EQ(o["controller"], 0);
  EXPECT_EQ(o["flags"], 0);  // untilted, not invocation-sick: it may attack now
  EXPECT_EQ(after["players"][0]["library"].size(), before["players"][0]["library"].size() - 1);
  EXPECT_EQ(after["objects"].size(), before["objects"].size());
  EXPECT_TRUE(s->history().empty());
  EXPECT_EQ(s->log_lines(0), rise::find_game("rise-tcg").state_from_json(before)->log_lines(0));  // logs nothing
}

TEST(TcgSandbox, ACardItsOwnerDoesNotHoldIsANewObject) {
  auto s = sandbox();
  const json before = s->to_json();
  ASSERT_TRUE(of_card(before, before["players"][1]["library"], "blood-herald").empty());
  s->set_up("two Blood Heralds on their battlefield");
  const json after = s->to_json();
  const int first = static_cast<int>(before["objects"].size());
  EXPECT_EQ(after["battlefield"], json::array({first, first + 1}));
  for (int id : {first, first + 1}) {
    EXPECT_EQ(after["objects"][static_cast<size_t>(id)]["card"], "blood-herald");
    EXPECT_EQ(after["objects"][static_cast<size_t>(id)]["owner"], 1);
    EXPECT_EQ(after["objects"][static_cast<size_t>(id)]["controller"], 1);
  }
  EXPECT_EQ(after["players"][1]["library"], before["players"][1]["library"]);
}

TEST(TcgSandbox, ListsCountsPluralsAndShortNames) {
  auto s = sandbox();
  const json before = s->to_json();
  auto in_hand = [](const json& j, const std::string& card) { return of_card(j, j["players"][1]["hand"], card).size(); };
  // "Herald" is the one card whose name holds that word; "Thralls" a plural.
  s->set_up("3 Thralls, a Herald and Rising Spark in p1's hand");
  const json j = s->to_json();
  EXPECT_EQ(j["players"][1]["hand"].size(), before["players"][1]["hand"].size() + 5);
  EXPECT_EQ(in_hand(j, "shambling-thrall"), in_hand(before, "shambling-thrall") + 3);
  EXPECT_EQ(in_hand(j, "blood-herald"), in_hand(before, "blood-herald") + 1);
  EXPECT_EQ(in_hand(j, "rising-spark"), in_hand(before, "rising-spark") + 1);
  s->set_up("empty their hand");
  EXPECT_TRUE(s->to_json()["players"][1]["hand"].empty());
  s->set_up("Blood Herald in my cemetery");
  s->set_up("Blood Herald in my exclusion zone");
  const json k = s->to_json();
  EXPECT_EQ(of_card(k, k["players"][0]["cemetery"], "blood-herald").size(), 1u);
  EXPECT_EQ(of_card(k, k["players"][0]["exclusion"], "blood-herald").size(), 1u);
}

TEST(TcgSandbox, CoinsEtherAndSummoners) {
  auto s = sandbox();
  s->set_up("5 Coins");
  s->set_up("2 Ether for them");
  s->set_up("my S1 hp 3");
  s->set_up("their S2 level 2");  // Korrag, Ashmaw: 2 skills, so 2 CP at level 2 (Rule TCG-5.5)
  const json j = s->to_json();
  EXPECT_EQ(j["players"][0]["coins"], 5);
  EXPECT_EQ(j["players"][1]["ether"], 2);
  EXPECT_EQ(j["players"][0]["summoners"][0]["hp"], 3);
  EXPECT_EQ(j["players"][1]["summoners"][1]["level"], 2);
  EXPECT_EQ(j["players"][1]["summoners"][1]["cp"], 2);
}

TEST(TcgSandbox, AWrongLineSaysWhyAndChangesNothing) {
  auto s = sandbox();
  const json before = s->to_json();
  auto refusal = [&](const std::string& line) {
    try {
      s->set_up(line);
    } catch (const rise::InputError& e) {
      EXPECT_EQ(s->to_json(), before) << line;
      return std::string(e.what());
    }
    ADD_FAILURE() << "accepted: " << line;
    return std::string();
  };
  EXPECT_NE(refusal("Blod Herald on my battlefield").find("no card is named 'Blod Herald' (did you mean 'Blood Herald'?)"),
            std::string::npos);
  EXPECT_NE(refusal("Rising Spark on my battlefield").find("cannot be put on the battlefield by itself (Level Up)"),
            std::string::npos);
  EXPECT_NE(refusal("Blood Herald on p2's battlefield").find("there is no p2 in a game of 2 players"),
            std::string::npos);
  EXPECT_NE(refusal("Blood Herald on my table").find("no zone 'table'"), std::string::npos);
  EXPECT_NE(refusal("Blood Herald on the battlefield").find("whose?"), std::string::npos);
  EXPECT_NE(refusal("lots Coins").find("coins: expected a number, got 'lots'"), std::string::npos);
  EXPECT_NE(refusal("5\xC3\xA9 Coins").find("coins: expected a number"), std::string::npos);  // UTF-8 bytes
  EXPECT_NE(refusal("Vessa, Cinderborn in my hand").find("'Vessa' is a Summoner"), std::string::npos);
  EXPECT_NE(refusal("Vessa in my hand").find("is a Summoner"), std::string::npos);
  EXPECT_NE(refusal("hello").find("is not a set-up line"), std::string::npos);
  EXPECT_NE(refusal("my S1 hp 0").find("hp: 0 is not in 1..99"), std::string::npos);
  auto three = sandbox(3);
  EXPECT_THROW(three->set_up("Blood Herald on their battlefield"), rise::InputError);  // whose "their"?
  three->set_up("Blood Herald on p2's battlefield");
  EXPECT_EQ(three->to_json()["objects"][three->to_json()["battlefield"][0].get<size_t>()]["owner"], 2);
}

// Issue 36: the log shows each triggered effect as it starts, then its result.
TEST(TcgSandbox, TheLogShowsEachTriggerAndItsResult) {
  auto s = sandbox();
  s->set_up("Blood Herald on their battlefield");
  s->set_up("Shambling Thrall in my hand");
  const json j = s->to_json();
  const int herald = j["battlefield"][0];
  const int thrall = of_card(j, j["players"][0]["hand"], "shambling-thrall").back();
  const std::string h = " #" + std::to_string(herald), t = " #" + std::to_string(thrall);
  EXPECT_EQ(logged_by(*s, "invoke #" + std::to_string(thrall) + " by S1"),
            (std::vector<std::string>{"p0 invokes Shambling Thrall" + t,
                                      "Blood Herald" + h + "'s effect triggers (whenever invoked; p1)",
                                      "Shambling Thrall" + t + " takes 1 damage", "Shambling Thrall" + t + " dies",
                                      "Shambling Thrall is excluded", "p0 gains 1 Ether"}));
}

TEST(TcgSandbox, TheLogShowsCountersUntilEndOfTurn) {
  auto s = sandbox();
  s->set_up("Blazing Duelist on my battlefield");
  const int duelist = s->to_json()["battlefield"][0];
  const std::string d = "Blazing Duelist #" + std::to_string(duelist);
  rise::apply_notation(*s, "attack", "test");
  EXPECT_EQ(logged_by(*s, "attacker #" + std::to_string(duelist) + " at p1"),
            (std::vector<std::string>{"p0 attacks p1 with " + d, d + "'s effect triggers (when attacks; p0)",
                                      d + " gets +1/+0 until end of turn"}));
}

// "The same from a scenario file": `position` lines in a scenario (docs/formats.md).
TEST(TcgSandbox, AScenarioSetsUpItsPositionLines) {
  const json scenario = {{"game", "rise-tcg"},
                         {"options", kStarter},
                         {"seed", 1u},
                         {"position", {"Blood Herald on their battlefield", "7 Coins"}},
                         {"actions", json::array()}};
  auto expected = sandbox();
  expected->set_up("Blood Herald on their battlefield");
  expected->set_up("7 Coins");
  EXPECT_EQ(rise::run_scenario(scenario, "s.json")->to_json(), expected->to_json());
  json wrong = scenario;
  wrong["position"][1] = "7 Coinz";
  try {
    rise::run_scenario(wrong, "s.json");
    ADD_FAILURE() << "accepted";
  } catch (const rise::InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("s.json: position 1: '7 Coinz'", 0), 0u) << e.what();
  }
}

// A game without a position language says so.
TEST(TcgSandbox, OtherGamesHaveNone) {
  const rise::Game& hex = rise::find_game("rise-hex");
  EXPECT_THROW(hex.new_sandbox_state(1, {}, 2), rise::InputError);
  EXPECT_THROW(hex.new_initial_state(1, {}, 2)->set_up("Crow on my battlefield"), rise::InputError);
}

}  // namespace
}  // namespace tcgtest
