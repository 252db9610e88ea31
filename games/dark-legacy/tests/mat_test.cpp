// Rule tests of the cards and the mat (Rules DL-1.*, DL-3.*; Interpretations DL-I1, DL-I9,
// DL-I10, DL-I24): which cards are cast and which are equipped, what each field holds, the
// Boneyard and the cards removed from the game. Each test builds the exact table with
// DlTestAccess, acts in notation and checks the exact zones, points and log lines.
#include <gtest/gtest.h>

#include <vector>

#include "test_access.h"

namespace dltest {
namespace {

using rise::dl::kInstantField;
using rise::dl::Kind;

// Rule DL-1.2: Creatures, Enhancements, Relics, Magic and Instants are cast; Weapons and Armor
// are equipped; a Relic is both (cast, and may be equipped in the Secondary Armor/Relic Field).
TEST(DlMat, DL_1_2_SpellsAreCastEquipmentIsEquipped) {  // DL-1.2 DL-8.6 DL-I1
  auto s = table();
  const int sword = T::add_to_hand(*s, 0, "t-sword");
  const int plate = T::add_to_hand(*s, 0, "t-plate");
  const int idol = T::add_to_hand(*s, 0, "t-idol");
  const int ghoul = T::add_to_hand(*s, 0, "t-ghoul");
  EXPECT_TRUE(s->card_of(ghoul).is_spell());
  EXPECT_FALSE(s->card_of(ghoul).is_equipment());
  EXPECT_FALSE(s->card_of(sword).is_spell());
  EXPECT_TRUE(s->card_of(sword).is_equipment());
  EXPECT_FALSE(s->card_of(plate).is_spell());
  EXPECT_TRUE(s->card_of(idol).is_spell());
  EXPECT_TRUE(s->card_of(idol).is_equipment());
  T::set_cp(*s, 0, 5);
  act(*s, "casting phase");
  EXPECT_FALSE(legal(*s, "cast " + card(sword)));
  EXPECT_EQ(explain(*s, "cast " + card(sword)), "Weapons and Armor are equipped, not cast: `equip #n` (Rules DL-1.2, DL-10.4)");
  EXPECT_FALSE(legal(*s, "cast " + card(plate)));
  EXPECT_FALSE(legal(*s, "equip " + card(ghoul)));
  EXPECT_EQ(explain(*s, "equip " + card(ghoul)), "only Weapons and Armor are equipped (Rule DL-1.2)");
  EXPECT_FALSE(legal(*s, "equip " + card(idol)));
  EXPECT_EQ(explain(*s, "equip " + card(idol)), "a Relic is cast: `cast #n to relic field` (Rule DL-8.6)");
  // The exact choice of the Casting Phase: both Equipment equipped, the Relic cast to either
  // place, the creature cast.
  EXPECT_EQ(legal_set(*s), actions(*s, {"equip " + card(sword), "equip " + card(plate), "cast " + card(idol),
                                        "cast " + card(idol) + " to relic field", "cast " + card(ghoul), "end turn"}));
  act(*s, "cast " + card(idol) + " to relic field");
  EXPECT_EQ(s->player(0).relics, ids({idol}));
  EXPECT_EQ(s->obj(idol).where, Where::kRelicField);
  EXPECT_EQ(s->hero_attack(0, 0), 2);  // 1 without a weapon + the idol's 1
  EXPECT_TRUE(log_has(*s, "p0 casts t-idol #" + std::to_string(idol) + " to the Relic Field"));
  act(*s, "equip " + card(sword));
  EXPECT_EQ(s->player(0).weapon[0], sword);
  EXPECT_EQ(s->hero_attack(0, 0), 5);  // the sword's 4 + the idol's 1
}

// Interpretation DL-I1: Relic is a seventh card type; a Relic cast into a Spell Casting Field
// grants to its hero from there.
TEST(DlMat, DL_I1_RelicIsASeventhType) {  // DL-I1 DL-1.1
  EXPECT_EQ(rise::dl::kKinds, 7);
  EXPECT_STREQ(rise::dl::kind_name(Kind::kRelic), "Relic");
  auto s = table();
  const int charm = T::add_to_hand(*s, 0, "t-charm");  // hero +2 attack, cost 1
  T::set_cp(*s, 0, 1);
  act(*s, "casting phase");
  act(*s, "cast " + card(charm));
  EXPECT_EQ(s->player(0).fields[0], ids({charm}));
  EXPECT_TRUE(s->in_play(charm));
  EXPECT_EQ(s->player(0).cp, 0);
  EXPECT_EQ(s->hero_attack(0, 0), 3);
}

// Rule DL-1.3: card text beats the rules. Without "target" an effect reaches only its
// controller's side (Rule DL-1.4), but t-blast's text names the opposing hero.
TEST(DlMat, DL_1_3_CardTextBeatsTheRules) {  // DL-1.3 DL-1.4
  auto s = table();
  const int blast = T::add_to_hand(*s, 0, "t-blast");  // 2 damage to the opposing hero, cost 0
  act(*s, "cast " + card(blast));
  EXPECT_FALSE(s->choice_pending());  // no target to choose
  EXPECT_EQ(s->player(1).hero.life, 48);
  EXPECT_EQ(s->player(0).hero.life, 50);
  EXPECT_EQ(s->player(0).boneyard, ids({blast}));
  EXPECT_TRUE(log_has(*s, "p1's hero loses 2 Life Points: 48 left"));
}

// Rule DL-3.3: the Primary Armor Field holds one Armor; a second goes to the Secondary
// field, a third finds no field; once the Primary Armor is destroyed the next one goes there.
TEST(DlMat, DL_3_3_PrimaryArmorFieldHoldsOneArmor) {  // DL-3.3 DL-11.3 DL-11.2 DL-I24
  auto s = table();
  const int plate = T::add_to_hand(*s, 0, "t-plate");
  const int shield = T::add_to_hand(*s, 0, "t-shield");  // cost 2
  T::set_cp(*s, 0, 2);
  act(*s, "equip " + card(plate));
  EXPECT_EQ(s->player(0).armor[0], plate);
  EXPECT_EQ(s->obj(plate).slot, 0);
  act(*s, "equip " + card(shield));
  EXPECT_EQ(s->player(0).armor[1], shield);
  EXPECT_EQ(s->obj(shield).slot, 1);
  EXPECT_EQ(s->player(0).cp, 0);
  T::player(*s, 0).armor_played = 0;  // this test is about the fields, not the count of DL-11.6
  const int mail = T::add_to_hand(*s, 0, "t-mail");
  EXPECT_FALSE(legal(*s, "equip " + card(mail)));
  EXPECT_NE(explain(*s, "equip " + card(mail)).find("no open Armor Field"), std::string::npos);

  auto t = table();
  const int plate1 = T::set_armor(*t, 1, 0, "t-plate", 9);  // 1 Defense Point left
  const int shield1 = T::set_armor(*t, 1, 1, "t-shield");
  T::player(*t, 1).armor_played = 0;
  const int blast = T::add_to_hand(*t, 0, "t-blast");
  act(*t, "cast " + card(blast));  // 2 damage: 1 on the plate (destroyed), 1 on the shield
  EXPECT_EQ(t->player(1).armor[0], -1);
  EXPECT_EQ(t->player(1).armor[1], shield1);
  EXPECT_EQ(t->obj(shield1).damage, 1);
  EXPECT_EQ(t->player(1).hero.life, 50);
  EXPECT_TRUE(contains(t->player(1).boneyard, plate1));  // Interpretation DL-I24
  EXPECT_TRUE(log_has(*t, "p1's armor t-plate #" + std::to_string(plate1) + " absorbs 1 damage"));
  EXPECT_TRUE(log_has(*t, "t-plate #" + std::to_string(plate1) + " of p1 goes to the Boneyard"));
  const int mail1 = T::add_to_hand(*t, 1, "t-mail");
  act(*t, "casting phase");
  act(*t, "end turn");
  act(*t, "equip " + card(mail1));  // p1, before declaring its phase
  EXPECT_EQ(t->player(1).armor[0], mail1);
  EXPECT_EQ(t->obj(mail1).slot, 0);
  EXPECT_EQ(t->player(1).armor[1], shield1);
}

// Rule DL-3.4, Interpretation DL-I9, Rule DL-12.3: the Secondary Armor/Relic Field holds one
// Armor, or copies of one single Relic; the two kinds never share it.
TEST(DlMat, DL_3_4_SecondaryFieldHoldsOneArmorOrCopiesOfOneRelic) {  // DL-3.4 DL-12.3 DL-8.6 DL-I9
  auto s = table();
  const int idol1 = T::add_to_hand(*s, 0, "t-idol");
  const int idol2 = T::add_to_hand(*s, 0, "t-idol");
  const int charm = T::add_to_hand(*s, 0, "t-charm");
  const int shield = T::add_to_hand(*s, 0, "t-shield");
  const int plate = T::add_to_hand(*s, 0, "t-plate");
  T::set_cp(*s, 0, 10);
  act(*s, "casting phase");
  act(*s, "cast " + card(idol1) + " to relic field");
  act(*s, "cast " + card(idol2) + " to relic field");
  EXPECT_EQ(s->player(0).relics, ids({idol1, idol2}));
  EXPECT_FALSE(legal(*s, "cast " + card(charm) + " to relic field"));
  EXPECT_EQ(explain(*s, "cast " + card(charm) + " to relic field"),
            "another Relic is in the Secondary Armor/Relic Field: only copies of one Relic stack (Rule DL-3.4)");
  EXPECT_TRUE(legal(*s, "cast " + card(charm)));  // into a Spell Casting Field
  // An Armor still has the Primary Armor Field; once it is taken, no Armor joins the Relics.
  act(*s, "equip " + card(shield));
  EXPECT_EQ(s->player(0).armor[0], shield);
  EXPECT_EQ(s->player(0).armor[1], -1);
  EXPECT_FALSE(legal(*s, "equip " + card(plate)));
  EXPECT_EQ(explain(*s, "equip " + card(plate)),
            "no open Armor Field: the Primary is taken and the Secondary holds an Armor or a Relic (Rules DL-3.3, "
            "DL-3.4, Interpretation DL-I9)");

  // The other way round: an Armor in the Secondary field keeps every Relic out of it.
  auto t = table();
  T::set_armor(*t, 0, 0, "t-plate");
  T::set_armor(*t, 0, 1, "t-shield");
  const int idol = T::add_to_hand(*t, 0, "t-idol");
  act(*t, "casting phase");
  EXPECT_EQ(explain(*t, "cast " + card(idol) + " to relic field"),
            "an Armor is in the Secondary Armor/Relic Field (Rule DL-3.4)");
  EXPECT_TRUE(legal(*t, "cast " + card(idol)));
}

// Rule DL-3.5: three Spell Casting Fields (and the Instant Field), each stacking up to three
// copies of one card; a spell needs an open field.
TEST(DlMat, DL_3_5_ThreeCopiesOfOneCardPerSpellField) {  // DL-3.5 DL-8.1 DL-8.3 DL-I22
  auto s = table();
  std::vector<int> ghouls;
  for (int k = 0; k < 4; ++k) ghouls.push_back(T::add_to_hand(*s, 0, "t-ghoul"));
  T::set_cp(*s, 0, 8);
  act(*s, "casting phase");
  for (int g : ghouls) act(*s, "cast " + card(g));
  EXPECT_EQ(s->player(0).fields[0], ids({ghouls[0], ghouls[1], ghouls[2]}));
  EXPECT_EQ(s->player(0).fields[1], ids({ghouls[3]}));  // a fourth copy needs another field
  EXPECT_EQ(s->player(0).cp, 0);
  // Fields 1..3 full too (field 1 with three ghouls): no open field for any spell.
  const int g5 = T::add_in_field(*s, 0, "t-ghoul", 1);
  const int g6 = T::add_in_field(*s, 0, "t-ghoul", 1);
  T::add_in_field(*s, 0, "t-guard", 2);
  T::add_in_field(*s, 0, "t-wall", kInstantField);
  EXPECT_EQ(s->player(0).fields[1], ids({ghouls[3], g5, g6}));
  const int g7 = T::add_to_hand(*s, 0, "t-ghoul");
  const int glass = T::add_to_hand(*s, 0, "t-glass");
  T::set_cp(*s, 0, 8);
  EXPECT_FALSE(legal(*s, "cast " + card(g7)));
  EXPECT_EQ(explain(*s, "cast " + card(g7)), "no open Spell Casting Field (Rules DL-3.5, DL-8.1)");
  EXPECT_FALSE(legal(*s, "cast " + card(glass)));
  EXPECT_EQ(legal_set(*s), actions(*s, {"end turn"}));
}

// Rule DL-3.6: the Instant Field takes Creatures, Relics and Magic (as themselves, in the
// Casting Phase) and then no Instant can be cast until it is empty again; a used-up Magic
// card leaves it at once (Interpretation DL-I10).
TEST(DlMat, DL_3_6_InstantFieldClosedToInstantsWhileANonInstantLiesThere) {  // DL-3.6 DL-8.2 DL-I10 DL-I22
  auto s = table();
  T::add_in_field(*s, 0, "t-guard", 0);
  T::add_in_field(*s, 0, "t-wall", 1);
  T::add_in_field(*s, 0, "t-glass", 2);
  const int mend = T::add_to_hand(*s, 0, "t-mend");    // Magic, used up
  const int rally = T::add_to_hand(*s, 0, "t-rally");  // Magic, lasting
  const int bolt = T::add_to_hand(*s, 0, "t-bolt");
  const int ghoul = T::add_to_hand(*s, 0, "t-ghoul");
  T::set_cp(*s, 0, 20);
  T::set_life(*s, 0, 40);
  // Before the Casting Phase only the Instant may be cast: a creature is never an Instant.
  EXPECT_TRUE(legal(*s, "cast " + card(bolt)));
  EXPECT_FALSE(legal(*s, "cast " + card(ghoul)));
  act(*s, "casting phase");
  act(*s, "cast " + card(mend));  // into the Instant Field, resolved, used up
  EXPECT_EQ(s->player(0).hero.life, 45);
  EXPECT_TRUE(s->player(0).fields[kInstantField].empty());
  EXPECT_EQ(s->player(0).boneyard, ids({mend}));
  EXPECT_TRUE(legal(*s, "cast " + card(bolt)));
  act(*s, "cast " + card(rally));  // lasting: it stays in the Instant Field
  EXPECT_EQ(s->player(0).fields[kInstantField], ids({rally}));
  EXPECT_EQ(s->obj(rally).slot, kInstantField);
  EXPECT_FALSE(legal(*s, "cast " + card(bolt)));
  EXPECT_EQ(explain(*s, "cast " + card(bolt)), "your Instant Field is not empty (Rule DL-3.6)");
  EXPECT_FALSE(legal(*s, "cast " + card(ghoul)));  // and no field for the creature either

  // A Relic in the Instant Field closes it the same way.
  auto t = table();
  T::add_in_field(*t, 0, "t-guard", 0);
  T::add_in_field(*t, 0, "t-wall", 1);
  T::add_in_field(*t, 0, "t-glass", 2);
  const int idol = T::add_to_hand(*t, 0, "t-idol");
  const int bolt2 = T::add_to_hand(*t, 0, "t-bolt");
  T::set_cp(*t, 0, 5);
  act(*t, "casting phase");
  act(*t, "cast " + card(idol));
  EXPECT_EQ(t->obj(idol).slot, kInstantField);
  EXPECT_FALSE(legal(*t, "cast " + card(bolt2)));

  // The opponent's closed Instant Field: it is never asked to answer a spell.
  auto u = table();
  T::add_in_field(*u, 1, "t-ghoul", kInstantField);
  T::add_to_hand(*u, 1, "t-bolt");
  T::set_cp(*u, 1, 5);
  const int guard = T::add_to_hand(*u, 0, "t-guard");
  T::set_cp(*u, 0, 2);
  act(*u, "casting phase");
  act(*u, "cast " + card(guard));
  EXPECT_FALSE(u->window_open());
  EXPECT_TRUE(u->is_creature_in_play(guard));
}

// Rule DL-3.7: one face-down card charges at a time.
TEST(DlMat, DL_3_7_ChargingFieldHoldsOneFaceDownCard) {  // DL-3.7 DL-9.1 DL-I36
  auto s = table();
  const int dragon = T::add_to_hand(*s, 0, "t-dragon");
  const int titan = T::add_to_hand(*s, 0, "t-titan");
  act(*s, "casting phase");
  act(*s, "charge " + card(dragon));
  EXPECT_EQ(s->player(0).charging, dragon);
  EXPECT_EQ(s->obj(dragon).where, Where::kCharging);
  EXPECT_EQ(s->player(0).hand, ids({titan}));
  T::player(*s, 0).charged_this_turn = false;  // the field, not the once-per-turn rule, refuses
  EXPECT_FALSE(legal(*s, "charge " + card(titan)));
  EXPECT_EQ(explain(*s, "charge " + card(titan)), "a card is already charging (Rule DL-3.7)");
  EXPECT_EQ(s->observation_json(1)["players"][0]["charging"], nlohmann::json({{"present", true}, {"tokens", 0}}));
  EXPECT_TRUE(log_has(*s, "p0 charges a card face down"));
  EXPECT_FALSE(log_has(*s, "t-dragon"));
}

// Rule DL-3.8: the Boneyard is a face-up pile: destroyed cards and resolved Instants go to
// their owner's, and both players see it.
TEST(DlMat, DL_3_8_BoneyardIsFaceUp) {  // DL-3.8 DL-13.6 DL-3.6
  auto s = table();
  const int glass = T::add_creature(*s, 1, "t-glass");  // 4/2
  const int bolt = T::add_to_hand(*s, 0, "t-bolt");
  T::set_cp(*s, 0, 2);
  act(*s, "cast " + card(bolt));
  act(*s, "target " + card(glass));  // 3 damage > 2 Defense Points
  EXPECT_EQ(s->player(1).boneyard, ids({glass}));
  EXPECT_EQ(s->player(0).boneyard, ids({bolt}));
  EXPECT_TRUE(s->player(1).fields[0].empty());
  const nlohmann::json expected = nlohmann::json::array({{{"id", glass}, {"card", "t-glass"}}});
  EXPECT_EQ(s->observation_json(0)["players"][1]["boneyard"], expected);
  EXPECT_EQ(s->observation_json(1)["players"][1]["boneyard"], expected);
}

// Rule DL-3.9: a card removed from the game lies apart (not in the Boneyard) and never comes
// back: it no longer counts as a creature of its player (Rule DL-17.1).
TEST(DlMat, DL_3_9_RemovedFromTheGameNeverComesBack) {  // DL-3.9 DL-I10 DL-I31 DL-17.1
  auto s = table();
  const int ghoul = T::add_creature(*s, 1, "t-ghoul");
  const int banish = T::add_to_hand(*s, 0, "t-banish");  // remove a target creature, cost 1
  T::set_cp(*s, 0, 1);
  act(*s, "casting phase");
  act(*s, "cast " + card(banish));  // the only creature: taken without asking
  EXPECT_EQ(s->player(1).removed, ids({ghoul}));
  EXPECT_TRUE(s->player(1).boneyard.empty());
  EXPECT_EQ(s->obj(ghoul).where, Where::kRemoved);
  EXPECT_EQ(s->player(0).boneyard, ids({banish}));  // a used-up Magic card
  EXPECT_TRUE(log_has(*s, "t-ghoul #" + std::to_string(ghoul) + " of p1 is removed from the game"));
  EXPECT_EQ(s->observation_json(0)["players"][1]["removed"],
            nlohmann::json::array({{{"id", ghoul}, {"card", "t-ghoul"}}}));
  expect_round_trip(*s);

  // A dead hero whose last creature is removed: its player is defeated.
  auto t = table();
  T::add_creature(*t, 1, "t-ghoul");
  T::kill_hero(*t, 1);
  const int banish2 = T::add_to_hand(*t, 0, "t-banish");
  T::set_cp(*t, 0, 1);
  act(*t, "casting phase");
  EXPECT_FALSE(t->is_terminal());
  act(*t, "cast " + card(banish2));
  EXPECT_TRUE(t->is_terminal());
  EXPECT_EQ(t->winner(), 0);
}

// Rule DL-3.10: Equipment stays in play until it is destroyed: no action takes it off, a third
// Weapon does not replace one, turns do not remove it (and Armor keeps its damage, DL-11.2);
// an Armor whose last Defense Point goes is destroyed (DL-I24: to the Boneyard).
TEST(DlMat, DL_3_10_EquipmentStaysUntilDestroyed) {  // DL-3.10 DL-3.2 DL-11.2 DL-I24
  auto s = table();
  const int sword = T::set_weapon(*s, 0, 0, "t-sword");
  const int bow = T::set_weapon(*s, 0, 1, "t-bow");
  const int plate = T::set_armor(*s, 0, 0, "t-plate", 9);
  const int axe = T::add_to_hand(*s, 0, "t-axe");
  T::set_cp(*s, 0, 10);
  EXPECT_FALSE(legal(*s, "equip " + card(axe)));
  EXPECT_EQ(explain(*s, "equip " + card(axe)), "both Weapon Fields hold a weapon (Rule DL-3.2)");
  const int blast = T::add_to_hand(*s, 1, "t-blast");
  act(*s, "casting phase");
  act(*s, "end turn");
  EXPECT_EQ(s->obj(plate).damage, 9);  // p1's turn: the damage stays
  act(*s, "cast " + card(blast));      // p1: 2 damage to p0's hero
  EXPECT_EQ(s->player(0).armor[0], -1);
  EXPECT_TRUE(contains(s->player(0).boneyard, plate));
  EXPECT_TRUE(s->player(0).removed.empty());
  EXPECT_EQ(s->player(0).hero.life, 49);
  act(*s, "casting phase");
  act(*s, "end turn");
  EXPECT_EQ(s->active_player(), 0);
  EXPECT_EQ(s->player(0).weapon[0], sword);
  EXPECT_EQ(s->player(0).weapon[1], bow);
  EXPECT_TRUE(s->in_play(sword));
  EXPECT_TRUE(s->in_play(bow));
}

// Rule DL-3.1: the Hero Field holds any number of Enhancements; copies of one stack and their
// bonuses add up (Interpretation DL-I11: they need no Spell Casting Field).
TEST(DlMat, DL_3_1_HeroFieldEnhancementsStack) {  // DL-3.1 DL-12.1 DL-I11
  auto s = table();
  const int vigor1 = T::add_to_hand(*s, 0, "t-vigor");  // +10 Life Points, cost 2
  const int vigor2 = T::add_to_hand(*s, 0, "t-vigor");
  const int wings = T::add_to_hand(*s, 0, "t-wings");   // flying, cost 1
  T::set_cp(*s, 0, 5);
  act(*s, "casting phase");
  EXPECT_FALSE(legal(*s, "cast " + card(vigor1)));  // not into a Spell Casting Field
  act(*s, "cast " + card(vigor1) + " on hero");
  act(*s, "cast " + card(vigor2) + " on hero");
  act(*s, "cast " + card(wings) + " on hero");
  EXPECT_EQ(s->player(0).hero_enh, ids({vigor1, vigor2, wings}));
  for (const auto& field : s->player(0).fields) EXPECT_TRUE(field.empty());
  EXPECT_EQ(s->player(0).hero.life, 70);
  EXPECT_TRUE(s->flies(rise::dl::kHeroRef + 0));
  EXPECT_EQ(s->player(0).cp, 0);
}

// Rule DL-12.2: an Enhancement attached to an Armor leaves play with it when the Armor is
// destroyed.
TEST(DlMat, DL_12_2_EnhancementLeavesWithItsArmor) {  // DL-12.2 DL-11.2 DL-I24
  auto s = table();
  const int shield = T::set_armor(*s, 1, 0, "t-shield", 6);  // 5 + 3 Defense Points: 2 left
  const int plating = T::attach(*s, 1, shield, "t-plating");
  EXPECT_EQ(s->armor_defense(shield), 8);
  const int blast = T::add_to_hand(*s, 0, "t-blast");  // 2 damage to the opposing hero
  act(*s, "cast " + card(blast));
  EXPECT_EQ(s->player(1).armor[0], -1);
  EXPECT_TRUE(s->player(1).gear_enh.empty());
  EXPECT_TRUE(contains(s->player(1).boneyard, shield));
  EXPECT_TRUE(contains(s->player(1).boneyard, plating));
  EXPECT_EQ(s->player(1).hero.life, 50);
}

// Interpretation DL-I10: a Magic card is used up once it resolves (to the Boneyard); a lasting
// one stays in its field and grants while it is there; dispelled, it leaves with its grants.
TEST(DlMat, DL_I10_UsedUpAndLastingMagic) {  // DL-I10 DL-8.1 DL-I31
  auto s = table();
  const int ghoul = T::add_creature(*s, 0, "t-ghoul");
  const int mend = T::add_to_hand(*s, 0, "t-mend");
  const int rally = T::add_to_hand(*s, 0, "t-rally");
  T::set_life(*s, 0, 40);
  T::set_cp(*s, 0, 4);
  act(*s, "casting phase");
  act(*s, "cast " + card(mend));
  EXPECT_EQ(s->player(0).hero.life, 45);
  EXPECT_EQ(s->player(0).boneyard, ids({mend}));
  EXPECT_EQ(s->obj(mend).where, Where::kBoneyard);
  act(*s, "cast " + card(rally));
  EXPECT_EQ(s->player(0).fields[1], ids({rally}));
  EXPECT_TRUE(s->in_play(rally));
  EXPECT_EQ(s->attack_of(ghoul), 4);
  EXPECT_EQ(s->defense_of(ghoul), 4);
  EXPECT_EQ(s->player(0).cp, 0);
  const int dispel = T::add_to_hand(*s, 1, "t-dispel");
  T::force_d20(*s, {10});  // p1's Casting Points
  act(*s, "end turn");
  act(*s, "cast " + card(dispel));  // the only Magic, Relic or Enhancement in play
  EXPECT_EQ(s->player(0).boneyard, ids({mend, rally}));
  EXPECT_TRUE(s->player(0).fields[1].empty());
  EXPECT_EQ(s->attack_of(ghoul), 3);
  EXPECT_EQ(s->defense_of(ghoul), 3);
  EXPECT_EQ(s->player(1).cp, 9);
}

}  // namespace
}  // namespace dltest
