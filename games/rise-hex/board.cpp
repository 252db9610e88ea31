#include "rise-hex/board.h"

#include <algorithm>
#include <bit>
#include <vector>

#include "rise/core/error.h"

namespace rise::hex {
namespace {

// `set` with a zero bit inserted at `index`: the bits of the tiles that move up one index
// follow them (no tile has index 63, so nothing is shifted out).
TileSet insert_bit(TileSet set, int index) {
  const TileSet below = tile_bit(index) - 1;
  return (set & below) | ((set & ~below) << 1);
}

}  // namespace

const char* color_name(Color c) {
  switch (c) {
    case Color::kRed: return "red";
    case Color::kBlue: return "blue";
    default: return "none";
  }
}

std::string cell_name(CellKey k) { return std::to_string(q_of(k)) + "," + std::to_string(r_of(k)); }

int Board::lower_bound(CellKey key) const {
  // The number of keys below `key`, counted over every entry (kNoKey past the tiles is never
  // below): a fixed loop without branches that compilers turn into a few vector compares.
  int below = 0;
  for (const CellKey k : keys_) below += k < key;
  return below;
}

int Board::find(CellKey key) const {
  const int at = lower_bound(key);
  return at < count_ && keys_[static_cast<size_t>(at)] == key ? at : -1;
}

void Board::open_cell(CellKey key) {
  const auto end = open_.begin() + open_count_;
  const auto at = std::lower_bound(open_.begin(), end, key);
  if (at != end && *at == key) return;
  RISE_CHECK(open_count_ < kMaxOpenCells, "more open cells than a connected board has");
  std::copy_backward(at, end, end + 1);
  *at = key;
  ++open_count_;
}

bool Board::close_cell(CellKey key) {
  const auto end = open_.begin() + open_count_;
  const auto at = std::lower_bound(open_.begin(), end, key);
  if (at == end || *at != key) return false;
  std::copy(at + 1, end, at);
  --open_count_;
  return true;
}

int Board::add_tile(CellKey key) {
  RISE_CHECK(count_ < kMaxTiles, "board is full");
  const int pos = lower_bound(key);
  RISE_CHECK(pos == count_ || keys_[static_cast<size_t>(pos)] != key, "tile already present at " + cell_name(key));
  const bool was_open = close_cell(key);
  RISE_CHECK(was_open || count_ == 0, "tile " + cell_name(key) + " placed away from the board");
  // Every link to a tile that moves up one index follows it (-1, no tile, stays).
  const int8_t moved = static_cast<int8_t>(pos);  // compared as bytes: a few vector compares
  for (int8_t& n : links_) n = static_cast<int8_t>(n + static_cast<int8_t>(n >= moved));
  const auto shift = [&](auto& array, int width) {
    std::copy_backward(array.begin() + width * pos, array.begin() + width * count_, array.begin() + width * (count_ + 1));
  };
  shift(keys_, 1);
  shift(links_, kDirections);
  shift(tiers_, 1);
  for (TileSet& set : workers_) set = insert_bit(set, pos);
  for (TileSet& set : towers_) set = insert_bit(set, pos);
  changed_ = insert_bit(changed_, pos);
  ++count_;
  keys_[static_cast<size_t>(pos)] = key;
  tiers_[static_cast<size_t>(pos)] = 0;
  for (int d = 0; d < kDirections; ++d) {
    const int nk = neighbor_key(key, d);
    const int ni = nk < 0 ? -1 : find(static_cast<CellKey>(nk));
    link(pos, d) = static_cast<int8_t>(ni);
    if (ni >= 0) {
      link(ni, (d + 3) % 6) = static_cast<int8_t>(pos);
    } else if (nk >= 0) {
      open_cell(static_cast<CellKey>(nk));
    }
  }
  return pos;
}

void Board::place_worker(int index, Color color) {
  RISE_CHECK(unoccupied(index), "worker placed on occupied tile " + cell_name(key(index)));
  workers_[side(color)] |= tile_bit(index);
  ++worker_count_[side(color)];
}

void Board::remove_worker(int index) {
  const Color color = worker(index);
  RISE_CHECK(color != Color::kNone, "no worker to remove at " + cell_name(key(index)));
  workers_[side(color)] &= ~tile_bit(index);
  --worker_count_[side(color)];
}

void Board::set_tower(int index, Color owner, int tiers) {
  RISE_CHECK(worker(index) == Color::kNone, "tower under a worker at " + cell_name(key(index)));
  RISE_CHECK((owner == Color::kNone) == (tiers == 0) && tiers >= 0 && tiers <= kTiersPerTower,
             "tower of " + std::string(color_name(owner)) + " with " + std::to_string(tiers) + " tiers");
  if (const Color before = tower(index); before != Color::kNone) {
    towers_[side(before)] &= ~tile_bit(index);
    --tower_count_[side(before)];
  }
  if (owner != Color::kNone) {
    towers_[side(owner)] |= tile_bit(index);
    ++tower_count_[side(owner)];
  }
  tiers_[static_cast<size_t>(index)] = static_cast<uint8_t>(tiers);
}

bool Board::consistent() const {
  std::vector<CellKey> open;
  for (int i = 0; i < count_; ++i) {
    if (i > 0 && key(i - 1) >= key(i)) return false;
    for (int d = 0; d < kDirections; ++d) {
      const int nk = neighbor_key(key(i), d);
      const int ni = nk < 0 ? -1 : find(static_cast<CellKey>(nk));
      if (neighbors(i)[static_cast<size_t>(d)] != ni) return false;
      if (nk >= 0 && ni < 0) open.push_back(static_cast<CellKey>(nk));
    }
    if ((tower(i) == Color::kNone) != (tiers(i) == 0) || tiers(i) > kTiersPerTower) return false;
  }
  std::sort(open.begin(), open.end());
  open.erase(std::unique(open.begin(), open.end()), open.end());
  if (!std::ranges::equal(open, open_cells())) return false;
  const TileSet everything = workers_[0] | workers_[1] | towers_[0] | towers_[1] | changed_;
  for (size_t s = 0; s < 2; ++s) {
    if (std::popcount(workers_[s]) != worker_count_[s] || std::popcount(towers_[s]) != tower_count_[s]) return false;
  }
  return (everything & ~all_tiles()) == 0 && (workers_[0] & workers_[1]) == 0 && (towers_[0] & towers_[1]) == 0 &&
         ((workers_[0] | workers_[1]) & (towers_[0] | towers_[1])) == 0;
}

}  // namespace rise::hex
