// Test access to a rise-tcg state: builds exact table-top situations for the rule tests.
//
// TcgState declares `friend class TcgTestAccess`, so this class (tests only) reaches the
// private zones, counters and flow variables. A test starts from table(): a real game of
// the test decks (tests/data, "alpha" for p0 and "beta" for p1) after both players kept,
// reset to a clean middle-game position — p0 active in its Invocation step, both players
// started, empty hands, no Coins or Ether, Summoners at level 1 (p0's untilted with 1
// Capacity Point, p1's tilted with none left), an empty battlefield and an empty event
// log. Libraries keep their 50 cards (Test Grunts and Test Level Ups), so draws work.
// Cards are then added where a test wants them, and the test acts in notation
// ("invoke #57 by S1") and checks the result. Only what this class sets is touched: the
// engine's own rules do everything else.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "rise/core/error.h"
#include "rise/core/forced_chance.h"
#include "rise/core/game.h"
#include "rise/core/registry.h"
#include "rise/core/rng.h"
#include "rise-tcg/state.h"

namespace rise::tcg {

class TcgTestAccess {
 public:
  static Player& player(TcgState& s, int p) { return s.players_[static_cast<size_t>(p)]; }
  static Summoner& summoner(TcgState& s, int p, int slot) {
    return s.players_[static_cast<size_t>(p)].summoners[static_cast<size_t>(slot)];
  }
  // Any field may change: the state's speed hints assume the worst.
  static Obj& obj(TcgState& s, int id) {
    s.attached_.all = s.maybe_pending_ = true;
    s.abilities_present_ = ~uint64_t{0};
    return s.objs_[static_cast<size_t>(id)];
  }

  // Index of a card id in the card database; fails the test if unknown.
  static int def(const TcgState& s, const std::string& card) {
    int d = s.cards_->db->find(card);
    EXPECT_GE(d, 0) << "unknown test card " << card;
    return d;
  }

  // A new object of `card` owned (and controlled) by p, put into a zone. Nothing triggers.
  static int add_to_hand(TcgState& s, int p, const std::string& card) {
    int id = s.create_object(def(s, card), p, Where::kHand);
    s.objs_[static_cast<size_t>(id)].reached_hand = true;  // as a card drawn into the hand
    player(s, p).hand.push_back(static_cast<int16_t>(id));
    return id;
  }
  static int add_to_library_top(TcgState& s, int p, const std::string& card) {
    int id = s.create_object(def(s, card), p, Where::kLibrary);
    player(s, p).library.push_back(static_cast<int16_t>(id));
    return id;
  }
  static int add_to_cemetery(TcgState& s, int p, const std::string& card) {
    int id = s.create_object(def(s, card), p, Where::kCemetery);
    player(s, p).cemetery.push_back(static_cast<int16_t>(id));
    return id;
  }
  // On the battlefield under p's control, untilted, without invocation sickness unless
  // `sick` (as if it had arrived on an earlier turn). Its `invoked` effects do not run.
  static int add_to_battlefield(TcgState& s, int p, const std::string& card, bool sick = false) {
    int id = s.create_object(def(s, card), p, Where::kBattlefield);
    s.objs_[static_cast<size_t>(id)].sick = sick;
    s.battlefield_.push_back(static_cast<int16_t>(id));
    return id;
  }
  // A Level Up card placed on a Summoner (level and Capacity Points are set separately).
  static int add_level_up(TcgState& s, int p, int slot) {
    int id = s.create_object(def(s, "test-levelup"), p, Where::kLevelUp);
    s.objs_[static_cast<size_t>(id)].attached_to = static_cast<int16_t>(kSummonerRef + 2 * p + slot);
    ++summoner(s, p, slot).level_ups;
    return id;
  }

  static void set_summoner_card(TcgState& s, int p, int slot, const std::string& card) {
    Summoner& sm = summoner(s, p, slot);
    sm.def = static_cast<int16_t>(def(s, card));
    sm.hp = static_cast<int8_t>(s.cards_->card(sm.def).hp);
  }
  // Level (with that many Level Up cards under it, so `restore` has levels to give back)
  // and Capacity Points.
  static void set_level(TcgState& s, int p, int slot, int level, int cp) {
    Summoner& sm = summoner(s, p, slot);
    sm.level = static_cast<int8_t>(level);
    sm.level_ups = static_cast<int8_t>(level - 1);
    sm.cp = static_cast<int8_t>(cp);
  }

  // Every hand card goes back under the library.
  static void clear_hand(TcgState& s, int p) {
    Player& pl = player(s, p);
    for (int16_t id : pl.hand) {
      s.objs_[static_cast<size_t>(id)].where = Where::kLibrary;
      s.objs_[static_cast<size_t>(id)].reached_hand = false;  // as if never drawn
      s.objs_[static_cast<size_t>(id)].opening_hand = false;
      pl.library.insert(pl.library.begin(), id);
    }
    pl.hand.clear();
  }
  // The library is emptied (its cards leave the game).
  static void empty_library(TcgState& s, int p) {
    Player& pl = player(s, p);
    for (int16_t id : pl.library) s.objs_[static_cast<size_t>(id)].where = Where::kGone;
    pl.library.clear();
  }

  // p active in its main phase (step 1 = Invocation, 2 = End of turn), nothing pending.
  static void set_main(TcgState& s, int p, int step = 1) {
    s.phase_ = Phase::kMain;
    s.active_ = static_cast<int8_t>(p);
    s.main_step_ = static_cast<int8_t>(step);
    s.window_open_ = false;
    s.window_kind_ = 0;
    s.passes_ = 0;
    s.resolving_ = false;
    s.stage_ = kStageNone;
    s.chain_.clear();
    s.frames_.clear();
    s.combat_.clear();
    s.choice_ = Choice{};
  }
  // p's Summoners untilted with their maximum Capacity Points (as after its Awakening).
  static void ready(TcgState& s, int p) {
    for (int slot = 0; slot < 2; ++slot) {
      Summoner& sm = summoner(s, p, slot);
      sm.tilted = false;
      sm.skills_used = 0;
      sm.cp = static_cast<int8_t>(s.max_cp(p, slot));
    }
  }
  // Only Summoner `slot` of p is untilted with 1 Capacity Point; the other has none.
  static void ready_one(TcgState& s, int p, int slot) {
    for (int k = 0; k < 2; ++k) {
      Summoner& sm = summoner(s, p, k);
      sm.tilted = k != slot;
      sm.skills_used = 0;
      sm.cp = k == slot ? 1 : 0;
    }
  }
  static void kill_summoner(TcgState& s, int p, int slot) {
    Summoner& sm = summoner(s, p, slot);
    sm.hp = 0;
    sm.alive = false;
    sm.cp = 0;
  }
  static void set_phase(TcgState& s, Phase phase) { s.phase_ = phase; }
  static void set_first_player(TcgState& s, int p) { s.first_player_ = static_cast<int8_t>(p); }
  static void set_rng(TcgState& s, uint64_t seed) { s.rng_ = Rng(seed); }
  static void clear_events(TcgState& s) { s.events_.clear(); }
  // Appends an event to the log (as the engine's log() does), e.g. to make the log long.
  static void log_event(TcgState& s, EventKind kind, int player, int a) { s.log(kind, player, a); }
  static int turn_limit(const TcgState& s) { return s.turn_limit_; }
  static std::vector<ChainItem>& chain(TcgState& s) { return s.chain_; }

  // The clean middle-game position described at the top of this file.
  static void reset_table(TcgState& s) {
    for (int p = 0; p < s.num_players(); ++p) {
      clear_hand(s, p);
      Player& pl = player(s, p);
      pl.coins = 0;
      pl.ether = 0;
      pl.empty_draws = 0;
      pl.mulligans = 0;
      pl.kept = true;
      pl.out = false;
      pl.started = true;
      pl.level_up_played = false;
      pl.discount = 0;
      for (int slot = 0; slot < 2; ++slot) {
        Summoner& sm = summoner(s, p, slot);
        sm.hp = static_cast<int8_t>(s.cards_->card(sm.def).hp);
        sm.level = 1;
        sm.level_ups = 0;
        // p1 spent its Capacity Points on its own turn: it cannot answer until a test
        // gives it points (ready()).
        sm.cp = p == 0 ? 1 : 0;
        sm.tilted = p != 0;
        sm.alive = true;
        sm.skills_used = 0;
      }
    }
    for (int16_t id : s.battlefield_) s.objs_[static_cast<size_t>(id)].where = Where::kGone;
    s.battlefield_.clear();
    s.first_player_ = 0;
    s.turn_ = 3;
    s.winner_ = -1;
    set_main(s, 0, 1);
    s.events_.clear();
  }
};

}  // namespace rise::tcg

namespace tcgtest {

using rise::Action;
using rise::tcg::Event;
using rise::tcg::TcgState;
using rise::tcg::TcgTestAccess;
using rise::tcg::Where;
using T = rise::tcg::TcgTestAccess;

inline std::string data_dir() { return RISE_SOURCE_DIR "/games/rise-tcg/tests/data"; }

// A new game of the test decks (before the mulligans).
inline std::unique_ptr<TcgState> new_game(uint64_t seed, const std::string& decks = "alpha,beta",
                                          const std::string& turn_limit = "200") {
  const rise::Game& game = rise::find_game("rise-tcg");
  std::unique_ptr<rise::State> state =
      game.new_initial_state(seed, {{"data", data_dir()}, {"decks", decks}, {"turn_limit", turn_limit}}, 2);
  auto* tcg = dynamic_cast<TcgState*>(state.get());
  EXPECT_NE(tcg, nullptr);
  state.release();
  return std::unique_ptr<TcgState>(tcg);
}

inline void act(TcgState& s, const std::string& text) { rise::apply_notation(s, text, "test"); }

inline bool legal(const TcgState& s, const std::string& text) { return s.is_legal(s.string_to_action(text)); }

// The legal actions, as a set of action ids, and the ids of a list of notations.
inline std::set<Action> legal_set(const TcgState& s) {
  std::vector<Action> list;
  s.legal_actions(list);
  return {list.begin(), list.end()};
}
inline std::set<Action> actions(const TcgState& s, const std::vector<std::string>& texts) {
  std::set<Action> out;
  for (const auto& t : texts) out.insert(s.string_to_action(t));
  return out;
}

// The clean middle-game table of TcgTestAccess::reset_table.
inline std::unique_ptr<TcgState> table(uint64_t seed = 11) {
  auto s = new_game(seed);
  while (s->phase() == rise::tcg::Phase::kMulligan) act(*s, "keep");
  T::reset_table(*s);
  return s;
}

// A new game of `players` seats on the test decks, with extra options.
inline std::unique_ptr<TcgState> new_game_n(uint64_t seed, int players, rise::Options extra = {}) {
  const rise::Game& game = rise::find_game("rise-tcg");
  rise::Options options = {{"data", data_dir()}, {"decks", "alpha,beta"}};
  for (const auto& [k, v] : extra) options[k] = v;
  std::unique_ptr<rise::State> state = game.new_initial_state(seed, options, players);
  auto* tcg = dynamic_cast<TcgState*>(state.get());
  EXPECT_NE(tcg, nullptr);
  state.release();
  return std::unique_ptr<TcgState>(tcg);
}

// The clean middle-game table (test_access.h) with `players` seats: p0 active in its
// Invocation step, every other player's Summoners tilted with no Capacity Point.
inline std::unique_ptr<TcgState> table_n(int players, rise::Options extra = {}, uint64_t seed = 11) {
  auto s = new_game_n(seed, players, std::move(extra));
  while (s->phase() == rise::tcg::Phase::kMulligan) act(*s, "keep");
  T::reset_table(*s);
  return s;
}

// Every player passes while a response window is open (the chain resolves; an end-of-turn
// window ends the turn). Stops at a pending choice or at the end of the game.
inline void pass_window(TcgState& s) {
  for (int guard = 0; guard < 100 && s.window_open() && s.choice().kind == rise::tcg::ChoiceKind::kNone &&
                      !s.is_terminal();
       ++guard) {
    act(s, "pass");
  }
}

inline std::string card(int id) { return "#" + std::to_string(id); }

// Chooses `id` as the target if the game asks (a single candidate is taken without asking,
// Interpretation TCG-I4).
inline void choose(TcgState& s, int id) {
  if (s.choice().kind != rise::tcg::ChoiceKind::kNone) act(s, "choose " + card(id));
}

// The active player's Restoration choice (`draw 1`, `draw 2`, `draw 0`); then every other
// player passes the window that opens as the Invocation phase begins (Interpretation TCG-I75).
inline void restore(TcgState& s, const std::string& draw) {
  act(s, draw);
  pass_window(s);
}

// The active player ends its declaration of attackers; every other player passes the window
// that opens before the blocks (Interpretation TCG-I75).
inline void attackers_done(TcgState& s) {
  act(s, "attackers done");
  pass_window(s);
}

// p0 declares `attackers` (in this order) at p1 and ends the declaration; the window before
// the blocks is passed.
inline void declare(TcgState& s, const std::vector<int>& attackers) {
  act(s, "attack");
  for (int id : attackers) act(s, "attacker " + card(id) + " at p1");
  attackers_done(s);
}

inline std::string block(int blocker, int attacker) { return "block " + card(blocker) + " " + card(attacker); }

// Events of one kind, in order.
inline std::vector<Event> events_of(const TcgState& s, int kind) {
  std::vector<Event> out;
  for (const Event& e : s.events()) {
    if (e.kind == kind) out.push_back(e);
  }
  return out;
}

inline bool contains(const std::vector<int16_t>& zone, int id) {
  return std::find(zone.begin(), zone.end(), id) != zone.end();
}

inline int summoner_ref(int p, int slot) { return rise::tcg::kSummonerRef + 2 * p + slot; }

// Forces the next chance outcomes of `s`, in order (docs/formats.md, "Forced chance"), e.g.
// force(s, R"([{"coin": "success"}, {"d6": 5}])"). Returns them, to check they were used up.
inline std::shared_ptr<rise::ForcedChance> force(TcgState& s, const std::string& outcomes) {
  auto chance = rise::ForcedChance::parse(nlohmann::json::parse(outcomes), "test chance");
  s.force_chance(chance);
  return chance;
}

// Forces the next coin tosses of `s` to come out as `coins` (true = success), in order.
inline std::shared_ptr<rise::ForcedChance> force_coins(TcgState& s, const std::vector<bool>& coins) {
  nlohmann::json list = nlohmann::json::array();
  for (bool c : coins) list.push_back({{"coin", c ? "success" : "fail"}});
  return force(s, list.dump());
}

// A new game of the test decks (before the mulligans) whose set-up draws `outcomes`, in the
// set-up's order: each library's shuffle in seat order, then a d6 per seat (again among tied
// seats, TCG-3.1), e.g. R"([{"shuffle": "random"}, {"shuffle": "random"}, {"d6": 2}, {"d6": 5}])".
// Every outcome must be used by the set-up (a test failure otherwise); later events draw from
// the Rng. Tests force chance this way rather than search for a seed that gives it.
inline std::unique_ptr<TcgState> new_game_forced(const std::string& outcomes, const std::string& decks = "alpha,beta") {
  auto chance = rise::ForcedChance::parse(nlohmann::json::parse(outcomes), "test chance");
  std::unique_ptr<TcgState> s;
  {
    rise::ForcedChance::Scope scope(chance);
    s = new_game(1, decks);
  }
  s->force_chance(nullptr);
  EXPECT_NO_THROW(chance->check_all_used());
  return s;
}

// p0 invokes `card_id` from its hand by S1 (slot 0) or S2 (given a Capacity Point);
// everyone passes. Returns the card's object id.
inline int play(TcgState& s, const std::string& card_id, int slot = 0) {
  int id = T::add_to_hand(s, 0, card_id);
  T::summoner(s, 0, slot).cp = std::max<int8_t>(s.player(0).summoners[static_cast<size_t>(slot)].cp, 1);
  act(s, "invoke " + card(id) + (slot == 0 ? " by S1" : " by S2"));
  pass_window(s);
  return id;
}

// The active player (in its main phase) passes the turn; every player passes the
// end-of-turn window. The next player's turn starts (at its Restoration choice, if any).
inline void pass_turn(TcgState& s) {
  act(s, "pass");
  pass_window(s);
}

}  // namespace tcgtest
