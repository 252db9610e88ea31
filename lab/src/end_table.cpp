#include "rise/lab/end_table.h"

#include <algorithm>

#include <fmt/format.h>

namespace rise::lab {

std::string end_table(const std::vector<ai::EndTally>& ends, const std::string& heading) {
  if (ends.empty()) return "";
  size_t width = heading.size();
  for (const ai::EndTally& e : ends) width = std::max(width, e.reason.size());
  std::string out = fmt::format("{:<{}} {:>6}  {:<22} {:>6}\n", heading, width, "games", "share (95% CI)",
                                "draws");
  for (const ai::EndTally& e : ends) {
    std::string line = fmt::format("{:<{}} {:>6}  {:5.1f}% [{:5.1f}, {:5.1f}] {:>6}", e.reason, width, e.games,
                                   100 * e.share.rate, 100 * e.share.low, 100 * e.share.high, e.draws);
    if (!e.rule.empty()) line += "   " + e.rule;
    if (!e.cards.empty()) {
      line += "  cards:";
      for (size_t i = 0; i < e.cards.size(); ++i) {
        line += fmt::format("{} {} ({})", i == 0 ? "" : ",", e.cards[i].first, e.cards[i].second);
      }
    }
    out += line + "\n";
  }
  return out;
}

ReportSection end_report_section(const std::vector<ai::EndTally>& ends, const std::string& id, const std::string& title) {
  ReportTable table{id + "-table", {"how the game ended", "rule", "games", "share (95%)", "draws", "cards of the loop"}, {}, true};
  for (const ai::EndTally& e : ends) {
    std::string cards;
    for (const auto& [card, games] : e.cards) cards += fmt::format("{}{} ({})", cards.empty() ? "" : ", ", card, games);
    table.rows.push_back({{e.reason},
                          {e.rule},
                          number_cell(std::to_string(e.games), e.games),
                          number_cell(fmt::format("{:.1f}% [{:.1f}, {:.1f}]", 100 * e.share.rate, 100 * e.share.low,
                                                  100 * e.share.high),
                                      e.share.rate),
                          number_cell(std::to_string(e.draws), e.draws),
                          {cards}});
  }
  return {id,
          title,
          {"Each way a game ended, with the rule or Interpretation that ended it; an effect loop names the cards whose "
           "effects were running."},
          "",
          {std::move(table)}};
}

}  // namespace rise::lab
