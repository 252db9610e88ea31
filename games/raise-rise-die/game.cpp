// The raise-rise-die game: options (decks, data directory, pass limit), deck loading and
// validation (Rules RRD-2.*), the start of the duel, and registration.
#include "rise/core/game.h"

#include <charconv>

#include "raise-rise-die/card_commands.h"
#include "raise-rise-die/catalog.h"
#include "raise-rise-die/state.h"
#include "rise/cardgame/config_cache.h"
#include "rise/cardgame/data_dir.h"
#include "rise/core/error.h"
#include "rise/core/json_io.h"
#include "rise/core/registry.h"

namespace rise::rrd {
namespace {

std::string data_dir_of(const Options& resolved) {
  const std::string& dir = resolved.at("data");
  return dir.empty() ? cardgame::default_data_dir("raise-rise-die") : dir;
}

// Interpretation RRD-1.4: the pass limit, an integer in [1, 1000].
int parse_pass_limit(const Options& resolved) { return int_option(resolved, "pass_limit", 1, 1000); }

// The cards of a data directory, for a duel or a loaded state: `cherche CARD` carries the
// card's index in the 10 bits of an action operand, so a data directory holds at most 1024
// cards (docs/rules/raise-rise-die.md, RRD-12.4). Checked on every path that makes a state,
// so no loaded state can make an action whose index spills into the verb.
std::shared_ptr<const CardDb> game_cards(const std::string& dir) {
  auto cards = load_cards(dir);
  if (cards->size() > kMaxCardDefs) {
    throw InputError("raise-rise-die: " + dir + " holds " + std::to_string(cards->size()) + " cards; at most " +
                     std::to_string(kMaxCardDefs) + " are supported (Interpretation RRD-12.4)");
  }
  return cards;
}

class RrdGame final : public Game {
 public:
  RrdGame() {
    info_.id = "raise-rise-die";
    info_.name = "Raise, Rise & Die";
    info_.rulebook = "002_9ab40c0282d7b217.txt";
    info_.min_players = 2;
    info_.max_players = 2;
    info_.perfect_information = false;
    info_.deterministic = false;
    info_.has_evaluation = true;
    info_.options.push_back({"decks",
                             "lame,ombre",
                             "comma-separated deck ids (data/raise-rise-die/decks: lame, ombre, rempart) or deck "
                             "files, seat 0 then seat 1 (one = both)",
                             {}});
    info_.options.push_back({"data",
                             "",
                             "data directory with characters/, weapons/, cards/ and decks/ (empty = the "
                             "built-in data)",
                             {}});
    info_.options.push_back(
        {"pass_limit",
         std::to_string(kDefaultPassLimit),
         "Passes d'Armes after which an unfinished duel is a draw, 1..1000 (Interpretation RRD-1.4)",
         {}});
    label_option(info_, "decks", "Decks");
    label_option(info_, "data", "Data folder");
    label_option(info_, "pass_limit", "Limit of Passes d'Armes");
  }

  const GameInfo& info() const override { return info_; }

  // 3,465 dense actions and 779 floats whatever the decks (docs/learning.md); the seats and
  // options are checked as for a duel (the deck files are read only when a duel is made).
  LearningSpec learning_spec(const Options& options, int num_players) const override {
    checked_options(options, num_players);
    static const ObservationBounds bounds = observation_bounds();
    return LearningSpec{kDenseActions, {kObservationSize}, 1, bounds};
  }

  // The resolved options, with 2 seats, a valid pass limit and one or two deck names; else
  // InputError.
  Options checked_options(const Options& options, int num_players) const {
    Options resolved = resolve_options(options);
    check_seats(info_, resolved, num_players);
    parse_pass_limit(resolved);
    const std::vector<std::string> names = cardgame::split_list(resolved.at("decks"));
    if (names.empty() || names.size() > 2) {
      throw InputError("option decks='" + resolved.at("decks") + "' must name one or two decks");
    }
    return resolved;
  }

  // The two seats' decks of one configuration (data directory and options), read once:
  // per seat its cards as card indices, its character and weapons (indices) and its id;
  // and the options as the state keeps them (JSON text).
  struct Decks {
    std::vector<std::vector<int>> cards;
    std::vector<int> characters;
    std::vector<std::vector<int>> weapons;
    std::vector<std::string> ids;
    std::string options_text;
  };

  // Reads and checks the deck files of the configuration `resolved` (data directory `dir`,
  // its cards `cards`), listing in `files` what it read. InputError for a deck that is
  // missing, malformed, breaks the deck-building rules (RRD-2.1..RRD-2.5) or, with the
  // other, holds more than kMaxObjects cards.
  static Decks read_decks(const std::string& dir, const CardDb& cards, const Options& resolved,
                          std::vector<std::string>& files) {
    const std::vector<std::string> names = cardgame::split_list(resolved.at("decks"));
    Decks out;
    size_t objects = 0;
    for (size_t p = 0; p < 2; ++p) {
      const std::string path = cardgame::find_deck_file(dir, names[p % names.size()]);
      files.push_back(path);
      Deck deck = load_deck_file(path);
      auto violations = validate_deck(cards, deck);  // Rules RRD-2.1..RRD-2.5
      if (!violations.empty()) {
        std::string text = "deck " + path + " breaks the deck-building rules:";
        for (const auto& v : violations) text += "\n  " + v;
        throw InputError(text);
      }
      const int character = cards.find_character(deck.character);
      if (character < 0) throw InputError("deck " + path + ": unknown character '" + deck.character + "'");
      std::vector<int> arms;
      for (const std::string& w : deck.weapons) {
        const int index = cards.find_weapon(w);
        if (index < 0) throw InputError("deck " + path + ": unknown weapon '" + w + "'");
        arms.push_back(index);
      }
      std::vector<int> defs;
      for (const auto& [id, count] : deck.cards) {
        const int def = cards.require(id, " in " + path);
        for (int k = 0; k < count; ++k) defs.push_back(def);
      }
      objects += defs.size();
      out.cards.push_back(std::move(defs));
      out.characters.push_back(character);
      out.weapons.push_back(std::move(arms));
      out.ids.push_back(deck.id);
    }
    if (objects > static_cast<size_t>(kMaxObjects)) {
      throw InputError("raise-rise-die: the two decks hold " + std::to_string(objects) + " cards; at most " +
                       std::to_string(kMaxObjects) + " together are supported");
    }
    nlohmann::json opts(nlohmann::json::value_t::object);
    for (const auto& [k, v] : resolved) opts[k] = v;
    out.options_text = opts.dump();
    return out;
  }

  std::unique_ptr<State> new_initial_state(uint64_t seed, const Options& options, int num_players) const override {
    Options resolved = checked_options(options, num_players);
    const int limit = parse_pass_limit(resolved);
    const std::string dir = data_dir_of(resolved);
    auto cards = game_cards(dir);
    std::shared_ptr<const Decks> decks =
        decks_.get(dir + '\n' + cardgame::config_key(resolved),
                   [&](std::vector<std::string>& files) { return read_decks(dir, *cards, resolved, files); });
    auto state = std::make_unique<RrdState>(*this, cards, seed, decks->cards, decks->characters, decks->weapons,
                                            decks->ids, limit, decks->options_text);
    state->start_duel();
    return state;
  }

  // The sandbox's start: the decks shuffled from `seed`, p0 drawn as the first player (Rule
  // RRD-4.1): the first pass, at p0's first decision.
  std::unique_ptr<State> new_sandbox_state(uint64_t seed, const Options& options, int num_players) const override {
    nlohmann::json outcomes = {{{"shuffle", "random"}}, {{"shuffle", "random"}}, {{"pick", 0}}};
    ForcedChance::Scope scope(ForcedChance::parse(outcomes, "the sandbox's opening"));
    return state_from_json(new_initial_state(seed, options, num_players)->to_json());  // a position, no history
  }

  std::string sandbox_examples() const override {
    return "'two Entailles in my hand', 'Riposte on their deck', 'Dague de lancer in my objets', 'Affûtage in my infusion', "
           "'my pv 12', 'their réserve 3', 'my poison 2', "
           "'empty my discard'";
  }

  std::unique_ptr<State> state_from_json(const nlohmann::json& json) const override {
    const std::string what = "raise-rise-die state";
    if (!json.is_object()) throw InputError(what + ": must be a JSON object");
    Options resolved = resolve_options(options_field(json, what));
    const std::string dir = data_dir_of(resolved);
    auto state = RrdState::from_json(*this, json, game_cards(dir));
    // Each seat's character and weapons are its deck's (Rules RRD-2.1, RRD-2.5): the deck
    // the options name, when its file is found in the data (a state whose deck file is gone
    // is read as it is).
    const auto& s = static_cast<const RrdState&>(*state);
    const std::vector<std::string> names = cardgame::split_list(resolved.at("decks"));
    for (size_t p = 0; p < 2 && !names.empty(); ++p) {
      std::string path;
      try {
        path = cardgame::find_deck_file(dir, names[p % names.size()]);
      } catch (const InputError&) {
        continue;
      }
      const std::shared_ptr<const Deck> file = deck_files_.get(path, [&](std::vector<std::string>& files) {
        files.push_back(path);
        return load_deck_file(path);
      });
      const Deck& deck = *file;
      const Player& pl = s.player(static_cast<int>(p));
      const std::string& character = s.cards().characters()[static_cast<size_t>(pl.character)].id;
      const std::string where = what + ": players[" + std::to_string(p) + "]";
      if (character != deck.character) {
        throw InputError(where + ": field 'character': '" + character + "' is not the character of its deck '" + deck.id +
                         "' ('" + deck.character + "', Rule RRD-2.1)");
      }
      std::vector<std::string> weapons;
      for (int16_t w : pl.weapons) weapons.push_back(s.cards().weapons()[static_cast<size_t>(w)].id);
      if (weapons != deck.weapons) {
        std::string list;
        for (const std::string& w : deck.weapons) list += (list.empty() ? "" : ", ") + w;
        throw InputError(where + ": field 'weapons': not the weapons of its deck '" + deck.id + "' (" + list +
                         ", Rule RRD-2.5)");
      }
    }
    return state;
  }

  // Every card of the data directory of the option `data` (with characters and weapons).
  nlohmann::json catalog_json(const Options& options) const override {
    return rrd::catalog_json(*load_cards(data_dir_of(resolve_options(options))));
  }

  // `rise cards raise-rise-die` and `rise deck validate raise-rise-die` (card_commands.h);
  // no heroes: each deck names its character.
  std::string cards_listing(const std::string& data_dir) const override { return rrd::cards_listing(data_dir); }
  std::string card_text(const std::string& data_dir, const std::string& id) const override {
    return rrd::card_text(data_dir, id);
  }
  std::string card_explanation(const std::string& data_dir, const std::string& id) const override {
    return rrd::card_explanation(data_dir, id);
  }
  std::vector<DeckCheck> check_decks(const std::string& data_dir, const std::vector<std::string>& decks,
                                     const std::string& /*hero_spec*/,
                                     const std::string& /*hero_where*/) const override {
    return rrd::check_decks(data_dir, decks);
  }

 private:
  GameInfo info_;
  mutable cardgame::ConfigCache<Decks> decks_;      // per configuration, read once
  mutable cardgame::ConfigCache<Deck> deck_files_;  // per deck file, for state_from_json
};

}  // namespace

RISE_REGISTER_GAME(RrdGame);

}  // namespace rise::rrd
