// dark-legacy state <-> JSON (docs/formats.md, section dark-legacy). The referee's view:
// hidden information included. Loading validates every field and the consistency of the
// zones, so a state written by hand is either a real position or refused with a reason.
#include <algorithm>
#include <utility>

#include "dark-legacy/skill.h"
#include "dark-legacy/state.h"
#include "rise/core/error.h"
#include "rise/core/game.h"
#include "rise/core/json_io.h"

namespace rise::dl {

using nlohmann::json;

namespace {

const char* kWhereNames[] = {"library", "hand", "boneyard", "removed", "spell-field", "weapon",
                             "armor", "relic-field", "hero-field", "attached", "charging"};
const char* kAfterNames[] = {"nothing", "attack-window"};
const char* kTriggerNames[] = {"cast", "turn-start", "activated"};

json array_of(const std::vector<int16_t>& ids) {
  json out = json::array();
  for (int16_t id : ids) out.push_back(id);
  return out;
}

}  // namespace

json DlState::to_json() const {
  json j;
  j["game"] = "dark-legacy";
  j["options"] = json::parse(options_text_);
  j["decks"] = {deck_names_[0], deck_names_[1]};
  j["turn"] = turn_;
  j["turn_limit"] = turn_limit_;
  j["phase"] = kPhaseNames[static_cast<int>(phase_)];
  j["stage"] = kStageNames[static_cast<int>(stage_)];
  j["after_stack"] = kAfterNames[static_cast<int>(after_stack_)];
  j["active"] = active_;
  j["first_player"] = first_player_;
  j["window"] = {{"open", window_open_}, {"priority", priority_}};
  j["resolving"] = resolving_;
  j["defend_weapon"] = defend_weapon_;
  j["winner"] = winner_;
  j["rng"] = rng_.to_hex();
  json players = json::array();
  for (const Player& pl : players_) {
    json pj;
    pj["hero"] = {{"spec", hero_spec_string(pl.hero.spec)}, {"name", pl.hero.spec.name}, {"alive", pl.hero.alive},
                  {"life", pl.hero.life}, {"start_life", pl.hero.start_life}, {"poison", pl.hero.poison}};
    pj["cp"] = pl.cp;
    pj["turns_taken"] = pl.turns_taken;
    pj["armor_played"] = pl.armor_played;
    pj["charged_this_turn"] = pl.charged_this_turn;
    pj["peek_known"] = pl.peek_known;
    pj["setup_choice"] = pl.setup_choice == -2 ? "" : pl.setup_choice == -1 ? "none" : (*cards_)[pl.setup_choice].id;
    json deck = json::array();
    for (int16_t def : pl.deck) deck.push_back((*cards_)[def].id);
    pj["deck"] = std::move(deck);
    pj["library"] = array_of(pl.library);
    pj["hand"] = array_of(pl.hand);
    pj["boneyard"] = array_of(pl.boneyard);
    pj["removed"] = array_of(pl.removed);
    pj["weapon"] = {pl.weapon[0], pl.weapon[1]};
    pj["armor"] = {pl.armor[0], pl.armor[1]};
    pj["relics"] = array_of(pl.relics);
    pj["hero_enh"] = array_of(pl.hero_enh);
    pj["gear_enh"] = array_of(pl.gear_enh);
    json fields = json::array();
    for (const auto& f : pl.fields) fields.push_back(array_of(f));
    pj["fields"] = std::move(fields);
    pj["charging"] = pl.charging;
    pj["tokens"] = pl.tokens;
    players.push_back(std::move(pj));
  }
  j["players"] = std::move(players);
  j["skill_rolls"] = {players_[0].skill_roll, players_[1].skill_roll};
  j["skill_points"] = {players_[0].skill_points, players_[1].skill_points};
  // One array per object (compact: states are written at every step of the conformance
  // suite): [card, owner, where, slot, attached_to, damage, poison, boost, flags, cast_turn],
  // flags = 1 activated + 2 on the stack.
  json objects = json::array();
  for (const Obj& o : objs_) {
    objects.push_back({(*cards_)[o.def].id, o.owner, kWhereNames[static_cast<int>(o.where)], o.slot, o.attached_to,
                       o.damage, o.poison, o.boost, (o.activated ? 1 : 0) | (o.on_stack ? 2 : 0), o.cast_turn});
  }
  j["objects"] = std::move(objects);
  json stack = json::array();
  for (const StackItem& s : stack_) stack.push_back({{"obj", s.obj}, {"controller", s.controller}, {"countered", s.countered}});
  j["stack"] = std::move(stack);
  json frames = json::array();
  for (const Frame& f : frames_) {
    frames.push_back({{"source", f.source}, {"controller", f.controller},
                      {"trigger", kTriggerNames[static_cast<int>(f.trigger)]}, {"pc", f.pc}, {"dispose", f.dispose}});
  }
  j["frames"] = std::move(frames);
  json attacks = json::array();
  for (const Attack& a : attacks_) {
    attacks.push_back({{"attacker", a.attacker}, {"weapon", a.weapon}, {"blocker", a.blocker}, {"roll", a.roll}});
  }
  j["attacks"] = std::move(attacks);
  j["choice"] = array_of(choice_);
  j["chosen"] = chosen_;
  // The log as one compact string ("kind,player,a,b,c" per event, space separated).
  j["events"] = events_to_text(events_);
  return j;
}

std::unique_ptr<State> DlState::from_json(const Game& game, const json& j, std::shared_ptr<const CardDb> cards_ptr) {
  const std::string what = "dark-legacy state";
  if (!j.is_object()) throw InputError(what + ": must be a JSON object");
  if (json_field<std::string>(j, "game", what) != "dark-legacy") {
    throw InputError(what + ": field 'game' must be \"dark-legacy\"");
  }
  std::unique_ptr<DlState> s(new DlState(game));
  s->cards_ = std::move(cards_ptr);
  const CardDb& cards = *s->cards_;
  options_field(j, what);  // checked: an object of strings
  s->options_text_ = j["options"].dump();
  json decks = array_field(j, "decks", what);
  if (decks.size() != 2 || !decks[0].is_string() || !decks[1].is_string()) {
    throw InputError(what + ": 'decks' must hold two deck names");
  }
  s->deck_names_ = {decks[0].get<std::string>(), decks[1].get<std::string>()};
  s->turn_ = static_cast<int16_t>(ranged(j, "turn", 0, 30000, what));
  s->turn_limit_ = static_cast<int16_t>(ranged(j, "turn_limit", 1, 30000, what));
  s->phase_ = static_cast<Phase>(name_index(kPhaseNames, json_field<std::string>(j, "phase", what), what + ": phase"));
  s->stage_ = static_cast<Stage>(name_index(kStageNames, json_field<std::string>(j, "stage", what), what + ": stage"));
  s->after_stack_ = static_cast<AfterStack>(name_index(kAfterNames, json_field<std::string>(j, "after_stack", what), what + ": after_stack"));
  s->active_ = static_cast<int8_t>(ranged(j, "active", 0, 1, what));
  s->first_player_ = static_cast<int8_t>(ranged(j, "first_player", -1, 1, what));
  json window = json_field<json>(j, "window", what);
  s->window_open_ = json_field<bool>(window, "open", what + ": window");
  s->priority_ = static_cast<int8_t>(ranged(window, "priority", 0, 1, what + ": window"));
  s->resolving_ = json_field<bool>(j, "resolving", what);
  s->defend_weapon_ = static_cast<int8_t>(ranged(j, "defend_weapon", 0, 1, what));
  s->winner_ = static_cast<int8_t>(ranged(j, "winner", -1, 1, what));
  s->rng_ = Rng::from_hex(json_field<std::string>(j, "rng", what));
  const bool over = s->phase_ == Phase::kOver;
  if (!over && s->winner_ >= 0) {
    throw InputError(what + ": field 'winner': only a finished battle (phase 'over') has a winner");
  }
  if (!over && s->turn_ > s->turn_limit_) {
    throw InputError(what + ": field 'turn': turn " + std::to_string(s->turn_) + " is past the turn limit " +
                     std::to_string(s->turn_limit_) + " in an unfinished battle (Interpretation DL-I21)");
  }
  if (s->phase_ == Phase::kSetup && (s->turn_ != 0 || s->first_player_ >= 0)) {
    throw InputError(what + ": field 'turn' / 'first_player': the set-up comes before the first turn and the first-player roll (Rules DL-5.1, DL-5.2)");
  }
  if (s->phase_ != Phase::kSetup && !over && (s->turn_ < 1 || s->first_player_ < 0)) {
    throw InputError(what + ": field 'turn' / 'first_player': a running battle has a first player and a turn of at least 1 (Rules DL-5.2, DL-5.4)");
  }

  json objects = array_field(j, "objects", what);
  if (objects.size() > static_cast<size_t>(kMaxObjects)) throw InputError(what + ": more than 1000 objects");
  const int num_objs = static_cast<int>(objects.size());
  for (size_t i = 0; i < objects.size(); ++i) {
    const std::string where = what + ": objects[" + std::to_string(i) + "]";
    const json& oj = objects[i];
    if (!oj.is_array() || oj.size() != 10 || !oj[0].is_string() || !oj[2].is_string()) {
      throw InputError(where + ": must be [card, owner, where, slot, attached_to, damage, poison, boost, flags, cast_turn]");
    }
    Obj o;
    o.def = static_cast<int16_t>(cards.require(oj[0].get<std::string>(), " in " + where));
    o.owner = static_cast<uint8_t>(element(oj, 1, 0, 1, where + ": owner"));
    o.where = static_cast<Where>(name_index(kWhereNames, oj[2].get<std::string>(), where + ": where"));
    o.slot = static_cast<int8_t>(element(oj, 3, 0, kSpellFields - 1, where + ": slot"));
    o.attached_to = static_cast<int16_t>(element(oj, 4, -1, num_objs - 1, where + ": attached_to"));
    o.damage = static_cast<int16_t>(element(oj, 5, 0, 9999, where + ": damage"));
    o.poison = static_cast<int8_t>(element(oj, 6, 0, 20, where + ": poison"));
    o.boost = static_cast<int8_t>(element(oj, 7, -99, 99, where + ": boost"));
    int flags = element(oj, 8, 0, 3, where + ": flags");
    o.activated = (flags & 1) != 0;
    o.on_stack = (flags & 2) != 0;
    o.cast_turn = static_cast<int16_t>(element(oj, 9, -1, 30000, where + ": cast_turn"));
    s->objs_.push_back(o);
  }
  // Interpretation DL-I42: a player owns the cards of one deck, at most kMaxDeckCards.
  for (int p = 0; p < 2; ++p) {
    const auto owned = std::count_if(s->objs_.begin(), s->objs_.end(), [&](const Obj& o) { return o.owner == p; });
    if (owned > kMaxDeckCards) {
      throw InputError(what + ": field 'objects': player " + std::to_string(p) + " owns " + std::to_string(owned) +
                       " cards; a deck holds at most " + std::to_string(kMaxDeckCards) + " (Interpretation DL-I42)");
    }
  }
  // Zones: every listed id exists, is listed once, and its object says it is there.
  std::vector<int> seen(static_cast<size_t>(num_objs), 0);
  auto check_id = [&](int id, Where expect, int owner, int slot, const std::string& where) {
    const Obj& o = s->objs_[static_cast<size_t>(id)];
    if (o.where != expect) {
      throw InputError(where + ": object " + std::to_string(id) + " is listed here but its 'where' is " +
                       kWhereNames[static_cast<int>(o.where)]);
    }
    if (o.owner != owner) throw InputError(where + ": object " + std::to_string(id) + " belongs to player " + std::to_string(o.owner));
    if (slot >= 0 && o.slot != slot) throw InputError(where + ": object " + std::to_string(id) + " has slot " + std::to_string(o.slot));
    if (seen[static_cast<size_t>(id)]++) throw InputError(where + ": object " + std::to_string(id) + " is listed twice");
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
  const json stack = array_field(j, "stack", what);
  json players = array_field(j, "players", what);
  if (players.size() != 2) throw InputError(what + ": 'players' must hold 2 players");
  for (int p = 0; p < 2; ++p) {
    const std::string where = what + ": players[" + std::to_string(p) + "]";
    const json& pj = players[static_cast<size_t>(p)];
    Player& pl = s->players_[static_cast<size_t>(p)];
    json hero = json_field<json>(pj, "hero", where);
    pl.hero.spec = parse_hero_spec(json_field<std::string>(hero, "spec", where + ": hero"), where + ": hero");
    pl.hero.spec.name = json_field<std::string>(hero, "name", where + ": hero");
    pl.hero.alive = json_field<bool>(hero, "alive", where + ": hero");
    pl.hero.start_life = static_cast<int16_t>(ranged(hero, "start_life", 1, 9999, where + ": hero"));
    pl.hero.life = static_cast<int16_t>(ranged(hero, "life", 0, 9999, where + ": hero"));
    pl.hero.poison = static_cast<int8_t>(ranged(hero, "poison", 0, kHeroPoisonLimit, where + ": hero"));
    if (pl.hero.start_life != starting_life(pl.hero.spec.primary_level())) {
      throw InputError(where + ": hero: field 'start_life' is " + std::to_string(pl.hero.start_life) + "; a hero of Skill Level " +
                       std::to_string(pl.hero.spec.primary_level()) + " starts with " +
                       std::to_string(starting_life(pl.hero.spec.primary_level())) + " Life Points (Rules DL-4.1, DL-18.4)");
    }
    if (pl.hero.alive && (pl.hero.life == 0 || pl.hero.poison >= kHeroPoisonLimit)) {
      throw InputError(where + ": hero: a hero with 0 Life Points or 20 poison counters is dead (Rules DL-4.5, DL-16.1)");
    }
    pl.cp = static_cast<int16_t>(ranged(pj, "cp", 0, 999, where));
    pl.turns_taken = static_cast<int16_t>(ranged(pj, "turns_taken", 0, 30000, where));
    pl.armor_played = static_cast<int8_t>(ranged(pj, "armor_played", 0, kMaxArmorPlayed, where));
    pl.charged_this_turn = json_field<bool>(pj, "charged_this_turn", where);
    const std::string choice = json_field<std::string>(pj, "setup_choice", where);
    pl.setup_choice = static_cast<int16_t>(choice.empty() ? -2 : choice == "none" ? -1 : cards.require(choice, " in " + where + ": setup_choice"));
    json deck = array_field(pj, "deck", where);
    for (const auto& d : deck) {
      if (!d.is_string()) throw InputError(where + ": 'deck' must hold card ids");
      pl.deck.push_back(static_cast<int16_t>(cards.require(d.get<std::string>(), " in " + where + ": deck")));
      // Rules DL-2.4, DL-2.5: the deck is checked against the hero that fights with it.
      const std::string refusal = faction_refusal(pl.hero.spec, cards[pl.deck.back()]);
      if (!refusal.empty()) {
        throw InputError(where + ": deck: the hero (" + hero_spec_string(pl.hero.spec) + ") cannot hold this card: " + refusal);
      }
    }
    if (pl.deck.size() > static_cast<size_t>(kMaxDeckCards)) {
      throw InputError(where + ": 'deck' holds " + std::to_string(pl.deck.size()) + " cards; at most " +
                       std::to_string(kMaxDeckCards) + " are supported (Interpretation DL-I42)");
    }
    if (s->phase_ != Phase::kSetup && !pl.deck.empty()) {
      throw InputError(where + ": field 'deck': the deck list is emptied into the library when the battle begins (Rule DL-5.1)");
    }
    if (s->phase_ == Phase::kSetup && pl.setup_choice >= 0) {  // finish_setup takes it from the deck
      if (std::find(pl.deck.begin(), pl.deck.end(), pl.setup_choice) == pl.deck.end()) {
        throw InputError(where + ": setup_choice: '" + choice + "' is not in the player's 'deck' (Rule DL-5.1)");
      }
      const CardDef& c = cards[pl.setup_choice];
      if (!c.is_equipment() || c.cost != 0 || s->level_for(p, pl.setup_choice) < c.level) {
        throw InputError(where + ": setup_choice: '" + choice +
                         "' is not a 0-cost Weapon, Armor or Relic the hero may use (Rule DL-5.1)");
      }
    }
    pl.library = read_zone(array_field(pj, "library", where), Where::kLibrary, p, -1, where + ": library");
    pl.peek_known = static_cast<int8_t>(ranged(pj, "peek_known", 0, std::min<int>(2, static_cast<int>(pl.library.size())), where));
    if (pl.peek_known > 0 && !peeks_two(pl.hero.spec.primary_level())) {
      throw InputError(where + ": field 'peek_known': only a hero of level 15 or more looks at its next cards (Rule DL-18.6)");
    }
    pl.hand = read_zone(array_field(pj, "hand", where), Where::kHand, p, -1, where + ": hand");
    pl.boneyard = read_zone(array_field(pj, "boneyard", where), Where::kBoneyard, p, -1, where + ": boneyard");
    pl.removed = read_zone(array_field(pj, "removed", where), Where::kRemoved, p, -1, where + ": removed");
    json weapon = array_field(pj, "weapon", where);
    json armor = array_field(pj, "armor", where);
    if (weapon.size() != 2 || armor.size() != 2) throw InputError(where + ": 'weapon' and 'armor' hold 2 slots each");
    for (size_t k = 0; k < 2; ++k) {
      pl.weapon[k] = static_cast<int16_t>(element(weapon, k, -1, num_objs - 1, where + ": weapon"));
      if (pl.weapon[k] >= 0) {
        check_id(pl.weapon[k], Where::kWeapon, p, static_cast<int>(k), where + ": weapon");
        if (cards[s->objs_[static_cast<size_t>(pl.weapon[k])].def].kind != Kind::kWeapon) throw InputError(where + ": weapon: not a Weapon card");
      }
      pl.armor[k] = static_cast<int16_t>(element(armor, k, -1, num_objs - 1, where + ": armor"));
      if (pl.armor[k] >= 0) {
        check_id(pl.armor[k], Where::kArmor, p, static_cast<int>(k), where + ": armor");
        if (cards[s->objs_[static_cast<size_t>(pl.armor[k])].def].kind != Kind::kArmor) throw InputError(where + ": armor: not an Armor card");
      }
    }
    pl.relics = read_zone(array_field(pj, "relics", where), Where::kRelicField, p, -1, where + ": relics");
    if (!pl.relics.empty() && pl.armor[1] >= 0) throw InputError(where + ": an Armor and Relics share the Secondary Armor/Relic Field (Rule DL-3.4)");
    for (int16_t id : pl.relics) {
      if (s->objs_[static_cast<size_t>(id)].def != s->objs_[static_cast<size_t>(pl.relics[0])].def) {
        throw InputError(where + ": relics: only copies of one Relic stack (Rule DL-3.4)");
      }
    }
    pl.hero_enh = read_zone(array_field(pj, "hero_enh", where), Where::kHeroField, p, -1, where + ": hero_enh");
    pl.gear_enh = read_zone(array_field(pj, "gear_enh", where), Where::kAttached, p, -1, where + ": gear_enh");
    json fields = array_field(pj, "fields", where);
    if (fields.size() != static_cast<size_t>(kSpellFields)) throw InputError(where + ": 'fields' must hold 4 Spell Casting Fields");
    for (int f = 0; f < kSpellFields; ++f) {
      const std::string fw = where + ": fields[" + std::to_string(f) + "]";
      pl.fields[static_cast<size_t>(f)] = read_zone(fields[static_cast<size_t>(f)], Where::kSpellField, p, f, fw);
      const auto& field = pl.fields[static_cast<size_t>(f)];
      if (field.size() > static_cast<size_t>(kMaxCopiesPerField)) throw InputError(fw + ": more than three cards (Rule DL-3.5)");
      for (int16_t id : field) {
        if (s->objs_[static_cast<size_t>(id)].def != s->objs_[static_cast<size_t>(field[0])].def) {
          throw InputError(fw + ": only copies of one card stack in a field (Rule DL-3.5)");
        }
      }
    }
    pl.charging = static_cast<int16_t>(ranged(pj, "charging", -1, num_objs - 1, where));
    if (pl.charging >= 0) {
      check_id(pl.charging, Where::kCharging, p, -1, where + ": charging");
      // Only a spell above the hero's level can be charging (resample_hidden relies on it).
      const int def = s->objs_[static_cast<size_t>(pl.charging)].def;
      if (!cards[def].is_spell() || cards[def].level <= s->level_for(p, def)) {
        throw InputError(where + ": charging: object " + std::to_string(pl.charging) + " ('" + cards[def].id +
                         "') could not have been charged: only a spell above the hero's level charges (Rule DL-9.1, Interpretation DL-I12)");
      }
    }
    pl.tokens = static_cast<int8_t>(ranged(pj, "tokens", 0, 99, where));
    if (pl.charging < 0 && pl.tokens > 0) {
      throw InputError(where + ": field 'tokens': " + std::to_string(pl.tokens) +
                       " charging tokens but no card is charging (Rule DL-9.1)");
    }
    const int armor_worn = (pl.armor[0] >= 0 ? 1 : 0) + (pl.armor[1] >= 0 ? 1 : 0);
    if (pl.armor_played < armor_worn) {
      throw InputError(where + ": field 'armor_played' is " + std::to_string(pl.armor_played) + " but " +
                       std::to_string(armor_worn) + " Armor card(s) are worn (Rule DL-11.6)");
    }
  }
  // Rules DL-2.4, DL-2.5: no card of a player may be one its hero's factions cannot use (a
  // battle refuses such a deck; a hand-written state must not bring one in either).
  for (int id = 0; id < num_objs; ++id) {
    const Obj& o = s->objs_[static_cast<size_t>(id)];
    const HeroSpec& spec = s->players_[o.owner].hero.spec;
    const std::string refusal = faction_refusal(spec, cards[o.def]);
    if (!refusal.empty()) {
      throw InputError(what + ": objects[" + std::to_string(id) + "]: player " + std::to_string(o.owner) + "'s hero (" +
                       hero_spec_string(spec) + ") cannot hold this card: " + refusal);
    }
    if (o.on_stack && !over && std::find_if(stack.begin(), stack.end(), [&](const json& item) {
                                 return item.is_object() && item.contains("obj") && item["obj"] == id;
                               }) == stack.end()) {
      throw InputError(what + ": objects[" + std::to_string(id) + "]: flags say it is being cast, but 'stack' does not hold it (Rule DL-8.4)");
    }
  }
  for (int id = 0; id < num_objs; ++id) {
    const Obj& o = s->objs_[static_cast<size_t>(id)];
    if (!seen[static_cast<size_t>(id)]) {
      throw InputError(what + ": objects[" + std::to_string(id) + "] says it is in the " +
                       kWhereNames[static_cast<int>(o.where)] + " but no zone lists it");
    }
    if (o.where == Where::kAttached) {
      const Obj* host = o.attached_to >= 0 ? &s->objs_[static_cast<size_t>(o.attached_to)] : nullptr;
      if (host == nullptr || (host->where != Where::kWeapon && host->where != Where::kArmor) || host->owner != o.owner) {
        throw InputError(what + ": objects[" + std::to_string(id) + "] is attached to no Weapon or Armor of its owner");
      }
    }
  }
  json skill_rolls = array_field(j, "skill_rolls", what);
  json skill_points = array_field(j, "skill_points", what);
  if (skill_rolls.size() != 2 || skill_points.size() != 2) throw InputError(what + ": 'skill_rolls' and 'skill_points' hold 2 values");
  for (size_t p = 0; p < 2; ++p) {
    s->players_[p].skill_roll = static_cast<int8_t>(element(skill_rolls, p, 0, 20, what + ": skill_rolls"));
    s->players_[p].skill_points = static_cast<int16_t>(element(skill_points, p, 0, 40, what + ": skill_points"));
    if (!over && (s->players_[p].skill_roll != 0 || s->players_[p].skill_points != 0)) {
      throw InputError(what + ": fields 'skill_rolls' / 'skill_points': skill points are rolled after the battle (Rule DL-18.1)");
    }
  }
  for (size_t i = 0; i < stack.size(); ++i) {
    const std::string where = what + ": stack[" + std::to_string(i) + "]";
    StackItem item;
    item.obj = static_cast<int16_t>(ranged(stack[i], "obj", 0, num_objs - 1, where));
    item.controller = static_cast<uint8_t>(ranged(stack[i], "controller", 0, 1, where));
    item.countered = json_field<bool>(stack[i], "countered", where);
    const Obj& o = s->objs_[static_cast<size_t>(item.obj)];
    if (!o.on_stack || o.owner != item.controller) {
      throw InputError(where + ": object " + std::to_string(item.obj) + " is not a spell of that player being cast");
    }
    s->stack_.push_back(item);
  }
  json frames = array_field(j, "frames", what);
  for (size_t i = 0; i < frames.size(); ++i) {
    const std::string where = what + ": frames[" + std::to_string(i) + "]";
    Frame f;
    f.source = static_cast<int16_t>(ranged(frames[i], "source", 0, num_objs - 1, where));
    f.controller = static_cast<uint8_t>(ranged(frames[i], "controller", 0, 1, where));
    f.trigger = static_cast<Trigger>(name_index(kTriggerNames, json_field<std::string>(frames[i], "trigger", where), where + ": trigger"));
    const Effect* effect = cards[s->objs_[static_cast<size_t>(f.source)].def].effect(f.trigger);
    if (effect == nullptr) throw InputError(where + ": the source card has no such effect");
    f.pc = static_cast<uint8_t>(ranged(frames[i], "pc", 0, static_cast<int>(effect->steps.size()), where));
    f.dispose = json_field<bool>(frames[i], "dispose", where);
    s->frames_.push_back(f);
  }
  json attacks = array_field(j, "attacks", what);
  for (size_t i = 0; i < attacks.size(); ++i) {
    const std::string where = what + ": attacks[" + std::to_string(i) + "]";
    Attack a;
    a.attacker = static_cast<int16_t>(ranged(attacks[i], "attacker", 0, kHeroRef + 1, where));
    if (a.attacker >= num_objs && a.attacker < kHeroRef) throw InputError(where + ": 'attacker' names no object");
    a.weapon = static_cast<int8_t>(ranged(attacks[i], "weapon", 0, 1, where));
    a.blocker = static_cast<int16_t>(ranged(attacks[i], "blocker", -1, num_objs - 1, where));
    a.roll = static_cast<int8_t>(ranged(attacks[i], "roll", 0, 20, where));
    s->attacks_.push_back(a);
  }
  json choice = array_field(j, "choice", what);
  for (size_t i = 0; i < choice.size(); ++i) {
    int ref = element(choice, i, 0, kHeroRef + 1, what + ": choice");
    if (ref >= num_objs && ref < kHeroRef) throw InputError(what + ": choice option " + std::to_string(ref) + " names nothing");
    s->choice_.push_back(static_cast<int16_t>(ref));
  }
  if (!s->choice_.empty() && s->frames_.empty()) throw InputError(what + ": a target choice needs a running effect (frames)");
  s->chosen_ = static_cast<int16_t>(ranged(j, "chosen", 0, kNoRef, what));
  s->events_ = events_from_text<Event>(json_field<std::string>(j, "events", what), kEvLast, 1, what);
  return s;
}

}  // namespace rise::dl
