// `rise lab ab`: an A/B test of a change to the cards (docs/lab.md, "A/B of a change").
// Pair k plays two games with the same seed, decks, seats and players: one with the card
// data of A, one with that of B. The deck under test sits in seat k % 2. After each pair
// (in index order) the SPRT (sprt.h) decides or asks for more, up to a maximum.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise/ai/match.h"
#include "rise/core/types.h"
#include "rise/lab/card_patch.h"
#include "rise/lab/sprt.h"

namespace rise::lab {

struct AbConfig {
  std::string game;
  Options options;                   // game options; not "data" nor "decks"
  std::string data_a, data_b;        // the two data directories ("" = the game's built-in data)
  std::vector<std::string> decks;    // 2: the deck under test, then its opponent (ids or files)
  std::vector<std::string> players;  // 1 spec (both decks) or 2 (by deck, as `decks`)
  SprtConfig sprt;
  int max_games = 2000;              // games in all (2 per pair), even, >= 2
  int threads = 1;
  uint64_t seed = 1;
  std::string patch;                 // a card patch (card_patch.h) of data_a's cards: B is the patched copy; exclusive with data_b
  std::vector<std::string> watched;  // card ids whose use to count (the changed cards: changed_cards)
};

// One pair: the seed of both games, the seat of the deck under test and its game score
// (1 win, 1/2 draw, 0 loss) with the cards of A and of B.
struct AbPair {
  int index = 0;
  uint64_t seed = 0;
  int seat = 0;
  double score_a = 0, score_b = 0;
  int turns_a = 0, turns_b = 0;
  GameEnd end_a, end_b;          // how each game ended (State::game_end)
};

// How much a watched card took part (issue 36): in how many games of each side a copy of it
// reached a hand (State::card_uses' `drawn`) and was played, by either seat.
struct AbCardUse {
  std::string card;
  int drawn_a = 0, played_a = 0;
  int drawn_b = 0, played_b = 0;
};

// Fewer games than this in which a changed card was played, on either side, and the A/B
// says it was played too rarely to tell anything about it.
inline constexpr int kMinGamesPlayed = 20;

// A change of a deck list between A and B (a deck-list A/B: a deck id whose file differs
// between data_a and data_b): the copies of `card` in `deck` (ai::deck_id) with A's data
// and with B's.
struct DeckChange {
  std::string deck, card;
  int before = 0, after = 0;
  bool operator==(const DeckChange&) const = default;
};

struct AbResult {
  AbConfig config;
  std::vector<AbPair> pairs;     // by index, up to the one that decided
  Pentanomial pentanomial;       // the pairs by pair score
  SprtDecision decision = SprtDecision::kContinue;  // kContinue: inconclusive at max_games
  double llr = 0;
  SprtBounds bounds;
  AbEstimate estimate;
  ai::Interval win_a, win_b;     // the deck under test's win rate with A's and B's cards (Wilson 95%)
  int identical_pairs = 0;       // pairs whose two games had the same score and length
  std::vector<ai::EndTally> ends_a, ends_b;  // how the games of each side ended (ai::tally_ends)
  std::vector<AbCardUse> card_uses;          // one per AbConfig::watched card, in its order
  std::string side_a, side_b;    // what A and B are, in words: "built-in cards", a folder, "DIR + PATCH"
  std::vector<CardChange> changes;  // what the patch changed (AbConfig::patch), in its order
  std::vector<DeckChange> deck_changes;  // deck_changes: what a deck-list A/B changes
  std::vector<std::string> warnings_a;  // Game::card_warnings of A's cards (e.g. a card that may loop)
  std::vector<std::string> warnings_b;  // ... of B's cards that A's have not
  double seconds = 0;            // wall time
};

// The fewest games in which a changed card was played on one side, among the sides whose
// decks hold it: a deck-list A/B that adds the card to a deck (DeckChange before 0) leaves out
// side A when A never drew it, and one that takes it out leaves out B. `side` is set to 'A' or
// 'B', the side of that count.
int fewest_games_played(const AbResult& result, const AbCardUse& use, char& side);

// Whether `use`'s card was played too rarely to tell anything about it: in fewer than
// kMinGamesPlayed games on a side whose decks hold it (fewest_games_played).
bool played_too_rarely(const AbResult& result, const AbCardUse& use);

// Checks the settings and that both sides load (a game with each data directory and the
// decks is set up) before the first game. Throws InputError for a bad game, option, player,
// deck count (not 2), deck, data directory or cards (the message names which side), SPRT
// settings (Sprt) or max_games.
void check_ab(const AbConfig& config);

// Plays the test. B's cards are data_b's, or with `patch` a patched copy of data_a's in a
// temporary folder (PatchedCopy; a load error of it names the patch's line). Then check_ab,
// the watched cards set to changed_cards and the cards of deck_changes (whatever `watched`
// held), and the pairs.
// Throws InputError when neither or both of data_b and patch are given, as check_ab, and as
// write_patched_data. `on_pair(pairs_done, llr)` is called after each pair is
// counted, from the calling thread. The result depends only on the config, not on threads
// (unless a player has a time budget): games run in batches, the decision is taken pair by
// pair in index order and pairs after the deciding one are dropped.
AbResult run_ab(const AbConfig& config, const std::function<void(int, double)>& on_pair = nullptr);

// The ids of the cards whose definition differs between the data of A and of B
// (Game::catalog_json of each side; a card of one side only counts), sorted. Throws what
// loading either side's cards throws.
std::vector<std::string> changed_cards(const AbConfig& config);

// The deck lists A and B play, compared (issue 36: a deck-list A/B says what it tests): per
// deck of `config.decks` and per card, the copies in its library (State::card_uses of an
// initial state; a Summoner or hero is not a library card) with A's data and with B's, where
// they differ; by deck, then card id. Empty when both sides play the same lists (e.g. decks
// given as files). Throws InputError as check_ab.
std::vector<DeckChange> deck_changes(const AbConfig& config);

// "H1: B is better (at least +20 Elo)", "H0: B is no better than +0 Elo", or when B's
// estimated Elo has its whole 95% interval below 0 "H0: B is worse (-85 Elo [-140, -35])",
// "inconclusive after N games".
std::string decision_text(const AbResult& result);

// The result as JSON, what `rise lab ab --json` writes and rise_engine.lab.ab returns: game,
// decks, players, omniscient_players, data_a, data_b (AbResult::side_a/side_b), seed, sprt
// {elo0, elo1, alpha, beta, lower, upper}, decision ("H0", "H1", "inconclusive"),
// decision_text, games, llr, pentanomial (5 counts), identical_pairs, elo and win_difference
// {value, low95, high95}, win_a and win_b {rate, low95, high95}, changed_cards [{card,
// drawn_a, played_a, drawn_b, played_b, too_few}], ends_a, ends_b (ai::ends_to_json), changes
// [{card, field, before, after}], deck_changes [{deck, card, before, after}], warnings_a,
// warnings_b; no wall time, so that one config gives
// one JSON whatever the threads.
nlohmann::json ab_to_json(const AbResult& result);

}  // namespace rise::lab
