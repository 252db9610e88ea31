#include "rise/ai/search_report.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include <fmt/format.h>

#include "rise/core/game.h"
#include "rise/core/rng.h"

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

namespace {

// Re-deals of `searched` that `viewer` cannot tell from it (State::resample_hidden), with
// fixed seeds: a continuation's text is kept only while it reads the same on each of them.
// The searched state itself is not one of the lines: a re-deal from a fixed seed depends
// only on the viewer's observation, so the lines, and the continuation, are the same
// whichever state of the viewer's information set was searched.
constexpr uint64_t kAlternateSeeds[] = {0x5eed0001, 0x5eed0002, 0x5eed0003, 0x5eed0004};

}  // namespace

namespace {

// Each line's evaluation parts (State::evaluation_terms for `seat`), kept from the last
// position of the line that was not terminal.
struct PartsOfLines {
  std::vector<std::vector<EvaluationTerm>> parts;

  PartsOfLines(const std::vector<std::unique_ptr<State>>& lines, PlayerId seat) : parts(lines.size()) {
    update(lines, seat);
  }
  void update(const std::vector<std::unique_ptr<State>>& lines, PlayerId seat) {
    for (size_t k = 0; k < lines.size(); ++k) {
      if (!lines[k]->is_terminal()) parts[k] = lines[k]->evaluation_terms(seat);
    }
  }
};

// The part that moves most from `before` to `after` (its mean change over the lines), as
// "NAME +D.D"; "" when a line has no parts or no part moves by 0.05 or more.
std::string most_moved(const PartsOfLines& before, const PartsOfLines& after) {
  if (before.parts.empty() || before.parts.front().empty()) return "";
  const std::vector<EvaluationTerm>& names = before.parts.front();
  std::string best;
  double best_change = 0.0;
  for (size_t t = 0; t < names.size(); ++t) {
    double change = 0.0;
    for (size_t k = 0; k < before.parts.size(); ++k) {
      if (before.parts[k].size() != names.size() || after.parts[k].size() != names.size()) return "";
      change += after.parts[k][t].value - before.parts[k][t].value;
    }
    change /= static_cast<double>(before.parts.size());
    if (std::abs(change) >= 0.05 && std::abs(change) > std::abs(best_change)) {
      best_change = change;
      best = names[t].name;
    }
  }
  return best.empty() ? "" : fmt::format("{} {:+.1f}", best, best_change);
}

}  // namespace

std::vector<ExplainedCandidate> explain_candidates(const SearchReport& report, const State& searched,
                                                   PlayerId viewer, size_t count) {
  std::vector<ExplainedCandidate> out;
  const bool hidden = !searched.game().info().perfect_information;
  for (size_t i = 0; i < report.candidates.size() && i < count; ++i) {
    const SearchCandidate& candidate = report.candidates[i];
    ExplainedCandidate explained;
    explained.action = candidate.action;
    explained.text = searched.describe_action(candidate.action, viewer);
    explained.win = candidate.win;
    explained.share = candidate.share;
    if (!searched.is_terminal() && searched.is_legal(candidate.action)) {
      std::vector<std::unique_ptr<State>> lines;
      if (hidden) {
        for (uint64_t seed : kAlternateSeeds) {
          Rng rng(seed);
          lines.push_back(searched.resample_hidden(viewer, rng));
        }
      } else {
        lines.push_back(searched.clone());
      }
      const auto can_play = [&](Action a) {
        return std::all_of(lines.begin(), lines.end(), [a](const auto& s) { return !s->is_terminal() && s->is_legal(a); });
      };
      if (!can_play(candidate.action)) {
        out.push_back(std::move(explained));
        continue;
      }
      const PartsOfLines before(lines, report.seat);
      PartsOfLines after = before;
      const auto advance = [&](Action a) {
        for (auto& line : lines) line->apply_action(a);
        after.update(lines, report.seat);
      };
      advance(candidate.action);
      for (Action a : candidate.continuation) {
        // The line ends where the game ends or the action is not legal on one of the
        // re-deals, or where its text differs between them: there it would name what the
        // seat cannot see (a card the line draws, known only to this sample).
        if (!can_play(a)) break;
        const std::string text = lines.front()->describe_action(a, viewer);
        const auto same_text = [&](const std::unique_ptr<State>& s) { return s->describe_action(a, viewer) == text; };
        if (!std::all_of(lines.begin() + 1, lines.end(), same_text)) break;
        explained.continuation.push_back(text);
        advance(a);
      }
      explained.why = most_moved(before, after);
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
      if (!c.why.empty()) out += "; why: " + c.why;
      out += ")";
    } else {
      out += fmt::format("{}{} (win {}%, {}%{})", i == 1 ? " · also: " : " · ", c.text, percent(c.win),
                         percent(c.share), c.why.empty() ? "" : "; why: " + c.why);
    }
  }
  return out;
}

}  // namespace rise::ai
