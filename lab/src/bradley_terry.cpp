#include "rise/lab/bradley_terry.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "rise/core/error.h"
#include "rise/core/rng.h"

namespace rise::lab {
namespace {

// wins[i][j]: half-points of i against j (2 per win, 1 per draw), with the prior.
using Points = std::vector<std::vector<double>>;

void check_square(const std::vector<std::vector<PairResult>>& matrix) {
  for (const auto& row : matrix) {
    if (row.size() != matrix.size()) {
      throw InputError("Bradley-Terry ratings: the results matrix has " + std::to_string(matrix.size()) +
                       " rows but a row of " + std::to_string(row.size()) + " columns");
    }
  }
}

// The points (a win 1, a draw 1/2 each) of i against j for i != j, the prior added.
Points points_of(const std::vector<std::vector<PairResult>>& matrix) {
  const size_t n = matrix.size();
  Points p(n, std::vector<double>(n, 0.0));
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = i + 1; j < n; ++j) {
      const PairResult& r = matrix[i][j];
      p[i][j] = r.wins + 0.5 * r.draws + 0.5;  // the prior: one drawn game
      p[j][i] = r.losses + 0.5 * r.draws + 0.5;
    }
  }
  return p;
}

std::vector<double> fit(const Points& p) {
  const size_t n = p.size();
  std::vector<double> g(n, 1.0);
  if (n == 0) return {};
  for (int iteration = 0; iteration < 100000; ++iteration) {
    std::vector<double> next(n);
    double change = 0;
    for (size_t i = 0; i < n; ++i) {
      double won = 0, denominator = 0;
      for (size_t j = 0; j < n; ++j) {
        if (i == j) continue;
        won += p[i][j];
        denominator += (p[i][j] + p[j][i]) / (g[i] + g[j]);
      }
      next[i] = denominator > 0 ? won / denominator : g[i];
    }
    // Geometric mean 1: the ratings' mean is 0.
    double log_sum = 0;
    for (double v : next) log_sum += std::log(v);
    const double scale = std::exp(-log_sum / static_cast<double>(n));
    for (size_t i = 0; i < n; ++i) {
      next[i] *= scale;
      change = std::max(change, std::abs(next[i] - g[i]) / g[i]);
    }
    g = std::move(next);
    if (change < 1e-10) break;
  }
  std::vector<double> elo(n);
  for (size_t i = 0; i < n; ++i) elo[i] = 400.0 * std::log10(g[i]);
  return elo;
}

// The q-quantile of sorted values (linear between neighbours).
double quantile(const std::vector<double>& sorted, double q) {
  const double at = q * static_cast<double>(sorted.size() - 1);
  const size_t lo = static_cast<size_t>(std::floor(at));
  const size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - static_cast<double>(lo));
}

}  // namespace

std::vector<double> bradley_terry_elo(const std::vector<std::vector<PairResult>>& matrix) {
  check_square(matrix);
  return fit(points_of(matrix));
}

std::vector<Rating> bradley_terry_ratings(const std::vector<std::vector<PairResult>>& matrix, int resamples,
                                          uint64_t seed) {
  check_square(matrix);
  if (resamples < 1) throw InputError("--resamples " + std::to_string(resamples) + ": give at least 1");
  const size_t n = matrix.size();
  const std::vector<double> elo = fit(points_of(matrix));
  std::vector<std::vector<double>> samples(n);
  Rng rng(seed);
  for (int b = 0; b < resamples; ++b) {
    std::vector<std::vector<PairResult>> drawn(n, std::vector<PairResult>(n));
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = i + 1; j < n; ++j) {
        const PairResult& r = matrix[i][j];
        const int games = r.wins + r.draws + r.losses;
        PairResult& d = drawn[i][j];
        for (int k = 0; k < games; ++k) {
          const int pick = static_cast<int>(rng.below(static_cast<uint64_t>(games)));
          if (pick < r.wins) ++d.wins;
          else if (pick < r.wins + r.draws) ++d.draws;
          else ++d.losses;
        }
        drawn[j][i] = PairResult{d.losses, d.draws, d.wins};
      }
    }
    const std::vector<double> refit = fit(points_of(drawn));
    for (size_t i = 0; i < n; ++i) samples[i].push_back(refit[i]);
  }
  std::vector<Rating> out(n);
  for (size_t i = 0; i < n; ++i) {
    std::sort(samples[i].begin(), samples[i].end());
    out[i] = Rating{elo[i], quantile(samples[i], 0.025), quantile(samples[i], 0.975)};
  }
  return out;
}

}  // namespace rise::lab
