// Players that read hidden information (docs/ai.md): `rise sim`, its round robin and `rise
// play` name every computer player that reads hidden cards (greedy, mcts) in a
// hidden-information game in one note line, at the top of the results (under the title of a
// game at the terminal), and `rise sim --json` lists them; nothing is said of random and
// ismcts, nor of any player in rise-hex, which hides nothing. (`rise lab` refuses such a
// player: tests/cli_lab_test.cpp.)
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "cli_run.h"

namespace rise::testing_cli {
namespace {

using nlohmann::json;
using testing_files::read_text;
using testing_files::write_text;

// How many times `part` occurs in `text`.
size_t occurrences(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

const std::string kGreedyNote =
    "note: greedy reads hidden information (it searches the true state, hidden cards included): its results "
    "overstate what a player could do; use ismcts for an honest player\n";

class CliOmniscient : public CliRun {
 protected:
  // `rise sim ARGS --quiet --json FILE`: the outcome, and the JSON in `summary`.
  Outcome sim(const std::string& args, json& summary) const {
    const fs::path path = file("summary.json");
    const Outcome o = rise("sim " + args + " --quiet --json " + shell_quoted(path.string()));
    EXPECT_EQ(o.exit_code, 0) << args << "\n" << o.err;
    summary = json::parse(read_text(path));
    return o;
  }

  // `rise play ARGS` with "quit" typed at the first prompt a person gets.
  Outcome play(const std::string& args) const {
    write_text(file("quit.txt"), "quit\n");
    const Outcome o = rise("play " + args + " --seed 1 --no-color --replay " + shell_quoted(file("r.json").string()),
                           file("quit.txt").string());
    EXPECT_EQ(o.exit_code, 0) << args << "\n" << o.err;
    return o;
  }
};

TEST_F(CliOmniscient, SimNamesGreedyAndMctsInACardGameOnce) {
  json summary;
  Outcome o = sim("raise-rise-die --players greedy,random --games 2 --seed 2", summary);
  EXPECT_EQ(o.out.rfind(kGreedyNote, 0), 0u) << "the first line of the output\n" << o.out;
  EXPECT_EQ(occurrences(o.out + o.err, "hidden information"), 1u) << o.out << o.err;
  EXPECT_EQ(summary["omniscient_players"], json({"greedy"}));

  // Every such spec named once, in one line; the honest one not at all.
  o = sim("raise-rise-die --players mcts:iters=5,greedy --games 2 --seed 2", summary);
  EXPECT_EQ(o.out.rfind("note: mcts:iters=5 and greedy read hidden information (they search the true state, hidden "
                        "cards included): their results overstate what a player could do; use ismcts for an honest "
                        "player\n",
                        0),
            0u)
      << o.out;
  EXPECT_EQ(occurrences(o.out + o.err, "hidden information"), 1u) << o.out << o.err;
  EXPECT_EQ(summary["omniscient_players"], json({"mcts:iters=5", "greedy"}));
  o = sim("raise-rise-die --players greedy,greedy --games 1", summary);
  EXPECT_EQ(o.out.rfind(kGreedyNote, 0), 0u) << o.out;
  EXPECT_EQ(summary["omniscient_players"], json({"greedy"}));
}

TEST_F(CliOmniscient, SimSaysNothingOfHonestPlayersNorOfRiseHex) {
  json summary;
  Outcome o = sim("raise-rise-die --players ismcts:iters=5,random --games 2 --seed 2", summary);
  EXPECT_EQ(o.out.find("hidden information"), std::string::npos) << o.out;
  EXPECT_EQ(o.err, "");
  EXPECT_EQ(summary["omniscient_players"], json::array());
  // rise-hex has perfect information: greedy and mcts see only what a player sees.
  o = sim("rise-hex --players greedy,mcts:iters=5 --games 1", summary);
  EXPECT_EQ(o.out.find("hidden information"), std::string::npos) << o.out;
  EXPECT_EQ(o.err, "");
  EXPECT_EQ(summary["omniscient_players"], json::array());
}

TEST_F(CliOmniscient, RoundRobinNamesThemAboveTheMatrix) {
  const std::string decks = shell_quoted(RISE_SOURCE_DIR "/data/raise-rise-die/decks");
  json summary;
  Outcome o = sim("raise-rise-die --round-robin " + decks + " --players greedy --games 1", summary);
  EXPECT_EQ(o.out.rfind(kGreedyNote + "Round robin of raise-rise-die", 0), 0u) << o.out;
  EXPECT_EQ(occurrences(o.out + o.err, "hidden information"), 1u) << o.out << o.err;
  EXPECT_EQ(summary["omniscient_players"], json({"greedy"}));
  o = sim("raise-rise-die --round-robin " + decks + " --players random --games 1", summary);
  EXPECT_EQ(o.out.rfind("Round robin of raise-rise-die", 0), 0u) << o.out;
  EXPECT_EQ(summary["omniscient_players"], json::array());
}

TEST_F(CliOmniscient, PlayNamesTheComputerSeatsThatReadHiddenCards) {
  const std::string note = "note: greedy reads hidden information (it searches the true state, hidden cards included)\n";
  Outcome o = play("rise-tcg --players human,greedy");
  EXPECT_NE(o.out.find("seats: 0=human, 1=greedy\n" + note + "Type 'help'"), std::string::npos) << o.out;
  EXPECT_EQ(occurrences(o.out, "hidden information"), 1u) << o.out;
  o = play("rise-tcg --players mcts:iters=5,human,mcts:iters=5");
  EXPECT_NE(o.out.find("\nnote: mcts:iters=5 reads hidden information (it searches the true state, hidden cards "
                       "included)\nType 'help'"),
            std::string::npos)
      << o.out;
  EXPECT_EQ(occurrences(o.out, "hidden information"), 1u) << o.out;
  // The default opponent of a card game (ismcts), random, and any player of rise-hex: no note.
  for (const char* args : {"rise-tcg", "rise-tcg --players human,random", "rise-hex --players human,greedy",
                           "rise-hex --players human,mcts:iters=5"}) {
    o = play(args);
    EXPECT_EQ(o.out.find("hidden information"), std::string::npos) << args << "\n" << o.out;
  }
}

}  // namespace
}  // namespace rise::testing_cli
