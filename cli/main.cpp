// `rise`: play, simulate, replay and test the games of Rise Engine from the terminal.
#include <cstdio>
#include <string>
#include <iostream>

#include <CLI/CLI.hpp>

#include "commands.h"
#include "rise/lab/distributed_run.h"
#include "rise/lab/mpi_world.h"
#include "rise/core/error.h"

namespace {

// MPI, when mpirun started this process (lab/mpi_world.h), ended however main() returns.
struct MpiSession {
  MpiSession(int* argc, char*** argv) { rise::lab::mpi::init(argc, argv); }
  ~MpiSession() { rise::lab::mpi::finalize(); }
};

}  // namespace

int main(int argc, char** argv) {
  const MpiSession mpi(&argc, &argv);
  CLI::App app{"Rise Engine: the games of Rise, played and simulated by computer"};
  app.require_subcommand(1);
  rise::cli::add_games_command(app);
  rise::cli::add_play_command(app);
  rise::cli::add_sandbox_command(app);
  rise::cli::add_sim_command(app);
  rise::cli::add_replay_command(app);
  rise::cli::add_review_command(app);
  rise::cli::add_scenario_command(app);
  rise::cli::add_deck_command(app);
  rise::cli::add_cards_command(app);
  rise::cli::add_hero_command(app);
  rise::cli::add_serve_command(app);
  rise::cli::add_lab_command(app);
  // An unknown command is named (CLI11 would only say "A subcommand is required").
  std::string known;
  bool is_known = false;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    known += (known.empty() ? "" : ", ") + sub->get_name();
    is_known = is_known || (argc >= 2 && sub->get_name() == argv[1]);
  }
  if (argc >= 2 && argv[1][0] != '-' && !is_known) {
    std::cerr << "rise: error: unknown command '" << argv[1] << "' (commands: " << known << ")\n";
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    // CLI11's own words, on one line with the prefix every error of `rise` has.
    std::string message = e.what();
    for (char& c : message) {
      if (c == '\n') c = ' ';
    }
    while (!message.empty() && message.back() == ' ') message.pop_back();
    std::cerr << "rise: error: " << message << " ('rise --help' lists the commands and options)\n";
    return 2;
  } catch (const rise::cli::ExitStatus& e) {
    return e.code;
  } catch (const rise::lab::OtherRankFailed&) {
    return 2;  // the rank that failed said why
  } catch (const rise::InputError& e) {
    std::cerr << "rise: error: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
