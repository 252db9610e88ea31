// The starter cards of card language v2 (data/rise-tcg/cards/language-v2.yaml, issue 19):
// each in an exact situation on a table of the starter set (p0 plays Tidewall Keep,
// p1 Cinderstorm), through the engine's own rules.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_access.h"

namespace tcgtest {
namespace {

using rise::tcg::ChoiceKind;

// The clean middle-game table of test_access.h, on the starter set's cards. `outcomes`, if
// given, forces the set-up's chance (docs/formats.md, "Forced chance": p0's library shuffle,
// p1's, then the d6s of TCG-3.1); every one must be used.
std::unique_ptr<TcgState> starter_table(const std::string& outcomes = "") {
  const rise::Game& game = rise::find_game("rise-tcg");
  const rise::Options options = {{"data", RISE_SOURCE_DIR "/data/rise-tcg"}, {"decks", "tidewall-keep,cinderstorm"}};
  std::unique_ptr<rise::State> state;
  if (outcomes.empty()) {
    state = game.new_initial_state(11, options, 2);
  } else {
    auto chance = rise::ForcedChance::parse(nlohmann::json::parse(outcomes), "test chance");
    {
      rise::ForcedChance::Scope scope(chance);
      state = game.new_initial_state(11, options, 2);
    }
    state->force_chance(nullptr);
    EXPECT_NO_THROW(chance->check_all_used());
  }
  auto* tcg = dynamic_cast<TcgState*>(state.get());
  EXPECT_NE(tcg, nullptr);
  state.release();
  std::unique_ptr<TcgState> s(tcg);
  while (s->phase() == rise::tcg::Phase::kMulligan) act(*s, "keep");
  T::reset_table(*s);
  return s;
}

// From p1's end-of-turn step to p0's Restoration, which p0 answers with "draw 1".
void next_p0_turn(TcgState& s) {
  T::set_main(s, 1, 2);
  act(s, "pass");
  pass_window(s);
  ASSERT_EQ(s.active_player(), 0);
  restore(s, "draw 1");
}

// From p0's end-of-turn step to p1's Restoration, which p1 answers with "draw 1".
void next_p1_turn(TcgState& s) {
  T::set_main(s, 0, 2);
  act(s, "pass");
  pass_window(s);
  ASSERT_EQ(s.active_player(), 1);
  restore(s, "draw 1");
}

// p1 (active, in its Invocation step) declares `attacker` and the defender p0 is to block.
void declare_p1(TcgState& s, int attacker) {
  act(s, "attack");
  act(s, "attacker " + card(attacker) + " at p0");
  attackers_done(s);
}

int hp(const TcgState& s, int p, int slot) { return s.player(p).summoners[static_cast<size_t>(slot)].hp; }

TEST(StarterV2, TollhouseGateGivesCoinsOnlyWhileOpen) {
  auto s = starter_table();
  int gate = T::add_to_battlefield(*s, 0, "tollhouse-gate");
  next_p0_turn(*s);
  EXPECT_EQ(s->player(0).coins, 2) << "closed: only the Restoration's 2 Coins";
  act(*s, "action " + card(gate) + " 1");  // Raise the Bar, 1 Coin
  pass_window(*s);
  EXPECT_TRUE(s->obj(gate).open);
  EXPECT_EQ(s->player(0).coins, 1);
  next_p0_turn(*s);
  EXPECT_EQ(s->player(0).coins, 5) << "1 + 2 (Restoration) + 2 (open Tollhouse Gate)";
}

TEST(StarterV2, SiegeRamGateAttacksWhileClosed) {
  auto s = starter_table();
  int ram = T::add_to_battlefield(*s, 0, "siege-ram-gate");
  act(*s, "attack");
  EXPECT_TRUE(legal(*s, "attacker " + card(ram) + " at p1"));
}

TEST(StarterV2, GlacierHulkStaysTiltedThroughAwakening) {
  auto s = starter_table();
  int hulk = T::add_to_battlefield(*s, 0, "glacier-hulk");
  T::obj(*s, hulk).tilted = true;
  next_p0_turn(*s);
  EXPECT_TRUE(s->obj(hulk).tilted);
}

TEST(StarterV2, StoneSentinelCannotAttackButBlocks) {
  auto s = starter_table();
  int sentinel = T::add_to_battlefield(*s, 0, "stone-sentinel");
  int raider = T::add_to_battlefield(*s, 1, "reckless-raider");
  EXPECT_FALSE(legal(*s, "attack")) << "its only Creature cannot attack";
  T::set_main(*s, 1, 1);
  declare_p1(*s, raider);
  EXPECT_TRUE(legal(*s, block(sentinel, raider)));
}

TEST(StarterV2, RecklessRaiderCannotBlock) {
  auto s = starter_table();
  int raider = T::add_to_battlefield(*s, 0, "reckless-raider");
  int attacker = T::add_to_battlefield(*s, 1, "reckless-raider");
  T::set_main(*s, 1, 1);
  declare_p1(*s, attacker);
  EXPECT_FALSE(legal(*s, block(raider, attacker)));
}

TEST(StarterV2, GraveTenderDrawsForTheFirstDeathOfTheTurn) {
  auto s = starter_table();
  T::add_to_battlefield(*s, 0, "grave-tender");
  int a = T::add_to_battlefield(*s, 0, "reckless-raider");  // 3/1
  int b = T::add_to_battlefield(*s, 0, "reckless-raider");
  const size_t hand = s->player(0).hand.size();
  play(*s, "last-stand");  // 1 damage (level 1)
  choose(*s, a);
  EXPECT_EQ(s->obj(a).where, Where::kCemetery);
  EXPECT_EQ(s->player(0).hand.size(), hand + 1);
  play(*s, "last-stand");
  choose(*s, b);
  EXPECT_EQ(s->obj(b).where, Where::kCemetery);
  EXPECT_EQ(s->player(0).hand.size(), hand + 1) << "once per turn";
}

TEST(StarterV2, BloodHeraldHitsAnOpposingCreatureAsItArrives) {
  auto s = starter_table();
  T::add_to_battlefield(*s, 0, "blood-herald");
  T::set_main(*s, 1, 1);
  T::ready(*s, 1);
  int tender = T::add_to_hand(*s, 1, "grave-tender");  // 1/3
  act(*s, "invoke " + card(tender) + " by S1");
  pass_window(*s);
  EXPECT_EQ(s->obj(tender).where, Where::kBattlefield);
  EXPECT_EQ(s->obj(tender).damage, 1);
}

TEST(StarterV2, WatchtowerScoutGainsACoinWhenAnOpponentAttacks) {
  auto s = starter_table();
  T::add_to_battlefield(*s, 0, "watchtower-scout");
  int raider = T::add_to_battlefield(*s, 1, "reckless-raider");
  T::set_main(*s, 1, 1);
  act(*s, "attack");
  act(*s, "attacker " + card(raider) + " at p0");
  EXPECT_EQ(s->player(0).coins, 1);
}

TEST(StarterV2, PainHarvesterGainsEtherOncePerTurn) {
  auto s = starter_table();
  T::add_to_battlefield(*s, 0, "pain-harvester");
  int sentinel = T::add_to_battlefield(*s, 0, "stone-sentinel");  // 1/5
  play(*s, "last-stand");
  choose(*s, sentinel);
  EXPECT_EQ(s->obj(sentinel).damage, 1);
  EXPECT_EQ(s->player(0).ether, 1);
  play(*s, "last-stand");
  choose(*s, sentinel);
  EXPECT_EQ(s->player(0).ether, 1) << "once per turn";
}

TEST(StarterV2, TideBellRingsOnEachOpponentsTurnOnly) {
  auto s = starter_table();
  T::add_to_battlefield(*s, 0, "tide-bell");
  next_p1_turn(*s);
  EXPECT_EQ(s->player(0).coins, 1);
  next_p0_turn(*s);
  EXPECT_EQ(s->player(0).coins, 3) << "its own turn: only the Restoration's 2 Coins";
}

TEST(StarterV2, WarCryDoublesTheTargetsAttack) {
  auto s = starter_table();
  int hulk = T::add_to_battlefield(*s, 0, "glacier-hulk");  // 4/5
  play(*s, "war-cry");
  choose(*s, hulk);
  EXPECT_EQ(s->attack_of(hulk), 8);
  EXPECT_EQ(s->defense_of(hulk), 5);
}

TEST(StarterV2, LastStandDealsTheHighestLevelInDamage) {
  auto s = starter_table();
  int hulk = T::add_to_battlefield(*s, 1, "glacier-hulk");  // 4/5
  T::set_level(*s, 0, 1, 3, 0);
  play(*s, "last-stand");
  choose(*s, hulk);
  EXPECT_EQ(s->obj(hulk).damage, 3);
}

TEST(StarterV2, DesperatePrayerHealsOnlyAtTenHpOrLess) {
  auto s = starter_table();
  T::summoner(*s, 0, 0).hp = 11;
  const size_t hand = s->player(0).hand.size();
  play(*s, "desperate-prayer");
  EXPECT_EQ(s->choice().kind, ChoiceKind::kNone);
  EXPECT_EQ(hp(*s, 0, 0), 11);
  EXPECT_EQ(s->player(0).hand.size(), hand + 1);
  T::summoner(*s, 0, 0).hp = 10;
  play(*s, "desperate-prayer");
  if (s->choice().kind != ChoiceKind::kNone) act(*s, "choose p0.S1");
  EXPECT_EQ(hp(*s, 0, 0), 14);
}

TEST(StarterV2, TitheCollectorDrawsTwoWithFiveCoins) {
  auto s = starter_table();
  T::player(*s, 0).coins = 4;
  const size_t hand = s->player(0).hand.size();
  play(*s, "tithe-collector");
  EXPECT_EQ(s->player(0).hand.size(), hand);
  T::player(*s, 0).coins = 5;
  play(*s, "tithe-collector");
  EXPECT_EQ(s->player(0).hand.size(), hand + 2);
}

TEST(StarterV2, StiflingHushTakesAbilitiesAndStaticEffects) {
  auto s = starter_table();
  int sprite = T::add_to_battlefield(*s, 1, "gale-sprite");  // Flight
  int hulk = T::add_to_battlefield(*s, 1, "glacier-hulk");   // no untilt
  ASSERT_TRUE(s->abilities_of(sprite) & rise::cardgame::kFlight);
  play(*s, "stifling-hush");
  choose(*s, sprite);
  EXPECT_EQ(s->abilities_of(sprite), 0u);
  play(*s, "stifling-hush");
  choose(*s, hulk);
  EXPECT_EQ(s->statics_of(hulk), 0u) << "no untilt is gone too";
}

TEST(StarterV2, SkyBlessingGivesFlightAndACard) {
  auto s = starter_table();
  int sentinel = T::add_to_battlefield(*s, 0, "stone-sentinel");
  const size_t hand = s->player(0).hand.size();
  play(*s, "sky-blessing");
  choose(*s, sentinel);
  EXPECT_TRUE(s->abilities_of(sentinel) & rise::cardgame::kFlight);
  EXPECT_EQ(s->player(0).hand.size(), hand + 1);
}

TEST(StarterV2, UndertowMillsFour) {
  // Forced set-up: p0 plays first (6 against 1), so p1 draws 4 cards (put back under its
  // library by the table); p1's next four are cards of finite rank (a Cinderling, of infinite
  // rank, would be excluded, not put in the Cemetery: TCG-6.2).
  auto s = starter_table(R"([{"shuffle": "random"},
      {"shuffle": ["rising-spark", "rising-spark", "surge-of-will", "ember-gate",
                   "ashfang-hound", "blazing-duelist", "pyre-zealot", "ember-gate"]},
      {"d6": 6}, {"d6": 1}])");
  const size_t library = s->player(1).library.size();
  const size_t cemetery = s->player(1).cemetery.size();
  play(*s, "undertow");
  EXPECT_EQ(s->player(1).library.size(), library - 4);
  ASSERT_EQ(s->player(1).cemetery.size(), cemetery + 4);
  std::vector<std::string> milled;
  for (size_t k = cemetery; k < cemetery + 4; ++k) milled.push_back(s->cards().card(s->obj(s->player(1).cemetery[k]).def).id);
  EXPECT_EQ(milled, (std::vector<std::string>{"ashfang-hound", "blazing-duelist", "pyre-zealot", "ember-gate"}));
}

TEST(StarterV2, BoneTideShufflesACreatureBackAndDraws) {
  auto s = starter_table();
  int dead = T::add_to_cemetery(*s, 0, "stone-sentinel");
  const size_t hand = s->player(0).hand.size();
  const size_t library = s->player(0).library.size();
  play(*s, "bone-tide");
  EXPECT_EQ(s->obj(dead).where, Where::kGone);  // a new object in the library (TCG-I73)
  EXPECT_FALSE(contains(s->player(0).cemetery, dead));
  EXPECT_EQ(s->player(0).hand.size(), hand + 1);
  EXPECT_EQ(s->player(0).library.size(), library);  // one in, one drawn
}

TEST(StarterV2, BulwarkWardPreventsThreeDamage) {
  auto s = starter_table();
  int sentinel = T::add_to_battlefield(*s, 0, "stone-sentinel");
  T::set_level(*s, 0, 1, 3, 0);
  play(*s, "bulwark-ward");
  choose(*s, sentinel);
  play(*s, "last-stand");  // 3 damage, all prevented
  choose(*s, sentinel);
  EXPECT_EQ(s->obj(sentinel).damage, 0);
  play(*s, "last-stand");
  choose(*s, sentinel);
  EXPECT_EQ(s->obj(sentinel).damage, 3);
}

TEST(StarterV2, AmbushStalkerGrowsWhenInvokedOnAnOpponentsTurn) {
  auto s = starter_table();
  int mine = play(*s, "ambush-stalker");  // p0's own turn: no counter
  EXPECT_EQ(s->obj(mine).counter_attack, 0);
  // p1's turn: p1 plays an Undertow, p0 answers with an Ambush Stalker.
  T::set_main(*s, 1, 1);
  T::ready(*s, 1);
  T::ready(*s, 0);
  int undertow = T::add_to_hand(*s, 1, "undertow");
  int stalker = T::add_to_hand(*s, 0, "ambush-stalker");
  act(*s, "invoke " + card(undertow) + " by S1");
  ASSERT_TRUE(s->window_open());
  if (s->current_player() == 1) act(*s, "pass");
  ASSERT_EQ(s->current_player(), 0);
  act(*s, "invoke " + card(stalker) + " by S1");
  pass_window(*s);
  EXPECT_EQ(s->obj(stalker).where, Where::kBattlefield);
  EXPECT_EQ(s->obj(stalker).counter_attack, 1);
  EXPECT_EQ(s->obj(stalker).counter_defense, 1);
}

}  // namespace
}  // namespace tcgtest
