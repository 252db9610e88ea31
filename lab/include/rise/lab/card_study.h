// The card statistics of simulated games, played and counted (`rise lab cards`,
// rise_engine.lab.card_stats; docs/lab.md): games between decks, or a round robin of a
// folder of decks with its Bradley-Terry deck ratings, then per card (and per deck) the
// statistics of card_stats.h, in the sample-aware order.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise/ai/match.h"
#include "rise/core/types.h"
#include "rise/lab/bradley_terry.h"
#include "rise/lab/card_stats.h"
#include "rise/lab/round_robin.h"

namespace rise::lab {

struct CardStudyConfig {
  std::string game;                  // a card game: one with a `decks` option
  Options options;                   // game options; may hold "decks" (not with round_robin)
  std::string round_robin;           // a folder of *.yaml decks: a round robin of them; "" for a match
  std::vector<std::string> players;  // 1 spec (every seat) or one per seat; never empty
  int games = 100;                   // games in all, or per pair of decks in a round robin; >= 1
  int threads = 1;                   // >= 1
  uint64_t seed = 1;
  int resamples = 200;               // bootstrap resamples of the deck ratings (round robin); >= 1
  bool by_deck = false;              // one row per deck and card
  std::string deck;                  // only this deck's rows (implies by_deck); "" for every deck
};

struct CardStudy {
  CardStudyConfig config;
  std::vector<CardStats> stats;               // sample_aware_order; only `deck`'s rows when given
  std::vector<std::string> names;             // by stats row: the card's name, "" if unknown
  std::vector<ai::EndTally> ends;             // how the games ended (ai::tally_ends)
  int games = 0;                              // games played
  std::optional<RoundRobinResult> round_robin;  // with config.round_robin (its games' card uses dropped)
  std::vector<Rating> ratings;                // by round_robin->decks: Bradley-Terry Elo (mean 0)
  std::vector<std::string> decks;             // a match's seat decks (ai::deck_id), "" where not known
};

// Checks `config` before any game: the game has decks, the options, decks, players and
// numbers are valid, and `deck` names a deck of these games. Throws InputError naming the
// field and why, e.g. "--deck aggro: no seat plays that deck in these games (their decks: a, b)".
void check_card_study(const CardStudyConfig& config);

// Plays the games of `config` and counts the cards: check_card_study, then the games on
// `config.threads` threads in this process (ai::run_match, or run_round_robin), then
// card_stats. `on_game(done, total)` after each game, from one thread at a time.
// Deterministic for a seed whatever the threads. Throws InputError as check_card_study.
CardStudy run_card_study(const CardStudyConfig& config, const std::function<void(int, int)>& on_game = nullptr);

// The study as JSON, the same data `rise lab cards --json` writes and rise_engine.lab.card_stats
// returns: {game, players, seed, games, ends, cards: [{card, name, deck, games, drawn, played,
// copies_played, mean_turn_played, win_drawn, win_not_drawn, difference (each {rate|value,
// low95, high95}), sort_key, few_games, rarely_played}], round_robin (round_robin_to_json
// without records, plus ratings) or null}.
nlohmann::json card_study_to_json(const CardStudy& study);

}  // namespace rise::lab
