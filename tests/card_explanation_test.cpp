// Game::card_explanation (`rise cards explain GAME ID`) for every card, weapon and character
// of every game's starter set: each is explained without throwing, in words (no placeholder,
// no YAML flow map), with numbered steps under headings. The starter sets use every trigger,
// step, target and keyword their loaders accept (the games' starter_set tests check that), so
// this also checks that each of them has a wording. Then the errors: an unknown id, a game
// without cards. And the examples of `rise cards explain` in the docs are what it prints.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "rise/cardgame/data_dir.h"
#include "rise/core/error.h"
#include "rise/core/game.h"
#include "rise/core/registry.h"
#include "test_files.h"

namespace rise {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  for (size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
    lines.push_back(text.substr(start, end - start));
  }
  EXPECT_EQ(start, text.size()) << "the last line does not end in a newline:\n" << text;
  return lines;
}

// What must never be in an explanation: a placeholder, an empty wording, the YAML form.
void expect_worded(const std::string& game, const std::string& id, const std::string& text) {
  SCOPED_TRACE(game + " " + id + ":\n" + text);
  const std::vector<std::string> lines = lines_of(text);
  ASSERT_GE(lines.size(), 2u);
  EXPECT_NE(lines[0].find("(" + id + ")"), std::string::npos);
  for (const char* bad : {"unknown", "Unknown", "TODO", "?", "{", "}", "()", " ,", "  .", ": :"}) {
    EXPECT_EQ(text.find(bad), std::string::npos) << "contains '" << bad << "'";
  }
  for (size_t i = 1; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    EXPECT_EQ(line.rfind("  ", 0), 0u) << "line " << i << " is not indented: " << line;
    EXPECT_NE(line.back(), ' ') << "line " << i << " ends in a space";
    const size_t dot = line.find(". ");
    if (dot != std::string::npos && line.find_first_not_of(' ') < dot &&
        line.find_first_not_of("0123456789", line.find_first_not_of(' ')) == dot) {
      EXPECT_GT(line.size(), dot + 2) << "step without words: " << line;
    }
  }
}

TEST(CardExplanation, EveryStarterCardOfEveryCardGameIsExplainedInWords) {
  int games = 0;
  for (const Game* game : all_games()) {
    const nlohmann::json catalog = game->catalog_json({});
    if (catalog.empty()) continue;
    ++games;
    const std::string dir = cardgame::default_data_dir(game->info().id);
    int steps = 0;
    for (const auto& [id, entry] : catalog.items()) {
      std::string text;
      ASSERT_NO_THROW(text = game->card_explanation(dir, id)) << game->info().id << " " << id;
      expect_worded(game->info().id, id, text);
      for (const std::string& line : lines_of(text)) steps += line.rfind("    1. ", 0) == 0 ? 1 : 0;
    }
    EXPECT_GT(steps, 10) << game->info().id << ": few cards with numbered steps";
  }
  EXPECT_EQ(games, 3);
}

// Every "$ rise cards explain GAME ID" of the card docs and the README, followed by its output
// up to the next "$" or the end of the code block, is what Game::card_explanation gives for the
// starter set (its source paths relative to the source tree, as the docs show them).
TEST(CardExplanation, TheDocsExamplesAreWhatTheEnginePrints) {
  int examples = 0;
  for (const char* doc : {"docs/cards.md", "docs/cards-dark-legacy.md", "docs/cards-raise-rise-die.md", "README.md"}) {
    std::ifstream in(std::string(RISE_SOURCE_DIR) + "/" + doc);
    ASSERT_TRUE(in) << doc;
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    const std::string prompt = "$ rise cards explain ";
    for (size_t i = 0; i < lines.size(); ++i) {
      if (lines[i].rfind(prompt, 0) != 0) continue;
      std::istringstream words(lines[i].substr(prompt.size()));
      std::string game, id;
      words >> game >> id;
      std::string shown;
      for (size_t k = i + 1; k < lines.size() && lines[k].rfind("$", 0) != 0 && lines[k].rfind("```", 0) != 0; ++k) {
        shown += lines[k] + "\n";
      }
      std::string printed = find_game(game).card_explanation(cardgame::default_data_dir(game), id);
      const std::string root = std::string(RISE_SOURCE_DIR) + "/";
      if (const size_t at = printed.find(root); at != std::string::npos) printed.erase(at, root.size());
      EXPECT_EQ(shown, printed) << doc << ":" << i + 1;
      ++examples;
    }
  }
  EXPECT_GE(examples, 5);
}

// Interpretation DL-I44: an Armor that grants its hero +1 Attack ("Armor: +1 Attack", the
// example of docs/cards-dark-legacy.md) is explained with who gets the grant and for how long,
// as that page says.
TEST(CardExplanation, ADarkLegacyArmorGrantIsWorded) {  // DL-I44 DL-11.4
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("rise-explain-armor-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir / "cards");
  testing_files::write_text(dir / "cards" / "armor.yaml",
                            "cards:\n"
                            "  - id: spiked-harness\n"
                            "    name: Spiked Harness\n"
                            "    text: \"Armor: +1 Attack.\"\n"
                            "    affiliation: earth\n"
                            "    type: armor\n"
                            "    cost: 2\n"
                            "    level: 1\n"
                            "    defense: 4\n"
                            "    grants: {attack: 1}\n");
  std::string text;
  ASSERT_NO_THROW(text = find_game("dark-legacy").card_explanation(dir.string(), "spiked-harness"));
  std::filesystem::remove_all(dir);
  expect_worded("dark-legacy", "spiked-harness", text);
  const std::vector<std::string> lines = lines_of(text);
  ASSERT_EQ(lines.size(), 5u) << text;
  EXPECT_EQ(lines[0].rfind("Spiked Harness (spiked-harness)   ", 0), 0u) << lines[0];
  EXPECT_EQ(lines[0].substr(lines[0].size() - std::string("/cards/armor.yaml:2").size()), "/cards/armor.yaml:2");
  const std::string grants =
      "  grants: the hero wearing it gets +1 Attack Point while it is equipped; a second copy of this Armor adds "
      "nothing (Rule DL-11.4)";
  EXPECT_EQ(std::vector<std::string>(lines.begin() + 1, lines.end()),
            (std::vector<std::string>{"  kind: Armor; Earth; Skill Level 1", "  cost: 2 Casting Points",
                                      "  4 Defense Points", grants}));
  // The page that documents the card quotes the same words (its lines joined).
  std::string page = testing_files::read_text(std::string(RISE_SOURCE_DIR) + "/docs/cards-dark-legacy.md");
  std::replace(page.begin(), page.end(), '\n', ' ');
  EXPECT_NE(page.find("`" + grants.substr(2) + "`"), std::string::npos) << "docs/cards-dark-legacy.md";
}

// `target: event` under every rise-tcg trigger, own and global (issue 36: "whenever a
// Creature an opponent controls is invoked, deal 1 damage to it" — the starter card Blood
// Herald — was explained as "the other card of the event (this trigger has none: the step
// does nothing)" while the game deals the damage to the invoked Creature). Each trigger's
// wording names the card the engine passes as the event (language_v2.cpp fire_global, and
// the base triggers), or says that there is none where the engine passes none.
TEST(CardExplanation, TheEventCardOfEveryTriggerIsWhatTheGameUses) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("rise-explain-events-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  struct Case {
    const char* on;
    const char* type;
    const char* extra;  // more fields of the card
    const char* words;  // the event card's wording
  };
  const std::vector<Case> cases = {
      {"{whenever: invoked, filter: {types: [Creature]}}", "Creature", "", "the card that was invoked"},
      {"{whenever: dies, filter: {types: [Creature]}}", "Creature", "", "the card that was destroyed"},
      {"{whenever: attacks, filter: {types: [Creature]}}", "Creature", "", "the attacker that was declared"},
      {"{whenever: damaged, filter: {types: [Creature]}}", "Creature", "", "the card that was dealt damage"},
      {"{whenever: turn start}", "Creature", "", "the other card of the event (the start of a turn has none: the step does nothing)"},
      {"blocks", "Creature", "", "the attacker it blocks"},
      {"blocked", "Creature", "", "the card blocking it"},
      {"opened", "Door", "", "the card whose effect opened it"},
      {"unlocked", "Creature", "    abilities: [Lock]\n", "the card whose effect opened its Lock"},
      {"invoked", "Creature", "", "the other card of the event (this trigger has none: the step does nothing)"},
      {"turn start", "Creature", "", "the other card of the event (this trigger has none: the step does nothing)"},
      {"attacks", "Creature", "", "the other card of the event (this trigger has none: the step does nothing)"},
      {"dies", "Creature", "", "the other card of the event (this trigger has none: the step does nothing)"},
      {"end of turn", "Creature", "", "the other card of the event (this trigger has none: the step does nothing)"},
  };
  std::string yaml = "cards:\n";
  for (size_t i = 0; i < cases.size(); ++i) {
    yaml += "  - id: t" + std::to_string(i) + "\n    name: T" + std::to_string(i) + "\n    types: [" +
            cases[i].type + "]\n    rank: 1\n    rarity: Common\n    attack: 1\n    defense: 1\n" + cases[i].extra +
            "    text: \"Test.\"\n    effects:\n      - on: " + cases[i].on +
            "\n        do: [{damage: 1, target: event}]\n";
  }
  std::filesystem::create_directories(dir / "cards");
  testing_files::write_text(dir / "cards" / "events.yaml", yaml);
  // Headings with their article (issue 36: "whenever a other Creature ...").
  yaml += "  - id: another\n    name: Another\n    types: [Creature]\n    rank: 1\n    rarity: Common\n"
          "    attack: 1\n    defense: 1\n    text: \"Test.\"\n    effects:\n"
          "      - on: {whenever: dies, filter: {another: yes, types: [Creature]}}\n        do: [{draw: 1}]\n";
  testing_files::write_text(dir / "cards" / "events.yaml", yaml);
  const Game& tcg = find_game("rise-tcg");
  EXPECT_NE(tcg.card_explanation(dir.string(), "another").find("  whenever another Creature on the battlefield is destroyed:\n"),
            std::string::npos)
      << tcg.card_explanation(dir.string(), "another");
  for (size_t i = 0; i < cases.size(); ++i) {
    const std::string text = tcg.card_explanation(dir.string(), "t" + std::to_string(i));
    EXPECT_NE(text.find("1. deal 1 damage to " + std::string(cases[i].words)), std::string::npos)
        << cases[i].on << ":\n" << text;
  }
  std::filesystem::remove_all(dir);
}

// Issue 36: the designer read "you put the top 2 cards of their library" and "return ... in
// your Cemetery to its controller's hand" (a card in a Cemetery has an owner, no controller;
// the engine returns it to its owner's hand, docs/cards.md). Each target kind of `return` and
// each player of `mill` is worded for where the card is and whose library it is.
TEST(CardExplanation, ReturnAndMillAreWordedForWhereTheCardIsAndWhoseLibrary) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("rise-explain-zones-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"{return: yes, target: {choose: {whose: you, zone: cemetery, types: [Creature]}}}",
       "return one Creature in your Cemetery (your choice) to its owner's hand"},
      {"{return: yes, target: {choose: {types: [Creature]}}}",
       "return one Creature on the battlefield (your choice) to its controller's hand"},
      {"{return: yes, target: self}",
       "return this card to its controller's hand (its owner's, from a Cemetery or the Exclusion Zone)"},
      {"{mill: 2, who: you}", "you put the top 2 cards of your library into your Cemetery (as many as there are)"},
      {"{mill: 2, who: opponent}",
       "an opponent of your choice puts the top 2 cards of their library into their Cemetery (as many as there are)"},
      {"{mill: 1, who: each player}",
       "each player, you first, puts the top 1 card of their library into their Cemetery (as many as there are)"},
  };
  std::string yaml = "cards:\n";
  for (size_t i = 0; i < cases.size(); ++i) {
    yaml += "  - id: z" + std::to_string(i) + "\n    name: Z" + std::to_string(i) +
            "\n    types: [Creature]\n    rank: 1\n    rarity: Common\n    attack: 1\n    defense: 1\n"
            "    text: \"Test.\"\n    effects:\n      - on: invoked\n        do: [" + cases[i].first + "]\n";
  }
  std::filesystem::create_directories(dir / "cards");
  testing_files::write_text(dir / "cards" / "zones.yaml", yaml);
  const Game& tcg = find_game("rise-tcg");
  for (size_t i = 0; i < cases.size(); ++i) {
    const std::string text = tcg.card_explanation(dir.string(), "z" + std::to_string(i));
    EXPECT_NE(text.find("1. " + cases[i].second + "\n"), std::string::npos) << cases[i].first << ":\n" << text;
  }
  std::filesystem::remove_all(dir);
}

TEST(CardExplanation, AnUnknownIdIsOneLineNamingItAndTheClosestId) {
  const Game& tcg = find_game("rise-tcg");
  try {
    tcg.card_explanation(cardgame::default_data_dir("rise-tcg"), "cinderlin");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "unknown card 'cinderlin' (did you mean 'cinderling'?) in rise-tcg ('rise cards rise-tcg' "
                           "lists them)");
  }
  try {
    find_game("dark-legacy").card_explanation(cardgame::default_data_dir("dark-legacy"), "rift-im");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown card 'rift-im' (did you mean 'rift-imp'?)"), std::string::npos)
        << e.what();
  }
  try {
    find_game("raise-rise-die").card_explanation(cardgame::default_data_dir("raise-rise-die"), "severin");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown card, weapon or character 'severin' (did you mean 'severine'?)"),
              std::string::npos)
        << e.what();
  }
}

TEST(CardExplanation, AGameWithoutCardsSaysSo) {
  EXPECT_THROW(
      {
        try {
          find_game("rise-hex").card_explanation("data/rise-hex", "x");
        } catch (const InputError& e) {
          EXPECT_STREQ(e.what(), "rise-hex has no cards");
          throw;
        }
      },
      InputError);
}

}  // namespace
}  // namespace rise
