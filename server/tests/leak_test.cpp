// The differential leak test: whatever the server sends a seat must not change when every
// card that seat cannot see is re-dealt (State::resample_hidden). If a view showed a hidden
// card, a library order or the Rng, re-dealing would change its bytes. A spectator may see
// only what every seat sees: its view must not change whichever seat's hidden part is
// re-dealt.
#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <string>

#include "rise/core/error.h"
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
void expect_views_hide_what_they_must(const std::string& game_id, int total, uint64_t seed, int seats = 2) {
  const Game& game = find_game(game_id);
  Rng rng(seed);
  int played = 0;
  for (uint64_t g = 0; played < total; ++g) {
    std::unique_ptr<State> state = game.new_initial_state(seed + g, {}, seats);
    std::vector<json> logs(static_cast<size_t>(seats), json::array());
    json public_log = json::array();
    for (int version = 0; !state->is_terminal() && played < total; ++version, ++played) {
      std::vector<std::unique_ptr<State>> samples;
      for (PlayerId v = 0; v < seats; ++v) {
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
      for (PlayerId v = 0; v < seats; ++v) {
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

// `text` without the card names in parentheses after its refs ("cast #3 (Ash Ghoul)" gives
// "cast #3"): the actor's reading, which the engine does not parse.
std::string without_names(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == ' ' && i + 1 < text.size() && text[i + 1] == '(') {
      const size_t close = text.find(')', i);
      if (close != std::string::npos) {
        i = close;
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

// What a refused action says to the seat on move (the server's 422 "illegal_action" and 400
// "bad_notation" texts): at every fifth action of random games, each legal action's text
// with each of its card references (#N) replaced by every id below `ids` is read and judged
// on the state and on the state re-dealt for the mover; the answers must be byte-equal. A
// refusal that named a hidden card, or told where a hidden id lies, would differ.
void expect_refusals_hide_what_they_must(const std::string& game_id, int total, int ids, uint64_t seed) {
  const Game& game = find_game(game_id);
  Rng rng(seed);
  auto answer = [](const State& s, const std::string& text) -> std::string {
    Action a = 0;
    try {
      a = s.string_to_action(text);
    } catch (const InputError& e) {
      return std::string("bad notation: ") + e.what();
    }
    return s.is_legal(a) ? "legal" : "illegal: " + illegal_reason(s, a);
  };
  int played = 0;
  int probed = 0;
  for (uint64_t g = 0; played < total; ++g) {
    std::unique_ptr<State> state = game.new_initial_state(seed + g, {}, 2);
    for (; !state->is_terminal() && played < total; ++played) {
      const std::vector<Action> legal = state->legal_actions();
      if (played % 5 == 0) {
        const PlayerId mover = state->current_player();
        const std::unique_ptr<State> sample = state->resample_hidden(mover, rng);
        std::set<std::string> texts;
        for (Action a : legal) {
          const std::string text = without_names(state->action_to_string(a));
          for (size_t at = text.find('#'); at != std::string::npos; at = text.find('#', at + 1)) {
            size_t end = at + 1;
            while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
            for (int k = 0; k < ids; ++k) texts.insert(text.substr(0, at + 1) + std::to_string(k) + text.substr(end));
          }
        }
        for (const std::string& text : texts) {
          ASSERT_EQ(answer(*sample, text), answer(*state, text))
              << game_id << " game " << g << " action " << played << ": seat " << mover << " sending '" << text
              << "' is answered differently when its hidden information is re-dealt";
          ++probed;
        }
      }
      state->apply_action(legal[rng.below(legal.size())]);
    }
  }
  EXPECT_GT(probed, 1000) << game_id;
}

TEST(LeakTest, DarkLegacyRefusalsAreUnchangedByRedealingHiddenCards) {
  expect_refusals_hide_what_they_must("dark-legacy", 300, 90, 15);
}

TEST(LeakTest, RiseTcgRefusalsAreUnchangedByRedealingHiddenCards) {
  expect_refusals_hide_what_they_must("rise-tcg", 300, 110, 16);
}

TEST(LeakTest, RaiseRiseDieRefusalsAreUnchangedByRedealingHiddenCards) {
  expect_refusals_hide_what_they_must("raise-rise-die", 300, 70, 17);
}

TEST(LeakTest, DarkLegacyViewsAreUnchangedByRedealingHiddenCards) { expect_views_hide_what_they_must("dark-legacy", 300, 5); }

TEST(LeakTest, RiseTcgViewsAreUnchangedByRedealingHiddenCards) { expect_views_hide_what_they_must("rise-tcg", 300, 6); }

// Four seats: a hand, a library and a log line of each of three other seats.
TEST(LeakTest, FourSeatRiseTcgViewsAreUnchangedByRedealingHiddenCards) {
  expect_views_hide_what_they_must("rise-tcg", 300, 8, 4);
}

TEST(LeakTest, RaiseRiseDieViewsAreUnchangedByRedealingHiddenCards) {
  expect_views_hide_what_they_must("raise-rise-die", 300, 7);
}

}  // namespace
}  // namespace rise::server
