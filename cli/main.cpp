// `rise`: play, simulate, replay and test the games of Rise Engine from the terminal.
#include <cstdio>
#include <iostream>

#include <CLI/CLI.hpp>

#include "commands.h"
#include "rise/core/error.h"

int main(int argc, char** argv) {
  CLI::App app{"Rise Engine: the games of Rise, played and simulated by computer"};
  app.require_subcommand(1);
  rise::cli::add_games_command(app);
  rise::cli::add_play_command(app);
  rise::cli::add_sim_command(app);
  rise::cli::add_replay_command(app);
  rise::cli::add_scenario_command(app);
  rise::cli::add_deck_command(app);
  rise::cli::add_cards_command(app);
  rise::cli::add_hero_command(app);
  rise::cli::add_serve_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  } catch (const rise::cli::ExitStatus& e) {
    return e.code;
  } catch (const rise::InputError& e) {
    std::cerr << "rise: error: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
