// Stored Dark Legacy heroes in battles started by `rise play` and `rise sim`: the heroes
// become the game options hero0/hero1, and a finished battle's skill points are recorded
// in the hero store (Rules DL-18.1, DL-18.2; docs/formats.md "Hero database").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rise/core/game.h"
#include "rise/core/state.h"
#include "rise/store/hero_store.h"

namespace rise::cli {

// The game option value "FACTION:LEVEL[:FACTION2:LEVEL2]" of a stored hero of `game` (a game
// with GameInfo::deck_heroes): its levels are computed by the game from its skill points
// (Game::hero_standing, Rule DL-18.3).
std::string hero_option_value(const Game& game, const store::Hero& hero);

// Heroes by seat: `names[s]` empty = no stored hero for seat s. Opens nothing; looks each
// name up in `store` (InputError for an unknown hero) and sets options hero<s> of `game`.
// Returns the heroes by seat (none where no name was given).
std::vector<std::optional<store::Hero>> apply_stored_heroes(const Game& game, store::HeroStore& store,
                                                            const std::vector<std::string>& names,
                                                            Options& options);

// The battle record of a finished dark-legacy state: per seat its hero (if any), deck, result,
// the d20 skill roll and the points the state awarded, and the primary level before and
// after (the state's game's Game::hero_standing). `replay_json` may be empty. Throws
// InputError if the state is not terminal.
store::BattleRecord battle_record(const State& final_state, uint64_t seed,
                                  const std::vector<std::optional<store::Hero>>& heroes,
                                  const std::vector<std::string>& decks, const std::string& replay_json);

// "NAME" per seat from a comma list "A,B" (an empty item = no hero for that seat); throws
// InputError when more names than `seats` are given.
std::vector<std::string> split_hero_names(const std::string& text, int seats);

}  // namespace rise::cli
