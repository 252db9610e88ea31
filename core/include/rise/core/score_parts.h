// A side's evaluation score added up part by part (State::evaluation_terms, issue 38). The
// games' evaluate() adds its score through `add`, so its total is the very sum a plain
// `score += v` made (the same additions in the same order: evaluate() does not change by a
// bit); evaluation_terms() passes `parts` and reads each named part too. No allocation.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "rise/core/state.h"

namespace rise {

template <size_t N>
struct ScoreParts {
  double total = 0;
  std::array<double, N>* parts = nullptr;  // each part's points, when asked for

  // Adds `value` to the total and to part `part`.
  void add(size_t part, double value) {
    total += value;
    if (parts != nullptr) (*parts)[part] += value;
  }
  // Adds `value` to part `part` only: a share of an amount the caller adds to the total
  // whole (total += a + b; note(k, a); note(j, b)).
  void note(size_t part, double value) {
    if (parts != nullptr) (*parts)[part] += value;
  }
};

// The terms `names[k]`: seat `me`'s part k minus seat `them`'s (none when `them` < 0), in
// the order of `names`. `side(seat, parts)` adds a seat's score up through `parts` (the
// game's side score, as evaluate() calls it).
template <size_t N, class Side>
std::vector<EvaluationTerm> term_differences(const std::array<const char*, N>& names, Side&& side, int me, int them) {
  std::array<double, N> mine{}, theirs{};
  side(me, ScoreParts<N>{0.0, &mine});
  if (them >= 0) side(them, ScoreParts<N>{0.0, &theirs});
  std::vector<EvaluationTerm> out;
  out.reserve(N);
  for (size_t k = 0; k < N; ++k) out.push_back({names[k], mine[k] - theirs[k]});
  return out;
}

}  // namespace rise
