// Battles kept in a file when the hero database could not take them (locked past the wait,
// read-only, disk full): `rise play` and `rise sim --record` write one, `rise hero apply FILE`
// records it later. Format: docs/formats.md, "Pending battles file".
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise/store/hero_store.h"

namespace rise::store {

// The value of the file's "format" field.
inline constexpr const char* kPendingBattlesFormat = "rise-pending-battles";

// What a pending battles file holds: the database the battles were meant for, and the battles.
struct PendingBattles {
  std::string database;
  std::vector<BattleRecord> battles;
};

// The file's JSON: {"format", "version": 1, "database", "battles": [...]}; every battle has
// played_at (never empty: give each record its time before keeping it), game, seed (decimal
// text), turns, replay (text), seats [{seat, hero (or null), deck, result, roll, points,
// level_before, level_after (or null)}].
nlohmann::json pending_battles_to_json(const PendingBattles& pending);

// Reads the JSON of a pending battles file. Throws InputError "SOURCE: ..." naming the field
// that is missing or of the wrong type; the values themselves are checked by
// HeroStore::record_battle.
PendingBattles pending_battles_from_json(const nlohmann::json& json, const std::string& source);

}  // namespace rise::store
