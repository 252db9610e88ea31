// What a player may see (Rules RRD-12.1, RRD-12.2) and determinization for ISMCTS.
//
// Hidden: the other seat's hand (its size is public, and the cards it knows: a Top Soul or a
// public-bottom card it drew), the order of every deck (the viewer's own too) except the
// face-up Top Soul and the public bottom (RRD-6.3), the card a Recherche found (its VA is
// public) and the Rng. An object id is shown only with its card: the id of a card in a
// hidden zone never appears (ids are fixed for the whole duel, so an id seen once would let
// a reader follow the card). resample_hidden therefore permutes the hidden *positions* of
// the objects and keeps every object's card: the log, which names cards that were public
// when they were seen, reads the same in every sample.
#include <algorithm>
#include <utility>

#include "raise-rise-die/state.h"
#include "rise/cardgame/observation_log.h"
#include "rise/core/json_io.h"

namespace rise::rrd {

using nlohmann::json;

json RrdState::observation_json(PlayerId viewer) const {
  auto card_entry = [&](int id) { return json{{"id", id}, {"card", card_of(id).id}}; };
  auto list = [&](const std::vector<int16_t>& ids) {
    json out = json::array();
    for (int16_t id : ids) out.push_back(card_entry(id));
    return out;
  };
  json j;
  j["game"] = "raise-rise-die";
  j["viewer"] = viewer_json(viewer);
  j["decks"] = deck_names_;
  j["pass"] = pass_;
  j["pass_limit"] = pass_limit_;
  j["phase"] = kPhaseNames[static_cast<int>(phase_)];
  j["current_player"] = current_player();
  j["first_of_duel"] = first_of_duel_;
  j["first_player"] = first_player_;
  j["turn_player"] = turn_player_;
  j["first_passer"] = first_passer_;
  j["cards_played"] = cards_played_;
  j["winner"] = winner_;
  json window = {{"open", window_.open}};
  if (window_.open) {  // the played card lies on its slot: public
    window["card"] = card_entry(window_.card);
    window["player"] = window_.player;
    window["slot"] = slot_key(static_cast<Slot>(std::clamp<int>(window_.slot, 0, kBodySlots - 1)));
  }
  j["window"] = std::move(window);
  json choices = json::array();
  for (size_t i = 0; i < choices_.size(); ++i) {
    const Choice& c = choices_[i];
    json cj = {{"kind", kChoiceNames[static_cast<int>(c.kind)]}, {"player", c.player}, {"amount", c.amount}};
    // Rule RRD-11.13: the chooser looks through its deck (the Top Soul excepted) for a card
    // of VA `amount`; only it sees what is there.
    if (c.kind == ChoiceKind::kRecherche && c.player == viewer && i == 0) {
      const Player& pl = players_[c.player];
      std::vector<int> found;
      const size_t end = pl.deck.size() - (pl.top_up && !pl.deck.empty() ? 1 : 0);
      for (size_t k = 0; k < end; ++k) {
        const int def = objs_[static_cast<size_t>(pl.deck[k])].def;
        if ((*cards_)[def].va == c.amount) found.push_back(def);
      }
      std::sort(found.begin(), found.end());
      found.erase(std::unique(found.begin(), found.end()), found.end());
      json options = json::array();
      for (int def : found) options.push_back((*cards_)[def].id);
      cj["options"] = std::move(options);
    }
    choices.push_back(std::move(cj));
  }
  j["choices"] = std::move(choices);
  json players = json::array();
  for (int p = 0; p < 2; ++p) {
    const Player& pl = players_[static_cast<size_t>(p)];
    json pj;
    pj["character"] = pl.character >= 0 ? cards_->characters()[static_cast<size_t>(pl.character)].id : "";
    json weapons = json::array();
    for (int16_t w : pl.weapons) weapons.push_back(cards_->weapons()[static_cast<size_t>(w)].id);
    pj["weapons"] = std::move(weapons);
    pj["pv"] = pl.pv;
    pj["pv_start"] = pl.pv_start;
    pj["reserve"] = pl.reserve;
    pj["poison"] = pl.poison;
    pj["saignement"] = pl.saignement;
    pj["sonne"] = pl.sonne;
    pj["torpeur"] = pl.torpeur;
    pj["passed_last"] = pl.passed_last;
    pj["deck_count"] = pl.deck.size();
    if (pl.top_up && !pl.deck.empty()) {
      json top = card_entry(pl.deck.back());
      top["va"] = card_of(pl.deck.back()).va;
      top["mark"] = pl.top_mark;
      pj["top_soul"] = std::move(top);
    } else {
      pj["top_soul"] = nullptr;
    }
    // The public bottom, bottom card first (Interpretation RRD-6.3).
    const auto [hidden_begin, hidden_end] = hidden_deck_range(pl);
    json bottom = json::array();
    for (size_t k = 0; k < hidden_begin; ++k) bottom.push_back(card_entry(pl.deck[k]));
    pj["bottom"] = std::move(bottom);
    pj["hand_count"] = pl.hand.size();
    json hand = json::array();
    for (int16_t id : pl.hand) {
      const Obj& o = objs_[static_cast<size_t>(id)];
      if (p != viewer && !o.known) continue;
      json h = card_entry(id);
      h["known"] = o.known;  // the opponent knows it (RRD-12.1)
      hand.push_back(std::move(h));
    }
    // The viewer's whole hand; of the other hand only the cards the viewer knows.
    pj[p == viewer ? "hand" : "known_hand"] = std::move(hand);
    pj["discard"] = list(pl.discard);
    pj["neant"] = list(pl.neant);
    json body = json::object();
    for (int s = 0; s < kBodySlots; ++s) {
      json cards = json::array();
      for (int16_t id : pl.body[static_cast<size_t>(s)]) {
        const Obj& o = objs_[static_cast<size_t>(id)];
        json c = card_entry(id);
        c["transcended"] = o.transcended;
        c["counter"] = o.counter;
        c["countered"] = o.countered;
        cards.push_back(std::move(c));
      }
      body[slot_key(static_cast<Slot>(s))] = {{"cards", std::move(cards)},
                            {"bloque", pl.bloque[static_cast<size_t>(s)]},
                            {"point_faible", pl.point_faible[static_cast<size_t>(s)]}};
    }
    pj["body"] = std::move(body);
    json infusion = json::array();
    for (int16_t id : pl.infusion) infusion.push_back(id < 0 ? json(nullptr) : card_entry(id));
    pj["infusion"] = std::move(infusion);
    json objets = json::array();
    for (int16_t id : pl.objets) {
      if (id < 0) {
        objets.push_back(nullptr);
        continue;
      }
      json o = card_entry(id);
      o["engaged"] = objs_[static_cast<size_t>(id)].engaged;
      objets.push_back(std::move(o));
    }
    pj["objets"] = std::move(objets);
    players.push_back(std::move(pj));
  }
  j["players"] = std::move(players);
  cardgame::put_observation_log(j, events_, [&](const Event& e) { return describe_event(e, viewer); });
  return j;
}


// Re-deals what `observer` cannot see (Rule RRD-12.1). Its own deck's hidden part is
// shuffled in place. The other seat's unknown hand cards and the hidden part of its deck
// form one pool, dealt again at random: the hand keeps its size and its known cards in
// place, and still holds the cards the observer knows it searched (searched_vas). Pools are
// sorted before they are shuffled and the constraints come from the public log, so the
// sample depends on the observation only. The Rng is reseeded.
std::unique_ptr<State> RrdState::resample_hidden(PlayerId observer, Rng& rng) const {
  auto copy = std::make_unique<RrdState>(*this);
  copy->clear_history();
  copy->rng_ = Rng(rng.next());
  if (observer != 0 && observer != 1) return copy;
  for (int p = 0; p < 2; ++p) {
    Player& pl = copy->players_[static_cast<size_t>(p)];
    const auto [begin, end] = hidden_deck_range(pl);
    std::vector<int16_t> pool(pl.deck.begin() + static_cast<std::ptrdiff_t>(begin),
                              pl.deck.begin() + static_cast<std::ptrdiff_t>(end));
    std::vector<size_t> hand_slots;  // positions of unknown cards in the other seat's hand
    if (p != observer) {
      for (size_t k = 0; k < pl.hand.size(); ++k) {
        const int id = pl.hand[k];
        if (objs_[static_cast<size_t>(id)].known) continue;
        hand_slots.push_back(k);
        pool.push_back(static_cast<int16_t>(id));
      }
    }
    std::sort(pool.begin(), pool.end());
    rng.shuffle(pool);
    // The searched cards first, in the first unknown places of the hand: for each VA the
    // first pool cards of that VA (in a real duel the searched cards are in the pool; a
    // hand-written log that promises more is followed as far as the pool allows).
    std::vector<int16_t> dealt;
    if (p != observer) {
      const std::vector<int> vas = searched_vas(p);
      for (int va = 0; va < static_cast<int>(vas.size()); ++va) {
        for (int n = 0; n < vas[static_cast<size_t>(va)] && dealt.size() < hand_slots.size(); ++n) {
          auto it = std::find_if(pool.begin(), pool.end(), [&](int16_t id) { return card_of(id).va == va; });
          if (it == pool.end()) break;
          dealt.push_back(*it);
          pool.erase(it);
        }
      }
    }
    size_t next = 0;
    for (size_t k = 0; k < hand_slots.size(); ++k) {
      const int16_t id = k < dealt.size() ? dealt[k] : pool[next++];
      pl.hand[hand_slots[k]] = id;
      Obj& o = copy->objs_[static_cast<size_t>(id)];
      o.where = Where::kHand;
      o.known = false;
    }
    for (size_t k = begin; k < end; ++k) {
      const int16_t id = pool[next++];
      pl.deck[k] = id;
      Obj& o = copy->objs_[static_cast<size_t>(id)];
      o.where = Where::kDeck;
      o.known = false;
    }
  }
  return copy;
}

// Rule RRD-12.2, read from the public log: how many cards of each VA (index) seat p's
// unknown hand surely holds because p found them by Recherche. Each search adds its VA; each
// card leaving p's hand (played, sacrificed, discarded, swapped away) takes one off its VA
// when there is one, since the other seat cannot tell whether it was the searched card. The
// count never exceeds the searched cards really still in hand.
std::vector<int> RrdState::searched_vas(int p) const {
  std::vector<int> vas;
  for (const Event& e : events_) {
    if (e.player != p) continue;
    switch (e.kind) {
      case kEvRecherche:
        if (e.b <= 0) break;
        if (static_cast<size_t>(e.b) >= vas.size()) vas.resize(static_cast<size_t>(e.b) + 1, 0);
        ++vas[static_cast<size_t>(e.b)];
        break;
      case kEvPlay:
      case kEvSacrifice:
      case kEvDiscard:
      case kEvEchange: {
        if (e.a < 0 || e.a >= num_objects()) break;
        const auto va = static_cast<size_t>(card_of(e.a).va);
        if (va < vas.size() && vas[va] > 0) --vas[va];
        break;
      }
      default:
        break;
    }
  }
  return vas;
}

// The whole log as `player` reads it (observation_json shows its latest events only).
std::vector<std::string> RrdState::log_lines(PlayerId player) const {
  std::vector<std::string> out;
  out.reserve(events_.size());
  for (const Event& e : events_) out.push_back(describe_event(e, player));
  return out;
}

}  // namespace rise::rrd
