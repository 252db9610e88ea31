// Card statistics of `rise lab cards` (docs/lab.md, "Card statistics"): per card, over the
// seats of a set of games whose deck held it, how often it was drawn and played, the win
// rate when drawn against when not drawn, and the mean turn it was played.
#pragma once

#include <string>
#include <vector>

#include "rise/ai/match.h"
#include "rise/core/state.h"

namespace rise::lab {

// One seat of one finished game: whether it won (a draw is no win) and its deck's cards
// (State::card_uses of the final state, that seat's list).
struct SeatCards {
  bool won = false;
  std::vector<CardUse> uses;
  std::string deck;  // the seat's deck (its id), "" when not known
};

// A difference of two rates with its 95% interval (Newcombe's hybrid score interval, from
// the two Wilson intervals). `defined` is false when either rate has no games.
struct RateDifference {
  bool defined = false;
  double value = 0, low = 0, high = 0;
};

// The statistics of one card. A "seat game" is one seat of one game whose deck held the
// card (at least one copy).
struct CardStats {
  std::string card;             // card id
  std::string deck;             // the deck of these seat games (card_stats by deck), "" for every deck
  int games = 0;                // seat games whose deck held the card
  int drawn = 0;                // ... in which at least one copy was drawn
  int played = 0;               // ... in which at least one copy was played
  int wins_drawn = 0;           // seat games won among `drawn`
  int wins_not_drawn = 0;       // seat games won among games - drawn
  int opening = 0;              // ... drawn with a copy in the opening hand (CardUse::opening_hand; 17lands' OH)
  int wins_opening = 0;         // seat games won among `opening`
  int drawn_later = 0;          // ... drawn with no copy in the opening hand (17lands' GD): drawn - opening
  int wins_drawn_later = 0;     // seat games won among `drawn_later`
  int copies_played = 0;        // copies played, over all seat games
  double mean_turn_played = 0;  // mean turn_number() of those plays (first play of each copy); 0 when none
  ai::Interval win_drawn;       // wins_drawn / drawn, Wilson 95% (all 0 when drawn == 0)
  ai::Interval win_not_drawn;   // wins_not_drawn / (games - drawn)
  ai::Interval win_opening;     // wins_opening / opening, Wilson 95% (17lands' OH WR)
  ai::Interval win_drawn_later; // wins_drawn_later / drawn_later (17lands' GD WR)
  RateDifference difference;    // win_drawn - win_not_drawn
  double sort_key = 0;          // the difference's 95% bound nearest 0, 0 when the interval holds 0 (sort_key)
  bool few_games = false;       // drawn or not drawn in fewer than kMinSampleGames seat games
  bool rarely_played = false;   // drawn in at least kMinSampleGames seat games, played in under a tenth of them
};

// Below this many seat games drawn (or not drawn) a card's win rates say little: the report
// greys its row and the terminal marks it (issue 36).
inline constexpr int kMinSampleGames = 10;

// The sample-aware order of the card tables (issue 36): the bound of the difference's 95%
// interval nearest 0 (its low bound when the interval is above 0, its high bound when below),
// 0 when the interval holds 0 or is undefined. Sorting by it, largest first, lists the cards
// whose effect is surely largest first, and the noise of a few games in the middle.
double sort_key(const RateDifference& difference);

// The seats of a finished game from its returns (by seat) and the State::card_uses of its
// final state (ai::GameRecord::card_uses, by seat): a seat won when its return is above every
// other seat's (a draw is no win).
std::vector<SeatCards> seat_cards(const std::vector<double>& returns, std::vector<std::vector<CardUse>> uses);

// Newcombe's interval for p1 - p2 from successes/trials of each; undefined when a count of
// trials is 0.
RateDifference rate_difference(int successes1, int trials1, int successes2, int trials2);

// The statistics of every card that appears in `seats`, sorted by card id; with `by_deck`,
// one entry per deck and card (SeatCards::deck), sorted by deck, then card.
std::vector<CardStats> card_stats(const std::vector<SeatCards>& seats, bool by_deck = false);

// `stats` in the sample-aware order: sort_key largest first, then the difference, then deck
// and card (a stable, total order).
std::vector<CardStats> sample_aware_order(std::vector<CardStats> stats);

// Writes the statistics as CSV (docs/formats.md, "Card statistics CSV"): a header, then one
// row per card. `names[k]` is the name of stats[k].card (Game::catalog_json), "" if unknown.
// Throws InputError "PATH: cannot write file" when writing fails.
void write_card_stats_csv(const std::string& path, const std::vector<CardStats>& stats,
                          const std::vector<std::string>& names);

}  // namespace rise::lab
