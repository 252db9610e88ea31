// The JSON the server sends, built only from what each seat may see.
#include "rise/server/views.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

#include "rise/cardgame/data_dir.h"
#include "rise/core/game.h"
#include "rise/core/registry.h"
#include "rise/server/fair_seed.h"

namespace rise::server {

namespace {

// Card catalogs kept by cards_json (a table's options, e.g. turn_limit, may differ
// without changing its cards; past this many, the cache starts again).
constexpr size_t kMaxCachedCatalogs = 32;

// [{seat, kind, name?, bot?}] (the name when one was given at the table, the bot's name
// when a bot claimed the seat with an operator's token), and for a human seat "joined":
// whether its invite was claimed.
nlohmann::json seats_json(const Table& table) {
  nlohmann::json seats = nlohmann::json::array();
  for (size_t i = 0; i < table.record().seats.size(); ++i) {
    const store::TableSeat& s = table.record().seats[i];
    nlohmann::json seat = {{"seat", i}, {"kind", s.kind}};
    if (!s.name.empty()) seat["name"] = s.name;
    if (!s.bot.empty()) seat["bot"] = s.bot;  // claimed by this bot with an operator's token
    if (s.kind == "human") seat["joined"] = !table.invite_pending(static_cast<PlayerId>(i));
    seats.push_back(std::move(seat));
  }
  return seats;
}

// Adds what every view of a table shares: its id, game, seat kinds, undo votes, seed
// fairness and, for the table as it is now (`current`) once it is over, how it ended: a
// resignation or an expiry makes the view terminal with the table's returns.
nlohmann::json with_table(nlohmann::json view, const Table& table, bool current = true) {
  view["table"] = table.id();
  view["game"] = table.record().game;
  view["seats"] = seats_json(table);
  view["undo_requested"] = table.undo_votes();  // human seats asking for an undo (docs/server.md)
  view["fair"] = fairness_json(table.record(), table.finished());
  if (table.record().move_seconds > 0) view["move_seconds"] = table.record().move_seconds;
  if (current && table.finished()) {
    view["ended"] = store::to_string(table.ended());
    if (table.ended() != store::TableEnd::kRules) {
      view["terminal"] = true;
      view["current_player"] = -1;
      view["legal"] = nlohmann::json::array();
      view["returns"] = table.returns();
      if (table.ended() == store::TableEnd::kResigned) view["resigned_seat"] = table.resigned_seat();
    }
  }
  return view;
}

}  // namespace

nlohmann::json state_view(const State& state, PlayerId seat, int version, nlohmann::json log) {
  const bool terminal = state.is_terminal();
  const PlayerId current = terminal ? -1 : state.current_player();
  nlohmann::json legal = nlohmann::json::array();
  if (!terminal && current == seat) {
    for (Action a : state.legal_actions()) {
      legal.push_back({{"id", a}, {"text", state.describe_action(a, seat)}});
      // An action the seat cannot take back by playing on: the page asks first (issue 38).
      if (std::string warning = state.action_warning(a); !warning.empty()) legal.back()["warning"] = std::move(warning);
    }
  }
  return {{"version", version},
          {"seat", seat},
          {"current_player", current},
          {"decision", terminal ? std::string() : state.describe_decision()},  // public: what current_player decides
          {"terminal", terminal},
          {"returns", state.returns()},
          {"observation", seat >= 0 ? state.observation_json(seat) : state.public_observation_json()},
          {"legal", std::move(legal)},
          {"log", std::move(log)}};
}

nlohmann::json seat_view(const Table& table, PlayerId seat) {
  return with_table(state_view(table.state(), seat, table.version(), table.log_for(seat)), table);
}

nlohmann::json public_view(const State& state, int version, nlohmann::json log) {
  return state_view(state, -1, version, std::move(log));  // no seat decides as -1: legal is []
}

nlohmann::json spectator_view(const Table& table) {
  return with_table(public_view(table.state(), table.version(), table.public_log()), table);
}

nlohmann::json spectator_view_at(const Table& table, int at) {
  if (at == table.version()) return spectator_view(table);
  const std::unique_ptr<State> state = table.state_at(at);
  nlohmann::json log = table.public_log();
  log.erase(log.begin() + at, log.end());
  return with_table(public_view(*state, at, log), table, false);
}

nlohmann::json cards_json(const Table& table) {
  static std::mutex mutex;
  static std::map<std::string, nlohmann::json> cache;  // by game id and options
  std::string key = table.record().game;
  for (const auto& [name, value] : table.record().options) key += '\n' + name + '=' + value;
  {
    std::lock_guard lock(mutex);
    if (auto it = cache.find(key); it != cache.end()) return {{"cards", it->second}};
  }
  nlohmann::json catalog = table.game().catalog_json(table.record().options);  // unlocked: file reads
  std::lock_guard lock(mutex);
  if (cache.size() >= kMaxCachedCatalogs) cache.clear();  // bounded: options differ per table
  return {{"cards", cache.emplace(key, std::move(catalog)).first->second}};
}

nlohmann::json table_summary(const Table& table) {
  const store::TableRecord& r = table.record();
  nlohmann::json options = nlohmann::json::object();
  for (const auto& [name, value] : r.options) options[name] = value;
  nlohmann::json summary = {{"id", r.id},
                           {"game", r.game},
                           {"options", std::move(options)},
                           {"seats", seats_json(table)},
                           {"version", table.version()},
                           {"status", table.finished() ? "finished" : "open"},
                           {"fair", fairness_json(r, table.finished())},
                           {"created_at", r.created_at},
                           {"current_player", table.finished() ? -1 : table.state().current_player()}};
  if (table.finished()) {
    // How it ended and each seat's result (Table::returns: a resignation or an expiry too).
    summary["ended"] = store::to_string(table.ended());
    summary["returns"] = table.returns();
    if (table.ended() == store::TableEnd::kResigned) summary["resigned_seat"] = table.resigned_seat();
  }
  return summary;
}

nlohmann::json games_json() {
  nlohmann::json games = nlohmann::json::array();
  for (const Game* game : all_games()) {
    const GameInfo& info = game->info();
    nlohmann::json options = nlohmann::json::array();
    for (const OptionSpec& o : info.options) {
      options.push_back({{"name", o.name},
                         {"label", o.label.empty() ? o.name : o.label},
                         {"default", o.default_value},
                         {"description", o.description},
                         {"allowed", o.allowed_values}});
      if (!o.value_labels.empty()) options.back()["allowed_labels"] = o.value_labels;
    }
    games.push_back({{"id", info.id},
                     {"name", info.name},
                     {"min_players", info.min_players},
                     {"max_players", info.max_players},
                     {"solo_option", info.solo_option},
                     {"perfect_information", info.perfect_information},
                     {"options", std::move(options)}});
    // A card game's decks of its built-in data, by id: what the lobby's deck picker offers.
    if (std::any_of(info.options.begin(), info.options.end(), [](const OptionSpec& o) { return o.name == "decks"; })) {
      games.back()["decks"] = cardgame::file_ids(cardgame::default_data_dir(info.id), "decks");
    }
  }
  return games;
}

}  // namespace rise::server
