// Action ids of rise-hex and their decoding (notation in docs/notation.md).
//
//   action = kind * 2^17 + cell * 8 + direction
//
// `cell` is a CellKey (the tile acted on, or the origin of a move or jump) and
// `direction` is 0..5 for move and jump, 0 otherwise. Kinds are numbered in the order
// of the rulebook's action list; legal actions are listed ascending, so by kind first.
#pragma once

#include <cstdint>

#include "rise/core/types.h"
#include "rise-hex/board.h"

namespace rise::hex {

enum class Kind : uint8_t {
  kTile = 0,        // Rule HEX-3.1: place a land tile               "tile q,r"
  kWorker = 1,      // Rule HEX-3.2: place a worker                  "worker q,r"
  kMove = 2,        // Rule HEX-3.3: move a worker one step          "move q,r>q,r"
  kJump = 3,        // Rule HEX-3.4: jump an enemy worker            "jump q,r>q,r" (landing)
  kEliminate = 4,   // Rule HEX-3.5: declare the enemy worker to eliminate   "eliminate q,r"
  kFree = 5,        // Rule HEX-3.6: declare the tile of the freely placed worker "free q,r"
  kSacrifice = 6,   // Rules HEX-3.5/3.6: one of the two sacrificed workers      "sacrifice q,r"
  kRemoveTier = 7,  // Rule HEX-3.7: remove a tier from your tower   "remove-tier q,r"
  kPass = 8,        // Interpretation HEX-I3: no legal action left   "pass"
};
inline constexpr int kKindCount = 9;

inline constexpr Action encode(Kind kind, CellKey cell, int direction = 0) {
  return (static_cast<Action>(kind) << 17) | (static_cast<Action>(cell) << 3) | direction;
}
inline Kind kind_of(Action a) { return static_cast<Kind>(a >> 17); }
inline CellKey cell_of(Action a) { return static_cast<CellKey>((a >> 3) & 0x3FFF); }
inline int direction_of(Action a) { return a & 7; }

// True if `a` decodes to a well-formed action id (known kind, direction in range, pass
// with no cell), whether legal or not.
inline bool well_formed(Action a) {
  if (a < 0 || (a >> 17) >= kKindCount) return false;
  Kind k = kind_of(a);
  int d = direction_of(a);
  if (k == Kind::kMove || k == Kind::kJump) return d < kDirections;
  if (k == Kind::kPass) return a == encode(Kind::kPass, 0);
  return d == 0;
}

}  // namespace rise::hex
