// The learning interface of rise-tcg (docs/learning.md): the dense action indices of
// docs/notation.md "rise-tcg dense action indices" and the observation tensor of
// docs/formats.md "rise-tcg observation tensor", checked at the documented numbers
// (learning_random_test.cpp checks them over random games, in the hot tree).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "learning_checks.h"
#include "test_access.h"

namespace tcgtest {
namespace {

using rise::InputError;
using rise::kSpectator;
using rise::tcg::ChoiceKind;
using rise::tcg::kDenseActions;
using rise::tcg::kObservationSize;
using rise::tcg::Phase;

// First indices of the categories (docs/notation.md).
constexpr int kInvoke = 10, kLevelUp = 106, kSkill = 170, kAction = 178, kAttacker = 562, kBlock = 802,
              kChooseSummoner = 1874, kChooseField = 1908, kChooseHand = 1956, kChooseOther = 1988;

int dense(const TcgState& s, const std::string& text) { return s.dense_action(s.string_to_action(text)); }

float card_value(const TcgState& s, const std::string& card) { return static_cast<float>(T::def(s, card) + 1); }

TEST(TcgLearning, SpecIsTheSameForEverySeatCountAndOption) {
  const rise::Game& game = rise::find_game("rise-tcg");
  for (int n = 2; n <= 6; ++n) {
    const rise::LearningSpec spec = game.learning_spec({}, n);
    EXPECT_EQ(spec.num_distinct_actions, 2084);
    EXPECT_EQ(spec.observation_shape, std::vector<int>{3721});
  }
  EXPECT_EQ(game.learning_spec({{"draw", "0-2"}, {"deckout", "lose-5-hp"}}, 3).num_distinct_actions, kDenseActions);
  EXPECT_THROW(game.learning_spec({}, 1), InputError);
  EXPECT_THROW(game.learning_spec({}, 7), InputError);
  EXPECT_THROW(game.learning_spec({{"draw", "3-3"}}, 2), InputError);
  EXPECT_THROW(game.learning_spec({{"colour", "red"}}, 2), InputError);
}

TEST(TcgLearning, MainPhaseActionsAreNamedByHandSlotAndBattlefieldPosition) {
  auto s = table();
  T::ready(*s, 0);
  T::set_level(*s, 0, 0, 2, 2);
  T::player(*s, 0).coins = 3;
  int grunt = T::add_to_hand(*s, 0, "test-grunt");      // hand slot 0
  int insight = T::add_to_hand(*s, 0, "test-insight");  // hand slot 1
  int up = T::add_to_hand(*s, 0, "test-levelup");       // hand slot 2
  T::add_to_battlefield(*s, 1, "test-bear");            // position 0
  int pump = T::add_to_battlefield(*s, 0, "test-pump"); // position 1

  EXPECT_EQ(dense(*s, "invoke " + card(grunt) + " by S1"), kInvoke + 0);
  EXPECT_EQ(dense(*s, "invoke " + card(grunt) + " by S2"), kInvoke + 1);
  EXPECT_EQ(dense(*s, "invoke " + card(insight) + " by S2"), kInvoke + 3 * 1 + 1);
  EXPECT_EQ(dense(*s, "levelup " + card(up) + " on S2"), kLevelUp + 2 * 2 + 1);
  EXPECT_EQ(dense(*s, "skill S1 2"), kSkill + 0 * 4 + 1);
  EXPECT_EQ(dense(*s, "action " + card(pump) + " 1"), kAction + 4 * 1 + 0);
  EXPECT_EQ(dense(*s, "attack"), 6);
  EXPECT_EQ(dense(*s, "pass"), 7);
  EXPECT_EQ(s->action_from_dense(kInvoke + 3), s->string_to_action("invoke " + card(insight) + " by S1"));
  EXPECT_EQ(s->action_from_dense(0), -1);  // keep: not legal now

  // An action that is not legal here has no index.
  EXPECT_THROW(s->dense_action(s->string_to_action("keep")), InputError);
  EXPECT_THROW(s->dense_action(s->string_to_action("block " + card(pump) + " " + card(grunt))), InputError);
  EXPECT_THROW(s->dense_action(-1), InputError);

  // The same card in another slot is another index: the slot is what the seat sees.
  T::player(*s, 0).hand = {static_cast<int16_t>(up), static_cast<int16_t>(insight), static_cast<int16_t>(grunt)};
  EXPECT_EQ(dense(*s, "invoke " + card(grunt) + " by S1"), kInvoke + 3 * 2 + 0);
  EXPECT_EQ(dense(*s, "levelup " + card(up) + " on S2"), kLevelUp + 1);
}

TEST(TcgLearning, FixedDecisionsHaveFixedIndices) {
  auto s = new_game(3);
  ASSERT_EQ(s->phase(), Phase::kMulligan);
  EXPECT_EQ(dense(*s, "keep"), 0);
  EXPECT_EQ(dense(*s, "mulligan"), 1);
  auto t = table();
  T::set_phase(*t, Phase::kRestoration);
  EXPECT_EQ(dense(*t, "draw 1"), 4);
  EXPECT_EQ(dense(*t, "draw 2"), 5);
}

TEST(TcgLearning, AttackersAndBlocksAreNamedBySeatOffsetAndCombatEntry) {
  auto s = table_n(3);
  int a0 = T::add_to_battlefield(*s, 0, "test-grunt");  // position 0
  int b1 = T::add_to_battlefield(*s, 1, "test-grunt");  // position 1
  int b2 = T::add_to_battlefield(*s, 1, "test-bear");   // position 2
  int a3 = T::add_to_battlefield(*s, 0, "test-bear");   // position 3
  act(*s, "attack");
  EXPECT_EQ(dense(*s, "attacker " + card(a0) + " at p1"), kAttacker + 5 * 0 + 0);  // the next seat
  EXPECT_EQ(dense(*s, "attacker " + card(a0) + " at p2"), kAttacker + 5 * 0 + 1);
  EXPECT_EQ(dense(*s, "attacker " + card(a3) + " at p2"), kAttacker + 5 * 3 + 1);
  act(*s, "attacker " + card(a3) + " at p1");  // combat entry 0
  act(*s, "attacker " + card(a0) + " at p1");  // combat entry 1
  EXPECT_EQ(dense(*s, "attackers done"), 8);
  attackers_done(*s);
  ASSERT_EQ(s->current_player(), 1);
  EXPECT_EQ(dense(*s, block(b1, a3)), kBlock + 16 * 1 + 0);
  EXPECT_EQ(dense(*s, block(b2, a0)), kBlock + 16 * 2 + 1);
  EXPECT_EQ(dense(*s, "blocks done"), 9);

  // Seat symmetry: p1 attacking in its own turn names its next seat (p2) offset 1.
  auto t = table_n(3);
  T::set_main(*t, 1);
  T::add_to_battlefield(*t, 0, "test-grunt");
  int c = T::add_to_battlefield(*t, 1, "test-grunt");
  act(*t, "attack");
  EXPECT_EQ(dense(*t, "attacker " + card(c) + " at p2"), kAttacker + 5 * 1 + 0);
  EXPECT_EQ(dense(*t, "attacker " + card(c) + " at p0"), kAttacker + 5 * 1 + 1);
}

TEST(TcgLearning, TargetsAreNamedRelativeToTheChooser) {
  auto s = table();
  T::ready(*s, 1);
  int bear = T::add_to_battlefield(*s, 1, "test-bear");  // position 0
  int bolt = T::add_to_hand(*s, 0, "test-bolt");
  int their_bolt = T::add_to_hand(*s, 1, "test-bolt");
  act(*s, "invoke " + card(bolt) + " by S1");
  act(*s, "invoke " + card(their_bolt) + " by S1");
  pass_window(*s);
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);
  ASSERT_EQ(s->current_player(), 1);  // p1's bolt resolves first
  EXPECT_EQ(dense(*s, "choose p0.S2"), kChooseSummoner + 2 * 1 + 1);  // p0 is p1's next seat
  EXPECT_EQ(dense(*s, "choose p1.S1"), kChooseSummoner + 0);
  EXPECT_EQ(dense(*s, "choose " + card(bear)), kChooseField + 0);
  act(*s, "choose p0.S2");
  ASSERT_EQ(s->current_player(), 0);
  EXPECT_EQ(dense(*s, "choose p1.S2"), kChooseSummoner + 2 * 1 + 1);  // the same offset for p0
  EXPECT_EQ(dense(*s, "choose p0.S1"), kChooseSummoner + 0);
}

TEST(TcgLearning, DiscardsAreNamedByHandSlotSearchesByRank) {
  auto s = table();
  int first = T::add_to_hand(*s, 0, "test-grunt");
  int second = T::add_to_hand(*s, 0, "test-bear");
  play(*s, "test-ponder");  // draw 1, then discard 1
  ASSERT_EQ(s->choice().kind, ChoiceKind::kDiscard);
  EXPECT_EQ(dense(*s, "choose " + card(first)), kChooseHand + 0);
  EXPECT_EQ(dense(*s, "choose " + card(second)), kChooseHand + 1);
  EXPECT_EQ(dense(*s, "choose " + card(s->player(0).hand[2])), kChooseHand + 2);

  auto t = table();
  int a = T::add_to_library_top(*t, 0, "test-bear");
  int b = T::add_to_library_top(*t, 0, "test-bear");
  play(*t, "test-tutor");
  ASSERT_EQ(t->choice().kind, ChoiceKind::kSearch);
  EXPECT_EQ(dense(*t, "choose " + card(a)), kChooseOther + 0);  // in the order of the options
  EXPECT_EQ(dense(*t, "choose " + card(b)), kChooseOther + 1);
}

TEST(TcgLearning, PositionsPastTheSlotsTakeFreeIndicesWithoutCollision) {
  // 70 attackers: positions 48..69 have no grid cell; they take the free cells of the
  // attacker category in position order (offsets 2..5 of every position are free in 2
  // seats: cells 1..4, 6..9, ...).
  auto s = table();
  std::vector<int> mine;
  for (int k = 0; k < 70; ++k) mine.push_back(T::add_to_battlefield(*s, 0, "test-grunt"));
  act(*s, "attack");
  expect_bijection(*s, "70 attackers");
  EXPECT_EQ(dense(*s, "attacker " + card(mine[47]) + " at p1"), kAttacker + 5 * 47);
  EXPECT_EQ(dense(*s, "attacker " + card(mine[48]) + " at p1"), kAttacker + 1);
  EXPECT_EQ(dense(*s, "attacker " + card(mine[49]) + " at p1"), kAttacker + 2);
  EXPECT_EQ(dense(*s, "attacker " + card(mine[52]) + " at p1"), kAttacker + 6);
  EXPECT_EQ(dense(*s, "attacker " + card(mine[69]) + " at p1"), kAttacker + 27);

  // 40 cards in hand: slots 32..39 take the free `both` cells of the invoke category.
  auto t = table();
  T::ready(*t, 0);
  std::vector<int> hand;
  for (int k = 0; k < 40; ++k) hand.push_back(T::add_to_hand(*t, 0, "test-grunt"));
  expect_bijection(*t, "40 cards in hand");
  EXPECT_EQ(dense(*t, "invoke " + card(hand[31]) + " by S2"), kInvoke + 3 * 31 + 1);
  EXPECT_EQ(dense(*t, "invoke " + card(hand[32]) + " by S1"), kInvoke + 2);
  EXPECT_EQ(dense(*t, "invoke " + card(hand[32]) + " by S2"), kInvoke + 5);
  EXPECT_EQ(dense(*t, "invoke " + card(hand[33]) + " by S1"), kInvoke + 8);

  // 100 matches of a search: ranks 96..99 find their category full and take the first free
  // indices of all (0..3: during a choice only `choose` actions are legal).
  auto u = table();
  std::vector<int> bears;
  for (int k = 0; k < 100; ++k) bears.push_back(T::add_to_library_top(*u, 0, "test-bear"));
  play(*u, "test-tutor");
  ASSERT_EQ(u->choice().kind, ChoiceKind::kSearch);
  expect_bijection(*u, "100 matches");
  EXPECT_EQ(dense(*u, "choose " + card(bears[95])), kChooseOther + 95);
  EXPECT_EQ(dense(*u, "choose " + card(bears[96])), 0);
  EXPECT_EQ(dense(*u, "choose " + card(bears[99])), 3);
}

TEST(TcgLearning, MoreLegalActionsThanIndicesIsAnError) {  // docs/limits.md
  // 46 attackers, each blockable by 46 Creatures: 2,117 legal actions for 2,084 indices.
  auto s = table();
  std::vector<int> attackers, blockers;
  for (int k = 0; k < 46; ++k) attackers.push_back(T::add_to_battlefield(*s, 0, "test-grunt"));
  for (int k = 0; k < 46; ++k) blockers.push_back(T::add_to_battlefield(*s, 1, "test-grunt"));
  declare(*s, attackers);
  ASSERT_EQ(legal_set(*s).size(), 2117u);
  EXPECT_EQ(dense(*s, block(blockers[0], attackers[0])), kBlock + 16 * 46 + 0);  // fits: no search
  EXPECT_THROW(dense(*s, block(blockers[45], attackers[45])), InputError);
}

TEST(TcgLearning, TensorEncodesTheViewersHandAndThePublicTable) {
  auto s = table();
  T::player(*s, 0).coins = 6;
  T::player(*s, 1).ether = 3;
  T::add_to_hand(*s, 0, "test-bolt");
  T::add_to_hand(*s, 0, "test-grunt");
  T::add_to_hand(*s, 1, "test-bear");
  int bear = T::add_to_battlefield(*s, 1, "test-bear");
  T::obj(*s, bear).damage = 1;
  T::obj(*s, bear).tilted = true;

  std::vector<float> short_one(10);
  EXPECT_THROW(s->observation_tensor(0, short_one), InputError);
  const std::vector<float> mine = tensor(*s, 0);
  EXPECT_EQ(mine[0], 1.0f);          // a seat
  EXPECT_EQ(mine[1 + 2], 1.0f);      // phase main
  EXPECT_EQ(mine[17 + 0], 1.0f);     // active: the viewer itself
  EXPECT_EQ(mine[83], 1.0f);         // one battlefield card
  EXPECT_EQ(mine[kHandAt + 0], card_value(*s, "test-bolt"));
  EXPECT_EQ(mine[kHandAt + 1], card_value(*s, "test-grunt"));
  EXPECT_EQ(mine[kHandAt + 2], 0.0f);
  EXPECT_EQ(mine[kPlayersAt + 0], 1.0f);                           // p0 present
  EXPECT_EQ(mine[kPlayersAt + 2], 20.0f / 30.0f);                  // S1's 20 HP
  EXPECT_EQ(mine[kPlayersAt + 25], 6.0f / 30.0f);                  // 6 Coins
  EXPECT_EQ(mine[kPlayersAt + 27], 0.2f);                          // 2 cards in hand
  EXPECT_EQ(mine[kPlayersAt + kPlayerSize + 26], 3.0f / 30.0f);    // p1 (offset 1): 3 Ether
  EXPECT_EQ(mine[kPlayersAt + kPlayerSize + 27], 0.1f);            // p1: 1 card in hand
  EXPECT_EQ(mine[kPlayersAt + 2 * kPlayerSize], 0.0f);             // no third seat
  EXPECT_EQ(mine[kFieldAt + 0], 1.0f);
  EXPECT_EQ(mine[kFieldAt + 1], card_value(*s, "test-bear"));
  EXPECT_EQ(mine[kFieldAt + 2 + 1], 1.0f);   // owner: offset 1
  EXPECT_EQ(mine[kFieldAt + 8 + 1], 1.0f);   // controller: offset 1
  EXPECT_EQ(mine[kFieldAt + 14], 1.0f);      // tilted
  EXPECT_EQ(mine[kFieldAt + 23], 1.0f);      // 1 damage
  EXPECT_EQ(mine[kFieldAt + 36], 1.0f);      // a Creature: attack and defense follow
  EXPECT_EQ(mine[kFieldAt + 37], 3.0f);
  EXPECT_EQ(mine[kFieldAt + 38], 3.0f);
  EXPECT_EQ(mine[kFieldAt + kFieldRow], 0.0f);  // no second card

  // p1 sees the same table from its seat: p0 at offset 1, its own hand in the hand part.
  const std::vector<float> theirs = tensor(*s, 1);
  EXPECT_EQ(theirs[17 + 1], 1.0f);  // active: offset 1
  EXPECT_EQ(theirs[kHandAt + 0], card_value(*s, "test-bear"));
  EXPECT_EQ(theirs[kPlayersAt + kPlayerSize + 25], 6.0f / 30.0f);
  EXPECT_EQ(theirs[kFieldAt + 2 + 0], 1.0f);  // owner: itself

  // The spectator: seats by number, no hand.
  const std::vector<float> spectator = tensor(*s, kSpectator);
  EXPECT_EQ(spectator[0], 0.0f);
  EXPECT_EQ(spectator[kPlayersAt + 25], 6.0f / 30.0f);
  for (int k = 0; k < 32; ++k) EXPECT_EQ(spectator[static_cast<size_t>(kHandAt + k)], 0.0f);
  EXPECT_EQ(tensor(*s, 7), spectator);  // any non-seat is the spectator
}

TEST(TcgLearning, SpectatorAndOpponentTensorsDoNotShowAHand) {
  auto s = table();
  auto t = table();
  T::add_to_hand(*s, 0, "test-grunt");
  T::add_to_hand(*t, 0, "test-bear");
  EXPECT_EQ(tensor(*s, kSpectator), tensor(*t, kSpectator));
  EXPECT_EQ(tensor(*s, 1), tensor(*t, 1));
  EXPECT_NE(tensor(*s, 0), tensor(*t, 0));
}

TEST(TcgLearning, TensorShowsTheChainCombatAndChoiceOptions) {
  auto s = table();
  T::ready(*s, 1);
  int bear = T::add_to_battlefield(*s, 1, "test-bear");
  int bolt = T::add_to_hand(*s, 0, "test-bolt");
  act(*s, "invoke " + card(bolt) + " by S1");
  ASSERT_EQ(s->chain().size(), 1u);
  std::vector<float> v = tensor(*s, 1);
  EXPECT_EQ(v[81], 1.0f);                     // chain length
  EXPECT_EQ(v[kChainAt + 0], 1.0f);
  EXPECT_EQ(v[kChainAt + 1 + 0], 1.0f);       // an Imminent
  EXPECT_EQ(v[kChainAt + 4 + 1], 1.0f);       // controlled by p0, offset 1 from p1
  EXPECT_EQ(v[kChainAt + 10 + 4], 1.0f);      // its source: a card off the battlefield
  EXPECT_EQ(v[kChainAt + 17], card_value(*s, "test-bolt"));
  EXPECT_EQ(v[kChainAt + kChainRow], 0.0f);
  pass_window(*s);
  ASSERT_EQ(s->choice().kind, ChoiceKind::kStepTarget);
  v = tensor(*s, 1);  // p1 sees p0's options: the bear and the four Summoners
  EXPECT_EQ(v[53 + 1], 1.0f);         // a target choice
  EXPECT_EQ(v[66 + 1], 1.0f);         // chooser: offset 1
  EXPECT_EQ(v[79], 1.0f);             // options shown
  EXPECT_EQ(v[80], 5.0f);
  EXPECT_EQ(v[kOptionsAt + 0], 1.0f);  // battlefield position 0
  for (int k = 0; k < 4; ++k) EXPECT_EQ(v[static_cast<size_t>(kOptionsAt + 48 + k)], 1.0f);
  EXPECT_EQ(v[kOptionsAt + 48 + 4], 0.0f);
  act(*s, "choose " + card(bear));

  // Combat: p0's grunt attacks p1, p1's bear blocks.
  auto c = table();
  int grunt = T::add_to_battlefield(*c, 0, "test-grunt");        // position 0
  int blocker = T::add_to_battlefield(*c, 1, "test-bear");       // position 1
  declare(*c, {grunt});
  act(*c, block(blocker, grunt));
  v = tensor(*c, 0);
  EXPECT_EQ(v[82], 1.0f);
  EXPECT_EQ(v[kCombatAt + 0], 1.0f);
  EXPECT_EQ(v[kCombatAt + 1 + 0], 1.0f);   // attacker: a battlefield card...
  EXPECT_EQ(v[kCombatAt + 6], 0.0f);       // ...at position 0
  EXPECT_EQ(v[kCombatAt + 7 + 1], 1.0f);   // defender: offset 1
  EXPECT_EQ(v[kCombatAt + 13 + 0], 1.0f);  // blocker: a battlefield card...
  EXPECT_EQ(v[kCombatAt + 18], 1.0f);      // ...at position 1
}

}  // namespace
}  // namespace tcgtest
