// The hero database's schema, as the ordered list of migrations that build it (internal).
#pragma once

#include <vector>

namespace rise::store::detail {

// The SQL that brings the schema from version `to_version - 1` to `to_version`. Migration 1
// creates the version-1 schema from an empty file; a new database runs them all, so that a
// fresh file and a migrated one have the same schema by construction.
struct Migration {
  int to_version;
  const char* sql;
};

// Every migration in order; the last one's to_version is kSchemaVersion (hero_store.h).
const std::vector<Migration>& migrations();

}  // namespace rise::store::detail
