// Rule tests of rise-tcg, sections 1-4: decks, Stock and Ether, set-up, the turn
// (docs/rules/rise-tcg.md). Each test names the rule ids it covers on its TEST line.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rise-tcg/card_set.h"
#include "rise/cardgame/card_loader.h"
#include "test_access.h"

namespace tcgtest {
namespace {

using rise::InputError;
using rise::cardgame::Deck;
using rise::tcg::ChoiceKind;
using rise::tcg::Phase;

const rise::cardgame::CardDatabase& db() { return *rise::tcg::load_card_set(data_dir())->db; }

std::vector<std::string> violations(const std::string& file) {
  return rise::cardgame::validate_deck(db(), rise::cardgame::load_deck_file(data_dir() + "/" + file));
}

std::string joined(const std::vector<std::string>& list) {
  std::string out;
  for (const auto& v : list) out += v + "\n";
  return out;
}

// --- 1. Decks ---------------------------------------------------------------------------

TEST(TcgRules, TCG_1_1_TwoDifferentSummonersAndFiftyCards) {  // TCG-1.1
  EXPECT_TRUE(violations("decks/alpha.yaml").empty()) << joined(violations("decks/alpha.yaml"));

  auto same = violations("bad-decks/same-summoner.yaml");
  ASSERT_EQ(same.size(), 1u) << joined(same);
  EXPECT_NE(same[0].find("test-sage"), std::string::npos) << same[0];

  auto short_library = violations("bad-decks/short-library.yaml");
  ASSERT_EQ(short_library.size(), 1u) << joined(short_library);
  EXPECT_NE(short_library[0].find("49"), std::string::npos) << short_library[0];

  // A game refuses a bad deck, whichever seat has it.
  EXPECT_THROW(new_game(1, data_dir() + "/bad-decks/same-summoner.yaml,beta"), InputError);
  EXPECT_THROW(new_game(1, "alpha," + data_dir() + "/bad-decks/short-library.yaml"), InputError);
}

TEST(TcgRules, TCG_1_2_NoSummonerInTheLibrary) {  // TCG-1.2
  auto found = violations("bad-decks/summoner-in-library.yaml");
  ASSERT_EQ(found.size(), 1u) << joined(found);
  EXPECT_NE(found[0].find("test-apprentice"), std::string::npos) << found[0];
  EXPECT_THROW(new_game(1, data_dir() + "/bad-decks/summoner-in-library.yaml,beta"), InputError);
}

TEST(TcgRules, TCG_1_3_RankLimitsCopiesInfiniteRankDoesNot) {  // TCG-1.3
  auto found = violations("bad-decks/over-rank.yaml");
  ASSERT_EQ(found.size(), 1u) << joined(found);
  EXPECT_NE(found[0].find("test-bear"), std::string::npos) << found[0];
  EXPECT_NE(found[0].find('5'), std::string::npos) << found[0];
  EXPECT_THROW(new_game(1, data_dir() + "/bad-decks/over-rank.yaml,beta"), InputError);

  // 50 copies of an infinite-rank card are legal, and a game starts with them.
  EXPECT_TRUE(violations("decks/endless.yaml").empty()) << joined(violations("decks/endless.yaml"));
  auto s = new_game(1, "endless,beta");
  EXPECT_EQ(s->player(0).library.size() + s->player(0).hand.size(), 50u);
  for (int16_t id : s->player(0).library) EXPECT_EQ(s->cards().card(s->obj(id).def).id, "test-imp");
}

// --- 2. Stock and Ether -----------------------------------------------------------------

TEST(TcgRules, TCG_2_1_StockAndEtherStayWithinZeroToThirty) {  // TCG-2.1
  auto s = table();
  T::player(*s, 0).coins = 29;
  T::player(*s, 0).ether = 28;
  int windfall = T::add_to_hand(*s, 0, "test-windfall");  // gain 3 Coins and 3 Ether
  act(*s, "invoke " + card(windfall) + " by S1");
  pass_window(*s);
  EXPECT_EQ(s->player(0).coins, 30);
  EXPECT_EQ(s->player(0).ether, 30);

  T::player(*s, 1).coins = 3;
  T::player(*s, 1).ether = 0;
  int purge = T::add_to_hand(*s, 0, "test-purge");  // the opponent loses 5 Coins and 5 Ether
  act(*s, "invoke " + card(purge) + " by S2");
  pass_window(*s);
  EXPECT_EQ(s->player(1).coins, 0);
  EXPECT_EQ(s->player(1).ether, 0);
  EXPECT_EQ(s->player(0).coins, 30);
}

// --- 3. Set-up --------------------------------------------------------------------------

TEST(TcgRules, TCG_3_1_HighestDieRollPlaysFirstTiesRollAgain) {  // TCG-3.1
  // The d6s are forced (after the two library shuffles): p0 rolls 2, p1 rolls 5.
  {
    auto s = new_game_forced(R"([{"shuffle": "random"}, {"shuffle": "random"}, {"d6": 2}, {"d6": 5}])");
    auto rolls = events_of(*s, rise::tcg::kEvDieRoll);
    ASSERT_EQ(rolls.size(), 2u);
    EXPECT_EQ(rolls[0].player, 0);
    EXPECT_EQ(rolls[0].a, 2);
    EXPECT_EQ(rolls[1].player, 1);
    EXPECT_EQ(rolls[1].a, 5);
    auto first = events_of(*s, rise::tcg::kEvFirstPlayer);
    ASSERT_EQ(first.size(), 1u);
    EXPECT_EQ(first[0].player, 1);
    EXPECT_EQ(s->starting_player(), 1);
    EXPECT_EQ(s->active_player(), 1);
    EXPECT_EQ(s->current_player(), 1);  // it decides its mulligan first
  }
  // A tie (4 and 4), then another (6 and 6): both roll again each time; then 3 against 1.
  {
    auto s = new_game_forced(R"([{"shuffle": "random"}, {"shuffle": "random"}, {"d6": 4}, {"d6": 4},
                                 {"d6": 6}, {"d6": 6}, {"d6": 3}, {"d6": 1}])");
    auto rolls = events_of(*s, rise::tcg::kEvDieRoll);
    ASSERT_EQ(rolls.size(), 6u);
    const int expected[6][2] = {{0, 4}, {1, 4}, {0, 6}, {1, 6}, {0, 3}, {1, 1}};
    for (size_t k = 0; k < 6; ++k) {
      EXPECT_EQ(rolls[k].player, expected[k][0]) << "roll " << k;
      EXPECT_EQ(rolls[k].a, expected[k][1]) << "roll " << k;
    }
    auto first = events_of(*s, rise::tcg::kEvFirstPlayer);
    ASSERT_EQ(first.size(), 1u);
    EXPECT_EQ(first[0].player, 0);
    EXPECT_EQ(s->starting_player(), 0);
    EXPECT_EQ(s->active_player(), 0);
    EXPECT_EQ(s->current_player(), 0);
  }
  // Unforced, the rolls come from the seeded Rng: the same seed gives the same rolls.
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    auto rolls = events_of(*new_game(seed), rise::tcg::kEvDieRoll);
    auto again = events_of(*new_game(seed), rise::tcg::kEvDieRoll);
    ASSERT_EQ(again.size(), rolls.size()) << "seed " << seed;
    for (size_t k = 0; k < rolls.size(); ++k) EXPECT_EQ(again[k].a, rolls[k].a) << "seed " << seed;
  }
}

TEST(TcgRules, TCG_3_2_OpeningHandsCoinsAndNoFirstDraw) {  // TCG-3.2 TCG-I1
  auto s = new_game(5);
  const int first = s->active_player();
  const int other = 1 - first;
  EXPECT_EQ(s->phase(), Phase::kMulligan);
  EXPECT_EQ(s->player(first).hand.size(), 6u);
  EXPECT_EQ(s->player(first).coins, 2);
  EXPECT_EQ(s->player(first).library.size(), 44u);
  EXPECT_EQ(s->player(other).hand.size(), 4u);
  EXPECT_EQ(s->player(other).coins, 1);
  EXPECT_EQ(s->player(other).library.size(), 46u);
  for (int p = 0; p < 2; ++p) EXPECT_EQ(s->player(p).ether, 0);

  act(*s, "keep");
  act(*s, "keep");
  // The first player's first turn: straight to Invocation, no draw and no Coins.
  EXPECT_EQ(s->turn_number(), 1);
  EXPECT_EQ(s->active_player(), first);
  EXPECT_EQ(s->phase(), Phase::kMain);
  EXPECT_EQ(s->player(first).hand.size(), 6u);
  EXPECT_EQ(s->player(first).coins, 2);
  EXPECT_FALSE(legal(*s, "draw 1"));

  // The other player's first turn has its Restoration.
  act(*s, "pass");
  EXPECT_EQ(s->turn_number(), 2);
  EXPECT_EQ(s->active_player(), other);
  EXPECT_EQ(s->phase(), Phase::kRestoration);
  EXPECT_EQ(legal_set(*s), actions(*s, {"draw 1", "draw 2"}));
  restore(*s, "draw 2");
  EXPECT_EQ(s->player(other).hand.size(), 6u);
  EXPECT_EQ(s->player(other).coins, 2);
}

TEST(TcgRules, TCG_3_3_MulliganUpToThreeTimesThenKeepOrConcede) {  // TCG-3.3
  auto s = new_game(5);
  const int first = s->active_player();
  const int other = 1 - first;
  EXPECT_EQ(legal_set(*s), actions(*s, {"keep", "mulligan"}));
  for (int k = 1; k <= 3; ++k) {
    ASSERT_EQ(s->current_player(), first);
    act(*s, "mulligan");
    EXPECT_EQ(s->player(first).mulligans, k);
    EXPECT_EQ(s->player(first).hand.size(), 6u);  // the same number of cards again
    EXPECT_EQ(s->player(first).library.size(), 44u);
  }
  EXPECT_EQ(events_of(*s, rise::tcg::kEvMulligan).size(), 3u);
  // After the third mulligan: keep or concede.
  EXPECT_EQ(legal_set(*s), actions(*s, {"keep", "concede"}));
  act(*s, "keep");
  // Then the next player in turn order decides.
  EXPECT_EQ(s->current_player(), other);
  EXPECT_EQ(s->phase(), Phase::kMulligan);
  act(*s, "mulligan");
  EXPECT_EQ(s->player(other).hand.size(), 4u);
  act(*s, "keep");
  EXPECT_EQ(s->phase(), Phase::kMain);
  EXPECT_EQ(s->active_player(), first);
}

TEST(TcgRules, TCG_3_3_ConcedingAfterThreeMulligansEndsTheGame) {  // TCG-3.3 TCG-4.9
  auto s = new_game(5);
  const int first = s->active_player();
  for (int k = 0; k < 3; ++k) act(*s, "mulligan");
  // Issue 38: conceding asks for a confirmation (State::action_warning); keeping does not.
  EXPECT_EQ(s->action_warning(s->string_to_action("concede")), "concede ends the game: you lose (Rule TCG-3.3)");
  EXPECT_EQ(s->action_warning(s->string_to_action("keep")), "");
  act(*s, "concede");
  EXPECT_TRUE(s->player(first).out);
  EXPECT_TRUE(s->is_terminal());
  std::vector<double> expected(2, 1.0);
  expected[static_cast<size_t>(first)] = -1.0;
  EXPECT_EQ(s->returns(), expected);
  EXPECT_EQ(s->game_end(), (rise::GameEnd{"concession", "TCG-3.3", {}}));
}

// --- 4. The turn ------------------------------------------------------------------------

// p1's turn ends: p1 passes, p0 (which may answer) passes too. p0's Awakening follows.
void end_p1_turn(TcgState& s) {
  ASSERT_EQ(s.active_player(), 1);
  act(s, "pass");
  pass_window(s);
  ASSERT_EQ(s.active_player(), 0);
}

TEST(TcgRules, TCG_4_1_AwakeningUntiltsAndRestoresCapacity) {  // TCG-4.1 TCG-5.5
  auto s = table();
  T::set_main(*s, 1, 2);
  // p0 Summoner 1 (4 skills) at level 2, tilted, no point left; Summoner 2 untilted.
  T::set_level(*s, 0, 0, 2, 0);
  T::summoner(*s, 0, 0).tilted = true;
  int tilted = T::add_to_battlefield(*s, 0, "test-grunt");
  T::obj(*s, tilted).tilted = true;
  int sick = T::add_to_battlefield(*s, 0, "test-grunt", /*sick=*/true);
  int theirs = T::add_to_battlefield(*s, 1, "test-grunt");
  T::obj(*s, theirs).tilted = true;

  end_p1_turn(*s);
  EXPECT_EQ(s->phase(), Phase::kRestoration);
  EXPECT_FALSE(s->player(0).summoners[0].tilted);
  EXPECT_EQ(s->player(0).summoners[0].cp, 2);
  EXPECT_EQ(s->player(0).summoners[1].cp, 1);
  EXPECT_FALSE(s->obj(tilted).tilted);
  EXPECT_FALSE(s->obj(sick).sick);
  EXPECT_TRUE(s->obj(theirs).tilted);  // only the active player's cards untilt
}

TEST(TcgRules, TCG_4_2_RestorationDrawOneAndStartEffectsInOrder) {  // TCG-4.2 TCG-8.3
  auto s = table();
  T::set_main(*s, 1, 2);
  // Battlefield order: Herald (gain 2 Coins) then Taxman (lose 1 Coin). With 28 Coins,
  // draw 1 (+2) makes 30; Herald then stops at 30, Taxman leaves 29 (the other order would
  // end at 30).
  T::add_to_battlefield(*s, 0, "test-herald");
  T::add_to_battlefield(*s, 0, "test-taxman");
  T::player(*s, 0).coins = 28;
  end_p1_turn(*s);
  const int16_t top = s->player(0).library.back();
  const size_t library = s->player(0).library.size();
  T::clear_events(*s);
  restore(*s, "draw 1");
  EXPECT_EQ(s->player(0).hand.size(), 1u);
  EXPECT_EQ(s->player(0).hand[0], top);
  EXPECT_EQ(s->player(0).library.size(), library - 1);
  EXPECT_EQ(s->player(0).coins, 29);
  ASSERT_EQ(events_of(*s, rise::tcg::kEvGain).size(), 1u);
  ASSERT_EQ(events_of(*s, rise::tcg::kEvLose).size(), 1u);
  size_t gain_at = 0, lose_at = 0;
  for (size_t k = 0; k < s->events().size(); ++k) {
    if (s->events()[k].kind == rise::tcg::kEvGain) gain_at = k;
    if (s->events()[k].kind == rise::tcg::kEvLose) lose_at = k;
  }
  EXPECT_LT(gain_at, lose_at);
  EXPECT_EQ(s->phase(), Phase::kMain);
  EXPECT_EQ(s->main_step(), 1);
}

TEST(TcgRules, TCG_4_2_RestorationDrawTwo) {  // TCG-4.2
  auto s = table();
  T::set_main(*s, 1, 2);
  end_p1_turn(*s);
  // The terminal view says what each choice trades (issue 20: "draw 1) 1 2) 2" did not).
  EXPECT_NE(s->render_text(0, false).find("Restoration: draw 1 = draw 1 card and gain 2 Coins; draw 2 = draw 2 cards "
                                          "and gain 1 Coin\n"),
            std::string::npos)
      << s->render_text(0, false);
  EXPECT_EQ(s->render_text(1, false).find("Restoration:"), std::string::npos);  // only for the one choosing
  restore(*s, "draw 2");
  EXPECT_EQ(s->player(0).hand.size(), 2u);
  EXPECT_EQ(s->player(0).coins, 1);
}

TEST(TcgRules, TCG_4_3_TiltedSummonerKeepsSpendingThenLosesUnspentPoints) {  // TCG-4.3
  auto s = table();
  T::set_level(*s, 0, 0, 3, 3);
  int a = T::add_to_hand(*s, 0, "test-grunt");
  int b = T::add_to_hand(*s, 0, "test-grunt");
  act(*s, "invoke " + card(a) + " by S1");
  EXPECT_TRUE(s->player(0).summoners[0].tilted);
  EXPECT_EQ(s->player(0).summoners[0].cp, 2);
  EXPECT_TRUE(legal(*s, "invoke " + card(b) + " by S1"));  // a tilted Summoner still pays
  act(*s, "invoke " + card(b) + " by S1");
  EXPECT_EQ(s->player(0).summoners[0].cp, 1);
  EXPECT_FALSE(s->player(0).summoners[1].tilted);
  act(*s, "pass");
  pass_window(*s);
  // p1's turn: p0's tilted Summoner lost its unspent point, the untilted one kept its own.
  EXPECT_EQ(s->active_player(), 1);
  EXPECT_EQ(s->player(0).summoners[0].cp, 0);
  EXPECT_EQ(s->player(0).summoners[1].cp, 1);
}

TEST(TcgRules, TCG_4_4_AttackOnlyIfACardCanAttack) {  // TCG-4.4 TCG-7.1
  auto s = table();
  int fresh = T::add_to_battlefield(*s, 0, "test-grunt", /*sick=*/true);
  EXPECT_FALSE(legal(*s, "attack"));
  int ready = T::add_to_battlefield(*s, 0, "test-grunt");
  ASSERT_TRUE(legal(*s, "attack"));
  act(*s, "attack");
  EXPECT_EQ(s->phase(), Phase::kAttackers);
  EXPECT_EQ(legal_set(*s), actions(*s, {"attacker " + card(ready) + " at p1", "attackers done"}));
  EXPECT_FALSE(legal(*s, "attacker " + card(fresh) + " at p1"));
}

TEST(TcgRules, TCG_4_5_InvokeAfterCombat) {  // TCG-4.5 TCG-8.1
  auto s = table();
  int attacker = T::add_to_battlefield(*s, 0, "test-grunt");
  int later = T::add_to_hand(*s, 0, "test-grunt");
  act(*s, "attack");
  EXPECT_FALSE(legal(*s, "invoke " + card(later) + " by S1"));  // not while declaring
  act(*s, "attacker " + card(attacker) + " at p1");
  attackers_done(*s);
  act(*s, "blocks done");
  pass_window(*s);
  act(*s, "choose p1.S1");
  // End of turn step: invoking is allowed again, attacking is not.
  EXPECT_EQ(s->phase(), Phase::kMain);
  EXPECT_EQ(s->main_step(), 2);
  EXPECT_EQ(s->player(1).summoners[0].hp, 18);
  EXPECT_FALSE(legal(*s, "attack"));
  ASSERT_TRUE(legal(*s, "invoke " + card(later) + " by S1"));
  act(*s, "invoke " + card(later) + " by S1");
  EXPECT_EQ(s->obj(later).where, Where::kBattlefield);
}

TEST(TcgRules, TCG_4_6_PassResponseWindowEndEffectsHealing) {  // TCG-4.6 TCG-7.6 TCG-8.3 TCG-I15
  auto s = table();
  int omen = T::add_to_battlefield(*s, 0, "test-omen");  // end of turn: gain 1 Ether
  int bear = T::add_to_battlefield(*s, 0, "test-bear");  // 3/3
  T::obj(*s, bear).temp_attack = 2;
  T::obj(*s, bear).temp_defense = 2;
  T::summoner(*s, 1, 0).tilted = false;  // p1 keeps one point on its first Summoner
  T::summoner(*s, 1, 0).cp = 1;
  int bolt = T::add_to_hand(*s, 1, "test-bolt");
  act(*s, "pass");
  // The turn does not end yet: p1 may answer.
  EXPECT_TRUE(s->window_open());
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(s->active_player(), 0);
  act(*s, "invoke " + card(bolt) + " by S1");
  EXPECT_EQ(s->current_player(), 0);  // p0 may answer the chain
  act(*s, "pass");
  // p1 has nothing left to play (I5): the chain resolves, p1 chooses the target.
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);
  act(*s, "choose " + card(bear));
  auto damage = events_of(*s, rise::tcg::kEvDamage);
  ASSERT_EQ(damage.size(), 1u);
  EXPECT_EQ(damage[0].a, bear);
  EXPECT_EQ(damage[0].b, 2);
  // The window reopened (I15) and closed with nobody able to act: the turn ended.
  EXPECT_EQ(s->active_player(), 1);
  EXPECT_EQ(s->phase(), Phase::kRestoration);
  EXPECT_EQ(s->player(0).ether, 1);  // Omen
  EXPECT_EQ(s->obj(bear).damage, 0);
  EXPECT_EQ(s->obj(bear).temp_attack, 0);
  EXPECT_EQ(s->attack_of(bear), 3);
  EXPECT_EQ(s->defense_of(bear), 3);
  EXPECT_EQ(s->obj(omen).where, Where::kBattlefield);
}

TEST(TcgRules, TCG_4_7_OpponentActsOnlyAtImminentSpeedAfterTheDraw) {  // TCG-4.7 TCG-8.1 TCG-I75
  auto s = table();
  T::set_main(*s, 1, 1);
  T::set_phase(*s, Phase::kRestoration);
  T::ready(*s, 1);
  int bolt = T::add_to_hand(*s, 0, "test-bolt");
  int grunt = T::add_to_hand(*s, 0, "test-grunt");
  // p1's Restoration: only p1 decides, p0 holds an Imminent and points but cannot act.
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(legal_set(*s), actions(*s, {"draw 1", "draw 2"}));
  act(*s, "draw 1");
  // Drawn: p0 may answer as p1's Invocation phase begins (Interpretation TCG-I75), with an
  // Imminent or a skill, not a Creature.
  ASSERT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->to_json()["window"]["kind"], rise::tcg::kWindowInvocation);
  EXPECT_TRUE(legal(*s, "invoke " + card(bolt) + " by S1"));
  EXPECT_FALSE(legal(*s, "invoke " + card(grunt) + " by S1"));
  act(*s, "pass");
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_FALSE(s->window_open());
  act(*s, "pass");
  // The window after p1's pass: p0 may play Imminents and skills, not a Creature.
  ASSERT_EQ(s->current_player(), 0);
  std::set<Action> got = legal_set(*s);
  EXPECT_TRUE(got.count(s->string_to_action("invoke " + card(bolt) + " by S1")));
  EXPECT_TRUE(got.count(s->string_to_action("skill S1 1")));
  EXPECT_FALSE(got.count(s->string_to_action("invoke " + card(grunt) + " by S1")));
  EXPECT_TRUE(got.count(s->string_to_action("pass")));
}

TEST(TcgRules, TCG_4_8_SecondEmptyLibraryDrawCostsASummoner) {  // TCG-4.8 TCG-I8 TCG-4.9
  auto s = table();
  T::empty_library(*s, 0);
  T::set_level(*s, 0, 0, 3, 3);
  int first = T::add_to_hand(*s, 0, "test-insight");
  int second = T::add_to_hand(*s, 0, "test-insight");
  int third = T::add_to_hand(*s, 0, "test-insight");

  act(*s, "invoke " + card(first) + " by S1");
  pass_window(*s);
  EXPECT_EQ(s->player(0).empty_draws, 1);
  EXPECT_TRUE(s->player(0).summoners[0].alive);
  EXPECT_TRUE(s->player(0).summoners[1].alive);
  EXPECT_EQ(events_of(*s, rise::tcg::kEvEmptyLibrary).size(), 1u);

  act(*s, "invoke " + card(second) + " by S1");
  pass_window(*s);
  EXPECT_EQ(s->player(0).empty_draws, 2);
  ASSERT_EQ(s->choice().kind, ChoiceKind::kSacrifice);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(legal_set(*s), actions(*s, {"choose p0.S1", "choose p0.S2"}));
  // Issue 38: the sacrifice asks for a confirmation, naming the Summoner that dies.
  const Action sacrifice = s->string_to_action("choose p0.S2");
  EXPECT_EQ(s->action_warning(sacrifice), s->describe_action(sacrifice, 0) + " sacrifices " +
                                              s->cards().card(s->player(0).summoners[1].def).name +
                                              ": it dies (Rule TCG-4.8)");
  act(*s, "choose p0.S2");
  EXPECT_FALSE(s->player(0).summoners[1].alive);
  EXPECT_EQ(s->player(0).summoners[1].hp, 0);
  EXPECT_TRUE(s->player(0).summoners[0].alive);
  EXPECT_FALSE(s->is_terminal());
  EXPECT_EQ(s->game_end(), rise::GameEnd{});

  // Interpretation TCG-I8: every later empty draw costs a Summoner too; the last one here.
  act(*s, "invoke " + card(third) + " by S1");
  pass_window(*s);
  EXPECT_EQ(s->player(0).empty_draws, 3);
  EXPECT_FALSE(s->player(0).summoners[0].alive);
  EXPECT_TRUE(s->player(0).out);
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->returns(), (std::vector<double>{-1.0, 1.0}));
  EXPECT_EQ(s->game_end(), (rise::GameEnd{"library exhausted", "TCG-4.8", {}}));
}

TEST(TcgRules, TCG_4_8_EmptyDrawInRestorationStopsTheDraw) {  // TCG-4.8 TCG-I8
  auto s = table();
  T::set_main(*s, 1, 2);
  T::empty_library(*s, 0);
  int last = T::add_to_library_top(*s, 0, "test-grunt");
  end_p1_turn(*s);
  restore(*s, "draw 2");
  // One card drawn, then the empty library counts once and the draw stops.
  EXPECT_EQ(s->player(0).hand, (std::vector<int16_t>{static_cast<int16_t>(last)}));
  EXPECT_EQ(s->player(0).empty_draws, 1);
  EXPECT_EQ(s->player(0).coins, 1);
  EXPECT_EQ(s->choice().kind, ChoiceKind::kNone);
}

TEST(TcgRules, TCG_4_9_LastPlayerWithALivingSummonerWins) {  // TCG-4.9 TCG-5.6
  auto s = table();
  T::kill_summoner(*s, 1, 1);
  T::summoner(*s, 1, 0).hp = 2;
  int bolt = T::add_to_hand(*s, 0, "test-bolt");
  act(*s, "invoke " + card(bolt) + " by S1");
  pass_window(*s);
  act(*s, "choose p1.S1");
  EXPECT_EQ(s->player(1).summoners[0].hp, 0);
  EXPECT_FALSE(s->player(1).summoners[0].alive);
  EXPECT_TRUE(s->player(1).out);
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->current_player(), rise::kTerminalPlayer);
  EXPECT_TRUE(legal_set(*s).empty());
  EXPECT_EQ(s->returns(), (std::vector<double>{1.0, -1.0}));
  EXPECT_EQ(events_of(*s, rise::tcg::kEvPlayerOut).size(), 1u);
  EXPECT_EQ(s->game_end(), (rise::GameEnd{"Summoners defeated", "TCG-4.9", {}}));
}

}  // namespace
}  // namespace tcgtest
