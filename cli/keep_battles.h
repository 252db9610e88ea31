// Recording finished battles in the hero store without ever losing them: what the store
// cannot take (locked past --db-wait, read-only, disk full) is kept in a pending battles
// file (store/battle_file.h) that `rise hero apply FILE` records later.
#pragma once

#include <string>
#include <vector>

#include "rise/store/hero_store.h"

namespace rise::cli {

// What record_or_keep did.
struct KeptBattles {
  int recorded = 0;         // battles recorded in the store, in order
  std::string kept_path;    // the pending battles file of the others ("" if all were recorded)
  std::string error;        // the one-line message for the user ("" if all were recorded)
};

// Records `battles` in order, each in its own transaction. At the first that fails, that one
// and the rest are written to a pending battles file: next to the database, else in the
// current directory, else in the temporary directory (the first that can be written). The
// error names the file and the command that applies it. If no file can be written at all,
// the battles' JSON is printed on standard error so that nothing is lost.
KeptBattles record_or_keep(store::HeroStore& store, const std::vector<store::BattleRecord>& battles);

// The current time in UTC, "YYYY-MM-DDTHH:MM:SSZ" (a battle's played_at).
std::string utc_now();

// --db-wait SECONDS as the store's busy wait; throws InputError outside 0..3600.
void set_db_wait(store::HeroStore& store, double seconds);

}  // namespace rise::cli
