// `rise scenario FILE.json`: set up a position, apply actions, print the resulting state.
#include <iostream>
#include <memory>

#include "commands.h"
#include "rise/core/files.h"
#include "rise/core/json_io.h"
#include "rise/core/scenario.h"

namespace rise::cli {

void add_scenario_command(CLI::App& app) {
  auto path = std::make_shared<std::string>();
  auto render = std::make_shared<bool>(false);
  auto* cmd = app.add_subcommand("scenario", "Apply a scenario's actions and print the resulting state as JSON");
  cmd->add_option("file", *path, "scenario JSON file, or - for standard input")->required();
  cmd->add_flag("--render", *render, "also print the board as text (on stderr)");
  cmd->callback([path, render]() {
    nlohmann::json scenario;
    if (*path == "-") {
      scenario = parse_json(read_stream(std::cin, kJsonFileLimit, "stdin", "JSON file"), "stdin");
    } else {
      scenario = read_json_file(*path);
    }
    auto state = run_scenario(scenario, *path == "-" ? "stdin" : *path);
    std::cout << state->to_json().dump(2) << "\n";
    if (*render) std::cerr << state->render_text(-1, false);
  });
}

}  // namespace rise::cli
