// Set-up, the turn sequence, Casting Points and the end of the battle (Rules DL-5, DL-6,
// DL-7, DL-17, DL-18.1).
#include <algorithm>

#include "dark-legacy/skill.h"
#include "dark-legacy/state.h"
#include "rise/cardgame/library_ids.h"
#include "rise/core/error.h"

namespace rise::dl {

RollRow roll_row(int d20) {
  if (d20 <= 3) return RollRow::kCriticalMiss;  // Rule DL-14.1
  if (d20 <= 8) return RollRow::kCleanMiss;     // Rule DL-14.2
  if (d20 <= 17) return RollRow::kHit;          // Rule DL-14.3
  if (d20 <= 19) return RollRow::kDirectHit;    // Rule DL-14.4
  return RollRow::kCriticalHit;                 // Rule DL-14.5
}

const char* roll_row_name(RollRow row) {
  static const char* names[] = {"Critical Miss", "Clean Miss", "Hit", "Direct Hit", "Critical Hit"};
  return names[static_cast<int>(row)];
}

const char* roll_row_range(RollRow row) {
  static const char* ranges[] = {"1-3", "4-8", "9-17", "18-19", "20"};
  return ranges[static_cast<int>(row)];
}

DlState::DlState(const Game& game, std::shared_ptr<const CardDb> cards, uint64_t seed,
                 const std::vector<std::vector<int>>& decks, const std::vector<HeroSpec>& heroes,
                 std::vector<std::string> deck_names, int turn_limit, std::string options_text)
    : State(game),
      cards_(std::move(cards)),
      rng_(seed),
      turn_limit_(static_cast<int16_t>(turn_limit)),
      options_text_(std::move(options_text)) {
  RISE_CHECK(decks.size() == 2 && heroes.size() == 2 && deck_names.size() == 2, "dark-legacy: two seats");
  for (int p = 0; p < 2; ++p) {
    Player& pl = players_[static_cast<size_t>(p)];
    pl.hero.spec = heroes[static_cast<size_t>(p)];
    // Rules DL-4.1, DL-18.4: the starting Life Points follow the primary level.
    pl.hero.start_life = static_cast<int16_t>(starting_life(pl.hero.spec.primary_level()));
    pl.hero.life = pl.hero.start_life;
    for (int def : decks[static_cast<size_t>(p)]) pl.deck.push_back(static_cast<int16_t>(def));
    deck_names_[static_cast<size_t>(p)] = deck_names[static_cast<size_t>(p)];
  }
  phase_ = Phase::kSetup;
}

int DlState::create_object(int def, int owner, Where where) {
  RISE_CHECK(static_cast<int>(objs_.size()) < kMaxObjects, "dark-legacy: too many objects");
  Obj obj;
  obj.def = static_cast<int16_t>(def);
  obj.owner = static_cast<uint8_t>(owner);
  obj.where = where;
  objs_.push_back(obj);
  return static_cast<int>(objs_.size()) - 1;
}

void DlState::log(EventKind kind, int player, int a, int b, int c) {
  Event event;
  event.kind = kind;
  event.player = static_cast<int8_t>(player);
  event.a = static_cast<int16_t>(a);
  event.b = static_cast<int16_t>(b);
  event.c = static_cast<int16_t>(c);
  events_.push_back(event);
}

PlayerId DlState::current_player() const {
  if (phase_ == Phase::kOver) return kTerminalPlayer;
  if (!choice_.empty()) return frames_.back().controller;  // targets: the effect's controller
  if (window_open_) return priority_;
  switch (phase_) {
    case Phase::kSetup: return players_[0].setup_choice == -2 ? 0 : 1;  // Interpretation DL-I6: seat order
    case Phase::kBlocks:
    case Phase::kDefend: return defender();
    default: return active_;
  }
}

std::vector<double> DlState::returns() const {
  std::vector<double> out(2, 0.0);
  if (phase_ != Phase::kOver || winner_ < 0) return out;
  out[static_cast<size_t>(winner_)] = 1.0;
  out[static_cast<size_t>(1 - winner_)] = -1.0;
  return out;
}

// Rules DL-5.1..5.3: after both pre-battle equips (Interpretation DL-I6), each deck is
// shuffled, the first player is rolled for (DL-I7) and each player draws five.
void DlState::finish_setup() {
  // The equipped cards get the first ids (they are public). Interpretation DL-I45: the
  // libraries' objects are numbered in an order drawn apart from the shuffle, so that an id
  // says nothing about a hidden card nor where it lay in the library.
  std::array<std::vector<int16_t>, 2> rest;
  for (int p = 0; p < 2; ++p) {
    Player& pl = players_[static_cast<size_t>(p)];
    rest[static_cast<size_t>(p)] = pl.deck;
    if (pl.setup_choice >= 0) {
      auto& r = rest[static_cast<size_t>(p)];
      r.erase(std::find(r.begin(), r.end(), pl.setup_choice));
      int id = create_object(pl.setup_choice, p, Where::kLibrary);
      equip(p, id, true);
    }
  }
  for (int p = 0; p < 2; ++p) {
    Player& pl = players_[static_cast<size_t>(p)];
    auto& r = rest[static_cast<size_t>(p)];
    rng_.shuffle(r, [&](int16_t def) -> const std::string& { return (*cards_)[def].id; }, true);
    pl.library = cardgame::number_library(rng_, r, [&](int16_t def) { return create_object(def, p, Where::kLibrary); });
    pl.deck.clear();
  }
  // Interpretation DL-I7: each rolls a d20, the higher starts, ties roll again.
  int first = 0;
  for (;;) {
    int r0 = roll_d20();
    int r1 = roll_d20();
    log(kEvFirstRoll, 0, r0);
    log(kEvFirstRoll, 1, r1);
    if (r0 != r1) {
      first = r0 > r1 ? 0 : 1;
      break;
    }
  }
  first_player_ = static_cast<int8_t>(first);
  log(kEvFirstPlayer, first);
  draw(first, 5);  // Rule DL-5.3
  draw(1 - first, 5);
  start_turn(first);  // Rule DL-5.4
}

// Rule DL-6.1 steps 1-4, then the Casting Point roll (Interpretation DL-I2) once the
// turn-start effects are done (Stage::kRoll).
void DlState::start_turn(int p) {
  ++turn_;
  if (turn_ > turn_limit_) {  // Interpretation DL-I21: an unfinished battle is a draw
    --turn_;
    finish_battle(-1, true);
    return;
  }
  active_ = static_cast<int8_t>(p);
  phase_ = Phase::kDeclare;
  attacks_.clear();
  defend_weapon_ = 0;
  Player& pl = players_[static_cast<size_t>(p)];
  ++pl.turns_taken;
  pl.charged_this_turn = false;
  log(kEvTurn, p, turn_);
  pl.cp = 0;  // step 1 (Rule DL-7.2: unspent points last until now)
  // Step 2: the player's creatures get their full Defense Points back, then every card of
  // it in play un-activates (Rule DL-1.5).
  for (int id = 0; id < num_objects(); ++id) {
    Obj& o = objs_[static_cast<size_t>(id)];
    if (o.owner != p || !in_play(id)) continue;
    if (card_of(id).kind == Kind::kCreature) o.damage = 0;
    o.activated = false;
  }
  draw(p, 1);  // step 3 (Interpretation DL-I21: an empty deck draws nothing)
  if (pl.charging >= 0) {  // step 4 (Rule DL-9.1)
    pl.tokens = static_cast<int8_t>(std::min(99, pl.tokens + 1));
    const CardDef& c = card_of(pl.charging);
    log(kEvToken, p, pl.tokens, std::max(0, c.level - level_for(p, objs_[static_cast<size_t>(pl.charging)].def)));
  }
  fire_turn_start(p);
  stage_ = Stage::kRoll;
}

// Rule DL-7.1, Interpretation DL-I2: a d20 gives the turn's Casting Points (+1 from level
// 20, Rule DL-18.7). A dead hero rolls nothing (Rule DL-17.2).
void DlState::roll_casting_points() {
  Player& pl = players_[static_cast<size_t>(active_)];
  if (!pl.hero.alive) return;
  int roll = roll_d20();
  int bonus = bonus_casting_point(pl.hero.spec.primary_level()) ? 1 : 0;
  pl.cp = static_cast<int16_t>(std::min(999, pl.cp + roll + bonus));
  log(kEvCpRoll, active_, roll, bonus, pl.cp);
}

// Rule DL-6.1 steps 7-8: the turn passes. "Until the end of the turn" boosts end; a
// level-15 hero's player looks at its next two cards (Rule DL-18.6).
void DlState::end_turn() {
  for (Obj& o : objs_) o.boost = 0;
  Player& pl = players_[static_cast<size_t>(active_)];
  log(kEvEndTurn, active_);
  if (peeks_two(pl.hero.spec.primary_level())) {
    int n = std::min<int>(2, static_cast<int>(pl.library.size()));
    pl.peek_known = static_cast<int8_t>(n);
    int top = n >= 1 ? pl.library[pl.library.size() - 1] : -1;
    int second = n >= 2 ? pl.library[pl.library.size() - 2] : -1;
    log(kEvPeek, active_, top, second);
  }
  phase_ = Phase::kDeclare;
  start_turn(1 - active_);
}

void DlState::draw(int p, int count) {
  Player& pl = players_[static_cast<size_t>(p)];
  for (int i = 0; i < count; ++i) {
    if (pl.library.empty()) {
      log(kEvEmptyDraw, p);  // Interpretation DL-I21
      return;
    }
    int16_t id = pl.library.back();
    pl.library.pop_back();
    pl.hand.push_back(id);
    objs_[static_cast<size_t>(id)].where = Where::kHand;
    if (pl.peek_known > 0) --pl.peek_known;
    log(kEvDraw, p, id);
  }
}

// Rule DL-17.1: a player is defeated when its hero is dead and it controls no creature
// (one cast and not yet resolved counts); both at once is a draw (Interpretation DL-I16).
void DlState::check_game_over() {
  if (phase_ == Phase::kOver || phase_ == Phase::kSetup) return;
  bool lost[2] = {false, false};
  for (int p = 0; p < 2; ++p) {
    const Player& pl = players_[static_cast<size_t>(p)];
    if (pl.hero.alive) continue;
    bool creature = false;
    for (const auto& field : pl.fields) {
      for (int16_t id : field) creature = creature || card_of(id).kind == Kind::kCreature;
    }
    lost[p] = !creature;
  }
  if (!lost[0] && !lost[1]) return;
  for (int p = 0; p < 2; ++p) {
    if (lost[p]) log(kEvDefeated, p);
  }
  finish_battle(lost[0] && lost[1] ? -1 : (lost[0] ? 1 : 0), false);
}

GameEnd DlState::game_end() const {
  if (phase_ != Phase::kOver) return {};
  // The battle's end event says whether the turn limit ended it (finish_battle).
  for (auto it = events_.rbegin(); it != events_.rend(); ++it) {
    if (it->kind == kEvBattleOver) {
      if (it->b == 1) return {"turn limit", "DL-I21", {}};
      break;
    }
  }
  if (winner_ < 0) return {"both defeated at once", "DL-I16", {}};
  return {"hero and creatures destroyed", "DL-17.1", {}};
}

// Rule DL-18.1: the battle is over; each player rolls a d20 for skill points, kept in the
// state so that replays and front ends see the same award.
void DlState::finish_battle(int winner, bool turn_limit) {
  phase_ = Phase::kOver;
  winner_ = static_cast<int8_t>(winner);
  window_open_ = false;
  resolving_ = false;
  stage_ = Stage::kNone;
  after_stack_ = AfterStack::kNothing;
  frames_.clear();
  choice_.clear();
  chosen_ = kNoRef;
  log(kEvBattleOver, -1, winner, turn_limit ? 1 : 0);
  for (int p = 0; p < 2; ++p) {
    Player& pl = players_[static_cast<size_t>(p)];
    int roll = roll_d20();
    BattleResult result = winner < 0 ? BattleResult::kDraw : (winner == p ? BattleResult::kWin : BattleResult::kLoss);
    pl.skill_roll = static_cast<int8_t>(roll);
    pl.skill_points = static_cast<int16_t>(skill_points_award(roll, result));
    log(kEvSkillRoll, p, roll, pl.skill_points);
  }
}

// Runs everything automatic until a player must decide.
void DlState::advance() {
  for (int guard = 0; guard < 100000; ++guard) {
    if (phase_ == Phase::kOver) return;
    check_game_over();
    if (phase_ == Phase::kOver) return;
    if (!choice_.empty()) return;
    if (!frames_.empty()) {
      run_frames();
      continue;
    }
    if (resolving_) {
      if (!stack_.empty()) {
        resolve_stack_top();
        continue;
      }
      resolving_ = false;
      if (after_stack_ == AfterStack::kAttackWindow) {
        // The defender's window after the attackers opens again (Interpretation DL-I4).
        window_open_ = true;
        priority_ = static_cast<int8_t>(defender());
      }
      continue;
    }
    if (window_open_) {
      if (!has_castable_instant(priority_)) {  // nothing to cast = pass (Interpretation DL-I4)
        // Logged as a chosen pass, so the log does not tell whether it could cast (DL-I39).
        log(kEvPass, priority_);
        pass_window();
        continue;
      }
      return;
    }
    switch (stage_) {
      case Stage::kRoll:
        stage_ = Stage::kNone;
        roll_casting_points();
        continue;
      case Stage::kCombat:
        stage_ = Stage::kNone;
        resolve_combat();
        continue;
      case Stage::kEndTurn:
        stage_ = Stage::kNone;
        end_turn();
        continue;
      case Stage::kNone: break;
    }
    if (phase_ == Phase::kBlocks && !any_block_possible()) {
      after_blocks();  // no creature can block: nothing to declare
      continue;
    }
    return;
  }
  RISE_CHECK(false, "dark-legacy: advance() did not settle");
}

}  // namespace rise::dl
