// Test access to a raise-rise-die state: builds exact table-top situations for the rule tests.
//
// RrdState declares `friend class RrdTestAccess`, so this class (tests only) reaches the
// private fields. A test usually starts from table(deck0, deck1): a duel of the test cards
// (test_cards.h) whose decks are in the given order (first listed = top, not shuffled), set
// to a clean middle position — Passe d'Armes 3, Affrontement, p0 first player and to act,
// empty hands, reserves, discard piles and slots, 20 PV each, no markers, each deck's top
// card face up as its Top Soul, an empty log. Cards are then put where the test wants them
// (add_to_hand, add_objet, set_reserve, ...), the test acts with
// `s.apply_action(make_action(kActJoue, id, int(Slot::kTete)))` and checks the result.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "raise-rise-die/state.h"
#include "rise/core/error.h"
#include "rise/core/forced_chance.h"
#include "rise/core/game.h"
#include "test_cards.h"

namespace rise::rrd {

class RrdTestAccess {
 public:
  static Player& player(RrdState& s, int p) { return s.players_[static_cast<size_t>(p)]; }
  static Obj& obj(RrdState& s, int id) { return s.objs_[static_cast<size_t>(id)]; }

  // Index of a card id in the card database; fails the test if unknown.
  static int def(const RrdState& s, const std::string& card) {
    int d = s.cards_->find(card);
    EXPECT_GE(d, 0) << "unknown test card " << card;
    return d;
  }

  // A new object of `card` owned by p: in its hand / on top of its deck (face up as the Top
  // Soul) / on top of its discard pile / on body slot `slot` (played successfully this pass).
  static int add_to_hand(RrdState& s, int p, const std::string& card) {
    int id = s.create_object(def(s, card), p, Where::kHand);
    player(s, p).hand.push_back(static_cast<int16_t>(id));
    return id;
  }
  static int add_to_deck_top(RrdState& s, int p, const std::string& card) {
    int id = s.create_object(def(s, card), p, Where::kDeck);
    player(s, p).deck.push_back(static_cast<int16_t>(id));
    player(s, p).top_up = true;
    player(s, p).top_mark = 0;
    return id;
  }
  static int add_to_discard(RrdState& s, int p, const std::string& card) {
    int id = s.create_object(def(s, card), p, Where::kDiscard);
    player(s, p).discard.push_back(static_cast<int16_t>(id));
    return id;
  }
  static int add_on_body(RrdState& s, int p, const std::string& card, Slot slot) {
    int id = s.create_object(def(s, card), p, Where::kBody);
    obj(s, id).slot = static_cast<int8_t>(slot);
    player(s, p).body[static_cast<size_t>(slot)].push_back(static_cast<int16_t>(id));
    return id;
  }
  // A card in p's first free infusion slot.
  static int add_infused(RrdState& s, int p, const std::string& card) {
    auto& slots = player(s, p).infusion;
    auto free = std::find(slots.begin(), slots.end(), static_cast<int16_t>(-1));
    EXPECT_NE(free, slots.end()) << "no free infusion slot";
    int id = s.create_object(def(s, card), p, Where::kInfusion);
    obj(s, id).slot = static_cast<int8_t>(free - slots.begin());
    *free = static_cast<int16_t>(id);
    return id;
  }
  // An objet in p's first free object slot.
  static int add_objet(RrdState& s, int p, const std::string& card, bool engaged = false) {
    auto& slots = player(s, p).objets;
    auto free = std::find(slots.begin(), slots.end(), static_cast<int16_t>(-1));
    EXPECT_NE(free, slots.end()) << "no free object slot";
    int id = s.create_object(def(s, card), p, Where::kObjet);
    obj(s, id).slot = static_cast<int8_t>(free - slots.begin());
    obj(s, id).engaged = engaged;
    *free = static_cast<int16_t>(id);
    return id;
  }
  // Every card of p's deck goes to the Néant (a deck with no Top Soul left).
  static void empty_deck(RrdState& s, int p) {
    Player& pl = player(s, p);
    for (int16_t id : pl.deck) {
      obj(s, id).where = Where::kNeant;
      pl.neant.push_back(id);
    }
    pl.deck.clear();
    pl.top_up = false;
    pl.known_bottom = 0;
  }

  static void set_reserve(RrdState& s, int p, int va) { player(s, p).reserve = static_cast<int16_t>(va); }
  static void set_pv(RrdState& s, int p, int pv) { player(s, p).pv = static_cast<int16_t>(pv); }
  static void set_poison(RrdState& s, int p, int n) { player(s, p).poison = static_cast<int8_t>(n); }
  static void set_saignement(RrdState& s, int p, int n) { player(s, p).saignement = static_cast<int8_t>(n); }
  static void set_sonne(RrdState& s, int p, int n) { player(s, p).sonne = static_cast<int8_t>(n); }
  static void set_torpeur(RrdState& s, int p, bool on) { player(s, p).torpeur = on; }
  static void set_bloque(RrdState& s, int p, Slot slot, int x) {
    player(s, p).bloque[static_cast<size_t>(slot)] = static_cast<int16_t>(x);
  }
  static void set_point_faible(RrdState& s, int p, Slot slot, int x) {
    player(s, p).point_faible[static_cast<size_t>(slot)] = static_cast<int16_t>(x);
  }
  static void set_top_mark(RrdState& s, int p, int x) { player(s, p).top_mark = static_cast<int16_t>(x); }
  static void set_top_up(RrdState& s, int p, bool up) { player(s, p).top_up = up; }
  static void set_known_bottom(RrdState& s, int p, int n) { player(s, p).known_bottom = static_cast<int16_t>(n); }
  static void set_passed_last(RrdState& s, int p, bool passed) { player(s, p).passed_last = passed; }
  // p to act in the Affrontement (its turn, no window, no choice).
  static void set_turn(RrdState& s, int p) { s.turn_player_ = p; }
  static void set_first_player(RrdState& s, int p) { s.first_player_ = p; }
  static void set_first_passer(RrdState& s, int p) { s.first_passer_ = p; }
  static void set_cards_played(RrdState& s, int n) { s.cards_played_ = n; }
  static void set_pass(RrdState& s, int n) { s.pass_ = n; }
  static void set_pass_limit(RrdState& s, int n) { s.pass_limit_ = n; }
  static void set_rng(RrdState& s, uint64_t seed) { s.rng_ = Rng(seed); }
  static void clear_events(RrdState& s) { s.events_.clear(); }
  static void add_choice(RrdState& s, ChoiceKind kind, int p, int amount) {
    s.choices_.push_back(Choice{kind, static_cast<uint8_t>(p), static_cast<int16_t>(amount)});
  }
  // Runs the engine's automatic flow (after the test changed the position by hand).
  static void run(RrdState& s) { s.continue_flow(); }

  // The next Passe d'Armes begins from the position as it is (the previous pass over): its
  // preparation runs up to the first decision.
  static void begin_next_pass(RrdState& s) {
    s.phase_ = Phase::kPreparation;
    s.stage_ = Stage::kNone;
    s.start_pass();
    s.continue_flow();
  }
  // The Affrontement ends now (as after the passes of RRD-5.8); the consolidation begins.
  static void end_affrontement(RrdState& s) {
    s.end_affrontement();
    s.continue_flow();
  }

  // The clean middle position described at the top of this file.
  static void reset_table(RrdState& s) {
    for (int p = 0; p < 2; ++p) {
      Player& pl = player(s, p);
      pl.reserve = 0;
      pl.poison = 0;
      pl.saignement = 0;
      pl.sonne = 0;
      pl.torpeur = false;
      pl.top_up = !pl.deck.empty();
      pl.top_mark = 0;
      pl.known_bottom = 0;
      pl.passed_last = false;
      pl.decked = false;
      pl.bloque = {};
      pl.point_faible = {};
      pl.pv = pl.pv_start;
    }
    s.pass_ = 3;
    s.first_of_duel_ = 0;
    s.first_player_ = 0;
    s.turn_player_ = 0;
    s.first_passer_ = -1;
    s.cards_played_ = 0;
    s.winner_ = -1;
    s.phase_ = Phase::kAffrontement;
    s.stage_ = Stage::kNone;
    s.choices_.clear();
    s.window_ = Window{};
    s.events_.clear();
  }
};

}  // namespace rise::rrd

namespace rrdtest {

using rise::Action;
using rise::rrd::Choice;
using rise::rrd::ChoiceKind;
using rise::rrd::Event;
using rise::rrd::make_action;
using rise::rrd::Phase;
using rise::rrd::RrdState;
using rise::rrd::Stage;
using rise::rrd::Where;
using namespace rise::rrd;  // verbs and event kinds
using T = rise::rrd::RrdTestAccess;

// A Game for the test cards: decks are lists of card ids, first listed = top.
class TestGame final : public rise::Game {
 public:
  TestGame() {
    info_.id = "raise-rise-die";
    info_.name = "Raise, Rise & Die (test cards)";
    info_.perfect_information = false;
    info_.deterministic = false;
    info_.has_evaluation = true;
    info_.options = {{"pass_limit", "60", "", {}}};
  }
  const rise::GameInfo& info() const override { return info_; }

  // A duel before start_duel(): the decks in the given order (first listed on top).
  std::unique_ptr<RrdState> make(uint64_t seed, const std::vector<std::string>& deck0,
                                 const std::vector<std::string>& deck1, int pass_limit = 60) const {
    auto cards = test_cards();
    std::vector<std::vector<int>> decks;
    for (const auto* list : {&deck0, &deck1}) {
      std::vector<int> defs;
      for (auto it = list->rbegin(); it != list->rend(); ++it) defs.push_back(cards->require(*it, " in a test deck"));
      decks.push_back(defs);
    }
    const int hero = cards->find_character("t-duelliste");
    const int lame = cards->find_weapon("t-lame");
    return std::make_unique<RrdState>(*this, cards, seed, decks, std::vector<int>{hero, hero},
                                      std::vector<std::vector<int>>{{lame}, {lame}},
                                      std::vector<std::string>{"test0", "test1"}, pass_limit,
                                      "{\"pass_limit\":\"" + std::to_string(pass_limit) + "\"}");
  }

  std::unique_ptr<rise::State> new_initial_state(uint64_t seed, const rise::Options& options, int) const override {
    rise::Options o = resolve_options(options);
    auto s = make(seed, mixed_deck(), mixed_deck(), std::stoi(o.at("pass_limit")));
    s->start_duel();
    return s;
  }
  std::unique_ptr<rise::State> state_from_json(const nlohmann::json& json) const override {
    return RrdState::from_json(*this, json, test_cards());
  }

 private:
  rise::GameInfo info_;
};

inline const TestGame& game() {
  static const TestGame g;
  return g;
}

// The clean middle position of RrdTestAccess::reset_table with these decks (top first).
inline std::unique_ptr<RrdState> table(const std::vector<std::string>& deck0 = gardes(),
                                       const std::vector<std::string>& deck1 = gardes()) {
  auto s = game().make(7, deck0, deck1);
  T::reset_table(*s);
  return s;
}

// Forces the next chance outcomes of `s`, in order (docs/formats.md, "Forced chance"), e.g.
// force(s, R"([{"shuffle": ["eclat"]}, {"shuffle": "random"}, {"pick": 1}])"). Returns them, to
// check they were used up. Tests force chance this way rather than search for a seed.
inline std::shared_ptr<rise::ForcedChance> force(RrdState& s, const std::string& outcomes) {
  auto chance = rise::ForcedChance::parse(nlohmann::json::parse(outcomes), "test chance");
  s.force_chance(chance);
  return chance;
}

// Forces the chance of start_duel() (Rules RRD-4.7, RRD-4.1): p0's deck shuffle puts `top0`
// on top (the first named topmost; the rest at random), then p1's puts `top1`, then seat
// `first` is drawn to begin the duel. Call it before start_duel().
inline std::shared_ptr<rise::ForcedChance> force_start(RrdState& s, int first, const std::vector<std::string>& top0 = {},
                                                       const std::vector<std::string>& top1 = {}) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto* top : {&top0, &top1}) {
    list.push_back(top->empty() ? nlohmann::json{{"shuffle", "random"}} : nlohmann::json{{"shuffle", *top}});
  }
  list.push_back({{"pick", first}});
  return force(s, list.dump());
}

// Applies one action (throws InputError if illegal).
inline void act(RrdState& s, int verb, int a = 0, int b = 0) { s.apply_action(make_action(verb, a, b)); }
inline bool legal(const RrdState& s, int verb, int a = 0, int b = 0) { return s.is_legal(make_action(verb, a, b)); }
inline int slot(Slot s) { return static_cast<int>(s); }

// p0 plays hand card `card` (added to its hand) at body slot `where` with `reserve` VA in
// reserve, and p1 lets it through (laisse). Returns the card's object id.
inline int play_through(RrdState& s, const std::string& card, Slot where, int reserve) {
  int id = T::add_to_hand(s, 0, card);
  T::set_reserve(s, 0, reserve);
  act(s, kActJoue, id, slot(where));
  act(s, kActLaisse);
  return id;
}

inline std::set<Action> legal_set(const RrdState& s) {
  std::vector<Action> list;
  s.legal_actions(list);
  return {list.begin(), list.end()};
}

// Events of one kind, in order.
inline std::vector<Event> events_of(const RrdState& s, int kind) {
  std::vector<Event> out;
  for (const Event& e : s.events()) {
    if (e.kind == kind) out.push_back(e);
  }
  return out;
}
inline bool has_event(const RrdState& s, int kind, int player, int a, int b = -9999) {
  for (const Event& e : s.events()) {
    if (e.kind == kind && e.player == player && e.a == a && (b == -9999 || e.b == b)) return true;
  }
  return false;
}

inline std::vector<int> ids(const std::vector<int16_t>& zone) { return {zone.begin(), zone.end()}; }
inline bool contains(const std::vector<int16_t>& zone, int id) {
  return std::find(zone.begin(), zone.end(), id) != zone.end();
}
// The Top Soul of p (its deck's top object), -1 if none.
inline int top_soul(const RrdState& s, int p) {
  const auto& deck = s.player(p).deck;
  return deck.empty() ? -1 : deck.back();
}

}  // namespace rrdtest

namespace rrdtest {

// Every broken invariant of the state, one line each (empty if none): each object lies in
// exactly the zone its Obj says, reserves and markers are not negative, the public bottom
// fits the deck, a Top Soul is face up whenever the deck has cards outside the preparation
// (Interpretation RRD-3.6), only objets in object slots are engagé.
inline std::string invariant_errors(const RrdState& s) {
  std::string err;
  std::vector<int> seen(static_cast<size_t>(s.num_objects()), 0);
  auto check = [&](int id, int p, Where w, int slot, const char* zone) {
    if (id < 0 || id >= s.num_objects()) {
      err += std::string("bad id in ") + zone + "\n";
      return;
    }
    ++seen[static_cast<size_t>(id)];
    const auto& o = s.obj(id);
    if (o.owner != p || o.where != w || (slot >= 0 && o.slot != slot)) {
      err += "#" + std::to_string(id) + " listed in " + zone + " of p" + std::to_string(p) + " but says otherwise\n";
    }
    if (o.engaged && w != Where::kObjet) err += "#" + std::to_string(id) + " engaged outside an object slot\n";
  };
  for (int p = 0; p < 2; ++p) {
    const auto& pl = s.player(p);
    for (int16_t id : pl.deck) check(id, p, Where::kDeck, -1, "deck");
    for (int16_t id : pl.hand) check(id, p, Where::kHand, -1, "hand");
    for (int16_t id : pl.discard) check(id, p, Where::kDiscard, -1, "discard");
    for (int16_t id : pl.neant) check(id, p, Where::kNeant, -1, "neant");
    for (int k = 0; k < rise::rrd::kBodySlots; ++k) {
      for (int16_t id : pl.body[static_cast<size_t>(k)]) check(id, p, Where::kBody, k, "body");
    }
    for (int k = 0; k < rise::rrd::kInfusionSlots; ++k) {
      if (pl.infusion[static_cast<size_t>(k)] >= 0)
        check(pl.infusion[static_cast<size_t>(k)], p, Where::kInfusion, k, "infusion");
    }
    for (int k = 0; k < rise::rrd::kObjectSlots; ++k) {
      if (pl.objets[static_cast<size_t>(k)] >= 0)
        check(pl.objets[static_cast<size_t>(k)], p, Where::kObjet, k, "objets");
    }
    if (pl.reserve < 0) err += "negative reserve\n";
    if (pl.poison < 0 || pl.saignement < 0 || pl.sonne < 0) err += "negative marker\n";
    if (pl.known_bottom < 0 || pl.known_bottom > static_cast<int>(pl.deck.size())) err += "known_bottom too big\n";
    if (pl.top_up && pl.deck.empty()) err += "Top Soul face up on an empty deck\n";
    if (!pl.top_up && pl.top_mark != 0) err += "a mark without a Top Soul\n";
    if (s.phase() == Phase::kAffrontement && !pl.deck.empty() && !pl.top_up) err += "no Top Soul face up\n";
  }
  for (int id = 0; id < s.num_objects(); ++id) {
    if (seen[static_cast<size_t>(id)] != 1)
      err += "#" + std::to_string(id) + " is in " + std::to_string(seen[static_cast<size_t>(id)]) + " zones\n";
  }
  return err;
}

}  // namespace rrdtest
