// A review of a finished (or unfinished) game, as lichess's analysis board gives one (issue
// 38): the strongest player searches every position a seat decided in, from that seat's
// information only, and says what each decision cost in estimated chance to win, which were
// the mistakes, what was better, and when the game turned. `rise review REPLAY` prints it;
// the server's replay page shows it (docs/ai.md, "Reviewing a game").
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise/core/replay.h"
#include "rise/core/state.h"

namespace rise::ai {

// One decision of a reviewed seat.
struct ReviewedDecision {
  int index = 0;          // the action's index in the replay, from 0
  int turn = 0;           // State::turn_number() at the decision
  PlayerId seat = 0;      // the seat that decided
  Action played = 0;
  std::string played_text;  // as `seat` read it (State::describe_action)
  // The search's estimate of the seat's chance to win, in [0, 1] (a draw counts half): of its
  // best action (the position's value for the seat), and of the action played. They are
  // equal when the seat played the search's choice, and for a forced action (`forced`: one
  // legal action, not searched).
  double best_win = 0.5;
  double played_win = 0.5;
  int64_t played_visits = 0;  // the search's iterations through the played action (its estimate's weight)
  Action best = 0;
  std::string best_text;    // the search's choice, as `seat` reads it
  bool forced = false;
  // The search never tried the played action (a policy prior may pass actions by): its
  // estimate is unknown, played_win is set to best_win and the loss to 0.
  bool unsearched = false;
  // max(0, best_win - played_win): the chance to win the choice gave away, by the search's
  // estimate.
  double loss = 0;
};

// What a loss is called, with lichess's thresholds on the chance to win: a mistake from
// kMistakeLoss, a blunder from kBlunderLoss.
inline constexpr double kMistakeLoss = 0.10;
inline constexpr double kBlunderLoss = 0.20;

// One seat's totals.
struct SeatReview {
  PlayerId seat = 0;
  int decisions = 0;  // searched decisions (forced ones are not counted)
  double mean_loss = 0;
  int mistakes = 0;   // kMistakeLoss <= loss < kBlunderLoss
  int blunders = 0;   // loss >= kBlunderLoss
};

struct Review {
  std::string game;
  std::string player;                       // the reviewing player's spec
  std::vector<ReviewedDecision> decisions;  // in game order, every decision of the reviewed seats
  std::vector<SeatReview> seats;            // one per reviewed seat, in seat order
  // The decision where the game turned: the largest loss of a seat that lost the game (a
  // draw or an unfinished game: of any reviewed seat), the earliest of equal ones, if it is
  // a mistake at least (kMistakeLoss); else -1. An index into `decisions`.
  int turning_point = -1;
};

// Reviews `replay` (run_replay: its actions are checked as it does): at each decision of a
// seat in `seats` (every seat when empty) a fresh `player_spec` player, seeded from `seed`
// and the action's index, searches the position; `progress(done, total)` is called after
// each decision (total: the decisions to review). Depends only on the arguments. Throws
// InputError for a replay run_replay refuses, a bad spec, a seat out of range, or a player
// that reads hidden information (Player::reads_hidden_information) in a game of hidden
// information: a review judges a decision by what its seat knew.
Review review_game(const Replay& replay, const std::vector<PlayerId>& seats, const std::string& player_spec,
                   uint64_t seed, const std::function<void(int, int)>& progress = nullptr);

// The review as JSON (docs/formats.md, "Review"): {"game", "player", "decisions": [{index,
// turn, seat, played, played_win, played_visits, best, best_win, forced, unsearched, loss}], "seats":
// [{seat, decisions, mean_loss, mistakes, blunders}], "turning_point"}.
nlohmann::json review_to_json(const Review& review);

}  // namespace rise::ai
