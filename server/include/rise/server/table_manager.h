// The server's tables: creating, finding and acting at them, persisting every accepted
// action before it is acknowledged, and moving the AI seats on a pool of worker threads.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <thread>
#include <utility>
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
  // Hint requests that may wait at once (for a search slot, or for the search of the same
  // position another request started); beyond, 503 "hints_busy". A waiting request holds an
  // HTTP thread: this bound keeps the others for the lobby, views and actions.
  unsigned max_waiting = 16;
  int per_client_per_minute = 30;  // hint searches one client may start a minute (a burst of as many)
  // Iterations of each decision's search in a game's review (review()): a review searches
  // every decision of a game, so a tenth of a hint's by default.
  int64_t review_iterations = 3000;
};

// The operator's limits on tables (`rise serve --help`, docs/server.md "Limits").
struct TablePolicy {
  int max_open_tables = 1000;          // open tables on the server; beyond, 503 "server_full"
  int max_open_per_client = 20;        // open tables one client (remote address) created; beyond, 429
  std::chrono::seconds idle_expiry{std::chrono::hours(1)};  // an open table unchanged this long ends; 0: never
  // Fair play: a seed may be given only at a table whose every seat is an AI. True lets
  // any table take one (tests and private experiments; never on a public server).
  bool any_table_seeds = false;
  // The operator's bot tokens (`rise serve --bot-tokens FILE`, docs/server.md "Bots"): token
  // -> the bot's name. A claim that sends one in X-Rise-Bot marks its seat as that bot's.
  std::map<std::string, std::string> bot_tokens;
};

// Reads a bot token file: one bot a line, "NAME TOKEN" (NAME: 1 to 24 letters, digits, '-'
// or '_'; TOKEN: at least 32 hexadecimal digits), blank lines and lines from '#' ignored.
// Throws InputError naming the file and line: a malformed line, a name or token given twice.
std::map<std::string, std::string> read_bot_tokens(const std::string& path);

// A table as create() made it: the only time its invites and owner key are given out.
struct NewTable {
  std::shared_ptr<Table> table;
  std::vector<std::string> invites;  // per seat: a human seat's one-time invite; "" for an AI seat
  std::string owner_key;             // the creator's secret: it deletes the table
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
  // the AI seats whose turn it is. When every worker searches and another table's AI is to
  // move, one more worker starts, up to 4 x ai_threads: a long search never keeps another
  // table's move waiting (the searches then share the cores).
  // Every AI seat searches within `ai_limits`: a new table asking more is refused, a stored
  // one plays within them.
  // Open tables end after `policy.idle_expiry` without a change (a background thread looks
  // every idle_expiry / 4, at most every 30 s).
  TableManager(store::TableStore store, unsigned ai_threads = 0, HintSettings hints = {}, AiLimits ai_limits = {},
               TablePolicy policy = {});

  // stop(), then the AI workers are joined; nothing half-written remains.
  ~TableManager();

  // Asks every running search to end (the AI seats' moves, which are then not stored, and
  // the hints, which answer at once) and schedules no new AI move. `rise serve` calls it on
  // SIGTERM before stopping its HTTP server, so that no request waits on a search.
  // Idempotent; thread-safe.
  void stop();

  TableManager(const TableManager&) = delete;
  TableManager& operator=(const TableManager&) = delete;

  // Creates and stores a table for `client` (its remote address): a random id, a fresh
  // 128-bit key and one-time invite per human seat, an owner key, and a seed drawn from
  // std::random_device with a salted commitment (fair_seed.h) — or the seed given, where
  // every seat is an AI (or TablePolicy::any_table_seeds). Then lets its AI seats move.
  // Throws ApiError 400 "bad_table" for an unknown game, a seat count outside the game's
  // range, a bad option or AI spec, or a seat kind that is neither "human" nor an AI spec;
  // options naming files are refused too: "data", and "decks" with anything but deck ids.
  // 400 "seed_not_allowed" for a seed at a table with a human seat; 429 "too_many_tables"
  // when `client` has TablePolicy::max_open_per_client open tables; 503 "server_full" at
  // max_open_tables.
  NewTable create(const TableSpec& spec, const std::string& client = "");

  // The table `id`: a live (open) one, or a finished one read back from the store (not kept
  // in memory: finished tables leave it). Throws ApiError 404 "unknown_table".
  std::shared_ptr<Table> find(const std::string& id);

  // Every live table still being played, oldest first.
  std::vector<std::shared_ptr<Table>> open_tables() const;

  // One page of the finished tables, the newest first (by creation; `limit` from the
  // `offset`-th, both >= 0), each rebuilt from the store for the request like find(), and
  // how many are finished in all: the lobby's finished games (GET /api/tables?status=finished).
  std::pair<std::vector<std::shared_ptr<Table>>, int64_t> finished_tables(int64_t offset, int64_t limit);

  // Open tables in memory (finished ones leave it as they finish).
  size_t live_tables() const;

  // Claims the one-time `invite` of a human seat of `table`: returns {seat, key}, after which
  // the invite no longer works (the claim is committed first). Refuses with ApiError 403
  // "bad_invite" (no seat of this table has this invite: wrong, or claimed already) or 409
  // "game_over".
  // `bot_token` (the X-Rise-Bot header; "" for a person) must be one of the operator's
  // (TablePolicy::bot_tokens), else 403 "bad_bot_token": the seat is then shown as that bot's.
  std::pair<PlayerId, std::string> claim(const std::shared_ptr<Table>& table, const std::string& invite,
                                         const std::string& bot_token = "");

  // Time controls (docs/server.md): every human seat of an open table with a move deadline
  // (TableRecord::move_seconds) that has been on move, unanswered, for longer resigns; the
  // clock starts once every human seat has joined, and again at each change of the table.
  // Returns how many seats resigned. The reaper calls it four times a second.
  int enforce_move_deadlines();

  // The seat of `key` resigns: the table ends for everyone (stored first), the seat that
  // resigned loses and every other seat wins (Table::returns), listeners see the final
  // view, and the table leaves memory. Refuses with 403 "bad_key" or 409 "game_over".
  void resign(const std::shared_ptr<Table>& table, const std::string& key);

  // The creator deletes table `id` (`owner_key` from create()): it ends at once, leaves
  // memory and the store (no replay remains). Refuses with 404 "unknown_table" or 403
  // "bad_owner_key" (not its owner key; tables stored before owner keys have none and
  // cannot be deleted).
  void remove(const std::string& id, const std::string& owner_key);

  // Ends every open table unchanged for TablePolicy::idle_expiry (ended "expired", stored
  // first); returns how many. The background thread calls it; tests may too.
  int expire_idle_tables();

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
  // (no key or a wrong one), 409 "game_over", 409 "not_your_turn", and 503 "hints_busy" when
  // HintSettings::max_running + max_waiting requests already search or wait.
  // `client` (the remote address) may start HintSettings::per_client_per_minute searches a
  // minute; beyond, 429 "too_many_hints" says when to ask again (a kept or shared hint
  // costs nothing and is always answered).
  nlohmann::json hint(const std::shared_ptr<Table>& table, const std::string& key, const std::string& client = "");

  // Hint searches run since the start (tests and the operator's measurements).
  int64_t hint_searches() const { return hint_searches_; }

  // The review of a finished table's game (GET /api/tables/ID/review; ai/review.h, docs/ai.md
  // "Reviewing a game"): every decision of every seat searched by the hint player (hint_spec,
  // at HintSettings::review_iterations) from its seat's information. The first request queues it on
  // the review pool (one review at a time, nice 19: never in the way of a hint or an AI
  // move) and answers {"done": 0, "total": 0} with `*ready` false; later requests the
  // progress ({"done": K, "total": N}) until it is ready, then the review JSON
  // (ai::review_to_json) with `*ready` true. Kept for the last kMaxReviews tables reviewed.
  // Refuses with 409 "game_not_over" (a review judges a finished game: anyone may read it),
  // 429 "too_many_hints" (starting one takes a hint search of `client`'s allowance), 503
  // "stopping", and 500 "review_failed" naming the reason when the review broke.
  static constexpr size_t kMaxReviews = 64;
  nlohmann::json review(const std::shared_ptr<Table>& table, const std::string& client, bool* ready);


 private:
  void schedule_ai(const std::shared_ptr<Table>& table);  // requires the table's lock
  // Drops a finished table from memory (the store keeps it). Must not hold its lock.
  void forget(const std::shared_ptr<Table>& table);
  // Ends `table` outside the rules (stored first, then Table::end). Requires its lock.
  void end_table(Table& table, store::TableEnd how, PlayerId seat);
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
  std::atomic<int> hints_in_flight_{0};   // hint requests searching or waiting (HintSettings::max_waiting)
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
  TablePolicy policy_;
  std::mutex create_mutex_;  // one creation at a time: the limits are checked and taken together
  std::atomic<bool> stopping_{false};
  // Reviews by table id (review()): started, in progress or done; at most kMaxReviews, the
  // oldest dropped first.
  struct ReviewJob;
  std::mutex reviews_mutex_;
  std::map<std::string, std::shared_ptr<ReviewJob>> reviews_;
  std::deque<std::string> review_order_;
  std::mutex running_hints_mutex_;
  std::set<ai::Player*> running_hints_;  // hint searches under way (stop() ends them)
  std::mutex reaper_mutex_;
  std::condition_variable reaper_wake_;
  std::thread reaper_;  // expire_idle_tables() now and then
  std::unique_ptr<detail::WorkerPool> review_pool_; // reviews of finished games, one at a time (nice 19)
  std::unique_ptr<detail::WorkerPool> hint_pool_;   // hint searches (HintSettings::max_running threads)
  std::unique_ptr<detail::WorkerPool> quick_pool_;  // AI seats that do not search
  std::unique_ptr<detail::WorkerPool> pool_;        // AI searches; last: destroyed (joined) first
};

}  // namespace rise::server
