// Replay files: a finished or unfinished game as JSON (docs/formats.md), written by
// `rise play` and `rise sim`, read by `rise replay`.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise/core/game.h"
#include "rise/core/types.h"

namespace rise {

inline constexpr int kReplayVersion = 1;

struct Replay {
  std::string game;                  // game id
  Options options;                   // resolved options
  uint64_t seed = 0;
  int num_players = 2;
  std::vector<std::string> players;  // AI specs or "human", one per seat (may be empty)
  std::vector<std::string> actions;  // in the game's notation, in order
  // The outcome if the game ended: per-seat returns. Empty if the game was left unfinished.
  std::vector<double> returns;
  // How a game ended that its actions do not end (a server's table, issue 38): "resigned"
  // (by `resigned_seat`: -1 for it, +1 for every other seat) or "expired" (0 for every
  // seat); "" when the actions end the game or it is unfinished.
  std::string ended;
  int resigned_seat = -1;
  // The card data the game was played with (issue 36), in a card game: each card's
  // fingerprint (card id -> fingerprint() of its entry of Game::catalog_json) and the
  // initial deal's (fingerprint() of the initial state's to_json(): the decks, their order
  // and the options). Empty when not recorded (rise-hex; replays written before 2026-12-07):
  // then run_replay does not check them.
  std::map<std::string, std::string> cards;
  // The card data itself (embed_card_data; issue 36: a replay can be self-contained): every
  // *.yaml file of the data folder by its path relative to it ("cards/ember.yaml"), and a deck
  // given as a file outside it by "@deck:" + its `decks` entry. Empty when not embedded.
  std::map<std::string, std::string> data_files;
  std::string deal;
};

// 16 hex digits of the FNV-1a 64-bit hash of `text`: a fingerprint, not a secure hash.
std::string fingerprint(const std::string& text);

// Replay::cards for `game` with `options` (resolved here): empty for a game without cards.
// Memoised per game and options (a run of many games fingerprints its cards once).
std::map<std::string, std::string> card_fingerprints(const Game& game, const Options& options);

// JSON form: {"format":"rise-replay","version":1,"game","options","seed","num_players",
// "players","actions","result":{"returns":[...]} or null}; a result may add "ended":
// "resigned" with "resigned_seat", or "ended": "expired" (Replay::ended); a card game's adds
// "cards": {id: fingerprint} and "deal": fingerprint (Replay::cards, Replay::deal), and an
// embedded one "data_files": {path: text} (Replay::data_files).
nlohmann::json replay_to_json(const Replay& replay);

// Reads the JSON form. Throws InputError naming the field (or `source`) and why: wrong
// format or version, missing or mistyped field.
Replay replay_from_json(const nlohmann::json& json, const std::string& source);

// The returns of a game that ended without its rules (Replay::ended): "resigned" gives -1
// to `resigned_seat` and +1 to every other seat, "expired" 0 to every seat.
std::vector<double> ended_returns(const std::string& ended, int resigned_seat, int num_players);

// Builds the replay of a game from its initial settings and a state's history.
Replay make_replay(const State& state, const Options& options, uint64_t seed,
                   const std::vector<std::string>& players);

// Embeds the card data `replay` was played with (Replay::data_files): every *.yaml file of
// its data folder (the option `data`, or the game's own, data_root()/GAME) and each deck of
// the option `decks` given as a file. Nothing for a game without the option `data`. Throws
// InputError naming a file that cannot be read, or when the files pass kMaxEmbeddedBytes.
inline constexpr size_t kMaxEmbeddedBytes = 16u << 20;
void embed_card_data(Replay& replay);

// Re-plays `replay` from the initial state (first, when the replay records its card data,
// checking that the cards and the deal are still those it was played with: else InputError
// "the cards changed since this replay was recorded: X (changed), Y (removed), Z (added)"
// or "the initial deal is not the recorded one ..."), calling `on_state(state, index)` before each
// action (index = number of actions applied so far) and once more on the final state
// (index = actions.size()). Throws InputError "action N 'text': reason" for an action
// that is not notation of the game or not legal at that point, and an error if the
// recorded result differs from the final state's. Returns the final state. With embedded
// card data (Replay::data_files) the files are first written to a temporary folder (removed
// afterwards) and the replay's `data`, and its decks given as files, point there: the
// replay plays whatever card data the machine holds.
std::unique_ptr<State> run_replay(
    const Replay& replay,
    const std::function<void(const State&, size_t)>& on_state = nullptr);

}  // namespace rise
