// Rule tests of combat (Rules DL-4.2, DL-4.3, DL-10.1, DL-10.5, DL-10.7, DL-11.1, DL-11.2,
// DL-11.8, DL-13.*, DL-14.*, DL-15.*, DL-16.*, DL-17.*; Interpretations DL-I13..DL-I15,
// DL-I19, DL-I24, DL-I33): every row of the Attack Roll Result Table for a creature blocked
// by a creature, a creature met by the hero, a hero met by the hero and a hero blocked by a
// creature, with exact damage; armor, distance weapons, flying, poison and the end of the
// battle. Every d20 is forced.
#include <gtest/gtest.h>

#include <vector>

#include "test_access.h"

namespace dltest {
namespace {

using rise::dl::kHeroRef;

// The damage object `id` took, from the log (kEvDamage), in order.
std::vector<int> damage_to(const DlState& s, int id) {
  std::vector<int> out;
  for (const Event& e : events_of(s, rise::dl::kEvDamage)) {
    if (e.a == id) out.push_back(e.b);
  }
  return out;
}

int total(const std::vector<int>& v) {
  int sum = 0;
  for (int x : v) sum += x;
  return sum;
}

// --- The Attack Roll Result Table (Rules DL-14.1..DL-14.5) ------------------------------

enum class Meeting { kCreatureBlocked, kCreatureVsHero, kHeroVsHero, kHeroBlocked };

struct TableCase {
  Meeting meeting;
  int roll;
  int attacker_damage;  // damage the attacker suffers (a hero: Life Points lost)
  int defender_damage;  // damage the blocker or the defending hero suffers
  bool defender_destroyed;
  const char* row;
};

void PrintTo(const TableCase& c, std::ostream* os) {
  static const char* names[] = {"creature blocked by creature", "creature met by hero", "hero met by hero",
                                "hero blocked by creature"};
  *os << names[static_cast<int>(c.meeting)] << ", roll " << c.roll;
}

class DlTableRows : public ::testing::TestWithParam<TableCase> {};

// The attacking creature is a t-wall (4/7), the blocking creature a t-wall (4/7); a hero has
// a t-sword (4 Attack Points) and 50 Life Points. 4 damage never destroys a wall (not higher
// than 7, DL-I14); the Critical Hit's 4 + 5 = 9 does.
TEST_P(DlTableRows, DL_14_EveryRowForEveryMeeting) {  // DL-14.1 DL-14.2 DL-14.3 DL-14.4 DL-14.5 DL-13.4 DL-13.5 DL-13.6 DL-10.1 DL-I13 DL-I14
  const TableCase c = GetParam();
  auto s = table();
  const bool hero_attacks = c.meeting == Meeting::kHeroVsHero || c.meeting == Meeting::kHeroBlocked;
  const bool blocked = c.meeting == Meeting::kCreatureBlocked || c.meeting == Meeting::kHeroBlocked;
  int attacker = kHeroRef;
  if (hero_attacks) {
    T::set_weapon(*s, 0, 0, "t-sword");
  } else {
    attacker = T::add_creature(*s, 0, "t-wall");
  }
  int blocker = -1;
  if (blocked) {
    blocker = T::add_creature(*s, 1, "t-wall");
  } else {
    T::set_weapon(*s, 1, 0, "t-sword");
  }
  act(*s, "attack phase");
  act(*s, hero_attacks ? "hero attacks" : "attack " + card(attacker));
  if (blocked) {
    act(*s, "attackers done");
    ASSERT_EQ(s->phase(), Phase::kBlocks);
    T::force_d20(*s, {c.roll});
    act(*s, "block " + card(blocker) + " " + (hero_attacks ? std::string("hero p0") : card(attacker)));
  } else {
    T::force_d20(*s, {c.roll});
    act(*s, "attackers done");
  }
  EXPECT_EQ(s->active_player(), 1);  // the Attack Phase ended the turn (DL-6.3)
  const std::string who = hero_attacks ? "its hero" : "t-wall #" + std::to_string(attacker);
  EXPECT_TRUE(log_has(*s, "p0 attack roll " + std::to_string(c.roll) + " for " + who + ": " + c.row))
      << testing::PrintToString(log_lines(*s));
  if (hero_attacks) {
    EXPECT_EQ(s->player(0).hero.life, 50 - c.attacker_damage);
  } else {
    EXPECT_EQ(total(damage_to(*s, attacker)), c.attacker_damage);
    EXPECT_EQ(s->obj(attacker).damage, c.attacker_damage);  // it stays until p0's next turn (DL-I14)
    EXPECT_TRUE(s->is_creature_in_play(attacker));
  }
  if (blocked) {
    EXPECT_EQ(total(damage_to(*s, blocker)), c.defender_damage);
    EXPECT_EQ(contains(s->player(1).boneyard, blocker), c.defender_destroyed);
  } else {
    EXPECT_EQ(s->player(1).hero.life, 50 - c.defender_damage);
  }
  expect_round_trip(*s);
}

INSTANTIATE_TEST_SUITE_P(
    Table, DlTableRows,
    ::testing::Values(
        // A creature blocked by a creature.
        TableCase{Meeting::kCreatureBlocked, 1, 4, 0, false, "Critical Miss (1-3)"},
        TableCase{Meeting::kCreatureBlocked, 3, 4, 0, false, "Critical Miss (1-3)"},
        TableCase{Meeting::kCreatureBlocked, 4, 0, 0, false, "Clean Miss (4-8)"},
        TableCase{Meeting::kCreatureBlocked, 8, 0, 0, false, "Clean Miss (4-8)"},
        TableCase{Meeting::kCreatureBlocked, 9, 4, 4, false, "Hit (9-17)"},
        TableCase{Meeting::kCreatureBlocked, 17, 4, 4, false, "Hit (9-17)"},
        TableCase{Meeting::kCreatureBlocked, 18, 0, 4, false, "Direct Hit (18-19)"},
        TableCase{Meeting::kCreatureBlocked, 19, 0, 4, false, "Direct Hit (18-19)"},
        TableCase{Meeting::kCreatureBlocked, 20, 0, 9, true, "Critical Hit (20)"},
        // A creature no creature blocks: the defending hero meets it and hits back.
        TableCase{Meeting::kCreatureVsHero, 2, 4, 0, false, "Critical Miss (1-3)"},
        TableCase{Meeting::kCreatureVsHero, 5, 0, 0, false, "Clean Miss (4-8)"},
        TableCase{Meeting::kCreatureVsHero, 13, 4, 4, false, "Hit (9-17)"},
        TableCase{Meeting::kCreatureVsHero, 18, 0, 4, false, "Direct Hit (18-19)"},
        TableCase{Meeting::kCreatureVsHero, 20, 0, 9, false, "Critical Hit (20)"},
        // A hero attacking, met by the defending hero.
        TableCase{Meeting::kHeroVsHero, 2, 4, 0, false, "Critical Miss (1-3)"},
        TableCase{Meeting::kHeroVsHero, 5, 0, 0, false, "Clean Miss (4-8)"},
        TableCase{Meeting::kHeroVsHero, 13, 4, 4, false, "Hit (9-17)"},
        TableCase{Meeting::kHeroVsHero, 19, 0, 4, false, "Direct Hit (18-19)"},
        TableCase{Meeting::kHeroVsHero, 20, 0, 9, false, "Critical Hit (20)"},
        // A hero attacking, blocked by a creature.
        TableCase{Meeting::kHeroBlocked, 3, 4, 0, false, "Critical Miss (1-3)"},
        TableCase{Meeting::kHeroBlocked, 7, 0, 0, false, "Clean Miss (4-8)"},
        TableCase{Meeting::kHeroBlocked, 9, 4, 4, false, "Hit (9-17)"},
        TableCase{Meeting::kHeroBlocked, 18, 0, 4, false, "Direct Hit (18-19)"},
        TableCase{Meeting::kHeroBlocked, 20, 0, 9, true, "Critical Hit (20)"}));

// Rules DL-14.3, DL-13.5: on a Hit both may be destroyed at once; "higher than" decides.
TEST(DlCombat, DL_14_3_BothDestroyedAtOnce) {  // DL-14.3 DL-13.5 DL-13.6 DL-I14
  auto s = table();
  const int glass0 = T::add_creature(*s, 0, "t-glass");  // 4/2
  const int glass1 = T::add_creature(*s, 1, "t-glass");
  act(*s, "attack phase");
  act(*s, "attack " + card(glass0));
  act(*s, "attackers done");
  T::force_d20(*s, {10});
  act(*s, "block " + card(glass1) + " " + card(glass0));
  EXPECT_EQ(s->player(0).boneyard, ids({glass0}));
  EXPECT_EQ(s->player(1).boneyard, ids({glass1}));
  EXPECT_EQ(damage_to(*s, glass0), std::vector<int>({4}));
  EXPECT_EQ(damage_to(*s, glass1), std::vector<int>({4}));
  EXPECT_TRUE(s->player(0).fields[0].empty());
  EXPECT_TRUE(s->player(1).fields[0].empty());
}

// Rules DL-11.1, DL-11.2, Interpretation DL-I24: damage to a hero goes to the Primary Armor,
// then the Secondary Armor, then Life Points; armor damage adds up across turns; an armor
// with no Defense Points left is destroyed, to the Boneyard.
TEST(DlCombat, DL_11_1_PrimaryArmorThenSecondaryThenLife) {  // DL-11.1 DL-11.2 DL-13.7 DL-I24 DL-4.3 DL-I13
  auto s = table();
  const int ghoul = T::add_creature(*s, 0, "t-ghoul");  // 3/3
  const int glass = T::add_creature(*s, 0, "t-glass");  // 4/2
  const int guard = T::add_creature(*s, 0, "t-guard");  // 4/4
  const int plate = T::set_armor(*s, 1, 0, "t-plate");   // 10
  const int shield = T::set_armor(*s, 1, 1, "t-shield");  // 5
  act(*s, "attack phase");
  act(*s, "attack " + card(ghoul));
  T::force_d20(*s, {12});  // Hit: 3 on the plate
  act(*s, "attackers done");
  EXPECT_EQ(s->obj(plate).damage, 3);
  EXPECT_EQ(s->obj(shield).damage, 0);
  EXPECT_EQ(s->player(1).hero.life, 50);
  EXPECT_EQ(s->active_player(), 1);
  EXPECT_EQ(s->obj(plate).damage, 3);  // p1's turn began: armor damage stays (DL-11.2)
  act(*s, "casting phase");
  act(*s, "end turn");
  act(*s, "attack phase");
  act(*s, "attack " + card(ghoul));
  act(*s, "attack " + card(glass));
  act(*s, "attack " + card(guard));
  T::clear_events(*s);
  // ghoul: Critical Hit 8 = 7 (the plate's last) + 1 (shield); glass: Direct Hit 4 = the
  // shield's last 4; guard: Hit 4 on Life Points, the hero's 1 back.
  T::force_d20(*s, {20, 18, 12});
  act(*s, "attackers done");
  std::vector<std::pair<int, int>> absorbed;
  for (const Event& e : events_of(*s, rise::dl::kEvArmorDamage)) absorbed.emplace_back(e.a, e.b);
  EXPECT_EQ(absorbed, (std::vector<std::pair<int, int>>{{plate, 7}, {shield, 1}, {shield, 4}}));
  EXPECT_EQ(s->player(1).armor[0], -1);
  EXPECT_EQ(s->player(1).armor[1], -1);
  EXPECT_EQ(s->player(1).boneyard, ids({plate, shield}));
  EXPECT_TRUE(s->player(1).removed.empty());
  EXPECT_EQ(s->player(1).hero.life, 46);
  EXPECT_EQ(damage_to(*s, guard), std::vector<int>({1}));
  EXPECT_TRUE(log_has(*s, "t-plate #" + std::to_string(plate) + " of p1 goes to the Boneyard"));
  EXPECT_TRUE(log_has(*s, "p1's hero loses 4 Life Points: 46 left"));
}

// Rule DL-13.7: damage to an attacking hero goes through its armor too.
TEST(DlCombat, DL_13_7_AttackingHeroDamagedThroughItsArmor) {  // DL-13.7 DL-11.1 DL-14.1
  auto s = table();
  T::set_weapon(*s, 0, 0, "t-sword");
  const int shield = T::set_armor(*s, 0, 0, "t-shield");  // 5
  const int guard = T::add_creature(*s, 1, "t-guard");     // 4/4
  act(*s, "attack phase");
  act(*s, "hero attacks");
  act(*s, "attackers done");
  T::force_d20(*s, {2});  // Critical Miss: the guard's 4 on the hero
  act(*s, "block " + card(guard) + " hero p0");
  EXPECT_EQ(s->obj(shield).damage, 4);
  EXPECT_EQ(s->player(0).hero.life, 50);
  EXPECT_TRUE(damage_to(*s, guard).empty());
}

// Rule DL-10.7, Interpretation DL-I19: a hero attacking with a distance weapon takes no damage
// back, even on a Critical Miss, from a blocker or the defending hero; with a melee weapon it
// does.
TEST(DlCombat, DL_10_7_DistanceWeaponNeverDamagedBack) {  // DL-10.7 DL-I19 DL-14.1 DL-14.3
  struct Case {
    const char* weapon;
    int roll;
    bool blocked;
    int attacker_life;
    int defender_damage;
  };
  const Case cases[] = {
      {"t-bow", 2, false, 50, 0},   // Critical Miss against the hero (AP 4): nothing back
      {"t-bow", 12, false, 50, 3},  // Hit: 3 dealt, nothing back
      {"t-bow", 1, true, 50, 0},    // Critical Miss against the guard
      {"t-bow", 9, true, 50, 3},    // Hit against the guard: 3, not higher than 4
      {"t-sword", 2, false, 46, 0}, // the same with a melee weapon: 4 back
      {"t-sword", 12, true, 46, 4},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.weapon) + " roll " + std::to_string(c.roll) + (c.blocked ? " blocked" : ""));
    auto s = table();
    T::set_weapon(*s, 0, 0, c.weapon);
    T::set_weapon(*s, 1, 0, "t-sword");
    int guard = c.blocked ? T::add_creature(*s, 1, "t-guard") : -1;
    act(*s, "attack phase");
    act(*s, "hero attacks");
    if (c.blocked) {
      act(*s, "attackers done");
      T::force_d20(*s, {c.roll});
      act(*s, "block " + card(guard) + " hero p0");
      EXPECT_EQ(total(damage_to(*s, guard)), c.defender_damage);
    } else {
      T::force_d20(*s, {c.roll});
      act(*s, "attackers done");
      EXPECT_EQ(s->player(1).hero.life, 50 - c.defender_damage);
    }
    EXPECT_EQ(s->player(0).hero.life, c.attacker_life);
  }
}

// Rules DL-15.1, DL-10.7, Interpretation DL-I13: a flying attacker is blocked only by a flyer
// or a creature that hits flyers; the defending hero damages it only if it flies or fights
// with a distance weapon.
TEST(DlCombat, DL_15_1_FlyingAttackerBlockersAndDamage) {  // DL-15.1 DL-10.7 DL-I13 DL-I19
  auto s = table();
  const int bat = T::add_creature(*s, 0, "t-bat");  // 2/2 flying
  T::add_creature(*s, 1, "t-ghoul");
  const int archer = T::add_creature(*s, 1, "t-archer");  // 2/3 hits flying
  const int bat1 = T::add_creature(*s, 1, "t-bat");
  const int dragon = T::add_creature(*s, 1, "t-dragon");  // 6/6 flying
  act(*s, "attack phase");
  act(*s, "attack " + card(bat));
  act(*s, "attackers done");
  EXPECT_EQ(legal_set(*s), actions(*s, {"block " + card(archer) + " " + card(bat), "block " + card(bat1) + " " + card(bat),
                                        "block " + card(dragon) + " " + card(bat), "blocks done"}));
  T::force_d20(*s, {10});  // Hit: 2 each way, neither higher than the other's Defense Points
  act(*s, "block " + card(archer) + " " + card(bat));
  EXPECT_EQ(damage_to(*s, bat), std::vector<int>({2}));
  EXPECT_EQ(damage_to(*s, archer), std::vector<int>({2}));
  EXPECT_TRUE(s->is_creature_in_play(bat));

  // Against the defending hero: a sword cannot reach it, a bow or flying can.
  const char* setups[] = {"sword", "bow", "wings"};
  for (const char* setup : setups) {
    SCOPED_TRACE(setup);
    auto t = table();
    const int flyer = T::add_creature(*t, 0, "t-bat");
    if (std::string(setup) == "bow") {
      T::set_weapon(*t, 1, 0, "t-bow");  // AP 3 distance
    } else {
      T::set_weapon(*t, 1, 0, "t-sword");  // AP 4
    }
    if (std::string(setup) == "wings") T::add_hero_enhancement(*t, 1, "t-wings");
    act(*t, "attack phase");
    act(*t, "attack " + card(flyer));
    T::force_d20(*t, {12});
    act(*t, "attackers done");
    EXPECT_EQ(t->player(1).hero.life, 48);
    const bool reached = std::string(setup) != "sword";
    EXPECT_EQ(contains(t->player(0).boneyard, flyer), reached);
    EXPECT_EQ(damage_to(*t, flyer).size(), reached ? 1u : 0u);
  }
}

// Interpretation DL-I19: a hero with flying (an Enhancement) attacking is blocked only by
// flyers or creatures that hit flyers.
TEST(DlCombat, DL_I19_FlyingHeroAttacker) {  // DL-I19 DL-15.1
  auto s = table();
  T::add_hero_enhancement(*s, 0, "t-wings");
  const int ghoul = T::add_creature(*s, 1, "t-ghoul");
  const int archer = T::add_creature(*s, 1, "t-archer");
  act(*s, "attack phase");
  act(*s, "hero attacks");
  act(*s, "attackers done");
  EXPECT_EQ(legal_set(*s), actions(*s, {"block " + card(archer) + " hero p0", "blocks done"}));
  (void)ghoul;
}

// Rule DL-15.2: a flying creature may block one that does not fly, and takes damage as usual.
TEST(DlCombat, DL_15_2_FlyingBlockerTakesNormalDamage) {  // DL-15.2 DL-14.3
  auto s = table();
  const int glass = T::add_creature(*s, 0, "t-glass");  // 4/2
  const int bat = T::add_creature(*s, 1, "t-bat");      // 2/2 flying
  act(*s, "attack phase");
  act(*s, "attack " + card(glass));
  act(*s, "attackers done");
  EXPECT_EQ(legal_set(*s), actions(*s, {"block " + card(bat) + " " + card(glass), "blocks done"}));
  T::force_d20(*s, {11});
  act(*s, "block " + card(bat) + " " + card(glass));
  EXPECT_EQ(s->player(1).boneyard, ids({bat}));  // 4 > 2
  EXPECT_EQ(damage_to(*s, glass), std::vector<int>({2}));  // 2 is not higher than 2
  EXPECT_TRUE(s->is_creature_in_play(glass));
}

// Rules DL-16.1, DL-16.2, DL-11.8, Interpretation DL-I15: a hero dies at 20 poison counters,
// not 19; a creature when its counters reach its Skill Level; Armor (either field) stops new
// counters, a Relic does not, counters already there stay.
TEST(DlCombat, DL_16_PoisonThresholdsAndArmor) {  // DL-16.1 DL-16.2 DL-11.8 DL-I15
  auto s = table();
  T::add_creature(*s, 1, "t-ghoul");  // keeps p1 in the battle
  const int dragon = T::add_creature(*s, 1, "t-dragon");  // level 5
  const int knight = T::add_creature(*s, 1, "t-knight");  // level 6
  T::set_poison(*s, 1, 14);
  std::vector<int> venoms;
  for (int k = 0; k < 5; ++k) venoms.push_back(T::add_to_hand(*s, 0, "t-venom"));  // 5 poison, cost 1
  T::set_cp(*s, 0, 5);
  act(*s, "casting phase");
  act(*s, "cast " + card(venoms[0]));
  act(*s, "target hero p1");
  EXPECT_EQ(s->player(1).hero.poison, 19);
  EXPECT_TRUE(s->player(1).hero.alive);
  act(*s, "cast " + card(venoms[1]));
  act(*s, "target " + card(dragon));  // 5 counters = level 5
  EXPECT_TRUE(contains(s->player(1).boneyard, dragon));
  act(*s, "cast " + card(venoms[2]));
  act(*s, "target " + card(knight));  // 5 < 6
  EXPECT_TRUE(s->is_creature_in_play(knight));
  EXPECT_EQ(s->obj(knight).poison, 5);
  act(*s, "cast " + card(venoms[3]));
  act(*s, "target " + card(knight));  // 10 >= 6
  EXPECT_TRUE(contains(s->player(1).boneyard, knight));
  act(*s, "cast " + card(venoms[4]));
  act(*s, "target hero p1");  // 19 + 5: 20 counters at most, and the hero is destroyed
  EXPECT_EQ(s->player(1).hero.poison, 20);
  EXPECT_FALSE(s->player(1).hero.alive);
  EXPECT_TRUE(log_has(*s, "p1's hero is destroyed"));
  EXPECT_FALSE(s->is_terminal());  // its ghoul is left (DL-17.1)

  // Armor in the Secondary field only: immune; a Relic: not; counters already there stay.
  auto t = table();
  T::set_armor(*t, 1, 1, "t-shield");
  T::set_poison(*t, 1, 10);
  T::add_relic(*t, 0, "t-idol");
  const int v1 = T::add_to_hand(*t, 0, "t-venom");
  const int v2 = T::add_to_hand(*t, 0, "t-venom");
  T::set_cp(*t, 0, 2);
  act(*t, "casting phase");
  act(*t, "cast " + card(v1));
  act(*t, "target hero p1");
  EXPECT_EQ(t->player(1).hero.poison, 10);
  EXPECT_TRUE(log_has(*t, "p1's hero wears armor: no poison"));
  act(*t, "cast " + card(v2));
  act(*t, "target hero p0");  // a Relic is no armor
  EXPECT_EQ(t->player(0).hero.poison, 5);
}

// Rule DL-17.1: a player is defeated only when its hero is dead AND it has no creature left.
TEST(DlCombat, DL_17_1_DefeatNeedsADeadHeroAndNoCreature) {  // DL-17.1 DL-4.5 DL-I16
  auto s = table();
  T::set_weapon(*s, 0, 0, "t-sword");
  T::set_life(*s, 1, 3);
  const int ghoul = T::add_creature(*s, 1, "t-ghoul");
  act(*s, "attack phase");
  act(*s, "hero attacks");
  act(*s, "attackers done");
  T::force_d20(*s, {18});  // the ghoul does not block: Direct Hit 4 on the hero
  act(*s, "blocks done");
  EXPECT_FALSE(s->player(1).hero.alive);
  EXPECT_EQ(s->player(1).hero.life, 0);
  EXPECT_FALSE(s->is_terminal());  // its ghoul fights on
  EXPECT_EQ(s->game_end(), rise::GameEnd{});
  EXPECT_EQ(s->active_player(), 1);
  act(*s, "end turn");  // p1's dead hero casts nothing (DL-I33)
  act(*s, "attack phase");
  act(*s, "hero attacks");
  act(*s, "attackers done");
  T::force_d20(*s, {12, 10, 7});  // Hit: 4 > 3, the ghoul is destroyed; then the skill rolls
  act(*s, "block " + card(ghoul) + " hero p0");
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->winner(), 0);
  EXPECT_EQ(s->returns(), std::vector<double>({1.0, -1.0}));
  EXPECT_EQ(s->player(0).hero.life, 47);  // the ghoul's 3 back, at the same time
  EXPECT_TRUE(log_has(*s, "p1 is defeated: its hero is dead and it has no creature"));
  EXPECT_TRUE(log_has(*s, "the battle is over: p0 wins"));
  EXPECT_EQ(s->game_end(), (rise::GameEnd{"hero and creatures destroyed", "DL-17.1", {}}));
  EXPECT_EQ(s->player(0).skill_points, 20);
  EXPECT_EQ(s->player(1).skill_points, 3);
}

// Rule DL-17.2, Interpretation DL-I33: a player whose hero is dead still draws, rolls no
// Casting Points, attacks with its creatures and blocks with them.
TEST(DlCombat, DL_17_2_DeadHerosPlayerDrawsAttacksAndBlocks) {  // DL-17.2 DL-I33 DL-I13
  auto s = table();
  const int ghoul1 = T::add_creature(*s, 1, "t-ghoul");
  const int guard1 = T::add_creature(*s, 1, "t-guard");
  const int glass0 = T::add_creature(*s, 0, "t-glass");
  T::add_to_hand(*s, 1, "t-bolt");
  T::kill_hero(*s, 1);
  act(*s, "casting phase");
  act(*s, "end turn");
  EXPECT_EQ(s->active_player(), 1);
  EXPECT_EQ(s->player(1).hand.size(), 2u);  // the bolt and the card drawn
  EXPECT_TRUE(log_has(*s, "p1 draws a card"));
  EXPECT_FALSE(log_has(*s, "p1 casting point roll"));
  EXPECT_EQ(s->player(1).cp, 0);
  EXPECT_EQ(legal_set(*s), actions(*s, {"attack phase", "end turn"}));
  act(*s, "attack phase");
  EXPECT_EQ(legal_set(*s), actions(*s, {"attack " + card(ghoul1), "attack " + card(guard1), "attackers done"}));
  act(*s, "attack " + card(ghoul1));
  act(*s, "attackers done");
  EXPECT_EQ(s->current_player(), 0);  // p0 may block with its glass
  T::force_d20(*s, {12});
  act(*s, "blocks done");  // p0's hero meets the ghoul: 3 damage, 1 back
  EXPECT_EQ(s->player(0).hero.life, 47);
  EXPECT_EQ(s->obj(ghoul1).damage, 1);
  EXPECT_EQ(s->active_player(), 0);
  // p0 attacks: p1's guard blocks (its ghoul attacked and is turned, DL-13.2).
  act(*s, "attack phase");
  act(*s, "attack " + card(glass0));
  act(*s, "attackers done");
  EXPECT_EQ(s->current_player(), 1);
  // Its hero is dead, so blocking is compulsory (Interpretation DL-I37): no `blocks done`.
  EXPECT_EQ(legal_set(*s), actions(*s, {"block " + card(guard1) + " " + card(glass0)}));
  T::force_d20(*s, {6});
  act(*s, "block " + card(guard1) + " " + card(glass0));
  EXPECT_TRUE(log_has(*s, "p1 blocks t-glass #" + std::to_string(glass0) + " with t-guard #" + std::to_string(guard1)));
  EXPECT_FALSE(s->is_terminal());
}

// Rule DL-4.2: the hero never gets Life Points back between turns; creatures get their full
// Defense Points back at the start of their controller's turn.
TEST(DlCombat, DL_4_2_HeroLifeStaysCreatureDamageResets) {  // DL-4.2 DL-6.1 DL-I14
  auto s = table();
  const int glass = T::add_creature(*s, 0, "t-glass");  // 4/2
  const int ghoul = T::add_creature(*s, 0, "t-ghoul");  // 3/3
  const int wall = T::add_creature(*s, 1, "t-wall");    // 4/7
  act(*s, "attack phase");
  act(*s, "attack " + card(glass));
  act(*s, "attack " + card(ghoul));
  act(*s, "attackers done");
  T::force_d20(*s, {18, 12});  // glass: Direct Hit on the wall; ghoul: Hit on the hero
  act(*s, "block " + card(wall) + " " + card(glass));
  EXPECT_EQ(damage_to(*s, wall), std::vector<int>({4}));
  EXPECT_EQ(s->obj(wall).damage, 0);  // p1's turn began: full Defense Points again
  EXPECT_EQ(s->obj(ghoul).damage, 1);  // p0's creature keeps it until p0's turn
  EXPECT_EQ(s->player(1).hero.life, 47);
  act(*s, "casting phase");
  act(*s, "end turn");
  EXPECT_EQ(s->obj(ghoul).damage, 0);
  EXPECT_EQ(s->player(1).hero.life, 47);
  act(*s, "casting phase");
  act(*s, "end turn");
  act(*s, "casting phase");
  act(*s, "end turn");
  EXPECT_EQ(s->player(1).hero.life, 47);
}

// Rule DL-4.3: the hero attacks in its turn and defends in the next, and meets several
// attackers in one turn.
TEST(DlCombat, DL_4_3_HeroAttacksAndDefendsAndMeetsSeveralAttackers) {  // DL-4.3 DL-I13 DL-13.2
  auto s = table();
  T::set_weapon(*s, 0, 0, "t-sword");
  const int ghoul = T::add_creature(*s, 1, "t-ghoul");  // 3/3
  const int glass = T::add_creature(*s, 1, "t-glass");  // 4/2
  act(*s, "attack phase");
  act(*s, "hero attacks");
  act(*s, "attackers done");
  T::force_d20(*s, {6});
  act(*s, "blocks done");  // Clean Miss
  act(*s, "attack phase");  // p1
  act(*s, "attack " + card(ghoul));
  act(*s, "attack " + card(glass));
  T::force_d20(*s, {12, 12});
  act(*s, "attackers done");  // p0 has no creature: its hero meets both
  EXPECT_EQ(s->player(0).hero.life, 43);  // 3 + 4
  EXPECT_EQ(s->player(1).boneyard, ids({ghoul, glass}));  // 4 > 3, 4 > 2
}

// Rule DL-13.2: a creature that attacked stays turned through the opponent's next turn and
// cannot block in it; the hero is not turned.
TEST(DlCombat, DL_13_2_AttackerCannotBlockNextTurn) {  // DL-13.2 DL-I25
  auto s = table();
  const int ghoul = T::add_creature(*s, 0, "t-ghoul");
  const int glass = T::add_creature(*s, 0, "t-glass");
  const int guard = T::add_creature(*s, 1, "t-guard");
  act(*s, "attack phase");
  act(*s, "attack " + card(ghoul));
  T::force_d20(*s, {6});
  act(*s, "attackers done");  // p1's guard does not block
  act(*s, "blocks done");
  EXPECT_TRUE(s->obj(ghoul).activated);
  act(*s, "attack phase");  // p1
  act(*s, "attack " + card(guard));
  act(*s, "attackers done");
  EXPECT_EQ(legal_set(*s), actions(*s, {"block " + card(glass) + " " + card(guard), "blocks done"}));
  T::force_d20(*s, {6});
  act(*s, "blocks done");
  EXPECT_FALSE(s->obj(ghoul).activated);  // p0's turn: un-activated
}

// Rule DL-13.3: a blocker meets one attacker, an attacker is met by at most one blocker; the
// attackers no creature blocks meet the hero.
TEST(DlCombat, DL_13_3_OneBlockerPerAttackerOneAttackerPerBlocker) {  // DL-13.3 DL-I13 DL-13.1
  auto s = table();
  const int ghoul = T::add_creature(*s, 0, "t-ghoul");
  const int glass = T::add_creature(*s, 0, "t-glass");
  const int wall = T::add_creature(*s, 1, "t-wall");
  const int guard = T::add_creature(*s, 1, "t-guard");
  act(*s, "attack phase");
  act(*s, "attack " + card(ghoul));
  act(*s, "attack " + card(glass));
  act(*s, "attackers done");
  EXPECT_EQ(legal_set(*s),
            actions(*s, {"block " + card(wall) + " " + card(ghoul), "block " + card(wall) + " " + card(glass),
                         "block " + card(guard) + " " + card(ghoul), "block " + card(guard) + " " + card(glass),
                         "blocks done"}));
  act(*s, "block " + card(wall) + " " + card(ghoul));
  EXPECT_EQ(legal_set(*s), actions(*s, {"block " + card(guard) + " " + card(glass), "blocks done"}));
  T::force_d20(*s, {6, 12});  // ghoul: Clean Miss on the wall; glass: Hit on the hero
  act(*s, "blocks done");
  EXPECT_EQ(s->player(1).hero.life, 46);
  EXPECT_EQ(damage_to(*s, glass), std::vector<int>({1}));
  EXPECT_TRUE(damage_to(*s, wall).empty());
  EXPECT_TRUE(damage_to(*s, guard).empty());
}

// Rules DL-10.1, DL-10.5: without a weapon the hero has 1 Attack Point; a weapon replaces it;
// the secondary weapon is used when declared.
TEST(DlCombat, DL_10_1_HeroAttackPointsAndTheSecondaryWeapon) {  // DL-10.1 DL-10.5 DL-13.1
  auto s = table();
  act(*s, "attack phase");
  act(*s, "hero attacks");
  T::force_d20(*s, {12});
  act(*s, "attackers done");
  EXPECT_EQ(s->player(1).hero.life, 49);
  EXPECT_EQ(s->player(0).hero.life, 49);

  auto t = table();
  T::set_weapon(*t, 0, 0, "t-sword");  // 4
  T::set_weapon(*t, 0, 1, "t-axe");    // 6
  act(*t, "attack phase");
  EXPECT_EQ(legal_set(*t), actions(*t, {"hero attacks", "hero attacks secondary", "attackers done"}));
  act(*t, "hero attacks secondary");
  EXPECT_TRUE(log_has(*t, "p0's hero attacks with its secondary weapon"));
  T::force_d20(*t, {12});
  act(*t, "attackers done");
  EXPECT_EQ(t->player(1).hero.life, 44);

  auto u = table();
  T::set_weapon(*u, 0, 0, "t-sword");
  act(*u, "attack phase");
  EXPECT_FALSE(legal(*u, "hero attacks secondary"));
  act(*u, "hero attacks");
  T::force_d20(*u, {12});
  act(*u, "attackers done");
  EXPECT_EQ(u->player(1).hero.life, 46);  // 4, not 1 + 4
}

// Interpretation DL-I44: "Armor: +1 Attack". An Armor's grant goes to the hero wearing it
// from the moment it is equipped, when it attacks and when it defends, and ends when the Armor
// leaves play; the opposing hero gets nothing (Rule DL-11.5).
TEST(DlCombat, DL_I44_ArmorGrantsItsHeroAttackWhileWorn) {  // DL-I44 DL-11.5 DL-11.2 DL-10.1 DL-13.5 DL-I3
  auto s = table();
  T::set_weapon(*s, 0, 0, "t-sword");                           // 4 Attack Points
  const int spikemail = T::add_to_hand(*s, 0, "t-spikemail");  // DP 3, cost 1, +1 Attack
  T::set_cp(*s, 0, 1);
  EXPECT_EQ(s->hero_attack(0, 0), 4);
  act(*s, "equip " + card(spikemail));  // before the phase is declared (DL-I3)
  EXPECT_EQ(s->player(0).cp, 0);
  EXPECT_EQ(s->player(0).armor[0], spikemail);
  EXPECT_EQ(s->hero_attack(0, 0), 5);  // the sword's 4 + 1
  EXPECT_EQ(s->hero_attack(1, 0), 1);  // not the other hero (DL-11.5)
  act(*s, "attack phase");
  act(*s, "hero attacks");
  T::force_d20(*s, {12});  // Hit: 5 on p1's hero; p1's hero hits back with 1, on p0's armor
  act(*s, "attackers done");
  EXPECT_EQ(s->player(1).hero.life, 45);
  EXPECT_EQ(s->obj(spikemail).damage, 1);
  EXPECT_EQ(s->player(0).hero.life, 50);
  EXPECT_TRUE(log_has(*s, "p1's hero loses 5 Life Points: 45 left")) << testing::PrintToString(log_lines(*s));
  expect_round_trip(*s);

  // p1's turn: a guard (4/4) attacks; p0's hero defends with 5 (the grant holds in defence).
  // Both amounts are fixed first (DL-13.5): the guard takes 5 and dies; its 4 take the armor's
  // last 2 Defense Points (it is destroyed, DL-11.2) and 2 Life Points.
  ASSERT_EQ(s->active_player(), 1);
  const int guard = T::add_creature(*s, 1, "t-guard");
  act(*s, "attack phase");
  act(*s, "attack " + card(guard));
  T::force_d20(*s, {12});
  act(*s, "attackers done");
  EXPECT_EQ(damage_to(*s, guard), std::vector<int>({5}));
  EXPECT_TRUE(contains(s->player(1).boneyard, guard));
  EXPECT_EQ(s->player(0).armor[0], -1);
  EXPECT_EQ(s->player(0).boneyard, ids({spikemail}));
  EXPECT_EQ(s->player(0).hero.life, 48);
  // The armor is gone: so is its grant.
  EXPECT_EQ(s->hero_attack(0, 0), 4);

  // p0's next attack deals the sword's 4 only.
  ASSERT_EQ(s->active_player(), 0);
  act(*s, "attack phase");
  act(*s, "hero attacks");
  T::force_d20(*s, {12});
  act(*s, "attackers done");
  EXPECT_EQ(s->player(1).hero.life, 41);
  EXPECT_EQ(s->player(0).hero.life, 47);  // p1's hero hits back with 1, no armor left
  expect_round_trip(*s);
}

// Interpretation DL-I44, Rule DL-11.4: two copies of one Armor grant once, and the grant stays
// while either copy is worn; different cards' grants add up; an Armor may grant keywords, and
// grants when it is the pre-battle Equipment.
TEST(DlCombat, DL_I44_TwoCopiesOfOneArmorGrantOnce) {  // DL-I44 DL-11.4 DL-11.2 DL-I19 DL-I32
  auto s = table();
  const int first = T::set_armor(*s, 0, 0, "t-spikemail", 2);  // 1 Defense Point left
  const int second = T::set_armor(*s, 0, 1, "t-spikemail");
  EXPECT_EQ(s->hero_attack(0, 0), 2);  // 1 + 1, not 1 + 1 + 1
  act(*s, "attack phase");
  act(*s, "hero attacks");
  T::force_d20(*s, {12});  // Hit: 2 on p1's hero; its 1 back destroys the first copy
  act(*s, "attackers done");
  EXPECT_EQ(s->player(1).hero.life, 48);
  EXPECT_EQ(s->player(0).armor[0], -1);
  EXPECT_EQ(s->player(0).armor[1], second);
  EXPECT_EQ(s->player(0).boneyard, ids({first}));
  EXPECT_EQ(s->player(0).hero.life, 50);
  EXPECT_EQ(s->hero_attack(0, 0), 2);  // the second copy still grants

  // A Relic's grant and an Armor's add up: sword 4 + armor 1 + idol 1.
  auto t = table();
  T::set_weapon(*t, 0, 0, "t-sword");
  T::set_armor(*t, 0, 0, "t-spikemail");
  T::add_relic(*t, 0, "t-idol");
  EXPECT_EQ(t->hero_attack(0, 0), 6);

  // An Armor that grants flying makes its hero a flyer (DL-I19), not the other one.
  auto u = table();
  EXPECT_FALSE(u->flies(kHeroRef + 0));
  T::set_armor(*u, 0, 0, "t-wingmail");
  EXPECT_TRUE(u->flies(kHeroRef + 0));
  EXPECT_FALSE(u->flies(kHeroRef + 1));
  EXPECT_EQ(u->hero_attack(0, 0), 1);

  // The pre-battle Equipment grants too: it runs no `cast` effect (DL-I32), but a grant is
  // not an effect that runs, it holds while the Armor is worn.
  auto v = game().make(3, "wingmail", "mixed");
  act(*v, "equip t-wingmail");
  act(*v, "equip t-sword");
  ASSERT_GE(v->player(0).armor[0], 0);
  EXPECT_EQ(v->card_of(v->player(0).armor[0]).id, "t-wingmail");
  EXPECT_TRUE(v->flies(kHeroRef + 0));
  EXPECT_FALSE(v->flies(kHeroRef + 1));
  expect_round_trip(*v);
}

}  // namespace
}  // namespace dltest
