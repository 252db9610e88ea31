#include "rise/core/game.h"

#include <algorithm>

#include "rise/core/error.h"
#include "rise/core/text.h"

namespace rise {

Options Game::resolve_options(const Options& given) const {
  const GameInfo& gi = info();
  Options resolved;
  for (const OptionSpec& spec : gi.options) resolved[spec.name] = spec.default_value;
  for (const auto& [name, value] : given) {
    auto spec = std::find_if(gi.options.begin(), gi.options.end(),
                             [&name = name](const OptionSpec& s) { return s.name == name; });
    if (spec == gi.options.end()) {
      std::string known;
      for (const OptionSpec& s : gi.options) known += (known.empty() ? "" : ", ") + s.name;
      throw InputError("unknown option '" + name + "' for " + gi.id +
                       " (options: " + (known.empty() ? "none" : known) + ")");
    }
    if (!spec->allowed_values.empty() &&
        std::find(spec->allowed_values.begin(), spec->allowed_values.end(), value) ==
            spec->allowed_values.end()) {
      std::string allowed;
      for (const auto& v : spec->allowed_values) allowed += (allowed.empty() ? "" : ", ") + v;
      throw InputError("option " + name + "=" + value + " is not allowed for " + gi.id +
                       " (allowed: " + allowed + ")");
    }
    resolved[name] = value;
  }
  return resolved;
}

nlohmann::json Game::catalog_json(const Options& /*options*/) const {
  return nlohmann::json::object();
}

std::vector<std::string> Game::card_warnings(const std::string& /*data_dir*/) const { return {}; }

std::string Game::cards_listing(const std::string& /*data_dir*/) const {
  throw InputError(info().id + " has no cards");
}

std::string Game::card_text(const std::string& /*data_dir*/, const std::string& /*id*/) const {
  throw InputError(info().id + " has no cards");
}

std::string Game::card_explanation(const std::string& /*data_dir*/, const std::string& /*id*/) const {
  throw InputError(info().id + " has no cards");
}

std::unique_ptr<State> Game::new_sandbox_state(uint64_t /*seed*/, const Options& /*options*/,
                                              int /*num_players*/) const {
  throw InputError(info().id + " has no sandbox yet (the card games have one)");
}

HeroStanding Game::hero_standing(int /*points*/) const { throw InputError(info().id + " has no heroes"); }

int Game::hero_points_needed(int /*level*/) const { throw InputError(info().id + " has no heroes"); }

std::vector<DeckCheck> Game::check_decks(const std::string& /*data_dir*/, const std::vector<std::string>& /*decks*/,
                                         const std::string& /*hero_spec*/, const std::string& /*hero_where*/) const {
  throw InputError(info().id + " has no cards");
}


void label_option(GameInfo& info, const std::string& name, std::string label, std::vector<std::string> value_labels) {
  auto it = std::find_if(info.options.begin(), info.options.end(), [&](const OptionSpec& o) { return o.name == name; });
  RISE_CHECK(it != info.options.end(), info.id + " has no option " + name + " to label");
  RISE_CHECK(value_labels.empty() || value_labels.size() == it->allowed_values.size(),
             info.id + ": option " + name + " needs one label per allowed value");
  it->label = std::move(label);
  it->value_labels = std::move(value_labels);
}

size_t LearningSpec::observation_size() const {
  if (observation_shape.empty()) return 0;
  size_t n = 1;
  for (int d : observation_shape) n *= static_cast<size_t>(d);
  return n;
}

Options solo_options(const GameInfo& info) {
  const size_t eq = info.solo_option.find('=');
  if (eq == std::string::npos) return {};
  return {{info.solo_option.substr(0, eq), info.solo_option.substr(eq + 1)}};
}

namespace {

// Whether the resolved options select the game's solo mode (never when it has none, nor
// when its solo_option is not "name=value").
bool solo_selected(const GameInfo& info, const Options& resolved) {
  const Options solo = solo_options(info);
  if (solo.empty()) return false;
  for (const auto& [name, value] : solo) {
    auto it = resolved.find(name);
    if (it == resolved.end() || it->second != value) return false;
  }
  return true;
}

}  // namespace

int default_seats(const GameInfo& info, const Options& resolved) {
  return solo_selected(info, resolved) ? 1 : info.min_players;
}

bool seats_allowed(const GameInfo& info, const Options& resolved, int seats) {
  if (solo_selected(info, resolved)) return seats == 1;
  return seats >= info.min_players && seats <= info.max_players;
}

void check_seats(const GameInfo& info, const Options& resolved, int seats) {
  if (seats_allowed(info, resolved, seats)) return;
  const std::string got = ", not " + std::to_string(seats);
  if (solo_selected(info, resolved)) {
    throw InputError(info.id + " with --option " + info.solo_option + " is played by 1 player" + got);
  }
  std::string range = info.min_players == info.max_players
                          ? "exactly " + std::to_string(info.min_players)
                          : std::to_string(info.min_players) + " to " + std::to_string(info.max_players);
  range += " players";
  if (!info.solo_option.empty()) range += " (or 1 with --option " + info.solo_option + ")";
  throw InputError(info.id + " is played by " + range + got);
}

LearningSpec Game::learning_spec(const Options& options, int num_players) const {
  check_seats(info(), resolve_options(options), num_players);
  return LearningSpec{};
}

int int_option(const Options& resolved, const std::string& name, int low, int high) {
  auto it = resolved.find(name);
  const std::string text = it == resolved.end() ? std::string() : it->second;
  const std::optional<int64_t> value = parse_integer(text);
  if (!value || *value < low || *value > high) {
    throw InputError("option " + name + "=" + text + " must be an integer in [" + std::to_string(low) + ", " +
                     std::to_string(high) + "]");
  }
  return static_cast<int>(*value);
}

}  // namespace rise
