#include "keep_battles.h"

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "rise/core/error.h"
#include "rise/core/json_io.h"
#include "rise/store/battle_file.h"

namespace rise::cli {

namespace fs = std::filesystem;

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buffer;
}

void set_db_wait(store::HeroStore& store, double seconds) {
  if (!std::isfinite(seconds) || seconds < 0 || seconds > 3600) {
    throw InputError(fmt::format("--db-wait {}: give the seconds to wait for a busy hero database, 0 to 3600", seconds));
  }
  store.set_busy_wait(std::chrono::milliseconds(static_cast<int64_t>(std::llround(seconds * 1000))));
}

namespace {

// Writes the pending battles file in the first folder that takes it; returns its path, or ""
// when none does.
std::string keep(const store::PendingBattles& pending) {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
  const std::string name = fmt::format("rise-pending-battles-{}-{}.json", stamp, static_cast<long>(getpid()));
  std::vector<fs::path> folders;
  const fs::path db(pending.database);
  folders.push_back(db.has_parent_path() ? db.parent_path() : fs::path("."));
  folders.push_back(fs::path("."));
  std::error_code ec;
  folders.push_back(fs::temp_directory_path(ec));
  for (const fs::path& folder : folders) {
    if (folder.empty()) continue;
    const fs::path file = folder / name;
    try {
      write_json_file(file.string(), store::pending_battles_to_json(pending));
      return fs::absolute(file, ec).string();
    } catch (const InputError&) {
    }
  }
  return "";
}

}  // namespace

KeptBattles record_or_keep(store::HeroStore& store, const std::vector<store::BattleRecord>& battles) {
  KeptBattles out;
  for (size_t i = 0; i < battles.size(); ++i) {
    try {
      store.record_battle(battles[i]);
      ++out.recorded;
    } catch (const InputError& e) {
      store::PendingBattles pending;
      std::error_code ec;
      const fs::path absolute = fs::absolute(store.path(), ec);
      pending.database = ec ? store.path() : absolute.lexically_normal().string();
      pending.battles.assign(battles.begin() + static_cast<std::ptrdiff_t>(i), battles.end());
      out.kept_path = keep(pending);
      const std::string count = pending.battles.size() == 1 ? "the battle's result is"
                                                             : fmt::format("{} battles' results are", pending.battles.size());
      if (out.kept_path.empty()) {
        std::cerr << store::pending_battles_to_json(pending).dump() << "\n";
        out.error = fmt::format("{}; no file could be written, so {} printed above as JSON: save it to a file and "
                                "apply it with 'rise hero apply FILE'",
                                e.what(), count);
      } else {
        out.error = fmt::format("{}; {} kept in {}: apply it later with 'rise hero apply {}'", e.what(), count,
                                out.kept_path, out.kept_path);
      }
      return out;
    }
  }
  return out;
}

}  // namespace rise::cli
