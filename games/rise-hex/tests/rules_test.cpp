// Rule tests of rise-hex: one table-top situation per rule of docs/rules/rise-hex.md.
//
// Each test builds an exact position as a JSON state, plays actions in notation
// ("move 1,0>2,0"), and checks the exact result: what stands on which tile, counts, whose
// turn, actions left and the result. Each test names the rule ids it covers on the line
// of its TEST macro (scripts/rules-coverage looks for them).
//
// Picture of a position: codes per tile, "R"/"B" a red/blue worker, "r2"/"b3" a red/blue
// tower of 2/3 tiers, "." an empty tile, "none" no tile at all.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise-hex/state.h"
#include "rise/core/error.h"
#include "rise/core/game.h"
#include "rise/core/registry.h"
#include "hex_test_support.h"

namespace {

using Json = nlohmann::json;
using rise::State;
using rise::hex::Color;
using rise::hex::HexState;
using Cells = std::vector<std::string>;

using rise_hex_testing::hex_game;

std::pair<int, int> parse_cell(const std::string& cell) {
  const auto comma = cell.find(',');
  return {std::stoi(cell.substr(0, comma)), std::stoi(cell.substr(comma + 1))};
}

std::string cell_name(int q, int r) { return std::to_string(q) + "," + std::to_string(r); }

// "0,0 1,0 2,0" -> {"0,0", "1,0", "2,0"}
Cells cells(std::string_view list) {
  Cells out;
  std::istringstream in{std::string(list)};
  for (std::string c; in >> c;) out.push_back(c);
  return out;
}

// The six neighbours of `centre` in direction order E, NE, NW, W, SW, SE.
Cells ring_of(const std::string& centre) {
  static constexpr int dq[] = {1, 1, 0, -1, -1, 0};
  static constexpr int dr[] = {0, -1, -1, 0, 1, 1};
  auto [q, r] = parse_cell(centre);
  Cells out;
  for (int d = 0; d < 6; ++d) out.push_back(cell_name(q + dq[d], r + dr[d]));
  return out;
}

Cells without(Cells list, const std::string& cell) {
  list.erase(std::remove(list.begin(), list.end(), cell), list.end());
  return list;
}

// A position written by hand: land tiles, workers, towers, whose turn. Workers and towers
// put a land tile under themselves.
struct Position {
  std::string to_move = "red";
  int actions_left = 2;
  int turn = 9;
  int turn_limit = 200;
  std::map<std::pair<int, int>, Json> tiles;

  Json& tile(const std::string& cell) {
    Json& t = tiles[parse_cell(cell)];
    if (t.is_null()) t = Json{{"at", cell}};
    return t;
  }
  Position& land(const Cells& list) {
    for (const auto& c : list) tile(c);
    return *this;
  }
  Position& land(std::string_view list) { return land(cells(list)); }
  // Every cell with q0 <= q <= q1 and r0 <= r <= r1 (a parallelogram of hexagons).
  Position& parallelogram(int q0, int q1, int r0, int r1) {
    for (int q = q0; q <= q1; ++q)
      for (int r = r0; r <= r1; ++r) tile(cell_name(q, r));
    return *this;
  }
  Position& strip(int q0, int q1) { return parallelogram(q0, q1, 0, 0); }
  Position& red(const Cells& list) {
    for (const auto& c : list) tile(c)["worker"] = "red";
    return *this;
  }
  Position& red(std::string_view list) { return red(cells(list)); }
  Position& blue(const Cells& list) {
    for (const auto& c : list) tile(c)["worker"] = "blue";
    return *this;
  }
  Position& blue(std::string_view list) { return blue(cells(list)); }
  Position& tower(const std::string& cell, const std::string& colour, int tiers, bool changed = false) {
    Json& t = tile(cell);
    t["tower"] = colour;
    t["tiers"] = tiers;
    if (changed) t["changed_this_turn"] = true;
    return *this;
  }
  // Whose turn: red plays odd turns, blue even ones, as in a real game.
  Position& turn_of(const std::string& colour, int left) {
    to_move = colour;
    actions_left = left;
    turn = colour == "red" ? 9 : 10;
    return *this;
  }

  Json json() const {
    Json list = Json::array();
    for (const auto& [cell, t] : tiles) list.push_back(t);
    return Json{{"game", "rise-hex"}, {"turn", turn},     {"turn_limit", turn_limit},
                {"to_move", to_move}, {"actions_left", actions_left}, {"pending", nullptr},
                {"tiles", list},      {"result", nullptr}};
  }
  std::unique_ptr<State> load() const { return hex_game().state_from_json(json()); }
};

// The yard most tower tests use: a 14 x 4 parallelogram (56 tiles, q 0..13, r 0..3), a red
// idler on 13,0 and a blue idler on 13,3 that step aside and back when a player has
// nothing to do this turn. Rings around 2,1, 6,1 and 10,1 fit inside without touching
// the idlers.
Position yard() {
  Position p;
  p.parallelogram(0, 13, 0, 3).red("13,0").blue("13,3");
  return p;
}

const HexState& hex(const State& s) { return dynamic_cast<const HexState&>(s); }

void act(State& s, const std::string& action) {
  SCOPED_TRACE(action);
  s.apply_action(s.string_to_action(action));
}

void act_all(State& s, const Cells& actions) {
  for (const auto& a : actions) act(s, a);
}

// The idlers' turns: two moves that leave the board as it was.
void red_idles(State& s) { act_all(s, {"move 13,0>12,0", "move 12,0>13,0"}); }
void blue_idles(State& s) { act_all(s, {"move 13,3>12,3", "move 12,3>13,3"}); }

std::string code_of(const Json& t) {
  if (t.contains("worker")) return t["worker"] == "red" ? "R" : "B";
  if (t.contains("tower")) {
    return std::string(t["tower"] == "red" ? "r" : "b") + std::to_string(t["tiers"].get<int>());
  }
  return ".";
}

// The code of one cell.
std::string at(const State& s, const std::string& cell) {
  const Json state = s.to_json();
  for (const auto& t : state["tiles"]) {
    if (t["at"] == cell) return code_of(t);
  }
  return "none";
}

// The codes of several cells, space separated: at(s, "1,0 2,0") == "R .".
std::string row(const State& s, std::string_view list) {
  std::string out;
  for (const auto& c : cells(list)) {
    if (!out.empty()) out += ' ';
    out += at(s, c);
  }
  return out;
}

// Every tile holding a piece, ascending: "1,0=R 3,0=r2 6,0=B".
std::string pieces(const State& s) {
  std::string out;
  const Json state = s.to_json();
  for (const auto& t : state["tiles"]) {
    const std::string code = code_of(t);
    if (code == ".") continue;
    if (!out.empty()) out += ' ';
    out += t["at"].get<std::string>() + "=" + code;
  }
  return out;
}

bool changed_this_turn(const State& s, const std::string& cell) {
  const Json state = s.to_json();
  for (const auto& t : state["tiles"]) {
    if (t["at"] == cell) return t.value("changed_this_turn", false);
  }
  return false;
}

int tile_count(const State& s) { return static_cast<int>(s.to_json()["tiles"].size()); }

std::string result(const State& s) {
  const Json r = s.to_json()["result"];
  return r.is_null() ? "none" : r.get<std::string>();
}

// Legal actions in notation, in the engine's (ascending) order.
Cells legal(const State& s) {
  Cells out;
  for (auto a : s.legal_actions()) out.push_back(s.action_to_string(a));
  return out;
}

// Legal actions in notation starting with `word` ("worker", "move", ...).
Cells legal_of(const State& s, const std::string& word) {
  Cells out;
  for (const auto& a : legal(s)) {
    if (a.rfind(word + " ", 0) == 0 || a == word) out.push_back(a);
  }
  return out;
}

// An illegal action is refused: not legal, not listed, explained with `reason` in the
// explanation, and apply_action throws InputError leaving the state unchanged.
void expect_refused(State& s, const std::string& action, const std::string& reason) {
  SCOPED_TRACE("refused: " + action);
  const rise::Action a = s.string_to_action(action);
  EXPECT_FALSE(s.is_legal(a));
  const auto list = s.legal_actions();
  EXPECT_EQ(std::find(list.begin(), list.end(), a), list.end());
  const std::string why = s.explain_illegal(a);
  EXPECT_NE(why.find(reason), std::string::npos) << "explanation: " << why;
  const Json before = s.to_json();
  const size_t history = s.history().size();
  EXPECT_THROW(s.apply_action(a), rise::InputError);
  EXPECT_EQ(s.to_json(), before);
  EXPECT_EQ(s.history().size(), history);
}

std::unique_ptr<State> new_game(const rise::Options& options = {}) {
  return hex_game().new_initial_state(0, options, 2);
}

// ---------------------------------------------------------------------------------------
// 1. Board and components

TEST(RiseHexRules, HEX_1_1_BoardGrowsByAdjacentTiles) {  // HEX-1.1
  auto s = new_game();
  EXPECT_EQ(tile_count(*s), 12);
  EXPECT_EQ(at(*s, "8,0"), "none");
  act(*s, "tile 8,0");
  EXPECT_EQ(tile_count(*s), 13);
  EXPECT_EQ(at(*s, "8,0"), ".");
  // Blue: a tile must go on an empty space next to the board.
  expect_refused(*s, "tile 3,0", "already a tile");
  expect_refused(*s, "tile 10,0", "adjacent to an existing tile");
  expect_refused(*s, "tile 4,-3", "adjacent to an existing tile");
}

TEST(RiseHexRules, HEX_1_1_AtMostSixtyTiles) {  // HEX-1.1 HEX-1.2
  // 59 tiles in a line; red places the 60th, then no tile can be placed any more.
  auto s = Position().strip(0, 58).red("0,0").blue("58,0").load();
  EXPECT_EQ(tile_count(*s), 59);
  EXPECT_EQ(legal_of(*s, "tile").size(), 122u);  // 60 above, 60 below, one at each end
  act(*s, "tile 59,0");
  EXPECT_EQ(tile_count(*s), 60);
  EXPECT_EQ(hex(*s).actions_left(), 1);
  EXPECT_TRUE(legal_of(*s, "tile").empty());
  expect_refused(*s, "tile 60,0", "all 60 land tiles");
  expect_refused(*s, "tile 10,1", "all 60 land tiles");
}

TEST(RiseHexRules, HEX_1_2_ThirtyWorkersPerColour) {  // HEX-1.2
  Position p;
  p.strip(0, 39).blue("39,0");
  for (int q = 0; q < 30; ++q) p.red(cell_name(q, 0));
  auto s = p.load();
  EXPECT_EQ(hex(*s).workers(Color::kRed), 30);
  EXPECT_TRUE(legal_of(*s, "worker").empty());
  expect_refused(*s, "worker 30,0", "all 30 of your workers");
  // Blue may still place workers: the limit is per colour.
  act(*s, "tile 40,0");
  act(*s, "tile 41,0");
  EXPECT_EQ(legal_of(*s, "worker"), Cells({"worker 38,0", "worker 40,0"}));
}

TEST(RiseHexRules, HEX_1_2_TowerHasThreeTiersAtMost) {  // HEX-1.2 HEX-5.6
  // A complete red tower keeps its ring: it never gets a fourth tier.
  auto s = yard().red(ring_of("2,1")).tower("2,1", "red", 3).turn_of("blue", 1).load();
  act(*s, "move 13,3>12,3");
  EXPECT_EQ(hex(*s).to_move(), Color::kRed);
  EXPECT_EQ(at(*s, "2,1"), "r3");
  EXPECT_FALSE(changed_this_turn(*s, "2,1"));
  EXPECT_EQ(hex(*s).complete_towers(Color::kRed), 1);
  EXPECT_EQ(hex(*s).towers(Color::kRed), 1);
}

// ---------------------------------------------------------------------------------------
// 2. Setup

TEST(RiseHexRules, HEX_2_1_StartFormation) {  // HEX-2.1
  auto s = new_game();
  Cells at_start;
  const Json state = s->to_json();
  for (const auto& t : state["tiles"]) at_start.push_back(t["at"]);
  // Ascending cell order: by q, then r.
  EXPECT_EQ(at_start, cells("0,0 0,1 1,-1 1,0 2,0 3,0 4,0 5,0 6,0 6,1 7,-1 7,0"));
  // The four extra tiles each touch both tiles they sit between.
  auto touches = [](const std::string& a, const std::string& b) {
    const Cells n = ring_of(a);
    return std::find(n.begin(), n.end(), b) != n.end();
  };
  for (const auto& extra : {"1,-1", "0,1"}) {
    EXPECT_TRUE(touches(extra, "0,0")) << extra;
    EXPECT_TRUE(touches(extra, "1,0")) << extra;
  }
  for (const auto& extra : {"7,-1", "6,1"}) {
    EXPECT_TRUE(touches(extra, "6,0")) << extra;
    EXPECT_TRUE(touches(extra, "7,0")) << extra;
  }
  EXPECT_EQ(s->to_json()["pending"], Json());
  EXPECT_EQ(s->to_json()["result"], Json());
}

TEST(RiseHexRules, HEX_2_2_StartWorkers) {  // HEX-2.2
  auto s = new_game();
  EXPECT_EQ(pieces(*s), "1,0=R 6,0=B");
  EXPECT_EQ(hex(*s).workers(Color::kRed), 1);
  EXPECT_EQ(hex(*s).workers(Color::kBlue), 1);
  EXPECT_EQ(hex(*s).towers(Color::kRed) + hex(*s).towers(Color::kBlue), 0);
}

TEST(RiseHexRules, HEX_2_3_RedBegins) {  // HEX-2.3
  auto s = new_game();
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(hex(*s).to_move(), Color::kRed);
  EXPECT_EQ(s->turn_number(), 1);
  EXPECT_EQ(s->to_json()["to_move"], "red");
}

// ---------------------------------------------------------------------------------------
// 3. Turns and actions

TEST(RiseHexRules, HEX_3_0_OneActionFirstThenTwo) {  // HEX-3.0
  auto s = new_game();
  EXPECT_EQ(hex(*s).actions_left(), 1);
  act(*s, "tile 8,0");  // red's whole first turn
  EXPECT_EQ(hex(*s).to_move(), Color::kBlue);
  EXPECT_EQ(hex(*s).actions_left(), 2);
  EXPECT_EQ(s->turn_number(), 2);
  act(*s, "tile 9,0");
  EXPECT_EQ(hex(*s).to_move(), Color::kBlue);
  EXPECT_EQ(hex(*s).actions_left(), 1);
  act(*s, "tile 10,0");  // the same action twice
  EXPECT_EQ(hex(*s).to_move(), Color::kRed);
  EXPECT_EQ(hex(*s).actions_left(), 2);  // red now has two as well
  EXPECT_EQ(s->turn_number(), 3);
  act(*s, "worker 2,0");
  act(*s, "move 2,0>3,0");  // a different action in the same turn
  EXPECT_EQ(hex(*s).to_move(), Color::kBlue);
  EXPECT_EQ(hex(*s).actions_left(), 2);
  EXPECT_EQ(pieces(*s), "1,0=R 3,0=R 6,0=B");
  EXPECT_EQ(tile_count(*s), 15);
}

TEST(RiseHexRules, HEX_3_1_PlaceLandTile) {  // HEX-3.1
  auto s = new_game();
  // Anywhere next to the board, not only next to your own workers.
  act(*s, "tile 8,-1");
  EXPECT_EQ(at(*s, "8,-1"), ".");
  act(*s, "tile 2,-1");
  EXPECT_EQ(at(*s, "2,-1"), ".");
  EXPECT_EQ(tile_count(*s), 14);
  EXPECT_EQ(pieces(*s), "1,0=R 6,0=B");  // a tile is placed empty
  expect_refused(*s, "tile 1,0", "already a tile");
  expect_refused(*s, "tile 3,-3", "adjacent to an existing tile");
}

TEST(RiseHexRules, HEX_3_2_PlaceWorkerNextToOwnWorker) {  // HEX-3.2
  auto s = new_game();
  EXPECT_EQ(legal_of(*s, "worker"), Cells({"worker 0,0", "worker 0,1", "worker 1,-1", "worker 2,0"}));
  expect_refused(*s, "worker 3,0", "adjacent to one of your workers");
  expect_refused(*s, "worker 5,0", "adjacent to one of your workers");  // next to blue only
  expect_refused(*s, "worker 1,0", "occupied");
  expect_refused(*s, "worker 1,1", "no land tile");
  act(*s, "worker 2,0");
  EXPECT_EQ(pieces(*s), "1,0=R 2,0=R 6,0=B");
  EXPECT_EQ(hex(*s).workers(Color::kRed), 2);
  // Blue: 5,0 is next to its worker on 6,0.
  act(*s, "worker 5,0");
  expect_refused(*s, "worker 3,0", "adjacent to one of your workers");
  act(*s, "worker 4,0");  // next to the worker just placed
  EXPECT_EQ(pieces(*s), "1,0=R 2,0=R 4,0=B 5,0=B 6,0=B");
  // Red: 3,0 is next to its worker on 2,0 but red may not place on an enemy worker.
  expect_refused(*s, "worker 4,0", "occupied");
}

TEST(RiseHexRules, HEX_3_3_MoveOneStep) {  // HEX-3.3
  auto s = new_game();
  EXPECT_EQ(legal_of(*s, "move"), Cells({"move 1,0>2,0", "move 1,0>1,-1", "move 1,0>0,0", "move 1,0>0,1"}));
  expect_refused(*s, "move 6,0>5,0", "no worker of yours");
  expect_refused(*s, "move 1,0>1,1", "no land tile");
  expect_refused(*s, "move 2,0>3,0", "no worker of yours");
  EXPECT_THROW(s->string_to_action("move 1,0>3,0"), rise::InputError);  // not one step
  act(*s, "move 1,0>2,0");
  EXPECT_EQ(pieces(*s), "2,0=R 6,0=B");
  EXPECT_EQ(hex(*s).to_move(), Color::kBlue);

  // Onto an occupied tile: refused.
  auto t = Position().strip(0, 4).red("1,0").blue("2,0").load();
  expect_refused(*t, "move 1,0>2,0", "destination tile is occupied");
  act(*t, "move 1,0>0,0");
  EXPECT_EQ(pieces(*t), "0,0=R 2,0=B");
}

TEST(RiseHexRules, HEX_3_4_JumpRemovesEnemy) {  // HEX-3.4
  auto s = Position().strip(0, 5).red("1,0").blue("2,0 5,0").load();
  EXPECT_EQ(legal_of(*s, "jump"), Cells({"jump 1,0>3,0"}));
  act(*s, "jump 1,0>3,0");
  EXPECT_EQ(pieces(*s), "3,0=R 5,0=B");
  EXPECT_EQ(hex(*s).workers(Color::kBlue), 1);
  EXPECT_EQ(hex(*s).workers(Color::kRed), 1);
  EXPECT_EQ(hex(*s).actions_left(), 1);
  EXPECT_EQ(result(*s), "none");
  // Not adjacent: 4,0 is empty, the blue worker is two tiles away.
  expect_refused(*s, "jump 3,0>5,0", "no adjacent enemy worker");
  EXPECT_THROW(s->string_to_action("jump 3,0>4,1"), rise::InputError);  // not a straight line
}

TEST(RiseHexRules, HEX_3_4_JumpInAnyDirection) {  // HEX-3.4
  // Over a worker to the north-east: 0,2 -> over 1,1 -> 2,0.
  auto s = Position().parallelogram(0, 3, 0, 2).red("0,2").blue("1,1 3,2").load();
  EXPECT_EQ(legal_of(*s, "jump"), Cells({"jump 0,2>2,0"}));
  act(*s, "jump 0,2>2,0");
  EXPECT_EQ(pieces(*s), "2,0=R 3,2=B");
  // Own workers cannot be jumped.
  auto t = Position().strip(0, 4).red("0,0 1,0").blue("4,0").load();
  expect_refused(*t, "jump 0,0>2,0", "no adjacent enemy worker");
}

TEST(RiseHexRules, HEX_3_5_SacrificeToEliminate) {  // HEX-3.5
  auto s = Position().strip(0, 9).red("0,0 1,0 2,0").blue("7,0 9,0").load();
  expect_refused(*s, "eliminate 1,0", "no enemy worker there");
  expect_refused(*s, "eliminate 5,0", "no enemy worker there");
  act(*s, "eliminate 9,0");  // any enemy worker, however far
  EXPECT_EQ(s->to_json()["pending"], Json({{"action", "eliminate"}, {"target", "9,0"}, {"sacrificed", Json::array()}}));
  EXPECT_EQ(hex(*s).actions_left(), 2);
  act(*s, "sacrifice 0,0");
  EXPECT_EQ(pieces(*s), "0,0=R 1,0=R 2,0=R 7,0=B 9,0=B");  // nothing removed yet
  act(*s, "sacrifice 2,0");
  EXPECT_EQ(pieces(*s), "1,0=R 7,0=B");
  EXPECT_EQ(s->to_json()["pending"], Json());
  EXPECT_EQ(hex(*s).actions_left(), 1);  // the whole sacrifice is one action
  EXPECT_EQ(hex(*s).workers(Color::kRed), 1);
  EXPECT_EQ(hex(*s).workers(Color::kBlue), 1);
  EXPECT_EQ(hex(*s).to_move(), Color::kRed);
}

TEST(RiseHexRules, HEX_3_6_SacrificeToPlaceFreely) {  // HEX-3.6
  auto s = Position().strip(0, 9).red("0,0 1,0 2,0").blue("7,0 9,0").load();
  expect_refused(*s, "free 7,0", "occupied");
  expect_refused(*s, "free 10,0", "no land tile");
  act(*s, "free 5,0");  // not next to any red worker
  act(*s, "sacrifice 1,0");
  act(*s, "sacrifice 0,0");
  EXPECT_EQ(pieces(*s), "2,0=R 5,0=R 7,0=B 9,0=B");
  EXPECT_EQ(hex(*s).workers(Color::kRed), 2);
  EXPECT_EQ(hex(*s).actions_left(), 1);
  EXPECT_EQ(s->to_json()["pending"], Json());
}

TEST(RiseHexRules, HEX_3_7_RemoveTierFromOwnTower) {  // HEX-3.7
  auto s = yard().tower("2,1", "red", 3).tower("6,1", "red", 1).tower("10,1", "blue", 2).load();
  EXPECT_EQ(hex(*s).complete_towers(Color::kRed), 1);
  expect_refused(*s, "remove-tier 10,1", "no tower of yours");
  expect_refused(*s, "remove-tier 4,1", "no tower of yours");
  act(*s, "remove-tier 2,1");
  EXPECT_EQ(at(*s, "2,1"), "r2");
  EXPECT_EQ(hex(*s).complete_towers(Color::kRed), 0);
  act(*s, "remove-tier 6,1");  // its last tier: the tower is gone
  EXPECT_EQ(at(*s, "6,1"), ".");
  EXPECT_EQ(hex(*s).towers(Color::kRed), 1);
  EXPECT_EQ(pieces(*s), "2,1=r2 10,1=b2 13,0=R 13,3=B");
  EXPECT_EQ(hex(*s).to_move(), Color::kBlue);
  expect_refused(*s, "remove-tier 2,1", "no tower of yours");  // blue cannot touch red's
}

// Issue 38: removing the last tier of one's own tower asks for a confirmation (the terminal
// and the browser show State::action_warning); no other action does.
TEST(RiseHexRules, HEX_3_7_RemovingTheLastTierAsksFirst) {  // HEX-3.7
  auto s = yard().tower("2,1", "red", 3).tower("6,1", "red", 1).load();
  EXPECT_EQ(s->action_warning(s->string_to_action("remove-tier 6,1")),
            "remove-tier 6,1 takes the last tier off your tower on 6,1: the tower is gone (Rule HEX-3.7)");
  EXPECT_EQ(s->action_warning(s->string_to_action("remove-tier 2,1")), "");  // two tiers stay
  for (rise::Action a : s->legal_actions()) {
    if (s->action_to_string(a) != "remove-tier 6,1") EXPECT_EQ(s->action_warning(a), "") << s->action_to_string(a);
  }
}

TEST(RiseHexRules, HEX_3_8_NeverZeroWorkers) {  // HEX-3.8 HEX-I1
  auto s = Position().strip(0, 9).red("0,0 1,0 2,0").blue("5,0 7,0 9,0").load();
  act_all(*s, {"eliminate 9,0", "sacrifice 0,0", "sacrifice 1,0"});
  EXPECT_EQ(hex(*s).workers(Color::kRed), 1);
  // With one worker left no sacrifice is possible: red can never reach zero.
  EXPECT_TRUE(legal_of(*s, "eliminate").empty());
  EXPECT_TRUE(legal_of(*s, "free").empty());
  expect_refused(*s, "eliminate 7,0", "one must remain");
  expect_refused(*s, "free 4,0", "one must remain");
  EXPECT_EQ(pieces(*s), "2,0=R 5,0=B 7,0=B");
}

// ---------------------------------------------------------------------------------------
// 4. Occupied tiles and the supply

TEST(RiseHexRules, HEX_4_1_UnoccupiedMeansNoWorkerNoTower) {  // HEX-4.1
  // 3,0 holds a blue tower, 5,0 a blue worker, 4,0 nothing; red stands on 4,1 next to all.
  auto s = Position().parallelogram(2, 6, 0, 1).red("4,1 6,1 2,1").blue("5,0 6,0").tower("3,0", "blue", 1).load();
  expect_refused(*s, "worker 3,0", "occupied");    // a tower, no worker
  expect_refused(*s, "worker 5,0", "occupied");    // a worker, no tower
  expect_refused(*s, "move 4,1>5,0", "occupied");
  expect_refused(*s, "move 2,1>3,0", "occupied");
  act(*s, "worker 4,0");  // neither
  EXPECT_EQ(at(*s, "4,0"), "R");
  act(*s, "move 2,1>3,1");
  EXPECT_EQ(pieces(*s), "3,0=b1 3,1=R 4,0=R 4,1=R 5,0=B 6,0=B 6,1=R");
}

TEST(RiseHexRules, HEX_4_2_RemovedWorkersReturnToSupply) {  // HEX-4.2 HEX-I4
  Position p;
  p.strip(0, 39).blue("39,0");
  for (int q = 0; q < 30; ++q) p.red(cell_name(q, 0));
  auto s = p.load();
  act_all(*s, {"free 35,0", "sacrifice 0,0", "sacrifice 1,0"});
  EXPECT_EQ(hex(*s).workers(Color::kRed), 29);
  // The two sacrificed workers are back in the supply: red may place again.
  act(*s, "worker 36,0");
  EXPECT_EQ(hex(*s).workers(Color::kRed), 30);
  EXPECT_EQ(row(*s, "0,0 1,0 34,0 35,0 36,0"), ". . . R R");
}

TEST(RiseHexRules, HEX_4_2_RemovedTowerReturnsToSupply) {  // HEX-4.2 HEX-I4 HEX-I12
  // Red has all three towers on the board and a ring around 10,1 lacking only 10,2.
  auto s = yard()
               .tower("0,0", "red", 1)
               .tower("1,0", "red", 1)
               .tower("3,0", "red", 2)
               .red(without(ring_of("10,1"), "10,2"))
               .red("10,3")
               .load();
  auto no_base = s->clone();
  act(*no_base, "move 10,3>10,2");  // the ring is complete, but no large block is left
  EXPECT_EQ(at(*no_base, "10,1"), ".");
  EXPECT_EQ(hex(*no_base).towers(Color::kRed), 3);

  act(*s, "remove-tier 0,0");  // the base goes back to the supply
  EXPECT_EQ(at(*s, "0,0"), ".");
  EXPECT_EQ(hex(*s).towers(Color::kRed), 2);
  act(*s, "move 10,3>10,2");
  EXPECT_EQ(at(*s, "10,1"), "r1");
  EXPECT_EQ(hex(*s).towers(Color::kRed), 3);
}

// ---------------------------------------------------------------------------------------
// 5. Building towers

TEST(RiseHexRules, HEX_5_1_RingIsSixOwnWorkers) {  // HEX-5.1
  // Five red workers and one blue around 2,1: not a ring.
  auto s = yard().red(without(ring_of("2,1"), "2,2")).blue("2,2").red("2,3").load();
  act(*s, "worker 3,2");
  EXPECT_EQ(at(*s, "2,1"), ".");
  EXPECT_EQ(hex(*s).towers(Color::kRed), 0);

  // At the board's edge: 0,1 has only four tiles around it, all red. Not a ring.
  auto edge = yard().red(cells("1,1 1,0 0,0 1,2")).load();
  act(*edge, "move 1,2>0,2");
  EXPECT_EQ(row(*edge, "1,1 1,0 0,0 0,2"), "R R R R");
  EXPECT_EQ(at(*edge, "0,1"), ".");
  EXPECT_EQ(hex(*edge).towers(Color::kRed), 0);
}

TEST(RiseHexRules, HEX_5_1_OneWorkerInTwoRings) {  // HEX-5.1 HEX-5.2
  // Rings around 2,1 and 4,1 share the tile 3,1; one worker there completes both.
  Cells both = ring_of("2,1");
  for (const auto& c : ring_of("4,1")) both.push_back(c);
  auto s = yard().red(without(both, "3,1")).load();
  act(*s, "worker 3,1");
  EXPECT_EQ(row(*s, "2,1 4,1"), "r1 r1");
  EXPECT_EQ(hex(*s).towers(Color::kRed), 2);
  EXPECT_EQ(hex(*s).actions_left(), 1);
}

TEST(RiseHexRules, HEX_5_2_CompletingRingPlacesBaseAtOnce) {  // HEX-5.2
  auto s = yard().red(without(ring_of("2,1"), "2,2")).load();
  EXPECT_EQ(at(*s, "2,1"), ".");
  act(*s, "worker 2,2");
  EXPECT_EQ(at(*s, "2,1"), "r1");
  EXPECT_TRUE(changed_this_turn(*s, "2,1"));
  EXPECT_EQ(hex(*s).towers(Color::kRed), 1);
  EXPECT_EQ(hex(*s).actions_left(), 1);  // the base was free: only the placement counted
  EXPECT_EQ(hex(*s).to_move(), Color::kRed);

  // Completing it by a move works the same.
  auto m = yard().red(without(ring_of("2,1"), "2,2")).red("2,3").load();
  act(*m, "move 2,3>2,2");
  EXPECT_EQ(at(*m, "2,1"), "r1");
  EXPECT_EQ(hex(*m).actions_left(), 1);
}

TEST(RiseHexRules, HEX_5_3_TowerGrowsEachOwnTurn) {  // HEX-5.3 HEX-5.5
  auto s = yard().red(without(ring_of("2,1"), "2,2")).load();
  act(*s, "worker 2,2");  // base
  act(*s, "move 13,0>12,0");  // the check runs again: no second tier this turn
  EXPECT_EQ(at(*s, "2,1"), "r1");
  EXPECT_EQ(hex(*s).to_move(), Color::kBlue);
  EXPECT_FALSE(changed_this_turn(*s, "2,1"));
  act(*s, "move 13,3>12,3");
  EXPECT_EQ(at(*s, "2,1"), "r1");  // not during blue's turn
  act(*s, "move 12,3>13,3");
  // Red's next turn starts: the second tier.
  EXPECT_EQ(hex(*s).to_move(), Color::kRed);
  EXPECT_EQ(hex(*s).actions_left(), 2);
  EXPECT_EQ(at(*s, "2,1"), "r2");
  EXPECT_TRUE(changed_this_turn(*s, "2,1"));
  act_all(*s, {"move 12,0>13,0", "move 13,0>12,0"});
  EXPECT_EQ(at(*s, "2,1"), "r2");
  blue_idles(*s);
  EXPECT_EQ(at(*s, "2,1"), "r3");
  EXPECT_EQ(hex(*s).complete_towers(Color::kRed), 1);
  act_all(*s, {"move 12,0>13,0", "move 13,0>12,0"});
  blue_idles(*s);
  EXPECT_EQ(at(*s, "2,1"), "r3");
  EXPECT_EQ(result(*s), "none");
}

TEST(RiseHexRules, HEX_5_4_BrokenRingPausesRestoredResumes) {  // HEX-5.4 HEX-I9
  auto s = yard().red(ring_of("2,1")).tower("2,1", "red", 1, true).turn_of("red", 1).load();
  act(*s, "move 2,2>2,3");  // red breaks its own ring
  blue_idles(*s);
  EXPECT_EQ(at(*s, "2,1"), "r1");  // paused: no tier at the start of red's turn
  EXPECT_FALSE(changed_this_turn(*s, "2,1"));
  act(*s, "move 2,3>2,2");  // restored: construction continues at once
  EXPECT_EQ(at(*s, "2,1"), "r2");
  EXPECT_TRUE(changed_this_turn(*s, "2,1"));
  act(*s, "move 13,0>12,0");
  blue_idles(*s);
  EXPECT_EQ(at(*s, "2,1"), "r3");
}

TEST(RiseHexRules, HEX_5_4_EnemyWorkerInRingPausesConstruction) {  // HEX-5.4
  // Blue eliminates a ring worker and puts its own worker in the gap (a ring cannot be
  // broken by a jump: the landing tile is the tower or another ring worker).
  auto s = yard().red(ring_of("2,1")).red("2,3").tower("2,1", "red", 1).blue("9,3 10,3 11,3 12,3").turn_of("blue", 2).load();
  act_all(*s, {"eliminate 2,2", "sacrifice 9,3", "sacrifice 10,3"});
  act_all(*s, {"free 2,2", "sacrifice 11,3", "sacrifice 12,3"});
  EXPECT_EQ(hex(*s).to_move(), Color::kRed);
  EXPECT_EQ(row(*s, "2,1 2,2"), "r1 B");  // no tier at red's turn start
  EXPECT_FALSE(changed_this_turn(*s, "2,1"));
  // Red cannot jump the intruder: the tile behind it holds red's own tower.
  expect_refused(*s, "jump 2,3>2,1", "protected");
}

TEST(RiseHexRules, HEX_5_5_OneTierPerTowerPerTurn) {  // HEX-5.5
  // The tower already grew at the start of this turn; breaking and restoring the ring
  // within the same turn adds nothing.
  auto s = yard().red(ring_of("2,1")).tower("2,1", "red", 2, true).red("2,3").load();
  act(*s, "move 2,2>3,2");
  act(*s, "move 3,2>2,2");
  EXPECT_EQ(at(*s, "2,1"), "r2");
  EXPECT_EQ(hex(*s).to_move(), Color::kBlue);
  blue_idles(*s);
  EXPECT_EQ(at(*s, "2,1"), "r3");
}

TEST(RiseHexRules, HEX_5_6_CompleteTowerNeedsNoRing) {  // HEX-5.6
  auto s = yard().red(ring_of("2,1")).tower("2,1", "red", 3).load();
  act(*s, "move 2,2>2,3");
  act(*s, "move 3,1>4,1");
  EXPECT_EQ(at(*s, "2,1"), "r3");
  blue_idles(*s);
  red_idles(*s);
  blue_idles(*s);
  EXPECT_EQ(at(*s, "2,1"), "r3");
  EXPECT_EQ(hex(*s).complete_towers(Color::kRed), 1);
  // An unfinished tower without a ring also just stands, neither growing nor shrinking.
  auto u = yard().tower("2,1", "red", 2).load();
  red_idles(*u);
  blue_idles(*u);
  EXPECT_EQ(at(*u, "2,1"), "r2");
}

// ---------------------------------------------------------------------------------------
// 6. Destroying towers

TEST(RiseHexRules, HEX_6_1_RingingEnemyTowerRemovesTier) {  // HEX-6.1
  auto s = yard().tower("2,1", "blue", 2).red(without(ring_of("2,1"), "2,2")).red("2,3").load();
  act(*s, "move 2,3>2,2");
  EXPECT_EQ(at(*s, "2,1"), "b1");
  EXPECT_TRUE(changed_this_turn(*s, "2,1"));
  EXPECT_EQ(hex(*s).actions_left(), 1);  // free: no action used for it
  act(*s, "move 13,0>12,0");
  EXPECT_EQ(at(*s, "2,1"), "b1");  // once per turn
}

TEST(RiseHexRules, HEX_6_2_OneMoreTierEachAttackerTurn) {  // HEX-6.2 HEX-I13
  auto s = yard().red(ring_of("2,1")).tower("2,1", "blue", 1, true).turn_of("red", 1).load();
  act(*s, "move 13,0>12,0");
  // Blue's turn is not a "round" of the attacker: nothing happens during it.
  EXPECT_EQ(at(*s, "2,1"), "b1");
  act(*s, "move 13,3>12,3");
  EXPECT_EQ(at(*s, "2,1"), "b1");
  act(*s, "move 12,3>13,3");
  // Red's turn starts with the ring intact: the last tier goes.
  EXPECT_EQ(at(*s, "2,1"), ".");
  EXPECT_EQ(hex(*s).towers(Color::kBlue), 0);
}

TEST(RiseHexRules, HEX_6_3_DestroyThenBuildOwnTower) {  // HEX-6.3 HEX-I11 HEX-I8
  // A complete blue tower; red closes a ring around it and keeps it for six of its turns.
  auto s = yard().tower("2,1", "blue", 3).red(without(ring_of("2,1"), "2,2")).red("2,3").load();
  EXPECT_EQ(hex(*s).complete_towers(Color::kBlue), 1);
  std::vector<std::string> seen;
  act(*s, "move 2,3>2,2");  // red turn 1
  seen.push_back(at(*s, "2,1"));
  EXPECT_EQ(hex(*s).complete_towers(Color::kBlue), 0);
  act(*s, "move 13,0>12,0");
  for (int turn = 2; turn <= 6; ++turn) {
    blue_idles(*s);
    seen.push_back(at(*s, "2,1"));  // red's turn has started
    act_all(*s, {"move 12,0>13,0", "move 13,0>12,0"});
    EXPECT_EQ(at(*s, "2,1"), seen.back()) << "red turn " << turn;  // nothing during it
  }
  // b3 -> b2 at once; b1 and gone at the next two turns; the red base the turn after;
  // complete at red's sixth turn (Interpretation HEX-I11: 6 turns, not the rulebook's 7).
  EXPECT_EQ(seen, Cells({"b2", "b1", ".", "r1", "r2", "r3"}));
  EXPECT_EQ(hex(*s).towers(Color::kBlue), 0);
  EXPECT_EQ(hex(*s).complete_towers(Color::kRed), 1);
}

TEST(RiseHexRules, HEX_6_3_NoBaseInTheTurnTheTowerFalls) {  // HEX-6.3 HEX-I6
  // The last blue tier falls at the start of red's turn; red's actions that turn do not
  // found a base on the emptied, still ringed tile.
  auto s = yard().tower("2,1", "blue", 1).red(ring_of("2,1")).turn_of("blue", 1).load();
  act(*s, "move 13,3>12,3");
  EXPECT_EQ(at(*s, "2,1"), ".");
  EXPECT_TRUE(changed_this_turn(*s, "2,1"));
  act(*s, "move 2,2>2,3");
  act(*s, "move 2,3>2,2");
  EXPECT_EQ(at(*s, "2,1"), ".");
  EXPECT_EQ(hex(*s).to_move(), Color::kBlue);
  act_all(*s, {"move 12,3>13,3", "move 13,3>12,3"});
  EXPECT_EQ(at(*s, "2,1"), "r1");
}

// ---------------------------------------------------------------------------------------
// 7. Winning

TEST(RiseHexRules, HEX_7_1_ThreeCompleteTowersWin) {  // HEX-7.1 HEX-I15
  auto s = yard()
               .tower("2,1", "red", 3)
               .tower("6,1", "red", 3)
               .red(ring_of("10,1"))
               .tower("10,1", "red", 2)
               .turn_of("blue", 1)
               .load();
  EXPECT_EQ(result(*s), "none");
  act(*s, "move 13,3>12,3");
  // Red's turn starts: the third tower is completed by the turn-start check, and red wins.
  EXPECT_EQ(at(*s, "10,1"), "r3");
  EXPECT_EQ(hex(*s).complete_towers(Color::kRed), 3);
  EXPECT_EQ(result(*s), "red");
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->current_player(), rise::kTerminalPlayer);
  EXPECT_EQ(s->returns(), std::vector<double>({1.0, -1.0}));
  EXPECT_EQ(s->game_end(), (rise::GameEnd{"three complete towers", "HEX-7.1", {}}));
}

TEST(RiseHexRules, HEX_7_1_IncompleteTowerDoesNotCount) {  // HEX-7.1
  // Three red towers, one of them with only two tiers and no ring: no win.
  auto s = yard().tower("2,1", "red", 3).tower("6,1", "red", 3).tower("10,1", "red", 2).turn_of("blue", 1).load();
  act(*s, "move 13,3>12,3");
  EXPECT_EQ(result(*s), "none");
  EXPECT_EQ(hex(*s).complete_towers(Color::kRed), 2);
  // Taking a tier off a complete tower breaks the set too.
  auto t = yard().tower("2,1", "red", 3).tower("6,1", "red", 3).red(ring_of("10,1")).tower("10,1", "red", 2).turn_of("red", 2).load();
  act(*t, "remove-tier 6,1");
  act(*t, "move 13,0>12,0");
  blue_idles(*t);
  EXPECT_EQ(row(*t, "2,1 6,1 10,1"), "r3 r2 r3");
  EXPECT_EQ(result(*t), "none");
}

TEST(RiseHexRules, HEX_7_2_EliminationByJumpWins) {  // HEX-7.2 HEX-I15
  auto s = Position().strip(0, 5).red("1,0").blue("2,0").load();
  act(*s, "jump 1,0>3,0");
  EXPECT_EQ(pieces(*s), "3,0=R");
  EXPECT_EQ(result(*s), "red");
  EXPECT_EQ(s->game_end(), (rise::GameEnd{"every enemy worker eliminated", "HEX-7.2", {}}));
  EXPECT_TRUE(s->legal_actions().empty());  // red's second action is not played
  // And the same for blue.
  auto b = Position().strip(0, 5).red("3,0").blue("4,0 0,0").turn_of("blue", 1).load();
  act(*b, "jump 4,0>2,0");
  EXPECT_EQ(result(*b), "blue");
  EXPECT_EQ(b->returns(), std::vector<double>({-1.0, 1.0}));
  EXPECT_EQ(b->game_end(), (rise::GameEnd{"every enemy worker eliminated", "HEX-7.2", {}}));
}

TEST(RiseHexRules, HEX_7_2_EliminationBySacrificeWins) {  // HEX-7.2
  auto s = Position().strip(0, 9).red("0,0 1,0 2,0").blue("9,0").load();
  act_all(*s, {"eliminate 9,0", "sacrifice 2,0"});
  EXPECT_EQ(result(*s), "none");
  act(*s, "sacrifice 1,0");
  EXPECT_EQ(pieces(*s), "0,0=R");
  EXPECT_EQ(result(*s), "red");
  EXPECT_EQ(s->returns(), std::vector<double>({1.0, -1.0}));
}

TEST(RiseHexRules, HEX_7_3_GameEndsAtOnce) {  // HEX-7.3 HEX-I15
  // Red wins with its first action: its second is never played.
  auto s = yard()
               .tower("2,1", "red", 3)
               .tower("6,1", "red", 3)
               .red(without(ring_of("10,1"), "10,2"))
               .red("10,3")
               .tower("10,1", "red", 2)
               .load();
  act(*s, "move 10,3>10,2");  // restores the ring: third tier at once (HEX-I9)
  EXPECT_EQ(at(*s, "10,1"), "r3");
  EXPECT_EQ(result(*s), "red");
  EXPECT_TRUE(s->is_terminal());
  EXPECT_TRUE(s->legal_actions().empty());
  EXPECT_EQ(hex(*s).to_move(), Color::kRed);  // blue never gets a turn
  EXPECT_EQ(s->turn_number(), 9);
  expect_refused(*s, "move 13,0>12,0", "game is over");
  expect_refused(*s, "pass", "game is over");
}

// ---------------------------------------------------------------------------------------
// Interpretations

TEST(RiseHexRules, HEX_I1_SacrificeNeedsThreeWorkers) {  // HEX-I1
  auto two = Position().strip(0, 9).red("0,0 1,0").blue("7,0 9,0").load();
  EXPECT_TRUE(legal_of(*two, "eliminate").empty());
  EXPECT_TRUE(legal_of(*two, "free").empty());
  expect_refused(*two, "eliminate 9,0", "three of your workers");
  expect_refused(*two, "free 5,0", "three of your workers");
  auto three = Position().strip(0, 9).red("0,0 1,0 2,0").blue("7,0 9,0").load();
  EXPECT_EQ(legal_of(*three, "eliminate"), Cells({"eliminate 7,0", "eliminate 9,0"}));
  EXPECT_EQ(legal_of(*three, "free").size(), 5u);  // 3,0 .. 6,0 and 8,0
}

TEST(RiseHexRules, HEX_I2_TowerTileIsOccupied) {  // HEX-I2 HEX-4.1
  //   q:  0   1   2    3   4   5   6   7   8
  //       R   B   b1   R   R   R   .   .   r1
  auto s = Position().strip(0, 8).red("0,0 3,0 4,0 5,0").blue("1,0").tower("2,0", "blue", 1).tower("8,0", "red", 1).load();
  expect_refused(*s, "worker 2,0", "occupied");
  expect_refused(*s, "free 2,0", "occupied");
  expect_refused(*s, "move 3,0>2,0", "occupied");
  expect_refused(*s, "jump 0,0>2,0", "protected");      // the tower protects blue's worker
  expect_refused(*s, "jump 3,0>1,0", "no adjacent enemy worker");  // a tower cannot be jumped
  expect_refused(*s, "eliminate 2,0", "no enemy worker");          // nor eliminated
  expect_refused(*s, "eliminate 8,0", "no enemy worker");
  act(*s, "tile 9,0");  // land next to a tower is fine
  EXPECT_EQ(at(*s, "9,0"), ".");
  act(*s, "tile 2,1");
  EXPECT_EQ(pieces(*s), "0,0=R 1,0=B 2,0=b1 3,0=R 4,0=R 5,0=R 8,0=r1");
}

TEST(RiseHexRules, HEX_I2_NoJumpOntoTower) {  // HEX-I2 HEX-I7
  auto s = Position().parallelogram(0, 3, 0, 2).red("0,2").blue("1,1 3,2").tower("2,0", "red", 1).load();
  expect_refused(*s, "jump 0,2>2,0", "protected");
  EXPECT_TRUE(legal_of(*s, "jump").empty());
}

TEST(RiseHexRules, HEX_I3_PassOnlyWithoutAnyAction) {  // HEX-I3
  // A full 60-tile board (12 x 5). Red's only worker sits in the corner 0,0, hemmed in by
  // blue workers that are each backed by another blue worker: no tile, worker, move, jump,
  // sacrifice or tower action is left.
  auto s = Position().parallelogram(0, 11, 0, 4).red("0,0").blue("1,0 2,0 0,1 0,2").load();
  EXPECT_EQ(tile_count(*s), 60);
  EXPECT_EQ(legal(*s), Cells({"pass"}));
  EXPECT_TRUE(s->is_legal(s->string_to_action("pass")));
  act(*s, "pass");  // gives up both actions
  EXPECT_EQ(hex(*s).to_move(), Color::kBlue);
  EXPECT_EQ(hex(*s).actions_left(), 2);
  EXPECT_EQ(s->turn_number(), 10);
  EXPECT_EQ(pieces(*s), "0,0=R 0,1=B 0,2=B 1,0=B 2,0=B");
  // Blue has moves, so blue may not pass.
  expect_refused(*s, "pass", "only when no other action");
  act_all(*s, {"move 2,0>3,0", "move 3,0>2,0"});
  // Red's next turn: still nothing to do.
  EXPECT_EQ(legal(*s), Cells({"pass"}));
  act(*s, "pass");
  EXPECT_EQ(hex(*s).to_move(), Color::kBlue);
  EXPECT_EQ(s->turn_number(), 12);

  auto start = new_game();
  expect_refused(*start, "pass", "only when no other action");
}

TEST(RiseHexRules, HEX_I3_PassWithOneActionLeft) {  // HEX-I3
  // Red's only action is to take down its own last tier; then nothing is left.
  auto s = Position().parallelogram(0, 11, 0, 4).red("0,0").blue("1,0 2,0 0,1 0,2").tower("11,4", "red", 1).load();
  EXPECT_EQ(legal(*s), Cells({"remove-tier 11,4"}));
  expect_refused(*s, "pass", "only when no other action");
  act(*s, "remove-tier 11,4");
  EXPECT_EQ(hex(*s).actions_left(), 1);
  EXPECT_EQ(legal(*s), Cells({"pass"}));
  act(*s, "pass");
  EXPECT_EQ(hex(*s).to_move(), Color::kBlue);
  EXPECT_EQ(hex(*s).actions_left(), 2);
}

TEST(RiseHexRules, HEX_I4_LimitsCountPiecesOnTheBoard) {  // HEX-I4 HEX-1.2 HEX-4.2
  // Thirty red workers on the board; blue jumps one, and red may place a worker again.
  Position p = Position().strip(0, 33).blue("30,0 33,0").turn_of("blue", 1);
  for (int q = 0; q < 29; ++q) p.red(cell_name(q, 0));
  p.red("31,0");  // the thirtieth, with 32,0 empty behind it
  auto s = p.load();
  EXPECT_EQ(hex(*s).workers(Color::kRed), 30);
  act(*s, "jump 30,0>32,0");
  EXPECT_EQ(row(*s, "30,0 31,0 32,0"), ". . B");
  EXPECT_EQ(hex(*s).workers(Color::kRed), 29);
  EXPECT_EQ(hex(*s).to_move(), Color::kRed);
  act(*s, "worker 29,0");
  EXPECT_EQ(hex(*s).workers(Color::kRed), 30);
  EXPECT_TRUE(legal_of(*s, "worker").empty());
  expect_refused(*s, "worker 30,0", "all 30 of your workers");
}

TEST(RiseHexRules, HEX_I5_TurnLimitDraw) {  // HEX-I5
  EXPECT_EQ(new_game()->to_json()["turn_limit"], 200);
  auto s = new_game({{"turn_limit", "2"}});
  act(*s, "tile 8,0");  // turn 1 ends: no draw yet
  EXPECT_EQ(result(*s), "none");
  EXPECT_EQ(s->game_end(), rise::GameEnd{});  // a running game has no end
  EXPECT_EQ(s->turn_number(), 2);
  act(*s, "tile 9,0");
  EXPECT_EQ(result(*s), "none");
  act(*s, "tile 10,0");  // turn 2, the last, ends without a winner
  EXPECT_EQ(result(*s), "draw");
  EXPECT_EQ(s->game_end(), (rise::GameEnd{"turn limit", "HEX-I5", {}}));
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->returns(), std::vector<double>({0.0, 0.0}));
  EXPECT_TRUE(s->legal_actions().empty());
  // The drawn game's final state (no action left) reloads to the same JSON.
  EXPECT_EQ(s->to_json()["actions_left"], 0);
  EXPECT_EQ(hex_game().state_from_json(s->to_json())->to_json(), s->to_json());
  // An unfinished game with no action left is not a state of the game.
  Json broken = s->to_json();
  broken["result"] = nullptr;
  EXPECT_THROW(hex_game().state_from_json(broken), rise::InputError);
  EXPECT_THROW(hex_game().new_initial_state(0, {{"turn_limit", "0"}}, 2), rise::InputError);
}

TEST(RiseHexRules, HEX_I5_WinInLastTurnIsAWin) {  // HEX-I5 HEX-7.2
  Position p = Position().strip(0, 5).red("1,0").blue("2,0");
  p.turn = 7;
  p.turn_limit = 7;
  auto s = p.load();
  EXPECT_EQ(s->to_json()["turn_limit"], 7);
  act(*s, "move 1,0>0,0");
  EXPECT_EQ(result(*s), "none");  // the last turn is not over yet
  act(*s, "move 0,0>1,0");
  EXPECT_EQ(result(*s), "draw");
  // The same last action, but a winning one: the win counts, not the draw.
  p.actions_left = 1;
  auto w = p.load();
  act(*w, "jump 1,0>3,0");
  EXPECT_EQ(result(*w), "red");
}

TEST(RiseHexRules, HEX_I6_RemoveTierCountsAsTheChange) {  // HEX-I6 HEX-3.7
  // Red's tower has two tiers and a broken ring. Removing a tier is this tower's change
  // for the turn, so restoring the ring afterwards adds nothing until red's next turn.
  auto s = yard().red(without(ring_of("2,1"), "2,2")).red("2,3").tower("2,1", "red", 2).load();
  act(*s, "remove-tier 2,1");
  EXPECT_EQ(at(*s, "2,1"), "r1");
  act(*s, "move 2,3>2,2");
  EXPECT_EQ(at(*s, "2,1"), "r1");
  blue_idles(*s);
  EXPECT_EQ(at(*s, "2,1"), "r2");
}

TEST(RiseHexRules, HEX_I6_RemoveTierAllowedAfterTheTowerChanged) {  // HEX-I6 HEX-3.7
  // Restoring the ring adds a tier at once (the tower's change this turn); removing a tier
  // from that same tower in the same turn is still allowed.
  auto s = yard().red(without(ring_of("2,1"), "2,2")).red("2,3").tower("2,1", "red", 1).load();
  act(*s, "move 2,3>2,2");
  EXPECT_EQ(at(*s, "2,1"), "r2");
  EXPECT_TRUE(changed_this_turn(*s, "2,1"));
  act(*s, "remove-tier 2,1");
  EXPECT_EQ(at(*s, "2,1"), "r1");
}

// Six red workers around 2,1, where no land tile lies yet; blue to move with two actions.
Position red_ring_around_a_hole() {
  Position p = yard().red(ring_of("2,1")).turn_of("blue", 2);
  p.tiles.erase(parse_cell("2,1"));
  return p;
}

TEST(RiseHexRules, HEX_I6_TilePlacedIntoTheHoleStartsTheTowerAtOnce) {  // HEX-I6 HEX-5.2
  auto s = red_ring_around_a_hole().load();
  EXPECT_EQ(at(*s, "2,1"), "none");
  act(*s, "tile 2,1");
  // Blue's tile completes red's formation: red's base, at once, in blue's turn.
  EXPECT_EQ(at(*s, "2,1"), "r1");
  EXPECT_TRUE(changed_this_turn(*s, "2,1"));
  EXPECT_EQ(hex(*s).towers(Color::kRed), 1);
  EXPECT_EQ(hex(*s).to_move(), Color::kBlue);
  EXPECT_EQ(hex(*s).actions_left(), 1);
  EXPECT_EQ(result(*s), "none");
}

TEST(RiseHexRules, HEX_I6_BaseFromTheOpponentsTurnRisesAtTheOwnersNextTurn) {  // HEX-I6 HEX-5.3 HEX-5.5
  // "The next block is placed immediately at the start of the next turn": a base placed in
  // blue's turn 10 gets its second tier when red's turn 11 starts, and one tier per turn.
  auto s = red_ring_around_a_hole().load();
  act(*s, "tile 2,1");
  act(*s, "move 13,3>12,3");  // blue's second action changes nothing more
  EXPECT_EQ(s->turn_number(), 11);
  EXPECT_EQ(hex(*s).to_move(), Color::kRed);
  EXPECT_EQ(at(*s, "2,1"), "r2");
  EXPECT_TRUE(changed_this_turn(*s, "2,1"));
  // Breaking and restoring the ring in red's turn adds nothing more this turn.
  act_all(*s, {"move 2,2>2,3", "move 2,3>2,2"});
  EXPECT_EQ(at(*s, "2,1"), "r2");
  act_all(*s, {"move 12,3>13,3", "move 13,3>12,3"});
  EXPECT_EQ(s->turn_number(), 13);
  EXPECT_EQ(at(*s, "2,1"), "r3");
  EXPECT_EQ(hex(*s).complete_towers(Color::kRed), 1);
}

TEST(RiseHexRules, HEX_I6_CentreWorkerTakenAwayStartsTheTowerAtOnce) {  // HEX-I6 HEX-I14 HEX-3.5
  // A blue ring around 2,1 with a red worker in the centre: nothing is built (HEX-I14).
  auto s = yard().blue(ring_of("2,1")).red("2,1 12,0").turn_of("red", 2).load();
  EXPECT_EQ(at(*s, "2,1"), "R");
  // Red sacrifices the centre worker (and 12,0) to eliminate blue's idler.
  act_all(*s, {"eliminate 13,3", "sacrifice 2,1", "sacrifice 12,0"});
  EXPECT_EQ(at(*s, "2,1"), "b1");  // blue's base, in red's turn
  EXPECT_TRUE(changed_this_turn(*s, "2,1"));
  EXPECT_EQ(hex(*s).towers(Color::kBlue), 1);
  EXPECT_EQ(hex(*s).to_move(), Color::kRed);
  EXPECT_EQ(hex(*s).actions_left(), 1);
  act(*s, "move 13,0>12,0");  // red's last action
  EXPECT_EQ(hex(*s).to_move(), Color::kBlue);
  EXPECT_EQ(at(*s, "2,1"), "b2");  // blue's turn starts: the next tier
  EXPECT_EQ(hex(*s).actions_left(), 2);

  // The ring owner's own worker in the centre, eliminated by the opponent's sacrifice.
  auto e = yard().red(ring_of("2,1")).red("2,1").blue("11,3 12,3").turn_of("blue", 2).load();
  act_all(*e, {"eliminate 2,1", "sacrifice 11,3", "sacrifice 12,3"});
  EXPECT_EQ(at(*e, "2,1"), "r1");
  EXPECT_EQ(hex(*e).towers(Color::kRed), 1);
  EXPECT_EQ(hex(*e).to_move(), Color::kBlue);
  EXPECT_EQ(hex(*e).actions_left(), 1);
}

TEST(RiseHexRules, HEX_I6_WorkerJumpingOutOfTheCentreCompletesNothing) {  // HEX-I6 HEX-3.4
  // A blue worker in the centre of red's ring can only leave by a jump, over a ring worker.
  auto s = yard().red(ring_of("2,1")).blue("2,1").turn_of("blue", 2).load();
  act(*s, "jump 2,1>4,1");
  EXPECT_EQ(row(*s, "2,1 3,1 4,1"), ". . B");
  EXPECT_EQ(hex(*s).towers(Color::kRed), 0);
  act(*s, "move 13,3>12,3");
  EXPECT_EQ(at(*s, "2,1"), ".");  // and not at red's turn start
  EXPECT_EQ(hex(*s).towers(Color::kRed), 0);
}

TEST(RiseHexRules, HEX_I6_LastTierRemovedFromTheCentreStartsTheRingersTower) {  // HEX-I6 HEX-3.7 HEX-6.1
  // Red besieges blue's one-tier tower on 2,1; blue takes its base back in its own turn.
  auto s = yard().red(ring_of("2,1")).tower("2,1", "blue", 1).turn_of("blue", 2).load();
  act(*s, "remove-tier 2,1");
  // Blue's tower is gone and red's new one is another tower: red's base, at once.
  EXPECT_EQ(at(*s, "2,1"), "r1");
  EXPECT_TRUE(changed_this_turn(*s, "2,1"));
  EXPECT_EQ(hex(*s).towers(Color::kBlue), 0);
  EXPECT_EQ(hex(*s).towers(Color::kRed), 1);
  EXPECT_EQ(hex(*s).actions_left(), 1);
  act(*s, "move 13,3>12,3");
  EXPECT_EQ(at(*s, "2,1"), "r2");  // red's turn starts

  // Taking down your own base inside your own ring is that tower's change for the turn:
  // no new base of yours there until your next turn.
  auto own = yard().red(ring_of("2,1")).tower("2,1", "red", 1).turn_of("red", 2).load();
  act(*own, "remove-tier 2,1");
  EXPECT_EQ(at(*own, "2,1"), ".");
  act(*own, "move 13,0>12,0");
  EXPECT_EQ(at(*own, "2,1"), ".");
  EXPECT_EQ(hex(*own).to_move(), Color::kBlue);
  EXPECT_EQ(hex(*own).towers(Color::kRed), 0);
  act(*own, "move 13,3>12,3");
  EXPECT_EQ(at(*own, "2,1"), ".");  // nor during blue's turn
  act(*own, "move 12,3>13,3");
  EXPECT_EQ(at(*own, "2,1"), "r1");
}

TEST(RiseHexRules, HEX_I6_OneActionCompletesRingsOfBothPlayers) {  // HEX-I6 HEX-3.6
  // Blue sacrifices its worker in the centre of red's ring around 2,1, and its free
  // placement on 11,1 closes its own ring around 10,1: both bases at once.
  auto s = yard()
               .red(ring_of("2,1"))
               .blue("2,1 12,3")
               .blue(without(ring_of("10,1"), "11,1"))
               .turn_of("blue", 2)
               .load();
  act_all(*s, {"free 11,1", "sacrifice 2,1", "sacrifice 12,3"});
  EXPECT_EQ(row(*s, "2,1 10,1 11,1"), "r1 b1 B");
  EXPECT_EQ(hex(*s).towers(Color::kRed), 1);
  EXPECT_EQ(hex(*s).towers(Color::kBlue), 1);
  EXPECT_EQ(hex(*s).actions_left(), 1);
}

TEST(RiseHexRules, HEX_I6_BaseTakenBySiegeServesTheOpponentsNewRingAtOnce) {  // HEX-I6 HEX-I12 HEX-I11
  // Red has its three towers: 10,1 and 11,3 complete, 6,1 with one tier inside blue's
  // ring that lacks only 7,0. Red's ring around 2,1 holds a blue worker in its centre.
  auto s = yard()
               .tower("6,1", "red", 1)
               .tower("10,1", "red", 3)
               .tower("11,3", "red", 3)
               .red(ring_of("2,1"))
               .blue("2,1 0,3")
               .blue(without(ring_of("6,1"), "7,0"))
               .turn_of("blue", 2)
               .load();
  // Blue's free placement on 7,0 closes its siege (red's last tier on 6,1 goes back to the
  // supply) and its sacrifice of 2,1 completes red's ring: blue's tower check first, so
  // the base is red's to place at once.
  act_all(*s, {"free 7,0", "sacrifice 2,1", "sacrifice 0,3"});
  EXPECT_EQ(row(*s, "2,1 6,1 7,0"), "r1 . B");
  EXPECT_EQ(hex(*s).towers(Color::kRed), 3);
  EXPECT_EQ(hex(*s).towers(Color::kBlue), 0);
  EXPECT_EQ(result(*s), "none");
  act(*s, "move 13,3>12,3");
  EXPECT_EQ(row(*s, "2,1 6,1"), "r2 .");  // red's turn: its tier; blue's base waits (HEX-I11)
  red_idles(*s);
  EXPECT_EQ(row(*s, "2,1 6,1"), "r2 b1");
}

TEST(RiseHexRules, HEX_I6_EarlierBaseEarlierWin) {  // HEX-I6 HEX-7.1 HEX-I15
  // Red has two complete towers and a ring around 2,1 with a blue worker in its centre.
  auto s = yard()
               .tower("6,1", "red", 3)
               .tower("10,1", "red", 3)
               .red(ring_of("2,1"))
               .blue("2,1 12,3")
               .turn_of("blue", 2)
               .load();
  act_all(*s, {"free 0,3", "sacrifice 2,1", "sacrifice 12,3"});
  // The base completes nothing: no win during blue's turn.
  EXPECT_EQ(at(*s, "2,1"), "r1");
  EXPECT_EQ(result(*s), "none");
  EXPECT_EQ(hex(*s).actions_left(), 1);
  act(*s, "move 13,3>12,3");
  EXPECT_EQ(at(*s, "2,1"), "r2");  // red's turn 11
  EXPECT_EQ(result(*s), "none");
  red_idles(*s);
  act_all(*s, {"move 12,3>13,3", "move 13,3>12,3"});
  // Red's turn 13 starts with the third tier of its third tower: red wins there.
  EXPECT_EQ(s->turn_number(), 13);
  EXPECT_EQ(at(*s, "2,1"), "r3");
  EXPECT_EQ(hex(*s).complete_towers(Color::kRed), 3);
  EXPECT_EQ(result(*s), "red");
}

TEST(RiseHexRules, HEX_I7_JumpBlockedWhenProtected) {  // HEX-I7
  // Behind the blue worker: another blue worker, a red worker, the edge, a tower.
  auto s = Position().strip(0, 11).red("0,0 4,0 6,0 10,0").blue("1,0 2,0 5,0 11,0").load();
  expect_refused(*s, "jump 0,0>2,0", "protected");       // blue behind blue
  expect_refused(*s, "jump 4,0>6,0", "protected");       // red behind blue
  expect_refused(*s, "jump 6,0>4,0", "protected");       // the other way: red behind
  expect_refused(*s, "jump 10,0>12,0", "no land tile directly behind");  // the edge
  EXPECT_TRUE(legal_of(*s, "jump").empty());
  auto t = Position().strip(0, 4).red("0,0").blue("1,0 4,0").tower("2,0", "blue", 2).load();
  expect_refused(*t, "jump 0,0>2,0", "protected");  // a tower
  // Unprotected: the tile behind exists and is empty.
  auto u = Position().strip(0, 4).red("0,0").blue("1,0 4,0").load();
  EXPECT_EQ(legal_of(*u, "jump"), Cells({"jump 0,0>2,0"}));
}

TEST(RiseHexRules, HEX_I8_CompleteTowerCanBeDestroyed) {  // HEX-I8 HEX-6.1
  auto s = yard().tower("6,1", "blue", 3).red(without(ring_of("6,1"), "7,0")).red("8,0").load();
  EXPECT_EQ(hex(*s).complete_towers(Color::kBlue), 1);
  act(*s, "move 8,0>7,0");
  EXPECT_EQ(at(*s, "6,1"), "b2");
  EXPECT_EQ(hex(*s).complete_towers(Color::kBlue), 0);
  EXPECT_EQ(hex(*s).towers(Color::kBlue), 1);
}

TEST(RiseHexRules, HEX_I9_RestoredRingBuildsAtOnceUnlessChanged) {  // HEX-I9 HEX-5.5
  auto s = yard().red(without(ring_of("2,1"), "2,2")).red("2,3").tower("2,1", "red", 1).load();
  act(*s, "move 2,3>2,2");
  EXPECT_EQ(at(*s, "2,1"), "r2");
  EXPECT_EQ(hex(*s).actions_left(), 1);
  // The same, but the tower already gained a tier this turn: no second change.
  auto c = yard().red(without(ring_of("2,1"), "2,2")).red("2,3").tower("2,1", "red", 1, true).load();
  act(*c, "move 2,3>2,2");
  EXPECT_EQ(at(*c, "2,1"), "r1");
  // Restoring a ring around an enemy tower removes a tier at once as well.
  auto e = yard().blue(without(ring_of("2,1"), "2,2")).blue("2,3").tower("2,1", "red", 2).turn_of("blue", 2).load();
  act(*e, "move 2,3>2,2");
  EXPECT_EQ(at(*e, "2,1"), "r1");
}

TEST(RiseHexRules, HEX_I10_SacrificeOrder) {  // HEX-I10
  const Position p = Position().strip(0, 9).red("0,0 1,0 2,0 3,0").blue("7,0 9,0");
  auto s = p.load();
  expect_refused(*s, "free 1,0", "occupied");  // a sacrificed worker's tile is never the target
  expect_refused(*s, "sacrifice 0,0", "declare");
  act(*s, "free 5,0");
  EXPECT_EQ(legal(*s), Cells({"sacrifice 0,0", "sacrifice 1,0", "sacrifice 2,0", "sacrifice 3,0"}));
  expect_refused(*s, "tile 10,0", "must first be completed");
  expect_refused(*s, "worker 4,0", "must first be completed");
  expect_refused(*s, "sacrifice 7,0", "one of your workers");
  expect_refused(*s, "sacrifice 5,0", "one of your workers");
  act(*s, "sacrifice 3,0");
  EXPECT_EQ(s->to_json()["pending"], Json({{"action", "free"}, {"target", "5,0"}, {"sacrificed", Json::array({"3,0"})}}));
  EXPECT_EQ(pieces(*s), "0,0=R 1,0=R 2,0=R 3,0=R 7,0=B 9,0=B");  // nothing removed yet
  EXPECT_EQ(legal(*s), Cells({"sacrifice 0,0", "sacrifice 1,0", "sacrifice 2,0"}));
  expect_refused(*s, "sacrifice 3,0", "already sacrificed");
  EXPECT_EQ(hex(*s).actions_left(), 2);
  act(*s, "sacrifice 0,0");
  EXPECT_EQ(pieces(*s), "1,0=R 2,0=R 5,0=R 7,0=B 9,0=B");
  EXPECT_EQ(hex(*s).actions_left(), 1);
  // Either order gives the same state.
  auto other = p.load();
  act_all(*other, {"free 5,0", "sacrifice 0,0", "sacrifice 3,0"});
  EXPECT_EQ(other->to_json(), s->to_json());
}

TEST(RiseHexRules, HEX_I11_SixAttackerTurnsFromCompleteEnemyTower) {  // HEX-I11
  // Counted by the attacker's turns with the ring held throughout: destroyed in 3, built
  // in 3 more. Checked turn by turn in HEX_6_3_DestroyThenBuildOwnTower; here the end
  // state after exactly six red turns, and not yet complete after five.
  auto s = yard().red(ring_of("2,1")).tower("2,1", "blue", 2, true).turn_of("red", 2).load();
  red_idles(*s);  // red turn 1 (ring closed this turn)
  for (int turn = 2; turn <= 5; ++turn) {
    blue_idles(*s);
    red_idles(*s);
  }
  EXPECT_EQ(at(*s, "2,1"), "r2");
  blue_idles(*s);  // red turn 6 starts
  EXPECT_EQ(at(*s, "2,1"), "r3");
}

TEST(RiseHexRules, HEX_I12_OneBaseLeftGoesToLowerCell) {  // HEX-I12 HEX-I6
  // Red already has two towers; one worker on 3,1 completes rings around 2,1 and 4,1.
  Cells both = ring_of("2,1");
  for (const auto& c : ring_of("4,1")) both.push_back(c);
  auto s = yard().red(without(both, "3,1")).tower("8,1", "red", 1).tower("10,1", "red", 1).load();
  act(*s, "worker 3,1");
  EXPECT_EQ(row(*s, "2,1 4,1"), "r1 .");  // 2,1 comes first (lower q)
  EXPECT_EQ(hex(*s).towers(Color::kRed), 3);
  act(*s, "move 13,0>12,0");
  blue_idles(*s);
  EXPECT_EQ(row(*s, "2,1 4,1"), "r2 .");  // still no fourth base
  EXPECT_EQ(hex(*s).towers(Color::kRed), 3);
}

TEST(RiseHexRules, HEX_I13_DestroyingCountsAttackerTurnsOnly) {  // HEX-I13 HEX-6.2
  auto s = yard().red(ring_of("2,1")).tower("2,1", "blue", 2, true).turn_of("red", 1).load();
  act(*s, "move 13,0>12,0");
  EXPECT_EQ(hex(*s).to_move(), Color::kBlue);
  EXPECT_EQ(at(*s, "2,1"), "b2");  // blue's turn start changes nothing (blue has no ring)
  act(*s, "move 13,3>12,3");
  EXPECT_EQ(at(*s, "2,1"), "b2");
  act(*s, "move 12,3>13,3");
  EXPECT_EQ(at(*s, "2,1"), "b1");  // one per red turn
}

TEST(RiseHexRules, HEX_I14_RingAroundWorkerStartsNothing) {  // HEX-I14
  // Around a blue worker.
  auto s = yard().red(without(ring_of("2,1"), "2,2")).red("2,3").blue("2,1").load();
  act(*s, "move 2,3>2,2");
  EXPECT_EQ(at(*s, "2,1"), "B");
  EXPECT_EQ(hex(*s).towers(Color::kRed), 0);
  act(*s, "move 13,0>12,0");
  act(*s, "tile 14,0");  // blue's turn
  act(*s, "tile 15,0");
  EXPECT_EQ(at(*s, "2,1"), "B");  // and not at red's next turn start either
  EXPECT_EQ(hex(*s).towers(Color::kRed), 0);
  // Around a red worker.
  auto r = yard().red(without(ring_of("2,1"), "2,2")).red("2,3 2,1").load();
  act(*r, "move 2,3>2,2");
  EXPECT_EQ(at(*r, "2,1"), "R");
  EXPECT_EQ(hex(*r).towers(Color::kRed), 0);
}

TEST(RiseHexRules, HEX_I15_WinCheckedAfterEveryAction) {  // HEX-I15 HEX-7.2
  // Red eliminates blue's last worker with the second sacrifice of its first action.
  auto s = Position().strip(0, 9).red("0,0 1,0 2,0").blue("9,0").load();
  act_all(*s, {"eliminate 9,0", "sacrifice 0,0", "sacrifice 1,0"});
  EXPECT_EQ(result(*s), "red");
  EXPECT_TRUE(s->legal_actions().empty());
  expect_refused(*s, "tile 10,0", "game is over");
}

}  // namespace

// The message of the InputError that loading `p` throws ("" if it loads).
std::string load_error(const Position& p) {
  try {
    p.load();
  } catch (const rise::InputError& e) {
    return e.what();
  }
  return "";
}

// A hand-written state whose turn number and player to move contradict each other, or
// whose turn lies past the turn limit, is refused naming the field (HEX-3.0, HEX-I5).
TEST(RiseHexRules, HEX_3_0_LoadedTurnParityMustMatchThePlayerToMove) {  // HEX-3.0
  Position p = Position().strip(0, 5).red("1,0").blue("4,0");
  p.turn = 9;
  p.to_move = "blue";
  EXPECT_EQ(load_error(p), "rise-hex state: field 'to_move' is \"blue\", but turn 9 is red's (red plays the odd "
                           "turns, blue the even ones: Rule HEX-3.0)");
  p.turn = 10;
  EXPECT_EQ(load_error(p), "");
  p.to_move = "red";
  EXPECT_NE(load_error(p).find("field 'to_move' is \"red\", but turn 10 is blue's"), std::string::npos);
  // Red's very first turn has one action.
  p.turn = 1;
  p.actions_left = 2;
  EXPECT_EQ(load_error(p), "rise-hex state: field 'actions_left' is 2, but red's first turn has one action (Rule HEX-3.0)");
  p.actions_left = 1;
  EXPECT_EQ(load_error(p), "");
}

TEST(RiseHexRules, HEX_I5_LoadedTurnPastTheLimitIsRefused) {  // HEX-I5
  Position p = Position().strip(0, 5).red("1,0").blue("4,0");
  p.turn = 31;
  p.turn_limit = 30;
  EXPECT_EQ(load_error(p), "rise-hex state: field 'turn' 31 is past 'turn_limit' 30 (Interpretation HEX-I5: the "
                           "game ends with turn 30)");
  p.turn = 29;
  EXPECT_EQ(load_error(p), "");
  // A draw comes only from the turn limit: at turn 29 of 30, "draw" is a contradiction.
  Json drawn = p.json();
  drawn["result"] = "draw";
  drawn["actions_left"] = 0;
  try {
    hex_game().state_from_json(drawn);
    ADD_FAILURE() << "a draw before the turn limit was accepted";
  } catch (const rise::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("field 'result' is \"draw\", but a game is drawn only when its last turn (30) is over"),
              std::string::npos) << e.what();
  }
  drawn["turn"] = 30;
  drawn["to_move"] = "blue";
  EXPECT_EQ(hex_game().state_from_json(drawn)->to_json()["result"], "draw");
}
