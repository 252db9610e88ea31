#include "rise/ai/match.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <mutex>

#include "rise/ai/parallel.h"
#include "rise/ai/player.h"
#include "rise/core/error.h"
#include "rise/core/game.h"
#include "rise/core/registry.h"

namespace rise::ai {
namespace {

// A per-game seed that does not depend on thread scheduling.
uint64_t mix(uint64_t a, uint64_t b) {
  uint64_t z = a * 0x9e3779b97f4a7c15ULL + b + 0x632be59bd9b4e019ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

Interval wilson_interval(int successes, int trials) { return wilson_interval(static_cast<double>(successes), trials); }

Interval wilson_interval(double successes, int trials) {
  Interval out;
  if (trials <= 0) return out;
  const double z = 1.959963984540054;
  const double n = trials;
  const double p = successes / n;
  const double denom = 1 + z * z / n;
  const double center = (p + z * z / (2 * n)) / denom;
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom;
  out.rate = p;
  out.low = std::max(0.0, center - half);
  out.high = std::min(1.0, center + half);
  return out;
}

void validate_match(const MatchConfig& config) {
  const Game& game = find_game(config.game);
  const Options resolved = game.resolve_options(config.options);
  check_seats(game.info(), resolved, static_cast<int>(config.players.size()));
  for (const auto& spec : config.players) make_player(spec, 0);  // validate before starting
  if (config.games < 1) throw InputError("the number of games must be at least 1");
  if (config.threads < 1) throw InputError("the number of threads must be at least 1");
}

GameRecord play_match_game(const MatchConfig& config, int index, const DecisionHook& on_decision) {
  const Game& game = find_game(config.game);
  const Options options = game.resolve_options(config.options);
  const int seats = static_cast<int>(config.players.size());
  GameRecord rec;
  rec.index = index;
  rec.seed = mix(config.seed, static_cast<uint64_t>(index));
  std::vector<std::unique_ptr<Player>> players;
  std::vector<std::string> specs;
  for (int s = 0; s < seats; ++s) {
    const int p = (s + index) % seats;  // seats rotate every game
    rec.seat_player.push_back(p);
    specs.push_back(config.players[static_cast<size_t>(p)]);
    players.push_back(make_player(config.players[static_cast<size_t>(p)], mix(rec.seed, static_cast<uint64_t>(s) + 1)));
  }
  const auto start = std::chrono::steady_clock::now();
  std::unique_ptr<State> state = game.new_initial_state(rec.seed, options, seats);
  while (!state->is_terminal()) {
    const PlayerId to_move = state->current_player();
    Player& player = *players[static_cast<size_t>(to_move)];
    const Action action = player.choose_action(*state);
    if (on_decision) on_decision(*state, player, action);
    state->apply_action(action);
  }
  rec.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  rec.returns = state->returns();
  rec.turns = state->turn_number();
  rec.starting_player = state->starting_player();
  rec.end = state->game_end();
  rec.actions = static_cast<int>(state->history().size());
  if (config.keep_replays) rec.replay = make_replay(*state, options, rec.seed, specs);
  if (config.keep_card_uses) rec.card_uses = state->card_uses();
  return rec;
}

std::vector<GameRecord> run_match(const MatchConfig& config,
                                  const std::function<void(const GameRecord&)>& on_game) {
  validate_match(config);
  std::vector<GameRecord> records(static_cast<size_t>(config.games));
  std::mutex report_mutex;
  parallel_for(config.games, config.threads, [&](int i) {
    records[static_cast<size_t>(i)] = play_match_game(config, i);
    if (on_game) {
      std::lock_guard<std::mutex> lock(report_mutex);
      on_game(records[static_cast<size_t>(i)]);
    }
  });
  return records;
}

namespace {

// Counts `rec` in the tally of its way of ending (a record without one, e.g. from an old
// checkpoint, under "not recorded").
void add_end(std::vector<EndTally>& ends, const GameRecord& rec) {
  const std::string reason = rec.end.reason.empty() ? "not recorded" : rec.end.reason;
  auto it = std::find_if(ends.begin(), ends.end(),
                         [&](const EndTally& e) { return e.reason == reason && e.rule == rec.end.rule; });
  if (it == ends.end()) it = ends.insert(ends.end(), EndTally{reason, rec.end.rule, 0, 0, {}, {}});
  ++it->games;
  if (std::all_of(rec.returns.begin(), rec.returns.end(), [](double r) { return r == 0; })) ++it->draws;
  for (const std::string& card : rec.end.cards) {
    auto c = std::find_if(it->cards.begin(), it->cards.end(), [&](const auto& p) { return p.first == card; });
    if (c == it->cards.end()) it->cards.emplace_back(card, 1);
    else ++c->second;
  }
}

void set_intervals(Tally& t) {
  const int n = t.wins + t.draws + t.losses;
  t.win = wilson_interval(t.wins, n);
  t.draw = wilson_interval(t.draws, n);
  t.loss = wilson_interval(t.losses, n);
}

}  // namespace

std::vector<std::string> seat_decks(const MatchConfig& config) {
  const Options resolved = find_game(config.game).resolve_options(config.options);
  const auto it = resolved.find("decks");
  std::vector<std::string> decks;
  if (it == resolved.end()) return decks;
  std::string deck;
  for (char c : it->second + ",") {
    if (c != ',') {
      deck += c;
    } else {
      decks.push_back(deck);
      deck.clear();
    }
  }
  if (decks.size() != config.players.size()) decks.clear();
  return decks;
}

std::string deck_id(const std::string& deck) {
  const std::filesystem::path path(deck);
  const bool file = deck.find('/') != std::string::npos || path.extension() == ".yaml" || path.extension() == ".yml";
  return file ? path.stem().string() : deck;
}

nlohmann::json interval_to_json(const Interval& i) {
  return nlohmann::json{{"rate", i.rate}, {"low95", i.low}, {"high95", i.high}};
}

std::vector<EndTally> tally_ends(const std::vector<GameRecord>& records) {
  std::vector<EndTally> ends;
  for (const GameRecord& rec : records) add_end(ends, rec);
  std::sort(ends.begin(), ends.end(), [](const EndTally& a, const EndTally& b) {
    return a.games != b.games ? a.games > b.games : a.reason < b.reason;
  });
  for (EndTally& e : ends) {
    e.share = wilson_interval(e.games, static_cast<int>(records.size()));
    std::sort(e.cards.begin(), e.cards.end(), [](const auto& a, const auto& b) {
      return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
  }
  return ends;
}

nlohmann::json ends_to_json(const std::vector<EndTally>& ends) {
  nlohmann::json out = nlohmann::json::array();
  for (const EndTally& e : ends) {
    nlohmann::json row{{"reason", e.reason},
                       {"rule", e.rule},
                       {"games", e.games},
                       {"draws", e.draws},
                       {"share", interval_to_json(e.share)},
                       {"cards", nlohmann::json::array()}};
    for (const auto& [card, games] : e.cards) row["cards"].push_back({{"card", card}, {"games", games}});
    out.push_back(std::move(row));
  }
  return out;
}

MatchSummary summarize(const MatchConfig& config, const std::vector<GameRecord>& records) {
  MatchSummary sum;
  sum.players.resize(config.players.size());
  for (size_t p = 0; p < config.players.size(); ++p) sum.players[p].spec = config.players[p];
  const std::vector<std::string> decks = seat_decks(config);
  sum.seats.resize(config.players.size());
  for (size_t s = 0; s < sum.seats.size(); ++s) {
    sum.seats[s].seat = static_cast<int>(s);
    if (!decks.empty()) sum.seats[s].deck = decks[s];
  }
  sum.games = static_cast<int>(records.size());
  sum.ends = tally_ends(records);
  for (const GameRecord& rec : records) {
    double best = -1e300;
    for (double r : rec.returns) best = std::max(best, r);
    int winners = 0;
    for (double r : rec.returns) winners += r == best && r > 0;
    for (size_t s = 0; s < rec.returns.size(); ++s) {
      int Tally::*outcome = &Tally::losses;
      if (rec.returns[s] > 0 && winners == 1 && rec.returns[s] == best) outcome = &Tally::wins;
      else if (rec.returns[s] == 0 && best == 0) outcome = &Tally::draws;
      ++(sum.players[static_cast<size_t>(rec.seat_player[s])].*outcome);
      if (s < sum.seats.size()) ++(sum.seats[s].*outcome);
    }
    if (!rec.returns.empty() && rec.returns[0] > 0 && winners == 1) ++sum.first_seat_wins;
    const size_t starter = static_cast<size_t>(rec.starting_player);
    if (starter < rec.returns.size() && rec.returns[starter] > 0 && winners == 1) ++sum.starting_player_wins;
    sum.mean_turns += rec.turns;
    sum.mean_actions += rec.actions;
    sum.mean_seconds += rec.seconds;
  }
  if (sum.games > 0) {
    sum.mean_turns /= sum.games;
    sum.mean_actions /= sum.games;
    sum.mean_seconds /= sum.games;
  }
  for (PlayerSummary& ps : sum.players) set_intervals(ps);
  for (SeatSummary& ss : sum.seats) set_intervals(ss);
  sum.first_seat_win = wilson_interval(sum.first_seat_wins, sum.games);
  sum.starting_player_win = wilson_interval(sum.starting_player_wins, sum.games);
  return sum;
}

nlohmann::json summary_to_json(const MatchConfig& config, const MatchSummary& sum) {
  auto interval = [](const Interval& i) {
    return nlohmann::json{{"rate", i.rate}, {"low95", i.low}, {"high95", i.high}};
  };
  nlohmann::json j;
  j["game"] = config.game;
  j["options"] = find_game(config.game).resolve_options(config.options);
  j["seed"] = config.seed;
  j["games"] = sum.games;
  j["mean_turns"] = sum.mean_turns;
  j["mean_actions"] = sum.mean_actions;
  j["first_seat_wins"] = sum.first_seat_wins;
  j["first_seat_win"] = interval(sum.first_seat_win);
  j["first_player_wins"] = sum.starting_player_wins;
  j["first_player_win"] = interval(sum.starting_player_win);
  // From the specs and the game alone: the same for every thread count and MPI rank.
  j["omniscient_players"] = omniscient_players(find_game(config.game).info(), config.players);
  auto tally = [&](const Tally& t) {
    return nlohmann::json{{"wins", t.wins},           {"draws", t.draws},          {"losses", t.losses},
                          {"win", interval(t.win)}, {"draw", interval(t.draw)}, {"loss", interval(t.loss)}};
  };
  j["players"] = nlohmann::json::array();
  for (const PlayerSummary& ps : sum.players) {
    nlohmann::json row = tally(ps);
    row["spec"] = ps.spec;
    j["players"].push_back(std::move(row));
  }
  // By seat: in a card game a seat keeps its deck while the players rotate, so these are
  // the decks' results.
  j["seats"] = nlohmann::json::array();
  for (const SeatSummary& ss : sum.seats) {
    nlohmann::json row = tally(ss);
    row["seat"] = ss.seat;
    if (!ss.deck.empty()) row["deck"] = ss.deck;
    j["seats"].push_back(std::move(row));
  }
  // How the games ended (issue 36), most games first.
  j["ends"] = ends_to_json(sum.ends);
  return j;
}

nlohmann::json game_end_to_json(const GameEnd& end) {
  return {{"reason", end.reason}, {"rule", end.rule}, {"cards", end.cards}};
}

GameEnd game_end_from_json(const nlohmann::json& j) {
  GameEnd end;
  end.reason = j.at("reason").get<std::string>();
  end.rule = j.at("rule").get<std::string>();
  end.cards = j.at("cards").get<std::vector<std::string>>();
  return end;
}

nlohmann::json match_to_json(const MatchConfig& config, const MatchSummary& summary,
                             const std::vector<GameRecord>& records) {
  nlohmann::json j = summary_to_json(config, summary);
  j["records"] = nlohmann::json::array();
  for (const GameRecord& rec : records) {
    j["records"].push_back({{"index", rec.index}, {"seed", rec.seed}, {"seat_player", rec.seat_player},
                            {"returns", rec.returns}, {"turns", rec.turns}, {"actions", rec.actions},
                            {"end", game_end_to_json(rec.end)}});
  }
  return j;
}

}  // namespace rise::ai
