// Computer players. They see a game only through the core State interface.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "rise/ai/search_report.h"
#include "rise/core/game.h"
#include "rise/core/state.h"

namespace rise::ai {

class Player {
 public:
  virtual ~Player() = default;

  // The action this player takes in `state`, whose current_player() is this player's
  // seat and which is not terminal. Always one of state.legal_actions().
  virtual Action choose_action(const State& state) = 0;

  // The spec that recreates this player, e.g. "mcts:iters=20000".
  virtual std::string spec() const = 0;

  // Whether choose_action reads what its seat cannot see in a hidden-information game
  // (GameInfo::perfect_information false): the other seats' hands, the cards still to be
  // drawn, anything State::resample_hidden(seat, rng) would re-deal. true for greedy (it
  // applies every legal action to a clone of the true state, so it sees the cards its own
  // draws reveal) and mcts (it searches the true state); false for random (it reads only
  // the legal actions) and ismcts (it searches only re-dealt samples). A player that reads
  // it knows what no player at the table knows, so its results overstate what a deck, a
  // card or a player could do (docs/ai.md, "Players that read hidden information"). In a
  // perfect-information game there is nothing hidden, and the answer does not matter.
  virtual bool reads_hidden_information() const = 0;

  // What the last choose_action() concluded (search_report.h): the candidates, their
  // estimated win probability and share of the search, and the expected continuation.
  // nullptr for a player that does not search (random, greedy) and before the first
  // search; a report without candidates when the last decision needed no search (a single
  // legal action). Valid until the next choose_action(); not thread-safe against it.
  virtual const SearchReport* last_search_report() const { return nullptr; }

  // Asks a search running in choose_action on another thread to end within a few
  // iterations, returning the best action found so far (a server shutting down). Once
  // asked, every later search also ends after its first iteration. Thread-safe.
  void request_stop() { stop_requested_.store(true, std::memory_order_relaxed); }

  // A hard limit on the wall time of every later choose_action(), in milliseconds, whatever
  // the player's own budget (`iters`, `rollout`, `ms`): a search ends at its first iteration
  // past it, returning the best action found so far, so one move takes the limit plus at
  // most one iteration (one playout). 0 (the default): no limit. A server sets it so that no
  // spec, however its settings scale the work, holds a worker longer (docs/server.md,
  // "Limits"). Players that do not search answer at once and ignore it. Throws
  // std::invalid_argument for a negative limit. Not thread-safe against choose_action().
  void set_move_time_limit(int64_t milliseconds);
  int64_t move_time_limit() const { return move_time_limit_ms_; }

 protected:
  bool stop_requested() const { return stop_requested_.load(std::memory_order_relaxed); }

  // Whether a search that began at `started` ends now: a stop was requested, or the move's
  // time limit has passed (the clock is read only when there is a limit).
  bool search_must_end(std::chrono::steady_clock::time_point started) const {
    if (stop_requested()) return true;
    return move_time_limit_ms_ > 0 && std::chrono::steady_clock::now() - started >= std::chrono::milliseconds(move_time_limit_ms_);
  }

 private:
  std::atomic<bool> stop_requested_{false};
  int64_t move_time_limit_ms_ = 0;
};

// A player spec: a kind and settings, written "kind" or "kind:key=value,key=value".
struct PlayerSpec {
  std::string kind;
  std::map<std::string, std::string> settings;
};

// Parses a spec. Throws InputError naming the spec and why (no kind, a setting without '=').
PlayerSpec parse_player_spec(const std::string& text);

// Makes a computer player: "random", "greedy", "mcts[:iters=N,ms=N,c=X,rollout=N,nodes=N]"
// or "ismcts[:iters=N,ms=N,c=X,rollout=N,nodes=N]" (docs/ai.md). `seed` seeds its own
// Rng, so a game between computer players is reproducible. Throws InputError for an
// unknown kind or setting, or a bad value.
std::unique_ptr<Player> make_player(const std::string& spec, uint64_t seed);

// The spec of a game's strongest player (what `rise play`, hints and `rise_engine.train`
// measure against call "the default player", docs/ai.md): "mcts" for a perfect-information
// game, else "ismcts", with ",net=default" added when the game ships a learned network
// (default_network_path, network.h) and ",iters=N" when `iterations` > 0, e.g.
// "ismcts:iters=300,net=default". The pre-network players stay "mcts" and "ismcts".
std::string default_player_spec(const GameInfo& info, int64_t iterations = 0);

// Player::reads_hidden_information() of the player `spec` makes. Throws InputError as
// make_player does (an unknown kind or setting, a bad value).
bool spec_reads_hidden_information(const std::string& spec);

// The specs of `specs` whose player reads hidden information, each once, in the order first
// given, when `game` has hidden information (GameInfo::perfect_information false); empty
// for a perfect-information game, where there is nothing hidden to read. Every spec is a
// computer player's (no "human"). Throws InputError as make_player does.
std::vector<std::string> omniscient_players(const GameInfo& game, const std::vector<std::string>& specs);

// The kinds make_player() knows, with a line of help each.
std::vector<std::pair<std::string, std::string>> player_kinds();

// Reads a numeric setting; throws InputError naming the spec, key and the allowed range.
int64_t setting_int(const PlayerSpec& spec, const std::string& key, int64_t fallback,
                    int64_t min, int64_t max);
double setting_double(const PlayerSpec& spec, const std::string& key, double fallback,
                      double min, double max);

}  // namespace rise::ai
