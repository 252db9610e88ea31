// `rise play` on a small and a large terminal (issue 20): every line it prints fits the
// width (code points, not bytes), the action list is grouped and paged to fit the height,
// and an action of a later page is chosen by its number.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_run.h"
#include "rise/core/utf8.h"
#include "test_files.h"

namespace {

using rise::testing_cli::Outcome;
using rise::testing_cli::shell_quoted;
using rise::testing_files::read_text;
using rise::testing_files::write_text;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// The first line of an action list's first page: "  WORD (N)  1) ...", or "   1) ..." when the
// first action is alone of its word (no label).
const std::regex kFirstActionLine(R"(^  (\S+ \(\d+\) +| +)1\) .*)");
const std::regex kPrompt(R"(^seat \d+> .*)");
const std::regex kPrompts(R"(^(seat \d+> )+)");

struct Table {
  std::string game, players, header;
  int seed;
};

const std::vector<Table> kCardGames = {
    {"rise-tcg", "human,random", "Rise  turn", 3},
    {"rise-tcg", "human,random,random,random,random,random", "Rise  turn", 5},
    {"dark-legacy", "human,random", "Dark Legacy  turn", 3},
    {"raise-rise-die", "human,random", "Raise, Rise & Die", 3},
};

class CliLayout : public rise::testing_cli::CliRun {
 protected:
  // `rise play GAME` at WIDTH x HEIGHT with `input` typed at the prompts.
  Outcome play(const std::string& game, const std::string& players, int seed, const std::string& input, size_t width,
               size_t height) const {
    write_text(file("input.txt"), input);
    return rise("play " + game + " --players " + players + " --seed " + std::to_string(seed) + " --no-color --width " +
                    std::to_string(width) + " --height " + std::to_string(height) + " --replay " +
                    shell_quoted(file("r.json").string()),
                file("input.txt").string());
  }

  // A few actions of each card game of kCardGames (`input`: the first listed each time,
  // 'more', 'help', 'board', 'show'), every screen checked at `width` x `height`.
  void expect_card_games_fit(const std::string& input, size_t width, size_t height) const {
    for (const Table& t : kCardGames) {
      SCOPED_TRACE(t.game + " " + t.players);
      const Outcome o = play(t.game, t.players, t.seed, input, width, height);
      ASSERT_EQ(o.exit_code, 0) << o.err;
      EXPECT_GE(check_screens(o.out, width, height, t.header), 4) << o.out;
    }
  }

  // Every line at most `width` columns; every screen fits `height` lines: the action page,
  // the "more" line, the decision and the prompt fill what the board leaves, the board keeping
  // at most half the screen in view above them (a card game's board is longer than a screen:
  // it scrolls, and the player reads its end, the hand, next to the actions).
  // `header` starts the game's board. Returns how many screens were checked.
  int check_screens(const std::string& out, size_t width, size_t height, const std::string& header) const {
    const std::vector<std::string> lines = lines_of(out);
    for (const std::string& line : lines) {
      // On a terminal the line typed at a prompt ends it (the input is not in `out`): what
      // follows a prompt starts a screen line.
      const std::string shown = std::regex_replace(line, kPrompts, "");
      EXPECT_LE(rise::utf8_length(shown), width) << "a line of " << rise::utf8_length(shown) << " columns:\n" << line;
    }
    int screens = 0;
    for (size_t a = 0; a < lines.size(); ++a) {
      if (!std::regex_match(lines[a], kFirstActionLine)) continue;
      size_t board = a;
      while (board > 0 && lines[board].rfind(header, 0) != 0) --board;
      size_t prompt = a;
      while (prompt < lines.size() && !std::regex_match(lines[prompt], kPrompt)) ++prompt;
      if (prompt == lines.size()) continue;
      const size_t board_lines = a - board + 1;  // and the blank line above it
      const size_t block = prompt - a + 1;
      EXPECT_LE(std::min(board_lines, height / 2) + block, height)
          << "board " << board_lines << " lines, actions to the prompt " << block << " lines, at line " << a << ":\n"
          << out;
      ++screens;
    }
    return screens;
  }
};

TEST_F(CliLayout, CardGamesFit80x24) {
  expect_card_games_fit("1\nmore\n1\nhelp\n1\nboard\nshow hand\n1\n1\n1\nquit\n", 80, 24);
}

TEST_F(CliLayout, CardGamesFit120x40) {
  expect_card_games_fit("1\nmore\n1\nhelp\n1\nboard\n1\n1\n1\nquit\n", 120, 40);
}

// rise-hex's board is short: the board, its whole action page and the prompt fit 24 lines.
TEST_F(CliLayout, RiseHexFits80x24WholeScreens) {
  const Outcome o = play("rise-hex", "human,random", 3, "1\n1\n1\n1\nquit\n", 80, 24);
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_GE(check_screens(o.out, 80, 24, "Rise!  turn"), 3);
  // The opening board fits whole in tighter cells (". 7,-1", not ".  7,-…").
  EXPECT_NE(o.out.find("  r=0  |. 0,0   r 1,0   . 2,0"), std::string::npos) << o.out;
  EXPECT_TRUE(std::regex_search(o.out, std::regex(R"(\. 7,-1 *\n)"))) << o.out;
}

// The list is grouped by the notation's first word with its count, paged with "more", and
// the numbers are the same on every page: the number of an action of page 2 chooses it.
// Issue 38: the action list showed the notation ("equip (1)  1) jagged-cleaver", "#6 bras"),
// card ids and object numbers a player cannot read. Its entries are the seat's own words for
// each action (State::describe_action), card names included; the verb a player types still
// groups them.
TEST_F(CliLayout, TheActionListSpeaksInCardNames) {
  const Outcome dl = play("dark-legacy", "human,random", 3, "quit\n", 80, 24);
  ASSERT_EQ(dl.exit_code, 0) << dl.err;
  EXPECT_NE(dl.out.find("\n    1) equip jagged-cleaver (Jagged Cleaver)\n"), std::string::npos) << dl.out;
  // An action alone of its word reads whole, without a group label: "casting phase", not
  // "casting (1)  1) phase".
  const Outcome phases = play("dark-legacy", "human,random", 3, "1\nquit\n", 80, 24);
  ASSERT_EQ(phases.exit_code, 0) << phases.err;
  EXPECT_NE(phases.out.find(") casting phase"), std::string::npos) << phases.out;
  EXPECT_EQ(phases.out.find("casting (1)"), std::string::npos) << phases.out;
  const Outcome rrd = play("raise-rise-die", "human,random", 3, "quit\n", 120, 40);
  ASSERT_EQ(rrd.exit_code, 0) << rrd.err;
  EXPECT_NE(rrd.out.find(") #6 (Taillade) bras"), std::string::npos) << rrd.out;
}

TEST_F(CliLayout, AnActionOfPageTwoIsChosenByItsNumber) {
  const Outcome first = play("rise-hex", "human,human", 1, "more\nquit\n", 80, 12);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_NE(first.out.find("  tile ("), std::string::npos) << first.out;
  const std::regex more_line(R"(\n  more: type 'more' \((\d+) more\)\n)");
  std::smatch match;
  ASSERT_TRUE(std::regex_search(first.out, match, more_line)) << first.out;
  // Page 2 (after the 'more' typed at the prompt): its first entry, and its group's label.
  const size_t page2 = first.out.find("seat 0> ");
  ASSERT_NE(page2, std::string::npos);
  const std::regex entry(R"(^seat 0>   (\S+) \(\d+\) +(\d+)\) (\S+))");
  std::smatch e;
  const std::string from_page2 = first.out.substr(page2);
  ASSERT_TRUE(std::regex_search(from_page2, e, entry)) << from_page2;
  const std::string word = e[1], number = e[2], rest = e[3];
  EXPECT_GT(std::stoi(number), 1) << from_page2;

  const Outcome chosen = play("rise-hex", "human,human", 1, number + "\nquit\n", 80, 12);
  ASSERT_EQ(chosen.exit_code, 0) << chosen.err;
  const nlohmann::json replay = nlohmann::json::parse(read_text(file("r.json")));
  ASSERT_EQ(replay.at("actions").size(), 1u) << chosen.out;
  EXPECT_EQ(replay["actions"][0].get<std::string>(), word + " " + rest);
}

// A card game on a small screen: the list of card names is paged too, every screen fits,
// and an action of page 2 is chosen by its number.
TEST_F(CliLayout, ACardGamesListIsPagedOnASmallScreen) {
  const Outcome first = play("raise-rise-die", "human,random", 3, "more\nquit\n", 80, 14);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  ASSERT_NE(first.out.find("\n  more: type 'more' ("), std::string::npos) << first.out;
  EXPECT_GE(check_screens(first.out, 80, 14, "Raise, Rise & Die"), 1);
  const std::string from_page2 = first.out.substr(first.out.find("seat 0> "));
  std::smatch e;
  ASSERT_TRUE(std::regex_search(from_page2, e, std::regex(R"(^seat 0>   (\S+) \(\d+\) +(\d+)\) (\S+))")))
      << from_page2;
  const std::string word = e[1], number = e[2], card = e[3];
  EXPECT_GT(std::stoi(number), 1) << from_page2;
  const Outcome chosen = play("raise-rise-die", "human,random", 3, number + "\nquit\n", 80, 14);
  ASSERT_EQ(chosen.exit_code, 0) << chosen.err;
  const nlohmann::json replay = nlohmann::json::parse(read_text(file("r.json")));
  bool found = false;
  for (const auto& a : replay.at("actions")) found = found || a.get<std::string>().rfind(word + " " + card, 0) == 0;
  EXPECT_TRUE(found) << word << " " << card << " in " << replay["actions"].dump();
}

TEST_F(CliLayout, MoreAfterTheLastPageStartsAgainAndAOnePageListSaysSo) {
  const Outcome paged = play("rise-hex", "human,human", 1, "more\nmore\nmore\nmore\nmore\nmore\nmore\nquit\n", 80, 12);
  ASSERT_EQ(paged.exit_code, 0) << paged.err;
  EXPECT_NE(paged.out.find("  end of the list: 'more' shows it again from the start\n"), std::string::npos)
      << paged.out;
  const Outcome whole = play("rise-hex", "human,human", 1, "more\nquit\n", 120, 60);
  EXPECT_NE(whole.out.find("all 32 actions are listed above ('board' shows them again)"), std::string::npos)
      << whole.out;
}

TEST_F(CliLayout, ABadSizeIsAOneLineError) {
  refused("play rise-hex --width 5", "--width '5': give a whole number from 40 to 1000");
  refused("play rise-hex --height 2x", "--height '2x': give a whole number from 10 to 1000");
  refused("play rise-hex --width 100000", "--width '100000'");
}

}  // namespace
