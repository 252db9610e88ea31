// The learning interface of rise-hex (docs/learning.md): dense action indices over tile
// slots (docs/notation.md, "rise-hex dense action indices") and the observation planes
// (docs/formats.md, "rise-hex observation tensor").
#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "rise/core/error.h"
#include "rise/core/observation_bounds.h"
#include "rise-hex/state.h"

namespace rise::hex {
namespace {

constexpr int kSlots = kMaxTiles;
constexpr int kDirected = kSlots * kDirections;  // slot * 6 + direction

// The first dense index of each kind, in the order of Kind.
constexpr std::array<int, kKindCount> kBase = {
    0,                                  // tile: anchor slot * 6 + direction
    kDirected,                          // worker: slot
    kDirected + kSlots,                 // move: slot * 6 + direction
    2 * kDirected + kSlots,             // jump: slot * 6 + direction
    3 * kDirected + kSlots,             // eliminate: slot
    3 * kDirected + 2 * kSlots,         // free: slot
    3 * kDirected + 3 * kSlots,         // sacrifice: slot
    3 * kDirected + 4 * kSlots,         // remove-tier: slot
    3 * kDirected + 5 * kSlots,         // pass
};
static_assert(kBase[static_cast<size_t>(Kind::kPass)] + 1 == kDenseActions);

// Planes of the observation (docs/formats.md, "rise-hex observation tensor").
enum Plane : int {
  kTilePlane, kQ, kR, kRedWorker, kBlueWorker, kRedTiers, kBlueTiers, kChanged,
  kNeighbor0,  // .. kNeighbor0 + 5: a tile in direction 0..5
  kPendingTarget = kNeighbor0 + kDirections, kPendingSacrificed,
  // Whole-board values, repeated over every slot:
  kRedToMove, kBlueToMove, kActionsLeft, kPendingEliminate, kPendingFree, kTurn, kTurnLimit,
  kRedWon, kBlueWon, kDraw, kViewerRed, kViewerBlue,
  kPlaneCount,
};
static_assert(kPlaneCount == kObservationPlanes);

}  // namespace

ObservationBounds observation_bounds() {
  const size_t n = kSlots;
  BoundsBuilder b;
  b.flags(n);                                  // kTilePlane
  b.range(2 * n, -kCoordOffset, kCoordOffset - 1);  // kQ, kR: a cell key's coordinates
  b.flags(2 * n);                              // workers
  b.range(2 * n, 0, 3);                        // tiers of a tower (3 at most, Rule HEX-1.2)
  b.flags(n);                                  // kChanged
  b.flags(kDirections * n);                    // neighbours
  b.flags(2 * n);                              // the pending sacrifice
  b.flags(2 * n);                              // who is to move
  b.range(n, 0, 2);                            // actions left (Rule HEX-3.0)
  b.flags(2 * n);                              // the pending action's kind
  b.open(2 * n, 0, 60000, 0, kDefaultTurnLimit);  // turn, turn_limit (Interpretation HEX-I5: at most 60,000)
  b.flags(3 * n);                              // the result
  b.flags(2 * n);                              // the viewer
  return b.done(static_cast<size_t>(kPlaneCount) * n);
}

int HexState::dense_action(Action action) const {
  if (!is_legal(action)) {
    throw InputError("rise-hex: dense_action of '" + action_to_string(action) + "', which is not legal here");
  }
  return dense_action_of_legal(action, {});
}

int HexState::dense_action_of_legal(Action action, std::span<const Action> /*legal*/) const {
  const Kind kind = kind_of(action);
  const int base = kBase[static_cast<size_t>(kind)];
  if (kind == Kind::kPass) return base;
  const CellKey cell = cell_of(action);
  if (kind == Kind::kTile) {
    // The new cell by its neighbouring tile of the lowest slot, and the direction from
    // that tile to the cell (the opposite of the direction from the cell to it).
    int anchor = kSlots, towards = 0;
    for (int d = 0; d < kDirections; ++d) {
      const int nk = neighbor_key(cell, d);
      const int slot = nk < 0 ? -1 : board_.find(static_cast<CellKey>(nk));
      if (slot >= 0 && slot < anchor) {
        anchor = slot;
        towards = (d + kDirections / 2) % kDirections;
      }
    }
    return base + anchor * kDirections + towards;
  }
  const int slot = board_.find(cell);
  if (kind == Kind::kMove || kind == Kind::kJump) return base + slot * kDirections + direction_of(action);
  return base + slot;
}

void HexState::observation_tensor(PlayerId player, std::span<float> out) const {
  if (out.size() != static_cast<size_t>(kPlaneCount * kSlots)) {
    throw InputError("rise-hex: an observation tensor holds " + std::to_string(kPlaneCount * kSlots) +
                     " floats (" + std::to_string(kPlaneCount) + " planes x " + std::to_string(kSlots) +
                     " tile slots), not " + std::to_string(out.size()));
  }
  std::fill(out.begin(), out.end(), 0.0f);
  auto plane = [&](int p) { return out.subspan(static_cast<size_t>(p * kSlots), static_cast<size_t>(kSlots)); };
  auto flag = [](bool b) { return b ? 1.0f : 0.0f; };
  const int pending_target = has_pending() ? board_.find(pending_target_) : -1;
  const int pending_first = pending_first_ >= 0 ? board_.find(static_cast<CellKey>(pending_first_)) : -1;
  for (int i = 0; i < board_.size(); ++i) {
    const size_t s = static_cast<size_t>(i);
    plane(kTilePlane)[s] = 1.0f;
    plane(kQ)[s] = static_cast<float>(q_of(board_.key(i)));
    plane(kR)[s] = static_cast<float>(r_of(board_.key(i)));
    const Color worker = board_.worker(i);
    const Color tower = board_.tower(i);
    plane(kRedWorker)[s] = flag(worker == Color::kRed);
    plane(kBlueWorker)[s] = flag(worker == Color::kBlue);
    plane(kRedTiers)[s] = tower == Color::kRed ? static_cast<float>(board_.tiers(i)) : 0.0f;
    plane(kBlueTiers)[s] = tower == Color::kBlue ? static_cast<float>(board_.tiers(i)) : 0.0f;
    plane(kChanged)[s] = flag(board_.changed(i));  // "changed_this_turn"
    for (int d = 0; d < kDirections; ++d) plane(kNeighbor0 + d)[s] = flag(board_.neighbors(i)[static_cast<size_t>(d)] >= 0);
    plane(kPendingTarget)[s] = flag(i == pending_target);
    plane(kPendingSacrificed)[s] = flag(i == pending_first);
  }
  const std::array<std::pair<int, float>, 12> whole = {{
      {kRedToMove, flag(to_move_ == Color::kRed)},
      {kBlueToMove, flag(to_move_ == Color::kBlue)},
      {kActionsLeft, static_cast<float>(actions_left_)},
      {kPendingEliminate, flag(pending_kind_ == Kind::kEliminate)},
      {kPendingFree, flag(pending_kind_ == Kind::kFree)},
      {kTurn, static_cast<float>(turn_)},
      {kTurnLimit, static_cast<float>(turn_limit_)},
      {kRedWon, flag(result_ == Result::kRedWins)},
      {kBlueWon, flag(result_ == Result::kBlueWins)},
      {kDraw, flag(result_ == Result::kDraw)},
      {kViewerRed, flag(player == 0)},
      {kViewerBlue, flag(player == 1)},
  }};
  for (const auto& [p, value] : whole) std::ranges::fill(plane(p), value);
}

}  // namespace rise::hex
