// raise-rise-die state <-> JSON (docs/formats.md, section raise-rise-die). The referee's view:
// hidden information included (the Rng, every deck order, both hands). Loading validates
// every field and the consistency of the zones, so a state written by hand is either a
// possible position or refused with a reason naming the field.
#include <algorithm>
#include <string>
#include <utility>

#include "raise-rise-die/state.h"
#include "rise/core/error.h"
#include "rise/core/game.h"
#include "rise/core/json_io.h"

namespace rise::rrd {

using nlohmann::json;

namespace {

// Obj flags in the compact object array.
constexpr int kFlagTranscended = 1;
constexpr int kFlagCounter = 2;
constexpr int kFlagCountered = 4;
constexpr int kFlagEngaged = 8;
constexpr int kFlagKnown = 16;

json array_of(const std::vector<int16_t>& ids) {
  json out = json::array();
  for (int16_t id : ids) out.push_back(id);
  return out;
}

template <size_t N>
json array_of(const std::array<int16_t, N>& values) {
  json out = json::array();
  for (int16_t v : values) out.push_back(v);
  return out;
}

// {"tete": v, "torse": v, "bras": v, "jambes": v}.
json by_slot(const std::array<int16_t, kBodySlots>& values) {
  json out = json::object();
  for (int s = 0; s < kBodySlots; ++s) out[slot_key(static_cast<Slot>(s))] = values[static_cast<size_t>(s)];
  return out;
}

// The slot of an object as written: the slot key on a body slot, the number elsewhere.
json slot_value(const Obj& o) {
  if (o.where == Where::kBody && o.slot >= 0 && o.slot < kBodySlots) return slot_key(static_cast<Slot>(o.slot));
  return o.slot;
}

// Reads an object {"tete": ..., "torse": ..., "bras": ..., "jambes": ...} with exactly the
// four slot keys.
const json& slot_object(const json& parent, const char* key, const std::string& where) {
  if (!parent.contains(key)) throw InputError(where + ": missing field '" + key + "'");
  const json& obj = parent.at(key);
  if (!obj.is_object() || obj.size() != kBodySlots) {
    throw InputError(where + ": field '" + key + "' must be an object with the keys tete, torse, bras, jambes");
  }
  for (int s = 0; s < kBodySlots; ++s) {
    const char* slot = slot_key(static_cast<Slot>(s));
    if (!obj.contains(slot)) throw InputError(where + ": field '" + key + "' lacks the slot '" + slot + "'");
  }
  return obj;
}

// One event "kind,player,a,b,c".

}  // namespace

json RrdState::to_json() const {
  const CardDb& cards = *cards_;
  json j;
  j["game"] = "raise-rise-die";
  j["options"] = json::parse(options_text_.empty() ? std::string("{}") : options_text_);
  j["decks"] = deck_names_;
  j["pass"] = pass_;
  j["pass_limit"] = pass_limit_;
  j["phase"] = kPhaseNames[static_cast<int>(phase_)];
  j["stage"] = kStageNames[static_cast<int>(stage_)];
  j["first_of_duel"] = first_of_duel_;
  j["first_player"] = first_player_;
  j["turn_player"] = turn_player_;
  j["first_passer"] = first_passer_;
  j["cards_played"] = cards_played_;
  j["winner"] = winner_;
  j["pass_limit_hit"] = pass_limit_hit_;
  j["window"] = {{"open", window_.open},
                 {"card", window_.card},
                 {"player", window_.player},
                 {"slot", slot_key(static_cast<Slot>(std::clamp<int>(window_.slot, 0, kBodySlots - 1)))}};
  json choices = json::array();
  for (const Choice& c : choices_) {
    choices.push_back({{"kind", kChoiceNames[static_cast<int>(c.kind)]}, {"player", c.player}, {"amount", c.amount}});
  }
  j["choices"] = std::move(choices);
  j["rng"] = rng_.to_hex();
  json players = json::array();
  for (const Player& pl : players_) {
    json pj;
    pj["character"] = pl.character >= 0 ? cards.characters()[static_cast<size_t>(pl.character)].id : "";
    json weapons = json::array();
    for (int16_t w : pl.weapons) weapons.push_back(cards.weapons()[static_cast<size_t>(w)].id);
    pj["weapons"] = std::move(weapons);
    pj["pv"] = pl.pv;
    pj["pv_start"] = pl.pv_start;
    pj["reserve"] = pl.reserve;
    pj["poison"] = pl.poison;
    pj["saignement"] = pl.saignement;
    pj["sonne"] = pl.sonne;
    pj["torpeur"] = pl.torpeur;
    pj["top_up"] = pl.top_up;
    pj["top_mark"] = pl.top_mark;
    pj["known_bottom"] = pl.known_bottom;
    pj["passed_last"] = pl.passed_last;
    pj["decked"] = pl.decked;
    pj["bloque"] = by_slot(pl.bloque);
    pj["point_faible"] = by_slot(pl.point_faible);
    pj["deck"] = array_of(pl.deck);
    pj["hand"] = array_of(pl.hand);
    pj["discard"] = array_of(pl.discard);
    pj["neant"] = array_of(pl.neant);
    json body = json::object();
    for (int s = 0; s < kBodySlots; ++s) body[slot_key(static_cast<Slot>(s))] = array_of(pl.body[static_cast<size_t>(s)]);
    pj["body"] = std::move(body);
    pj["infusion"] = array_of(pl.infusion);
    pj["objets"] = array_of(pl.objets);
    players.push_back(std::move(pj));
  }
  j["players"] = std::move(players);
  // One compact array per object (states are written at every step of the conformance
  // suite): [card, owner, where, slot, flags], flags = 1 transcended + 2 counter +
  // 4 countered + 8 engaged + 16 known.
  json objects = json::array();
  for (const Obj& o : objs_) {
    const int flags = (o.transcended ? kFlagTranscended : 0) | (o.counter ? kFlagCounter : 0) |
                      (o.countered ? kFlagCountered : 0) | (o.engaged ? kFlagEngaged : 0) | (o.known ? kFlagKnown : 0);
    objects.push_back({cards[o.def].id, o.owner, kWhereNames[static_cast<int>(o.where)], slot_value(o), flags});
  }
  j["objects"] = std::move(objects);
  // The log as one compact string ("kind,player,a,b,c" per event, space separated).
  j["events"] = events_to_text(events_);
  return j;
}

std::unique_ptr<State> RrdState::from_json(const Game& game, const json& j, std::shared_ptr<const CardDb> cards_ptr) {
  const std::string what = "raise-rise-die state";
  if (!j.is_object()) throw InputError(what + ": must be a JSON object");
  if (json_field<std::string>(j, "game", what) != "raise-rise-die") {
    throw InputError(what + ": field 'game' must be \"raise-rise-die\"");
  }
  std::unique_ptr<RrdState> s(new RrdState(game));
  s->cards_ = std::move(cards_ptr);
  const CardDb& cards = *s->cards_;
  options_field(j, what);  // checked: an object of strings
  s->options_text_ = j["options"].dump();
  json decks = array_field(j, "decks", what);
  if (decks.size() != 2 || !decks[0].is_string() || !decks[1].is_string()) {
    throw InputError(what + ": field 'decks' must hold two deck names");
  }
  s->deck_names_ = {decks[0].get<std::string>(), decks[1].get<std::string>()};
  s->pass_limit_ = ranged(j, "pass_limit", 1, 30000, what);
  s->pass_ = ranged(j, "pass", 0, 30000, what);
  s->phase_ = static_cast<Phase>(name_index(kPhaseNames, json_field<std::string>(j, "phase", what), what + ": phase"));
  s->stage_ = static_cast<Stage>(name_index(kStageNames, json_field<std::string>(j, "stage", what), what + ": stage"));
  s->first_of_duel_ = ranged(j, "first_of_duel", -1, 1, what);
  s->first_player_ = ranged(j, "first_player", 0, 1, what);
  s->turn_player_ = ranged(j, "turn_player", 0, 1, what);
  s->first_passer_ = ranged(j, "first_passer", -1, 1, what);
  s->winner_ = ranged(j, "winner", -1, 1, what);
  s->pass_limit_hit_ = json_field<bool>(j, "pass_limit_hit", what);
  const bool over = s->phase_ == Phase::kOver;
  if (!over && (s->winner_ >= 0 || s->pass_limit_hit_)) {
    throw InputError(what + ": field 'winner' / 'pass_limit_hit': only a finished duel (phase 'over') has a result");
  }
  if (over && s->winner_ >= 0 && s->pass_limit_hit_) {
    throw InputError(what + ": field 'pass_limit_hit': a duel ended by the pass limit is a draw (Interpretation RRD-1.4)");
  }
  if (!over && s->pass_ > s->pass_limit_) {
    throw InputError(what + ": field 'pass': pass " + std::to_string(s->pass_) + " is past the pass limit " +
                     std::to_string(s->pass_limit_) + " in an unfinished duel (Interpretation RRD-1.4)");
  }
  if (s->pass_ > 0 && s->first_of_duel_ < 0) {
    throw InputError(what + ": field 'first_of_duel': the first player is drawn before the first pass (Rule RRD-4.1)");
  }
  try {
    s->rng_ = Rng::from_hex(json_field<std::string>(j, "rng", what));
  } catch (const InputError& e) {
    throw InputError(what + ": field 'rng': " + e.what());
  }

  // Objects first: the zones refer to them.
  json objects = array_field(j, "objects", what);
  if (objects.size() > static_cast<size_t>(kMaxObjects)) {
    throw InputError(what + ": field 'objects' holds more than " + std::to_string(kMaxObjects) + " objects");
  }
  const int num_objs = static_cast<int>(objects.size());
  for (size_t i = 0; i < objects.size(); ++i) {
    const std::string where = what + ": objects[" + std::to_string(i) + "]";
    const json& oj = objects[i];
    if (!oj.is_array() || oj.size() != 5 || !oj[0].is_string() || !oj[2].is_string()) {
      throw InputError(where + ": must be [card, owner, where, slot, flags]");
    }
    Obj o;
    o.def = static_cast<int16_t>(cards.require(oj[0].get<std::string>(), " in " + where));
    o.owner = static_cast<uint8_t>(element(oj, 1, 0, 1, where + ": owner"));
    o.where = static_cast<Where>(name_index(kWhereNames, oj[2].get<std::string>(), where + ": where"));
    if (o.where == Where::kBody) {
      if (!oj[3].is_string()) throw InputError(where + ": slot: a card on a body slot names it (tete, torse, bras, jambes)");
      o.slot = static_cast<int8_t>(parse_slot(oj[3].get<std::string>(), where + ": slot"));
    } else if (o.where == Where::kInfusion || o.where == Where::kObjet) {
      o.slot = static_cast<int8_t>(element(oj, 3, 0, 1, where + ": slot"));
    } else {
      o.slot = static_cast<int8_t>(element(oj, 3, -1, kBodySlots - 1, where + ": slot"));
    }
    const int flags = element(oj, 4, 0, 31, where + ": flags");
    o.transcended = (flags & kFlagTranscended) != 0;
    o.counter = (flags & kFlagCounter) != 0;
    o.countered = (flags & kFlagCountered) != 0;
    o.engaged = (flags & kFlagEngaged) != 0;
    o.known = (flags & kFlagKnown) != 0;
    s->objs_.push_back(o);
  }
  // Interpretation RRD-12.4: a player owns at most kMaxPv cards, its deck's size (RRD-2.1).
  for (int p = 0; p < 2; ++p) {
    const auto owned = std::count_if(s->objs_.begin(), s->objs_.end(), [&](const Obj& o) { return o.owner == p; });
    if (owned > kMaxPv) {
      throw InputError(what + ": field 'objects': player " + std::to_string(p) + " owns " + std::to_string(owned) +
                       " cards; a deck holds at most " + std::to_string(kMaxPv) +
                       " (a character's PV, Rule RRD-2.1, Interpretation RRD-12.4)");
    }
  }

  // Zones: every listed id exists, is listed once, and its object says it is there.
  std::vector<int> seen(static_cast<size_t>(num_objs), 0);
  auto check_id = [&](int id, Where expect, int owner, int slot, const std::string& where) {
    const Obj& o = s->objs_[static_cast<size_t>(id)];
    const std::string name = "object " + std::to_string(id);
    if (o.where != expect) {
      throw InputError(where + ": " + name + " is listed here but its 'where' is " + kWhereNames[static_cast<int>(o.where)]);
    }
    if (o.owner != owner) throw InputError(where + ": " + name + " belongs to player " + std::to_string(o.owner));
    if (slot >= 0 && o.slot != slot) throw InputError(where + ": " + name + " says it is in slot " + std::to_string(o.slot));
    if (seen[static_cast<size_t>(id)]++) throw InputError(where + ": " + name + " is listed twice");
  };
  auto read_zone = [&](const json& arr, Where expect, int owner, int slot, const std::string& where) {
    if (!arr.is_array()) throw InputError(where + ": must be an array");
    std::vector<int16_t> out;
    for (size_t i = 0; i < arr.size(); ++i) {
      int id = element(arr, i, 0, num_objs - 1, where);
      check_id(id, expect, owner, slot, where);
      out.push_back(static_cast<int16_t>(id));
    }
    return out;
  };
  json players = array_field(j, "players", what);
  if (players.size() != 2) throw InputError(what + ": field 'players' must hold 2 players");
  for (int p = 0; p < 2; ++p) {
    const std::string where = what + ": players[" + std::to_string(p) + "]";
    const json& pj = players[static_cast<size_t>(p)];
    if (!pj.is_object()) throw InputError(where + ": must be an object");
    Player& pl = s->players_[static_cast<size_t>(p)];
    const std::string character = json_field<std::string>(pj, "character", where);
    pl.character = static_cast<int16_t>(cards.find_character(character));
    if (pl.character < 0) throw InputError(where + ": field 'character': unknown character '" + character + "'");
    const CharacterDef& ch = cards.characters()[static_cast<size_t>(pl.character)];
    json weapons = array_field(pj, "weapons", where);
    for (const json& w : weapons) {
      if (!w.is_string()) throw InputError(where + ": field 'weapons' must hold weapon ids");
      const int index = cards.find_weapon(w.get<std::string>());
      if (index < 0) throw InputError(where + ": field 'weapons': unknown weapon '" + w.get<std::string>() + "'");
      if (std::find(pl.weapons.begin(), pl.weapons.end(), index) != pl.weapons.end()) {
        throw InputError(where + ": field 'weapons': '" + w.get<std::string>() +
                         "' is equipped twice: the equipped weapons are all different (RRD-2.5)");
      }
      pl.weapons.push_back(static_cast<int16_t>(index));
    }
    if (pl.weapons.empty() || static_cast<int>(pl.weapons.size()) > ch.armes) {
      throw InputError(where + ": field 'weapons': " + std::to_string(pl.weapons.size()) + " weapon(s); character '" + ch.id +
                       "' equips 1 to " + std::to_string(ch.armes) + " (RRD-2.5)");
    }
    pl.pv_start = static_cast<int16_t>(ranged(pj, "pv_start", 1, 999, where));
    if (pl.pv_start != ch.pv) {
      throw InputError(where + ": field 'pv_start' is " + std::to_string(pl.pv_start) + " but character '" + ch.id + "' has " +
                       std::to_string(ch.pv) + " PV (Rules RRD-1.1, RRD-2.1)");
    }
    pl.pv = static_cast<int16_t>(ranged(pj, "pv", -999, 999, where));
    if (pl.pv > pl.pv_start) {
      throw InputError(where + ": field 'pv' is " + std::to_string(pl.pv) + ", above the starting PV " +
                       std::to_string(pl.pv_start) + ": nothing gives PV back (Rule RRD-1.1)");
    }
    if (pl.pv <= 0 && !over) {
      throw InputError(where + ": field 'pv' is " + std::to_string(pl.pv) +
                       ": a player at 0 PV or less has lost, but the phase is not 'over' (Rule RRD-1.1)");
    }
    pl.reserve = static_cast<int16_t>(ranged(pj, "reserve", 0, 9999, where));  // the engine's cap (actions.cpp)
    pl.poison = static_cast<int8_t>(ranged(pj, "poison", 0, 99, where));
    pl.saignement = static_cast<int8_t>(ranged(pj, "saignement", 0, 99, where));
    pl.sonne = static_cast<int8_t>(ranged(pj, "sonne", 0, 99, where));
    pl.torpeur = json_field<bool>(pj, "torpeur", where);
    pl.top_up = json_field<bool>(pj, "top_up", where);
    pl.top_mark = static_cast<int16_t>(ranged(pj, "top_mark", 0, 999, where));
    if (pl.top_mark > 0 && !pl.top_up) {
      throw InputError(where + ": field 'top_mark': damage is marked on the Top Soul, but no Top Soul is face up ('top_up' false, Rule RRD-10.3)");
    }
    pl.passed_last = json_field<bool>(pj, "passed_last", where);
    pl.decked = json_field<bool>(pj, "decked", where);
    if (pl.decked && !over) {
      throw InputError(where + ": field 'decked': a player hit with no Top Soul left has lost, but the phase is not "
                       "'over' (Rule RRD-1.2)");
    }
    const json& bloque = slot_object(pj, "bloque", where);
    const json& faible = slot_object(pj, "point_faible", where);
    for (int k = 0; k < kBodySlots; ++k) {
      const char* slot = slot_key(static_cast<Slot>(k));
      // 0..9999: the engine's cap (effects.cpp kSlotValueCap, Interpretation RRD-12.4), so a
      // state the engine makes is always read back.
      pl.bloque[static_cast<size_t>(k)] = static_cast<int16_t>(ranged(bloque, slot, 0, 9999, where + ": bloque"));
      pl.point_faible[static_cast<size_t>(k)] = static_cast<int16_t>(ranged(faible, slot, 0, 9999, where + ": point_faible"));
    }
    pl.deck = read_zone(array_field(pj, "deck", where), Where::kDeck, p, -1, where + ": deck");
    if (pl.top_up && pl.deck.empty()) {
      throw InputError(where + ": field 'top_up': an empty deck has no face-up Top Soul (Rule RRD-3.6)");
    }
    pl.known_bottom = static_cast<int16_t>(ranged(pj, "known_bottom", 0, static_cast<int>(pl.deck.size()), where));
    pl.hand = read_zone(array_field(pj, "hand", where), Where::kHand, p, -1, where + ": hand");
    pl.discard = read_zone(array_field(pj, "discard", where), Where::kDiscard, p, -1, where + ": discard");
    pl.neant = read_zone(array_field(pj, "neant", where), Where::kNeant, p, -1, where + ": neant");
    const json& body = slot_object(pj, "body", where);
    for (int k = 0; k < kBodySlots; ++k) {
      const char* slot = slot_key(static_cast<Slot>(k));
      pl.body[static_cast<size_t>(k)] = read_zone(body.at(slot), Where::kBody, p, k, where + ": body: " + slot);
    }
    json infusion = array_field(pj, "infusion", where);
    json objets = array_field(pj, "objets", where);
    if (infusion.size() != static_cast<size_t>(kInfusionSlots) || objets.size() != static_cast<size_t>(kObjectSlots)) {
      throw InputError(where + ": fields 'infusion' and 'objets' hold 2 slots each (object id or -1, Interpretation RRD-3.5)");
    }
    for (int k = 0; k < kInfusionSlots; ++k) {
      const int id = element(infusion, static_cast<size_t>(k), -1, num_objs - 1, where + ": infusion");
      pl.infusion[static_cast<size_t>(k)] = static_cast<int16_t>(id);
      if (id < 0) continue;
      check_id(id, Where::kInfusion, p, k, where + ": infusion");
      if (!cards[s->objs_[static_cast<size_t>(id)].def].has_infusion()) {
        throw InputError(where + ": infusion: object " + std::to_string(id) + " has no effet d'infusion (Rule RRD-8.3)");
      }
    }
    for (int k = 0; k < kObjectSlots; ++k) {
      const int id = element(objets, static_cast<size_t>(k), -1, num_objs - 1, where + ": objets");
      pl.objets[static_cast<size_t>(k)] = static_cast<int16_t>(id);
      if (id < 0) continue;
      check_id(id, Where::kObjet, p, k, where + ": objets");
      if (cards[s->objs_[static_cast<size_t>(id)].def].kind != Kind::kObjet) {
        throw InputError(where + ": objets: object " + std::to_string(id) + " is not an objet card (Rule RRD-9.2)");
      }
    }
  }
  // Every card of a player is of an equipped weapon's archetype (Rule RRD-2.3) and dedicated
  // to no other weapon (RRD-2.4): a deck with other cards could not have been played.
  for (int id = 0; id < num_objs; ++id) {
    const Obj& o = s->objs_[static_cast<size_t>(id)];
    const Player& pl = s->players_[o.owner];
    const CardDef& c = cards[o.def];
    const std::string where = what + ": objects[" + std::to_string(id) + "]";
    const std::string owner = "player " + std::to_string(o.owner);
    bool archetype = false, dedicated = c.weapon.empty();
    for (int16_t w : pl.weapons) {
      const WeaponDef& weapon = cards.weapons()[static_cast<size_t>(w)];
      archetype = archetype || weapon.archetype == c.archetype;
      dedicated = dedicated || weapon.id == c.weapon;
    }
    if (!archetype) {
      throw InputError(where + ": '" + c.id + "' is of archetype '" + c.archetype + "', which no weapon of " + owner +
                       " ('weapons') gives (RRD-2.3)");
    }
    if (!dedicated) {
      throw InputError(where + ": '" + c.id + "' is dedicated to weapon '" + c.weapon + "', which " + owner +
                       " does not equip ('weapons', RRD-2.4)");
    }
  }
  if (over && s->winner_ >= 0) {
    const Player& loser = s->players_[static_cast<size_t>(1 - s->winner_)];
    const Player& winner = s->players_[static_cast<size_t>(s->winner_)];
    if (!(loser.pv <= 0 || loser.decked) || winner.pv <= 0 || winner.decked) {
      throw InputError(what + ": field 'winner': player " + std::to_string(s->winner_) +
                       " won, so the other player is at 0 PV or was hit with an empty deck ('pv', 'decked') and it is not (Rules RRD-1.1, RRD-1.2)");
    }
  }
  for (int id = 0; id < num_objs; ++id) {
    if (!seen[static_cast<size_t>(id)]) {
      const Obj& o = s->objs_[static_cast<size_t>(id)];
      throw InputError(what + ": objects[" + std::to_string(id) + "] says it is in the " +
                       kWhereNames[static_cast<int>(o.where)] + " of player " + std::to_string(o.owner) +
                       " but no zone lists it");
    }
  }
  s->cards_played_ = ranged(j, "cards_played", 0, num_objs, what);

  json window = json_field<json>(j, "window", what);
  const std::string ww = what + ": window";
  s->window_.open = json_field<bool>(window, "open", ww);
  s->window_.card = static_cast<int16_t>(ranged(window, "card", -1, num_objs - 1, ww));
  s->window_.player = static_cast<uint8_t>(ranged(window, "player", 0, 1, ww));
  s->window_.slot = static_cast<int8_t>(parse_slot(json_field<std::string>(window, "slot", ww), ww + ": slot"));
  if (s->window_.open) {
    if (s->phase_ != Phase::kAffrontement) throw InputError(ww + ": a counter window opens only in the Affrontement (Rule RRD-5.6)");
    const int id = s->window_.card;
    const Obj* o = id >= 0 ? &s->objs_[static_cast<size_t>(id)] : nullptr;
    if (o == nullptr || o->where != Where::kBody || o->owner != s->window_.player || o->slot != s->window_.slot) {
      throw InputError(ww + ": field 'card' must be a card of the window's player on the window's slot (Rule RRD-5.6)");
    }
  }

  json choices = array_field(j, "choices", what);
  if (choices.size() > static_cast<size_t>(kMaxChoices)) {
    throw InputError(what + ": field 'choices' holds more than " + std::to_string(kMaxChoices) + " choices");
  }
  for (size_t i = 0; i < choices.size(); ++i) {
    const std::string where = what + ": choices[" + std::to_string(i) + "]";
    Choice c;
    c.kind = static_cast<ChoiceKind>(
        name_index(kChoiceNames, json_field<std::string>(choices[i], "kind", where), where + ": kind"));
    c.player = static_cast<uint8_t>(ranged(choices[i], "player", 0, 1, where));
    c.amount = static_cast<int16_t>(ranged(choices[i], "amount", 0, 999, where));
    s->choices_.push_back(c);
  }
  if (over && (!s->choices_.empty() || s->window_.open)) {
    throw InputError(what + ": a finished duel has no pending choice and no open window");
  }

  s->events_ = events_from_text<Event>(json_field<std::string>(j, "events", what), kEvLast, 1, what);
  return s;
}

}  // namespace rise::rrd
