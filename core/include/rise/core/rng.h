// The one seeded random generator used for all game randomness.
//
// xoshiro256** seeded through SplitMix64. Every draw is derived from the raw 64-bit
// output with integer arithmetic only, so the same seed gives the same dice, coins and
// shuffles on every platform and standard library (std::uniform_int_distribution and
// std::shuffle are deliberately not used: their results differ between libraries).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rise/core/forced_chance.h"

namespace rise {

class Rng {
 public:
  // Seeds the four state words from `seed` with SplitMix64 (any seed is valid, 0 included).
  // Inside a ForcedChance::Scope the Rng also takes that scope's forced outcomes.
  explicit Rng(uint64_t seed = 0);

  // A copy has the same state but no forced outcomes: they stay with the original (a
  // clone searched by an AI draws for itself). Assignment copies the state only.
  Rng(const Rng& other) : state_(other.state_) {}
  Rng& operator=(const Rng& other) {
    state_ = other.state_;
    return *this;
  }

  // Next raw 64-bit output.
  uint64_t next();

  // Uniform integer in [0, bound): a random pick. bound must be >= 1. Unbiased (Lemire's
  // method with rejection), so results are exact and identical everywhere. Forced: a
  // {"pick": K} outcome (InputError from ForcedChance::take if K >= bound).
  uint64_t below(uint64_t bound) {
    if (forced_) [[unlikely]] {
      if (const ForcedOutcome* f = forced_->take(ForcedOutcome::Kind::kPick, 0, bound); f && !f->random) {
        return static_cast<uint64_t>(f->value);
      }
    }
    return draw_below(bound);
  }

  // A die with `sides` faces: uniform in [1, sides]. Forced: a {"dSIDES": face} outcome.
  int roll(int sides) {
    if (forced_) [[unlikely]] {
      if (const ForcedOutcome* f = forced_->take(ForcedOutcome::Kind::kDie, sides); f && !f->random) return f->value;
    }
    return static_cast<int>(draw_below(static_cast<uint64_t>(sides))) + 1;
  }

  // A fair coin: true for heads (success). Forced: a {"coin": ...} outcome.
  bool coin() {
    if (forced_) [[unlikely]] {
      if (const ForcedOutcome* f = forced_->take(ForcedOutcome::Kind::kCoin); f && !f->random) return f->value != 0;
    }
    return (next() >> 63) != 0;
  }

  // Fisher-Yates shuffle of `items` in place. Its order cannot be forced by card: a forced
  // outcome waiting for this shuffle is an error (use the overload below for libraries).
  template <typename T>
  void shuffle(std::vector<T>& items) {
    if (forced_) [[unlikely]] {
      if (const ForcedOutcome* f = forced_->take(ForcedOutcome::Kind::kShuffle); f && !f->random) {
        forced_->missing_card(std::string());  // "cannot be forced by card"
      }
    }
    draw_shuffle(items);
  }

  // A shuffle of a pile whose top is its back() (top_is_back) or its front(). Forced: a
  // {"shuffle": [names]} outcome puts, after the shuffle, an item whose name_of() is each
  // name on top, the first name topmost (InputError when no such item is left).
  template <typename T, typename NameOf>
  void shuffle(std::vector<T>& items, NameOf name_of, bool top_is_back) {
    const ForcedOutcome* f = nullptr;
    if (forced_) [[unlikely]] f = forced_->take(ForcedOutcome::Kind::kShuffle);
    draw_shuffle(items);
    if (f == nullptr || f->random) return;
    // Pile order from the top: index k of the pile is items[k] or items[n-1-k].
    const size_t n = items.size();
    auto at = [&](size_t k) -> T& { return top_is_back ? items[n - 1 - k] : items[k]; };
    for (size_t k = 0; k < f->top.size(); ++k) {
      size_t found = n;
      for (size_t j = k; j < n; ++j) {
        if (name_of(at(j)) == f->top[k]) {
          found = j;
          break;
        }
      }
      if (found == n) forced_->missing_card(f->top[k]);
      std::swap(at(k), at(found));
    }
  }

  // This Rng's forced outcomes from now on (null: none). The state whose Rng this is
  // consumes them; copies do not (above).
  void force(std::shared_ptr<ForcedChance> chance) { forced_ = std::move(chance); }
  const std::shared_ptr<ForcedChance>& forced() const { return forced_; }

  // The state as 64 hex digits (for JSON state), and back. from_hex throws InputError
  // on anything that is not exactly 64 hex digits or is the all-zero state.
  std::string to_hex() const;
  static Rng from_hex(const std::string& hex);

  // Fisher-Yates shuffle of `items` in place that no forced outcome can set or consume, for
  // an order the rules give no meaning to: the numbering of a library's objects, which is
  // drawn apart from the library's own (forceable) shuffle so that an object id says nothing
  // about where its card lay (Interpretations TCG-I78, DL-I45, RRD-12.3). Same draws as shuffle().
  template <typename T>
  void permute(std::vector<T>& items) {
    draw_shuffle(items);
  }

  bool operator==(const Rng& other) const { return state_ == other.state_; }

 private:
  uint64_t draw_below(uint64_t bound);
  template <typename T>
  void draw_shuffle(std::vector<T>& items) {
    for (size_t i = items.size(); i > 1; --i) {
      size_t j = static_cast<size_t>(draw_below(i));
      std::swap(items[i - 1], items[j]);
    }
  }

  std::array<uint64_t, 4> state_{};
  std::shared_ptr<ForcedChance> forced_;  // usually null
};

}  // namespace rise
