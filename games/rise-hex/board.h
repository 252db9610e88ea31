// The Rise! board: up to 60 hexagonal land tiles in axial coordinates, kept in a fixed
// array sorted by cell key so that iteration (and so legal action order) is ascending.
//
// Axial coordinates (q, r), pointy-top hexes (picture in docs/rules/rise-hex.md):
//
//          NW(0,-1)  NE(+1,-1)
//     W(-1,0)   (q,r)    E(+1,0)
//          SW(-1,+1) SE(0,+1)
//
// Rule HEX-1.1 (the board grows one tile at a time; 60 tiles at most).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

namespace rise::hex {

// A colour: the two players, or none. Seat 0 is red, seat 1 is blue.
enum class Color : uint8_t { kNone = 0, kRed = 1, kBlue = 2 };

inline Color opponent(Color c) { return c == Color::kRed ? Color::kBlue : Color::kRed; }
inline int seat_of(Color c) { return c == Color::kRed ? 0 : 1; }
inline Color color_of_seat(int seat) { return seat == 0 ? Color::kRed : Color::kBlue; }
const char* color_name(Color c);  // "red", "blue" or "none"

// The six directions, in this fixed order: E, NE, NW, W, SW, SE.
inline constexpr int kDirections = 6;
inline constexpr std::array<int, kDirections> kDirQ = {1, 1, 0, -1, -1, 0};
inline constexpr std::array<int, kDirections> kDirR = {0, -1, -1, 0, 1, 1};

// A cell (tile or empty space) as one 14-bit key: (q + 64) * 128 + (r + 64).
// Coordinates must lie in [-64, 63]; 60 tiles grown from the start formation never leave it.
using CellKey = uint16_t;
inline constexpr int kCoordOffset = 64;
inline constexpr int kCoordSpan = 128;
inline constexpr int kCellKeyCount = kCoordSpan * kCoordSpan;

inline bool in_range(int q, int r) {
  return q >= -kCoordOffset && q < kCoordOffset && r >= -kCoordOffset && r < kCoordOffset;
}
inline CellKey key_of(int q, int r) {
  return static_cast<CellKey>((q + kCoordOffset) * kCoordSpan + (r + kCoordOffset));
}
inline int q_of(CellKey k) { return k / kCoordSpan - kCoordOffset; }
inline int r_of(CellKey k) { return k % kCoordSpan - kCoordOffset; }
// The neighbouring cell in direction d, or -1 if it would leave the coordinate range.
inline int neighbor_key(CellKey k, int d) {
  const int q = q_of(k) + kDirQ[static_cast<size_t>(d)];
  const int r = r_of(k) + kDirR[static_cast<size_t>(d)];
  return in_range(q, r) ? key_of(q, r) : -1;
}
// "q,r"
std::string cell_name(CellKey k);

// Component limits (Rule HEX-1.2).
inline constexpr int kMaxTiles = 60;
inline constexpr int kWorkersPerColor = 30;
inline constexpr int kTowersPerColor = 3;
inline constexpr int kTiersPerTower = 3;

// A set of tiles by index: bit i stands for tile i (indices are below kMaxTiles <= 63, so
// bit 63 is never a tile).
using TileSet = uint64_t;
inline constexpr TileSet tile_bit(int index) { return TileSet{1} << index; }
// The bit of a neighbour link (tile index or -1): -1 gives bit 63, which no set holds.
inline TileSet link_bit(int8_t link) { return TileSet{1} << (static_cast<uint8_t>(link) & 63); }
inline bool holds(TileSet set, int8_t link) { return ((set >> (static_cast<uint8_t>(link) & 63)) & 1) != 0; }

// The most empty cells that can border a connected board of n tiles is 2n + 4 (a straight
// strip; each tile added beside the board opens at most three cells and fills one).
inline constexpr int kMaxOpenCells = 2 * kMaxTiles + 4;

// The tiles by index, and who stands or builds on them as one bit set per colour, so that
// the rules list workers, towers and unoccupied tiles without scanning every tile; and the
// empty cells bordering the board (where a tile may be placed), kept up to date as tiles
// are added instead of being searched for at every turn. Fixed arrays only: search copies
// boards constantly.
class Board {
 public:
  // The neighbours of a tile: a tile index per direction, -1 where there is no tile.
  using Links = std::span<const int8_t, kDirections>;

  int size() const { return count_; }
  CellKey key(int index) const { return keys_[static_cast<size_t>(index)]; }
  Links neighbors(int index) const { return Links(links_.data() + kDirections * index, kDirections); }
  // The worker on tile `index`, or kNone.
  Color worker(int index) const {
    return (workers_[0] >> index & 1) ? Color::kRed : (workers_[1] >> index & 1) ? Color::kBlue : Color::kNone;
  }
  // The owner of the tower on tile `index`, or kNone; its tiers, 1..3 (0 with no tower).
  Color tower(int index) const {
    return (towers_[0] >> index & 1) ? Color::kRed : (towers_[1] >> index & 1) ? Color::kBlue : Color::kNone;
  }
  int tiers(int index) const { return tiers_[static_cast<size_t>(index)]; }
  // Unoccupied: no worker and no tower (Interpretation HEX-I2: a tower tile is occupied).
  bool unoccupied(int index) const { return (unoccupied_tiles() >> index & 1) != 0; }
  // True if a tower was built on tile `index`, gained or lost a tier there or was removed
  // since clear_changed(), which the state calls as a turn starts: a tower changes at most
  // once per turn (Rule HEX-5.5, Interpretation HEX-I6).
  bool changed(int index) const { return (changed_ >> index & 1) != 0; }

  // The tiles holding a worker (a tower) of `color`, which is red or blue, and their count.
  TileSet workers(Color color) const { return workers_[side(color)]; }
  TileSet towers(Color color) const { return towers_[side(color)]; }
  int worker_count(Color color) const { return worker_count_[side(color)]; }
  int tower_count(Color color) const { return tower_count_[side(color)]; }
  TileSet all_tiles() const { return tile_bit(count_) - 1; }
  TileSet unoccupied_tiles() const { return all_tiles() & ~(workers_[0] | workers_[1] | towers_[0] | towers_[1]); }
  TileSet changed_tiles() const { return changed_; }

  // The empty cells adjacent to a tile, ascending: where a tile may be placed (Rule HEX-3.1).
  std::span<const CellKey> open_cells() const { return {open_.data(), open_count_}; }

  // Index of the tile at `key`, or -1.
  int find(CellKey key) const;

  // Adds a land tile at `key`, which must be an open cell (or any cell while the board is
  // empty; Rule HEX-3.1: the board stays connected), and links its neighbours. The board
  // must not be full. Returns its index; tiles with a larger key move up one index.
  int add_tile(CellKey key);

  // Puts a worker of `color` (red or blue) on unoccupied tile `index`.
  void place_worker(int index, Color color);
  // Takes the worker off tile `index`, which must hold one.
  void remove_worker(int index);
  // Sets the tower on tile `index` (no worker there): `owner` with 1..3 tiers, or kNone
  // with 0 tiers for no tower. Does not mark the tile changed.
  void set_tower(int index, Color owner, int tiers);
  void mark_changed(int index) { changed_ |= tile_bit(index); }
  void clear_changed() { changed_ = 0; }

  // Recomputes from the keys and the colour sets everything kept alongside them (links, open
  // cells, counts) and checks that no tile holds two things: for RISE_SELF_CHECK.
  bool consistent() const;

  // True if all six neighbours of tile `index` exist and hold a worker of `color`
  // (a ring: Rule HEX-5.1).
  bool ringed_by(int index, Color color) const {
    const TileSet mine = workers(color);
    for (int8_t n : neighbors(index)) {
      if (!holds(mine, n)) return false;
    }
    return true;
  }

 private:
  static constexpr CellKey kNoKey = 0xFFFF;  // above every cell key (14 bits)
  template <typename T, size_t N>
  static constexpr std::array<T, N> filled(T value) {
    std::array<T, N> array{};
    array.fill(value);
    return array;
  }
  static size_t side(Color color) { return static_cast<size_t>(color) - 1; }
  int8_t& link(int index, int direction) { return links_[static_cast<size_t>(kDirections * index + direction)]; }
  // The first index whose key is not below `key` (size() if none).
  int lower_bound(CellKey key) const;
  void open_cell(CellKey key);
  bool close_cell(CellKey key);  // false if `key` was not open

  // Ascending, then kNoKey up to a multiple of 8 entries, so that lower_bound compares whole
  // vectors of keys.
  std::array<CellKey, (kMaxTiles + 7) / 8 * 8> keys_ = filled<CellKey, (kMaxTiles + 7) / 8 * 8>(kNoKey);
  // neighbors(i) at 6 * i; -1 past the tiles too, so that add_tile shifts every entry alike.
  std::array<int8_t, kMaxTiles * kDirections> links_ = filled<int8_t, kMaxTiles * kDirections>(-1);
  std::array<uint8_t, kMaxTiles> tiers_{};
  std::array<TileSet, 2> workers_{};  // red, blue
  std::array<TileSet, 2> towers_{};   // red, blue
  TileSet changed_ = 0;
  std::array<CellKey, kMaxOpenCells> open_{};  // ascending
  std::array<uint8_t, 2> worker_count_{};
  std::array<uint8_t, 2> tower_count_{};
  uint8_t open_count_ = 0;
  uint8_t count_ = 0;
};

}  // namespace rise::hex
