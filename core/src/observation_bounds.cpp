#include "rise/core/observation_bounds.h"

#include <algorithm>
#include <string>

#include "rise/core/error.h"

namespace rise {

BoundsBuilder& BoundsBuilder::flags(size_t n) { return range(n, 0.0f, 1.0f); }

BoundsBuilder& BoundsBuilder::range(size_t n, float lo, float hi) { return open(n, lo, hi, lo, hi); }

BoundsBuilder& BoundsBuilder::open(size_t n, float lo, float hi, float typical_lo, float typical_hi) {
  RISE_CHECK(lo <= typical_lo && typical_lo < typical_hi && typical_hi <= hi,
             "observation bounds: lo <= typical_lo < typical_hi <= hi");
  b_.low.insert(b_.low.end(), n, lo);
  b_.high.insert(b_.high.end(), n, hi);
  b_.typical_low.insert(b_.typical_low.end(), n, typical_lo);
  b_.typical_high.insert(b_.typical_high.end(), n, typical_hi);
  return *this;
}

BoundsBuilder& BoundsBuilder::repeat(size_t times, const BoundsBuilder& row) {
  for (size_t k = 0; k < times; ++k) {
    b_.low.insert(b_.low.end(), row.b_.low.begin(), row.b_.low.end());
    b_.high.insert(b_.high.end(), row.b_.high.begin(), row.b_.high.end());
    b_.typical_low.insert(b_.typical_low.end(), row.b_.typical_low.begin(), row.b_.typical_low.end());
    b_.typical_high.insert(b_.typical_high.end(), row.b_.typical_high.begin(), row.b_.typical_high.end());
  }
  return *this;
}

ObservationBounds BoundsBuilder::done(size_t expected) const {
  RISE_CHECK(b_.size() == expected, "observation bounds: " + std::to_string(b_.size()) + " values for a layout of " +
                                        std::to_string(expected));
  return b_;
}

void normalize_observation(const ObservationBounds& bounds, std::span<float> values) {
  if (values.size() != bounds.size()) {
    throw InputError("normalize_observation: the tensor holds " + std::to_string(values.size()) +
                     " floats, the bounds " + std::to_string(bounds.size()));
  }
  for (size_t i = 0; i < values.size(); ++i) {
    const float lo = bounds.typical_low[i], top = bounds.typical_high[i];
    values[i] = (std::clamp(values[i], lo, top) - lo) / (top - lo);
  }
}

}  // namespace rise
