// Training samples from the engine's own games (docs/ai.md, "Learned evaluations"): games
// between computer players (self-play, or any players), and at each recorded decision every
// seat's observation tensor with what became of that seat. What `make train` learns from.
#pragma once

#include <cstdint>
#include <vector>

#include "rise/ai/match.h"

namespace rise::ai {

struct SelfPlayConfig {
  MatchConfig match;          // game, options, players (rotated by game), games, threads, seed
  // The share of decisions recorded, in (0, 1]: neighbouring positions of one game are
  // alike, so a rate below 1 gives more games for the same memory. Which decisions are
  // recorded depends only on the seed, game index and decision number.
  double sample_rate = 1.0;
  // The index of the first game played: games first_game .. first_game + match.games - 1 of
  // the run, each the same game (seed, seating, recorded decisions) as in one run of them all,
  // so a long run can be played in parts and its parts concatenated (docs/ai.md, "Training").
  // Must be >= 0.
  int first_game = 0;
};

// One row per (recorded decision, seat): rows of a game are consecutive, in decision order.
struct SelfPlaySamples {
  int observation_size = 0;
  std::vector<float> observations;    // [rows][observation_size]: observation_tensor(seat)
  std::vector<float> outcomes;        // [rows]: the seat's final return (+1 win, -1 loss, 0 draw)
  // [rows]: the search's value of its chosen action for the seat that chose it (mean_value
  // of its first candidate, search_report.h), on the rows of the deciding seat; NaN on the
  // other seats' rows and for players that do not search (random, greedy) or forced moves.
  std::vector<float> search_values;
  // [rows]: State::evaluate(seat) of the position (the game's hand-written evaluation), NaN
  // for a game without one: the base a network with "base": "evaluation" corrects.
  std::vector<float> evaluations;
  std::vector<int32_t> actions;       // [rows]: the dense index chosen, on the deciding seat's row; else -1
  // [rows]: how many legal actions the deciding seat had, on its row; else 0. Their dense
  // indices, in legal_actions order, follow one another in `legal` (a row's start is the sum
  // of the counts before it): the policy head's loss is a softmax over them only.
  std::vector<int32_t> legal_counts;
  std::vector<int32_t> legal;         // [sum of legal_counts]: dense indices of the legal actions
  // [sum of legal_counts]: the search's root visits of each of those legal actions (its
  // SearchCandidate::visits; 0 for an action it never tried, and all 0 for a player that
  // does not search or a forced move): AlphaZero's policy target (Silver et al. 2018).
  std::vector<float> legal_visits;
  std::vector<int32_t> games;         // [rows]: the game's index in the run
  std::vector<int32_t> seats;         // [rows]: the seat whose observation this is
  std::vector<int32_t> movers;        // [rows]: the seat that decided
  std::vector<int32_t> decisions;     // [rows]: the decision's number in its game, from 0
  std::vector<GameRecord> records;    // every game's result, in index order (GameRecord::index)

  size_t rows() const { return outcomes.size(); }
};

// Plays config.match.games games as run_match does (same seeds and seating, in parallel on
// config.match.threads threads), from game config.first_game on, and records samples. The result depends only on the config,
// not on the thread count (games are merged in index order), unless a player has a time
// budget. Throws InputError as validate_match does, for a game without observation tensors
// (Game::learning_spec), a sample_rate outside (0, 1], or a negative first_game.
SelfPlaySamples self_play(const SelfPlayConfig& config);

}  // namespace rise::ai
