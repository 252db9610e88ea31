// `rise` with odd input (issue 15): every file read has a size limit and devices are
// refused, output paths are checked before the work starts, numbers and options on the
// command line are checked with one-line errors, and an installed copy finds its data.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_run.h"

namespace {

using namespace rise::testing_cli;
using rise::testing_files::read_text;
using rise::testing_files::write_text;

class CliInput : public CliRun {};

// A file of `bytes` spaces (valid JSON and YAML whitespace) followed by `tail`.
void write_padded(const fs::path& path, size_t bytes, const std::string& tail) {
  write_text(path, std::string(bytes, ' ') + tail);
}

TEST_F(CliInput, DevicesAndPipesAreRefusedWithoutReading) {
  refused("replay /dev/zero", "/dev/zero: not a regular file (a device)");
  refused("scenario /dev/zero", "/dev/zero: not a regular file (a device)");
  refused("replay " + shell_quoted(dir_.string()), dir_.string() + ": not a regular file (a directory)");
  ASSERT_EQ(system(("mkfifo " + shell_quoted(file("pipe").string())).c_str()), 0);
  refused("scenario " + shell_quoted(file("pipe").string()), "pipe: not a regular file (a pipe)");
  refused("deck validate rise-tcg /dev/zero", "/dev/zero");
}

// A move typed at `rise play` or a command of `rise replay --step` is a line of at most 64 KiB.
TEST_F(CliInput, InteractiveInputFromDevZeroEnds) {
  Outcome o = rise("play rise-hex --players human,random --seed 1 --no-color --replay " +
                       shell_quoted(file("r.json").string()),
                   "/dev/zero");
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find("rise: error: standard input: a line longer than 64 KiB"), std::string::npos) << o.err;
  const fs::path replay = file("r2.json");
  ASSERT_EQ(rise("play rise-hex --players random,random --seed 3 --replay " + shell_quoted(replay.string())).exit_code, 0);
  o = rise("replay --step --no-color " + shell_quoted(replay.string()), "/dev/zero");
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find("rise: error: standard input: a line longer than 64 KiB"), std::string::npos) << o.err;
}

TEST_F(CliInput, JsonFilesAboveSixteenMebibytesAreRefused) {
  const fs::path big = file("big.json");
  write_padded(big, size_t{16} << 20, "{}");
  refused("replay " + shell_quoted(big.string()),
          big.string() + ": the file is larger than the 16 MiB limit for a JSON file (16777218 bytes)");
  refused("scenario " + shell_quoted(big.string()), "larger than the 16 MiB limit for a JSON file");
  // Standard input has the same limit, and reading stops there.
  const Outcome o = rise("scenario -", big.string());
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_EQ(o.err, "rise: error: stdin: the file is larger than the 16 MiB limit for a JSON file (more was given)\n");
  const Outcome zeros = run("scenario -", "/dev/null", "head -c 20000000 /dev/zero |");
  EXPECT_EQ(zeros.exit_code, 2);
  // Just under the limit is read (and then refused for what it says, not its size).
  write_padded(big, (size_t{16} << 20) - 2, "{}");
  refused("scenario " + shell_quoted(big.string()), "missing field 'game'");
}

TEST_F(CliInput, YamlFilesAboveFourMebibytesAreRefused) {
  const fs::path deck = file("big.yaml");
  write_padded(deck, (size_t{4} << 20) + 1, "\n");
  const Outcome o = rise("deck validate rise-tcg " + shell_quoted(deck.string()));
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find(deck.string() + ": the file is larger than the 4 MiB limit for a YAML file (4194306 bytes)"),
            std::string::npos)
      << o.err;
}

TEST_F(CliInput, SimOutputsAreCheckedBeforeTheFirstGame) {
  const std::string sim = "sim rise-hex --players random,random --games 2 --quiet ";
  refused(sim + "--json /nonexistent-dir/s.json", "--json /nonexistent-dir/s.json: cannot write there: no such directory");
  refused(sim + "--csv /nonexistent-dir/s.csv", "--csv /nonexistent-dir/s.csv: cannot write there");
  refused(sim + "--json " + shell_quoted(dir_.string()), "--json " + dir_.string() + ": cannot write there: it is a directory");
  write_text(file("plain"), "x");
  refused(sim + "--replays " + shell_quoted(file("plain").string()), "--replays " + file("plain").string() + ": cannot write there");
  refused("sim rise-tcg --round-robin " + shell_quoted(dir_.string()) + " --plot /nonexistent-dir/p.svg --quiet",
          "--plot /nonexistent-dir/p.svg: cannot write there");
  // The check neither truncates an existing file nor leaves a new one behind.
  write_text(file("old.csv"), "kept\n");
  const Outcome o = rise(sim + "--json " + shell_quoted(file("new.json").string()) + " --csv " + shell_quoted(file("old.csv").string()) +
                         " --option turn_limit=-5");
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_EQ(read_text(file("old.csv")), "kept\n");
  EXPECT_FALSE(fs::exists(file("new.json")));
}

TEST_F(CliInput, PlayChecksTheReplayPathBeforeTheGame) {
  refused("play rise-hex --players random,random --seed 1 --replay /nonexistent-dir/r.json",
          "--replay /nonexistent-dir/r.json: cannot write there: no such directory /nonexistent-dir");
  refused("play rise-hex --players random,random --seed 1 --replay " + shell_quoted(dir_.string()), "it is a directory");
}

TEST_F(CliInput, BadNumbersGetOneLineErrors) {
  const std::string seed_range = "a seed is a whole number from 0 to 18446744073709551615";
  refused("sim rise-hex --games 1 --seed -1", "--seed '-1': " + seed_range);
  refused("sim rise-hex --games 1 --seed abc", "--seed 'abc': " + seed_range);
  refused("sim rise-hex --games 1 --seed 18446744073709551616", "--seed '18446744073709551616'");
  refused("sim rise-hex --games 1 --seed ''", "--seed '': " + seed_range);
  refused("play rise-hex --players random,random --seed 1x", "--seed '1x': " + seed_range);
  refused("sim rise-hex --games -1", "--games '-1': give a whole number from 1 to 100000000");
  refused("sim rise-hex --games 0", "--games '0'");
  refused("sim rise-hex --games 99999999999999999999", "--games '99999999999999999999'");
  refused("sim rise-hex --games ten", "--games 'ten'");
  refused("sim rise-hex --threads 0", "--threads '0': give a whole number from 1 to 1024");
  refused("sim rise-tcg --round-robin " + shell_quoted(dir_.string()) + " --games -3", "--games '-3'");
  const fs::path replay = file("r.json");
  ASSERT_EQ(rise("play rise-hex --players random,random --seed 3 --replay " + shell_quoted(replay.string())).exit_code, 0);
  refused("replay " + shell_quoted(replay.string()) + " --at -1", "--at '-1': give a whole number from 0 to 2147483647");
  refused("replay " + shell_quoted(replay.string()) + " --at 1e3", "--at '1e3'");
  refused("replay " + shell_quoted(replay.string()) + " --at 99999", "--at 99999: the replay has only");
  refused("serve --port 70000", "--port '70000': give a whole number from 0 to 65535");
  refused("serve --ai-threads 4000000000", "--ai-threads '4000000000': give a whole number from 0 to 1024");
}

TEST_F(CliInput, OptionsAndPlayersAreCheckedOnce) {
  refused("sim rise-hex --games 1 --option turn_limit=5 --option turn_limit=6",
          "--option turn_limit is given twice (turn_limit=5 and turn_limit=6)");
  refused("sim rise-hex --games 1 --players mcts:ms=0,random", "mcts: setting ms=0 must be an integer in [1, 3600000]");
  refused("sim rise-hex --games 1 --players mcts:iters=5,iters=6,random", "setting 'iters' is given twice");
  refused("sim rise-hex --games 1 --players mcts:c=200,random", "mcts: setting c=200 must be a number in [0, 100]");
  refused("sim rise-tcg --games 1 --players random,random --option decks=,,,",
          "decks ',,,': deck 1 is empty; give one deck id or file per seat");
  refused("sim rise-tcg --games 1 --players random,random --decks cinderstorm,", "deck 2 is empty");
  refused("sim rise-tcg --games 1 --players random,random --decks cinderstorm,deepcurrent,skyreavers",
          "decks 'cinderstorm,deepcurrent,skyreavers': 3 decks for 2 seats");
  refused("play rise-tcg --players random,random --decks a,b,c", "3 decks for 2 seats");
  refused("sim", "game is required");
  refused("sim rise-hex --games", "--games");
  refused("frobnicate", "unknown command 'frobnicate' (commands: games, play, sandbox, sim, replay, review, scenario, deck, cards, hero, serve, lab)");
}

TEST_F(CliInput, AnUnknownCardIdGetsASuggestion) {
  refused("cards rise-tcg --id cinderlin", "unknown card 'cinderlin' (did you mean 'cinderling'?) in rise-tcg");
  refused("cards dark-legacy --id rift-im", "unknown card 'rift-im' (did you mean 'rift-imp'?) in dark-legacy");
  refused("cards rise-tcg --id ''", "--id is empty");
}

// A copy of data/GAME whose first card file has a name in Latin-1 (the byte 0xE9).
TEST_F(CliInput, CardNamesThatAreNotUtf8AreRefusedInEveryCardGame) {
  for (const std::string game : {"rise-tcg", "dark-legacy", "raise-rise-die"}) {
    const fs::path data = file("data-" + game);
    fs::copy(fs::path(RISE_SOURCE_DIR) / "data" / game, data, fs::copy_options::recursive);
    fs::path first;
    for (const auto& entry : fs::directory_iterator(data / "cards")) {
      if (first.empty() || entry.path() < first) first = entry.path();
    }
    std::string text = read_text(first);
    const size_t name = text.find("name: ");
    ASSERT_NE(name, std::string::npos) << first;
    text.insert(name + 6, "Caf\xE9 ");
    write_text(first, text);
    const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(name), '\n'));
    refused("cards " + game + " --data " + shell_quoted(data.string()),
            first.string() + ":" + std::to_string(line) + ": field 'name': not valid UTF-8 (byte 0xE9");
  }
}

// Issue 36: a data folder with several mistakes reports every one at once, in every card game:
// an unknown field in the first card of each of two card files gives one error naming both
// files and lines, and `rise cards` lists nothing.
TEST_F(CliInput, EveryMistakeOfADataFolderAtOnceInEveryCardGame) {
  for (const std::string game : {"rise-tcg", "dark-legacy", "raise-rise-die"}) {
    const fs::path data = file("mistakes-" + game);
    fs::copy(fs::path(RISE_SOURCE_DIR) / "data" / game, data, fs::copy_options::recursive);
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(data / "cards")) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    ASSERT_GE(files.size(), 2u) << game;
    std::vector<std::string> where;
    for (size_t k = 0; k < 2; ++k) {
      std::string text = read_text(files[k]);
      const size_t item = text.find("  - id: ");
      ASSERT_NE(item, std::string::npos) << files[k];
      const size_t next = text.find('\n', item) + 1;
      text.insert(next, "    colour: red\n");
      write_text(files[k], text);
      const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(next), '\n'));
      where.push_back(files[k].string() + ":" + std::to_string(line) + ":");
    }
    const Outcome o = rise("cards " + game + " --data " + shell_quoted(data.string()));
    EXPECT_EQ(o.exit_code, 2) << game << "\n" << o.err;
    EXPECT_EQ(o.out, "") << game;
    EXPECT_EQ(o.err.rfind("rise: error: 2 mistakes in the cards of ", 0), 0u) << game << "\n" << o.err;
    for (const std::string& w : where) EXPECT_NE(o.err.find("\n" + w), std::string::npos) << w << "\n" << o.err;
    EXPECT_NE(o.err.find("'colour'"), std::string::npos) << o.err;
  }
}

// Issue 36: a replay can carry the card data it was played with (rise sim --embed-data):
// it replays after the data folder changed (in every card game, a deck given as a file
// too), where the same replay without it is refused as "the cards changed"; and a replay's
// file names are checked before a byte is written.
TEST_F(CliInput, AReplayWithItsCardDataReplaysAfterTheCardsChanged) {
  for (const std::string game : {"rise-tcg", "dark-legacy", "raise-rise-die"}) {
    const fs::path data = file("embed-" + game);
    fs::copy(fs::path(RISE_SOURCE_DIR) / "data" / game, data, fs::copy_options::recursive);
    std::vector<std::string> decks;
    for (const auto& entry : fs::directory_iterator(data / "decks")) decks.push_back(entry.path().stem().string());
    std::sort(decks.begin(), decks.end());
    ASSERT_GE(decks.size(), 2u);
    // The second deck as a file outside the data folder.
    const fs::path outside = file("outside-" + game + ".yaml");
    fs::copy_file(data / "decks" / (decks[1] + ".yaml"), outside);
    const fs::path replays = file("replays-" + game);
    const Outcome sim = rise("sim " + game + " --data " + shell_quoted(data.string()) + " --decks " + decks[0] + "," +
                             shell_quoted(outside.string()) + " --players random,random --games 1 --quiet --replays " +
                             shell_quoted(replays.string()) + " --embed-data");
    ASSERT_EQ(sim.exit_code, 0) << game << "\n" << sim.err;
    const fs::path replay = replays / "game-00000.replay.json";
    const Outcome before = rise("replay " + shell_quoted(replay.string()));
    ASSERT_EQ(before.exit_code, 0) << game << "\n" << before.err;
    // Every card file of the folder changes (a comment line first), and the outside deck goes.
    for (const auto& entry : fs::recursive_directory_iterator(data)) {
      if (entry.path().extension() != ".yaml" || entry.path().parent_path().filename() == "decks") continue;
      std::string text = read_text(entry.path());
      const size_t colon = text.find("name: ");
      if (colon != std::string::npos) text.insert(colon + 6, "Changed ");
      write_text(entry.path(), text);
    }
    fs::remove(outside);
    const Outcome after = rise("replay " + shell_quoted(replay.string()));
    ASSERT_EQ(after.exit_code, 0) << game << "\n" << after.err;
    EXPECT_EQ(after.out, before.out) << game;
    // Without its card data the same replay is refused.
    nlohmann::json j = nlohmann::json::parse(read_text(replay));
    ASSERT_TRUE(j.contains("data_files")) << game;
    EXPECT_TRUE(j["data_files"].contains("@deck:" + outside.string())) << game;
    nlohmann::json plain = j;
    plain.erase("data_files");
    write_text(file("plain-" + game + ".json"), plain.dump());
    fs::copy_file(data / "decks" / (decks[1] + ".yaml"), outside);
    const Outcome refused_plain = rise("replay " + shell_quoted(file("plain-" + game + ".json").string()));
    EXPECT_EQ(refused_plain.exit_code, 2) << game;
    EXPECT_NE(refused_plain.err.find("the cards changed since this replay was recorded"), std::string::npos)
        << game << "\n" << refused_plain.err;
    // A file name that would escape the temporary folder is refused, naming it.
    j["data_files"]["../escape.yaml"] = "x";
    write_text(file("evil-" + game + ".json"), j.dump());
    refused("replay " + shell_quoted(file("evil-" + game + ".json").string()),
            "data_files: '../escape.yaml' is not a path the replay may write");
  }
}

// `cmake --install` into a scratch prefix: the installed binary, run from another folder,
// finds its data in PREFIX/share/rise-engine (a deck added only there is found), and
// RISE_DATA_DIR overrides it.
TEST_F(CliInput, AnInstalledBinaryFindsItsData) {
  const fs::path prefix = file("prefix");
  const std::string install = "cmake --install " + shell_quoted(RISE_BINARY_DIR) + " --prefix " + shell_quoted(prefix.string()) +
                              " >" + shell_quoted(file("install.log").string()) + " 2>&1";
  ASSERT_EQ(system(install.c_str()), 0) << read_text(file("install.log"));
  const fs::path bin = prefix / "bin" / "rise";
  const fs::path share = prefix / "share" / "rise-engine";
  ASSERT_TRUE(fs::exists(bin));
  ASSERT_TRUE(fs::exists(share / "data" / "rise-tcg" / "decks" / "cinderstorm.yaml"));
  ASSERT_TRUE(fs::exists(share / "web" / "index.html"));
  fs::copy_file(share / "data" / "rise-tcg" / "decks" / "cinderstorm.yaml",
                share / "data" / "rise-tcg" / "decks" / "only-installed.yaml");
  fs::create_directories(file("elsewhere"));
  const std::string cd = "cd " + shell_quoted(file("elsewhere").string()) + " &&";
  Outcome o = run("deck validate rise-tcg only-installed", "/dev/null", cd, bin.string());
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find((share / "data" / "rise-tcg" / "decks" / "only-installed.yaml").string() + ": ok"), std::string::npos)
      << o.out;
  o = run("cards dark-legacy", "/dev/null", cd, bin.string());
  EXPECT_EQ(o.exit_code, 0) << o.err;
  // The installed tree moved as a whole still works.
  const fs::path moved = file("moved");
  fs::rename(prefix, moved);
  o = run("deck validate rise-tcg only-installed", "/dev/null", cd, (moved / "bin" / "rise").string());
  EXPECT_EQ(o.exit_code, 0) << o.err;
  // RISE_DATA_DIR wins over the installed data.
  o = run("deck validate rise-tcg only-installed", "/dev/null", cd + " RISE_DATA_DIR=" + shell_quoted(file("none").string()),
          (moved / "bin" / "rise").string());
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find(file("none").string()), std::string::npos) << o.err;
}

// Issue 18: `rise serve --help` names every limit with its default, and the fixed ones in
// its last line (docs/server.md, "Limits"); a limit out of range is refused before serving.
TEST_F(CliInput, ServeHelpListsEveryLimitWithItsDefault) {
  const Outcome help = rise("serve --help");
  EXPECT_EQ(help.exit_code, 0);
  for (const char* limit : {"--max-tables TEXT=1000", "--max-tables-per-client TEXT=20", "--idle-minutes TEXT=60",
                            "--max-ai-iterations TEXT=100000", "--max-ai-ms TEXT=5000", "--max-ai-rollout TEXT=200",
                            "--max-ai-nodes TEXT=2000000", "--http-threads TEXT=64",
                            "--hint-iterations TEXT=30000", "--hints-per-minute TEXT=30", "--allow-seeds",
                            "request bodies of 64 KiB", "2 hint searches at once", "lobby pages of 50"}) {
    EXPECT_NE(help.out.find(limit), std::string::npos) << limit << " missing in:\n" << help.out;
  }
  refused("serve --port 0 --max-tables 0", "--max-tables");
  refused("serve --port 0 --idle-minutes -1", "--idle-minutes");
}

}  // namespace
