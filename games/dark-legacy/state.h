// The state of a Dark Legacy battle (docs/rules/dark-legacy.md; rule ids DL-*).
//
// Every physical card is an object (Obj) with a fixed id for the whole battle; the mat's
// fields are small lists of object ids. Card definitions live in the shared, immutable
// CardDb. Decisions are single actions (docs/notation.md "dark-legacy"): a response window
// is a sequence of `cast`/`pass` decisions, a target is a `target` decision. All randomness
// (shuffles, every d20) comes from the state's Rng inside apply_action: no chance player.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "dark-legacy/cards.h"
#include "rise/core/error.h"
#include "rise/core/rng.h"
#include "rise/core/observation_bounds.h"
#include "rise/core/state.h"

namespace rise::dl {

inline constexpr int kSpellFields = 4;       // Rule DL-3.5/3.6: three Spell Casting Fields + the Instant Field
inline constexpr int kInstantField = 3;      // index of the Instant Field among the spell fields
inline constexpr int kMaxCopiesPerField = 3; // Rule DL-3.5: up to three copies of one card stacked
inline constexpr int kMaxObjects = 1000;     // object ids are 0..999 (both decks together)
inline constexpr int kHeroRef = 1000;        // a reference to seat p's hero: kHeroRef + p
inline constexpr int kNoRef = 1023;          // no reference / no card
inline constexpr int kDefaultTurnLimit = 200;  // Interpretation DL-I21
inline constexpr int kHeroPoisonLimit = 20;  // Rule DL-16.1
inline constexpr int kMaxArmorPlayed = 2;    // Rule DL-11.6
inline constexpr int kMaxDeckCards = 100;    // Interpretation DL-I42: cards of one deck (all a player owns)

// The learning interface's sizes (docs/learning.md; docs/notation.md "dark-legacy dense
// action indices"; docs/formats.md "dark-legacy observation tensor"). Hand, deck and in-play
// positions stop at kMaxDeckCards (+ 16 fixed in-play places), the most cards a player owns.
inline constexpr int kDenseActions = 1536;
inline constexpr int kObservationSize = 1556;

// The range of every value of the observation tensor (docs/formats.md, "dark-legacy
// observation tensor"): the state JSON's and card loader's ranges, normalised over a
// battle's magnitudes.
ObservationBounds observation_bounds();

// Where an object is.
enum class Where : uint8_t {
  kLibrary,     // its owner's deck (top = back of Player::library)
  kHand,
  kBoneyard,    // Rule DL-3.8
  kRemoved,     // removed from the game (Rule DL-3.9)
  kSpellField,  // Obj::slot = field 0..3 (3 = the Instant Field)
  kWeapon,      // Obj::slot = 0 primary, 1 secondary Weapon Field
  kArmor,       // Obj::slot = 0 Primary Armor Field, 1 Secondary Armor/Relic Field
  kRelicField,  // a Relic in the Secondary Armor/Relic Field (copies stack, Rule DL-3.4)
  kHeroField,   // an Enhancement on the hero (Rule DL-3.1)
  kAttached,    // an Enhancement on a Weapon or Armor (Obj::attached_to)
  kCharging,    // face down in the Charging Field (Rule DL-3.7)
};

struct Obj {
  int16_t def = -1;
  uint8_t owner = 0;        // also its controller: nothing changes control in Dark Legacy
  Where where = Where::kLibrary;
  int8_t slot = 0;          // field index (see Where)
  int16_t attached_to = -1; // kAttached: the Weapon or Armor object it is on
  int16_t damage = 0;       // Creature: damage since its controller's turn began (DL-I14); Armor: cumulative (DL-11.2)
  int8_t poison = 0;        // poison counters (Rule DL-16.2)
  int8_t boost = 0;         // +Attack Points until the end of the turn (op boost)
  bool activated = false;   // turned (Rule DL-1.5): attacked or used its ability
  bool on_stack = false;    // cast and not resolved yet: it lies in its field but does nothing
  int16_t cast_turn = -1;   // the turn it came into play (Rule DL-8.5)
};

struct Hero {
  HeroSpec spec;
  bool alive = true;
  int16_t life = 50;
  int16_t start_life = 50;  // Rules DL-4.1, DL-18.4: 50, or 100 from level 6
  int8_t poison = 0;        // Rule DL-16.1
};

struct Player {
  Hero hero;
  int16_t cp = 0;             // Casting Points (Rules DL-7.*)
  int16_t turns_taken = 0;    // own turns begun (Rule DL-6.2)
  int8_t armor_played = 0;    // Armor cards put into play this battle (Rule DL-11.6)
  bool charged_this_turn = false;
  int8_t peek_known = 0;      // top cards of the library the player has looked at (Rule DL-18.6)
  int16_t setup_choice = -2;  // set-up: -2 undecided, -1 none, else the def equipped (Rule DL-5.1)
  std::vector<int16_t> deck;  // set-up only: the deck's card defs (empty once the battle began)
  std::vector<int16_t> library;  // top = back()
  std::vector<int16_t> hand;
  std::vector<int16_t> boneyard;
  std::vector<int16_t> removed;
  std::array<int16_t, 2> weapon{{-1, -1}};  // Rule DL-3.2
  std::array<int16_t, 2> armor{{-1, -1}};   // [0] Primary Armor Field, [1] Secondary Armor/Relic Field
  std::vector<int16_t> relics;              // Relics in the Secondary Armor/Relic Field (Rule DL-3.4)
  std::vector<int16_t> hero_enh;            // Enhancements on the hero (Rule DL-3.1)
  std::vector<int16_t> gear_enh;            // Enhancements on a Weapon or Armor (Rule DL-3.2)
  std::array<std::vector<int16_t>, kSpellFields> fields;  // Rules DL-3.5, DL-3.6
  int16_t charging = -1;      // Rule DL-3.7
  int8_t tokens = 0;          // charging tokens (Rule DL-9.1)
  int8_t skill_roll = 0;      // after the battle: the d20 (Rule DL-18.1), 0 before
  int16_t skill_points = 0;   // after the battle: the points earned
};

enum class Phase : uint8_t {
  kSetup,      // seats choose their pre-battle Equipment (Rule DL-5.1)
  kDeclare,    // the active player declares a Casting Phase or an Attack Phase (Rule DL-6.1 step 5)
  kCasting,    // the Casting Phase (Rules DL-8.*)
  kAttackers,  // the Attack Phase: declaring attackers (Rule DL-13.1)
  kBlocks,     // the defender declares blockers (Rule DL-13.3)
  kDefend,     // the defender chooses the weapon its hero defends with (Rule DL-10.5)
  kOver,
};
inline constexpr const char* kPhaseNames[] = {"setup", "declare", "casting", "attackers", "blocks", "defend", "over"};

// A spell on the cast stack (Rule DL-8.4, Interpretation DL-I5).
struct StackItem {
  int16_t obj = 0;
  uint8_t controller = 0;
  bool countered = false;
};

// A running effect: the steps of one Effect of a card (cards.h), executed one by one.
struct Frame {
  int16_t source = 0;       // the card object
  uint8_t controller = 0;
  Trigger trigger = Trigger::kCast;
  uint8_t pc = 0;           // next step
  bool dispose = false;     // when done, the source goes to the Boneyard (Instant, used-up Magic)
};

// One declared attacker (Rule DL-13.1).
struct Attack {
  int16_t attacker = 0;  // object id, or kHeroRef + active for the hero
  int8_t weapon = 0;     // the hero: 0 primary, 1 secondary Weapon Field
  int16_t blocker = -1;  // the blocking creature, or -1 (met by the defending hero, DL-I13)
  int8_t roll = 0;       // the attack d20, 0 before it is rolled
};

// What happens when the current stack has resolved.
enum class AfterStack : uint8_t { kNothing, kAttackWindow };

// Automatic work waiting for running effects to finish.
enum class Stage : uint8_t { kNone, kRoll, kCombat, kEndTurn };
inline constexpr const char* kStageNames[] = {"none", "roll", "combat", "end-turn"};

// The battle log (public facts; drawn, charged and peeked cards only for their owner).
struct Event {
  uint8_t kind = 0;
  int8_t player = -1;
  int16_t a = 0;
  int16_t b = 0;
  int16_t c = 0;
};

enum EventKind : uint8_t {
  kEvPreEquip,     // player equips def a before the battle (a = -1: nothing)
  kEvFirstRoll,    // player rolls a for the first turn
  kEvFirstPlayer,  // player takes the first turn
  kEvDraw,         // player draws object a (hidden from the others)
  kEvEmptyDraw,    // player's deck is empty: nothing drawn (DL-I21)
  kEvTurn,         // turn a of player begins
  kEvToken,        // player's charging card gets a token: a tokens of b needed
  kEvCpRoll,       // player rolls a Casting Points (+b at level 20): c in all
  kEvPhase,        // player declares a Casting (a = 0) or an Attack (a = 1) Phase
  kEvCast,         // player casts object a
  kEvCharge,       // player charges object a face down (hidden from the others)
  kEvEquip,        // player equips object a
  kEvActivate,     // player activates object a
  kEvPass,         // player passes (a response window)
  kEvCountered,    // object a of player is countered
  kEvResolve,      // object a of player resolves
  kEvTarget,       // player targets reference a with object b
  kEvAttack,       // player attacks with reference a (hero: b = weapon slot)
  kEvBlock,        // player blocks attacker reference b with object a
  kEvDefend,       // player's hero defends with weapon slot a
  kEvAttackRoll,   // player rolls a for attacker reference b
  kEvDamage,       // creature object a takes b damage
  kEvArmorDamage,  // armor object a of player absorbs b damage
  kEvLifeLoss,     // player's hero loses a Life Points: b left
  kEvDestroyed,    // object a of player goes to the Boneyard
  kEvHeroDestroyed,// player's hero is destroyed
  kEvPoison,       // reference a gets b poison counters: c in all
  kEvPoisonImmune, // player's hero wears Armor: no poison (DL-11.8)
  kEvHeal,         // reference a heals b
  kEvGainCp,       // player gains a Casting Points
  kEvDiscard,      // player discards def a at random
  kEvRemoved,      // object a of player is removed from the game
  kEvBoost,        // object a gets +b Attack Points this turn
  kEvRepair,       // player's armor object a is repaired by b
  kEvHitsNothing,  // attacker reference a of player: the defending hero is dead, nothing happens
  kEvDefeated,     // player is defeated (hero dead, no creature: DL-17.1)
  kEvBattleOver,   // a = winner seat, -1 draw; b = 1 when the turn limit ended it
  kEvSkillRoll,    // player rolls a for skill points: b points
  kEvPeek,         // player looks at its next cards: objects a and b (-1 none); hidden from the others
  kEvEndTurn,      // player ends its turn
  kEvNoEffect,     // a step of object a found no target
};
inline constexpr int kEvLast = kEvNoEffect;

// Action ids: verb * 2^20 + a * 2^10 + b (docs/notation.md, dark-legacy).
enum Verb : int {
  kActPreEquip = 1,  // a = def (kNoRef: none)                  `equip CARD-ID` / `equip none`
  kActCastingPhase,  //                                          `casting phase`
  kActAttackPhase,   //                                          `attack phase`
  kActCast,          // a = object, b = Place                    `cast #n [to relic field|on ...]`
  kActCastCharged,   // b = Place                                `cast charged [on ...]`
  kActCharge,        // a = object                               `charge #n`
  kActEquip,         // a = object                               `equip #n`
  kActActivate,      // a = object                               `activate #n`
  kActEndTurn,       //                                          `end turn`
  kActTarget,        // a = reference                            `target #n` / `target hero p1`
  kActAttack,        // a = object                               `attack #n`
  kActHeroAttacks,   // b = weapon slot                          `hero attacks [secondary]`
  kActAttackersDone, //                                          `attackers done`
  kActBlock,         // a = blocker, b = attacker reference      `block #b #a` / `block #b hero`
  kActBlocksDone,    //                                          `blocks done`
  kActDefend,        // b = weapon slot                          `defend primary|secondary`
  kActPass,          //                                          `pass`
};
inline constexpr int kLastVerb = kActPass;

// Where a cast spell goes (operand b of kActCast / kActCastCharged).
enum Place : int {
  kPlaceField = 0,   // a Spell Casting Field chosen by the engine (Interpretation DL-I22)
  kPlaceRelic = 1,   // the Secondary Armor/Relic Field (Rule DL-8.6)
  kPlaceHero = 2,    // an Enhancement on the hero (Interpretation DL-I11)
  kPlaceWeapon1 = 3, kPlaceWeapon2 = 4,
  kPlaceArmor1 = 5, kPlaceArmor2 = 6,
};
inline constexpr int kLastPlace = kPlaceArmor2;

inline constexpr Action make_action(int verb, int a = 0, int b = 0) { return (verb << 20) | (a << 10) | b; }
inline constexpr int action_verb(Action action) { return action >> 20; }
inline constexpr int action_a(Action action) { return (action >> 10) & 1023; }
inline constexpr int action_b(Action action) { return action & 1023; }

// Rows of the Attack Roll Result Table (Rules DL-14.1..14.5).
enum class RollRow : uint8_t { kCriticalMiss, kCleanMiss, kHit, kDirectHit, kCriticalHit };
RollRow roll_row(int d20);
const char* roll_row_name(RollRow row);   // "Critical Miss"
const char* roll_row_range(RollRow row);  // "1-3"

class DlState final : public State {
 public:
  // A new battle in its set-up: decks[p] lists the card defs of seat p's deck (any order),
  // heroes[p] its hero. Nothing random happens before both pre-battle equips are chosen.
  DlState(const Game& game, std::shared_ptr<const CardDb> cards, uint64_t seed,
          const std::vector<std::vector<int>>& decks, const std::vector<HeroSpec>& heroes,
          std::vector<std::string> deck_names, int turn_limit, std::string options_text);

  int num_players() const override { return 2; }
  PlayerId current_player() const override;
  void legal_actions(std::vector<Action>& out) const override;
  using State::legal_actions;
  bool is_legal(Action action) const override;
  std::string explain_illegal(Action action) const override;
  bool is_terminal() const override { return phase_ == Phase::kOver; }
  std::vector<double> returns() const override;
  std::unique_ptr<State> clone() const override { return std::make_unique<DlState>(*this); }
  std::string action_to_string(Action action) const override;
  std::string describe_action(Action action, PlayerId viewer) const override;
  Action string_to_action(std::string_view text) const override;
  nlohmann::json to_json() const override;
  nlohmann::json observation_json(PlayerId player) const override;
  std::vector<std::string> log_lines(PlayerId player) const override;
  std::string render_text(PlayerId viewer, bool color) const override;
  std::string render_text_at_width(PlayerId viewer, bool color, size_t width) const override;
  // `show #ID` (show.cpp): the card's whole text and numbers now, if `viewer` may see it
  // (never a deck card, another seat's hand or charging card); "" lists the targets.
  // InputError for anything else or a hidden card.
  // The target choice, the response window or the phase's decision, in public words
  // (render.cpp): e.g. "declare a Casting Phase or an Attack Phase (Rule DL-6.1)".
  std::string describe_decision() const override;
  std::string show(const std::string& what, PlayerId viewer) const override;
  int turn_number() const override { return turn_; }
  GameEnd game_end() const override;  // Rule DL-17.1, Interpretations DL-I16, DL-I21
  PlayerId starting_player() const override { return first_player_ < 0 ? 0 : first_player_; }
  // Per seat, every card of its deck: drawn, and the turn it was first played (card_uses.cpp).
  std::vector<std::vector<CardUse>> card_uses() const override;
  double evaluate(PlayerId player) const override;
  std::vector<EvaluationTerm> evaluation_terms(PlayerId player) const override;  // evaluation.cpp
  std::unique_ptr<State> resample_hidden(PlayerId observer, Rng& rng) const override;
  void force_chance(std::shared_ptr<ForcedChance> chance) override { rng_.force(std::move(chance)); }
  // The sandbox's position language (sandbox.cpp; docs/formats.md, "Sandbox position").
  void set_up(std::string_view line) override;

  // Learning interface (learning.cpp). The dense index of legal `action`, in
  // [0, kDenseActions), from the mover's hand or deck position, the in-play place of a card
  // (its side seen from the mover, its field and copy, or its place among the Relics and
  // Enhancements), a Place or a weapon slot; never from an object id. Throws InputError
  // when `action` is not legal.
  int dense_action(Action action) const override;

 protected:
  int dense_action_of_legal(Action action, std::span<const Action> legal) const override;

 public:
  // kObservationSize floats: the public part, then `player`'s side, then the other side
  // (kSpectator or a non-seat: seat 0's side first, no hand shown). Card def indices are
  // written + 1 (0: no card). Throws InputError when out.size() != kObservationSize.
  void observation_tensor(PlayerId player, std::span<float> out) const override;

  // Reads a state written by to_json(); the cards are the ones the options name (loaded by
  // the caller). Throws InputError naming the field and why.
  static std::unique_ptr<State> from_json(const Game& game, const nlohmann::json& json,
                                          std::shared_ptr<const CardDb> cards);

  // Read access for tests, renderers and the AI.
  const CardDb& cards() const { return *cards_; }
  const CardDef& card_of(int id) const { return (*cards_)[objs_[static_cast<size_t>(id)].def]; }
  const Player& player(int p) const { return players_[static_cast<size_t>(p)]; }
  const Obj& obj(int id) const { return objs_[static_cast<size_t>(id)]; }
  int num_objects() const { return static_cast<int>(objs_.size()); }
  const std::vector<StackItem>& stack() const { return stack_; }
  const std::vector<Attack>& attacks() const { return attacks_; }
  const std::vector<Event>& events() const { return events_; }
  Phase phase() const { return phase_; }
  int active_player() const { return active_; }
  bool window_open() const { return window_open_; }
  bool choice_pending() const { return !choice_.empty(); }
  const std::vector<int16_t>& choice_options() const { return choice_; }
  int winner() const { return winner_; }
  int turn_limit() const { return turn_limit_; }

  // Whether object id is a card in play (in a field, equipped or attached; resolved).
  bool in_play(int id) const {
    const Obj& o = objs_[static_cast<size_t>(id)];
    if (o.on_stack) return false;
    switch (o.where) {
      case Where::kSpellField:
      case Where::kWeapon:
      case Where::kArmor:
      case Where::kRelicField:
      case Where::kHeroField:
      case Where::kAttached: return true;
      default: return false;
    }
  }
  bool is_creature_in_play(int id) const;
  // Calls f(id) for every card in p's fields, Weapon and Armor Fields, Relics and
  // Enhancements (in play unless still on the stack). Rules DL-3.1..DL-3.6.
  template <class F>
  void for_each_in_play_zone(int p, F&& f) const {
    const Player& pl = players_[static_cast<size_t>(p)];
    for (const auto& field : pl.fields) {
      for (int16_t id : field) f(id);
    }
    for (int16_t id : pl.weapon) {
      if (id >= 0) f(id);
    }
    for (int16_t id : pl.armor) {
      if (id >= 0) f(id);
    }
    for (int16_t id : pl.relics) f(id);
    for (int16_t id : pl.hero_enh) f(id);
    for (int16_t id : pl.gear_enh) f(id);
  }
  // Whether p's zones (for_each_in_play_zone) hold every card of p in play (self_check()).
  bool in_play_zones_hold(int p) const;
  // Effective Attack / Defense Points of a creature in play (grants and boosts included).
  int attack_of(int id) const;
  int defense_of(int id) const;
  bool flies(int ref) const;          // a creature or a hero (Rule DL-15.1, DL-I19)
  // The hero's Attack Points with its weapon `slot` (1 without a weapon there, Rule DL-10.1).
  int hero_attack(int p, int slot) const;
  bool hero_hits_flying(int p, int slot) const;  // distance weapon or hits-flying (DL-10.7)
  bool weapon_is_distance(int p, int slot) const;
  int armor_defense(int id) const;    // an Armor's Defense Points (attached Enhancements included)
  // The level the hero of p has for a card (Rule DL-2.5, Interpretation DL-I18).
  int level_for(int p, int def) const;
  // Text of one event as seat `viewer` may read it (kTerminalPlayer: public only).
  std::string describe_event(const Event& event, int viewer) const;
  // A reference in notation: "#12", "hero p1".
  std::string ref_text(int ref, int viewer, bool notation = false) const;
  // describe_action's text for `viewer`; `notation`: every card by its id (action_to_string).
  std::string action_text(Action action, PlayerId viewer, bool notation) const;

  DlState(const DlState&) = default;
  DlState& operator=(const DlState&) = default;  // set_up takes a loaded state

 protected:
  void do_apply_action(Action action) override;
  void self_check() const override;

 private:
  friend class DlTestAccess;
  explicit DlState(const Game& game) : State(game) {}

  // --- flow (flow.cpp) ---
  void finish_setup();
  void start_turn(int p);
  void roll_casting_points();
  void end_turn();
  void advance();
  void draw(int p, int count);
  void check_game_over();
  void finish_battle(int winner, bool turn_limit);
  int roll_d20() { return rng_.roll(20); }
  void log(EventKind kind, int player, int a = 0, int b = 0, int c = 0);
  int create_object(int def, int owner, Where where);

  // --- decisions (actions.cpp) ---
  // `only` >= 0 limits the work to the actions of that verb (others may be listed too).
  void add_active_actions(std::vector<Action>& out, int only) const;
  // legal_actions, with `only` as in add_active_actions (sorted, unique).
  void collect_legal(std::vector<Action>& out, int only) const;
  void add_instant_actions(int p, std::vector<Action>& out) const;
  bool has_castable_instant(int p) const;
  bool can_attack_with(int id) const;
  bool can_block(int blocker, const Attack& attack) const;
  bool any_block_possible() const;
  bool hero_meets_attack() const;
  void after_blocks();

  // --- casting (casting.cpp) ---
  // Whether p may cast / equip / charge / activate card `id` (resources, level, fields; the
  // caller checks whose decision it is). If not and `why` is given, the reason goes there.
  // `charged`: the card in the Charging Field.
  bool can_cast(int p, int id, int place, bool charged, std::string* why = nullptr) const;
  // The places (bit 1 << Place) where can_cast may accept card c, by its kind alone: an
  // Instant or a plain spell the Field, a Relic also the Relic Field, an Enhancement where
  // it attaches (Rules DL-3.1..DL-3.6, DL-8.6; Interpretation DL-I11).
  static unsigned possible_places(const CardDef& c);
  bool can_cast_here(int p, int id, int place, bool charged, std::string* why) const;  // can_cast's rules
  bool can_equip(int p, int id, std::string* why = nullptr) const;
  bool can_charge(int p, int id, std::string* why = nullptr) const;
  bool can_activate(int p, int id, std::string* why = nullptr) const;
  int field_for(int p, int def) const;  // the Spell Casting Field a spell goes to, -1 none
  // The sandbox: puts object `id` of seat `p` in play where its kind goes (sandbox.cpp);
  // InputError quoting `line` when it cannot stay there by itself or finds no room.
  void put_in_play(int p, int id, const std::string& line);
  void cast(int p, int id, int place, bool charged);
  void equip(int p, int id, bool pre_battle);
  void charge(int p, int id);
  void activate(int p, int id);
  void open_stack_window(int caster);
  void pass_window();
  void resolve_stack_top();
  void push_frame(int source, int controller, Trigger trigger, bool dispose);
  void run_frames();
  bool step_needs_choice(const Step& step) const;
  void candidates(const Frame& frame, const Step& step, std::vector<int16_t>& out) const;
  void apply_step(const Frame& frame, const Step& step, int ref);
  void target_chosen(int ref);
  void fire_turn_start(int p);

  // --- zones and damage (combat.cpp) ---
  void leave_play(int id, Where to);            // a card in play (and its attachments) leaves
  void damage_creature(int id, int amount);
  void damage_hero(int p, int amount);
  void poison(int ref, int amount);
  void destroy_hero(int p);
  void check_creature(int id);                 // destroyed by damage (DL-I14) or poison (DL-16.2)
  // Every creature and Armor in play whose Defense Points fell to its damage (a grant left
  // play) is destroyed: Interpretations DL-I14, DL-I40, Rule DL-11.2.
  void check_lost_defense();
  bool can_damage(int source_ref, int target_ref, int weapon_slot) const;
  void resolve_attack(Attack& attack);
  void resolve_combat();
  int defender() const { return 1 - active_; }

  std::shared_ptr<const CardDb> cards_;
  std::array<Player, 2> players_;
  std::vector<Obj> objs_;
  std::vector<StackItem> stack_;
  std::vector<Frame> frames_;
  std::vector<Attack> attacks_;
  std::vector<Event> events_;
  std::vector<int16_t> choice_;  // pending target choice of the top frame's step (refs, sorted)
  int16_t chosen_ = kNoRef;      // the target chosen for the top frame's current step
  Rng rng_;
  Phase phase_ = Phase::kSetup;
  Stage stage_ = Stage::kNone;
  AfterStack after_stack_ = AfterStack::kNothing;
  int8_t active_ = 0;
  int8_t first_player_ = -1;
  bool window_open_ = false;     // a response window (Interpretation DL-I4)
  int8_t priority_ = 0;          // who answers in the window
  bool resolving_ = false;       // the stack resolves, top first
  int8_t defend_weapon_ = 0;     // the defending hero's weapon slot this combat
  int8_t winner_ = -1;           // -1: none or draw
  int16_t turn_ = 0;
  int16_t turn_limit_ = kDefaultTurnLimit;
  std::array<std::string, 2> deck_names_;
  std::string options_text_;     // the resolved options as JSON text (for to_json)
};

}  // namespace rise::dl
