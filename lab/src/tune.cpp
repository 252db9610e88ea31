// The tuner of `rise lab tune` (run_tune, tune.h): the search with dlib's global optimiser on
// common random numbers, and the confirmation SPRTs on fresh seeds.
#include "rise/lab/tune.h"

#include <stdlib.h>

#include <dlib/global_optimization.h>
#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "rise/cardgame/data_dir.h"
#include "rise/cardgame/yaml_fields.h"
#include "rise/core/error.h"
#include "rise/lab/round_robin.h"
#include "rise/core/text_file.h"

namespace rise::lab {
namespace {

namespace fs = std::filesystem;
namespace yml = cardgame::yaml;
// The weight of the tie-break of tune_loss (in squared points).
constexpr double kTieBreak = 0.01;

// splitmix64's finaliser: the master seed of confirmation batch `batch` (distinct from the
// search's seed and from each other).
uint64_t confirm_seed(uint64_t seed, uint64_t batch) {
  uint64_t z = seed ^ (0x6a09e667f3bcc909ULL + batch * 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// A temporary folder removed with everything in it when this object goes.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "rise-tune-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) {
      throw InputError("cannot create a temporary directory in " + fs::temp_directory_path().string());
    }
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

std::string values_text(const TuneSpec& spec, const std::vector<int>& values) {
  std::string out;
  for (size_t i = 0; i < spec.parameters.size(); ++i) {
    out += fmt::format("{}{} {} = {}", i ? ", " : "", spec.parameters[i].card, spec.parameters[i].field, values[i]);
  }
  return out;
}

TuneScore make_score(int games, int wins, int draws) {
  TuneScore s;
  s.games = games;
  s.wins = wins;
  s.draws = draws;
  s.score = games > 0 ? score_interval(wins, draws, games) : ai::Interval{};
  return s;
}

// The score of the deck in `seat` of a finished game: 1, 1/2 or 0.
double seat_score(const RoundRobinGame& g, int seat) { return g.winner == seat ? 1.0 : g.winner < 0 ? 0.5 : 0.0; }

}  // namespace

std::pair<double, double> tune_aim(const TuneTarget& t) {
  const double margin = (t.high - t.low) / 4;
  return {t.low > 0 ? t.low + margin : t.low, t.high < 100 ? t.high - margin : t.high};
}

double tune_loss(const TuneSpec& spec, const std::vector<double>& scores_percent, const std::vector<int>& values) {
  const TuneTarget& t = spec.target;
  const auto [low, high] = tune_aim(t);
  const size_t counted = t.kind == TuneTarget::Kind::kMatchup ? std::min<size_t>(1, scores_percent.size()) : scores_percent.size();
  double loss = 0;
  for (size_t d = 0; d < counted; ++d) {
    const double s = scores_percent[d];
    const double gap = s < low ? low - s : s > high ? s - high : 0.0;
    loss += gap * gap;
  }
  double change = 0;
  for (size_t i = 0; i < spec.parameters.size() && i < values.size(); ++i) {
    const TuneParameter& p = spec.parameters[i];
    change += std::abs(values[i] - p.original) / static_cast<double>(p.max - p.min) + (values[i] != p.original ? 1.0 : 0.0);
  }
  if (!spec.parameters.empty()) loss += kTieBreak * change / static_cast<double>(spec.parameters.size());
  return loss;
}

TuneResult run_tune(const TuneConfig& config, const std::function<void(const TuneEvaluation&, int)>& on_evaluation,
                    const std::function<void(int)>& on_confirm) {
  const auto start = std::chrono::steady_clock::now();
  if (config.budget < 1 || config.budget > 100000) throw InputError(fmt::format("budget {}: give a number of evaluations from 1 to 100000", config.budget));
  if (config.games < 2) throw InputError(fmt::format("games {}: give at least 2 games per pair of decks", config.games));
  if (config.confirm_games < 1) throw InputError(fmt::format("confirm games {}: give at least 1", config.confirm_games));
  if (config.threads < 1) throw InputError(fmt::format("threads {}: give at least 1", config.threads));
  if (config.options.count("data") || config.options.count("decks")) {
    throw InputError("the tuner sets the options data and decks itself: give the data and deck directories instead");
  }
  (void)sprt_bounds(config.alpha, config.beta);

  TuneResult result;
  result.config = config;
  const std::string data_dir = config.data_dir.empty() ? cardgame::default_data_dir(config.game) : config.data_dir;
  result.config.data_dir = data_dir;
  const std::string deck_dir = config.deck_dir.empty() ? (fs::path(data_dir) / "decks").string() : config.deck_dir;
  result.config.deck_dir = deck_dir;
  result.spec = read_tune_file(config.tune_file, data_dir);
  const TuneSpec& spec = result.spec;
  const TuneTarget& target = spec.target;

  TempDir temp;
  // The decks of the round robin: a matchup plays its two decks only, from a folder of their own.
  std::string round_robin_dir = deck_dir;
  if (target.kind == TuneTarget::Kind::kMatchup) {
    round_robin_dir = (fs::path(temp.path()) / "decks").string();
    fs::create_directories(round_robin_dir);
    for (const std::string& deck : {target.deck_a, target.deck_b}) {
      const fs::path file = fs::path(deck_dir) / (deck + ".yaml");
      std::error_code ec;
      if (!fs::is_regular_file(file, ec)) {
        throw InputError(fmt::format("{}:{}: target: no deck '{}' in {} (no file {})", spec.file, target.line, deck, deck_dir, file.string()));
      }
      fs::copy_file(file, fs::path(round_robin_dir) / file.filename(), ec);
      if (ec) throw InputError(round_robin_dir + ": cannot copy " + file.string() + " there: " + ec.message());
    }
  }
  const std::string patch_path = (fs::path(temp.path()) / "candidate.patch.yaml").string();

  // Plays a round robin of the candidate `values` with master seed `seed`.
  auto play = [&](const std::vector<int>& values, uint64_t seed, bool original) {
    write_text_file(patch_path, tune_patch_text(spec, data_dir, values, /*only_changed=*/false, "candidate of " + spec.file));
    const PatchedCopy copy(data_dir, patch_path);
    RoundRobinConfig rr;
    rr.game = config.game;
    rr.deck_dir = round_robin_dir;
    rr.options = config.options;
    rr.options["data"] = copy.data_dir();
    rr.players = config.players;
    rr.games_per_pair = config.games;
    rr.threads = config.threads;
    rr.seed = seed;
    try {
      return run_round_robin(rr);
    } catch (const InputError& e) {
      if (original) throw InputError(copy.load_error(e.what()));
      throw InputError(fmt::format("{}: the candidate {} does not load: {}", spec.file, values_text(spec, values),
                                   copy.load_error(e.what())));
    }
  };
  // The scores of the target's decks (result.decks order) in `rr`.
  auto scores_of = [&](const RoundRobinResult& rr) {
    std::vector<TuneScore> scores;
    for (const std::string& deck : result.decks) {
      for (size_t d = 0; d < rr.decks.size(); ++d) {
        if (rr.decks[d].id != deck) continue;
        const DeckTotals& t = rr.totals[d];
        scores.push_back(make_score(t.games, t.wins, t.draws));
      }
    }
    return scores;
  };
  auto loss_of = [&](const std::vector<TuneScore>& scores, const std::vector<int>& values) {
    std::vector<double> percent;
    for (const TuneScore& s : scores) percent.push_back(100 * s.score.rate);
    return tune_loss(spec, percent, values);
  };

  // The original values: the first evaluation, and the optimiser's first point when inside the ranges.
  const int total = config.budget + 1;
  std::map<std::vector<int>, int> seen;  // candidate -> its first evaluation
  auto record = [&](std::vector<int> values, const RoundRobinResult* rr) {
    TuneEvaluation e;
    e.index = static_cast<int>(result.evaluations.size());
    const auto found = seen.find(values);
    if (found != seen.end()) {
      const TuneEvaluation& first = result.evaluations[static_cast<size_t>(found->second)];
      e.scores = first.scores;
      e.loss = first.loss;
      e.repeated = true;
    } else {
      e.scores = scores_of(*rr);
      e.loss = loss_of(e.scores, values);
      result.search_games += static_cast<int>(rr->games.size());
      seen.emplace(values, e.index);
    }
    e.values = std::move(values);
    e.best_loss = result.evaluations.empty() ? e.loss : std::min(result.evaluations.back().best_loss, e.loss);
    if (result.evaluations.empty() || e.loss < result.evaluations[static_cast<size_t>(result.best)].loss) {
      result.best = e.index;
    }
    result.evaluations.push_back(std::move(e));
    if (on_evaluation) on_evaluation(result.evaluations.back(), total);
    return result.evaluations.back().loss;
  };

  std::vector<int> original;
  for (const TuneParameter& p : spec.parameters) original.push_back(p.original);
  {
    const RoundRobinResult rr = play(original, config.seed, /*original=*/true);
    if (target.kind == TuneTarget::Kind::kField) {
      for (const RoundRobinDeck& d : rr.decks) result.decks.push_back(d.id);
    } else {
      result.decks = {target.deck_a, target.deck_b};
    }
    record(original, &rr);
  }

  // The search: dlib's global_function_search, asked for a point and told its value in turn
  // (the loop of dlib::find_min_global, whose own loop also tunes its Monte Carlo sampling by
  // wall-clock time, which would make the proposals depend on the machine's speed).
  const size_t n = spec.parameters.size();
  dlib::matrix<double, 0, 1> lower(static_cast<long>(n)), upper(static_cast<long>(n)), x0(static_cast<long>(n));
  bool original_inside = true;
  for (size_t i = 0; i < n; ++i) {
    const TuneParameter& p = spec.parameters[i];
    lower(static_cast<long>(i)) = p.min;
    upper(static_cast<long>(i)) = p.max;
    x0(static_cast<long>(i)) = p.original;
    original_inside = original_inside && p.min <= p.original && p.original <= p.max;
  }
  const dlib::function_spec fspec(lower, upper, std::vector<bool>(n, true));
  std::vector<std::vector<dlib::function_evaluation>> initial(1);
  if (original_inside) initial[0].emplace_back(x0, -result.evaluations[0].loss);  // dlib maximises
  dlib::global_function_search search({fspec}, initial);
  search.set_seed(static_cast<time_t>(config.seed));
  for (int i = 0; i < config.budget; ++i) {
    dlib::function_evaluation_request request = search.get_next_x();
    std::vector<int> values(n);
    for (size_t k = 0; k < n; ++k) {
      const TuneParameter& p = spec.parameters[k];
      values[k] = std::clamp(static_cast<int>(std::lround(request.x()(static_cast<long>(k)))), p.min, p.max);
    }
    double loss = 0;
    if (seen.count(values)) {
      loss = record(values, nullptr);
    } else {
      const RoundRobinResult rr = play(values, config.seed, /*original=*/false);
      loss = record(values, &rr);
    }
    request.set(-loss);
  }

  // The proposal.
  const TuneEvaluation& best = result.evaluations[static_cast<size_t>(result.best)];
  for (size_t i = 0; i < n; ++i) {
    const TuneParameter& p = spec.parameters[i];
    if (best.values[i] != p.original) result.changes.push_back({p.card, p.field, std::to_string(p.original), std::to_string(best.values[i]), 0});
  }
  result.patch = tune_patch_text(spec, data_dir, best.values, /*only_changed=*/true,
                                 fmt::format("proposed by rise lab tune {} --tune {} (seed {}): a card patch of {}\n"
                                             "(docs/formats.md, \"Card patch\"); try it with rise lab ab --patch",
                                             config.game, spec.file, config.seed, data_dir));

  // The confirmation: fresh seeds, batch by batch, an SPRT on each side of the band for each
  // deck of the target (kMatchup: deck A), each game's score fed in the game's order.
  TuneConfirmation& c = result.confirmation;
  const size_t tested = target.kind == TuneTarget::Kind::kMatchup ? 1 : result.decks.size();
  const double margin = (target.high - target.low) / 4;
  std::vector<Sprt> sprts;
  for (size_t d = 0; d < tested; ++d) {
    for (const char* side : {"low", "high"}) {
      const bool low = std::string(side) == "low";
      if (low ? target.low <= 0 : target.high >= 100) continue;  // that side holds every score
      TuneSideTest t;
      t.deck = result.decks[d];
      t.side = side;
      t.edge = low ? target.low : target.high;
      t.inner = low ? target.low + margin : target.high - margin;
      // The high side runs on 1 - score, so that H1 (inside) is the higher score in both.
      const double s0 = low ? t.edge / 100 : 1 - t.edge / 100;
      const double s1 = low ? t.inner / 100 : 1 - t.inner / 100;
      SprtConfig sc;
      sc.elo0 = score_to_elo(s0);
      sc.elo1 = score_to_elo(s1);
      sc.alpha = config.alpha;
      sc.beta = config.beta;
      sprts.emplace_back(sc);
      t.bounds = sprts.back().bounds();
      c.tests.push_back(t);
    }
  }
  std::vector<int> wins(result.decks.size(), 0), draws(result.decks.size(), 0), games(result.decks.size(), 0);
  for (uint64_t batch = 0; c.games < config.confirm_games; ++batch) {
    const RoundRobinResult rr = play(best.values, confirm_seed(config.seed, batch), /*original=*/false);
    // The round robin's schedule is pair by pair, each pair's first half with one deck in seat
    // 0: a sequential test fed in that order would see a deck's games against one opponent,
    // from one seat, first. Fed round by round instead: the j-th game of every pair in turn,
    // j alternating between the pair's two halves, so each deck meets its opponents and seats
    // evenly throughout.
    const size_t per_pair = static_cast<size_t>(config.games);
    const size_t half = (per_pair + 1) / 2;
    std::vector<size_t> within;  // 0, half, 1, half + 1, ...
    for (size_t k = 0; k < half; ++k) {
      within.push_back(k);
      if (half + k < per_pair) within.push_back(half + k);
    }
    std::vector<const RoundRobinGame*> order;
    for (size_t j : within) {
      for (size_t pair = 0; pair * per_pair < rr.games.size(); ++pair) order.push_back(&rr.games[pair * per_pair + j]);
    }
    for (const RoundRobinGame* game : order) {
      const RoundRobinGame& g = *game;
      for (int seat = 0; seat < 2; ++seat) {
        const std::string& id = rr.decks[static_cast<size_t>(g.deck[seat])].id;
        const auto at = std::find(result.decks.begin(), result.decks.end(), id);
        if (at == result.decks.end()) continue;
        const size_t d = static_cast<size_t>(at - result.decks.begin());
        const double s = seat_score(g, seat);
        ++games[d];
        if (s == 1) ++wins[d];
        if (s == 0.5) ++draws[d];
        for (size_t k = 0; k < c.tests.size(); ++k) {
          if (c.tests[k].deck != id) continue;
          const int index = static_cast<int>(std::lround(4 * (c.tests[k].side == "low" ? s : 1 - s)));
          c.tests[k].decision = sprts[k].add(index);
          c.tests[k].llr = sprts[k].llr();
        }
      }
    }
    c.games += static_cast<int>(rr.games.size());
    if (on_confirm) on_confirm(c.games);
    const bool any_h0 = std::any_of(c.tests.begin(), c.tests.end(), [](const TuneSideTest& t) { return t.decision == SprtDecision::kH0; });
    const bool all_h1 = std::all_of(c.tests.begin(), c.tests.end(), [](const TuneSideTest& t) { return t.decision == SprtDecision::kH1; });
    if (any_h0) {
      c.decision = SprtDecision::kH0;
      break;
    }
    if (all_h1) {
      c.decision = SprtDecision::kH1;
      break;
    }
  }
  for (size_t d = 0; d < result.decks.size(); ++d) c.scores.push_back(make_score(games[d], wins[d], draws[d]));
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

std::string tune_decision_text(const TuneConfirmation& c) {
  switch (c.decision) {
    case SprtDecision::kH1: return fmt::format("in the band (every SPRT accepted H1 after {} games)", c.games);
    case SprtDecision::kH0: return fmt::format("outside the band (an SPRT accepted H0 after {} games)", c.games);
    case SprtDecision::kContinue: break;
  }
  return fmt::format("inconclusive after {} games", c.games);
}
}  // namespace rise::lab
