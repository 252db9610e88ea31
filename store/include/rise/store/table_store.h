// The table store: the tables of `rise serve` and every action accepted at them, in the same
// SQLite file as the hero store (hero_store.h; one schema, kSchemaVersion).
//
// A table is a game being played on the server: its game id, resolved options, seed, its
// seats (a human seat with its secret key, or an AI spec) and the list of accepted actions in
// the game's notation. The store knows no game rule: the server rebuilds a table's state by
// replaying the actions from game, options and seed. Layout and guarantees: docs/server.md,
// "Persistence".
//
// Every function that fails throws rise::InputError naming the database file and the reason
// (a duplicate or unknown table, a gap in the action numbers, a corrupt row, an SQLite error
// such as a full disk or a lock held too long by another process).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rise/core/types.h"

namespace rise::store {

// `bytes` random bytes from the operating system (std::random_device, /dev/urandom on
// Linux) as 2*bytes lower-case hex digits. Used for table ids and seat keys.
std::string random_hex(size_t bytes);

// Bytes of a human seat's secret key: 16 bytes = 128 bits, 32 hex digits.
inline constexpr size_t kSeatKeyBytes = 16;

// The most characters (Unicode code points) of a seat's name (TableSeat::name).
inline constexpr size_t kMaxSeatNameLength = 24;

// A seat of a table.
struct TableSeat {
  std::string kind;    // "human", or an AI spec such as "ismcts:iters=500" (rise/ai/player.h)
  std::string key;     // a human seat's secret (hex, >= 32 digits); empty for an AI seat
  std::string invite;  // a human seat's one-time invite (hex, >= 32 digits) until claimed; else empty
  // The name given at the table (UTF-8, 1 to kMaxSeatNameLength characters, public), or
  // empty for none. The server checks its characters (rise/server/requests.h).
  std::string name;
  // The name of the bot that claimed this seat with an operator's bot token (docs/server.md,
  // "Bots": 1 to 24 characters), or empty: a person, or not claimed yet.
  std::string bot;
};

// "open" while the game runs, "finished" once it is over.
enum class TableStatus { kOpen, kFinished };

// "open" or "finished".
std::string to_string(TableStatus status);

// How a finished table ended: by the game's rules, a seat's resignation, idle expiry, or its
// deletion by its creator (kDeleted is never stored: the table is gone; the server's
// listeners of it see it).
enum class TableEnd { kRules, kResigned, kExpired, kDeleted };

// "rules", "resigned", "expired" or "deleted".
std::string to_string(TableEnd end);

// A table's settings as stored.
struct TableRecord {
  std::string id;          // unique, not empty (the server uses random_hex(8))
  std::string game;        // game id, not empty
  Options options;         // the resolved options
  uint64_t seed = 0;
  std::vector<TableSeat> seats;  // one per seat, seat 0 first; not empty
  std::string created_at;        // UTC "YYYY-MM-DDTHH:MM:SSZ"; set by create_table
  TableStatus status = TableStatus::kOpen;
  // The salt of the seed's commitment (hex, >= 32 digits) when the server chose the seed;
  // empty when the creator gave it (docs/server.md, "Fair play").
  std::string seed_salt;
  // The creator's secret (hex, >= 32 digits): it deletes the table. Empty for tables stored
  // before schema 4.
  std::string owner_key;
  TableEnd ended = TableEnd::kRules;  // meaningful once finished
  int resigned_seat = -1;             // the seat that resigned (ended == kResigned), else -1
  // The move deadline in seconds (1 to 86400; 0: none): a human seat on move for longer
  // resigns (docs/server.md, "Time controls").
  int move_seconds = 0;
};

// A table with its accepted actions, in order (index 0 first).
struct StoredTable {
  TableRecord record;
  std::vector<std::string> actions;  // in the game's notation
};

// The open database. Not copyable; not thread-safe (the server serialises its calls).
// Several processes may share the file (WAL, 5 s busy timeout).
class TableStore {
 public:
  // Opens the database at `path`, creating or migrating it exactly as HeroStore::open does,
  // with the same errors ("PATH is not a Rise table database: ...").
  static TableStore open(const std::string& path);

  TableStore(TableStore&&) noexcept;
  TableStore& operator=(TableStore&&) noexcept;
  ~TableStore();

  // The database file as given to open().
  const std::string& path() const;

  // Stores a new open table with no action, in one transaction; sets created_at to now and
  // returns the stored record. Throws InputError for an empty id or game, no seats, a
  // human seat without a key of at least 32 hex digits, an AI seat with a key or an invite,
  // an invite, salt or owner key that is neither empty nor 32+ hex digits, a seat's name that
  // is not UTF-8 or has more than kMaxSeatNameLength characters, or an existing table of
  // that id.
  TableRecord create_table(TableRecord record);

  // Appends action number `index` (0-based) of table `id` and, when `finished`, marks the
  // table finished — in ONE transaction, committed (synchronous FULL) before returning, so
  // a caller that acknowledges after this call never loses an acknowledged action. Throws
  // InputError for an unknown or finished table, an index other than the number of actions
  // stored, or empty notation; nothing is then written.
  void append_action(const std::string& id, int index, const std::string& notation, bool finished);

  // Undo: deletes the actions of table `id` numbered `keep` and above (its last
  // `count - keep` actions), in ONE transaction committed before returning; the table stays
  // open. Returns how many actions were deleted (at least 1). Throws InputError for an
  // unknown or finished table, or `keep` outside 0 .. (actions stored - 1) (nothing to
  // delete); nothing is then changed.
  int truncate_actions(const std::string& id, int keep);

  // Marks the open table `id` finished without a rule ending it: `end` is kResigned (with
  // the seat that resigned, 0 <= seat < seats) or kExpired (seat -1), in one transaction
  // committed before returning. Its actions stay (a replay shows them). Throws InputError
  // for an unknown or finished table, kRules, or a bad seat; nothing is then changed.
  void end_table(const std::string& id, TableEnd end, int seat);

  // Deletes table `id` with its seats and actions, committed before returning. Returns false
  // when there is no such table.
  bool delete_table(const std::string& id);

  // Claims the one-time invite `invite` of a human seat of table `id`: the invite is erased
  // (committed before returning) and the seat's number returned, so a second claim finds
  // nothing. Returns -1 when no seat of that table has this invite (never had, or claimed).
  // `bot` (1 to 24 characters, or empty) records that a bot of that name holds the seat.
  int claim_invite(const std::string& id, const std::string& invite, const std::string& bot = "");

  // The table `id` with its actions, or none.
  std::optional<StoredTable> find_table(const std::string& id) const;

  // Every open (unfinished) table with its actions, oldest first: what a restarted server
  // resumes.
  std::vector<StoredTable> open_tables() const;

  // One page of the finished tables with their actions, the newest first (by creation):
  // `limit` (>= 0) from the `offset`-th (>= 0; past the end: none). For the lobby's list of
  // finished games (docs/server.md, GET /api/tables?status=finished).
  std::vector<StoredTable> finished_tables(int64_t offset, int64_t limit) const;

  // How many tables are finished.
  int64_t finished_count() const;

  // Tests only: called inside append_action's transaction with "action" after the action
  // row is written and "commit" just before committing. A hook that kills the process shows
  // what a crash leaves. An empty function removes the hook.
  void set_append_hook_for_testing(std::function<void(const std::string& step)> hook);

 private:
  struct Impl;
  explicit TableStore(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace rise::store
