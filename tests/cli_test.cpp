// The `rise` binary run as a user runs it: exit codes, what goes to stdout and stderr,
// and the files it writes. Bad input must exit with code 2, print nothing on stdout and
// name the problem on stderr (DESIGN.md, "Front ends").
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise/store/hero_store.h"
#include "cli_run.h"
#include "test_files.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

using rise::testing_cli::kRise;
using rise::testing_cli::Outcome;
using rise::testing_files::read_text;
using rise::testing_files::write_text;

// Single quotes for the shell.
std::string quoted(const std::string& text) { return rise::testing_cli::shell_quoted(text); }

// One test's scratch directory, and `rise` run inside it (tests/cli_run.h).
class Cli : public rise::testing_cli::CliRun {
 protected:
  // Plays a finished random game and saves its replay; returns the replay's path.
  fs::path played_replay() const {
    const fs::path path = file("game.replay.json");
    const Outcome play = rise("play rise-hex --players random,random --seed 3 --no-color --replay " +
                          quoted(path.string()));
    EXPECT_EQ(play.exit_code, 0) << play.err;
    return path;
  }
};

TEST_F(Cli, GamesListsRiseHex) {
  const Outcome run = rise("games");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("rise-hex"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("turn_limit"), std::string::npos) << run.out;
  EXPECT_EQ(run.err, "");
}

// Issue 20: `help` gives up to three different example actions ("e.g. 'keep', 'keep'" when
// two were legal).
TEST_F(Cli, PlayHelpGivesDifferentExampleActions) {
  const fs::path input = dir_ / "help.txt";
  write_text(input, "help\nquit\n");
  const Outcome run = rise("play rise-tcg --seed 1 --no-color --replay " + quoted((dir_ / "r.json").string()),
                           input.string());
  EXPECT_NE(run.out.find("e.g. 'keep', 'mulligan'."), std::string::npos) << run.out;
}

// Issue 38: `undo` works against the computer too (it was refused unless every seat was
// human): it takes back the player's action and the computer's reply; and it never takes
// back what showed the player a card: a mulligan deals a new hand.
TEST_F(Cli, PlayUndoTakesBackAMoveButNeverACardSeen) {
  const fs::path input = dir_ / "undo.txt";
  write_text(input, "1\nundo\nquit\n");
  const Outcome hex = rise("play rise-hex --players human,random --seed 2 --no-color --replay " +
                               quoted((dir_ / "hex.json").string()),
                           input.string());
  ASSERT_EQ(hex.exit_code, 0) << hex.err;
  EXPECT_EQ(hex.out.find("undo"), std::string::npos) << hex.out;  // no refusal, no "only available"
  EXPECT_NE(hex.out.find("seat 1 (random) plays: "), std::string::npos) << hex.out;
  EXPECT_EQ(json::parse(read_text(dir_ / "hex.json"))["actions"], json::array()) << hex.out;  // both taken back

  write_text(input, "mulligan\nundo\nquit\n");
  const Outcome tcg = rise("play rise-tcg --players human,random --seed 1 --no-color --width 1000 --replay " +
                               quoted((dir_ / "tcg.json").string()),
                           input.string());
  ASSERT_EQ(tcg.exit_code, 0) << tcg.err;
  EXPECT_NE(tcg.out.find("no undo: 'mulligan' showed you what could not be seen before it "
                         "(a card or a chance outcome), and an undo never takes that back\n"),
            std::string::npos)
      << tcg.out;
}

// Issue 38: an action the seat cannot take back (conceding) is done only after a yes.
TEST_F(Cli, PlayAsksBeforeAnActionThatCannotBeTakenBack) {
  const fs::path input = dir_ / "concede.txt";
  write_text(input, "mulligan\nmulligan\nmulligan\nconcede\nno\nconcede\nyes\n");
  const Outcome run = rise("play rise-tcg --players human,human --seed 1 --no-color --width 1000 --replay " +
                               quoted((dir_ / "concede.json").string()),
                           input.string());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::string question = "concede ends the game: you lose (Rule TCG-3.3). Do it? (yes/no) ";
  const size_t first = run.out.find(question);
  ASSERT_NE(first, std::string::npos) << run.out;
  const size_t declined = run.out.find("not done: choose again\n", first);
  ASSERT_NE(declined, std::string::npos) << run.out;
  EXPECT_NE(run.out.find(question, declined), std::string::npos) << run.out;  // asked again
  EXPECT_NE(run.out.find("(human): loses\n"), std::string::npos) << run.out;
  // The first "no" played nothing: the replay has one concede, after three mulligans.
  EXPECT_EQ(json::parse(read_text(dir_ / "concede.json"))["actions"],
            json({"mulligan", "mulligan", "mulligan", "concede"}));
}

// Issue 38: `rules ID` shows a rule as refusals cite it, `rules WORDS` finds rules.
TEST_F(Cli, PlayShowsARuleByItsIdOrItsWords) {
  const fs::path input = dir_ / "rules.txt";
  write_text(input, "rules TCG-3.3\nrules Mulligan concedes\nrules zebra\nrules\nquit\n");
  const Outcome run = rise("play rise-tcg --seed 1 --no-color --width 200 --replay " + quoted((dir_ / "r.json").string()),
                           input.string());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::string rule = "TCG-3.3 In turn order from the first player, each player keeps its hand or takes a mulligan";
  const size_t first = run.out.find(rule);
  ASSERT_NE(first, std::string::npos) << run.out;
  EXPECT_NE(run.out.find(rule, first + 1), std::string::npos) << "found by its words too: " << run.out;
  EXPECT_NE(run.out.find("no rule is 'zebra' or holds those words\n"), std::string::npos) << run.out;
  EXPECT_TRUE(std::regex_search(run.out, std::regex("rules ID shows a rule \\(e\\.g\\. 'rules TCG-[0-9.]+'\\), rules WORDS the "
                                                    "rules that hold those words; \\d+ rules in all\n")))
      << run.out;
}

// Issue 20: `hint` names the search's 3 best actions in notation, each with its estimated
// chance to win and share of the search, and what the search expects after the first.
TEST_F(Cli, PlayHintExplainsItsCandidates) {
  const fs::path input = dir_ / "hint.txt";
  write_text(input, "hint\nquit\n");
  const Outcome run = rise("play rise-hex --seed 2 --no-color --width 1000 --replay " +
                               quoted((dir_ / "r.json").string()),
                           input.string());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  // Red's first action places a worker: every candidate is "worker q,r".
  const std::regex line("seat 0> hint: worker -?\\d+,-?\\d+ \\(win \\d+%, \\d+% of the search(; then: [^;)\n]+)?(; why: [^)\n]+)?\\)"
                        " · also: worker -?\\d+,-?\\d+ \\(win \\d+%, \\d+%(; why: [^)\n]+)?\\) · worker -?\\d+,-?\\d+ \\(win \\d+%, \\d+%(; why: [^)\n]+)?\\)\n");
  EXPECT_TRUE(std::regex_search(run.out, line)) << run.out;
  EXPECT_EQ(run.err, "");
}

// Issue 20: `--explain` tells, after every computer move, what its own search concluded;
// a player that does not search says so.
TEST_F(Cli, PlayExplainTellsEveryComputerMove) {
  const Outcome run = rise("play rise-hex --players mcts:iters=60,random --seed 4 --option turn_limit=6 --explain "
                           "--no-color --width 1000 --replay " + quoted((dir_ / "r.json").string()));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::istringstream lines(run.out);
  std::string text, previous;
  int mcts_moves = 0, random_moves = 0, explained = 0;
  while (std::getline(lines, text)) {
    if (text.rfind("  explain: ", 0) == 0) {
      ++explained;
      // The line right after the move it explains, which is its top candidate.
      if (previous.rfind("seat 0 (mcts:iters=60) plays: ", 0) == 0) {
        const std::string played = previous.substr(previous.find("plays: ") + 7);
        EXPECT_EQ(text.rfind("  explain: " + played + " (win ", 0), 0u) << previous << "\n" << text;
      } else {
        EXPECT_EQ(previous.rfind("seat 1 (random) plays: ", 0), 0u) << previous;
        EXPECT_EQ(text, "  explain: no search (random does not search)");
      }
    }
    if (text.rfind("seat 0 (mcts:iters=60) plays: ", 0) == 0) ++mcts_moves;
    if (text.rfind("seat 1 (random) plays: ", 0) == 0) ++random_moves;
    previous = text;
  }
  EXPECT_GT(mcts_moves, 2) << run.out;
  EXPECT_GT(random_moves, 2) << run.out;
  EXPECT_EQ(explained, mcts_moves + random_moves) << run.out;
  // Without the flag, no explanation.
  const Outcome plain = rise("play rise-hex --players mcts:iters=60,random --seed 4 --option turn_limit=6 "
                             "--no-color --replay " + quoted((dir_ / "r2.json").string()));
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(plain.out.find("explain:"), std::string::npos);
}

// Issue 20: `show WHAT` at the prompt prints a card's, a Summoner's or a zone's whole text
// as the seat to move sees it (never another hand), and help lists it with an example.
TEST_F(Cli, PlayShowsCardsSummonersAndZones) {
  const fs::path input = dir_ / "show.txt";
  write_text(input, "help\nshow hand\nshow S1\nshow hand p1\nshow #9999\nshow\nquit\n");
  const Outcome run = rise("play rise-tcg --seed 1 --no-color --replay " + quoted((dir_ / "r.json").string()),
                           input.string());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::regex example("\nshow WHAT: a card's whole text and numbers, a zone, e\\.g\\. 'show #(\\d+)' "
                           "\\('show' says what\\)\\.\n");
  std::smatch match;
  ASSERT_TRUE(std::regex_search(run.out, match, example)) << run.out;
  // The example is a card of the seat's own hand, and `show hand` gives its whole text.
  EXPECT_NE(run.out.find("seat 0> p0's hand: 4 card(s)\n#" + match[1].str() + " "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\n  Creature | rank "), std::string::npos) << run.out;
  EXPECT_TRUE(std::regex_search(run.out, std::regex("seat 0> p0\\.S1 [^\n]+  \\(p0's Summoner\\)\n"
                                                    "  HP \\d+ \\(started with \\d+\\) \\| level 1 of \\d \\|")))
      << run.out;
  EXPECT_TRUE(std::regex_search(run.out, std::regex("\n  skill 1 [^\n]+ \\(level 1\\): "))) << run.out;
  EXPECT_TRUE(std::regex_search(run.out, std::regex("seat 0> p1's hand: (\\d+) card\\(s\\), \\1 of them hidden\n")))
      << run.out;
  EXPECT_NE(run.out.find("seat 0> show '#9999': there is no card #9999 (cards are #0 to #"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("seat 0> show #94          a card by its id"), std::string::npos) << run.out;
  EXPECT_EQ(run.err, "");
}

// Dungeon mode (Rules TCG-17.*): `rise play` seats one human alone; the Dungeon's side shows
// its rooms, and its turn (room 1 opening) follows the player's pass at once.
TEST_F(Cli, PlayDungeonModeAlone) {
  const fs::path input = dir_ / "dungeon.txt";
  write_text(input, "keep\npass\nquit\n");
  const Outcome run = rise("play rise-tcg --option mode=dungeon --seed 1 --no-color --width 100 --replay " +
                               quoted((dir_ / "r.json").string()),
                           input.string());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("seed 1 — seats: 0=human\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("p1 the Dungeon: The Barrow Depths  rooms opened 0 of 7"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("    next room (1 of 7): Blazing Duelist, Cobble Golem, Oaken Gate\n"), std::string::npos);
  EXPECT_NE(run.out.find("    S1 Korrag, Ashmaw           HP 30  Guardian\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("    the Dungeon opens room 1 of 7\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("p1 the Dungeon: The Barrow Depths  rooms opened 1 of 7"), std::string::npos);
  // Two seats in Dungeon mode are refused with the rule's words.
  const Outcome two = rise("sim rise-tcg --option mode=dungeon --players random,random --games 1");
  EXPECT_EQ(two.exit_code, 2);
  EXPECT_NE(two.err.find("rise-tcg with --option mode=dungeon is played by 1 player, not 2"), std::string::npos)
      << two.err;
}

// `rise sim` of Dungeon mode: one player, its clear rate with an interval.
TEST_F(Cli, SimDungeonModeReportsTheClearRate) {
  const Outcome run = rise("sim rise-tcg --option mode=dungeon --players random --games 20 --seed 3");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("20 games of rise-tcg, seed 3"), std::string::npos) << run.out;
  EXPECT_TRUE(std::regex_search(run.out, std::regex("\nrandom +\\d+ +\\d+ +\\d+ +\\d+\\.\\d%"))) << run.out;
}

TEST_F(Cli, PlayShowInAGameWithoutCardsSaysSo) {
  const fs::path input = dir_ / "show.txt";
  write_text(input, "show #3\nquit\n");
  const Outcome run = rise("play rise-hex --seed 1 --no-color --replay " + quoted((dir_ / "r.json").string()),
                           input.string());
  EXPECT_NE(run.out.find("seat 0> show '#3': rise-hex has nothing to show (its board shows everything)\n"),
            std::string::npos)
      << run.out;
}

TEST_F(Cli, UnknownSubcommandIsAUsageError) {
  const Outcome run = rise("frobnicate");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err.rfind("rise: error: unknown command 'frobnicate' (commands: games, play,", 0), 0u) << run.err;
}

TEST_F(Cli, ScenarioPrintsTheResultingState) {
  const fs::path path = file("s.json");
  write_text(path, R"({"game": "rise-hex", "actions": ["worker 2,0", "tile 8,0"]})");
  const Outcome run = rise("scenario " + quoted(path.string()));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  const json state = json::parse(run.out);
  EXPECT_EQ(state["turn"], 2);
  EXPECT_EQ(state["to_move"], "blue");
  EXPECT_EQ(state["actions_left"], 1);
  EXPECT_TRUE(state["result"].is_null());
  EXPECT_EQ(state["tiles"].size(), 13u);
  EXPECT_NE(state["tiles"].dump().find(R"({"at":"2,0","worker":"red"})"), std::string::npos) << run.out;
  EXPECT_NE(state["tiles"].dump().find(R"({"at":"8,0"})"), std::string::npos) << run.out;
}

TEST_F(Cli, ScenarioFromStandardInput) {
  const fs::path path = file("s.json");
  write_text(path, R"({"game": "rise-hex", "actions": ["move 1,0>2,0"]})");
  const Outcome run = rise("scenario -", path.string());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const json state = json::parse(run.out);
  EXPECT_NE(state["tiles"].dump().find(R"({"at":"2,0","worker":"red"})"), std::string::npos) << run.out;
}

TEST_F(Cli, ScenarioWithAnIllegalActionExitsWithCode2) {
  const fs::path path = file("illegal.json");
  write_text(path, R"({"game": "rise-hex", "actions": ["worker 2,0", "worker 3,0"]})");
  const Outcome run = rise("scenario " + quoted(path.string()));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "") << "nothing may be printed as if it had worked";
  EXPECT_NE(run.err.find("action 1 'worker 3,0': not legal"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find(path.string()), std::string::npos) << run.err;
}

TEST_F(Cli, ScenarioWithAMalformedActionExitsWithCode2) {
  const fs::path path = file("malformed.json");
  write_text(path, R"({"game": "rise-hex", "actions": ["worker 2,0", "tile 8,0", "warp 1,0"]})");
  const Outcome run = rise("scenario " + quoted(path.string()));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("action 2"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("warp 1,0"), std::string::npos) << run.err;
}

TEST_F(Cli, ScenarioFileProblemsExitWithCode2) {
  const Outcome missing = rise("scenario " + quoted(file("none.json").string()));
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.out, "");
  EXPECT_NE(missing.err.find("none.json: cannot open file"), std::string::npos) << missing.err;

  const fs::path broken = file("broken.json");
  write_text(broken, "{\"game\": \"rise-hex\",\n \"actions\": [\"worker 2,0\"");
  const Outcome truncated = rise("scenario " + quoted(broken.string()));
  EXPECT_EQ(truncated.exit_code, 2);
  EXPECT_EQ(truncated.out, "");
  EXPECT_NE(truncated.err.find("broken.json:2:"), std::string::npos) << truncated.err;
  EXPECT_NE(truncated.err.find("truncated"), std::string::npos) << truncated.err;
}

TEST_F(Cli, SimWritesASummaryWithEveryGame) {
  const fs::path path = file("summary.json");
  const Outcome run = rise("sim rise-hex --games 4 --players random,random --quiet --json " + quoted(path.string()));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "") << "--quiet";
  EXPECT_NE(run.out.find("4 games of rise-hex"), std::string::npos) << run.out;
  const json summary = json::parse(read_text(path));
  EXPECT_EQ(summary["game"], "rise-hex");
  EXPECT_EQ(summary["games"], 4);
  ASSERT_EQ(summary["records"].size(), 4u);
  int wins_draws_losses = 0;
  for (const json& player : summary["players"]) {
    wins_draws_losses += player["wins"].get<int>() + player["draws"].get<int>() + player["losses"].get<int>();
  }
  EXPECT_EQ(wins_draws_losses, 8) << "two players, four games each";
  for (const json& record : summary["records"]) {
    ASSERT_EQ(record["returns"].size(), 2u);
    EXPECT_EQ(record["returns"][0].get<double>() + record["returns"][1].get<double>(), 0.0);
    EXPECT_GT(record["actions"].get<int>(), 0);
  }
}

// Issue 36: `rise sim --decks A,B --players greedy,greedy` printed two rows both named
// greedy, whatever each deck did (the decks stay in their seats, the players rotate), and
// its JSON named no deck. Rows by deck now follow the players' rows, and the JSON's seats
// name their decks; each deck's results are its seat's, from the games' own returns.
TEST_F(Cli, SimReportsResultsByDeck) {
  const fs::path path = file("decks.json");
  const Outcome run = rise("sim rise-tcg --decks cinderstorm,deepcurrent --players random,random --games 6 --seed 2 "
                           "--quiet --json " + quoted(path.string()));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("\nrandom (player 1) "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\nrandom (player 2) "), std::string::npos) << run.out;
  const json summary = json::parse(read_text(path));
  ASSERT_EQ(summary["seats"].size(), 2u);
  const char* decks[] = {"cinderstorm", "deepcurrent"};
  for (int seat = 0; seat < 2; ++seat) {
    const json& row = summary["seats"][static_cast<size_t>(seat)];
    EXPECT_EQ(row["seat"], seat);
    EXPECT_EQ(row["deck"], decks[seat]);
    int wins = 0, draws = 0;
    for (const json& record : summary["records"]) {
      const double r = record["returns"][static_cast<size_t>(seat)].get<double>();
      wins += r > 0 ? 1 : 0;
      draws += r == 0 ? 1 : 0;
    }
    EXPECT_EQ(row["wins"], wins);
    EXPECT_EQ(row["draws"], draws);
    EXPECT_EQ(row["wins"].get<int>() + row["draws"].get<int>() + row["losses"].get<int>(), 6);
    const std::string row_text = "\n" + std::string(decks[seat]) + " \\(seat " + std::to_string(seat) + "\\) +" +
                                 std::to_string(wins) + " +" + std::to_string(draws) + " ";
    EXPECT_TRUE(std::regex_search(run.out, std::regex(row_text))) << row_text << "\n" << run.out;
  }
  EXPECT_NE(run.out.find("\ndeck "), std::string::npos) << run.out;
  // A game without decks prints no deck rows.
  const Outcome hex = rise("sim rise-hex --games 2 --players random,random --quiet");
  EXPECT_EQ(hex.out.find("\ndeck "), std::string::npos) << hex.out;
}

// Issue 36: `rise sim` said only "draw rate 90.5%" when an effect loop ended most games.
// Its text, JSON and CSV now say how each game ended (State::game_end): one row per way,
// counted from the games themselves.
TEST_F(Cli, SimSaysHowTheGamesEnded) {
  const fs::path path = file("ends.json"), csv_path = file("ends.csv");
  const Outcome run = rise("sim rise-tcg --players random,random --games 12 --seed 2 --quiet --json " +
                           quoted(path.string()) + " --csv " + quoted(csv_path.string()));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const json summary = json::parse(read_text(path));
  std::map<std::string, int> by_reason;
  for (const json& record : summary["records"]) {
    ASSERT_TRUE(record.contains("end")) << record;
    ++by_reason[record["end"]["reason"].get<std::string>() + " " + record["end"]["rule"].get<std::string>()];
  }
  EXPECT_GE(by_reason.size(), 2u) << "these 12 games end in more than one way";
  int total = 0;
  for (const json& end : summary["ends"]) {
    const std::string key = end["reason"].get<std::string>() + " " + end["rule"].get<std::string>();
    EXPECT_EQ(end["games"], by_reason[key]) << key;
    total += end["games"].get<int>();
    const std::regex row("\\n" + end["reason"].get<std::string>() + " +" + std::to_string(by_reason[key]) + " +[0-9. ]+% \\[" +
                         "[0-9. ,]+\\] +[0-9]+ +" + end["rule"].get<std::string>() + "\\n");
    EXPECT_TRUE(std::regex_search(run.out, row)) << key << "\n" << run.out;
  }
  EXPECT_EQ(total, 12);
  EXPECT_NE(run.out.find("\nhow the games ended "), std::string::npos) << run.out;
  // CSV: the end of each game beside its result.
  const std::string csv = read_text(csv_path);
  EXPECT_EQ(csv.substr(0, csv.find('\n')).find("index,seed,turns,actions,end,end_rule,end_cards,"), 0u) << csv;
  const json& first = summary["records"][0];
  EXPECT_NE(csv.find("\n0," + std::to_string(first["seed"].get<uint64_t>()) + "," + std::to_string(first["turns"].get<int>()) +
                     "," + std::to_string(first["actions"].get<int>()) + ",\"" + first["end"]["reason"].get<std::string>() +
                     "\",\"" + first["end"]["rule"].get<std::string>() + "\",\"\","),
            std::string::npos)
      << csv;
}

TEST_F(Cli, SimRefusesAnUnknownGame) {
  const Outcome run = rise("sim no-such-game --games 1 --players random,random --quiet");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("unknown game 'no-such-game'"), std::string::npos) << run.err;
}

TEST_F(Cli, PlayWritesAReplayThatReplayAccepts) {
  const fs::path path = played_replay();
  ASSERT_TRUE(fs::exists(path));
  const json replay = json::parse(read_text(path));
  EXPECT_EQ(replay["format"], "rise-replay");
  EXPECT_EQ(replay["game"], "rise-hex");
  EXPECT_EQ(replay["seed"], 3);
  EXPECT_EQ(replay["players"], json({"random", "random"}));
  EXPECT_FALSE(replay["result"].is_null()) << "random players finish the game without input";
  EXPECT_FALSE(replay["actions"].empty());

  const Outcome run = rise("replay --no-color " + quoted(path.string()));
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_NE(run.out.find(std::to_string(replay["actions"].size()) + " actions"), std::string::npos) << run.out;

  // The same seed and players play the same game.
  const fs::path again = file("again.replay.json");
  const Outcome second = rise("play rise-hex --players random,random --seed 3 --no-color --replay " +
                          quoted(again.string()));
  ASSERT_EQ(second.exit_code, 0) << second.err;
  EXPECT_EQ(json::parse(read_text(again))["actions"], replay["actions"]);
}

// Issue 36: a replay played again with other card data failed on "a confusing illegal
// action", or replayed another game silently. It records its cards' and its deal's
// fingerprints, and a replay with other cards or decks says what changed.
TEST_F(Cli, AReplayWithOtherCardDataSaysWhatChanged) {
  const fs::path data = file("data");
  fs::copy(fs::path(RISE_SOURCE_DIR) / "tests/lab/rise-tcg", data, fs::copy_options::recursive);
  const fs::path path = file("cards.replay.json");
  const Outcome play = rise("play rise-tcg --players greedy,greedy --data " + quoted(data.string()) +
                            " --decks champions,grunts --seed 3 --no-color --replay " + quoted(path.string()));
  ASSERT_EQ(play.exit_code, 0) << play.err;
  const json replay = json::parse(read_text(path));
  ASSERT_TRUE(replay["cards"].is_object()) << replay.dump();
  EXPECT_EQ(replay["cards"].size(), 5u);  // the lab data's two Creatures, a Level Up and two Summoners
  EXPECT_EQ(replay["cards"]["lab-champion"].get<std::string>().size(), 16u);
  EXPECT_EQ(replay["deal"].get<std::string>().size(), 16u);
  const std::string replay_cmd = "replay --no-color " + quoted(path.string());
  EXPECT_EQ(rise(replay_cmd).exit_code, 0);

  // A card changed (the Lab Grunt, first in its file): refused before the first action, naming it.
  const fs::path creatures = data / "cards" / "creatures.yaml";
  const std::string original = read_text(creatures);
  std::string stronger = original;
  stronger.replace(stronger.find("attack: 2"), 9, "attack: 3");
  write_text(creatures, stronger);
  Outcome run = rise(replay_cmd);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("the cards changed since this replay was recorded: lab-grunt (changed); replay it with "
                         "the card data it was played with"),
            std::string::npos)
      << run.err;
  write_text(creatures, original);

  // A deck changed (a Grunt for a Champion): the deal is not the recorded one.
  const fs::path grunts = data / "decks" / "grunts.yaml";
  const std::string original_deck = read_text(grunts);
  std::string deck = original_deck;
  deck.replace(deck.find("lab-grunt: 40"), 13, "lab-grunt: 39\n  lab-champion: 1");
  write_text(grunts, deck);
  run = rise(replay_cmd);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("the initial deal is not the recorded one"), std::string::npos) << run.err;

  // A replay written before the fingerprints (none recorded) is not checked: with the
  // changed deck it fails on its actions as before, with the original data it replays.
  json old = replay;
  old.erase("cards");
  old.erase("deal");
  write_text(path, old.dump());
  EXPECT_EQ(rise(replay_cmd).err.find("the initial deal"), std::string::npos);
  write_text(grunts, original_deck);
  EXPECT_EQ(rise(replay_cmd).exit_code, 0);
}

TEST_F(Cli, ReplayRefusesATruncatedFile) {
  const fs::path path = played_replay();
  const std::string text = read_text(path);
  write_text(path, text.substr(0, text.size() / 2));
  const Outcome run = rise("replay --no-color " + quoted(path.string()));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find(path.string() + ":"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("truncated"), std::string::npos) << run.err;
}

// `rise serve --port 0` binds a free port and names it on its first line, where scripts and
// the browser tests read it; the port answers; SIGTERM stops the server with exit code 0.
TEST_F(Cli, ServeOnPortZeroPrintsTheFreePortItListensOn) {
  const fs::path script = file("serve.sh"), out = file("out.txt");
  write_text(script, "\"$1\" serve --port 0 --db \"$2\" --web \"$3\" >\"$4\" 2>&1 &\n"
                     "pid=$!\n"
                     "for i in $(seq 100); do grep -q '^rise serve: http' \"$4\" && break; sleep 0.1; done\n"
                     "port=$(sed -n '1s|^rise serve: http://127.0.0.1:\\([0-9]*\\)/ .*|\\1|p' \"$4\")\n"
                     "(exec 3<>/dev/tcp/127.0.0.1/$port) && echo \"listening on $port\" >>\"$4.conn\"\n"
                     "kill -TERM $pid\n"
                     "wait $pid\n");
  const std::string db = file("rise.db").string();
  const int status = std::system(("bash " + quoted(script.string()) + " " + quoted(kRise) + " " + quoted(db) + " " +
                                  quoted(file("no-web").string()) + " " + quoted(out.string()))
                                     .c_str());
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  const std::string text = read_text(out);
  std::smatch m;
  const std::string first = text.substr(0, text.find('\n'));
  ASSERT_TRUE(std::regex_match(first, m, std::regex(R"(rise serve: http://127\.0\.0\.1:(\d+)/  \(database (.*)\))")))
      << text;
  EXPECT_NE(m[1].str(), "0");
  EXPECT_EQ(m[2].str(), db);
  EXPECT_EQ(read_text(file("out.txt.conn")), "listening on " + m[1].str() + "\n");
  EXPECT_NE(text.find("rise serve: stopped"), std::string::npos) << text;
}

// Issue 38: `rise review` searches every decision of a replay and says what each cost. A
// random player's rise-hex game has its mistakes; the JSON has one entry per decision.
TEST_F(Cli, ReviewListsTheMistakesOfAGameAndWritesTheReviewAsJson) {
  const fs::path path = file("short.replay.json");  // 12 turns: seconds of search under the sanitizers
  ASSERT_EQ(rise("play rise-hex --players random,random --seed 3 --option turn_limit=12 --no-color --replay " +
                 quoted(path.string())).exit_code,
            0);
  const json replay = json::parse(read_text(path));
  const Outcome run = rise("review --player mcts:iters=200 --seat 0 --top 2 --json " + quoted(file("review.json").string()) +
                           " " + quoted(path.string()));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out.rfind("review of " + path.string() + ": rise-hex, " + std::to_string(replay["actions"].size()) +
                              " actions, by mcts:iters=200 (each decision searched from its seat's information)\n",
                          0),
            0u)
      << run.out;
  EXPECT_TRUE(std::regex_search(run.out, std::regex("\nseat 0 \\(random\\): \\d+ decisions, mean loss \\d+\\.\\d points, "
                                                    "\\d+ mistake\\(s\\), \\d+ blunder\\(s\\)\\n")))
      << run.out;
  EXPECT_EQ(run.out.find("\nseat 1 "), std::string::npos) << run.out;  // --seat 0 only
  const json review = json::parse(read_text(file("review.json")));
  EXPECT_EQ(review["game"], "rise-hex");
  EXPECT_EQ(review["player"], "mcts:iters=200");
  ASSERT_FALSE(review["decisions"].empty());
  int mistakes = 0;
  for (const json& d : review["decisions"]) {
    EXPECT_EQ(d["seat"], 0);
    EXPECT_EQ(replay["actions"][d["index"].get<size_t>()], d["played"]);  // rise-hex hides nothing
    EXPECT_GE(d["loss"].get<double>(), 0.0);
    if (d["loss"].get<double>() >= 0.10) ++mistakes;
  }
  // The listed mistakes are the largest (at most --top 2), each with the better action.
  const std::regex listed("\n  action \\d+ \\(turn \\d+, seat 0 \\(random\\)\\): played '[^']+' \\(win \\d+%\\); better "
                          "'[^']+' \\(win \\d+%\\): -\\d+ points \\((mistake|blunder)\\)");
  const auto count = std::distance(std::sregex_iterator(run.out.begin(), run.out.end(), listed), std::sregex_iterator());
  EXPECT_EQ(count, std::min(mistakes, 2)) << run.out;
  EXPECT_GT(mistakes, 0) << "a random player makes mistakes: " << run.out;

  // A player that reads hidden cards may not review a card game.
  const fs::path tcg = file("tcg.replay.json");
  ASSERT_EQ(rise("play rise-tcg --players random,random --seed 2 --no-color --replay " + quoted(tcg.string())).exit_code, 0);
  const Outcome greedy = rise("review --player greedy " + quoted(tcg.string()));
  EXPECT_EQ(greedy.exit_code, 2);
  EXPECT_NE(greedy.err.find("greedy reads hidden information in rise-tcg"), std::string::npos) << greedy.err;
}

TEST_F(Cli, ReplayRefusesAnUnknownAction) {
  const fs::path path = played_replay();
  json replay = json::parse(read_text(path));
  ASSERT_GT(replay["actions"].size(), 3u);
  replay["actions"][2] = "teleport 1,0";
  write_text(path, replay.dump(2));
  const Outcome run = rise("replay --no-color " + quoted(path.string()));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("action 2"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("teleport 1,0"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find(path.string()), std::string::npos) << run.err;
}

TEST_F(Cli, ReplayRefusesAnIllegalAction) {
  const fs::path path = played_replay();
  json replay = json::parse(read_text(path));
  replay["actions"][0] = "tile 0,0";  // a tile is already there
  write_text(path, replay.dump(2));
  const Outcome run = rise("replay --no-color " + quoted(path.string()));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("action 0 'tile 0,0': not legal for seat 0, whose decision it is (to take red's action, 1 "
                         "left this turn): there is already a tile there"), std::string::npos)
      << run.err;
}

TEST_F(Cli, ReplayRefusesAWrongVersion) {
  const fs::path path = played_replay();
  json replay = json::parse(read_text(path));
  replay["version"] = 9;
  write_text(path, replay.dump(2));
  const Outcome run = rise("replay --no-color " + quoted(path.string()));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("replay version 9 is not supported"), std::string::npos) << run.err;
}

TEST_F(Cli, ReplayRefusesAResultThatDoesNotMatch) {
  const fs::path path = played_replay();
  json replay = json::parse(read_text(path));
  ASSERT_FALSE(replay["result"].is_null());
  replay["result"]["returns"] = {0.5, -0.5};
  write_text(path, replay.dump(2));
  const Outcome run = rise("replay --no-color " + quoted(path.string()));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("does not match"), std::string::npos) << run.err;
}

// A small card game data directory (cards/ and decks/) for the card commands.
class CardCli : public Cli {
 protected:
  void SetUp() override {
    Cli::SetUp();
    fs::create_directories(file("data/cards"));
    fs::create_directories(file("data/decks"));
    write_text(file("data/cards/set.yaml"), R"(cards:
  - {id: vael, name: Vael, types: [Summoner], rank: 1, rarity: Rare, hp: 20, skills: [{name: Kindle, do: [{draw: 1}]}]}
  - {id: orrin, name: Orrin, types: [Summoner], rank: 1, rarity: Rare, hp: 22, skills: [{name: Guard, do: [{draw: 1}]}]}
  - {id: wolf, name: Wolf, types: [Creature], rank: 3, rarity: Common, attack: 2, defense: 1, abilities: [Pierce]}
  - {id: spark, name: Spark, types: [Imminent], rank: infinite, rarity: Common}
)");
    write_text(file("data/decks/good.yaml"), "name: Good\nsummoners: [vael, orrin]\nlibrary: {wolf: 3, spark: 47}\n");
    write_text(file("data/decks/short.yaml"), "name: Short\nsummoners: [vael, vael]\nlibrary: {wolf: 4, spark: 45}\n");
  }

  std::string data() const { return "--data " + quoted(file("data").string()); }
};

TEST_F(CardCli, DeckValidateAcceptsALegalDeck) {
  const Outcome run = rise("deck validate rise-tcg " + data() + " good");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, file("data/decks/good.yaml").string() + ": ok (50 cards, summoners vael, orrin)\n");
  EXPECT_EQ(run.err, "");
}

TEST_F(CardCli, DeckValidateExplainsEveryViolationWithExitCode1) {
  const std::string path = file("data/decks/short.yaml").string();
  const Outcome run = rise("deck validate rise-tcg " + data() + " good " + quoted(path));
  EXPECT_EQ(run.exit_code, 1) << run.err;
  // Issue 36: each names the line of the deck file to fix, as a compiler does (FILE:LINE:).
  EXPECT_EQ(run.out, file("data/decks/good.yaml").string() + ": ok (50 cards, summoners vael, orrin)\n" + path +
                         ":2: Summoner 'vael' is named twice; the Summoners must be different cards\n" + path +
                         ":3: 'wolf' (Wolf): 4 copies, but its rank 3 allows at most 3\n" + path +
                         ":3: the library has 49 cards; it must have exactly 50\n");
}

TEST_F(CardCli, DeckValidateRefusesMalformedInputWithExitCode2) {
  write_text(file("data/decks/broken.yaml"), "name: Broken\nsummoners: [vael, orrin]\nlibrary: {wolf: -1}\n");
  Outcome run = rise("deck validate rise-tcg " + data() + " broken");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("rise: error: " + file("data/decks/broken.yaml").string() +
                         ":3: field 'library.wolf': expected an integer 1..999, got '-1'"),
            std::string::npos)
      << run.err;
  run = rise("deck validate rise-tcg " + data() + " no-such-deck");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("deck 'no-such-deck': no such file"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("(decks: broken, good, short)"), std::string::npos) << run.err;
  write_text(file("data/cards/set.yaml"), "cards:\n  - {id: x, name: X, types: [Imp], rank: 1, rarity: Common}\n");
  run = rise("deck validate rise-tcg " + data() + " good");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("set.yaml:2: card 'x': field 'types': unknown card type 'Imp'"), std::string::npos) << run.err;
  run = rise("deck validate no-such-game good");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("unknown game 'no-such-game'"), std::string::npos) << run.err;
  run = rise("deck validate rise-hex good");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("game 'rise-hex' has no card data"), std::string::npos) << run.err;
}

TEST_F(CardCli, CardsListsAndShowsCards) {
  Outcome run = rise("cards rise-tcg " + data());
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("wolf "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("2/1"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("4 cards"), std::string::npos) << run.out;
  run = rise("cards rise-tcg " + data() + " --id vael");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("skill 1 Kindle: [{draw: 1}]"), std::string::npos) << run.out;
  run = rise("cards rise-tcg " + data() + " --id nobody");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("unknown card 'nobody'"), std::string::npos) << run.err;
}

// `rise cards explain`: how the engine reads a card (Game::card_explanation), line by line.
TEST_F(CardCli, CardsExplainReadsACardInPlainWords) {
  write_text(file("data/cards/explained.yaml"), R"(cards:
  - id: howler
    name: Howler
    types: [Creature]
    rank: 2
    rarity: Uncommon
    cost: 2
    attack: 2
    defense: 2
    abilities: [Flight]
    effects:
      - on: invoked
        do:
          - damage: 1
            target: {choose: {whose: opponent, types: [Summoner]}}
      - on: dies
        do:
          - coin toss: yes
            success: [{draw: 2}]
    actions:
      - name: Howl
        cost: {coins: 2}
        do:
          - counter: {attack: 1, defense: 0, until: end of turn}
            target: {all: {whose: you, types: [Creature], another: yes}}
)");
  Outcome run = rise("cards explain rise-tcg howler " + data());
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "Howler (howler)   " + file("data/cards/explained.yaml").string() +
                         ":2\n"
                         "  kind: a Constant (Creature); rank 2, Uncommon\n"
                         "  cost: 2 Capacity Points to invoke\n"
                         "  attack 2, defense 2\n"
                         "  abilities: Flight\n"
                         "  when it is invoked (it enters the battlefield):\n"
                         "    1. deal 1 damage to one Summoner an opponent controls (your choice)\n"
                         "  when it is destroyed:\n"
                         "    1. toss a coin\n"
                         "       on heads (success):\n"
                         "         1. you draw 2 cards\n"
                         "       on tails (failure): nothing\n"
                         "  Action Howl (direct purchase; 2 coins; once per turn):\n"
                         "    1. put +1/+0 charge counters on every other Creature you control until end of turn\n");
  EXPECT_EQ(run.err, "");
  run = rise("cards explain rise-tcg vael " + data());
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "Vael (vael)   " + file("data/cards/set.yaml").string() +
                         ":2\n"
                         "  kind: a Summoner; rank 1, Rare\n"
                         "  hp 20; maximum level 1 (one skill per level)\n"
                         "  skill 1, Kindle (level 1 or more; 1 Capacity Point, tilts the Summoner; once per untilt):\n"
                         "    1. you draw 1 card\n");
  run = rise("cards explain rise-tcg knucklebones");  // the starter set
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("  when it is invoked (it resolves):\n"
                         "    1. roll a six-sided die: 5 or more is a success\n"
                         "       on success:\n"
                         "         1. deal 4 damage to one Summoner an opponent controls (your choice)\n"
                         "       on failure:\n"
                         "         1. you lose 1 Coin (not below 0)\n"),
            std::string::npos)
      << run.out;
}

TEST_F(CardCli, CardsExplainRefusesAnUnknownIdAGameWithoutCardsAndMixedForms) {
  Outcome run = rise("cards explain rise-tcg wolff " + data());
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err,
            "rise: error: unknown card 'wolff' (did you mean 'wolf'?) in rise-tcg ('rise cards rise-tcg' lists "
            "them)\n");
  run = rise("cards explain rise-hex wolf");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("rise: error: game 'rise-hex' has no card data"), std::string::npos) << run.err;
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
  run = rise("cards explain rise-tcg '' " + data());
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err, "rise: error: the card id is empty ('rise cards rise-tcg' lists them)\n");
  run = rise("cards rise-tcg explain rise-tcg wolf " + data());
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, "rise: error: give 'rise cards GAME [--id ID]' or 'rise cards explain GAME ID', not both\n");
  run = rise("cards");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err, "rise: error: rise cards: the game is missing (e.g. 'rise cards rise-tcg')\n");
}

// A Dark Legacy data directory: 17 level-1 Chaos creatures, a 0-cost Chaos weapon, a level-8
// Chaos creature and a level-1 Tech creature (docs/cards-dark-legacy.md).
class DarkLegacyCli : public Cli {
 protected:
  void SetUp() override {
    Cli::SetUp();
    fs::create_directories(file("data/cards"));
    fs::create_directories(file("data/decks"));
    std::string cards = "cards:\n";
    for (int i = 1; i <= 17; ++i) {
      cards += "  - {id: imp-" + std::to_string(i) + ", name: Imp " + std::to_string(i) +
               ", text: An imp., affiliation: chaos, type: creature, cost: 1, level: 1, attack: 1, defense: 1}\n";
    }
    cards += "  - {id: cleaver, name: Cleaver, text: Melee., affiliation: chaos, type: weapon, cost: 0, level: 1, "
             "attack: 2}\n";
    cards += "  - {id: demon, name: Demon, text: Big., affiliation: chaos, type: creature, cost: 8, level: 8, "
             "attack: 6, defense: 5}\n";
    cards += "  - {id: drone, name: Drone, text: Flying., affiliation: tech, type: creature, cost: 1, level: 1, "
             "attack: 1, defense: 2, keywords: [flying]}\n";
    write_text(file("data/cards/set.yaml"), cards);
    std::string good = "name: Good\nfaction: chaos\ncards:\n";
    for (int i = 1; i <= 16; ++i) good += "  imp-" + std::to_string(i) + ": 3\n";
    good += "  cleaver: 1\n  demon: 1\n  drone: 1\n";
    write_text(file("data/decks/good.yaml"), good);  // 51 cards
    write_text(file("data/decks/broken.yaml"), "name: Broken\nfaction: tech\ncards:\n  imp-1: 4\n  demon: 1\n");
    write_text(file("data/decks/malformed.yaml"), "name: Malformed\ncards:\n  imp-1: 3\n");
  }

  std::string data() const { return "--data " + quoted(file("data").string()); }
  std::string deck(const std::string& id) const { return file("data/decks/" + id + ".yaml").string(); }
};

TEST_F(DarkLegacyCli, DeckValidateAcceptsALegalDeckForTheDecksFactionAtLevelOne) {
  Outcome run = rise("deck validate dark-legacy " + data() + " good");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, deck("good") + ": ok (51 cards, hero chaos:1)\n");
  EXPECT_EQ(run.err, "");
  run = rise("deck validate dark-legacy " + data() + " good --hero chaos:10:tech:2");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, deck("good") + ": ok (51 cards, hero chaos:10:tech:2)\n");
}

TEST_F(DarkLegacyCli, DeckValidateExplainsEveryViolationWithExitCode1) {
  // Rules DL-2.1, DL-2.2, DL-2.4 (the Tech deck's Chaos demon) and DL-5.1 for broken; DL-2.5
  // for good with a level-6 Chaos hero (the Tech drone).
  Outcome run = rise("deck validate dark-legacy " + data() + " broken good --hero chaos:6");
  EXPECT_EQ(run.exit_code, 1) << run.err;
  // Issue 36: each names the line of the deck file to fix (the `cards` key for the deck as a whole).
  EXPECT_EQ(run.out, deck("broken") + ":4: 'imp-1' (Imp 1): 4 copies; a deck holds at most 3 of a card (Rule DL-2.2)\n" +
                         deck("broken") + ":3: the deck has 5 cards; it needs at least 50 (Rule DL-2.1)\n" +
                         deck("broken") +
                         ":3: the deck has no Equipment (Weapon, Armor or Relic) of Casting Cost 0 that a Chaos hero "
                         "of Skill Level 6 may use; one is equipped before the battle (Rule DL-5.1, Interpretation DL-I26)\n" +
                         deck("good") +
                         ":22: 'drone' (Drone): a Skill Level 1 Tech card; a hero of Skill Level 6 may only use cards "
                         "of its faction (Chaos) (Rule DL-2.5)\n");
  EXPECT_EQ(run.err, "");
  // Without --hero the broken deck is checked for a level-1 Tech hero: the level-8 Chaos demon
  // is out of its faction (Rule DL-2.4).
  run = rise("deck validate dark-legacy " + data() + " broken");
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.out.find(": 'demon' (Demon): a Skill Level 8 Chaos card; cards of Skill Level 6 or more must be of "
                         "the hero's faction (Tech) (Rule DL-2.4)\n"),
            std::string::npos)
      << run.out;
}

TEST_F(DarkLegacyCli, DeckValidateRefusesMalformedInputWithExitCode2) {
  Outcome run = rise("deck validate dark-legacy " + data() + " good malformed");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, deck("good") + ": ok (51 cards, hero chaos:1)\n");
  EXPECT_EQ(run.err, "rise: error: " + deck("malformed") + ":1: field 'faction': missing\n");
  run = rise("deck validate dark-legacy " + data() + " good --hero chaos:21");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, "rise: error: --hero: skill level '21' must be an integer 1..20\n");
  run = rise("deck validate rise-tcg --data " + quoted(file("data").string()) + " good --hero chaos:1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("--hero is only for dark-legacy decks"), std::string::npos) << run.err;
  write_text(file("data/cards/set.yaml"),
             "cards:\n  - {id: x, name: X, text: X., affiliation: chaos, type: creature, cost: 1, level: 1, attack: "
             "1, defense: 1, range: melee}\n");
  run = rise("deck validate dark-legacy " + data() + " good");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, "rise: error: " + file("data/cards/set.yaml").string() +
                         ":2: card 'x': field 'range': only Weapons have a range; this card is a Creature\n");
}

TEST_F(DarkLegacyCli, TheStarterDecksAreLegal) {
  const std::string dir = std::string(RISE_SOURCE_DIR) + "/data/dark-legacy";
  const Outcome run =
      rise("deck validate dark-legacy --data " + quoted(dir) + " chaos tech darkness holy-order wind earth");
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  for (const std::string id : {"chaos", "tech", "darkness", "holy-order", "wind", "earth"}) {
    EXPECT_NE(run.out.find(dir + "/decks/" + id + ".yaml: ok (52 cards, hero " + id + ":1)\n"), std::string::npos)
        << run.out;
  }
}

TEST_F(DarkLegacyCli, CardsListsAndShowsCards) {
  Outcome run = rise("cards dark-legacy " + data());
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("drone    Drone    Creature     Tech            1     1  1/2     Flying.\n"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("cleaver  Cleaver  Weapon       Chaos           1     0  AP 2    Melee.\n"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("20 cards\n"), std::string::npos) << run.out;
  run = rise("cards dark-legacy " + data() + " --id drone");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("  Creature | Tech | Skill Level 1 | cost 1\n  1/2\n  keywords: flying\n  text: Flying.\n"),
            std::string::npos)
      << run.out;
  run = rise("cards dark-legacy --id hellflare");  // the starter set
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("  cast: damage 3 target\n"), std::string::npos) << run.out;
  run = rise("cards dark-legacy " + data() + " --id nobody");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("unknown card 'nobody' in dark-legacy"), std::string::npos) << run.err;
}

TEST_F(DarkLegacyCli, CardsExplainReadsACardInPlainWords) {
  Outcome run = rise("cards explain dark-legacy drone " + data());
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "Drone (drone)   " + file("data/cards/set.yaml").string() +
                         ":21\n"
                         "  kind: Creature; Tech; Skill Level 1\n"
                         "  cost: 1 Casting Point\n"
                         "  1 Attack Point, 2 Defense Points\n"
                         "  keywords: Flying (blocked and damaged only by flyers or hits-flying, Rule DL-15.1)\n"
                         "  no effects or grants\n");
  run = rise("cards explain dark-legacy hellflare");  // the starter set
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("  kind: Magic, used up once cast; Chaos; Skill Level 1\n"
                         "  cost: 3 Casting Points\n"
                         "  when it is cast:\n"
                         "    1. deal 3 damage to one hero or creature of either side (your choice); a hero's armor "
                         "takes it first (Rule DL-11.1)\n"),
            std::string::npos)
      << run.out;
  run = rise("cards explain dark-legacy dron " + data());
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err, "rise: error: unknown card 'dron' (did you mean 'drone'?) in dark-legacy ('rise cards "
                     "dark-legacy' lists them)\n");
}

// A Raise, Rise & Die data directory (docs/cards-raise-rise-die.md): one character of 10 PV
// and 2 weapons, a lame and an ombre weapon, four lame cards (one dedicated to the epee) and an
// ombre objet.
class RaiseRiseDieCli : public Cli {
 protected:
  void SetUp() override {
    Cli::SetUp();
    for (const char* folder : {"characters", "weapons", "cards", "decks"}) {
      fs::create_directories(file("data") / folder);
    }
    write_text(file("data/characters/c.yaml"),
               "characters:\n  - {id: lys, name: Lys, pv: 10, potentiel_latent: 5, potentiel_actif: 2, armes: 2}\n");
    write_text(file("data/weapons/w.yaml"),
               "weapons:\n  - {id: epee, name: Épée, archetype: lame}\n  - {id: fiole, name: Fiole, archetype: "
               "ombre}\n");
    write_text(file("data/cards/c.yaml"),
               "cards:\n"
               "  - {id: entaille, name: Entaille, va: 2, cout: 1, type: normale, emplacements: [bras], archetype: "
               "lame, effet: [{degats: 2}]}\n"
               "  - {id: taillade, name: Taillade, va: 1, cout: 0, type: normale, emplacements: [bras, jambes], "
               "archetype: lame, effet: [{degats: 1}, {saignement: 1}]}\n"
               "  - {id: riposte, name: Riposte, va: 2, cout: 1, type: instantanee, emplacements: [torse], archetype: "
               "lame, effet: [{bloque: 2}]}\n"
               "  - {id: grace, name: Coup de grâce, text: Le dernier coup., va: 4, cout: 4, type: normale, "
               "emplacements: [tete], archetype: lame, arme: epee, effet: [{degats: 5}, {percer: 2}], infusion: "
               "[{degats_plus: 1}], transcendance: [{destructeur: 2}]}\n"
               "  - {id: flacon, name: Flacon, va: 2, cout: 2, type: objet, objet: defensive, emplacements: [torse], "
               "archetype: ombre, effet: [{bloque: 1}]}\n");
    write_text(file("data/decks/good.yaml"),
               "name: Good\ncharacter: lys\nweapons: [epee]\ncards:\n  entaille: 3\n  taillade: 3\n  riposte: 3\n"
               "  grace: 1\n");
    write_text(file("data/decks/broken.yaml"),
               "name: Broken\ncharacter: lys\nweapons: [fiole]\ncards:\n  entaille: 4\n  grace: 1\n  flacon: 1\n");
    write_text(file("data/decks/malformed.yaml"), "name: Malformed\ncharacter: lys\ncards:\n  entaille: 3\n");
  }

  std::string data() const { return "--data " + quoted(file("data").string()); }
  std::string deck(const std::string& id) const { return file("data/decks/" + id + ".yaml").string(); }
};

TEST_F(RaiseRiseDieCli, DeckValidateAcceptsALegalDeck) {
  const Outcome run = rise("deck validate raise-rise-die " + data() + " good");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, deck("good") + ": ok (10 cards, character lys, weapons epee)\n");
  EXPECT_EQ(run.err, "");
}

TEST_F(RaiseRiseDieCli, DeckValidateExplainsEveryViolationWithExitCode1) {
  // RRD-2.1, RRD-2.2, RRD-2.3 and RRD-2.4 in the broken deck.
  const Outcome run = rise("deck validate raise-rise-die " + data() + " broken good");
  EXPECT_EQ(run.exit_code, 1) << run.err;
  // Issue 36: each names the line of the deck file to fix (the `cards` key for the count).
  const auto broken = [&](int line) { return deck("broken") + ":" + std::to_string(line) + ": "; };
  EXPECT_EQ(run.out, broken(4) +
                         "deck has 6 cards; character 'lys' (Lys) has 10 PV: a deck holds exactly as many cards as the "
                         "character's PV (RRD-2.1)\n" +
                         broken(5) +
                         "card 'entaille' (Entaille): 4 copies; a deck holds at most 3 copies of a card (RRD-2.2)\n" +
                         broken(5) +
                         "card 'entaille' (Entaille) is of archetype 'lame'; the equipped weapons give ombre: every "
                         "card is of the archetype of an equipped weapon (RRD-2.3)\n" +
                         broken(6) +
                         "card 'grace' (Coup de grâce) is of archetype 'lame'; the equipped weapons give ombre: every "
                         "card is of the archetype of an equipped weapon (RRD-2.3)\n" +
                         broken(6) +
                         "card 'grace' (Coup de grâce) is dedicated to weapon 'epee' (Épée), which is not equipped: no "
                         "card dedicated to a weapon that is not equipped (RRD-2.4)\n" +
                         deck("good") + ": ok (10 cards, character lys, weapons epee)\n");
  EXPECT_EQ(run.err, "");
}

TEST_F(RaiseRiseDieCli, DeckValidateRefusesMalformedInputWithExitCode2) {
  Outcome run = rise("deck validate raise-rise-die " + data() + " good malformed");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, deck("good") + ": ok (10 cards, character lys, weapons epee)\n");
  EXPECT_EQ(run.err, "rise: error: " + deck("malformed") + ":1: field 'weapons': missing\n");
  run = rise("deck validate raise-rise-die " + data() + " good --hero chaos:1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, "rise: error: --hero is only for dark-legacy decks\n");
  write_text(file("data/cards/c.yaml"),
             "cards:\n  - {id: x, name: X, va: 1, cout: 0, type: instantanee, emplacements: [bras], archetype: lame, "
             "effet: [{bloque: 1}], transcendance: [{bloque: 1}]}\n");
  run = rise("deck validate raise-rise-die " + data() + " good");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, "rise: error: " + file("data/cards/c.yaml").string() +
                         ":2: card 'x': field 'transcendance': an instantanée cannot be transcended (RRD-7.1)\n");
}

TEST_F(RaiseRiseDieCli, TheStarterDecksAreLegal) {
  const std::string dir = std::string(RISE_SOURCE_DIR) + "/data/raise-rise-die";
  const Outcome run = rise("deck validate raise-rise-die --data " + quoted(dir) + " lame ombre rempart");
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_EQ(run.out, dir + "/decks/lame.yaml: ok (32 cards, character severine, weapons epee-ecarlate)\n" + dir +
                         "/decks/ombre.yaml: ok (28 cards, character ysolde, weapons fiole-noire, dagues-jumelles)\n" +
                         dir + "/decks/rempart.yaml: ok (36 cards, character garance, weapons pavois-de-fer, "
                         "marteau-de-siege)\n");
}

TEST_F(RaiseRiseDieCli, CardsListsCardsCharactersAndWeapons) {
  const Outcome run = rise("cards raise-rise-die " + data());
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "id        name           kind             VA  cout  emplacements  archetype  arme  effet\n"
            "entaille  Entaille       Normale          2   1     bras          lame       -     Dégâts 2\n"
            "taillade  Taillade       Normale          1   0     bras,jambes   lame       -     Dégâts 1, Saignement 1\n"
            "riposte   Riposte        Instantanée      2   1     torse         lame       -     Bloque 2\n"
            "grace     Coup de grâce  Normale          4   4     tete          lame       epee  Dégâts 5, Percer 2\n"
            "flacon    Flacon         Objet défensive  2   2     torse         ombre      -     Bloque 1\n"
            "5 cards\n"
            "\n"
            "characters:\n"
            "id   name  PV  potentiel latent  potentiel actif  armes\n"
            "lys  Lys   10  5                 2                2\n"
            "\n"
            "weapons:\n"
            "id     name   archetype\n"
            "epee   Épée   lame\n"
            "fiole  Fiole  ombre\n");
  EXPECT_EQ(run.err, "");
}

TEST_F(RaiseRiseDieCli, CardsIdShowsACardAWeaponOrACharacter) {
  Outcome run = rise("cards raise-rise-die " + data() + " --id grace");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "Coup de grâce (grace)   " + file("data/cards/c.yaml").string() +
                         ":5\n"
                         "  Normale | VA 4 | coût 4 | emplacements tete | archétype lame\n"
                         "  arme: Épée (epee)\n"
                         "  effet: Dégâts 5, Percer 2\n"
                         "  infusion: +1 Dégâts\n"
                         "  transcendance: Destructeur 2\n"
                         "  text: Le dernier coup.\n");
  run = rise("cards raise-rise-die " + data() + " --id epee");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "Épée (epee)   " + file("data/weapons/w.yaml").string() +
                         ":2\n  arme | archétype lame\n  cartes dédiées: grace\n");
  run = rise("cards raise-rise-die " + data() + " --id lys");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "Lys (lys)   " + file("data/characters/c.yaml").string() +
                         ":2\n  personnage | 10 PV | potentiel latent 5 | potentiel actif 2 | armes 2\n");
  run = rise("cards raise-rise-die --id tourbillon-d-acier");  // the starter set
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("  effet: Dégâts 3, Amplitude 2, Saignement 1\n  transcendance: +2 Dégâts\n"),
            std::string::npos)
      << run.out;
  run = rise("cards raise-rise-die " + data() + " --id graces");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err,
            "rise: error: unknown card, weapon or character 'graces' (did you mean 'grace'?) in raise-rise-die ('rise "
            "cards raise-rise-die' lists them)\n");
}

TEST_F(RaiseRiseDieCli, CardsExplainReadsACardAWeaponOrACharacterInPlainWords) {
  Outcome run = rise("cards explain raise-rise-die grace " + data());
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "Coup de grâce (grace)   " + file("data/cards/c.yaml").string() +
                ":5\n"
                "  kind: Normale\n"
                "  VA 4 (what a sacrifice adds to the réserve, what it absorbs as Top Soul); cost 4 VA\n"
                "  optimal slots: Tête\n"
                "  archetype: lame (a deck holds it only with a weapon of this archetype, RRD-2.3)\n"
                "  dedicated to the weapon Épée (epee): only in a deck that equips it (RRD-2.4)\n"
                "  effet, when it is played on one of its optimal slots:\n"
                "    1. Dégâts 5: a hit of 5 damage on the opponent's slot it applies to (RRD-10.1)\n"
                "    2. Percer 2: each hit of this card ignores 2 points of Bloque, the rest of them of the first Top "
                "Soul's absorption (RRD-11.10)\n"
                "  effet d'infusion, while it is infused (RRD-8.4): +x Dégâts and Percer add to your hits; the other "
                "keywords resolve at each of your Entretien, as if it were played on its first optimal slot:\n"
                "    1. +1 Dégâts: every hit of your cards and objects deals 1 more damage (RRD-8.4)\n"
                "  bonus de transcendance, when it is transcended (its cost paid again in PV, any slot; added to the "
                "effet, RRD-7.2, RRD-7.7):\n"
                "    1. Destructeur 2: the opponent loses 2 PV directly (RRD-11.5)\n");
  run = rise("cards explain raise-rise-die flacon " + data());
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("  effet, when it is activated from its object slot (it engages; on one of its optimal "
                         "slots, RRD-9.4):\n    1. Bloque 1: block 1 damage aimed at your slot it applies to, this "
                         "pass (RRD-11.2)\n"),
            std::string::npos)
      << run.out;
  run = rise("cards explain raise-rise-die lys " + data());
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "Lys (lys)   " + file("data/characters/c.yaml").string() +
                         ":2\n"
                         "  kind: character; 10 PV: its deck holds exactly 10 cards (RRD-2.1)\n"
                         "  draws 5 cards on the first pass, 2 cards on every later pass; holds at most 5 cards in "
                         "hand (RRD-4.3, RRD-4.4)\n"
                         "  equips 1 to 2 weapons (Interpretation RRD-2.5)\n");
  run = rise("cards explain raise-rise-die epee " + data());
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("the cards dedicated to it: grace (RRD-2.4)\n"), std::string::npos) << run.out;
  run = rise("cards explain raise-rise-die graces " + data());
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err,
            "rise: error: unknown card, weapon or character 'graces' (did you mean 'grace'?) in raise-rise-die ('rise "
            "cards raise-rise-die' lists them)\n");
}

// A whole duel at the terminal between two computer players (the default starter decks lame
// and ombre), its replay checked by `rise replay`, and a short simulation with its summary.
TEST_F(RaiseRiseDieCli, PlayReplayAndSim) {
  const fs::path path = file("rrd.replay.json");
  Outcome run = rise("play raise-rise-die --players greedy,random --seed 4 --no-color --replay " + quoted(path.string()));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("Passe d'Armes"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Top Soul"), std::string::npos) << run.out;
  const json replay = json::parse(read_text(path));
  EXPECT_EQ(replay["game"], "raise-rise-die");
  EXPECT_FALSE(replay["result"].is_null()) << "computer players finish the duel without input";
  run = rise("replay --no-color " + quoted(path.string()));
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find(std::to_string(replay["actions"].size()) + " actions"), std::string::npos) << run.out;

  const fs::path summary = file("rrd-sim.json");
  run = rise("sim raise-rise-die --players greedy,random --games 4 --threads 2 --seed 2 --json " +
             quoted(summary.string()));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const json sim = json::parse(read_text(summary));
  EXPECT_EQ(sim["game"], "raise-rise-die");
  EXPECT_EQ(sim["records"].size(), 4U);
}

TEST_F(Cli, DecksCannotBeGivenTwice) {
  const Outcome run = rise("sim rise-hex --games 1 --quiet --decks a,b --option decks=a,b");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("the decks are given twice"), std::string::npos) << run.err;
}

// `rise sim rise-tcg --round-robin DIR`: three starter decks copied into a scratch
// directory, cheap random players.
class RoundRobinCli : public Cli {
 protected:
  void SetUp() override {
    Cli::SetUp();
    fs::create_directories(file("decks"));
    for (const char* id : {"cinderstorm", "deepcurrent", "skyreavers"}) {
      fs::copy_file(fs::path(RISE_SOURCE_DIR) / "data/rise-tcg/decks" / (std::string(id) + ".yaml"),
                    file("decks") / (std::string(id) + ".yaml"));
    }
  }

  std::string decks() const { return quoted(file("decks").string()); }

  // Runs a round robin with --json and `args` and returns the parsed JSON.
  json run_json(const std::string& args, const std::string& name) const {
    const fs::path path = file(name);
    const Outcome run =
        rise("sim rise-tcg --round-robin " + decks() + " --quiet --json " + quoted(path.string()) + " " + args);
    EXPECT_EQ(run.exit_code, 0) << run.err;
    return json::parse(read_text(path));
  }
};

TEST_F(RoundRobinCli, WritesTheMatrixAsTableCsvJsonAndSvg) {
  const fs::path json_path = file("rr.json"), csv_path = file("rr.csv"), svg_path = file("rr.svg");
  const Outcome run = rise("sim rise-tcg --round-robin " + decks() + " --games 2 --players random --threads 2 --seed 3 "
                           "--quiet --json " + quoted(json_path.string()) + " --csv " + quoted(csv_path.string()) +
                           " --plot " + quoted(svg_path.string()));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "") << "--quiet";
  EXPECT_NE(run.out.find("Round robin of rise-tcg: 3 decks"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(" 2 deepcurrent "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("first player wins"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("draws "), std::string::npos) << run.out;

  // JSON: 3 decks, a 3x3 matrix with an empty diagonal, every pair played N = 2 times.
  const json j = json::parse(read_text(json_path));
  ASSERT_EQ(j["decks"].size(), 3u);
  EXPECT_EQ(j["decks"][0]["id"], "cinderstorm");
  EXPECT_EQ(j["decks"][2]["name"], "Skyreavers");
  EXPECT_EQ(j["games_per_pair"], 2);
  EXPECT_EQ(j["games"], 6);
  ASSERT_EQ(j["records"].size(), 6u);
  // How the games ended (issue 36): the tallies count the records' ends.
  int ended = 0;
  for (const json& end : j["ends"]) {
    int games = 0;
    for (const json& record : j["records"]) {
      games += record["end"]["reason"] == end["reason"] && record["end"]["rule"] == end["rule"] ? 1 : 0;
    }
    EXPECT_EQ(end["games"], games) << end;
    ended += games;
  }
  EXPECT_EQ(ended, 6);
  EXPECT_NE(run.out.find("\nhow the games ended "), std::string::npos) << run.out;
  ASSERT_EQ(j["matrix"].size(), 3u);
  int draws = 0;
  for (size_t a = 0; a < 3; ++a) {
    ASSERT_EQ(j["matrix"][a].size(), 3u);
    EXPECT_TRUE(j["matrix"][a][a].is_null());
    int deck_games = 0, deck_wins = 0;
    for (size_t b = 0; b < 3; ++b) {
      if (a == b) continue;
      const json& m = j["matrix"][a][b];
      const json& back = j["matrix"][b][a];
      EXPECT_EQ(m["games"], 2);
      EXPECT_EQ(m["wins"].get<int>() + m["losses"].get<int>() + m["draws"].get<int>(), 2) << a << " vs " << b;
      EXPECT_EQ(m["wins"], back["losses"]);
      EXPECT_EQ(m["draws"], back["draws"]);
      // Symmetry: A's win rate + B's win rate + the draw rate = 1.
      EXPECT_DOUBLE_EQ(m["win"]["rate"].get<double>() + back["win"]["rate"].get<double>() +
                           m["draws"].get<double>() / 2,
                       1.0);
      EXPECT_LE(m["win"]["low95"].get<double>(), m["win"]["rate"].get<double>());
      EXPECT_GE(m["win"]["high95"].get<double>(), m["win"]["rate"].get<double>());
      deck_games += m["games"].get<int>();
      deck_wins += m["wins"].get<int>();
      if (a < b) draws += m["draws"].get<int>();
    }
    EXPECT_EQ(j["decks"][a]["games"], deck_games);
    EXPECT_EQ(j["decks"][a]["wins"], deck_wins);
  }
  EXPECT_EQ(j["draws"], draws);
  EXPECT_LE(j["first_player_wins"].get<int>(), 6);
  // Each pair: one game with each deck in seat 0.
  for (size_t pair = 0; pair < 3; ++pair) {
    EXPECT_EQ(j["records"][2 * pair]["decks"][0], j["records"][2 * pair + 1]["decks"][1]);
    EXPECT_EQ(j["records"][2 * pair]["decks"][1], j["records"][2 * pair + 1]["decks"][0]);
  }

  // CSV: a header, one row per ordered pair (6), one per deck against all (3).
  std::istringstream csv(read_text(csv_path));
  std::string line;
  std::getline(csv, line);
  EXPECT_EQ(line, "deck,opponent,games,wins,draws,losses,win_rate,win_low95,win_high95");
  int rows = 0, all_rows = 0;
  while (std::getline(csv, line)) {
    ++rows;
    std::vector<std::string> fields;
    std::stringstream row(line);
    for (std::string f; std::getline(row, f, ',');) fields.push_back(f);
    ASSERT_EQ(fields.size(), 9u) << line;
    const int games = std::stoi(fields[2]);
    EXPECT_EQ(std::stoi(fields[3]) + std::stoi(fields[4]) + std::stoi(fields[5]), games) << line;
    if (fields[1] == "*") {
      ++all_rows;
      EXPECT_EQ(games, 4) << line;
    } else {
      EXPECT_EQ(games, 2) << line;
    }
  }
  EXPECT_EQ(rows, 9);
  EXPECT_EQ(all_rows, 3);

  // SVG: one document, the deck names on the axes, one coloured cell per matchup, a legend.
  const std::string svg = read_text(svg_path);
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u) << svg.substr(0, 80);
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
  auto count = [&](const std::string& what) {
    size_t n = 0;
    for (size_t at = svg.find(what); at != std::string::npos; at = svg.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("<text"), count("</text>"));
  EXPECT_EQ(count("<title>"), 6u);
  EXPECT_EQ(count(">Deepcurrent</text>"), 2u) << "row and column";
  EXPECT_EQ(count("linearGradient id=\"heat\""), 1u);
  EXPECT_NE(svg.find(">win rate</text>"), std::string::npos);
}

TEST_F(RoundRobinCli, ResultsDependOnTheSeedNotOnTheThreads) {
  json one = run_json("--players random --games 3 --seed 9 --threads 1", "one.json");
  json two = run_json("--players random --games 3 --seed 9 --threads 2", "two.json");
  ASSERT_EQ(one["records"].size(), 9u);
  EXPECT_EQ(one["records"], two["records"]);
  EXPECT_EQ(one["matrix"], two["matrix"]);
  // Odd N: the first deck of each pair gets the extra game in seat 0.
  EXPECT_EQ(one["records"][0]["decks"], json({"cinderstorm", "deepcurrent"}));
  EXPECT_EQ(one["records"][1]["decks"], json({"cinderstorm", "deepcurrent"}));
  EXPECT_EQ(one["records"][2]["decks"], json({"deepcurrent", "cinderstorm"}));
  json other = run_json("--players random --games 3 --seed 10", "other.json");
  EXPECT_NE(one["records"][0]["seed"], other["records"][0]["seed"]);
}

TEST_F(RoundRobinCli, TwoPlayersSwapSeatsSoEachDeckPlaysBoth) {
  const json j = run_json("--games 4 --players random,greedy", "two.json");
  ASSERT_EQ(j["records"].size(), 12u);
  EXPECT_EQ(j["players"], json({"random", "greedy"}));
  // Pair cinderstorm-deepcurrent: cinderstorm has each player twice, once in each seat.
  int with_random = 0;
  for (int g = 0; g < 4; ++g) {
    const json& rec = j["records"][static_cast<size_t>(g)];
    const int seat = rec["decks"][0] == "cinderstorm" ? 0 : 1;
    with_random += rec["players"][static_cast<size_t>(seat)] == "random" ? 1 : 0;
  }
  EXPECT_EQ(with_random, 2);
}

TEST_F(RoundRobinCli, RefusesBadInput) {
  auto refused = [&](const std::string& args, const std::string& message) {
    const Outcome run = rise("sim " + args + " --quiet");
    EXPECT_EQ(run.exit_code, 2) << args;
    EXPECT_EQ(run.out, "") << args;
    EXPECT_NE(run.err.find(message), std::string::npos) << args << "\n" << run.err;
  };
  const std::string rr = "rise-tcg --players random --games 2 --round-robin ";
  refused(rr + quoted(file("nowhere").string()), "nowhere: no such directory");
  fs::create_directories(file("one"));
  fs::copy_file(file("decks/cinderstorm.yaml"), file("one/cinderstorm.yaml"));
  refused(rr + quoted(file("one").string()), "1 deck file (*.yaml) there; a round robin needs at least 2");
  fs::create_directories(file("none"));
  refused(rr + quoted(file("none").string()), "0 deck files (*.yaml) there");
  // A deck that breaks the rules: named, with the reason.
  write_text(file("decks/broken.yaml"),
             "name: Broken\nsummoners: [vessa-cinderborn, korrag-ashmaw]\nlibrary: {rising-spark: 49}\n");
  refused(rr + decks(), "deck " + file("decks/broken.yaml").string() + " breaks the deck-building rules:");
  refused(rr + decks(), "the library has 49 cards; it must have exactly 50");
  write_text(file("decks/broken.yaml"), "name: Broken\nsummoners: [vessa-cinderborn]\nlibrary: {rising-spark: x}\n");
  refused(rr + decks(), file("decks/broken.yaml").string());
  fs::remove(file("decks/broken.yaml"));
  refused("rise-hex --players random --round-robin " + decks(), "rise-hex has no decks");
  refused("rise-tcg --players random --games 0 --round-robin " + decks(), "--games '0': give a whole number from 1 to 100000000");
  refused("rise-tcg --players random --threads 0 --round-robin " + decks(), "--threads '0': give a whole number from 1 to 1024");
  refused("rise-tcg --players random,random,random --round-robin " + decks(), "give one or two player specs, got 3");
  refused("rise-tcg --players nobody --round-robin " + decks(), "nobody");
  refused("rise-tcg --players random --decks cinderstorm,deepcurrent --round-robin " + decks(),
          "do not also give --decks");
  refused("rise-tcg --players random --plot " + quoted(file("x.svg").string()), "it needs --round-robin DIR");
}


// `rise hero`: the Dark Legacy hero store, in a scratch database given with --db.
class HeroCli : public Cli {
 protected:
  std::string db() const { return file("heroes/rise.db").string(); }
  std::string with_db(const std::string& args) const { return "hero " + args + " --db " + quoted(db()); }

  // Records a battle directly in the store (the battle itself is not `rise hero`'s business):
  // `winner` earns `points`, `loser` 3.
  void record(const std::string& winner, int points, const std::string& loser) const {
    rise::store::HeroStore store = rise::store::HeroStore::open(db());
    rise::store::BattleRecord b;
    b.played_at = "2024-05-01T12:00:00Z";
    b.game = "dark-legacy";
    b.seed = 7;
    b.turns = 21;
    b.seats = {rise::store::SeatRecord{0, winner, "chaos-starter", rise::store::SeatResult::kWin, 10, points, 1, 10},
               rise::store::SeatRecord{1, loser, "tech-starter", rise::store::SeatResult::kLoss, 7, 3, 1, 1}};
    store.record_battle(b);
  }

  // `rise ARGS` must fail with exit code 2, nothing on stdout and `message` on stderr.
  void refused(const std::string& args, const std::string& message) const {
    const Outcome run = rise(args);
    EXPECT_EQ(run.exit_code, 2) << args;
    EXPECT_EQ(run.out, "") << args;
    EXPECT_NE(run.err.find(message), std::string::npos) << args << "\n" << run.err;
  }
};

TEST_F(HeroCli, CreatesListsAndShowsHeroes) {
  const Outcome created = rise(with_db("create Aria --faction 'Holy Order'"));
  ASSERT_EQ(created.exit_code, 0) << created.err;
  EXPECT_EQ(created.out, "created hero Aria: Holy Order, level 1, 0 skill points, 20 to level 2 (in " + db() + ")\n");
  EXPECT_TRUE(fs::exists(db())) << "directories and file created";
  ASSERT_EQ(rise(with_db("create 'Brom the Red' --faction tech")).exit_code, 0);

  const Outcome list = rise(with_db("list"));
  ASSERT_EQ(list.exit_code, 0) << list.err;
  EXPECT_EQ(list.out,
            "name          faction     level  points  second faction  level  points  battles\n"
            "Aria          Holy Order      1       0  -                   -       -        0\n"
            "Brom the Red  Tech            1       0  -                   -       -        0\n");

  const Outcome show = rise(with_db("show aria"));
  ASSERT_EQ(show.exit_code, 0) << show.err;
  EXPECT_EQ(show.err, "");
  EXPECT_NE(show.out.find("Holy Order (primary): level 1, 0 skill points, 20 to level 2"), std::string::npos)
      << show.out;
  EXPECT_NE(show.out.find("starting Life Points: 50"), std::string::npos) << show.out;
  EXPECT_NE(show.out.find("level  1: casts cards of skill level 5 and lower of every faction"), std::string::npos)
      << show.out;
  EXPECT_NE(show.out.find("next: level 6 at 100 skill points"), std::string::npos) << show.out;
  EXPECT_NE(show.out.find("no battles yet"), std::string::npos) << show.out;
}

TEST_F(HeroCli, EmptyDatabaseSaysHowToCreateAHero) {
  // A missing database is not created by a command that only reads it.
  refused(with_db("list"), db() + ": no hero database there (nothing was created; 'rise hero create' makes one)");
  EXPECT_FALSE(fs::exists(db()));
  { rise::store::HeroStore::open(db()); }
  const Outcome list = rise(with_db("list"));
  ASSERT_EQ(list.exit_code, 0) << list.err;
  EXPECT_EQ(list.out, "no heroes in " + db() + "; create one with 'rise hero create NAME --faction FACTION'\n");
}

// Rules DL-18.3..DL-18.5 as `rise hero show` reports them: a hero with 523 points is level
// 10 (500), starts with 100 Life Points and may choose a second faction.
TEST_F(HeroCli, ShowsLevelsSpecialEffectsAndBattles) {
  ASSERT_EQ(rise(with_db("create Aria --faction chaos")).exit_code, 0);
  ASSERT_EQ(rise(with_db("create Brom --faction tech")).exit_code, 0);
  record("Aria", 520, "Brom");
  record("Brom", 3, "Aria");  // Aria 523, Brom 6

  const Outcome show = rise(with_db("show Aria"));
  ASSERT_EQ(show.exit_code, 0) << show.err;
  EXPECT_NE(show.out.find("Chaos (primary): level 10, 523 skill points, 177 to level 11"), std::string::npos)
      << show.out;
  EXPECT_NE(show.out.find("starting Life Points: 100"), std::string::npos) << show.out;
  EXPECT_EQ(show.out.find("level 5 and lower of every faction"), std::string::npos) << "gone at level 6\n" << show.out;
  EXPECT_NE(show.out.find("level  6: starts each battle with 100 Life Points"), std::string::npos) << show.out;
  EXPECT_NE(show.out.find("level 10: may choose a second faction, whose own level starts at 1 (Rule DL-18.5): not "
                          "chosen yet ('rise hero second-faction Aria FACTION')"),
            std::string::npos)
      << show.out;
  EXPECT_NE(show.out.find("next: level 15 at 1500 skill points: looks at the next two cards"), std::string::npos)
      << show.out;
  EXPECT_NE(show.out.find("battles (2):"), std::string::npos) << show.out;
  EXPECT_NE(show.out.find("2024-05-01T12:00:00Z  dark-legacy      0  chaos-starter     win       10     520  1 -> 10   "
                          "Brom (tech-starter, loss)"),
            std::string::npos)
      << show.out;

  const Outcome list = rise(with_db("list"));
  EXPECT_NE(list.out.find("Aria  Chaos          10     523  -                   -       -        2"), std::string::npos)
      << list.out;
}

// Rule DL-18.5: a second faction from level 10, once, not the primary; it starts at level 1
// and from then on a battle's points count for both factions (Interpretation DL-I18).
TEST_F(HeroCli, SecondFactionFromLevel10Once) {
  ASSERT_EQ(rise(with_db("create Aria --faction chaos")).exit_code, 0);
  ASSERT_EQ(rise(with_db("create Brom --faction tech")).exit_code, 0);
  record("Aria", 499, "Brom");
  refused(with_db("second-faction Aria wind"),
          "hero 'Aria' is level 9 in Chaos (499 skill points); a second faction needs level 10 (500 points) "
          "(Rule DL-18.5)");
  record("Aria", 1, "Brom");
  refused(with_db("second-faction Aria chaos"), "Chaos is already hero 'Aria''s primary faction");
  const Outcome chosen = rise(with_db("second-faction aria Wind"));
  ASSERT_EQ(chosen.exit_code, 0) << chosen.err;
  EXPECT_EQ(chosen.out, "Aria chose Wind as second faction: level 1, 0 skill points, 20 to level 2\n");
  refused(with_db("second-faction Aria earth"), "hero 'Aria' already has a second faction, Wind; it is chosen once");

  record("Aria", 30, "Brom");
  const Outcome show = rise(with_db("show Aria"));
  EXPECT_NE(show.out.find("Chaos (primary): level 10, 530 skill points, 170 to level 11"), std::string::npos)
      << show.out;
  EXPECT_NE(show.out.find("Wind (second): level 2, 30 skill points, 10 to level 3"), std::string::npos) << show.out;
  EXPECT_NE(show.out.find("(Rule DL-18.5): chose Wind"), std::string::npos) << show.out;
  const Outcome list = rise(with_db("list"));
  EXPECT_NE(list.out.find("Aria  Chaos          10     530  Wind                2      30        3"), std::string::npos)
      << list.out;
}

TEST_F(HeroCli, RefusesBadInputWithExitCode2) {
  ASSERT_EQ(rise(with_db("create Aria --faction chaos")).exit_code, 0);
  refused(with_db("create ARIA --faction tech"), "a hero named 'Aria' already exists");
  refused(with_db("create 'Bad!' --faction tech"), "hero name 'Bad!': character '!' is not allowed");
  refused(with_db("create " + std::string(41, 'x') + " --faction tech"), "at most 40");
  refused(with_db("create Brom --faction light"),
          "unknown faction 'light' (factions: chaos, tech, darkness, holy-order, wind, earth)");
  refused(with_db("create Brom"), "--faction is required");
  refused(with_db("show Nobody"), "no hero named 'Nobody'");
  refused(with_db("second-faction Nobody wind"), "no hero named 'Nobody'");
  refused("hero", "A subcommand is required");
}

TEST_F(HeroCli, RefusesAFileThatIsNotAHeroDatabase) {
  fs::create_directories(file("heroes"));
  write_text(db(), "this is a text file, not a database\n");
  refused(with_db("list"), db() + " is not a Rise hero database: not an SQLite database file");
  EXPECT_EQ(read_text(db()), "this is a text file, not a database\n");
}

TEST_F(HeroCli, RefusesADatabaseOfANewerSchema) {
  ASSERT_EQ(rise(with_db("create Aria --faction chaos")).exit_code, 0);
  {
    // PRAGMA user_version is the big-endian 32-bit integer at offset 60 of the file header.
    std::fstream f(db(), std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(60);
    const char version[4] = {0, 0, 0, 9};
    f.write(version, 4);
  }
  refused(with_db("show Aria"), db() + " was created by a newer Rise (schema 9, this build reads up to " +
                                     std::to_string(rise::store::kSchemaVersion) + ")");
}

TEST_F(HeroCli, DefaultDatabaseIsInXdgDataHome) {
  const char* old = std::getenv("XDG_DATA_HOME");
  const std::string saved = old ? old : "";
  setenv("XDG_DATA_HOME", file("xdg").c_str(), 1);
  const Outcome created = rise("hero create Aria --faction earth");
  const Outcome list = rise("hero list");
  if (old) {
    setenv("XDG_DATA_HOME", saved.c_str(), 1);
  } else {
    unsetenv("XDG_DATA_HOME");
  }
  ASSERT_EQ(created.exit_code, 0) << created.err;
  EXPECT_TRUE(fs::exists(file("xdg/rise/rise.db")));
  EXPECT_NE(list.out.find("Aria  Earth"), std::string::npos) << list.out;
}

}  // namespace

// Rules DL-2.4, DL-2.5 with a stored hero: `--hero NAME` checks a deck against the hero's
// level from its skill points. At 0 points (level 1) the chaos starter deck is legal; at 110
// points (level 6) its cards of other factions are not.
TEST_F(HeroCli, DeckValidateUsesAStoredHerosLevel) {
  ASSERT_EQ(rise(with_db("create Mordek --faction chaos")).exit_code, 0);
  const std::string validate = "deck validate dark-legacy chaos --hero Mordek --db " + quoted(db());
  const Outcome young = rise(validate);
  EXPECT_EQ(young.exit_code, 0) << young.out << young.err;
  EXPECT_NE(young.out.find("ok (52 cards, hero chaos:1)"), std::string::npos) << young.out;

  ASSERT_EQ(rise(with_db("create Sparring --faction tech")).exit_code, 0);
  record("Mordek", 110, "Sparring");
  const Outcome veteran = rise(validate);
  EXPECT_EQ(veteran.exit_code, 1) << veteran.out << veteran.err;
  EXPECT_NE(veteran.out.find("(Rule DL-2.5)"), std::string::npos) << veteran.out;

  refused("deck validate dark-legacy chaos --hero Nobody --db " + quoted(db()), "no hero named 'Nobody'");
}

// Rules DL-18.1, DL-18.2 through the front ends: `rise play dark-legacy --hero NAME` plays the
// stored hero and adds the skill points it rolled; `rise sim --heroes` leaves heroes alone
// unless `--record` is given, which records every battle.
TEST_F(HeroCli, PlayAndSimRecordBattlesOfStoredHeroes) {
  ASSERT_EQ(rise(with_db("create Aria --faction chaos")).exit_code, 0);
  ASSERT_EQ(rise(with_db("create Brom --faction darkness")).exit_code, 0);
  const std::string replay = quoted(file("battle.replay.json").string());
  const Outcome played = rise("play dark-legacy --players greedy,random --seed 5 --hero Aria --db " +
                              quoted(db()) + " --replay " + replay);
  ASSERT_EQ(played.exit_code, 0) << played.err;
  const size_t said = played.out.find("Aria rolled ");
  ASSERT_NE(said, std::string::npos) << played.out;
  EXPECT_NE(played.out.find("p0 hero Aria (Chaos 1)"), std::string::npos) << played.out;  // named at the table
  rise::store::HeroStore store = rise::store::HeroStore::open(db());
  const rise::store::Hero aria = store.hero("Aria");
  EXPECT_EQ(aria.battles, 1);
  EXPECT_NE(played.out.find("earns " + std::to_string(aria.points) + " skill points"), std::string::npos)
      << played.out;
  EXPECT_EQ(store.hero("Brom").battles, 0) << "only --hero's seat is a stored hero";

  const std::string sim = "sim dark-legacy --players greedy,greedy --games 3 --quiet --heroes Aria,Brom --db " +
                          quoted(db());
  ASSERT_EQ(rise(sim).exit_code, 0);
  EXPECT_EQ(store.hero("Aria").points, aria.points) << "no --record: heroes untouched";
  const Outcome recorded = rise(sim + " --record");
  ASSERT_EQ(recorded.exit_code, 0) << recorded.err;
  EXPECT_NE(recorded.out.find("recorded 3 battles"), std::string::npos) << recorded.out;
  EXPECT_EQ(store.hero("Aria").battles, 4);
  EXPECT_EQ(store.hero("Brom").battles, 3);
  EXPECT_GT(store.hero("Brom").points, 0);

  refused("sim dark-legacy --games 1 --record", "--record needs --heroes");
  refused("play rise-tcg --players greedy,random --hero Aria --db " + quoted(db()), "dark-legacy only");
}

// A round robin of dark-legacy decks: each deck is checked by the game (its card format and
// deck rules, against a level-1 hero of the deck's faction), then every pair plays.
TEST_F(DarkLegacyCli, RoundRobinPlaysEveryPairOfStarterDecks) {
  fs::create_directories(file("rr"));
  for (const char* id : {"chaos", "tech", "wind"}) {
    fs::copy_file(fs::path(RISE_SOURCE_DIR) / "data/dark-legacy/decks" / (std::string(id) + ".yaml"),
                  file(std::string("rr/") + id + ".yaml"));
  }
  const Outcome run = rise("sim dark-legacy --round-robin " + quoted(file("rr").string()) +
                           " --games 2 --players random --quiet");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("Round robin of dark-legacy: 3 decks"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("6 games"), std::string::npos) << run.out;

  // A deck that breaks the rules is refused before any game, with its violations.
  fs::copy_file(deck("broken"), file("rr/broken.yaml"));
  const Outcome refused = rise("sim dark-legacy --round-robin " + quoted(file("rr").string()) + " --games 2 --quiet");
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("broken.yaml breaks the deck-building rules"), std::string::npos) << refused.err;
}
