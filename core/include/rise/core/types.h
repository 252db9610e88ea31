// Small shared vocabulary types of the state API.
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace rise {

// An action id: a small non-negative integer, documented per game. Strings in the game's
// notation are the human and file form (State::action_to_string / string_to_action).
using Action = int32_t;

// A seat number in [0, num_players), or one of the markers below.
using PlayerId = int;

// current_player() of a finished game.
inline constexpr PlayerId kTerminalPlayer = -4;

// A viewer that holds no seat (a spectator): State::describe_action(a, kSpectator) is the
// public text of an action, the one every player may read; games treat any viewer outside
// [0, num_players) as one that sees only public information.
inline constexpr PlayerId kSpectator = -5;

// Game options (rule variants and limits) by name, values as text, e.g. {"turn_limit": "200"}.
using Options = std::map<std::string, std::string>;

}  // namespace rise
