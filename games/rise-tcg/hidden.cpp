// What a player may see (Rule TCG-13.1) and determinization for ISMCTS.
#include <algorithm>
#include <utility>

#include "rise-tcg/state.h"
#include "rise/cardgame/describe.h"
#include "rise/cardgame/observation_log.h"
#include "rise/core/json_io.h"

namespace rise::tcg {

using nlohmann::json;

// A player sees its own hand, counts of other hands and of every library, and every public
// zone; never a library order, another hand, the Rng, or the ids of hidden cards.
json TcgState::observation_json(PlayerId viewer) const {
  json j;
  j["game"] = "rise-tcg";
  j["viewer"] = viewer_json(viewer);
  j["turn"] = turn_;
  j["phase"] = kPhaseNames[static_cast<int>(phase_)];
  j["active"] = active_;
  j["first_player"] = first_player_;
  j["main_step"] = main_step_;
  j["current_player"] = current_player();
  j["defender"] = defender_;
  j["window"] = {{"open", window_open_}, {"kind", window_kind_}, {"priority", priority_}, {"passes", passes_}};
  j["winner"] = winner_;
  j["turn_limit"] = turn_limit_;  // public: the options are
  if (dungeon_) j["dungeon"] = dungeon_json();  // public (Rule TCG-17.2)
  json players = json::array();
  for (size_t p = 0; p < players_.size(); ++p) {
    const Player& pl = players_[p];
    json pj;
    json sums = json::array();
    for (const Summoner& s : pl.summoners) {
      sums.push_back({{"card", cards_->card(s.def).id}, {"hp", s.hp}, {"level", s.level},
                      {"level_ups", s.level_ups}, {"cp", s.cp}, {"max_cp", std::min<int>(s.level, cards_->card(s.def).max_level())},
                      {"tilted", s.tilted}, {"alive", s.alive}, {"skills_used", s.skills_used}});
    }
    pj["summoners"] = std::move(sums);
    pj["coins"] = pl.coins;
    pj["ether"] = pl.ether;
    pj["hand_count"] = pl.hand.size();
    pj["library_count"] = pl.library.size();
    json cem = json::array();
    for (int16_t id : pl.cemetery) cem.push_back({{"id", id}, {"card", cards_->card(objs_[static_cast<size_t>(id)].def).id}});
    pj["cemetery"] = std::move(cem);
    json exc = json::array();
    for (int16_t id : pl.exclusion) exc.push_back({{"id", id}, {"card", cards_->card(objs_[static_cast<size_t>(id)].def).id}});
    pj["exclusion"] = std::move(exc);
    pj["empty_draws"] = pl.empty_draws;
    pj["mulligans"] = pl.mulligans;
    pj["kept"] = pl.kept;
    pj["out"] = pl.out;
    pj["started"] = pl.started;
    pj["level_up_played"] = pl.level_up_played;
    pj["discount"] = pl.discount;
    if (static_cast<int>(p) != viewer) {
      // Cards every player saw go to this hand (returned from a public zone).
      json known = json::array();
      for (int16_t id : pl.hand) {
        if (objs_[static_cast<size_t>(id)].known) known.push_back({{"id", id}, {"card", cards_->card(objs_[static_cast<size_t>(id)].def).id}});
      }
      pj["known_hand"] = std::move(known);
    }
    if (static_cast<int>(p) == viewer) {
      json hand = json::array();
      for (int16_t id : pl.hand) hand.push_back({{"id", id}, {"card", cards_->card(objs_[static_cast<size_t>(id)].def).id}});
      pj["hand"] = std::move(hand);
    }
    players.push_back(std::move(pj));
  }
  j["players"] = std::move(players);
  json field = json::array();
  for (int16_t id : battlefield_) {
    const Obj& o = objs_[static_cast<size_t>(id)];
    json oj = {{"id", id}, {"card", cards_->card(o.def).id}, {"owner", o.owner}, {"controller", o.controller},
               {"tilted", o.tilted}, {"sick", o.sick}, {"open", o.open}, {"unlocked", o.unlocked},
               {"token", o.token}, {"counters", {o.counter_attack, o.counter_defense, o.temp_attack, o.temp_defense}},
               {"damage", o.damage}, {"attached_to", o.attached_to}};
    // Diseases are public (Rules TCG-14.*): the Disease's caster and Parasite's turns left;
    // a host's disabled / double-damage state and who uses its Actions this turn.
    if (is_disease(id)) {
      oj["disease"] = cardgame::disease_names()[static_cast<size_t>(cards_->card(o.def).disease) - 1];
      oj["caster"] = o.caster;
      oj["disease_turns"] = o.disease_turns;
    }
    if (o.disabled) oj["disabled"] = true;
    if (o.double_damage) oj["double_damage"] = true;
    if (o.actions_by >= 0) oj["actions_by"] = o.actions_by;
    // Card language v2, until end of turn (public).
    if (o.lost_abilities) oj["lost_abilities"] = true;
    if (o.granted != 0) oj["granted"] = cardgame::ability_list(o.granted);
    if (o.prevent != 0) oj["prevent"] = o.prevent;
    if (cards_->card(o.def).is(cardgame::kCreature | cardgame::kDoor)) {
      oj["attack"] = attack_of(id);
      oj["defense"] = defense_of(id);
    }
    // Abilities of issue 4 (public): a Morpher's own card, flags, the cards under a stack.
    if (o.base_def >= 0) oj["base_card"] = cards_->card(o.base_def).id;
    if (o.wild != 0) oj["wild"] = o.wild;
    if (o.wild & kWildStackTop) {
      json stack = json::array();
      for (size_t k = 0; k < objs_.size(); ++k) {
        if (objs_[k].where == Where::kStacked && objs_[k].attached_to == id) {
          stack.push_back({{"id", k}, {"card", cards_->card(objs_[k].def).id}});
        }
      }
      oj["stack"] = std::move(stack);
    }
    field.push_back(std::move(oj));
  }
  j["battlefield"] = std::move(field);
  // Level Up cards on Summoners are public.
  json levelups = json::array();
  for (size_t id = 0; id < objs_.size(); ++id) {
    if (objs_[id].where == Where::kLevelUp) {
      levelups.push_back({{"id", id}, {"card", cards_->card(objs_[id].def).id}, {"on", objs_[id].attached_to}});
    }
  }
  j["level_ups"] = std::move(levelups);
  json chain = json::array();
  for (const ChainItem& c : chain_) {
    json cj = {{"kind", kChainNames[static_cast<int>(c.kind)]}, {"controller", c.controller},
               {"source", c.source}, {"index", c.index}};
    if (c.left) cj["left"] = true;  // Rule TCG-9.2: it will do nothing
    // The item in words, as a seat's action texts name it (issue 38): the browser's list and
    // its "choose chain N (...)" buttons read the same.
    cj["text"] = chain_item_words(*cards_, static_cast<int>(c.kind), chain_item_def(c), c.index);
    if (c.source < kSummonerRef) {
      // The card of an Action may have left for its owner's hand since: then only the
      // owner knows (a re-deal may change which card that object is).
      const Obj& o = objs_[static_cast<size_t>(c.source)];
      bool hidden = (o.where == Where::kHand || o.where == Where::kLibrary) && o.owner != viewer;
      if (!hidden) cj["card"] = cards_->card(o.def).id;
    }
    chain.push_back(std::move(cj));
  }
  j["chain"] = std::move(chain);
  json combat = json::array();
  for (const CombatEntry& e : combat_) {
    combat.push_back({{"attacker", e.attacker}, {"defender", e.defender}, {"blocker", e.blocker},
                      {"summoner", e.summoner}, {"resolved", e.resolved}, {"splash", e.splash},
                      {"dodge", e.dodge}, {"possess_a", e.possess_a}, {"possess_b", e.possess_b}});
    if (attacker_gone(e)) combat.back()["gone"] = true;
  }
  j["combat"] = std::move(combat);
  json choice = {{"kind", kChoiceNames[static_cast<int>(choice_.kind)]}, {"chooser", choice_.chooser},
                 {"subject", choice_.subject}, {"remaining", choice_.remaining}};
  // Discard and search options are cards of a hand or a library: only the chooser sees them.
  bool private_options = choice_.kind == ChoiceKind::kDiscard || choice_.kind == ChoiceKind::kSearch;
  if (!private_options || choice_.chooser == viewer) {
    choice["options"] = choice_.options;
  } else if (choice_.kind == ChoiceKind::kDiscard) {
    choice["option_count"] = choice_.options.size();  // the hand's size, which all see
  }  // a search's matches in a library are hidden: not even their number
  j["choice"] = std::move(choice);
  // The log, as text for people (public facts only).
  cardgame::put_observation_log(j, events_, [&](const Event& e) { return describe_event(e); });
  return j;
}


// Re-deals what `observer` cannot see: the observer's own library order, and for every other
// player the cards of hand (except those known to all) and library together, same counts;
// the Rng gets a fresh seed. Canonical: unseen objects and cards are sorted before they are
// shuffled, so two states that look the same to `observer` give the same sample from equal
// Rngs — the sample depends on the observation only (checked by the conformance suite).
std::unique_ptr<State> TcgState::resample_hidden(PlayerId observer, Rng& rng) const {
  auto copy = std::make_unique<TcgState>(*this);
  copy->clear_history();
  copy->rng_ = Rng(rng.next());
  for (int p = 0; p < sides(); ++p) {
    Player& pl = copy->players_[static_cast<size_t>(p)];
    if (p == observer) {
      std::sort(pl.library.begin(), pl.library.end());
      rng.shuffle(pl.library);
      continue;
    }
    std::vector<size_t> hand_slots;  // positions of unknown cards in the hand
    std::vector<int16_t> ids;
    for (size_t k = 0; k < pl.hand.size(); ++k) {
      if (!copy->objs_[static_cast<size_t>(pl.hand[k])].known) {
        hand_slots.push_back(k);
        ids.push_back(pl.hand[k]);
      }
    }
    ids.insert(ids.end(), pl.library.begin(), pl.library.end());
    std::vector<int16_t> defs;
    for (int16_t id : ids) defs.push_back(copy->objs_[static_cast<size_t>(id)].def);
    std::sort(ids.begin(), ids.end());
    std::sort(defs.begin(), defs.end());
    rng.shuffle(ids);
    rng.shuffle(defs);
    for (size_t k = 0; k < ids.size(); ++k) {
      Obj& o = copy->objs_[static_cast<size_t>(ids[k])];
      o.def = defs[k];
      o.where = k < hand_slots.size() ? Where::kHand : Where::kLibrary;
    }
    for (size_t k = 0; k < hand_slots.size(); ++k) pl.hand[hand_slots[k]] = ids[k];
    pl.library.assign(ids.begin() + static_cast<std::ptrdiff_t>(hand_slots.size()), ids.end());
  }
  // A pending discard or search of another player lists cards of its hand or library: list
  // the re-dealt ones.
  Choice& choice = copy->choice_;
  if (choice.chooser != observer && choice.kind == ChoiceKind::kDiscard) {
    const Player& pl = copy->players_[choice.chooser];
    choice.options.assign(pl.hand.begin(), pl.hand.end());
    std::sort(choice.options.begin(), choice.options.end());
  } else if (choice.chooser != observer && choice.kind == ChoiceKind::kSearch && !copy->frames_.empty()) {
    const Frame& frame = copy->frames_.back();
    const Step& step = (*cards_->lists[static_cast<size_t>(frame.list)])[frame.pc - 1u];
    choice.options.clear();
    for (int16_t id : copy->players_[choice.chooser].library) {
      if (copy->matches(step.target.filter, choice.chooser, frame.source, id)) choice.options.push_back(id);
    }
    std::sort(choice.options.begin(), choice.options.end());
    if (choice.options.empty()) choice.options.push_back(copy->players_[choice.chooser].library.front());
  }
  return copy;
}

// The whole log as `player` reads it (observation_json shows its latest events only).
std::vector<std::string> TcgState::log_lines(PlayerId /*player*/) const {
  std::vector<std::string> out;
  out.reserve(events_.size());
  for (const Event& e : events_) out.push_back(describe_event(e));
  return out;
}

}  // namespace rise::tcg
