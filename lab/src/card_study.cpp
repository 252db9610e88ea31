#include "rise/lab/card_study.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <utility>

#include <fmt/format.h>

#include "rise/ai/player.h"
#include "rise/core/error.h"
#include "rise/core/game.h"
#include "rise/core/registry.h"

namespace rise::lab {
namespace {

namespace fs = std::filesystem;

// The match of a study without a round robin: 1 player spec plays every seat.
ai::MatchConfig study_match(const CardStudyConfig& c) {
  ai::MatchConfig m;
  m.game = c.game;
  m.options = c.options;
  m.players = c.players.size() == 1 ? std::vector<std::string>{c.players[0], c.players[0]} : c.players;
  m.games = c.games;
  m.threads = c.threads;
  m.seed = c.seed;
  m.keep_card_uses = true;
  return m;
}

RoundRobinConfig study_round_robin(const CardStudyConfig& c) {
  RoundRobinConfig rr;
  rr.game = c.game;
  rr.deck_dir = c.round_robin;
  rr.options = c.options;
  rr.players = c.players;
  rr.games_per_pair = c.games;
  rr.threads = c.threads;
  rr.seed = c.seed;
  rr.keep_card_uses = true;
  return rr;
}

// The deck ids the seats of these games play.
std::set<std::string> study_decks(const CardStudyConfig& c) {
  std::set<std::string> known;
  if (!c.round_robin.empty()) {
    for (const RoundRobinDeck& d : round_robin_decks(study_round_robin(c))) known.insert(d.id);
  } else {
    for (const std::string& d : ai::seat_decks(study_match(c))) known.insert(ai::deck_id(d));
  }
  return known;
}

nlohmann::json rate_json(int trials, const ai::Interval& i) {
  return trials > 0 ? ai::interval_to_json(i) : nlohmann::json(nullptr);
}

}  // namespace

void check_card_study(const CardStudyConfig& c) {
  const Game& game = find_game(c.game);
  const auto& specs = game.info().options;
  if (std::none_of(specs.begin(), specs.end(), [](const OptionSpec& o) { return o.name == "decks"; })) {
    throw InputError("rise lab cards counts the cards of decks; " + c.game +
                     " has no decks (a card game: rise-tcg, dark-legacy, raise-rise-die)");
  }
  if (c.players.empty()) throw InputError("--players: give at least one player spec");
  if (c.games < 1) throw InputError("the number of games must be at least 1");
  if (c.threads < 1) throw InputError("the number of threads must be at least 1");
  if (c.resamples < 1) throw InputError("the number of resamples must be at least 1");
  if (!c.round_robin.empty()) {
    if (c.options.count("decks") != 0) throw InputError("--round-robin takes its decks from the directory; do not also give --decks");
    (void)round_robin_decks(study_round_robin(c));  // every deck loads
  } else {
    ai::validate_match(study_match(c));
  }
  if (!c.deck.empty()) {  // `deck` names a deck of these games, checked before the first
    const std::set<std::string> known = study_decks(c);
    if (known.count(c.deck) == 0) {
      std::string list;
      for (const std::string& d : known) list += (list.empty() ? "" : ", ") + d;
      throw InputError("--deck " + c.deck + ": no seat plays that deck in these games (their decks: " + list + ")");
    }
  }
}

CardStudy run_card_study(const CardStudyConfig& config, const std::function<void(int, int)>& on_game) {
  check_card_study(config);
  const Game& game = find_game(config.game);
  CardStudy study;
  study.config = config;
  std::vector<SeatCards> seats;
  if (!config.round_robin.empty()) {
    RoundRobinResult result = run_round_robin(study_round_robin(config), on_game);
    for (RoundRobinGame& g : result.games) {
      std::vector<SeatCards> game_seats = seat_cards({g.returns[0], g.returns[1]}, std::move(g.card_uses));
      for (size_t s = 0; s < game_seats.size() && s < 2; ++s) {
        game_seats[s].deck = result.decks[static_cast<size_t>(g.deck[s])].id;
        seats.push_back(std::move(game_seats[s]));
      }
      g.card_uses.clear();
    }
    const size_t n = result.decks.size();
    std::vector<std::vector<PairResult>> matrix(n, std::vector<PairResult>(n));
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = 0; j < n; ++j) {
        const Matchup& m = result.matrix[i][j];
        matrix[i][j] = PairResult{m.wins, m.draws, m.losses};
      }
    }
    study.ratings = bradley_terry_ratings(matrix, config.resamples, config.seed);
    study.ends = result.ends;
    study.games = static_cast<int>(result.games.size());
    study.round_robin = std::move(result);
  } else {
    const ai::MatchConfig match = study_match(config);
    int done = 0;
    std::vector<ai::GameRecord> records = ai::run_match(match, [&](const ai::GameRecord&) {
      if (on_game) on_game(++done, config.games);
    });
    const std::vector<std::string> decks = ai::seat_decks(match);
    for (size_t s = 0; s < match.players.size(); ++s) study.decks.push_back(s < decks.size() ? ai::deck_id(decks[s]) : "");
    for (ai::GameRecord& rec : records) {
      std::vector<SeatCards> game_seats = seat_cards(rec.returns, std::move(rec.card_uses));
      for (size_t s = 0; s < game_seats.size(); ++s) {
        game_seats[s].deck = s < study.decks.size() ? study.decks[s] : "";
        seats.push_back(std::move(game_seats[s]));
      }
    }
    study.ends = ai::tally_ends(records);
    study.games = static_cast<int>(records.size());
  }
  study.stats = sample_aware_order(card_stats(seats, config.by_deck || !config.deck.empty()));
  if (!config.deck.empty()) std::erase_if(study.stats, [&](const CardStats& c) { return c.deck != config.deck; });
  const nlohmann::json catalog = game.catalog_json(config.options);
  for (const CardStats& c : study.stats) {
    study.names.push_back(catalog.contains(c.card) && catalog[c.card].contains("name")
                              ? catalog[c.card]["name"].get<std::string>()
                              : "");
  }
  return study;
}

nlohmann::json card_study_to_json(const CardStudy& study) {
  const CardStudyConfig& c = study.config;
  nlohmann::json j;
  j["game"] = c.game;
  j["options"] = c.options;
  j["players"] = c.players;
  j["seed"] = c.seed;
  j["games"] = study.games;
  j["decks"] = study.decks;
  j["ends"] = ai::ends_to_json(study.ends);
  j["cards"] = nlohmann::json::array();
  for (size_t k = 0; k < study.stats.size(); ++k) {
    const CardStats& s = study.stats[k];
    j["cards"].push_back({{"card", s.card},
                          {"name", study.names.at(k)},
                          {"deck", s.deck},
                          {"games", s.games},
                          {"drawn", s.drawn},
                          {"played", s.played},
                          {"copies_played", s.copies_played},
                          {"mean_turn_played", s.copies_played > 0 ? nlohmann::json(s.mean_turn_played) : nlohmann::json(nullptr)},
                          {"win_drawn", rate_json(s.drawn, s.win_drawn)},
                          {"win_not_drawn", rate_json(s.games - s.drawn, s.win_not_drawn)},
                          {"opening", s.opening},
                          {"win_opening", rate_json(s.opening, s.win_opening)},
                          {"drawn_later", s.drawn_later},
                          {"win_drawn_later", rate_json(s.drawn_later, s.win_drawn_later)},
                          {"difference", s.difference.defined ? nlohmann::json{{"value", s.difference.value},
                                                                               {"low95", s.difference.low},
                                                                               {"high95", s.difference.high}}
                                                              : nlohmann::json(nullptr)},
                          {"sort_key", s.sort_key},
                          {"few_games", s.few_games},
                          {"rarely_played", s.rarely_played}});
  }
  j["round_robin"] = nullptr;
  if (study.round_robin) {
    nlohmann::json rr = round_robin_to_json(*study.round_robin);
    rr.erase("records");
    rr["ratings"] = nlohmann::json::array();
    for (size_t i = 0; i < study.ratings.size(); ++i) {
      const Rating& r = study.ratings[i];
      rr["ratings"].push_back({{"deck", study.round_robin->decks[i].id}, {"elo", r.elo}, {"low95", r.low}, {"high95", r.high}});
    }
    j["round_robin"] = std::move(rr);
  }
  return j;
}

}  // namespace rise::lab
