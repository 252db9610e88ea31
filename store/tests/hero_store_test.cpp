// The hero store (store/): heroes, battles, the safety of the file (WAL, transactions,
// checks on open), migrations from a hand-made version-1 file, and a process killed in the
// middle of recording a battle.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <SQLiteCpp/SQLiteCpp.h>

#include "rise/core/error.h"
#include "store_test_support.h"
#include "rise/store/hero_store.h"

namespace {

namespace fs = std::filesystem;
using rise::InputError;
using namespace rise::store;

using rise::store_testing::error_of;

// The hand-made schema of version 1, as the first release wrote it (kept here, not taken
// from the store's code, so that the test checks the migration against the old file as it
// really was).
constexpr const char* kVersion1Schema = R"sql(
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO meta(key, value) VALUES('app', 'rise-engine');
CREATE TABLE heroes(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK(length(name) BETWEEN 1 AND 40),
  faction TEXT NOT NULL CHECK(faction IN ('chaos', 'tech', 'darkness', 'holy-order', 'wind', 'earth')),
  points INTEGER NOT NULL DEFAULT 0 CHECK(points >= 0),
  created_at TEXT NOT NULL);
CREATE TABLE battles(
  id INTEGER PRIMARY KEY, played_at TEXT NOT NULL, game TEXT NOT NULL CHECK(length(game) > 0),
  seed TEXT NOT NULL, turns INTEGER NOT NULL CHECK(turns >= 0), replay TEXT NOT NULL DEFAULT '');
CREATE TABLE battle_seats(
  battle_id INTEGER NOT NULL REFERENCES battles(id) ON DELETE CASCADE,
  seat INTEGER NOT NULL CHECK(seat >= 0),
  hero_id INTEGER REFERENCES heroes(id),
  deck TEXT NOT NULL,
  result TEXT NOT NULL CHECK(result IN ('win', 'loss', 'draw')),
  roll INTEGER NOT NULL CHECK(roll BETWEEN 1 AND 20),
  points INTEGER NOT NULL CHECK(points >= 0),
  PRIMARY KEY(battle_id, seat));
CREATE INDEX battle_seats_by_hero ON battle_seats(hero_id);
PRAGMA user_version = 1;
)sql";

class HeroStoreTest : public rise::store_testing::ScratchDatabase {
 protected:
  // Every row of every table of the file, as text: equal snapshots mean equal contents.
  std::string snapshot() const {
    SQLite::Database raw(db_, SQLite::OPEN_READONLY);
    std::ostringstream out;
    for (const char* table : {"heroes", "battles", "battle_seats"}) {
      SQLite::Statement q(raw, std::string("SELECT * FROM ") + table + " ORDER BY 1, 2");
      out << table << ":\n";
      while (q.executeStep()) {
        for (int i = 0; i < q.getColumnCount(); ++i) {
          out << (q.getColumn(i).isNull() ? std::string("NULL") : q.getColumn(i).getString()) << "|";
        }
        out << "\n";
      }
    }
    return out.str();
  }

  int raw_int(const std::string& sql) const {
    SQLite::Database raw(db_, SQLite::OPEN_READONLY);
    return raw.execAndGet(sql).getInt();
  }

  // Two heroes, Aria (chaos) and Brom (tech), ready for battles.
  void make_two_heroes() {
    HeroStore store = HeroStore::open(db_);
    store.create_hero("Aria", "chaos");
    store.create_hero("Brom", "Tech");
  }

  // Aria wins with roll 10 (20 points), Brom loses with roll 7 (3 points).
  static BattleRecord aria_beats_brom() {
    BattleRecord b;
    b.played_at = "2024-05-01T12:00:00Z";
    b.game = "dark-legacy";
    b.seed = 18446744073709551615ull;  // the largest seed survives the round trip
    b.turns = 17;
    b.replay = R"({"game": "dark-legacy", "actions": []})";
    b.seats = {SeatRecord{0, "Aria", "chaos-starter", SeatResult::kWin, 10, 20, 1, 2},
               SeatRecord{1, "Brom", "tech-starter", SeatResult::kLoss, 7, 3, 1, 1}};
    return b;
  }
};

TEST_F(HeroStoreTest, OpenCreatesTheDirectoriesTheFileAndTheSchema) {
  db_ = (dir_ / "a" / "b" / "heroes.db").string();
  { HeroStore store = HeroStore::open(db_); }
  ASSERT_TRUE(fs::exists(db_));
  SQLite::Database raw(db_, SQLite::OPEN_READONLY);
  EXPECT_EQ(raw.execAndGet("PRAGMA user_version").getInt(), kSchemaVersion);
  EXPECT_EQ(raw.execAndGet("PRAGMA journal_mode").getString(), "wal");
  EXPECT_EQ(raw.execAndGet("SELECT value FROM meta WHERE key = 'app'").getString(), "rise-engine");
  EXPECT_TRUE(raw.tableExists("heroes"));
  EXPECT_TRUE(raw.tableExists("battles"));
  EXPECT_TRUE(raw.tableExists("battle_seats"));
  // Opening again changes nothing.
  { HeroStore store = HeroStore::open(db_); }
  EXPECT_EQ(raw.execAndGet("SELECT count(*) FROM meta").getInt(), 1);
}

TEST_F(HeroStoreTest, CreatesFindsAndListsHeroes) {
  HeroStore store = HeroStore::open(db_);
  const Hero zed = store.create_hero("Zed the Bold", "Holy Order");
  EXPECT_EQ(zed.name, "Zed the Bold");
  EXPECT_EQ(zed.faction, "holy-order");
  EXPECT_EQ(zed.points, 0);
  EXPECT_FALSE(zed.second_faction);
  EXPECT_EQ(zed.second_points, 0);
  ASSERT_EQ(zed.created_at.size(), 20u);
  EXPECT_EQ(zed.created_at.back(), 'Z');
  store.create_hero("aria_2", "earth");
  store.create_hero("Brom-1", "DARKNESS");

  const std::optional<Hero> found = store.find_hero("zed THE bold");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->id, zed.id);
  EXPECT_FALSE(store.find_hero("Nobody"));
  EXPECT_NE(error_of([&] { store.hero("Nobody"); }).find("no hero named 'Nobody'"), std::string::npos);

  std::vector<std::string> names;
  for (const Hero& h : store.list_heroes()) names.push_back(h.name);
  EXPECT_EQ(names, (std::vector<std::string>{"aria_2", "Brom-1", "Zed the Bold"}));
}

TEST_F(HeroStoreTest, RefusesBadNamesUnknownFactionsAndDuplicates) {
  HeroStore store = HeroStore::open(db_);
  store.create_hero("Aria", "chaos");
  EXPECT_NE(error_of([&] { store.create_hero("ARIA", "tech"); }).find("a hero named 'Aria' already exists"),
            std::string::npos);
  EXPECT_NE(error_of([&] { store.create_hero("", "tech"); }).find("empty"), std::string::npos);
  EXPECT_NE(error_of([&] { store.create_hero(std::string(41, 'x'), "tech"); }).find("at most 40"), std::string::npos);
  EXPECT_NO_THROW(store.create_hero(std::string(40, 'x'), "tech"));
  EXPECT_NE(error_of([&] { store.create_hero("Bad;name", "tech"); }).find("character ';'"), std::string::npos);
  EXPECT_NE(error_of([&] { store.create_hero("Caf\xc3\xa9", "tech"); }).find("not allowed"), std::string::npos);
  EXPECT_NE(error_of([&] { store.create_hero(" Aria2", "tech"); }).find("space"), std::string::npos);
  const std::string bad_faction = error_of([&] { store.create_hero("Brom", "light"); });
  EXPECT_NE(bad_faction.find("unknown faction 'light' (factions: chaos, tech, darkness, holy-order, wind, earth)"),
            std::string::npos)
      << bad_faction;
  EXPECT_EQ(store.list_heroes().size(), 2u);
}

TEST_F(HeroStoreTest, FactionIdsAndNames) {
  EXPECT_EQ(faction_ids(), (std::vector<std::string>{"chaos", "tech", "darkness", "holy-order", "wind", "earth"}));
  EXPECT_EQ(faction_name("holy-order"), "Holy Order");
  EXPECT_EQ(faction_name("wind"), "Wind");
  EXPECT_EQ(parse_faction("holy_order"), "holy-order");
  EXPECT_EQ(parse_faction("HOLY ORDER"), "holy-order");
  EXPECT_EQ(parse_faction("Earth"), "earth");
  EXPECT_THROW(parse_faction("holyorder"), InputError);
  EXPECT_THROW(faction_name("Holy Order"), InputError);
}

// Rule DL-18.5 (the store's part): a second faction once, not the primary one, with 0 points.
TEST_F(HeroStoreTest, SecondFactionIsChosenOnceAndIsNotThePrimary) {
  HeroStore store = HeroStore::open(db_);
  store.create_hero("Aria", "chaos");
  EXPECT_NE(error_of([&] { store.set_second_faction("Aria", "Chaos"); }).find("already hero 'Aria''s primary faction"),
            std::string::npos);
  EXPECT_NE(error_of([&] { store.set_second_faction("Nobody", "tech"); }).find("no hero named"), std::string::npos);
  EXPECT_THROW(store.set_second_faction("Aria", "light"), InputError);
  const Hero h = store.set_second_faction("aria", "wind");
  EXPECT_EQ(h.second_faction, "wind");
  EXPECT_EQ(h.second_points, 0);
  EXPECT_NE(error_of([&] { store.set_second_faction("Aria", "earth"); }).find("already has a second faction, Wind"),
            std::string::npos);
  EXPECT_EQ(store.hero("Aria").second_faction, "wind");
}

// Rule DL-18.2: points accumulate across battles; the battle and its seats are kept.
TEST_F(HeroStoreTest, RecordedBattlesAccumulatePointsAndFormTheHistory) {
  make_two_heroes();
  HeroStore store = HeroStore::open(db_);
  const int64_t first = store.record_battle(aria_beats_brom());
  BattleRecord second = aria_beats_brom();
  second.played_at = "2024-05-02T08:30:00Z";
  second.replay = "";
  second.seed = 5;
  second.seats[0] = SeatRecord{1, "Aria", "chaos-starter", SeatResult::kDraw, 9, 4, 2, 2};
  second.seats[1] = SeatRecord{0, std::nullopt, "earth-starter", SeatResult::kDraw, 20, 10, 3, 3};  // an AI seat
  const int64_t second_id = store.record_battle(second);
  EXPECT_NE(first, second_id);

  EXPECT_EQ(store.hero("Aria").points, 24);
  EXPECT_EQ(store.hero("Brom").points, 3);

  const std::vector<Battle> aria = store.history("Aria");
  ASSERT_EQ(aria.size(), 2u);
  EXPECT_EQ(aria[0].id, first);
  EXPECT_EQ(aria[0].record.played_at, "2024-05-01T12:00:00Z");
  EXPECT_EQ(aria[0].record.game, "dark-legacy");
  EXPECT_EQ(aria[0].record.seed, 18446744073709551615ull);
  EXPECT_EQ(aria[0].record.turns, 17);
  EXPECT_EQ(aria[0].record.replay, R"({"game": "dark-legacy", "actions": []})");
  ASSERT_EQ(aria[0].record.seats.size(), 2u);
  const SeatRecord& brom_seat = aria[0].record.seats[1];
  EXPECT_EQ(brom_seat.seat, 1);
  EXPECT_EQ(brom_seat.hero, "Brom");
  EXPECT_EQ(brom_seat.deck, "tech-starter");
  EXPECT_EQ(brom_seat.result, SeatResult::kLoss);
  EXPECT_EQ(brom_seat.roll, 7);
  EXPECT_EQ(brom_seat.points, 3);
  EXPECT_EQ(brom_seat.level_before, 1);
  EXPECT_EQ(brom_seat.level_after, 1);
  // The second battle, seats by number: the AI's seat 0 without a hero, Aria in seat 1.
  ASSERT_EQ(aria[1].record.seats.size(), 2u);
  EXPECT_FALSE(aria[1].record.seats[0].hero);
  EXPECT_EQ(aria[1].record.seats[0].deck, "earth-starter");
  EXPECT_EQ(aria[1].record.seats[1].hero, "Aria");
  EXPECT_EQ(aria[1].record.seats[1].result, SeatResult::kDraw);
  EXPECT_EQ(aria[1].record.replay, "");
  EXPECT_EQ(store.history("Brom").size(), 1u);
  EXPECT_EQ(store.history("Aria", /*with_replays=*/false)[0].record.replay, "");
  EXPECT_EQ(store.hero("Aria").battles, 2);
  EXPECT_EQ(store.hero("Brom").battles, 1);
  EXPECT_THROW(store.history("Nobody"), InputError);
}

// Interpretation DL-I18: after a second faction is chosen, a battle's points go to both
// factions' totals; points earned before stay with the primary faction only.
TEST_F(HeroStoreTest, PointsGoToBothFactionsOnceASecondIsChosen) {
  make_two_heroes();
  HeroStore store = HeroStore::open(db_);
  store.record_battle(aria_beats_brom());  // Aria 20
  store.set_second_faction("Aria", "darkness");
  store.record_battle(aria_beats_brom());  // Aria +20 in both
  const Hero aria = store.hero("Aria");
  EXPECT_EQ(aria.points, 40);
  EXPECT_EQ(aria.second_faction, "darkness");
  EXPECT_EQ(aria.second_points, 20);
  const Hero brom = store.hero("Brom");  // no second faction: only the primary total moves
  EXPECT_EQ(brom.points, 6);
  EXPECT_EQ(brom.second_points, 0);
}

TEST_F(HeroStoreTest, RefusesBadBattleRecordsAndWritesNothing) {
  make_two_heroes();
  HeroStore store = HeroStore::open(db_);
  const std::string before = snapshot();
  auto refused = [&](BattleRecord b, const std::string& expected) {
    const std::string message = error_of([&] { store.record_battle(b); });
    EXPECT_NE(message.find(expected), std::string::npos) << message;
    EXPECT_EQ(snapshot(), before) << expected;
  };
  BattleRecord b = aria_beats_brom();
  b.seats[1].hero = "Nobody";
  refused(b, "no hero named 'Nobody'");
  b = aria_beats_brom();
  b.seats[1].hero = "aria";
  refused(b, "hero 'Aria' sits in two seats");
  b = aria_beats_brom();
  b.seats[1].seat = 0;
  refused(b, "seat 0: this seat is given twice");
  b = aria_beats_brom();
  b.seats[0].roll = 21;
  refused(b, "roll 21 is not a d20 roll");
  b = aria_beats_brom();
  b.seats[0].points = -1;
  refused(b, "points -1");
  b = aria_beats_brom();
  b.seats[0].level_after = -2;
  refused(b, "a level is negative");
  b = aria_beats_brom();
  b.replay = "{not json";
  refused(b, "the replay is not JSON");
  b = aria_beats_brom();
  b.played_at = "yesterday";
  refused(b, "played_at 'yesterday'");
  b = aria_beats_brom();
  b.game = "";
  refused(b, "the game id is empty");
  b = aria_beats_brom();
  b.seats.clear();
  refused(b, "no seats");
}

// An exception at any point inside record_battle's transaction leaves the file unchanged.
TEST_F(HeroStoreTest, AnExceptionMidRecordLeavesTheDatabaseUnchanged) {
  make_two_heroes();
  HeroStore store = HeroStore::open(db_);
  store.record_battle(aria_beats_brom());
  const std::string before = snapshot();
  std::vector<std::string> steps;
  store.set_record_hook_for_testing([&](const std::string& step) { steps.push_back(step); });
  BattleRecord probe = aria_beats_brom();
  store.record_battle(probe);
  EXPECT_EQ(steps, (std::vector<std::string>{"battle", "seat 0", "seat 1", "hero Aria", "hero Brom", "commit"}));
  const std::string after_one_more = snapshot();
  EXPECT_NE(after_one_more, before);

  for (const std::string& failing : steps) {
    const std::string expected = snapshot();
    store.set_record_hook_for_testing([&](const std::string& step) {
      if (step == failing) throw std::runtime_error("injected failure at " + step);
    });
    EXPECT_THROW(store.record_battle(aria_beats_brom()), std::runtime_error) << failing;
    EXPECT_EQ(snapshot(), expected) << "after a failure at " << failing;
  }
  // The store still works afterwards.
  store.set_record_hook_for_testing({});
  store.record_battle(aria_beats_brom());
  EXPECT_EQ(store.hero("Aria").points, 60);
}

// A process killed (SIGKILL) at any point of record_battle leaves all of the battle or none
// of it: reopening shows the file as before the call. A process killed right after the call
// returned, before closing the database, has it all.
TEST_F(HeroStoreTest, AProcessKilledMidRecordLeavesAllOrNothing) {
  make_two_heroes();
  const std::string before = snapshot();
  const std::vector<std::string> steps = {"battle", "seat 0", "seat 1", "hero Aria", "hero Brom", "commit"};
  // Runs record_battle in a child that kills itself at `kill_at` ("" = after it returned).
  auto run_child = [&](const std::string& kill_at) {
    std::cout.flush();
    const pid_t pid = fork();
    if (pid == 0) {
      try {
        HeroStore store = HeroStore::open(db_);
        store.set_record_hook_for_testing([&](const std::string& step) {
          if (step == kill_at) raise(SIGKILL);
        });
        store.record_battle(aria_beats_brom());
        if (kill_at.empty()) raise(SIGKILL);
      } catch (...) {
        _exit(3);
      }
      _exit(4);  // should have been killed
    }
    int status = 0;
    EXPECT_EQ(waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << "child status " << status << " at " << kill_at;
  };
  for (const std::string& step : steps) {
    run_child(step);
    EXPECT_TRUE(fs::exists(db_ + "-wal"));  // the killed child left its log behind
    { HeroStore reopened = HeroStore::open(db_); }
    EXPECT_EQ(snapshot(), before) << "killed at " << step;
  }
  run_child("");
  HeroStore reopened = HeroStore::open(db_);
  EXPECT_EQ(reopened.hero("Aria").points, 20);
  EXPECT_EQ(reopened.hero("Brom").points, 3);
  ASSERT_EQ(reopened.history("Aria").size(), 1u);
  EXPECT_EQ(reopened.history("Aria")[0].record.seats.size(), 2u);
}

TEST_F(HeroStoreTest, RefusesAFileThatIsNotSQLite) {
  const std::string text = "name,faction\nAria,chaos\n";
  { std::ofstream(db_) << text; }
  const std::string message = error_of([&] { HeroStore::open(db_); });
  EXPECT_EQ(message, db_ + " is not a Rise hero database: not an SQLite database file");
  std::ifstream in(db_);
  std::stringstream kept;
  kept << in.rdbuf();
  EXPECT_EQ(kept.str(), text);  // untouched
}

TEST_F(HeroStoreTest, RefusesAnSQLiteFileOfAnotherApplication) {
  {
    SQLite::Database raw(db_, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    raw.exec("CREATE TABLE accounts(id INTEGER PRIMARY KEY, owner TEXT)");
  }
  EXPECT_EQ(error_of([&] { HeroStore::open(db_); }),
            db_ + " is not a Rise hero database: it has tables but no meta table with app=rise-engine");
  {
    SQLite::Database raw(db_, SQLite::OPEN_READWRITE);
    raw.exec("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT); INSERT INTO meta VALUES('app', 'other')");
  }
  EXPECT_EQ(error_of([&] { HeroStore::open(db_); }),
            db_ + " is not a Rise hero database: its meta table has no row app=rise-engine");
  // Nothing was changed: no Rise table, the journal mode as it was.
  SQLite::Database raw(db_, SQLite::OPEN_READONLY);
  EXPECT_FALSE(raw.tableExists("heroes"));
  EXPECT_EQ(raw.execAndGet("PRAGMA journal_mode").getString(), "delete");
}

TEST_F(HeroStoreTest, RefusesACorruptFile) {
  {
    HeroStore store = HeroStore::open(db_);
    for (int i = 0; i < 300; ++i) store.create_hero("Hero " + std::to_string(i), "wind");
  }
  ASSERT_FALSE(fs::exists(db_ + "-wal"));  // closing checkpointed the log into the file
  const auto size = fs::file_size(db_);
  ASSERT_GT(size, 4u * 4096u);
  {
    // Scribble over the middle pages (b-tree pages of the heroes table and its indexes).
    std::fstream f(db_, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(2 * 4096);
    const std::string garbage(2 * 4096, '\xA5');
    f.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
  }
  const std::string message = error_of([&] { HeroStore::open(db_); });
  EXPECT_EQ(message.rfind(db_ + " is corrupt: ", 0), 0u) << message;
}

TEST_F(HeroStoreTest, RefusesATruncatedFile) {
  {
    HeroStore store = HeroStore::open(db_);
    for (int i = 0; i < 300; ++i) store.create_hero("Hero " + std::to_string(i), "wind");
  }
  fs::resize_file(db_, fs::file_size(db_) / 2);
  const std::string message = error_of([&] { HeroStore::open(db_); });
  EXPECT_EQ(message.rfind(db_ + " is corrupt: ", 0), 0u) << message;
}

TEST_F(HeroStoreTest, RefusesANewerSchema) {
  { HeroStore::open(db_).create_hero("Aria", "chaos"); }
  {
    SQLite::Database raw(db_, SQLite::OPEN_READWRITE);
    raw.exec("PRAGMA user_version = " + std::to_string(kSchemaVersion + 1));
  }
  EXPECT_EQ(error_of([&] { HeroStore::open(db_); }),
            db_ + " was created by a newer Rise (schema " + std::to_string(kSchemaVersion + 1) +
                ", this build reads up to " + std::to_string(kSchemaVersion) + ")");
  EXPECT_EQ(raw_int("PRAGMA user_version"), kSchemaVersion + 1);
}

// A file written by version 1 (no second faction, no levels on battle rows) is migrated to
// the current schema on open, keeping every row.
TEST_F(HeroStoreTest, MigratesAVersion1File) {
  {
    SQLite::Database raw(db_, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    raw.exec(kVersion1Schema);
    raw.exec(
        "INSERT INTO heroes(id, name, faction, points, created_at) VALUES"
        "  (1, 'Old Timer', 'earth', 120, '2023-01-01T00:00:00Z'), (2, 'Newbie', 'wind', 3, '2023-01-02T00:00:00Z');"
        "INSERT INTO battles(id, played_at, game, seed, turns, replay) VALUES"
        "  (1, '2023-01-03T10:00:00Z', 'dark-legacy', '42', 12, '');"
        "INSERT INTO battle_seats(battle_id, seat, hero_id, deck, result, roll, points) VALUES"
        "  (1, 0, 1, 'earth-starter', 'win', 15, 30), (1, 1, 2, 'wind-starter', 'loss', 6, 3);");
  }
  HeroStore store = HeroStore::open(db_);
  EXPECT_EQ(raw_int("PRAGMA user_version"), kSchemaVersion);
  const Hero old = store.hero("Old Timer");
  EXPECT_EQ(old.points, 120);
  EXPECT_EQ(old.faction, "earth");
  EXPECT_FALSE(old.second_faction);
  EXPECT_EQ(old.second_points, 0);
  EXPECT_EQ(old.created_at, "2023-01-01T00:00:00Z");
  const std::vector<Battle> history = store.history("Old Timer");
  ASSERT_EQ(history.size(), 1u);
  EXPECT_EQ(history[0].record.seed, 42u);
  ASSERT_EQ(history[0].record.seats.size(), 2u);
  EXPECT_EQ(history[0].record.seats[0].roll, 15);
  EXPECT_EQ(history[0].record.seats[1].hero, "Newbie");
  EXPECT_FALSE(history[0].record.seats[0].level_before);  // unknown in version 1
  EXPECT_FALSE(history[0].record.seats[0].level_after);
  // The version-2 features work on the migrated file.
  store.set_second_faction("Old Timer", "tech");
  BattleRecord b;
  b.game = "dark-legacy";
  b.seats = {SeatRecord{0, "Old Timer", "earth-starter", SeatResult::kWin, 5, 10, 6, 6},
             SeatRecord{1, "Newbie", "wind-starter", SeatResult::kLoss, 5, 2, 1, 1}};
  store.record_battle(b);
  EXPECT_EQ(store.hero("Old Timer").points, 130);
  EXPECT_EQ(store.hero("Old Timer").second_points, 10);
  EXPECT_EQ(store.history("Old Timer")[1].record.seats[0].level_after, 6);
}

// The migrated file has the same tables and columns as one created by this build.
TEST_F(HeroStoreTest, AMigratedFileHasTheSchemaOfANewOne) {
  auto columns = [](const std::string& path) {
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    std::string out;
    for (const char* table :
         {"meta", "heroes", "battles", "battle_seats", "game_tables", "game_table_seats", "game_table_actions"}) {
      SQLite::Statement q(raw, std::string("PRAGMA table_info(") + table + ")");
      while (q.executeStep()) {
        out += std::string(table) + "." + q.getColumn(1).getString() + " " + q.getColumn(2).getString() + " notnull=" +
               q.getColumn(3).getString() + " default=" + (q.getColumn(4).isNull() ? "NULL" : q.getColumn(4).getString()) +
               " pk=" + q.getColumn(5).getString() + "\n";
      }
    }
    return out;
  };
  {
    SQLite::Database raw(db_, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    raw.exec(kVersion1Schema);
  }
  { HeroStore::open(db_); }
  const std::string fresh = (dir_ / "fresh.db").string();
  { HeroStore::open(fresh); }
  EXPECT_EQ(columns(db_), columns(fresh));
  EXPECT_NE(columns(db_).find("heroes.faction2 TEXT"), std::string::npos);
  EXPECT_NE(columns(db_).find("battle_seats.level_after INTEGER"), std::string::npos);
  EXPECT_NE(columns(db_).find("game_table_seats.name TEXT"), std::string::npos);
}

// A migration that fails part-way leaves the version-1 file exactly as it was (one
// transaction): here a hand-edited file already has a column the migration adds.
TEST_F(HeroStoreTest, AFailedMigrationLeavesTheOldFileIntact) {
  {
    SQLite::Database raw(db_, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    raw.exec(kVersion1Schema);
    raw.exec("ALTER TABLE battle_seats ADD COLUMN level_after INTEGER");
    raw.exec("INSERT INTO heroes(name, faction, points, created_at) VALUES('Old Timer', 'earth', 120, 'x')");
  }
  const std::string message = error_of([&] { HeroStore::open(db_); });
  EXPECT_NE(message.find("duplicate column name: level_after"), std::string::npos) << message;
  EXPECT_EQ(raw_int("PRAGMA user_version"), 1);
  EXPECT_EQ(raw_int("SELECT count(*) FROM pragma_table_info('heroes') WHERE name = 'faction2'"), 0);
  EXPECT_EQ(raw_int("SELECT points FROM heroes WHERE name = 'Old Timer'"), 120);
}

TEST_F(HeroStoreTest, OpenNamesThePathWhenItCannotCreateTheFile) {
  { std::ofstream(dir_ / "plain-file") << "x"; }
  const std::string path = (dir_ / "plain-file" / "sub" / "rise.db").string();
  const std::string message = error_of([&] { HeroStore::open(path); });
  EXPECT_EQ(message.rfind(path + ": cannot create directory", 0), 0u) << message;
  EXPECT_NE(error_of([&] { HeroStore::open(dir_.string()); }).find("it is a directory"), std::string::npos);
}

TEST_F(HeroStoreTest, DefaultPathIsInTheUsersDataDirectory) {
  const char* old_xdg = std::getenv("XDG_DATA_HOME");
  const char* old_home = std::getenv("HOME");
  const std::string saved_xdg = old_xdg ? old_xdg : "", saved_home = old_home ? old_home : "";
  setenv("XDG_DATA_HOME", "/data/x", 1);
  setenv("HOME", "/home/u", 1);
  EXPECT_EQ(default_database_path(), "/data/x/rise/rise.db");
  setenv("XDG_DATA_HOME", "", 1);
  EXPECT_EQ(default_database_path(), "/home/u/.local/share/rise/rise.db");
  unsetenv("XDG_DATA_HOME");
  EXPECT_EQ(default_database_path(), "/home/u/.local/share/rise/rise.db");
  unsetenv("HOME");
  EXPECT_THROW(default_database_path(), InputError);
  if (old_xdg) setenv("XDG_DATA_HOME", saved_xdg.c_str(), 1);
  if (old_home) setenv("HOME", saved_home.c_str(), 1);
}

}  // namespace
