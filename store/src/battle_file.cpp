#include "rise/store/battle_file.h"

#include "database.h"
#include "rise/core/error.h"
#include "rise/core/json_io.h"

namespace rise::store {

namespace {

nlohmann::json optional_int(const std::optional<int>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }

std::optional<int> optional_int_field(const nlohmann::json& object, const char* key, const std::string& where) {
  if (!object.contains(key) || object.at(key).is_null()) return std::nullopt;
  return json_field<int>(object, key, where);
}

SeatResult result_of(const std::string& text, const std::string& where) {
  for (SeatResult r : {SeatResult::kWin, SeatResult::kLoss, SeatResult::kDraw}) {
    if (to_string(r) == text) return r;
  }
  throw InputError(where + ": field 'result' is '" + text + "', not win, loss or draw");
}

}  // namespace

nlohmann::json pending_battles_to_json(const PendingBattles& pending) {
  nlohmann::json battles = nlohmann::json::array();
  for (const BattleRecord& b : pending.battles) {
    nlohmann::json seats = nlohmann::json::array();
    for (const SeatRecord& s : b.seats) {
      seats.push_back({{"seat", s.seat},
                       {"hero", s.hero ? nlohmann::json(*s.hero) : nlohmann::json(nullptr)},
                       {"deck", s.deck},
                       {"result", to_string(s.result)},
                       {"roll", s.roll},
                       {"points", s.points},
                       {"level_before", optional_int(s.level_before)},
                       {"level_after", optional_int(s.level_after)}});
    }
    battles.push_back({{"played_at", b.played_at},
                       {"game", b.game},
                       {"seed", std::to_string(b.seed)},
                       {"turns", b.turns},
                       {"replay", b.replay},
                       {"seats", seats}});
  }
  return {{"format", kPendingBattlesFormat}, {"version", 1}, {"database", pending.database}, {"battles", battles}};
}

PendingBattles pending_battles_from_json(const nlohmann::json& json, const std::string& source) {
  if (json_field<std::string>(json, "format", source) != kPendingBattlesFormat) {
    throw InputError(source + ": field 'format' must be \"" + std::string(kPendingBattlesFormat) +
                     "\" (this is not a pending battles file)");
  }
  if (json_field<int>(json, "version", source) != 1) {
    throw InputError(source + ": field 'version' must be 1 (written by another version of Rise)");
  }
  PendingBattles out;
  out.database = json_field<std::string>(json, "database", source);
  const nlohmann::json battles = array_field(json, "battles", source);
  if (battles.empty()) throw InputError(source + ": field 'battles' is empty");
  for (size_t i = 0; i < battles.size(); ++i) {
    const std::string where = source + ": battles[" + std::to_string(i) + "]";
    const nlohmann::json& b = battles[i];
    BattleRecord record;
    record.played_at = json_field<std::string>(b, "played_at", where);
    if (record.played_at.empty()) throw InputError(where + ": field 'played_at' is empty");
    record.game = json_field<std::string>(b, "game", where);
    const std::string seed = json_field<std::string>(b, "seed", where);
    const std::optional<uint64_t> parsed = detail::parse_seed(seed);
    if (!parsed) throw InputError(where + ": field 'seed' is '" + seed + "', not a seed (decimal digits)");
    record.seed = *parsed;
    record.turns = json_field<int>(b, "turns", where);
    record.replay = json_field<std::string>(b, "replay", where);
    const nlohmann::json seats = array_field(b, "seats", where);
    for (size_t k = 0; k < seats.size(); ++k) {
      const std::string at = where + ".seats[" + std::to_string(k) + "]";
      const nlohmann::json& s = seats[k];
      SeatRecord seat;
      seat.seat = json_field<int>(s, "seat", at);
      if (s.contains("hero") && !s.at("hero").is_null()) seat.hero = json_field<std::string>(s, "hero", at);
      seat.deck = json_field<std::string>(s, "deck", at);
      seat.result = result_of(json_field<std::string>(s, "result", at), at);
      seat.roll = json_field<int>(s, "roll", at);
      seat.points = json_field<int>(s, "points", at);
      seat.level_before = optional_int_field(s, "level_before", at);
      seat.level_after = optional_int_field(s, "level_after", at);
      record.seats.push_back(std::move(seat));
    }
    out.battles.push_back(std::move(record));
  }
  return out;
}

}  // namespace rise::store
