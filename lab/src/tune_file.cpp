// The tune file of `rise lab tune` (docs/formats.md, "Tune file") and the patch of a
// candidate's numbers (read_tune_file, tune_patch_text; tune.h).
#include "rise/lab/tune.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>

#include "rise/cardgame/yaml_fields.h"
#include "rise/core/error.h"
#include "rise/lab/card_patch.h"

namespace rise::lab {
namespace {

namespace fs = std::filesystem;
namespace yml = cardgame::yaml;

// The widest range of one parameter: the optimiser's integer grid stays small.
constexpr int kMaxRange = 10000;

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
}  // namespace rise::lab
