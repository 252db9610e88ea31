// The sequential probability ratio test of `rise lab ab` (docs/lab.md, "A/B of a change"):
// the generalized SPRT chess engine testing uses (fishtest, OpenBench) on game pairs.
//
// A pair is two games with the same seed, decks and players: one with the cards of A, one
// with the cards of B. Its score is 1/2 + (B's game score - A's game score) / 2, a game
// score being 1 for a win, 1/2 for a draw and 0 for a loss of the deck under test, so a pair
// scores 0, 1/4, 1/2, 3/4 or 1 (the pentanomial). The mean pair score is 1/2 when the
// change does nothing; its Elo is the logistic Elo of that score, as if B played A.
#pragma once

#include <array>
#include <cstdint>

namespace rise::lab {

// The five pair scores, in the order of Pentanomial::counts.
inline constexpr std::array<double, 5> kPairScores{0.0, 0.25, 0.5, 0.75, 1.0};

// Counts of pairs by pair score (counts[k]: pairs scoring kPairScores[k]). Counts are
// real numbers so that a prior can be added.
struct Pentanomial {
  std::array<double, 5> counts{};
  double pairs() const;       // the sum of the counts
  double mean() const;        // the mean pair score; 1/2 when there is no pair
  double variance() const;    // the variance of a pair score about the mean (divided by pairs); 0 when empty
};

// The pair score index (0..4) of a pair whose games scored `score_a` and `score_b` (each
// 0, 1/2 or 1 for the deck under test).
int pair_score_index(double score_a, double score_b);

// The expected score of Elo difference `elo`: 1 / (1 + 10^(-elo/400)).
double elo_to_score(double elo);

// The Elo difference of expected score `score`, clamped to [0.001, 0.999] (so at most
// about ±1200 Elo for a score of 0 or 1).
double score_to_elo(double score);

// The log-likelihood ratio (natural log) of H1 "the mean pair score is score1" against H0
// "it is score0" after the pairs of `p`, in the normal approximation of the generalized
// SPRT: N/2 * ln(S0 / S1), S_i the mean squared deviation of the pair scores from score_i.
// 0 when there is no pair; +-infinity when a deviation is 0 (use Sprt, which adds a prior).
double log_likelihood_ratio(const Pentanomial& p, double score0, double score1);

// Wald's stopping bounds for error rates `alpha` (accepting H1 when H0 holds) and `beta`
// (accepting H0 when H1 holds): lower ln(beta / (1 - alpha)), upper ln((1 - beta) / alpha).
struct SprtBounds {
  double lower = 0, upper = 0;
};
// Throws InputError unless 0 < alpha < 1/2 and 0 < beta < 1/2.
SprtBounds sprt_bounds(double alpha, double beta);

// What the test says so far.
enum class SprtDecision { kContinue, kH0, kH1 };

// H0: the change is worth at most elo0; H1: it is worth at least elo1 (elo0 < elo1).
struct SprtConfig {
  double elo0 = 0, elo1 = 20;
  double alpha = 0.05, beta = 0.05;
};

// The test, pair by pair. The log-likelihood ratio is computed with a prior of one pair
// split between the two extreme scores (half a pair scoring 0, half a pair scoring 1), so
// that the variance is never 0 and a few identical pairs do not decide at once.
class Sprt {
 public:
  // Throws InputError when elo0 >= elo1, when a bound is not finite or outside
  // [-1000, 1000], or for bad alpha / beta (sprt_bounds).
  explicit Sprt(const SprtConfig& config);

  // Adds one pair (its pair score index, 0..4) and returns the decision after it. Once
  // decided, the decision stays.
  SprtDecision add(int pair_score_index);

  const SprtConfig& config() const { return config_; }
  const SprtBounds& bounds() const { return bounds_; }
  const Pentanomial& pairs() const { return pairs_; }  // the pairs played, without the prior
  double llr() const { return llr_; }                  // after the last pair
  SprtDecision decision() const { return decision_; }

 private:
  SprtConfig config_;
  SprtBounds bounds_;
  Pentanomial pairs_;
  double llr_ = 0;
  SprtDecision decision_ = SprtDecision::kContinue;
};

// The estimate of the mean pair score with its 95% normal interval (mean +- 1.96 sd/sqrt N),
// as a pair score, as the win-rate difference B - A (2 * (score - 1/2)) and as Elo.
struct AbEstimate {
  double score = 0.5, score_low = 0.5, score_high = 0.5;
  double difference = 0, difference_low = 0, difference_high = 0;
  double elo = 0, elo_low = 0, elo_high = 0;
};
AbEstimate estimate(const Pentanomial& p);

}  // namespace rise::lab
