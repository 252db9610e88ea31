// Hints from the strongest AI of each game, searched on a determinization.
#include "rise/server/hints.h"

#include <stdexcept>

#include "rise/ai/player.h"
#include "rise/core/rng.h"

namespace rise::server {

std::string hint_spec(const GameInfo& info, int64_t iterations) { return ai::default_player_spec(info, iterations); }

uint64_t hint_seed(int version) { return 0x68696e7473ULL ^ (0x9e3779b97f4a7c15ULL * static_cast<uint64_t>(version + 1)); }

Action hint_action(const State& state, const std::string& spec, uint64_t seed, int64_t time_limit_ms,
                   const std::function<void(ai::Player&, bool searching)>& watch) {
  return explained_hint(state, spec, seed, time_limit_ms, watch).action;
}

ExplainedHint explained_hint(const State& state, const std::string& spec, uint64_t seed, int64_t time_limit_ms,
                             const std::function<void(ai::Player&, bool searching)>& watch) {
  const PlayerId seat = state.current_player();
  Rng rng(seed);
  const std::unique_ptr<State> sample = state.resample_hidden(seat, rng);
  const std::unique_ptr<ai::Player> player = ai::make_player(spec, seed);
  player->set_move_time_limit(time_limit_ms);  // std::invalid_argument when negative
  // watch(player, true) now and watch(player, false) however the search ends.
  struct Watched {
    const std::function<void(ai::Player&, bool)>& watch;
    ai::Player& player;
    Watched(const std::function<void(ai::Player&, bool)>& w, ai::Player& p) : watch(w), player(p) {
      if (watch) watch(player, true);
    }
    ~Watched() {
      if (watch) watch(player, false);
    }
  } watched(watch, *player);
  ExplainedHint hint;
  hint.action = player->choose_action(*sample);
  if (!state.is_legal(hint.action)) {
    throw std::logic_error("the hint AI chose '" + sample->action_to_string(hint.action) +
                           "', which is not legal in the real position (resample_hidden broke its contract)");
  }
  // Read on the sample, not the real position: the continuation's legality and text then
  // depend only on what the seat may see.
  if (const ai::SearchReport* report = player->last_search_report()) {
    hint.candidates = ai::explain_candidates(*report, *sample, seat, 3);
  }
  return hint;
}

}  // namespace rise::server
