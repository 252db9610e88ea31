// Rule tests of rise-tcg: the Interpretations TCG-I1..I17 and hidden information (section
// 13) of docs/rules/rise-tcg.md. Each test names the rule ids it covers on its TEST line.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "test_access.h"

namespace tcgtest {
namespace {

using rise::tcg::ChoiceKind;
using rise::tcg::Phase;

TEST(TcgRules, TCG_I1_FirstTurnNoRestorationButStartEffects) {  // TCG-I1 TCG-3.2 TCG-4.2
  auto s = new_game(5);
  const int first = s->active_player();
  T::add_to_battlefield(*s, first, "test-herald");  // turn start: gain 2 Coins
  act(*s, "keep");
  act(*s, "keep");
  EXPECT_EQ(s->active_player(), first);
  EXPECT_EQ(s->phase(), Phase::kMain);
  EXPECT_EQ(s->player(first).hand.size(), 6u);  // no draw
  EXPECT_EQ(s->player(first).coins, 4);         // 2 of the set-up + 2 of the Herald, no Restoration Coins
}

TEST(TcgRules, TCG_I2_TargetsAreChosenWhenTheStepResolves) {  // TCG-I2 TCG-I4 TCG-8.2
  auto s = table();
  int a = T::add_to_battlefield(*s, 1, "test-grunt");
  int b = T::add_to_battlefield(*s, 1, "test-grunt");
  T::ready_one(*s, 1, 0);
  int bounce = T::add_to_hand(*s, 1, "test-bounce");
  int cascade = T::add_to_hand(*s, 0, "test-cascade");  // 2 damage to a Creature, draw 1
  act(*s, "invoke " + card(cascade) + " by S1");
  EXPECT_EQ(s->choice().kind, ChoiceKind::kNone);
  act(*s, "invoke " + card(bounce) + " by S1");  // p1 saves one of its grunts
  pass_window(*s);
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);
  EXPECT_EQ(s->current_player(), 1);
  act(*s, "choose " + card(a));
  // The cascade then finds one Creature left and takes it without asking.
  EXPECT_EQ(s->choice().kind, ChoiceKind::kNone);
  EXPECT_TRUE(contains(s->player(1).hand, a));
  EXPECT_EQ(s->obj(b).where, Where::kCemetery);
  EXPECT_EQ(s->player(0).hand.size(), 1u);
}

TEST(TcgRules, TCG_I3_AnAttackerIsBlockedByOneCardAtMost) {  // TCG-I3 TCG-7.2
  auto s = table();
  int bear = T::add_to_battlefield(*s, 0, "test-bear");
  int a = T::add_to_battlefield(*s, 1, "test-grunt");
  int b = T::add_to_battlefield(*s, 1, "test-hordling");
  declare(*s, {bear});
  act(*s, "block " + card(a) + " " + card(bear));
  EXPECT_FALSE(legal(*s, "block " + card(b) + " " + card(bear)));
  EXPECT_EQ(legal_set(*s), actions(*s, {"blocks done"}));
}

TEST(TcgRules, TCG_I4_OneOptionIsTakenNoOptionDoesNothing) {  // TCG-I4
  auto s = table();
  T::kill_summoner(*s, 1, 0);
  play(*s, "test-spark");  // 1 damage to an opposing Summoner: only p1.S2 lives
  EXPECT_EQ(s->choice().kind, ChoiceKind::kNone);
  EXPECT_EQ(s->player(1).summoners[1].hp, 19);
  int shrink = play(*s, "test-shrink");  // no Creature at all
  EXPECT_EQ(s->choice().kind, ChoiceKind::kNone);
  EXPECT_TRUE(contains(s->player(0).cemetery, shrink));
  EXPECT_EQ(s->phase(), Phase::kMain);
  EXPECT_EQ(s->current_player(), 0);
}

TEST(TcgRules, TCG_I4_SingleCardDiscardOrSearchIsNotAsked) {  // TCG-I4 TCG-8.2
  auto s = table();
  const int16_t top = s->player(0).library.back();
  int ponder = play(*s, "test-ponder");  // draw 1, then discard 1: the only card in hand
  EXPECT_EQ(s->choice().kind, ChoiceKind::kNone);
  EXPECT_TRUE(s->player(0).hand.empty());
  EXPECT_EQ(s->player(0).cemetery, (std::vector<int16_t>{static_cast<int16_t>(ponder), top}));
  // With two cards in hand the player chooses.
  int kept = T::add_to_hand(*s, 0, "test-grunt");
  play(*s, "test-ponder");
  ASSERT_EQ(s->choice().kind, ChoiceKind::kDiscard);
  EXPECT_EQ(s->choice().options.size(), 2u);
  act(*s, "choose " + card(s->player(0).hand.back()));
  EXPECT_EQ(s->player(0).hand, (std::vector<int16_t>{static_cast<int16_t>(kept)}));

  // A search with one match takes it; with two, the player picks one.
  auto t = table();
  int bear = T::add_to_library_top(*t, 0, "test-bear");
  const size_t library = t->player(0).library.size();
  play(*t, "test-tutor");
  EXPECT_EQ(t->choice().kind, ChoiceKind::kNone);
  EXPECT_TRUE(contains(t->player(0).hand, bear));
  EXPECT_EQ(t->player(0).library.size(), library - 1);
  int a = T::add_to_library_top(*t, 0, "test-bear");
  int b = T::add_to_library_top(*t, 0, "test-bear");
  play(*t, "test-tutor");
  ASSERT_EQ(t->choice().kind, ChoiceKind::kSearch);
  EXPECT_EQ(legal_set(*t), actions(*t, {"choose " + card(a), "choose " + card(b)}));
  act(*t, "choose " + card(b));
  EXPECT_TRUE(contains(t->player(0).hand, b));
  EXPECT_FALSE(contains(t->player(0).hand, a));
}

TEST(TcgRules, TCG_I5_PlayersWithoutAnAnswerPassAutomatically) {  // TCG-I5 TCG-4.6
  auto s = table();
  T::add_to_hand(*s, 1, "test-bolt");  // p1 holds an Imminent but has no point to pay for it
  act(*s, "pass");
  EXPECT_EQ(s->active_player(), 1);
  EXPECT_EQ(s->phase(), Phase::kRestoration);
  EXPECT_EQ(s->current_player(), 1);
  // A player that can answer is asked.
  auto t = table();
  T::ready_one(*t, 1, 0);
  T::add_to_hand(*t, 1, "test-bolt");
  act(*t, "pass");
  EXPECT_EQ(t->active_player(), 0);
  EXPECT_TRUE(t->window_open());
  EXPECT_EQ(t->current_player(), 1);
}

TEST(TcgRules, TCG_I6_AnOpenDoorAttacksAsACreature) {  // TCG-I6 TCG-10.4 TCG-10.2
  auto s = table();
  T::player(*s, 0).coins = 1;
  int door = T::add_to_battlefield(*s, 0, "test-door");      // 2/3
  int slinger = T::add_to_battlefield(*s, 1, "test-slinger");  // 2/1 Distance
  EXPECT_FALSE(legal(*s, "attack"));
  act(*s, "action " + card(door) + " 1");  // open it
  pass_window(*s);
  ASSERT_TRUE(s->obj(door).open);
  declare(*s, {door});
  EXPECT_TRUE(s->obj(door).tilted);
  act(*s, "block " + card(slinger) + " " + card(door));
  act(*s, "blocks done");
  pass_window(*s);
  EXPECT_EQ(s->obj(slinger).where, Where::kCemetery);
  EXPECT_EQ(s->obj(door).damage, 2);
  EXPECT_EQ(s->obj(door).where, Where::kBattlefield);
}

TEST(TcgRules, TCG_I6_AnAttackingDoorIsACreatureForEffects) {  // TCG-I6 TCG-12.9
  auto s = table();
  int door = T::add_to_battlefield(*s, 0, "test-door");
  T::obj(*s, door).open = true;
  T::ready_one(*s, 1, 0);
  int bounce = T::add_to_hand(*s, 1, "test-bounce");  // return target Creature
  declare(*s, {door});
  act(*s, "blocks done");
  ASSERT_EQ(s->current_player(), 0);
  act(*s, "pass");
  ASSERT_EQ(s->current_player(), 1);
  act(*s, "invoke " + card(bounce) + " by S1");
  pass_window(*s);
  // The attacking Door was the only Creature: it returned, and deals no damage.
  EXPECT_TRUE(contains(s->player(0).hand, door));
  EXPECT_EQ(s->choice().kind, ChoiceKind::kNone);
  EXPECT_EQ(s->main_step(), 2);
  EXPECT_EQ(s->player(1).summoners[0].hp, 20);
  EXPECT_EQ(s->player(1).summoners[1].hp, 20);

  // A Door that does not attack is no Creature.
  auto t = table();
  int idle = T::add_to_battlefield(*t, 1, "test-door");
  int bounce2 = play(*t, "test-bounce");
  EXPECT_EQ(t->obj(idle).where, Where::kBattlefield);
  EXPECT_TRUE(contains(t->player(0).cemetery, bounce2));
}

TEST(TcgRules, TCG_I7_TiltedCardsCannotBlock) {  // TCG-I7 TCG-7.2
  auto s = table();
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");
  int tilted = T::add_to_battlefield(*s, 1, "test-grunt");
  T::obj(*s, tilted).tilted = true;
  T::add_to_battlefield(*s, 1, "test-wall");
  T::obj(*s, s->battlefield().back()).tilted = true;
  declare(*s, {grunt});
  EXPECT_EQ(legal_set(*s), actions(*s, {"blocks done"}));
}

TEST(TcgRules, TCG_I8_EveryLaterEmptyDrawCostsASummoner) {  // TCG-I8 TCG-4.8
  auto s = table();
  T::empty_library(*s, 0);
  T::player(*s, 0).empty_draws = 2;
  play(*s, "test-study");  // draw 2: the first draw finds the library empty, the draw stops
  EXPECT_EQ(s->player(0).empty_draws, 3);
  ASSERT_EQ(s->choice().kind, ChoiceKind::kSacrifice);
  act(*s, "choose p0.S1");
  EXPECT_FALSE(s->player(0).summoners[0].alive);
  EXPECT_TRUE(s->player(0).summoners[1].alive);
  EXPECT_EQ(s->choice().kind, ChoiceKind::kNone);
  EXPECT_EQ(events_of(*s, rise::tcg::kEvSacrifice).size(), 1u);
}

TEST(TcgRules, TCG_I9_ATakenCardIsSickForItsNewController) {  // TCG-I9 TCG-4.6
  auto s = table();
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");  // no sickness for p1
  play(*s, "test-borrow");                                 // control until end of turn
  EXPECT_EQ(s->obj(grunt).controller, 0);
  EXPECT_EQ(s->obj(grunt).owner, 1);
  EXPECT_TRUE(s->obj(grunt).sick);
  EXPECT_FALSE(legal(*s, "attack"));
  act(*s, "pass");
  pass_window(*s);
  ASSERT_EQ(s->active_player(), 1);
  EXPECT_EQ(s->obj(grunt).controller, 1);  // control ended with the turn
}

TEST(TcgRules, TCG_I10_BlockerGoneBeforeDamageAttackerStaysBlocked) {  // TCG-I10 TCG-7.3
  auto s = table();
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");
  int blocker = T::add_to_battlefield(*s, 1, "test-grunt");
  int bounce = T::add_to_hand(*s, 0, "test-bounce");
  declare(*s, {grunt});
  act(*s, "block " + card(blocker) + " " + card(grunt));
  act(*s, "blocks done");
  ASSERT_EQ(s->current_player(), 0);
  act(*s, "invoke " + card(bounce) + " by S1");
  pass_window(*s);
  act(*s, "choose " + card(blocker));
  ASSERT_TRUE(contains(s->player(1).hand, blocker));
  pass_window(*s);
  EXPECT_EQ(s->choice().kind, ChoiceKind::kNone);
  EXPECT_EQ(s->main_step(), 2);
  EXPECT_EQ(s->player(1).summoners[0].hp, 20);
  EXPECT_EQ(s->player(1).summoners[1].hp, 20);
  EXPECT_EQ(s->obj(grunt).damage, 0);

  // Pierce sends its whole attack through.
  auto t = table();
  int piercer = T::add_to_battlefield(*t, 0, "test-piercer");  // 3/1
  int archer = T::add_to_battlefield(*t, 1, "test-archer");
  int bounce2 = T::add_to_hand(*t, 0, "test-bounce");
  declare(*t, {piercer});
  act(*t, "block " + card(archer) + " " + card(piercer));
  act(*t, "blocks done");
  act(*t, "invoke " + card(bounce2) + " by S1");
  pass_window(*t);
  act(*t, "choose " + card(archer));
  pass_window(*t);
  ASSERT_EQ(t->choice().kind, ChoiceKind::kDamageSummoner);
  act(*t, "choose p1.S1");
  EXPECT_EQ(t->player(1).summoners[0].hp, 17);
  EXPECT_EQ(t->obj(piercer).where, Where::kBattlefield);
}

TEST(TcgRules, TCG_I11_RegressAndRestoreLevels) {  // TCG-I11
  auto s = table();
  T::set_level(*s, 0, 1, 3, 3);  // Test Warden (3 skills), two Level Ups under it
  play(*s, "test-regress");
  act(*s, "choose p0.S2");
  EXPECT_EQ(s->player(0).summoners[1].level, 2);
  EXPECT_EQ(s->player(0).summoners[1].cp, 2);  // above the new maximum: lost
  play(*s, "test-restore");
  act(*s, "choose p0.S2");
  EXPECT_EQ(s->player(0).summoners[1].level, 3);
  play(*s, "test-restore");
  act(*s, "choose p0.S2");
  EXPECT_EQ(s->player(0).summoners[1].level, 3);  // never above 1 + its Level Ups
  // Never below 1.
  play(*s, "test-regress");
  act(*s, "choose p1.S1");
  EXPECT_EQ(s->player(1).summoners[0].level, 1);
}

// Issue 38: the terminal read "level 4/3" for a Summoner with a Level Up over its maximum.
TEST(TcgRules, TCG_I79_TheLevelShownStopsAtTheMaximum) {  // TCG-I79 TCG-I11
  auto s = table();
  T::set_level(*s, 0, 1, 4, 3);  // Test Warden (3 skills) with three Level Ups: one over
  EXPECT_EQ(s->player(0).summoners[1].level, 4);  // counted for regress (TCG-I11)
  const std::string text = s->render_text(0, false);
  EXPECT_NE(text.find("level 3/3  CP 3/3"), std::string::npos) << text;
  EXPECT_EQ(text.find("level 4/3"), std::string::npos) << text;
  const auto summoner = s->observation_json(0)["players"][0]["summoners"][1];
  EXPECT_EQ(summoner["max_cp"], 3);  // what the browser shows as the level
  EXPECT_EQ(summoner["level_ups"], 3);
  // A regress takes the Level Up over the maximum first: the Summoner keeps its three skills.
  play(*s, "test-regress");
  act(*s, "choose p0.S2");
  EXPECT_EQ(s->player(0).summoners[1].level, 3);
  EXPECT_NE(s->render_text(0, false).find("level 3/3  CP 3/3"), std::string::npos);
}

TEST(TcgRules, TCG_I12_TurnLimitMakesADraw) {  // TCG-I12
  auto s = new_game(5, "alpha,beta", "2");
  EXPECT_EQ(T::turn_limit(*s), 2);
  act(*s, "keep");
  act(*s, "keep");
  act(*s, "pass");  // turn 1 ends
  ASSERT_FALSE(s->is_terminal());
  EXPECT_EQ(s->turn_number(), 2);
  restore(*s, "draw 1");
  act(*s, "pass");
  pass_window(*s);  // turn 2 ends; turn 3 would pass the limit
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->returns(), (std::vector<double>{0.0, 0.0}));
  EXPECT_EQ(s->game_end(), (rise::GameEnd{"turn limit", "TCG-I12", {}}));
  EXPECT_THROW(new_game(5, "alpha,beta", "0"), rise::InputError);
}

TEST(TcgRules, TCG_I13_StolenCardReturnsToControllerDiesToOwner) {  // TCG-I13 TCG-12.9 TCG-6.2
  auto s = table();
  int grunt = T::add_to_battlefield(*s, 1, "test-grunt");
  play(*s, "test-seize");  // permanent control
  EXPECT_EQ(s->obj(grunt).controller, 0);
  play(*s, "test-bounce");
  EXPECT_TRUE(contains(s->player(0).hand, grunt));  // its controller's hand
  EXPECT_FALSE(contains(s->player(1).hand, grunt));
  T::summoner(*s, 0, 1).cp = 1;
  act(*s, "invoke " + card(grunt) + " by S2");
  EXPECT_EQ(s->obj(grunt).controller, 0);
  play(*s, "test-bolt");
  act(*s, "choose " + card(grunt));
  EXPECT_TRUE(contains(s->player(1).cemetery, grunt));  // its owner's Cemetery
  EXPECT_FALSE(contains(s->player(0).cemetery, grunt));
}

TEST(TcgRules, TCG_I14_EndingTemporaryCountersCanKill) {  // TCG-I14 TCG-4.6 TCG-6.1
  auto s = table();
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");  // 2/2
  play(*s, "test-boost");   // +2/+2 until end of turn: 4/4
  play(*s, "test-shrink");  // -2/-2 for good: 2/2
  EXPECT_EQ(s->defense_of(grunt), 2);
  EXPECT_EQ(s->obj(grunt).where, Where::kBattlefield);
  act(*s, "pass");
  pass_window(*s);
  EXPECT_EQ(s->active_player(), 1);
  EXPECT_EQ(s->obj(grunt).where, Where::kCemetery);
  auto dies = events_of(*s, rise::tcg::kEvDies);
  ASSERT_EQ(dies.size(), 1u);
  // It died before the next turn began.
  size_t dies_at = 0, turn_at = 0;
  for (size_t k = 0; k < s->events().size(); ++k) {
    if (s->events()[k].kind == rise::tcg::kEvDies) dies_at = k;
    if (s->events()[k].kind == rise::tcg::kEvTurn) turn_at = k;
  }
  EXPECT_LT(dies_at, turn_at);
}

TEST(TcgRules, TCG_I15_WindowsReopenAfterAChain) {  // TCG-I15 TCG-7.3
  auto s = table();
  T::set_level(*s, 0, 0, 3, 3);
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");
  int windfall = T::add_to_hand(*s, 0, "test-windfall");
  declare(*s, {grunt});
  act(*s, "blocks done");
  ASSERT_EQ(s->current_player(), 0);
  act(*s, "invoke " + card(windfall) + " by S1");
  act(*s, "pass");  // p1 cannot answer; p0 passes: the windfall resolves
  EXPECT_EQ(s->player(0).coins, 3);
  // The window before damage opened again, the active player first.
  EXPECT_TRUE(s->window_open());
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->main_step(), 1);
  act(*s, "pass");
  ASSERT_EQ(s->choice().kind, ChoiceKind::kDamageSummoner);
  act(*s, "choose p1.S1");
  EXPECT_EQ(s->main_step(), 2);

  // End of turn: the active player answers a chain but takes no new initiative.
  auto t = table();
  T::ready_one(*t, 1, 0);
  int insight = T::add_to_hand(*t, 1, "test-insight");
  int bolt = T::add_to_hand(*t, 0, "test-bolt");
  act(*t, "pass");
  ASSERT_EQ(t->current_player(), 1);
  act(*t, "invoke " + card(insight) + " by S1");
  ASSERT_EQ(t->current_player(), 0);
  EXPECT_TRUE(legal(*t, "invoke " + card(bolt) + " by S1"));
  act(*t, "pass");
  // Resolved; the window reopened for p1, which has nothing left, and p0 may not start
  // anything: the turn ended.
  EXPECT_EQ(t->player(1).hand.size(), 1u);
  EXPECT_EQ(t->active_player(), 1);
  EXPECT_TRUE(contains(t->player(0).hand, bolt));
}

TEST(TcgRules, TCG_I16_EquipmentWithoutHostStaysUnattached) {  // TCG-I16 TCG-12.11
  auto s = table();
  T::add_to_battlefield(*s, 1, "test-grunt");
  int blade = play(*s, "test-blade");  // only on a Creature p0 controls: none
  EXPECT_EQ(s->choice().kind, ChoiceKind::kNone);
  EXPECT_EQ(s->obj(blade).where, Where::kBattlefield);
  EXPECT_EQ(s->obj(blade).attached_to, -1);
  int grunt = T::add_to_battlefield(*s, 0, "test-grunt");
  EXPECT_EQ(s->attack_of(grunt), 2);
  EXPECT_EQ(s->defense_of(grunt), 2);
}

TEST(TcgRules, TCG_I17_SkillOfADeadSummonerStillResolves) {  // TCG-I17 TCG-9.2
  auto s = table();
  T::summoner(*s, 0, 0).hp = 2;
  T::ready_one(*s, 1, 0);
  int bolt = T::add_to_hand(*s, 1, "test-bolt");
  act(*s, "skill S1 1");  // Tithe: gain 1 Coin; no target declared
  EXPECT_EQ(s->choice().kind, ChoiceKind::kNone);
  act(*s, "invoke " + card(bolt) + " by S1");
  act(*s, "pass");  // p0
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);
  act(*s, "choose p0.S1");
  EXPECT_FALSE(s->player(0).summoners[0].alive);
  EXPECT_TRUE(s->chain().empty());
  EXPECT_EQ(s->player(0).coins, 1);  // the skill was paid: it resolved
}

// --- 13. Hidden information ---------------------------------------------------------------

// Every integer under an "id" key, and every element of "options", in a JSON tree.
void collect_ids(const nlohmann::json& j, std::vector<int>& out) {
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      if (it.key() == "id" && it.value().is_number_integer()) out.push_back(it.value().get<int>());
      if (it.key() == "options" && it.value().is_array()) {
        for (const auto& v : it.value()) out.push_back(v.get<int>());
      }
      collect_ids(it.value(), out);
    }
  } else if (j.is_array()) {
    for (const auto& v : j) collect_ids(v, out);
  }
}

TEST(TcgRules, TCG_13_1_ObservationShowsOnlyWhatThePlayerMaySee) {  // TCG-13.1 TCG-I78
  auto s = table();
  int mine = T::add_to_hand(*s, 0, "test-bolt");
  int secret_hand = T::add_to_hand(*s, 1, "test-secret");
  int secret_library = T::add_to_library_top(*s, 1, "test-secret");
  int public_card = T::add_to_battlefield(*s, 1, "test-grunt");
  T::add_to_cemetery(*s, 1, "test-imp");
  const std::string referee = s->to_json().dump();
  EXPECT_NE(referee.find("test-secret"), std::string::npos);

  nlohmann::json view = s->observation_json(0);
  const std::string text = view.dump();
  EXPECT_EQ(text.find("test-secret"), std::string::npos);
  EXPECT_NE(text.find("test-bolt"), std::string::npos);  // p0's own hand
  EXPECT_NE(text.find("test-imp"), std::string::npos);   // a Cemetery is public
  EXPECT_EQ(view["players"][1]["hand_count"], 1);
  EXPECT_EQ(view["players"][1]["library_count"], s->player(1).library.size());
  EXPECT_EQ(view["players"][0]["library_count"], s->player(0).library.size());
  EXPECT_FALSE(view["players"][1].contains("hand"));
  EXPECT_FALSE(view.contains("rng"));
  std::vector<int> ids;
  collect_ids(view, ids);
  EXPECT_NE(std::find(ids.begin(), ids.end(), mine), ids.end());
  EXPECT_NE(std::find(ids.begin(), ids.end(), public_card), ids.end());
  for (int16_t hidden : s->player(1).hand) EXPECT_EQ(std::find(ids.begin(), ids.end(), hidden), ids.end());
  for (int16_t hidden : s->player(1).library) EXPECT_EQ(std::find(ids.begin(), ids.end(), hidden), ids.end());
  for (int16_t hidden : s->player(0).library) EXPECT_EQ(std::find(ids.begin(), ids.end(), hidden), ids.end());
  EXPECT_NE(std::find(s->player(1).hand.begin(), s->player(1).hand.end(), secret_hand), s->player(1).hand.end());
  EXPECT_EQ(s->player(1).library.back(), secret_library);

  // A re-dealt state looks the same to p0, not to the referee.
  rise::Rng rng(99);
  bool differs = false;
  for (int k = 0; k < 5; ++k) {
    auto sample = s->resample_hidden(0, rng);
    EXPECT_EQ(sample->observation_json(0).dump(), text);
    differs = differs || sample->to_json().dump() != referee;
  }
  EXPECT_TRUE(differs);
  // Interpretation TCG-I78: a text for p0 names p1's hidden card by neither name nor id;
  // p1 reads both. (Ids and the library's order: tests/hidden_ids_test.cpp.)
  const Action invoke = s->string_to_action("invoke " + card(secret_hand) + " by S1");
  EXPECT_EQ(s->describe_action(invoke, 0), "invoke a card by S1");
  EXPECT_EQ(s->describe_action(invoke, rise::kSpectator), "invoke a card by S1");
  EXPECT_EQ(s->describe_action(invoke, 1), "invoke " + card(secret_hand) + " (Test Secret) by S1");
  // Object ids are drawn at random: a fresh game's ids do not give its deck list in order
  // (the library holds grunts and Level Ups mixed).
  auto g = new_game(21);
  std::vector<std::string> by_id;
  for (int id = 0; id < 50; ++id) by_id.push_back(g->cards().card(g->obj(id).def).id);
  EXPECT_FALSE(std::is_sorted(by_id.begin(), by_id.end()));
}

TEST(TcgRules, TCG_13_1_ACardReturnedToHandStaysKnownToAll) {  // TCG-13.1 TCG-9.2
  // p0's Pump announces its Action; p1 answers with a Bolt, p0 with a Bounce on its own
  // Pump. The Bounce resolves (the Pump goes back to p0's hand), then the Bolt asks p1 for
  // a target while the Pump's Action still waits on the chain.
  auto s = table();
  T::set_level(*s, 0, 0, 3, 3);
  T::player(*s, 0).coins = 1;
  for (int k = 0; k < 3; ++k) T::add_to_hand(*s, 0, "test-grunt");
  int pump = T::add_to_battlefield(*s, 0, "test-pump");
  int bounce = T::add_to_hand(*s, 0, "test-bounce");
  T::ready_one(*s, 1, 0);
  int bolt = T::add_to_hand(*s, 1, "test-bolt");
  act(*s, "action " + card(pump) + " 1");
  act(*s, "invoke " + card(bolt) + " by S1");
  act(*s, "invoke " + card(bounce) + " by S1");
  pass_window(*s);
  ASSERT_TRUE(contains(s->player(0).hand, pump));
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);
  ASSERT_EQ(s->chain().size(), 1u);
  EXPECT_EQ(s->chain()[0].source, pump);
  // The Pump went back to hand from the battlefield in front of everyone: p1 knows it is
  // there (known_hand), and a re-deal keeps it in p0's hand.
  const nlohmann::json obs = s->observation_json(1);
  const std::string theirs = obs.dump();
  ASSERT_EQ(obs["players"][0]["known_hand"].size(), 1u);
  EXPECT_EQ(obs["players"][0]["known_hand"][0]["id"], pump);
  EXPECT_EQ(obs["players"][0]["known_hand"][0]["card"], "test-pump");
  EXPECT_NE(s->observation_json(0).dump().find("test-pump"), std::string::npos);  // its owner knows
  // Its texts name it for every seat (TCG-I78 hides only what a seat cannot know).
  const Action again = s->string_to_action("invoke " + card(pump) + " by S1");
  EXPECT_EQ(s->describe_action(again, 1), "invoke " + card(pump) + " (Test Pump) by S1");
  rise::Rng rng(5);
  for (int k = 0; k < 8; ++k) EXPECT_EQ(s->resample_hidden(1, rng)->observation_json(1).dump(), theirs);
}

}  // namespace
}  // namespace tcgtest
