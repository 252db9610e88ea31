// The basic tests of the dark-legacy engine: the set-up, a turn, a Casting Phase, every row
// of the Attack Roll Result Table, armor, charging, a counter, JSON and notation round
// trips, and random battles to the end. Each TEST names the rule ids it covers.
#include <gtest/gtest.h>

#include <vector>

#include "test_access.h"

namespace dltest {
namespace {

using rise::dl::kHeroRef;

// Passes every open response window (the stack resolves).
void pass_all(DlState& s) {
  for (int guard = 0; guard < 20 && s.window_open() && !s.choice_pending(); ++guard) act(s, "pass");
}

TEST(DlFlow, DL_5_1_SetupEquipShuffleFirstPlayerDraw) {  // DL-5.1 DL-5.2 DL-5.3 DL-5.4 DL-I6 DL-I7
  auto s = game().make(3);
  EXPECT_EQ(s->phase(), Phase::kSetup);
  EXPECT_EQ(s->current_player(), 0);
  // The 0-cost Equipment of the deck the hero may use: t-sword, t-bow, t-plate, t-idol.
  EXPECT_EQ(legal_set(*s), actions(*s, {"equip t-sword", "equip t-bow", "equip t-plate", "equip t-idol"}));
  EXPECT_FALSE(legal(*s, "equip none"));
  EXPECT_FALSE(legal(*s, "equip t-axe"));  // cost 3
  act(*s, "equip t-plate");
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(s->num_objects(), 0);  // nothing dealt before both choices
  // After the two shuffles the first-player rolls are 7 and 15.
  auto chance = T::force_d20(*s, {7, 15}, 2);
  act(*s, "equip t-bow");
  EXPECT_EQ(chance->used(), 4u);
  EXPECT_EQ(s->player(0).armor[0], 0);  // the equipped cards get the first ids
  EXPECT_EQ(s->player(0).armor_played, 1);
  EXPECT_EQ(s->player(1).weapon[0], 1);
  EXPECT_EQ(s->card_of(1).id, "t-bow");
  auto rolls = events_of(*s, rise::dl::kEvFirstRoll);
  ASSERT_EQ(rolls.size(), 2u);
  EXPECT_EQ(rolls[0].a, 7);
  EXPECT_EQ(rolls[1].a, 15);
  EXPECT_EQ(s->starting_player(), 1);
  EXPECT_EQ(s->active_player(), 1);
  EXPECT_EQ(s->turn_number(), 1);
  EXPECT_EQ(s->player(0).hand.size(), 5u);
  EXPECT_EQ(s->player(1).hand.size(), 6u);  // five, then the first turn's draw (DL-I22)
  EXPECT_EQ(s->player(0).library.size(), 44u);
  EXPECT_EQ(s->player(1).library.size(), 43u);
  EXPECT_EQ(s->phase(), Phase::kDeclare);
  EXPECT_GE(s->player(1).cp, 1);  // the Casting Point roll (DL-I2)
  EXPECT_FALSE(legal(*s, "attack phase"));  // DL-6.2
  EXPECT_TRUE(legal(*s, "casting phase"));
  expect_round_trip(*s);
}

TEST(DlFlow, DL_5_1_NoEligibleEquipmentMeansEquipNone) {  // DL-5.1 DL-I6
  auto s = game().make(5, "bare", "mixed");
  EXPECT_EQ(legal_set(*s), actions(*s, {"equip none"}));
  act(*s, "equip none");
  act(*s, "equip t-idol");  // a Relic goes to the Secondary Armor/Relic Field
  ASSERT_EQ(s->player(1).relics.size(), 1u);
  EXPECT_EQ(s->card_of(s->player(1).relics[0]).id, "t-idol");
  EXPECT_EQ(s->player(0).weapon[0], -1);
  EXPECT_EQ(s->player(0).armor[0], -1);
}

TEST(DlFlow, DL_6_1_TurnStartStepsAndCastingPointRoll) {  // DL-6.1 DL-7.1 DL-7.2 DL-13.2 DL-I2
  auto s = table();
  int mine = T::add_creature(*s, 0, "t-ghoul");
  T::obj(*s, mine).activated = true;  // it attacked: stays turned through p1's turn
  int theirs = T::add_creature(*s, 1, "t-guard");
  T::obj(*s, theirs).activated = true;
  T::obj(*s, theirs).damage = 3;
  T::set_cp(*s, 1, 4);
  act(*s, "casting phase");
  T::force_d20(*s, {13});
  act(*s, "end turn");
  EXPECT_EQ(s->active_player(), 1);
  EXPECT_EQ(s->turn_number(), 4);
  EXPECT_EQ(s->player(1).cp, 13);  // emptied, then the roll
  EXPECT_EQ(s->player(1).hand.size(), 1u);
  EXPECT_FALSE(s->obj(theirs).activated);
  EXPECT_EQ(s->obj(theirs).damage, 0);
  EXPECT_TRUE(s->obj(mine).activated);
  EXPECT_TRUE(log_has(*s, "p1 casting point roll 13: 13 Casting Points"));
  EXPECT_TRUE(log_has(*s, "p1 draws a card", 0));
  EXPECT_FALSE(log_has(*s, "p1 draws a card", 1));  // its owner sees the card
}

TEST(DlFlow, DL_8_1_CastCreaturesIntoFields) {  // DL-8.1 DL-8.2 DL-8.3 DL-3.5 DL-3.6 DL-I22
  auto s = table();
  int g1 = T::add_to_hand(*s, 0, "t-ghoul");
  int g2 = T::add_to_hand(*s, 0, "t-ghoul");
  int guard = T::add_to_hand(*s, 0, "t-guard");
  T::set_cp(*s, 0, 5);
  EXPECT_FALSE(legal(*s, "cast " + card(g1)));  // not before a Casting Phase is declared
  act(*s, "casting phase");
  act(*s, "cast " + card(g1));
  EXPECT_FALSE(s->window_open());  // p1 has no Instant: the spell resolves at once
  EXPECT_EQ(s->player(0).fields[0], std::vector<int16_t>({static_cast<int16_t>(g1)}));
  EXPECT_TRUE(s->is_creature_in_play(g1));
  EXPECT_EQ(s->player(0).cp, 3);
  act(*s, "cast " + card(guard));
  EXPECT_EQ(s->obj(guard).slot, 1);  // a different card: the next empty field
  EXPECT_EQ(s->player(0).cp, 1);
  EXPECT_FALSE(legal(*s, "cast " + card(g2)));
  EXPECT_NE(s->explain_illegal(s->string_to_action("cast " + card(g2))).find("costs 2"), std::string::npos);
  T::set_cp(*s, 0, 2);
  act(*s, "cast " + card(g2));
  EXPECT_EQ(s->obj(g2).slot, 0);  // stacks with the same card
  EXPECT_EQ(s->phase(), Phase::kCasting);
  EXPECT_TRUE(log_has(*s, "p0 casts t-ghoul #" + std::to_string(g2)));
  expect_round_trip(*s);
}

struct RowCase {
  int roll;
  const char* blocker;
  bool attacker_dies;
  bool blocker_dies;
  const char* row_text;
};

void PrintTo(const RowCase& c, std::ostream* os) { *os << "roll " << c.roll << " against " << c.blocker; }

class DlAttackRows : public ::testing::TestWithParam<RowCase> {};

// t-ghoul (3/3) attacks and is blocked; one forced d20.
TEST_P(DlAttackRows, DL_14_RowsOfTheTable) {  // DL-13.1 DL-13.3 DL-13.4 DL-13.5 DL-13.6 DL-14.1 DL-14.2 DL-14.3 DL-14.4 DL-14.5 DL-I14
  const RowCase c = GetParam();
  auto s = table();
  int ghoul = T::add_creature(*s, 0, "t-ghoul");
  int blocker = T::add_creature(*s, 1, c.blocker);
  act(*s, "attack phase");
  act(*s, "attack " + card(ghoul));
  EXPECT_TRUE(s->obj(ghoul).activated);
  act(*s, "attackers done");
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(legal_set(*s), actions(*s, {"block " + card(blocker) + " " + card(ghoul), "blocks done"}));
  // The block step ends by itself when no further block is possible: the roll follows.
  T::force_d20(*s, {c.roll});
  act(*s, "block " + card(blocker) + " " + card(ghoul));
  EXPECT_EQ(s->active_player(), 1);  // the Attack Phase ended the turn (DL-6.3)
  EXPECT_EQ(contains(s->player(0).boneyard, ghoul), c.attacker_dies);
  EXPECT_EQ(contains(s->player(1).boneyard, blocker), c.blocker_dies);
  EXPECT_TRUE(log_has(*s, "p0 attack roll " + std::to_string(c.roll) + " for t-ghoul #" + std::to_string(ghoul) + ": " +
                              c.row_text))
      << testing::PrintToString(log_lines(*s));
  expect_round_trip(*s);
}

INSTANTIATE_TEST_SUITE_P(
    Rows, DlAttackRows,
    ::testing::Values(RowCase{2, "t-guard", true, false, "Critical Miss (1-3)"},    // suffers 4 > 3
                      RowCase{3, "t-glass", true, false, "Critical Miss (1-3)"},    // deals nothing
                      RowCase{6, "t-glass", false, false, "Clean Miss (4-8)"},      // nothing either way
                      RowCase{12, "t-glass", true, true, "Hit (9-17)"},             // both die
                      RowCase{12, "t-ghoul", false, false, "Hit (9-17)"},           // 3 is not higher than 3 (DL-I14)
                      RowCase{12, "t-wall", true, false, "Hit (9-17)"},             // 3 vs 7 DP
                      RowCase{18, "t-glass", false, true, "Direct Hit (18-19)"},    // suffers nothing
                      RowCase{19, "t-guard", false, false, "Direct Hit (18-19)"},   // 3 vs 4 DP
                      RowCase{20, "t-wall", false, true, "Critical Hit (20)"}));    // 3 + 5 > 7

TEST(DlFlow, DL_11_1_UnblockedAttackThroughArmorThenLife) {  // DL-11.1 DL-11.2 DL-13.7 DL-I13 DL-4.3
  auto s = table();
  int ghoul = T::add_creature(*s, 0, "t-ghoul");
  int glass = T::add_creature(*s, 0, "t-glass");
  int plate = T::set_armor(*s, 1, 0, "t-plate", 8);   // 2 Defense Points left
  int shield = T::set_armor(*s, 1, 1, "t-shield");    // 5
  act(*s, "attack phase");
  act(*s, "attack " + card(ghoul));
  act(*s, "attack " + card(glass));
  T::force_d20(*s, {12, 20});
  act(*s, "attackers done");  // p1 has no creature: no blocks; no secondary weapon: no choice
  // ghoul: Hit, 3 damage = 2 on the plate (destroyed) + 1 on the shield; the hero (AP 1)
  // hits back: 1 is not higher than 3. glass: Critical Hit, 4 + 5 = 9: 4 on the shield
  // (destroyed), 5 Life Points; no damage back.
  EXPECT_TRUE(contains(s->player(1).boneyard, plate));
  EXPECT_TRUE(contains(s->player(1).boneyard, shield));
  EXPECT_EQ(s->player(1).hero.life, 45);
  EXPECT_EQ(s->obj(ghoul).damage, 1);
  EXPECT_EQ(s->obj(glass).damage, 0);
  EXPECT_TRUE(log_has(*s, "p1's hero loses 5 Life Points: 45 left"));
}

TEST(DlFlow, DL_10_7_DistanceWeaponHeroAgainstFlyingBlocker) {  // DL-10.1 DL-10.7 DL-15.1 DL-15.2 DL-I19
  auto s = table();
  T::set_weapon(*s, 0, 0, "t-bow");  // AP 3, distance
  int bat = T::add_creature(*s, 1, "t-bat");
  act(*s, "attack phase");
  act(*s, "hero attacks");
  act(*s, "attackers done");
  T::force_d20(*s, {2});  // Critical Miss: still no damage back to a distance attacker
  act(*s, "block " + card(bat) + " hero p0");
  EXPECT_EQ(s->player(0).hero.life, 50);
  EXPECT_FALSE(contains(s->player(1).boneyard, bat));
  // Next time: a Hit kills the bat.
  auto t = table();
  T::set_weapon(*t, 0, 0, "t-bow");
  int bat2 = T::add_creature(*t, 1, "t-bat");
  act(*t, "attack phase");
  act(*t, "hero attacks");
  act(*t, "attackers done");
  T::force_d20(*t, {10});
  act(*t, "block " + card(bat2) + " hero p0");
  EXPECT_TRUE(contains(t->player(1).boneyard, bat2));
  EXPECT_EQ(t->player(0).hero.life, 50);
}

TEST(DlFlow, DL_15_1_FlyingAttackerBlockedOnlyByFlyersOrHitsFlying) {  // DL-15.1 DL-I13
  auto s = table();
  int bat = T::add_creature(*s, 0, "t-bat");
  int ghoul = T::add_creature(*s, 1, "t-ghoul");
  int archer = T::add_creature(*s, 1, "t-archer");
  act(*s, "attack phase");
  act(*s, "attack " + card(bat));
  act(*s, "attackers done");
  EXPECT_EQ(legal_set(*s), actions(*s, {"block " + card(archer) + " " + card(bat), "blocks done"}));
  (void)ghoul;
  T::force_d20(*s, {10});  // Hit on the hero: 2 damage; the hero (AP 1, no flying) cannot hit back
  act(*s, "blocks done");
  EXPECT_EQ(s->player(1).hero.life, 48);
  EXPECT_EQ(s->obj(bat).damage, 0);
}

TEST(DlFlow, DL_9_1_ChargeThenCastWhenCharged) {  // DL-9.1 DL-9.2 DL-I12 DL-I45
  auto s = table();
  int dragon = T::add_to_hand(*s, 0, "t-dragon");  // level 5: 4 tokens for a level-1 hero
  T::set_cp(*s, 0, 10);
  act(*s, "casting phase");
  EXPECT_FALSE(legal(*s, "cast " + card(dragon)));
  EXPECT_NE(s->explain_illegal(s->string_to_action("cast " + card(dragon))).find("charge it"), std::string::npos);
  // Interpretation DL-I45: the other seat and spectators read neither the card nor its id.
  const Action charge = s->string_to_action("charge " + card(dragon));
  EXPECT_EQ(s->describe_action(charge, 1), "charge a card");
  EXPECT_EQ(s->describe_action(charge, rise::kSpectator), "charge a card");
  EXPECT_EQ(s->describe_action(charge, 0), "charge " + card(dragon) + " (" + s->card_of(dragon).name + ")");
  act(*s, "charge " + card(dragon));
  EXPECT_EQ(s->player(0).charging, dragon);
  EXPECT_EQ(s->player(0).cp, 10);  // free
  // Hidden from the opponent: presence and tokens only.
  EXPECT_FALSE(s->observation_json(1)["players"][0]["charging"].contains("card"));
  EXPECT_TRUE(s->observation_json(0)["players"][0]["charging"].contains("card"));
  for (int round = 1; round <= 4; ++round) {
    act(*s, "end turn");
    T::set_cp(*s, 1, 0);
    act(*s, "casting phase");  // p1
    act(*s, "end turn");
    EXPECT_EQ(s->player(0).tokens, round);
    act(*s, "casting phase");  // p0
    T::set_cp(*s, 0, 10);
    EXPECT_EQ(legal(*s, "cast charged"), round == 4) << round;
  }
  EXPECT_TRUE(log_has(*s, "p0's charging card gets a token (4 of 4 needed)", 0));
  EXPECT_TRUE(log_has(*s, "p0's charging card gets a token (4 in all)", 1));
  act(*s, "cast charged");
  pass_all(*s);
  EXPECT_TRUE(s->is_creature_in_play(dragon));
  EXPECT_EQ(s->player(0).charging, -1);
  EXPECT_EQ(s->player(0).cp, 5);
}

TEST(DlFlow, DL_8_4_CounterImmediatelyAfterTheCast) {  // DL-8.4 DL-3.6 DL-3.8 DL-I4 DL-I5
  auto s = table();
  int ghoul = T::add_to_hand(*s, 0, "t-ghoul");
  int negate = T::add_to_hand(*s, 1, "t-negate");
  T::set_cp(*s, 0, 5);
  T::set_cp(*s, 1, 3);  // left from p1's own turn (Rule DL-7.2)
  act(*s, "casting phase");
  act(*s, "cast " + card(ghoul));
  ASSERT_TRUE(s->window_open());
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(legal_set(*s), actions(*s, {"pass", "cast " + card(negate)}));
  act(*s, "cast " + card(negate));
  // p0 has no Instant: the stack resolves, the counter first.
  EXPECT_FALSE(s->window_open());
  EXPECT_TRUE(s->stack().empty());
  EXPECT_TRUE(contains(s->player(0).boneyard, ghoul));
  EXPECT_TRUE(contains(s->player(1).boneyard, negate));
  EXPECT_TRUE(s->player(0).fields[0].empty());
  EXPECT_TRUE(s->player(1).fields[rise::dl::kInstantField].empty());
  EXPECT_EQ(s->player(0).cp, 3);  // the cost stays paid
  EXPECT_EQ(s->player(1).cp, 2);
  EXPECT_TRUE(log_has(*s, "t-ghoul #" + std::to_string(ghoul) + " of p0 is countered"));
  // A counter needs an opponent's spell just cast.
  int negate2 = T::add_to_hand(*s, 0, "t-negate");
  EXPECT_FALSE(legal(*s, "cast " + card(negate2)));
}

TEST(DlFlow, DL_1_4_InstantTargetChosenOnResolution) {  // DL-1.4 DL-8.2 DL-I4
  auto s = table();
  int bolt = T::add_to_hand(*s, 0, "t-bolt");
  int ghoul = T::add_creature(*s, 1, "t-ghoul");
  T::set_cp(*s, 0, 2);
  // An Instant may be cast before the phase is declared; the opponent passes (nothing to
  // cast), then the target is chosen as the step resolves.
  act(*s, "cast " + card(bolt));
  ASSERT_TRUE(s->choice_pending());
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(legal_set(*s), actions(*s, {"target " + card(ghoul), "target hero p0", "target hero p1"}));
  act(*s, "target hero p1");
  EXPECT_EQ(s->player(1).hero.life, 47);
  EXPECT_TRUE(contains(s->player(0).boneyard, bolt));
  EXPECT_EQ(s->phase(), Phase::kDeclare);
  EXPECT_TRUE(log_has(*s, "p0 targets the hero of p1 with t-bolt #" + std::to_string(bolt)));
}

TEST(DlFlow, DL_17_1_BattleEndsWithSkillRolls) {  // DL-17.1 DL-18.1 DL-4.5 DL-I16
  auto s = table();
  T::set_life(*s, 1, 3);
  int sword = T::set_weapon(*s, 1, 0, "t-sword");
  act(*s, "attack phase");
  act(*s, "hero attacks");
  T::set_weapon(*s, 0, 0, "t-sword");
  T::force_d20(*s, {18, 10, 7});  // Direct Hit 4 (sword) > 3 Life Points; skill rolls 10 and 7
  act(*s, "attackers done");
  EXPECT_TRUE(s->is_terminal());
  EXPECT_TRUE(contains(s->player(1).boneyard, sword));  // DL-4.5
  EXPECT_EQ(s->returns(), std::vector<double>({1.0, -1.0}));
  EXPECT_EQ(s->player(0).skill_roll, 10);
  EXPECT_EQ(s->player(0).skill_points, 20);
  EXPECT_EQ(s->player(1).skill_roll, 7);
  EXPECT_EQ(s->player(1).skill_points, 3);
  EXPECT_EQ(s->to_json()["skill_points"], nlohmann::json({20, 3}));
  EXPECT_TRUE(log_has(*s, "p1 skill point roll 7: 3 skill points"));
  expect_round_trip(*s);
}

TEST(DlFlow, NotationRoundTrip) {
  auto s = table();
  T::add_to_hand(*s, 0, "t-ghoul");
  T::add_to_hand(*s, 0, "t-edge");
  T::add_to_hand(*s, 0, "t-idol");
  T::add_to_hand(*s, 0, "t-shield");
  T::add_to_hand(*s, 0, "t-dragon");
  T::add_to_hand(*s, 0, "t-bolt");
  T::set_weapon(*s, 0, 0, "t-sword");
  T::set_cp(*s, 0, 20);
  act(*s, "casting phase");
  std::vector<std::string> texts = legal_texts(*s);
  for (const std::string& text : texts) {
    EXPECT_EQ(s->action_to_string(s->string_to_action(text)), text);
  }
  for (const char* text : {"equip none", "equip t-sword", "casting phase", "attack phase", "cast #12",
                           "cast #12 to relic field", "cast #12 on hero", "cast #3 on weapon 2", "cast #3 on armor 1",
                           "cast charged", "cast charged on weapon 1", "charge #4", "equip #5", "activate #6",
                           "end turn", "target #7", "target hero p1", "attack #8", "hero attacks",
                           "hero attacks secondary", "attackers done", "block #9 #10", "block #9 hero p0",
                           "blocks done", "defend primary", "defend secondary", "pass"}) {
    rise::Action a = s->string_to_action(text);
    EXPECT_EQ(s->string_to_action(s->action_to_string(a)), a) << text;
  }
  EXPECT_THROW(s->string_to_action("cast #1 on nothing"), rise::InputError);
  EXPECT_THROW(s->string_to_action("equip t-nothing"), rise::InputError);
  EXPECT_THROW(s->string_to_action("fly away"), rise::InputError);
}

}  // namespace
}  // namespace dltest

namespace dltest {
namespace {

// State::describe_decision (issues 19 and 20): what the seat to move decides, in the
// rulebook's words, and the refusal of a seat that does not decide.
TEST(DlDecision, TheSetUpAndThePhasesSayWhatIsDecided) {
  auto s = game().make(3);
  EXPECT_EQ(s->describe_decision(), "choose the pre-battle Equipment (Rule DL-5.1)");
  try {
    act(*s, "seat 1: equip t-bow");
    ADD_FAILURE() << "seat 1 chose during seat 0's set-up";
  } catch (const rise::InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "test 'seat 1: equip t-bow': it is seat 0's decision (to choose the pre-battle Equipment (Rule DL-5.1)), "
              "not seat 1's");
  }
  auto t = table();
  EXPECT_EQ(t->phase(), Phase::kDeclare);
  EXPECT_EQ(t->describe_decision(), "declare a Casting Phase or an Attack Phase (Rule DL-6.1)");
  act(*t, "casting phase");
  EXPECT_EQ(t->describe_decision(), "cast cards in the Casting Phase, or end it (Rules DL-8.*)");
}

}  // namespace
}  // namespace dltest
