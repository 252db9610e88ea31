// Unit tests of core/: Rng, json_io, Game::resolve_options, the registry, replays and
// scenarios. Replays and scenarios need a real game: they use rise-hex through its
// documented notation (docs/notation.md) and JSON state (docs/formats.md).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "rise/core/error.h"
#include "rise/core/game.h"
#include "rise/core/json_io.h"
#include "rise/core/registry.h"
#include "rise/core/replay.h"
#include "rise/core/rulebook.h"
#include "rise/core/forced_chance.h"
#include "rise/core/rng.h"
#include "rise/core/scenario.h"
#include "rise/core/text.h"

#include "test_files.h"

namespace rise {
namespace {

using nlohmann::json;

// The message of the InputError thrown by `f`, or a failure if it throws none.
template <typename F>
std::string input_error_of(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no InputError was thrown";
  return "";
}

// A fresh, empty directory for one test's files.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "rise-core-test-XXXXXX").string();
    char* made = mkdtemp(pattern.data());
    if (made == nullptr) std::abort();
    path_ = made;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

using rise::testing_files::read_text;
using rise::testing_files::write_text;

// ---------------------------------------------------------------------------------------
// Rng

// xoshiro256** and SplitMix64 written again from their published reference code
// (Blackman & Vigna, prng.di.unimi.it), independently of core/src/rng.cpp.
struct ReferenceXoshiro {
  std::array<uint64_t, 4> s;
  explicit ReferenceXoshiro(uint64_t seed) {
    uint64_t x = seed;
    for (auto& word : s) {
      uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      word = z ^ (z >> 31);
    }
  }
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t next() {
    const uint64_t result = rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
  }
};

TEST(Rng, SeedingIsSplitMix64) {
  // 0xe220a8397b1dcdaf and 0x6e789e6aa1b965f4 are the first two published SplitMix64
  // outputs for seed 0.
  EXPECT_EQ(Rng(0).to_hex(), "e220a8397b1dcdaf6e789e6aa1b965f406c45d188009454ff88bb8a8724c81ec");
}

TEST(Rng, FixedOutputsForFixedSeeds) {
  // Golden values computed once; a platform or library difference must fail here.
  const std::map<uint64_t, std::array<uint64_t, 4>> golden = {
      {0, {0x99ec5f36cb75f2b4ull, 0xbf6e1f784956452aull, 0x1a5f849d4933e6e0ull, 0x6aa594f1262d2d2cull}},
      {1, {0xb3f2af6d0fc710c5ull, 0x853b559647364ceaull, 0x92f89756082a4514ull, 0x642e1c7bc266a3a7ull}},
      {42, {0x15780b2e0c2ec716ull, 0x6104d9866d113a7eull, 0xae17533239e499a1ull, 0xecb8ad4703b360a1ull}},
      {0xFFFFFFFFFFFFFFFFull,
       {0x8f5520d52a7ead08ull, 0xc476a018caa1802dull, 0x81de31c0d260469eull, 0xbf658d7e065f3c2full}},
  };
  for (const auto& [seed, outputs] : golden) {
    Rng rng(seed);
    for (uint64_t expected : outputs) EXPECT_EQ(rng.next(), expected) << "seed " << seed;
  }
}

TEST(Rng, MatchesTheReferenceAlgorithm) {
  for (uint64_t seed : {0ull, 1ull, 7ull, 123456789ull, 0x8000000000000000ull}) {
    Rng rng(seed);
    ReferenceXoshiro reference(seed);
    for (int i = 0; i < 1000; ++i) ASSERT_EQ(rng.next(), reference.next()) << "seed " << seed << " draw " << i;
  }
}

TEST(Rng, FixedDrawsForFixedSeeds) {
  {
    Rng rng(7);
    std::vector<uint64_t> dice;
    for (int i = 0; i < 12; ++i) dice.push_back(rng.below(6));
    EXPECT_EQ(dice, (std::vector<uint64_t>{4, 1, 5, 5, 5, 5, 0, 0, 2, 0, 3, 4}));
  }
  {
    Rng rng(7);
    EXPECT_EQ(rng.below(1000000000000ull), 700576482179ull);
    EXPECT_EQ(rng.below(1000000000000ull), 278751229473ull);
    EXPECT_EQ(rng.below(1000000000000ull), 839627461876ull);
  }
  {
    Rng rng(9);
    std::vector<int> items = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    rng.shuffle(items);
    EXPECT_EQ(items, (std::vector<int>{4, 9, 7, 8, 3, 6, 5, 1, 2, 0}));
  }
  {
    Rng rng(11);
    std::vector<int> rolls;
    for (int i = 0; i < 8; ++i) rolls.push_back(rng.roll(20));
    EXPECT_EQ(rolls, (std::vector<int>{5, 2, 5, 9, 2, 7, 11, 20}));
  }
  {
    Rng rng(13);
    std::vector<bool> coins;
    for (int i = 0; i < 8; ++i) coins.push_back(rng.coin());
    EXPECT_EQ(coins, (std::vector<bool>{false, true, true, false, true, false, false, true}));
  }
}

TEST(Rng, BelowStaysInBounds) {
  Rng rng(3);
  for (uint64_t bound : {1ull, 2ull, 3ull, 6ull, 7ull, 1000ull, (1ull << 32) + 1, (1ull << 63) + 1,
                         0xFFFFFFFFFFFFFFFFull}) {
    for (int i = 0; i < 2000; ++i) ASSERT_LT(rng.below(bound), bound) << "bound " << bound;
  }
  for (int i = 0; i < 100; ++i) ASSERT_EQ(rng.below(1), 0u);
  for (int i = 0; i < 2000; ++i) {
    const int r = rng.roll(6);
    ASSERT_GE(r, 1);
    ASSERT_LE(r, 6);
  }
}

TEST(Rng, BelowIsRoughlyUniform) {
  // 70,000 draws in 7 bins: chi-square with 6 degrees of freedom stays below 22.46
  // (p = 0.001) for a uniform source; a bias such as "next() % 7" on few bits would not.
  Rng rng(2024);
  constexpr int kBins = 7;
  constexpr int kDraws = 70000;
  std::array<int, kBins> count{};
  for (int i = 0; i < kDraws; ++i) ++count[rng.below(kBins)];
  double chi2 = 0;
  const double expected = static_cast<double>(kDraws) / kBins;
  for (int c : count) chi2 += (c - expected) * (c - expected) / expected;
  EXPECT_LT(chi2, 22.46);
  // Coins are fair too.
  int heads = 0;
  for (int i = 0; i < 10000; ++i) heads += rng.coin() ? 1 : 0;
  EXPECT_GT(heads, 4700);
  EXPECT_LT(heads, 5300);
}

TEST(Rng, ShuffleIsAPermutationAndReachesEveryOrder) {
  Rng rng(5);
  std::vector<int> items(50);
  std::iota(items.begin(), items.end(), 0);
  std::vector<int> shuffled = items;
  rng.shuffle(shuffled);
  EXPECT_NE(shuffled, items);
  std::vector<int> sorted = shuffled;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, items);

  // All 6 orders of 3 items appear, each about 1/6 of the time.
  std::map<std::vector<int>, int> seen;
  for (int i = 0; i < 6000; ++i) {
    std::vector<int> three = {0, 1, 2};
    rng.shuffle(three);
    ++seen[three];
  }
  EXPECT_EQ(seen.size(), 6u);
  for (const auto& [order, n] : seen) {
    EXPECT_GT(n, 850);
    EXPECT_LT(n, 1150);
  }
  // Shuffling nothing or one item is harmless.
  std::vector<int> empty;
  rng.shuffle(empty);
  EXPECT_TRUE(empty.empty());
  std::vector<int> one = {9};
  rng.shuffle(one);
  EXPECT_EQ(one, std::vector<int>{9});
}

TEST(Rng, HexRoundTripContinuesTheSameStream) {
  Rng rng(5);
  rng.next();
  EXPECT_EQ(rng.to_hex(), "bafa4483ea1b4ce79806d9b1207534e53a0acfd2de12021d51f7bb3f2ff1e932");
  Rng copy = Rng::from_hex(rng.to_hex());
  EXPECT_TRUE(copy == rng);
  for (int i = 0; i < 100; ++i) ASSERT_EQ(copy.next(), rng.next());
  // Upper-case digits are read too.
  std::string upper = rng.to_hex();
  std::transform(upper.begin(), upper.end(), upper.begin(), [](char c) { return std::toupper(c); });
  EXPECT_TRUE(Rng::from_hex(upper) == rng);
}

TEST(Rng, FromHexRefusesWhatIsNotAState) {
  const std::string good = Rng(1).to_hex();
  EXPECT_NE(input_error_of([&] { Rng::from_hex(good.substr(1)); }).find("64 hex digits, got 63"),
            std::string::npos);
  EXPECT_NE(input_error_of([&] { Rng::from_hex(good + "0"); }).find("got 65"), std::string::npos);
  EXPECT_NE(input_error_of([&] { Rng::from_hex(""); }).find("got 0"), std::string::npos);
  std::string bad = good;
  bad[10] = 'g';
  EXPECT_NE(input_error_of([&] { Rng::from_hex(bad); }).find("non-hex character 'g'"), std::string::npos);
  bad[10] = ' ';
  EXPECT_NE(input_error_of([&] { Rng::from_hex(bad); }).find("non-hex"), std::string::npos);
  EXPECT_NE(input_error_of([&] { Rng::from_hex(std::string(64, '0')); }).find("all zero"), std::string::npos);
}

// ---------------------------------------------------------------------------------------
// json_io

TEST(JsonIo, ParseErrorNamesSourceLineAndColumn) {
  // Line 3 is `  "b": }`; the '}' in column 8 is where a value was expected.
  const std::string text = "{\n  \"a\": 1,\n  \"b\": }\n";
  const std::string message = input_error_of([&] { parse_json(text, "rules/x.json"); });
  EXPECT_EQ(message.rfind("rules/x.json:3:8: ", 0), 0u) << message;
  EXPECT_EQ(message.find("[json.exception"), std::string::npos) << "library prefix kept: " << message;
}

// A number nlohmann-json cannot hold is an InputError naming the source, not an escaping
// nlohmann exception (found by fuzz_server_requests, fuzz/regressions/server_requests/).
TEST(JsonIo, ANumberOutOfRangeIsAnInputError) {
  const std::string message = input_error_of([] { parse_json("{\"version\": 2e4242}", "request body"); });
  EXPECT_EQ(message, "request body: number overflow parsing '2e4242'");
}

TEST(JsonIo, ParseErrorOnTheFirstLine) {
  const std::string message = input_error_of([] { parse_json("[1, 2,, 3]", "stdin"); });
  EXPECT_EQ(message.rfind("stdin:1:7: ", 0), 0u) << message;
}

TEST(JsonIo, TruncatedTextIsCalledTruncated) {
  const std::string text = "{\"a\": [1, 2,\n 3";
  const std::string message = input_error_of([&] { parse_json(text, "cut.json"); });
  EXPECT_EQ(message.rfind("cut.json:2:", 0), 0u) << message;
  EXPECT_NE(message.find("truncated"), std::string::npos) << message;
  const std::string empty = input_error_of([] { parse_json("", "empty.json"); });
  EXPECT_EQ(empty.rfind("empty.json:1:1: ", 0), 0u) << empty;
  EXPECT_NE(empty.find("truncated or empty"), std::string::npos) << empty;
}

TEST(JsonIo, ParsesValidText) {
  const json j = parse_json(" {\"a\": [1, \"x\", null]} ", "ok.json");
  EXPECT_EQ(j, json({{"a", {1, "x", nullptr}}}));
}

TEST(JsonIo, ReadJsonFileNamesTheFile) {
  TempDir dir;
  const std::string missing = dir.file("missing.json");
  EXPECT_EQ(input_error_of([&] { read_json_file(missing); }), missing + ": cannot open file: No such file or directory");
  const std::string broken = dir.file("broken.json");
  write_text(broken, "{\n\"a\": tru }");
  const std::string message = input_error_of([&] { read_json_file(broken); });
  EXPECT_EQ(message.rfind(broken + ":2:", 0), 0u) << message;
  const std::string cut = dir.file("cut.json");
  write_text(cut, "{\"a\": [1, 2");
  EXPECT_NE(input_error_of([&] { read_json_file(cut); }).find("truncated"), std::string::npos);
  const std::string good = dir.file("good.json");
  write_text(good, "{\"a\": 1}");
  EXPECT_EQ(read_json_file(good), json({{"a", 1}}));
}

TEST(JsonIo, WriteJsonFileWritesIndentedTextWithNewline) {
  TempDir dir;
  const std::string path = dir.file("out.json");
  const json value = {{"b", 2}, {"a", {1, 2}}};
  write_json_file(path, value);
  EXPECT_EQ(read_text(path), value.dump(2) + "\n");
  EXPECT_EQ(read_json_file(path), value);
}

TEST(JsonIo, WriteJsonFileReplacesTheFileAtomically) {
  // Writing through a temporary file renamed over the target replaces the directory
  // entry; it never rewrites the old file in place. A second name (hard link) of the old
  // file therefore still holds the complete old content afterwards, and no temporary
  // file is left behind.
  TempDir dir;
  const std::string path = dir.file("state.json");
  const std::string old_name = dir.file("old-link.json");
  write_json_file(path, json{{"version", "old"}});
  ASSERT_EQ(::link(path.c_str(), old_name.c_str()), 0);
  struct stat before {};
  ASSERT_EQ(::stat(path.c_str(), &before), 0);

  write_json_file(path, json{{"version", "new"}});
  EXPECT_EQ(read_json_file(path), json({{"version", "new"}}));
  EXPECT_EQ(read_json_file(old_name), json({{"version", "old"}}));
  struct stat after {};
  ASSERT_EQ(::stat(path.c_str(), &after), 0);
  EXPECT_NE(before.st_ino, after.st_ino) << "the file was rewritten in place, not replaced";
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"old-link.json", "state.json"}));
}

TEST(JsonIo, WriteJsonFileRefusesAnUnwritablePath) {
  TempDir dir;
  const std::string path = dir.file("no-such-directory/out.json");
  const std::string message = input_error_of([&] { write_json_file(path, json{{"a", 1}}); });
  EXPECT_EQ(message, path + ": cannot write file");
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(JsonIo, JsonFieldNamesTheMissingOrMistypedField) {
  const json object = {{"n", 3}, {"s", "x"}, {"neg", -1}, {"big", 5000000000LL}};
  EXPECT_EQ(json_field<int>(object, "n", "thing"), 3);
  EXPECT_EQ(json_field<std::string>(object, "s", "thing"), "x");
  EXPECT_EQ(input_error_of([&] { json_field<int>(object, "m", "thing"); }), "thing: missing field 'm'");
  EXPECT_EQ(input_error_of([&] { json_field<int>(object, "s", "thing"); }),
            "thing: field 's' must be an integer, got \"x\"");
  EXPECT_EQ(input_error_of([&] { json_field<uint64_t>(object, "neg", "thing"); }),
            "thing: field 'neg' must be a non-negative integer, got -1");
  EXPECT_EQ(input_error_of([&] { json_field<int>(object, "big", "thing"); }),
            "thing: field 'big' must be an integer, got 5000000000");
  EXPECT_EQ(json_field<int64_t>(object, "big", "thing"), 5000000000LL);
  EXPECT_EQ(input_error_of([&] { json_field<bool>(json::array(), "n", "thing"); }),
            "thing: must be a JSON object");
}

// ---------------------------------------------------------------------------------------
// Game::resolve_options

// A game that is never registered, only to exercise resolve_options' allowed values.
class OptionsOnlyGame final : public Game {
 public:
  OptionsOnlyGame() {
    info_.id = "options-only";
    info_.options.push_back({"mode", "fast", "how to play", {"fast", "slow"}});
    info_.options.push_back({"limit", "10", "free text", {}});
  }
  const GameInfo& info() const override { return info_; }
  std::unique_ptr<State> new_initial_state(uint64_t, const Options&, int) const override {
    throw InputError("not playable");
  }
  std::unique_ptr<State> state_from_json(const json&) const override { throw InputError("not playable"); }

 private:
  GameInfo info_;
};

TEST(ResolveOptions, FillsDefaults) {
  const Game& hex = find_game("rise-hex");
  EXPECT_EQ(hex.resolve_options({}), (Options{{"turn_limit", "200"}}));
  EXPECT_EQ(hex.resolve_options({{"turn_limit", "30"}}), (Options{{"turn_limit", "30"}}));
  OptionsOnlyGame game;
  EXPECT_EQ(game.resolve_options({}), (Options{{"limit", "10"}, {"mode", "fast"}}));
  EXPECT_EQ(game.resolve_options({{"mode", "slow"}}), (Options{{"limit", "10"}, {"mode", "slow"}}));
}

TEST(ResolveOptions, RefusesAnUnknownOptionListingTheKnownOnes) {
  EXPECT_EQ(input_error_of([] { find_game("rise-hex").resolve_options({{"turn_limt", "3"}}); }),
            "unknown option 'turn_limt' for rise-hex (options: turn_limit)");
  OptionsOnlyGame game;
  EXPECT_EQ(input_error_of([&] { game.resolve_options({{"speed", "1"}}); }),
            "unknown option 'speed' for options-only (options: mode, limit)");
}

TEST(ResolveOptions, RefusesAValueOutsideTheAllowedOnes) {
  OptionsOnlyGame game;
  EXPECT_EQ(input_error_of([&] { game.resolve_options({{"mode", "medium"}}); }),
            "option mode=medium is not allowed for options-only (allowed: fast, slow)");
}

TEST(ResolveOptions, IntOptionTakesOnlyAnIntegerInItsRange) {
  const Options resolved{{"limit", "10"}, {"big", "30001"}, {"word", "ten"}, {"tail", "10x"}, {"empty", ""}};
  EXPECT_EQ(int_option(resolved, "limit", 1, 10), 10);
  EXPECT_EQ(input_error_of([&] { int_option(resolved, "big", 1, 30000); }),
            "option big=30001 must be an integer in [1, 30000]");
  EXPECT_EQ(input_error_of([&] { int_option(resolved, "limit", 11, 20); }), "option limit=10 must be an integer in [11, 20]");
  EXPECT_EQ(input_error_of([&] { int_option(resolved, "word", 1, 9); }), "option word=ten must be an integer in [1, 9]");
  EXPECT_EQ(input_error_of([&] { int_option(resolved, "tail", 1, 99); }), "option tail=10x must be an integer in [1, 99]");
  EXPECT_EQ(input_error_of([&] { int_option(resolved, "empty", 1, 9); }), "option empty= must be an integer in [1, 9]");
  EXPECT_EQ(input_error_of([&] { int_option(resolved, "missing", 1, 9); }), "option missing= must be an integer in [1, 9]");
}

TEST(ResolveOptions, NewInitialStateChecksOptionValues) {
  const Game& hex = find_game("rise-hex");
  EXPECT_NE(input_error_of([&] { hex.new_initial_state(0, {{"turn_limit", "abc"}}, 2); }).find("turn_limit=abc"),
            std::string::npos);
  EXPECT_NE(input_error_of([&] { hex.new_initial_state(0, {}, 3); }).find("exactly 2 players"), std::string::npos);
  EXPECT_EQ(hex.new_initial_state(0, {{"turn_limit", "30"}}, 2)->to_json()["turn_limit"], 30);
}

// ---------------------------------------------------------------------------------------
// Registry

TEST(Registry, FindsRegisteredGames) {
  EXPECT_EQ(find_game("rise-hex").info().id, "rise-hex");
  const std::vector<const Game*> games = all_games();
  ASSERT_FALSE(games.empty());
  std::vector<std::string> ids;
  for (const Game* g : games) ids.push_back(g->info().id);
  EXPECT_TRUE(std::is_sorted(ids.begin(), ids.end()));
  EXPECT_EQ(std::set<std::string>(ids.begin(), ids.end()).size(), ids.size());
  EXPECT_NE(std::find(ids.begin(), ids.end(), "rise-hex"), ids.end());
  for (const Game* g : games) EXPECT_EQ(&find_game(g->info().id), g);
}

// Issue 20: every game's terminal view fits the screen it is laid out for, in random games
// (every 7th step and at the end), for the seat to move and for the table, at 40, 80 and
// 120 columns (code points; no colour sequence counts).
TEST(TerminalViews, EveryLineFitsTheWidth) {
  for (const rise::Game* game : rise::all_games()) {
    for (const int seats : {game->info().min_players, game->info().max_players}) {
      std::unique_ptr<rise::State> s = game->new_initial_state(11, game->resolve_options({}), seats);
      rise::Rng rng(5);
      std::vector<rise::Action> legal;
      for (int step = 0;; ++step) {
        const bool end = s->is_terminal() || step == 400;
        if (end || step % 7 == 0) {
          for (const size_t width : {size_t{40}, size_t{80}, size_t{120}}) {
            for (const rise::PlayerId viewer : {end ? rise::kTerminalPlayer : s->current_player(), rise::kTerminalPlayer}) {
              for (const bool color : {false, true}) {
                const std::string view = s->render_text_at_width(viewer, color, width);
                size_t start = 0;
                while (start < view.size()) {
                  const size_t stop = std::min(view.find('\n', start), view.size());
                  const std::string line = view.substr(start, stop - start);
                  EXPECT_LE(rise::terminal_columns(line), width) << game->info().id << " step " << step << ":\n" << line;
                  start = stop + 1;
                }
              }
            }
          }
        }
        if (end) break;
        s->legal_actions(legal);
        s->apply_action(legal[static_cast<size_t>(rng.roll(static_cast<int>(legal.size())) - 1)]);
      }
    }
  }
}

TEST(Registry, UnknownIdListsTheKnownIds) {
  const std::string message = input_error_of([] { find_game("rise-hexx"); });
  EXPECT_EQ(message.rfind("unknown game 'rise-hexx' (known games: ", 0), 0u) << message;
  for (const Game* g : all_games()) EXPECT_NE(message.find(g->info().id), std::string::npos) << message;
}

// ---------------------------------------------------------------------------------------
// Replays

// A rise-hex game of random legal actions from a fixed seed, to the end (turn_limit 3:
// red's single action, then blue's and red's two, so five actions and a draw).
std::unique_ptr<State> short_finished_game() {
  const Game& game = find_game("rise-hex");
  std::unique_ptr<State> state = game.new_initial_state(0, {{"turn_limit", "3"}}, 2);
  Rng rng(17);
  std::vector<Action> legal;
  while (!state->is_terminal()) {
    state->legal_actions(legal);
    state->apply_action(legal[rng.below(legal.size())]);
  }
  return state;
}

TEST(Replay, ToJsonAndBackKeepsEveryField) {
  Replay replay;
  replay.game = "rise-hex";
  replay.options = {{"turn_limit", "30"}};
  replay.seed = 12345678901234ull;
  replay.num_players = 2;
  replay.players = {"human", "mcts:iters=10"};
  replay.actions = {"worker 2,0", "tile 8,0"};
  replay.returns = {};
  json j = replay_to_json(replay);
  EXPECT_EQ(j["format"], "rise-replay");
  EXPECT_EQ(j["version"], kReplayVersion);
  EXPECT_TRUE(j["result"].is_null());
  Replay back = replay_from_json(j, "r.json");
  EXPECT_EQ(back.game, replay.game);
  EXPECT_EQ(back.options, replay.options);
  EXPECT_EQ(back.seed, replay.seed);
  EXPECT_EQ(back.num_players, replay.num_players);
  EXPECT_EQ(back.players, replay.players);
  EXPECT_EQ(back.actions, replay.actions);
  EXPECT_TRUE(back.returns.empty());

  replay.returns = {1.0, -1.0};
  j = replay_to_json(replay);
  EXPECT_EQ(j["result"], json({{"returns", {1.0, -1.0}}}));
  EXPECT_EQ(replay_from_json(j, "r.json").returns, replay.returns);
  // Through text, as in a file.
  EXPECT_EQ(replay_to_json(replay_from_json(parse_json(j.dump(2), "r.json"), "r.json")), j);
}

TEST(Replay, MakeReplayAndRunReplayReproduceTheGame) {
  std::unique_ptr<State> finished = short_finished_game();
  ASSERT_TRUE(finished->is_terminal());
  const Replay replay = make_replay(*finished, {{"turn_limit", "3"}}, 0, {"random", "random"});
  EXPECT_EQ(replay.actions.size(), 5u);
  EXPECT_EQ(replay.returns, finished->returns());
  std::vector<size_t> indices;
  std::unique_ptr<State> again =
      run_replay(replay_from_json(replay_to_json(replay), "r"), [&](const State& s, size_t index) {
        EXPECT_EQ(s.history().size(), index);
        indices.push_back(index);
      });
  EXPECT_EQ(again->to_json().dump(), finished->to_json().dump());
  EXPECT_EQ(indices, (std::vector<size_t>{0, 1, 2, 3, 4, 5}));
}

class ReplayRefusal : public testing::Test {
 protected:
  void SetUp() override {
    finished_ = short_finished_game();
    replay_ = make_replay(*finished_, {{"turn_limit", "3"}}, 0, {"random", "random"});
    json_ = replay_to_json(replay_);
  }
  std::string read_error(const json& j) {
    return input_error_of([&] { replay_from_json(j, "game.replay.json"); });
  }
  std::string run_error(const Replay& r) {
    return input_error_of([&] { run_replay(r); });
  }
  std::unique_ptr<State> finished_;
  Replay replay_;
  json json_;
};

// Issue 38: a table's game that a seat resigned (or that expired) ends without its rules;
// its replay records how, and is read back and checked.
TEST_F(ReplayRefusal, AResignedGameRecordsHowItEnded) {
  Replay resigned = replay_;
  resigned.actions.pop_back();  // the actions no longer end the game
  resigned.ended = "resigned";
  resigned.resigned_seat = 1;
  resigned.returns = ended_returns("resigned", 1, 2);
  EXPECT_EQ(resigned.returns, (std::vector<double>{1.0, -1.0}));
  const json j = replay_to_json(resigned);
  EXPECT_EQ(j["result"], json({{"returns", {1.0, -1.0}}, {"ended", "resigned"}, {"resigned_seat", 1}}));
  const Replay back = replay_from_json(j, "game.replay.json");
  EXPECT_EQ(back.ended, "resigned");
  EXPECT_EQ(back.resigned_seat, 1);
  EXPECT_NO_THROW(run_replay(back));
  json bad = j;
  bad["result"]["resigned_seat"] = 2;
  EXPECT_EQ(read_error(bad), "game.replay.json: result.resigned_seat 2 is not a seat of the game's 2");
  bad = j;
  bad["result"]["returns"] = {1.0, 1.0};
  EXPECT_EQ(read_error(bad), "game.replay.json: result.returns are not those of a game resigned by seat 1");
  bad = j;
  bad["result"]["ended"] = "abandoned";
  EXPECT_EQ(read_error(bad), "game.replay.json: result.ended is 'abandoned', expected 'resigned' or 'expired'");
  Replay over = replay_;  // the actions end the game: no resignation can have ended it
  over.ended = "resigned";
  over.resigned_seat = 1;
  over.returns = ended_returns("resigned", 1, 2);
  EXPECT_EQ(run_error(over), "the replay records that the game ended 'resigned' but its actions end it by the rules");
}

TEST_F(ReplayRefusal, WrongFormat) {
  json j = json_;
  j["format"] = "rise-scenario";
  EXPECT_EQ(read_error(j), "game.replay.json: format is 'rise-scenario', expected 'rise-replay'");
  j.erase("format");
  EXPECT_EQ(read_error(j), "game.replay.json: missing field 'format'");
  EXPECT_EQ(read_error(json::array()), "game.replay.json: a replay must be a JSON object");
}

TEST_F(ReplayRefusal, WrongVersion) {
  json j = json_;
  j["version"] = 2;
  EXPECT_EQ(read_error(j), "game.replay.json: replay version 2 is not supported (this build reads version 1)");
  j["version"] = "1";
  EXPECT_EQ(read_error(j), "game.replay.json: field 'version' must be an integer, got \"1\"");
}

TEST_F(ReplayRefusal, TruncatedJson) {
  const std::string text = json_.dump(2);
  const std::string cut = text.substr(0, text.size() / 2);
  const std::string message = input_error_of([&] { parse_json(cut, "game.replay.json"); });
  EXPECT_EQ(message.rfind("game.replay.json:", 0), 0u) << message;
  EXPECT_NE(message.find("truncated"), std::string::npos) << message;
}

TEST_F(ReplayRefusal, MistypedFields) {
  json j = json_;
  j["actions"][1] = 7;
  EXPECT_EQ(read_error(j), "game.replay.json: action 1 must be a string, got 7");
  j = json_;
  j["seed"] = -3;
  EXPECT_EQ(read_error(j), "game.replay.json: field 'seed' must be a non-negative integer, got -3");
  j = json_;
  j["options"] = {{"turn_limit", 3}};
  EXPECT_EQ(read_error(j), "game.replay.json: option 'turn_limit' must be a string, got 3");
  j = json_;
  j["result"] = {{"returns", {"win", "loss"}}};
  EXPECT_EQ(read_error(j), "game.replay.json: result.returns must hold numbers");
  j = json_;
  j.erase("players");
  EXPECT_EQ(read_error(j), "game.replay.json: missing field 'players'");
}

TEST_F(ReplayRefusal, UnknownActionTextNamesTheAction) {
  Replay r = replay_;
  r.actions[3] = "fly 1,0>2,0";
  const std::string message = run_error(r);
  EXPECT_EQ(message.rfind("action 3: 'fly 1,0>2,0' ", 0), 0u) << message;
  EXPECT_NE(message.find("not a rise-hex action"), std::string::npos) << message;
}

TEST_F(ReplayRefusal, IllegalActionNamesTheActionAndWhy) {
  Replay r = replay_;
  // At the start red's only worker stands on 1,0; 5,0 is far from it.
  r.actions[0] = "worker 5,0";
  EXPECT_EQ(run_error(r), "action 0 'worker 5,0': not legal for seat 0, whose decision it is (to take red's action, 1 left "
            "this turn): a new worker must be adjacent to one of your workers");
  r = replay_;
  r.actions[2] = "tile 0,0";
  EXPECT_EQ(run_error(r), "action 2 'tile 0,0': not legal for seat 1, whose decision it is (to take blue's action, 1 left "
            "this turn): there is already a tile there");
}

TEST_F(ReplayRefusal, ActionAfterTheEnd) {
  Replay r = replay_;
  r.actions.push_back("pass");
  EXPECT_EQ(run_error(r), "action 5 'pass': the game is already over");
}

TEST_F(ReplayRefusal, ResultThatDoesNotMatch) {
  ASSERT_EQ(replay_.returns, (std::vector<double>{0.0, 0.0}));  // a draw at the turn limit
  Replay r = replay_;
  r.returns = {1.0, -1.0};
  EXPECT_EQ(run_error(r), "the recorded result does not match the result of its actions");
  r = replay_;
  r.actions.pop_back();
  EXPECT_EQ(run_error(r), "the replay records a result but its actions do not end the game");
  // Without a recorded result, an unfinished replay is fine, a finished one is not.
  r.returns.clear();
  EXPECT_FALSE(run_replay(r)->is_terminal());
  r = replay_;
  r.returns.clear();
  EXPECT_EQ(run_error(r), "the replay records no result but its actions end the game");
}

TEST_F(ReplayRefusal, UnknownGame) {
  Replay r = replay_;
  r.game = "chess";
  EXPECT_EQ(run_error(r).rfind("unknown game 'chess'", 0), 0u);
}

// ---------------------------------------------------------------------------------------
// Forced chance (issue 19, docs/formats.md "Forced chance")

std::shared_ptr<ForcedChance> forced(const std::string& text) {
  return ForcedChance::parse(parse_json(text, "test"), "chance");
}

TEST(ForcedChance, TheRngGivesTheListedOutcomesInOrderThenDrawsAgain) {
  Rng rng(7);
  Rng plain(7);
  rng.force(forced(R"([{"coin": "fail"}, {"d6": 4}, {"d20": 17}, {"pick": 2}, {"coin": "success"}])"));
  EXPECT_FALSE(rng.coin());
  EXPECT_EQ(rng.roll(6), 4);
  EXPECT_EQ(rng.roll(20), 17);
  EXPECT_EQ(rng.below(3), 2u);
  EXPECT_TRUE(rng.coin());
  EXPECT_EQ(rng.forced()->used(), 5u);
  rng.forced()->check_all_used();
  // The Rng itself was not advanced by forced outcomes: it goes on as an unforced one.
  EXPECT_EQ(rng.next(), plain.next());
}

TEST(ForcedChance, RandomLetsTheRngDrawThatEvent) {
  Rng rng(3);
  Rng plain(3);
  rng.force(forced(R"([{"d6": "random"}, {"coin": "random"}])"));
  EXPECT_EQ(rng.roll(6), plain.roll(6));
  EXPECT_EQ(rng.coin(), plain.coin());
  EXPECT_EQ(rng.forced()->used(), 2u);
}

TEST(ForcedChance, AnOutcomeOfTheWrongKindOrLeftUnusedIsAnError) {
  Rng rng(1);
  rng.force(forced(R"([{"d6": 4}, {"coin": "success"}])"));
  EXPECT_EQ(input_error_of([&] { rng.coin(); }),
            R"(forced chance 0 {"d6":4}: the game drew a coin toss there, not a die roll)");
  Rng d20(1);
  d20.force(forced(R"([{"d6": 4}])"));
  EXPECT_EQ(input_error_of([&] { d20.roll(20); }), R"(forced chance 0 {"d6":4}: the game rolled a d20 there)");
  Rng pick(1);
  pick.force(forced(R"([{"pick": 3}])"));
  EXPECT_EQ(input_error_of([&] { pick.below(3); }), R"(forced chance 0 {"pick":3}: the game picked among 3 (0 to 2))");
  auto left = forced(R"([{"coin": "fail"}, {"d6": 1}])");
  Rng one(1);
  one.force(left);
  one.coin();
  EXPECT_EQ(input_error_of([&] { left->check_all_used(); }),
            R"(forced chance 1 {"d6":1} was not used: the game drew 1 of the 2 forced outcomes)");
}

TEST(ForcedChance, AShuffleCanPutNamedItemsOnTop) {
  std::vector<std::string> pile = {"a", "b", "c", "d", "e"};  // top = back()
  Rng rng(9);
  rng.force(forced(R"([{"shuffle": ["c", "a"]}])"));
  rng.shuffle(pile, [](const std::string& x) -> const std::string& { return x; }, true);
  EXPECT_EQ(pile.back(), "c");
  EXPECT_EQ(pile[3], "a");
  std::vector<std::string> sorted = pile;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, (std::vector<std::string>{"a", "b", "c", "d", "e"}));
  // Top at the front, and a name that is not in the pile.
  std::vector<std::string> front = {"x", "y", "z"};
  Rng f(9);
  f.force(forced(R"([{"shuffle": ["z"]}, {"shuffle": ["q"]}])"));
  f.shuffle(front, [](const std::string& x) -> const std::string& { return x; }, false);
  EXPECT_EQ(front.front(), "z");
  EXPECT_EQ(input_error_of([&] { f.shuffle(front, [](const std::string& x) -> const std::string& { return x; }, false); }),
            R"(forced chance 1 {"shuffle":["q"]}: no 'q' is among the shuffled cards)");
  // A shuffle without names cannot take a forced order.
  std::vector<int> ints = {1, 2, 3};
  Rng g(9);
  g.force(forced(R"([{"shuffle": ["1"]}])"));
  EXPECT_EQ(input_error_of([&] { g.shuffle(ints); }),
            R"(forced chance 0 {"shuffle":["1"]}: this shuffle's order cannot be forced by card)");
}

TEST(ForcedChance, CopiesAreNotForcedAndAScopeForcesRngsSeededInIt) {
  Rng rng(5);
  rng.force(forced(R"([{"d6": 6}, {"d6": 6}])"));
  Rng copy = rng;  // a clone searched by an AI
  EXPECT_EQ(copy.forced(), nullptr);
  EXPECT_EQ(rng.forced()->used(), 0u);
  auto chance = forced(R"([{"coin": "success"}])");
  {
    ForcedChance::Scope scope(chance);
    Rng seeded(11);
    EXPECT_EQ(seeded.forced(), chance);
  }
  EXPECT_EQ(Rng(11).forced(), nullptr);
}

TEST(ForcedChance, MalformedOutcomesAreRefusedByIndex) {
  auto error = [](const std::string& text) {
    return input_error_of([&] { ForcedChance::parse(parse_json(text, "test"), "s.json: chance"); });
  };
  EXPECT_EQ(error(R"({"coin": "fail"})"), "s.json: chance: must be an array of chance outcomes");
  EXPECT_EQ(error(R"([{"coin": "heads"}])"), R"(s.json: chance 0: coin must be "success", "fail" or "random")");
  EXPECT_EQ(error(R"([{"coin": "fail"}, {"d6": 7}])"), R"(s.json: chance 1: d6 must be a face from 1 to 6 or "random")");
  EXPECT_EQ(error(R"([{"d1": 1}])"), "s.json: chance 0: unknown chance event 'd1' (coin, d6, d20 or any dN, pick, shuffle)");
  EXPECT_EQ(error(R"([{"pick": -1}])"), R"(s.json: chance 0: pick must be an index from 0 (the first of the choices) or "random")");
  EXPECT_EQ(error(R"([{"shuffle": []}])"),
            R"(s.json: chance 0: shuffle must be a non-empty array of card names, topmost first, or "random")");
  EXPECT_EQ(error(R"([{"coin": "fail", "d6": 1}])"),
            "s.json: chance 0: must be an object with one key: coin, dN (d6, d20...), pick or shuffle");
}

// The cards of seat `seat`'s hand in a card game's state JSON (rise-tcg's shape).
std::vector<std::string> hand_cards(const json& state, int seat) {
  std::vector<std::string> out;
  for (const json& id : state["players"][static_cast<size_t>(seat)]["hand"]) {
    out.push_back(state["objects"][id.get<size_t>()]["card"].get<std::string>());
  }
  return out;
}

// rise-tcg's opening draws: each library's shuffle, then a d6 per seat for the first player
// (Rule TCG-3.1). Forced both ways, so the outcome is the forcing, not the seed's luck.
TEST(Scenario, ChanceForcesTheOpeningShufflesAndTheFirstPlayer) {
  for (int first : {0, 1}) {
    json scenario = parse_json(R"({"game": "rise-tcg", "seed": 3, "options": {"decks": "ashen-omens,cinderstorm"}})", "test");
    scenario["chance"] = json::array({json{{"shuffle", {"rising-spark", "crypt-digger"}}}, json{{"shuffle", "random"}},
                                      json{{"d6", first == 0 ? 6 : 2}}, json{{"d6", first == 0 ? 3 : 5}}});
    const json state = run_scenario(scenario, "s.json")->to_json();
    EXPECT_EQ(state["first_player"], first);
    // p0's library's top two cards were dealt first.
    const std::vector<std::string> hand = hand_cards(state, 0);
    ASSERT_GE(hand.size(), 4u);
    EXPECT_EQ(hand[0], "rising-spark");
    EXPECT_EQ(hand[1], "crypt-digger");
  }
}

// A loaded state takes forced outcomes for its actions: a mulligan shuffles the hand back
// (Rule TCG-3.3), and the new hand is dealt from the forced top.
TEST(Scenario, ChanceForcesTheDrawsOfALoadedStatesActions) {
  json opening = parse_json(R"({"game": "rise-tcg", "seed": 3, "options": {"decks": "ashen-omens,cinderstorm"},
                                "chance": [{"shuffle": "random"}, {"shuffle": "random"}, {"d6": 6}, {"d6": 1}]})", "test");
  const json start = run_scenario(opening, "s.json")->to_json();
  ASSERT_EQ(start["first_player"], 0);
  json scenario = {{"game", "rise-tcg"}, {"state", start}, {"actions", {"mulligan"}},
                   {"chance", parse_json(R"([{"shuffle": ["shambling-thrall", "shambling-thrall", "crypt-digger"]}])", "test")}};
  const json after = run_scenario(scenario, "s.json")->to_json();
  const std::vector<std::string> hand = hand_cards(after, 0);
  ASSERT_GE(hand.size(), 3u);
  EXPECT_EQ(std::vector<std::string>(hand.begin(), hand.begin() + 3),
            (std::vector<std::string>{"shambling-thrall", "shambling-thrall", "crypt-digger"}));
  // The same outcome of the wrong kind, or one too many, fails the scenario with its index.
  scenario["chance"] = parse_json(R"([{"coin": "success"}])", "test");
  EXPECT_EQ(input_error_of([&] { run_scenario(scenario, "s.json"); }),
            R"(s.json: action 0 'mulligan': forced chance 0 {"coin":"success"}: the game drew a shuffle there, not a coin toss)");
  scenario["chance"] = parse_json(R"([{"shuffle": "random"}, {"d6": 1}])", "test");
  EXPECT_EQ(input_error_of([&] { run_scenario(scenario, "s.json"); }),
            R"(s.json: forced chance 1 {"d6":1} was not used: the game drew 1 of the 2 forced outcomes)");
  scenario["chance"] = parse_json(R"([{"shuffle": ["no-such-card"]}])", "test");
  EXPECT_EQ(input_error_of([&] { run_scenario(scenario, "s.json"); }),
            R"(s.json: action 0 'mulligan': forced chance 0 {"shuffle":["no-such-card"]}: no 'no-such-card' is among the shuffled cards)");
}

// raise-rise-die draws who begins the duel (a pick of 2), dark-legacy rolls d20s.
TEST(Scenario, ChanceForcesRaiseRiseDieAndDarkLegacy) {
  for (int first : {0, 1}) {
    json scenario = parse_json(R"({"game": "raise-rise-die", "seed": 3})", "test");
    scenario["chance"] = json::array({json{{"shuffle", "random"}}, json{{"shuffle", "random"}}, json{{"pick", first}}});
    EXPECT_EQ(run_scenario(scenario, "s.json")->to_json()["first_of_duel"], first);
  }
  const json early = parse_json(R"({"game": "dark-legacy", "chance": [{"d20": 20}]})", "test");
  EXPECT_EQ(input_error_of([&] { run_scenario(early, "s.json"); }),
            R"(s.json: forced chance 0 {"d20":20} was not used: the game drew 0 of the 1 forced outcomes)");
}

TEST(Scenario, ChanceInAGameWithoutChanceIsRefused) {
  const json scenario = parse_json(R"({"game": "rise-hex", "chance": [{"coin": "fail"}]})", "test");
  EXPECT_EQ(input_error_of([&] { run_scenario(scenario, "s.json"); }), "s.json: chance: rise-hex has no chance events to force");
}

// ---------------------------------------------------------------------------------------
// Scenarios

json scenario_from(const std::string& text) { return parse_json(text, "test"); }

TEST(Scenario, FromTheInitialState) {
  const json scenario = scenario_from(R"({"game": "rise-hex", "actions": ["worker 2,0", "tile 8,0"]})");
  const json result = run_scenario(scenario, "s.json")->to_json();
  EXPECT_EQ(result["turn"], 2);
  EXPECT_EQ(result["to_move"], "blue");
  EXPECT_EQ(result["actions_left"], 1);
  EXPECT_TRUE(result["result"].is_null());
  std::map<std::string, json> tiles;
  for (const json& t : result["tiles"]) tiles[t["at"].get<std::string>()] = t;
  EXPECT_EQ(tiles.size(), 13u);
  EXPECT_EQ(tiles["1,0"], json({{"at", "1,0"}, {"worker", "red"}}));
  EXPECT_EQ(tiles["2,0"], json({{"at", "2,0"}, {"worker", "red"}}));
  EXPECT_EQ(tiles["6,0"], json({{"at", "6,0"}, {"worker", "blue"}}));
  EXPECT_EQ(tiles["8,0"], json({{"at", "8,0"}}));
}

TEST(Scenario, OptionsAsNumbersOrText) {
  const json scenario = scenario_from(R"({"game": "rise-hex", "options": {"turn_limit": 1}, "seed": 4,
                                          "players": ["a", "b"], "actions": ["worker 2,0"]})");
  const json result = run_scenario(scenario, "s.json")->to_json();
  EXPECT_EQ(result["turn_limit"], 1);
  EXPECT_EQ(result["result"], "draw");  // the only turn has been played
}

// A hand-written position: a few tiles, red worker on 0,0 and 1,0, blue on 2,0, red to act.
const char* kSmallState = R"({"game": "rise-hex", "turn": 5, "to_move": "red", "actions_left": 2,
    "pending": null, "result": null,
    "tiles": [{"at": "0,0", "worker": "red"}, {"at": "1,0", "worker": "red"},
              {"at": "2,0", "worker": "blue"}, {"at": "3,0"}, {"at": "4,0", "worker": "blue"}]})";

TEST(Scenario, FromAGivenState) {
  json scenario = {{"game", "rise-hex"}, {"state", scenario_from(kSmallState)},
                   {"actions", {"jump 1,0>3,0"}}};
  const json result = run_scenario(scenario, "s.json")->to_json();
  EXPECT_EQ(result["turn"], 5);
  EXPECT_EQ(result["to_move"], "red");
  EXPECT_EQ(result["actions_left"], 1);
  EXPECT_EQ(result["tiles"], json::parse(R"([{"at": "0,0", "worker": "red"}, {"at": "1,0"}, {"at": "2,0"},
                                              {"at": "3,0", "worker": "red"}, {"at": "4,0", "worker": "blue"}])"));
  // No actions: the given state itself comes back.
  scenario["actions"] = json::array();
  EXPECT_EQ(run_scenario(scenario, "s.json")->to_json(),
            find_game("rise-hex").state_from_json(scenario_from(kSmallState))->to_json());
  EXPECT_EQ(run_scenario(scenario, "s.json")->to_json()["turn"], 5);
  scenario.erase("actions");
  EXPECT_EQ(run_scenario(scenario, "s.json")->to_json()["turn"], 5);
  // A null state means the initial state.
  scenario["state"] = nullptr;
  EXPECT_EQ(run_scenario(scenario, "s.json")->to_json()["turn"], 1);
}

TEST(Scenario, MalformedActionIsNamedByIndex) {
  const json scenario = scenario_from(R"({"game": "rise-hex", "actions": ["worker 2,0", "tile 8;0"]})");
  const std::string message = input_error_of([&] { run_scenario(scenario, "s.json"); });
  EXPECT_EQ(message.rfind("s.json: action 1: 'tile 8;0': ", 0), 0u) << message;
  EXPECT_NE(message.find("q,r"), std::string::npos) << message;
  const json not_text = scenario_from(R"({"game": "rise-hex", "actions": [3]})");
  EXPECT_EQ(input_error_of([&] { run_scenario(not_text, "s.json"); }),
            "s.json: action 0: must be a string in notation or {\"by\": SEAT, \"action\": ...}");
}

// Issue 19: an action is read as the decider's, so an author who meant another seat got a
// reason about the decider ("one of your workers"). With "by" the scenario names who acts,
// and a decision of another seat is refused as such.
TEST(Scenario, AnActionByASeatThatDoesNotDecideSaysWhoseDecisionItIs) {
  const json wrong = scenario_from(R"({"game": "rise-hex", "actions": [{"by": 0, "action": "worker 2,0"},
                                                                         {"by": 0, "action": "worker 3,0"}]})");
  EXPECT_EQ(input_error_of([&] { run_scenario(wrong, "s.json"); }),
            "s.json: action 1 'worker 3,0': it is seat 1's decision (to take blue's action, 2 left this turn), "
            "not seat 0's");
  const json right = scenario_from(R"({"game": "rise-hex", "actions": [{"by": 0, "action": "worker 2,0"},
                                                                         {"by": 1, "action": "worker 5,0"}]})");
  EXPECT_EQ(run_scenario(right, "s.json")->history().size(), 2u);
  const json unknown = scenario_from(R"({"game": "rise-hex", "actions": [{"by": 0, "act": "worker 2,0"}]})");
  EXPECT_EQ(input_error_of([&] { run_scenario(unknown, "s.json"); }), "s.json: action 0: unknown field 'act' (by, action)");
  const json seat = scenario_from(R"({"game": "rise-hex", "actions": [{"by": 2, "action": "worker 2,0"}]})");
  EXPECT_NE(input_error_of([&] { run_scenario(seat, "s.json"); }).find("'by'"), std::string::npos);
  // The same in notation: "seat N: ACTION".
  const json prefixed = scenario_from(R"({"game": "rise-hex", "actions": ["seat 0: worker 2,0", "seat 0: worker 3,0"]})");
  EXPECT_EQ(input_error_of([&] { run_scenario(prefixed, "s.json"); }),
            "s.json: action 1 'seat 0: worker 3,0': it is seat 1's decision (to take blue's action, 2 left this "
            "turn), not seat 0's");
  const json prefixed_right = scenario_from(R"({"game": "rise-hex", "actions": ["seat 0: worker 2,0", " seat 1 :worker 5,0"]})");
  EXPECT_EQ(run_scenario(prefixed_right, "s.json")->history().size(), 2u);
}

TEST(ActingSeat, SplitsTheSeatPrefixAndRefusesASeatThatIsNotThere) {
  EXPECT_EQ(split_acting_seat("seat 1: tile 3,0", 2).seat, 1);
  EXPECT_EQ(split_acting_seat("seat 1: tile 3,0", 2).text, "tile 3,0");
  EXPECT_EQ(split_acting_seat("  tile 3,0 ", 2).seat, -1);
  EXPECT_EQ(split_acting_seat("  tile 3,0 ", 2).text, "tile 3,0");
  EXPECT_EQ(split_acting_seat("seat 5:pass", 6).seat, 5);
  EXPECT_EQ(input_error_of([] { split_acting_seat("seat 2: pass", 2); }),
            "'seat 2:' names no seat of this game (seats 0 to 1)");
  EXPECT_EQ(input_error_of([] { split_acting_seat("seat -1: pass", 2); }),
            "'seat -1:' names no seat of this game (seats 0 to 1)");
  EXPECT_EQ(input_error_of([] { split_acting_seat("seat 123456789012: pass", 2); }),
            "'seat 123456789012:' names no seat of this game (seats 0 to 1)");
}

TEST(ActingSeat, TheRefusalSaysWhoseDecisionItIsAndWhatFor) {
  std::unique_ptr<State> hex = find_game("rise-hex").new_initial_state(1, {}, 2);
  EXPECT_EQ(decision_text(*hex), "seat 0's decision (to take red's action, 1 left this turn)");
  EXPECT_EQ(decider_refusal(*hex, 1), "it is seat 0's decision (to take red's action, 1 left this turn), not seat 1's");
  apply_notation(*hex, "seat 0: worker 2,0", "test");
  EXPECT_EQ(hex->current_player(), 1);
  EXPECT_EQ(hex->describe_decision(), "take blue's action, 2 left this turn");
}

TEST(Scenario, IllegalActionIsNamedByIndexWithTheReason) {
  const json scenario = scenario_from(R"({"game": "rise-hex", "actions": ["worker 2,0", "worker 3,0", "move 6,0>6,0"]})");
  EXPECT_EQ(input_error_of([&] { run_scenario(scenario, "s.json"); }),
            "s.json: action 1 'worker 3,0': not legal for seat 1, whose decision it is (to take blue's action, 2 "
            "left this turn): a new worker must be adjacent to one of your workers");
  const json after_end = scenario_from(R"({"game": "rise-hex", "options": {"turn_limit": 1},
                                           "actions": ["worker 2,0", "tile 8,0"]})");
  EXPECT_EQ(input_error_of([&] { run_scenario(after_end, "s.json"); }),
            "s.json: action 1 'tile 8,0': the game is already over");
}

TEST(Scenario, BadFieldsAreNamed) {
  auto error = [](const std::string& text) {
    return input_error_of([&] { run_scenario(scenario_from(text), "s.json"); });
  };
  EXPECT_EQ(error(R"([])"), "s.json: a scenario must be a JSON object");
  EXPECT_EQ(error(R"({"actions": []})"), "s.json: missing field 'game'");
  EXPECT_EQ(error(R"({"game": 5})"), "s.json: field 'game' must be a string, got 5");
  EXPECT_EQ(error(R"({"game": "nope"})").rfind("unknown game 'nope' (known games: ", 0), 0u);
  EXPECT_EQ(error(R"({"game": "rise-hex", "options": []})"), "s.json: field 'options' must be an object");
  EXPECT_EQ(error(R"({"game": "rise-hex", "options": {"colour": "red"}})"),
            "unknown option 'colour' for rise-hex (options: turn_limit)");
  EXPECT_EQ(error(R"({"game": "rise-hex", "seed": -1})"),
            "s.json: field 'seed' must be a non-negative integer, got -1");
  EXPECT_EQ(error(R"({"game": "rise-hex", "players": "two"})"),
            "s.json: field 'players' must be a seat count or an array of names");
  EXPECT_NE(error(R"({"game": "rise-hex", "players": 3})").find("exactly 2 players"), std::string::npos);
  EXPECT_EQ(error(R"({"game": "rise-hex", "actions": "worker 2,0"})"), "s.json: field 'actions' must be an array");
  EXPECT_EQ(error(R"({"game": "rise-hex", "state": {"turn": 1}})").rfind("s.json: state: ", 0), 0u);
  EXPECT_EQ(error(R"({"game": "rise-hex", "state": {"turn": 1, "to_move": "red", "actions_left": 2,
                      "tiles": [{"at": "0,0", "worker": "red"}, {"at": "5,5", "worker": "blue"}]}})"),
            "s.json: state: rise-hex state: the tiles do not form one connected board");
}

}  // namespace
}  // namespace rise

// The terminal views' log: a run of identical lines is written once with its count.
TEST(Text, FoldRepeatedLinesCountsRunsOnly) {
  EXPECT_EQ(rise::fold_repeated_lines({"a", "a", "a", "b", "a"}, "  "), "  a (x3)\n  b\n  a\n");
  EXPECT_EQ(rise::fold_repeated_lines({}, "  "), "");
}

// Issue 20: card texts at the terminal are wrapped or cut to stay under 100 columns.
TEST(Text, WrapTextKeepsWholeWordsUnderTheWidth) {
  EXPECT_EQ(rise::wrap_text("Deal 1 damage to  target Creature.", 16, "  text: ", "    "),
            "  text: Deal 1\n    damage to\n    target\n    Creature.\n");
  // Columns, not bytes:
  EXPECT_EQ(rise::wrap_text("Dégâts 3, Saignement 1", 14, "", ""), "Dégâts 3,\nSaignement 1\n");
  EXPECT_EQ(rise::wrap_text("Unbreakablewordlongerthanaline ok", 10, "", "  "),
            "Unbreakablewordlongerthanaline\n  ok\n");
  EXPECT_EQ(rise::wrap_text("", 10, "x", "y"), "");
}

TEST(Text, ShortenedCutsWithAnEllipsis) {
  EXPECT_EQ(rise::shortened("Zombie. It keeps coming.", 30), "Zombie. It keeps coming.");
  EXPECT_EQ(rise::shortened("Zombie. It keeps coming.", 12), "Zombie. It…");
  EXPECT_EQ(rise::shortened("Écaille écaillée", 9), "Écaille…");
}

// Issue 20: `rise play --width` cuts board lines and wraps messages, counting code points
// and no colour sequence.
TEST(Text, TerminalColumnsCountCodePointsNotColours) {
  EXPECT_EQ(rise::terminal_columns("Écaille"), 7u);
  EXPECT_EQ(rise::terminal_columns("\033[1;31mp0\033[0m PV"), 5u);
  EXPECT_EQ(rise::terminal_columns(""), 0u);
}

TEST(Text, CutLinesEndsALongLineWithAnEllipsis) {
  EXPECT_EQ(rise::cut_lines("short\nZombie. It keeps coming.\n", 12), "short\nZombie. It…\n");
  EXPECT_EQ(rise::cut_lines("no final newline", 6), "no fi…");
  EXPECT_EQ(rise::cut_lines("", 6), "");
  // A colour is ended after the cut, so that it does not run into the next line.
  EXPECT_EQ(rise::cut_lines("\033[1mBold text here\033[0m\n", 6), "\033[1mBold…\033[0m\n");
  EXPECT_EQ(rise::cut_lines("\033[1mBold\033[0m\n", 6), "\033[1mBold\033[0m\n");
}

TEST(Text, WrapLinesKeepsTheIndentAndWholeWords) {
  EXPECT_EQ(rise::wrap_lines("fits\n  a line too long for ten\n", 10), "fits\n  a line\n    too\n    long\n    for\n    ten\n");
  // A word wider than the line (a file path) stands alone, whole.
  EXPECT_EQ(rise::wrap_lines("saved to /a/very/long/path.json\n", 12), "saved to\n  /a/very/long/path.json\n");
}

// The seat helpers of core/game.h (Rule TCG-17.1 names the one solo mode: rise-tcg's Dungeon).
static rise::GameInfo seat_info(std::string solo_option) {
  rise::GameInfo info;
  info.id = "g";
  info.min_players = 2;
  info.max_players = 6;
  info.solo_option = std::move(solo_option);
  return info;
}

TEST(Seats, SoloOptionsSplitNameAndValue) {
  EXPECT_EQ(rise::solo_options(seat_info("mode=dungeon")), (rise::Options{{"mode", "dungeon"}}));
  EXPECT_TRUE(rise::solo_options(seat_info("")).empty());
  EXPECT_TRUE(rise::solo_options(seat_info("dungeon")).empty());
}

TEST(Seats, OneSeatOnlyUnderTheSoloOption) {
  const rise::GameInfo info = seat_info("mode=dungeon");
  const rise::Options duel{{"mode", "duel"}}, solo{{"mode", "dungeon"}};
  EXPECT_FALSE(rise::seats_allowed(info, duel, 1));
  EXPECT_TRUE(rise::seats_allowed(info, duel, 2));
  EXPECT_TRUE(rise::seats_allowed(info, duel, 6));
  EXPECT_FALSE(rise::seats_allowed(info, duel, 7));
  EXPECT_TRUE(rise::seats_allowed(info, solo, 1));
  EXPECT_FALSE(rise::seats_allowed(info, solo, 2));
  EXPECT_EQ(rise::default_seats(info, duel), 2);
  EXPECT_EQ(rise::default_seats(info, solo), 1);
  try {
    rise::check_seats(info, duel, 1);
    ADD_FAILURE() << "1 seat of a duel was accepted";
  } catch (const rise::InputError& e) {
    EXPECT_EQ(std::string(e.what()), "g is played by 2 to 6 players (or 1 with --option mode=dungeon), not 1");
  }
  try {
    rise::check_seats(info, solo, 2);
    ADD_FAILURE() << "2 seats of a solo game were accepted";
  } catch (const rise::InputError& e) {
    EXPECT_EQ(std::string(e.what()), "g with --option mode=dungeon is played by 1 player, not 2");
  }
}

// A solo_option that is not "name=value" selects nothing: the game has no solo mode.
TEST(Seats, AMalformedSoloOptionIsNeverSelected) {
  const rise::GameInfo info = seat_info("dungeon");
  EXPECT_FALSE(rise::seats_allowed(info, {{"mode", "dungeon"}}, 1));
  EXPECT_EQ(rise::default_seats(info, {}), 2);
}

// Issue 38: the rules documents are built in, so that every front end shows a rule where it
// is cited. A rule is a bullet that starts with its id in bold; its lines are joined.
TEST(Rulebook, ParsesTheBulletsOfARulesDocument) {
  const std::vector<rise::Rule> rules = rise::parse_rules(
      "# Title\n\nSome text.\n\n- **HEX-1.1** The board is made\n  of tiles.\n- not a rule\n"
      "- **HEX-I2** (Interpretation) An\n  interpretation.\n\n  A paragraph after it.\n");
  ASSERT_EQ(rules.size(), 2u);
  EXPECT_EQ(rules[0].id, "HEX-1.1");
  EXPECT_EQ(rules[0].text, "The board is made of tiles.");
  EXPECT_EQ(rules[1].id, "HEX-I2");
  EXPECT_EQ(rules[1].text, "(Interpretation) An interpretation.");
}

TEST(Rulebook, EveryGamesRulesAreBuiltInAndFoundByIdOrWords) {
  for (const char* game : {"rise-hex", "rise-tcg", "dark-legacy", "raise-rise-die"}) {
    EXPECT_GT(rise::game_rules(game).size(), 40u) << game;
  }
  const rise::Rule* rule = rise::find_rule("rise-tcg", "tcg-3.3");  // any case
  ASSERT_NE(rule, nullptr);
  EXPECT_EQ(rule->id, "TCG-3.3");
  EXPECT_EQ(rule->text, "In turn order from the first player, each player keeps its hand or takes a mulligan (the hand is "
                        "shuffled back and the same number of cards drawn), up to 3 times; after the third mulligan the "
                        "player keeps or concedes.");
  EXPECT_EQ(rise::find_rule("rise-tcg", "TCG-99.9"), nullptr);
  EXPECT_EQ(rise::find_rule("no-such-game", "TCG-3.3"), nullptr);
  const std::vector<const rise::Rule*> found = rise::search_rules("rise-tcg", "Mulligan CONCEDES");
  ASSERT_FALSE(found.empty());
  EXPECT_EQ(found.front()->id, "TCG-3.3");
  EXPECT_TRUE(rise::search_rules("rise-tcg", "mulligan zebra").empty());
  EXPECT_EQ(rise::search_rules("rise-tcg", "the", 5).size(), 5u);
}
