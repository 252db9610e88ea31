#include "rise/core/rng.h"

#include "rise/core/error.h"

namespace rise {
namespace {

uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

__extension__ typedef unsigned __int128 uint128;

uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

Rng::Rng(uint64_t seed) : forced_(ForcedChance::current()) {
  uint64_t x = seed;
  for (auto& word : state_) word = splitmix64(x);
}

uint64_t Rng::next() {
  const uint64_t result = rotl(state_[1] * 5, 7) * 9;
  const uint64_t t = state_[1] << 17;
  state_[2] ^= state_[0];
  state_[3] ^= state_[1];
  state_[1] ^= state_[2];
  state_[0] ^= state_[3];
  state_[2] ^= t;
  state_[3] = rotl(state_[3], 45);
  return result;
}

uint64_t Rng::draw_below(uint64_t bound) {
  RISE_CHECK(bound >= 1, "Rng::below needs a bound of at least 1");
  // Lemire: multiply into 128 bits, reject the few low values that would bias the result.
  uint128 m = static_cast<uint128>(next()) * bound;
  uint64_t low = static_cast<uint64_t>(m);
  if (low < bound) {
    const uint64_t threshold = (0 - bound) % bound;
    while (low < threshold) {
      m = static_cast<uint128>(next()) * bound;
      low = static_cast<uint64_t>(m);
    }
  }
  return static_cast<uint64_t>(m >> 64);
}

std::string Rng::to_hex() const {
  static const char* digits = "0123456789abcdef";
  std::string out;
  out.reserve(64);
  for (uint64_t word : state_) {
    for (int shift = 60; shift >= 0; shift -= 4) out.push_back(digits[(word >> shift) & 0xF]);
  }
  return out;
}

Rng Rng::from_hex(const std::string& hex) {
  if (hex.size() != 64) throw InputError("rng state must be 64 hex digits, got " +
                                         std::to_string(hex.size()) + " characters");
  Rng rng;
  for (int w = 0; w < 4; ++w) {
    uint64_t word = 0;
    for (int i = 0; i < 16; ++i) {
      char c = hex[static_cast<size_t>(w * 16 + i)];
      int v;
      if (c >= '0' && c <= '9') v = c - '0';
      else if (c >= 'a' && c <= 'f') v = c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') v = c - 'A' + 10;
      else throw InputError(std::string("rng state has a non-hex character '") + c + "'");
      word = (word << 4) | static_cast<uint64_t>(v);
    }
    rng.state_[static_cast<size_t>(w)] = word;
  }
  if (rng.state_ == std::array<uint64_t, 4>{}) throw InputError("rng state must not be all zero");
  return rng;
}

}  // namespace rise
