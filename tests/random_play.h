// Random games with every robustness check (issue 15), for the RandomCards* tests of the card
// games: random legal actions from a seeded Rng, a JSON round trip of the state every
// `json_every` steps and at the end, determinism (a second, independent run of the same seed
// and actions gives a byte-equal to_json), and a replay round trip (core/replay: written,
// read back and re-run to the same final state). Test-side only.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "rise/core/game.h"
#include "rise/core/replay.h"
#include "rise/core/rng.h"
#include "rise/core/state.h"

namespace risetest {

struct RandomPlayResult {
  int steps = 0;
  bool terminal = false;
  std::string final_json;
};

// Plays one game of `game` with `options` and `seed`, choosing uniformly among the legal
// actions with Rng(action_seed), at most `max_steps` actions (a game that does not end by
// then fails the test: the turn limit must end it first). Checks as described above;
// failures are gtest failures naming `label`.
inline RandomPlayResult random_play(const rise::Game& game, const rise::Options& options, uint64_t seed,
                                    uint64_t action_seed, int max_steps, int json_every, const std::string& label) {
  RandomPlayResult result;
  std::unique_ptr<rise::State> s = game.new_initial_state(seed, options, 2);
  rise::Rng rng(action_seed);
  std::vector<rise::Action> legal;
  std::vector<std::string> texts;
  auto round_trip = [&](const rise::State& st) {
    const nlohmann::json j = st.to_json();
    std::unique_ptr<rise::State> back;
    try {
      back = game.state_from_json(j);
    } catch (const std::exception& e) {
      ADD_FAILURE() << label << " step " << result.steps << ": its own to_json is refused: " << e.what();
      return;
    }
    EXPECT_EQ(back->to_json().dump(), j.dump()) << label << " step " << result.steps << ": JSON round trip differs";
  };
  while (!s->is_terminal() && result.steps < max_steps) {
    s->legal_actions(legal);
    if (legal.empty()) {
      ADD_FAILURE() << label << " step " << result.steps << ": no legal action in a running game";
      return result;
    }
    const rise::Action a = legal[static_cast<size_t>(rng.roll(static_cast<int>(legal.size())) - 1)];
    const std::string text = s->action_to_string(a);
    EXPECT_EQ(s->string_to_action(text), a) << label << ": notation round trip of '" << text << "'";
    texts.push_back(text);
    s->apply_action(a);
    ++result.steps;
    if (json_every > 0 && result.steps % json_every == 0) round_trip(*s);
  }
  result.terminal = s->is_terminal();
  EXPECT_TRUE(result.terminal) << label << ": not over after " << max_steps << " actions (turn " << s->turn_number() << ")";
  round_trip(*s);
  result.final_json = s->to_json().dump();

  // Determinism: an independent run of the same seed and actions.
  std::unique_ptr<rise::State> again = game.new_initial_state(seed, options, 2);
  for (const std::string& t : texts) rise::apply_notation(*again, t, label + " (second run)");
  EXPECT_EQ(again->to_json().dump(), result.final_json) << label << ": two runs of one seed differ";

  // Replay round trip: written, read back, re-run.
  const rise::Replay replay = rise::make_replay(*s, options, seed, {"random", "random"});
  const rise::Replay read = rise::replay_from_json(nlohmann::json::parse(rise::replay_to_json(replay).dump()), label);
  std::unique_ptr<rise::State> replayed = rise::run_replay(read);
  EXPECT_EQ(replayed->to_json().dump(), result.final_json) << label << ": the replay ends elsewhere";
  return result;
}

}  // namespace risetest
