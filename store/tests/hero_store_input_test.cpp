// The hero store against the world outside: a database another program holds locked, a
// file edited by hand, a missing file that must not be created, and pending battles kept in
// a file and applied later (issue 15).
#include <gtest/gtest.h>
#include <stdlib.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include <SQLiteCpp/SQLiteCpp.h>

#include "rise/core/error.h"
#include "rise/store/battle_file.h"
#include "rise/store/hero_store.h"
#include "store_test_support.h"

namespace {

namespace fs = std::filesystem;
using rise::InputError;
using namespace rise::store;
using namespace std::chrono_literals;

using rise::store_testing::error_of;

class HeroStoreInput : public rise::store_testing::ScratchDatabase {
 protected:
  void SetUp() override {
    ScratchDatabase::SetUp();
    HeroStore store = HeroStore::open(db_);
    store.create_hero("Aria", "chaos");
  }

  static BattleRecord aria_wins(int points) {
    BattleRecord b;
    b.played_at = "2026-01-02T03:04:05Z";
    b.game = "dark-legacy";
    b.seed = 42;
    b.turns = 9;
    b.seats = {SeatRecord{0, "Aria", "chaos-starter", SeatResult::kWin, 12, points, 1, 1},
               SeatRecord{1, std::nullopt, "tech-starter", SeatResult::kLoss, 3, 1, std::nullopt, std::nullopt}};
    return b;
  }

  // Sets a column of Aria's row behind the store's back, as a hand edit would.
  void edit(const std::string& assignment) const {
    SQLite::Database raw(db_, SQLite::OPEN_READWRITE);
    raw.exec("UPDATE heroes SET " + assignment + " WHERE name = 'Aria'");
  }
};

// Locked for 6 s: longer than SQLite's busy timeout of one attempt (5 s), so the retry loop
// is what gets the battle in.
TEST_F(HeroStoreInput, ABrieflyLockedDatabaseIsWaitedFor) {
  HeroStore store = HeroStore::open(db_);
  store.set_busy_wait(20s);
  SQLite::Database other(db_, SQLite::OPEN_READWRITE);
  other.exec("BEGIN EXCLUSIVE");
  std::thread release([&] {
    std::this_thread::sleep_for(6000ms);
    other.exec("COMMIT");
  });
  const auto start = std::chrono::steady_clock::now();
  store.record_battle(aria_wins(7));
  const auto waited = std::chrono::steady_clock::now() - start;
  release.join();
  EXPECT_GE(waited, 5500ms);  // it really waited for the other program
  EXPECT_EQ(store.hero("Aria").points, 7);
}

TEST_F(HeroStoreInput, ADatabaseLockedPastTheWaitIsRefusedAndUnchanged) {
  HeroStore store = HeroStore::open(db_);
  store.set_busy_wait(400ms);
  {
    SQLite::Database other(db_, SQLite::OPEN_READWRITE);
    other.exec("BEGIN EXCLUSIVE");
    const std::string message = error_of([&] { store.record_battle(aria_wins(7)); });
    EXPECT_NE(message.find(db_ + ": cannot record the battle: "), std::string::npos) << message;
    EXPECT_NE(message.find("locked"), std::string::npos) << message;
    EXPECT_NE(message.find("waited 400 ms"), std::string::npos) << message;
    other.exec("ROLLBACK");
  }
  EXPECT_EQ(store.hero("Aria").points, 0);
  EXPECT_TRUE(store.history("Aria").empty());
  EXPECT_THROW(store.set_busy_wait(-1ms), InputError);
}

TEST_F(HeroStoreInput, HandEditedColumnsAreRefusedNamingTheHeroAndTheColumn) {
  struct Case {
    std::string assignment, expected;
  };
  const std::vector<Case> cases = {
      {"points = 9223372036854775807", "hero 'Aria': column 'points' is '9223372036854775807', not a whole number from 0"},
      {"points = 'lots'", "hero 'Aria': column 'points' is 'lots', not a whole number"},
      {"points = 2.5", "hero 'Aria': column 'points' is '2.5'"},
      {"points = 1000000001", "hero 'Aria': column 'points' is '1000000001', not a whole number from 0 to 1000000000"},
      {"points2 = 'many'", "hero 'Aria': column 'points2' is 'many'"},
      {"points2 = 5", "hero 'Aria': column 'points2' is 5 but it has no second faction"},
      {"created_at = 'yesterday'", "hero 'Aria': column 'created_at' is 'yesterday'"},
      {"created_at = 42", "hero 'Aria': column 'created_at' is '42', not YYYY-MM-DDTHH:MM:SSZ"},
      {"created_at = x'00'", "hero 'Aria': column 'created_at' is '"},
      {"name = 'Aria!'", "hero 'Aria!': column 'name': "},
  };
  for (const Case& c : cases) {
    edit(c.assignment);
    HeroStore store = HeroStore::open(db_);
    const std::string name = c.assignment.rfind("name", 0) == 0 ? "Aria!" : "Aria";
    const std::string message = error_of([&] { store.hero(name); });
    EXPECT_NE(message.find(db_ + ": " + c.expected), std::string::npos) << c.assignment << ": " << message;
    EXPECT_NE(error_of([&] { store.list_heroes(); }), "") << c.assignment;
    // Put the row back for the next case.
    SQLite::Database raw(db_, SQLite::OPEN_READWRITE);
    raw.exec("UPDATE heroes SET name = 'Aria', points = 0, points2 = 0, created_at = '2026-01-01T00:00:00Z'");
  }
  HeroStore store = HeroStore::open(db_);
  EXPECT_EQ(store.hero("Aria").points, 0);
}

TEST_F(HeroStoreInput, AHeroNeverPassesTheLargestTotal) {
  edit("points = 999999990");
  HeroStore store = HeroStore::open(db_);
  const std::string message = error_of([&] { store.record_battle(aria_wins(11)); });
  EXPECT_NE(message.find("hero 'Aria' would pass 1000000000 skill points"), std::string::npos) << message;
  EXPECT_EQ(store.hero("Aria").points, 999999990);
}

TEST_F(HeroStoreInput, OpeningAnExistingOnlyDatabaseCreatesNothing) {
  const fs::path missing = dir_ / "nowhere" / "missing.db";
  const std::string message =
      error_of([&] { HeroStore::open(missing.string(), OpenMode::kExistingOnly); });
  EXPECT_NE(message.find(missing.string() + ": no hero database there"), std::string::npos) << message;
  EXPECT_FALSE(fs::exists(missing));
  EXPECT_FALSE(fs::exists(missing.parent_path()));
  EXPECT_NO_THROW(HeroStore::open(db_, OpenMode::kExistingOnly));
}

TEST_F(HeroStoreInput, PendingBattlesRoundTripAndAreRecognisedOnceRecorded) {
  PendingBattles pending;
  pending.database = db_;
  pending.battles = {aria_wins(5), aria_wins(6)};
  pending.battles[1].seed = 43;
  pending.battles[1].replay = R"({"game":"dark-legacy"})";
  const PendingBattles back = pending_battles_from_json(pending_battles_to_json(pending), "f.json");
  ASSERT_EQ(back.battles.size(), 2u);
  EXPECT_EQ(back.database, db_);
  EXPECT_EQ(pending_battles_to_json(back), pending_battles_to_json(pending));
  EXPECT_EQ(back.battles[1].seats[1].hero, std::nullopt);
  EXPECT_EQ(back.battles[1].seats[0].level_after, 1);

  HeroStore store = HeroStore::open(db_);
  EXPECT_FALSE(store.has_battle(back.battles[0]));
  store.record_battle(back.battles[0]);
  EXPECT_TRUE(store.has_battle(back.battles[0]));
  EXPECT_FALSE(store.has_battle(back.battles[1]));  // another seed
  BattleRecord other_points = back.battles[0];
  other_points.seats[0].points = 9;
  EXPECT_FALSE(store.has_battle(other_points));
}

TEST_F(HeroStoreInput, MalformedPendingBattlesFilesNameTheField) {
  nlohmann::json good = pending_battles_to_json(PendingBattles{db_, {aria_wins(5)}});
  auto message_for = [&](const std::function<void(nlohmann::json&)>& change) {
    nlohmann::json j = good;
    change(j);
    return error_of([&] { pending_battles_from_json(j, "p.json"); });
  };
  EXPECT_NE(message_for([](nlohmann::json& j) { j["format"] = "rise-replay"; }).find("p.json: field 'format'"),
            std::string::npos);
  EXPECT_NE(message_for([](nlohmann::json& j) { j["battles"][0]["seed"] = "-1"; }).find("battles[0]: field 'seed' is '-1'"),
            std::string::npos);
  EXPECT_NE(message_for([](nlohmann::json& j) { j["battles"][0]["seats"][0]["result"] = "won"; })
                .find("battles[0].seats[0]: field 'result' is 'won'"),
            std::string::npos);
  EXPECT_NE(message_for([](nlohmann::json& j) { j["battles"] = nlohmann::json::array(); }).find("'battles' is empty"),
            std::string::npos);
  EXPECT_NE(message_for([](nlohmann::json& j) { j["battles"][0].erase("points"); j["battles"][0]["seats"][0].erase("points"); })
                .find("missing field 'points'"),
            std::string::npos);
}

}  // namespace
