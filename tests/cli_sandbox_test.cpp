// `rise sandbox` (issue 36; docs/lab.md, "The sandbox"): a position set up in words, from a
// file and at the prompt, every seat played by the designer, each action's log lines (the
// triggered effects and their results) printed, and a scenario saved that `rise scenario`
// plays again.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_run.h"
#include "test_files.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using rise::testing_cli::Outcome;
using rise::testing_files::read_text;
using rise::testing_files::write_text;

std::string quoted(const std::string& text) { return rise::testing_cli::shell_quoted(text); }

class CliSandbox : public rise::testing_cli::CliRun {
 protected:
  std::string sandbox_args(const fs::path& position, const fs::path& save) const {
    return "sandbox rise-tcg " + quoted(position.string()) +
           " --seed 1 --decks ashen-omens,cinderstorm --no-color --width 100 --save " + quoted(save.string());
  }
};

TEST_F(CliSandbox, SetsUpAPositionAndShowsEachTriggerAsItHappens) {
  const fs::path position = file("herald.txt"), input = file("input.txt"), save = file("s.json");
  write_text(position, "# Blood Herald against a Thrall\n\nBlood Herald on their battlefield\n");
  // A set-up line at the prompt, then p0's action (#21: a Shambling Thrall in p0's hand at
  // seed 1): the Herald triggers on the invocation.
  write_text(input, "5 Coins\ninvoke #21 by S1\nquit\n");
  const Outcome run = rise(sandbox_args(position, save), input.string());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("Sandbox: you act for every seat."), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("#100 Blood Herald"), std::string::npos) << run.out;  // from the file
  EXPECT_NE(run.out.find("p0  Stock  5"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("  | p0 invokes Shambling Thrall #21\n"
                         "  | Blood Herald #100's effect triggers (whenever invoked; p1)\n"
                         "  | Shambling Thrall #21 takes 1 damage\n"
                         "  | Shambling Thrall #21 dies\n"),
            std::string::npos)
      << run.out;
  // The scenario: the position after the last set-up and the actions since; `rise scenario`
  // plays it to the state the sandbox ended in.
  const json scenario = json::parse(read_text(save));
  EXPECT_EQ(scenario["actions"], json::array({"invoke #21 (Shambling Thrall) by S1"}));
  const Outcome again = rise("scenario " + quoted(save.string()));
  ASSERT_EQ(again.exit_code, 0) << again.err;
  const json end = json::parse(again.out);
  EXPECT_EQ(end["objects"][21]["where"], "exclusion");
  EXPECT_EQ(end["players"][0]["ether"], 1);
}

TEST_F(CliSandbox, AWrongLineIsRefusedAtThePromptAndNamedInAFile) {
  const fs::path position = file("pos.txt"), input = file("input.txt"), save = file("s.json");
  write_text(position, "5 Coins\n");
  write_text(input, "Blod Herald on my battlefield\nhello there\nundo\nquit\n");
  const Outcome run = rise(sandbox_args(position, save), input.string());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("set-up refused: no card is named 'Blod Herald' (did you mean 'Blood Herald'?)"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("not understood: as an action: rise-tcg action 'hello there': unknown verb"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("nothing to undo"), std::string::npos) << run.out;

  write_text(position, "5 Coins\nBlood Herald on p3's battlefield\n");
  refused(sandbox_args(position, save), (position.string() + ":2: there is no p3 in a game of 2 players"));
  refused("sandbox rise-hex", "rise-hex has no sandbox yet (the card games have one)");
}

TEST_F(CliSandbox, UndoTakesBackASetUpOrAnAction) {
  const fs::path position = file("pos.txt"), input = file("input.txt"), save = file("s.json");
  write_text(position, "");
  write_text(input, "Blood Herald on their battlefield\ninvoke #21 by S1\nundo\nundo\nquit\n");
  const Outcome run = rise(sandbox_args(position, save), input.string());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const json scenario = json::parse(read_text(save));
  EXPECT_EQ(scenario["actions"], json::array());
  EXPECT_EQ(scenario["state"]["battlefield"], json::array());  // the Herald's set-up taken back too
}

// The other card games' position languages (docs/formats.md, "Sandbox position"): a line of
// each from a file, the help naming the game's own examples, and the saved scenario replayed.
TEST_F(CliSandbox, DarkLegacyAndRaiseRiseDieHaveTheirOwn) {
  struct Case {
    const char* game;
    const char* line;
    const char* example;  // from the help
    const char* shown;    // in the board after the set-up
    const char* action;   // p0's first decision
  };
  for (const Case& c : {Case{"dark-legacy", "two Rift Imps in my play", "'Lich Sovereign in my charging field'",
                             "spell field 1: #5 Rift Imp 2/1 #37 Rift Imp 2/1", "casting phase"},
                        Case{"raise-rise-die", "Dague de lancer in my objets", "'Affûtage in my infusion'",
                             "objets   : [1] Dague de lancer #0 désengagé", "passe"}}) {
    SCOPED_TRACE(c.game);
    const fs::path position = file("pos.txt"), input = file("input.txt"), save = file("s.json");
    write_text(position, std::string(c.line) + "\n");
    write_text(input, std::string(c.action) + "\nquit\n");
    const Outcome run = rise(std::string("sandbox ") + c.game + " " + quoted(position.string()) +
                             " --seed 1 --no-color --width 120 --save " + quoted(save.string()), input.string());
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.out.find(c.example), std::string::npos) << run.out;
    EXPECT_NE(run.out.find(c.shown), std::string::npos) << run.out;
    const json scenario = json::parse(read_text(save));
    EXPECT_EQ(scenario["actions"].size(), 1u);
    const Outcome again = rise("scenario " + quoted(save.string()));
    ASSERT_EQ(again.exit_code, 0) << again.err;
    EXPECT_EQ(json::parse(again.out)["game"], c.game);
  }
}

}  // namespace
