// rise-tcg state <-> JSON (docs/formats.md, section rise-tcg). The referee's view: hidden
// information included. Loading validates every field and the consistency of the zones.
#include <algorithm>
#include <utility>

#include "rise/core/error.h"
#include "rise/core/game.h"
#include "rise/core/json_io.h"
#include "rise-tcg/state.h"

namespace rise::tcg {

using nlohmann::json;

namespace {

const char* kWhereNames[] = {"library", "hand", "battlefield", "cemetery", "exclusion", "chain", "levelup", "gone",
                             "stacked"};

}  // namespace

json TcgState::to_json() const {
  json j;
  j["game"] = "rise-tcg";
  j["options"] = *options_;
  j["decks"] = *deck_names_;
  j["turn"] = turn_;
  j["turn_limit"] = turn_limit_;
  j["phase"] = kPhaseNames[static_cast<int>(phase_)];
  j["active"] = active_;
  j["first_player"] = first_player_;
  j["main_step"] = main_step_;
  j["mulligan_player"] = mulligan_player_;
  j["defender"] = defender_;
  j["window"] = {{"open", window_open_}, {"kind", window_kind_}, {"priority", priority_}, {"passes", passes_}};
  j["resolving"] = resolving_;
  j["stage"] = stage_;
  j["winner"] = winner_;
  j["rng"] = rng_.to_hex();
  json players = json::array();
  for (const Player& pl : players_) {
    json pj;
    json sums = json::array();
    for (const Summoner& s : pl.summoners) {
      sums.push_back({{"card", cards_->card(s.def).id}, {"hp", s.hp}, {"level", s.level},
                      {"level_ups", s.level_ups}, {"cp", s.cp}, {"tilted", s.tilted},
                      {"alive", s.alive}, {"skills_used", s.skills_used}});
    }
    pj["summoners"] = std::move(sums);
    pj["coins"] = pl.coins;
    pj["ether"] = pl.ether;
    pj["library"] = pl.library;
    pj["hand"] = pl.hand;
    pj["cemetery"] = pl.cemetery;
    pj["exclusion"] = pl.exclusion;
    pj["empty_draws"] = pl.empty_draws;
    pj["mulligans"] = pl.mulligans;
    pj["kept"] = pl.kept;
    pj["out"] = pl.out;
    pj["started"] = pl.started;
    pj["level_up_played"] = pl.level_up_played;
    pj["discount"] = pl.discount;
    players.push_back(std::move(pj));
  }
  j["players"] = std::move(players);
  json objects = json::array();
  for (const Obj& o : objs_) {
    const bool v2 = o.lost_abilities || o.prevent != 0 || o.fired != 0 || o.granted != 0;
    int flags = (o.tilted ? 1 : 0) | (o.sick ? 2 : 0) | (o.open ? 4 : 0) | (o.unlocked ? 8 : 0) |
                (o.token ? 16 : 0) | (o.control_until_eot ? 32 : 0) | (o.known ? 64 : 0) |
                (o.reached_hand ? 256 : 0) | (o.opening_hand ? 512 : 0);
    objects.push_back({{"card", cards_->card(o.def).id}, {"owner", o.owner}, {"controller", o.controller},
                       {"where", kWhereNames[static_cast<int>(o.where)]}, {"flags", flags},
                       {"eot_controller", o.eot_controller},
                       {"counters", {o.counter_attack, o.counter_defense, o.temp_attack, o.temp_defense}},
                       {"damage", o.damage}, {"attached_to", o.attached_to},
                       {"actions_used", {o.actions_used[0], o.actions_used[1], o.actions_used[2], o.actions_used[3]}},
                       {"base_card", o.base_def >= 0 ? cards_->card(o.base_def).id : std::string()},
                       {"wild", o.wild}, {"pending", o.pending}, {"pending_player", o.pending_player},
                       {"disease", {o.caster, o.disease_turns, o.prior_controller, o.disabled ? 1 : 0,
                                    o.double_damage ? 1 : 0, o.actions_by}}});
    // Card language v2 (only when set, so that states without it keep their JSON):
    // [lost_abilities 0/1, prevent, fired, granted abilities mask].
    if (v2) objects.back()["v2"] = {o.lost_abilities ? 1 : 0, o.prevent, o.fired, o.granted};
  }
  j["objects"] = std::move(objects);
  j["battlefield"] = battlefield_;
  json chain = json::array();
  for (const ChainItem& c : chain_) {
    json cj = {{"kind", kChainNames[static_cast<int>(c.kind)]}, {"controller", c.controller},
               {"source", c.source}, {"index", c.index}};
    if (c.left) cj["left"] = true;
    chain.push_back(std::move(cj));
  }
  j["chain"] = std::move(chain);
  json frames = json::array();
  for (const Frame& f : frames_) {
    frames.push_back({f.list, f.pc, f.controller, f.source, f.event, f.chosen, f.repeat});
  }
  j["frames"] = std::move(frames);
  json combat = json::array();
  for (const CombatEntry& e : combat_) {
    combat.push_back({{"attacker", e.attacker}, {"defender", e.defender}, {"blocker", e.blocker},
                      {"summoner", e.summoner}, {"resolved", e.resolved}, {"splash", e.splash},
                      {"dodge", e.dodge}, {"possess_a", e.possess_a}, {"possess_b", e.possess_b}});
  }
  j["combat"] = std::move(combat);
  j["choice"] = {{"kind", kChoiceNames[static_cast<int>(choice_.kind)]}, {"chooser", choice_.chooser},
                 {"subject", choice_.subject}, {"remaining", choice_.remaining}, {"options", choice_.options}};
  // The log as one compact string ("kind,player,a,b,c" per event, space separated): one
  // JSON value instead of thousands keeps state round trips cheap.
  std::string events;
  for (const Event& e : events_) {
    if (!events.empty()) events += ' ';
    events += std::to_string(e.kind) + ',' + std::to_string(e.player) + ',' + std::to_string(e.a) + ',' +
              std::to_string(e.b) + ',' + std::to_string(e.c);
  }
  j["events"] = std::move(events);
  if (dungeon_) j["dungeon"] = dungeon_json();
  return j;
}

// Rule TCG-17.2: the dungeon played, public to every viewer (docs/formats.md).
json TcgState::dungeon_json() const {
  json rooms = json::array();
  for (const std::vector<int>& room : dungeon_->rooms) {
    json cards = json::array();
    for (int def : room) cards.push_back(cards_->card(def).id);
    rooms.push_back(cards);
  }
  return {{"id", dungeon_->id}, {"name", dungeon_->name}, {"turn_limit", dungeon_->turn_limit},
          {"rooms", rooms}, {"rooms_opened", rooms_opened_}};
}

// The `dungeon` field of a saved Dungeon-mode state, checked (Rule TCG-17.2).
void TcgState::load_dungeon_json(const json& j, const std::string& what) {
  const std::string where = what + ": dungeon";
  if (!j.is_object()) throw InputError(where + ": must be a JSON object");
  auto def = std::make_shared<DungeonDef>();
  def->id = json_field<std::string>(j, "id", where);
  def->name = json_field<std::string>(j, "name", where);
  def->turn_limit = ranged(j, "turn_limit", 2, 30000, where);
  json rooms = array_field(j, "rooms", where);
  if (rooms.empty() || rooms.size() > static_cast<size_t>(kMaxRooms)) {
    throw InputError(where + ": 'rooms' must hold 1 to " + std::to_string(kMaxRooms) + " rooms");
  }
  for (size_t k = 0; k < rooms.size(); ++k) {
    const std::string at = where + ": rooms[" + std::to_string(k) + "]";
    if (!rooms[k].is_array() || rooms[k].empty() || rooms[k].size() > static_cast<size_t>(kMaxRoomCards)) {
      throw InputError(at + ": must be a list of 1 to " + std::to_string(kMaxRoomCards) + " card ids");
    }
    std::vector<int> room;
    for (const json& card : rooms[k]) {
      if (!card.is_string()) throw InputError(at + ": must hold card ids");
      const int index = cards_->db->require(card.get<std::string>(), " in " + at);
      if (!room_card_allowed(cards_->card(index))) {
        throw InputError(at + ": '" + card.get<std::string>() +
                         "' cannot be in a room: a room holds Creatures, Doors and Incantations that stand alone");
      }
      room.push_back(index);
    }
    def->rooms.push_back(std::move(room));
  }
  for (int g = 0; g < 2; ++g) {
    def->guardians[g] = players_[u(kDungeonSide)].summoners[static_cast<size_t>(g)].def;
    def->guardian_hp[g] = players_[u(kDungeonSide)].summoners[static_cast<size_t>(g)].hp;
  }
  rooms_opened_ = static_cast<int8_t>(ranged(j, "rooms_opened", 0, static_cast<int>(def->rooms.size()), where));
  dungeon_ = std::move(def);
}

std::unique_ptr<State> TcgState::from_json(const Game& game, const json& j) {
  const std::string what = "rise-tcg state";
  if (!j.is_object()) throw InputError(what + ": must be a JSON object");
  if (json_field<std::string>(j, "game", what) != "rise-tcg") {
    throw InputError(what + ": field 'game' must be \"rise-tcg\"");
  }
  std::unique_ptr<TcgState> s(new TcgState(game));
  Options resolved = game.resolve_options(options_field(j, what));
  s->options_ = std::make_shared<const json>(j["options"]);
  s->draw_zero_ = resolved.at("draw") == "0-2";              // Rule TCG-16.1
  s->deckout_hp_ = resolved.at("deckout") == "lose-5-hp";    // Rule TCG-16.2
  s->cards_ = load_card_set(data_dir_option(resolved));
  const CardSet& cards = *s->cards_;
  json decks = array_field(j, "decks", what);
  std::vector<std::string> deck_names;
  for (const auto& d : decks) {
    if (!d.is_string()) throw InputError(what + ": 'decks' must hold strings");
    deck_names.push_back(d.get<std::string>());
  }
  s->deck_names_ = std::make_shared<const std::vector<std::string>>(std::move(deck_names));
  s->turn_ = static_cast<int16_t>(ranged(j, "turn", 0, 30001, what));  // turn_limit + 1: over (TCG-I12)
  s->turn_limit_ = static_cast<int16_t>(ranged(j, "turn_limit", 1, 30000, what));
  s->phase_ = static_cast<Phase>(name_index(kPhaseNames, json_field<std::string>(j, "phase", what), what + ": phase"));
  json players = array_field(j, "players", what);
  if (players.size() < 2 || players.size() > static_cast<size_t>(kMaxPlayers)) {
    throw InputError(what + ": 'players' must hold 2 to 6 players");
  }
  int n = static_cast<int>(players.size());
  s->active_ = static_cast<int8_t>(ranged(j, "active", 0, n - 1, what));
  s->first_player_ = static_cast<int8_t>(ranged(j, "first_player", 0, n - 1, what));
  s->main_step_ = static_cast<int8_t>(ranged(j, "main_step", 1, 2, what));
  s->mulligan_player_ = static_cast<int8_t>(ranged(j, "mulligan_player", 0, n - 1, what));
  s->defender_ = static_cast<int8_t>(j.contains("defender") ? ranged(j, "defender", -1, n - 1, what) : -1);
  if (s->phase_ == Phase::kBlockers && s->defender_ < 0) {
    throw InputError(what + ": field 'defender' must name the blocking player in phase 'blockers'");
  }
  json window = json_field<json>(j, "window", what);
  s->window_open_ = json_field<bool>(window, "open", what + ": window");
  s->window_kind_ = static_cast<int8_t>(ranged(window, "kind", 0, kWindowKinds - 1, what + ": window"));
  s->priority_ = static_cast<int8_t>(ranged(window, "priority", 0, n - 1, what + ": window"));
  s->passes_ = static_cast<int8_t>(ranged(window, "passes", 0, n, what + ": window"));
  s->resolving_ = json_field<bool>(j, "resolving", what);
  s->stage_ = static_cast<int8_t>(ranged(j, "stage", 0, 3, what));
  if (s->stage_ == 1) throw InputError(what + ": field 'stage' must be 0, 2 or 3 (1 is not used)");
  s->winner_ = static_cast<int8_t>(ranged(j, "winner", -1, n - 1, what));
  s->rng_ = Rng::from_hex(json_field<std::string>(j, "rng", what));

  json objects = array_field(j, "objects", what);
  if (objects.size() > static_cast<size_t>(kMaxObjects)) {  // Interpretation TCG-I68
    throw InputError(what + ": 'objects' holds " + std::to_string(objects.size()) + " objects; at most " +
                     std::to_string(kMaxObjects));
  }
  int num_objs = static_cast<int>(objects.size());
  for (size_t i = 0; i < objects.size(); ++i) {
    const std::string where = what + ": objects[" + std::to_string(i) + "]";
    const json& oj = objects[i];
    Obj o;
    o.def = static_cast<int16_t>(cards.db->require(json_field<std::string>(oj, "card", where), " in " + where));
    if (cards.card(o.def).is(cardgame::kSummoner)) throw InputError(where + ": a Summoner is not a library card");
    o.owner = static_cast<uint8_t>(ranged(oj, "owner", 0, n - 1, where));
    o.controller = static_cast<uint8_t>(ranged(oj, "controller", 0, n - 1, where));
    o.where = static_cast<Where>(name_index(kWhereNames, json_field<std::string>(oj, "where", where), where + ": where"));
    int flags = ranged(oj, "flags", 0, 1023, where);
    o.tilted = flags & 1;
    o.sick = flags & 2;
    o.open = flags & 4;
    o.unlocked = flags & 8;
    o.token = flags & 16;
    o.control_until_eot = flags & 32;
    o.known = flags & 64;
    // Flag 128 marked a card gone from its library when its owner went out; since
    // 2026-12-07 flag 256 (reached_hand) says whether a card was drawn, and 128 is unused.
    if (flags & 128) throw InputError(where + ": flag 128 is no longer used (flag 256: the card reached a hand)");
    o.reached_hand = flags & 256;
    o.opening_hand = flags & 512;  // since 2026-12-07: it was in the opening hand
    o.eot_controller = static_cast<uint8_t>(ranged(oj, "eot_controller", 0, n - 1, where));
    json counters = array_field(oj, "counters", where);
    if (counters.size() != 4) throw InputError(where + ": 'counters' must hold 4 integers");
    o.counter_attack = static_cast<int8_t>(element(counters, 0, -99, 99, where + ": counters"));
    o.counter_defense = static_cast<int8_t>(element(counters, 1, -99, 99, where + ": counters"));
    o.temp_attack = static_cast<int8_t>(element(counters, 2, -99, 99, where + ": counters"));
    o.temp_defense = static_cast<int8_t>(element(counters, 3, -99, 99, where + ": counters"));
    o.damage = static_cast<int16_t>(ranged(oj, "damage", 0, 999, where));
    o.attached_to = static_cast<int16_t>(ranged(oj, "attached_to", -1, kPlayerRef + n - 1, where));  // Cold: a player
    if (o.attached_to >= 0 && o.attached_to < kSummonerRef && o.attached_to >= num_objs) {
      throw InputError(where + ": 'attached_to' names no object");
    }
    if (o.attached_to >= kSummonerRef && o.attached_to < kPlayerRef && (o.attached_to - kSummonerRef) / 2 >= n) {
      throw InputError(where + ": 'attached_to' names no Summoner");
    }
    json used = array_field(oj, "actions_used", where);
    if (used.size() != 4) throw InputError(where + ": 'actions_used' must hold 4 integers");
    for (size_t k = 0; k < 4; ++k) o.actions_used[k] = static_cast<uint8_t>(element(used, k, 0, 99, where + ": actions_used"));
    const std::string base = json_field<std::string>(oj, "base_card", where);
    if (!base.empty()) o.base_def = static_cast<int16_t>(cards.db->require(base, " in " + where + ": base_card"));
    o.wild = static_cast<uint16_t>(ranged(oj, "wild", 0, 511, where));
    o.pending = static_cast<uint8_t>(ranged(oj, "pending", 0, 7, where));
    o.pending_player = static_cast<uint8_t>(ranged(oj, "pending_player", 0, n - 1, where));
    json disease = array_field(oj, "disease", where);  // Rules TCG-14.*
    if (disease.size() != 6) throw InputError(where + ": 'disease' must hold 6 integers");
    o.caster = static_cast<int8_t>(element(disease, 0, -1, n - 1, where + ": disease"));
    o.disease_turns = static_cast<int8_t>(element(disease, 1, 0, 3, where + ": disease"));
    o.prior_controller = static_cast<uint8_t>(element(disease, 2, 0, n - 1, where + ": disease"));
    o.disabled = element(disease, 3, 0, 1, where + ": disease") != 0;
    o.double_damage = element(disease, 4, 0, 1, where + ": disease") != 0;
    o.actions_by = static_cast<int8_t>(element(disease, 5, -1, n - 1, where + ": disease"));
    if (oj.contains("v2")) {  // card language v2, optional
      json v2 = array_field(oj, "v2", where);
      const bool mask_ok = v2.size() == 4 && v2[3].is_number_integer() && !v2[3].is_number_float() &&
                           (v2[3].is_number_unsigned() || v2[3].get<int64_t>() >= 0);
      if (!mask_ok) {
        throw InputError(where + ": 'v2' must hold [lost_abilities 0/1, prevent 0..99, fired 0..255, granted mask]");
      }
      o.lost_abilities = element(v2, 0, 0, 1, where + ": v2") != 0;
      o.prevent = static_cast<uint8_t>(element(v2, 1, 0, 99, where + ": v2"));
      o.fired = static_cast<uint8_t>(element(v2, 2, 0, 255, where + ": v2"));
      o.granted = v2[3].get<uint64_t>();
      if (o.granted >> cardgame::ability_names().size()) throw InputError(where + ": v2: 'granted' names an unknown ability");
      if (o.where != Where::kBattlefield && (o.lost_abilities || o.prevent || o.granted)) {
        throw InputError(where + ": v2: only a card on the battlefield loses, gains or prevents until end of turn");
      }
    }
    s->objs_.push_back(o);
  }
  // Zones: every listed id exists, is listed once, and says it is there.
  std::vector<int> seen(static_cast<size_t>(num_objs), 0);
  auto read_zone = [&](const json& arr, Where expect, int owner, const std::string& where) {
    std::vector<int16_t> out;
    for (size_t i = 0; i < arr.size(); ++i) {
      int id = element(arr, i, 0, num_objs - 1, where);
      const Obj& o = s->objs_[static_cast<size_t>(id)];
      if (o.where != expect) {
        throw InputError(where + ": object " + std::to_string(id) + " is listed here but its 'where' is " +
                         kWhereNames[static_cast<int>(o.where)]);
      }
      if (owner >= 0 && expect != Where::kHand && o.owner != owner) {
        throw InputError(where + ": object " + std::to_string(id) + " belongs to player " + std::to_string(o.owner));
      }
      if (seen[static_cast<size_t>(id)]++) throw InputError(where + ": object " + std::to_string(id) + " is listed twice");
      out.push_back(static_cast<int16_t>(id));
    }
    return out;
  };
  for (int p = 0; p < n; ++p) {
    const std::string where = what + ": players[" + std::to_string(p) + "]";
    const json& pj = players[static_cast<size_t>(p)];
    Player pl;
    json sums = array_field(pj, "summoners", where);
    if (sums.size() != 2) throw InputError(where + ": 'summoners' must hold 2 Summoners");
    for (size_t k = 0; k < 2; ++k) {
      const std::string sw = where + ": summoners[" + std::to_string(k) + "]";
      Summoner& sm = pl.summoners[k];
      sm.def = static_cast<int16_t>(cards.db->require(json_field<std::string>(sums[k], "card", sw), " in " + sw));
      if (!cards.card(sm.def).is(cardgame::kSummoner)) throw InputError(sw + ": not a Summoner card");
      sm.hp = static_cast<int8_t>(ranged(sums[k], "hp", 0, kMaxHp, sw));
      sm.level = static_cast<int8_t>(ranged(sums[k], "level", 1, 99, sw));
      sm.level_ups = static_cast<int8_t>(ranged(sums[k], "level_ups", 0, 99, sw));
      sm.cp = static_cast<int8_t>(ranged(sums[k], "cp", 0, 4, sw));
      sm.tilted = json_field<bool>(sums[k], "tilted", sw);
      sm.alive = json_field<bool>(sums[k], "alive", sw);
      sm.skills_used = static_cast<uint8_t>(ranged(sums[k], "skills_used", 0, 15, sw));
    }
    pl.coins = static_cast<int8_t>(ranged(pj, "coins", 0, kMaxResource, where));
    pl.ether = static_cast<int8_t>(ranged(pj, "ether", 0, kMaxResource, where));
    pl.library = read_zone(array_field(pj, "library", where), Where::kLibrary, p, where + ": library");
    pl.hand = read_zone(array_field(pj, "hand", where), Where::kHand, p, where + ": hand");
    pl.cemetery = read_zone(array_field(pj, "cemetery", where), Where::kCemetery, p, where + ": cemetery");
    pl.exclusion = read_zone(array_field(pj, "exclusion", where), Where::kExclusion, p, where + ": exclusion");
    pl.empty_draws = static_cast<int8_t>(ranged(pj, "empty_draws", 0, 99, where));
    pl.mulligans = static_cast<int8_t>(ranged(pj, "mulligans", 0, 3, where));
    pl.kept = json_field<bool>(pj, "kept", where);
    pl.out = json_field<bool>(pj, "out", where);
    pl.started = json_field<bool>(pj, "started", where);
    pl.level_up_played = json_field<bool>(pj, "level_up_played", where);
    pl.discount = static_cast<int8_t>(ranged(pj, "discount", 0, 30, where));
    s->players_.push_back(std::move(pl));
  }
  s->battlefield_ = read_zone(array_field(j, "battlefield", what), Where::kBattlefield, -1, what + ": battlefield");
  for (int id = 0; id < num_objs; ++id) {
    const Obj& o = s->objs_[static_cast<size_t>(id)];
    Where w = o.where;
    if (w != Where::kChain && w != Where::kLevelUp && w != Where::kGone && w != Where::kStacked &&
        !seen[static_cast<size_t>(id)]) {
      throw InputError(what + ": objects[" + std::to_string(id) + "] says it is in the " +
                       kWhereNames[static_cast<int>(w)] + " but no zone lists it");
    }
  }
  json chain = array_field(j, "chain", what);
  if (chain.size() > static_cast<size_t>(kMaxChain)) {  // Interpretation TCG-I69
    throw InputError(what + ": 'chain' holds " + std::to_string(chain.size()) + " items; at most " +
                     std::to_string(kMaxChain));
  }
  for (size_t i = 0; i < chain.size(); ++i) {
    const std::string where = what + ": chain[" + std::to_string(i) + "]";
    ChainItem c;
    c.kind = static_cast<ChainKind>(name_index(kChainNames, json_field<std::string>(chain[i], "kind", where), where + ": kind"));
    c.controller = static_cast<uint8_t>(ranged(chain[i], "controller", 0, n - 1, where));
    c.index = static_cast<int8_t>(ranged(chain[i], "index", 0, 3, where));
    if (c.kind == ChainKind::kSkill) {
      c.source = static_cast<int16_t>(ranged(chain[i], "source", kSummonerRef, kSummonerRef + 2 * n - 1, where));
      const Summoner& sm = s->players_[static_cast<size_t>((c.source - kSummonerRef) / 2)].summoners[static_cast<size_t>((c.source - kSummonerRef) % 2)];
      if (c.index >= cards.card(sm.def).max_level()) throw InputError(where + ": no such skill");
    } else {
      c.source = static_cast<int16_t>(ranged(chain[i], "source", 0, num_objs - 1, where));
      const Obj& o = s->objs_[static_cast<size_t>(c.source)];
      // Rule TCG-15.5: the cards of a player who left the game are gone, and what it had put
      // on the chain stays there, doing nothing.
      const bool left = o.where == Where::kGone && s->players_[c.controller].out;
      if (c.kind == ChainKind::kImminent && o.where != Where::kChain && !left) {
        throw InputError(where + ": the card is not on the chain");
      }
      if (c.kind == ChainKind::kAction) {
        // Rule TCG-9.2: an Action whose card has left the battlefield does nothing; a card
        // found elsewhere has left it even when the file does not say so.
        c.left = (chain[i].contains("left") && json_field<bool>(chain[i], "left", where)) || o.where != Where::kBattlefield;
        if (!c.left && c.index >= static_cast<int>(cards.card(o.def).actions.size())) {
          throw InputError(where + ": the card has no such Action");
        }
      } else if (chain[i].contains("left")) {
        throw InputError(where + ": 'left' is only for an Action");
      }
    }
    s->chain_.push_back(c);
  }
  json frames = array_field(j, "frames", what);
  for (size_t i = 0; i < frames.size(); ++i) {
    const std::string where = what + ": frames[" + std::to_string(i) + "]";
    if (!frames[i].is_array() || frames[i].size() != 7) throw InputError(where + ": must hold 7 integers");
    Frame f;
    f.list = static_cast<int16_t>(element(frames[i], 0, 0, static_cast<int>(cards.lists.size()) - 1, where));
    f.pc = static_cast<uint8_t>(element(frames[i], 1, 0, static_cast<int>(cards.lists[static_cast<size_t>(f.list)]->size()), where));
    f.controller = static_cast<uint8_t>(element(frames[i], 2, 0, n - 1, where));
    f.source = static_cast<int16_t>(element(frames[i], 3, 0, kNoRef, where));
    f.event = static_cast<int16_t>(element(frames[i], 4, 0, kNoRef, where));
    f.chosen = static_cast<int16_t>(element(frames[i], 5, 0, kNoRef, where));
    f.repeat = static_cast<uint8_t>(element(frames[i], 6, 0, 99, where));
    for (int ref : {static_cast<int>(f.source), static_cast<int>(f.event)}) {
      if (ref < kSummonerRef && ref >= num_objs) throw InputError(where + ": names no object");
    }
    s->frames_.push_back(f);
  }
  json combat = array_field(j, "combat", what);
  for (size_t i = 0; i < combat.size(); ++i) {
    const std::string where = what + ": combat[" + std::to_string(i) + "]";
    CombatEntry e;
    e.attacker = static_cast<int16_t>(ranged(combat[i], "attacker", 0, num_objs - 1, where));
    e.defender = static_cast<uint8_t>(ranged(combat[i], "defender", 0, n - 1, where));
    e.blocker = static_cast<int16_t>(ranged(combat[i], "blocker", -1, num_objs - 1, where));
    e.summoner = static_cast<int8_t>(ranged(combat[i], "summoner", -1, 1, where));
    e.resolved = json_field<bool>(combat[i], "resolved", where);
    e.splash = static_cast<int16_t>(ranged(combat[i], "splash", -1, kNoRef, where));
    e.dodge = static_cast<int8_t>(ranged(combat[i], "dodge", 0, 2, where));  // Rule TCG-14.7
    e.possess_a = static_cast<int8_t>(ranged(combat[i], "possess_a", -1, n - 1, where));  // Rule TCG-12.32
    e.possess_b = static_cast<int8_t>(ranged(combat[i], "possess_b", -1, n - 1, where));
    s->combat_.push_back(e);
  }
  json choice = json_field<json>(j, "choice", what);
  s->choice_.kind = static_cast<ChoiceKind>(name_index(kChoiceNames, json_field<std::string>(choice, "kind", what + ": choice"), what + ": choice kind"));
  s->choice_.chooser = static_cast<uint8_t>(ranged(choice, "chooser", 0, n - 1, what + ": choice"));
  s->choice_.subject = static_cast<int16_t>(ranged(choice, "subject", 0, kNoRef, what + ": choice"));
  s->choice_.remaining = static_cast<int8_t>(ranged(choice, "remaining", 0, 99, what + ": choice"));
  json opts = array_field(choice, "options", what + ": choice");
  for (size_t i = 0; i < opts.size(); ++i) {
    int ref = element(opts, i, 0, kNoRef - 1, what + ": choice options");
    bool ok = (ref < num_objs) || (ref >= kSummonerRef && ref < kSummonerRef + 2 * n) ||
              (ref >= kPlayerRef && ref < kPlayerRef + n) ||
              (ref >= kChainRef && ref < kChainRef + static_cast<int>(s->chain_.size()));
    if (!ok) throw InputError(what + ": choice option " + std::to_string(ref) + " names nothing");
    s->choice_.options.push_back(static_cast<int16_t>(ref));
  }
  if (s->choice_.kind == ChoiceKind::kStepTarget && s->frames_.empty()) {
    throw InputError(what + ": a target choice needs a running effect (frames)");
  }
  if (s->choice_.kind != ChoiceKind::kNone && s->choice_.options.empty()) {
    throw InputError(what + ": a pending choice needs options");
  }
  const std::string events = json_field<std::string>(j, "events", what);
  size_t pos = 0;
  for (int index = 0; pos < events.size(); ++index) {
    const std::string where = what + ": events item " + std::to_string(index + 1);
    size_t end = events.find(' ', pos);
    if (end == std::string::npos) end = events.size();
    const std::string item = events.substr(pos, end - pos);
    pos = end + 1;
    int values[5];
    size_t at = 0;
    for (int k = 0; k < 5; ++k) {
      size_t comma = k < 4 ? item.find(',', at) : item.size();
      if (comma == std::string::npos) throw InputError(where + " '" + item + "': expected kind,player,a,b,c");
      const std::string number = item.substr(at, comma - at);
      try {
        size_t used = 0;
        values[k] = std::stoi(number, &used);
        if (used != number.size()) throw std::invalid_argument("trailing");
      } catch (const std::exception&) {
        throw InputError(where + " '" + item + "': '" + number + "' is not an integer");
      }
      at = comma + 1;
    }
    if (values[0] < 0 || values[0] > kEvLast || values[1] < -1 || values[1] >= n) {
      throw InputError(where + " '" + item + "': unknown event kind or player");
    }
    for (int k = 2; k < 5; ++k) {
      if (values[k] < -30000 || values[k] > 30000) throw InputError(where + " '" + item + "': value out of range");
    }
    Event e;
    e.kind = static_cast<uint8_t>(values[0]);
    e.player = static_cast<int8_t>(values[1]);
    e.a = static_cast<int16_t>(values[2]);
    e.b = static_cast<int16_t>(values[3]);
    e.c = static_cast<int16_t>(values[4]);
    s->events_.push_back(e);
  }
  // Rule TCG-17.1: a Dungeon-mode state (option mode=dungeon) has a `dungeon` and two sides.
  const bool dungeon_mode = resolved.count("mode") != 0 && resolved.at("mode") == "dungeon";
  if (dungeon_mode != j.contains("dungeon")) {
    throw InputError(what + (dungeon_mode ? ": option mode=dungeon needs the field 'dungeon'"
                                          : ": field 'dungeon' is only for option mode=dungeon"));
  }
  if (dungeon_mode) {
    if (n != 2) throw InputError(what + ": a Dungeon-mode state has 2 'players' (the player and the Dungeon)");
    s->load_dungeon_json(j["dungeon"], what);
  }
  s->check_loaded_whole(what);
  s->refresh_attached_hint();
  s->refresh_abilities_present();
  return s;
}

// Contradictions between fields of a loaded state, each refused naming the field.
void TcgState::check_loaded_whole(const std::string& what) const {
  const bool over = phase_ == Phase::kGameOver;
  if (!over && winner_ >= 0) {
    throw InputError(what + ": field 'winner' is " + std::to_string(winner_) + ", but the phase is '" +
                     kPhaseNames[static_cast<int>(phase_)] + "': only a finished game ('over') has a winner");
  }
  if (over && winner_ >= 0 && players_[static_cast<size_t>(winner_)].out) {
    throw InputError(what + ": field 'winner' names player " + std::to_string(winner_) +
                     ", who is out of the game (Rule TCG-15.5)");
  }
  if (!over && turn_ > turn_limit_) {
    throw InputError(what + ": field 'turn' " + std::to_string(turn_) + " is past 'turn_limit' " +
                     std::to_string(turn_limit_) + " in a running game (Interpretation TCG-I12: it is drawn then)");
  }
  int in_game = 0;
  for (size_t p = 0; p < players_.size(); ++p) {
    const Player& pl = players_[p];
    const std::string where = what + ": players[" + std::to_string(p) + "]";
    for (size_t k = 0; k < 2; ++k) {
      const Summoner& sm = pl.summoners[k];
      const int most = max_cp(static_cast<int>(p), static_cast<int>(k));
      if (sm.cp > most) {
        throw InputError(where + ": summoners[" + std::to_string(k) + "]: field 'cp' " + std::to_string(sm.cp) +
                         " is above the Summoner's maximum Capacity Points, min(level " + std::to_string(sm.level) +
                         ", skills " + std::to_string(cards_->card(sm.def).max_level()) + ") = " +
                         std::to_string(most) + " (Rule TCG-5.5)");
      }
    }
    const bool both_dead = !pl.summoners[0].alive && !pl.summoners[1].alive;
    if (!over && both_dead && !pl.out) {
      throw InputError(where + ": both Summoners are dead ('alive' false), but the player is not 'out' of a "
                       "running game (Rule TCG-15.5: it leaves the game at once)");
    }
    if (!pl.out) ++in_game;
  }
  if (dungeon_ && !over && current_player() == kDungeonSide) {
    throw InputError(what + ": the Dungeon is to decide, but a Dungeon-mode state never waits for the Dungeon "
                     "(Rule TCG-17.5: its decisions follow at once)");
  }
  if (dungeon_ && first_player_ != 0) {
    throw InputError(what + ": field 'first_player' must be 0 in Dungeon mode (Rule TCG-17.4: the player begins)");
  }
  if (!over && in_game < 2) {
    throw InputError(what + ": the phase is '" + std::string(kPhaseNames[static_cast<int>(phase_)]) + "', but only " +
                     std::to_string(in_game) + " player is not 'out': the game is over (Rule TCG-15.5)");
  }
}

}  // namespace rise::tcg
