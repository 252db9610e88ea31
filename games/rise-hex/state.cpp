// The rules of Rise! (docs/rules/rise-hex.md). Comments cite the rule ids.
#include "rise-hex/state.h"

#include <algorithm>
#include <bit>

#include "rise/core/error.h"

namespace rise::hex {
namespace {

// The most actions one list can hold: every open cell (the board not full), then per worker
// of the player six moves and six jumps, one worker placement and one free per tile, and
// one eliminate per enemy worker and one remove-tier per tower.
constexpr size_t kMaxListed = kMaxOpenCells + 2 * kMaxTiles + 12 * kWorkersPerColor + kWorkersPerColor + kTowersPerColor + 1;

// Appends `kind` on every tile of `tiles`, in index (so cell) order.
Action* list_tiles(Action* out, Kind kind, TileSet tiles, const Board& board) {
  for (; tiles != 0; tiles &= tiles - 1) *out++ = encode(kind, board.key(std::countr_zero(tiles)));
  return out;
}

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
  board_.place_worker(index_of(key_of(1, 0)), Color::kRed);
  board_.place_worker(index_of(key_of(6, 0)), Color::kBlue);
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

int HexState::complete_towers(Color c) const {
  int complete = 0;
  for (TileSet towers = board_.towers(c); towers != 0; towers &= towers - 1) {
    complete += board_.tiers(std::countr_zero(towers)) == kTiersPerTower;
  }
  return complete;
}

void HexState::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (is_terminal()) return;
  const Color me = to_move_;
  const TileSet mine = board_.workers(me);
  const TileSet enemies = board_.workers(opponent(me));
  const TileSet open = board_.unoccupied_tiles();

  if (has_pending()) {
    // Rules HEX-3.5/3.6: choose two of your own workers, one at a time.
    TileSet choices = mine;
    if (pending_first_ >= 0) choices &= ~tile_bit(index_of(static_cast<CellKey>(pending_first_)));
    std::array<Action, kWorkersPerColor> listed;
    out.assign(listed.data(), list_tiles(listed.data(), Kind::kSacrifice, choices, board_));
    return;
  }

  // Kinds in their order, each in ascending cell order: the list comes out sorted.
  std::array<Action, kMaxListed> listed;
  Action* end = listed.data();
  if (board_.size() < kMaxTiles) {
    // Rule HEX-3.1: every empty cell adjacent to a tile.
    for (CellKey cell : board_.open_cells()) *end++ = encode(Kind::kTile, cell);
  }
  const int my_workers = board_.worker_count(me);
  if (my_workers < kWorkersPerColor) {
    // Rule HEX-3.2: the unoccupied neighbours of your workers.
    TileSet reached = 0;
    for (TileSet w = mine; w != 0; w &= w - 1) {
      for (int8_t n : board_.neighbors(std::countr_zero(w))) reached |= link_bit(n);
    }
    end = list_tiles(end, Kind::kWorker, reached & open, board_);
  }
  // Rule HEX-3.3. Every candidate is written, and kept only when the step is possible: the
  // test is a coin toss to a branch predictor.
  for (TileSet w = mine; w != 0; w &= w - 1) {
    const int from = std::countr_zero(w);
    const Board::Links to = board_.neighbors(from);
    for (int d = 0; d < kDirections; ++d) {
      *end = encode(Kind::kMove, board_.key(from), d);
      end += holds(open, to[static_cast<size_t>(d)]);
    }
  }
  for (TileSet w = mine; w != 0; w &= w - 1) {  // Rule HEX-3.4
    const int from = std::countr_zero(w);
    for (int d = 0; d < kDirections; ++d) {
      const int8_t over = board_.neighbors(from)[static_cast<size_t>(d)];
      if (!holds(enemies, over)) continue;
      *end = encode(Kind::kJump, board_.key(from), d);
      end += holds(open, board_.neighbors(over)[static_cast<size_t>(d)]);
    }
  }
  // Interpretation HEX-I1: a sacrifice needs three workers, so one always remains.
  if (my_workers >= 3) {
    end = list_tiles(end, Kind::kEliminate, enemies, board_);  // Rule HEX-3.5
    end = list_tiles(end, Kind::kFree, open, board_);          // Rule HEX-3.6
  }
  end = list_tiles(end, Kind::kRemoveTier, board_.towers(me), board_);  // Rule HEX-3.7
  // Interpretation HEX-I3: with nothing else to do, the player passes.
  if (end == listed.data()) *end++ = encode(Kind::kPass, 0);
  out.assign(listed.data(), end);
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
    if (at < 0 || board_.worker(at) != me) return "the sacrificed worker must be one of your workers";
    if (cell == pending_first_) return "that worker is already sacrificed";
    return nullptr;
  }
  switch (kind) {
    case Kind::kTile: {
      if (board_.size() >= kMaxTiles) return "all 60 land tiles are on the board";
      if (at >= 0) return "there is already a tile there";
      if (!std::ranges::binary_search(board_.open_cells(), cell)) return "a new tile must be adjacent to an existing tile";
      return nullptr;
    }
    case Kind::kWorker:
      if (workers(me) >= kWorkersPerColor) return "all 30 of your workers are on the board";
      if (at < 0) return "there is no land tile there";
      if (!board_.unoccupied(at)) return "the tile is occupied";
      for (int8_t n : board_.neighbors(at)) {
        if (holds(board_.workers(me), n)) return nullptr;
      }
      return "a new worker must be adjacent to one of your workers";
    case Kind::kMove: {
      if (at < 0 || board_.worker(at) != me) return "there is no worker of yours to move there";
      int8_t to = board_.neighbors(at)[static_cast<size_t>(d)];
      if (to < 0) return "there is no land tile to move onto";
      if (!board_.unoccupied(to)) return "the destination tile is occupied";
      return nullptr;
    }
    case Kind::kJump: {
      if (at < 0 || board_.worker(at) != me) return "there is no worker of yours to jump with there";
      int8_t over = board_.neighbors(at)[static_cast<size_t>(d)];
      if (over < 0 || board_.worker(over) != enemy) return "there is no adjacent enemy worker to jump in that direction";
      int8_t land = board_.neighbors(over)[static_cast<size_t>(d)];
      if (land < 0) return "the enemy worker is protected: no land tile directly behind it";
      if (!board_.unoccupied(land)) return "the enemy worker is protected: the tile behind it is occupied";
      return nullptr;
    }
    case Kind::kEliminate:
      if (workers(me) < 3) return "a sacrifice needs three of your workers (one must remain)";
      if (at < 0 || board_.worker(at) != enemy) return "there is no enemy worker there";
      return nullptr;
    case Kind::kFree:
      if (workers(me) < 3) return "a sacrifice needs three of your workers (one must remain)";
      if (at < 0) return "there is no land tile there";
      if (!board_.unoccupied(at)) return "the tile is occupied";
      return nullptr;
    case Kind::kSacrifice:
      return "nothing is being sacrificed for: declare 'eliminate' or 'free' first";
    case Kind::kRemoveTier:
      if (at < 0 || board_.tower(at) != me) return "there is no tower of yours there";
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

void HexState::self_check() const {
  RISE_SELF_CHECK(board_.consistent(), "rise-hex board out of step with its tiles at turn " + std::to_string(turn_));
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
      board_.place_worker(index_of(cell), me);
      break;
    case Kind::kMove: {
      int from = index_of(cell);
      int to = board_.neighbors(from)[static_cast<size_t>(d)];
      board_.remove_worker(from);
      board_.place_worker(to, me);
      break;
    }
    case Kind::kJump: {
      // Rule HEX-3.4: the jumper lands directly behind the enemy, which is removed.
      int from = index_of(cell);
      int over = board_.neighbors(from)[static_cast<size_t>(d)];
      int land = board_.neighbors(over)[static_cast<size_t>(d)];
      board_.remove_worker(from);
      board_.remove_worker(over);
      board_.place_worker(land, me);
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
      board_.remove_worker(opened[0]);
      board_.remove_worker(opened[1]);
      if (pending_kind_ == Kind::kEliminate) {
        opened[opened_count++] = index_of(pending_target_);
        board_.remove_worker(opened[2]);  // Rule HEX-3.5
      } else {
        board_.place_worker(index_of(pending_target_), me);  // Rule HEX-3.6
      }
      pending_kind_ = Kind::kPass;
      pending_first_ = -1;
      pending_target_ = 0;
      break;
    }
    case Kind::kRemoveTier: {
      // Rule HEX-3.7; the removal is this tower's change for the turn (HEX-I6).
      const int at = index_of(cell);
      const int tiers = board_.tiers(at) - 1;
      board_.set_tower(at, tiers == 0 ? Color::kNone : me, tiers);
      board_.mark_changed(at);
      if (tiers == 0) opened[opened_count++] = at;
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
  board_.clear_changed();  // Rule HEX-5.5: each tower may change once per turn
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
  const TileSet mine = board_.workers(me);
  if (board_.worker_count(me) < kDirections) return;  // a ring takes six workers
  // A ringed tile has a worker of `me` to its east: the candidates are the tiles west of
  // those workers, without a worker themselves.
  TileSet candidates = 0;
  for (TileSet w = mine; w != 0; w &= w - 1) candidates |= link_bit(board_.neighbors(std::countr_zero(w))[3]);
  candidates &= board_.all_tiles() & ~mine & ~board_.workers(opponent(me)) & ~board_.changed_tiles();
  for (; candidates != 0; candidates &= candidates - 1) {
    const int i = std::countr_zero(candidates);
    const Color tower = board_.tower(i);
    const int tiers = board_.tiers(i);
    if (tower == me && tiers == kTiersPerTower) continue;  // HEX-5.6: complete
    if (!board_.ringed_by(i, me)) continue;
    if (tower == Color::kNone) {
      // HEX-5.2: a ring around an unoccupied tile starts a tower, if a base is left.
      if (towers(me) >= kTowersPerColor) continue;
      board_.set_tower(i, me, 1);
    } else if (tower == me) {
      // HEX-5.3/5.5: one more tier, at most once per tower per turn.
      board_.set_tower(i, me, tiers + 1);
    } else {
      // HEX-6.1/6.2: a ringed enemy tower loses a tier.
      board_.set_tower(i, tiers == 1 ? Color::kNone : tower, tiers - 1);
    }
    board_.mark_changed(i);
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
  if (opened.empty() || workers(owner) < kDirections) return;
  std::array<int, 3> order{};  // at most three tiles: an insertion sort
  for (size_t k = 0; k < opened.size(); ++k) {
    size_t j = k;
    for (; j > 0 && order[j - 1] > opened[k]; --j) order[j] = order[j - 1];
    order[j] = opened[k];
  }
  for (size_t k = 0; k < opened.size(); ++k) {
    if (!board_.unoccupied(order[k]) || !board_.ringed_by(order[k], owner)) continue;
    if (towers(owner) >= kTowersPerColor) return;  // HEX-I12: no base left
    board_.set_tower(order[k], owner, 1);
    board_.mark_changed(order[k]);
  }
}

GameEnd HexState::game_end() const {
  switch (result_) {
    case Result::kOngoing: return {};
    case Result::kDraw: return {"turn limit", "HEX-I5", {}};
    case Result::kRedWins:
    case Result::kBlueWins: {
      const Color loser = result_ == Result::kRedWins ? Color::kBlue : Color::kRed;
      if (board_.workers(loser) == 0) return {"every enemy worker eliminated", "HEX-7.2", {}};
      return {"three complete towers", "HEX-7.1", {}};
    }
  }
  return {};
}

void HexState::check_winner() {
  const Color me = to_move_;
  const Color enemy = opponent(me);
  // Rule HEX-7.1: three complete towers on the board at once.
  // Rule HEX-7.2: every enemy worker eliminated.
  // Only the player to move can have won: its actions never remove its own last worker
  // (HEX-I1), and the opponent's towers gain tiers only at the opponent's turn start (a
  // base placed during this turn completes nothing: HEX-I6).
  if (board_.workers(enemy) == 0 || complete_towers(me) >= kTowersPerColor) {
    result_ = me == Color::kRed ? Result::kRedWins : Result::kBlueWins;
  }
}

}  // namespace rise::hex
