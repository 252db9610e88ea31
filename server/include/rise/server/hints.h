// Hints: the action the strongest AI of a game would take for the seat on move, searched
// only on what that seat may see. Used by GET /api/tables/ID/hint (docs/server.md, "Hints").
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "rise/core/game.h"
#include "rise/ai/player.h"
#include "rise/ai/search_report.h"
#include "rise/core/state.h"

namespace rise::server {

// The AI spec of hints for a game: its default player at N iterations
// (ai::default_player_spec): "mcts:iters=N" for a perfect-information game (rise-hex),
// "ismcts:iters=N" for a game with hidden information, with ",net=default" where the game
// ships a learned network (docs/ai.md). N >= 1.
std::string hint_spec(const GameInfo& info, int64_t iterations);

// The seed of the hint AI at a table's `version`: fixed per version and independent of
// anything hidden (not the table's seed), so a hint is reproducible.
uint64_t hint_seed(int version);

// The action AI `spec`, seeded with `seed`, takes for state.current_player(). The AI never
// reads `state` itself: it searches state.resample_hidden(seat, Rng(seed)), a position
// where everything the seat cannot see (other hands, library orders, the Rng) is re-dealt
// at random, so two states the seat cannot tell apart give the same hint. Precondition:
// the state is not terminal. The result is one of state.legal_actions() (a sample has the
// same legal actions, by the determinization contract; std::logic_error otherwise). Throws
// InputError for a bad spec. Slow: run it without holding the table's lock.
// `time_limit_ms` > 0 ends the search at its first iteration past that many milliseconds
// whatever the spec asks (ai::Player::set_move_time_limit; the server passes its
// --max-ai-ms); 0: no limit but the spec's own. `watch`, when given, is called with the AI
// player and true just before its search, and false just after (so that a stopping server
// can ask it to end: ai::Player::request_stop).
Action hint_action(const State& state, const std::string& spec, uint64_t seed, int64_t time_limit_ms = 0,
                   const std::function<void(ai::Player&, bool searching)>& watch = {});

// A hint with what the search concluded (ai/search_report.h, docs/ai.md "Explaining a
// search").
struct ExplainedHint {
  Action action = 0;  // as hint_action() gives it
  // The search's top candidates (at most 3), most searched first: the first is `action`.
  // Their text and continuation are written for the seat on move (State::describe_action)
  // and read on the same re-dealt sample the search ran on, so they name nothing the seat
  // cannot see. Empty when nothing was searched (a single legal action).
  std::vector<ai::ExplainedCandidate> candidates;
};

// hint_action() with the explanation; the same search, the same action.
ExplainedHint explained_hint(const State& state, const std::string& spec, uint64_t seed, int64_t time_limit_ms = 0,
                             const std::function<void(ai::Player&, bool searching)>& watch = {});

}  // namespace rise::server
