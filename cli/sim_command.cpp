// `rise sim GAME`: many games between computer players, with win rates.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "battle_heroes.h"
#include "rise/lab/distributed_run.h"
#include "rise/lab/mpi_world.h"
#include "commands.h"
#include "keep_battles.h"
#include "rise/lab/omniscient_players.h"
#include "rise/lab/round_robin.h"
#include "rise/lab/csv.h"
#include "rise/lab/end_table.h"
#include "rise/ai/match.h"
#include "rise/ai/player.h"
#include "rise/core/error.h"
#include "rise/core/files.h"
#include "rise/core/json_io.h"
#include "rise/core/registry.h"
#include "rise/core/replay.h"

namespace rise::cli {
namespace {

struct SimArgs {
  std::string game;
  std::string players;  // empty: mcts,random (a round robin: greedy)
  std::string games = "100";
  std::string threads = "1";
  std::string seed = "1";
  std::vector<std::string> options;
  std::string decks;
  std::string json_path;
  std::string csv_path;
  std::string replay_dir;
  bool embed_data = false;  // --embed-data: each replay carries its card data (embed_card_data)
  std::string round_robin;  // deck directory of --round-robin
  std::string plot_path;    // --plot FILE.svg (with --round-robin)
  bool quiet = false;
  std::string heroes;       // dark-legacy: stored heroes by seat (--heroes A,B)
  bool record = false;      // dark-legacy: add each battle's skill points to the stored heroes
  std::string db;           // hero database (--db)
  double db_wait = 30;      // seconds to wait for a busy hero database (--db-wait)
  std::string checkpoint;   // --checkpoint FILE: finished games, for a restart
};

constexpr int64_t kMaxGames = 100'000'000;  // --games (per pair with --round-robin)
constexpr int64_t kMaxThreads = 1024;

// Every output path, checked before the first game: a long run never ends on "cannot write".
// Under MPI, rank 0 writes the summaries and every rank its games' replays; all ranks stop
// if one finds its outputs unwritable (that rank says why).
void check_outputs(const SimArgs& args) {
  std::string failure;
  try {
    if (lab::mpi::rank() == 0) {
      if (!args.json_path.empty()) check_writable_file(args.json_path, "--json");
      if (!args.csv_path.empty()) check_writable_file(args.csv_path, "--csv");
      if (!args.plot_path.empty()) check_writable_file(args.plot_path, "--plot");
    }
    if (!args.replay_dir.empty()) check_writable_dir(args.replay_dir, "--replays");
    if (!args.checkpoint.empty() && lab::mpi::rank() == 0) check_writable_file(args.checkpoint, "--checkpoint");
  } catch (const InputError& e) {
    failure = e.what();
  }
  if (!lab::mpi::all_agree(failure.empty())) {
    if (!failure.empty()) throw InputError(failure);
    throw ExitStatus{2};
  }
}

// Progress on the terminal (rank 0, unless --quiet).
std::function<void(int, int)> progress_printer(const SimArgs& args) {
  if (args.quiet) return nullptr;
  return [](int done, int total) { std::cerr << fmt::format("\r{} / {} games", done, total) << std::flush; };
}

// `rise sim GAME --round-robin DIR`: every pair of decks of DIR (lab/round_robin.h).
void run_round_robin_sim(const SimArgs& args) {
  if (!args.decks.empty()) {
    throw InputError("--round-robin takes its decks from the directory; do not also give --decks");
  }
  check_outputs(args);
  lab::RoundRobinConfig config;
  config.game = args.game;
  config.deck_dir = args.round_robin;
  config.options = parse_option_flags(args.options);
  config.players = split_players(args.players.empty() ? "greedy" : args.players);
  config.games_per_pair = static_cast<int>(parse_int_option("--games", args.games, 1, kMaxGames));
  config.threads = static_cast<int>(parse_int_option("--threads", args.threads, 1, kMaxThreads));
  config.seed = parse_seed_option("--seed", args.seed);
  config.replay_dir = args.replay_dir;
  config.embed_data = args.embed_data;
  config.checkpoint = args.checkpoint;
  lab::RoundRobinResult result = lab::run_round_robin(config, progress_printer(args));
  if (lab::mpi::rank() != 0) return;
  if (!args.quiet) std::cerr << "\n";
  std::cout << lab::omniscient_note(ai::omniscient_players(find_game(config.game).info(), result.config.players));
  lab::print_round_robin(std::cout, result);
  if (!args.json_path.empty()) write_json_file(args.json_path, lab::round_robin_to_json(result));
  if (!args.csv_path.empty()) lab::write_round_robin_csv(args.csv_path, result);
  if (!args.plot_path.empty()) lab::write_round_robin_svg(args.plot_path, result);
}

void run_sim(const SimArgs& args) {
  if (!args.round_robin.empty()) return run_round_robin_sim(args);
  if (!args.plot_path.empty()) throw InputError("--plot draws the matrix of a round robin; it needs --round-robin DIR");
  if (args.record && !args.checkpoint.empty()) {
    throw InputError("--record cannot be combined with --checkpoint: a restarted run has no replays of the games "
                     "played before");
  }
  if (args.record && lab::mpi::size() > 1) {
    throw InputError("--record cannot run under mpirun with more than one rank: every battle is recorded by one "
                     "process");
  }
  check_outputs(args);
  ai::MatchConfig config;
  config.game = args.game;
  config.options = with_decks(parse_option_flags(args.options), args.decks);
  config.players = split_players(args.players.empty() ? "mcts,random" : args.players);
  config.games = static_cast<int>(parse_int_option("--games", args.games, 1, kMaxGames));
  config.threads = static_cast<int>(parse_int_option("--threads", args.threads, 1, kMaxThreads));
  config.seed = parse_seed_option("--seed", args.seed);
  check_decks_option(config.options, static_cast<int>(config.players.size()));
  // Dark Legacy heroes (Rule DL-18.2): the stored heroes' levels at the start of the run
  // become options hero<s>, tied to seats like decks; they change only with --record.
  std::optional<store::HeroStore> hero_store;
  std::vector<std::optional<store::Hero>> heroes;
  if (!args.heroes.empty()) {
    if (args.game != "dark-legacy") throw InputError("--heroes is for dark-legacy only");
    hero_store.emplace(store::HeroStore::open(args.db.empty() ? store::default_database_path() : args.db,
                                             store::OpenMode::kExistingOnly));
    set_db_wait(*hero_store, args.db_wait);
    heroes = apply_stored_heroes(find_game(args.game), *hero_store,
                                 split_hero_names(args.heroes, static_cast<int>(config.players.size())),
                                 config.options);
  } else if (args.record) {
    throw InputError("--record needs --heroes: the stored heroes whose battles are recorded");
  }
  config.keep_replays = !args.replay_dir.empty() || args.record;
  ai::validate_match(config);
  lab::DistributedRun run;
  run.total = config.games;
  run.threads = config.threads;
  run.checkpoint = args.checkpoint;
  run.settings = {{"command", "sim"},
                  {"game", config.game},
                  {"options", find_game(config.game).resolve_options(config.options)},
                  {"players", config.players},
                  {"games", config.games},
                  {"seed", config.seed}};
  run.play = [&config](int index) { return ai::play_match_game(config, index); };
  if (!args.replay_dir.empty()) {
    // Every game of a match has the same options, so the card data is read once.
    std::map<std::string, std::string> data_files;
    if (args.embed_data) {
      Replay probe;
      probe.game = config.game;
      probe.options = find_game(config.game).resolve_options(config.options);
      embed_card_data(probe);
      data_files = std::move(probe.data_files);
    }
    run.on_game = [&args, data_files](const ai::GameRecord& rec) {
      Replay replay = rec.replay;
      replay.data_files = data_files;
      write_json_file(fmt::format("{}/game-{:05}.replay.json", args.replay_dir, rec.index), replay_to_json(replay));
    };
  }
  run.progress = progress_printer(args);
  std::vector<ai::GameRecord> records = lab::run_distributed(run);
  if (lab::mpi::rank() != 0) return;
  if (!args.quiet) std::cerr << "\n";
  // The first line of the output, above everything the games decided.
  std::cout << lab::omniscient_note(ai::omniscient_players(find_game(config.game).info(), config.players));
  ai::MatchSummary sum = ai::summarize(config, records);
  std::string record_error;  // battles kept in a pending file: reported after the summary
  if (args.record) {
    // Rules DL-18.1, DL-18.2: battles are recorded in game order, each in its own transaction.
    // What the store cannot take is kept in a pending battles file (keep_battles.h).
    std::vector<store::BattleRecord> battles;
    const std::string played_at = utc_now();
    for (const auto& rec : records) {
      std::unique_ptr<State> final_state = run_replay(rec.replay);
      const nlohmann::json final_json = final_state->to_json();
      std::vector<std::string> decks;
      for (const auto& d : final_json.at("decks")) decks.push_back(d.get<std::string>());
      battles.push_back(battle_record(*final_state, rec.seed, heroes, decks, ""));
      battles.back().played_at = played_at;
    }
    const KeptBattles kept = record_or_keep(*hero_store, battles);
    record_error = kept.error;
    std::cout << (kept.error.empty() ? fmt::format("recorded {} battles in {}\n", kept.recorded, hero_store->path())
                                     : fmt::format("recorded {} of {} battles in {}\n", kept.recorded, battles.size(),
                                                   hero_store->path()));
    for (const auto& hero : heroes) {
      if (!hero) continue;
      store::Hero now = hero_store->hero(hero->name);
      std::cout << fmt::format("{}: {} -> {} skill points\n", hero->name, hero->points, now.points);
    }
  }

  const int threads_used = std::min(config.threads, config.games);
  std::cout << fmt::format("{} games of {}, seed {}, {} thread{}{}, seats rotated\n", sum.games, config.game,
                           config.seed, threads_used, threads_used == 1 ? "" : "s",
                           lab::mpi::size() > 1 ? fmt::format(" on each of {} MPI ranks", lab::mpi::size()) : "");
  // Rows by player and, in a card game, by deck: each seat keeps its deck while the players
  // rotate, so the players' rows mix the decks (issue 36). Two players of one spec are told
  // apart by their number.
  std::vector<std::string> player_labels;
  for (size_t p = 0; p < sum.players.size(); ++p) {
    const bool repeated =
        std::count(config.players.begin(), config.players.end(), config.players[p]) > 1;
    player_labels.push_back(repeated ? fmt::format("{} (player {})", sum.players[p].spec, p + 1) : sum.players[p].spec);
  }
  std::vector<std::string> deck_labels;
  for (const auto& ss : sum.seats) {
    if (!ss.deck.empty()) deck_labels.push_back(fmt::format("{} (seat {})", ss.deck, ss.seat));
  }
  size_t width = 8;
  for (const auto& label : player_labels) width = std::max(width, label.size());
  for (const auto& label : deck_labels) width = std::max(width, label.size());
  auto cell = [](const ai::Interval& i) {
    return fmt::format("{:5.1f}% [{:5.1f}, {:5.1f}]", 100 * i.rate, 100 * i.low, 100 * i.high);
  };
  auto table = [&](const char* heading, const std::vector<std::string>& labels, auto rows) {
    std::cout << fmt::format("{:<{}} {:>5} {:>5} {:>5}   {:<22} {:<22} {:<22}\n", heading, width, "win", "draw",
                             "loss", "win rate (95% CI)", "draw rate (95% CI)", "loss rate (95% CI)");
    for (size_t i = 0; i < labels.size(); ++i) {
      const ai::Tally& t = rows[i];
      std::cout << fmt::format("{:<{}} {:>5} {:>5} {:>5}   {:<22} {:<22} {:<22}\n", labels[i], width, t.wins, t.draws,
                               t.losses, cell(t.win), cell(t.draw), cell(t.loss));
    }
  };
  table("player", player_labels, sum.players);
  if (deck_labels.size() == sum.seats.size() && !deck_labels.empty()) table("deck", deck_labels, sum.seats);
  std::cout << fmt::format("first seat wins {}\n", cell(sum.first_seat_win));
  std::cout << fmt::format("first player wins {}  (the seat that took the first turn)\n", cell(sum.starting_player_win));
  std::cout << fmt::format("mean length {:.1f} turns, {:.1f} actions; {:.3f} s per game\n", sum.mean_turns,
                           sum.mean_actions, sum.mean_seconds);
  std::cout << lab::end_table(sum.ends);
  if (!args.json_path.empty()) {
    write_json_file(args.json_path, ai::match_to_json(config, sum, records));
  }
  if (!args.csv_path.empty()) {
    std::ofstream csv(args.csv_path);
    if (!csv) throw InputError(args.csv_path + ": cannot write file");
    const auto text = [](const std::string& field) { return lab::csv_field(field, lab::CsvQuoting::kAlways); };
    csv << "index,seed,turns,actions,end,end_rule,end_cards";
    for (size_t s = 0; s < config.players.size(); ++s) csv << ",seat" << s << "_player,seat" << s << "_return";
    csv << "\n";
    for (const auto& rec : records) {
      csv << rec.index << "," << rec.seed << "," << rec.turns << "," << rec.actions << "," << text(rec.end.reason) << ","
          << text(rec.end.rule) << "," << text(fmt::format("{}", fmt::join(rec.end.cards, "; ")));
      for (size_t s = 0; s < rec.returns.size(); ++s) {
        csv << "," << text(config.players[static_cast<size_t>(rec.seat_player[s])]) << "," << rec.returns[s];
      }
      csv << "\n";
    }
    csv.flush();
    if (!csv) throw InputError(args.csv_path + ": write failed");
  }
  if (!record_error.empty()) {
    std::cerr << "rise: error: " << record_error << "\n";
    throw ExitStatus{2};
  }
}

}  // namespace

void add_sim_command(CLI::App& app) {
  auto args = std::make_shared<SimArgs>();
  auto* cmd = app.add_subcommand("sim", "Simulate many games between computer players");
  cmd->add_option("game", args->game, "game id")->required();
  cmd->add_option("--players", args->players,
                  "one spec per seat, e.g. mcts:iters=2000,random (default mcts,random; greedy for a round robin); "
                  "a player that reads hidden cards (greedy, mcts) in a card game is named in a note above the results");
  cmd->add_option("--games", args->games, "number of games (with --round-robin: games per pair of decks)")
      ->default_str("100");
  cmd->add_option("--threads", args->threads, "games played in parallel")->default_str("1");
  cmd->add_option("--seed", args->seed, "master seed (results are reproducible for a seed)")->default_str("1");
  cmd->add_option("--option", args->options, "game option name=value (repeatable)");
  add_data_option(*cmd, args->options);
  cmd->add_option("--decks", args->decks, "card games: one deck per seat, ids or files, e.g. cinderstorm,deepcurrent (rise-tcg)");
  cmd->add_option("--json", args->json_path, "write the summary and every game's result as JSON");
  cmd->add_option("--csv", args->csv_path, "write one CSV row per game");
  cmd->add_option("--replays", args->replay_dir, "write every game's replay into this directory");
  cmd->add_flag("--embed-data", args->embed_data,
                "with --replays: each replay carries the card data it was played with (its data folder's cards and "
                "decks), so that it replays on a machine with other cards");
  cmd->add_option("--round-robin", args->round_robin,
                  "card games: play every pair of the decks (*.yaml) of this directory both ways");
  cmd->add_option("--plot", args->plot_path, "with --round-robin: write an SVG heat map of the matchup matrix");
  cmd->add_flag("--quiet", args->quiet, "no progress on stderr");
  cmd->add_option("--checkpoint", args->checkpoint,
                  "record every finished game in FILE; run again with the same arguments to continue a stopped run");
  cmd->add_option("--heroes", args->heroes, "dark-legacy: stored heroes by seat, e.g. Aldra,Mordek (empty = none)");
  cmd->add_flag("--record", args->record, "dark-legacy: add each battle's skill points to the --heroes (default: they are untouched)");
  cmd->add_option("--db", args->db, "hero database (default $XDG_DATA_HOME/rise/rise.db)");
  cmd->add_option("--db-wait", args->db_wait,
                  "seconds to wait for a hero database another program holds locked, 0-3600 (default 30)");
  cmd->callback([args]() { run_sim(*args); });
}

}  // namespace rise::cli
