// `rise play --hero` and `rise hero` never lose a hero's points (issue 15): the battle is
// recorded before the replay is written, a busy database is waited for, and a database that
// stays locked gets the result in a pending battles file that `rise hero apply` records.
#include <gtest/gtest.h>

#include <chrono>
#include <regex>
#include <thread>

#include <SQLiteCpp/SQLiteCpp.h>

#include "cli_run.h"
#include "rise/store/hero_store.h"

namespace {

using namespace rise::testing_cli;
using rise::store::HeroStore;

class HeroBattle : public CliRun {
 protected:
  void SetUp() override {
    CliRun::SetUp();
    const Outcome created = rise("hero create Aria --faction chaos --db " + shell_quoted(db()));
    ASSERT_EQ(created.exit_code, 0) << created.err;
  }
  std::string db() const { return file("heroes/rise.db").string(); }
  std::string play(const std::string& extra) const {
    return "play dark-legacy --players greedy,random --seed 5 --no-color --hero Aria --db " + shell_quoted(db()) + " " + extra;
  }
  rise::store::Hero aria() const { return HeroStore::open(db()).hero("Aria"); }
};

TEST_F(HeroBattle, PointsAreRecordedWhenTheReplayCannotBeWritten) {
  // The path passes the check before the battle (its folder is writable) but the write at
  // the end fails: the temporary file the replay is written through is a directory.
  const fs::path replay = file("x.json");
  fs::create_directories(file("x.json.tmp"));
  const Outcome o = rise(play("--replay " + shell_quoted(replay.string())));
  EXPECT_EQ(o.exit_code, 2) << o.err;
  EXPECT_NE(o.err.find("rise: error: " + replay.string() + ": cannot write file"), std::string::npos) << o.err;
  EXPECT_NE(o.out.find("Aria rolled "), std::string::npos) << o.out;
  const rise::store::Hero hero = aria();
  EXPECT_EQ(hero.battles, 1);
  EXPECT_NE(o.out.find("earns " + std::to_string(hero.points) + " skill points"), std::string::npos) << o.out;
}

TEST_F(HeroBattle, AnUnwritableReplayPathIsRefusedBeforeTheBattle) {
  const Outcome o = rise(play("--replay /nonexistent-dir/x.json"));
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_EQ(o.out, "") << "no battle was played";
  EXPECT_EQ(o.err, "rise: error: --replay /nonexistent-dir/x.json: cannot write there: no such directory /nonexistent-dir\n");
  EXPECT_EQ(aria().battles, 0);
}

// Locked for 8 s from before the battle: longer than SQLite's busy timeout (5 s), shorter
// than the default --db-wait (30 s).
TEST_F(HeroBattle, ABrieflyLockedDatabaseIsWaitedFor) {
  SQLite::Database other(db(), SQLite::OPEN_READWRITE);
  other.exec("BEGIN EXCLUSIVE");
  std::thread release([&] {
    std::this_thread::sleep_for(std::chrono::seconds(8));
    other.exec("COMMIT");
  });
  const Outcome o = rise(play("--replay " + shell_quoted(file("r.json").string())));
  release.join();
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(aria().battles, 1);
  EXPECT_TRUE(fs::exists(file("r.json")));
}

TEST_F(HeroBattle, ALockedDatabaseKeepsTheResultInAFileThatHeroApplyRecords) {
  Outcome o;
  {
    SQLite::Database other(db(), SQLite::OPEN_READWRITE);
    other.exec("BEGIN EXCLUSIVE");
    o = rise(play("--db-wait 0.5 --replay " + shell_quoted(file("r.json").string())));
    other.exec("ROLLBACK");
  }
  EXPECT_EQ(o.exit_code, 2) << o.err;
  EXPECT_TRUE(fs::exists(file("r.json"))) << "the replay is still written";
  EXPECT_EQ(aria().battles, 0);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(o.err, m, std::regex("kept in (\\S+rise-pending-battles-\\S+\\.json): apply it later "
                                                     "with 'rise hero apply ([^']+)'")))
      << o.err;
  EXPECT_EQ(o.err.rfind("rise: error: " + db() + ": cannot record the battle: database is locked", 0), 0u) << o.err;
  const std::string kept = m[1];
  EXPECT_EQ(kept, std::string(m[2]));
  EXPECT_EQ(fs::path(kept).parent_path(), file("heroes")) << "kept next to the database";
  ASSERT_TRUE(fs::exists(kept));

  const Outcome applied = rise("hero apply " + shell_quoted(kept));
  ASSERT_EQ(applied.exit_code, 0) << applied.err;
  const rise::store::Hero hero = aria();
  EXPECT_EQ(hero.battles, 1);
  EXPECT_NE(applied.out.find("Aria: +" + std::to_string(hero.points) + " skill points"), std::string::npos)
      << applied.out;
  EXPECT_NE(o.out.find("earns " + std::to_string(hero.points) + " skill points"), std::string::npos) << o.out;
  EXPECT_FALSE(fs::exists(kept)) << "an applied file is removed";
  // Applied once: the file is gone.
  refused("hero apply " + shell_quoted(kept), kept + ": cannot open file");
}

TEST_F(HeroBattle, ApplyingABattleTwiceCountsItOnce) {
  {
    SQLite::Database other(db(), SQLite::OPEN_READWRITE);
    other.exec("BEGIN EXCLUSIVE");
    rise(play("--db-wait 0 --replay " + shell_quoted(file("r.json").string())));
    other.exec("ROLLBACK");
  }
  std::string kept;
  for (const auto& entry : fs::directory_iterator(file("heroes"))) {
    if (entry.path().filename().string().rfind("rise-pending-battles-", 0) == 0) kept = entry.path().string();
  }
  ASSERT_FALSE(kept.empty());
  fs::copy_file(kept, file("copy.json"));
  ASSERT_EQ(rise("hero apply " + shell_quoted(kept)).exit_code, 0);
  const int points = aria().points;
  const Outcome again = rise("hero apply " + shell_quoted(file("copy.json").string()) + " --db " + shell_quoted(db()));
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.out.find("is already recorded: skipped"), std::string::npos) << again.out;
  EXPECT_EQ(aria().points, points);
  EXPECT_EQ(aria().battles, 1);
  refused("hero apply " + shell_quoted(file("nothing.json").string()), "nothing.json: cannot open file");
  rise::testing_files::write_text(file("bad.json"), R"({"format": "rise-replay"})");
  refused("hero apply " + shell_quoted(file("bad.json").string()), "bad.json: field 'format' must be \"rise-pending-battles\"");
}

TEST_F(HeroBattle, ListOfAMissingDatabaseCreatesNothing) {
  const fs::path missing = file("elsewhere/none.db");
  refused("hero list --db " + shell_quoted(missing.string()), missing.string() + ": no hero database there");
  EXPECT_FALSE(fs::exists(missing.parent_path()));
  refused("hero show Aria --db " + shell_quoted(missing.string()), "no hero database there");
  refused("play dark-legacy --players random,random --hero Aria --db " + shell_quoted(missing.string()),
          "no hero database there");
  refused("sim dark-legacy --games 1 --heroes Aria --db " + shell_quoted(missing.string()), "no hero database there");
  refused("deck validate dark-legacy chaos --hero Aria --db " + shell_quoted(missing.string()), "no hero database there");
  refused("hero create '' --faction chaos --db " + shell_quoted(missing.string()), "hero name is empty");
  refused("hero create Brom --faction light --db " + shell_quoted(missing.string()), "unknown faction 'light'");
  EXPECT_FALSE(fs::exists(missing.parent_path()));
}

TEST_F(HeroBattle, HandEditedPointsAreRefusedNamingTheHeroAndColumn) {
  // A value the schema's CHECK refuses (a negative one) is found by PRAGMA quick_check on open.
  {
    SQLite::Database raw(db(), SQLite::OPEN_READWRITE);
    raw.exec("PRAGMA ignore_check_constraints = ON");
    raw.exec("UPDATE heroes SET points = -5 WHERE name = 'Aria'");
  }
  refused("hero list --db " + shell_quoted(db()), "is corrupt: PRAGMA quick_check says: CHECK constraint failed in heroes");
  // Values the schema lets through are refused when the row is read.
  for (const std::string value : {"9223372036854775807", "'lots'", "1.5"}) {
    {
      SQLite::Database raw(db(), SQLite::OPEN_READWRITE);
      raw.exec("PRAGMA ignore_check_constraints = ON");
      raw.exec("UPDATE heroes SET points = " + value + " WHERE name = 'Aria'");
    }
    std::string shown = value;
    if (shown.front() == '\'') shown = shown.substr(1, shown.size() - 2);
    refused("hero list --db " + shell_quoted(db()), "hero 'Aria': column 'points' is '" + shown + "', not a whole number from 0 to");
    refused(play(""), "hero 'Aria': column 'points'");
  }
}

TEST_F(HeroBattle, DbWaitIsChecked) {
  refused(play("--db-wait -1"), "--db-wait -1: give the seconds to wait for a busy hero database, 0 to 3600");
  refused(play("--db-wait 1e9"), "--db-wait");
}

}  // namespace
