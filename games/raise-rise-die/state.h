// The state of a Raise, Rise & Die duel (docs/rules/raise-rise-die.md; rule ids RRD-*).
//
// Every physical card is an object (Obj) with a fixed id for the whole duel; zones (deck,
// hand, discard pile, Néant, body slots, infusion and object slots) are small lists of object
// ids. Card definitions live in the shared, immutable CardDb. Decisions are single actions
// (docs/notation.md "raise-rise-die"): a counter window is a decision of the opponent, a
// discard of several cards is a sequence of `defausse` decisions. All randomness (the
// shuffles, the first player) comes from the state's Rng inside apply_action: no chance
// player.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "raise-rise-die/cards.h"
#include "rise/core/rng.h"
#include "rise/core/observation_bounds.h"
#include "rise/core/state.h"

namespace rise::rrd {

inline constexpr int kInfusionSlots = 2;        // Interpretation RRD-3.5
inline constexpr int kObjectSlots = 2;          // Interpretation RRD-3.5
inline constexpr int kMaxObjects = 1000;        // object ids 0..999 (both decks together)
inline constexpr int kDefaultPassLimit = 60;    // Interpretation RRD-1.4
inline constexpr int kMaxCardDefs = 1024;       // card defs per data directory (RRD-12.4)
inline constexpr int kMaxChoices = 1000;        // pending choices a state JSON may hold

// The learning interface's sizes (docs/learning.md; docs/notation.md "raise-rise-die dense
// action indices"; docs/formats.md "raise-rise-die observation tensor"). Hand, discard and
// body positions stop at kMaxPv, the most cards a player owns (cards.h).
inline constexpr int kDenseActions = 3465;
inline constexpr int kObservationSize = 779;

// The range of every value of the observation tensor (docs/formats.md, "raise-rise-die
// observation tensor"): the state JSON's ranges, normalised over a duel's magnitudes.
ObservationBounds observation_bounds();

// Where an object is.
enum class Where : uint8_t {
  kDeck,      // its owner's deck (top = back of Player::deck)
  kHand,
  kDiscard,   // défausse (top = back of Player::discard)
  kNeant,     // removed from the duel (RRD-7.4, RRD-11.3)
  kBody,      // on a body slot this pass: Obj::slot = Slot
  kInfusion,  // Obj::slot = infusion slot 0..1
  kObjet,     // Obj::slot = object slot 0..1
};
inline constexpr const char* kWhereNames[] = {"deck", "hand", "discard", "neant", "body", "infusion", "objet"};

struct Obj {
  int16_t def = -1;
  uint8_t owner = 0;
  Where where = Where::kDeck;
  int8_t slot = 0;           // see Where
  bool transcended = false;  // played transcended this pass (RRD-7.*)
  bool counter = false;      // played as a counter this pass (RRD-5.6)
  bool countered = false;    // countered this pass: not played successfully (RRD-5.6)
  bool engaged = false;      // an objet in an object slot (RRD-9.*)
  bool known = false;        // in its owner's hand, known to the opponent (RRD-12.1)
};

struct Player {
  int16_t character = -1;            // CardDb character index
  std::vector<int16_t> weapons;      // CardDb weapon indices (RRD-2.5)
  int16_t pv = 0;                    // Points de Vie (RRD-1.1)
  int16_t pv_start = 0;              // the character's PV
  int16_t reserve = 0;               // réserve VA (RRD-5.2), emptied in consolidation
  int8_t poison = 0;                 // poison markers (RRD-11.12)
  int8_t saignement = 0;             // bleeding markers (RRD-11.14)
  int8_t sonne = 0;                  // extra cost of this player's next card (RRD-11.15)
  bool torpeur = false;              // this player's next card cannot be countered (RRD-11.16)
  bool top_up = false;               // deck.back() is face up: the Top Soul (RRD-3.6)
  int16_t top_mark = 0;              // damage marked on the Top Soul (RRD-10.3)
  int16_t known_bottom = 0;          // deck[0, known_bottom) lies in public order (RRD-6.3)
  bool passed_last = false;          // its last Affrontement turn was a pass (RRD-5.8)
  std::array<int16_t, kBodySlots> bloque{};        // Bloque left on its slots this pass (RRD-11.2)
  std::array<int16_t, kBodySlots> point_faible{};  // Point faible on its slots this pass (RRD-11.17)
  std::vector<int16_t> deck;         // top = back()
  std::vector<int16_t> hand;
  std::vector<int16_t> discard;      // top = back()
  std::vector<int16_t> neant;
  std::array<std::vector<int16_t>, kBodySlots> body;  // cards on its body slots this pass
  std::array<int16_t, kInfusionSlots> infusion{{-1, -1}};
  std::array<int16_t, kObjectSlots> objets{{-1, -1}};
  bool decked = false;               // added: took damage with no Top Soul left (RRD-1.2)
};

// The hidden part of a player's deck (Rule RRD-12.1): deck[begin, end) is
// deck[known_bottom, size), less the face-up Top Soul; deck[0, begin) is the public bottom.
inline std::pair<size_t, size_t> hidden_deck_range(const Player& pl) {
  const size_t end = pl.deck.size() - (pl.top_up && !pl.deck.empty() ? 1 : 0);
  const size_t begin = std::min(static_cast<size_t>(std::max<int>(0, pl.known_bottom)), end);
  return {begin, end};
}

enum class Phase : uint8_t {
  kPreparation,   // RRD-4.*: its only decisions are discards (choices)
  kAffrontement,  // RRD-5.*: turn_player_ decides, or the opponent in a counter window
  kConsolidation, // RRD-6.*: its only decisions are infusions (choices)
  kOver,
};
inline constexpr const char* kPhaseNames[] = {"preparation", "affrontement", "consolidation", "over"};

// A card waiting for the opponent's counter decision (RRD-5.6).
struct Window {
  bool open = false;
  int16_t card = -1;   // the played card (object id)
  uint8_t player = 0;  // who played it; the opponent decides
  int8_t slot = 0;     // Slot it lies on
};

// A pending choice (decided before anything else; front of the list first).
enum class ChoiceKind : uint8_t {
  kHandLimit,   // RRD-4.4: discard one card (amount = cards still to discard)
  kPoison,      // RRD-11.12: discard cards worth `amount` more VA
  kOubli,       // RRD-11.9: discard cards worth `amount` more VA
  kEchange,     // RRD-11.6: swap a hand card of VA `amount` with a discard card, or fin
  kRecherche,   // RRD-11.13: take a card of VA `amount` from the deck, or fin
  kInfusion,    // RRD-6.2: infuse a qualifying card, or fin
};
inline constexpr const char* kChoiceNames[] = {"hand-limit", "poison", "oubli", "echange", "recherche", "infusion"};
struct Choice {
  ChoiceKind kind = ChoiceKind::kHandLimit;
  uint8_t player = 0;
  int16_t amount = 0;
};

// The automatic work that continues once the pending choices are done.
enum class Stage : uint8_t {
  kNone,
  kPrepTopSoul,      // after the hand-limit discards: Top Souls, then Entretien
  kPrepEntretien,    // after poison discards: the Affrontement begins
  kConsolidation,    // after the infusions: cards to the discard, under the deck; next pass
};
inline constexpr const char* kStageNames[] = {"none", "prep-top-soul", "prep-entretien", "consolidation"};

// The duel log (public facts; a drawn card is shown only to its owner unless it is known).
struct Event {
  uint8_t kind = 0;
  int8_t player = -1;
  int16_t a = 0;
  int16_t b = 0;
  int16_t c = 0;
};

enum EventKind : uint8_t {
  kEvPassStart,     // Passe d'Armes a begins; player = its first player
  kEvFirstPlayer,   // player is drawn at random to start the first pass (RRD-4.1)
  kEvDraw,          // player draws object a (b = 1 if known to the opponent)
  kEvEmptyDraw,     // player's deck is empty: nothing drawn
  kEvDiscard,       // player discards object a (b = ChoiceKind cause)
  kEvTopSoul,       // player turns up object a as its Top Soul
  kEvUpkeep,        // player's infused object a gives its upkeep effect
  kEvSacrifice,     // player sacrifices object a for b VA: reserve c
  kEvPlay,          // player plays object a on slot b (c: bit 1 transcended, bit 2 counter); cost in reserve paid
  kEvLetThrough,    // player lets object a through (no counter)
  kEvCountered,     // object a of player is countered by object b
  kEvActivate,      // player activates objet a on slot b
  kEvPass,          // player passes
  kEvAffrontementEnd, // the Affrontement ends; a = the player who passed first
  kEvHit,           // player is hit on slot a: b damage after Point faible and Bloque (c blocked)
  kEvTopSoulDown,   // player's Top Soul object a is eliminated: b PV lost
  kEvMark,          // player's Top Soul object a is marked: b damage marked in all
  kEvPvLoss,        // player loses a PV (Destructeur, Saignement, Transcendance): b left
  kEvBloque,        // player's slot a gets Bloque b
  kEvPointFaible,   // player's slot a gets Point faible b
  kEvBurn,          // player's object a is burnt to the Néant (Brûlez)
  kEvPoison,        // player gets a poison markers: b in all
  kEvSaignement,    // player gets a bleeding markers: b in all
  kEvSonne,         // player's next card costs a more
  kEvTorpeur,       // player's next card cannot be countered
  kEvEchange,       // player swaps hand object a with discard object b
  kEvRecherche,     // player takes object a from its deck (b = its VA); the card is hidden
  kEvShuffle,       // player's deck is shuffled
  kEvInfuse,        // player infuses object a into infusion slot b
  kEvNeant,         // player's object a goes to the Néant
  kEvToDeck,        // player's discard pile (a cards) goes under its deck
  kEvDefeated,      // player is defeated (a: 1 = 0 PV, 2 = damage with an empty deck)
  kEvDuelOver,      // a = winner seat, -1 draw; b = 1 when the pass limit ended it
};
inline constexpr int kEvLast = kEvDuelOver;

// Action ids: verb * 2^20 + a * 2^10 + b (docs/notation.md, raise-rise-die).
enum Verb : int {
  kActPasse = 1,   //                          `passe`
  kActSacrifie,    // a = object                `sacrifie #n`
  kActJoue,        // a = object, b = Slot      `joue #n SLOT`
  kActTranscende,  // a = object, b = Slot      `transcende #n SLOT`
  kActActive,      // a = object, b = Slot      `active #n SLOT`
  kActLaisse,      //                          `laisse` (counter window: no counter)
  kActDefausse,    // a = object                `defausse #n`
  kActInfuse,      // a = object                `infuse #n`
  kActEchange,     // a = hand object, b = discard object   `echange #n #m`
  kActCherche,     // a = card def index        `cherche CARD-ID`
  kActFin,         //                          `fin` (no more infusions / no swap / no search)
};
inline constexpr int kLastVerb = kActFin;

inline constexpr Action make_action(int verb, int a = 0, int b = 0) { return (verb << 20) | (a << 10) | b; }
inline constexpr int action_verb(Action action) { return action >> 20; }
inline constexpr int action_a(Action action) { return (action >> 10) & 1023; }
inline constexpr int action_b(Action action) { return action & 1023; }

class RrdState final : public State {
 public:
  // A new duel before anything happened: decks[p] lists the card defs of seat p's deck,
  // characters[p] / weapons[p] its character and weapons (CardDb indices). The constructor
  // only sets the seats up; start_duel() shuffles, draws the first player and runs the first
  // preparation.
  RrdState(const Game& game, std::shared_ptr<const CardDb> cards, uint64_t seed,
           const std::vector<std::vector<int>>& decks, const std::vector<int>& characters,
           const std::vector<std::vector<int>>& weapons, std::vector<std::string> deck_names,
           int pass_limit, std::string options_text);

  // Shuffles both decks (RRD-4.7), draws the first player (RRD-4.1) and runs the first
  // preparation up to the first decision.
  void start_duel();

  int num_players() const override { return 2; }
  PlayerId current_player() const override;
  void legal_actions(std::vector<Action>& out) const override;
  using State::legal_actions;
  bool is_legal(Action action) const override;
  std::string explain_illegal(Action action) const override;
  bool is_terminal() const override { return phase_ == Phase::kOver; }
  std::vector<double> returns() const override;
  std::unique_ptr<State> clone() const override { return std::make_unique<RrdState>(*this); }
  std::string action_to_string(Action action) const override;
  std::string describe_action(Action action, PlayerId viewer) const override;
  Action string_to_action(std::string_view text) const override;
  nlohmann::json to_json() const override;
  nlohmann::json observation_json(PlayerId player) const override;
  std::vector<std::string> log_lines(PlayerId player) const override;
  std::string render_text(PlayerId viewer, bool color) const override;
  std::string render_text_at_width(PlayerId viewer, bool color, size_t width) const override;
  // `show #ID` (show.cpp): the card's whole text and where it lies, if `viewer` may see it
  // (card_visible); "" lists the targets. InputError for anything else or a hidden card.
  // The pending choice, the counter window or the Affrontement turn, in public words
  // (decision.cpp): e.g. "counter Lame de Braise that p0 played on Tête (...), or let it resolve".
  std::string describe_decision() const override;
  std::string show(const std::string& what, PlayerId viewer) const override;
  int turn_number() const override { return pass_; }
  GameEnd game_end() const override;  // Rules RRD-1.1, RRD-1.2, Interpretations RRD-1.3, RRD-1.4
  PlayerId starting_player() const override { return first_of_duel_ < 0 ? 0 : first_of_duel_; }
  // Per seat, every card of its deck: drawn, and the turn it was first played (card_uses.cpp).
  std::vector<std::vector<CardUse>> card_uses() const override;
  double evaluate(PlayerId player) const override;
  std::vector<EvaluationTerm> evaluation_terms(PlayerId player) const override;  // evaluation.cpp
  std::unique_ptr<State> resample_hidden(PlayerId observer, Rng& rng) const override;
  void force_chance(std::shared_ptr<ForcedChance> chance) override { rng_.force(std::move(chance)); }
  // The sandbox's position language (sandbox.cpp; docs/formats.md, "Sandbox position").
  void set_up(std::string_view line) override;

  // Learning interface (learning.cpp). The dense index of legal `action`, in
  // [0, kDenseActions), from the mover's hand position, body slot, object slot, discard
  // position or, for `cherche`, the card's index in the card database; never from an object
  // id. Throws InputError when `action` is not legal.
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
  const std::vector<Event>& events() const { return events_; }
  const std::vector<Choice>& choices() const { return choices_; }
  const Window& window() const { return window_; }
  Phase phase() const { return phase_; }
  Stage stage() const { return stage_; }
  int pass_number() const { return pass_; }        // 1 on the first Passe d'Armes
  int turn_player() const { return turn_player_; } // whose Affrontement turn it is
  int first_player() const { return first_player_; }  // first player of this pass
  int first_passer() const { return first_passer_; }  // -1 until someone passed this pass
  int cards_played() const { return cards_played_; }  // cards played this pass (RRD-11.7)
  int winner() const { return winner_; }           // -1 none or draw
  int pass_limit() const { return pass_limit_; }
  const std::vector<std::string>& deck_names() const { return deck_names_; }

  // The VA p pays now for card `id` (cost + Sonné, 0 under Enchaînement; RRD-5.3, RRD-11.7).
  int cost_now(int p, int id) const;
  // Whether p may play `id` on `slot` now (transcended or not), the caller having checked
  // that it is p's decision; the reason goes to `why` when it may not.
  bool can_play(int p, int id, Slot slot, bool transcend, std::string* why = nullptr) const;
  // Text of one event as seat `viewer` may read it (kTerminalPlayer: public only).
  std::string describe_event(const Event& event, int viewer) const;
  // "Lame de Braise #12" for a card `viewer` may see, "#12" otherwise.
  std::string obj_text(int id, int viewer) const;
  // Added by the view helper (notation.cpp): whether seat `viewer` (kTerminalPlayer: nobody's
  // hand) may see which card object `id` is now (Rule RRD-12.1): every card in a discard
  // pile, the Néant or on a slot; a hand card for its owner or when it is known; a deck card
  // when it is the face-up Top Soul or lies in the public bottom. False for an unknown id.
  bool card_visible(int id, int viewer) const;
  // Added by the view helper (hidden.cpp): per VA (index), how many cards seat p's unknown
  // hand surely holds because p found them by Recherche, as the other seat reads the log
  // (Rule RRD-12.2). resample_hidden keeps them in the hand.
  std::vector<int> searched_vas(int p) const;

  RrdState(const RrdState&) = default;
  RrdState& operator=(const RrdState&) = default;  // set_up takes a loaded state

 protected:
  void do_apply_action(Action action) override;

 private:
  friend class RrdTestAccess;      // rule tests (tests/test_access.h)
  friend class RrdViewTestAccess;  // json, notation, observation and view tests
  explicit RrdState(const Game& game) : State(game) {}

  // --- flow (flow.cpp) ---
  void start_pass();                 // RRD-4.*
  void continue_flow();              // runs automatic work until a decision or the end
  void begin_affrontement();
  void end_affrontement();           // RRD-5.8, RRD-6.*
  void consolidate();
  void draw(int p, int count);
  void reveal_top_soul(int p);       // RRD-3.6, RRD-4.5
  void check_over();
  void finish(int winner, bool pass_limit);
  void log(EventKind kind, int player, int a = 0, int b = 0, int c = 0);
  int create_object(int def, int owner, Where where);
  // --- decisions (actions.cpp) ---
  void add_free_actions(int p, std::vector<Action>& out) const;
  // --- cards and keywords (effects.cpp) ---
  void play(int p, int id, Slot slot, bool transcend, bool as_counter);
  void resolve(int id);              // the window closed or there was none
  void apply_effect(int p, int id, const Effect& effect, Slot slot, bool optimal, bool transcended);
  void activate(int p, int id, Slot slot);
  // --- damage (damage.cpp) ---
  void hit(int attacker, int target, Slot slot, int damage, int percer);  // RRD-10.1
  void damage_top_souls(int p, int damage, int percer);                    // RRD-10.2, RRD-11.10
  void lose_pv(int p, int amount);
  void burn(int p, int amount);                                            // RRD-11.3
  // --- added by the rules engine ---
  void move(int id, Where to, int slot = 0);  // takes `id` out of its zone, appends it to `to`
  void top_soul_step();                       // RRD-4.5
  void entretien();                           // RRD-4.6: upkeep effects, then Poison
  void upkeep(int p);                         // RRD-8.4: p's infused cards' upkeep effects
  bool choice_possible(const Choice& c) const;  // whether the choice still asks something
  bool check_action(Action action, std::string* why) const;  // is_legal, with the reason
  void add_choice_actions(const Choice& c, std::vector<Action>& out) const;
  void after_turn_card(int p, int id);        // RRD-5.1: a normale/objet ends p's turn
  int passive(int p, Kw kw) const;            // RRD-8.4: +x Dégâts / Percer of p's infusions
  bool qualifies(int id) const;               // RRD-8.3: may infuse now

  std::shared_ptr<const CardDb> cards_;
  Rng rng_;
  std::vector<Obj> objs_;
  std::array<Player, 2> players_;
  std::vector<std::string> deck_names_;
  std::string options_text_;
  Phase phase_ = Phase::kPreparation;
  Stage stage_ = Stage::kNone;
  std::vector<Choice> choices_;
  Window window_;
  int pass_ = 0;
  int pass_limit_ = kDefaultPassLimit;
  int first_of_duel_ = -1;
  int first_player_ = 0;
  int turn_player_ = 0;
  int first_passer_ = -1;
  int cards_played_ = 0;
  int winner_ = -1;
  bool pass_limit_hit_ = false;
  std::vector<Event> events_;
};

}  // namespace rise::rrd
