#include "rise/ai/player.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "rise/ai/greedy.h"
#include "rise/ai/ismcts.h"
#include "rise/ai/mcts.h"
#include "rise/ai/network.h"
#include "rise/ai/random_player.h"
#include "rise/core/error.h"
#include "rise/core/text.h"

namespace rise::ai {

PlayerSpec parse_player_spec(const std::string& text) {
  PlayerSpec spec;
  auto colon = text.find(':');
  spec.kind = text.substr(0, colon);
  if (spec.kind.empty()) throw InputError("player spec '" + text + "' has no kind (e.g. mcts:iters=2000)");
  if (colon == std::string::npos) return spec;
  std::string rest = text.substr(colon + 1);
  size_t start = 0;
  while (start <= rest.size()) {
    size_t comma = rest.find(',', start);
    std::string item = rest.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw InputError("player spec '" + text + "': setting '" + item + "' must be written key=value");
    }
    if (!spec.settings.emplace(item.substr(0, eq), item.substr(eq + 1)).second) {
      throw InputError("player spec '" + text + "': setting '" + item.substr(0, eq) + "' is given twice");
    }
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return spec;
}

int64_t setting_int(const PlayerSpec& spec, const std::string& key, int64_t fallback, int64_t min,
                    int64_t max) {
  auto it = spec.settings.find(key);
  if (it == spec.settings.end()) return fallback;
  const std::string& s = it->second;
  const std::optional<int64_t> value = parse_integer(s);
  if (!value || *value < min || *value > max) {
    throw InputError(spec.kind + ": setting " + key + "=" + s + " must be an integer in [" +
                     std::to_string(min) + ", " + std::to_string(max) + "]");
  }
  return *value;
}

double setting_double(const PlayerSpec& spec, const std::string& key, double fallback, double min,
                      double max) {
  auto it = spec.settings.find(key);
  if (it == spec.settings.end()) return fallback;
  const std::string& s = it->second;
  double value = 0;
  size_t used = 0;
  try {
    value = std::stod(s, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != s.size() || s.empty() || !(value >= min && value <= max)) {
    auto shown = [](double v) {
      std::ostringstream out;
      out << v;
      return out.str();
    };
    throw InputError(spec.kind + ": setting " + key + "=" + s + " must be a number in [" + shown(min) + ", " +
                     shown(max) + "]");
  }
  return value;
}

namespace {

void reject_unknown(const PlayerSpec& spec, std::initializer_list<const char*> known) {
  for (const auto& [key, value] : spec.settings) {
    bool ok = false;
    for (const char* k : known) ok = ok || key == k;
    if (!ok) {
      std::string list;
      for (const char* k : known) list += (list.empty() ? "" : ", ") + std::string(k);
      throw InputError(spec.kind + ": unknown setting '" + key + "'" +
                       (list.empty() ? " (it takes none)" : " (settings: " + list + ")"));
    }
  }
}

// The `net` setting: "" when absent; "default" (the game's shipped network, found and
// checked at the first search, which knows the game); or a weights file, read and checked
// now so that a bad file is refused before any game starts (network.h).
std::string setting_net(const PlayerSpec& spec) {
  auto it = spec.settings.find("net");
  if (it == spec.settings.end()) return "";
  if (it->second.empty()) throw InputError(spec.kind + ": setting net= needs 'default' or a weights file");
  if (it->second != "default") Network::load_cached(it->second);
  return it->second;
}

}  // namespace

void Player::set_move_time_limit(int64_t milliseconds) {
  if (milliseconds < 0) {
    throw std::invalid_argument("a move's time limit is at least 0 ms (0: none), not " + std::to_string(milliseconds));
  }
  move_time_limit_ms_ = milliseconds;
}

std::unique_ptr<Player> make_player(const std::string& text, uint64_t seed) {
  PlayerSpec spec = parse_player_spec(text);
  if (spec.kind == "random") {
    reject_unknown(spec, {});
    return std::make_unique<RandomPlayer>(seed);
  }
  if (spec.kind == "greedy") {
    reject_unknown(spec, {});
    return std::make_unique<GreedyPlayer>(seed);
  }
  if (spec.kind == "mcts") {
    reject_unknown(spec, {"iters", "ms", "c", "rollout", "nodes", "net", "puct"});
    MctsSettings s;
    s.iterations = setting_int(spec, "iters", s.iterations, 1, 100'000'000);
    s.milliseconds = setting_int(spec, "ms", s.milliseconds, 1, 3'600'000);
    s.exploration = setting_double(spec, "c", s.exploration, 0.0, 100.0);
    s.net = setting_net(spec);
    s.rollout = static_cast<int>(setting_int(spec, "rollout", s.net.empty() ? s.rollout : 0, 0, 100'000));
    s.max_nodes = setting_int(spec, "nodes", s.max_nodes, 1000, 200'000'000);
    s.puct = setting_double(spec, "puct", s.puct, 0.0, 100.0);
    return std::make_unique<MctsPlayer>(s, seed);
  }
  if (spec.kind == "ismcts") {
    reject_unknown(spec, {"iters", "ms", "c", "rollout", "nodes", "net", "puct"});
    IsmctsSettings s;
    s.iterations = setting_int(spec, "iters", s.iterations, 1, 100'000'000);
    s.milliseconds = setting_int(spec, "ms", s.milliseconds, 1, 3'600'000);
    s.exploration = setting_double(spec, "c", s.exploration, 0.0, 100.0);
    s.net = setting_net(spec);
    s.rollout = static_cast<int>(setting_int(spec, "rollout", s.net.empty() ? s.rollout : 0, 0, 100'000));
    s.max_nodes = setting_int(spec, "nodes", s.max_nodes, 1000, 200'000'000);
    s.puct = setting_double(spec, "puct", s.puct, 0.0, 100.0);
    return std::make_unique<IsmctsPlayer>(s, seed);
  }
  std::string kinds;
  for (const auto& [kind, help] : player_kinds()) kinds += (kinds.empty() ? "" : ", ") + kind;
  throw InputError("unknown computer player '" + spec.kind + "' (computer players: " + kinds + ")");
}

std::string default_player_spec(const GameInfo& info, int64_t iterations) {
  std::vector<std::string> settings;
  if (iterations > 0) settings.push_back("iters=" + std::to_string(iterations));
  if (std::ifstream(default_network_path(info.id))) settings.push_back("net=default");
  std::string spec = info.perfect_information ? "mcts" : "ismcts";
  for (size_t i = 0; i < settings.size(); ++i) spec += (i == 0 ? ":" : ",") + settings[i];
  return spec;
}

bool spec_reads_hidden_information(const std::string& spec) {
  return make_player(spec, 0)->reads_hidden_information();
}

std::vector<std::string> omniscient_players(const GameInfo& game, const std::vector<std::string>& specs) {
  std::vector<std::string> out;
  for (const std::string& spec : specs) {
    // Checked in a perfect-information game too: a bad spec is refused whatever the game.
    if (spec_reads_hidden_information(spec) && !game.perfect_information &&
        std::find(out.begin(), out.end(), spec) == out.end()) {
      out.push_back(spec);
    }
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> player_kinds() {
  return {
      {"random", "uniformly random legal actions"},
      {"greedy", "one-ply: the action whose result the game's evaluation likes best"},
      {"mcts", "UCT search; settings iters=N (default 4000), ms=N (time per move instead), "
               "c=X (exploration, 0.5), rollout=N (random actions before evaluation, 16), "
               "nodes=N (tree size limit, 2000000), net=default|FILE (a learned network values "
               "the leaves; rollout then defaults to 0), puct=X (with a network's policy head: "
               "PUCT selection with its prior, constant 1.5; 0: UCB1)"},
      {"ismcts", "information-set MCTS for hidden information: searches positions re-dealt "
                 "from what it can see; settings iters=N (default 1000), ms=N, c=X (0.7), "
                 "rollout=N (16), nodes=N (2000000), net=default|FILE (a learned network values the "
                 "leaves; rollout then defaults to 0), puct=X (with a network's policy head: PUCT "
                 "selection with its prior, constant 1.5; 0: the plain rule)"},
  };
}

}  // namespace rise::ai
