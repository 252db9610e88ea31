// The server's tables: creating, finding and acting at them, persisting every accepted
// action before it is acknowledged, and moving the AI seats on a pool of worker threads.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <semaphore>
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

// The answer to an undo request: done (the actions were removed; `version` and `undone`
// say how many remain and how many went), or waiting for the votes of other human seats.
struct UndoResult {
  bool done = false;
  int version = 0;                   // the table's version after the request
  int undone = 0;                    // actions removed (done only)
  std::vector<PlayerId> waiting_for; // human seats that have not asked yet (not done only)
};

// The settings of hints (GET /api/tables/ID/hint). Iterations, not a time budget, so that a
// hint is reproducible: the same position seen by the same seat gives the same hint.
struct HintSettings {
  int64_t iterations = 30000;  // mcts (perfect information) or ismcts; 0.25-1 s in Release
  unsigned max_running = 2;    // hint searches at once; more requests wait their turn
  int per_client_per_minute = 30;  // hint searches one client may start a minute (a burst of as many)
};

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
  // Every AI seat searches within `ai_limits`: a new table asking more is refused, a stored
  // one plays within them.
  TableManager(store::TableStore store, unsigned ai_threads = 0, HintSettings hints = {}, AiLimits ai_limits = {});

  // Stops the AI workers: a running search is asked to end (ai::Player::request_stop) and
  // its move is not stored; nothing half-written remains.
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

  // Undo (hot-seat): the seat of `key` asks to take back the last action taken by a human
  // seat and every action after it (AI replies included). Checks, in this order, refusing
  // with ApiError and leaving the table unchanged: 403 "bad_key", 409 "game_over", 409
  // "stale_version", 409 "ai_thinking" (an AI move of this table is queued or being
  // searched: ask again once it is played), 409 "nothing_to_undo" (no human seat has
  // acted). Records the vote; once every human seat has voted at this version, deletes the
  // actions from the store (one transaction, committed before this returns), rebuilds the
  // state by replaying the rest from the seed (chance outcomes are kept), wakes the
  // listeners and schedules the AI seats. A store failure throws InputError, nothing undone.
  UndoResult undo(const std::shared_ptr<Table>& table, const std::string& key, int version);

  // A hint for the seat of `key`: the action the strongest AI would take for it now,
  // as JSON {version, action: {id, text}, by: "AI spec"} (text as in the seat's legal list).
  // The AI searches a copy of the state taken under the table's lock, without holding it
  // (views, actions and other tables go on), and reads only what the seat may see
  // (hints.h). At most HintSettings::max_running searches run at once; one search serves
  // every request of the same table and version (those that come while it runs wait for
  // it), and its hint is kept until the table changes, so asking again costs nothing.
  // Refuses with 403 "bad_key"
  // (no key or a wrong one), 409 "game_over", 409 "not_your_turn".
  // `client` (the remote address) may start HintSettings::per_client_per_minute searches a
  // minute; beyond, 429 "too_many_hints" says when to ask again (a kept or shared hint
  // costs nothing and is always answered).
  nlohmann::json hint(const std::shared_ptr<Table>& table, const std::string& key, const std::string& client = "");

  // Hint searches run since the start (tests and the operator's measurements).
  int64_t hint_searches() const { return hint_searches_; }

  // Waits (with the table unlocked) until its revision differs from `known`, `timeout` has
  // passed or the manager stops. `lock` holds table.mutex().
  void wait_for_change(const Table& table, std::unique_lock<std::mutex>& lock, long known,
                       std::chrono::milliseconds timeout) const;

  // True once the manager is being destroyed: listeners should end.
  bool stopping() const { return stopping_; }

 private:
  void schedule_ai(const std::shared_ptr<Table>& table);  // requires the table's lock
  void run_ai(const std::shared_ptr<Table>& table);
  void commit(Table& table, Action action);  // requires the table's lock
  // One hint search of `snapshot` (the table at `version`) for `seat`, without any lock.
  nlohmann::json search_hint(const State& snapshot, int version, PlayerId seat);

  store::TableStore store_;
  mutable std::mutex store_mutex_;
  std::map<std::string, std::shared_ptr<Table>> tables_;
  mutable std::mutex tables_mutex_;
  HintSettings hint_settings_;
  AiLimits ai_limits_;
  std::counting_semaphore<> hint_slots_;  // hint searches running at once
  std::atomic<int64_t> hint_searches_{0};
  // Per client: hint searches it may still start (a token bucket refilled continuously).
  struct HintBucket {
    double tokens = 0;
    std::chrono::steady_clock::time_point updated;
  };
  std::map<std::string, HintBucket> hint_buckets_;
  std::mutex hint_buckets_mutex_;
  // Takes one hint search of `client`'s allowance, or throws ApiError 429.
  void take_hint_allowance(const std::string& client);
  std::atomic<bool> stopping_{false};
  std::unique_ptr<detail::WorkerPool> quick_pool_;  // AI seats that do not search
  std::unique_ptr<detail::WorkerPool> pool_;        // AI searches; last: destroyed (joined) first
};

}  // namespace rise::server
