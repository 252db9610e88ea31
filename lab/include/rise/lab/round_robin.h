// `rise sim GAME --round-robin DIR`: every pair of the decks of a directory plays N games
// (half with each deck in seat 0), giving a matchup matrix with 95% Wilson intervals, each
// deck's overall win rate and the first player's win rate, as a terminal table, CSV, JSON
// and an SVG heat map. Runs on the match runner of `rise sim` (ai/match.h).
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise/ai/match.h"
#include "rise/core/types.h"

namespace rise::lab {

struct RoundRobinConfig {
  std::string game;
  std::string deck_dir;              // every *.yaml file in it is a deck
  Options options;                   // game options; must not contain "decks"
  std::vector<std::string> players;  // 1 spec (both seats) or 2 (rotated, see run_round_robin)
  int games_per_pair = 20;           // N >= 1: games of each pair of decks in total
  int threads = 1;
  uint64_t seed = 1;
  std::string replay_dir;            // if not empty, one replay per game is written there
  bool embed_data = false;           // each replay of replay_dir carries its card data (embed_card_data)
  std::string checkpoint;            // --checkpoint FILE (lab/checkpoint.h), empty for none
  bool keep_card_uses = false;       // keep every game's RoundRobinGame::card_uses (`rise lab cards`;
                                     // one process: they do not cross MPI ranks nor checkpoints)
};

// One deck of the round robin.
struct RoundRobinDeck {
  std::string id;    // file name without .yaml
  std::string name;  // the deck's `name`
  std::string file;  // path as found in the directory
};

// One game: which deck and player sat in each seat, and the result.
struct RoundRobinGame {
  int index = 0;                 // position in the schedule (pair by pair)
  uint64_t seed = 0;             // the game's seed
  int deck[2] = {0, 0};          // by seat: index into RoundRobinResult::decks
  std::string player[2];         // by seat: player spec
  double returns[2] = {0, 0};    // by seat
  int starting_player = 0;       // seat that took the first turn
  int turns = 0;
  int actions = 0;
  double seconds = 0;
  int winner = -1;               // seat of the winner, -1 for a draw
  GameEnd end;                   // how it ended (State::game_end)
  std::vector<std::vector<CardUse>> card_uses;  // by seat (State::card_uses), when RoundRobinConfig::keep_card_uses
};

// The games between two decks, seen from the row deck `a` (a != b).
struct Matchup {
  int games = 0, wins = 0, losses = 0, draws = 0;  // wins + losses + draws == games
  ai::Interval win;                                // wins / games, 95% Wilson
};

struct DeckTotals {
  int games = 0, wins = 0, losses = 0, draws = 0;
  ai::Interval win;
  ai::Interval score;  // (wins + draws/2) / games, a draw half a win; Wilson 95% (score_interval)
};

// The score (wins + draws/2) / games with the Wilson 95% interval of that fraction, as if the
// games were `games` trials with that success rate. A draw has less variance than a win or a
// loss, so the interval is a little wider than the score's true one (conservative).
ai::Interval score_interval(int wins, int draws, int games);

struct RoundRobinResult {
  RoundRobinConfig config;
  std::vector<RoundRobinDeck> decks;             // sorted by id
  std::vector<std::vector<Matchup>> matrix;      // [row][column], row deck's view; diagonal empty
  std::vector<DeckTotals> totals;                // by deck
  std::vector<RoundRobinGame> games;             // by index
  std::vector<ai::EndTally> ends;                // how the games ended (ai::tally_ends)
  int draws = 0;
  int first_player_wins = 0;                     // games won by the seat that took the first turn
  ai::Interval first_player_win;
  int first_seat_wins = 0;
  ai::Interval first_seat_win;
  double seconds = 0;                            // wall time of all games
};

// The decks of `config.deck_dir` (*.yaml, sorted by file name), each loaded and checked
// against the deck-building rules with the game's cards (option `data`, else the game's
// default data directory). Throws InputError for: an unknown game, a game without a
// `decks` option, "decks" given in the options, a missing directory, fewer than 2 decks,
// a deck file that cannot be read or breaks the rules (naming the file and why).
std::vector<RoundRobinDeck> round_robin_decks(const RoundRobinConfig& config);

// Plays the round robin. For each pair (i < j) of decks, ceil(N/2) games have deck i in
// seat 0 and floor(N/2) have deck j in seat 0; with two player specs the players swap
// seats every game within each half, so that each deck plays each player as often as
// possible. Game g has a seed derived from (config.seed, g): results depend only on the
// config (not on threads, MPI ranks or restarts from a checkpoint) unless a player has a
// time budget. The games run on run_distributed (lab/distributed_run.h): under mpirun,
// only rank 0's result holds the games and tallies (the others return before tallying).
// `on_game(done, total)` is called on rank 0's main thread as games finish. Throws InputError as round_robin_decks, and
// for a bad player spec, player count, option, N < 1 or threads < 1.
RoundRobinResult run_round_robin(const RoundRobinConfig& config,
                                 const std::function<void(int, int)>& on_game = nullptr);

// The readable report: header, matrix, per-deck totals, every pair with its interval,
// first-player win rate and draws.
void print_round_robin(std::ostream& out, const RoundRobinResult& result);

// The result as JSON (docs/formats.md, "round robin"): settings (with the specs that read
// hidden information, ai::omniscient_players), decks with totals, the matrix (null on the
// diagonal), first-player and draw counts, and every game.
nlohmann::json round_robin_to_json(const RoundRobinResult& result);

// CSV: one row per ordered pair (deck, opponent) and one per deck against all ("*").
// Throws InputError if the file cannot be written.
void write_round_robin_csv(const std::string& path, const RoundRobinResult& result);

// An SVG heat map of the matrix: deck names on both axes, cell colour by the row deck's
// win rate (red 0% .. white 50% .. blue 100%), the rate written in each cell, a legend.
std::string round_robin_svg(const RoundRobinResult& result);

// round_robin_svg written to `path`. Throws InputError if the file cannot be written.
void write_round_robin_svg(const std::string& path, const RoundRobinResult& result);

}  // namespace rise::lab
