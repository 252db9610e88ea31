#include <iostream>

#include <fmt/format.h>

#include "commands.h"
#include "rise/ai/player.h"
#include "rise/core/registry.h"

namespace rise::cli {

void add_games_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("games", "List the games, their options and the computer players");
  cmd->callback([]() {
    for (const Game* game : all_games()) {
      const GameInfo& gi = game->info();
      std::cout << fmt::format("{:<16} {} ({}{} players{}; rulebook {})\n", gi.id, gi.name,
                               gi.min_players,
                               gi.max_players == gi.min_players ? "" : fmt::format("-{}", gi.max_players),
                               gi.solo_option.empty() ? "" : ", or 1 with --option " + gi.solo_option, gi.rulebook);
      for (const OptionSpec& o : gi.options) {
        std::string allowed;
        for (const std::string& v : o.allowed_values) allowed += (allowed.empty() ? " (one of: " : ", ") + v;
        if (!allowed.empty()) allowed += ")";
        std::cout << fmt::format("    --option {}={:<8} {}{}\n", o.name, o.default_value, o.description, allowed);
      }
    }
    std::cout << "\nplayers (--players A,B):\n    human            you, at the terminal\n";
    for (const auto& [kind, help] : ai::player_kinds()) {
      std::cout << fmt::format("    {:<16} {}\n", kind, help);
    }
  });
}

}  // namespace rise::cli
