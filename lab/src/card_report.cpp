#include "rise/lab/card_report.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "rise/ai/player.h"
#include "rise/core/registry.h"
#include "rise/lab/end_table.h"

namespace rise::lab {

std::string percent_text(const ai::Interval& i) {
  return fmt::format("{:.1f}% [{:.1f}, {:.1f}]", 100 * i.rate, 100 * i.low, 100 * i.high);
}

std::string signed_interval_text(double value, double low, double high, double scale, const char* unit) {
  return fmt::format("{:+.1f}{} [{:+.1f}, {:+.1f}]", scale * value, unit, scale * low, scale * high);
}

std::string with_games(const std::string& rate, int games) { return fmt::format("{} of {}", rate, games); }

std::string card_note(const CardStats& c) {
  std::string note;
  if (c.few_games) note = fmt::format("few games (under {} drawn or not drawn)", kMinSampleGames);
  if (c.rarely_played) {
    note += fmt::format("{}rarely played ({} of {} drawn)", note.empty() ? "" : "; ", c.played, c.drawn);
  }
  return note;
}

ReportTable card_table(const std::vector<CardStats>& stats, const std::vector<std::string>& names, bool by_deck) {
  ReportTable t{"cards",
                {"card", "name", "games", "drawn", "played", "win rate drawn", "in opening hand (OH)", "drawn later (GD)",
                 "win rate not drawn", "difference (95%)", "mean turn played", "bound nearest 0", "note"},
                {},
                true};
  if (by_deck) t.columns.insert(t.columns.begin() + 1, "deck");
  const double nan = std::nan("");
  // A rate of `trials` seat games with its interval, or "-" without any.
  auto rate = [&](const ai::Interval& i, int trials) {
    return trials > 0 ? number_cell(with_games(percent_text(i), trials), i.rate) : ReportCell{"-", nan};
  };
  for (size_t k = 0; k < stats.size(); ++k) {
    const CardStats& c = stats[k];
    t.muted.push_back(c.few_games);
    std::vector<ReportCell> row{{c.card}};
    if (by_deck) row.push_back({c.deck});
    row.insert(row.end(),
               {{k < names.size() ? names[k] : ""},
                number_cell(std::to_string(c.games), c.games),
                number_cell(std::to_string(c.drawn), c.drawn),
                number_cell(std::to_string(c.played), c.played),
                rate(c.win_drawn, c.drawn),
                rate(c.win_opening, c.opening),
                rate(c.win_drawn_later, c.drawn_later),
                rate(c.win_not_drawn, c.games - c.drawn),
                c.difference.defined ? number_cell(signed_interval_text(c.difference.value, c.difference.low,
                                                                        c.difference.high, 100, " pts"),
                                                   c.difference.value)
                                     : ReportCell{"-", nan},
                c.copies_played > 0 ? number_cell(fmt::format("{:.1f}", c.mean_turn_played), c.mean_turn_played)
                                    : ReportCell{"-", nan},
                number_cell(fmt::format("{:+.1f} pts", 100 * c.sort_key), c.sort_key),
                {card_note(c)}});
    t.rows.push_back(std::move(row));
  }
  return t;
}

std::vector<size_t> rating_order(const std::vector<Rating>& ratings) {
  std::vector<size_t> order(ratings.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return ratings[a].elo > ratings[b].elo; });
  return order;
}

Report card_study_report(const CardStudy& study) {
  const CardStudyConfig& c = study.config;
  Report report;
  report.title = fmt::format("rise lab cards: {}", c.game);
  report.settings = {{"command", "rise lab cards"}, {"game", c.game}};
  if (study.round_robin) {
    const RoundRobinResult& result = *study.round_robin;
    report.settings.push_back({"decks", c.round_robin + " (round robin)"});
    report.settings.push_back({"games per pair", std::to_string(c.games)});
    ReportTable table{"ratings", {"deck", "name", "rating (Elo)", "95% low", "95% high", "win rate (95%)", "score (95%)"},
                      {}, true};
    for (size_t i : rating_order(study.ratings)) {
      const Rating& r = study.ratings[i];
      table.rows.push_back({{result.decks[i].id},
                            {result.decks[i].name},
                            number_cell(fmt::format("{:+.0f}", r.elo), r.elo),
                            number_cell(fmt::format("{:+.0f}", r.low), r.low),
                            number_cell(fmt::format("{:+.0f}", r.high), r.high),
                            number_cell(percent_text(result.totals[i].win), result.totals[i].win.rate),
                            number_cell(percent_text(result.totals[i].score), result.totals[i].score.rate)});
    }
    report.sections.push_back({"matrix", "Matchups", {"Win rate of the row deck against the column deck, with its 95% interval."},
                               round_robin_svg(result), {}});
    report.sections.push_back({"ratings",
                               "Deck ratings",
                               {fmt::format("Bradley-Terry ratings in Elo (mean 0), with a prior of one drawn game per "
                                            "pair; 95% intervals from {} bootstrap resamples of each pair's games.",
                                            c.resamples)},
                               "",
                               {std::move(table)}});
  } else {
    const auto decks = c.options.find("decks");
    report.settings.push_back({"decks", decks == c.options.end() || decks->second.empty() ? "(the game's default decks)"
                                                                                          : decks->second});
    report.settings.push_back({"games", std::to_string(c.games)});
  }
  report.sections.push_back(end_report_section(study.ends));
  std::string players;
  for (const std::string& p : c.players) players += (players.empty() ? "" : ",") + p;
  report.settings.push_back({"players", players});
  const std::vector<std::string> omniscient = ai::omniscient_players(find_game(c.game).info(), c.players);
  if (!omniscient.empty()) {
    std::string specs;
    for (const std::string& spec : omniscient) specs += (specs.empty() ? "" : ", ") + spec;
    report.settings.push_back({"read hidden information (--allow-omniscient)", specs});
  }
  report.settings.push_back({"seed", std::to_string(c.seed)});
  report.settings.push_back({"threads", std::to_string(c.threads)});
  for (const auto& [k, v] : c.options) {
    if (k != "decks") report.settings.push_back({"option " + k, v});
  }
  report.sections.push_back({"card-stats",
                             "Cards",
                             {"Per card, over the seats of the games whose deck held it: games in which a copy was "
                              "drawn and played, the win rate when drawn (split by a copy in the opening hand, OH, "
                              "or drawn later, GD) and when not drawn (Wilson 95%), their difference (Newcombe 95%) "
                              "and the mean turn a copy was played. Click a header to sort."},
                             "",
                             {card_table(study.stats, study.names, c.by_deck || !c.deck.empty())}});
  return report;
}

}  // namespace rise::lab
