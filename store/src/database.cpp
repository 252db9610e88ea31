// Opening the Rise SQLite file: header, integrity, ownership and version checks, WAL, migrations.
#include "database.h"

#include <algorithm>
#include <cctype>
#include <ctime>
#include <filesystem>
#include <fstream>

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include "rise/core/error.h"
#include "rise/store/hero_store.h"
#include "schema.h"

namespace rise::store::detail {

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

std::optional<uint64_t> parse_seed(const std::string& text) {
  try {
    size_t used = 0;
    const uint64_t seed = std::stoull(text, &used);
    if (used == text.size() && !text.empty() && text[0] != '-' && text[0] != '+' && text[0] != ' ') return seed;
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

namespace {

namespace fs = std::filesystem;

// The database's own words for a failure, for messages.
std::string sqlite_reason(const SQLite::Exception& e) { return e.what(); }

bool is_corruption(const SQLite::Exception& e) {
  return (e.getErrorCode() & 0xff) == SQLITE_CORRUPT;
}

bool is_not_a_database(const SQLite::Exception& e) {
  return (e.getErrorCode() & 0xff) == SQLITE_NOTADB;
}

// A file that exists, is not empty and does not start with SQLite's magic string is refused
// before SQLite sees it (SQLite would only say "file is not a database" on first use).
void check_sqlite_header(const std::string& path, const std::string& noun) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return;
  if (fs::is_directory(path, ec)) throw InputError(path + " is not a Rise " + noun + ": it is a directory");
  const auto size = fs::file_size(path, ec);
  if (ec) throw InputError(path + ": cannot read: " + ec.message());
  if (size == 0) return;  // SQLite treats an empty file as an empty database
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot read: permission denied or unreadable");
  static constexpr char kMagic[16] = {'S', 'Q', 'L', 'i', 't', 'e', ' ', 'f', 'o', 'r', 'm', 'a', 't', ' ', '3', '\0'};
  char header[16] = {};
  in.read(header, sizeof header);
  if (in.gcount() != static_cast<std::streamsize>(sizeof header) || !std::equal(header, header + 16, kMagic)) {
    throw InputError(path + " is not a Rise " + noun + ": not an SQLite database file");
  }
}

// The checks of open_database(), before anything is written: SQLite file, intact, ours, not
// newer. Returns the schema version found.
int inspect(SQLite::Database& db, const std::string& path, const std::string& noun) {
  // quick_check answers "ok", or up to 100 problems, one per row (a row may hold several
  // lines); the first few, on one line, are enough to tell the user.
  SQLite::Statement check(db, "PRAGMA quick_check(5)");
  std::string problems;
  try {
    while (check.executeStep()) {
      const std::string row = check.getColumn(0).getString();
      if (row == "ok") break;
      problems += (problems.empty() ? "" : "; ") + row;
    }
  } catch (const SQLite::Exception& e) {
    // A badly damaged file may also fail the check itself after reporting some problems.
    if (problems.empty()) throw;
    problems += std::string("; ") + e.what();
  }
  if (!problems.empty()) {
    std::replace(problems.begin(), problems.end(), '\n', ' ');
    throw InputError(path + " is corrupt: PRAGMA quick_check says: " + problems);
  }
  const int tables = db.execAndGet("SELECT count(*) FROM sqlite_master WHERE type = 'table'").getInt();
  const int version = db.execAndGet("PRAGMA user_version").getInt();
  if (tables == 0) {
    if (version != 0) {
      throw InputError(path + " is not a Rise " + noun + ": schema version " + std::to_string(version) +
                       " but no tables");
    }
    return 0;
  }
  std::string app;
  try {
    SQLite::Statement q(db, "SELECT value FROM meta WHERE key = 'app'");
    if (q.executeStep()) app = q.getColumn(0).getString();
  } catch (const SQLite::Exception&) {
    throw InputError(path + " is not a Rise " + noun + ": it has tables but no meta table with app=rise-engine");
  }
  if (app != "rise-engine") {
    throw InputError(path + " is not a Rise " + noun + ": its meta table has no row app=rise-engine");
  }
  if (version > kSchemaVersion) {
    throw InputError(path + " was created by a newer Rise (schema " + std::to_string(version) +
                     ", this build reads up to " + std::to_string(kSchemaVersion) + ")");
  }
  if (version < 1) throw InputError(path + " is corrupt: it has Rise tables but schema version " + std::to_string(version));
  return version;
}

// Brings the schema to kSchemaVersion in one transaction. The version is read again under
// the write lock: another process may have migrated the file meanwhile.
void migrate(SQLite::Database& db) {
  SQLite::Transaction transaction(db, SQLite::TransactionBehavior::IMMEDIATE);
  const int version = db.execAndGet("PRAGMA user_version").getInt();
  if (version >= kSchemaVersion) return;  // rolled back: nothing to do
  for (const Migration& m : migrations()) {
    if (m.to_version > version) db.exec(m.sql);
  }
  db.exec("PRAGMA user_version = " + std::to_string(kSchemaVersion));
  transaction.commit();
}

}  // namespace

std::unique_ptr<SQLite::Database> open_database(const std::string& path, const std::string& noun) {
  if (path.empty()) throw InputError(noun + ": the path is empty");
  const fs::path file(path);
  std::error_code ec;
  if (file.has_parent_path() && !fs::is_directory(file.parent_path(), ec)) {
    fs::create_directories(file.parent_path(), ec);
    if (ec) throw InputError(path + ": cannot create directory " + file.parent_path().string() + ": " + ec.message());
  }
  check_sqlite_header(path, noun);
  // A new database is readable and writable by its owner only: the server's holds the seat
  // keys, the hero database a player's progress. SQLite gives the -wal and -shm files it
  // makes beside it the same mode. An empty file is a new database to SQLite; when it
  // cannot be made here, SQLite's own open below says why.
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd >= 0) ::close(fd);
  std::unique_ptr<SQLite::Database> db;
  try {
    db = std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE, kBusyTimeoutMs);
  } catch (const SQLite::Exception& e) {
    throw InputError(path + ": cannot open: " + sqlite_reason(e));
  }
  try {
    const int version = inspect(*db, path, noun);
    // WAL: a reader never sees a half-written transaction, and a crash loses at most the
    // transaction being written. FULL: a committed transaction survives a power loss.
    const std::string mode = lower(db->execAndGet("PRAGMA journal_mode = WAL").getString());
    if (mode != "wal") throw InputError(path + ": cannot use write-ahead logging (journal mode stays '" + mode + "')");
    db->exec("PRAGMA synchronous = FULL");
    db->exec("PRAGMA foreign_keys = ON");
    if (version < kSchemaVersion) migrate(*db);
  } catch (const SQLite::Exception& e) {
    if (is_not_a_database(e)) throw InputError(path + " is not a Rise " + noun + ": " + sqlite_reason(e));
    if (is_corruption(e)) throw InputError(path + " is corrupt: " + sqlite_reason(e));
    throw InputError(path + ": cannot open: " + sqlite_reason(e));
  }
  return db;
}

void fail(const std::string& path, const SQLite::Exception& e, const std::string& doing) {
  if (is_corruption(e)) throw InputError(path + " is corrupt: " + sqlite_reason(e));
  throw InputError(path + ": cannot " + doing + ": " + sqlite_reason(e));
}

std::string now_utc() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buffer;
}

}  // namespace rise::store::detail
