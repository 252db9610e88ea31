// Perft for rise-hex: exact counts of action sequences from fixed positions, computed by
// the engine and by a deliberately naive, independent enumerator written in this file
// straight from the rulebook (shared/seeds/003_…) and the project's interpretations — not
// from games/rise-hex/state.cpp. Both must agree with each other and with the hard-coded
// counts below (computed once by the naive enumerator).
//
// Perft(d) counts every legal decision as one step: each action, including the
// `eliminate`/`free` declaration and each of its two `sacrifice` choices. A branch stops
// early when the game ends: a terminal node is a leaf and counts 1.
//
// For the first two plies of each position the test also compares, node by node, the SET of
// legal action strings (engine vs naive) and the state reached by every action (JSON), so a
// disagreement names the exact position and action.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise/core/game.h"
#include "rise/core/registry.h"
#include "rise/core/state.h"
#include "hex_test_support.h"

namespace {

// ---------------------------------------------------------------------------------------
// The naive enumerator. Slow and plain on purpose: a std::map board copied at every node,
// actions as notation strings, every rule re-derived from the rulebook text.
// ---------------------------------------------------------------------------------------
namespace naive {

using Cell = std::pair<int, int>;  // axial (q, r)

enum class Color { kNone, kRed, kBlue };

Color other(Color c) { return c == Color::kRed ? Color::kBlue : Color::kRed; }
std::string name_of(Color c) { return c == Color::kRed ? "red" : c == Color::kBlue ? "blue" : "none"; }

struct Tile {
  Color worker = Color::kNone;
  Color tower = Color::kNone;
  int tiers = 0;
  bool changed = false;  // this tile's tower gained or lost a tier during the current turn
};

struct Position {
  std::map<Cell, Tile> tiles;  // a land tile at every key; std::map orders by (q, r)
  int turn = 1;
  int turn_limit = 200;
  Color to_move = Color::kRed;
  int actions_left = 1;
  std::string pending;           // "", "eliminate" or "free": a declared sacrifice action
  Cell target{};                 // its target
  std::vector<Cell> sacrificed;  // workers chosen so far (at most one before completion)
  std::string result;            // "", "red", "blue" or "draw"
};

// E, NE, NW, W, SW, SE.
const Cell kStep[6] = {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}};

Cell step(Cell c, int d, int times = 1) {
  return {c.first + times * kStep[d].first, c.second + times * kStep[d].second};
}

std::string cell_text(Cell c) { return std::to_string(c.first) + "," + std::to_string(c.second); }

Cell parse_cell(const std::string& text) {
  auto comma = text.find(',');
  return {std::stoi(text.substr(0, comma)), std::stoi(text.substr(comma + 1))};
}

bool is_tile(const Position& p, Cell c) { return p.tiles.count(c) != 0; }

// A tile with neither a worker nor a tower on it (a tower stands on its tile).
bool is_unoccupied(const Position& p, Cell c) {
  auto it = p.tiles.find(c);
  return it != p.tiles.end() && it->second.worker == Color::kNone && it->second.tower == Color::kNone;
}

bool has_worker(const Position& p, Cell c, Color who) {
  auto it = p.tiles.find(c);
  return it != p.tiles.end() && it->second.worker == who;
}

int workers_of(const Position& p, Color who) {
  int n = 0;
  for (const auto& [c, t] : p.tiles) n += t.worker == who ? 1 : 0;
  return n;
}

int towers_of(const Position& p, Color who) {
  int n = 0;
  for (const auto& [c, t] : p.tiles) n += t.tower == who ? 1 : 0;
  return n;
}

int complete_towers_of(const Position& p, Color who) {
  int n = 0;
  for (const auto& [c, t] : p.tiles) n += (t.tower == who && t.tiers == 3) ? 1 : 0;
  return n;
}

// All six neighbours are land tiles holding a worker of `who`.
bool ringed_by(const Position& p, Cell c, Color who) {
  for (int d = 0; d < 6; ++d) {
    if (!has_worker(p, step(c, d), who)) return false;
  }
  return true;
}

Position opening() {
  Position p;
  for (int q = 0; q < 8; ++q) p.tiles[{q, 0}] = Tile{};  // the central strip, tiles 1..8
  // One tile on each side between tiles 1 and 2, and between tiles 7 and 8.
  p.tiles[{1, -1}] = Tile{};
  p.tiles[{0, 1}] = Tile{};
  p.tiles[{7, -1}] = Tile{};
  p.tiles[{6, 1}] = Tile{};
  p.tiles[{1, 0}].worker = Color::kRed;   // red on the second tile
  p.tiles[{6, 0}].worker = Color::kBlue;  // blue on the seventh
  p.turn = 1;
  p.to_move = Color::kRed;
  p.actions_left = 1;  // red's first turn has a single action
  return p;
}

Color color_from(const nlohmann::json& j) { return j == "red" ? Color::kRed : Color::kBlue; }

Position from_json(const nlohmann::json& j) {
  Position p;
  p.turn = j.at("turn").get<int>();
  p.turn_limit = j.contains("turn_limit") ? j.at("turn_limit").get<int>() : 200;
  p.to_move = color_from(j.at("to_move"));
  p.actions_left = j.at("actions_left").get<int>();
  for (const auto& tj : j.at("tiles")) {
    Tile t;
    if (tj.contains("worker")) t.worker = color_from(tj["worker"]);
    if (tj.contains("tower")) {
      t.tower = color_from(tj["tower"]);
      t.tiers = tj.at("tiers").get<int>();
    }
    t.changed = tj.contains("changed_this_turn") && tj["changed_this_turn"].get<bool>();
    p.tiles[parse_cell(tj.at("at").get<std::string>())] = t;
  }
  if (j.contains("pending") && !j["pending"].is_null()) {
    p.pending = j["pending"].at("action").get<std::string>();
    p.target = parse_cell(j["pending"].at("target").get<std::string>());
    for (const auto& s : j["pending"].at("sacrificed")) p.sacrificed.push_back(parse_cell(s.get<std::string>()));
  }
  if (j.contains("result") && !j["result"].is_null()) p.result = j["result"].get<std::string>();
  return p;
}

nlohmann::json to_json(const Position& p) {
  nlohmann::json j;
  j["game"] = "rise-hex";
  j["turn"] = p.turn;
  j["turn_limit"] = p.turn_limit;
  j["to_move"] = name_of(p.to_move);
  j["actions_left"] = p.actions_left;
  if (p.pending.empty()) {
    j["pending"] = nullptr;
  } else {
    j["pending"] = {{"action", p.pending}, {"target", cell_text(p.target)}, {"sacrificed", nlohmann::json::array()}};
    for (Cell c : p.sacrificed) j["pending"]["sacrificed"].push_back(cell_text(c));
  }
  j["tiles"] = nlohmann::json::array();
  for (const auto& [c, t] : p.tiles) {
    nlohmann::json tj;
    tj["at"] = cell_text(c);
    if (t.worker != Color::kNone) tj["worker"] = name_of(t.worker);
    if (t.tower != Color::kNone) {
      tj["tower"] = name_of(t.tower);
      tj["tiers"] = t.tiers;
    }
    if (t.changed) tj["changed_this_turn"] = true;
    j["tiles"].push_back(tj);
  }
  j["result"] = p.result.empty() ? nlohmann::json() : nlohmann::json(p.result);
  return j;
}

std::vector<std::string> legal_actions(const Position& p) {
  std::vector<std::string> out;
  if (!p.result.empty()) return out;
  const Color me = p.to_move;
  const Color foe = other(me);

  // Half-way through "sacrifice to eliminate / to place freely": choose the sacrificed
  // workers one at a time, any two of your own, in any order.
  if (!p.pending.empty()) {
    for (const auto& [c, t] : p.tiles) {
      if (t.worker == me && std::find(p.sacrificed.begin(), p.sacrificed.end(), c) == p.sacrificed.end()) {
        out.push_back("sacrifice " + cell_text(c));
      }
    }
    return out;
  }

  // 1. Place a land tile adjacent to any existing tile (60 tiles in the box).
  if (p.tiles.size() < 60) {
    std::set<Cell> spots;
    for (const auto& [c, t] : p.tiles) {
      for (int d = 0; d < 6; ++d) {
        if (!is_tile(p, step(c, d))) spots.insert(step(c, d));
      }
    }
    for (Cell c : spots) out.push_back("tile " + cell_text(c));
  }
  // 2. Place a worker on an unoccupied tile adjacent to one of your workers (30 per colour).
  if (workers_of(p, me) < 30) {
    for (const auto& [c, t] : p.tiles) {
      if (!is_unoccupied(p, c)) continue;
      bool next_to_mine = false;
      for (int d = 0; d < 6; ++d) next_to_mine = next_to_mine || has_worker(p, step(c, d), me);
      if (next_to_mine) out.push_back("worker " + cell_text(c));
    }
  }
  // 3. Move a worker one space to an adjacent unoccupied tile.
  for (const auto& [c, t] : p.tiles) {
    if (t.worker != me) continue;
    for (int d = 0; d < 6; ++d) {
      if (is_unoccupied(p, step(c, d))) out.push_back("move " + cell_text(c) + ">" + cell_text(step(c, d)));
    }
  }
  // 4. Jump an adjacent enemy worker onto the unoccupied tile directly behind it.
  for (const auto& [c, t] : p.tiles) {
    if (t.worker != me) continue;
    for (int d = 0; d < 6; ++d) {
      if (has_worker(p, step(c, d), foe) && is_unoccupied(p, step(c, d, 2))) {
        out.push_back("jump " + cell_text(c) + ">" + cell_text(step(c, d, 2)));
      }
    }
  }
  // 5./6. Sacrifice two workers; never down to zero, so at least three are needed.
  if (workers_of(p, me) >= 3) {
    for (const auto& [c, t] : p.tiles) {
      if (t.worker == foe) out.push_back("eliminate " + cell_text(c));
    }
    for (const auto& [c, t] : p.tiles) {
      if (is_unoccupied(p, c)) out.push_back("free " + cell_text(c));
    }
  }
  // 7. Remove a tier from any of your towers — the rulebook sets no limit, even on a tower
  // that rose this turn; the removal counts as that tile's change for the rest of the turn.
  for (const auto& [c, t] : p.tiles) {
    if (t.tower == me) out.push_back("remove-tier " + cell_text(c));
  }
  if (out.empty()) out.push_back("pass");
  return out;
}

// Towers rise and fall by the rings of `who`'s workers around unoccupied-by-workers tiles.
void tower_check(Position& p, Color who) {
  for (auto& [c, t] : p.tiles) {
    if (t.changed || t.worker != Color::kNone || !ringed_by(p, c, who)) continue;
    if (t.tower == Color::kNone) {
      if (towers_of(p, who) < 3) {
        t.tower = who;
        t.tiers = 1;
        t.changed = true;
      }
    } else if (t.tower == who) {
      if (t.tiers < 3) {
        ++t.tiers;
        t.changed = true;
      }
    } else {
      --t.tiers;
      if (t.tiers == 0) t.tower = Color::kNone;
      t.changed = true;
    }
  }
}

// The tiles that six workers of `who` surround while nothing stands on them: the
// "formation" of the rulebook's tower rule, complete.
std::set<Cell> formations(const Position& p, Color who) {
  std::set<Cell> out;
  for (const auto& [c, t] : p.tiles) {
    if (is_unoccupied(p, c) && ringed_by(p, c, who)) out.insert(c);
  }
  return out;
}

// "Completing this formation anytime during a turn will instantly result in the start of
// a tower": a formation of the player NOT to move that the action just completed — one
// that was not there before it — gets that player's base at once, if a base is left.
void found_completed_formations(Position& p, const std::set<Cell>& before) {
  const Color who = other(p.to_move);
  for (Cell c : formations(p, who)) {
    if (before.count(c) != 0 || towers_of(p, who) >= 3) continue;
    Tile& t = p.tiles[c];
    t.tower = who;
    t.tiers = 1;
    t.changed = true;
  }
}

void check_winner(Position& p) {
  const Color me = p.to_move;
  if (complete_towers_of(p, me) >= 3 || workers_of(p, other(me)) == 0) p.result = name_of(me);
}

// After a whole action of the player to move: towers (the mover's, then the formations of
// the other player it completed), wins, then the turn passes. `before`: the other player's
// formations before the action.
void finish_action(Position& p, const std::set<Cell>& before) {
  tower_check(p, p.to_move);
  found_completed_formations(p, before);
  check_winner(p);
  if (!p.result.empty()) return;
  if (--p.actions_left > 0) return;
  if (p.turn == p.turn_limit) {
    p.result = "draw";
    return;
  }
  ++p.turn;
  p.to_move = other(p.to_move);
  p.actions_left = 2;
  for (auto& [c, t] : p.tiles) t.changed = false;
  tower_check(p, p.to_move);  // a formation held since the last turn raises the next tier
  check_winner(p);
}

void apply(Position& p, const std::string& action) {
  const Color me = p.to_move;
  const std::set<Cell> before = formations(p, other(me));
  const auto space = action.find(' ');
  const std::string word = action.substr(0, space);
  const std::string arg = space == std::string::npos ? "" : action.substr(space + 1);
  Cell from{}, to{};
  if (word == "move" || word == "jump") {
    from = parse_cell(arg.substr(0, arg.find('>')));
    to = parse_cell(arg.substr(arg.find('>') + 1));
  } else if (!arg.empty()) {
    from = parse_cell(arg);
  }
  if (word == "tile") {
    p.tiles[from] = Tile{};
  } else if (word == "worker") {
    p.tiles[from].worker = me;
  } else if (word == "move") {
    p.tiles[from].worker = Color::kNone;
    p.tiles[to].worker = me;
  } else if (word == "jump") {
    const Cell over{(from.first + to.first) / 2, (from.second + to.second) / 2};
    p.tiles[from].worker = Color::kNone;
    p.tiles[over].worker = Color::kNone;
    p.tiles[to].worker = me;
  } else if (word == "eliminate" || word == "free") {
    p.pending = word;
    p.target = from;
    return;  // a declaration, not yet a whole action
  } else if (word == "sacrifice") {
    p.sacrificed.push_back(from);
    if (p.sacrificed.size() < 2) return;
    for (Cell c : p.sacrificed) p.tiles[c].worker = Color::kNone;
    p.tiles[p.target].worker = p.pending == "eliminate" ? Color::kNone : me;
    p.pending.clear();
    p.sacrificed.clear();
  } else if (word == "remove-tier") {
    Tile& t = p.tiles[from];
    if (--t.tiers == 0) t.tower = Color::kNone;
    t.changed = true;
  } else if (word != "pass") {
    ADD_FAILURE() << "naive enumerator: unknown action '" << action << "'";
    return;
  }
  finish_action(p, before);
}

uint64_t perft(const Position& p, int depth) {
  if (depth == 0 || !p.result.empty()) return 1;
  const std::vector<std::string> actions = legal_actions(p);
  if (depth == 1) return actions.size();
  uint64_t total = 0;
  for (const std::string& a : actions) {
    Position child = p;
    apply(child, a);
    total += perft(child, depth - 1);
  }
  return total;
}

}  // namespace naive

// ---------------------------------------------------------------------------------------
// The engine, through the core API only.
// ---------------------------------------------------------------------------------------

uint64_t engine_perft(const rise::State& state, int depth) {
  if (depth == 0 || state.is_terminal()) return 1;
  std::vector<rise::Action> actions;
  state.legal_actions(actions);
  if (depth == 1) return actions.size();
  uint64_t total = 0;
  for (rise::Action a : actions) {
    std::unique_ptr<rise::State> child = state.clone();
    child->apply_action(a);
    total += engine_perft(*child, depth - 1);
  }
  return total;
}

std::set<std::string> engine_action_strings(const rise::State& state) {
  std::set<std::string> out;
  for (rise::Action a : state.legal_actions()) out.insert(state.action_to_string(a));
  return out;
}

std::string join(const std::vector<std::string>& actions, const char* if_empty = "(none)") {
  if (actions.empty()) return if_empty;
  std::string s;
  for (const auto& a : actions) s += (s.empty() ? "" : ", ") + a;
  return s;
}

// The actions leading from the test position to the node being compared.
std::string join_path(const std::vector<std::string>& path) { return join(path, "(the position itself)"); }

// Compares the legal action sets, then every child state, down `plies` plies. Terminal
// states are compared by board and result only (what a finished game leaves of the turn
// counters is not a rule).
void compare_tree(const rise::State& engine, const naive::Position& slow, int plies,
                  std::vector<std::string>& path) {
  const std::set<std::string> from_engine = engine_action_strings(engine);
  const std::vector<std::string> naive_list = naive::legal_actions(slow);
  const std::set<std::string> from_naive(naive_list.begin(), naive_list.end());
  ASSERT_EQ(naive_list.size(), from_naive.size()) << "naive duplicates after: " << join_path(path);
  std::vector<std::string> only_engine, only_naive;
  std::set_difference(from_engine.begin(), from_engine.end(), from_naive.begin(), from_naive.end(),
                      std::back_inserter(only_engine));
  std::set_difference(from_naive.begin(), from_naive.end(), from_engine.begin(), from_engine.end(),
                      std::back_inserter(only_naive));
  ASSERT_TRUE(only_engine.empty() && only_naive.empty())
      << "legal actions differ after: " << join_path(path) << "\n  only the engine allows: " << join(only_engine)
      << "\n  only the naive enumerator allows: " << join(only_naive)
      << "\n  state: " << engine.to_json().dump();
  ASSERT_EQ(engine.is_terminal(), from_engine.empty()) << "after: " << join_path(path);
  if (plies == 0) return;
  for (const std::string& text : naive_list) {
    std::unique_ptr<rise::State> child = engine.clone();
    child->apply_action(child->string_to_action(text));
    naive::Position slow_child = slow;
    naive::apply(slow_child, text);
    path.push_back(text);
    nlohmann::json a = child->to_json(), b = naive::to_json(slow_child);
    if (child->is_terminal() || !slow_child.result.empty()) {
      ASSERT_EQ(a["result"], b["result"]) << "result differs after: " << join_path(path) << "\n  engine: "
                                          << a.dump() << "\n  naive:  " << b.dump();
      ASSERT_EQ(a["tiles"], b["tiles"]) << "board differs after: " << join_path(path) << "\n  engine: "
                                        << a["tiles"].dump() << "\n  naive:  " << b["tiles"].dump();
    } else {
      ASSERT_EQ(a, b) << "state differs after: " << join_path(path) << "\n  engine: " << a.dump()
                      << "\n  naive:  " << b.dump();
    }
    compare_tree(*child, slow_child, plies - 1, path);
    path.pop_back();
    if (testing::Test::HasFatalFailure()) return;
  }
}

using rise_hex_testing::hex_game;

// Mid-game position A (red to move, two actions left, turn 15). Red's tower at 3,0 (one
// tier) lost its ring at 3,1; `move 3,2>3,1` or `worker 3,1` restores it and raises the
// second tier. Red jumps: 4,0 over 5,0 and 2,1 over 1,1; blue can answer 1,1 over 2,1
// into 3,1. Seven red and five blue workers, so both sides can sacrifice.
const char* const kRingAndJumps = R"({"game": "rise-hex", "turn": 15, "turn_limit": 200, "to_move": "red",
 "actions_left": 2, "pending": null, "result": null,
 "tiles": [
  {"at": "0,0"}, {"at": "0,1"}, {"at": "1,-1"}, {"at": "1,0", "worker": "red"}, {"at": "1,1", "worker": "blue"},
  {"at": "2,-1"}, {"at": "2,0", "worker": "red"}, {"at": "2,1", "worker": "red"}, {"at": "2,2"},
  {"at": "3,-1", "worker": "red"}, {"at": "3,0", "tower": "red", "tiers": 1}, {"at": "3,1"},
  {"at": "3,2", "worker": "red"}, {"at": "4,-1", "worker": "red"}, {"at": "4,0", "worker": "red"},
  {"at": "4,1", "worker": "blue"}, {"at": "5,-1", "worker": "blue"}, {"at": "5,0", "worker": "blue"},
  {"at": "5,1"}, {"at": "6,-1"}, {"at": "6,0"}, {"at": "6,1", "worker": "blue"}, {"at": "7,-1"},
  {"at": "7,0"}]})";

// Mid-game position B (red to move, one action left, turn 57, 58 tiles: only two more can
// be placed). Blue has a complete tower at 2,0 and a one-tier tower at 5,2 whose ring lacks
// only 5,3. Red rings blue's complete tower with `move 3,1>2,1` or `worker 2,1` (one tier
// off). Red's two-tier tower at 6,-2 already rose this turn (its ring was then broken by
// red's first action, 6,-1 to 7,-1), so no ring changes it again this turn (remove-tier
// still may: the rulebook allows it on any of your towers). Red jumps 3,0
// over 4,0; blue can jump 4,0 over 3,1.
const char* const kTowersNearFullBoard = R"({"game": "rise-hex", "turn": 57, "turn_limit": 200, "to_move": "red",
 "actions_left": 1, "pending": null, "result": null,
 "tiles": [
  {"at": "0,0"}, {"at": "0,1"}, {"at": "0,2"}, {"at": "0,3"}, {"at": "0,4"}, {"at": "1,-1"},
  {"at": "1,0", "worker": "red"}, {"at": "1,1", "worker": "red"}, {"at": "1,2"}, {"at": "1,3"},
  {"at": "1,4"}, {"at": "2,-2"}, {"at": "2,-1", "worker": "red"}, {"at": "2,0", "tower": "blue", "tiers": 3},
  {"at": "2,1"}, {"at": "2,2"}, {"at": "2,3"}, {"at": "2,4"}, {"at": "3,-3"}, {"at": "3,-2"},
  {"at": "3,-1", "worker": "red"}, {"at": "3,0", "worker": "red"}, {"at": "3,1", "worker": "red"},
  {"at": "3,2"}, {"at": "3,3"}, {"at": "3,4"}, {"at": "4,-4"}, {"at": "4,-3"}, {"at": "4,-2"},
  {"at": "4,-1"}, {"at": "4,0", "worker": "blue"}, {"at": "4,1"}, {"at": "4,2", "worker": "blue"},
  {"at": "4,3", "worker": "blue"}, {"at": "5,-4"}, {"at": "5,-3"}, {"at": "5,-2", "worker": "red"},
  {"at": "5,-1", "worker": "red"}, {"at": "5,0"}, {"at": "5,1", "worker": "blue"},
  {"at": "5,2", "tower": "blue", "tiers": 1}, {"at": "5,3"}, {"at": "6,-4"}, {"at": "6,-3", "worker": "red"},
  {"at": "6,-2", "tower": "red", "tiers": 2, "changed_this_turn": true}, {"at": "6,-1"}, {"at": "6,0"},
  {"at": "6,1", "worker": "blue"}, {"at": "6,2", "worker": "blue"}, {"at": "7,-4"},
  {"at": "7,-3", "worker": "red"}, {"at": "7,-2", "worker": "red"}, {"at": "7,-1", "worker": "red"},
  {"at": "7,0"}, {"at": "7,1"}, {"at": "8,-3"}, {"at": "8,-2"}, {"at": "8,-1"}]})";

// Endgame position C (red to move with its single remaining action, turn 99 of a 100-turn
// limit). Red has two complete towers; its two-tier tower at 3,0 completes — and red wins —
// when `move 3,2>3,1` or `worker 3,1` restores the ring. Blue's last worker at 5,0 can be
// jumped (`jump 4,0>6,0`) or eliminated by sacrifice: red wins either way. Otherwise blue
// plays turn 100 and the game is drawn when it ends: a line of one red action and two blue
// ones stops at ply 3, so only red's three-decision sacrifices reach ply 4.
const char* const kEndgame = R"({"game": "rise-hex", "turn": 99, "turn_limit": 100, "to_move": "red",
 "actions_left": 1, "pending": null, "result": null,
 "tiles": [
  {"at": "-1,0"}, {"at": "-1,1"}, {"at": "0,-1"}, {"at": "0,0", "tower": "red", "tiers": 3},
  {"at": "0,1"}, {"at": "1,-1"}, {"at": "1,0"}, {"at": "2,-1"}, {"at": "2,0", "worker": "red"},
  {"at": "2,1", "worker": "red"}, {"at": "3,-1", "worker": "red"}, {"at": "3,0", "tower": "red", "tiers": 2},
  {"at": "3,1"}, {"at": "3,2", "worker": "red"}, {"at": "4,-1", "worker": "red"}, {"at": "4,0", "worker": "red"},
  {"at": "5,-1"}, {"at": "5,0", "worker": "blue"}, {"at": "6,-2"}, {"at": "6,-1", "tower": "red", "tiers": 3},
  {"at": "6,0"}, {"at": "6,1"}, {"at": "7,-2"}, {"at": "7,-1"}, {"at": "7,0"}]})";

// Position D (blue to move, two actions, turn 10): rings of the player NOT moving, each of
// which one blue action completes (Interpretation HEX-I6). Red's six workers surround
//   2,1  a hole with no land tile:       `tile 2,1`
//   4,1  a blue worker:                  `free ...` or `eliminate ...` sacrificing 4,1
//   6,1  a red worker:                   `eliminate 6,1` and two sacrifices
//   8,1  blue's one-tier tower (siege):  `remove-tier 8,1`
// Red has a complete tower on 10,3, so two bases are left: `eliminate 6,1` with 4,1
// sacrificed completes two rings at once and uses both; a third ring then waits (HEX-I12).
// A ring completed in blue's turn rises to a second tier at red's turn start, ply 3.
//   r=0   .  .  R  R  R  R  R  R  R  R  B            (q = 0..10)
//   r=1    .  R  -  R  B  R  R  R  b1 R  .
//   r=2     .  R  R  R  R  R  R  R  R  .  .
//   r=3      B  .  .  .  .  .  .  .  .  .  r3
const char* const kOpponentRings = R"({"game": "rise-hex", "turn": 10, "turn_limit": 200, "to_move": "blue",
 "actions_left": 2, "pending": null, "result": null,
 "tiles": [
  {"at": "0,0"}, {"at": "0,1"}, {"at": "0,2"}, {"at": "0,3", "worker": "blue"}, {"at": "1,0"},
  {"at": "1,1", "worker": "red"}, {"at": "1,2", "worker": "red"}, {"at": "1,3"},
  {"at": "2,0", "worker": "red"}, {"at": "2,2", "worker": "red"}, {"at": "2,3"},
  {"at": "3,0", "worker": "red"}, {"at": "3,1", "worker": "red"}, {"at": "3,2", "worker": "red"},
  {"at": "3,3"}, {"at": "4,0", "worker": "red"}, {"at": "4,1", "worker": "blue"},
  {"at": "4,2", "worker": "red"}, {"at": "4,3"}, {"at": "5,0", "worker": "red"},
  {"at": "5,1", "worker": "red"}, {"at": "5,2", "worker": "red"}, {"at": "5,3"},
  {"at": "6,0", "worker": "red"}, {"at": "6,1", "worker": "red"}, {"at": "6,2", "worker": "red"},
  {"at": "6,3"}, {"at": "7,0", "worker": "red"}, {"at": "7,1", "worker": "red"},
  {"at": "7,2", "worker": "red"}, {"at": "7,3"}, {"at": "8,0", "worker": "red"},
  {"at": "8,1", "tower": "blue", "tiers": 1}, {"at": "8,2", "worker": "red"}, {"at": "8,3"},
  {"at": "9,0", "worker": "red"}, {"at": "9,1", "worker": "red"}, {"at": "9,2"}, {"at": "9,3"},
  {"at": "10,0", "worker": "blue"}, {"at": "10,1"}, {"at": "10,2"},
  {"at": "10,3", "tower": "red", "tiers": 3}]})";

// Position A half-way through "sacrifice to place a worker freely" on 6,0: red has chosen
// 1,0 and must choose the second sacrificed worker (loads the `pending` field).
nlohmann::json pending_free_position() {
  nlohmann::json j = nlohmann::json::parse(kRingAndJumps);
  j["pending"] = {{"action", "free"}, {"target", "6,0"}, {"sacrificed", {"1,0"}}};
  return j;
}

struct Case {
  const char* name;
  std::unique_ptr<rise::State> engine;
  naive::Position slow;
};

Case opening_case() {
  return {"opening", hex_game().new_initial_state(0, {}, 2), naive::opening()};
}

Case json_case(const char* name, const nlohmann::json& j) {
  return {name, hex_game().state_from_json(j), naive::from_json(j)};
}

Case json_case(const char* name, const char* text) { return json_case(name, nlohmann::json::parse(text)); }

// engine == naive == expected for depths 1..expected.size(); the naive enumerator only up
// to `naive_depth` (it is slow), the engine always to the full depth.
void check_counts(const Case& c, const std::vector<uint64_t>& expected, int naive_depth) {
  for (int depth = 1; depth <= static_cast<int>(expected.size()); ++depth) {
    const uint64_t want = expected[static_cast<size_t>(depth - 1)];
    EXPECT_EQ(engine_perft(*c.engine, depth), want) << c.name << ": engine perft(" << depth << ")";
    if (depth <= naive_depth) {
      EXPECT_EQ(naive::perft(c.slow, depth), want) << c.name << ": naive perft(" << depth << ")";
    }
  }
}

TEST(RiseHexPerft, NaiveOpeningMatchesTheEngineInitialState) {
  Case c = opening_case();
  EXPECT_EQ(c.engine->to_json(), naive::to_json(c.slow));
}

TEST(RiseHexPerft, PositionsLoadIdentically) {
  for (const nlohmann::json& j : {nlohmann::json::parse(kRingAndJumps), nlohmann::json::parse(kTowersNearFullBoard),
                                  nlohmann::json::parse(kEndgame), nlohmann::json::parse(kOpponentRings),
                                  pending_free_position()}) {
    Case c = json_case("position", j);
    EXPECT_EQ(c.engine->to_json(), naive::to_json(c.slow));
    EXPECT_EQ(c.engine->to_json(), j);
  }
}

TEST(RiseHexPerft, OpeningActionSetsAndStatesAgreeForTwoPlies) {
  Case c = opening_case();
  std::vector<std::string> path;
  compare_tree(*c.engine, c.slow, 2, path);
}

TEST(RiseHexPerft, RingAndJumpsActionSetsAndStatesAgreeForTwoPlies) {
  Case c = json_case("ring-and-jumps", kRingAndJumps);
  std::vector<std::string> path;
  compare_tree(*c.engine, c.slow, 2, path);
}

TEST(RiseHexPerft, TowersNearFullBoardActionSetsAndStatesAgreeForTwoPlies) {
  Case c = json_case("towers-near-full-board", kTowersNearFullBoard);
  std::vector<std::string> path;
  compare_tree(*c.engine, c.slow, 2, path);
}

TEST(RiseHexPerft, EndgameActionSetsAndStatesAgreeForTwoPlies) {
  Case c = json_case("endgame", kEndgame);
  std::vector<std::string> path;
  compare_tree(*c.engine, c.slow, 2, path);
}

TEST(RiseHexPerft, OpponentRingsActionSetsAndStatesAgreeForTwoPlies) {
  Case c = json_case("opponent-rings", kOpponentRings);
  std::vector<std::string> path;
  compare_tree(*c.engine, c.slow, 2, path);
}

TEST(RiseHexPerft, PendingFreeActionSetsAndStatesAgreeForTwoPlies) {
  Case c = json_case("pending-free", pending_free_position());
  std::vector<std::string> path;
  compare_tree(*c.engine, c.slow, 2, path);
}

// The positions contain what their comments claim (otherwise the counts below would test
// less than they seem to).
nlohmann::json after(const char* text, const std::vector<std::string>& actions) {
  std::unique_ptr<rise::State> s = hex_game().state_from_json(nlohmann::json::parse(text));
  for (const std::string& a : actions) s->apply_action(s->string_to_action(a));
  return s->to_json();
}

nlohmann::json tile_at(const nlohmann::json& state, const std::string& at) {
  for (const auto& t : state["tiles"]) {
    if (t["at"] == at) return t;
  }
  return nullptr;
}

TEST(RiseHexPerft, PositionsHoldWhatTheyClaim) {
  // A: restoring the ring raises red's tower at once.
  EXPECT_EQ(tile_at(after(kRingAndJumps, {"move 3,2>3,1"}), "3,0"),
            (nlohmann::json{{"at", "3,0"}, {"tower", "red"}, {"tiers", 2}, {"changed_this_turn", true}}));
  // A: blue's jump from 1,1 over 2,1 lands in the gap of red's ring.
  nlohmann::json a2 = after(kRingAndJumps, {"tile 8,0", "tile 9,0", "jump 1,1>3,1"});
  EXPECT_EQ(tile_at(a2, "3,1"), (nlohmann::json{{"at", "3,1"}, {"worker", "blue"}}));
  EXPECT_EQ(tile_at(a2, "2,1"), (nlohmann::json{{"at", "2,1"}}));
  // B: ringing blue's complete tower takes a tier off at once; the turn passes to blue.
  nlohmann::json b1 = after(kTowersNearFullBoard, {"move 3,1>2,1"});
  EXPECT_EQ(tile_at(b1, "2,0"), (nlohmann::json{{"at", "2,0"}, {"tower", "blue"}, {"tiers", 2}}));
  EXPECT_EQ(b1["to_move"], "blue");
  // B: two more tiles fill the box of 60; no tile placement remains.
  std::unique_ptr<rise::State> b2 = hex_game().state_from_json(nlohmann::json::parse(kTowersNearFullBoard));
  for (const char* a : {"tile 9,-1", "tile 9,-2"}) b2->apply_action(b2->string_to_action(a));
  EXPECT_EQ(b2->to_json()["tiles"].size(), 60u);
  for (rise::Action a : b2->legal_actions()) EXPECT_NE(b2->action_to_string(a).rfind("tile ", 0), 0u);
  // C: completing the third tower or taking blue's last worker wins; blue's turn 100 ends in a draw.
  EXPECT_EQ(after(kEndgame, {"move 3,2>3,1"})["result"], "red");
  EXPECT_EQ(after(kEndgame, {"jump 4,0>6,0"})["result"], "red");
  EXPECT_EQ(after(kEndgame, {"eliminate 5,0", "sacrifice 2,0", "sacrifice 3,2"})["result"], "red");
  EXPECT_EQ(after(kEndgame, {"tile 8,0", "tile 8,-1", "tile 9,-1"})["result"], "draw");
  // D: each blue action below completes a red ring: red's base at once, in blue's turn.
  const nlohmann::json red_base = {{"tower", "red"}, {"tiers", 1}, {"changed_this_turn", true}};
  auto red_base_at = [&](const char* at) {
    nlohmann::json t = red_base;
    t["at"] = at;
    return t;
  };
  nlohmann::json d1 = after(kOpponentRings, {"tile 2,1"});
  EXPECT_EQ(tile_at(d1, "2,1"), red_base_at("2,1"));
  EXPECT_EQ(d1["to_move"], "blue");
  EXPECT_EQ(tile_at(after(kOpponentRings, {"free 9,2", "sacrifice 4,1", "sacrifice 0,3"}), "4,1"), red_base_at("4,1"));
  EXPECT_EQ(tile_at(after(kOpponentRings, {"remove-tier 8,1"}), "8,1"), red_base_at("8,1"));
  // D: two rings at once take red's last two bases; the hole then stays empty (HEX-I12),
  // and when red's turn starts the two new bases rise.
  const std::vector<std::string> two_at_once = {"eliminate 6,1", "sacrifice 4,1", "sacrifice 10,0"};
  nlohmann::json d2 = after(kOpponentRings, two_at_once);
  EXPECT_EQ(tile_at(d2, "4,1"), red_base_at("4,1"));
  EXPECT_EQ(tile_at(d2, "6,1"), red_base_at("6,1"));
  std::vector<std::string> then_the_hole = two_at_once;
  then_the_hole.push_back("tile 2,1");
  nlohmann::json d3 = after(kOpponentRings, then_the_hole);
  EXPECT_EQ(d3["to_move"], "red");
  EXPECT_EQ(tile_at(d3, "2,1"), (nlohmann::json{{"at", "2,1"}}));
  EXPECT_EQ(tile_at(d3, "4,1")["tiers"], 2);
  EXPECT_EQ(tile_at(d3, "6,1")["tiers"], 2);
  // D: a blue worker that jumps out of 4,1 breaks the ring it stood in.
  EXPECT_EQ(tile_at(after(kOpponentRings, {"jump 4,1>2,3"}), "4,1"), (nlohmann::json{{"at", "4,1"}}));
}

TEST(RiseHexPerft, Opening) {
  check_counts(opening_case(), {32, 1058, 35620, 1239124}, 4);
}

TEST(RiseHexPerft, RingAndJumps) {
  check_counts(json_case("ring-and-jumps", kRingAndJumps), {60, 2826, 131599}, 3);
}

TEST(RiseHexPerft, TowersNearFullBoard) {
  check_counts(json_case("towers-near-full-board", kTowersNearFullBoard), {136, 10710, 627806}, 3);
}

TEST(RiseHexPerft, Endgame) {
  check_counts(json_case("endgame", kEndgame), {61, 1516, 50152, 64762}, 4);
}

TEST(RiseHexPerft, OpponentRings) {
  check_counts(json_case("opponent-rings", kOpponentRings), {80, 3566, 190782, 15969702}, 3);
}

TEST(RiseHexPerft, PendingFree) {
  check_counts(json_case("pending-free", pending_free_position()), {6, 381, 18259}, 3);
}

}  // namespace
