// Writing an observation tensor (State::observation_tensor, docs/learning.md): float32
// values one after the other into the caller's buffer, for the games' learning.cpp files.
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>

namespace rise {

class TensorWriter {
 public:
  // Writes into `out` from offset `at`. Writing past the end is a bug of the caller's
  // layout (the games check their offsets with RISE_CHECK).
  explicit TensorWriter(std::span<float> out, size_t at = 0) : out_(out), at_(at) {}

  void put(double v) { out_[at_++] = static_cast<float>(v); }
  void flag(bool b) { put(b ? 1.0 : 0.0); }
  // `n` zeros.
  void zeros(size_t n) {
    std::fill_n(out_.begin() + static_cast<std::ptrdiff_t>(at_), n, 0.0f);
    at_ += n;
  }
  // `size` values: 1 at `k`, 0 elsewhere (all 0 when k is outside [0, size)).
  void one_hot(int k, int size) {
    for (int i = 0; i < size; ++i) put(i == k ? 1.0 : 0.0);
  }
  // The offset of the next value.
  size_t at() const { return at_; }

 private:
  std::span<float> out_;
  size_t at_;
};

}  // namespace rise
