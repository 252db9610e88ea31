// The rise-tcg game: options (decks, data directory, turn limit), deck loading and
// registration (Rules TCG-1.*: deck building is checked before a game starts).
#include <charconv>

#include "rise/cardgame/card_loader.h"
#include "rise/cardgame/config_cache.h"
#include "rise/cardgame/data_dir.h"
#include "rise/core/forced_chance.h"
#include "rise/core/error.h"
#include "rise/core/game.h"
#include "rise/core/registry.h"
#include "rise-tcg/card_warnings.h"
#include "rise-tcg/card_commands.h"
#include "rise-tcg/catalog.h"
#include "rise-tcg/dungeon.h"
#include "rise-tcg/state.h"

namespace rise::tcg {
namespace {

inline constexpr const char* kDefaultDungeon = "barrow-depths";

class TcgGame final : public Game {
 public:
  TcgGame() {
    info_.id = "rise-tcg";
    info_.name = "Rise (trading card game)";
    info_.rulebook = "000_8e01a67d3423be54.txt";
    info_.min_players = 2;
    info_.max_players = kMaxPlayers;  // Rule TCG-15.1
    info_.perfect_information = false;
    info_.deterministic = false;
    info_.has_evaluation = true;
    info_.options.push_back({"decks", "",
                             "comma-separated deck ids (data/rise-tcg/decks) or deck files, one per seat "
                             "(repeated if fewer); empty = the starter decks in name order",
                             {}});
    info_.options.push_back({"data", "", "data directory with cards/ and decks/ (empty = the built-in data)", {}});
    info_.options.push_back({"turn_limit", std::to_string(kDefaultTurnLimit),
                             "turns after which an unfinished game is a draw, 1..30000 (Interpretation TCG-I12)",
                             {}});
    info_.options.push_back({"draw", "1-2",
                             "Restoration draw: 1-2 = draw 1 and gain 2 Coins or draw 2 and gain 1 (rulebook); "
                             "0-2 = also draw 0 and gain 2 (web rules, Rule TCG-16.1)",
                             {"1-2", "0-2"}});
    info_.options.push_back({"deckout", "sacrifice",
                             "empty library: sacrifice = the second empty draw sacrifices a Summoner (rulebook); "
                             "lose-5-hp = each Summoner loses 5 HP at the start of each turn (web rules, Rule TCG-16.2)",
                             {"sacrifice", "lose-5-hp"}});
    info_.options.push_back({"mode", "duel",
                             "duel = 2 to 6 players against each other; dungeon = one player alone against "
                             "a dungeon the engine runs (Dungeon mode, Rules TCG-17.*)",
                             {"duel", "dungeon"}});
    info_.options.push_back({"dungeon", kDefaultDungeon,
                             "mode=dungeon: the dungeon, an id of data/rise-tcg/dungeons or a dungeon file", {}});
    label_option(info_, "decks", "Decks");
    label_option(info_, "data", "Data folder");
    label_option(info_, "turn_limit", "Turn limit");
    label_option(info_, "draw", "Restoration draw",
                 {"Draw 1 and gain 2 Coins, or draw 2 and gain 1 (rulebook)",
                  "Also draw 0 and gain 2 Coins (web rules)"});
    label_option(info_, "deckout", "When a library is empty",
                 {"The second empty draw sacrifices a Summoner (rulebook)",
                  "Each Summoner loses 5 HP every turn (web rules)"});
    label_option(info_, "mode", "Mode", {"Duel: 2 to 6 players", "Dungeon: one player against a dungeon"});
    label_option(info_, "dungeon", "Dungeon");
    info_.solo_option = "mode=dungeon";  // Rule TCG-17.1
  }

  const GameInfo& info() const override { return info_; }

  // The decks of one configuration (data directory, options, player count), read once: for
  // each seat, the deck the `decks` option gives it (every deck file of the data when the
  // option is empty; seat p takes the (p mod n)-th of n), its Summoners and library as card
  // indices and its id; and the resolved options as the state keeps them. The ids and the
  // options are shared by every state of the configuration (and their clones).
  struct Decks {
    std::vector<std::pair<std::vector<int>, std::vector<int>>> cards;
    std::shared_ptr<const std::vector<std::string>> ids;
    std::shared_ptr<const nlohmann::json> options;
  };

  // Reads and checks the deck files of the configuration `resolved` (data directory `dir`,
  // its card set `cards`) for `num_players` seats, listing in `files` what it read. InputError for a deck that is
  // missing, malformed or breaks the deck-building rules (TCG-1.*).
  static Decks read_decks(const std::string& dir, const CardSet& cards, const Options& resolved, int num_players,
                          std::vector<std::string>& files) {
    Decks out;
    std::vector<std::string> deck_ids;
    std::vector<std::string> names = cardgame::split_list(resolved.at("decks"));
    if (names.empty()) {
      names = cardgame::deck_ids(dir);
      files.push_back(dir + "/decks");
    }
    if (names.empty()) throw InputError("rise-tcg: no deck given and no deck file in " + dir + "/decks");
    for (int p = 0; p < num_players; ++p) {
      const std::string& name = names[static_cast<size_t>(p) % names.size()];
      std::string path = cardgame::find_deck_file(dir, name);
      files.push_back(path);
      cardgame::Deck deck = cardgame::load_deck_file(path);
      auto violations = cardgame::validate_deck(*cards.db, deck);
      if (!violations.empty()) {
        std::string text = "deck " + path + " breaks the deck-building rules:";
        for (const auto& v : violations) text += "\n  " + v;
        throw InputError(text);
      }
      std::pair<std::vector<int>, std::vector<int>> ids;
      for (const auto& s : deck.summoners) ids.first.push_back(cards.db->require(s, " in " + path));
      for (const auto& [id, count] : deck.library) {
        int def = cards.db->require(id, " in " + path);
        for (int k = 0; k < count; ++k) ids.second.push_back(def);
      }
      out.cards.push_back(std::move(ids));
      deck_ids.push_back(deck.id);
    }
    out.ids = std::make_shared<const std::vector<std::string>>(std::move(deck_ids));
    nlohmann::json opts(nlohmann::json::value_t::object);
    for (const auto& [k, v] : resolved) opts[k] = v;
    out.options = std::make_shared<const nlohmann::json>(std::move(opts));
    return out;
  }

  std::unique_ptr<State> new_initial_state(uint64_t seed, const Options& options, int num_players) const override {
    Options resolved = resolve_options(options);
    check_seats(info_, resolved, num_players);
    const int limit = int_option(resolved, "turn_limit", 1, 30000);
    const std::string dir = data_dir_option(resolved);
    auto cards = load_card_set(dir);
    if (resolved.at("mode") == "dungeon") return new_dungeon_state(seed, resolved, dir, cards, limit);
    const std::string key = dir + '\n' + std::to_string(num_players) + '\n' + cardgame::config_key(resolved);
    std::shared_ptr<const Decks> decks = decks_.get(key, [&](std::vector<std::string>& files) {
      return read_decks(dir, *cards, resolved, num_players, files);
    });
    return std::make_unique<TcgState>(*this, cards, num_players, seed, decks->cards, decks->ids, limit,
                                      decks->options);
  }

  std::unique_ptr<State> state_from_json(const nlohmann::json& json) const override {
    return TcgState::from_json(*this, json);
  }

  // The sandbox's start: p0 rolls 6 and the others 1 for the first player (Rule TCG-3.1), the
  // libraries shuffled from `seed`, and every opening hand kept (Rule TCG-3.3).
  std::unique_ptr<State> new_sandbox_state(uint64_t seed, const Options& options, int num_players) const override {
    const Options resolved = resolve_options(options);
    std::unique_ptr<State> state;
    if (resolved.at("mode") == "dungeon") {
      state = new_initial_state(seed, resolved, num_players);  // the player plays first (TCG-17.4)
    } else {
      nlohmann::json outcomes = nlohmann::json::array();
      for (int p = 0; p < num_players; ++p) outcomes.push_back({{"shuffle", "random"}});
      for (int p = 0; p < num_players; ++p) outcomes.push_back({{"d6", p == 0 ? 6 : 1}});
      ForcedChance::Scope scope(ForcedChance::parse(outcomes, "the sandbox's opening"));
      state = new_initial_state(seed, resolved, num_players);
    }
    const Action keep = state->string_to_action("keep");
    while (!state->is_terminal() && state->is_legal(keep)) state->apply_action(keep);
    return state_from_json(state->to_json());  // the opening is its position, not its history
  }

  std::string sandbox_examples() const override {
    return "'Blood Herald on my battlefield', 'two Thralls in their hand', '5 Coins', '2 Ether for them', "
           "'my S1 hp 12', 'their S2 level 3', 'empty my hand'";
  }

  // Every card of the data directory of the option `data` (decks do not matter: a card
  // may come from any deck, e.g. a token).
  nlohmann::json catalog_json(const Options& options) const override {
    return tcg::catalog_json(*load_card_set(data_dir_option(resolve_options(options)))->db);
  }

  // `rise cards rise-tcg` and `rise deck validate rise-tcg` (card_commands.h); no heroes.
  std::string cards_listing(const std::string& data_dir) const override { return tcg::cards_listing(data_dir); }
  std::vector<std::string> card_warnings(const std::string& data_dir) const override {
    return tcg::retrigger_warnings(*load_card_set(data_dir)->db);
  }
  std::string card_text(const std::string& data_dir, const std::string& id) const override {
    return tcg::card_text(data_dir, id);
  }
  std::string card_explanation(const std::string& data_dir, const std::string& id) const override {
    return tcg::card_explanation(data_dir, id);
  }
  std::vector<DeckCheck> check_decks(const std::string& data_dir, const std::vector<std::string>& decks,
                                     const std::string& /*hero_spec*/,
                                     const std::string& /*hero_where*/) const override {
    return tcg::check_decks(data_dir, decks);
  }

  // Dungeon mode (Rules TCG-17.*): the player's deck (the first of the option `decks`, or
  // the first starter deck) against the dungeon of the option `dungeon`, read once per
  // configuration. InputError for a bad deck or dungeon file.
  std::unique_ptr<State> new_dungeon_state(uint64_t seed, const Options& resolved, const std::string& dir,
                                           std::shared_ptr<const CardSet> cards, int limit) const {
    const std::string key = dir + "\n1\n" + cardgame::config_key(resolved);
    std::shared_ptr<const Decks> decks = decks_.get(key, [&](std::vector<std::string>& files) {
      return read_decks(dir, *cards, resolved, 1, files);
    });
    std::shared_ptr<const DungeonDef> dungeon = dungeons_.get(key, [&](std::vector<std::string>& files) {
      const std::string path = find_dungeon_file(dir, resolved.at("dungeon"));
      files.push_back(path);
      return load_dungeon_file(path, *cards);
    });
    auto sides = decks->cards;
    sides.push_back({{dungeon->guardians[0], dungeon->guardians[1]}, {}});
    auto names = std::make_shared<std::vector<std::string>>(*decks->ids);
    names->push_back("dungeon:" + dungeon->id);
    return std::make_unique<TcgState>(*this, cards, 2, seed, sides, std::move(names), limit, decks->options, dungeon);
  }

  // kDenseActions dense indices and a flat tensor of kObservationSize floats, for every
  // option value and player count (docs/learning.md). InputError on a bad option or count.
  LearningSpec learning_spec(const Options& options, int num_players) const override {
    Game::learning_spec(options, num_players);  // validates
    static const ObservationBounds bounds = observation_bounds();
    return LearningSpec{kDenseActions, {kObservationSize}, 1, bounds};
  }

 private:
  GameInfo info_;
  mutable cardgame::ConfigCache<Decks> decks_;  // per configuration, read once
  mutable cardgame::ConfigCache<DungeonDef> dungeons_;  // Dungeon mode: per configuration, read once
};

}  // namespace

RISE_REGISTER_GAME(TcgGame);

}  // namespace rise::tcg
