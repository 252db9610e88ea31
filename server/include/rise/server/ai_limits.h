// The operator's caps on the computer players of `rise serve` (issue 18): what one move of
// an AI seat may cost, so that no table's AI can hold the server's AI workers for long.
#pragma once

#include <cstdint>
#include <string>

namespace rise::server {

struct AiLimits {
  int64_t max_iterations = 100'000;  // mcts / ismcts iterations a move (`iters=`)
  // mcts / ismcts time a move (`ms=`), milliseconds; also the hard limit on the wall time of
  // every AI move and hint, whatever the spec's settings (ai::Player::set_move_time_limit).
  int64_t max_milliseconds = 5'000;
  int64_t max_rollout = 200;        // random actions after each leaf of a search (`rollout=`)
  int64_t max_nodes = 2'000'000;    // nodes of one search tree (`nodes=`): its memory
};

// Checks the AI spec `spec` (docs/ai.md) as it would play, its defaults included. Throws
// InputError for a spec make_player refuses, for a search above a cap (iterations, time,
// rollout, nodes), naming the setting, the cap and the `rise serve` option that sets it, and
// for a `net=` other than `default` (refused before any file is read: a client never makes
// the server read a file).
void check_ai_budget(const std::string& spec, const AiLimits& limits);

// `spec` as it plays on this server: its iterations, time, rollout and nodes cut to the caps
// (a table stored before the operator lowered them plays on within them). Throws InputError
// as make_player does.
std::string capped_ai_spec(const std::string& spec, const AiLimits& limits);

}  // namespace rise::server
