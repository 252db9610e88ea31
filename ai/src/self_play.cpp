#include "rise/ai/self_play.h"

#include <cmath>
#include <limits>

#include "rise/ai/parallel.h"
#include "rise/ai/player.h"
#include "rise/core/error.h"
#include "rise/core/game.h"
#include "rise/core/registry.h"
#include "rise/core/rng.h"

namespace rise::ai {

namespace {

// Appends `part` to `all` (the games' samples merged in index order).
void append(SelfPlaySamples& all, SelfPlaySamples&& part) {
  auto move_into = [](auto& to, auto& from) { to.insert(to.end(), from.begin(), from.end()); };
  move_into(all.observations, part.observations);
  move_into(all.outcomes, part.outcomes);
  move_into(all.search_values, part.search_values);
  move_into(all.evaluations, part.evaluations);
  move_into(all.actions, part.actions);
  move_into(all.legal_counts, part.legal_counts);
  move_into(all.legal, part.legal);
  move_into(all.legal_visits, part.legal_visits);
  move_into(all.games, part.games);
  move_into(all.seats, part.seats);
  move_into(all.movers, part.movers);
  move_into(all.decisions, part.decisions);
}

}  // namespace

SelfPlaySamples self_play(const SelfPlayConfig& config) {
  validate_match(config.match);
  if (!(config.sample_rate > 0.0 && config.sample_rate <= 1.0)) {
    throw InputError("self-play: the sample rate must be in (0, 1], not " + std::to_string(config.sample_rate));
  }
  if (config.first_game < 0) {
    throw InputError("self-play: the first game's index must be >= 0, not " + std::to_string(config.first_game));
  }
  const Game& game = find_game(config.match.game);
  const int seats = static_cast<int>(config.match.players.size());
  const LearningSpec spec = game.learning_spec(config.match.options, seats);
  if (spec.observation_size() == 0) {
    throw InputError("self-play: " + config.match.game + " offers no observation tensor (docs/learning.md)");
  }
  const size_t size = spec.observation_size();
  const bool evaluates = game.info().has_evaluation;
  std::vector<SelfPlaySamples> parts(static_cast<size_t>(config.match.games));
  std::vector<GameRecord> records(static_cast<size_t>(config.match.games));

  parallel_for(config.match.games, config.match.threads, [&](int slot) {
    const int index = config.first_game + slot;  // the game's index in the whole run
    SelfPlaySamples& part = parts[static_cast<size_t>(slot)];
    Rng pick(config.match.seed * 0x9e3779b97f4a7c15ULL + static_cast<uint64_t>(index) + 17);
    int decision = 0;
    std::vector<Action> legal;
    std::vector<int> dense;
    const DecisionHook hook = [&](const State& state, const Player& player, Action action) {
      const int number = decision++;
      constexpr uint64_t kScale = uint64_t{1} << 30;
      if (config.sample_rate < 1.0 && static_cast<double>(pick.below(kScale)) >= config.sample_rate * kScale) return;
      const PlayerId mover = state.current_player();
      const SearchReport* report = player.last_search_report();
      const float searched = report != nullptr && !report->candidates.empty()
                                 ? static_cast<float>(report->candidates.front().mean_value)
                                 : std::numeric_limits<float>::quiet_NaN();
      state.legal_actions(legal);
      state.dense_actions(legal, dense);
      int chosen = -1;  // the dense index of `action`
      for (size_t i = 0; i < legal.size(); ++i) {
        if (legal[i] == action) chosen = dense[i];
      }
      RISE_CHECK(chosen >= 0, "self_play: the player chose an action that is not legal");
      for (int seat = 0; seat < seats; ++seat) {
        part.legal_counts.push_back(seat == mover ? static_cast<int32_t>(legal.size()) : 0);
        if (seat == mover) {
          part.legal.insert(part.legal.end(), dense.begin(), dense.end());
          for (Action a : legal) {
            int64_t visits = 0;
            if (report != nullptr) {
              for (const SearchCandidate& c : report->candidates) {
                if (c.action == a) visits = c.visits;
              }
            }
            part.legal_visits.push_back(static_cast<float>(visits));
          }
        }
        part.observations.resize(part.observations.size() + size);
        state.observation_tensor(seat, std::span<float>(part.observations).subspan(part.observations.size() - size));
        part.outcomes.push_back(0);  // filled in when the game ends
        part.search_values.push_back(seat == mover ? searched : std::numeric_limits<float>::quiet_NaN());
        part.evaluations.push_back(evaluates ? static_cast<float>(state.evaluate(seat))
                                             : std::numeric_limits<float>::quiet_NaN());
        part.actions.push_back(seat == mover ? chosen : -1);
        part.games.push_back(index);
        part.seats.push_back(seat);
        part.movers.push_back(mover);
        part.decisions.push_back(number);
      }
    };
    records[static_cast<size_t>(slot)] = play_match_game(config.match, index, hook);
    const std::vector<double>& returns = records[static_cast<size_t>(slot)].returns;
    for (size_t row = 0; row < part.outcomes.size(); ++row) {
      part.outcomes[row] = static_cast<float>(returns[static_cast<size_t>(part.seats[row])]);
    }
  });

  SelfPlaySamples all;
  all.observation_size = static_cast<int>(size);
  for (SelfPlaySamples& part : parts) append(all, std::move(part));
  all.records = std::move(records);
  return all;
}

}  // namespace rise::ai
