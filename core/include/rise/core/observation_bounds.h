// The range of every value of an observation tensor (LearningSpec::bounds, docs/learning.md,
// "Bounds and the normalised tensor"): what a Gymnasium Box says of it, and how the
// normalised tensor maps each value to [0, 1]. Each game states its ranges next to its
// layout (games/*/learning.cpp) with a BoundsBuilder, in the layout's order.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace rise {

// Per value of the tensor, in its order (all four of observation_size()):
//   low <= value <= high in every state: the bound the rules imply, else the engine's own
//   (the range its state JSON accepts); the conformance suite checks it over thousands of
//   random games;
//   [typical_low, typical_high]: what the normalised tensor maps onto [0, 1]. It is
//   [low, high] for a value with a real bound (a flag, a count of the cards a player can
//   own, a card index); for an open number (life, turn, damage) it is a documented
//   magnitude, and a value outside saturates at 0 or 1.
struct ObservationBounds {
  std::vector<float> low;
  std::vector<float> high;
  std::vector<float> typical_low;
  std::vector<float> typical_high;
  size_t size() const { return low.size(); }
};

// Appends ranges in the tensor's order. Usage (rise-hex's 28 planes of 60 slots):
//   BoundsBuilder b; b.flags(60); b.range(120, -64, 63); ...; return b.done(28 * 60);
class BoundsBuilder {
 public:
  // `n` flags: 0 or 1.
  BoundsBuilder& flags(size_t n);
  // `n` values in [lo, hi], each of which may reach hi.
  BoundsBuilder& range(size_t n, float lo, float hi);
  // `n` open numbers in [lo, hi], normalised over [typical_lo, typical_hi] (saturated outside).
  BoundsBuilder& open(size_t n, float lo, float hi, float typical_lo, float typical_hi);
  // The ranges of `row` (another builder's), `times` times over: a table's rows.
  BoundsBuilder& repeat(size_t times, const BoundsBuilder& row);
  // The bounds; RISE_CHECK that they cover exactly `expected` values (the layout's size).
  ObservationBounds done(size_t expected) const;

 private:
  ObservationBounds b_;
};

// Rewrites a raw tensor `values` (bounds.size() floats) as its normalised form, in place:
// (clamp(v, typical_low, typical_high) - typical_low) / (typical_high - typical_low), so
// every value is in [0, 1].
// Throws InputError when the sizes differ.
void normalize_observation(const ObservationBounds& bounds, std::span<float> values);

}  // namespace rise
