// The words and the HTML report of the card statistics (`rise lab cards --report`,
// rise_engine.lab.card_stats(report=...); docs/lab.md): one place for the texts every front
// end shows of a card study.
#pragma once

#include <string>
#include <vector>

#include "rise/ai/match.h"
#include "rise/lab/bradley_terry.h"
#include "rise/lab/card_study.h"
#include "rise/lab/html_report.h"
#include "rise/lab/round_robin.h"

namespace rise::lab {

// "55.6% [33.7, 75.4]": a rate with its 95% interval, in percent.
std::string percent_text(const ai::Interval& interval);

// "+12.5 pts [+3.0, +22.0]": a signed value with its interval, times `scale`, with `unit`.
std::string signed_interval_text(double value, double low, double high, double scale, const char* unit);

// "55.6% [33.7, 75.4] of 18": a rate's text with the number of seat games behind it.
std::string with_games(const std::string& rate, int games);

// A card's note (issue 36): too few games behind its win rates, or drawn and hardly played;
// "" when neither.
std::string card_note(const CardStats& stats);

// The card table of the report, in the order of `stats` (sample_aware_order), a row greyed
// when too few games stand behind it; with `by_deck`, a deck column after the card.
// `names[k]` is stats[k]'s card name.
ReportTable card_table(const std::vector<CardStats>& stats, const std::vector<std::string>& names, bool by_deck);

// The decks of a round robin by rating, highest first (ties in deck order).
std::vector<size_t> rating_order(const std::vector<Rating>& ratings);

// The whole HTML report of a study: settings (command, game, decks or the round robin's
// folder, games, players and those that read hidden information, seed, threads, options),
// then the matchup heat map and the deck ratings of a round robin, how the games ended and
// the card table.
Report card_study_report(const CardStudy& study);

}  // namespace rise::lab
