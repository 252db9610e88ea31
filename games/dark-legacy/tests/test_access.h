// Test access to a dark-legacy state: builds exact table-top situations for the rule tests.
//
// DlState declares `friend class DlTestAccess`, so this class (tests only) reaches the
// private fields, zones and flow variables. A test usually starts from table(): a real
// battle of two test decks (test_cards.h) after the set-up, reset to a clean middle-game
// position — p0 active at turn 3 about to declare its phase (its second turn, so it may
// attack), p1 has had one turn, both heroes level 1 with 50 Life Points, no Casting Points,
// empty hands, nothing in play and an empty log. The libraries keep every card, so draws
// work. Cards are then put where a test wants them (add_to_hand, add_creature, set_weapon,
// ...), the test acts in notation ("cast #57") and checks the result.
//
// d20s are forced (docs/formats.md, "Forced chance"): `force_d20(s, {19, 4})` just before
// the action that rolls them makes its next d20 rolls 19 then 4.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <initializer_list>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "dark-legacy/state.h"
#include "rise/core/error.h"
#include "rise/core/forced_chance.h"
#include "rise/core/game.h"
#include "rise/core/rng.h"
#include "test_cards.h"

namespace rise::dl {

class DlTestAccess {
 public:
  static Player& player(DlState& s, int p) { return s.players_[static_cast<size_t>(p)]; }
  static Hero& hero(DlState& s, int p) { return player(s, p).hero; }
  static Obj& obj(DlState& s, int id) { return s.objs_[static_cast<size_t>(id)]; }

  // Index of a card id in the card database; fails the test if unknown.
  static int def(const DlState& s, const std::string& card) {
    int d = s.cards_->find(card);
    EXPECT_GE(d, 0) << "unknown test card " << card;
    return d;
  }

  // A new object of `card` owned by p in its hand / on top of its library / in its Boneyard.
  static int add_to_hand(DlState& s, int p, const std::string& card) {
    int id = s.create_object(def(s, card), p, Where::kHand);
    player(s, p).hand.push_back(static_cast<int16_t>(id));
    return id;
  }
  static int add_to_library_top(DlState& s, int p, const std::string& card) {
    int id = s.create_object(def(s, card), p, Where::kLibrary);
    player(s, p).library.push_back(static_cast<int16_t>(id));
    return id;
  }
  // A card in play in p's Spell Casting Field `field` (-1: the field the engine would choose),
  // resolved, cast on an earlier turn (so a creature may attack). No effect runs.
  static int add_in_field(DlState& s, int p, const std::string& card, int field = -1) {
    int id = s.create_object(def(s, card), p, Where::kSpellField);
    if (field < 0) field = s.field_for(p, s.objs_[static_cast<size_t>(id)].def);
    EXPECT_GE(field, 0) << "no open field for " << card;
    Obj& o = obj(s, id);
    o.slot = static_cast<int8_t>(field);
    o.cast_turn = 1;
    player(s, p).fields[static_cast<size_t>(field)].push_back(static_cast<int16_t>(id));
    return id;
  }
  static int add_creature(DlState& s, int p, const std::string& card) { return add_in_field(s, p, card); }
  // A Weapon / Armor equipped in `slot` (0 primary, 1 secondary).
  static int set_weapon(DlState& s, int p, int slot, const std::string& card) {
    int id = s.create_object(def(s, card), p, Where::kWeapon);
    obj(s, id).slot = static_cast<int8_t>(slot);
    player(s, p).weapon[static_cast<size_t>(slot)] = static_cast<int16_t>(id);
    return id;
  }
  static int set_armor(DlState& s, int p, int slot, const std::string& card, int damage = 0) {
    int id = s.create_object(def(s, card), p, Where::kArmor);
    obj(s, id).slot = static_cast<int8_t>(slot);
    obj(s, id).damage = static_cast<int16_t>(damage);
    player(s, p).armor[static_cast<size_t>(slot)] = static_cast<int16_t>(id);
    ++player(s, p).armor_played;
    return id;
  }
  static int add_relic(DlState& s, int p, const std::string& card) {
    int id = s.create_object(def(s, card), p, Where::kRelicField);
    player(s, p).relics.push_back(static_cast<int16_t>(id));
    return id;
  }
  static int add_hero_enhancement(DlState& s, int p, const std::string& card) {
    int id = s.create_object(def(s, card), p, Where::kHeroField);
    player(s, p).hero_enh.push_back(static_cast<int16_t>(id));
    return id;
  }
  static int attach(DlState& s, int p, int host, const std::string& card) {
    int id = s.create_object(def(s, card), p, Where::kAttached);
    obj(s, id).attached_to = static_cast<int16_t>(host);
    player(s, p).gear_enh.push_back(static_cast<int16_t>(id));
    return id;
  }
  // A card face down in p's Charging Field with `tokens` tokens.
  static int set_charging(DlState& s, int p, const std::string& card, int tokens) {
    int id = s.create_object(def(s, card), p, Where::kCharging);
    player(s, p).charging = static_cast<int16_t>(id);
    player(s, p).tokens = static_cast<int8_t>(tokens);
    return id;
  }

  static void set_cp(DlState& s, int p, int cp) { player(s, p).cp = static_cast<int16_t>(cp); }
  static void set_life(DlState& s, int p, int life) { hero(s, p).life = static_cast<int16_t>(life); }
  static void set_poison(DlState& s, int p, int poison) { hero(s, p).poison = static_cast<int8_t>(poison); }
  static void set_hero(DlState& s, int p, const std::string& spec) {
    Hero& h = hero(s, p);
    h.spec = parse_hero_spec(spec, "test");
    h.start_life = static_cast<int16_t>(h.spec.primary_level() >= 6 ? 100 : 50);
    h.life = h.start_life;
  }
  // The hero dies as the rules say (its equipment goes to the Boneyard).
  static void kill_hero(DlState& s, int p) { s.destroy_hero(p); }
  static void set_turns_taken(DlState& s, int p, int n) { player(s, p).turns_taken = static_cast<int16_t>(n); }
  static void set_turn(DlState& s, int turn) { s.turn_ = static_cast<int16_t>(turn); }
  static void set_turn_limit(DlState& s, int limit) { s.turn_limit_ = static_cast<int16_t>(limit); }
  static void set_rng(DlState& s, uint64_t seed) { s.rng_ = Rng(seed); }
  static void clear_events(DlState& s) { s.events_.clear(); }

  // Forces the next chance outcomes of `s`, in order (docs/formats.md, "Forced chance"),
  // e.g. force(s, R"([{"shuffle": "random"}, {"d20": 7}])"). Returns them.
  static std::shared_ptr<ForcedChance> force(DlState& s, const std::string& outcomes) {
    auto chance = ForcedChance::parse(nlohmann::json::parse(outcomes), "test chance");
    s.force_chance(chance);
    return chance;
  }
  // The next d20s of `s` will be `rolls` (then random); `shuffles` shuffles come first.
  static std::shared_ptr<ForcedChance> force_d20(DlState& s, const std::vector<int>& rolls, int shuffles = 0) {
    nlohmann::json list = nlohmann::json::array();
    for (int k = 0; k < shuffles; ++k) list.push_back({{"shuffle", "random"}});
    for (int r : rolls) list.push_back({{"d20", r}});
    return force(s, list.dump());
  }

  // Every card of p not in its library goes back to the bottom of it, everything reset.
  static void return_all(DlState& s, int p) {
    Player& pl = player(s, p);
    std::vector<int16_t> back;
    for (int id = 0; id < s.num_objects(); ++id) {
      Obj& o = s.objs_[static_cast<size_t>(id)];
      if (o.owner != p || o.where == Where::kLibrary) continue;
      o = Obj{o.def, o.owner};
      back.push_back(static_cast<int16_t>(id));
    }
    pl.library.insert(pl.library.begin(), back.begin(), back.end());
    pl.hand.clear();
    pl.boneyard.clear();
    pl.removed.clear();
    pl.weapon = {{-1, -1}};
    pl.armor = {{-1, -1}};
    pl.relics.clear();
    pl.hero_enh.clear();
    pl.gear_enh.clear();
    for (auto& f : pl.fields) f.clear();
    pl.charging = -1;
    pl.tokens = 0;
  }

  // p active at its own decision in `phase` (kDeclare, kCasting, kAttackers), nothing pending.
  static void set_phase(DlState& s, int p, Phase phase) {
    s.phase_ = phase;
    s.active_ = static_cast<int8_t>(p);
    s.stage_ = Stage::kNone;
    s.after_stack_ = AfterStack::kNothing;
    s.window_open_ = false;
    s.resolving_ = false;
    s.stack_.clear();
    s.frames_.clear();
    s.attacks_.clear();
    s.choice_.clear();
    s.chosen_ = kNoRef;
  }

  // The clean middle-game position described at the top of this file.
  static void reset_table(DlState& s) {
    for (int p = 0; p < 2; ++p) {
      return_all(s, p);
      Player& pl = player(s, p);
      pl.cp = 0;
      pl.armor_played = 0;
      pl.charged_this_turn = false;
      pl.peek_known = 0;
      pl.turns_taken = static_cast<int16_t>(p == 0 ? 2 : 1);
      pl.hero.alive = true;
      pl.hero.life = pl.hero.start_life;
      pl.hero.poison = 0;
    }
    s.first_player_ = 0;
    s.turn_ = 3;
    s.winner_ = -1;
    s.defend_weapon_ = 0;
    set_phase(s, 0, Phase::kDeclare);
    s.events_.clear();
  }
};

}  // namespace rise::dl

namespace dltest {

using rise::Action;
using rise::dl::DlState;
using rise::dl::DlTestAccess;
using rise::dl::Event;
using rise::dl::Phase;
using rise::dl::Where;
using T = rise::dl::DlTestAccess;

// A Game for the test cards: decks by name (test_cards.h), heroes as HeroSpec strings.
class TestGame final : public rise::Game {
 public:
  TestGame() {
    info_.id = "dark-legacy";
    info_.name = "Dark Legacy (test cards)";
    info_.perfect_information = false;
    info_.deterministic = false;
    info_.has_evaluation = true;
    info_.options = {{"decks", "mixed,mixed", "test decks", {}}, {"hero0", "darkness:1", "", {}},
                     {"hero1", "darkness:1", "", {}}, {"turn_limit", "200", "", {}}};
  }
  const rise::GameInfo& info() const override { return info_; }

  std::unique_ptr<DlState> make(uint64_t seed, const std::string& deck0 = "mixed", const std::string& deck1 = "mixed",
                                const std::string& hero0 = "darkness:1", const std::string& hero1 = "darkness:1",
                                int turn_limit = 200) const {
    auto cards = test_cards();
    std::vector<std::vector<int>> decks;
    for (const std::string& name : {deck0, deck1}) {
      std::vector<int> deck;
      for (const auto& [id, copies] : test_deck(name)) {
        for (int k = 0; k < copies; ++k) deck.push_back(cards->require(id, " in test deck " + name));
      }
      decks.push_back(deck);
    }
    std::vector<rise::dl::HeroSpec> heroes = {rise::dl::parse_hero_spec(hero0, "hero0"),
                                              rise::dl::parse_hero_spec(hero1, "hero1")};
    nlohmann::json opts = {{"decks", deck0 + "," + deck1}, {"hero0", hero0}, {"hero1", hero1},
                           {"turn_limit", std::to_string(turn_limit)}};
    return std::make_unique<DlState>(*this, cards, seed, decks, heroes, std::vector<std::string>{deck0, deck1},
                                     turn_limit, opts.dump());
  }

  std::unique_ptr<rise::State> new_initial_state(uint64_t seed, const rise::Options& options, int) const override {
    rise::Options o = resolve_options(options);
    auto comma = o.at("decks").find(',');
    return make(seed, o.at("decks").substr(0, comma), o.at("decks").substr(comma + 1), o.at("hero0"), o.at("hero1"),
                std::stoi(o.at("turn_limit")));
  }
  std::unique_ptr<rise::State> state_from_json(const nlohmann::json& json) const override {
    return DlState::from_json(*this, json, test_cards());
  }

 private:
  rise::GameInfo info_;
};

inline const TestGame& game() {
  static const TestGame g;
  return g;
}

inline void act(DlState& s, const std::string& text) { rise::apply_notation(s, text, "test"); }

inline bool legal(const DlState& s, const std::string& text) { return s.is_legal(s.string_to_action(text)); }

inline std::set<Action> legal_set(const DlState& s) {
  std::vector<Action> list;
  s.legal_actions(list);
  return {list.begin(), list.end()};
}
inline std::set<Action> actions(const DlState& s, const std::vector<std::string>& texts) {
  std::set<Action> out;
  for (const auto& t : texts) out.insert(s.string_to_action(t));
  return out;
}
inline std::vector<std::string> legal_texts(const DlState& s) {
  std::vector<std::string> out;
  for (Action a : s.legal_actions()) out.push_back(s.action_to_string(a));
  return out;
}

inline std::string card(int id) { return "#" + std::to_string(id); }

// The message of the InputError that loading state `j` throws, or "" when it loads.
inline std::string load_error(const nlohmann::json& j) {
  try {
    game().state_from_json(j);
  } catch (const rise::InputError& e) {
    return e.what();
  }
  return "";
}

// Why the action written `text` is not legal in `s` (explain_illegal).
inline std::string explain(const DlState& s, const std::string& text) {
  return s.explain_illegal(s.string_to_action(text));
}

// A zone's contents, as the state holds them.
inline std::vector<int16_t> ids(std::initializer_list<int> list) {
  std::vector<int16_t> out;
  for (int id : list) out.push_back(static_cast<int16_t>(id));
  return out;
}

// The clean middle-game table of DlTestAccess::reset_table.
inline std::unique_ptr<DlState> table(uint64_t seed = 7, const std::string& hero0 = "darkness:1",
                                      const std::string& hero1 = "darkness:1") {
  auto s = game().make(seed, "mixed", "mixed", hero0, hero1);
  act(*s, "equip t-sword");
  act(*s, "equip t-sword");
  T::reset_table(*s);
  return s;
}

// Events of one kind, in order.
inline std::vector<Event> events_of(const DlState& s, int kind) {
  std::vector<Event> out;
  for (const Event& e : s.events()) {
    if (e.kind == kind) out.push_back(e);
  }
  return out;
}

// The log as p's observation shows it (one line per event).
inline std::vector<std::string> log_lines(const DlState& s, int viewer = rise::kTerminalPlayer) {
  std::vector<std::string> out;
  for (const Event& e : s.events()) out.push_back(s.describe_event(e, viewer));
  return out;
}
inline bool log_has(const DlState& s, const std::string& text, int viewer = rise::kTerminalPlayer) {
  for (const auto& line : log_lines(s, viewer)) {
    if (line.find(text) != std::string::npos) return true;
  }
  return false;
}

inline bool contains(const std::vector<int16_t>& zone, int id) {
  return std::find(zone.begin(), zone.end(), id) != zone.end();
}

// JSON round trip: the state read back writes the same JSON.
inline void expect_round_trip(const DlState& s) {
  nlohmann::json j = s.to_json();
  auto back = game().state_from_json(j);
  ASSERT_EQ(back->to_json().dump(), j.dump());
}

}  // namespace dltest
