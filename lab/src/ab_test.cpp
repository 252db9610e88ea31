#include "rise/lab/ab_test.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>

#include <fmt/format.h>

#include "rise/ai/parallel.h"
#include "rise/ai/player.h"
#include "rise/cardgame/data_dir.h"
#include "rise/core/error.h"
#include "rise/core/game.h"
#include "rise/core/registry.h"
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
// was played (bit 1) in a finished game whose State::card_uses are `uses`, by either seat.
void count_uses(const std::vector<std::vector<CardUse>>& uses, const std::vector<std::string>& watched,
                std::vector<uint8_t>& flags) {
  for (const std::vector<CardUse>& seat : uses) {
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

std::vector<DeckChange> deck_changes(const AbConfig& config) {
  const Game& game = find_game(config.game);
  // Per side, per deck (seat), card id -> copies in the library.
  std::map<std::string, int> lists[2][2];
  for (int side = 0; side < 2; ++side) {
    const ai::MatchConfig m = side_match(config, side == 0 ? config.data_a : config.data_b, 0, 1);
    const std::unique_ptr<State> state = game.new_initial_state(1, game.resolve_options(m.options), 2);
    const std::vector<std::vector<CardUse>> uses = state->card_uses();
    for (size_t seat = 0; seat < 2 && seat < uses.size(); ++seat) {
      for (const CardUse& use : uses[seat]) ++lists[side][seat][use.card];
    }
  }
  std::vector<DeckChange> changes;
  for (size_t seat = 0; seat < 2; ++seat) {
    std::map<std::string, std::pair<int, int>> both;  // card -> (A, B)
    for (const auto& [card, n] : lists[0][seat]) both[card].first = n;
    for (const auto& [card, n] : lists[1][seat]) both[card].second = n;
    for (const auto& [card, n] : both) {
      if (n.first != n.second) changes.push_back({ai::deck_id(config.decks.at(seat)), card, n.first, n.second});
    }
  }
  return changes;
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

namespace {

// The pairs of games of a checked `config` whose `watched` cards are set, until the SPRT decides.
AbResult play_pairs(const AbConfig& config, const std::function<void(int, double)>& on_pair) {
  AbResult result;
  result.config = config;
  Sprt sprt(config.sprt);
  result.bounds = sprt.bounds();
  const int max_pairs = config.max_games / 2;
  const int batch = std::max(2, 2 * config.threads);  // pairs played before the test looks
  const auto start = std::chrono::steady_clock::now();
  int wins_a = 0, wins_b = 0;
  std::vector<AbCardUse> card_uses(config.watched.size());
  std::vector<ai::GameRecord> games[2];  // by side, pair by pair: how they ended (ai::tally_ends)
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
    std::vector<ai::GameRecord> records(static_cast<size_t>(2 * count));
    // 2 games per pair: task = 2 * pair + side
    ai::parallel_for(2 * count, config.threads, [&](int task) {
      AbPair& pair = pairs[static_cast<size_t>(task / 2)];
      const int side = task % 2;
      ai::MatchConfig match = side_match(config, side == 0 ? config.data_a : config.data_b, pair.seat, pair.seed);
      match.keep_card_uses = !config.watched.empty();
      ai::GameRecord& rec = records[static_cast<size_t>(task)];
      rec = ai::run_match(match).at(0);
      count_uses(rec.card_uses, config.watched, uses[static_cast<size_t>(task)]);
      rec.card_uses.clear();
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
      games[0].push_back(std::move(records[task]));
      games[1].push_back(std::move(records[task + 1]));
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
  result.ends_a = ai::tally_ends(games[0]);
  result.ends_b = ai::tally_ends(games[1]);
  return result;
}

}  // namespace

AbResult run_ab(const AbConfig& given, const std::function<void(int, double)>& on_pair) {
  AbConfig config = given;
  std::unique_ptr<PatchedCopy> patched;
  std::vector<DeckChange> deck_list_changes;
  if (config.patch.empty() == config.data_b.empty()) {
    throw InputError("give the change to test: --data-b DIR (a second data directory) or --patch FILE (changes to the "
                     "cards of --data-a)");
  }
  if (!config.patch.empty()) {
    if (config.data_a.empty()) config.data_a = cardgame::default_data_dir(config.game);
    patched = std::make_unique<PatchedCopy>(config.data_a, config.patch);
    config.data_b = patched->data_dir();
  }
  try {
    check_ab(config);
    config.watched = changed_cards(config);  // issue 36: was the changed card played?
    deck_list_changes = deck_changes(config);
    for (const DeckChange& d : deck_list_changes) {
      if (std::find(config.watched.begin(), config.watched.end(), d.card) == config.watched.end()) {
        config.watched.push_back(d.card);
      }
    }
  } catch (const InputError& e) {
    // A patched copy's error names the patch's line, never the temporary copy (issue 36).
    if (!patched) throw;
    throw InputError(patched->load_error(e.what()));
  }
  const Game& game = find_game(config.game);
  std::vector<std::string> warnings_a =
      game.card_warnings(config.data_a.empty() ? cardgame::default_data_dir(config.game) : config.data_a);
  std::vector<std::string> warnings_b;
  for (std::string& w : game.card_warnings(config.data_b)) {
    if (std::find(warnings_a.begin(), warnings_a.end(), w) == warnings_a.end()) warnings_b.push_back(std::move(w));
  }
  AbResult result = play_pairs(config, on_pair);
  result.deck_changes = std::move(deck_list_changes);
  result.warnings_a = std::move(warnings_a);
  result.warnings_b = std::move(warnings_b);
  result.side_a = config.data_a.empty() ? "built-in cards" : config.data_a;
  result.side_b = patched ? config.data_a + " + " + config.patch : config.data_b;
  if (patched) {
    result.changes = patched->changes();
    result.config.data_b.clear();  // the copy is gone with `patched`
  }
  return result;
}

int fewest_games_played(const AbResult& result, const AbCardUse& use, char& side) {
  bool absent_a = false, absent_b = false;
  for (const DeckChange& c : result.deck_changes) {
    if (c.card != use.card) continue;
    absent_a = absent_a || (c.before == 0 && use.drawn_a == 0);
    absent_b = absent_b || (c.after == 0 && use.drawn_b == 0);
  }
  side = absent_a || (!absent_b && use.played_b < use.played_a) ? 'B' : 'A';
  return side == 'A' ? use.played_a : use.played_b;
}

bool played_too_rarely(const AbResult& result, const AbCardUse& use) {
  char side = 'A';
  return fewest_games_played(result, use, side) < kMinGamesPlayed;
}

nlohmann::json ab_to_json(const AbResult& r) {
  const AbConfig& config = r.config;
  const AbEstimate& e = r.estimate;
  nlohmann::json j;
  j["game"] = config.game;
  j["decks"] = config.decks;
  j["players"] = config.players;
  j["omniscient_players"] = ai::omniscient_players(find_game(config.game).info(), config.players);
  j["data_a"] = r.side_a;
  j["data_b"] = r.side_b;
  j["seed"] = config.seed;
  j["sprt"] = {{"elo0", config.sprt.elo0}, {"elo1", config.sprt.elo1}, {"alpha", config.sprt.alpha},
               {"beta", config.sprt.beta},  {"lower", r.bounds.lower},  {"upper", r.bounds.upper}};
  j["decision"] = r.decision == SprtDecision::kH1 ? "H1" : r.decision == SprtDecision::kH0 ? "H0" : "inconclusive";
  j["decision_text"] = decision_text(r);
  j["games"] = 2 * r.pairs.size();
  j["llr"] = r.llr;
  j["pentanomial"] = nlohmann::json::array();
  for (double c : r.pentanomial.counts) j["pentanomial"].push_back(static_cast<int>(c));
  j["identical_pairs"] = r.identical_pairs;
  j["elo"] = {{"value", e.elo}, {"low95", e.elo_low}, {"high95", e.elo_high}};
  j["win_difference"] = {{"value", e.difference}, {"low95", e.difference_low}, {"high95", e.difference_high}};
  j["win_a"] = ai::interval_to_json(r.win_a);
  j["win_b"] = ai::interval_to_json(r.win_b);
  j["changed_cards"] = nlohmann::json::array();
  for (const AbCardUse& u : r.card_uses) {
    j["changed_cards"].push_back({{"card", u.card}, {"drawn_a", u.drawn_a}, {"played_a", u.played_a},
                                  {"drawn_b", u.drawn_b}, {"played_b", u.played_b},
                                  {"too_few", played_too_rarely(r, u)}});
  }
  j["ends_a"] = ai::ends_to_json(r.ends_a);
  j["ends_b"] = ai::ends_to_json(r.ends_b);
  j["changes"] = nlohmann::json::array();
  for (const CardChange& c : r.changes) {
    j["changes"].push_back({{"card", c.card}, {"field", c.field}, {"before", c.before}, {"after", c.after}});
  }
  j["deck_changes"] = nlohmann::json::array();
  for (const DeckChange& d : r.deck_changes) {
    j["deck_changes"].push_back({{"deck", d.deck}, {"card", d.card}, {"before", d.before}, {"after", d.after}});
  }
  j["warnings_a"] = r.warnings_a;
  j["warnings_b"] = r.warnings_b;  // no wall time: the same config gives the same JSON
  return j;
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
