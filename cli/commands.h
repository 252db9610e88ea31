// The `rise` subcommands. Each registers its options on the CLI11 app and runs; a bad
// input is reported as "rise: error: ..." with exit code 2.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "rise/core/types.h"

namespace rise::cli {

// Adds `--data DIR` to `cmd`: the game's data directory (cards/ and decks/), the one name of
// that option across commands (issue 36); it appends "data=DIR" to `option_flags`, so it is
// `--option data=DIR`, which stays an alias.
void add_data_option(CLI::App& cmd, std::vector<std::string>& option_flags);

// "k=v" strings from --option flags into Options. Throws InputError on a missing '=' or a
// name given twice.
Options parse_option_flags(const std::vector<std::string>& flags);

// Checks the "decks" option of a game with `seats` seats: no empty item ("decks=,,,") and no
// more decks than seats. Throws InputError naming the option.
void check_decks_option(const Options& options, int seats);

// The whole number `text` given to `option` (e.g. "--games"), in [lo, hi]. Throws InputError
// "OPTION 'TEXT': give a whole number from LO to HI".
int64_t parse_int_option(const std::string& option, const std::string& text, int64_t lo, int64_t hi);

// A seed: a whole number from 0 to 2^64-1, no sign. Throws InputError "OPTION 'TEXT': a seed
// is a whole number from 0 to 18446744073709551615".
uint64_t parse_seed_option(const std::string& option, const std::string& text);

// `options` with "decks" set to `decks` (the --decks flag of play and sim) unless `decks` is
// empty. Throws InputError if `options` already has "decks" (from --option decks=...).
Options with_decks(Options options, const std::string& decks);

// Thrown by a command to end `rise` with this exit code after its output, e.g. 1 when
// `rise deck validate` finds a deck that breaks the rules (bad input still exits with 2).
struct ExitStatus {
  int code = 0;
};

// Splits "a,b" into {"a","b"}, keeping commas inside a player's settings together only
// when they follow a ':' (e.g. "mcts:iters=100,c=1,random" -> {"mcts:iters=100,c=1","random"}).
std::vector<std::string> split_players(const std::string& text);

void add_games_command(CLI::App& app);
void add_play_command(CLI::App& app);
// `rise sandbox GAME [POSITION]` (issue 36): a position set up in words, every seat human.
void add_sandbox_command(CLI::App& app);
void add_sim_command(CLI::App& app);
void add_replay_command(CLI::App& app);
void add_review_command(CLI::App& app);  // rise review REPLAY (ai/review.h)
void add_scenario_command(CLI::App& app);
void add_deck_command(CLI::App& app);   // rise deck validate GAME FILE...
void add_cards_command(CLI::App& app);  // rise cards GAME [--id ID]
void add_hero_command(CLI::App& app);   // rise hero create|list|show|second-faction|apply [--db PATH]
void add_serve_command(CLI::App& app);  // rise serve [--host H] [--port P] [--db PATH] [--web DIR]
void add_lab_command(CLI::App& app);    // rise lab ab|cards GAME ... (docs/lab.md)

}  // namespace rise::cli
