// The differential leak test: whatever the server sends a seat must not change when every
// card that seat cannot see is re-dealt (State::resample_hidden). If a view showed a hidden
// card, a library order or the Rng, re-dealing would change its bytes. A spectator may see
// only what every seat sees: its view must not change whichever seat's hidden part is
// re-dealt.
#include <gtest/gtest.h>

#include "rise/core/registry.h"
#include "rise/core/rng.h"
#include "rise/server/views.h"

namespace rise::server {
namespace {

using nlohmann::json;

// Plays `total` random legal actions of `game_id` (new games as games end). Before each
// action, for every seat v: the view sent to v (state_view with v's log) is byte-equal to the
// view of the state re-dealt for v, and the log line v will read for the action (taken by
// another seat) is the same in both; the spectator's view (public_view with the public log)
// and public log line are the same in every seat's re-dealt state.
void expect_views_hide_what_they_must(const std::string& game_id, int total, uint64_t seed) {
  const Game& game = find_game(game_id);
  Rng rng(seed);
  int played = 0;
  for (uint64_t g = 0; played < total; ++g) {
    std::unique_ptr<State> state = game.new_initial_state(seed + g, {}, 2);
    std::vector<json> logs(2, json::array());
    json public_log = json::array();
    for (int version = 0; !state->is_terminal() && played < total; ++version, ++played) {
      std::vector<std::unique_ptr<State>> samples;
      for (PlayerId v = 0; v < 2; ++v) {
        samples.push_back(state->resample_hidden(v, rng));
        ASSERT_EQ(state_view(*samples[v], v, version, logs[v]).dump(), state_view(*state, v, version, logs[v]).dump())
            << game_id << " game " << g << " action " << version << ": the view of seat " << v
            << " changes when its hidden information is re-dealt";
        ASSERT_EQ(public_view(*samples[v], version, public_log).dump(), public_view(*state, version, public_log).dump())
            << game_id << " game " << g << " action " << version
            << ": the spectators' view changes when seat " << v << "'s hidden information is re-dealt";
      }
      const std::vector<Action> legal = state->legal_actions();
      const Action a = legal[rng.below(legal.size())];
      const PlayerId actor = state->current_player();
      for (PlayerId v = 0; v < 2; ++v) {
        const std::string line = state->describe_action(a, v);
        if (v != actor) {
          ASSERT_EQ(samples[v]->describe_action(a, v), line)
              << game_id << " game " << g << " action " << version << ": seat " << v << "'s log line for '"
              << state->action_to_string(a) << "' changes when its hidden information is re-dealt";
        }
        logs[v].push_back({{"seat", actor}, {"text", line}});
        ASSERT_EQ(samples[v]->describe_action(a, kSpectator), state->describe_action(a, kSpectator))
            << game_id << " game " << g << " action " << version << ": the public log line for '"
            << state->action_to_string(a) << "' changes when seat " << v << "'s hidden information is re-dealt";
      }
      public_log.push_back({{"seat", actor}, {"text", state->describe_action(a, kSpectator)}});
      state->apply_action(a);
    }
  }
}

TEST(LeakTest, DarkLegacyViewsAreUnchangedByRedealingHiddenCards) { expect_views_hide_what_they_must("dark-legacy", 300, 5); }

TEST(LeakTest, RiseTcgViewsAreUnchangedByRedealingHiddenCards) { expect_views_hide_what_they_must("rise-tcg", 300, 6); }

TEST(LeakTest, RaiseRiseDieViewsAreUnchangedByRedealingHiddenCards) {
  expect_views_hide_what_they_must("raise-rise-die", 300, 7);
}

}  // namespace
}  // namespace rise::server
