// A game: its description, its options and the factory of its states.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise/core/observation_bounds.h"
#include "rise/core/state.h"
#include "rise/core/types.h"

namespace rise {

// One option of a game (a rule variant or a limit).
struct OptionSpec {
  std::string name;
  std::string default_value;
  std::string description;
  // If not empty, the only values accepted; otherwise the game validates the value.
  std::vector<std::string> allowed_values;
  // The option and its allowed values in words, for people (the lobby's form, issue 38):
  // "Turn limit", "Draw 1 and gain 2 Coins, or draw 2 and gain 1". Empty: the name (and
  // the values) as they are. value_labels, when set, has one label per allowed value.
  std::string label{};
  std::vector<std::string> value_labels{};
};


// What a game is and what it offers (capability flags instead of optional methods that
// fail at run time).
struct GameInfo {
  std::string id;        // e.g. "rise-hex"
  std::string name;      // e.g. "Rise!"
  std::string rulebook;  // the rulebook file in shared/seeds/
  int min_players = 2;
  int max_players = 2;
  bool perfect_information = true;  // observation_json(p) == everything public
  bool deterministic = true;        // no Rng draws inside apply_action
  bool has_evaluation = false;      // State::evaluate() is a real heuristic
  bool deck_heroes = false;         // decks are checked against a hero (Game::check_decks)
  std::vector<OptionSpec> options;
  // "name=value": under this option one seat plays alone, below min_players (rise-tcg's
  // Dungeon mode, `mode=dungeon`, Rules TCG-17.*); empty: the game has no solo mode.
  std::string solo_option;
};

// Sets the `label` (and the `value_labels`) of option `name` of `info`; RISE_CHECK that the
// option exists and that the value labels match its allowed values.
void label_option(GameInfo& info, const std::string& name, std::string label,
                  std::vector<std::string> value_labels = {});

// The options of info.solo_option as a map ({"mode": "dungeon"}), or none when the game has
// no solo mode.
Options solo_options(const GameInfo& info);

// The seats a game of `info` has by default with the resolved options `resolved`:
// min_players, or 1 under info.solo_option (what `rise play` and Python's load_game use
// when no seat count is given).
int default_seats(const GameInfo& info, const Options& resolved);

// Whether `seats` players may play a game of `info` with the resolved options `resolved`:
// [min_players, max_players], and 1 only under info.solo_option (and then only 1).
bool seats_allowed(const GameInfo& info, const Options& resolved, int seats);

// Throws InputError "GAME is played by 2 to 6 players (1 with --option mode=dungeon), not N"
// (or "... 1 player with mode=dungeon") unless seats_allowed.
void check_seats(const GameInfo& info, const Options& resolved, int seats);

// What a game offers for learning (State::dense_action, State::observation_tensor) at a
// given player count and options: docs/learning.md. A game that offers neither has
// num_distinct_actions 0 and an empty observation_shape.
struct LearningSpec {
  int num_distinct_actions = 0;        // dense action indices are in [0, this)
  std::vector<int> observation_shape;  // float32, row-major; the same for every seat and the spectator
  // The encoding's version: a game raises it whenever the meaning of a tensor position
  // changes, so a network trained on an older encoding (ai/network.h) is refused.
  int observation_version = 1;
  // The range of each value (observation_size() of each; docs/learning.md, "Bounds and the
  // normalised tensor"): a Box's low and high, and what the normalised tensor maps to 1.
  ObservationBounds bounds{};
  size_t observation_size() const;     // the product of observation_shape (0 when empty)
};

// One deck file's verdict (Game::check_decks). Every member has a default initializer, so a
// designated initializer names only what it sets (-Wmissing-field-initializers).
struct DeckCheck {
  std::string source{};                 // the deck file as loaded (messages name it); "" if malformed
  std::vector<std::string> problems{};  // one sentence per broken deck-building rule; empty if legal
  std::string summary{};                // of a legal deck, e.g. "40 cards, summoners vael"
  std::string error{};                  // not "": the file is malformed, the InputError's message
};

// Where a hero stands after a number of skill points (Game::hero_standing), for a game whose
// heroes keep skill points between battles (dark-legacy, Rules DL-18.*).
struct HeroStanding {
  int level = 1;                            // the skill level those points reach
  std::optional<int> points_to_next_level;  // skill points still missing to the next level; none at the highest
  int starting_life = 0;                    // the Life Points the hero starts each battle with
  bool only_faction_cards = false;          // it may use only cards of its own faction(s)
  bool may_choose_second_faction = false;   // its level allows a second faction
};

// The verdicts of `decks`, in order, for the games' check_decks: check_one(name) loads and
// checks one deck; an InputError it throws (a missing or malformed file) becomes that
// deck's `error`, and the next deck is checked.
template <class CheckOne>
std::vector<DeckCheck> check_each_deck(const std::vector<std::string>& decks, CheckOne&& check_one) {
  std::vector<DeckCheck> checks;
  for (const std::string& name : decks) {
    try {
      checks.push_back(check_one(name));
    } catch (const InputError& e) {
      checks.push_back(DeckCheck{.error = e.what()});
    }
  }
  return checks;
}

class Game {
 public:
  virtual ~Game() = default;

  virtual const GameInfo& info() const = 0;

  // Fills in defaults for every option not given. Throws InputError naming an unknown
  // option, or a value outside OptionSpec::allowed_values.
  Options resolve_options(const Options& given) const;

  // The state before the first action. `num_players` must be within
  // [min_players, max_players]; options are resolved first. Throws InputError on a bad
  // player count or option value.
  virtual std::unique_ptr<State> new_initial_state(uint64_t seed, const Options& options,
                                                   int num_players) const = 0;

  // Reads a state written by State::to_json() (or written by hand, e.g. in a scenario).
  // Throws InputError naming the field and why when the JSON is not a valid state of
  // this game. The loaded state has an empty history().
  virtual std::unique_ptr<State> state_from_json(const nlohmann::json& json) const = 0;

  // The sandbox's start (issue 36; docs/lab.md, "The sandbox"): a new game with `seed`,
  // `options` and `num_players` as new_initial_state makes it, past its opening (rise-tcg:
  // seat 0 plays first and every hand is kept, Rule TCG-3.1), ready for State::set_up and
  // for a designer acting for every seat. Its history() is empty, as after State::set_up: the
  // opening is part of its position. Throws InputError as new_initial_state does; the
  // default (a game without a position language) throws InputError.
  virtual std::unique_ptr<State> new_sandbox_state(uint64_t seed, const Options& options, int num_players) const;

  // A few lines of the sandbox's position language (State::set_up), quoted and separated by
  // ", " for help texts and errors, e.g. "'Blood Herald on my battlefield', '5 Coins'". Empty
  // by default (a game without a position language).
  virtual std::string sandbox_examples() const { return ""; }

  // How every card this game's states may name reads to people, for front ends that draw
  // cards (docs/formats.md, "Card catalog"): an object keyed by card id — exactly the
  // strings that observations put in their `card` fields (and, where a game has them,
  // characters and weapons) — of {id, name, type, cost, stats, text, keywords: [string]},
  // display strings: `cost` and `stats` are null for a card without them, `text` is the
  // rules text as printed (several lines joined by "\n"). `options` as given to
  // new_initial_state (only those that choose the cards matter, e.g. a data directory).
  // Throws InputError on a bad option or card file. Public: it holds no state. The default
  // (a game without cards, e.g. rise-hex) is the empty object.
  virtual nlohmann::json catalog_json(const Options& options) const;

  // The table of every card `rise cards GAME` prints (one line per card, then "N cards";
  // lines end in "\n"), from the data directory `data_dir` (holding cards/). Throws
  // InputError on a bad card file. The default (a game without cards) throws InputError
  // "GAME has no cards".
  virtual std::string cards_listing(const std::string& data_dir) const;

  // Warnings about the cards of `data_dir` that load but may not play as meant (issue 36:
  // e.g. an effect that can trigger itself again and again), one line each naming the card;
  // `rise cards`, `rise deck validate` and `rise lab` print them. Throws InputError on a bad
  // card file. The default (no such analysis) is none.
  virtual std::vector<std::string> card_warnings(const std::string& data_dir) const;

  // Everything card `id` of `data_dir` holds, as `rise cards GAME --id ID` prints it (lines
  // end in "\n"). Throws InputError on a bad card file, and for an unknown id, naming the
  // closest known id ("did you mean"). The default throws InputError "GAME has no cards".
  virtual std::string card_text(const std::string& data_dir, const std::string& id) const;

  // How the engine reads card `id` of `data_dir`, in plain words, as `rise cards explain GAME
  // ID` prints it (lines end in "\n"): its kind, cost and numbers, then each trigger (or
  // activation, Action, skill) with its steps numbered from 1, their amounts and targets. Read
  // from the loaded card, not from its text. Throws InputError on a bad card file, and for an
  // unknown id, naming the closest known id. The default throws InputError "GAME has no cards".
  virtual std::string card_explanation(const std::string& data_dir, const std::string& id) const;

  // `rise deck validate`: each of `decks` (deck files or deck ids of data_dir/decks, in
  // order) checked against the game's deck-building rules, one DeckCheck each; a deck that
  // cannot be found or read is a DeckCheck with `error`. `hero_spec` (only for a game with
  // GameInfo::deck_heroes; "" = the game's default hero) is what every deck is checked
  // against; `hero_where` names it in errors (e.g. "--hero"). Throws InputError on a bad
  // card file or hero spec. The default throws InputError "GAME has no cards".
  virtual std::vector<DeckCheck> check_decks(const std::string& data_dir, const std::vector<std::string>& decks,
                                             const std::string& hero_spec, const std::string& hero_where) const;

  // Heroes that keep skill points between battles (games with GameInfo::deck_heroes; the hero
  // store keeps the points, `rise hero` shows them): where a hero with `points` skill points
  // stands. Throws InputError for negative points. The default throws InputError "GAME has no
  // heroes".
  virtual HeroStanding hero_standing(int points) const;

  // The cumulative skill points a hero needs for `level`. Throws InputError for a level
  // outside the game's advancement table. The default throws InputError "GAME has no heroes".
  virtual int hero_points_needed(int level) const;

  // The dense action space and observation tensor shape of states of `num_players` seats
  // created with `options` (docs/learning.md). Throws InputError on a bad option or player
  // count. The default offers neither (LearningSpec{}).
  virtual LearningSpec learning_spec(const Options& options, int num_players) const;
};

// The value of option `name` of the resolved options `resolved`, an integer in [low, high]
// (a turn or pass limit). Throws InputError "option NAME=TEXT must be an integer in [LOW,
// HIGH]" for anything else, a missing option included.
int int_option(const Options& resolved, const std::string& name, int low, int high);

}  // namespace rise
