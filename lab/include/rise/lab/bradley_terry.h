// Bradley–Terry ratings of decks from a round robin (`rise lab cards --round-robin`,
// docs/lab.md, "Deck ratings"): each deck i has a strength g_i with P(i beats j) =
// g_i / (g_i + g_j); the rating is 400 log10(g_i) Elo, the mean rating 0.
#pragma once

#include <cstdint>
#include <vector>

namespace rise::lab {

// The games of a row deck against a column deck, from the row deck's side.
struct PairResult {
  int wins = 0, draws = 0, losses = 0;
};

// A deck's rating in Elo (mean over the decks 0) and its 95% interval.
struct Rating {
  double elo = 0, low = 0, high = 0;
};

// The maximum-likelihood ratings of a results matrix ([i][j]: deck i against deck j; the
// diagonal is ignored and [j][i] should mirror [i][j]; only i < j is read), a draw counting
// as half a win for each side. A prior of one drawn game between every pair of decks keeps
// every rating finite (a deck that won or lost every game). Fitted by the MM algorithm
// (Hunter 2004) to a relative change below 1e-10. Elo, mean 0; empty for an empty matrix.
// Throws InputError when the matrix is not square.
std::vector<double> bradley_terry_elo(const std::vector<std::vector<PairResult>>& matrix);

// The ratings with 95% intervals: the fit above, and the 2.5% and 97.5% quantiles of
// `resamples` refits of bootstrap resamples (each pair's games drawn again with replacement
// from its own wins, draws and losses), from a generator seeded with `seed`. The same
// matrix, resamples and seed give the same intervals. Throws InputError when `resamples` < 1
// or the matrix is not square.
std::vector<Rating> bradley_terry_ratings(const std::vector<std::vector<PairResult>>& matrix, int resamples,
                                          uint64_t seed);

}  // namespace rise::lab
