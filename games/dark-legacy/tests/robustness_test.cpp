// Robustness of dark-legacy (issue 15): the faction rules (DL-2.4, DL-2.5) hold when a card
// is cast, charged or equipped, not only when a deck is built, so a state loaded from JSON
// or built by hand cannot play an off-faction card. Each TEST names the rule ids it covers.
#include <gtest/gtest.h>

#include <string>

#include "rise/core/error.h"
#include "test_access.h"

namespace dltest {
namespace {

bool has_text(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string why(const DlState& s, const std::string& action) {
  return s.explain_illegal(s.string_to_action(action));
}

bool in_legal_list(const DlState& s, const std::string& action) {
  return legal_set(s).count(s.string_to_action(action)) > 0;
}

// A Holy Order hero of level 8 holds a Darkness card of level 1 (t-ghoul, cost 2): from
// level 6 a hero plays only its own factions' cards, whatever the card's level.
TEST(DlFactionAtPlay, DL_2_5_LevelSixHeroCannotCastAnotherFactionsCard) {  // DL-2.5 DL-18.4 DL-I43
  auto s = table();
  T::set_hero(*s, 0, "holy-order:8");  // after the set-up: its deck is Darkness
  int ghoul = T::add_to_hand(*s, 0, "t-ghoul");
  T::set_cp(*s, 0, 5);
  act(*s, "casting phase");
  EXPECT_FALSE(in_legal_list(*s, "cast " + card(ghoul)));
  EXPECT_FALSE(legal(*s, "cast " + card(ghoul)));
  EXPECT_TRUE(has_text(why(*s, "cast " + card(ghoul)), "Rule DL-2.5")) << why(*s, "cast " + card(ghoul));
  EXPECT_TRUE(has_text(why(*s, "cast " + card(ghoul)), "Holy Order")) << why(*s, "cast " + card(ghoul));
  // Nor can it be charged instead.
  EXPECT_FALSE(legal(*s, "charge " + card(ghoul)));
  EXPECT_TRUE(has_text(why(*s, "charge " + card(ghoul)), "Rule DL-2.5"));
  // The same hero at level 5 (cards of level 5 or lower of every affiliation) may cast it.
  auto low = table(7, "holy-order:5");
  int ghoul2 = T::add_to_hand(*low, 0, "t-ghoul");
  T::set_cp(*low, 0, 5);
  act(*low, "casting phase");
  EXPECT_TRUE(in_legal_list(*low, "cast " + card(ghoul2)));
  act(*low, "cast " + card(ghoul2));
  EXPECT_EQ(low->obj(ghoul2).where, Where::kSpellField);
}

TEST(DlFactionAtPlay, DL_2_5_LevelSixHeroCannotEquipAnotherFactionsWeapon) {  // DL-2.5 DL-10.2 DL-I43
  auto s = table();
  T::set_hero(*s, 0, "holy-order:8");  // after the set-up: its deck is Darkness
  int sword = T::add_to_hand(*s, 0, "t-sword");  // a Darkness Weapon of level 1, cost 0
  EXPECT_FALSE(in_legal_list(*s, "equip " + card(sword)));
  EXPECT_FALSE(legal(*s, "equip " + card(sword)));
  EXPECT_TRUE(has_text(why(*s, "equip " + card(sword)), "Rule DL-2.5")) << why(*s, "equip " + card(sword));
}

// A Darkness hero of level 3 holds t-knight, a Holy Order Creature of level 6: above its
// level, so before the fix it could be charged and cast once charged; DL-2.4 says a card of
// level 6 or more is only for a hero of its faction.
TEST(DlFactionAtPlay, DL_2_4_LevelSixCardOfAnotherFactionCannotBeCharged) {  // DL-2.4 DL-9.1 DL-I12 DL-I43
  auto s = table(7, "darkness:3");
  int knight = T::add_to_hand(*s, 0, "t-knight");
  T::set_cp(*s, 0, 5);
  act(*s, "casting phase");
  EXPECT_FALSE(in_legal_list(*s, "charge " + card(knight)));
  EXPECT_FALSE(legal(*s, "charge " + card(knight)));
  EXPECT_TRUE(has_text(why(*s, "charge " + card(knight)), "Rule DL-2.4")) << why(*s, "charge " + card(knight));
  EXPECT_TRUE(has_text(why(*s, "cast " + card(knight)), "Rule DL-2.4")) << why(*s, "cast " + card(knight));
}

TEST(DlFactionAtPlay, DL_2_4_ChargingOffFactionCardIsNotCast) {  // DL-2.4 DL-9.2 DL-I43
  auto s = table(7, "darkness:3");
  T::set_charging(*s, 0, "t-knight", 9);  // tokens enough for its level
  T::set_cp(*s, 0, 5);
  act(*s, "casting phase");
  EXPECT_FALSE(in_legal_list(*s, "cast charged"));
  EXPECT_FALSE(legal(*s, "cast charged"));
  EXPECT_TRUE(has_text(why(*s, "cast charged"), "Rule DL-2.4")) << why(*s, "cast charged");
}

// The pre-battle Equipment (DL-5.1) is also one the hero's factions allow: a Holy Order 8
// hero with a Darkness deck has nothing to equip.
TEST(DlFactionAtPlay, DL_2_5_PreBattleEquipmentFollowsTheFactions) {  // DL-2.5 DL-5.1 DL-I6 DL-I43
  auto s = game().make(7, "mixed", "mixed", "holy-order:8", "darkness:1");
  EXPECT_FALSE(in_legal_list(*s, "equip t-sword"));
  EXPECT_TRUE(in_legal_list(*s, "equip none"));
  EXPECT_TRUE(has_text(why(*s, "equip t-sword"), "DL-2.5")) << why(*s, "equip t-sword");
}

// Interpretation DL-I42: a hero's Life Points stop at 9999 (a Life grant past it is lost), so
// every state the engine makes is read back (the JSON state holds 0..9999; before, the
// grant made 10005 and the state's own JSON was refused).
TEST(DlLimits, DL_I42_LifeStopsAt9999) {  // DL-I42 DL-3.1
  auto s = table();
  T::set_life(*s, 0, 9995);
  int vigor = T::add_to_hand(*s, 0, "t-vigor");  // +10 Life Points
  T::set_cp(*s, 0, 2);
  act(*s, "casting phase");
  act(*s, "cast " + card(vigor) + " on hero");
  ASSERT_EQ(s->obj(vigor).where, Where::kHeroField);
  EXPECT_FALSE(s->obj(vigor).on_stack);
  EXPECT_EQ(s->player(0).hero.life, 9999);
  EXPECT_NO_THROW(game().state_from_json(s->to_json()));
}

// --- Hand-written states: each contradiction is refused naming the field (issue 15) ---


TEST(DlStateRefusals, TableLoadsUnchanged) {
  auto s = table();
  EXPECT_EQ(load_error(s->to_json()), "");
}

// A Darkness hero of level 3 with t-knight (Holy Order, level 6) in hand: DL-2.4.
TEST(DlStateRefusals, DL_2_4_OffFactionCardInHandIsRefused) {  // DL-2.4 DL-I43
  auto s = table(7, "darkness:3");
  int knight = T::add_to_hand(*s, 0, "t-knight");
  const std::string e = load_error(s->to_json());
  EXPECT_TRUE(has_text(e, "objects[" + std::to_string(knight) + "]: player 0's hero (darkness:3) cannot hold this card: 't-knight' is a Skill Level 6 Holy Order card")) << e;
  EXPECT_TRUE(has_text(e, "(Rule DL-2.4)")) << e;
}

// A Holy Order hero of level 8 with a Darkness creature in a field: DL-2.5.
TEST(DlStateRefusals, DL_2_5_OffFactionCardInFieldIsRefused) {  // DL-2.5
  auto s = table(7, "darkness:1");
  // Every card of the table is Darkness; make p0's hero Holy Order 8 and keep only one card.
  nlohmann::json j = s->to_json();
  j["players"][0]["hero"]["spec"] = "holy-order:8";
  j["players"][0]["hero"]["start_life"] = 100;
  j["players"][0]["hero"]["life"] = 100;
  const std::string e = load_error(j);
  EXPECT_TRUE(has_text(e, "player 0's hero (holy-order:8) cannot hold this card")) << e;
  EXPECT_TRUE(has_text(e, "a hero of Skill Level 8 may only use cards of its faction (Holy Order) (Rule DL-2.5)")) << e;
}

TEST(DlStateRefusals, SetupDeckOffFactionCardIsRefused) {  // DL-2.4 DL-5.1
  auto s = game().make(7, "mixed", "mixed", "darkness:3", "darkness:1");
  nlohmann::json j = s->to_json();
  j["players"][0]["deck"].push_back("t-knight");
  const std::string e = load_error(j);
  EXPECT_TRUE(has_text(e, "players[0]: deck: the hero (darkness:3) cannot hold this card: 't-knight'")) << e;
}

TEST(DlStateRefusals, StartLifeMustFitTheHerosLevel) {  // DL-4.1 DL-18.4
  nlohmann::json j = table()->to_json();
  j["players"][1]["hero"]["start_life"] = 100;
  EXPECT_TRUE(has_text(load_error(j), "players[1]: hero: field 'start_life' is 100; a hero of Skill Level 1 starts with 50 Life Points")) << load_error(j);
}

TEST(DlStateRefusals, WinnerOnlyInAFinishedBattle) {
  nlohmann::json j = table()->to_json();
  j["winner"] = 0;
  EXPECT_TRUE(has_text(load_error(j), "field 'winner': only a finished battle (phase 'over') has a winner")) << load_error(j);
}

TEST(DlStateRefusals, DL_I21_TurnPastTheLimitInARunningBattle) {  // DL-I21
  nlohmann::json j = table()->to_json();
  j["turn_limit"] = 2;  // the table is at turn 3
  EXPECT_TRUE(has_text(load_error(j), "field 'turn': turn 3 is past the turn limit 2 in an unfinished battle")) << load_error(j);
}

TEST(DlStateRefusals, SetupComesBeforeTheFirstTurn) {  // DL-5.1 DL-5.2
  nlohmann::json j = game().make(7)->to_json();
  j["turn"] = 4;
  EXPECT_TRUE(has_text(load_error(j), "field 'turn' / 'first_player': the set-up comes before the first turn")) << load_error(j);
}

TEST(DlStateRefusals, RunningBattleHasAFirstPlayer) {  // DL-5.2 DL-5.4
  nlohmann::json j = table()->to_json();
  j["first_player"] = -1;
  EXPECT_TRUE(has_text(load_error(j), "field 'turn' / 'first_player': a running battle has a first player")) << load_error(j);
}

TEST(DlStateRefusals, DeckListEmptiedOnceTheBattleBegan) {  // DL-5.1
  nlohmann::json j = table()->to_json();
  j["players"][0]["deck"] = {"t-ghoul"};
  EXPECT_TRUE(has_text(load_error(j), "players[0]: field 'deck': the deck list is emptied into the library")) << load_error(j);
}

TEST(DlStateRefusals, TokensNeedAChargingCard) {  // DL-9.1
  nlohmann::json j = table()->to_json();
  j["players"][0]["tokens"] = 2;
  EXPECT_TRUE(has_text(load_error(j), "players[0]: field 'tokens': 2 charging tokens but no card is charging")) << load_error(j);
}

TEST(DlStateRefusals, DL_11_6_ArmorPlayedCountsTheArmorWorn) {  // DL-11.6
  auto s = table();
  T::set_armor(*s, 0, 0, "t-plate");
  nlohmann::json j = s->to_json();
  j["players"][0]["armor_played"] = 0;
  EXPECT_TRUE(has_text(load_error(j), "players[0]: field 'armor_played' is 0 but 1 Armor card(s) are worn (Rule DL-11.6)")) << load_error(j);
}

TEST(DlStateRefusals, CastCardMustBeOnTheStack) {  // DL-8.4
  auto s = table();
  int ghoul = T::add_creature(*s, 0, "t-ghoul");
  T::obj(*s, ghoul).on_stack = true;
  const std::string e = load_error(s->to_json());
  EXPECT_TRUE(has_text(e, "objects[" + std::to_string(ghoul) + "]: flags say it is being cast, but 'stack' does not hold it")) << e;
}

TEST(DlStateRefusals, SkillPointsOnlyAfterTheBattle) {  // DL-18.1
  nlohmann::json j = table()->to_json();
  j["skill_rolls"] = {12, 0};
  EXPECT_TRUE(has_text(load_error(j), "fields 'skill_rolls' / 'skill_points': skill points are rolled after the battle")) << load_error(j);
}

TEST(DlStateRefusals, DL_18_6_OnlyLevel15HeroesPeek) {  // DL-18.6
  nlohmann::json j = table()->to_json();
  j["players"][0]["peek_known"] = 2;
  EXPECT_TRUE(has_text(load_error(j), "players[0]: field 'peek_known': only a hero of level 15 or more looks at its next cards")) << load_error(j);
}

}  // namespace
}  // namespace dltest
