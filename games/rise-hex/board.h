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

struct Tile {
  CellKey key = 0;
  Color worker = Color::kNone;       // the worker standing here, if any
  Color tower = Color::kNone;        // the owner of the tower here, if any
  uint8_t tiers = 0;                 // 1..3 when tower != kNone
  uint16_t changed_turn = 0;         // turn in which this tile's tower last gained or lost a tier
  std::array<int8_t, kDirections> neighbor{};  // tile index per direction, -1 if no tile

  // Unoccupied: no worker and no tower (Interpretation HEX-I2: a tower tile is occupied).
  bool unoccupied() const { return worker == Color::kNone && tower == Color::kNone; }
};

class Board {
 public:
  int size() const { return count_; }
  const Tile& tile(int index) const { return tiles_[static_cast<size_t>(index)]; }
  Tile& tile(int index) { return tiles_[static_cast<size_t>(index)]; }

  // Index of the tile at `key`, or -1. Binary search over the sorted tiles.
  int find(CellKey key) const;

  // Adds a land tile at `key` (not already a tile, board not full) and links neighbours.
  // Returns its index; indices of tiles with a larger key shift up by one.
  int add_tile(CellKey key);

  // True if all six neighbours of tile `index` exist and hold a worker of `color`
  // (a ring: Rule HEX-5.1).
  bool ringed_by(int index, Color color) const {
    for (int8_t n : tiles_[static_cast<size_t>(index)].neighbor) {
      if (n < 0 || tiles_[static_cast<size_t>(n)].worker != color) return false;
    }
    return true;
  }

 private:
  std::array<Tile, kMaxTiles> tiles_{};
  uint8_t count_ = 0;
};

}  // namespace rise::hex
