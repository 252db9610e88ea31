// What the commands say about players that read hidden information (Player::
// reads_hidden_information, docs/ai.md): the one line `rise sim`, `rise play` and `rise lab`
// print when such a player plays a hidden-information game, the lab's refusal of one, and
// the lab's default player, which reads none.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rise/core/game.h"

namespace rise::lab {

// The player of `rise lab` when --players is not given: one that never reads a hidden card
// (so its verdicts are a player's) and costs about 1/20 of default ismcts per game: the
// game's default player (ai::default_player_spec: ismcts, with the game's shipped network
// where it has one) at kLabDefaultIterations, e.g. "ismcts:iters=50" for rise-tcg and
// "ismcts:iters=50,net=default" for raise-rise-die. The only place it is chosen, so that a
// stronger honest player replaces it everywhere at once.
inline constexpr int64_t kLabDefaultIterations = 50;
std::string lab_default_player(const GameInfo& info);
// How --help names it: "ismcts:iters=50, with net=default where the game ships a network".
std::string lab_default_player_help();

// The line printed at the top of a result when `omniscient` (ai::omniscient_players: the
// specs that read hidden information in this game) is not empty, naming each; "" when it
// is empty. E.g. "note: greedy reads hidden information (it searches the true state, hidden
// cards included): its results overstate what a player could do; use ismcts for an honest
// player\n".
std::string omniscient_note(const std::vector<std::string>& omniscient);

// The line of `rise play` (a game, not results): "note: greedy reads hidden information (it
// searches the true state, hidden cards included)\n"; "" when `omniscient` is empty.
std::string omniscient_play_note(const std::vector<std::string>& omniscient);

// `rise lab` refuses a player that reads hidden information unless --allow-omniscient is
// given: throws InputError naming the specs of `omniscient`, the game and the flag, unless
// `omniscient` is empty.
void refuse_omniscient(const std::vector<std::string>& omniscient, const std::string& game);

}  // namespace rise::lab
