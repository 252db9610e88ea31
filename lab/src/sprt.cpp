#include "rise/lab/sprt.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include <fmt/format.h>

#include "rise/core/error.h"

namespace rise::lab {

double Pentanomial::pairs() const {
  double n = 0;
  for (double c : counts) n += c;
  return n;
}

double Pentanomial::mean() const {
  const double n = pairs();
  if (n <= 0) return 0.5;
  double sum = 0;
  for (size_t k = 0; k < counts.size(); ++k) sum += counts[k] * kPairScores[k];
  return sum / n;
}

double Pentanomial::variance() const {
  const double n = pairs();
  if (n <= 0) return 0;
  const double m = mean();
  double sum = 0;
  for (size_t k = 0; k < counts.size(); ++k) sum += counts[k] * (kPairScores[k] - m) * (kPairScores[k] - m);
  return sum / n;
}

int pair_score_index(double score_a, double score_b) {
  // 2 * (1/2 + (b - a) / 2) * 2 = 2 + 2 * (b - a), in 0..4.
  const int index = static_cast<int>(std::lround(2 + 2 * (score_b - score_a)));
  return std::clamp(index, 0, 4);
}

double elo_to_score(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

double score_to_elo(double score) {
  const double s = std::clamp(score, 0.001, 0.999);
  return -400.0 * std::log10(1.0 / s - 1.0) + 0.0;  // + 0.0: no "-0" for a score of 1/2
}

double log_likelihood_ratio(const Pentanomial& p, double score0, double score1) {
  const double n = p.pairs();
  if (n <= 0) return 0;
  const double m = p.mean(), v = p.variance();
  // Mean squared deviation from score_i = variance + (mean - score_i)^2.
  const double s0 = v + (m - score0) * (m - score0);
  const double s1 = v + (m - score1) * (m - score1);
  if (s0 == s1) return 0;
  if (s1 <= 0) return std::numeric_limits<double>::infinity();
  if (s0 <= 0) return -std::numeric_limits<double>::infinity();
  return n / 2 * std::log(s0 / s1);
}

SprtBounds sprt_bounds(double alpha, double beta) {
  if (!(alpha > 0 && alpha < 0.5)) throw InputError(fmt::format("--alpha {}: give an error rate above 0 and below 0.5", alpha));
  if (!(beta > 0 && beta < 0.5)) throw InputError(fmt::format("--beta {}: give an error rate above 0 and below 0.5", beta));
  return SprtBounds{std::log(beta / (1 - alpha)), std::log((1 - beta) / alpha)};
}

Sprt::Sprt(const SprtConfig& config) : config_(config), bounds_(sprt_bounds(config.alpha, config.beta)) {
  for (double e : {config.elo0, config.elo1}) {
    if (!std::isfinite(e) || e < -1000 || e > 1000) {
      throw InputError(fmt::format("--elo {},{}: each bound is an Elo difference from -1000 to 1000", config.elo0,
                                   config.elo1));
    }
  }
  if (!(config.elo0 < config.elo1)) {
    throw InputError(fmt::format("--elo {},{}: the first bound (H0: no better than it) must be below the second "
                                 "(H1: at least it)",
                                 config.elo0, config.elo1));
  }
}

SprtDecision Sprt::add(int index) {
  pairs_.counts[static_cast<size_t>(std::clamp(index, 0, 4))] += 1;
  if (decision_ != SprtDecision::kContinue) return decision_;
  Pentanomial with_prior = pairs_;
  with_prior.counts[0] += 0.5;
  with_prior.counts[4] += 0.5;
  // The LLR of the pairs played, at the mean and variance the prior gives them.
  const double n = pairs_.pairs();
  const double prior_llr = log_likelihood_ratio(with_prior, elo_to_score(config_.elo0), elo_to_score(config_.elo1));
  llr_ = prior_llr * n / with_prior.pairs();
  if (llr_ >= bounds_.upper) decision_ = SprtDecision::kH1;
  else if (llr_ <= bounds_.lower) decision_ = SprtDecision::kH0;
  return decision_;
}

AbEstimate estimate(const Pentanomial& p) {
  AbEstimate e;
  const double n = p.pairs();
  if (n <= 0) return e;
  const double half = 1.959963984540054 * std::sqrt(p.variance() / n);
  e.score = p.mean();
  e.score_low = std::max(0.0, e.score - half);
  e.score_high = std::min(1.0, e.score + half);
  e.difference = 2 * (e.score - 0.5);
  e.difference_low = 2 * (e.score_low - 0.5);
  e.difference_high = 2 * (e.score_high - 0.5);
  e.elo = score_to_elo(e.score);
  e.elo_low = score_to_elo(e.score_low);
  e.elo_high = score_to_elo(e.score_high);
  return e;
}

}  // namespace rise::lab
