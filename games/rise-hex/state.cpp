// The rules of Rise! (docs/rules/rise-hex.md). Comments cite the rule ids.
#include "rise-hex/state.h"

#include <algorithm>
#include <bit>

#include "rise/core/error.h"

namespace rise::hex {
namespace {

size_t ci(Color c) { return static_cast<size_t>(c); }

}  // namespace

HexState::HexState(const Game& game) : State(game) {}

HexState::HexState(const Game& game, int turn_limit) : State(game) {
  turn_limit_ = static_cast<uint16_t>(turn_limit);
  // Rule HEX-2.1: an 8-tile strip, tiles 1..8 at q = 0..7 on r = 0.
  for (int q = 0; q < 8; ++q) board_.add_tile(key_of(q, 0));
  // Rule HEX-2.1: one tile on both sides between tiles 1 and 2, and between tiles 7 and 8
  // (the two cells adjacent to both).
  board_.add_tile(key_of(1, -1));
  board_.add_tile(key_of(0, 1));
  board_.add_tile(key_of(7, -1));
  board_.add_tile(key_of(6, 1));
  // Rule HEX-2.2: red on tile 2, blue on tile 7.
  add_worker(index_of(key_of(1, 0)), Color::kRed);
  add_worker(index_of(key_of(6, 0)), Color::kBlue);
  // Rule HEX-2.3 / HEX-3.0: red begins, with a single action on its first turn.
  turn_ = 1;
  to_move_ = Color::kRed;
  actions_left_ = 1;
}

PlayerId HexState::current_player() const {
  return is_terminal() ? kTerminalPlayer : seat_of(to_move_);
}

std::vector<double> HexState::returns() const {
  switch (result_) {
    case Result::kRedWins: return {1.0, -1.0};
    case Result::kBlueWins: return {-1.0, 1.0};
    default: return {0.0, 0.0};
  }
}

bool HexState::has_adjacent_worker(int index, Color color) const {
  for (int8_t n : board_.tile(index).neighbor) {
    if (n >= 0 && board_.tile(n).worker == color) return true;
  }
  return false;
}

void HexState::tile_placements(std::vector<Action>& out) const {
  // Rule HEX-3.1: every empty cell adjacent to a tile. For one direction the neighbour's
  // key is the tile's key plus a constant, so walking the tiles in key order gives six
  // ascending runs; merging them (dropping repeats: a cell may border several tiles)
  // yields the ascending list without a sort.
  std::array<std::array<CellKey, kMaxTiles>, kDirections> runs;
  std::array<int, kDirections> length{};
  for (int i = 0; i < board_.size(); ++i) {
    const Tile& t = board_.tile(i);
    for (int d = 0; d < kDirections; ++d) {
      if (t.neighbor[static_cast<size_t>(d)] >= 0) continue;
      const int nk = neighbor_key(t.key, d);
      if (nk >= 0) runs[static_cast<size_t>(d)][static_cast<size_t>(length[static_cast<size_t>(d)]++)] = static_cast<CellKey>(nk);
    }
  }
  std::array<int, kDirections> head{};
  int last = -1;
  for (;;) {
    int best = -1;
    CellKey best_key = 0;
    for (int d = 0; d < kDirections; ++d) {
      const size_t du = static_cast<size_t>(d);
      if (head[du] < length[du] && (best < 0 || runs[du][static_cast<size_t>(head[du])] < best_key)) {
        best = d;
        best_key = runs[du][static_cast<size_t>(head[du])];
      }
    }
    if (best < 0) break;
    ++head[static_cast<size_t>(best)];
    if (best_key != last) out.push_back(encode(Kind::kTile, best_key));
    last = best_key;
  }
}

void HexState::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (is_terminal()) return;
  const Color me = to_move_;
  const Color enemy = opponent(me);
  const int n = board_.size();

  if (has_pending()) {
    // Rules HEX-3.5/3.6: choose two of your own workers, one at a time.
    for (int i = 0; i < n; ++i) {
      const Tile& t = board_.tile(i);
      if (t.worker == me && t.key != pending_first_) out.push_back(encode(Kind::kSacrifice, t.key));
    }
    return;
  }

  if (board_.size() < kMaxTiles) tile_placements(out);

  if (workers_[ci(me)] < kWorkersPerColor) {
    // Rule HEX-3.2: mark the unoccupied neighbours of your workers (tile indices fit in 64
    // bits and ascend with cell keys), then list them in index order.
    uint64_t marked = 0;
    for (int i = 0; i < n; ++i) {
      const Tile& t = board_.tile(i);
      if (t.worker != me) continue;
      for (int8_t nb : t.neighbor) {
        if (nb >= 0 && board_.tile(nb).unoccupied()) marked |= uint64_t{1} << nb;
      }
    }
    while (marked != 0) {
      const int i = std::countr_zero(marked);
      marked &= marked - 1;
      out.push_back(encode(Kind::kWorker, board_.tile(i).key));
    }
  }
  for (int i = 0; i < n; ++i) {  // Rule HEX-3.3
    const Tile& t = board_.tile(i);
    if (t.worker != me) continue;
    for (int d = 0; d < kDirections; ++d) {
      int8_t to = t.neighbor[static_cast<size_t>(d)];
      if (to >= 0 && board_.tile(to).unoccupied()) out.push_back(encode(Kind::kMove, t.key, d));
    }
  }
  for (int i = 0; i < n; ++i) {  // Rule HEX-3.4
    const Tile& t = board_.tile(i);
    if (t.worker != me) continue;
    for (int d = 0; d < kDirections; ++d) {
      int8_t over = t.neighbor[static_cast<size_t>(d)];
      if (over < 0 || board_.tile(over).worker != enemy) continue;
      int8_t land = board_.tile(over).neighbor[static_cast<size_t>(d)];
      if (land >= 0 && board_.tile(land).unoccupied()) out.push_back(encode(Kind::kJump, t.key, d));
    }
  }
  // Interpretation HEX-I1: a sacrifice needs three workers, so one always remains.
  if (workers_[ci(me)] >= 3) {
    for (int i = 0; i < n; ++i) {  // Rule HEX-3.5
      const Tile& t = board_.tile(i);
      if (t.worker == enemy) out.push_back(encode(Kind::kEliminate, t.key));
    }
    for (int i = 0; i < n; ++i) {  // Rule HEX-3.6
      const Tile& t = board_.tile(i);
      if (t.unoccupied()) out.push_back(encode(Kind::kFree, t.key));
    }
  }
  for (int i = 0; i < n; ++i) {  // Rule HEX-3.7
    const Tile& t = board_.tile(i);
    if (t.tower == me) out.push_back(encode(Kind::kRemoveTier, t.key));
  }
  // Interpretation HEX-I3: with nothing else to do, the player passes.
  if (out.empty()) out.push_back(encode(Kind::kPass, 0));
}

const char* HexState::illegal_reason(Action action) const {
  if (is_terminal()) return "the game is over";
  if (!well_formed(action)) return "it is not an action id of rise-hex";
  const Kind kind = kind_of(action);
  const CellKey cell = cell_of(action);
  const int d = direction_of(action);
  const Color me = to_move_;
  const Color enemy = opponent(me);
  const int at = index_of(cell);

  if (has_pending()) {
    if (kind != Kind::kSacrifice) return "a declared sacrifice must first be completed by choosing two of your workers";
    if (at < 0 || board_.tile(at).worker != me) return "the sacrificed worker must be one of your workers";
    if (cell == pending_first_) return "that worker is already sacrificed";
    return nullptr;
  }
  switch (kind) {
    case Kind::kTile: {
      if (board_.size() >= kMaxTiles) return "all 60 land tiles are on the board";
      if (at >= 0) return "there is already a tile there";
      for (int dd = 0; dd < kDirections; ++dd) {
        int nk = neighbor_key(cell, dd);
        if (nk >= 0 && index_of(static_cast<CellKey>(nk)) >= 0) return nullptr;
      }
      return "a new tile must be adjacent to an existing tile";
    }
    case Kind::kWorker:
      if (workers_[ci(me)] >= kWorkersPerColor) return "all 30 of your workers are on the board";
      if (at < 0) return "there is no land tile there";
      if (!board_.tile(at).unoccupied()) return "the tile is occupied";
      if (!has_adjacent_worker(at, me)) return "a new worker must be adjacent to one of your workers";
      return nullptr;
    case Kind::kMove: {
      if (at < 0 || board_.tile(at).worker != me) return "there is no worker of yours to move there";
      int8_t to = board_.tile(at).neighbor[static_cast<size_t>(d)];
      if (to < 0) return "there is no land tile to move onto";
      if (!board_.tile(to).unoccupied()) return "the destination tile is occupied";
      return nullptr;
    }
    case Kind::kJump: {
      if (at < 0 || board_.tile(at).worker != me) return "there is no worker of yours to jump with there";
      int8_t over = board_.tile(at).neighbor[static_cast<size_t>(d)];
      if (over < 0 || board_.tile(over).worker != enemy) return "there is no adjacent enemy worker to jump in that direction";
      int8_t land = board_.tile(over).neighbor[static_cast<size_t>(d)];
      if (land < 0) return "the enemy worker is protected: no land tile directly behind it";
      if (!board_.tile(land).unoccupied()) return "the enemy worker is protected: the tile behind it is occupied";
      return nullptr;
    }
    case Kind::kEliminate:
      if (workers_[ci(me)] < 3) return "a sacrifice needs three of your workers (one must remain)";
      if (at < 0 || board_.tile(at).worker != enemy) return "there is no enemy worker there";
      return nullptr;
    case Kind::kFree:
      if (workers_[ci(me)] < 3) return "a sacrifice needs three of your workers (one must remain)";
      if (at < 0) return "there is no land tile there";
      if (!board_.tile(at).unoccupied()) return "the tile is occupied";
      return nullptr;
    case Kind::kSacrifice:
      return "nothing is being sacrificed for: declare 'eliminate' or 'free' first";
    case Kind::kRemoveTier:
      if (at < 0 || board_.tile(at).tower != me) return "there is no tower of yours there";
      return nullptr;
    case Kind::kPass: {
      std::vector<Action> legal;
      legal_actions(legal);
      if (legal.size() == 1 && legal[0] == action) return nullptr;
      return "passing is allowed only when no other action is possible";
    }
  }
  return "unknown action";
}

bool HexState::is_legal(Action action) const { return illegal_reason(action) == nullptr; }

std::string HexState::explain_illegal(Action action) const {
  const char* reason = illegal_reason(action);
  return reason ? reason : "it is legal";
}

void HexState::add_worker(int index, Color color) {
  Tile& t = board_.tile(index);
  RISE_CHECK(t.unoccupied(), "worker placed on occupied tile " + cell_name(t.key));
  t.worker = color;
  ++workers_[ci(color)];
}

void HexState::remove_worker(int index) {
  Tile& t = board_.tile(index);
  RISE_CHECK(t.worker != Color::kNone, "no worker to remove at " + cell_name(t.key));
  --workers_[ci(t.worker)];
  t.worker = Color::kNone;
}

void HexState::do_apply_action(Action action) {
  const Kind kind = kind_of(action);
  const CellKey cell = cell_of(action);
  const int d = direction_of(action);
  const Color me = to_move_;
  // Tiles this action placed or emptied: the only places where it can complete a ring of
  // the opponent (Interpretation HEX-I6). Moves and jumps add none: a moved worker stands
  // next to the tile it left, and the two tiles a jump empties border each other.
  std::array<int, 3> opened{};
  size_t opened_count = 0;
  switch (kind) {
    case Kind::kTile:
      opened[opened_count++] = board_.add_tile(cell);
      break;
    case Kind::kWorker:
      add_worker(index_of(cell), me);
      break;
    case Kind::kMove: {
      int from = index_of(cell);
      int to = board_.tile(from).neighbor[static_cast<size_t>(d)];
      remove_worker(from);
      add_worker(to, me);
      break;
    }
    case Kind::kJump: {
      // Rule HEX-3.4: the jumper lands directly behind the enemy, which is removed.
      int from = index_of(cell);
      int over = board_.tile(from).neighbor[static_cast<size_t>(d)];
      int land = board_.tile(over).neighbor[static_cast<size_t>(d)];
      remove_worker(from);
      remove_worker(over);
      add_worker(land, me);
      break;
    }
    case Kind::kEliminate:
    case Kind::kFree:
      // Declared now; the action completes with its second sacrifice.
      pending_kind_ = kind;
      pending_target_ = cell;
      pending_first_ = -1;
      return;
    case Kind::kSacrifice: {
      if (pending_first_ < 0) {
        pending_first_ = static_cast<int16_t>(cell);
        return;
      }
      opened[opened_count++] = index_of(static_cast<CellKey>(pending_first_));
      opened[opened_count++] = index_of(cell);
      remove_worker(opened[0]);
      remove_worker(opened[1]);
      if (pending_kind_ == Kind::kEliminate) {
        opened[opened_count++] = index_of(pending_target_);
        remove_worker(opened[2]);  // Rule HEX-3.5
      } else {
        add_worker(index_of(pending_target_), me);  // Rule HEX-3.6
      }
      pending_kind_ = Kind::kPass;
      pending_first_ = -1;
      pending_target_ = 0;
      break;
    }
    case Kind::kRemoveTier: {
      // Rule HEX-3.7; the removal is this tower's change for the turn (HEX-I6).
      const int at = index_of(cell);
      Tile& t = board_.tile(at);
      if (t.tiers == kTiersPerTower) --complete_[ci(me)];
      --t.tiers;
      t.changed_turn = turn_;
      if (t.tiers == 0) {
        t.tower = Color::kNone;
        --towers_[ci(me)];
        opened[opened_count++] = at;
      }
      break;
    }
    case Kind::kPass:
      // Interpretation HEX-I3: passing gives up the rest of the turn.
      actions_left_ = 1;
      break;
  }
  finish_action(std::span<const int>(opened.data(), opened_count));
}

void HexState::finish_action(std::span<const int> opened) {
  tower_check();
  found_opponent_bases(opened);
  check_winner();
  if (is_terminal()) return;
  if (--actions_left_ > 0) return;
  // Interpretation HEX-I5: the game is drawn once the turn limit has been played.
  if (turn_ >= turn_limit_) {
    result_ = Result::kDraw;
    return;
  }
  ++turn_;
  to_move_ = opponent(to_move_);
  actions_left_ = 2;  // Rule HEX-3.0: two actions every turn after red's first.
  start_turn();
}

void HexState::start_turn() {
  // Rules HEX-5.3 and HEX-6.2: a ring kept since your last turn adds a tier to your tower
  // or removes one from the enemy tower at the start of your turn.
  tower_check();
  check_winner();
}

void HexState::tower_check() {
  // The tower check (Rules HEX-5.2..5.6, HEX-6.1..6.3, Interpretation HEX-I6): for every
  // tile ringed by the player to move whose tower has not changed yet this turn, in
  // ascending cell order.
  const Color me = to_move_;
  const Color enemy = opponent(me);
  if (workers_[ci(me)] < kDirections) return;  // a ring takes six workers
  for (int i = 0; i < board_.size(); ++i) {
    Tile& t = board_.tile(i);
    if (t.changed_turn == turn_ || t.worker != Color::kNone) continue;
    if (t.tower == me && t.tiers == kTiersPerTower) continue;  // HEX-5.6: complete
    if (!board_.ringed_by(i, me)) continue;
    if (t.tower == Color::kNone) {
      // HEX-5.2: a ring around an unoccupied tile starts a tower, if a base is left.
      if (towers_[ci(me)] >= kTowersPerColor) continue;
      t.tower = me;
      t.tiers = 1;
      ++towers_[ci(me)];
    } else if (t.tower == me) {
      // HEX-5.3/5.5: one more tier, at most once per tower per turn.
      if (++t.tiers == kTiersPerTower) ++complete_[ci(me)];
    } else {
      // HEX-6.1/6.2: a ringed enemy tower loses a tier.
      if (t.tiers == kTiersPerTower) --complete_[ci(enemy)];
      if (--t.tiers == 0) {
        t.tower = Color::kNone;
        --towers_[ci(enemy)];
      }
    }
    t.changed_turn = turn_;
  }
}

void HexState::found_opponent_bases(std::span<const int> opened) {
  // Interpretation HEX-I6: "Completing this formation anytime during a turn will instantly
  // result in the start of a tower": a ring of the opponent that this action completed (a
  // tile placed into the hole in its middle, or its centre emptied of a worker or of the
  // mover's last tier) gets its owner's base at once, after the mover's own tower check,
  // lower cells first (HEX-I12). Only a base: tiers are added at the start of the owner's
  // turns. The tile's change this turn, if any, was the mover's remove-tier of its own
  // tower; the base is another tower's first change (HEX-5.5).
  const Color owner = opponent(to_move_);
  if (opened.empty() || workers_[ci(owner)] < kDirections) return;
  std::array<int, 3> order{};  // at most three tiles: an insertion sort
  for (size_t k = 0; k < opened.size(); ++k) {
    size_t j = k;
    for (; j > 0 && order[j - 1] > opened[k]; --j) order[j] = order[j - 1];
    order[j] = opened[k];
  }
  for (size_t k = 0; k < opened.size(); ++k) {
    Tile& t = board_.tile(order[k]);
    if (!t.unoccupied() || !board_.ringed_by(order[k], owner)) continue;
    if (towers_[ci(owner)] >= kTowersPerColor) return;  // HEX-I12: no base left
    t.tower = owner;
    t.tiers = 1;
    t.changed_turn = turn_;
    ++towers_[ci(owner)];
  }
}

void HexState::check_winner() {
  const Color me = to_move_;
  const Color enemy = opponent(me);
  // Rule HEX-7.1: three complete towers on the board at once.
  // Rule HEX-7.2: every enemy worker eliminated.
  // Only the player to move can have won: its actions never remove its own last worker
  // (HEX-I1), and the opponent's towers gain tiers only at the opponent's turn start (a
  // base placed during this turn completes nothing: HEX-I6).
  if (complete_[ci(me)] >= kTowersPerColor || workers_[ci(enemy)] == 0) {
    result_ = me == Color::kRed ? Result::kRedWins : Result::kBlueWins;
  }
}

void HexState::recount() {
  workers_ = {};
  towers_ = {};
  complete_ = {};
  for (int i = 0; i < board_.size(); ++i) {
    const Tile& t = board_.tile(i);
    if (t.worker != Color::kNone) ++workers_[ci(t.worker)];
    if (t.tower != Color::kNone) {
      ++towers_[ci(t.tower)];
      if (t.tiers == kTiersPerTower) ++complete_[ci(t.tower)];
    }
  }
}

}  // namespace rise::hex
