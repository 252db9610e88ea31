#include "rise-hex/board.h"

#include <algorithm>

#include "rise/core/error.h"

namespace rise::hex {

const char* color_name(Color c) {
  switch (c) {
    case Color::kRed: return "red";
    case Color::kBlue: return "blue";
    default: return "none";
  }
}

std::string cell_name(CellKey k) { return std::to_string(q_of(k)) + "," + std::to_string(r_of(k)); }

int Board::find(CellKey key) const {
  int lo = 0, hi = count_;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    CellKey k = tiles_[static_cast<size_t>(mid)].key;
    if (k == key) return mid;
    if (k < key) lo = mid + 1;
    else hi = mid;
  }
  return -1;
}

int Board::add_tile(CellKey key) {
  RISE_CHECK(count_ < kMaxTiles, "board is full");
  RISE_CHECK(find(key) < 0, "tile already present at " + cell_name(key));
  int pos = 0;
  while (pos < count_ && tiles_[static_cast<size_t>(pos)].key < key) ++pos;
  for (int i = count_; i > pos; --i) tiles_[static_cast<size_t>(i)] = tiles_[static_cast<size_t>(i - 1)];
  ++count_;
  // Every link to a shifted tile moves up by one.
  for (int i = 0; i < count_; ++i) {
    if (i == pos) continue;
    for (auto& n : tiles_[static_cast<size_t>(i)].neighbor) {
      if (n >= pos) ++n;
    }
  }
  Tile& t = tiles_[static_cast<size_t>(pos)];
  t = Tile{};
  t.key = key;
  for (int d = 0; d < kDirections; ++d) {
    int nk = neighbor_key(key, d);
    int ni = nk < 0 ? -1 : find(static_cast<CellKey>(nk));
    t.neighbor[static_cast<size_t>(d)] = static_cast<int8_t>(ni);
    if (ni >= 0) tiles_[static_cast<size_t>(ni)].neighbor[static_cast<size_t>((d + 3) % 6)] = static_cast<int8_t>(pos);
  }
  return pos;
}

}  // namespace rise::hex
