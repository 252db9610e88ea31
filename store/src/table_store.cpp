// The table store on SQLiteCpp: tables, their seats and their accepted actions.
#include "rise/store/table_store.h"

#include <cctype>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

#include "database.h"
#include "rise/core/error.h"
#include "rise/core/text.h"
#include "rise/core/utf8.h"

namespace rise::store {

namespace {

bool is_hex_key(const std::string& key) {
  if (key.size() < 2 * kSeatKeyBytes) return false;
  for (char c : key) {
    if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

TableStatus parse_status(const std::string& text, const std::string& where) {
  if (text == "open") return TableStatus::kOpen;
  if (text == "finished") return TableStatus::kFinished;
  throw InputError(where + ": unknown status '" + text + "'");
}

}  // namespace

std::string random_hex(size_t bytes) {
  std::random_device device;  // /dev/urandom (getrandom) with libstdc++ on Linux
  std::vector<unsigned char> random(bytes);
  for (unsigned char& byte : random) byte = static_cast<unsigned char>(device() & 0xffu);
  return hex_of(random.data(), random.size());
}

namespace {

// The number of actions stored for the open table `id`. Throws InputError "WHAT no such
// table" or "WHAT the table is finished". Call inside the write's transaction.
int open_table_actions(SQLite::Database& db, const std::string& id, const std::string& what) {
  SQLite::Statement table(db,
                          "SELECT status, (SELECT count(*) FROM game_table_actions WHERE table_id = ?1) "
                          "FROM game_tables WHERE id = ?1");
  table.bind(1, id);
  if (!table.executeStep()) throw InputError(what + "no such table");
  if (table.getColumn(0).getString() != "open") throw InputError(what + "the table is finished");
  return table.getColumn(1).getInt();
}

}  // namespace

std::string to_string(TableStatus status) { return status == TableStatus::kOpen ? "open" : "finished"; }

std::string to_string(TableEnd end) {
  switch (end) {
    case TableEnd::kResigned: return "resigned";
    case TableEnd::kExpired: return "expired";
    case TableEnd::kDeleted: return "deleted";
    case TableEnd::kRules: break;
  }
  return "rules";
}

namespace {

// A nullable text column: empty when NULL.
std::string text_or_empty(const SQLite::Column& column) { return column.isNull() ? "" : column.getString(); }

// Binds `text` at `index`, or NULL when it is empty.
void bind_or_null(SQLite::Statement& statement, int index, const std::string& text) {
  if (text.empty()) {
    statement.bind(index);
  } else {
    statement.bind(index, text);
  }
}

}  // namespace

struct TableStore::Impl : detail::Connection {
  using Connection::Connection;

  // The table row `id` with its seats and actions, or none.
  std::optional<StoredTable> load(const std::string& id) const {
    SQLite::Statement q(db,
                        "SELECT game, options, seed, created_at, status, seed_salt, owner_secret, ended, resigned_seat, move_seconds "
                        "FROM game_tables WHERE id = ?");
    q.bind(1, id);
    if (!q.executeStep()) return std::nullopt;
    const std::string where = path + " is corrupt: table " + id;
    StoredTable t;
    t.record.id = id;
    t.record.game = q.getColumn(0).getString();
    const nlohmann::json options = nlohmann::json::parse(q.getColumn(1).getString(), nullptr, false);
    if (!options.is_object()) throw InputError(where + ": options are not a JSON object");
    for (const auto& [name, value] : options.items()) {
      if (!value.is_string()) throw InputError(where + ": option '" + name + "' is not a string");
      t.record.options[name] = value.get<std::string>();
    }
    const std::string seed = q.getColumn(2).getString();
    const std::optional<uint64_t> parsed = detail::parse_seed(seed);
    if (!parsed) throw InputError(where + ": seed '" + seed + "' is not a decimal number");
    t.record.seed = *parsed;
    t.record.created_at = q.getColumn(3).getString();
    t.record.status = parse_status(q.getColumn(4).getString(), where);
    t.record.seed_salt = text_or_empty(q.getColumn(5));
    t.record.owner_key = text_or_empty(q.getColumn(6));
    const std::string ended = text_or_empty(q.getColumn(7));
    t.record.ended = ended == "resigned" ? TableEnd::kResigned : ended == "expired" ? TableEnd::kExpired : TableEnd::kRules;
    t.record.resigned_seat = q.getColumn(8).isNull() ? -1 : q.getColumn(8).getInt();
    t.record.move_seconds = q.getColumn(9).isNull() ? 0 : q.getColumn(9).getInt();

    SQLite::Statement seats(db,
                            "SELECT seat, kind, secret, invite, name, bot FROM game_table_seats WHERE table_id = ? "
                            "ORDER BY seat");
    seats.bind(1, id);
    while (seats.executeStep()) {
      if (seats.getColumn(0).getInt() != static_cast<int>(t.record.seats.size())) {
        throw InputError(where + ": seat numbers are not 0, 1, ...");
      }
      TableSeat s;
      s.kind = seats.getColumn(1).getString();
      s.key = text_or_empty(seats.getColumn(2));
      s.invite = text_or_empty(seats.getColumn(3));
      s.name = text_or_empty(seats.getColumn(4));
      s.bot = text_or_empty(seats.getColumn(5));
      t.record.seats.push_back(std::move(s));
    }
    if (t.record.seats.empty()) throw InputError(where + ": no seats");

    SQLite::Statement actions(db, "SELECT idx, notation FROM game_table_actions WHERE table_id = ? ORDER BY idx");
    actions.bind(1, id);
    while (actions.executeStep()) {
      if (actions.getColumn(0).getInt() != static_cast<int>(t.actions.size())) {
        throw InputError(where + ": action numbers have a gap at " + std::to_string(t.actions.size()));
      }
      t.actions.push_back(actions.getColumn(1).getString());
    }
    return t;
  }
};

TableStore::TableStore(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
TableStore::TableStore(TableStore&&) noexcept = default;
TableStore& TableStore::operator=(TableStore&&) noexcept = default;
TableStore::~TableStore() = default;

const std::string& TableStore::path() const { return impl_->path; }

TableStore TableStore::open(const std::string& path) {
  return TableStore(std::make_unique<Impl>(path, detail::open_database(path, "table database")));
}

TableRecord TableStore::create_table(TableRecord record) {
  const std::string what = impl_->path + ": table '" + record.id + "': ";
  if (record.id.empty()) throw InputError(impl_->path + ": a table id is empty");
  if (record.game.empty()) throw InputError(what + "the game id is empty");
  if (record.seats.empty()) throw InputError(what + "no seats");
  for (size_t i = 0; i < record.seats.size(); ++i) {
    const TableSeat& s = record.seats[i];
    const std::string where = what + "seat " + std::to_string(i) + ": ";
    if (s.kind.empty()) throw InputError(where + "the kind is empty");
    if (s.kind == "human" && !is_hex_key(s.key)) {
      throw InputError(where + "a human seat needs a key of at least " + std::to_string(2 * kSeatKeyBytes) +
                       " hex digits");
    }
    if (s.kind != "human" && (!s.key.empty() || !s.invite.empty())) {
      throw InputError(where + "an AI seat has no key and no invite");
    }
    if (!s.invite.empty() && !is_hex_key(s.invite)) throw InputError(where + "the invite is not 32+ hex digits");
    if (invalid_utf8_at(s.name) != std::string::npos || utf8_length(s.name) > kMaxSeatNameLength) {
      throw InputError(where + "the name is not UTF-8 of at most " + std::to_string(kMaxSeatNameLength) + " characters");
    }
  }
  if (!record.seed_salt.empty() && !is_hex_key(record.seed_salt)) throw InputError(what + "the seed salt is not 32+ hex digits");
  if (!record.owner_key.empty() && !is_hex_key(record.owner_key)) throw InputError(what + "the owner key is not 32+ hex digits");
  record.created_at = detail::now_utc();
  record.status = TableStatus::kOpen;
  nlohmann::json options = nlohmann::json::object();
  for (const auto& [name, value] : record.options) options[name] = value;
  try {
    SQLite::Transaction transaction(impl_->db, SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement exists(impl_->db, "SELECT 1 FROM game_tables WHERE id = ?");
    exists.bind(1, record.id);
    if (exists.executeStep()) throw InputError(what + "a table of this id already exists");
    SQLite::Statement insert(impl_->db,
                             "INSERT INTO game_tables(id, game, options, seed, created_at, status, seed_salt, "
                             "owner_secret, move_seconds) VALUES(?, ?, ?, ?, ?, 'open', ?, ?, ?)");
    insert.bind(1, record.id);
    insert.bind(2, record.game);
    insert.bind(3, options.dump());
    insert.bind(4, std::to_string(record.seed));
    insert.bind(5, record.created_at);
    bind_or_null(insert, 6, record.seed_salt);
    bind_or_null(insert, 7, record.owner_key);
    if (record.move_seconds > 0) {
      insert.bind(8, record.move_seconds);
    } else {
      insert.bind(8);  // NULL: no time control
    }
    insert.exec();
    SQLite::Statement seat(impl_->db,
                           "INSERT INTO game_table_seats(table_id, seat, kind, secret, invite, name) "
                           "VALUES(?, ?, ?, ?, ?, ?)");
    for (size_t i = 0; i < record.seats.size(); ++i) {
      seat.reset();
      seat.clearBindings();
      seat.bind(1, record.id);
      seat.bind(2, static_cast<int>(i));
      seat.bind(3, record.seats[i].kind);
      bind_or_null(seat, 4, record.seats[i].key);
      bind_or_null(seat, 5, record.seats[i].invite);
      bind_or_null(seat, 6, record.seats[i].name);
      seat.exec();
    }
    transaction.commit();
    return record;
  } catch (const SQLite::Exception& e) {
    detail::fail(impl_->path, e, "create table '" + record.id + "'");
  }
}

void TableStore::append_action(const std::string& id, int index, const std::string& notation, bool finished) {
  const std::string what = impl_->path + ": table '" + id + "': ";
  if (notation.empty()) throw InputError(what + "action " + std::to_string(index) + " is empty");
  try {
    SQLite::Transaction transaction(impl_->db, SQLite::TransactionBehavior::IMMEDIATE);
    const int stored = open_table_actions(impl_->db, id, what);
    if (index != stored) {
      throw InputError(what + "action " + std::to_string(index) + " does not follow the " + std::to_string(stored) +
                       " actions stored");
    }
    SQLite::Statement insert(impl_->db, "INSERT INTO game_table_actions(table_id, idx, notation) VALUES(?, ?, ?)");
    insert.bind(1, id);
    insert.bind(2, index);
    insert.bind(3, notation);
    insert.exec();
    impl_->step("action");
    if (finished) {
      SQLite::Statement update(impl_->db, "UPDATE game_tables SET status = 'finished' WHERE id = ?");
      update.bind(1, id);
      update.exec();
    }
    impl_->step("commit");
    transaction.commit();
  } catch (const SQLite::Exception& e) {
    detail::fail(impl_->path, e, "store action " + std::to_string(index) + " of table '" + id + "'");
  }
}

int TableStore::truncate_actions(const std::string& id, int keep) {
  const std::string what = impl_->path + ": table '" + id + "': ";
  try {
    SQLite::Transaction transaction(impl_->db, SQLite::TransactionBehavior::IMMEDIATE);
    const int stored = open_table_actions(impl_->db, id, what);
    if (keep < 0 || keep >= stored) {
      throw InputError(what + "cannot keep " + std::to_string(keep) + " of the " + std::to_string(stored) +
                       " actions stored: nothing to delete");
    }
    SQLite::Statement erase(impl_->db, "DELETE FROM game_table_actions WHERE table_id = ? AND idx >= ?");
    erase.bind(1, id);
    erase.bind(2, keep);
    const int deleted = erase.exec();
    transaction.commit();
    return deleted;
  } catch (const SQLite::Exception& e) {
    detail::fail(impl_->path, e, "delete actions " + std::to_string(keep) + "... of table '" + id + "'");
  }
}

void TableStore::end_table(const std::string& id, TableEnd end, int seat) {
  const std::string what = impl_->path + ": table '" + id + "': ";
  if (end == TableEnd::kRules || end == TableEnd::kDeleted) throw InputError(what + "only a resignation or an expiry ends a table outside the rules");
  if ((end == TableEnd::kResigned) != (seat >= 0)) {
    throw InputError(what + "a resignation names its seat, an expiry none");
  }
  try {
    SQLite::Transaction transaction(impl_->db, SQLite::TransactionBehavior::IMMEDIATE);
    open_table_actions(impl_->db, id, what);
    SQLite::Statement seats(impl_->db, "SELECT count(*) FROM game_table_seats WHERE table_id = ?");
    seats.bind(1, id);
    seats.executeStep();
    if (seat >= seats.getColumn(0).getInt()) throw InputError(what + "there is no seat " + std::to_string(seat));
    SQLite::Statement update(impl_->db,
                             "UPDATE game_tables SET status = 'finished', ended = ?, resigned_seat = ? WHERE id = ?");
    update.bind(1, to_string(end));
    if (seat >= 0) update.bind(2, seat);
    update.bind(3, id);
    update.exec();
    transaction.commit();
  } catch (const SQLite::Exception& e) {
    detail::fail(impl_->path, e, "end table '" + id + "'");
  }
}

bool TableStore::delete_table(const std::string& id) {
  try {
    // The seats and actions go with it (ON DELETE CASCADE; foreign keys are on).
    SQLite::Statement erase(impl_->db, "DELETE FROM game_tables WHERE id = ?");
    erase.bind(1, id);
    return erase.exec() > 0;
  } catch (const SQLite::Exception& e) {
    detail::fail(impl_->path, e, "delete table '" + id + "'");
  }
}

int TableStore::claim_invite(const std::string& id, const std::string& invite, const std::string& bot) {
  if (invite.empty()) return -1;
  try {
    SQLite::Transaction transaction(impl_->db, SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement find(impl_->db, "SELECT seat FROM game_table_seats WHERE table_id = ? AND invite = ?");
    find.bind(1, id);
    find.bind(2, invite);
    if (!find.executeStep()) return -1;
    const int seat = find.getColumn(0).getInt();
    SQLite::Statement claim(impl_->db, "UPDATE game_table_seats SET invite = NULL, bot = ? WHERE table_id = ? AND seat = ?");
    bind_or_null(claim, 1, bot);
    claim.bind(2, id);
    claim.bind(3, seat);
    claim.exec();
    transaction.commit();
    return seat;
  } catch (const SQLite::Exception& e) {
    detail::fail(impl_->path, e, "claim an invite of table '" + id + "'");
  }
}

std::optional<StoredTable> TableStore::find_table(const std::string& id) const {
  try {
    return impl_->load(id);
  } catch (const SQLite::Exception& e) {
    detail::fail(impl_->path, e, "read table '" + id + "'");
  }
}

std::vector<StoredTable> TableStore::open_tables() const {
  try {
    std::vector<StoredTable> out;
    SQLite::Statement q(impl_->db, "SELECT id FROM game_tables WHERE status = 'open' ORDER BY created_at, rowid");
    while (q.executeStep()) out.push_back(*impl_->load(q.getColumn(0).getString()));
    return out;
  } catch (const SQLite::Exception& e) {
    detail::fail(impl_->path, e, "list the open tables");
  }
}

std::vector<StoredTable> TableStore::finished_tables(int64_t offset, int64_t limit) const {
  try {
    std::vector<StoredTable> out;
    SQLite::Statement q(impl_->db,
                        "SELECT id FROM game_tables WHERE status = 'finished' ORDER BY created_at DESC, rowid DESC "
                        "LIMIT ? OFFSET ?");
    q.bind(1, limit);
    q.bind(2, offset);
    while (q.executeStep()) out.push_back(*impl_->load(q.getColumn(0).getString()));
    return out;
  } catch (const SQLite::Exception& e) {
    detail::fail(impl_->path, e, "list the finished tables");
  }
}

int64_t TableStore::finished_count() const {
  try {
    SQLite::Statement q(impl_->db, "SELECT COUNT(*) FROM game_tables WHERE status = 'finished'");
    q.executeStep();
    return q.getColumn(0).getInt64();
  } catch (const SQLite::Exception& e) {
    detail::fail(impl_->path, e, "count the finished tables");
  }
}

void TableStore::set_append_hook_for_testing(std::function<void(const std::string& step)> hook) {
  impl_->hook = std::move(hook);
}

}  // namespace rise::store
