// `rise lab`: the designers' lab (docs/lab.md). `rise lab ab`: an A/B test of a change to the
// cards, decided by an SPRT; `rise lab cards`: card statistics of simulated games, and with
// --round-robin the matchup matrix and Bradley–Terry deck ratings; both write an HTML report;
// `rise lab tune`: a search of the numbers of a tune file that brings deck scores into a band.
#include <stdlib.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <memory>
#include <set>
#include <string>

#include <fmt/format.h>

#include "commands.h"
#include "rise/lab/ab_report.h"
#include "rise/lab/ab_test.h"
#include "rise/lab/bradley_terry.h"
#include "rise/lab/card_patch.h"
#include "rise/lab/card_report.h"
#include "rise/lab/card_stats.h"
#include "rise/lab/card_study.h"
#include "rise/lab/end_table.h"
#include "rise/lab/html_report.h"
#include "rise/lab/mpi_world.h"
#include "rise/lab/omniscient_players.h"
#include "rise/lab/round_robin.h"
#include "rise/lab/tune.h"
#include "rise/ai/match.h"
#include "rise/ai/player.h"
#include "rise/cardgame/data_dir.h"
#include "rise/core/error.h"
#include "rise/core/files.h"
#include "rise/core/game.h"
#include "rise/core/json_io.h"
#include "rise/core/registry.h"
#include "rise/core/replay.h"

namespace rise::cli {
namespace {

namespace fs = std::filesystem;

constexpr int64_t kMaxLabGames = 10'000'000;
constexpr int64_t kMaxLabThreads = 1024;

struct AbArgs {
  std::string game, decks, players, data_a, data_b, patch;  // players "": lab::lab_default_player
  std::string elo, win_diff, alpha = "0.05", beta = "0.05";
  std::string max_games = "2000", threads = "1", seed = "1";
  std::vector<std::string> options;
  std::string report, json_path;
  bool quiet = false;
  bool allow_omniscient = false;  // --allow-omniscient: accept players that read hidden cards
};

struct LabCardsArgs {
  std::string game, decks, round_robin, players;  // "": lab::lab_default_player
  std::string deck;                               // --deck: only this deck's rows (implies --by-deck)
  bool by_deck = false;                           // --by-deck: one row per deck and card
  std::string games = "100", threads = "1", seed = "1", resamples = "200", top = "20";
  std::vector<std::string> options;
  std::string report, csv_path, json_path;
  bool quiet = false;
  bool allow_omniscient = false;  // --allow-omniscient: accept players that read hidden cards
};

struct TuneArgs {
  std::string game, tune, data, decks, players;  // players "": lab::lab_default_player
  std::string budget = "30", games = "20", confirm_games = "4000", alpha = "0.05", beta = "0.05";
  std::string threads = "1", seed = "1";
  std::vector<std::string> options;
  std::string out, plot, json_path;
  bool quiet = false;
  bool allow_omniscient = false;
};

// A number of `option` in [lo, hi]: "OPTION 'TEXT': give a number from LO to HI".
double parse_number(const std::string& option, const std::string& text, double lo, double hi) {
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value) || value < lo ||
      value > hi) {
    throw InputError(fmt::format("{} '{}': give a number from {:g} to {:g}", option, text, lo, hi));
  }
  return value;
}

// "LOW,HIGH" with LOW < HIGH, each in [lo, hi].
std::pair<double, double> parse_bounds(const std::string& option, const std::string& text, double lo, double hi,
                                       const std::string& example) {
  const size_t comma = text.find(',');
  if (comma == std::string::npos) {
    throw InputError(fmt::format("{} '{}': give two bounds H0,H1 separated by a comma, e.g. {}", option, text, example));
  }
  const double a = parse_number(option, text.substr(0, comma), lo, hi);
  const double b = parse_number(option, text.substr(comma + 1), lo, hi);
  if (!(a < b)) {
    throw InputError(fmt::format("{} '{}': the first bound (H0: no better than it) must be below the second (H1: at "
                                 "least it), e.g. {}",
                                 option, text, example));
  }
  return {a, b};
}

// `rise lab` plays its games in one process (threads): the A/B test decides pair by pair and
// the card statistics read every game's replay, which stay in this process.
void check_one_process(const char* command) {
  if (lab::mpi::size() > 1) {
    throw InputError(fmt::format("rise lab {} runs in one process (use --threads); do not start it with mpirun",
                                 command));
  }
}

// The specs of `players` that read hidden information in `game` (ai::omniscient_players).
// The lab's verdicts are a designer's truth about the cards: such a player is refused
// unless `allowed` (--allow-omniscient), and then named in a note above the results.
std::vector<std::string> checked_omniscience(const Game& game, const std::vector<std::string>& players, bool allowed) {
  std::vector<std::string> omniscient = ai::omniscient_players(game.info(), players);
  if (!allowed) lab::refuse_omniscient(omniscient, game.info().id);
  return omniscient;
}


// --- rise lab ab ---------------------------------------------------------------------------

// The warnings about the cards of `data_dir` ("" = the game's own; Game::card_warnings), as
// lines "warning: ..." prefixed by `label`.
std::string card_warning_lines(const Game& game, const std::string& data_dir, const std::string& label = "") {
  std::string out;
  const std::string dir = data_dir.empty() ? cardgame::default_data_dir(game.info().id) : data_dir;
  for (const std::string& w : game.card_warnings(dir)) out += "warning: " + label + w + "\n";
  return out;
}

void run_lab_ab(const AbArgs& given) {
  check_one_process("ab");
  const Game& game = find_game(given.game);
  AbArgs args = given;
  if (args.players.empty()) args.players = lab::lab_default_player(game.info());
  lab::AbConfig config;
  config.game = args.game;
  const auto& specs = game.info().options;
  if (std::none_of(specs.begin(), specs.end(), [](const OptionSpec& o) { return o.name == "data"; })) {
    throw InputError("rise lab ab compares two sets of cards; " + args.game + " has no card data (a card game: rise-tcg, dark-legacy, raise-rise-die)");
  }
  config.options = parse_option_flags(args.options);
  config.decks = cardgame::split_list(args.decks);
  config.players = split_players(args.players);
  const std::vector<std::string> omniscient = checked_omniscience(game, config.players, args.allow_omniscient);
  if (!args.elo.empty() && !args.win_diff.empty()) throw InputError("give the SPRT bounds once: --elo or --win-diff");
  if (!args.win_diff.empty()) {
    const auto [d0, d1] = parse_bounds("--win-diff", args.win_diff, -99, 99, "0,5");
    config.sprt.elo0 = lab::score_to_elo(0.5 + d0 / 200);
    config.sprt.elo1 = lab::score_to_elo(0.5 + d1 / 200);
  } else if (!args.elo.empty()) {
    const auto [e0, e1] = parse_bounds("--elo", args.elo, -1000, 1000, "0,20");
    config.sprt.elo0 = e0;
    config.sprt.elo1 = e1;
  }
  config.sprt.alpha = parse_number("--alpha", args.alpha, 0, 1);
  config.sprt.beta = parse_number("--beta", args.beta, 0, 1);
  (void)lab::sprt_bounds(config.sprt.alpha, config.sprt.beta);
  config.max_games = static_cast<int>(parse_int_option("--max-games", args.max_games, 2, kMaxLabGames));
  if (config.max_games % 2 != 0) throw InputError("--max-games " + args.max_games + ": give an even number (games come in pairs)");
  config.threads = static_cast<int>(parse_int_option("--threads", args.threads, 1, kMaxLabThreads));
  config.seed = parse_seed_option("--seed", args.seed);
  if (!args.report.empty()) check_writable_dir(args.report, "--report");
  if (!args.json_path.empty()) check_writable_file(args.json_path, "--json");
  config.data_a = args.data_a;
  config.data_b = args.data_b;
  config.patch = args.patch;

  const lab::AbResult r = lab::run_ab(config, [&](int pairs, double llr) {
    if (!args.quiet) std::cerr << fmt::format("\r{} games, LLR {:+.2f}", 2 * pairs, llr) << std::flush;
  });
  if (!args.quiet) std::cerr << "\n";

  const std::vector<std::string> lines = lab::ab_summary_lines(r);
  std::cout << lab::omniscient_note(omniscient);
  // issue 36: cards that may loop, A's and those only B has
  for (const std::string& w : r.warnings_a) std::cout << "warning: " << w << "\n";
  for (const std::string& w : r.warnings_b) std::cout << "warning: with B's cards: " << w << "\n";
  for (const std::string& line : lines) std::cout << line << "\n";
  for (const lab::CardChange& c : r.changes) {
    std::cout << fmt::format("change: {} {}: {} -> {}\n", c.card, c.field, c.before.empty() ? "(none)" : c.before,
                             c.after.empty() ? "(removed)" : c.after);
  }
  // Issue 36: a deck-list A/B says the lists it compares.
  for (const lab::DeckChange& d : r.deck_changes) {
    std::cout << fmt::format("deck change: {}: {} {} -> {}\n", d.deck, d.card, d.before, d.after);
  }
  std::cout << "\n" << lab::end_table(r.ends_a, "how the games with A ended") << "\n"
            << lab::end_table(r.ends_b, "how the games with B ended");

  if (!args.json_path.empty()) write_json_file(args.json_path, lab::ab_to_json(r));
  if (!args.report.empty()) lab::write_report(args.report, lab::ab_report(r));
}

// --- rise lab cards ------------------------------------------------------------------------

void run_lab_cards(const LabCardsArgs& given) {
  check_one_process("cards");
  const Game& game = find_game(given.game);
  LabCardsArgs args = given;
  if (args.players.empty()) args.players = lab::lab_default_player(game.info());
  if (!args.decks.empty() && !args.round_robin.empty()) {
    throw InputError("--round-robin takes its decks from the directory; do not also give --decks");
  }
  const Options options = parse_option_flags(args.options);
  lab::CardStudyConfig config;
  config.game = args.game;
  config.options = with_decks(options, args.decks);
  config.round_robin = args.round_robin;
  config.games = static_cast<int>(parse_int_option("--games", args.games, 1, kMaxLabGames));
  config.threads = static_cast<int>(parse_int_option("--threads", args.threads, 1, kMaxLabThreads));
  config.seed = parse_seed_option("--seed", args.seed);
  config.resamples = static_cast<int>(parse_int_option("--resamples", args.resamples, 1, 100000));
  config.by_deck = args.by_deck;
  config.deck = args.deck;
  const int top = static_cast<int>(parse_int_option("--top", args.top, 0, 100000));
  if (!args.csv_path.empty()) check_writable_file(args.csv_path, "--csv");
  if (!args.json_path.empty()) check_writable_file(args.json_path, "--json");
  if (!args.report.empty()) check_writable_dir(args.report, "--report");
  config.players = split_players(args.players);
  const std::vector<std::string> omniscient = checked_omniscience(game, config.players, args.allow_omniscient);
  if (config.round_robin.empty()) check_decks_option(config.options, static_cast<int>(std::max<size_t>(2, config.players.size())));

  const lab::CardStudy study = lab::run_card_study(config, [&](int done, int total) {
    if (!args.quiet) std::cerr << fmt::format("\r{} / {} games", done, total) << std::flush;
  });
  if (!args.quiet) std::cerr << "\n";
  std::cout << lab::omniscient_note(omniscient);
  std::cout << card_warning_lines(game, options.count("data") ? options.at("data") : std::string());
  const int games = config.games;
  const int resamples = config.resamples;
  const uint64_t seed = config.seed;
  if (study.round_robin) {
    const lab::RoundRobinResult& result = *study.round_robin;
    lab::print_round_robin(std::cout, result);
    std::cout << fmt::format("\nBradley-Terry ratings (Elo, mean 0; 95% interval from {} bootstrap resamples, seed {}):\n",
                             resamples, seed);
    for (size_t i : lab::rating_order(study.ratings)) {
      const lab::Rating& r = study.ratings[i];
      std::cout << fmt::format("{:<24} {:+7.0f} [{:+.0f}, {:+.0f}]\n", result.decks[i].id, r.elo, r.low, r.high);
    }
  } else {
    std::cout << fmt::format("{} games of {}, decks {}, seed {}\n", games, args.game,
                             args.decks.empty() ? "(default)" : args.decks, seed);
    std::cout << lab::end_table(study.ends);
  }

  const bool by_deck = args.by_deck || !args.deck.empty();
  const std::vector<lab::CardStats>& stats = study.stats;
  const std::vector<std::string>& names = study.names;
  if (!args.json_path.empty()) write_json_file(args.json_path, lab::card_study_to_json(study));

  // The terminal: the sample-aware order (issue 36): the cards whose effect is surely
  // largest first, the noise of a few games in the middle, each row with its note.
  std::cout << fmt::format("\nCards ({} in all{}; {} shown, by the 95% bound of the difference nearest 0, largest "
                           "first):\n",
                           stats.size(), args.deck.empty() ? "" : ", deck " + args.deck,
                           top == 0 ? stats.size() : std::min<size_t>(stats.size(), static_cast<size_t>(top)));
  size_t deck_width = 4;
  for (const lab::CardStats& c : stats) deck_width = std::max(deck_width, c.deck.size());
  const std::string deck_head = by_deck ? fmt::format("{:<{}} ", "deck", deck_width) : "";
  std::cout << fmt::format("{}{:<24} {:>6} {:>6} {:>6}  {:<29} {:<13} {:<13} {:<29} {:<26} {:>5}  {}\n", deck_head, "card",
                           "games", "drawn", "played", "win drawn (95%) of games", "OH win of", "GD win of",
                           "win not drawn (95%) of games", "difference (95%)", "turn", "note");
  for (size_t shown = 0; shown < stats.size() && (top == 0 || shown < static_cast<size_t>(top)); ++shown) {
    const lab::CardStats& c = stats[shown];
    const std::string deck = by_deck ? fmt::format("{:<{}} ", c.deck, deck_width) : "";
    std::string line = fmt::format(
        "{}{:<24} {:>6} {:>6} {:>6}  {:<29} {:<13} {:<13} {:<29} {:<26} {:>5}  {}", deck, c.card, c.games, c.drawn, c.played,
        c.drawn > 0 ? lab::with_games(lab::percent_text(c.win_drawn), c.drawn) : "-",
        c.opening > 0 ? fmt::format("{:.1f}% of {}", 100 * c.win_opening.rate, c.opening) : "-",
        c.drawn_later > 0 ? fmt::format("{:.1f}% of {}", 100 * c.win_drawn_later.rate, c.drawn_later) : "-",
        c.games > c.drawn ? lab::with_games(lab::percent_text(c.win_not_drawn), c.games - c.drawn) : "-",
        c.difference.defined ? lab::signed_interval_text(c.difference.value, c.difference.low, c.difference.high, 100, " pts") : "-",
        c.copies_played > 0 ? fmt::format("{:.1f}", c.mean_turn_played) : "-", lab::card_note(c));
    line.erase(line.find_last_not_of(' ') + 1);
    std::cout << line << "\n";
  }
  if (!args.csv_path.empty()) lab::write_card_stats_csv(args.csv_path, stats, names);
  if (!args.report.empty()) lab::write_report(args.report, lab::card_study_report(study));
}

// --- rise lab tune -------------------------------------------------------------------------

void run_lab_tune(const TuneArgs& given) {
  check_one_process("tune");
  const Game& game = find_game(given.game);
  TuneArgs args = given;
  if (args.players.empty()) args.players = lab::lab_default_player(game.info());
  const auto& specs = game.info().options;
  if (std::none_of(specs.begin(), specs.end(), [](const OptionSpec& o) { return o.name == "data"; })) {
    throw InputError("rise lab tune tunes a game's cards; " + args.game + " has no card data (a card game: rise-tcg, dark-legacy, raise-rise-die)");
  }
  lab::TuneConfig config;
  config.game = args.game;
  config.options = parse_option_flags(args.options);
  if (config.options.count("data") || config.options.count("decks")) {
    throw InputError("rise lab tune: give the cards with --data DIR and the decks with --decks DIR, not as --option");
  }
  config.data_dir = args.data;
  config.deck_dir = args.decks;
  config.tune_file = args.tune;
  config.players = split_players(args.players);
  const std::vector<std::string> omniscient = checked_omniscience(game, config.players, args.allow_omniscient);
  config.budget = static_cast<int>(parse_int_option("--budget", args.budget, 1, 100000));
  config.games = static_cast<int>(parse_int_option("--games", args.games, 2, kMaxLabGames));
  config.confirm_games = static_cast<int>(parse_int_option("--confirm-games", args.confirm_games, 1, kMaxLabGames));
  config.alpha = parse_number("--alpha", args.alpha, 0, 1);
  config.beta = parse_number("--beta", args.beta, 0, 1);
  (void)lab::sprt_bounds(config.alpha, config.beta);
  config.threads = static_cast<int>(parse_int_option("--threads", args.threads, 1, kMaxLabThreads));
  config.seed = parse_seed_option("--seed", args.seed);
  if (!args.out.empty()) check_writable_file(args.out, "--out");
  if (!args.plot.empty()) check_writable_file(args.plot, "--plot");
  if (!args.json_path.empty()) check_writable_file(args.json_path, "--json");

  const lab::TuneResult r = lab::run_tune(
      config,
      [&](const lab::TuneEvaluation& e, int total) {
        if (!args.quiet) std::cerr << fmt::format("\revaluation {} / {}, loss {:.3f}, best {:.3f}", e.index + 1, total, e.loss, e.best_loss) << std::flush;
      },
      [&](int games) {
        if (!args.quiet) std::cerr << fmt::format("\rconfirmation: {} games                              ", games) << std::flush;
      });
  if (!args.quiet) std::cerr << "\n";
  std::cout << lab::omniscient_note(omniscient);
  for (const std::string& line : lab::tune_summary_lines(r)) std::cout << line << "\n";
  if (!args.out.empty()) {
    lab::write_tune_patch(args.out, r);
    // The A/B that tries it, on the same cards.
    std::cout << "patch written to " << args.out << " (rise lab ab " << args.game
              << (args.data.empty() ? "" : " --data " + args.data) << " --patch " << args.out << ")\n";
  }
  if (!args.plot.empty()) lab::write_tune_svg(args.plot, r);
  if (!args.json_path.empty()) write_json_file(args.json_path, lab::tune_to_json(r));
}

}  // namespace

// The help of --allow-omniscient, the same for `ab` and `cards`.
constexpr const char* kAllowOmniscientHelp =
    "accept a player that reads hidden cards (greedy, mcts): it knows what no player at the table knows, so its "
    "results overstate what a deck or a card could do (a note above the results says so)";

void add_lab_command(CLI::App& app) {
  auto* lab = app.add_subcommand("lab", "The designers' lab: A/B tests of card changes, card statistics, deck ratings (docs/lab.md)");
  lab->require_subcommand(1);

  auto ab = std::make_shared<AbArgs>();
  auto* cmd = lab->add_subcommand("ab", "A/B test of a change to the cards, decided by a sequential probability ratio test");
  cmd->add_option("game", ab->game, "card game id")->required();
  cmd->add_option("--decks", ab->decks, "the deck under test and its opponent, e.g. cinderstorm,tidewall-keep")->required();
  cmd->add_option("--data,--data-a", ab->data_a, "data directory of A (default: the game's data; --data-a is an alias)");
  cmd->add_option("--data-b", ab->data_b, "data directory of B (the change)");
  cmd->add_option("--patch", ab->patch, "B = A with this card patch applied (docs/formats.md, \"Card patch\")");
  cmd->add_option("--players", ab->players,
                  fmt::format("1 spec for both decks or 2 (by deck), e.g. ismcts:iters=200 (default {}); greedy and "
                              "mcts read hidden cards and need --allow-omniscient",
                              lab::lab_default_player_help()));
  cmd->add_flag("--allow-omniscient", ab->allow_omniscient, kAllowOmniscientHelp);
  cmd->add_option("--elo", ab->elo, "SPRT bounds H0,H1 in Elo of B over A (default 0,20)");
  cmd->add_option("--win-diff", ab->win_diff, "SPRT bounds H0,H1 as B's win rate minus A's, in points, e.g. 0,5");
  cmd->add_option("--alpha", ab->alpha, "chance of accepting H1 when H0 holds (default 0.05)");
  cmd->add_option("--beta", ab->beta, "chance of accepting H0 when H1 holds (default 0.05)");
  cmd->add_option("--max-games", ab->max_games, "games in all (two per pair) before the test is inconclusive")->default_str("2000");
  cmd->add_option("--threads", ab->threads, "games played in parallel")->default_str("1");
  cmd->add_option("--seed", ab->seed, "master seed")->default_str("1");
  cmd->add_option("--option", ab->options, "game option name=value (repeatable)");
  cmd->add_option("--report", ab->report, "write an HTML report, DIR/index.html");
  cmd->add_option("--json", ab->json_path, "write the result as JSON");
  cmd->add_flag("--quiet", ab->quiet, "no progress on stderr");
  cmd->callback([ab]() { run_lab_ab(*ab); });

  auto cards = std::make_shared<LabCardsArgs>();
  auto* cc = lab->add_subcommand("cards", "Card statistics of simulated games; with --round-robin, deck ratings too");
  cc->add_option("game", cards->game, "card game id")->required();
  cc->add_option("--decks", cards->decks, "one deck per seat, ids or files (default: the game's)");
  cc->add_option("--round-robin", cards->round_robin, "play every pair of the decks (*.yaml) of this directory");
  cc->add_option("--games", cards->games, "games (with --round-robin: per pair of decks)")->default_str("100");
  cc->add_option("--players", cards->players,
                 fmt::format("1 spec for both seats or one per seat (default {}); greedy and mcts read hidden cards "
                             "and need --allow-omniscient",
                             lab::lab_default_player_help()));
  cc->add_flag("--allow-omniscient", cards->allow_omniscient, kAllowOmniscientHelp);
  cc->add_option("--threads", cards->threads, "games played in parallel")->default_str("1");
  cc->add_option("--seed", cards->seed, "master seed (also of the bootstrap)")->default_str("1");
  cc->add_option("--resamples", cards->resamples, "bootstrap resamples of the deck ratings")->default_str("200");
  cc->add_option("--top", cards->top, "cards shown on the terminal (0: all)")->default_str("20");
  cc->add_option("--option", cards->options, "game option name=value (repeatable)");
  add_data_option(*cc, cards->options);
  cc->add_flag("--by-deck", cards->by_deck, "one row per deck and card (a card of two decks has a row for each)");
  cc->add_option("--deck", cards->deck, "only the rows of this deck (its id; implies --by-deck)");
  cc->add_option("--csv", cards->csv_path, "write the card statistics as CSV");
  cc->add_option("--json", cards->json_path, "write the results as JSON (the cards, how the games ended, a round robin's matrix and ratings)");
  cc->add_option("--report", cards->report, "write an HTML report, DIR/index.html");
  cc->add_flag("--quiet", cards->quiet, "no progress on stderr");
  cc->callback([cards]() { run_lab_cards(*cards); });

  auto tune = std::make_shared<TuneArgs>();
  auto* tc = lab->add_subcommand("tune", "Search the numbers a tune file names (a cost, an attack...) for values that bring deck "
                                         "scores into a band, then confirm them on fresh seeds with SPRTs");
  tc->add_option("game", tune->game, "card game id")->required();
  tc->add_option("--tune", tune->tune, "the tune file: the numbers, their ranges and the target (docs/formats.md, \"Tune file\")")->required();
  tc->add_option("--data", tune->data, "the data directory of the cards tuned (default: the game's)");
  tc->add_option("--decks", tune->decks, "the directory of the decks (*.yaml) that play each other (default: DATA/decks)");
  tc->add_option("--players", tune->players,
                 fmt::format("1 spec for both seats or 2 (default {}); greedy and mcts read hidden cards and need "
                             "--allow-omniscient",
                             lab::lab_default_player_help()));
  tc->add_flag("--allow-omniscient", tune->allow_omniscient, kAllowOmniscientHelp);
  tc->add_option("--budget", tune->budget, "candidates the optimiser tries after the original cards")->default_str("30");
  tc->add_option("--games", tune->games, "games per pair of decks per candidate (the same seeds for every candidate)")->default_str("20");
  tc->add_option("--confirm-games", tune->confirm_games, "at most this many games on fresh seeds to confirm the proposal")->default_str("4000");
  tc->add_option("--alpha", tune->alpha, "the confirmation SPRTs' chance of calling an out-of-band score in the band (default 0.05)");
  tc->add_option("--beta", tune->beta, "the confirmation SPRTs' chance of calling an in-band score out of it (default 0.05)");
  tc->add_option("--threads", tune->threads, "games played in parallel")->default_str("1");
  tc->add_option("--seed", tune->seed, "master seed")->default_str("1");
  tc->add_option("--option", tune->options, "game option name=value (repeatable)");
  tc->add_option("--out", tune->out, "write the proposal as a card patch (rise lab ab --patch FILE)");
  tc->add_option("--plot", tune->plot, "write an SVG plot of the search");
  tc->add_option("--json", tune->json_path, "write the result as JSON (docs/formats.md, \"rise lab tune JSON\")");
  tc->add_flag("--quiet", tune->quiet, "no progress on stderr");
  tc->callback([tune]() { run_lab_tune(*tune); });
}

}  // namespace rise::cli
