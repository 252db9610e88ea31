// Dark Legacy hero advancement: skill points after a battle, the Skill Level Advancement
// Table and the special effects each level unlocks (rulebook, "Advancing Your Hero's Skill
// Level"; docs/rules/dark-legacy.md, DL-18). Pure functions, header-only: the battle rules
// (games/dark-legacy/), the hero store's front ends (cli/) and the AI all call them, and
// none of them needs the others. The store (store/) keeps points; levels are always derived
// from points here, never stored (Rule DL-18.3).
#pragma once

#include <array>
#include <optional>
#include <string>

#include "rise/core/error.h"

namespace rise::dl {

// The highest skill level of the table.
inline constexpr int kMaxSkillLevel = 20;

// Rule DL-18.3, Interpretation DL-I17: the cumulative skill points needed for each level
// 1..20 (index level - 1). "Points Needed" are totals since the hero was created, not
// increments: the table's column grows monotonically and the rulebook calls points
// "cumulative".
inline constexpr std::array<int, kMaxSkillLevel> kPointsNeeded = {
    0, 20, 40, 60, 80, 100, 200, 300, 400, 500, 700, 900, 1100, 1300, 1500, 1800, 2100, 2400, 2700, 3000};

// A player's result in a battle, as far as skill points care.
enum class BattleResult { kWin, kLoss, kDraw };

// Rule DL-18.3: the cumulative skill points needed for `level` (1..20): 0 for level 1, 20
// for level 2, ..., 3000 for level 20. Throws InputError for a level outside 1..20.
inline int points_needed(int level) {
  if (level < 1 || level > kMaxSkillLevel) {
    throw InputError("skill level " + std::to_string(level) + " is not in 1.." + std::to_string(kMaxSkillLevel));
  }
  return kPointsNeeded[static_cast<size_t>(level - 1)];
}

// Rules DL-18.2, DL-18.3: the skill level of a total of `points` skill points: the highest
// level whose points needed are reached (0 -> 1, 19 -> 1, 20 -> 2, 3000 and more -> 20).
// Throws InputError for negative points.
inline int level_for_points(int points) {
  if (points < 0) throw InputError("skill points " + std::to_string(points) + " are negative");
  int level = 1;
  while (level < kMaxSkillLevel && points >= kPointsNeeded[static_cast<size_t>(level)]) ++level;
  return level;
}

// The skill points still missing to reach the next level from a total of `points`; none at
// level 20. Throws InputError for negative points.
inline std::optional<int> points_to_next_level(int points) {
  const int level = level_for_points(points);
  if (level == kMaxSkillLevel) return std::nullopt;
  return points_needed(level + 1) - points;
}

// Rule DL-18.1, Interpretation DL-I16: the skill points a player earns after a battle from
// its d20 roll (1..20): the winner twice the roll, the loser half of it rounded down (roll 1
// earns 0). In a draw (both sides defeated at once) both players count as losers. Throws
// InputError for a roll outside 1..20.
inline int skill_points_award(int d20, BattleResult result) {
  if (d20 < 1 || d20 > 20) throw InputError("d20 roll " + std::to_string(d20) + " is not in 1..20");
  return result == BattleResult::kWin ? 2 * d20 : d20 / 2;
}

// Rules DL-4.1, DL-18.4: the Life Points a hero of skill `level` starts each battle with:
// 50, or 100 from level 6.
inline int starting_life(int level) { return level >= 6 ? 100 : 50; }

// Rules DL-18.3, DL-18.4: from level 6 a hero may only play cards of its own faction(s)
// (unless a card says otherwise); at levels 1-5 cards of skill level 5 and lower of every
// faction may be cast.
inline bool only_faction_cards(int level) { return level >= 6; }

// Rule DL-18.5: from level 10 (in its primary faction) a hero may choose a second faction,
// once; the second faction's own level starts at 1 (its points at 0).
inline bool may_choose_second_faction(int level) { return level >= 10; }

// Rule DL-18.6: from level 15, at the end of its turn the player looks at the next two cards
// of its deck.
inline bool peeks_two(int level) { return level >= 15; }

// Rule DL-18.7: from level 20, at the beginning of each of its turns the hero generates one
// Casting Point.
inline bool bonus_casting_point(int level) { return level >= 20; }

}  // namespace rise::dl
