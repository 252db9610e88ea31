// Golden playthroughs: recorded games whose every state is compared line by line with a
// stored file, so that any change of behaviour (a rule, the notation, the JSON state)
// shows up as the first line that differs. After a deliberate change, rewrite the files
// with scripts/regen-golden and review the diff.
//
// File format: tests/golden/<game-id>/<name>.txt, one record per line, '\n' endings:
//
//   header: {"game":"rise-hex","options":{"turn_limit":"30"},"players":2,"prefer":[...],"seed":99}
//   state: <State::to_json().dump() of the initial state>
//   action: <notation of the first action>
//   state: <to_json().dump() after it>
//   ...                                   (an action line and a state line per action)
//   returns: [1.0,-1.0]                   (State::returns() of the last state, as JSON)
//
// The header holds what the game is started with (Game::new_initial_state(seed, options,
// players)) and how its actions were chosen: a rise::Rng seeded with `seed` picks, with
// probability 3/4, uniformly among the legal actions whose notation starts with a word in
// `prefer` (if any; this steers short random games towards captures and so towards a
// win), otherwise uniformly among all legal actions, until the game ends.
//
// The test reads the action lines, replays them from the initial state, rebuilds the whole
// text and compares it with the file line by line. With RISE_REGENERATE_GOLDEN=1 it
// rewrites each file instead: from its recorded actions while they are all still legal,
// otherwise by playing the game again from its seed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "rise/core/error.h"
#include "rise/core/game.h"
#include "rise/core/registry.h"
#include "rise/core/rng.h"
#include "rise/core/state.h"

namespace rise {
namespace {

namespace fs = std::filesystem;

// The recorded games. Chosen (by their seeds) to be short and to show the decisive
// situations of the game; their outcome is part of the recording, not of the test.
struct GoldenGame {
  std::string game;
  std::string file;  // under tests/golden/<game>/
  uint64_t seed;
  Options options;
  int players;
  std::vector<std::string> prefer;
  std::string about;
};

const std::vector<GoldenGame>& golden_games() {
  static const std::vector<GoldenGame> games = {
      {"rise-hex", "seed-99.txt", 99, {{"turn_limit", "30"}}, 2, {"jump", "eliminate", "sacrifice"},
       "red wins by elimination after a free placement, an eliminate and a final jump"},
      {"rise-hex", "seed-14.txt", 14, {{"turn_limit", "30"}}, 2, {"jump", "eliminate", "sacrifice"},
       "blue wins by jumping red's last worker after a free placement"},
      {"rise-hex", "seed-77.txt", 77, {{"turn_limit", "30"}}, 2, {"jump", "eliminate", "sacrifice"},
       "a draw when turn 30 ends, after two jumps in one turn"},
  };
  return games;
}

// How gtest names a parameter in its messages.
void PrintTo(const GoldenGame& g, std::ostream* os) { *os << g.game << "/" << g.file; }

fs::path golden_dir() { return fs::path(RISE_SOURCE_DIR) / "tests" / "golden"; }
fs::path file_of(const GoldenGame& g) { return golden_dir() / g.game / g.file; }

std::string header_of(const GoldenGame& g) {
  nlohmann::json header = {{"game", g.game}, {"options", g.options}, {"players", g.players},
                           {"prefer", g.prefer}, {"seed", g.seed}};
  return "header: " + header.dump();
}

std::unique_ptr<State> initial_state(const GoldenGame& g) {
  return find_game(g.game).new_initial_state(g.seed, g.options, g.players);
}

// The whole text of a recorded game, from its actions. Throws InputError naming the
// action (by index) that cannot be applied.
std::vector<std::string> render(const GoldenGame& g, const std::vector<std::string>& actions) {
  std::vector<std::string> lines = {header_of(g)};
  std::unique_ptr<State> state = initial_state(g);
  lines.push_back("state: " + state->to_json().dump());
  for (size_t i = 0; i < actions.size(); ++i) {
    apply_notation(*state, actions[i], "action " + std::to_string(i));
    lines.push_back("action: " + actions[i]);
    lines.push_back("state: " + state->to_json().dump());
  }
  lines.push_back("returns: " + nlohmann::json(state->returns()).dump());
  return lines;
}

// Plays the game from its seed as the header describes.
std::vector<std::string> generate_actions(const GoldenGame& g) {
  std::unique_ptr<State> state = initial_state(g);
  const std::set<std::string> prefer(g.prefer.begin(), g.prefer.end());
  Rng rng(g.seed);
  std::vector<std::string> actions;
  std::vector<Action> legal, preferred;
  while (!state->is_terminal()) {
    if (actions.size() > 10000) throw InputError(g.file + ": the generated game does not end");
    state->legal_actions(legal);
    preferred.clear();
    for (Action a : legal) {
      const std::string text = state->action_to_string(a);
      if (prefer.count(text.substr(0, text.find(' ')))) preferred.push_back(a);
    }
    Action chosen;
    if (!preferred.empty() && rng.below(4) != 0) {
      chosen = preferred[rng.below(preferred.size())];
    } else {
      chosen = legal[rng.below(legal.size())];
    }
    actions.push_back(state->action_to_string(chosen));
    state->apply_action(chosen);
  }
  return actions;
}

std::vector<std::string> read_lines(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

std::vector<std::string> recorded_actions(const std::vector<std::string>& lines) {
  const std::string prefix = "action: ";
  std::vector<std::string> actions;
  for (const std::string& line : lines) {
    if (line.rfind(prefix, 0) == 0) actions.push_back(line.substr(prefix.size()));
  }
  return actions;
}

bool regenerating() {
  const char* value = std::getenv("RISE_REGENERATE_GOLDEN");
  return value != nullptr && std::string(value) == "1";
}

// Rewrites one file: from its recorded actions if they all still apply, otherwise from
// its seed. Returns what was done.
std::string regenerate(const GoldenGame& g) {
  const fs::path path = file_of(g);
  std::vector<std::string> lines;
  std::string how;
  try {
    if (!fs::exists(path)) throw InputError("no file yet");
    lines = render(g, recorded_actions(read_lines(path)));
    how = "rewritten from its recorded actions";
  } catch (const InputError& e) {
    lines = render(g, generate_actions(g));
    how = std::string("played again from seed ") + std::to_string(g.seed) + " (" + e.what() + ")";
  }
  fs::create_directories(path.parent_path());
  const fs::path temporary = path.string() + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    for (const std::string& line : lines) out << line << '\n';
    if (!out) throw std::runtime_error(temporary.string() + ": cannot write");
  }
  fs::rename(temporary, path);
  return path.string() + ": " + how + ", " + std::to_string(recorded_actions(lines).size()) + " actions";
}

// The index of the first line where `file` and `expected` differ (a missing line counts
// as different), or npos if they are the same.
size_t first_difference(const std::vector<std::string>& file, const std::vector<std::string>& expected) {
  for (size_t i = 0; i < std::max(file.size(), expected.size()); ++i) {
    if (i >= file.size() || i >= expected.size() || file[i] != expected[i]) return i;
  }
  return std::string::npos;
}

class Golden : public testing::TestWithParam<GoldenGame> {};

TEST_P(Golden, EveryStateMatchesTheRecording) {
  const GoldenGame& g = GetParam();
  const fs::path path = file_of(g);
  if (regenerating()) {
    std::printf("%s\n", regenerate(g).c_str());
    return;
  }
  ASSERT_TRUE(fs::exists(path)) << path << " is missing: run scripts/regen-golden";
  const std::vector<std::string> file = read_lines(path);
  std::vector<std::string> expected;
  try {
    expected = render(g, recorded_actions(file));
  } catch (const InputError& e) {
    FAIL() << path.string() << ": a recorded action no longer applies: " << e.what()
           << "\n(if the rules changed on purpose, run scripts/regen-golden)";
  }
  const size_t i = first_difference(file, expected);
  if (i != std::string::npos) {
    const std::string have = i < file.size() ? file[i] : "";
    const std::string want = i < expected.size() ? expected[i] : "";
    size_t column = 0;
    while (column < have.size() && column < want.size() && have[column] == want[column]) ++column;
    FAIL() << path.string() << ":" << i + 1 << ":" << column + 1
           << ": first line that differs from the engine's replay (from column " << column + 1 << ")"
           << "\n  file:   " << (i < file.size() ? file[i] : "<end of file>")
           << "\n  engine: " << (i < expected.size() ? expected[i] : "<end of file>")
           << "\n(if the change is deliberate, run scripts/regen-golden and review the diff)";
  }
}

// A golden game is recorded to its end: its actions finish the game and its last line is
// the outcome.
TEST_P(Golden, RecordingEndsTheGame) {
  if (regenerating()) GTEST_SKIP() << "regenerating";
  const GoldenGame& g = GetParam();
  const std::vector<std::string> file = read_lines(file_of(g));
  ASSERT_FALSE(file.empty());
  EXPECT_EQ(file.back().rfind("returns: ", 0), 0u) << file.back();
  std::unique_ptr<State> state = initial_state(g);
  for (const std::string& text : recorded_actions(file)) apply_notation(*state, text, "recorded action");
  EXPECT_TRUE(state->is_terminal());
}

std::string golden_name(const testing::TestParamInfo<GoldenGame>& info) {
  std::string name = info.param.game + "_" + info.param.file.substr(0, info.param.file.rfind('.'));
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Recorded, Golden, testing::ValuesIn(golden_games()), golden_name);

// Every file under tests/golden is one of the games above, so none goes unchecked.
TEST(GoldenFiles, EveryFileIsListed) {
  std::set<fs::path> listed;
  for (const GoldenGame& g : golden_games()) listed.insert(file_of(g));
  ASSERT_TRUE(fs::is_directory(golden_dir())) << golden_dir();
  for (const auto& entry : fs::recursive_directory_iterator(golden_dir())) {
    if (!entry.is_regular_file()) continue;
    EXPECT_TRUE(listed.count(entry.path())) << entry.path() << " is not listed in golden_test.cpp";
  }
}

// The comparison names the first differing line: a change to one state line, a missing
// last line or an extra line.
TEST(GoldenFiles, FirstDifferenceIsFound) {
  const GoldenGame& g = golden_games().front();
  const std::vector<std::string> file = read_lines(file_of(g));
  ASSERT_GT(file.size(), 4u);
  const std::vector<std::string> expected = render(g, recorded_actions(file));
  EXPECT_EQ(first_difference(file, expected), std::string::npos);
  std::vector<std::string> changed = file;
  changed[3].back() = changed[3].back() == '}' ? ']' : '}';
  EXPECT_EQ(first_difference(changed, expected), 3u);
  changed = file;
  changed.pop_back();
  EXPECT_EQ(first_difference(changed, expected), file.size() - 1);
  changed = file;
  changed.push_back("");
  EXPECT_EQ(first_difference(changed, expected), file.size());
}

}  // namespace
}  // namespace rise
