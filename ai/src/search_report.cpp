#include "rise/ai/search_report.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include <fmt/format.h>

namespace rise::ai {

std::vector<Action> SearchReport::principal_variation() const {
  std::vector<Action> line;
  if (candidates.empty()) return line;
  line.push_back(candidates.front().action);
  for (Action a : candidates.front().continuation) {
    if (line.size() >= kContinuationLength) break;
    line.push_back(a);
  }
  return line;
}

std::vector<ExplainedCandidate> explain_candidates(const SearchReport& report, const State& searched,
                                                   PlayerId viewer, size_t count) {
  std::vector<ExplainedCandidate> out;
  for (size_t i = 0; i < report.candidates.size() && i < count; ++i) {
    const SearchCandidate& candidate = report.candidates[i];
    ExplainedCandidate explained;
    explained.action = candidate.action;
    explained.text = searched.describe_action(candidate.action, viewer);
    explained.win = candidate.win;
    explained.share = candidate.share;
    if (!searched.is_terminal() && searched.is_legal(candidate.action)) {
      std::unique_ptr<State> line = searched.clone();
      line->apply_action(candidate.action);
      for (Action a : candidate.continuation) {
        if (line->is_terminal() || !line->is_legal(a)) break;
        explained.continuation.push_back(line->describe_action(a, viewer));
        line->apply_action(a);
      }
    }
    out.push_back(std::move(explained));
  }
  return out;
}

namespace {

long percent(double fraction) { return std::lround(std::clamp(fraction, 0.0, 1.0) * 100.0); }

}  // namespace

std::string format_search_report(const SearchReport& report, const State& searched, PlayerId viewer,
                                 size_t count) {
  return format_candidates(explain_candidates(report, searched, viewer, count));
}

std::string format_candidates(const std::vector<ExplainedCandidate>& explained) {
  std::string out;
  for (size_t i = 0; i < explained.size(); ++i) {
    const ExplainedCandidate& c = explained[i];
    if (i == 0) {
      out += fmt::format("{} (win {}%, {}% of the search", c.text, percent(c.win), percent(c.share));
      if (!c.continuation.empty()) {
        out += "; then: ";
        for (size_t k = 0; k < c.continuation.size(); ++k) out += (k ? ", " : "") + c.continuation[k];
      }
      out += ")";
    } else {
      out += fmt::format("{}{} (win {}%, {}%)", i == 1 ? " · also: " : " · ", c.text, percent(c.win),
                         percent(c.share));
    }
  }
  return out;
}

}  // namespace rise::ai
