// `rise sim GAME`: many games between computer players, with win rates.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "commands.h"
#include "rise/ai/match.h"
#include "rise/core/error.h"
#include "rise/core/json_io.h"

namespace rise::cli {
namespace {

struct SimArgs {
  std::string game;
  std::string players = "mcts,random";
  int games = 100;
  int threads = 1;
  uint64_t seed = 1;
  std::vector<std::string> options;
  std::string decks;
  std::string json_path;
  std::string csv_path;
  std::string replay_dir;
  bool quiet = false;
};

void run_sim(const SimArgs& args) {
  ai::MatchConfig config;
  config.game = args.game;
  config.options = with_decks(parse_option_flags(args.options), args.decks);
  config.players = split_players(args.players);
  config.games = args.games;
  config.threads = args.threads;
  config.seed = args.seed;
  config.keep_replays = !args.replay_dir.empty();
  if (config.keep_replays) {
    std::error_code ec;
    std::filesystem::create_directories(args.replay_dir, ec);
    if (ec) throw InputError(args.replay_dir + ": cannot create directory: " + ec.message());
  }
  int done = 0;
  auto records = ai::run_match(config, [&](const ai::GameRecord& rec) {
    ++done;
    if (config.keep_replays) {
      write_json_file(fmt::format("{}/game-{:05}.replay.json", args.replay_dir, rec.index),
                      replay_to_json(rec.replay));
    }
    if (!args.quiet) std::cerr << fmt::format("\r{} / {} games", done, config.games) << std::flush;
  });
  if (!args.quiet) std::cerr << "\n";
  ai::MatchSummary sum = ai::summarize(config, records);

  const int threads_used = std::min(config.threads, config.games);
  std::cout << fmt::format("{} games of {}, seed {}, {} thread{}, seats rotated\n", sum.games, config.game,
                           config.seed, threads_used, threads_used == 1 ? "" : "s");
  size_t width = 8;
  for (const auto& ps : sum.players) width = std::max(width, ps.spec.size());
  std::cout << fmt::format("{:<{}} {:>5} {:>5} {:>5}   {:<22} {:<22} {:<22}\n", "player", width, "win", "draw",
                           "loss", "win rate (95% CI)", "draw rate (95% CI)", "loss rate (95% CI)");
  auto cell = [](const ai::Interval& i) {
    return fmt::format("{:5.1f}% [{:5.1f}, {:5.1f}]", 100 * i.rate, 100 * i.low, 100 * i.high);
  };
  for (const auto& ps : sum.players) {
    std::cout << fmt::format("{:<{}} {:>5} {:>5} {:>5}   {:<22} {:<22} {:<22}\n", ps.spec, width, ps.wins, ps.draws,
                             ps.losses, cell(ps.win), cell(ps.draw), cell(ps.loss));
  }
  std::cout << fmt::format("first seat wins {}\n", cell(sum.first_seat_win));
  std::cout << fmt::format("first player wins {}  (the seat that took the first turn)\n", cell(sum.starting_player_win));
  std::cout << fmt::format("mean length {:.1f} turns, {:.1f} actions; {:.3f} s per game\n", sum.mean_turns,
                           sum.mean_actions, sum.mean_seconds);
  if (!args.json_path.empty()) {
    nlohmann::json j = ai::summary_to_json(config, sum);
    j["records"] = nlohmann::json::array();
    for (const auto& rec : records) {
      j["records"].push_back({{"index", rec.index}, {"seed", rec.seed}, {"seat_player", rec.seat_player},
                              {"returns", rec.returns}, {"turns", rec.turns}, {"actions", rec.actions}});
    }
    write_json_file(args.json_path, j);
  }
  if (!args.csv_path.empty()) {
    std::ofstream csv(args.csv_path);
    if (!csv) throw InputError(args.csv_path + ": cannot write file");
    csv << "index,seed,turns,actions,seconds";
    for (size_t s = 0; s < config.players.size(); ++s) csv << ",seat" << s << "_player,seat" << s << "_return";
    csv << "\n";
    for (const auto& rec : records) {
      csv << rec.index << "," << rec.seed << "," << rec.turns << "," << rec.actions << "," << rec.seconds;
      for (size_t s = 0; s < rec.returns.size(); ++s) {
        csv << ",\"" << config.players[static_cast<size_t>(rec.seat_player[s])] << "\"," << rec.returns[s];
      }
      csv << "\n";
    }
  }
}

}  // namespace

void add_sim_command(CLI::App& app) {
  auto args = std::make_shared<SimArgs>();
  auto* cmd = app.add_subcommand("sim", "Simulate many games between computer players");
  cmd->add_option("game", args->game, "game id")->required();
  cmd->add_option("--players", args->players, "one spec per seat, e.g. mcts:iters=2000,random")
      ->default_str("mcts,random");
  cmd->add_option("--games", args->games, "number of games")->default_str("100");
  cmd->add_option("--threads", args->threads, "games played in parallel")->default_str("1");
  cmd->add_option("--seed", args->seed, "master seed (results are reproducible for a seed)")->default_str("1");
  cmd->add_option("--option", args->options, "game option name=value (repeatable)");
  cmd->add_option("--decks", args->decks, "card games: one deck per seat, ids or files, e.g. ember-rush,stone-wall");
  cmd->add_option("--json", args->json_path, "write the summary and every game's result as JSON");
  cmd->add_option("--csv", args->csv_path, "write one CSV row per game");
  cmd->add_option("--replays", args->replay_dir, "write every game's replay into this directory");
  cmd->add_flag("--quiet", args->quiet, "no progress on stderr");
  cmd->callback([args]() { run_sim(*args); });
}

}  // namespace rise::cli
