// What a player may see and determinization for ISMCTS. Hidden: the opponent's hand
// (count shown), every library order (counts shown; a level-15 player's own next cards,
// Rule DL-18.6), the face-down charging card (presence and tokens are public, Rule DL-3.7)
// and the Rng. The deck lists are public during the set-up: the game options, which both
// players know, name the decks (the observation lists only the viewer's own `deck`).
#include <algorithm>
#include <utility>

#include "dark-legacy/state.h"
#include "rise/cardgame/observation_log.h"
#include "rise/core/json_io.h"

namespace rise::dl {

using nlohmann::json;

namespace {

// Interpretation DL-I12: every spell can be charged (Relics too); Weapons and Armor cannot.
bool chargeable_kind(Kind k) { return k != Kind::kWeapon && k != Kind::kArmor; }

}  // namespace

json DlState::observation_json(PlayerId viewer) const {
  auto card_entry = [&](int id) { return json{{"id", id}, {"card", card_of(id).id}}; };
  auto list = [&](const std::vector<int16_t>& ids) {
    json out = json::array();
    for (int16_t id : ids) out.push_back(card_entry(id));
    return out;
  };
  auto in_play_entry = [&](int id) {
    const Obj& o = objs_[static_cast<size_t>(id)];
    json e = card_entry(id);
    e["on_stack"] = o.on_stack;
    e["activated"] = o.activated;
    e["cast_turn"] = o.cast_turn;
    if (card_of(id).kind == Kind::kCreature) {
      e["attack"] = attack_of(id);
      e["defense"] = defense_of(id);
      e["damage"] = o.damage;
      e["poison"] = o.poison;
      e["boost"] = o.boost;
      e["flying"] = flies(id);
    }
    return e;
  };
  json j;
  j["game"] = "dark-legacy";
  j["viewer"] = viewer_json(viewer);
  j["turn"] = turn_;
  j["turn_limit"] = turn_limit_;
  j["phase"] = kPhaseNames[static_cast<int>(phase_)];
  j["active"] = active_;
  j["first_player"] = first_player_;
  j["current_player"] = current_player();
  j["window"] = {{"open", window_open_}, {"priority", priority_}};
  j["resolving"] = resolving_;
  j["defend_weapon"] = defend_weapon_;
  j["winner"] = winner_;
  j["skill_rolls"] = {players_[0].skill_roll, players_[1].skill_roll};
  j["skill_points"] = {players_[0].skill_points, players_[1].skill_points};
  json players = json::array();
  for (int p = 0; p < 2; ++p) {
    const Player& pl = players_[static_cast<size_t>(p)];
    const bool own = p == viewer;
    json pj;
    pj["hero"] = {{"spec", hero_spec_string(pl.hero.spec)}, {"name", pl.hero.spec.name}, {"alive", pl.hero.alive},
                  {"life", pl.hero.life}, {"start_life", pl.hero.start_life}, {"poison", pl.hero.poison},
                  {"attack", hero_attack(p, 0)}, {"flying", flies(kHeroRef + p)}};
    pj["cp"] = pl.cp;
    pj["turns_taken"] = pl.turns_taken;
    pj["armor_played"] = pl.armor_played;
    pj["charged_this_turn"] = pl.charged_this_turn;
    pj["setup_choice"] = pl.setup_choice == -2 ? "" : pl.setup_choice == -1 ? "none" : (*cards_)[pl.setup_choice].id;
    pj["hand_count"] = pl.hand.size();
    pj["library_count"] = pl.library.size();
    pj["deck_count"] = pl.deck.size();
    pj["boneyard"] = list(pl.boneyard);
    pj["removed"] = list(pl.removed);
    json weapons = json::array();
    for (int slot = 0; slot < 2; ++slot) {
      int id = pl.weapon[static_cast<size_t>(slot)];
      if (id < 0) {
        weapons.push_back(nullptr);
        continue;
      }
      json w = in_play_entry(id);
      w["attack"] = hero_attack(p, slot);
      w["range"] = card_of(id).range == Range::kDistance ? "distance" : "melee";
      weapons.push_back(std::move(w));
    }
    pj["weapon"] = std::move(weapons);
    json armors = json::array();
    for (int slot = 0; slot < 2; ++slot) {
      int id = pl.armor[static_cast<size_t>(slot)];
      if (id < 0) {
        armors.push_back(nullptr);
        continue;
      }
      json a = in_play_entry(id);
      a["defense"] = armor_defense(id);
      a["damage"] = objs_[static_cast<size_t>(id)].damage;
      armors.push_back(std::move(a));
    }
    pj["armor"] = std::move(armors);
    json relics = json::array();
    for (int16_t id : pl.relics) relics.push_back(in_play_entry(id));
    pj["relics"] = std::move(relics);
    json hero_enh = json::array();
    for (int16_t id : pl.hero_enh) hero_enh.push_back(in_play_entry(id));
    pj["hero_enh"] = std::move(hero_enh);
    json gear_enh = json::array();
    for (int16_t id : pl.gear_enh) {
      json e = in_play_entry(id);
      e["on"] = objs_[static_cast<size_t>(id)].attached_to;
      gear_enh.push_back(std::move(e));
    }
    pj["gear_enh"] = std::move(gear_enh);
    json fields = json::array();
    for (const auto& field : pl.fields) {
      json f = json::array();
      for (int16_t id : field) f.push_back(in_play_entry(id));
      fields.push_back(std::move(f));
    }
    pj["fields"] = std::move(fields);
    json charging = {{"present", pl.charging >= 0}, {"tokens", pl.tokens}};
    if (own && pl.charging >= 0) {
      charging["id"] = pl.charging;
      charging["card"] = card_of(pl.charging).id;
      charging["needed"] = std::max(0, card_of(pl.charging).level - level_for(p, objs_[static_cast<size_t>(pl.charging)].def));
    }
    pj["charging"] = std::move(charging);
    if (own) {
      pj["hand"] = list(pl.hand);
      json peek = json::array();  // Rule DL-18.6: the next cards it has looked at, top first
      for (int k = 0; k < pl.peek_known; ++k) peek.push_back(card_entry(pl.library[pl.library.size() - 1 - static_cast<size_t>(k)]));
      pj["peek"] = std::move(peek);
      json deck = json::array();
      for (int16_t def : pl.deck) deck.push_back((*cards_)[def].id);
      pj["deck"] = std::move(deck);
    }
    players.push_back(std::move(pj));
  }
  j["players"] = std::move(players);
  json stack = json::array();
  for (const StackItem& s : stack_) {
    stack.push_back({{"obj", s.obj}, {"card", card_of(s.obj).id}, {"controller", s.controller}, {"countered", s.countered}});
  }
  j["stack"] = std::move(stack);
  json frames = json::array();
  for (const Frame& f : frames_) frames.push_back({{"source", f.source}, {"controller", f.controller}, {"pc", f.pc}});
  j["frames"] = std::move(frames);
  json attacks = json::array();
  for (const Attack& a : attacks_) {
    attacks.push_back({{"attacker", a.attacker}, {"weapon", a.weapon}, {"blocker", a.blocker}, {"roll", a.roll}});
  }
  j["attacks"] = std::move(attacks);
  json choice = json::array();
  for (int16_t ref : choice_) choice.push_back(ref);
  j["choice"] = std::move(choice);
  cardgame::put_observation_log(j, events_, [&](const Event& e) { return describe_event(e, viewer); });
  return j;
}


// Re-deals what `observer` cannot see. Its own library below the cards it has looked at is
// shuffled; the opponent's hand, library and face-down charging card are dealt again from
// the same cards, the charging card being one the opponent could have charged (a spell
// above its hero's level, Rule DL-9.1, Interpretation DL-I12). Unseen objects and cards are
// sorted before they are shuffled, so the sample depends on the observation only.
std::unique_ptr<State> DlState::resample_hidden(PlayerId observer, Rng& rng) const {
  auto copy = std::make_unique<DlState>(*this);
  copy->clear_history();
  copy->rng_ = Rng(rng.next());
  if (phase_ == Phase::kSetup) return copy;  // no card is dealt yet; the deck lists are public
  for (int p = 0; p < 2; ++p) {
    Player& pl = copy->players_[static_cast<size_t>(p)];
    if (p == observer) {
      const size_t keep = static_cast<size_t>(pl.peek_known);
      std::vector<int16_t> rest(pl.library.begin(), pl.library.end() - static_cast<std::ptrdiff_t>(keep));
      std::sort(rest.begin(), rest.end());
      rng.shuffle(rest);
      std::copy(rest.begin(), rest.end(), pl.library.begin());
      continue;
    }
    std::vector<int16_t> ids(pl.hand.begin(), pl.hand.end());
    ids.insert(ids.end(), pl.library.begin(), pl.library.end());
    std::vector<int16_t> defs;
    for (int16_t id : ids) defs.push_back(copy->objs_[static_cast<size_t>(id)].def);
    if (pl.charging >= 0) defs.push_back(copy->objs_[static_cast<size_t>(pl.charging)].def);
    std::sort(ids.begin(), ids.end());
    std::sort(defs.begin(), defs.end());
    if (pl.charging >= 0) {
      std::vector<size_t> options;
      for (size_t k = 0; k < defs.size(); ++k) {
        const CardDef& c = (*cards_)[defs[k]];
        if (chargeable_kind(c.kind) && c.level > level_for(p, defs[k])) options.push_back(k);
      }
      // The real card is always among the options.
      size_t pick = options[static_cast<size_t>(rng.below(options.size()))];
      copy->objs_[static_cast<size_t>(pl.charging)].def = defs[pick];
      defs.erase(defs.begin() + static_cast<std::ptrdiff_t>(pick));
    }
    rng.shuffle(ids);
    rng.shuffle(defs);
    const size_t hand_size = pl.hand.size();
    for (size_t k = 0; k < ids.size(); ++k) {
      Obj& o = copy->objs_[static_cast<size_t>(ids[k])];
      o.def = defs[k];
      o.where = k < hand_size ? Where::kHand : Where::kLibrary;
    }
    pl.hand.assign(ids.begin(), ids.begin() + static_cast<std::ptrdiff_t>(hand_size));
    pl.library.assign(ids.begin() + static_cast<std::ptrdiff_t>(hand_size), ids.end());
  }
  return copy;
}

// The whole log as `player` reads it (observation_json shows its latest events only).
std::vector<std::string> DlState::log_lines(PlayerId player) const {
  std::vector<std::string> out;
  out.reserve(events_.size());
  for (const Event& e : events_) out.push_back(describe_event(e, player));
  return out;
}

}  // namespace rise::dl
