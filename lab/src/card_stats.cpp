#include "rise/lab/card_stats.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <tuple>
#include <utility>

#include <fmt/format.h>

#include "rise/core/error.h"
#include "rise/lab/csv.h"

namespace rise::lab {

std::vector<SeatCards> seat_cards(const std::vector<double>& returns, std::vector<std::vector<CardUse>> uses) {
  std::vector<SeatCards> out(uses.size());
  for (size_t s = 0; s < uses.size(); ++s) {
    bool won = s < returns.size();
    for (size_t o = 0; o < returns.size() && won; ++o) won = o == s || returns[s] > returns[o];
    out[s].won = won;
    out[s].uses = std::move(uses[s]);
  }
  return out;
}

RateDifference rate_difference(int successes1, int trials1, int successes2, int trials2) {
  RateDifference d;
  if (trials1 <= 0 || trials2 <= 0) return d;
  const ai::Interval a = ai::wilson_interval(successes1, trials1);
  const ai::Interval b = ai::wilson_interval(successes2, trials2);
  d.defined = true;
  d.value = a.rate - b.rate;
  d.low = d.value - std::sqrt((a.rate - a.low) * (a.rate - a.low) + (b.high - b.rate) * (b.high - b.rate));
  d.high = d.value + std::sqrt((a.high - a.rate) * (a.high - a.rate) + (b.rate - b.low) * (b.rate - b.low));
  return d;
}

double sort_key(const RateDifference& d) {
  if (!d.defined) return 0.0;
  if (d.low > 0) return d.low;
  if (d.high < 0) return d.high;
  return 0.0;
}

std::vector<CardStats> sample_aware_order(std::vector<CardStats> stats) {
  std::sort(stats.begin(), stats.end(), [](const CardStats& a, const CardStats& b) {
    const double va = a.difference.defined ? a.difference.value : -2.0;
    const double vb = b.difference.defined ? b.difference.value : -2.0;
    return std::tie(b.sort_key, vb, a.deck, a.card) < std::tie(a.sort_key, va, b.deck, b.card);
  });
  return stats;
}

std::vector<CardStats> card_stats(const std::vector<SeatCards>& seats, bool by_deck) {
  struct Tally {
    CardStats stats;
    double turn_sum = 0;
  };
  std::map<std::pair<std::string, std::string>, Tally> by_card;  // (deck, card)
  for (const SeatCards& seat : seats) {
    // This seat game, per card: drawn, played, copies played and their turns.
    struct Seen {
      bool drawn = false, played = false, opening = false;
      int copies_played = 0;
      double turn_sum = 0;
    };
    std::map<std::string, Seen> seen;
    for (const CardUse& use : seat.uses) {
      Seen& s = seen[use.card];
      s.drawn = s.drawn || use.drawn;
      s.opening = s.opening || use.opening_hand;
      if (use.played_turn >= 0) {
        s.played = true;
        ++s.copies_played;
        s.turn_sum += use.played_turn;
      }
    }
    for (const auto& [card, s] : seen) {
      const std::string deck = by_deck ? seat.deck : "";
      Tally& t = by_card[{deck, card}];
      t.stats.card = card;
      t.stats.deck = deck;
      ++t.stats.games;
      if (s.drawn) {
        ++t.stats.drawn;
        if (seat.won) ++t.stats.wins_drawn;
        // 17lands' OH and GD: a copy in the opening hand, or drawn with none there.
        ++(s.opening ? t.stats.opening : t.stats.drawn_later);
        if (seat.won) ++(s.opening ? t.stats.wins_opening : t.stats.wins_drawn_later);
      } else if (seat.won) {
        ++t.stats.wins_not_drawn;
      }
      if (s.played) ++t.stats.played;
      t.stats.copies_played += s.copies_played;
      t.turn_sum += s.turn_sum;
    }
  }
  std::vector<CardStats> out;
  for (auto& [key, t] : by_card) {
    CardStats& c = t.stats;
    if (c.copies_played > 0) c.mean_turn_played = t.turn_sum / c.copies_played;
    c.win_drawn = ai::wilson_interval(c.wins_drawn, c.drawn);
    c.win_opening = ai::wilson_interval(c.wins_opening, c.opening);
    c.win_drawn_later = ai::wilson_interval(c.wins_drawn_later, c.drawn_later);
    c.win_not_drawn = ai::wilson_interval(c.wins_not_drawn, c.games - c.drawn);
    c.difference = rate_difference(c.wins_drawn, c.drawn, c.wins_not_drawn, c.games - c.drawn);
    c.sort_key = sort_key(c.difference);
    c.few_games = c.drawn < kMinSampleGames || c.games - c.drawn < kMinSampleGames;
    c.rarely_played = c.drawn >= kMinSampleGames && 10 * c.played < c.drawn;
    out.push_back(c);
  }
  return out;
}

void write_card_stats_csv(const std::string& path, const std::vector<CardStats>& stats,
                          const std::vector<std::string>& names) {
  std::ofstream csv(path, std::ios::binary | std::ios::trunc);
  if (!csv) throw InputError(path + ": cannot write file");
  csv << "card,name,games,drawn,played,copies_played,mean_turn_played,win_drawn,win_drawn_low95,win_drawn_high95,"
         "win_not_drawn,win_not_drawn_low95,win_not_drawn_high95,difference,difference_low95,difference_high95,"
         "sort_key,few_games,rarely_played,deck,opening,win_opening,win_opening_low95,win_opening_high95,"
         "drawn_later,win_drawn_later,win_drawn_later_low95,win_drawn_later_high95\n";
  auto rate = [](int trials, const ai::Interval& i) {
    return trials > 0 ? fmt::format("{:.4f},{:.4f},{:.4f}", i.rate, i.low, i.high) : std::string(",,");
  };
  for (size_t k = 0; k < stats.size(); ++k) {
    const CardStats& c = stats[k];
    const std::string name = csv_field(k < names.size() ? names[k] : "");
    csv << fmt::format("{},{},{},{},{},{},{},{},{},{},{:.4f},{},{},{},{},{},{},{}\n", c.card, name, c.games, c.drawn, c.played,
                       c.copies_played,
                       c.copies_played > 0 ? fmt::format("{:.2f}", c.mean_turn_played) : std::string(),
                       rate(c.drawn, c.win_drawn), rate(c.games - c.drawn, c.win_not_drawn),
                       c.difference.defined ? fmt::format("{:.4f},{:.4f},{:.4f}", c.difference.value,
                                                          c.difference.low, c.difference.high)
                                            : std::string(",,"),
                       c.sort_key, c.few_games ? 1 : 0, c.rarely_played ? 1 : 0, c.deck, c.opening,
                       rate(c.opening, c.win_opening), c.drawn_later, rate(c.drawn_later, c.win_drawn_later));
  }
  csv.flush();
  if (!csv) throw InputError(path + ": cannot write file");
}

}  // namespace rise::lab
