// `rise review REPLAY`: the strongest player's review of a game (ai/review.h, docs/ai.md
// "Reviewing a game"): each seat's chance to win decision by decision, what each decision
// cost, the biggest mistakes with the better action, and the moment the game turned.
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "commands.h"
#include "rise/ai/player.h"
#include "rise/ai/review.h"
#include "rise/core/error.h"
#include "rise/core/files.h"
#include "rise/core/json_io.h"
#include "rise/core/registry.h"
#include "rise/core/replay.h"

namespace rise::cli {
namespace {

struct ReviewArgs {
  std::string path;
  std::vector<int> seats;
  std::string player;  // empty: the game's default player
  std::string seed = "1";
  std::string json;    // --json FILE
  int top = 5;
};

// "▁▃▅█": one block per value in [0, 1], at most kSparkWidth blocks (a longer series is cut
// into that many equal runs, each shown by its mean), so that it fits an 80-column line.
constexpr size_t kSparkWidth = 48;
std::string sparkline(const std::vector<double>& values) {
  static const char* blocks[] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
  const size_t width = std::min(values.size(), kSparkWidth);
  std::string out;
  for (size_t k = 0; k < width; ++k) {
    const size_t from = k * values.size() / width, to = (k + 1) * values.size() / width;
    double sum = 0;
    for (size_t i = from; i < to; ++i) sum += values[i];
    out += blocks[std::clamp(static_cast<int>(sum / static_cast<double>(to - from) * 8), 0, 7)];
  }
  return out;
}

std::string percent(double p) { return fmt::format("{:.0f}%", 100 * p); }

void run_review(const ReviewArgs& args) {
  const uint64_t seed = parse_seed_option("--seed", args.seed);
  if (!args.json.empty()) check_writable_file(args.json, "--json");
  Replay replay = replay_from_json(read_json_file(args.path), args.path);
  const GameInfo& info = find_game(replay.game).info();
  const std::string spec = args.player.empty() ? ai::default_player_spec(info) : args.player;
  std::vector<PlayerId> seats(args.seats.begin(), args.seats.end());
  const bool tty = isatty(STDERR_FILENO);
  ai::Review review;
  try {
    review = ai::review_game(replay, seats, spec, seed, [&](int done, int total) {
      if (tty) std::cerr << fmt::format("\rreviewing: decision {} of {}", done, total) << (done == total ? "\n" : "") << std::flush;
    });
  } catch (const InputError& e) {
    throw InputError(args.path + ": " + e.what());
  }
  if (!args.json.empty()) write_json_file(args.json, ai::review_to_json(review));

  std::cout << fmt::format("review of {}: {}, {} actions, by {} (each decision searched from its seat's "
                           "information)\n",
                           args.path, replay.game, replay.actions.size(), spec);
  auto who = [&](PlayerId seat) {
    const std::string player = static_cast<size_t>(seat) < replay.players.size() ? replay.players[static_cast<size_t>(seat)] : "";
    return player.empty() ? fmt::format("seat {}", seat) : fmt::format("seat {} ({})", seat, player);
  };
  for (const ai::SeatReview& s : review.seats) {
    std::cout << fmt::format("{}: {} decisions, mean loss {:.1f} points, {} mistake(s), {} blunder(s)\n", who(s.seat),
                             s.decisions, 100 * s.mean_loss, s.mistakes, s.blunders);
    std::vector<double> chances;
    for (const ai::ReviewedDecision& d : review.decisions) {
      if (d.seat == s.seat && !d.forced) chances.push_back(d.best_win);
    }
    if (!chances.empty()) std::cout << "  chance to win over the game (▁ 0% .. █ 100%): " << sparkline(chances) << "\n";
  }
  std::vector<const ai::ReviewedDecision*> worst;
  for (const ai::ReviewedDecision& d : review.decisions) {
    if (d.loss >= ai::kMistakeLoss) worst.push_back(&d);
  }
  std::stable_sort(worst.begin(), worst.end(), [](const auto* a, const auto* b) { return a->loss > b->loss; });
  if (worst.size() > static_cast<size_t>(args.top)) worst.resize(static_cast<size_t>(args.top));
  if (worst.empty()) {
    std::cout << fmt::format("no mistake: no decision lost {} or more of the chance to win\n", percent(ai::kMistakeLoss));
  } else {
    std::cout << "biggest mistakes:\n";
    for (const ai::ReviewedDecision* d : worst) {
      std::cout << fmt::format("  action {} (turn {}, {}): played '{}' (win {}); better '{}' (win {}): -{:.0f} points ({})\n",
                               d->index, d->turn, who(d->seat), d->played_text, percent(d->played_win), d->best_text,
                               percent(d->best_win), 100 * d->loss, d->loss >= ai::kBlunderLoss ? "blunder" : "mistake");
    }
  }
  if (review.turning_point >= 0) {
    const ai::ReviewedDecision& d = review.decisions[static_cast<size_t>(review.turning_point)];
    std::cout << fmt::format("the game turned at action {} (turn {}, {}: '{}', -{:.0f} points)\n", d.index, d.turn,
                             who(d.seat), d.played_text, 100 * d.loss);
  }
}

}  // namespace

void add_review_command(CLI::App& app) {
  auto args = std::make_shared<ReviewArgs>();
  auto* cmd = app.add_subcommand("review", "Review a game: each decision searched by the strongest player from its "
                                           "seat's information, the mistakes, what was better, when the game turned");
  cmd->add_option("file", args->path, "replay JSON file (rise play, rise sim --replays, a table's replay)")->required();
  cmd->add_option("--seat", args->seats, "review only this seat (repeat for several; default: every seat)");
  cmd->add_option("--player", args->player,
                  "the reviewing player (default: the game's strongest, as `rise games` lists; it must not read "
                  "hidden information)");
  cmd->add_option("--seed", args->seed, "seed of the searches")->capture_default_str();
  cmd->add_option("--json", args->json, "also write the review as JSON to FILE (docs/formats.md, \"Review\")");
  cmd->add_option("--top", args->top, "how many of the biggest mistakes to list")->check(CLI::Range(1, 100))->capture_default_str();
  cmd->callback([args]() { run_review(*args); });
}

}  // namespace rise::cli
