// The `rise` subcommands. Each registers its options on the CLI11 app and runs; a bad
// input is reported as "rise: error: ..." with exit code 2.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "rise/core/types.h"

namespace rise::cli {

// "k=v" strings from --option flags into Options. Throws InputError on a missing '='.
Options parse_option_flags(const std::vector<std::string>& flags);

// Splits "a,b" into {"a","b"}, keeping commas inside a player's settings together only
// when they follow a ':' (e.g. "mcts:iters=100,c=1,random" -> {"mcts:iters=100,c=1","random"}).
std::vector<std::string> split_players(const std::string& text);

void add_games_command(CLI::App& app);
void add_play_command(CLI::App& app);
void add_sim_command(CLI::App& app);
void add_replay_command(CLI::App& app);
void add_scenario_command(CLI::App& app);

}  // namespace rise::cli
