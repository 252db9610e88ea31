// The one seeded random generator used for all game randomness.
//
// xoshiro256** seeded through SplitMix64. Every draw is derived from the raw 64-bit
// output with integer arithmetic only, so the same seed gives the same dice, coins and
// shuffles on every platform and standard library (std::uniform_int_distribution and
// std::shuffle are deliberately not used: their results differ between libraries).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace rise {

class Rng {
 public:
  // Seeds the four state words from `seed` with SplitMix64 (any seed is valid, 0 included).
  explicit Rng(uint64_t seed = 0);

  // Next raw 64-bit output.
  uint64_t next();

  // Uniform integer in [0, bound). bound must be >= 1. Unbiased (Lemire's method with
  // rejection), so results are exact and identical everywhere.
  uint64_t below(uint64_t bound);

  // A die with `sides` faces: uniform in [1, sides].
  int roll(int sides) { return static_cast<int>(below(static_cast<uint64_t>(sides))) + 1; }

  // A fair coin: true for heads (success).
  bool coin() { return (next() >> 63) != 0; }

  // Fisher-Yates shuffle of `items` in place, drawing with below().
  template <typename T>
  void shuffle(std::vector<T>& items) {
    for (size_t i = items.size(); i > 1; --i) {
      size_t j = static_cast<size_t>(below(i));
      std::swap(items[i - 1], items[j]);
    }
  }

  // The state as 64 hex digits (for JSON state), and back. from_hex throws InputError
  // on anything that is not exactly 64 hex digits or is the all-zero state.
  std::string to_hex() const;
  static Rng from_hex(const std::string& hex);

  bool operator==(const Rng& other) const { return state_ == other.state_; }

 private:
  std::array<uint64_t, 4> state_{};
};

}  // namespace rise
