#include "lab/ab_test.h"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "rise/ai/parallel.h"
#include "rise/ai/player.h"
#include "rise/core/error.h"
#include "rise/core/game.h"
#include "rise/core/registry.h"
#include "rise/core/replay.h"
#include "rise/core/rng.h"

namespace rise::lab {
namespace {

// The seed of pair `index`: the first output of the engine's Rng (SplitMix64-seeded) from
// the master seed and the index.
uint64_t pair_seed(uint64_t seed, uint64_t index) { return Rng(seed ^ (index * 0x9e3779b97f4a7c15ULL)).next(); }

// The match of one game of a pair: the deck under test in `seat`, the cards of `data`.
ai::MatchConfig side_match(const AbConfig& c, const std::string& data, int seat, uint64_t seed) {
  ai::MatchConfig m;
  m.game = c.game;
  m.options = c.options;
  if (!data.empty()) m.options["data"] = data;
  const std::string& ours = c.decks.at(0);
  const std::string& theirs = c.decks.at(1);
  m.options["decks"] = seat == 0 ? ours + "," + theirs : theirs + "," + ours;
  const std::string& p_ours = c.players.at(0);
  const std::string& p_theirs = c.players.size() > 1 ? c.players[1] : c.players[0];
  m.players = seat == 0 ? std::vector<std::string>{p_ours, p_theirs} : std::vector<std::string>{p_theirs, p_ours};
  m.games = 1;
  m.threads = 1;
  m.seed = seed;
  return m;
}

// The score of `seat` in a finished game: 1 win, 1/2 draw, 0 loss.
double seat_score(const std::vector<double>& returns, int seat) {
  const double mine = returns.at(static_cast<size_t>(seat)), other = returns.at(static_cast<size_t>(1 - seat));
  return mine > other ? 1.0 : mine < other ? 0.0 : 0.5;
}

// Marks in `flags` (one per watched card) whether a copy of it reached a hand (bit 0) and
// was played (bit 1) in the finished game `state`, by either seat.
void count_uses(const State& state, const std::vector<std::string>& watched, std::vector<uint8_t>& flags) {
  for (const std::vector<CardUse>& seat : state.card_uses()) {
    for (const CardUse& use : seat) {
      const auto it = std::find(watched.begin(), watched.end(), use.card);
      if (it == watched.end()) continue;
      uint8_t& f = flags[static_cast<size_t>(it - watched.begin())];
      if (use.drawn) f |= 1;
      if (use.played_turn >= 0) f |= 2;
    }
  }
}

}  // namespace

std::vector<std::string> changed_cards(const AbConfig& config) {
  const Game& game = find_game(config.game);
  nlohmann::json catalogs[2];
  for (int side = 0; side < 2; ++side) {
    const std::string& data = side == 0 ? config.data_a : config.data_b;
    Options options = config.options;
    if (!data.empty()) options["data"] = data;
    catalogs[side] = game.catalog_json(game.resolve_options(options));
  }
  std::vector<std::string> changed;
  for (const auto& [id, card] : catalogs[0].items()) {
    if (!catalogs[1].contains(id) || catalogs[1][id] != card) changed.push_back(id);
  }
  for (const auto& [id, card] : catalogs[1].items()) {
    if (!catalogs[0].contains(id)) changed.push_back(id);
  }
  std::sort(changed.begin(), changed.end());
  return changed;
}

void check_ab(const AbConfig& config) {
  const Game& game = find_game(config.game);
  if (config.options.count("decks") != 0 || config.options.count("data") != 0) {
    throw InputError("rise lab ab takes the decks from --decks and the cards from --data-a/--data-b/--patch; do not give them as --option");
  }
  if (config.decks.size() != 2) {
    throw InputError(fmt::format("--decks: give 2 decks, the deck under test and its opponent, got {}", config.decks.size()));
  }
  if (config.players.empty() || config.players.size() > 2) {
    throw InputError(fmt::format("--players: give 1 spec (both decks) or 2 (by deck), got {}", config.players.size()));
  }
  for (const std::string& spec : config.players) ai::make_player(spec, 0);
  if (config.max_games < 2 || config.max_games % 2 != 0) {
    throw InputError(fmt::format("--max-games {}: give an even number of games, at least 2 (games come in pairs)", config.max_games));
  }
  if (config.threads < 1) throw InputError("the number of threads must be at least 1");
  Sprt check(config.sprt);
  for (int side = 0; side < 2; ++side) {
    const std::string& data = side == 0 ? config.data_a : config.data_b;
    const ai::MatchConfig m = side_match(config, data, 0, 1);
    try {
      game.new_initial_state(1, game.resolve_options(m.options), 2);
    } catch (const InputError& e) {
      throw InputError(fmt::format("side {} ({}): {}", side == 0 ? "A" : "B", data.empty() ? "built-in cards" : data, e.what()));
    }
  }
}

AbResult run_ab(const AbConfig& config, const std::function<void(int, double)>& on_pair) {
  check_ab(config);
  AbResult result;
  result.config = config;
  Sprt sprt(config.sprt);
  result.bounds = sprt.bounds();
  const int max_pairs = config.max_games / 2;
  const int batch = std::max(2, 2 * config.threads);  // pairs played before the test looks
  const auto start = std::chrono::steady_clock::now();
  int wins_a = 0, wins_b = 0;
  std::vector<AbCardUse> card_uses(config.watched.size());
  for (size_t c = 0; c < config.watched.size(); ++c) card_uses[c].card = config.watched[c];
  for (int first = 0; first < max_pairs && sprt.decision() == SprtDecision::kContinue; first += batch) {
    const int count = std::min(batch, max_pairs - first);
    std::vector<AbPair> pairs(static_cast<size_t>(count));
    for (int k = 0; k < count; ++k) {
      AbPair& pair = pairs[static_cast<size_t>(k)];
      pair.index = first + k;
      pair.seed = pair_seed(config.seed, static_cast<uint64_t>(pair.index));
      pair.seat = pair.index % 2;
    }
    // Per game (task), per watched card: bit 0 drawn, bit 1 played.
    std::vector<std::vector<uint8_t>> uses(static_cast<size_t>(2 * count), std::vector<uint8_t>(config.watched.size(), 0));
    // 2 games per pair: task = 2 * pair + side
    ai::parallel_for(2 * count, config.threads, [&](int task) {
      AbPair& pair = pairs[static_cast<size_t>(task / 2)];
      const int side = task % 2;
      ai::MatchConfig match = side_match(config, side == 0 ? config.data_a : config.data_b, pair.seat, pair.seed);
      match.keep_replays = !config.watched.empty();
      const auto records = ai::run_match(match);
      const ai::GameRecord& rec = records.at(0);
      if (!config.watched.empty()) count_uses(*run_replay(rec.replay), config.watched, uses[static_cast<size_t>(task)]);
      (side == 0 ? pair.score_a : pair.score_b) = seat_score(rec.returns, pair.seat);
      (side == 0 ? pair.turns_a : pair.turns_b) = rec.turns;
      (side == 0 ? pair.end_a : pair.end_b) = rec.end;
    });
    for (const AbPair& pair : pairs) {
      const size_t task = static_cast<size_t>(2 * (pair.index - first));
      for (size_t c = 0; c < config.watched.size(); ++c) {
        AbCardUse& u = card_uses[c];
        u.drawn_a += uses[task][c] & 1;
        u.played_a += (uses[task][c] >> 1) & 1;
        u.drawn_b += uses[task + 1][c] & 1;
        u.played_b += (uses[task + 1][c] >> 1) & 1;
      }
      result.pairs.push_back(pair);
      wins_a += pair.score_a == 1.0;
      wins_b += pair.score_b == 1.0;
      if (pair.score_a == pair.score_b && pair.turns_a == pair.turns_b) ++result.identical_pairs;
      sprt.add(pair_score_index(pair.score_a, pair.score_b));
      if (on_pair) on_pair(static_cast<int>(result.pairs.size()), sprt.llr());
      if (sprt.decision() != SprtDecision::kContinue) break;
    }
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  result.pentanomial = sprt.pairs();
  result.decision = sprt.decision();
  result.llr = sprt.llr();
  result.estimate = estimate(result.pentanomial);
  const int n = static_cast<int>(result.pairs.size());
  result.win_a = ai::wilson_interval(wins_a, n);
  result.win_b = ai::wilson_interval(wins_b, n);
  result.card_uses = std::move(card_uses);
  for (int side = 0; side < 2; ++side) {
    std::vector<ai::GameRecord> games(result.pairs.size());
    for (size_t k = 0; k < games.size(); ++k) {
      const AbPair& pair = result.pairs[k];
      const double score = side == 0 ? pair.score_a : pair.score_b;
      games[k].returns = {score == 0.5 ? 0.0 : 1.0, score == 0.5 ? 0.0 : -1.0};  // a draw or not
      games[k].end = side == 0 ? pair.end_a : pair.end_b;
    }
    (side == 0 ? result.ends_a : result.ends_b) = ai::tally_ends(games);
  }
  return result;
}

std::string decision_text(const AbResult& r) {
  switch (r.decision) {
    case SprtDecision::kH1: return fmt::format("H1: B is better (at least {:+g} Elo)", r.config.sprt.elo1);
    case SprtDecision::kH0:
      // Issue 36: a B clearly worse than A (its Elo's 95% interval below 0) is said so, not
      // only "no better".
      if (r.estimate.elo_high < 0) {
        return fmt::format("H0: B is worse ({:+.0f} Elo [{:+.0f}, {:+.0f}])", r.estimate.elo, r.estimate.elo_low,
                           r.estimate.elo_high);
      }
      return fmt::format("H0: B is no better than {:+g} Elo", r.config.sprt.elo0);
    case SprtDecision::kContinue: break;
  }
  return fmt::format("inconclusive after {} games (--max-games)", 2 * r.pairs.size());
}

}  // namespace rise::lab
