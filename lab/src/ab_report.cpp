#include "rise/lab/ab_report.h"

#include <algorithm>

#include <fmt/format.h>

#include "rise/ai/player.h"
#include "rise/core/registry.h"
#include "rise/lab/card_report.h"
#include "rise/lab/end_table.h"

namespace rise::lab {
namespace {

std::string joined(const std::vector<std::string>& items, const char* separator) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : separator) + item;
  return out;
}

}  // namespace

std::vector<std::string> ab_summary_lines(const AbResult& r) {
  const AbConfig& config = r.config;
  const AbEstimate& e = r.estimate;
  const int games = static_cast<int>(2 * r.pairs.size());
  std::vector<std::string> lines;
  lines.push_back(fmt::format("A/B of {}: deck {} against {}, players {}; A = {}, B = {}", config.game, config.decks.at(0),
                              config.decks.at(1), joined(config.players, ","), r.side_a, r.side_b));
  lines.push_back(fmt::format("SPRT: H0 B no better than {:+g} Elo, H1 B at least {:+g} Elo; alpha {:g}, beta {:g}; "
                              "LLR bounds [{:.2f}, {:.2f}]; seed {}",
                              config.sprt.elo0, config.sprt.elo1, config.sprt.alpha, config.sprt.beta, r.bounds.lower,
                              r.bounds.upper, config.seed));
  lines.push_back(fmt::format("decision: {}", decision_text(r)));
  lines.push_back(fmt::format("games: {} ({} pairs, same seed on both sides), LLR {:+.2f}", games, r.pairs.size(), r.llr));
  lines.push_back(fmt::format("pairs by score 0, 1/4, 1/2, 3/4, 1 (B's game minus A's): {} {} {} {} {}; identical "
                              "pairs {}",
                              r.pentanomial.counts[0], r.pentanomial.counts[1], r.pentanomial.counts[2],
                              r.pentanomial.counts[3], r.pentanomial.counts[4], r.identical_pairs));
  lines.push_back(fmt::format("estimate: {} Elo, win rate B - A {} (95%)",
                              signed_interval_text(e.elo, e.elo_low, e.elo_high, 1, ""),
                              signed_interval_text(e.difference, e.difference_low, e.difference_high, 100, " pts")));
  lines.push_back(fmt::format("win rate of {}: A {}, B {}", config.decks.at(0), percent_text(r.win_a), percent_text(r.win_b)));
  // Issue 36: whether each changed card took part, and a warning when too rarely to tell.
  const int side_games = static_cast<int>(r.pairs.size());
  if (r.card_uses.empty()) lines.push_back("changed cards: none (A and B define every card the same)");
  for (const AbCardUse& u : r.card_uses) {
    lines.push_back(fmt::format("changed card {}: drawn in {} and played in {} of the {} games with A; drawn in {} and "
                                "played in {} of the {} with B",
                                u.card, u.drawn_a, u.played_a, side_games, u.drawn_b, u.played_b, side_games));
    char side = 'A';
    const int fewest = fewest_games_played(r, u, side);
    if (fewest < kMinGamesPlayed) {
      lines.push_back(fmt::format("warning: {} was played in only {} games with {}: too few to tell anything about the "
                                  "change (it is not in these decks, or rarely drawn or cast); test a deck that plays it",
                                  u.card, fewest, side));
    }
  }
  return lines;
}

Report ab_report(const AbResult& r) {
  const AbConfig& config = r.config;
  Report report;
  report.title = fmt::format("rise lab ab: {} with {}", config.game, config.decks.at(0));
  report.settings = {{"command", "rise lab ab"},
                     {"game", config.game},
                     {"deck under test", config.decks.at(0)},
                     {"opponent", config.decks.at(1)},
                     {"players", joined(config.players, ",")},
                     {"A", r.side_a},
                     {"B", r.side_b},
                     {"seed", std::to_string(config.seed)},
                     {"elo0, elo1", fmt::format("{:g}, {:g}", config.sprt.elo0, config.sprt.elo1)},
                     {"alpha, beta", fmt::format("{:g}, {:g}", config.sprt.alpha, config.sprt.beta)},
                     {"max games", std::to_string(config.max_games)},
                     {"threads", std::to_string(config.threads)}};
  const std::vector<std::string> omniscient = ai::omniscient_players(find_game(config.game).info(), config.players);
  if (!omniscient.empty()) report.settings.push_back({"read hidden information (--allow-omniscient)", joined(omniscient, ", ")});
  ReportSection result{"decision", "Decision", ab_summary_lines(r), "", {}};
  ReportTable pairs{"pairs", {"pair score", "pairs"}, {}, true};
  for (size_t k = 0; k < 5; ++k) {
    pairs.rows.push_back({number_cell(fmt::format("{:g}", kPairScores[k]), kPairScores[k]),
                          number_cell(fmt::format("{:g}", r.pentanomial.counts[k]), r.pentanomial.counts[k])});
  }
  result.tables.push_back(std::move(pairs));
  report.sections.push_back(std::move(result));
  if (!r.changes.empty()) {
    ReportTable table{"changes", {"card", "field", "A", "B"}, {}, true};
    for (const CardChange& c : r.changes) table.rows.push_back({{c.card}, {c.field}, {c.before}, {c.after}});
    report.sections.push_back({"changes", "The change (the patch)", {}, "", {std::move(table)}});
  }
  if (!r.deck_changes.empty()) {
    ReportTable table{"deck-changes", {"deck", "card", "copies with A", "copies with B"}, {}, true};
    for (const DeckChange& d : r.deck_changes) {
      table.rows.push_back({{d.deck}, {d.card}, number_cell(std::to_string(d.before), d.before),
                            number_cell(std::to_string(d.after), d.after)});
    }
    report.sections.push_back({"deck-changes", "The change of the deck lists", {}, "", {std::move(table)}});
  }
  report.sections.push_back(end_report_section(r.ends_a, "ends-a", "How the games ended with A's cards"));
  report.sections.push_back(end_report_section(r.ends_b, "ends-b", "How the games ended with B's cards"));
  return report;
}

}  // namespace rise::lab
