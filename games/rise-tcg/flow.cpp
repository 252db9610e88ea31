// Set-up, turn structure, response windows and combat of rise-tcg (Rules TCG-3, 4, 6, 7, 11).
#include <algorithm>

#include "rise/cardgame/library_ids.h"
#include "rise/core/error.h"
#include "rise-tcg/state.h"

namespace rise::tcg {

using cardgame::Ability;
using cardgame::Trigger;

TcgState::TcgState(const Game& game, std::shared_ptr<const CardSet> cards, int num_players,
                   uint64_t seed,
                   const std::vector<std::pair<std::vector<int>, std::vector<int>>>& decks,
                   std::shared_ptr<const std::vector<std::string>> deck_names, int turn_limit,
                   std::shared_ptr<const nlohmann::json> options, std::shared_ptr<const DungeonDef> dungeon)
    : State(game),
      cards_(std::move(cards)),
      rng_(seed),
      turn_limit_(static_cast<int16_t>(dungeon ? std::min(turn_limit, dungeon->turn_limit) : turn_limit)),
      deck_names_(std::move(deck_names)),
      options_(std::move(options)),
      dungeon_(std::move(dungeon)) {
  draw_zero_ = options_->value("draw", "1-2") == "0-2";
  deckout_hp_ = options_->value("deckout", "sacrifice") == "lose-5-hp";
  players_.resize(static_cast<size_t>(num_players));
  for (int p = 0; p < num_players; ++p) {
    Player& pl = players_[static_cast<size_t>(p)];
    const auto& deck = decks[static_cast<size_t>(p)];
    for (int slot = 0; slot < 2; ++slot) {
      Summoner& s = pl.summoners[static_cast<size_t>(slot)];
      s.def = static_cast<int16_t>(deck.first[static_cast<size_t>(slot)]);
      s.hp = static_cast<int8_t>(std::min(kMaxHp, cards_->card(s.def).hp));
      s.level = 1;
      s.cp = 1;  // Rule TCG-5.5: level one, one Capacity Point
      // Rule TCG-17.2: a Guardian has the HP its dungeon gives it.
      if (is_dungeon(p)) s.hp = static_cast<int8_t>(dungeon_->guardian_hp[slot]);
    }
    // Rule TCG-3.2: the library is shuffled. Interpretation TCG-I78: its objects are then
    // numbered in an order drawn apart from the shuffle (Rng::permute, which nothing forces),
    // so that an id says nothing about the deck list nor where its card lay in the library.
    std::vector<int> library = deck.second;
    rng_.shuffle(library, [&](int def) -> const std::string& { return cards_->card(def).id; }, true);
    pl.library = cardgame::number_library(rng_, library, [&](int def) { return create_object(def, p, Where::kLibrary); });
  }
  // Rule TCG-3.1: highest die roll plays first; ties reroll among the tied players.
  // Rule TCG-17.4: in Dungeon mode the player plays first, without rolls.
  std::vector<int> contenders(static_cast<size_t>(dungeon_ ? 1 : num_players));
  for (int p = 0; p < static_cast<int>(contenders.size()); ++p) contenders[static_cast<size_t>(p)] = p;
  while (contenders.size() > 1) {
    int best = 0;
    std::vector<int> rolls;
    for (int p : contenders) {
      int roll = rng_.roll(6);
      log(kEvDieRoll, p, roll);
      rolls.push_back(roll);
      best = std::max(best, roll);
    }
    std::vector<int> next;
    for (size_t i = 0; i < contenders.size(); ++i) {
      if (rolls[i] == best) next.push_back(contenders[i]);
    }
    contenders = next;
  }
  first_player_ = static_cast<int8_t>(contenders[0]);
  active_ = first_player_;
  log(kEvFirstPlayer, first_player_);
  // Rule TCG-3.2: the first player draws 6 and gains 2 Coins, the others draw 4 and gain 1.
  for (int p = 0; p < num_players; ++p) {
    if (is_dungeon(p)) {
      players_[static_cast<size_t>(p)].kept = true;  // Rule TCG-17.1: no hand, no Stock, no mulligan
      continue;
    }
    bool first = p == first_player_;
    draw(p, first ? 6 : 4);
    change_resource(p, cardgame::Resource::kCoins, first ? 2 : 1);
  }
  phase_ = Phase::kMulligan;
  mulligan_player_ = first_player_;
}

int TcgState::create_object(int def, int owner, Where where) {
  if (num_objects() >= kMaxObjects) return -1;  // Interpretation TCG-I68
  Obj obj;
  obj.def = static_cast<int16_t>(def);
  obj.owner = static_cast<uint8_t>(owner);
  obj.controller = static_cast<uint8_t>(owner);
  obj.where = where;
  objs_.push_back(obj);
  const CardDef& card = cards_->card(def);
  abilities_present_ |= card.abilities | card.grants.abilities;
  return static_cast<int>(objs_.size()) - 1;
}

void TcgState::refresh_attached_hint() {
  attached_ = AttachedHint{};
  attached_.all = false;
  for (int16_t e : battlefield_) {
    const int ref = objs_[static_cast<size_t>(e)].attached_to;
    if (ref >= 0 && ref < kSummonerRef) attached_.note(e);
  }
}

bool TcgState::attached_hint_holds() const {
  if (attached_.all) return true;
  for (int16_t e : battlefield_) {
    const int ref = objs_[static_cast<size_t>(e)].attached_to;
    if (ref < 0 || ref >= kSummonerRef) continue;
    const auto listed = attached_.ids.begin() + attached_.count;
    if (std::find(attached_.ids.begin(), listed, e) == listed) return false;
  }
  return true;
}

void TcgState::refresh_abilities_present() {
  abilities_present_ = 0;
  for (const Obj& o : objs_) {
    const CardDef& card = cards_->card(o.def);
    abilities_present_ |= card.abilities | card.grants.abilities | o.granted;
    if (o.base_def >= 0) abilities_present_ |= cardgame::kMorpher | cards_->card(o.base_def).abilities;
  }
}

int TcgState::create_in_play(int def, int controller, bool token) {
  int id = create_object(def, controller, Where::kGone);
  if (id < 0) {
    log(kEvNoObject, controller, def);  // Interpretation TCG-I68
    return -1;
  }
  objs_[static_cast<size_t>(id)].token = token;
  if (token) log(kEvToken, controller, def, id);  // issue 38: a token was made without a word
  enter_battlefield(id, controller);
  return id;
}

// Interpretation TCG-I67: an action ran more than kMaxEffectSteps effect steps: the loop
// cannot end, the game is a draw.
// The event names (b, c: def + 1, 0 for none) up to two cards whose effects were running,
// innermost first, so that the log and the summaries can say which cards looped (issue 36).
void TcgState::effect_loop_draw() {
  int looping[2] = {-1, -1};
  int found = 0;
  for (auto it = frames_.rbegin(); it != frames_.rend() && found < 2; ++it) {
    if (it->source < 0 || it->source >= kSummonerRef) continue;
    const int def = objs_[static_cast<size_t>(it->source)].def;
    if (def >= 0 && (found == 0 || looping[0] != def)) looping[found++] = def;
  }
  log(kEvEffectLoop, -1, effect_steps_, looping[0] + 1, looping[1] + 1);
  phase_ = Phase::kGameOver;
  winner_ = -1;
  window_open_ = false;
  resolving_ = false;
  stage_ = kStageNone;
  choice_ = Choice{};
  frames_.clear();
  // Nothing on the chain or in combat will resolve: a card in the middle of resolving may
  // already have left the chain, and a saved state must not list it there.
  chain_.clear();
  combat_.clear();
}

void TcgState::log(EventKind kind, int player, int a, int b, int c) {
  // The values are shown to people and saved in the JSON (at most ±30000).
  auto clamp = [](int v) { return static_cast<int16_t>(std::clamp(v, -30000, 30000)); };
  Event event;
  event.kind = kind;
  event.player = static_cast<int8_t>(player);
  event.a = clamp(a);
  event.b = clamp(b);
  event.c = clamp(c);
  events_.push_back(event);
}

void TcgState::log_trigger(int id, int trigger) {
  const Obj& o = objs_[u(id)];
  if (o.where == Where::kLibrary || (o.where == Where::kHand && !o.known)) return;
  log(kEvTrigger, o.controller, id, trigger);
}

PlayerId TcgState::current_player() const {
  if (phase_ == Phase::kGameOver) return kTerminalPlayer;
  if (choice_.kind != ChoiceKind::kNone) return choice_.chooser;
  if (window_open_) return priority_;
  switch (phase_) {
    case Phase::kMulligan: return mulligan_player_;
    case Phase::kBlockers: return defender_ >= 0 ? defender_ : active_;
    default: return active_;
  }
}

std::vector<double> TcgState::returns() const {
  if (dungeon_) {
    // Rule TCG-17.7: the player's +1 for a cleared dungeon, -1 for a loss; 0 for a draw
    // (an effect loop, Interpretation TCG-I67).
    if (phase_ != Phase::kGameOver || winner_ < 0) return {0.0};
    return {winner_ == 0 ? 1.0 : -1.0};
  }
  std::vector<double> out(players_.size(), 0.0);
  if (phase_ != Phase::kGameOver || winner_ < 0) return out;
  // Rule TCG-4.9: the last player with a living Summoner wins.
  double losers = static_cast<double>(players_.size() - 1);
  for (size_t p = 0; p < players_.size(); ++p) {
    out[p] = static_cast<int>(p) == winner_ ? 1.0 : -1.0 / losers;
  }
  return out;
}

void TcgState::shuffle_library(int p) {
  rng_.shuffle(players_[static_cast<size_t>(p)].library,
               [&](int16_t id) -> const std::string& { return cards_->card(objs_[static_cast<size_t>(id)].def).id; }, true);
}

// Rule TCG-4.8: a draw from an empty library counts; the second time (and every later time)
// the player sacrifices a Summoner (Interpretation TCG-I8).
void TcgState::draw(int p, int count) {
  if (is_dungeon(p)) return;  // Rule TCG-17.1: the Dungeon never draws
  Player& pl = players_[static_cast<size_t>(p)];
  for (int i = 0; i < count; ++i) {
    if (pl.library.empty()) {
      if (deckout_hp_) return;  // Rule TCG-16.2: no sacrifice; the Summoners lose HP instead
      if (pl.empty_draws < 99) ++pl.empty_draws;  // Interpretation TCG-I69: a count stops at 99
      log(kEvEmptyLibrary, p, pl.empty_draws);
      if (pl.empty_draws >= 2) {
        int alive = 0, slot = 0;
        for (int s = 0; s < 2; ++s) {
          if (pl.summoners[static_cast<size_t>(s)].alive) { ++alive; slot = s; }
        }
        if (alive == 2) {
          choice_ = Choice{};
          choice_.kind = ChoiceKind::kSacrifice;
          choice_.chooser = static_cast<uint8_t>(p);
          choice_.options = {static_cast<int16_t>(kSummonerRef + 2 * p),
                             static_cast<int16_t>(kSummonerRef + 2 * p + 1)};
        } else if (alive == 1) {
          log(kEvSacrifice, p, slot);
          damage_summoner(p, slot, pl.summoners[static_cast<size_t>(slot)].hp);
          check_deaths();
        }
      }
      return;
    }
    int16_t id = pl.library.back();
    pl.library.pop_back();
    pl.hand.push_back(id);
    objs_[static_cast<size_t>(id)].where = Where::kHand;
    objs_[static_cast<size_t>(id)].known = false;
    objs_[static_cast<size_t>(id)].reached_hand = true;
  }
  log(kEvDraw, p, count);
}

void TcgState::finish_mulligan_step() {
  // Next seat in turn order that has not kept; when all kept, the first turn begins.
  int n = sides();
  for (int k = 1; k <= n; ++k) {
    int p = (mulligan_player_ + k) % n;
    const Player& pl = players_[static_cast<size_t>(p)];
    if (!pl.kept && !pl.out) {
      mulligan_player_ = static_cast<int8_t>(p);
      return;
    }
  }
  check_game_over();
  if (phase_ == Phase::kGameOver) return;
  // Every seat kept: the hands are the opening hands (17lands' "OH", `rise lab cards`).
  for (const Player& pl : players_) {
    for (int16_t id : pl.hand) objs_[static_cast<size_t>(id)].opening_hand = true;
  }
  int first = first_player_;
  while (players_[static_cast<size_t>(first)].out) first = (first + 1) % n;
  start_turn(first);
}

// Rules TCG-4.1 (Awakening) and TCG-4.2 (Restoration).
void TcgState::start_turn(int p) {
  ++turn_;
  refresh_attached_hint();
  if (turn_ > turn_limit_) {  // Interpretation TCG-I12: an unfinished game is a draw
    phase_ = Phase::kGameOver;
    winner_ = static_cast<int8_t>(dungeon_ ? kDungeonSide : -1);  // Rule TCG-17.7: the Dungeon holds
    return;
  }
  active_ = static_cast<int8_t>(p);
  main_step_ = 1;
  log(kEvTurn, p, turn_);
  Player& pl = players_[static_cast<size_t>(p)];
  bool first_turn_of_first_player = !pl.started && p == first_player_;
  pl.started = true;
  pl.level_up_played = false;
  for (int s = 0; s < 2; ++s) {
    Summoner& sm = pl.summoners[static_cast<size_t>(s)];
    if (!sm.alive) continue;
    sm.tilted = false;
    sm.skills_used = 0;
    sm.cp = static_cast<int8_t>(max_cp(p, s));
  }
  for (int16_t id : battlefield_) {
    Obj& o = objs_[static_cast<size_t>(id)];
    o.fired = 0;  // card language v2: `limit: once per turn` counts afresh each turn
    if (o.controller == p) {
      // Card language v2: the static effect `no untilt` keeps it tilted (Interpretation TCG-I72).
      if (!(statics_of(id) & cardgame::kNoUntilt)) o.tilted = false;
      o.sick = false;
    }
  }
  // Rule TCG-9.4: "once per turn" counts afresh each turn.
  for (Obj& o : objs_) o.actions_used = {};
  wild_turn_start(p);  // once-per-turn abilities, Possession ends (Rules TCG-12.22, TCG-12.32)
  if (is_dungeon(p)) {
    // Rule TCG-17.3: no Restoration (no draw, no Coins, no empty library); start-of-turn
    // effects, then the next room opens.
    disease_awakening(p);
    begin_restoration_effects();
    open_room();
    return;
  }
  if (deckout_hp_ && pl.library.empty()) {
    // Rule TCG-16.2: with an empty library, each living Summoner loses 5 HP at the start of
    // each of the player's turns (Interpretation TCG-I20: before Restoration).
    log(kEvEmptyLibrary, p, 0);
    for (int s = 0; s < 2; ++s) {
      if (pl.summoners[static_cast<size_t>(s)].alive) damage_summoner(p, s, 5);
    }
    check_deaths();
    if (phase_ == Phase::kGameOver || pl.out) return;  // advance() moves on to the next seat
  }
  disease_awakening(p);  // Rule TCG-14.8: Cold is paid before Restoration
  if (first_turn_of_first_player) {
    // Rule TCG-3.2: the first player's first Restoration has no draw (Interpretation
    // TCG-I1: and no Coins: its opening 6 cards and 2 Coins replace them).
    begin_restoration_effects();
  } else {
    phase_ = Phase::kRestoration;
  }
}

void TcgState::begin_restoration_effects() {
  // Rule TCG-4.2: start-of-turn effects trigger in Restoration.
  phase_ = Phase::kMain;
  main_step_ = 1;
  cloning_step();  // Rule TCG-12.27
  disease_restoration();  // Rules TCG-14.10..14.17: the Diseases' start-of-turn effects
  std::vector<int16_t> ids;
  for (int16_t id : battlefield_) {
    if (objs_[static_cast<size_t>(id)].controller == active_) ids.push_back(id);
  }
  // Card language v2: `{whenever: turn start}` effects of every player resolve after the
  // active player's own `turn start` effects (pushed first, they run last).
  fire_global(cardgame::Whenever::kTurnStart, kNoRef);
  // Frames run last-pushed first: push in reverse to resolve in battlefield order.
  for (auto it = ids.rbegin(); it != ids.rend(); ++it) fire_trigger(*it, Trigger::kTurnStart, kNoRef);
  // Interpretation TCG-I75: the others may answer as the Invocation phase begins, once the
  // start-of-turn effects are done (advance() runs effects before asking a window).
  open_others_window(kWindowInvocation);
}

// Rule TCG-4.6: after the active player passes, the turn ends: end-of-turn effects, damage
// heals, temporary counters and control end, tilted Summoners lose unspent Capacity Points.
void TcgState::end_turn() {
  std::vector<int16_t> ids;
  for (int16_t id : battlefield_) {
    if (objs_[static_cast<size_t>(id)].controller == active_) ids.push_back(id);
  }
  stage_ = kStageEndTurn;
  for (auto it = ids.rbegin(); it != ids.rend(); ++it) fire_trigger(*it, Trigger::kEndOfTurn, kNoRef);
}

void TcgState::open_window(int first) {
  window_open_ = true;
  priority_ = static_cast<int8_t>(first);
  passes_ = 0;
}

void TcgState::open_others_window(WindowKind kind) {
  window_kind_ = kind;
  int first = (active_ + 1) % sides();
  while (players_[static_cast<size_t>(first)].out) first = (first + 1) % sides();
  open_window(first);
}

// A player put something on the chain: everyone else answers in turn order, starting with
// the next player (Rule TCG-11.2).
void TcgState::after_chain_play(int p) {
  if (!window_open_) window_kind_ = 0;
  int n = sides();
  int next = (p + 1) % n;
  while (players_[static_cast<size_t>(next)].out) next = (next + 1) % n;
  open_window(next);
}

int alive_players(const std::vector<Player>& players) {
  int n = 0;
  for (const Player& p : players) n += p.out ? 0 : 1;
  return n;
}

void TcgState::pass_priority() {
  ++passes_;
  if (passes_ >= alive_players(players_)) {
    if (!chain_.empty()) {
      resolving_ = true;  // Rule TCG-11.3: all passed, resolve last-played first
      window_open_ = false;
      return;
    }
    window_open_ = false;
    if (window_kind_ == kWindowBeforeDamage) {
      stage_ = kStageCombat;
    } else if (window_kind_ == kWindowEndOfTurn) {
      end_turn();
    }  // the step-boundary windows (TCG-I75): the turn goes on where it was
    return;
  }
  int n = sides();
  int next = (priority_ + 1) % n;
  while (players_[static_cast<size_t>(next)].out) next = (next + 1) % n;
  priority_ = static_cast<int8_t>(next);
}

// Rule TCG-15.5: a player without a living Summoner leaves the game and its cards leave
// with it (every card it owns, in every zone); cards of others it controls go back to their
// owners; what it put on the chain and its running effects end; attacks by it or against it
// end (Interpretation TCG-I21).
void TcgState::player_leaves(int p) {
  auto owned_by_p = [&](int16_t id) { return objs_[static_cast<size_t>(id)].owner == p; };
  if (choice_.kind != ChoiceKind::kNone && choice_.chooser == p) choice_ = Choice{};
  // Its running effects and its chain items are skipped when they come up (run_frames,
  // resolve_chain_top): erasing them here would move frames a step is using.
  combat_.erase(std::remove_if(combat_.begin(), combat_.end(),
                               [&](const CombatEntry& e) {
                                 return e.defender == p || objs_[static_cast<size_t>(e.attacker)].controller == p;
                               }),
                combat_.end());
  // Its cards on the battlefield go (Equipment of others on them is destroyed as usual).
  const size_t log_size = events_.size();
  std::vector<int16_t> leaving;
  for (int16_t id : battlefield_) {
    if (owned_by_p(id)) leaving.push_back(id);
  }
  for (int16_t id : leaving) move_off_battlefield(id, Where::kExclusion);
  // Diseases of other players on it (Cold) end: their host has left (Rule TCG-14.5).
  std::vector<int16_t> colds;
  for (int16_t id : battlefield_) {
    if (is_disease(id) && objs_[static_cast<size_t>(id)].attached_to == kPlayerRef + p) colds.push_back(id);
  }
  for (int16_t id : colds) end_disease(id);
  events_.erase(std::remove_if(events_.begin() + static_cast<std::ptrdiff_t>(log_size), events_.end(),
                               [&](const Event& e) { return e.kind == kEvExclude && e.player == p; }),
                events_.end());
  for (int16_t id : battlefield_) {
    Obj& o = objs_[static_cast<size_t>(id)];
    if (o.controller == p) {  // a card of another player it had taken
      o.controller = o.owner;
      o.control_until_eot = false;
      o.sick = true;  // Interpretation TCG-I9
    }
  }
  for (Obj& o : objs_) {
    if (o.owner != p || o.where == Where::kBattlefield) continue;
    o.where = Where::kGone;
  }
  for (Player& other : players_) {  // its cards in other hands (returned while taken) go too
    other.hand.erase(std::remove_if(other.hand.begin(), other.hand.end(), owned_by_p), other.hand.end());
  }
  Player& pl = players_[static_cast<size_t>(p)];
  // Cards of others in its zones (a taken card returned to its hand, TCG-I13) go back to
  // their owners, to the same zone (Interpretation TCG-I21); a library's at the bottom.
  for (std::vector<int16_t> Player::*zone : {&Player::hand, &Player::cemetery, &Player::exclusion, &Player::library}) {
    for (int16_t id : pl.*zone) {
      const int owner = objs_[static_cast<size_t>(id)].owner;
      if (owner == p) continue;
      std::vector<int16_t>& to = players_[static_cast<size_t>(owner)].*zone;
      if (zone == &Player::library) to.insert(to.begin(), id);
      else to.push_back(id);
    }
  }
  pl.hand.clear();
  pl.library.clear();
  pl.cemetery.clear();
  pl.exclusion.clear();
  if (window_open_ && priority_ == p) {
    int n = sides();
    int next = (p + 1) % n;
    while (players_[static_cast<size_t>(next)].out && next != p) next = (next + 1) % n;
    priority_ = static_cast<int8_t>(next);
  }
}

void TcgState::check_game_over() {
  if (phase_ == Phase::kGameOver) return;
  int alive = 0, last = -1;
  for (int p = 0; p < sides(); ++p) {
    if (!players_[static_cast<size_t>(p)].out) { ++alive; last = p; }
  }
  if (alive <= 1) {
    phase_ = Phase::kGameOver;
    winner_ = static_cast<int8_t>(alive == 1 ? last : -1);
    window_open_ = false;
    choice_ = Choice{};
    frames_.clear();
  }
}

// Runs everything automatic until a player must decide.
void TcgState::advance() {
  for (int guard = 0; guard < 100000; ++guard) {
    if (phase_ == Phase::kGameOver) return;
    if (choice_.kind != ChoiceKind::kNone) {
      // Interpretation TCG-I4: a choice with exactly one option (a discard from a hand of
      // one card, a search with one match) is taken without asking.
      if (choice_.options.size() == 1) apply_decision(make_action(kActChoose, choice_.options[0]));
      return;
    }
    if (!frames_.empty()) {
      run_frames();
      continue;
    }
    if (run_pending_abilities()) continue;  // Morpher, Inhume, Reanimation (abilities.cpp)
    if (resolving_) {
      if (!chain_.empty()) {
        resolve_chain_top();
        continue;
      }
      resolving_ = false;
      if (window_kind_ == kWindowBeforeDamage) {
        // The window guarding combat, the end of turn or a step boundary opens again after
        // a chain (Interpretations TCG-I15, TCG-I75).
        int first = active_;
        while (players_[static_cast<size_t>(first)].out) first = (first + 1) % sides();
        open_window(first);
      } else if (window_kind_ != kWindowChain) {
        open_others_window(static_cast<WindowKind>(window_kind_));
      }
      continue;
    }
    if (players_[static_cast<size_t>(active_)].out && phase_ != Phase::kMulligan && stage_ != kStageEndTurn) {
      // Rule TCG-15.5: the active player left the game: once its effects are done, its
      // turn ends at once (no end-of-turn window: nobody is left to pass it).
      window_open_ = false;
      combat_.clear();
      defender_ = -1;
      phase_ = Phase::kMain;
      stage_ = kStageEndTurn;
      continue;
    }
    if (phase_ == Phase::kBlockers && !window_open_ &&
        (defender_ < 0 || players_[static_cast<size_t>(defender_)].out)) {
      next_blocking_defender();  // the defender left during the declarations
      continue;
    }
    if (window_open_) {
      if (!has_response(priority_)) {  // Interpretation TCG-I5: nothing to play = pass
        pass_priority();
        continue;
      }
      return;
    }
    if (stage_ == kStageCombat) {
      resolve_combat();
      continue;
    }
    if (stage_ == kStageEndTurn) {
      stage_ = kStageNone;
      disease_end_turn();
      for (int16_t id : battlefield_) {
        Obj& o = objs_[static_cast<size_t>(id)];
        o.damage = 0;
        o.temp_attack = 0;
        o.temp_defense = 0;
        o.lost_abilities = false;  // card language v2: until end of turn
        o.prevent = 0;
        o.granted = 0;
        if (o.control_until_eot) {
          o.control_until_eot = false;
          o.controller = o.eot_controller;
          if (players_[o.controller].out) o.controller = o.owner;
        }
      }
      wild_end_turn();
      Player& pl = players_[static_cast<size_t>(active_)];
      for (auto& s : pl.summoners) {
        if (s.tilted) s.cp = 0;  // Rule TCG-4.3
      }
      for (Player& each : players_) each.discount = 0;
      check_deaths();  // temporary counters ending may kill (Interpretation TCG-I14)
      if (phase_ == Phase::kGameOver) return;
      int n = sides();
      int next = (active_ + 1) % n;
      while (players_[static_cast<size_t>(next)].out) next = (next + 1) % n;
      start_turn(next);
      continue;
    }
    return;
  }
  effect_loop_draw();  // automatic work that never settles is a loop too (TCG-I67)
}

// --- combat (Rule TCG-7) ---

// The next attacked opponent after `after` in turn order (counting from the active player),
// or -1 (Rule TCG-15.3).
int TcgState::next_defender(int after) const {
  int n = sides();
  auto pos = [&](int q) { return (q - active_ + n) % n; };
  int best = -1;
  for (const CombatEntry& e : combat_) {
    int q = e.defender;
    if (players_[static_cast<size_t>(q)].out || pos(q) <= pos(after)) continue;
    if (best < 0 || pos(q) < pos(best)) best = q;
  }
  return best;
}

// `blocks done` of the current defender: the next attacked opponent declares its blocks;
// after the last, Advantage choices and the window before damage (Rules TCG-7.3, TCG-12.5).
void TcgState::next_blocking_defender() {
  int next = next_defender(defender_ < 0 ? active_ : defender_);
  if (next >= 0) {
    defender_ = static_cast<int8_t>(next);
    return;
  }
  defender_ = -1;
  phase_ = Phase::kMain;  // combat goes on in stages; main_step_ 2 follows it
  if (!settle_advantage()) start_combat_damage();
}

// Rule TCG-7.3: every player may respond before damage, the active player first (the
// Advantage choices, Rule TCG-12.5, are made before this window opens).
void TcgState::start_combat_damage() {
  window_kind_ = kWindowBeforeDamage;
  open_window(active_);
}

void TcgState::resolve_combat() {
  for (CombatEntry& e : combat_) {
    if (e.resolved) continue;
    const Obj& a = objs_[static_cast<size_t>(e.attacker)];
    if (a.where != Where::kBattlefield) {
      e.resolved = true;
      continue;
    }
    const Player& def_pl = players_[static_cast<size_t>(e.defender)];
    if (def_pl.out) {
      e.resolved = true;
      continue;
    }
    int attack = attack_of(e.attacker);
    bool advantage = (abilities_of(e.attacker) & cardgame::kAdvantage) != 0;
    int to_summoner = 0;
    bool blocker_present = e.blocker >= 0 &&
                           objs_[static_cast<size_t>(e.blocker)].where == Where::kBattlefield;
    if (blocker_present && dodge_step(e)) return;  // Rule TCG-14.7
    if (e.blocker < 0) {
      to_summoner = attack;
    } else if (!blocker_present) {
      // Interpretation TCG-I10: a blocker gone before damage leaves the attacker blocked;
      // Pierce still sends its whole attack through.
      if (abilities_of(e.attacker) & cardgame::kPierce) to_summoner = attack;
    } else {
      int remaining = defense_of(e.blocker) - objs_[static_cast<size_t>(e.blocker)].damage;
      if ((abilities_of(e.attacker) & cardgame::kPierce) && attack > remaining) {
        to_summoner = attack - std::max(0, remaining);  // Rule TCG-12.3
      }
    }
    if (to_summoner > 0 && e.summoner < 0) {
      int alive = 0, slot = 0;
      for (int s = 0; s < 2; ++s) {
        if (def_pl.summoners[static_cast<size_t>(s)].alive) { ++alive; slot = s; }
      }
      if (alive == 2) {
        choice_ = Choice{};
        choice_.kind = ChoiceKind::kDamageSummoner;
        choice_.chooser = advantage ? a.controller : e.defender;  // Rules TCG-7.5, TCG-12.5
        choice_.subject = e.attacker;
        choice_.options = {static_cast<int16_t>(kSummonerRef + 2 * e.defender),
                           static_cast<int16_t>(kSummonerRef + 2 * e.defender + 1)};
        return;
      }
      e.summoner = static_cast<int8_t>(slot);
    }
    if (blocker_present && splash_choice(e)) return;  // Rule TCG-12.29
    e.resolved = true;
    if (blocker_present) {
      // Rule TCG-7.3: attack >= remaining defense destroys; both may die, defender first.
      Obj& b = objs_[static_cast<size_t>(e.blocker)];
      int block_attack = attack_of(e.blocker);
      if (abilities_of(e.blocker) & cardgame::kFightback) block_attack *= 2;  // Rule TCG-12.4
      int b_remaining = defense_of(e.blocker) - b.damage;
      int a_remaining = defense_of(e.attacker) - a.damage;
      const int copied = attack;  // Splash copies the attack, not the blocker's Paranoia (TCG-I38)
      attack = disease_hit(e.blocker, attack, e.dodge == 2);  // Rules TCG-14.7, TCG-14.17
      block_attack = disease_hit(e.attacker, block_attack, false);
      attack = absorb_damage(e.blocker, attack);  // card language v2 `prevent`
      block_attack = absorb_damage(e.attacker, block_attack);
      bool b_dies = attack >= b_remaining;
      bool a_dies = block_attack >= a_remaining;
      take_damage(e.blocker, attack);
      take_damage(e.attacker, block_attack);
      log(kEvDamage, e.defender, e.blocker, attack);
      log(kEvDamage, objs_[static_cast<size_t>(e.attacker)].controller, e.attacker, block_attack);
      const auto before = static_cast<std::ptrdiff_t>(frames_.size());
      if (b_dies) destroy(e.blocker);
      const auto middle = static_cast<std::ptrdiff_t>(frames_.size());
      if (a_dies) destroy(e.attacker);
      // The defender dies first, so its `dies` effects resolve first: frames run
      // last-pushed first, so the blocker's go on top of the attacker's.
      std::rotate(frames_.begin() + before, frames_.begin() + middle, frames_.end());
      splash_damage(e, copied);  // Rule TCG-12.29
    }
    if (to_summoner > 0 && e.summoner >= 0) {
      damage_summoner(e.defender, e.summoner, to_summoner);
    }
    check_deaths();
    return;  // one entry at a time: death triggers run before the next
  }
  // Rules TCG-12.15..17: after combat, Bleed, Drain and Iron Skin counters.
  for (const CombatEntry& e : combat_) {
    if (e.blocker < 0) continue;
    bool attacker_alive = objs_[static_cast<size_t>(e.attacker)].where == Where::kBattlefield;
    bool blocker_alive = objs_[static_cast<size_t>(e.blocker)].where == Where::kBattlefield;
    if (attacker_alive && blocker_alive && (abilities_of(e.attacker) & cardgame::kBleed)) {
      add_counter(e.blocker, -1, -1, false);
    }
    if (attacker_alive && (abilities_of(e.attacker) & cardgame::kDrain)) {
      add_counter(e.attacker, 1, 1, false);
    }
  }
  // Iron Skin: once per blocker even when it blocked several attackers (Horde).
  std::vector<int16_t> blockers;
  for (const CombatEntry& e : combat_) {
    if (e.blocker >= 0 && std::find(blockers.begin(), blockers.end(), e.blocker) == blockers.end()) {
      blockers.push_back(e.blocker);
    }
  }
  for (int16_t b : blockers) {
    if (objs_[static_cast<size_t>(b)].where == Where::kBattlefield &&
        (abilities_of(b) & cardgame::kIronSkin)) {
      add_counter(b, 1, 1, false);
    }
  }
  possession_after_combat();  // Rule TCG-12.32
  combat_.clear();
  stage_ = kStageNone;
  phase_ = Phase::kMain;
  main_step_ = 2;
  check_deaths();
  // Interpretation TCG-I75: the others may answer as the End of turn phase begins.
  if (phase_ != Phase::kGameOver) open_others_window(kWindowAfterDamage);
}

}  // namespace rise::tcg
