// More engine paths: a hero dying while its spell is being cast, poison, the level effects,
// a dead hero's turns, the defending weapon, equipping, Enhancements and Relics, hidden
// information. Each TEST names the rule ids it covers.
#include <gtest/gtest.h>

#include "test_access.h"

namespace dltest {
namespace {

TEST(DlEngine, DL_I20_HeroDiesWhileItsRelicIsBeingCast) {  // DL-I20 DL-4.5 DL-17.2
  auto s = table();
  int ghoul = T::add_creature(*s, 0, "t-ghoul");
  int idol = T::add_to_hand(*s, 0, "t-idol");
  int sword = T::set_weapon(*s, 0, 0, "t-sword");
  int bolt = T::add_to_hand(*s, 1, "t-bolt");
  T::set_life(*s, 0, 3);
  T::set_cp(*s, 1, 2);
  act(*s, "casting phase");
  act(*s, "cast " + card(idol));
  act(*s, "cast " + card(bolt));      // p1 answers
  act(*s, "target hero p0");          // 3 damage: the hero dies
  EXPECT_FALSE(s->player(0).hero.alive);
  EXPECT_TRUE(contains(s->player(0).boneyard, idol));  // a Relic in a Spell Field goes too
  EXPECT_TRUE(contains(s->player(0).boneyard, sword));
  EXPECT_TRUE(s->is_creature_in_play(ghoul));          // creatures stay
  EXPECT_TRUE(s->stack().empty());
  EXPECT_FALSE(s->is_terminal());                      // p0 still has a creature (DL-17.1)
  expect_round_trip(*s);
  // p0 casts nothing more.
  EXPECT_EQ(legal_set(*s), actions(*s, {"end turn"}));
}

TEST(DlEngine, DL_16_PoisonHeroCreatureAndArmor) {  // DL-16.1 DL-16.2 DL-11.8 DL-I15
  auto s = table();
  int venom = T::add_to_hand(*s, 0, "t-venom");  // 5 poison to a target
  int ghoul = T::add_creature(*s, 1, "t-ghoul");  // level 1: dies at 1 counter
  T::set_cp(*s, 0, 10);
  act(*s, "casting phase");
  act(*s, "cast " + card(venom));
  act(*s, "target " + card(ghoul));
  EXPECT_TRUE(contains(s->player(1).boneyard, ghoul));
  // A hero: 15 + 5 = 20 counters destroy it.
  T::set_poison(*s, 1, 15);
  int venom2 = T::add_to_hand(*s, 0, "t-venom");
  act(*s, "cast " + card(venom2));
  act(*s, "target hero p1");
  EXPECT_FALSE(s->player(1).hero.alive);
  EXPECT_TRUE(s->is_terminal());  // no creature left: p1 is defeated
  EXPECT_EQ(s->winner(), 0);
  // Armor: no new counters.
  auto t = table();
  T::set_armor(*t, 1, 0, "t-plate");
  int venom3 = T::add_to_hand(*t, 0, "t-venom");
  T::set_cp(*t, 0, 10);
  act(*t, "casting phase");
  act(*t, "cast " + card(venom3));
  act(*t, "target hero p1");
  EXPECT_EQ(t->player(1).hero.poison, 0);
  EXPECT_TRUE(log_has(*t, "p1's hero wears armor: no poison"));
}

TEST(DlEngine, DL_18_6_LevelFifteenPeeksTwoCards) {  // DL-18.6 DL-I19
  auto s = table(7, "darkness:15");
  int second = T::add_to_library_top(*s, 0, "t-bat");
  int top = T::add_to_library_top(*s, 0, "t-dragon");
  act(*s, "casting phase");
  act(*s, "end turn");
  EXPECT_EQ(s->player(0).peek_known, 2);
  auto peek = s->observation_json(0)["players"][0]["peek"];
  ASSERT_EQ(peek.size(), 2u);
  EXPECT_EQ(peek[0]["id"], top);
  EXPECT_EQ(peek[1]["id"], second);
  EXPECT_FALSE(s->observation_json(1)["players"][0].contains("peek"));
  EXPECT_TRUE(log_has(*s, "looks at its next two cards: t-dragon", 0));
  EXPECT_FALSE(log_has(*s, "t-dragon", 1));
  // The observer's sample keeps the two known cards on top.
  rise::Rng rng(3);
  auto other = s->resample_hidden(0, rng);
  EXPECT_EQ(other->observation_json(0).dump(), s->observation_json(0).dump());
  // Drawing the top card leaves one known card.
  act(*s, "casting phase");  // p1
  act(*s, "end turn");
  EXPECT_TRUE(contains(s->player(0).hand, top));
  EXPECT_EQ(s->player(0).peek_known, 1);
}

TEST(DlEngine, DL_18_7_LevelTwentyCastingPoint) {  // DL-18.7 DL-7.1
  auto s = table(7, "darkness:1", "darkness:20");
  act(*s, "casting phase");
  T::force_d20(*s, {9});
  act(*s, "end turn");
  EXPECT_EQ(s->player(1).cp, 10);
  EXPECT_TRUE(log_has(*s, "p1 casting point roll 9 (+1 at level 20): 10 Casting Points"));
}

TEST(DlEngine, DL_17_2_DeadHeroAttacksWithCreaturesOnly) {  // DL-17.1 DL-17.2 DL-I37
  auto s = table();
  int ghoul = T::add_creature(*s, 0, "t-ghoul");
  T::add_to_hand(*s, 0, "t-bolt");
  T::set_cp(*s, 0, 10);
  T::kill_hero(*s, 0);
  EXPECT_EQ(legal_set(*s), actions(*s, {"attack phase", "end turn"}));
  act(*s, "attack phase");
  EXPECT_EQ(legal_set(*s), actions(*s, {"attack " + card(ghoul), "attackers done"}));
  act(*s, "attack " + card(ghoul));
  T::force_d20(*s, {12});
  act(*s, "attackers done");
  EXPECT_EQ(s->player(1).hero.life, 47);
  // Interpretation DL-I37: the dead hero's creature must block what it can; the flying bat
  // it cannot block meets no one (there is no hero to hit).
  auto t = table();
  int bat = T::add_creature(*t, 0, "t-bat");
  int ghoul0 = T::add_creature(*t, 0, "t-ghoul");
  int ghoul1 = T::add_creature(*t, 1, "t-ghoul");
  T::kill_hero(*t, 1);
  act(*t, "attack phase");
  act(*t, "attack " + card(bat));
  act(*t, "attack " + card(ghoul0));
  act(*t, "attackers done");
  EXPECT_EQ(legal_set(*t), actions(*t, {"block " + card(ghoul1) + " " + card(ghoul0)}));  // no `blocks done`
  T::force_d20(*t, {20, 5});  // the bat: Critical Hit on no one; the ghoul: Clean Miss
  act(*t, "block " + card(ghoul1) + " " + card(ghoul0));
  EXPECT_TRUE(log_has(*t, "meets no one"));
  EXPECT_TRUE(log_has(*t, "p1 blocks"));
  EXPECT_TRUE(t->is_creature_in_play(ghoul1));
  EXPECT_FALSE(t->is_terminal());
}

TEST(DlEngine, DL_I16_BothDefeatedIsADraw) {  // DL-I16 DL-17.1
  auto s = table();
  T::set_life(*s, 0, 2);
  T::set_life(*s, 1, 2);
  T::set_weapon(*s, 0, 0, "t-sword");
  T::set_weapon(*s, 1, 0, "t-sword");
  act(*s, "attack phase");
  act(*s, "hero attacks");
  T::force_d20(*s, {12});  // Hit: both heroes deal 4
  act(*s, "attackers done");
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->returns(), std::vector<double>({0.0, 0.0}));
  EXPECT_TRUE(log_has(*s, "the battle is a draw"));
  EXPECT_EQ(s->game_end(), (rise::GameEnd{"both defeated at once", "DL-I16", {}}));
}

TEST(DlEngine, DL_10_5_DefenderChoosesSecondaryWeapon) {  // DL-10.5 DL-I13 DL-4.3
  auto s = table();
  int ghoul = T::add_creature(*s, 0, "t-ghoul");
  T::set_weapon(*s, 1, 0, "t-sword");  // AP 4
  T::set_weapon(*s, 1, 1, "t-bow");    // AP 3
  act(*s, "attack phase");
  act(*s, "attack " + card(ghoul));
  act(*s, "attackers done");
  EXPECT_EQ(s->phase(), Phase::kDefend);
  EXPECT_EQ(legal_set(*s), actions(*s, {"defend primary", "defend secondary"}));
  T::force_d20(*s, {10});
  act(*s, "defend secondary");  // 3 is not higher than the ghoul's 3 DP: it survives
  EXPECT_TRUE(s->is_creature_in_play(ghoul));
  EXPECT_EQ(s->obj(ghoul).damage, 3);
  EXPECT_EQ(s->player(1).hero.life, 47);
}

TEST(DlEngine, DL_11_6_EquipWeaponsAndArmorLimits) {  // DL-10.2 DL-10.3 DL-10.4 DL-11.3 DL-11.6 DL-11.7 DL-I3 DL-I8 DL-I9
  auto s = table();
  int axe = T::add_to_hand(*s, 0, "t-axe");       // cost 3
  int sword = T::add_to_hand(*s, 0, "t-sword");
  int shield = T::add_to_hand(*s, 0, "t-shield");  // cost 2
  int plate = T::add_to_hand(*s, 0, "t-plate");
  T::set_cp(*s, 0, 5);
  // Before the phase is declared (DL-I3).
  act(*s, "equip " + card(axe));
  EXPECT_EQ(s->player(0).weapon[0], axe);
  EXPECT_EQ(s->player(0).cp, 2);
  act(*s, "equip " + card(sword));
  EXPECT_EQ(s->player(0).weapon[1], sword);
  act(*s, "equip " + card(shield));
  EXPECT_EQ(s->player(0).armor[0], shield);
  act(*s, "equip " + card(plate));
  EXPECT_EQ(s->player(0).armor[1], plate);
  EXPECT_EQ(s->player(0).armor_played, 2);
  EXPECT_EQ(s->hero_attack(0, 0), 6);
  // A third Armor may not come into play this battle.
  int shield2 = T::add_to_hand(*s, 0, "t-shield");
  T::set_cp(*s, 0, 5);
  EXPECT_FALSE(legal(*s, "equip " + card(shield2)));
  EXPECT_NE(s->explain_illegal(s->string_to_action("equip " + card(shield2))).find("DL-11.6"), std::string::npos);
  // A Relic may not join an Armor in the Secondary field (DL-I9).
  int idol = T::add_to_hand(*s, 0, "t-idol");
  act(*s, "casting phase");
  EXPECT_FALSE(legal(*s, "cast " + card(idol) + " to relic field"));
  EXPECT_TRUE(legal(*s, "cast " + card(idol)));
}

TEST(DlEngine, DL_12_EnhancementsAndRelicGrants) {  // DL-3.1 DL-3.2 DL-12.1 DL-12.2 DL-12.3 DL-8.6 DL-I11
  auto s = table();
  int sword = T::set_weapon(*s, 0, 0, "t-sword");
  int plate = T::set_armor(*s, 0, 0, "t-plate");
  int edge1 = T::add_to_hand(*s, 0, "t-edge");
  int edge2 = T::add_to_hand(*s, 0, "t-edge");
  int plating = T::add_to_hand(*s, 0, "t-plating");
  int vigor = T::add_to_hand(*s, 0, "t-vigor");
  int idol1 = T::add_to_hand(*s, 0, "t-idol");
  int idol2 = T::add_to_hand(*s, 0, "t-idol");
  T::set_cp(*s, 0, 20);
  act(*s, "casting phase");
  EXPECT_FALSE(legal(*s, "cast " + card(edge1)));
  EXPECT_FALSE(legal(*s, "cast " + card(edge1) + " on weapon 2"));  // no weapon there
  act(*s, "cast " + card(edge1) + " on weapon 1");
  act(*s, "cast " + card(edge2) + " on weapon 1");  // they stack
  EXPECT_EQ(s->hero_attack(0, 0), 8);
  act(*s, "cast " + card(plating) + " on armor 1");
  EXPECT_EQ(s->armor_defense(plate), 13);
  act(*s, "cast " + card(vigor) + " on hero");
  EXPECT_EQ(s->player(0).hero.life, 60);
  act(*s, "cast " + card(idol1) + " to relic field");
  act(*s, "cast " + card(idol2) + " to relic field");  // copies of one Relic stack
  EXPECT_EQ(s->player(0).relics.size(), 2u);
  EXPECT_EQ(s->hero_attack(0, 0), 10);
  // The weapon's Enhancements leave with it (DL-12.2).
  T::kill_hero(*s, 0);
  EXPECT_TRUE(contains(s->player(0).boneyard, sword));
  EXPECT_TRUE(contains(s->player(0).boneyard, edge1));
  EXPECT_TRUE(contains(s->player(0).boneyard, edge2));
  EXPECT_TRUE(contains(s->player(0).boneyard, plating));
  EXPECT_TRUE(contains(s->player(0).boneyard, idol2));
  EXPECT_TRUE(s->player(0).gear_enh.empty());
}

TEST(DlEngine, DL_3_6_InstantFieldClosedByACreature) {  // DL-3.6 DL-I22
  auto s = table();
  for (int k = 0; k < 3; ++k) T::add_in_field(*s, 0, k == 0 ? "t-guard" : k == 1 ? "t-wall" : "t-glass", k);
  int ghoul = T::add_to_hand(*s, 0, "t-ghoul");
  int bolt = T::add_to_hand(*s, 0, "t-bolt");
  T::set_cp(*s, 0, 10);
  act(*s, "casting phase");
  act(*s, "cast " + card(ghoul));
  EXPECT_EQ(s->obj(ghoul).slot, rise::dl::kInstantField);  // the Instant Field, last
  EXPECT_FALSE(legal(*s, "cast " + card(bolt)));
  EXPECT_NE(s->explain_illegal(s->string_to_action("cast " + card(bolt))).find("Instant Field"), std::string::npos);
}

TEST(DlEngine, DL_1_5_ActivatedAbilityTurnsTheCard) {  // DL-1.5 DL-10.6
  auto s = table();
  int shaman = T::add_creature(*s, 0, "t-shaman");
  int ghoul = T::add_creature(*s, 1, "t-ghoul");
  act(*s, "casting phase");
  act(*s, "activate " + card(shaman));
  EXPECT_TRUE(s->obj(shaman).activated);
  act(*s, "target " + card(ghoul));
  EXPECT_EQ(s->obj(ghoul).damage, 1);
  EXPECT_FALSE(legal(*s, "activate " + card(shaman)));  // once per turn
}

TEST(DlEngine, DL_6_1_TurnStartEffectAddsToTheRoll) {  // DL-6.1 DL-I2
  auto s = table();
  T::add_creature(*s, 1, "t-totem");  // turn start: +1 Casting Point
  act(*s, "casting phase");
  T::force_d20(*s, {5});
  act(*s, "end turn");
  EXPECT_EQ(s->player(1).cp, 6);
}

TEST(DlEngine, HiddenInformationOfTheOpponent) {  // DL-3.7 DL-I12
  auto s = table();
  T::add_to_hand(*s, 1, "t-dragon");
  T::set_charging(*s, 1, "t-dragon", 2);
  auto obs = s->observation_json(0);
  EXPECT_EQ(obs["players"][1]["hand_count"], 1);
  EXPECT_FALSE(obs["players"][1].contains("hand"));
  EXPECT_EQ(obs["players"][1]["charging"], nlohmann::json({{"present", true}, {"tokens", 2}}));
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    rise::Rng rng(seed);
    auto other = s->resample_hidden(0, rng);
    ASSERT_EQ(other->observation_json(0).dump(), obs.dump());
    auto* dl = dynamic_cast<DlState*>(other.get());
    const auto& c = dl->card_of(dl->player(1).charging);
    // Only a spell above the hero's level could be charging.
    EXPECT_GT(c.level, 1) << c.id;
  }
}

}  // namespace
}  // namespace dltest
