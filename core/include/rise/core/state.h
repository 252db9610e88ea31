// The game-state contract every game implements (vocabulary of OpenSpiel).
//
// A State is one position of one game. Search AIs clone and advance states millions of
// times, so implementations keep them small (fixed arrays, no per-cell allocation) and
// cheap to clone. Every method is deterministic: the same game, options, seed and action
// list always give byte-equal to_json().
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise/core/error.h"
#include "rise/core/rng.h"
#include "rise/core/types.h"

namespace rise {

class Game;

// How one card of a seat's deck was used in a game (State::card_uses; `rise lab cards`,
// docs/lab.md). A card game gives one entry per physical card the seat's deck started with
// (two copies: two entries); tokens and cards made during the game are not deck cards.
struct CardUse {
  std::string card;      // the card's id: a key of Game::catalog_json
  bool drawn = false;    // it reached its owner's hand (opening hand, draws, searches) or was played
  int played_turn = -1;  // turn_number() when its owner first played it; -1: never played
  bool opening_hand = false;  // it was in its owner's opening hand (17lands' "OH"): in hand when the
                              // first turn began, after any mulligan; implies drawn
};

// One named part of the score behind State::evaluate (State::evaluation_terms).
struct EvaluationTerm {
  std::string name;  // in the game's words, e.g. "Life Points"
  double value = 0;  // the seat's points minus its opponent's, in the game's points
  bool operator==(const EvaluationTerm&) const = default;
};

// How a finished game ended (State::game_end; the summaries of `rise sim` and `rise lab`
// break their results down by it, issue 36). Every field is public information.
struct GameEnd {
  std::string reason;              // a few stable words, e.g. "turn limit", "effect loop", "Summoners defeated"
  std::string rule;                // the rule or Interpretation that ended it, e.g. "TCG-I12"; "" if none
  std::vector<std::string> cards;  // an effect loop: the names of the cards whose effects were running
  bool operator==(const GameEnd&) const = default;
};

// The narrowest terminal the views are laid out for (`rise play --width`).
inline constexpr size_t kMinTerminalWidth = 40;

class State {
 public:
  virtual ~State() = default;

  // The game this state belongs to (never null; games live in the registry for the
  // whole program).
  const Game& game() const { return *game_; }

  // Number of seats in this game, fixed for its whole life.
  virtual int num_players() const = 0;

  // The seat that takes the next decision, in [0, num_players()); kTerminalPlayer once the
  // game is over. Games with randomness draw from their own seeded Rng inside
  // apply_action, so no chance player is ever returned.
  virtual PlayerId current_player() const = 0;

  // Fills `out` (cleared first) with every legal action of current_player(), sorted
  // ascending, without duplicates. Empty if and only if the state is terminal. A decision
  // that needs several choices (targets, sacrifices) is a sequence of single decisions,
  // so the list stays short.
  virtual void legal_actions(std::vector<Action>& out) const = 0;

  // Convenience form of the above that allocates a new vector.
  std::vector<Action> legal_actions() const {
    std::vector<Action> out;
    legal_actions(out);
    return out;
  }

  // True if `action` is in legal_actions(). Games override this with a direct check;
  // the default searches the list.
  virtual bool is_legal(Action action) const;

  // Why `action` is not legal here, in a sentence naming the rule (e.g. "tile 3,0 is
  // occupied"). Only meaningful when is_legal(action) is false. The default says it is
  // not among the legal actions.
  virtual std::string explain_illegal(Action action) const;

  // Applies a legal action of current_player() and appends it to history().
  // Throws InputError naming the action and why it is not legal, leaving the state
  // unchanged. Never throws for a legal action.
  void apply_action(Action action);

  // apply_action without its legality check, for a caller that took `action` from
  // legal_actions() of this very state (search playouts, which apply millions of actions).
  // Anything else corrupts the state: use apply_action. The check is made in builds with
  // RISE_SELF_CHECKS (the test builds), which abort on an illegal action.
  void apply_legal_action(Action action) {
    RISE_SELF_CHECK(!is_terminal() && is_legal(action), "apply_legal_action(" + std::to_string(action) + ") is not legal");
    apply_unchecked(action);
  }

  virtual bool is_terminal() const = 0;

  // Per seat, the final outcome: +1 win, -1 loss, 0 draw (games with more seats may use
  // other values summing to 0). All zeros while the game is not terminal.
  virtual std::vector<double> returns() const = 0;

  // An independent copy: applying actions to either never changes the other.
  virtual std::unique_ptr<State> clone() const = 0;

  // The documented notation of `action` (docs/notation.md), e.g. "move 1,0>2,0".
  // Defined for every action id the game can produce, legal here or not.
  virtual std::string action_to_string(Action action) const = 0;

  // action_to_string() as seat `viewer` may read it: games with hidden information leave
  // out what the viewer cannot see (e.g. the name of a card searched from a library).
  // Front ends print other seats' moves with it. With viewer kSpectator (or any viewer that
  // is no seat) it is the public text: only what every player may read, the same in every
  // state resample_hidden() may give. The default is action_to_string().
  virtual std::string describe_action(Action action, PlayerId viewer) const;

  // What legal `action` makes its seat lose that it cannot take back by playing on, for a
  // confirmation before a person's command or click does it (issue 38: the terminal asks
  // "yes", the browser asks inside the page): removing the last tier of one's own tower
  // (rise-hex), conceding or sacrificing a Summoner (rise-tcg). Empty for every other
  // action, and by default. One sentence in the game's words, readable by the seat to move:
  // it never names what that seat cannot see.
  virtual std::string action_warning(Action /*action*/) const { return ""; }

  // Parses notation back to an action id (surrounding spaces ignored). Throws InputError
  // naming the text and why it is not an action of this game. The result may still be
  // illegal in this state: check with is_legal().
  virtual Action string_to_action(std::string_view text) const = 0;

  // The whole state as JSON (docs/formats.md). Game::state_from_json() reads it back to a
  // state whose to_json() is identical. Hidden information is included: this is the
  // referee's view, never sent to a player.
  virtual nlohmann::json to_json() const = 0;

  // Exactly what seat `player` may see, as JSON: nothing hidden from that seat (another
  // hand, a library order, the Rng) appears in it, not even indirectly through ids.
  virtual nlohmann::json observation_json(PlayerId player) const = 0;

  // The game's whole log as seat `player` (or kSpectator) may read it, one sentence per
  // event, oldest first: the card games' observation_json shows only the latest events of
  // it (docs/formats.md, "The log in an observation"); this is the rest, for a perfect-
  // recall information state. Empty for a game without a log (the default, rise-hex).
  virtual std::vector<std::string> log_lines(PlayerId /*player*/) const { return {}; }

  // Exactly what every player may see, as JSON, for spectators: nothing any seat cannot
  // see (no hand of anyone, no library order, no Rng, no id of a hidden card), so that
  // resample_hidden(p) for every seat p leaves it byte-identical. Card games give the shape
  // of observation_json with "viewer": "spectator", hand counts but no `hand`, the log as
  // every player reads it and a pending choice's private options left out as for a seat
  // that does not choose; a perfect-information game gives the whole position
  // (docs/formats.md, "Observation"). It is observation_json(kSpectator): every game's
  // observation_json accepts that viewer, which holds no seat.
  nlohmann::json public_observation_json() const;

  // A legible text picture of the state as seen by `viewer` (kTerminalPlayer: everything
  // public), for terminal front ends. `color` adds ANSI colours.
  virtual std::string render_text(PlayerId viewer, bool color) const = 0;

  // render_text for a terminal `width` columns wide (one column per code point, colour
  // sequences none): every line at most `width` columns (kMinTerminalWidth <= width). A game
  // gives a compact layout under 100 columns (card texts cut with "…"; `show` gives them
  // whole). The default cuts render_text's lines with "…" (cut_lines, rise/core/text.h).
  virtual std::string render_text_at_width(PlayerId viewer, bool color, size_t width) const;

  // The terminal's `show WHAT` (README, `rise play`): the full text and current numbers of
  // what `what` names, as seat `viewer` may read it, in lines ending in "\n" (under 100
  // columns). Each game names its own targets (rise-tcg: a card "#94", a Summoner "S1" or
  // "p1.S2", a zone "hand", "battlefield", "cemetery", the "chain"); an empty `what` lists
  // them. It never reveals what `viewer` may not see: another seat's hand, a library's cards
  // or order (a hidden card is refused as one the viewer cannot see; a non-seat viewer sees
  // no hand). Throws InputError quoting `what` when it names nothing `viewer` can see. The
  // default (a game with nothing to look up, e.g. rise-hex) throws InputError "... GAME has
  // nothing to show ...".
  virtual std::string show(const std::string& what, PlayerId viewer) const;

  // The sandbox (issue 36; docs/lab.md, "The sandbox"): changes this state as one line of
  // the game's position language says ("Blood Herald on my battlefield", "two Thralls in their
  // hand", "5 Coins"; docs/formats.md, "Sandbox position"), so that a designer can try a
  // card without writing a state by hand. A set-up is not an action: it is not in
  // history(), triggers nothing and logs nothing, and leaves the state as valid as a loaded
  // one (every check of state_from_json holds). Throws InputError saying what in the line is
  // wrong (an unknown card, with "did you mean", a zone, a seat, a number out of range), the
  // state unchanged. The default (a game without a position language) throws InputError.
  virtual void set_up(std::string_view line);

  // What current_player() is deciding now, in the game's words, as a clause that follows
  // "to" (e.g. rise-tcg "choose the target of Test Bolt's step 1", rise-hex "place a worker
  // or a tile"): front ends print it with the prompt and refusals name it (decider_refusal,
  // illegal_reason). It is public: the other seats read it in refusals, so it names no
  // card they cannot see. Empty when the game is over, and by default (a game that says no
  // more than "seat N's decision").
  virtual std::string describe_decision() const { return ""; }

  // How the game ended (terminal states; a running game gives an empty GameEnd). The
  // default, for a game that does not say, is {"game over", "", {}}. Reads only what every
  // seat sees.
  virtual GameEnd game_end() const;

  // Number of turns started so far (a turn is one seat's whole turn, e.g. two actions in
  // rise-hex). Used for statistics and turn limits.
  virtual int turn_number() const = 0;

  // A heuristic estimate of the outcome for `player` in [-1, 1], for games whose
  // GameInfo::has_evaluation is true (greedy play, MCTS leaf evaluation). The default is 0.
  virtual double evaluate(PlayerId player) const;

  // The named parts of the score behind evaluate(player) (issue 38: a hint says which part
  // its expected line moves most; docs/ai.md, "Explaining a search"): each part's name in
  // the game's words ("Life Points", "hand") and its value for `player` — that seat's points
  // minus its opponent's (rise-tcg: the best other seat's), in the game's own points before
  // evaluate()'s squash to [-1, 1], so that the values add up to the difference it squashes.
  // Read from what evaluate() reads. Empty for a terminal state, and by default (a game
  // that does not break its evaluation down).
  virtual std::vector<EvaluationTerm> evaluation_terms(PlayerId player) const;

  // Determinization, for games with hidden information (GameInfo::perfect_information
  // false): a state that seat `observer` cannot tell apart from this one — everything it
  // cannot see (other hands, the order of every library, the Rng state) is re-dealt at
  // random from `rng`, everything it can see is kept, so that
  // observation_json(observer) is byte-identical. Legal actions of the returned state are
  // those of a game that could really be this one. ISMCTS searches such samples. The
  // default (perfect information) is clone(). The history is not copied.
  virtual std::unique_ptr<State> resample_hidden(PlayerId observer, Rng& rng) const;

  // From now on this state's coin tosses, die rolls, random picks and shuffles come from
  // `chance` while it has outcomes left (docs/formats.md, "Forced chance"); null ends it.
  // Clones and resample_hidden() samples are not forced. Throws InputError for a game
  // without chance events (the default, e.g. rise-hex).
  virtual void force_chance(std::shared_ptr<ForcedChance> chance);

  // The seat that took (or takes) the first turn: 0 unless the game decides it (rise-tcg
  // rolls dice, Rule TCG-3.1). For statistics such as the first player's win rate.
  virtual PlayerId starting_player() const { return 0; }

  // --- Learning interface (docs/learning.md): a dense action space and observation
  // tensors of fixed shape, for games whose Game::learning_spec() offers them. ---

  // The dense index of legal action `action`, in [0, learning_spec().num_distinct_actions):
  // distinct legal actions of a state get distinct indices. The index is built from what
  // current_player() sees (a hand slot, a battlefield position, a Summoner, a target slot),
  // never from hidden object ids, so the same index means the same kind of decision in
  // every state. Throws InputError when `action` is not legal here or the game offers no
  // dense actions (the default).
  virtual int dense_action(Action action) const;

  // The dense index of each of `legal`, which must be this state's legal actions as
  // legal_actions() gives them (all of them, in its order): out[i] is
  // dense_action(legal[i]), with one legality check for the whole list instead of one per
  // action (searches and learners call this at every position). out is resized to
  // legal.size(). Throws InputError when the game offers no dense actions; in builds with
  // RISE_SELF_CHECKS, RISE_CHECK fails when `legal` is not the legal list.
  void dense_actions(std::span<const Action> legal, std::vector<int>& out) const;

  // The legal action whose dense index is `index`, or -1 when no legal action has it
  // (the inverse of dense_action on the legal actions). Throws InputError like
  // dense_action when the game offers no dense actions.
  Action action_from_dense(int index) const;

  // Writes seat `player`'s observation (kSpectator: the public one) as float32 into `out`,
  // row-major in the shape learning_spec().observation_shape (its product is out.size(),
  // else InputError). It encodes observation_json(player) only, so it is identical in
  // every resample_hidden(player) sample (docs/formats.md, "Observation tensors"). Throws
  // InputError when the game offers no tensors (the default).
  virtual void observation_tensor(PlayerId player, std::span<float> out) const;

  // Per seat, every card of the deck that seat started the game with and how it was used
  // so far (CardUse), read from the game's own log: for card statistics (`rise lab cards`).
  // Order within a seat is the game's (callers aggregate by card id). The default (a game
  // without decks, e.g. rise-hex) is empty: no seat has cards. Cost: one pass over the log.
  virtual std::vector<std::vector<CardUse>> card_uses() const;

  // Every action applied since the initial state (or since the state was loaded from JSON).
  const std::vector<Action>& history() const { return history_; }

 protected:
  explicit State(const Game& game) : game_(&game) {}
  State(const State&) = default;
  State& operator=(const State&) = default;

  // For resample_hidden() overrides: a copy starts with an empty history.
  void clear_history() { history_.clear(); }

  // The game's rules. Called by apply_action() only after is_legal() said yes.
  virtual void do_apply_action(Action action) = 0;

  // dense_action of `action`, one of `legal` (this state's legal actions, all of them), with
  // no legality check: dense_actions() checks the list once. A game that offers dense
  // actions overrides it, and its dense_action checks legality then calls it. The default
  // calls dense_action (checked; throws InputError when the game offers none).
  virtual int dense_action_of_legal(Action action, std::span<const Action> legal) const;

  // Checks what the game derives from its state without saving it (speed hints) against the
  // state, with RISE_SELF_CHECK; called after every action (apply_action,
  // apply_legal_action) in builds with RISE_SELF_CHECKS, once per change rather than at every
  // read, where a walk over the board or the objects would make each read O(n).
  virtual void self_check() const {}

 private:
  // What apply_action and apply_legal_action do once `action` is known to be legal: the
  // game's rules, the history, and (RISE_SELF_CHECKS builds) self_check().
  void apply_unchecked(Action action) {
    do_apply_action(action);
    history_.push_back(action);
#if defined(RISE_SELF_CHECKS)
    self_check();
#endif
  }

  const Game* game_;
  std::vector<Action> history_;
};

// Parses `text` in the state's notation and applies it: how people, replays and scenarios
// act. `text` may name the seat that acts, "seat N: NOTATION" (split_acting_seat); a seat
// that is not the decider is refused as such (decider_refusal) instead of its action being
// read as the decider's. Throws InputError "<where> '<text>': reason" when the game is over,
// the text is not notation of the game, another seat decides, or the action is not legal
// (illegal_reason: whose decision it is and explain_illegal's reason); the state is then
// unchanged.
void apply_notation(State& state, const std::string& text, const std::string& where);

// "seat N: NOTATION" split into N and NOTATION (docs/formats.md, "Whose decision it is");
// text without the prefix gives seat -1 and the text unchanged. Spaces around either part
// are ignored. Throws InputError when the prefix names no seat of `num_players` ("seat 7"
// in a 2-seat game, "seat x").
struct ActingSeat {
  PlayerId seat = -1;  // -1: not named (the decider acts)
  std::string text;    // the notation after the prefix
};
ActingSeat split_acting_seat(const std::string& text, int num_players);

// The decision now, for prompts and refusals: "seat N's decision (to DESCRIBE)" with
// State::describe_decision(), or "seat N's decision" when the game describes none.
// Precondition: the state is not terminal.
std::string decision_text(const State& state);

// Why seat `seat`, which is not current_player(), may not act now: "it is seat N's decision
// (to DESCRIBE), not seat M's", or "the game is over" for a terminal state. Used by the
// server (409 not_your_turn), scenarios ({"by": SEAT}) and "seat N:" notation.
std::string decider_refusal(const State& state, PlayerId seat);

// Why `action` is refused in `state`, naming whose decision it is, since an action is read
// as the decider's ("that card is not in your hand" is about the decider's hand): "not legal
// for seat N, whose decision it is (to DESCRIBE): REASON" (seat numbers from 0, as in views
// and replays; the part in brackets when the game describes its decision).
// Precondition: the state is not terminal and `action` is not legal.
std::string illegal_reason(const State& state, Action action);

// illegal_reason with the reason given: "not legal for seat N, whose decision it is (to
// DESCRIBE): REASON" (e.g. a dense index that no legal action has, in the Python API).
std::string not_legal_for_decider(const State& state, const std::string& reason);

}  // namespace rise
