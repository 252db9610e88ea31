// The words and the HTML report of an A/B test (`rise lab ab`, rise_engine.lab.ab(report=...);
// docs/lab.md): one place for what every front end says of an AbResult.
#pragma once

#include <string>
#include <vector>

#include "rise/lab/ab_test.h"
#include "rise/lab/html_report.h"

namespace rise::lab {

// The summary of `result`, one line each: what was compared, the SPRT settings, the decision,
// the games and pairs, the estimate, the deck under test's win rates, and per changed card
// whether it was drawn and played (with a warning when played in fewer than kMinGamesPlayed
// games on a side).
std::vector<std::string> ab_summary_lines(const AbResult& result);

// The HTML report: settings (command, game, decks, players and those that read hidden
// information, A, B, seed, SPRT bounds, max games, threads), the decision (the summary and
// the pairs by score), the patch's changes and the deck-list changes, and how each side's
// games ended.
Report ab_report(const AbResult& result);

}  // namespace rise::lab
