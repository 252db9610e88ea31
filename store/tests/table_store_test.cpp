// The table store (store/): tables, seats and actions of `rise serve`, refusals, and the
// schema shared with the hero store.
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include "rise/core/error.h"
#include "rise/store/hero_store.h"
#include "rise/store/table_store.h"

namespace {

namespace fs = std::filesystem;
using namespace rise::store;

template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const rise::InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no InputError thrown";
  return "";
}

class TableStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("rise-table-store-" + std::to_string(getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    db_ = (dir_ / "rise.db").string();
  }
  void TearDown() override { fs::remove_all(dir_); }

  // A two-seat table: a human with a key and an AI.
  static TableRecord hex_table(const std::string& id) {
    TableRecord r;
    r.id = id;
    r.game = "rise-hex";
    r.options = {{"turn_limit", "200"}};
    r.seed = 18446744073709551615ull;  // the largest seed survives the round trip
    r.seats = {{"human", random_hex(kSeatKeyBytes), "", "", ""}, {"ismcts:iters=500", "", "", "", ""}};
    return r;
  }

  fs::path dir_;
  std::string db_;
};

TEST_F(TableStoreTest, RandomHexGivesDistinctKeysOf128Bits) {
  std::set<std::string> keys;
  for (int i = 0; i < 100; ++i) {
    const std::string key = random_hex(kSeatKeyBytes);
    EXPECT_TRUE(std::regex_match(key, std::regex("[0-9a-f]{32}"))) << key;
    keys.insert(key);
  }
  EXPECT_EQ(keys.size(), 100u);
}

TEST_F(TableStoreTest, KeepsATableItsSeatsAndItsActionsInOrder) {
  TableStore store = TableStore::open(db_);
  const TableRecord made = store.create_table(hex_table("t1"));
  EXPECT_TRUE(std::regex_match(made.created_at, std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")));
  store.append_action("t1", 0, "worker 2,0", false);
  store.append_action("t1", 1, "tile 3,0", false);
  const std::optional<StoredTable> t = store.find_table("t1");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->record.game, "rise-hex");
  EXPECT_EQ(t->record.options, (rise::Options{{"turn_limit", "200"}}));
  EXPECT_EQ(t->record.seed, 18446744073709551615ull);
  ASSERT_EQ(t->record.seats.size(), 2u);
  EXPECT_EQ(t->record.seats[0].kind, "human");
  EXPECT_EQ(t->record.seats[0].key, made.seats[0].key);
  EXPECT_EQ(t->record.seats[1].kind, "ismcts:iters=500");
  EXPECT_EQ(t->record.seats[1].key, "");
  EXPECT_EQ(t->record.status, TableStatus::kOpen);
  EXPECT_EQ(t->actions, (std::vector<std::string>{"worker 2,0", "tile 3,0"}));
  EXPECT_FALSE(store.find_table("t2"));
}

TEST_F(TableStoreTest, AFinishingActionClosesTheTableAndOnlyOpenTablesAreResumed) {
  {
    TableStore store = TableStore::open(db_);
    store.create_table(hex_table("a"));
    store.create_table(hex_table("b"));
    store.append_action("a", 0, "worker 2,0", true);
  }
  TableStore store = TableStore::open(db_);  // as a restarted server
  const std::vector<StoredTable> open = store.open_tables();
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(open[0].record.id, "b");
  EXPECT_EQ(store.find_table("a")->record.status, TableStatus::kFinished);
  EXPECT_EQ(error_of([&] { store.append_action("a", 1, "tile 3,0", false); }),
            db_ + ": table 'a': the table is finished");
}

TEST_F(TableStoreTest, RefusesGapsDuplicatesAndBadRecordsWritingNothing) {
  TableStore store = TableStore::open(db_);
  store.create_table(hex_table("t"));
  store.append_action("t", 0, "worker 2,0", false);
  EXPECT_EQ(error_of([&] { store.append_action("t", 0, "tile 3,0", false); }),
            db_ + ": table 't': action 0 does not follow the 1 actions stored");
  EXPECT_EQ(error_of([&] { store.append_action("t", 2, "tile 3,0", false); }),
            db_ + ": table 't': action 2 does not follow the 1 actions stored");
  EXPECT_EQ(error_of([&] { store.append_action("nope", 0, "tile 3,0", false); }), db_ + ": table 'nope': no such table");
  EXPECT_EQ(error_of([&] { store.create_table(hex_table("t")); }), db_ + ": table 't': a table of this id already exists");
  TableRecord keyless = hex_table("u");
  keyless.seats[0].key = "1234";
  EXPECT_EQ(error_of([&] { store.create_table(keyless); }),
            db_ + ": table 'u': seat 0: a human seat needs a key of at least 32 hex digits");
  TableRecord keyed_ai = hex_table("u");
  keyed_ai.seats[1].key = random_hex(kSeatKeyBytes);
  EXPECT_EQ(error_of([&] { store.create_table(keyed_ai); }),
            db_ + ": table 'u': seat 1: an AI seat has no key and no invite");
  TableRecord short_salt = hex_table("u");
  short_salt.seed_salt = "abc";
  EXPECT_EQ(error_of([&] { store.create_table(short_salt); }), db_ + ": table 'u': the seed salt is not 32+ hex digits");
  EXPECT_EQ(store.find_table("t")->actions, (std::vector<std::string>{"worker 2,0"}));
  EXPECT_FALSE(store.find_table("u"));
}

TEST_F(TableStoreTest, TruncatingDeletesTheLastActionsForGoodAndRefusesNothingToDelete) {
  {
    TableStore store = TableStore::open(db_);
    store.create_table(hex_table("t"));
    store.append_action("t", 0, "worker 2,0", false);
    store.append_action("t", 1, "tile 3,0", false);
    store.append_action("t", 2, "worker 4,0", false);
    EXPECT_EQ(store.truncate_actions("t", 1), 2);
    EXPECT_EQ(error_of([&] { store.truncate_actions("t", 1); }),
              db_ + ": table 't': cannot keep 1 of the 1 actions stored: nothing to delete");
    EXPECT_EQ(error_of([&] { store.truncate_actions("t", -1); }),
              db_ + ": table 't': cannot keep -1 of the 1 actions stored: nothing to delete");
    EXPECT_EQ(error_of([&] { store.truncate_actions("nope", 0); }), db_ + ": table 'nope': no such table");
    // The numbering goes on from the actions kept.
    store.append_action("t", 1, "tile 5,0", false);
  }
  TableStore store = TableStore::open(db_);  // committed: a restarted server sees it
  EXPECT_EQ(store.find_table("t")->actions, (std::vector<std::string>{"worker 2,0", "tile 5,0"}));
  EXPECT_EQ(store.truncate_actions("t", 0), 2);
  EXPECT_EQ(store.find_table("t")->actions, std::vector<std::string>{});
  store.append_action("t", 0, "worker 1,0", true);
  EXPECT_EQ(error_of([&] { store.truncate_actions("t", 0); }), db_ + ": table 't': the table is finished");
  EXPECT_EQ(store.find_table("t")->actions, std::vector<std::string>{"worker 1,0"});
}

TEST_F(TableStoreTest, KeepsTheSeedSaltTheOwnerAndInvitesAndAnInviteIsClaimedOnce) {
  TableRecord r = hex_table("t");
  r.seed_salt = random_hex(16);
  r.owner_key = random_hex(16);
  r.seats[0].invite = random_hex(16);
  {
    TableStore store = TableStore::open(db_);
    store.create_table(r);
  }
  TableStore store = TableStore::open(db_);
  const StoredTable t = *store.find_table("t");
  EXPECT_EQ(t.record.seed_salt, r.seed_salt);
  EXPECT_EQ(t.record.owner_key, r.owner_key);
  EXPECT_EQ(t.record.seats[0].invite, r.seats[0].invite);
  EXPECT_EQ(t.record.seats[1].invite, "");
  EXPECT_EQ(store.claim_invite("t", random_hex(16)), -1);  // no seat has it
  EXPECT_EQ(store.claim_invite("u", r.seats[0].invite), -1);  // another table
  EXPECT_EQ(store.claim_invite("t", ""), -1);
  EXPECT_EQ(store.claim_invite("t", r.seats[0].invite), 0);
  EXPECT_EQ(store.claim_invite("t", r.seats[0].invite), -1);  // claimed: gone for good
  EXPECT_EQ(TableStore::open(db_).find_table("t")->record.seats[0].invite, "");
  EXPECT_EQ(TableStore::open(db_).find_table("t")->record.seats[0].key, r.seats[0].key);
  EXPECT_EQ(TableStore::open(db_).find_table("t")->record.seats[0].bot, "");  // a person claimed it
}

// Schema 6 (issue 38): the bot that claimed a seat, and a table's move deadline.
TEST_F(TableStoreTest, KeepsTheBotOfASeatAndTheMoveDeadline) {
  TableRecord r = hex_table("t");
  r.seats[0].invite = random_hex(kSeatKeyBytes);
  r.move_seconds = 90;
  TableRecord plain = hex_table("p");
  {
    TableStore store = TableStore::open(db_);
    store.create_table(r);
    store.create_table(plain);
    EXPECT_EQ(store.claim_invite("t", r.seats[0].invite, "randombot"), 0);
  }
  const StoredTable t = *TableStore::open(db_).find_table("t");
  EXPECT_EQ(t.record.seats[0].bot, "randombot");
  EXPECT_EQ(t.record.seats[1].bot, "");
  EXPECT_EQ(t.record.move_seconds, 90);
  EXPECT_EQ(TableStore::open(db_).find_table("p")->record.move_seconds, 0);  // none
  TableRecord too_long = hex_table("q");
  too_long.move_seconds = 86401;
  EXPECT_THROW(TableStore::open(db_).create_table(too_long), rise::InputError);
}

TEST_F(TableStoreTest, AResignationOrAnExpiryFinishesTheTableAndADeletionRemovesEverything) {
  TableStore store = TableStore::open(db_);
  store.create_table(hex_table("a"));
  store.create_table(hex_table("b"));
  store.create_table(hex_table("c"));
  store.append_action("a", 0, "worker 2,0", false);
  EXPECT_EQ(error_of([&] { store.end_table("a", TableEnd::kResigned, 2); }), db_ + ": table 'a': there is no seat 2");
  EXPECT_EQ(error_of([&] { store.end_table("a", TableEnd::kExpired, 1); }),
            db_ + ": table 'a': a resignation names its seat, an expiry none");
  EXPECT_EQ(error_of([&] { store.end_table("a", TableEnd::kRules, -1); }),
            db_ + ": table 'a': only a resignation or an expiry ends a table outside the rules");
  store.end_table("a", TableEnd::kResigned, 1);
  store.end_table("b", TableEnd::kExpired, -1);
  EXPECT_EQ(error_of([&] { store.end_table("b", TableEnd::kExpired, -1); }), db_ + ": table 'b': the table is finished");
  const StoredTable a = *store.find_table("a");
  EXPECT_EQ(a.record.status, TableStatus::kFinished);
  EXPECT_EQ(a.record.ended, TableEnd::kResigned);
  EXPECT_EQ(a.record.resigned_seat, 1);
  EXPECT_EQ(a.actions, std::vector<std::string>{"worker 2,0"});  // kept for the replay
  EXPECT_EQ(store.find_table("b")->record.ended, TableEnd::kExpired);
  EXPECT_EQ(store.find_table("b")->record.resigned_seat, -1);
  EXPECT_EQ(store.find_table("c")->record.ended, TableEnd::kRules);
  ASSERT_EQ(store.open_tables().size(), 1u);
  EXPECT_TRUE(store.delete_table("a"));
  EXPECT_FALSE(store.delete_table("a"));
  EXPECT_FALSE(store.find_table("a"));
  SQLite::Database raw(db_);
  EXPECT_EQ(raw.execAndGet("SELECT count(*) FROM game_table_actions WHERE table_id = 'a'").getInt(), 0);
  EXPECT_EQ(raw.execAndGet("SELECT count(*) FROM game_table_seats WHERE table_id = 'a'").getInt(), 0);
}

// Issue 20: a seat's name is kept (none: empty); one the schema cannot hold is refused.
TEST_F(TableStoreTest, KeepsTheSeatsNames) {
  TableRecord r = hex_table("t");
  r.seats[1].name = "D\u00e9j\u00e0 Vu";  // 8 characters, 10 bytes
  TableStore::open(db_).create_table(r);
  const StoredTable t = *TableStore::open(db_).find_table("t");
  EXPECT_EQ(t.record.seats[0].name, "");
  EXPECT_EQ(t.record.seats[1].name, r.seats[1].name);
  SQLite::Database raw(db_);
  EXPECT_TRUE(raw.execAndGet("SELECT name FROM game_table_seats WHERE table_id = 't' AND seat = 0").isNull());
  TableStore store = TableStore::open(db_);
  TableRecord too_long = hex_table("u");
  too_long.seats[0].name = std::string(25, 'x');
  EXPECT_EQ(error_of([&] { store.create_table(too_long); }),
            db_ + ": table 'u': seat 0: the name is not UTF-8 of at most 24 characters");
  TableRecord not_utf8 = hex_table("u");
  not_utf8.seats[0].name = "\xff";
  EXPECT_EQ(error_of([&] { store.create_table(not_utf8); }),
            db_ + ": table 'u': seat 0: the name is not UTF-8 of at most 24 characters");
  EXPECT_FALSE(store.find_table("u"));
}

// The game tables of a version-4 file as schema 4 wrote them (kept here, not taken from the
// store's code; the hero tables, which version 5 leaves alone, are left out), with one table.
constexpr const char* kVersion4Tables = R"sql(
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO meta(key, value) VALUES('app', 'rise-engine');
CREATE TABLE game_tables(
  id         TEXT PRIMARY KEY CHECK(length(id) > 0),
  game       TEXT NOT NULL CHECK(length(game) > 0),
  options    TEXT NOT NULL CHECK(json_valid(options) AND json_type(options) = 'object'),
  seed       TEXT NOT NULL,
  created_at TEXT NOT NULL,
  status     TEXT NOT NULL CHECK(status IN ('open', 'finished')),
  seed_salt TEXT CHECK(seed_salt IS NULL OR length(seed_salt) >= 32),
  owner_secret TEXT CHECK(owner_secret IS NULL OR length(owner_secret) >= 32),
  ended TEXT CHECK(ended IS NULL OR ended IN ('resigned', 'expired')),
  resigned_seat INTEGER CHECK(resigned_seat IS NULL OR resigned_seat >= 0)
);
CREATE TABLE game_table_seats(
  table_id TEXT NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
  seat     INTEGER NOT NULL CHECK(seat >= 0),
  kind     TEXT NOT NULL CHECK(length(kind) > 0),
  secret   TEXT CHECK(secret IS NULL OR length(secret) >= 32),
  invite TEXT CHECK(invite IS NULL OR length(invite) >= 32),
  PRIMARY KEY(table_id, seat)
);
CREATE TABLE game_table_actions(
  table_id TEXT NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
  idx      INTEGER NOT NULL CHECK(idx >= 0),
  notation TEXT NOT NULL CHECK(length(notation) > 0),
  PRIMARY KEY(table_id, idx)
);
INSERT INTO game_tables(id, game, options, seed, created_at, status) VALUES
  ('old', 'rise-hex', '{"turn_limit":"200"}', '9', '2026-11-01T00:00:00Z', 'open');
INSERT INTO game_table_seats(table_id, seat, kind, secret) VALUES
  ('old', 0, 'human', '0123456789abcdef0123456789abcdef'), ('old', 1, 'random', NULL);
INSERT INTO game_table_actions(table_id, idx, notation) VALUES('old', 0, 'worker 2,0');
PRAGMA user_version = 4;
)sql";

// A version-4 file gains the seats' names on open: its tables are kept, without names, and a
// new table may have them.
TEST_F(TableStoreTest, MigratesAVersion4FileToNamedSeats) {
  fs::create_directories(dir_);
  {
    SQLite::Database raw(db_, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    raw.exec(kVersion4Tables);
  }
  TableStore store = TableStore::open(db_);
  EXPECT_EQ(SQLite::Database(db_).execAndGet("PRAGMA user_version").getInt(), kSchemaVersion);
  const StoredTable old = *store.find_table("old");
  ASSERT_EQ(old.record.seats.size(), 2u);
  EXPECT_EQ(old.record.seats[0].key, "0123456789abcdef0123456789abcdef");
  EXPECT_EQ(old.record.seats[0].name, "");
  EXPECT_EQ(old.record.seats[1].name, "");
  EXPECT_EQ(old.actions, std::vector<std::string>{"worker 2,0"});
  TableRecord named = hex_table("new");
  named.seats[0].name = "Ann";
  store.create_table(named);
  EXPECT_EQ(store.find_table("new")->record.seats[0].name, "Ann");
}

TEST_F(TableStoreTest, SharesTheFileAndSchemaWithTheHeroStore) {
  { HeroStore::open(db_).create_hero("Aria", "chaos"); }
  TableStore store = TableStore::open(db_);
  store.create_table(hex_table("t"));
  EXPECT_EQ(HeroStore::open(db_).hero("Aria").points, 0);
  { std::ofstream(dir_ / "notes.txt") << "hello"; }
  EXPECT_EQ(error_of([&] { TableStore::open((dir_ / "notes.txt").string()); }),
            (dir_ / "notes.txt").string() + " is not a Rise table database: not an SQLite database file");
}

}  // namespace
