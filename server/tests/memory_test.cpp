// Issue 18: finished tables leave the server's memory. 2,000 AI games are played to their
// end through the JSON API, in waves; the process's resident memory after 2,000 must be
// within 10% of what it was after 200, SQLite's bounded page cache aside (it grew by about
// 62 KB a game while every finished table stayed in memory). In the hot tree: no sanitizer
// quarantine, the real allocator.
#include <fstream>
#include <string>
#include <thread>

#include <sqlite3.h>

#include "server_fixture.h"

namespace rise::server::testing {
namespace {

// VmRSS of this process, in KiB (Linux /proc/self/status).
long resident_kib() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  }
  ADD_FAILURE() << "no VmRSS in /proc/self/status";
  return 0;
}

// Memory SQLite's allocator holds now (its page cache is most of it), in KiB.
long sqlite_kib() {
  sqlite3_int64 current = 0;
  sqlite3_int64 highest = 0;
  EXPECT_EQ(sqlite3_status64(SQLITE_STATUS_MEMORY_USED, &current, &highest, 0), SQLITE_OK);
  return static_cast<long>(current / 1024);
}

class MemoryTest : public ServerTest {
 protected:
  // Creates `count` tables of two random AIs, `wave` at a time, and waits for each wave to end.
  void play_games(int count, int wave) {
    for (int done = 0; done < count; done += wave) {
      std::vector<std::string> ids;
      for (int i = 0; i < wave && done + i < count; ++i) {
        ids.push_back(create({{"game", "rise-hex"}, {"options", {{"turn_limit", "12"}}}, {"seats", {"random", "random"}}}).id);
      }
      for (const std::string& id : ids) wait_terminal(id, "", 60);
      // Each table leaves memory as its last action is stored.
      for (int i = 0; i < 500 && manager_->live_tables() > 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(2));
      ASSERT_EQ(manager_->live_tables(), 0u);
    }
  }
};

TEST_F(MemoryTest, ResidentMemoryAfter2000FinishedGamesIsWithinTenPercentOfAfter200) {
  // A database in memory-backed storage where there is one: the test measures the server's
  // memory, not the disk's fsync.
  std::error_code ec;
  if (std::filesystem::is_directory("/dev/shm", ec)) {
    dir_ = std::filesystem::path("/dev/shm") / dir_.filename();
    std::filesystem::create_directories(dir_);
    db_ = (dir_ / "rise.db").string();
  }
  policy_.max_open_per_client = 100;
  start_server(2);
  play_games(200, 100);
  const long after_200 = resident_kib();
  const long sqlite_200 = sqlite_kib();
  play_games(1800, 100);
  const long after_2000 = resident_kib();
  const long sqlite_2000 = sqlite_kib();
  std::printf("resident memory: %ld KiB after 200 finished games, %ld KiB after 2000 (%+.1f%%); SQLite holds %ld "
              "then %ld KiB of it\n",
              after_200, after_2000, 100.0 * static_cast<double>(after_2000 - after_200) / static_cast<double>(after_200),
              sqlite_200, sqlite_2000);
  // SQLite's page cache fills as the database grows, up to its bound (cache_size, 2,000 KiB
  // by default): bounded, so it is left out of the comparison and checked on its own. Without
  // it, 1.6 MB of the 2 MB growth is gone; after 4,000 and 6,000 games the total stayed at
  // 16.9 and 17.0 MB (measured once, docs/server.md "Limits").
  EXPECT_LE(after_2000 - sqlite_2000, (after_200 - sqlite_200) * 11 / 10);
  EXPECT_LE(sqlite_2000, 4096);
}

}  // namespace
}  // namespace rise::server::testing
