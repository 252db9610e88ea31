// What `rise lab tune` prints and writes (tune.h): the summary lines, the JSON, the SVG plot
// of the search, the proposed patch.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "rise/core/text_file.h"
#include "rise/lab/tune.h"

namespace rise::lab {

namespace {

std::string score_text(const TuneScore& s) {
  if (s.games == 0) return "-";
  return fmt::format("{:.1f}% [{:.1f}, {:.1f}]", 100 * s.score.rate, 100 * s.score.low, 100 * s.score.high);
}

std::string target_text(const TuneTarget& t) {
  if (t.kind == TuneTarget::Kind::kField) return fmt::format("every deck's score against the field in [{:g}, {:g}]%", t.low, t.high);
  return fmt::format("{}'s score against {} in [{:g}, {:g}]%", t.deck_a, t.deck_b, t.low, t.high);
}

nlohmann::json score_json(const TuneScore& s) {
  return {{"games", s.games}, {"wins", s.wins}, {"draws", s.draws}, {"score", s.score.rate}, {"low95", s.score.low}, {"high95", s.score.high}};
}

const char* decision_name(SprtDecision d) {
  return d == SprtDecision::kH1 ? "H1" : d == SprtDecision::kH0 ? "H0" : "inconclusive";
}

}  // namespace

std::vector<std::string> tune_summary_lines(const TuneResult& r) {
  std::vector<std::string> lines;
  const TuneEvaluation& before = r.evaluations.front();
  const TuneEvaluation& after = r.evaluations[static_cast<size_t>(r.best)];
  int repeated = 0;
  for (const TuneEvaluation& e : r.evaluations) repeated += e.repeated ? 1 : 0;
  lines.push_back(fmt::format("tune {} of {} by {}: target {}", r.spec.parameters.size() == 1 ? "1 number" : fmt::format("{} numbers", r.spec.parameters.size()),
                              r.config.game, r.spec.file, target_text(r.spec.target)));
  lines.push_back(fmt::format("search: {} evaluations ({} repeated, no games), {} games per pair of decks on the same seeds (seed {}), {} games",
                              r.evaluations.size(), repeated, r.config.games, r.config.seed, r.search_games));
  lines.push_back(fmt::format("loss: {:.3f} before, {:.3f} after (evaluation {})", before.loss, after.loss, after.index));
  if (r.changes.empty()) {
    lines.push_back("proposed changes: none (the original values are the best found)");
  } else {
    lines.push_back("proposed changes:");
    for (const CardChange& c : r.changes) lines.push_back(fmt::format("  {} {}: {} -> {}", c.card, c.field, c.before, c.after));
  }
  size_t width = 4;
  for (const std::string& d : r.decks) width = std::max(width, d.size());
  lines.push_back("");
  lines.push_back(fmt::format("{:<{}}  {:<24} {:<24} {}", "deck", width, "before (search seeds)", "after (search seeds)", "after (fresh seeds)"));
  for (size_t d = 0; d < r.decks.size(); ++d) {
    lines.push_back(fmt::format("{:<{}}  {:<24} {:<24} {:<24}", r.decks[d], width, score_text(before.scores[d]),
                                score_text(after.scores[d]),
                                d < r.confirmation.scores.size() ? score_text(r.confirmation.scores[d]) : "-"));
    while (!lines.back().empty() && lines.back().back() == ' ') lines.back().pop_back();
  }
  lines.push_back("");
  const TuneConfirmation& c = r.confirmation;
  lines.push_back(fmt::format("confirmation on fresh seeds: {}; games: {} search + {} confirmation = {}", tune_decision_text(c),
                              r.search_games, c.games, r.search_games + c.games));
  for (const TuneSideTest& t : c.tests) {
    lines.push_back(fmt::format("  {} {}: H0 score {} {:g}% vs H1 {:g}%: LLR {:+.2f} [{:.2f}, {:.2f}] -> {}", t.deck, t.side,
                                t.side == "low" ? "<=" : ">=", t.edge, t.inner, t.llr, t.bounds.lower, t.bounds.upper,
                                decision_name(t.decision)));
  }
  return lines;
}

nlohmann::json tune_to_json(const TuneResult& r) {
  nlohmann::json j;
  j["game"] = r.config.game;
  j["data"] = r.config.data_dir;
  j["deck_dir"] = r.config.deck_dir;
  j["tune_file"] = r.spec.file;
  j["players"] = r.config.players;
  j["seed"] = r.config.seed;
  j["budget"] = r.config.budget;
  j["games_per_pair"] = r.config.games;
  const TuneTarget& t = r.spec.target;
  j["target"] = {{"kind", t.kind == TuneTarget::Kind::kField ? "field" : "matchup"}, {"low", t.low}, {"high", t.high}};
  if (t.kind == TuneTarget::Kind::kMatchup) j["target"]["matchup"] = {t.deck_a, t.deck_b};
  const TuneEvaluation& best = r.evaluations[static_cast<size_t>(r.best)];
  j["parameters"] = nlohmann::json::array();
  for (size_t i = 0; i < r.spec.parameters.size(); ++i) {
    const TuneParameter& p = r.spec.parameters[i];
    j["parameters"].push_back({{"card", p.card}, {"field", p.field}, {"min", p.min}, {"max", p.max}, {"before", p.original}, {"after", best.values[i]}});
  }
  j["decks"] = r.decks;
  j["evaluations"] = nlohmann::json::array();
  for (const TuneEvaluation& e : r.evaluations) {
    nlohmann::json scores = nlohmann::json::array();
    for (const TuneScore& s : e.scores) scores.push_back(s.score.rate);
    j["evaluations"].push_back({{"index", e.index}, {"values", e.values}, {"scores", scores}, {"loss", e.loss}, {"best_loss", e.best_loss}, {"repeated", e.repeated}});
  }
  j["best"] = r.best;
  j["changes"] = nlohmann::json::array();
  for (const CardChange& c : r.changes) j["changes"].push_back({{"card", c.card}, {"field", c.field}, {"before", c.before}, {"after", c.after}});
  j["patch"] = r.patch;
  j["table"] = nlohmann::json::array();
  for (size_t d = 0; d < r.decks.size(); ++d) {
    j["table"].push_back({{"deck", r.decks[d]},
                          {"before", score_json(r.evaluations.front().scores[d])},
                          {"after", score_json(best.scores[d])},
                          {"confirmation", d < r.confirmation.scores.size() ? score_json(r.confirmation.scores[d]) : nlohmann::json()}});
  }
  const TuneConfirmation& c = r.confirmation;
  nlohmann::json tests = nlohmann::json::array();
  for (const TuneSideTest& s : c.tests) {
    tests.push_back({{"deck", s.deck}, {"side", s.side}, {"h0", s.edge}, {"h1", s.inner}, {"llr", s.llr},
                     {"lower", s.bounds.lower}, {"upper", s.bounds.upper}, {"decision", decision_name(s.decision)}});
  }
  j["confirmation"] = {{"decision", c.decision == SprtDecision::kH1 ? "in band" : c.decision == SprtDecision::kH0 ? "out of band" : "inconclusive"},
                       {"decision_text", tune_decision_text(c)}, {"games", c.games}, {"alpha", r.config.alpha},
                       {"beta", r.config.beta}, {"max_games", r.config.confirm_games}, {"tests", tests}};
  j["games"] = {{"search", r.search_games}, {"confirmation", c.games}, {"total", r.search_games + c.games}};
  return j;
}

std::string tune_svg(const TuneResult& r) {
  const double width = 640, height = 360, left = 60, right = 20, top = 50, bottom = 50;
  const double plot_w = width - left - right, plot_h = height - top - bottom;
  double y_max = 0;
  for (const TuneEvaluation& e : r.evaluations) y_max = std::max(y_max, std::sqrt(e.loss));
  y_max = y_max <= 0 ? 1 : y_max * 1.05;
  const size_t count = r.evaluations.size();
  auto x_at = [&](size_t i) { return left + (count <= 1 ? plot_w / 2 : plot_w * static_cast<double>(i) / static_cast<double>(count - 1)); };
  auto y_at = [&](double loss) { return top + plot_h * (1 - std::sqrt(loss) / y_max); };
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\">\n"
      "<rect width=\"{0}\" height=\"{1}\" fill=\"white\"/>\n"
      "<text x=\"10\" y=\"20\" font-size=\"14\">rise lab tune {2}: distance from the target by evaluation</text>\n"
      "<text x=\"10\" y=\"38\" font-size=\"11\" fill=\"#444444\">{3} evaluations, {4} games per pair, seed {5}; dots: each "
      "candidate, line: best so far</text>\n",
      width, height, r.config.game, count, r.config.games, r.config.seed);
  out += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"black\"/>\n", left, top, top + plot_h);
  out += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"black\"/>\n", left, top + plot_h, left + plot_w);
  for (int k = 0; k <= 4; ++k) {
    const double v = y_max * k / 4;
    const double y = top + plot_h * (1 - static_cast<double>(k) / 4);
    out += fmt::format("<text x=\"{}\" y=\"{:.1f}\" font-size=\"10\" text-anchor=\"end\">{:.1f}</text>\n", left - 4, y + 3, v);
  }
  out += fmt::format("<text x=\"14\" y=\"{:.1f}\" font-size=\"11\" transform=\"rotate(-90 14 {:.1f})\" text-anchor=\"middle\">"
                     "distance (points, sqrt of the loss)</text>\n", top + plot_h / 2, top + plot_h / 2);
  out += fmt::format("<text x=\"{:.1f}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">evaluation (0: the original cards)</text>\n",
                     left + plot_w / 2, height - 12);
  out += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\">0</text>\n", x_at(0), top + plot_h + 14);
  if (count > 1) {
    out += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\">{}</text>\n", x_at(count - 1), top + plot_h + 14, count - 1);
  }
  std::string line;
  for (size_t i = 0; i < count; ++i) line += fmt::format("{}{:.1f},{:.1f}", i ? " " : "", x_at(i), y_at(r.evaluations[i].best_loss));
  out += "<polyline fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"2\" points=\"" + line + "\"/>\n";
  for (size_t i = 0; i < count; ++i) {
    const TuneEvaluation& e = r.evaluations[i];
    out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"{}\"><title>evaluation {}: loss {:.3f}{}</title></circle>\n",
                       x_at(i), y_at(e.loss), static_cast<int>(i) == r.best ? "#d03030" : e.repeated ? "#bbbbbb" : "#333333", i,
                       e.loss, e.repeated ? " (repeated)" : "");
  }
  out += "</svg>\n";
  return out;
}

void write_tune_patch(const std::string& path, const TuneResult& result) { write_text_file(path, result.patch); }

void write_tune_svg(const std::string& path, const TuneResult& result) { write_text_file(path, tune_svg(result)); }

}  // namespace rise::lab
