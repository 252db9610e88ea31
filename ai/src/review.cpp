#include "rise/ai/review.h"

#include <algorithm>
#include <memory>

#include "rise/ai/player.h"
#include "rise/ai/search_report.h"
#include "rise/core/error.h"
#include "rise/core/registry.h"

namespace rise::ai {

namespace {

// A per-decision seed that depends only on the review's seed and the action's index.
uint64_t decision_seed(uint64_t seed, int index) {
  return seed * 0x9e3779b97f4a7c15ULL + static_cast<uint64_t>(index) * 0xbf58476d1ce4e5b9ULL + 1;
}

// The decision of `state` (seat to move, `played` applied next), searched by a fresh player.
ReviewedDecision review_decision(const State& state, int index, Action played, const std::string& spec,
                                 uint64_t seed) {
  ReviewedDecision d;
  d.index = index;
  d.turn = state.turn_number();
  d.seat = state.current_player();
  d.played = played;
  d.played_text = state.describe_action(played, d.seat);
  d.best = played;
  d.best_text = d.played_text;
  if (state.legal_actions().size() <= 1) {
    d.forced = true;
    return d;
  }
  std::unique_ptr<Player> player = make_player(spec, decision_seed(seed, index));
  const Action chosen = player->choose_action(state);
  const SearchReport* report = player->last_search_report();
  if (report == nullptr || report->candidates.empty()) {  // a player that does not search
    d.best = chosen;
    d.best_text = state.describe_action(chosen, d.seat);
    return d;
  }
  const SearchCandidate& top = report->candidates.front();
  d.best = top.action;
  d.best_text = state.describe_action(top.action, d.seat);
  d.best_win = top.win;
  d.played_win = top.win;
  for (const SearchCandidate& c : report->candidates) {
    if (c.action == played) {
      d.played_win = c.win;
      d.played_visits = c.visits;
    }
  }
  // An action the search never tried has no estimate: its loss is unknown, not counted.
  d.unsearched = d.played != d.best && d.played_visits == 0;
  if (d.unsearched) d.played_win = d.best_win;
  // The best is the most visited; an action visited less may still show a higher mean:
  // then the choice cost nothing.
  d.loss = std::max(0.0, d.best_win - d.played_win);
  return d;
}

}  // namespace

Review review_game(const Replay& replay, const std::vector<PlayerId>& seats, const std::string& player_spec,
                   uint64_t seed, const std::function<void(int, int)>& progress) {
  const Game& game = find_game(replay.game);
  if (!game.info().perfect_information && spec_reads_hidden_information(player_spec)) {
    throw InputError("review: " + player_spec + " reads hidden information in " + replay.game +
                     ", so it would judge a decision by cards its seat could not see; use ismcts");
  }
  make_player(player_spec, 0);  // a bad spec is refused before the replay is run
  for (PlayerId seat : seats) {
    if (seat < 0 || seat >= replay.num_players) {
      throw InputError("review: seat " + std::to_string(seat) + " is not a seat of this " +
                       std::to_string(replay.num_players) + "-seat game");
    }
  }
  auto reviewed = [&](PlayerId seat) { return seats.empty() || std::find(seats.begin(), seats.end(), seat) != seats.end(); };

  // The positions first (run_replay checks every action), then the searches.
  std::vector<std::unique_ptr<State>> positions;
  std::vector<int> indices;
  std::unique_ptr<State> final_state = run_replay(replay, [&](const State& state, size_t index) {
    if (index < replay.actions.size() && !state.is_terminal() && reviewed(state.current_player())) {
      positions.push_back(state.clone());
      indices.push_back(static_cast<int>(index));
    }
  });
  Review review;
  review.game = replay.game;
  review.player = player_spec;
  const int total = static_cast<int>(positions.size());
  for (int k = 0; k < total; ++k) {
    const State& state = *positions[static_cast<size_t>(k)];
    const Action played = state.string_to_action(replay.actions[static_cast<size_t>(indices[static_cast<size_t>(k)])]);
    review.decisions.push_back(review_decision(state, indices[static_cast<size_t>(k)], played, player_spec, seed));
    if (progress) progress(k + 1, total);
  }

  for (PlayerId seat = 0; seat < replay.num_players; ++seat) {
    if (!reviewed(seat)) continue;
    SeatReview s;
    s.seat = seat;
    double sum = 0;
    for (const ReviewedDecision& d : review.decisions) {
      if (d.seat != seat || d.forced) continue;
      ++s.decisions;
      sum += d.loss;
      if (d.loss >= kBlunderLoss) {
        ++s.blunders;
      } else if (d.loss >= kMistakeLoss) {
        ++s.mistakes;
      }
    }
    s.mean_loss = s.decisions > 0 ? sum / s.decisions : 0.0;
    review.seats.push_back(s);
  }

  // The turning point: the largest loss of a seat that lost (of any seat without a loser).
  std::vector<double> returns = replay.returns;
  if (returns.empty() && final_state->is_terminal()) returns = final_state->returns();
  const bool someone_lost = std::any_of(returns.begin(), returns.end(), [](double r) { return r < 0; });
  double largest = kMistakeLoss - 1e-12;  // a game turns on a mistake, not on a small loss
  for (size_t k = 0; k < review.decisions.size(); ++k) {
    const ReviewedDecision& d = review.decisions[k];
    const bool loser = someone_lost && static_cast<size_t>(d.seat) < returns.size() && returns[static_cast<size_t>(d.seat)] < 0;
    if ((loser || !someone_lost) && d.loss > largest) {
      largest = d.loss;
      review.turning_point = static_cast<int>(k);
    }
  }
  return review;
}

nlohmann::json review_to_json(const Review& review) {
  nlohmann::json decisions = nlohmann::json::array();
  for (const ReviewedDecision& d : review.decisions) {
    decisions.push_back({{"index", d.index},
                         {"turn", d.turn},
                         {"seat", d.seat},
                         {"played", d.played_text},
                         {"played_win", d.played_win},
                         {"played_visits", d.played_visits},
                         {"best", d.best_text},
                         {"best_win", d.best_win},
                         {"forced", d.forced},
                         {"unsearched", d.unsearched},
                         {"loss", d.loss}});
  }
  nlohmann::json seats = nlohmann::json::array();
  for (const SeatReview& s : review.seats) {
    seats.push_back({{"seat", s.seat},
                     {"decisions", s.decisions},
                     {"mean_loss", s.mean_loss},
                     {"mistakes", s.mistakes},
                     {"blunders", s.blunders}});
  }
  return {{"game", review.game},
          {"player", review.player},
          {"decisions", std::move(decisions)},
          {"seats", std::move(seats)},
          {"turning_point", review.turning_point}};
}

}  // namespace rise::ai
