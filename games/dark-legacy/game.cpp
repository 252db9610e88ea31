// The dark-legacy game: options (decks, data directory, heroes, turn limit), deck loading
// and validation against each seat's hero (Rules DL-2.*), and registration.
#include <algorithm>
#include <charconv>

#include "dark-legacy/card_commands.h"
#include "dark-legacy/catalog.h"
#include "dark-legacy/skill.h"
#include "dark-legacy/state.h"
#include "rise/cardgame/config_cache.h"
#include "rise/cardgame/data_dir.h"
#include "rise/core/error.h"
#include "rise/core/json_io.h"
#include "rise/core/game.h"
#include "rise/core/registry.h"
#include "rise/core/utf8.h"

namespace rise::dl {
namespace {

// A hero's name, as `rise hero` stores it (store/: 1 to 40 characters).
constexpr size_t kMaxHeroNameChars = 40;

std::string data_dir_of(const Options& resolved) {
  const std::string& dir = resolved.at("data");
  return dir.empty() ? cardgame::default_data_dir("dark-legacy") : dir;
}

// The cards of a data directory, for a battle or a loaded state: `equip CARD` carries the
// card's index in the 10 bits of an action operand, next to kNoRef (`equip none`), so a data
// directory holds at most kNoRef - 1 = 1022 cards (docs/rules/dark-legacy.md, DL-I42). Checked
// on every path that makes a state, so no loaded state can make an ambiguous action.
std::shared_ptr<const CardDb> game_cards(const std::string& dir) {
  auto cards = load_cards(dir);
  if (cards->size() >= kNoRef) {
    throw InputError("dark-legacy: " + dir + " holds " + std::to_string(cards->size()) + " cards; at most " +
                     std::to_string(kNoRef - 1) + " are supported (Interpretation DL-I42)");
  }
  return cards;
}

class DlGame final : public Game {
 public:
  DlGame() {
    info_.id = "dark-legacy";
    info_.name = "Dark Legacy: The Rising";
    info_.rulebook = "004_084c89453524ea33.txt";
    info_.min_players = 2;
    info_.max_players = 2;
    info_.perfect_information = false;
    info_.deterministic = false;
    info_.has_evaluation = true;
    info_.deck_heroes = true;  // Rules DL-2.4, DL-2.5
    info_.options.push_back({"decks", "",
                             "comma-separated deck ids (data/dark-legacy/decks) or deck files, seat 0 then seat 1 "
                             "(one = both); empty = the first two starter decks in name order",
                             {}});
    info_.options.push_back({"data", "", "data directory with cards/ and decks/ (empty = the built-in data)", {}});
    info_.options.push_back({"hero0", "",
                             "seat 0's hero, FACTION:LEVEL[:FACTION2:LEVEL2] (e.g. darkness:12:tech:3); empty = the "
                             "faction of its deck at level 1",
                             {}});
    info_.options.push_back({"hero1", "", "seat 1's hero, as hero0", {}});
    info_.options.push_back({"name0", "",
                             "seat 0's hero's name, shown at the table (a stored hero's, from rise hero); empty = none, "
                             "at most 40 characters",
                             {}});
    info_.options.push_back({"name1", "", "seat 1's hero's name, as name0", {}});
    info_.options.push_back({"turn_limit", std::to_string(kDefaultTurnLimit),
                             "turns after which an unfinished battle is a draw, 1..30000 (Interpretation DL-I21)", {}});
    label_option(info_, "decks", "Decks");
    label_option(info_, "data", "Data folder");
    label_option(info_, "hero0", "First seat's hero");
    label_option(info_, "hero1", "Second seat's hero");
    label_option(info_, "name0", "First seat's hero's name");
    label_option(info_, "name1", "Second seat's hero's name");
    label_option(info_, "turn_limit", "Turn limit");
  }

  const GameInfo& info() const override { return info_; }

  // 1,536 dense actions and 1,556 floats whatever the decks (docs/learning.md); the seats
  // and options are checked as for a battle (the deck files are read only when one is made).
  LearningSpec learning_spec(const Options& options, int num_players) const override {
    checked_options(options, num_players);
    static const ObservationBounds bounds = observation_bounds();
    return LearningSpec{kDenseActions, {kObservationSize}, 1, bounds};
  }

  // The resolved options, with 2 seats, a turn limit in [1, 30000] (Interpretation DL-I21)
  // and at most two deck names; else InputError.
  Options checked_options(const Options& options, int num_players) const {
    Options resolved = resolve_options(options);
    check_seats(info_, resolved, num_players);
    int_option(resolved, "turn_limit", 1, 30000);
    if (cardgame::split_list(resolved.at("decks")).size() > 2) {
      throw InputError("option decks='" + resolved.at("decks") + "' names more than two decks");
    }
    return resolved;
  }

  // The two seats' decks of one configuration (data directory and options), read once:
  // per seat its cards as card indices, its hero (the option heroN, else the deck's faction
  // at level 1) and its id; and the options as the state keeps them (JSON text).
  struct Decks {
    std::vector<std::vector<int>> cards;
    std::vector<HeroSpec> heroes;
    std::vector<std::string> ids;
    std::string options_text;
  };

  // Reads and checks the deck files of the configuration `resolved` (data directory `dir`,
  // its cards `cards`), listing in `files` what it read. InputError for a deck that is
  // missing, malformed, breaks the deck-building rules for its hero (DL-2.*), holds more
  // than kMaxDeckCards cards (DL-I42) or, with the other, more than kMaxObjects.
  static Decks read_decks(const std::string& dir, const CardDb& cards, const Options& resolved,
                          std::vector<std::string>& files) {
    Decks out;
    std::vector<std::string> names = cardgame::split_list(resolved.at("decks"));
    if (names.empty()) {
      names = cardgame::deck_ids(dir);
      files.push_back(dir + "/decks");
    }
    if (names.empty()) throw InputError("dark-legacy: no deck given and no deck file in " + dir + "/decks");
    size_t objects = 0;
    for (int p = 0; p < 2; ++p) {
      const std::string& name = names[static_cast<size_t>(p) % names.size()];
      const std::string path = cardgame::find_deck_file(dir, name);
      files.push_back(path);
      Deck deck = load_deck_file(path);
      const std::string option = "hero" + std::to_string(p);
      HeroSpec hero;
      if (resolved.at(option).empty()) {
        hero.factions[0] = deck.faction;  // the deck's faction at level 1
      } else {
        hero = parse_hero_spec(resolved.at(option), "option " + option);
      }
      hero.name = resolved.at("name" + std::to_string(p));
      if (invalid_utf8_at(hero.name) != std::string_view::npos || utf8_length(hero.name) > kMaxHeroNameChars) {
        throw InputError("option name" + std::to_string(p) + " '" + hero.name.substr(0, 60) +
                         "': a hero's name is UTF-8 text of at most 40 characters");
      }
      // Rules DL-2.*: a deck is checked against the hero that fights with it.
      auto violations = validate_deck(cards, deck, hero);
      if (!violations.empty()) {
        std::string text = "deck " + path + " breaks the deck-building rules for hero " + hero_spec_string(hero) + ":";
        for (const auto& v : violations) text += "\n  " + v;
        throw InputError(text);
      }
      std::vector<int> defs;
      for (const auto& [id, count] : deck.cards) {
        int def = cards.require(id, " in " + path);
        for (int k = 0; k < count; ++k) defs.push_back(def);
      }
      if (defs.size() > static_cast<size_t>(kMaxDeckCards)) {
        throw InputError("deck " + path + " holds " + std::to_string(defs.size()) + " cards; at most " +
                         std::to_string(kMaxDeckCards) + " are supported (Interpretation DL-I42)");
      }
      objects += defs.size();
      out.cards.push_back(std::move(defs));
      out.heroes.push_back(hero);
      out.ids.push_back(deck.id);
    }
    if (objects > static_cast<size_t>(kMaxObjects)) {
      throw InputError("dark-legacy: the two decks hold " + std::to_string(objects) + " cards; at most " +
                       std::to_string(kMaxObjects) + " together are supported");
    }
    nlohmann::json opts(nlohmann::json::value_t::object);
    for (const auto& [k, v] : resolved) opts[k] = v;
    out.options_text = opts.dump();
    return out;
  }

  std::unique_ptr<State> new_initial_state(uint64_t seed, const Options& options, int num_players) const override {
    Options resolved = checked_options(options, num_players);
    const int limit = std::stoi(resolved.at("turn_limit"));  // checked
    const std::string dir = data_dir_of(resolved);
    auto cards = game_cards(dir);
    std::shared_ptr<const Decks> decks =
        decks_.get(dir + '\n' + cardgame::config_key(resolved),
                   [&](std::vector<std::string>& files) { return read_decks(dir, *cards, resolved, files); });
    return std::make_unique<DlState>(*this, cards, seed, decks->cards, decks->heroes, decks->ids, limit,
                                     decks->options_text);
  }

  // The sandbox's start: each seat equips nothing before the battle, or the first 0-cost
  // Equipment its deck offers when Rule DL-5.1 obliges it to equip one; the
  // libraries are shuffled from `seed`, p0 rolls 20 and p1 1 for the first turn
  // (Interpretation DL-I7): p0's first turn, after its draw and Casting Point roll.
  std::unique_ptr<State> new_sandbox_state(uint64_t seed, const Options& options, int num_players) const override {
    nlohmann::json outcomes = {{{"shuffle", "random"}}, {{"shuffle", "random"}}, {{"d20", 20}}, {{"d20", 1}}};
    ForcedChance::Scope scope(ForcedChance::parse(outcomes, "the sandbox's opening"));
    std::unique_ptr<State> state = new_initial_state(seed, options, num_players);
    while (static_cast<const DlState&>(*state).phase() == Phase::kSetup) {
      const std::vector<Action> legal = state->legal_actions();  // each seat's own
      const auto none = std::find_if(legal.begin(), legal.end(),
                                     [&](Action a) { return state->action_to_string(a) == "equip none"; });
      state->apply_action(none != legal.end() ? *none : legal.front());
    }
    return state_from_json(state->to_json());  // the opening is its position, not its history
  }

  std::string sandbox_examples() const override {
    return "'two Rift Imps in my play', 'Bone Dagger in their play', 'Hellflare in their hand', "
           "'Lich Sovereign in my charging field', 'my life 30', 'their poison 3', 'my cp 7', 'empty my hand'";
  }

  std::unique_ptr<State> state_from_json(const nlohmann::json& json) const override {
    const std::string what = "dark-legacy state";
    if (!json.is_object()) throw InputError(what + ": must be a JSON object");
    Options resolved = resolve_options(options_field(json, what));
    return DlState::from_json(*this, json, game_cards(data_dir_of(resolved)));
  }

  // Every card of the data directory of the option `data`.
  nlohmann::json catalog_json(const Options& options) const override {
    return dl::catalog_json(*load_cards(data_dir_of(resolve_options(options))));
  }

  // `rise cards dark-legacy` and `rise deck validate dark-legacy` (card_commands.h).
  std::string cards_listing(const std::string& data_dir) const override { return dl::cards_listing(data_dir); }
  std::string card_text(const std::string& data_dir, const std::string& id) const override {
    return dl::card_text(data_dir, id);
  }
  std::string card_explanation(const std::string& data_dir, const std::string& id) const override {
    return dl::card_explanation(data_dir, id);
  }
  std::vector<DeckCheck> check_decks(const std::string& data_dir, const std::vector<std::string>& decks,
                                     const std::string& hero_spec, const std::string& hero_where) const override {
    return dl::check_decks(data_dir, decks, hero_spec, hero_where);
  }

  // Hero advancement (skill.h, Rules DL-18.*), for `rise hero` and the battles it records.
  HeroStanding hero_standing(int points) const override {
    const int level = level_for_points(points);
    return HeroStanding{.level = level,
                        .points_to_next_level = points_to_next_level(points),
                        .starting_life = starting_life(level),
                        .only_faction_cards = only_faction_cards(level),
                        .may_choose_second_faction = may_choose_second_faction(level)};
  }
  int hero_points_needed(int level) const override { return points_needed(level); }

 private:
  GameInfo info_;
  mutable cardgame::ConfigCache<Decks> decks_;  // per configuration, read once
};

}  // namespace

RISE_REGISTER_GAME(DlGame);

}  // namespace rise::dl
