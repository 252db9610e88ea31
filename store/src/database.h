// Opening the Rise SQLite file, shared by the hero store and the table store (internal).
//
// Both stores keep their tables in one file with one schema version (schema.h): whichever
// opens the file first creates or migrates every table.
#pragma once

#include <functional>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <SQLiteCpp/SQLiteCpp.h>

namespace rise::store::detail {

// SQLite's busy timeout for every connection: several processes may share the file.
inline constexpr int kBusyTimeoutMs = 5000;

// Opens (creating missing directories and the file) and checks the database at `path`,
// then brings its schema to kSchemaVersion in one transaction. `noun` names the file in
// messages ("hero database", "table database"). Throws InputError "PATH is not a Rise
// NOUN: ..." (not SQLite, or tables without the meta row app=rise-engine), "PATH is
// corrupt: ...", "PATH was created by a newer Rise (schema N, this build reads up to M)" or
// "PATH: cannot ...: REASON". The connection uses WAL, synchronous FULL and foreign keys.
std::unique_ptr<SQLite::Database> open_database(const std::string& path, const std::string& noun);

// What each store holds: the file's path, its open connection (open_database), and a hook
// that tests set to fail a write at one of its named steps.
struct Connection {
  Connection(std::string p, std::unique_ptr<SQLite::Database> c)
      : path(std::move(p)), connection(std::move(c)), db(*connection) {}

  std::string path;
  std::unique_ptr<SQLite::Database> connection;
  SQLite::Database& db;  // *connection; reads through const methods still step statements
  std::function<void(const std::string&)> hook;

  // Calls the hook, if any, at the step `name` of a write ("action", "commit", ...).
  void step(const std::string& name) const {
    if (hook) hook(name);
  }
};

// Throws InputError for an SQLite failure while `doing` something: "PATH is corrupt: ..."
// when SQLite reports corruption, else "PATH: cannot DOING: REASON".
[[noreturn]] void fail(const std::string& path, const SQLite::Exception& e, const std::string& doing);

// `text` in lower case (ASCII).
std::string lower(std::string text);

// A seed as stored (decimal text, as SQLite keeps 64-bit unsigned values exactly), or none
// when `text` is not one.
std::optional<uint64_t> parse_seed(const std::string& text);

// The current time in UTC, "YYYY-MM-DDTHH:MM:SSZ".
std::string now_utc();

}  // namespace rise::store::detail
