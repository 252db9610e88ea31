// The hero store: Dark Legacy heroes and the battles they fought, in one SQLite file.
//
// A Dark Legacy hero lives on between battles: it keeps the skill points it earned, per
// faction. The store keeps exactly that and knows no game rule: it never computes a level
// (games/dark-legacy/skill.h does, from the points), never rolls a die and never decides
// who may choose a second faction. Front ends (cli/, later server/) open it; a game State
// never does. File layout, versions, migrations and crash safety: docs/formats.md,
// "Hero database (SQLite)".
//
// Every function that fails throws rise::InputError with a message naming the database
// file and the reason: bad input (an unknown hero, a malformed name, an unknown faction),
// a file that is not a Rise hero database, a corrupt or newer-schema file, or an SQLite
// error while reading or writing (disk full, database locked by another process).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rise::store {

// The schema version this build writes and the highest it reads (PRAGMA user_version).
// 1: heroes with one faction; battle rows without levels. 2: a second faction and its
// points per hero; level before and after on each battle row. 3: the tables of `rise serve`
// (table_store.h). 4: their seed commitments, owners, invites and how they ended.
inline constexpr int kSchemaVersion = 6;

// The six faction ids, in the rulebook's order: "chaos", "tech", "darkness", "holy-order",
// "wind", "earth". The id is what the database stores.
const std::vector<std::string>& faction_ids();

// The display name of a faction id ("holy-order" -> "Holy Order"). Throws InputError for an
// unknown id.
std::string faction_name(const std::string& faction_id);

// The faction id named by `text`: an id or a display name, in any case, with ' ' or '_' for
// '-' ("Holy Order", "holy_order", "HOLY-ORDER" -> "holy-order"). Throws InputError naming
// the six factions when `text` is none of them.
std::string parse_faction(const std::string& text);

// Throws InputError saying why `name` is not a valid hero name: 1 to 40 characters, ASCII
// letters, digits, space, '-' and '_', not starting or ending with a space.
void check_hero_name(const std::string& name);

// The default database file: $XDG_DATA_HOME/rise/rise.db when XDG_DATA_HOME is set and not
// empty, else $HOME/.local/share/rise/rise.db. Throws InputError when neither is set.
std::string default_database_path();

// A stored hero. Points are skill points (never negative); a second faction, once chosen,
// keeps its own total, which starts at 0.
struct Hero {
  int64_t id = 0;
  std::string name;
  std::string faction;                        // primary faction id
  int points = 0;                             // skill points in the primary faction
  std::optional<std::string> second_faction;  // faction id, once chosen
  int second_points = 0;                      // skill points in the second faction (0 if none)
  std::string created_at;                     // UTC, "YYYY-MM-DDTHH:MM:SSZ"
  int battles = 0;                            // battles recorded with this hero
};

// A seat's result in a battle.
enum class SeatResult { kWin, kLoss, kDraw };

// "win", "loss", "draw".
std::string to_string(SeatResult result);

// One seat of a battle as the caller reports it. The store checks only shapes (the roll is
// 1..20, points and levels are not negative); the values are the game's business.
struct SeatRecord {
  int seat = 0;                     // 0-based seat number, unique in the battle
  std::optional<std::string> hero;  // stored hero's name; none for a seat without one (an AI)
  std::string deck;                 // deck id or file, as the front end names it
  SeatResult result = SeatResult::kLoss;
  int roll = 1;                     // the d20 rolled after the battle, 1..20
  int points = 0;                   // skill points earned, added to the hero's totals
  std::optional<int> level_before;  // the hero's primary level before and after the battle,
  std::optional<int> level_after;   // as computed by the caller; none if unknown
};

// A battle as the caller reports it.
struct BattleRecord {
  std::string played_at;  // UTC "YYYY-MM-DDTHH:MM:SSZ"; empty means now
  std::string game;       // game id, e.g. "dark-legacy"; not empty
  uint64_t seed = 0;
  int turns = 0;          // not negative
  std::string replay;     // replay JSON text (docs/formats.md, "Replay"), or empty
  std::vector<SeatRecord> seats;
};

// A stored battle: the record plus its id; seats ordered by seat number.
struct Battle {
  int64_t id = 0;
  BattleRecord record;
};

// How long record_battle waits, by default, for a database another program holds locked.
inline constexpr std::chrono::milliseconds kDefaultBusyWait{30000};

// How open() treats a missing file.
enum class OpenMode {
  kCreate,        // create missing directories, the file and the schema
  kExistingOnly,  // refuse a missing file ("PATH: no hero database there ...")
};

// The open database. Not copyable; one object per connection; not thread-safe (use one
// per thread). Several processes may share the file (WAL, 5 s busy timeout on reads; writes
// of a battle wait longer: set_busy_wait).
class HeroStore {
 public:
  // Opens the database at `path`, creating missing directories, the file and the schema.
  // An older schema is migrated in one transaction. Throws InputError "PATH is not a Rise
  // hero database: ..." (not SQLite, or tables without the meta row app=rise-engine),
  // "PATH is corrupt: ..." (PRAGMA quick_check fails), "PATH was created by a newer Rise
  // (schema N, this build reads up to M)", or "PATH: cannot ...: REASON".
  // With OpenMode::kExistingOnly a missing file is refused and nothing is created (for
  // commands that only read, such as `rise hero list`).
  static HeroStore open(const std::string& path, OpenMode mode = OpenMode::kCreate);

  HeroStore(HeroStore&&) noexcept;
  HeroStore& operator=(HeroStore&&) noexcept;
  ~HeroStore();

  // The database file as given to open().
  const std::string& path() const;

  // Creates a hero with 0 points in `faction` (an id or display name, see parse_faction).
  // Throws InputError for a bad name, an unknown faction or an existing hero of that name
  // (names are compared without regard to ASCII case).
  Hero create_hero(const std::string& name, const std::string& faction);

  // The hero named `name` (any ASCII case), or none.
  std::optional<Hero> find_hero(const std::string& name) const;

  // The hero named `name`; throws InputError when there is none.
  Hero hero(const std::string& name) const;

  // Every hero, by name. Reading a hero checks every column of its row (a file edited by
  // hand): InputError "PATH: hero 'NAME': column 'points' is 'lots', not a whole number of
  // skill points from 0 to 1000000000", and so on for name, faction, faction2, points2 and
  // created_at.
  std::vector<Hero> list_heroes() const;

  // Gives the hero its second faction, with 0 points. Throws InputError for an unknown hero
  // or faction, when the hero already has a second faction, or when `faction` is its
  // primary one. The rulebook's level condition (level 10, Rule DL-18.5) is the caller's
  // to check: the store knows no levels.
  Hero set_second_faction(const std::string& name, const std::string& faction);

  // Records a battle in ONE transaction: the battle row, a row per seat, and each stored
  // hero's points added to its primary total and, if it has one, to its second faction's
  // total too (Interpretation DL-I18). Either all of it is written or nothing (a crash, a
  // killed process or an exception part-way leaves the file as before). Returns the new
  // battle's id. Throws InputError for an empty game, negative turns, no seats, a seat
  // number or hero given twice, an unknown hero, a roll outside 1..20, negative points or
  // levels, or a replay that is not JSON. A database locked by another program is waited for
  // (set_busy_wait); past that, InputError "PATH: cannot record the battle: database is
  // locked ... (waited N ms)".
  int64_t record_battle(const BattleRecord& battle);

  // How long record_battle waits for a database locked by another program before it gives
  // up (kDefaultBusyWait unless set): SQLite's busy timeout, then retries until the time is
  // spent. Not negative.
  void set_busy_wait(std::chrono::milliseconds wait);

  // Whether a battle with the same time, game, seed and turns, and the same hero, result,
  // roll and points in every seat, is already recorded (a pending battle applied twice).
  bool has_battle(const BattleRecord& battle) const;

  // The battles of the hero named `name`, oldest first, each with all its seats; their
  // replays only if `with_replays` (a replay may be large). Throws InputError for an unknown
  // hero.
  std::vector<Battle> history(const std::string& name, bool with_replays = true) const;

  // Tests only: called inside record_battle's transaction after each write, with a step
  // name ("battle", "seat N", "hero NAME", "commit" just before committing). A hook that
  // throws makes record_battle roll back and rethrow; a hook that kills the process shows
  // what a crash leaves. An empty function removes the hook.
  void set_record_hook_for_testing(std::function<void(const std::string& step)> hook);

 private:
  int64_t record_battle_once(const BattleRecord& battle);  // one attempt (SQLite errors escape)

  struct Impl;
  explicit HeroStore(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace rise::store
