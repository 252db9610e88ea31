// The hero store on SQLiteCpp: heroes and battles (opening and migrations: database.cpp).
#include "rise/store/hero_store.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <thread>
#include <utility>

#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include "rise/core/error.h"
#include "database.h"

namespace rise::store {

namespace {

namespace fs = std::filesystem;

struct FactionEntry {
  const char* id;
  const char* name;
};

constexpr std::array<FactionEntry, 6> kFactions = {{{"chaos", "Chaos"},
                                                     {"tech", "Tech"},
                                                     {"darkness", "Darkness"},
                                                     {"holy-order", "Holy Order"},
                                                     {"wind", "Wind"},
                                                     {"earth", "Earth"}}};

constexpr int kMaxSeatPoints = 1000000;  // a sanity bound, far above any battle's award
constexpr int64_t kMaxHeroPoints = 1000000000;  // a hero's total; level 20 needs a few hundred

// Column `index` of the row `q` as a whole number in [lo, hi]; `where` names the row
// ("PATH: hero 'Aria'") and `column` the column, for a file edited by hand.
int64_t int_column(SQLite::Statement& q, int index, const char* column, int64_t lo, int64_t hi,
                   const std::string& where) {
  SQLite::Column c = q.getColumn(index);
  const int64_t v = c.getType() == SQLITE_INTEGER ? c.getInt64() : 0;
  if (c.getType() != SQLITE_INTEGER || v < lo || v > hi) {
    const std::string shown = c.isNull() ? "NULL" : '\'' + c.getString() + '\'';
    throw InputError(where + ": column '" + column + "' is " + shown + ", not a whole number from " +
                     std::to_string(lo) + " to " + std::to_string(hi) + " (fix the row or restore a backup)");
  }
  return v;
}

// Column `index` as text; NULL or another type is refused like int_column.
std::string text_column(SQLite::Statement& q, int index, const char* column, const std::string& where) {
  SQLite::Column c = q.getColumn(index);
  if (c.getType() != SQLITE_TEXT) {
    throw InputError(where + ": column '" + column + "' is " + (c.isNull() ? std::string("NULL") : '\'' + c.getString() + '\'') +
                     ", not text (fix the row or restore a backup)");
  }
  return c.getString();
}

bool is_busy(const SQLite::Exception& e) {
  const int code = e.getErrorCode() & 0xff;
  return code == SQLITE_BUSY || code == SQLITE_LOCKED;
}

// "YYYY-MM-DDTHH:MM:SSZ" in shape (digits where digits belong).
bool is_utc_timestamp(const std::string& text) {
  static const std::string pattern = "dddd-dd-ddTdd:dd:ddZ";
  if (text.size() != pattern.size()) return false;
  for (size_t i = 0; i < text.size(); ++i) {
    if (pattern[i] == 'd' ? !std::isdigit(static_cast<unsigned char>(text[i])) : text[i] != pattern[i]) return false;
  }
  return true;
}

SeatResult parse_result(const std::string& text, const std::string& where) {
  if (text == "win") return SeatResult::kWin;
  if (text == "loss") return SeatResult::kLoss;
  if (text == "draw") return SeatResult::kDraw;
  throw InputError(where + ": unknown result '" + text + "'");
}

}  // namespace

const std::vector<std::string>& faction_ids() {
  static const std::vector<std::string> ids = [] {
    std::vector<std::string> out;
    for (const FactionEntry& f : kFactions) out.emplace_back(f.id);
    return out;
  }();
  return ids;
}

std::string faction_name(const std::string& faction_id) {
  for (const FactionEntry& f : kFactions) {
    if (faction_id == f.id) return f.name;
  }
  throw InputError("unknown faction id '" + faction_id + "'");
}

std::string parse_faction(const std::string& text) {
  std::string key = detail::lower(text);
  std::replace(key.begin(), key.end(), ' ', '-');
  std::replace(key.begin(), key.end(), '_', '-');
  for (const FactionEntry& f : kFactions) {
    if (key == f.id) return f.id;
  }
  std::string known;
  for (const FactionEntry& f : kFactions) known += std::string(known.empty() ? "" : ", ") + f.id;
  throw InputError("unknown faction '" + text + "' (factions: " + known + ")");
}

void check_hero_name(const std::string& name) {
  if (name.empty()) throw InputError("hero name is empty");
  if (name.size() > 40) {
    throw InputError("hero name '" + name + "' has " + std::to_string(name.size()) + " characters; at most 40");
  }
  for (char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (!(std::isalnum(u) && u < 128) && c != ' ' && c != '-' && c != '_') {
      throw InputError("hero name '" + name + "': character '" + std::string(1, c) +
                       "' is not allowed (letters, digits, space, '-' and '_')");
    }
  }
  if (name.front() == ' ' || name.back() == ' ') {
    throw InputError("hero name '" + name + "' starts or ends with a space");
  }
}

std::string default_database_path() {
  const char* xdg = std::getenv("XDG_DATA_HOME");
  if (xdg != nullptr && *xdg != '\0') return (fs::path(xdg) / "rise" / "rise.db").string();
  const char* home = std::getenv("HOME");
  if (home != nullptr && *home != '\0') return (fs::path(home) / ".local" / "share" / "rise" / "rise.db").string();
  throw InputError("no hero database: neither XDG_DATA_HOME nor HOME is set; give one with --db PATH");
}

std::string to_string(SeatResult result) {
  switch (result) {
    case SeatResult::kWin: return "win";
    case SeatResult::kLoss: return "loss";
    case SeatResult::kDraw: break;
  }
  return "draw";
}

struct HeroStore::Impl : detail::Connection {
  using Connection::Connection;

  std::chrono::milliseconds busy_wait = kDefaultBusyWait;

  [[noreturn]] void fail(const SQLite::Exception& e, const std::string& doing) const {
    detail::fail(path, e, doing);
  }

  std::optional<Hero> find(const std::string& name) const {
    SQLite::Statement q(db,
                        "SELECT id, name, faction, points, faction2, points2, created_at, "
                        "(SELECT count(*) FROM battle_seats WHERE hero_id = heroes.id) FROM heroes "
                        "WHERE name = ? COLLATE NOCASE");
    q.bind(1, name);
    if (!q.executeStep()) return std::nullopt;
    return read_hero(q);
  }

  // The hero of the current row of `q` (id, name, faction, points, faction2, points2,
  // created_at, battles), every column checked: the file may have been edited by hand.
  Hero read_hero(SQLite::Statement& q) const {
    Hero h;
    h.id = q.getColumn(0).getInt64();
    const std::string row = path + ": hero " + (q.getColumn(1).isNull() ? "id " + std::to_string(h.id)
                                                                          : '\'' + q.getColumn(1).getString() + '\'');
    h.name = text_column(q, 1, "name", row);
    try {
      check_hero_name(h.name);
    } catch (const InputError& e) {
      throw InputError(row + ": column 'name': " + e.what());
    }
    auto faction = [&](int index, const char* column) {
      const std::string id = text_column(q, index, column, row);
      const auto& ids = faction_ids();
      if (std::find(ids.begin(), ids.end(), id) == ids.end()) {
        throw InputError(row + ": column '" + column + "' is '" + id + "', not a faction id");
      }
      return id;
    };
    h.faction = faction(2, "faction");
    h.points = static_cast<int>(int_column(q, 3, "points", 0, kMaxHeroPoints, row));
    if (!q.getColumn(4).isNull()) h.second_faction = faction(4, "faction2");
    if (h.second_faction == h.faction) throw InputError(row + ": column 'faction2' repeats its primary faction");
    h.second_points = static_cast<int>(int_column(q, 5, "points2", 0, kMaxHeroPoints, row));
    if (!h.second_faction && h.second_points != 0) {
      throw InputError(row + ": column 'points2' is " + std::to_string(h.second_points) + " but it has no second faction");
    }
    h.created_at = text_column(q, 6, "created_at", row);
    if (!is_utc_timestamp(h.created_at)) {
      throw InputError(row + ": column 'created_at' is '" + h.created_at + "', not YYYY-MM-DDTHH:MM:SSZ");
    }
    h.battles = q.getColumn(7).getInt();
    return h;
  }

  Hero require(const std::string& name) const {
    std::optional<Hero> h = find(name);
    if (!h) throw InputError(path + ": no hero named '" + name + "' ('rise hero list' shows them)");
    return *h;
  }
};

HeroStore::HeroStore(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
HeroStore::HeroStore(HeroStore&&) noexcept = default;
HeroStore& HeroStore::operator=(HeroStore&&) noexcept = default;
HeroStore::~HeroStore() = default;

const std::string& HeroStore::path() const { return impl_->path; }

HeroStore HeroStore::open(const std::string& path, OpenMode mode) {
  std::error_code ec;
  if (mode == OpenMode::kExistingOnly && !path.empty() && !fs::exists(path, ec)) {
    throw InputError(path + ": no hero database there (nothing was created; 'rise hero create' makes one)");
  }
  return HeroStore(std::make_unique<Impl>(path, detail::open_database(path, "hero database")));
}

void HeroStore::set_busy_wait(std::chrono::milliseconds wait) {
  if (wait.count() < 0) throw InputError("the wait for a busy hero database is negative");
  impl_->busy_wait = wait;
}

Hero HeroStore::create_hero(const std::string& name, const std::string& faction) {
  check_hero_name(name);
  const std::string id = parse_faction(faction);
  try {
    SQLite::Transaction transaction(impl_->db, SQLite::TransactionBehavior::IMMEDIATE);
    if (std::optional<Hero> existing = impl_->find(name)) {
      throw InputError(impl_->path + ": a hero named '" + existing->name + "' already exists");
    }
    SQLite::Statement insert(impl_->db, "INSERT INTO heroes(name, faction, points, created_at) VALUES(?, ?, 0, ?)");
    insert.bind(1, name);
    insert.bind(2, id);
    insert.bind(3, detail::now_utc());
    insert.exec();
    transaction.commit();
    return impl_->require(name);
  } catch (const SQLite::Exception& e) {
    impl_->fail(e, "create hero '" + name + "'");
  }
}

std::optional<Hero> HeroStore::find_hero(const std::string& name) const {
  try {
    return impl_->find(name);
  } catch (const SQLite::Exception& e) {
    impl_->fail(e, "read hero '" + name + "'");
  }
}

Hero HeroStore::hero(const std::string& name) const {
  try {
    return impl_->require(name);
  } catch (const SQLite::Exception& e) {
    impl_->fail(e, "read hero '" + name + "'");
  }
}

std::vector<Hero> HeroStore::list_heroes() const {
  try {
    std::vector<Hero> out;
    SQLite::Statement q(impl_->db, "SELECT name FROM heroes ORDER BY name COLLATE NOCASE, id");
    while (q.executeStep()) out.push_back(impl_->require(q.getColumn(0).getString()));
    return out;
  } catch (const SQLite::Exception& e) {
    impl_->fail(e, "list heroes");
  }
}

Hero HeroStore::set_second_faction(const std::string& name, const std::string& faction) {
  const std::string id = parse_faction(faction);
  try {
    SQLite::Transaction transaction(impl_->db, SQLite::TransactionBehavior::IMMEDIATE);
    const Hero h = impl_->require(name);
    if (h.second_faction) {
      throw InputError(impl_->path + ": hero '" + h.name + "' already has a second faction, " +
                       faction_name(*h.second_faction) + "; it is chosen once");
    }
    if (id == h.faction) {
      throw InputError(impl_->path + ": " + faction_name(id) + " is already hero '" + h.name +
                       "''s primary faction; choose another one as second faction");
    }
    SQLite::Statement update(impl_->db, "UPDATE heroes SET faction2 = ?, points2 = 0 WHERE id = ?");
    update.bind(1, id);
    update.bind(2, h.id);
    update.exec();
    transaction.commit();
    return impl_->require(name);
  } catch (const SQLite::Exception& e) {
    impl_->fail(e, "set the second faction of hero '" + name + "'");
  }
}

int64_t HeroStore::record_battle(const BattleRecord& battle) {
  const std::string& path = impl_->path;
  const std::string what = path + ": battle record: ";
  if (battle.game.empty()) throw InputError(what + "the game id is empty");
  if (battle.turns < 0) throw InputError(what + "turns " + std::to_string(battle.turns) + " is negative");
  if (battle.seats.empty()) throw InputError(what + "no seats");
  if (!battle.played_at.empty() && !is_utc_timestamp(battle.played_at)) {
    throw InputError(what + "played_at '" + battle.played_at + "' is not YYYY-MM-DDTHH:MM:SSZ");
  }
  if (!battle.replay.empty() && !nlohmann::json::accept(battle.replay)) {
    throw InputError(what + "the replay is not JSON");
  }
  std::set<int> seats;
  for (const SeatRecord& s : battle.seats) {
    const std::string where = what + "seat " + std::to_string(s.seat) + ": ";
    if (s.seat < 0) throw InputError(what + "seat number " + std::to_string(s.seat) + " is negative");
    if (!seats.insert(s.seat).second) throw InputError(where + "this seat is given twice");
    if (s.roll < 1 || s.roll > 20) throw InputError(where + "roll " + std::to_string(s.roll) + " is not a d20 roll (1..20)");
    if (s.points < 0 || s.points > kMaxSeatPoints) {
      throw InputError(where + "points " + std::to_string(s.points) + " not in 0.." + std::to_string(kMaxSeatPoints));
    }
    if ((s.level_before && *s.level_before < 0) || (s.level_after && *s.level_after < 0)) {
      throw InputError(where + "a level is negative");
    }
    if (s.hero) check_hero_name(*s.hero);
  }
  // A database locked by another program: SQLite's busy handler waits, and an attempt that
  // still finds it busy (or is refused at once, as WAL does for a stale snapshot) is tried
  // again until busy_wait is spent.
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  for (;;) {
    const auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
    const auto left = impl_->busy_wait - spent;
    try {
      impl_->db.setBusyTimeout(static_cast<int>(std::max<int64_t>(0, std::min<int64_t>(left.count(), 5000))));
      return record_battle_once(battle);
    } catch (const SQLite::Exception& e) {
      if (is_busy(e) && Clock::now() - start < impl_->busy_wait) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        continue;
      }
      if (is_busy(e)) {
        throw InputError(path + ": cannot record the battle: " + e.what() + ", by another program (waited " +
                         std::to_string(impl_->busy_wait.count()) + " ms)");
      }
      impl_->fail(e, "record the battle");
    }
  }
}

int64_t HeroStore::record_battle_once(const BattleRecord& battle) {
  const std::string what = impl_->path + ": battle record: ";
  {
    SQLite::Transaction transaction(impl_->db, SQLite::TransactionBehavior::IMMEDIATE);
    // Heroes are looked up under the write lock, so that none can vanish or change meanwhile.
    std::vector<std::optional<Hero>> heroes;
    std::set<int64_t> hero_ids;
    for (const SeatRecord& s : battle.seats) {
      if (!s.hero) {
        heroes.emplace_back();
        continue;
      }
      Hero h = impl_->require(*s.hero);
      if (!hero_ids.insert(h.id).second) {
        throw InputError(what + "hero '" + h.name + "' sits in two seats");
      }
      if (h.points + static_cast<int64_t>(s.points) > kMaxHeroPoints) {
        throw InputError(what + "hero '" + h.name + "' would pass " + std::to_string(kMaxHeroPoints) + " skill points");
      }
      heroes.emplace_back(std::move(h));
    }

    SQLite::Statement insert_battle(impl_->db,
                                    "INSERT INTO battles(played_at, game, seed, turns, replay) VALUES(?, ?, ?, ?, ?)");
    insert_battle.bind(1, battle.played_at.empty() ? detail::now_utc() : battle.played_at);
    insert_battle.bind(2, battle.game);
    insert_battle.bind(3, std::to_string(battle.seed));
    insert_battle.bind(4, battle.turns);
    insert_battle.bind(5, battle.replay);
    insert_battle.exec();
    const int64_t battle_id = impl_->db.getLastInsertRowid();
    impl_->step("battle");

    SQLite::Statement insert_seat(impl_->db,
                                  "INSERT INTO battle_seats(battle_id, seat, hero_id, deck, result, roll, points, "
                                  "level_before, level_after) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (size_t i = 0; i < battle.seats.size(); ++i) {
      const SeatRecord& s = battle.seats[i];
      insert_seat.reset();
      insert_seat.clearBindings();
      insert_seat.bind(1, battle_id);
      insert_seat.bind(2, s.seat);
      if (heroes[i]) insert_seat.bind(3, heroes[i]->id);
      insert_seat.bind(4, s.deck);
      insert_seat.bind(5, to_string(s.result));
      insert_seat.bind(6, s.roll);
      insert_seat.bind(7, s.points);
      if (s.level_before) insert_seat.bind(8, *s.level_before);
      if (s.level_after) insert_seat.bind(9, *s.level_after);
      insert_seat.exec();
      impl_->step("seat " + std::to_string(s.seat));
    }

    // Interpretation DL-I18: once a second faction is chosen, every battle's points count for
    // both factions. The store applies it because it is a matter of bookkeeping, not of level.
    SQLite::Statement add_points(impl_->db,
                                 "UPDATE heroes SET points = points + ?1, "
                                 "points2 = CASE WHEN faction2 IS NULL THEN points2 ELSE points2 + ?1 END "
                                 "WHERE id = ?2");
    for (size_t i = 0; i < battle.seats.size(); ++i) {
      if (!heroes[i]) continue;
      add_points.reset();
      add_points.bind(1, battle.seats[i].points);
      add_points.bind(2, heroes[i]->id);
      add_points.exec();
      impl_->step("hero " + heroes[i]->name);
    }
    impl_->step("commit");
    transaction.commit();
    impl_->db.setBusyTimeout(detail::kBusyTimeoutMs);
    return battle_id;
  }
}

bool HeroStore::has_battle(const BattleRecord& battle) const {
  try {
    SQLite::Statement q(impl_->db, "SELECT id FROM battles WHERE played_at = ? AND game = ? AND seed = ? AND turns = ?");
    q.bind(1, battle.played_at);
    q.bind(2, battle.game);
    q.bind(3, std::to_string(battle.seed));
    q.bind(4, battle.turns);
    SQLite::Statement seats(impl_->db,
                            "SELECT s.seat, h.name, s.result, s.roll, s.points FROM battle_seats s "
                            "LEFT JOIN heroes h ON h.id = s.hero_id WHERE s.battle_id = ? ORDER BY s.seat");
    std::vector<SeatRecord> wanted = battle.seats;
    std::sort(wanted.begin(), wanted.end(), [](const SeatRecord& a, const SeatRecord& b) { return a.seat < b.seat; });
    while (q.executeStep()) {
      seats.reset();
      seats.bind(1, q.getColumn(0).getInt64());
      size_t i = 0;
      bool same = true;
      while (seats.executeStep()) {
        if (i >= wanted.size()) {
          same = false;
          break;
        }
        const SeatRecord& w = wanted[i++];
        const std::optional<std::string> hero =
            seats.getColumn(1).isNull() ? std::nullopt : std::optional<std::string>(seats.getColumn(1).getString());
        same = same && seats.getColumn(0).getInt() == w.seat && detail::lower(hero.value_or("")) == detail::lower(w.hero.value_or("")) &&
               seats.getColumn(2).getString() == to_string(w.result) && seats.getColumn(3).getInt() == w.roll &&
               seats.getColumn(4).getInt() == w.points;
      }
      if (same && i == wanted.size()) return true;
    }
    return false;
  } catch (const SQLite::Exception& e) {
    impl_->fail(e, "read the battles");
  }
}

std::vector<Battle> HeroStore::history(const std::string& name, bool with_replays) const {
  try {
    const Hero h = impl_->require(name);
    std::vector<Battle> out;
    SQLite::Statement battles(impl_->db,
                              "SELECT id, played_at, game, seed, turns, CASE WHEN ? THEN replay ELSE '' END FROM battles WHERE id IN "
                              "(SELECT battle_id FROM battle_seats WHERE hero_id = ?) ORDER BY played_at, id");
    battles.bind(1, with_replays ? 1 : 0);
    battles.bind(2, h.id);
    SQLite::Statement seats(impl_->db,
                            "SELECT s.seat, h.name, s.deck, s.result, s.roll, s.points, s.level_before, s.level_after "
                            "FROM battle_seats s LEFT JOIN heroes h ON h.id = s.hero_id WHERE s.battle_id = ? "
                            "ORDER BY s.seat");
    while (battles.executeStep()) {
      Battle b;
      b.id = battles.getColumn(0).getInt64();
      b.record.played_at = battles.getColumn(1).getString();
      b.record.game = battles.getColumn(2).getString();
      const std::string seed = battles.getColumn(3).getString();
      const std::optional<uint64_t> parsed = detail::parse_seed(seed);
      if (!parsed) {
        throw InputError(impl_->path + " is corrupt: battle " + std::to_string(b.id) + " has seed '" + seed + "'");
      }
      b.record.seed = *parsed;
      const std::string row = impl_->path + ": battle " + std::to_string(b.id);
      b.record.turns = static_cast<int>(int_column(battles, 4, "turns", 0, INT32_MAX, row));
      b.record.replay = battles.getColumn(5).getString();
      seats.reset();
      seats.bind(1, b.id);
      while (seats.executeStep()) {
        SeatRecord s;
        const std::string seat_row = row + ", seat " + seats.getColumn(0).getString();
        s.seat = static_cast<int>(int_column(seats, 0, "seat", 0, INT32_MAX, seat_row));
        if (!seats.getColumn(1).isNull()) s.hero = seats.getColumn(1).getString();
        s.deck = seats.getColumn(2).getString();
        s.result = parse_result(seats.getColumn(3).getString(), impl_->path + ": battle " + std::to_string(b.id));
        s.roll = static_cast<int>(int_column(seats, 4, "roll", 1, 20, seat_row));
        s.points = static_cast<int>(int_column(seats, 5, "points", 0, kMaxSeatPoints, seat_row));
        if (!seats.getColumn(6).isNull()) s.level_before = static_cast<int>(int_column(seats, 6, "level_before", 0, INT32_MAX, seat_row));
        if (!seats.getColumn(7).isNull()) s.level_after = static_cast<int>(int_column(seats, 7, "level_after", 0, INT32_MAX, seat_row));
        b.record.seats.push_back(std::move(s));
      }
      out.push_back(std::move(b));
    }
    return out;
  } catch (const SQLite::Exception& e) {
    impl_->fail(e, "read the battles of hero '" + name + "'");
  }
}

void HeroStore::set_record_hook_for_testing(std::function<void(const std::string& step)> hook) {
  impl_->hook = std::move(hook);
}

}  // namespace rise::store
