// The state of a rise-tcg game (docs/rules/rise-tcg.md; rule ids TCG-*).
//
// Every physical card is an object (Obj) with a fixed id for the whole game; zones are
// lists of object ids. Card definitions live in the shared, immutable CardSet, so a clone
// copies only small structs and id vectors. Decisions are single actions (docs/notation.md
// "rise-tcg"): a response window is a sequence of `pass`/play decisions, a choice of
// target is a `choose` decision.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "rise/core/error.h"
#include "rise/core/rng.h"
#include "rise/core/observation_bounds.h"
#include "rise/core/state.h"
#include "rise-tcg/card_set.h"
#include "rise-tcg/dungeon.h"

namespace rise::tcg {

inline constexpr int kMaxPlayers = 6;

// A vector index from an int the caller knows is not negative.
inline size_t u(int i) { return static_cast<size_t>(i); }
inline constexpr int kMaxResource = 30;   // Rule TCG-2.1: Stock and Ether hold 0..30
inline constexpr int kMaxHp = 30;         // Rule TCG-5.6
inline constexpr int kDefaultTurnLimit = 200;
// Interpretation TCG-I67: effect steps one action may run; one more ends the game in a draw
// (an effect loop that cannot end, e.g. a 1/0 Creature that makes a token of itself as it dies).
inline constexpr int kMaxEffectSteps = 500;
// Interpretation TCG-I68: card objects one game may hold (libraries, tokens, reanimated
// cards); a token or copy beyond it is not created. Every object id is then below kSummonerRef.
inline constexpr int kMaxObjects = 1024;
// Interpretation TCG-I69: items the chain may hold; while it is full nothing more is played
// onto it (kChainRef + index stays below kNoRef).
inline constexpr int kMaxChain = 200;
// Interpretation TCG-I69: an amount of a step (damage, heal, draw...) is 0..999 and damage
// on a Constant stops at 999, so that every number fits the state's fields and its JSON.
inline constexpr int kMaxAmount = 999;

// The learning interface (learning.cpp, docs/learning.md, docs/limits.md): the
// positions a dense action index or the observation tensor names. A hand card past
// kHandSlots, a battlefield card past kFieldSlots... still has a dense index (an unused one,
// docs/notation.md "rise-tcg dense action indices") but no row of the tensor.
inline constexpr int kHandSlots = 32;     // hand positions (the mover's / the viewer's hand)
inline constexpr int kFieldSlots = 48;    // battlefield positions, in battlefield order
inline constexpr int kChainSlots = 16;    // chain items, from the bottom
inline constexpr int kCombatSlots = 16;   // combat entries, in combat order
inline constexpr int kOtherSlots = 96;    // other cards a choice offers (library, Cemetery...)
inline constexpr int kOrdinalSlots = 4;   // Explosive / Assimilation Creatures of the mover
inline constexpr int kDenseActions = 2084;  // learning_spec().num_distinct_actions
inline constexpr int kObservationSize = 3721; // learning_spec().observation_shape = {kObservationSize}

// The range of every value of the observation tensor (docs/formats.md, "rise-tcg observation
// tensor"): the state JSON's ranges, normalised over a game's magnitudes.
ObservationBounds observation_bounds();

// Where an object is.
// kStacked: under an Assimilation stack (attached_to = the stack's top card; Rule TCG-12.31).
enum class Where : uint8_t { kLibrary, kHand, kBattlefield, kCemetery, kExclusion, kChain, kLevelUp, kGone, kStacked };

// Bits of Obj::wild (abilities of issue 4, abilities.cpp).
enum WildBit : uint16_t {
  kWildReanimated = 1 << 0,      // came back by Reanimation (Rule TCG-12.25)
  kWildCopycatUsed = 1 << 1,     // its relaunch was used this turn (Rule TCG-12.22)
  kWildDiversionUsed = 1 << 2,   // Rule TCG-12.28
  kWildRageUsed = 1 << 3,        // Rule TCG-12.33
  kWildRageStreak = 1 << 4,      // its last Rage toss succeeded: it may toss again
  kWildNoBlock = 1 << 5,         // can't block this turn (Diversion)
  // 1 << 6: no longer used (Possession tosses are kept in CombatEntry::possess_a/_b)
  kWildPossessed = 1 << 7,       // possessed: back to its owner at the owner's next turn
  kWildStackTop = 1 << 8,        // top of an Assimilation stack (cards are under it)
};
// Bits of Obj::pending: automatic work of an ability waiting for running effects to finish.
enum PendingBit : uint8_t { kPendMorph = 1 << 0, kPendInhume = 1 << 1, kPendReanimate = 1 << 2 };

// A reference to something a step can act on, as one integer (also used in actions):
// [0, kSummonerRef) object ids; kSummonerRef + 2*player + slot a Summoner;
// kPlayerRef + player a player; kChainRef + index an item of the chain.
inline constexpr int kSummonerRef = 1024;
inline constexpr int kPlayerRef = 1100;
inline constexpr int kChainRef = 1200;
inline constexpr int kNoRef = 2047;

struct Obj {
  int16_t def = -1;
  uint8_t owner = 0;
  uint8_t controller = 0;
  Where where = Where::kLibrary;
  bool tilted = false;
  bool sick = false;       // invocation sickness (Rule TCG-7.1)
  bool open = false;       // Doors (Rule TCG-10.4)
  bool unlocked = false;   // Lock (Rule TCG-12.13)
  bool token = false;
  bool control_until_eot = false;
  bool known = false;      // in a hand, but every player saw which card it is (returned)
  bool reached_hand = false;  // was put into a hand since the deal, a mulligan aside: `rise lab cards` counts it drawn
  bool opening_hand = false;  // was in its owner's hand when the first turn began (after the mulligans; card_uses)
  uint8_t eot_controller = 0;  // controller to restore at end of turn
  int8_t counter_attack = 0;   // permanent ±X/±X charge counters
  int8_t counter_defense = 0;
  int8_t temp_attack = 0;      // until end of turn
  int8_t temp_defense = 0;
  int16_t damage = 0;          // heals at end of each turn (Rule TCG-7.6)
  int16_t attached_to = -1;    // Equipment: the ref it is attached to; Level Up: its Summoner ref
  std::array<uint8_t, 4> actions_used{};  // uses of each Action this turn
  int16_t base_def = -1;       // Morpher: its own card while it copies `def` (Rule TCG-12.19)
  uint16_t wild = 0;           // WildBit flags
  uint8_t pending = 0;         // PendingBit flags
  uint8_t pending_player = 0;  // whose pending work it is (its controller when it died)
  // Diseases (diseases.cpp, Rules TCG-14.*). On a Disease card: its host is attached_to
  // (a Creature id, or kPlayerRef + p for Cold).
  int8_t caster = -1;           // Disease: the player who infected its host (TCG-14.3)
  int8_t disease_turns = 0;     // Parasite: counters still to come (TCG-14.16)
  uint8_t prior_controller = 0; // Madness: the host's controller before it (TCG-14.9)
  // On an infected Creature:
  bool disabled = false;        // no attack and no Actions until end of turn (Dementia, Amok, Paralysis)
  bool double_damage = false;   // Paranoia: the next hit deals double damage
  int8_t actions_by = -1;       // Schizophrenia: who uses its Actions this turn (-1: its controller)
  // Card language v2 (issue 19, docs/cards.md), all until end of turn but `fired`:
  bool lost_abilities = false;  // `lose abilities`: no abilities but `granted`, no static effects
  uint8_t prevent = 0;          // `prevent`: damage still to prevent this turn (at most 99)
  uint8_t fired = 0;            // bit k: its effect k with `limit: once per turn` happened this turn
  uint64_t granted = 0;         // `grant`: abilities given until end of turn
};

struct Summoner {
  int16_t def = -1;
  int8_t hp = 0;
  int8_t level = 1;       // current level (>= 1)
  int8_t level_ups = 0;   // Level Up cards placed on it
  int8_t cp = 1;          // Capacity Points available
  bool tilted = false;
  bool alive = true;
  uint8_t skills_used = 0;  // bit k: skill k used since the last untilt (Rule TCG-5.4)
};

struct Player {
  std::array<Summoner, 2> summoners;
  int8_t coins = 0;  // Stock
  int8_t ether = 0;
  std::vector<int16_t> library;  // top = back()
  std::vector<int16_t> hand;
  std::vector<int16_t> cemetery;
  std::vector<int16_t> exclusion;
  int8_t empty_draws = 0;   // times a draw found the library empty (Rule TCG-4.8)
  int8_t mulligans = 0;
  bool kept = false;        // finished the mulligan step
  bool out = false;         // lost both Summoners or conceded
  bool started = false;     // has begun a turn (skills allowed, Rule TCG-5.3)
  bool level_up_played = false;
  int8_t discount = 0;      // Coins off Actions until end of turn (op discount)
  int16_t deck_index = 0;   // which deck of the option `decks`
};

enum class Phase : uint8_t {
  kMulligan,     // seats decide keep / mulligan in turn order
  kRestoration,  // active player picks draw 1 + 2 Coins or draw 2 + 1 Coin
  kMain,         // Invocation (main_step 1) or End of turn (main_step 2)
  kAttackers,    // active player declares attackers one by one
  kBlockers,     // the defender declares blocks one by one
  kGameOver,
};

// Kinds of items on the Imminent chain.
enum class ChainKind : uint8_t { kImminent, kAction, kSkill };

struct ChainItem {
  ChainKind kind = ChainKind::kImminent;
  uint8_t controller = 0;
  int16_t source = 0;   // the Imminent card object, the Action's card, or the Summoner ref
  int8_t index = 0;     // action or skill index
  // An Action whose card has left the battlefield since: it stays on the chain and does
  // nothing (Rule TCG-9.2), even if the same object comes back, maybe as another card.
  bool left = false;
};

// A running effect list.
struct Frame {
  int16_t list = 0;
  uint8_t pc = 0;
  uint8_t controller = 0;
  int16_t source = kNoRef;  // ref of the card/Summoner the effect comes from
  int16_t event = kNoRef;   // ref of the other card of the trigger (kEvent targets)
  int16_t chosen = kNoRef;  // target chosen for the current step (pending choice result)
  uint8_t repeat = 0;       // steps repeated (discard/search counts, each-player loops)
};

// What a pending decision is for.
enum class ChoiceKind : uint8_t {
  kNone,
  kStepTarget,     // target of the top frame's current step
  kDiscard,        // a card of the chooser's hand to discard
  kSearch,         // a card of the chooser's library matching the filter
  kSacrifice,      // a Summoner to sacrifice (Rule TCG-4.8)
  kAttach,         // what the Equipment being invoked attaches to
  kAdvantage,      // an Advantage attacker's blocker or Summoner (Rule TCG-12.5)
  kDamageSummoner, // which Summoner takes an attacker's damage (Rule TCG-7.5)
  kMorph,          // the Creature a Morpher copies (Rule TCG-12.19)
  kInhume,         // the Creature that gets Inhume's counter (Rule TCG-12.26)
  kDiversion,      // the opposing Creature that can't block (Rule TCG-12.28)
  kSplash,         // what takes a copy of a Splash attacker's damage (Rule TCG-12.29)
  kPassDisease,    // which Disease a dodging blocker passes to its attacker (Rule TCG-14.7)
};

struct Choice {
  ChoiceKind kind = ChoiceKind::kNone;
  uint8_t chooser = 0;
  int16_t subject = kNoRef;  // the object concerned (Equipment, attacker)
  int8_t remaining = 0;      // discards still to make
  std::vector<int16_t> options;  // refs, sorted
};

struct CombatEntry {
  int16_t attacker = 0;
  uint8_t defender = 0;        // the attacked player
  int16_t blocker = -1;        // object id or -1
  int8_t summoner = -1;        // slot that takes unblocked / Pierce damage, -1 undecided
  bool resolved = false;
  int16_t splash = -1;         // Splash: ref that takes a copy of the damage, kNoRef none, -1 undecided
  int8_t dodge = 0;            // Dodge of the blocker (TCG-14.7): 0 not tossed, 1 failed, 2 dodged
  // Possession (Rule TCG-12.32): the player whose toss won the attacker / the blocker, -1 none.
  int8_t possess_a = -1;
  int8_t possess_b = -1;
};

// Automatic work that waits for running effects to finish.
enum Stage : int8_t { kStageNone = 0, kStageCombat = 2, kStageEndTurn = 3 };  // 1: no longer used

// The response windows (Rules TCG-4.6, TCG-7.3, TCG-11.2; Interpretation TCG-I75). In a window
// of kind kWindowEndOfTurn or later, only the other players take initiative: the active player
// may answer a chain there, nothing more.
enum WindowKind : int8_t {
  kWindowChain = 0,        // a chain started in a main phase
  kWindowBeforeDamage = 1, // Rule TCG-7.3, the active player first
  kWindowEndOfTurn = 2,    // Rule TCG-4.6: the turn was passed
  kWindowInvocation = 3,   // TCG-I75: Restoration is over, the Invocation phase begins
  kWindowAttackers = 4,    // TCG-I75: the attackers are declared, before blocks
  kWindowAfterDamage = 5,  // TCG-I75: Damage Resolution is over, the End of turn phase begins
};
inline constexpr int kWindowKinds = 6;

// Events for the log shown to people (public facts only).
struct Event {
  uint8_t kind = 0;
  int8_t player = -1;
  int16_t a = 0;  // def or ref
  int16_t b = 0;
  int16_t c = 0;
};

enum EventKind : uint8_t {
  kEvFirstPlayer, kEvDieRoll, kEvMulligan, kEvKeep, kEvConcede, kEvTurn, kEvDraw, kEvInvoke,
  kEvLevelUp, kEvSkill, kEvAction, kEvCoin, kEvDice, kEvDamage, kEvSummonerDamage, kEvHeal,
  kEvDies, kEvSummonerDies, kEvAttack, kEvBlock, kEvCancel, kEvResolve, kEvPlayerOut,
  kEvSacrifice, kEvDiscard, kEvReturn, kEvExclude, kEvControl, kEvEmptyLibrary, kEvGain,
  kEvLose, kEvPass,
  // abilities of issue 4 (abilities.cpp)
  kEvMorph, kEvReanimate, kEvRelaunch, kEvExplode, kEvAssimilate, kEvDiversion,
  // Diseases (Rules TCG-14.*): a = the Disease card object, b = its host ref.
  kEvInfect,        // player = the caster: the Disease infects b
  kEvImmune,        // player = the caster: b has Immunity, the infection fails
  kEvDiseaseEnds,   // player = the Disease's owner: it leaves b (cure, host gone, Cold unpaid...)
  kEvDiseaseStrikes,// player = b's controller: the Disease's coin toss succeeded on b
  kEvColdPaid,      // player pays 1 Coin for Cold a
  kEvDodge,         // player = the blocker's controller: a (blocker) dodges b (attacker)
  // Limits of the engine (Interpretations TCG-I67, TCG-I68):
  kEvEffectLoop,    // player -1: a = the effect steps run in one action: the game ends in a draw
  kEvNoObject,      // player = who would have got it: a = the card (def) of a token or copy not created
  // Card language v2 (issue 19):
  kEvMill,          // player puts a cards from the top of their library into their Cemetery
  kEvShuffleIn,     // player (the owner) shuffles card a (def) into their library
  kEvLoseAbilities, // player (controller) : object a loses its abilities until end of turn
  kEvGrant,         // player (controller) : object a gains abilities until end of turn
  kEvPrevent,       // player (controller of the object) : b damage to object a is prevented
  // Dungeon mode (Rules TCG-17.*):
  kEvRoom,          // player = the Dungeon: room a of b opens (Rule TCG-17.3)
  // Issue 38:
  kEvToken,         // player (controller) gets a token (a copy or a Token effect): card a, object b
  // Issue 36 (every triggered effect's result in the log):
  kEvCounter,       // player (controller) : object a gets b/c charge counters (Rule TCG-7.2)
  kEvBoost,         // player (controller) : object a gets b/c until end of turn
  kEvTrigger,       // player (controller) : the effect of object a triggers; b the Trigger, or 100 + the Whenever (from 101)
};
inline constexpr int kEvLast = kEvTrigger;

class TcgState final : public State {
 public:
  // A new game: decks[i] is the deck (Summoner card ids, library card ids) of seat i.
  // Rolls for the first player and deals opening hands from `seed` (Rule TCG-3.1).
  // With `dungeon` (Dungeon mode, Rules TCG-17.*): `num_players` is 2 sides, seat 0 the
  // player and side 1 the Dungeon, whose deck is its Guardians and an empty library; the
  // player plays first (TCG-17.4) and the turn limit is the lower of `turn_limit` and the
  // dungeon's. `deck_names` (one per side) and `options` (the resolved options, a JSON
  // object of strings) are never changed: states of one configuration share them.
  TcgState(const Game& game, std::shared_ptr<const CardSet> cards, int num_players,
           uint64_t seed, const std::vector<std::pair<std::vector<int>, std::vector<int>>>& decks,
           std::shared_ptr<const std::vector<std::string>> deck_names, int turn_limit,
           std::shared_ptr<const nlohmann::json> options, std::shared_ptr<const DungeonDef> dungeon = nullptr);

  // Seats: the sides, but 1 in Dungeon mode (the Dungeon is a side, not a seat: Rule TCG-17.1).
  int num_players() const override { return dungeon_ ? 1 : sides(); }
  // The sides of the table: every player, and the Dungeon in Dungeon mode (2 to 6).
  int sides() const { return static_cast<int>(players_.size()); }
  // Dungeon mode: the dungeon played (nullptr in a game of 2 to 6 players) and the rooms
  // opened so far (Rule TCG-17.3).
  const DungeonDef* dungeon() const { return dungeon_.get(); }
  int rooms_opened() const { return rooms_opened_; }
  // Whether side `p` is the Dungeon (Dungeon mode only). Rule TCG-17.1.
  bool is_dungeon(int p) const { return dungeon_ && p == kDungeonSide; }
  PlayerId current_player() const override;
  void legal_actions(std::vector<Action>& out) const override;
  bool is_legal(Action action) const override;
  std::string explain_illegal(Action action) const override;
  bool is_terminal() const override { return phase_ == Phase::kGameOver; }
  std::vector<double> returns() const override;
  std::unique_ptr<State> clone() const override { return std::make_unique<TcgState>(*this); }
  std::string action_to_string(Action action) const override;
  std::string describe_action(Action action, PlayerId viewer) const override;
  // Conceding (Rule TCG-3.3) and choosing the Summoner sacrificed to an empty library (Rule
  // TCG-4.8) ask for a confirmation: "concede ends the game: you lose", "choose S1 (Vessa)
  // sacrifices Vessa: it dies".
  std::string action_warning(Action action) const override;
  Action string_to_action(std::string_view text) const override;
  nlohmann::json to_json() const override;
  nlohmann::json observation_json(PlayerId player) const override;
  std::vector<std::string> log_lines(PlayerId player) const override;
  // The sandbox's position language (sandbox.cpp; docs/formats.md, "Sandbox position").
  void set_up(std::string_view line) override;
  std::string render_text(PlayerId viewer, bool color) const override;
  std::string render_text_at_width(PlayerId viewer, bool color, size_t width) const override;
  // `show WHAT` (show.cpp): "#ID" a card, "S1"/"S2" the viewer's Summoner, "pN.S1" any
  // Summoner, "hand", "battlefield", "cemetery", "excluded" (each optionally followed by
  // "pN"), "chain"; "" lists these. A card in a hand or a library the viewer may not see is
  // refused.
  std::string show(const std::string& what, PlayerId viewer) const override;
  // The pending choice, the open response window or the phase's decision, in public words
  // (decision.cpp): e.g. "choose the target of #12 (Test Bolt)'s effect".
  std::string describe_decision() const override;
  int turn_number() const override { return turn_; }
  // Rules TCG-3.3, TCG-4.8, TCG-4.9, Interpretations TCG-I12, TCG-I67, TCG-17.7 (game_end.cpp).
  GameEnd game_end() const override;
  PlayerId starting_player() const override { return first_player_; }
  // Per seat, every card of its deck: drawn, and the turn it was first played (card_uses.cpp).
  std::vector<std::vector<CardUse>> card_uses() const override;
  double evaluate(PlayerId player) const override;
  std::vector<EvaluationTerm> evaluation_terms(PlayerId player) const override;  // evaluation.cpp
  std::unique_ptr<State> resample_hidden(PlayerId observer, Rng& rng) const override;
  void force_chance(std::shared_ptr<ForcedChance> chance) override { rng_.force(std::move(chance)); }
  // The learning interface (learning.cpp; docs/notation.md "rise-tcg dense action indices",
  // docs/formats.md "rise-tcg observation tensor"). dense_action: the index in
  // [0, kDenseActions) of a legal action, built from the mover's hand slots, battlefield
  // positions, seat offsets and chain positions; InputError when `action` is not legal.
  int dense_action(Action action) const override;

 protected:
  int dense_action_of_legal(Action action, std::span<const Action> legal) const override;

 public:
  // Seat `viewer`'s observation_json (a non-seat: the public one) as kObservationSize
  // floats; InputError when out.size() differs.
  void observation_tensor(PlayerId viewer, std::span<float> out) const override;

  static std::unique_ptr<State> from_json(const Game& game, const nlohmann::json& json);

  // Read access for tests, renderers and the AI's evaluation.
  const CardSet& cards() const { return *cards_; }
  const Player& player(int p) const { return players_[static_cast<size_t>(p)]; }
  const Obj& obj(int id) const { return objs_[static_cast<size_t>(id)]; }
  int num_objects() const { return static_cast<int>(objs_.size()); }
  const std::vector<int16_t>& battlefield() const { return battlefield_; }
  const std::vector<ChainItem>& chain() const { return chain_; }
  const std::vector<CombatEntry>& combat() const { return combat_; }
  const std::vector<Event>& events() const { return events_; }
  const Choice& choice() const { return choice_; }
  Phase phase() const { return phase_; }
  int active_player() const { return active_; }
  int main_step() const { return main_step_; }
  bool window_open() const { return window_open_; }
  // The Capacity Points player p pays to invoke card `def` from hand (per Summoner for
  // Together): its cost less its `creatures cost 1 less` Constants (Interpretation TCG-I77).
  int invoke_cost(int p, int def) const;
  int priority_player() const { return priority_; }
  // Effective attack / defense / abilities of a battlefield object (counters, Equipment,
  // `*` values included). Rule TCG-7.2.
  int attack_of(int id) const;
  int defense_of(int id) const;
  uint64_t abilities_of(int id) const {
    const Obj& o = objs_[static_cast<size_t>(id)];
    uint64_t mask = cards_->card(o.def).abilities;
    if (o.base_def >= 0) mask |= cardgame::kMorpher;  // Rule TCG-12.19: a copy keeps Morpher
    if (!attached_.none()) mask |= granted_abilities(id);
    if (o.lost_abilities) mask = 0;  // Interpretation TCG-I70: `lose abilities`, until end of turn
    mask |= o.granted;
    RISE_SELF_CHECK((mask & ~abilities_present_) == 0, "abilities_present_ misses an ability of #" + std::to_string(id));
    return mask;
  }
  // Abilities some object of the game may have: its card's and those it grants (a superset:
  // kept when the object leaves). A scan for one ability is skipped when it is absent.
  uint64_t abilities_present() const { return abilities_present_; }
  // The static effects (cardgame::StaticEffect mask) object `id` has now: none once it has
  // lost its abilities.
  uint32_t statics_of(int id) const;
  // Capacity Points a Summoner may hold: min(level, number of skills). Rule TCG-5.5.
  int max_cp(int player, int slot) const;
  // Text of one event for people (card names only where public).
  std::string describe_event(const Event& event) const;

  TcgState(const TcgState&) = default;
  TcgState& operator=(const TcgState&) = default;  // set_up takes a loaded state

 protected:
  void do_apply_action(Action action) override;
  void self_check() const override;

 private:
  friend class TcgTestAccess;
  explicit TcgState(const Game& game) : State(game) {}

  // --- decisions (actions.cpp) ---
  // The decision `action` (do_apply_action: the same after resetting the step count of
  // Interpretation TCG-I67; advance() takes a one-option choice with it, counting on).
  void apply_decision(Action action);
  // Rules TCG-4.3, 5.2..5.7, 8.4, 9.4, 12.22: p's plays (see actions.cpp); `only` >= 0
  // limits the work to that action kind (others may be listed too), kFirstPlay stops at
  // the first play found, -1 lists them all.
  static constexpr int kFirstPlay = -2;
  void add_play_actions(int p, bool main_speed, std::vector<Action>& out, int only) const;
  // legal_actions, with `only` as in add_play_actions (sorted, unique).
  void collect_legal(std::vector<Action>& out, int only) const;
  bool can_pay_invoke(int p, int def, int slot) const;
  int action_cost_coins(int id, int index) const;
  bool can_use_action(int p, int id, int index) const;
  bool can_use_skill(int p, int slot, int index) const;
  bool has_response(int p) const;
  void play_card(int p, int id, int slot);
  void play_level_up(int p, int id, int slot);
  void use_skill(int p, int slot, int index);
  void use_action(int p, int id, int index);
  bool settle_advantage();
  bool can_block(int blocker, const CombatEntry& entry) const;
  // Issue 38: an attacker that has left the battlefield deals nothing; views and screens drop it.
  bool attacker_gone(const CombatEntry& entry) const;

  // --- Dungeon mode (dungeon.cpp, Rules TCG-17.*) ---
  void open_room();                 // Rule TCG-17.3
  Action dungeon_action() const;    // Rules TCG-17.5, TCG-17.6: the Dungeon's decision now
  bool dungeon_attack_is_safe(int id) const;  // Rule TCG-17.5
  bool destroys(int striker, int target) const;  // striker's attack reaches target's remaining defense
  void run_dungeon();               // applies the Dungeon's decisions until a seat decides
  nlohmann::json dungeon_json() const;  // the `dungeon` field of to_json and observations
  std::string dungeon_lines(bool color, size_t width) const;  // render.cpp: the Dungeon's lines of the board
  // Reads the `dungeon` field of a saved state (players_ and cards_ already loaded).
  void load_dungeon_json(const nlohmann::json& j, const std::string& what);

  // --- flow (flow.cpp) ---
  void advance();
  void open_window(int first);
  // Interpretation TCG-I75: a window of `kind` for the players after the active one.
  void open_others_window(WindowKind kind);
  // The active player takes no initiative in this window (it may answer a chain).
  bool others_window() const { return window_kind_ >= kWindowEndOfTurn; }
  void after_chain_play(int p);
  void pass_priority();
  void start_turn(int p);
  void end_turn();
  void begin_restoration_effects();
  void finish_mulligan_step();
  void check_game_over();
  void player_leaves(int p);
  int next_defender(int after) const;
  void next_blocking_defender();
  void draw(int p, int count);
  void start_combat_damage();
  void resolve_combat();

  // --- abilities of issue 4: Morpher ... Elements (abilities.cpp; helper "abilities") ---
  bool wild_may_block(int id) const;                  // Chained, Diversion
  // Assimilation: the sum of attack_of or defense_of over the cards under `id`.
  int stack_total(int id, int (TcgState::*of)(int) const) const;
  void add_relaunch_actions(int p, std::vector<Action>& out) const;
  void add_wild_main_actions(std::vector<Action>& out) const;
  void add_explode_actions(std::vector<Action>& out) const;
  std::string explain_wild(int kind) const;
  void apply_wild_action(int kind, int a, int b);
  void resolve_wild_choice(ChoiceKind kind, int subject, int chosen);
  void wild_turn_start(int p);
  void wild_end_turn();
  void cloning_step();
  bool run_pending_abilities();
  void on_enter_battlefield(int id);
  void on_leave_battlefield(int id, Where to);
  void release_stack(int id, Where to, bool died);
  Where death_zone(int id);
  // Rule TCG-12.19: a Morpher (its own card has Morpher) whose abilities no longer include it.
  bool lost_morpher(int id) const;
  void possession_toss(int id, int attacker);         // `id` fights in attacker's entry
  void possession_after_combat();
  bool splash_choice(CombatEntry& entry);
  void splash_damage(const CombatEntry& entry, int amount);
  bool toss(int p);                                   // a logged coin toss of p
  void set_controller(int id, int p);                 // control change: sick (TCG-I9), logged
  int madness_holder(int id) const;                   // caster of a Madness on id, or -1
  int rightful_controller(int id) const;              // Madness holder, else the owner

  // --- effects (effects.cpp) ---
  void push_frame(int list, int controller, int source, int event);
  void run_frames();
  bool run_step(Frame& frame, const Step& step);
  void apply_step(const Frame& frame, const Step& step, int target);
  void candidates(const Frame& frame, const Step& step, std::vector<int16_t>& out) const;
  bool matches(const cardgame::Filter& filter, int controller, int source, int ref) const;
  int value_of(const cardgame::Value& value, int controller) const;
  // A value read for an effect of `source` (its trigger's other card `event`, the step's
  // `target`, kNoRef where none): card language v2's `attack of`, `hp`, `level` need them.
  int value_of(const cardgame::Value& value, int controller, int source, int event, int target) const;
  // Whether a condition (`if:`) holds for an effect of `source` controlled by `controller`.
  bool condition_holds(const cardgame::Condition& condition, int controller, int source, int event) const;
  void fire_trigger(int id, cardgame::Trigger trigger, int event);
  // Card language v2: the global triggers `whenever` of every Constant on the battlefield
  // whose filter accepts `subject` (kNoRef for `turn start`), in battlefield order.
  void fire_global(cardgame::Whenever whenever, int subject);
  // Whether effect k of object `id` may happen now (its condition and once-per-turn limit),
  // and if so records a limited one as done this turn.
  bool effect_may_happen(int id, size_t k, int controller, int event);
  // Damage dealt to a Constant by an effect, combat, Splash or a Disease: the prevention
  // shield of `prevent` absorbs first, then add_damage; global `damaged` triggers fire.
  void deal_damage(int id, int amount);
  // The two halves of deal_damage, for combat (which decides deaths in between): the
  // amount left once `prevent` has absorbed what it can; then the damage and its triggers.
  int absorb_damage(int id, int amount);
  void take_damage(int id, int amount);
  void destroy(int id);
  void move_off_battlefield(int id, Where to);
  // `shuffle in` (card language v2): card `id` into its owner's library, then shuffled.
  void shuffle_into_library(int id);
  void put_in_cemetery(int id);  // or excluded + 1 Ether for an infinite rank (Rule TCG-6.2)
  void enter_battlefield(int id, int controller, bool invoked = true);  // invoked: run `invoked` effects
  void resolve_chain_top();
  void check_deaths();
  void damage_summoner(int player, int slot, int amount);
  void add_counter(int id, int attack, int defense, bool temporary);
  void change_resource(int player, cardgame::Resource r, int delta);
  // A new object, or -1 when the game already holds kMaxObjects (Interpretation TCG-I68).
  int create_object(int def, int owner, Where where);
  // A new card of `def` entering the battlefield under `controller` as if invoked: a token
  // (token, copy, Cloning) or a card of a Dungeon's room (Rule TCG-17.3); or -1 and a logged
  // kEvNoObject at the object limit (Interpretation TCG-I68).
  int create_in_play(int def, int controller, bool token);
  int create_token(int def, int controller) { return create_in_play(def, controller, true); }
  void add_damage(int id, int amount);  // damage on a Constant, at most kMaxAmount
  void effect_loop_draw();              // Interpretation TCG-I67
  void shuffle_library(int p);

  // --- Diseases (diseases.cpp; helper "diseases", issue 4; Rules TCG-14.*) ---
  bool is_disease(int id) const;
  void start_infection(int id, int controller);        // a Disease entered the battlefield
  void cast_disease(int id, int host);                  // its first infection (Parasite's toss)
  void infect(int disease, int host, int caster);      // host: Creature id or kPlayerRef + p
  void end_disease(int id);                             // to its owner's Cemetery, logged
  void disease_leaves(int id);                          // hook: a Disease leaves the battlefield
  void disease_awakening(int p);                        // Cold, before Restoration
  void disease_restoration();                           // coin tosses and Parasite, in Restoration
  void disease_end_turn();                              // "this turn" flags end
  void check_immunity();                                // Immune hosts lose their Diseases
  int disease_counters(int id) const;                   // Allergy: -1/-1 each
  int disease_hit(int id, int amount, bool dodged);     // Paranoia doubles, a dodge zeroes
  bool dodge_step(CombatEntry& e);                      // true if a choice is now pending
  void pass_disease(int disease, int attacker, int player);
  void cure(int target);
  // Rule TCG-14.15 (Schizophrenia): who uses the Actions of object id this turn...
  int action_user(int id) const {
    const Obj& o = objs_[static_cast<size_t>(id)];
    return o.actions_by >= 0 ? o.actions_by : o.controller;
  }
  // ...and who pays for them.
  int action_payer(int id) const {
    const Obj& o = objs_[static_cast<size_t>(id)];
    return o.actions_by >= 0 ? o.owner : o.controller;
  }
  int weakest_creature(int p) const;
  void disease_damage_player(int p, int amount);        // Trauma, Parasite: one Summoner

  // Throws InputError naming the field when the fields of a state just loaded contradict
  // each other (a winner in a running game, Capacity Points above TCG-5.5's maximum, a
  // player with both Summoners dead still in a running game...). `what` starts messages.
  void check_loaded_whole(const std::string& what) const;

  void log(EventKind kind, int player, int a = 0, int b = 0, int c = 0);
  // Logs that object `id`'s triggered effect starts (kEvTrigger; `trigger`: a Trigger, or
  // 100 + a Whenever), unless the object lies where some seat may not see it (a library,
  // a hand: Rule TCG-13.1).
  void log_trigger(int id, int trigger);
  // Rebuilds attached_ from the battlefield (at turn start and after loading).
  void refresh_attached_hint();
  // Whether attached_ lists every battlefield object attached to an object (self_check()).
  bool attached_hint_holds() const;
  // Calls f(e) for every battlefield object e that may be attached to an object (all of the
  // battlefield when attached_ does not know), in no particular order.
  template <class F>
  void for_each_attached(F&& f) const {
    if (attached_.all) {
      for (int16_t e : battlefield_) f(e);
      return;
    }
    for (uint8_t k = 0; k < attached_.count; ++k) {
      const int16_t e = attached_.ids[k];
      if (objs_[static_cast<size_t>(e)].where == Where::kBattlefield) f(e);
    }
  }
  // Recomputes abilities_present_ from every object (after loading).
  void refresh_abilities_present();
  // The abilities Equipment attached to object id grants it (Rule TCG-12.11).
  uint64_t granted_abilities(int id) const;
  int controller_of(int ref) const;
  std::string ref_name(int ref, int viewer, bool notation = false) const;
  // The card a chain item names in words (the Imminent, the Action's card, the Summoner of a
  // skill), or -1 for an Action whose card has left the battlefield (Rule TCG-9.2: the
  // object may since be another card, maybe a hidden one).
  int chain_item_def(const ChainItem& item) const;
  // describe_action's text for `viewer`; `notation`: every card by its id (action_to_string).
  std::string action_text(Action action, PlayerId viewer, bool notation) const;

  std::shared_ptr<const CardSet> cards_;
  std::vector<Player> players_;
  std::vector<Obj> objs_;
  std::vector<int16_t> battlefield_;
  std::vector<ChainItem> chain_;
  std::vector<Frame> frames_;
  std::vector<CombatEntry> combat_;
  std::vector<Event> events_;
  Choice choice_;
  Rng rng_;
  Phase phase_ = Phase::kMulligan;
  int8_t active_ = 0;
  int8_t first_player_ = 0;
  int8_t main_step_ = 1;
  int8_t mulligan_player_ = 0;
  int8_t defender_ = -1;       // the opponent declaring blocks (Phase::kBlockers, Rule TCG-15.3)
  bool window_open_ = false;   // a response window / chain is waiting for priority decisions
  int8_t window_kind_ = 0;     // WindowKind
  int8_t priority_ = 0;
  int8_t passes_ = 0;          // consecutive passes in the window
  bool resolving_ = false;     // every player passed: the chain resolves top to bottom
  bool draw_zero_ = false;     // option draw=0-2: Restoration may draw no card (Rule TCG-16.1)
  bool deckout_hp_ = false;    // option deckout=lose-5-hp (Rule TCG-16.2)
  int8_t stage_ = 0;           // automatic work pending once frames finish (see Stage)
  int8_t winner_ = -1;         // -1 none/draw
  int16_t turn_ = 0;
  int16_t turn_limit_ = kDefaultTurnLimit;
  int32_t effect_steps_ = 0;   // effect steps run by the action being applied (TCG-I67; not saved)
  // Speed hints, not saved (derived from objs_), never wrong in the unsafe direction.
  // false means "certainly none", true "maybe": set wherever pending work is set, cleared
  // only by a scan that found none.
  bool maybe_pending_ = true;   // some object has `pending` work (run_pending_abilities)
  // The objects that may be attached to an object (Equipment, Diseases): a superset of those
  // on the battlefield, kept at every attachment, rebuilt at turn start and after loading.
  struct AttachedHint {
    std::array<int16_t, 8> ids{};
    uint8_t count = 0;
    bool all = true;  // unknown, or more than ids holds: every battlefield object may be
    bool none() const { return !all && count == 0; }
    void note(int id) {
      if (all) return;
      for (uint8_t k = 0; k < count; ++k) {
        if (ids[k] == id) return;
      }
      if (count == ids.size()) {
        all = true;
        return;
      }
      ids[count++] = static_cast<int16_t>(id);
    }
  };
  AttachedHint attached_;
  uint64_t abilities_present_ = ~uint64_t{0};  // see abilities_present()
  // Fixed for the whole game, shared by the clones (a search clones the state at every
  // iteration): the decks' names and the resolved options (for to_json).
  std::shared_ptr<const std::vector<std::string>> deck_names_;
  std::shared_ptr<const nlohmann::json> options_;
  std::shared_ptr<const DungeonDef> dungeon_;  // Dungeon mode only (shared by clones)
  int8_t rooms_opened_ = 0;    // Dungeon mode: rooms opened (Rule TCG-17.3)
};

// Whether battlefield object `id` can be declared an attacker now by the active player:
// untilted, without sickness, not disabled, unchained, no `cannot attack`; a Creature, or an
// open Door or one with `may attack` (Rules TCG-7.1, TCG-12.30, TCG-14.10; Interpretations
// TCG-I6, TCG-I72).
bool can_attack_with(const TcgState& s, int id);

// What invoking `card` from a hand costs, for people: "2 CP", "1 CP each" (Together, Rule
// TCG-12.8), "0 CP" (a Level Up, Rule TCG-5.7). Rule TCG-5.1.
std::string invoke_cost_text(const CardDef& card, int cost);

// A chain item in words, for a seat's texts and the log (issue 38): "the Imminent Riptide",
// "Ember Gate's Action 1", "Vessa's skill 2"; `kind` a ChainKind, `def` the card of
// TcgState::chain_item_def (-1: unnamed, "an Imminent", "an Action of a card that has left
// the battlefield"), `index` the Action's or skill's index from 0.
std::string chain_item_words(const CardSet& cards, int kind, int def, int index);

// JSON names of Phase, ChoiceKind and ChainKind values, in enum order (docs/formats.md).
inline constexpr const char* kPhaseNames[] = {"mulligan", "restoration", "main", "attackers", "blockers", "over"};
inline constexpr const char* kChoiceNames[] = {"none", "target", "discard", "search", "sacrifice",
                                               "attach", "advantage", "damage-summoner", "morph",
                                               "inhume", "diversion", "splash", "pass-disease"};
inline constexpr const char* kChainNames[] = {"imminent", "action", "skill"};

// Action ids: kind << 22 | a << 11 | b (docs/notation.md).
enum ActionKind : int {
  kActKeep = 1, kActMulligan, kActConcede, kActDraw1, kActDraw2, kActInvoke, kActLevelUp,
  kActSkill, kActUseAction, kActAttack, kActPass, kActAttacker, kActAttackersDone,
  kActBlock, kActBlocksDone, kActChoose, kActDraw0,
  kActRelaunch, kActExplode, kActDivert, kActRage, kActAssimilate,  // abilities.cpp
};
inline constexpr Action make_action(int kind, int a = 0, int b = 0) { return (kind << 22) | (a << 11) | b; }
inline constexpr int action_kind(Action action) { return action >> 22; }
inline constexpr int action_a(Action action) { return (action >> 11) & 2047; }
inline constexpr int action_b(Action action) { return action & 2047; }
// Summoner slot argument of kActInvoke: 0, 1, or 2 = both (Together).
inline constexpr int kBothSummoners = 2;

}  // namespace rise::tcg
