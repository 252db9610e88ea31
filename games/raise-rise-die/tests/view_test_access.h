// Test access to a raise-rise-die state for the json, notation, observation, view and
// evaluation tests: builds exact positions field by field, without running any rule.
//
// RrdState declares `friend class RrdViewTestAccess`, so this class (tests only) reaches
// the private fields. blank() is a state before anything happened (two seats, no object);
// add() creates a card object straight into a zone; table() is one fixed middle-game
// position (described below) that most tests start from.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "raise-rise-die/state.h"
#include "rise/core/error.h"
#include "rise/core/game.h"
#include "view_test_cards.h"

namespace rise::rrd {

class RrdViewTestAccess {
 public:
  static Player& player(RrdState& s, int p) { return s.players_[static_cast<size_t>(p)]; }
  static Obj& obj(RrdState& s, int id) { return s.objs_[static_cast<size_t>(id)]; }
  static Phase& phase(RrdState& s) { return s.phase_; }
  static Stage& stage(RrdState& s) { return s.stage_; }
  static Window& window(RrdState& s) { return s.window_; }
  static std::vector<Choice>& choices(RrdState& s) { return s.choices_; }
  static std::vector<Event>& events(RrdState& s) { return s.events_; }
  static int& winner(RrdState& s) { return s.winner_; }
  static bool& pass_limit_hit(RrdState& s) { return s.pass_limit_hit_; }
  static void set_rng(RrdState& s, uint64_t seed) { s.rng_ = Rng(seed); }
  static const Rng& rng(const RrdState& s) { return s.rng_; }

  // A duel before anything happened: seat 0 Aldric, seat 1 Mira, 12 PV each, one weapon.
  static std::unique_ptr<RrdState> blank(const Game& game, uint64_t seed = 7) {
    std::unique_ptr<RrdState> s(new RrdState(game));
    s->cards_ = rrdview::view_test_cards();
    s->rng_ = Rng(seed);
    s->deck_names_ = {"deck-a", "deck-b"};
    s->options_text_ = R"({"decks":"deck-a,deck-b","pass_limit":"60"})";
    for (int p = 0; p < 2; ++p) {
      Player& pl = player(*s, p);
      pl.character = static_cast<int16_t>(s->cards_->find_character(p == 0 ? "aldric" : "mira"));
      pl.weapons = {static_cast<int16_t>(s->cards_->find_weapon("epee-de-braise"))};
      pl.pv = pl.pv_start = 12;
    }
    return s;
  }

  // A new object of `card` owned by p, put in `where`: on top of the deck (back), at the
  // end of the hand, discard pile or Néant, on body slot / infusion slot / object slot
  // `slot`. Returns its id.
  static int add(RrdState& s, int p, const std::string& card, Where where, int slot = 0) {
    const int def = s.cards_->find(card);
    EXPECT_GE(def, 0) << "unknown test card " << card;
    Obj o;
    o.def = static_cast<int16_t>(def);
    o.owner = static_cast<uint8_t>(p);
    o.where = where;
    const bool slotted = where == Where::kBody || where == Where::kInfusion || where == Where::kObjet;
    o.slot = static_cast<int8_t>(slotted ? slot : 0);
    s.objs_.push_back(o);
    const auto id = static_cast<int16_t>(s.objs_.size() - 1);
    Player& pl = player(s, p);
    switch (where) {
      case Where::kDeck: pl.deck.push_back(id); break;
      case Where::kHand: pl.hand.push_back(id); break;
      case Where::kDiscard: pl.discard.push_back(id); break;
      case Where::kNeant: pl.neant.push_back(id); break;
      case Where::kBody: pl.body[static_cast<size_t>(slot)].push_back(id); break;
      case Where::kInfusion: pl.infusion[static_cast<size_t>(slot)] = id; break;
      case Where::kObjet: pl.objets[static_cast<size_t>(slot)] = id; break;
    }
    return id;
  }

  static void log(RrdState& s, int kind, int p, int a = 0, int b = 0, int c = 0) {
    s.events_.push_back(Event{static_cast<uint8_t>(kind), static_cast<int8_t>(p), static_cast<int16_t>(a),
                              static_cast<int16_t>(b), static_cast<int16_t>(c)});
  }

  // The objects of table(), by role.
  struct Table {
    // p0
    int p0_bottom0, p0_bottom1;       // public bottom: ecaille, eclair
    std::vector<int> p0_hidden_deck;  // lame-de-braise, brasier, sonde
    int p0_top;                       // ecaille, face up
    int p0_hand_lame, p0_hand_sonde, p0_hand_eclair;  // eclair known to p1
    int p0_discard, p0_neant;         // ecaille, sonde
    int p0_body_lame;                 // lame-de-braise on tete
    int p0_infused;                   // lame-de-braise in infusion slot 1
    int p0_objet;                     // bouclier, engaged, object slot 1
    // p1
    std::vector<int> p1_hidden_deck;  // lame-de-braise, brasier, ecaille, sonde
    int p1_top;                       // eclair, face up, 1 damage marked
    int p1_hand_brasier;              // drawn, unknown to p0
    int p1_hand_eclair;               // drawn as a Top Soul: known to p0
    int p1_hand_searched;             // lame-de-braise found by Recherche (VA 3)
    int p1_discard;                   // sonde, its eliminated Top Soul
    int p1_body_ecaille;              // ecaille on torse, played as a counter
    int p1_objet;                     // bouclier, disengaged, object slot 2
  };

  // Passe d'Armes 3, Affrontement, p0 to play (p0 first player, p1 first of the duel).
  // p0: 10/12 PV, réserve 2, Poison 1, Bloque 2 on torse; deck (bottom first) ecaille,
  // eclair (public bottom), lame-de-braise, brasier, sonde, ecaille (Top Soul); hand
  // lame-de-braise, sonde, eclair (known); discard ecaille; Néant sonde; lame-de-braise on
  // tete; lame-de-braise infused; bouclier engaged.
  // p1: 8/12 PV, Saignement 2, Sonné 1, Torpeur, Point faible 1 on tete; deck lame-de-braise,
  // brasier, ecaille, sonde, eclair (Top Soul, 1 marked); hand brasier, eclair (known),
  // lame-de-braise (searched); discard sonde; ecaille on torse as a counter; bouclier
  // disengaged. The log tells the pass so far.
  static std::unique_ptr<RrdState> table(const Game& game, Table* ids = nullptr, uint64_t seed = 7) {
    auto s = blank(game, seed);
    Table t{};
    RrdState& r = *s;
    r.pass_ = 3;
    r.phase_ = Phase::kAffrontement;
    r.stage_ = Stage::kNone;
    r.first_of_duel_ = 1;
    r.first_player_ = 0;
    r.turn_player_ = 0;
    r.first_passer_ = -1;
    r.cards_played_ = 2;
    Player& p0 = player(r, 0);
    t.p0_bottom0 = add(r, 0, "ecaille", Where::kDeck);
    t.p0_bottom1 = add(r, 0, "eclair", Where::kDeck);
    for (const char* c : {"lame-de-braise", "brasier", "sonde"}) t.p0_hidden_deck.push_back(add(r, 0, c, Where::kDeck));
    t.p0_top = add(r, 0, "ecaille", Where::kDeck);
    p0.known_bottom = 2;
    p0.top_up = true;
    t.p0_hand_lame = add(r, 0, "lame-de-braise", Where::kHand);
    t.p0_hand_sonde = add(r, 0, "sonde", Where::kHand);
    t.p0_hand_eclair = add(r, 0, "eclair", Where::kHand);
    obj(r, t.p0_hand_eclair).known = true;
    t.p0_discard = add(r, 0, "ecaille", Where::kDiscard);
    t.p0_neant = add(r, 0, "sonde", Where::kNeant);
    t.p0_body_lame = add(r, 0, "lame-de-braise", Where::kBody, static_cast<int>(Slot::kTete));
    t.p0_infused = add(r, 0, "lame-de-braise", Where::kInfusion, 0);
    t.p0_objet = add(r, 0, "bouclier", Where::kObjet, 0);
    obj(r, t.p0_objet).engaged = true;
    p0.pv = 10;
    p0.reserve = 2;
    p0.poison = 1;
    p0.bloque[static_cast<size_t>(Slot::kTorse)] = 2;

    Player& p1 = player(r, 1);
    for (const char* c : {"lame-de-braise", "brasier", "ecaille", "sonde"}) {
      t.p1_hidden_deck.push_back(add(r, 1, c, Where::kDeck));
    }
    t.p1_top = add(r, 1, "eclair", Where::kDeck);
    p1.top_up = true;
    p1.top_mark = 1;
    t.p1_hand_brasier = add(r, 1, "brasier", Where::kHand);
    t.p1_hand_eclair = add(r, 1, "eclair", Where::kHand);
    obj(r, t.p1_hand_eclair).known = true;
    t.p1_hand_searched = add(r, 1, "lame-de-braise", Where::kHand);
    t.p1_discard = add(r, 1, "sonde", Where::kDiscard);
    t.p1_body_ecaille = add(r, 1, "ecaille", Where::kBody, static_cast<int>(Slot::kTorse));
    obj(r, t.p1_body_ecaille).counter = true;
    t.p1_objet = add(r, 1, "bouclier", Where::kObjet, 1);
    p1.pv = 8;
    p1.saignement = 2;
    p1.sonne = 1;
    p1.torpeur = true;
    p1.point_faible[static_cast<size_t>(Slot::kTete)] = 1;

    log(r, kEvPassStart, 0, 3);
    log(r, kEvDraw, 0, t.p0_hand_lame, 0);
    log(r, kEvDraw, 1, t.p1_hand_brasier, 0);
    log(r, kEvDraw, 1, t.p1_hand_eclair, 1);
    log(r, kEvTopSoul, 0, t.p0_top);
    log(r, kEvTopSoul, 1, t.p1_top);
    log(r, kEvRecherche, 1, t.p1_hand_searched, 3);
    log(r, kEvShuffle, 1);
    log(r, kEvSacrifice, 0, t.p0_discard, 2, 4);
    log(r, kEvPlay, 0, t.p0_body_lame, static_cast<int>(Slot::kTete), 0);
    log(r, kEvLetThrough, 1, t.p0_body_lame);
    log(r, kEvHit, 1, static_cast<int>(Slot::kTete), 4, 0);
    log(r, kEvTopSoulDown, 1, t.p1_discard, 4);
    log(r, kEvPvLoss, 1, 4, 8);
    if (ids != nullptr) *ids = t;
    return s;
  }
};

}  // namespace rise::rrd

namespace rrdview {

using rise::rrd::RrdState;
using T = rise::rrd::RrdViewTestAccess;

// A Game for the test cards: states are built by RrdViewTestAccess, read back with
// RrdState::from_json against view_test_cards().
class ViewTestGame final : public rise::Game {
 public:
  ViewTestGame() {
    info_.id = "raise-rise-die";
    info_.name = "Raise, Rise & Die (view test cards)";
    info_.perfect_information = false;
    info_.deterministic = false;
    info_.has_evaluation = true;
  }
  const rise::GameInfo& info() const override { return info_; }
  std::unique_ptr<rise::State> new_initial_state(uint64_t seed, const rise::Options&, int) const override {
    return T::table(*this, nullptr, seed);
  }
  std::unique_ptr<rise::State> state_from_json(const nlohmann::json& json) const override {
    return RrdState::from_json(*this, json, view_test_cards());
  }

 private:
  rise::GameInfo info_;
};

inline const ViewTestGame& game() {
  static const ViewTestGame g;
  return g;
}

inline std::unique_ptr<RrdState> table(T::Table* ids = nullptr, uint64_t seed = 7) {
  return T::table(game(), ids, seed);
}

inline std::unique_ptr<RrdState> load(const nlohmann::json& json) {
  std::unique_ptr<rise::State> s = game().state_from_json(json);
  return std::unique_ptr<RrdState>(static_cast<RrdState*>(s.release()));
}

// The message of the InputError thrown by loading the table's JSON after `edit`, or "" if
// none.
inline std::string refusal(const std::function<void(nlohmann::json&)>& edit) {
  nlohmann::json j = table()->to_json();
  edit(j);
  try {
    load(j);
  } catch (const rise::InputError& e) {
    return e.what();
  }
  return "";
}

// `text` contains `part`.
inline bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Every value of a field "id" anywhere in `json` (the object ids an observation shows).
inline void collect_ids(const nlohmann::json& json, std::set<int>& out) {
  if (json.is_object()) {
    for (auto it = json.begin(); it != json.end(); ++it) {
      if (it.key() == "id" && it.value().is_number_integer()) out.insert(it.value().get<int>());
      collect_ids(it.value(), out);
    }
  } else if (json.is_array()) {
    for (const auto& v : json) collect_ids(v, out);
  }
}

}  // namespace rrdview
