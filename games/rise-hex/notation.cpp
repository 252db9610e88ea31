// Notation of rise-hex actions (docs/notation.md) and the JSON form of the state
// (docs/formats.md).
#include <cctype>
#include <charconv>
#include <map>
#include <vector>

#include "rise/core/error.h"
#include "rise/core/json_io.h"
#include "rise-hex/state.h"

namespace rise::hex {
namespace {

const char* kind_word(Kind k) {
  switch (k) {
    case Kind::kTile: return "tile";
    case Kind::kWorker: return "worker";
    case Kind::kMove: return "move";
    case Kind::kJump: return "jump";
    case Kind::kEliminate: return "eliminate";
    case Kind::kFree: return "free";
    case Kind::kSacrifice: return "sacrifice";
    case Kind::kRemoveTier: return "remove-tier";
    case Kind::kPass: return "pass";
  }
  return "?";
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// "q,r" -> key; throws InputError.
CellKey parse_cell(std::string_view text, std::string_view whole) {
  text = trim(text);
  auto comma = text.find(',');
  auto fail = [&](const std::string& why) -> CellKey {
    throw InputError("'" + std::string(whole) + "': " + why);
  };
  if (comma == std::string_view::npos) return fail("a cell is written q,r (e.g. 2,-1)");
  auto parse_int = [&](std::string_view part, int& value) {
    part = trim(part);
    if (!part.empty() && part.front() == '+') part.remove_prefix(1);
    auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
    return ec == std::errc() && ptr == part.data() + part.size() && !part.empty();
  };
  int q = 0, r = 0;
  if (!parse_int(text.substr(0, comma), q) || !parse_int(text.substr(comma + 1), r)) {
    return fail("'" + std::string(text) + "' is not a cell q,r of two integers");
  }
  if (!in_range(q, r)) return fail("cell " + std::string(text) + " is outside the board's range [-64, 63]");
  return key_of(q, r);
}

int direction_between(CellKey from, CellKey to, int steps) {
  int dq = q_of(to) - q_of(from), dr = r_of(to) - r_of(from);
  for (int d = 0; d < kDirections; ++d) {
    if (dq == steps * kDirQ[static_cast<size_t>(d)] && dr == steps * kDirR[static_cast<size_t>(d)]) return d;
  }
  return -1;
}

}  // namespace

std::string HexState::action_warning(Action action) const {
  if (!well_formed(action) || kind_of(action) != Kind::kRemoveTier) return "";
  const int at = board_.find(cell_of(action));
  if (at < 0 || board_.tiers(at) != 1) return "";
  const std::string cell = cell_name(cell_of(action));
  return "remove-tier " + cell + " takes the last tier off your tower on " + cell +
         ": the tower is gone (Rule HEX-3.7)";
}

std::string HexState::action_to_string(Action action) const {
  if (!well_formed(action)) return "invalid(" + std::to_string(action) + ")";
  const Kind kind = kind_of(action);
  const CellKey cell = cell_of(action);
  std::string out = kind_word(kind);
  if (kind == Kind::kPass) return out;
  if (kind == Kind::kMove || kind == Kind::kJump) {
    const int steps = kind == Kind::kMove ? 1 : 2;
    const int d = direction_of(action);
    const int q = q_of(cell) + steps * kDirQ[static_cast<size_t>(d)];
    const int r = r_of(cell) + steps * kDirR[static_cast<size_t>(d)];
    return out + " " + cell_name(cell) + ">" + std::to_string(q) + "," + std::to_string(r);
  }
  return out + " " + cell_name(cell);
}

Action HexState::string_to_action(std::string_view text) const {
  const std::string_view whole = trim(text);
  auto space = whole.find(' ');
  const std::string_view word = whole.substr(0, space);
  const std::string_view rest = space == std::string_view::npos ? std::string_view{} : trim(whole.substr(space + 1));
  for (int k = 0; k < kKindCount; ++k) {
    const Kind kind = static_cast<Kind>(k);
    if (word != kind_word(kind)) continue;
    if (kind == Kind::kPass) {
      if (!rest.empty()) throw InputError("'" + std::string(whole) + "': pass takes no cell");
      return encode(Kind::kPass, 0);
    }
    if (rest.empty()) throw InputError("'" + std::string(whole) + "': " + kind_word(kind) + " needs a cell q,r");
    if (kind == Kind::kMove || kind == Kind::kJump) {
      auto arrow = rest.find('>');
      if (arrow == std::string_view::npos) {
        throw InputError("'" + std::string(whole) + "': write " + kind_word(kind) + " FROM>TO, e.g. " +
                         kind_word(kind) + (kind == Kind::kMove ? " 1,0>2,0" : " 1,0>3,0"));
      }
      CellKey from = parse_cell(rest.substr(0, arrow), whole);
      CellKey to = parse_cell(rest.substr(arrow + 1), whole);
      const int steps = kind == Kind::kMove ? 1 : 2;
      int d = direction_between(from, to, steps);
      if (d < 0) {
        throw InputError("'" + std::string(whole) + "': " +
                         (kind == Kind::kMove ? "a move goes to an adjacent cell"
                                              : "a jump lands two cells away in a straight line"));
      }
      return encode(kind, from, d);
    }
    return encode(kind, parse_cell(rest, whole));
  }
  throw InputError("'" + std::string(whole) +
                   "' is not a rise-hex action (tile, worker, move, jump, eliminate, free, "
                   "sacrifice, remove-tier, pass)");
}

nlohmann::json HexState::to_json() const {
  nlohmann::json j;
  j["game"] = "rise-hex";
  j["turn"] = turn_;
  j["turn_limit"] = turn_limit_;
  j["to_move"] = color_name(to_move_);
  j["actions_left"] = actions_left_;
  if (has_pending()) {
    nlohmann::json p;
    p["action"] = pending_kind_ == Kind::kEliminate ? "eliminate" : "free";
    p["target"] = cell_name(pending_target_);
    p["sacrificed"] = nlohmann::json::array();
    if (pending_first_ >= 0) p["sacrificed"].push_back(cell_name(static_cast<CellKey>(pending_first_)));
    j["pending"] = p;
  } else {
    j["pending"] = nullptr;
  }
  nlohmann::json tiles = nlohmann::json::array();
  for (int i = 0; i < board_.size(); ++i) {
    nlohmann::json tj;
    tj["at"] = cell_name(board_.key(i));
    if (const Color worker = board_.worker(i); worker != Color::kNone) tj["worker"] = color_name(worker);
    if (const Color tower = board_.tower(i); tower != Color::kNone) {
      tj["tower"] = color_name(tower);
      tj["tiers"] = board_.tiers(i);
    }
    if (board_.changed(i)) tj["changed_this_turn"] = true;
    tiles.push_back(std::move(tj));
  }
  j["tiles"] = std::move(tiles);
  switch (result_) {
    case Result::kOngoing: j["result"] = nullptr; break;
    case Result::kRedWins: j["result"] = "red"; break;
    case Result::kBlueWins: j["result"] = "blue"; break;
    case Result::kDraw: j["result"] = "draw"; break;
  }
  return j;
}

nlohmann::json HexState::observation_json(PlayerId player) const {
  // Perfect information: a player sees the whole state.
  nlohmann::json j = to_json();
  j["observer"] = player == kSpectator ? "spectator" : color_name(color_of_seat(player));  // spectators too
  return j;
}

std::unique_ptr<HexState> HexState::from_json(const Game& game, const nlohmann::json& j) {
  const std::string what = "rise-hex state";
  if (!j.is_object()) throw InputError(what + ": must be a JSON object");
  if (j.contains("game") && j["game"] != "rise-hex") {
    throw InputError(what + ": field 'game' is " + j["game"].dump() + ", expected \"rise-hex\"");
  }
  std::unique_ptr<HexState> s(new HexState(game));
  auto color_field = [&](const nlohmann::json& obj, const char* key, const std::string& where) {
    std::string name = json_field<std::string>(obj, key, where);
    if (name == "red") return Color::kRed;
    if (name == "blue") return Color::kBlue;
    throw InputError(where + ": field '" + key + "' must be \"red\" or \"blue\", got \"" + name + "\"");
  };
  int turn = json_field<int>(j, "turn", what);
  if (turn < 1 || turn > 60000) throw InputError(what + ": field 'turn' must be in [1, 60000]");
  s->turn_ = static_cast<uint16_t>(turn);
  int limit = j.contains("turn_limit") ? json_field<int>(j, "turn_limit", what) : kDefaultTurnLimit;
  if (limit < 1 || limit > 60000) throw InputError(what + ": field 'turn_limit' must be in [1, 60000]");
  s->turn_limit_ = static_cast<uint16_t>(limit);
  s->to_move_ = color_field(j, "to_move", what);
  // Checked against the result below: a finished game may have 0 actions left.
  int left = json_field<int>(j, "actions_left", what);
  if (left < 0 || left > 2) throw InputError(what + ": field 'actions_left' must be 0, 1 or 2");
  s->actions_left_ = static_cast<uint8_t>(left);

  auto tiles = json_field<nlohmann::json>(j, "tiles", what);
  if (!tiles.is_array()) throw InputError(what + ": field 'tiles' must be an array");
  if (tiles.empty() || tiles.size() > kMaxTiles) throw InputError(what + ": 'tiles' must hold 1 to 60 tiles");
  // What each tile holds, checked before the board is built: the board takes its tiles only
  // beside those it has (Rule HEX-3.1), so connectedness comes first.
  struct Listed {
    CellKey key = 0;
    Color worker = Color::kNone;
    Color tower = Color::kNone;
    int tiers = 0;
    bool changed = false;
  };
  std::vector<Listed> listed;
  std::map<CellKey, size_t> listed_at;  // key -> position in `listed`
  for (size_t i = 0; i < tiles.size(); ++i) {
    const std::string where = what + ": tiles[" + std::to_string(i) + "]";
    const auto& tj = tiles[i];
    std::string at = json_field<std::string>(tj, "at", where);
    CellKey key = parse_cell(at, at);
    if (!listed_at.emplace(key, listed.size()).second) throw InputError(where + ": a second tile at " + at);
    listed.push_back({key});
  }
  for (size_t i = 0; i < tiles.size(); ++i) {
    const std::string where = what + ": tiles[" + std::to_string(i) + "]";
    const auto& tj = tiles[i];
    Listed& t = listed[i];
    for (const auto& [key, value] : tj.items()) {
      if (key != "at" && key != "worker" && key != "tower" && key != "tiers" && key != "changed_this_turn") {
        throw InputError(where + ": unknown field '" + key + "'");
      }
    }
    if (tj.contains("worker")) t.worker = color_field(tj, "worker", where);
    if (tj.contains("tower")) {
      t.tower = color_field(tj, "tower", where);
      int tiers = json_field<int>(tj, "tiers", where);
      if (tiers < 1 || tiers > kTiersPerTower) throw InputError(where + ": 'tiers' must be 1, 2 or 3");
      t.tiers = tiers;
      if (t.worker != Color::kNone) throw InputError(where + ": a worker cannot stand on a tower");
    } else if (tj.contains("tiers")) {
      throw InputError(where + ": 'tiers' given without 'tower'");
    }
    t.changed = tj.contains("changed_this_turn") && json_field<bool>(tj, "changed_this_turn", where);
  }
  // Rule HEX-3.1: tiles are always placed adjacent, so the board is connected. The tiles are
  // added in the order a search from the first one reaches them, each beside an earlier one.
  {
    std::vector<size_t> order = {0};
    std::vector<bool> seen(listed.size(), false);
    seen[0] = true;
    for (size_t next = 0; next < order.size(); ++next) {
      const CellKey key = listed[order[next]].key;
      for (int d = 0; d < kDirections; ++d) {
        const int nk = neighbor_key(key, d);
        const auto found = nk < 0 ? listed_at.end() : listed_at.find(static_cast<CellKey>(nk));
        if (found != listed_at.end() && !seen[found->second]) {
          seen[found->second] = true;
          order.push_back(found->second);
        }
      }
    }
    if (order.size() != listed.size()) throw InputError(what + ": the tiles do not form one connected board");
    for (size_t i : order) s->board_.add_tile(listed[i].key);
  }
  for (const Listed& t : listed) {
    const int index = s->board_.find(t.key);
    if (t.worker != Color::kNone) s->board_.place_worker(index, t.worker);
    if (t.tower != Color::kNone) s->board_.set_tower(index, t.tower, t.tiers);
    if (t.changed) s->board_.mark_changed(index);
  }
  for (Color c : {Color::kRed, Color::kBlue}) {
    if (s->workers(c) > kWorkersPerColor) throw InputError(what + ": more than 30 " + color_name(c) + " workers");
    if (s->towers(c) > kTowersPerColor) throw InputError(what + ": more than 3 " + color_name(c) + " towers");
  }

  auto result = j.contains("result") ? j["result"] : nlohmann::json();
  if (result.is_null()) {
    s->result_ = Result::kOngoing;
  } else if (result == "red") {
    s->result_ = Result::kRedWins;
  } else if (result == "blue") {
    s->result_ = Result::kBlueWins;
  } else if (result == "draw") {
    s->result_ = Result::kDraw;
  } else {
    throw InputError(what + ": field 'result' must be null, \"red\", \"blue\" or \"draw\"");
  }
  // Rule HEX-3.0: red plays the odd turns and blue the even ones, and red's first turn has
  // one action; Interpretation HEX-I5: no turn is played past the turn limit, and the limit
  // is the only way to a draw.
  const bool red_turn = s->turn_ % 2 == 1;
  if (red_turn != (s->to_move_ == Color::kRed)) {
    throw InputError(what + ": field 'to_move' is \"" + color_name(s->to_move_) + "\", but turn " +
                     std::to_string(s->turn_) + " is " + (red_turn ? "red" : "blue") +
                     "'s (red plays the odd turns, blue the even ones: Rule HEX-3.0)");
  }
  if (s->turn_ == 1 && s->actions_left_ > 1) {
    throw InputError(what + ": field 'actions_left' is 2, but red's first turn has one action (Rule HEX-3.0)");
  }
  if (s->turn_ > s->turn_limit_) {
    throw InputError(what + ": field 'turn' " + std::to_string(s->turn_) + " is past 'turn_limit' " +
                     std::to_string(s->turn_limit_) + " (Interpretation HEX-I5: the game ends with turn " +
                     std::to_string(s->turn_limit_) + ")");
  }
  if (s->result_ == Result::kDraw && (s->turn_ != s->turn_limit_ || s->actions_left_ != 0)) {
    throw InputError(what + ": field 'result' is \"draw\", but a game is drawn only when its last turn (" +
                     std::to_string(s->turn_limit_) + ") is over: 'turn' must equal 'turn_limit' and "
                     "'actions_left' be 0 (Interpretation HEX-I5)");
  }
  if (!s->is_terminal()) {
    if (s->actions_left_ == 0) {
      throw InputError(what + ": field 'actions_left' must be 1 or 2 in an unfinished game");
    }
    for (Color c : {Color::kRed, Color::kBlue}) {
      if (s->workers(c) == 0) throw InputError(what + ": an unfinished game needs at least one " + std::string(color_name(c)) + " worker");
    }
  }

  if (j.contains("pending") && !j["pending"].is_null()) {
    const std::string where = what + ": pending";
    const auto& p = j["pending"];
    std::string action = json_field<std::string>(p, "action", where);
    if (action == "eliminate") s->pending_kind_ = Kind::kEliminate;
    else if (action == "free") s->pending_kind_ = Kind::kFree;
    else throw InputError(where + ": 'action' must be \"eliminate\" or \"free\"");
    std::string target = json_field<std::string>(p, "target", where);
    s->pending_target_ = parse_cell(target, target);
    int ti = s->board_.find(s->pending_target_);
    const Color me = s->to_move_;
    if (s->pending_kind_ == Kind::kEliminate && (ti < 0 || s->board_.worker(ti) != opponent(me))) {
      throw InputError(where + ": the target of 'eliminate' must be an enemy worker");
    }
    if (s->pending_kind_ == Kind::kFree && (ti < 0 || !s->board_.unoccupied(ti))) {
      throw InputError(where + ": the target of 'free' must be an unoccupied tile");
    }
    if (s->workers(me) < 3) throw InputError(where + ": a sacrifice needs three workers of the player to move");
    auto sacrificed = json_field<nlohmann::json>(p, "sacrificed", where);
    if (!sacrificed.is_array() || sacrificed.size() > 1) throw InputError(where + ": 'sacrificed' must be an array of at most one cell");
    if (!sacrificed.empty()) {
      if (!sacrificed[0].is_string()) throw InputError(where + ": 'sacrificed' holds cells q,r");
      std::string cell = sacrificed[0].get<std::string>();
      CellKey k = parse_cell(cell, cell);
      int si = s->board_.find(k);
      if (si < 0 || s->board_.worker(si) != me) throw InputError(where + ": the sacrificed worker must be one of the player's workers");
      s->pending_first_ = static_cast<int16_t>(k);
    }
  }
  return s;
}

}  // namespace rise::hex
