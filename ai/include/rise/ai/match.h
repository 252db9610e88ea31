// Runs many games between computer players (`rise sim`), seats rotated, in parallel.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "rise/core/replay.h"
#include "rise/core/state.h"
#include "rise/core/types.h"

namespace rise::ai {

struct MatchConfig {
  std::string game;
  Options options;
  std::vector<std::string> players;  // one spec per seat in game 0; rotated afterwards
  int games = 100;
  int threads = 1;
  uint64_t seed = 1;
  bool keep_replays = false;
  bool keep_card_uses = false;  // fill GameRecord::card_uses (the lab's card statistics and A/B test)
};

// One game: which player spec sat in each seat and how it ended.
struct GameRecord {
  int index = 0;
  uint64_t seed = 0;
  std::vector<int> seat_player;     // seat -> index into MatchConfig::players
  std::vector<double> returns;      // by seat
  int turns = 0;
  int starting_player = 0;          // seat that took the first turn (State::starting_player)
  int actions = 0;
  double seconds = 0.0;
  GameEnd end;                      // how it ended (State::game_end)
  Replay replay;                    // filled when keep_replays
  std::vector<std::vector<CardUse>> card_uses;  // by seat, the final state's State::card_uses; when keep_card_uses
};

struct Interval {
  double rate = 0, low = 0, high = 0;  // Wilson 95% interval
};
// Wilson score interval at 95% for `successes` out of `trials` (trials > 0).
Interval wilson_interval(int successes, int trials);
// The same for a fractional count of successes (a score: a draw as half a win).
Interval wilson_interval(double successes, int trials);

// {"rate": r, "low95": l, "high95": h}: an interval as every JSON summary writes it.
nlohmann::json interval_to_json(const Interval& interval);

// Wins, draws and losses of one side (a player, or a seat) over a match, with their intervals.
struct Tally {
  int wins = 0, draws = 0, losses = 0;
  Interval win, draw, loss;
};

struct PlayerSummary : Tally {
  std::string spec;
};

// One seat's results, whichever player sat in it: in a card game each seat keeps its deck
// while the players rotate, so a seat's results are its deck's (issue 36).
struct SeatSummary : Tally {
  int seat = 0;
  std::string deck;  // the seat's deck (the resolved `decks` option), "" in a game without decks
};

// The games that ended one way (GameEnd's reason and rule), with the cards named by its
// effect loops and in how many of those games each was named (issue 36).
struct EndTally {
  std::string reason, rule;
  int games = 0, draws = 0;
  Interval share;                                  // of all the match's games
  std::vector<std::pair<std::string, int>> cards;  // by name
};

struct MatchSummary {
  std::vector<PlayerSummary> players;  // by MatchConfig::players index
  std::vector<SeatSummary> seats;      // by seat
  std::vector<EndTally> ends;          // most games first (then by reason)
  int games = 0;
  double mean_turns = 0, mean_actions = 0, mean_seconds = 0;
  int first_seat_wins = 0;
  int starting_player_wins = 0;     // games won by the seat that took the first turn
  Interval starting_player_win;
  Interval first_seat_win;
};

// Checks `config` before any game: the game, its options, the player count and specs, the
// game and thread counts (>= 1). Throws InputError naming what is wrong.
void validate_match(const MatchConfig& config);

class Player;

// Called at each decision of play_match_game, after `player` chose `action` in `state`
// and before it is applied (self-play records, self_play.h).
using DecisionHook = std::function<void(const State& state, const Player& player, Action action)>;

// Plays game `index` of `config` (validated): its seed is derived from (config.seed,
// index) and the players sit rotated by `index`, as in run_match. Thread-safe when
// `on_decision` is. Throws what the game or a player throws.
GameRecord play_match_game(const MatchConfig& config, int index, const DecisionHook& on_decision = nullptr);

// Plays config.games games. Game i uses seed derived from (config.seed, i) and seats
// the players rotated by i. Results depend only on the config (not on `threads`)
// unless a player has a time budget. `on_game` is called (from worker threads, one at a
// time) after each game. Throws InputError for an unknown game, player or option.
std::vector<GameRecord> run_match(const MatchConfig& config,
                                  const std::function<void(const GameRecord&)>& on_game = nullptr);

// The deck of each seat of `config`: its resolved `decks` option split at its commas (deck ids
// or deck files, as given), or none in a game without decks or with another number of them.
// Throws InputError for an unknown game or option.
std::vector<std::string> seat_decks(const MatchConfig& config);

// A deck's id as every summary names it: a deck file's name without its extension
// ("my/aggro.yaml" -> "aggro"), else the deck id itself ("starter-fire").
std::string deck_id(const std::string& deck);

MatchSummary summarize(const MatchConfig& config, const std::vector<GameRecord>& records);

// How `records` ended, one tally per (reason, rule), most games first (then by reason); a
// record without an end (an old checkpoint's) counts as "not recorded". Shares are of all
// the records.
std::vector<EndTally> tally_ends(const std::vector<GameRecord>& records);

// The tallies as JSON: [{"reason", "rule", "games", "draws", "share": {"rate", "low95",
// "high95"}, "cards": [{"card", "games"}]}] (docs/formats.md).
nlohmann::json ends_to_json(const std::vector<EndTally>& ends);

// The summary as JSON (docs/formats.md): only what the games and the settings decide, so
// that it is byte-identical for a seed and game count however many threads or MPI ranks
// played them (no wall times, no thread count). `omniscient_players` lists the specs that
// read hidden information in this game (ai::omniscient_players, player.h).
nlohmann::json summary_to_json(const MatchConfig& config, const MatchSummary& summary);

// A GameEnd as JSON, {"reason", "rule", "cards"} (docs/formats.md), and back; the reader
// throws nlohmann::json::exception for a value of another shape.
nlohmann::json game_end_to_json(const GameEnd& end);
GameEnd game_end_from_json(const nlohmann::json& j);

// The summary and every game's result (`records`: index, seed, seat_player, returns, turns,
// actions, end), as `rise sim --json` writes it (docs/formats.md) and rise_engine.simulate returns.
nlohmann::json match_to_json(const MatchConfig& config, const MatchSummary& summary,
                             const std::vector<GameRecord>& records);

}  // namespace rise::ai
