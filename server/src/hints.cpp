// Hints from the strongest AI of each game, searched on a determinization.
#include "rise/server/hints.h"

#include <stdexcept>

#include "rise/ai/player.h"
#include "rise/core/rng.h"

namespace rise::server {

std::string hint_spec(const GameInfo& info, int64_t iterations) {
  return std::string(info.perfect_information ? "mcts" : "ismcts") + ":iters=" + std::to_string(iterations);
}

uint64_t hint_seed(int version) { return 0x68696e7473ULL ^ (0x9e3779b97f4a7c15ULL * static_cast<uint64_t>(version + 1)); }

Action hint_action(const State& state, const std::string& spec, uint64_t seed,
                   const std::function<void(ai::Player&, bool searching)>& watch) {
  const PlayerId seat = state.current_player();
  Rng rng(seed);
  const std::unique_ptr<State> sample = state.resample_hidden(seat, rng);
  const std::unique_ptr<ai::Player> player = ai::make_player(spec, seed);
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
  const Action action = player->choose_action(*sample);
  if (!state.is_legal(action)) {
    throw std::logic_error("the hint AI chose '" + sample->action_to_string(action) +
                           "', which is not legal in the real position (resample_hidden broke its contract)");
  }
  return action;
}

}  // namespace rise::server
