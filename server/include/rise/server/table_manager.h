// The server's tables: creating, finding and acting at them, persisting every accepted
// action before it is acknowledged, and moving the AI seats on a pool of worker threads.
#pragma once

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise/server/requests.h"
#include "rise/server/table.h"
#include "rise/store/table_store.h"

namespace rise::server {

namespace detail {
class WorkerPool;
}

// Owns the table store and every live table. Thread-safe: HTTP threads and AI workers call
// it concurrently. Each table has its own lock; the table map and the store have one lock
// each, held only briefly, so a slow AI search or a long-polling client of one table never
// blocks another table.
class TableManager {
 public:
  // Opens nothing itself: takes the open store, resumes every open table it holds (rebuilt
  // from its actions; throws InputError naming a table whose actions do not replay), and
  // starts `ai_threads` workers (0: one per hardware thread, at least 2), which at once move
  // the AI seats whose turn it is.
  TableManager(store::TableStore store, unsigned ai_threads = 0);

  // Stops the AI workers (a running search finishes first; nothing half-written remains).
  ~TableManager();

  TableManager(const TableManager&) = delete;
  TableManager& operator=(const TableManager&) = delete;

  // Creates and stores a table (a random id, a fresh 128-bit key per human seat, the seed
  // given or drawn from std::random_device), then lets its AI seats move. Throws ApiError
  // 400 "bad_table" for an unknown game, a seat count outside the game's range, a bad option
  // or AI spec, or a seat kind that is neither "human" nor an AI spec. Options naming files
  // are refused too: "data", and "decks" with anything but deck ids.
  std::shared_ptr<Table> create(const TableSpec& spec);

  // The table `id`: a live one, or a finished one read back from the store. Throws ApiError
  // 404 "unknown_table".
  std::shared_ptr<Table> find(const std::string& id);

  // Every live table still being played, oldest first.
  std::vector<std::shared_ptr<Table>> open_tables() const;

  // Plays `notation` for the seat holding `key` at `table`, if `version` is the table's
  // version. Checks, in this order, refusing with ApiError and leaving the table unchanged:
  // 403 "bad_key" (no seat has this key), 409 "game_over", 409 "stale_version", 409
  // "not_your_turn", 400 "bad_notation" (not an action of the game), 422 "illegal_action"
  // (with explain_illegal's reason). Then writes the action to the store — committed before
  // this returns — applies it, wakes the table's listeners and schedules its AI seats.
  // Returns the new version. A store failure throws InputError with the state unchanged.
  int act(const std::shared_ptr<Table>& table, const std::string& key, int version, const std::string& notation);

  // Waits (with the table unlocked) until its version differs from `known`, `timeout` has
  // passed or the manager stops. `lock` holds table.mutex().
  void wait_for_change(const Table& table, std::unique_lock<std::mutex>& lock, int known,
                       std::chrono::milliseconds timeout) const;

  // True once the manager is being destroyed: listeners should end.
  bool stopping() const { return stopping_; }

 private:
  void schedule_ai(const std::shared_ptr<Table>& table);  // requires the table's lock
  void run_ai(const std::shared_ptr<Table>& table);
  void commit(Table& table, Action action);  // requires the table's lock

  store::TableStore store_;
  mutable std::mutex store_mutex_;
  std::map<std::string, std::shared_ptr<Table>> tables_;
  mutable std::mutex tables_mutex_;
  std::atomic<bool> stopping_{false};
  std::unique_ptr<detail::WorkerPool> pool_;  // last: destroyed (joined) first
};

}  // namespace rise::server
