// The raise-rise-die game: options (decks, data directory, pass limit), deck loading and
// validation (Rules RRD-2.*), the start of the duel, and registration.
#include "rise/core/game.h"

#include <charconv>

#include "raise-rise-die/catalog.h"
#include "raise-rise-die/state.h"
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
int parse_pass_limit(const std::string& text) {
  int limit = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), limit);
  if (ec != std::errc() || ptr != text.data() + text.size() || limit < 1 || limit > 1000) {
    throw InputError("option pass_limit=" + text + " must be an integer in [1, 1000]");
  }
  return limit;
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
  }

  const GameInfo& info() const override { return info_; }

  std::unique_ptr<State> new_initial_state(uint64_t seed, const Options& options, int num_players) const override {
    if (num_players != 2) throw InputError("raise-rise-die is played by 2 players, not " + std::to_string(num_players));
    Options resolved = resolve_options(options);
    const int limit = parse_pass_limit(resolved.at("pass_limit"));
    std::vector<std::string> names = cardgame::split_list(resolved.at("decks"));
    if (names.empty() || names.size() > 2) {
      throw InputError("option decks='" + resolved.at("decks") + "' must name one or two decks");
    }
    const std::string dir = data_dir_of(resolved);
    auto cards = load_cards(dir);
    if (cards->size() > 1024) {  // `cherche CARD` carries the card index in 10 bits
      throw InputError("raise-rise-die: " + dir + " holds " + std::to_string(cards->size()) +
                       " cards; at most 1024 are supported");
    }
    std::vector<std::vector<int>> decks;
    std::vector<int> characters;
    std::vector<std::vector<int>> weapons;
    std::vector<std::string> used;
    size_t objects = 0;
    for (size_t p = 0; p < 2; ++p) {
      const std::string path = cardgame::find_deck_file(dir, names[p % names.size()]);
      Deck deck = load_deck_file(path);
      auto violations = validate_deck(*cards, deck);  // Rules RRD-2.1..RRD-2.5
      if (!violations.empty()) {
        std::string text = "deck " + path + " breaks the deck-building rules:";
        for (const auto& v : violations) text += "\n  " + v;
        throw InputError(text);
      }
      const int character = cards->find_character(deck.character);
      if (character < 0) throw InputError("deck " + path + ": unknown character '" + deck.character + "'");
      std::vector<int> arms;
      for (const std::string& w : deck.weapons) {
        const int index = cards->find_weapon(w);
        if (index < 0) throw InputError("deck " + path + ": unknown weapon '" + w + "'");
        arms.push_back(index);
      }
      std::vector<int> defs;
      for (const auto& [id, count] : deck.cards) {
        const int def = cards->require(id, " in " + path);
        for (int k = 0; k < count; ++k) defs.push_back(def);
      }
      objects += defs.size();
      decks.push_back(std::move(defs));
      characters.push_back(character);
      weapons.push_back(std::move(arms));
      used.push_back(deck.id);
    }
    if (objects > static_cast<size_t>(kMaxObjects)) {
      throw InputError("raise-rise-die: the two decks hold " + std::to_string(objects) + " cards; at most " +
                       std::to_string(kMaxObjects) + " together are supported");
    }
    nlohmann::json opts(nlohmann::json::value_t::object);
    for (const auto& [k, v] : resolved) opts[k] = v;
    auto state = std::make_unique<RrdState>(*this, cards, seed, decks, characters, weapons, used, limit, opts.dump());
    state->start_duel();
    return state;
  }

  std::unique_ptr<State> state_from_json(const nlohmann::json& json) const override {
    const std::string what = "raise-rise-die state";
    if (!json.is_object()) throw InputError(what + ": must be a JSON object");
    Options resolved = resolve_options(options_field(json, what));
    return RrdState::from_json(*this, json, load_cards(data_dir_of(resolved)));
  }

  // Every card of the data directory of the option `data` (with characters and weapons).
  nlohmann::json catalog_json(const Options& options) const override {
    return rrd::catalog_json(*load_cards(data_dir_of(resolve_options(options))));
  }

 private:
  GameInfo info_;
};

}  // namespace

RISE_REGISTER_GAME(RrdGame);

}  // namespace rise::rrd
