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

namespace rise::lab {
namespace {

namespace fs = std::filesystem;
namespace yml = cardgame::yaml;

// The widest range of one parameter: the optimiser's integer grid stays small.
constexpr int kMaxRange = 10000;
// The weight of the tie-break of tune_loss (in squared points).
constexpr double kTieBreak = 0.01;

// "effects.0.do.0.gain" -> {"effects", "0", "do", "0", "gain"}.
std::vector<std::string> path_steps(const std::string& field) {
  std::vector<std::string> steps;
  size_t start = 0;
  while (true) {
    const size_t dot = field.find('.', start);
    steps.push_back(field.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return steps;
}

bool to_index(const std::string& step, size_t& out) {
  if (step.empty()) return false;
  const auto [end, ec] = std::from_chars(step.data(), step.data() + step.size(), out);
  return ec == std::errc() && end == step.data() + step.size();
}

// The cards of a data directory by id (each a handle into its loaded file).
struct Cards {
  std::map<std::string, YAML::Node> by_id;
  std::vector<std::string> ids;
};

Cards load_cards(const std::string& data_dir) {
  std::error_code ec;
  if (!fs::is_directory(data_dir, ec)) throw InputError(data_dir + ": no such data directory");
  Cards cards;
  for (const std::string& rel : card_files(data_dir)) {
    const YAML::Node document = yml::load_document((fs::path(data_dir) / rel).string());
    if (!document.IsMap()) continue;
    for (const auto& top : document) {
      if (!top.second.IsSequence()) continue;
      for (const YAML::Node& item : top.second) {
        if (!item.IsMap() || !item["id"] || !item["id"].IsScalar()) continue;
        cards.by_id.emplace(item["id"].Scalar(), item);
      }
    }
  }
  for (const auto& [id, node] : cards.by_id) cards.ids.push_back(id);
  return cards;
}

// The node at the dotted `field` of `card`, or a null node with `why` saying which step is
// missing.
YAML::Node node_at(const YAML::Node& card, const std::string& field, std::string& why) {
  YAML::Node cur = card;
  std::string done;
  for (const std::string& step : path_steps(field)) {
    const YAML::Node& c = cur;
    size_t index = 0;
    if (c.IsMap()) {
      if (!c[step]) {
        why = done.empty() ? "the card has no field '" + step + "'" : "'" + done + "' has no key '" + step + "'";
        return YAML::Node(YAML::NodeType::Undefined);
      }
      const YAML::Node next = c[step];
      cur.reset(next);
    } else if (c.IsSequence()) {
      if (!to_index(step, index) || index >= c.size()) {
        why = fmt::format("'{}' is a list of {} item{}: give an index from 0 to {}, not '{}'", done, c.size(),
                          c.size() == 1 ? "" : "s", c.size() == 0 ? 0 : c.size() - 1, step);
        return YAML::Node(YAML::NodeType::Undefined);
      }
      const YAML::Node next = c[index];
      cur.reset(next);
    } else {
      why = "'" + done + "' is " + yml::describe(c) + ", not a map or a list: the path ends there";
      return YAML::Node(YAML::NodeType::Undefined);
    }
    done += (done.empty() ? "" : ".") + step;
  }
  return cur;
}

// The card's top-level field of `field` with the numbers of `values` set: each {steps after
// the first, value}. Returns a fresh node.
YAML::Node with_numbers(const YAML::Node& top, const std::vector<std::pair<std::vector<std::string>, int>>& values) {
  YAML::Node out = YAML::Clone(top);
  for (const auto& [steps, value] : values) {
    if (steps.empty()) {
      out = YAML::Node(value);
      continue;
    }
    YAML::Node cur = out;
    for (size_t i = 0; i + 1 < steps.size(); ++i) {
      size_t index = 0;
      YAML::Node next = cur.IsSequence() && to_index(steps[i], index) ? cur[index] : cur[steps[i]];
      cur.reset(next);
    }
    size_t index = 0;
    if (cur.IsSequence() && to_index(steps.back(), index)) {
      cur[index] = value;
    } else {
      cur[steps.back()] = value;
    }
  }
  return out;
}

// A number of the tune file: a whole or decimal scalar.
double read_number(const yml::Reader& reader, const YAML::Node& node, const std::string& path) {
  double value = 0;
  const std::string text = node.IsScalar() ? node.Scalar() : "";
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (!node.IsScalar() || text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
    reader.fail(node, path, "expected a number, got " + yml::describe(node));
  }
  return value;
}

// A band edge: 0, 100, or in [1, 99] (so that the SPRT's Elo bounds stay finite).
void check_band(const yml::Reader& reader, const YAML::Node& node, const std::string& path, double low, double high) {
  if (!(0 <= low && low < high && high <= 100)) {
    reader.fail(node, path, fmt::format("the band [{:g}, {:g}] must satisfy 0 <= low < high <= 100 (percent)", low, high));
  }
  if (low == 0 && high == 100) reader.fail(node, path, "the band [0, 100] holds every score: nothing to tune");
  if ((low > 0 && low < 1) || (high > 99 && high < 100)) {
    reader.fail(node, path, fmt::format("the band [{:g}, {:g}]: an edge is 0, 100 or from 1 to 99", low, high));
  }
}

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

void write_text(const std::string& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file << text;
  if (!file) throw InputError(path + ": cannot write file");
}

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

TuneSpec read_tune_file(const std::string& path, const std::string& data_dir) {
  const Cards cards = load_cards(data_dir);
  TuneSpec spec;
  spec.file = path;
  yml::read_document(path, [&](const YAML::Node& document) {
    yml::Reader reader(path);
    if (!document.IsMap()) {
      reader.fail(document, "", "a tune file is a map with the keys parameters and target (docs/formats.md, \"Tune file\"), got " + yml::describe(document));
    }
    const std::vector<yml::Field> top = reader.fields(document, "", {"parameters", "target"});
    const yml::Field* parameters = yml::find(top, "parameters");
    const yml::Field* target = yml::find(top, "target");
    if (parameters == nullptr) reader.fail(document, "", "no parameters: give the numbers to tune, e.g. parameters: [{card: ID, field: attack, min: 1, max: 6}]");
    if (target == nullptr) reader.fail(document, "", "no target: give e.g. target: {field: [45, 55]}");
    reader.need_list(parameters->value, "parameters");
    std::map<std::pair<std::string, std::string>, int> seen;
    for (size_t i = 0; i < parameters->value.size(); ++i) {
      const YAML::Node item = parameters->value[i];
      const std::string where = yml::item("parameters", i);
      if (!item.IsMap()) reader.fail(item, where, "expected a map {card: ID, field: NAME, min: N, max: N}, got " + yml::describe(item));
      const std::vector<yml::Field> fields = reader.fields(item, where, {"card", "field", "min", "max"});
      for (const char* key : {"card", "field", "min", "max"}) {
        if (yml::find(fields, key) == nullptr) reader.fail(item, where, std::string("no ") + key + " given (a parameter has card, field, min and max)");
      }
      TuneParameter p;
      p.line = reader.line_of(item);
      const yml::Field& card = *yml::find(fields, "card");
      const yml::Field& field = *yml::find(fields, "field");
      p.card = reader.text(card.value, yml::sub(where, "card"));
      p.field = reader.text(field.value, yml::sub(where, "field"));
      p.min = reader.integer(yml::find(fields, "min")->value, yml::sub(where, "min"), -1'000'000, 1'000'000);
      p.max = reader.integer(yml::find(fields, "max")->value, yml::sub(where, "max"), -1'000'000, 1'000'000);
      if (p.min >= p.max) reader.fail(item, where, fmt::format("min {} must be below max {}", p.min, p.max));
      if (p.max - p.min > kMaxRange) reader.fail(item, where, fmt::format("the range {}..{} is wider than {}", p.min, p.max, kMaxRange));
      const auto found = cards.by_id.find(p.card);
      if (found == cards.by_id.end()) {
        reader.fail(card.value, yml::sub(where, "card"), "no card '" + p.card + "' in " + data_dir + yml::did_you_mean(p.card, cards.ids));
      }
      std::string why;
      const YAML::Node number = node_at(found->second, p.field, why);
      if (!number.IsDefined()) reader.fail(field.value, yml::sub(where, "field"), "card '" + p.card + "': " + why);
      if (!yml::to_int(number, p.original)) {
        reader.fail(field.value, yml::sub(where, "field"),
                    "card '" + p.card + "': " + p.field + " is " + yml::describe(number) + ", not a whole number");
      }
      const auto [it, fresh] = seen.emplace(std::make_pair(p.card, p.field), p.line);
      if (!fresh) reader.fail(item, where, fmt::format("card '{}' field '{}' is tuned twice (first at line {})", p.card, p.field, it->second));
      spec.parameters.push_back(std::move(p));
    }

    TuneTarget& t = spec.target;
    const YAML::Node& tv = target->value;
    t.line = reader.line_of(target->key_node);
    if (!tv.IsMap()) reader.fail(tv, "target", "expected {field: [LOW, HIGH]} or {matchup: [A, B], score: S, within: W}, got " + yml::describe(tv));
    const std::vector<yml::Field> tf = reader.fields(tv, "target", {"field", "matchup", "score", "within"});
    const yml::Field* field = yml::find(tf, "field");
    const yml::Field* matchup = yml::find(tf, "matchup");
    if ((field == nullptr) == (matchup == nullptr)) {
      reader.fail(tv, "target", "give one of field: [LOW, HIGH] (every deck against the field) or matchup: [A, B] with score and within");
    }
    if (field != nullptr) {
      if (tf.size() != 1) reader.fail(tv, "target", "a field target is only field: [LOW, HIGH]; score and within belong to a matchup");
      if (!field->value.IsSequence() || field->value.size() != 2) {
        reader.fail(field->value, "target.field", "expected [LOW, HIGH] in percent, e.g. [45, 55], got " + yml::describe(field->value));
      }
      t.kind = TuneTarget::Kind::kField;
      t.low = read_number(reader, field->value[0], "target.field");
      t.high = read_number(reader, field->value[1], "target.field");
      check_band(reader, field->value, "target.field", t.low, t.high);
    } else {
      if (!matchup->value.IsSequence() || matchup->value.size() != 2) {
        reader.fail(matchup->value, "target.matchup", "expected [A, B], two deck ids, got " + yml::describe(matchup->value));
      }
      t.kind = TuneTarget::Kind::kMatchup;
      t.deck_a = reader.text(matchup->value[0], "target.matchup");
      t.deck_b = reader.text(matchup->value[1], "target.matchup");
      if (t.deck_a == t.deck_b) reader.fail(matchup->value, "target.matchup", "a matchup is two different decks");
      const yml::Field* score = yml::find(tf, "score");
      const yml::Field* within = yml::find(tf, "within");
      if (score == nullptr || within == nullptr) reader.fail(tv, "target", "a matchup target needs score (percent, A's) and within (points either side)");
      const double s = read_number(reader, score->value, "target.score");
      const double w = read_number(reader, within->value, "target.within");
      if (!(w > 0)) reader.fail(within->value, "target.within", "give a number of points above 0");
      t.low = std::max(0.0, s - w);
      t.high = std::min(100.0, s + w);
      check_band(reader, tv, "target", t.low, t.high);
    }
    return 0;
  });
  return spec;
}

std::string tune_patch_text(const TuneSpec& spec, const std::string& data_dir, const std::vector<int>& values,
                            bool only_changed, const std::string& comment) {
  if (values.size() != spec.parameters.size()) {
    throw InputError(fmt::format("{}: {} values for {} parameters", spec.file, values.size(), spec.parameters.size()));
  }
  const Cards cards = load_cards(data_dir);
  // card -> top-level field -> the numbers to set in it, in the tune file's order.
  std::vector<std::string> card_order;
  std::map<std::string, std::vector<std::string>> field_order;
  std::map<std::pair<std::string, std::string>, std::vector<std::pair<std::vector<std::string>, int>>> numbers;
  for (size_t i = 0; i < spec.parameters.size(); ++i) {
    const TuneParameter& p = spec.parameters[i];
    if (only_changed && values[i] == p.original) continue;
    std::vector<std::string> steps = path_steps(p.field);
    const std::string top = steps.front();
    steps.erase(steps.begin());
    if (field_order.count(p.card) == 0) card_order.push_back(p.card);
    auto& fields = field_order[p.card];
    if (std::find(fields.begin(), fields.end(), top) == fields.end()) fields.push_back(top);
    numbers[{p.card, top}].emplace_back(std::move(steps), values[i]);
  }
  std::string out;
  for (size_t start = 0; start < comment.size();) {
    const size_t end = comment.find('\n', start);
    out += "# " + comment.substr(start, end == std::string::npos ? std::string::npos : end - start) + "\n";
    if (end == std::string::npos) break;
    start = end + 1;
  }
  if (card_order.empty()) return out + "cards: {}\n";
  YAML::Emitter emitter;
  emitter << YAML::BeginMap << YAML::Key << "cards" << YAML::Value << YAML::BeginMap;
  for (const std::string& card : card_order) {
    const auto found = cards.by_id.find(card);
    if (found == cards.by_id.end()) throw InputError(spec.file + ": card '" + card + "' is no longer in " + data_dir);
    emitter << YAML::Key << card << YAML::Value << YAML::BeginMap;
    for (const std::string& top : field_order[card]) {
      std::string why;
      const YAML::Node original = node_at(found->second, top, why);
      if (!original.IsDefined()) throw InputError(spec.file + ": card '" + card + "': " + why);
      YAML::Node value = with_numbers(original, numbers[{card, top}]);
      value.SetStyle(YAML::EmitterStyle::Flow);
      emitter << YAML::Key << top << YAML::Value << value;
    }
    emitter << YAML::EndMap;
  }
  emitter << YAML::EndMap << YAML::EndMap;
  return out + emitter.c_str() + "\n";
}

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
    write_text(patch_path, tune_patch_text(spec, data_dir, values, /*only_changed=*/false, "candidate of " + spec.file));
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

namespace {

std::string score_text(const TuneScore& s) {
  if (s.games == 0) return "-";
  return fmt::format("{:.1f}% [{:.1f}, {:.1f}]", 100 * s.score.rate, 100 * s.score.low, 100 * s.score.high);
}

std::string target_text(const TuneTarget& t) {
  if (t.kind == TuneTarget::Kind::kField) return fmt::format("every deck's score against the field in [{:g}, {:g}]%", t.low, t.high);
  return fmt::format("{}'s score against {} in [{:g}, {:g}]%", t.deck_a, t.deck_b, t.low, t.high);
}

nlohmann::json score_json(const TuneScore& s) {
  return {{"games", s.games}, {"wins", s.wins}, {"draws", s.draws}, {"score", s.score.rate}, {"low95", s.score.low}, {"high95", s.score.high}};
}

const char* decision_name(SprtDecision d) {
  return d == SprtDecision::kH1 ? "H1" : d == SprtDecision::kH0 ? "H0" : "inconclusive";
}

}  // namespace

std::vector<std::string> tune_summary_lines(const TuneResult& r) {
  std::vector<std::string> lines;
  const TuneEvaluation& before = r.evaluations.front();
  const TuneEvaluation& after = r.evaluations[static_cast<size_t>(r.best)];
  int repeated = 0;
  for (const TuneEvaluation& e : r.evaluations) repeated += e.repeated ? 1 : 0;
  lines.push_back(fmt::format("tune {} of {} by {}: target {}", r.spec.parameters.size() == 1 ? "1 number" : fmt::format("{} numbers", r.spec.parameters.size()),
                              r.config.game, r.spec.file, target_text(r.spec.target)));
  lines.push_back(fmt::format("search: {} evaluations ({} repeated, no games), {} games per pair of decks on the same seeds (seed {}), {} games",
                              r.evaluations.size(), repeated, r.config.games, r.config.seed, r.search_games));
  lines.push_back(fmt::format("loss: {:.3f} before, {:.3f} after (evaluation {})", before.loss, after.loss, after.index));
  if (r.changes.empty()) {
    lines.push_back("proposed changes: none (the original values are the best found)");
  } else {
    lines.push_back("proposed changes:");
    for (const CardChange& c : r.changes) lines.push_back(fmt::format("  {} {}: {} -> {}", c.card, c.field, c.before, c.after));
  }
  size_t width = 4;
  for (const std::string& d : r.decks) width = std::max(width, d.size());
  lines.push_back("");
  lines.push_back(fmt::format("{:<{}}  {:<24} {:<24} {}", "deck", width, "before (search seeds)", "after (search seeds)", "after (fresh seeds)"));
  for (size_t d = 0; d < r.decks.size(); ++d) {
    lines.push_back(fmt::format("{:<{}}  {:<24} {:<24} {:<24}", r.decks[d], width, score_text(before.scores[d]),
                                score_text(after.scores[d]),
                                d < r.confirmation.scores.size() ? score_text(r.confirmation.scores[d]) : "-"));
    while (!lines.back().empty() && lines.back().back() == ' ') lines.back().pop_back();
  }
  lines.push_back("");
  const TuneConfirmation& c = r.confirmation;
  lines.push_back(fmt::format("confirmation on fresh seeds: {}; games: {} search + {} confirmation = {}", tune_decision_text(c),
                              r.search_games, c.games, r.search_games + c.games));
  for (const TuneSideTest& t : c.tests) {
    lines.push_back(fmt::format("  {} {}: H0 score {} {:g}% vs H1 {:g}%: LLR {:+.2f} [{:.2f}, {:.2f}] -> {}", t.deck, t.side,
                                t.side == "low" ? "<=" : ">=", t.edge, t.inner, t.llr, t.bounds.lower, t.bounds.upper,
                                decision_name(t.decision)));
  }
  return lines;
}

nlohmann::json tune_to_json(const TuneResult& r) {
  nlohmann::json j;
  j["game"] = r.config.game;
  j["data"] = r.config.data_dir;
  j["deck_dir"] = r.config.deck_dir;
  j["tune_file"] = r.spec.file;
  j["players"] = r.config.players;
  j["seed"] = r.config.seed;
  j["budget"] = r.config.budget;
  j["games_per_pair"] = r.config.games;
  const TuneTarget& t = r.spec.target;
  j["target"] = {{"kind", t.kind == TuneTarget::Kind::kField ? "field" : "matchup"}, {"low", t.low}, {"high", t.high}};
  if (t.kind == TuneTarget::Kind::kMatchup) j["target"]["matchup"] = {t.deck_a, t.deck_b};
  const TuneEvaluation& best = r.evaluations[static_cast<size_t>(r.best)];
  j["parameters"] = nlohmann::json::array();
  for (size_t i = 0; i < r.spec.parameters.size(); ++i) {
    const TuneParameter& p = r.spec.parameters[i];
    j["parameters"].push_back({{"card", p.card}, {"field", p.field}, {"min", p.min}, {"max", p.max}, {"before", p.original}, {"after", best.values[i]}});
  }
  j["decks"] = r.decks;
  j["evaluations"] = nlohmann::json::array();
  for (const TuneEvaluation& e : r.evaluations) {
    nlohmann::json scores = nlohmann::json::array();
    for (const TuneScore& s : e.scores) scores.push_back(s.score.rate);
    j["evaluations"].push_back({{"index", e.index}, {"values", e.values}, {"scores", scores}, {"loss", e.loss}, {"best_loss", e.best_loss}, {"repeated", e.repeated}});
  }
  j["best"] = r.best;
  j["changes"] = nlohmann::json::array();
  for (const CardChange& c : r.changes) j["changes"].push_back({{"card", c.card}, {"field", c.field}, {"before", c.before}, {"after", c.after}});
  j["patch"] = r.patch;
  j["table"] = nlohmann::json::array();
  for (size_t d = 0; d < r.decks.size(); ++d) {
    j["table"].push_back({{"deck", r.decks[d]},
                          {"before", score_json(r.evaluations.front().scores[d])},
                          {"after", score_json(best.scores[d])},
                          {"confirmation", d < r.confirmation.scores.size() ? score_json(r.confirmation.scores[d]) : nlohmann::json()}});
  }
  const TuneConfirmation& c = r.confirmation;
  nlohmann::json tests = nlohmann::json::array();
  for (const TuneSideTest& s : c.tests) {
    tests.push_back({{"deck", s.deck}, {"side", s.side}, {"h0", s.edge}, {"h1", s.inner}, {"llr", s.llr},
                     {"lower", s.bounds.lower}, {"upper", s.bounds.upper}, {"decision", decision_name(s.decision)}});
  }
  j["confirmation"] = {{"decision", c.decision == SprtDecision::kH1 ? "in band" : c.decision == SprtDecision::kH0 ? "out of band" : "inconclusive"},
                       {"decision_text", tune_decision_text(c)}, {"games", c.games}, {"alpha", r.config.alpha},
                       {"beta", r.config.beta}, {"max_games", r.config.confirm_games}, {"tests", tests}};
  j["games"] = {{"search", r.search_games}, {"confirmation", c.games}, {"total", r.search_games + c.games}};
  return j;
}

std::string tune_svg(const TuneResult& r) {
  const double width = 640, height = 360, left = 60, right = 20, top = 50, bottom = 50;
  const double plot_w = width - left - right, plot_h = height - top - bottom;
  double y_max = 0;
  for (const TuneEvaluation& e : r.evaluations) y_max = std::max(y_max, std::sqrt(e.loss));
  y_max = y_max <= 0 ? 1 : y_max * 1.05;
  const size_t count = r.evaluations.size();
  auto x_at = [&](size_t i) { return left + (count <= 1 ? plot_w / 2 : plot_w * static_cast<double>(i) / static_cast<double>(count - 1)); };
  auto y_at = [&](double loss) { return top + plot_h * (1 - std::sqrt(loss) / y_max); };
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\">\n"
      "<rect width=\"{0}\" height=\"{1}\" fill=\"white\"/>\n"
      "<text x=\"10\" y=\"20\" font-size=\"14\">rise lab tune {2}: distance from the target by evaluation</text>\n"
      "<text x=\"10\" y=\"38\" font-size=\"11\" fill=\"#444444\">{3} evaluations, {4} games per pair, seed {5}; dots: each "
      "candidate, line: best so far</text>\n",
      width, height, r.config.game, count, r.config.games, r.config.seed);
  out += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"black\"/>\n", left, top, top + plot_h);
  out += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"black\"/>\n", left, top + plot_h, left + plot_w);
  for (int k = 0; k <= 4; ++k) {
    const double v = y_max * k / 4;
    const double y = top + plot_h * (1 - static_cast<double>(k) / 4);
    out += fmt::format("<text x=\"{}\" y=\"{:.1f}\" font-size=\"10\" text-anchor=\"end\">{:.1f}</text>\n", left - 4, y + 3, v);
  }
  out += fmt::format("<text x=\"14\" y=\"{:.1f}\" font-size=\"11\" transform=\"rotate(-90 14 {:.1f})\" text-anchor=\"middle\">"
                     "distance (points, sqrt of the loss)</text>\n", top + plot_h / 2, top + plot_h / 2);
  out += fmt::format("<text x=\"{:.1f}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">evaluation (0: the original cards)</text>\n",
                     left + plot_w / 2, height - 12);
  out += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\">0</text>\n", x_at(0), top + plot_h + 14);
  if (count > 1) {
    out += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\">{}</text>\n", x_at(count - 1), top + plot_h + 14, count - 1);
  }
  std::string line;
  for (size_t i = 0; i < count; ++i) line += fmt::format("{}{:.1f},{:.1f}", i ? " " : "", x_at(i), y_at(r.evaluations[i].best_loss));
  out += "<polyline fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"2\" points=\"" + line + "\"/>\n";
  for (size_t i = 0; i < count; ++i) {
    const TuneEvaluation& e = r.evaluations[i];
    out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"{}\"><title>evaluation {}: loss {:.3f}{}</title></circle>\n",
                       x_at(i), y_at(e.loss), static_cast<int>(i) == r.best ? "#d03030" : e.repeated ? "#bbbbbb" : "#333333", i,
                       e.loss, e.repeated ? " (repeated)" : "");
  }
  out += "</svg>\n";
  return out;
}

void write_tune_patch(const std::string& path, const TuneResult& result) { write_text(path, result.patch); }

void write_tune_svg(const std::string& path, const TuneResult& result) { write_text(path, tune_svg(result)); }

}  // namespace rise::lab
