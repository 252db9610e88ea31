// `rise replay FILE`: check a replay against the rules and step through it.
#include <unistd.h>

#include <climits>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "commands.h"
#include "rise/core/error.h"
#include "rise/core/files.h"
#include "rise/core/json_io.h"
#include "rise/core/replay.h"

namespace rise::cli {
namespace {

struct ReplayArgs {
  std::string path;
  bool step = false;
  bool all = false;
  std::string at;  // --at N; empty: not given
  bool no_color = false;
};

void run_replay_command(const ReplayArgs& args) {
  const int at = args.at.empty() ? -1 : static_cast<int>(parse_int_option("--at", args.at, 0, INT32_MAX));
  Replay replay = replay_from_json(read_json_file(args.path), args.path);
  std::vector<std::unique_ptr<State>> states;
  try {
    run_replay(replay, [&](const State& s, size_t) { states.push_back(s.clone()); });
  } catch (const InputError& e) {
    throw InputError(args.path + ": " + e.what());
  }
  if (at >= 0 && static_cast<size_t>(at) >= states.size()) {
    throw InputError(fmt::format("--at {}: the replay has only {} actions", at, states.size() - 1));
  }
  const bool color = !args.no_color && isatty(STDOUT_FILENO);
  const size_t last = states.size() - 1;
  std::cout << fmt::format("{}: {} seed {}, {} actions, players: ", args.path, replay.game, replay.seed,
                           replay.actions.size());
  for (size_t s = 0; s < replay.players.size(); ++s) std::cout << (s ? ", " : "") << replay.players[s];
  std::cout << "\n";
  if (replay.returns.empty()) {
    std::cout << "result: unfinished\n";
  } else {
    std::cout << "result (returns by seat):";
    for (double r : replay.returns) std::cout << " " << r;
    std::cout << "\n";
  }
  auto show = [&](size_t i) {
    std::cout << fmt::format("\n-- after {} of {} actions{}\n", i, last,
                             i > 0 ? ", last: " + replay.actions[i - 1] : "");
    std::cout << states[i]->render_text(kTerminalPlayer, color);
  };
  if (at >= 0) {
    if (static_cast<size_t>(at) > last) {
      throw InputError(fmt::format("--at {}: the replay has only {} actions", at, last));
    }
    show(static_cast<size_t>(at));
    return;
  }
  if (args.all) {
    for (size_t i = 0; i <= last; ++i) show(i);
    return;
  }
  if (!args.step) {
    show(last);
    return;
  }
  size_t i = 0;
  show(i);
  for (;;) {
    std::cout << "[Enter] next, b back, g N go to N, q quit> " << std::flush;
    std::string line;
    if (!read_line(std::cin, line, kLineLimit, "standard input") || line == "q") return;
    if (line.empty() || line == "n") {
      if (i < last) ++i;
    } else if (line == "b") {
      if (i > 0) --i;
    } else if (line.rfind("g ", 0) == 0) {
      try {
        size_t n = std::stoul(line.substr(2));
        i = std::min(n, last);
      } catch (const std::exception&) {
        std::cout << "write g and a number\n";
        continue;
      }
    } else {
      continue;
    }
    show(i);
  }
}

}  // namespace

void add_replay_command(CLI::App& app) {
  auto args = std::make_shared<ReplayArgs>();
  auto* cmd = app.add_subcommand("replay", "Check a replay file and step through it");
  cmd->add_option("file", args->path, "replay JSON file")->required();
  cmd->add_flag("--step", args->step, "step through interactively (Enter, b, g N, q)");
  cmd->add_flag("--all", args->all, "print every position");
  cmd->add_option("--at", args->at, "print the position after N actions (0: the start)");
  cmd->add_flag("--no-color", args->no_color, "plain text even on a terminal");
  cmd->callback([args]() { run_replay_command(*args); });
}

}  // namespace rise::cli
