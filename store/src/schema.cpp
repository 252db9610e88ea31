// The hero database's schema history. Never edit a released migration: add a new one, bump
// kSchemaVersion, and describe it in docs/formats.md ("Hero database (SQLite)") or
// docs/server.md (tables).
#include "schema.h"

#include "rise/store/hero_store.h"

namespace rise::store::detail {

namespace {

// Version 1: heroes with one faction and their points; battles and one row per seat.
// Names are unique without regard to ASCII case; a seat without a stored hero (an AI) has a
// NULL hero_id. The seed is decimal text because SQLite integers are signed 64-bit.
constexpr const char* kVersion1 = R"sql(
CREATE TABLE meta(
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
INSERT INTO meta(key, value) VALUES('app', 'rise-engine');
CREATE TABLE heroes(
  id         INTEGER PRIMARY KEY,
  name       TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK(length(name) BETWEEN 1 AND 40),
  faction    TEXT NOT NULL CHECK(faction IN ('chaos', 'tech', 'darkness', 'holy-order', 'wind', 'earth')),
  points     INTEGER NOT NULL DEFAULT 0 CHECK(points >= 0),
  created_at TEXT NOT NULL
);
CREATE TABLE battles(
  id        INTEGER PRIMARY KEY,
  played_at TEXT NOT NULL,
  game      TEXT NOT NULL CHECK(length(game) > 0),
  seed      TEXT NOT NULL,
  turns     INTEGER NOT NULL CHECK(turns >= 0),
  replay    TEXT NOT NULL DEFAULT ''
);
CREATE TABLE battle_seats(
  battle_id INTEGER NOT NULL REFERENCES battles(id) ON DELETE CASCADE,
  seat      INTEGER NOT NULL CHECK(seat >= 0),
  hero_id   INTEGER REFERENCES heroes(id),
  deck      TEXT NOT NULL,
  result    TEXT NOT NULL CHECK(result IN ('win', 'loss', 'draw')),
  roll      INTEGER NOT NULL CHECK(roll BETWEEN 1 AND 20),
  points    INTEGER NOT NULL CHECK(points >= 0),
  PRIMARY KEY(battle_id, seat)
);
CREATE INDEX battle_seats_by_hero ON battle_seats(hero_id);
)sql";

// Version 2: a second faction with its own points (Rule DL-18.5; a new column is NULL, i.e.
// none chosen, on every existing hero, with 0 points), and the hero's level before and after
// each battle (NULL on battles recorded by version 1: unknown).
constexpr const char* kVersion2 = R"sql(
ALTER TABLE heroes ADD COLUMN faction2 TEXT
  CHECK(faction2 IS NULL OR (faction2 IN ('chaos', 'tech', 'darkness', 'holy-order', 'wind', 'earth')
                             AND faction2 <> faction));
ALTER TABLE heroes ADD COLUMN points2 INTEGER NOT NULL DEFAULT 0 CHECK(points2 >= 0);
ALTER TABLE battle_seats ADD COLUMN level_before INTEGER CHECK(level_before IS NULL OR level_before >= 0);
ALTER TABLE battle_seats ADD COLUMN level_after INTEGER CHECK(level_after IS NULL OR level_after >= 0);
)sql";

// Version 3: the tables of `rise serve` (store/include/rise/store/table_store.h): a table's
// settings, its seats (a human seat's secret key, NULL for an AI seat) and every accepted
// action in the game's notation, numbered from 0 without gaps.
constexpr const char* kVersion3 = R"sql(
CREATE TABLE game_tables(
  id         TEXT PRIMARY KEY CHECK(length(id) > 0),
  game       TEXT NOT NULL CHECK(length(game) > 0),
  options    TEXT NOT NULL CHECK(json_valid(options) AND json_type(options) = 'object'),
  seed       TEXT NOT NULL,
  created_at TEXT NOT NULL,
  status     TEXT NOT NULL CHECK(status IN ('open', 'finished'))
);
CREATE INDEX game_tables_by_status ON game_tables(status);
CREATE TABLE game_table_seats(
  table_id TEXT NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
  seat     INTEGER NOT NULL CHECK(seat >= 0),
  kind     TEXT NOT NULL CHECK(length(kind) > 0),
  secret   TEXT CHECK(secret IS NULL OR length(secret) >= 32),
  PRIMARY KEY(table_id, seat)
);
CREATE TABLE game_table_actions(
  table_id TEXT NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
  idx      INTEGER NOT NULL CHECK(idx >= 0),
  notation TEXT NOT NULL CHECK(length(notation) > 0),
  PRIMARY KEY(table_id, idx)
);
)sql";

// Version 4: fair play and the end of tables (docs/server.md, "Fair play" and "Limits"):
// the salt of the seed's commitment (NULL: the seed was given by the creator, or the table
// was stored before version 4), the creator's secret (deletes the table), how a table ended
// when no rule ended it (a seat resigned, or it expired idle), and each human seat's one-time
// invite (NULL once claimed, and for tables stored before version 4, whose keys were handed
// out in join links).
constexpr const char* kVersion4 = R"sql(
ALTER TABLE game_tables ADD COLUMN seed_salt TEXT CHECK(seed_salt IS NULL OR length(seed_salt) >= 32);
ALTER TABLE game_tables ADD COLUMN owner_secret TEXT CHECK(owner_secret IS NULL OR length(owner_secret) >= 32);
ALTER TABLE game_tables ADD COLUMN ended TEXT CHECK(ended IS NULL OR ended IN ('resigned', 'expired'));
ALTER TABLE game_tables ADD COLUMN resigned_seat INTEGER CHECK(resigned_seat IS NULL OR resigned_seat >= 0);
ALTER TABLE game_table_seats ADD COLUMN invite TEXT CHECK(invite IS NULL OR length(invite) >= 32);
CREATE UNIQUE INDEX game_table_seats_by_invite ON game_table_seats(invite) WHERE invite IS NOT NULL;
)sql";

// Version 5: the name given at the table to a seat (docs/server.md, POST /api/tables
// `names`), shown by every view; NULL for none, and for the seats of tables stored before.
constexpr const char* kVersion5 = R"sql(
ALTER TABLE game_table_seats ADD COLUMN name TEXT CHECK(name IS NULL OR length(name) BETWEEN 1 AND 24);
)sql";

// Version 6: outside bots and time controls (docs/server.md, "Bots"): the name of the bot
// that claimed a seat with an operator's bot token (NULL: a person, or a seat of a table
// stored before), and a table's move deadline in seconds (NULL: none).
constexpr const char* kVersion6 = R"sql(
ALTER TABLE game_table_seats ADD COLUMN bot TEXT CHECK(bot IS NULL OR length(bot) BETWEEN 1 AND 24);
ALTER TABLE game_tables ADD COLUMN move_seconds INTEGER CHECK(move_seconds IS NULL OR move_seconds BETWEEN 1 AND 86400);
)sql";

}  // namespace

const std::vector<Migration>& migrations() {
  static const std::vector<Migration> all = {{1, kVersion1}, {2, kVersion2}, {3, kVersion3}, {4, kVersion4}, {5, kVersion5},
                                             {6, kVersion6}};
  static_assert(kSchemaVersion == 6, "add the migration to the new schema version above");
  return all;
}

}  // namespace rise::store::detail
