// How a set of games ended (issue 36), as the text table `rise sim` and `rise lab` print
// under their results: one row per way of ending (ai::EndTally: reason and rule), its games,
// its share of all the games with a 95% interval, its draws, and the cards an effect loop
// named.
#pragma once

#include <string>
#include <vector>

#include "rise/lab/html_report.h"
#include "rise/ai/match.h"

namespace rise::lab {

// The table, one line per entry of `ends` (most games first, as ai::summarize orders them)
// under a heading line whose first column is `heading`; "" when `ends` is empty. E.g.
//   how the games ended   games  share (95% CI)         draws
//   Summoners defeated      181   90.5% [ 85.6,  93.8]      0   TCG-4.9
//   effect loop              19    9.5% [  6.2,  14.4]     19   TCG-I67  cards: Blood Herald (19)
std::string end_table(const std::vector<ai::EndTally>& ends, const std::string& heading = "how the games ended");

// A section of an HTML report with the same rows as a table: section id `id`, table id
// `id` + "-table", under `title`.
ReportSection end_report_section(const std::vector<ai::EndTally>& ends, const std::string& id = "ends",
                                 const std::string& title = "How the games ended");

}  // namespace rise::lab
