// Dark Legacy hero advancement (games/dark-legacy/skill.h): the skill points a battle earns,
// the Skill Level Advancement Table and the special effects of the levels (Rules DL-18.*).
#include <gtest/gtest.h>

#include <vector>

#include "dark-legacy/skill.h"
#include "rise/core/error.h"

namespace {

using namespace rise::dl;

// Rule DL-18.3: the rulebook's table, row by row (level, points needed).
TEST(HeroSkill, PointsNeededFollowTheAdvancementTable) {
  const std::vector<std::pair<int, int>> table = {
      {1, 0},     {2, 20},    {3, 40},    {4, 60},    {5, 80},    {6, 100},   {7, 200},
      {8, 300},   {9, 400},   {10, 500},  {11, 700},  {12, 900},  {13, 1100}, {14, 1300},
      {15, 1500}, {16, 1800}, {17, 2100}, {18, 2400}, {19, 2700}, {20, 3000}};
  for (const auto& [level, points] : table) EXPECT_EQ(points_needed(level), points) << "level " << level;
  EXPECT_THROW(points_needed(0), rise::InputError);
  EXPECT_THROW(points_needed(21), rise::InputError);
}

// Rule DL-18.3: the level is the highest row whose points are reached; one point short of a
// row stays on the row below.
TEST(HeroSkill, LevelIsTheHighestRowReached) {
  EXPECT_EQ(level_for_points(0), 1);
  EXPECT_EQ(level_for_points(19), 1);
  EXPECT_EQ(level_for_points(20), 2);
  EXPECT_EQ(level_for_points(99), 5);
  EXPECT_EQ(level_for_points(100), 6);
  EXPECT_EQ(level_for_points(499), 9);
  EXPECT_EQ(level_for_points(500), 10);
  EXPECT_EQ(level_for_points(1499), 14);
  EXPECT_EQ(level_for_points(1500), 15);
  EXPECT_EQ(level_for_points(2999), 19);
  EXPECT_EQ(level_for_points(3000), 20);
  EXPECT_EQ(level_for_points(100000), 20);  // nothing above 20
  for (int level = 1; level <= kMaxSkillLevel; ++level) {
    EXPECT_EQ(level_for_points(points_needed(level)), level);
    if (level > 1) {
      EXPECT_EQ(level_for_points(points_needed(level) - 1), level - 1);
    }
  }
  EXPECT_THROW(level_for_points(-1), rise::InputError);
}

// Interpretation DL-I17: "Points Needed" are cumulative totals, not increments per level:
// 500 points in all make level 10 (read as increments, 500 would only reach level 7).
TEST(HeroSkill, PointsNeededAreCumulativeTotals) {
  EXPECT_EQ(level_for_points(500), 10);
  for (int level = 2; level <= kMaxSkillLevel; ++level) EXPECT_GT(points_needed(level), points_needed(level - 1));
}

TEST(HeroSkill, PointsToTheNextLevel) {
  EXPECT_EQ(points_to_next_level(0), 20);
  EXPECT_EQ(points_to_next_level(45), 15);    // level 3 (40), level 4 at 60
  EXPECT_EQ(points_to_next_level(650), 50);   // level 10 (500), level 11 at 700
  EXPECT_EQ(points_to_next_level(2999), 1);
  EXPECT_EQ(points_to_next_level(3000), std::nullopt);
}

// Rule DL-18.1: the winner earns twice its d20 roll, the loser half of it (the rulebook's own
// examples: roll 10 -> 20 and 5).
TEST(HeroSkill, WinnerDoublesTheRollLoserHalvesIt) {
  EXPECT_EQ(skill_points_award(10, BattleResult::kWin), 20);
  EXPECT_EQ(skill_points_award(10, BattleResult::kLoss), 5);
  EXPECT_EQ(skill_points_award(1, BattleResult::kWin), 2);
  EXPECT_EQ(skill_points_award(20, BattleResult::kWin), 40);
  EXPECT_EQ(skill_points_award(20, BattleResult::kLoss), 10);
  EXPECT_THROW(skill_points_award(0, BattleResult::kWin), rise::InputError);
  EXPECT_THROW(skill_points_award(21, BattleResult::kLoss), rise::InputError);
}

// Interpretation DL-I16: the loser's half is rounded down, and in a draw both count as
// losers.
TEST(HeroSkill, HalfIsRoundedDownAndADrawCountsAsALoss) {
  EXPECT_EQ(skill_points_award(7, BattleResult::kLoss), 3);
  EXPECT_EQ(skill_points_award(1, BattleResult::kLoss), 0);
  EXPECT_EQ(skill_points_award(19, BattleResult::kLoss), 9);
  for (int roll = 1; roll <= 20; ++roll) {
    EXPECT_EQ(skill_points_award(roll, BattleResult::kDraw), skill_points_award(roll, BattleResult::kLoss));
  }
}

// Rule DL-18.2: points accumulate across battles; the level follows the running total.
TEST(HeroSkill, PointsAccumulateAcrossBattles) {
  int total = 0;
  total += skill_points_award(10, BattleResult::kWin);   // 20
  EXPECT_EQ(level_for_points(total), 2);
  total += skill_points_award(9, BattleResult::kLoss);   // 4 -> 24
  total += skill_points_award(20, BattleResult::kWin);   // 40 -> 64
  EXPECT_EQ(total, 64);
  EXPECT_EQ(level_for_points(total), 4);
}

// Rules DL-4.1 and DL-18.4: 50 starting Life Points, 100 from level 6; from level 6 only the
// hero's faction cards (Rule DL-18.3: levels 1-5 cast cards of level 5 and lower of all).
TEST(HeroSkill, Level6DoublesStartingLifeAndLimitsCardsToTheFaction) {
  EXPECT_EQ(starting_life(1), 50);
  EXPECT_EQ(starting_life(5), 50);
  EXPECT_EQ(starting_life(6), 100);
  EXPECT_EQ(starting_life(20), 100);
  EXPECT_FALSE(only_faction_cards(5));
  EXPECT_TRUE(only_faction_cards(6));
}

// Rule DL-18.5: a second faction from level 10; its own level starts at 1 (0 points).
TEST(HeroSkill, Level10MayChooseASecondFactionStartingAtLevel1) {
  EXPECT_FALSE(may_choose_second_faction(9));
  EXPECT_TRUE(may_choose_second_faction(10));
  EXPECT_TRUE(may_choose_second_faction(20));
  EXPECT_EQ(level_for_points(0), 1);
}

// Rule DL-18.6: looking at the next two cards from level 15.
TEST(HeroSkill, Level15PeeksAtTwoCards) {
  EXPECT_FALSE(peeks_two(14));
  EXPECT_TRUE(peeks_two(15));
}

// Rule DL-18.7: one Casting Point at the beginning of each turn at level 20.
TEST(HeroSkill, Level20GeneratesACastingPoint) {
  EXPECT_FALSE(bonus_casting_point(19));
  EXPECT_TRUE(bonus_casting_point(20));
}

}  // namespace
