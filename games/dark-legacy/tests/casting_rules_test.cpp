// Rule tests of the turn, Casting Points, casting, charging, equipping and activated
// abilities (Rules DL-4.4, DL-6.2, DL-7.2, DL-8.*, DL-9.*, DL-10.2, DL-10.6, DL-11.4..11.6;
// Interpretations DL-I12, DL-I18, DL-I27..DL-I31, DL-I34, DL-I36). Each test builds the exact
// table with DlTestAccess, forces the d20s, acts in notation and checks the exact result.
#include <gtest/gtest.h>

#include <vector>

#include "test_access.h"

namespace dltest {
namespace {

using rise::dl::kInstantField;

// Index of the first log line containing `text`, or -1.
int line_of(const DlState& s, const std::string& text, int viewer = rise::kTerminalPlayer) {
  const std::vector<std::string> lines = log_lines(s, viewer);
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].find(text) != std::string::npos) return static_cast<int>(i);
  }
  return -1;
}

// Rule DL-6.2: no Attack Phase in a player's own first turn, for either player; the first
// player's second turn allows one.
TEST(DlCasting, DL_6_2_NoAttackPhaseInTheOwnFirstTurn) {  // DL-6.2 DL-6.1 DL-5.4
  auto s = game().make(3);
  act(*s, "equip t-sword");
  act(*s, "equip t-sword");
  const int first = s->active_player();
  EXPECT_EQ(s->player(first).turns_taken, 1);
  EXPECT_FALSE(legal(*s, "attack phase"));
  EXPECT_EQ(explain(*s, "attack phase"), "no Attack Phase in your first turn (Rule DL-6.2)");
  act(*s, "casting phase");
  act(*s, "end turn");
  EXPECT_EQ(s->active_player(), 1 - first);
  EXPECT_EQ(s->player(1 - first).turns_taken, 1);
  EXPECT_FALSE(legal(*s, "attack phase"));
  act(*s, "casting phase");
  act(*s, "end turn");
  EXPECT_EQ(s->active_player(), first);
  EXPECT_EQ(s->player(first).turns_taken, 2);
  EXPECT_TRUE(legal(*s, "attack phase"));

  // Even with a creature that could attack.
  auto t = table();
  T::add_creature(*t, 0, "t-ghoul");
  T::set_turns_taken(*t, 0, 1);
  EXPECT_EQ(legal_set(*t), actions(*t, {"casting phase"}));
}

// Rule DL-7.2: unspent Casting Points last through the opponent's turn (to pay for Instants
// there) and are gone at the start of the player's next turn.
TEST(DlCasting, DL_7_2_CastingPointsLastIntoTheOpponentsTurn) {  // DL-7.2 DL-7.1 DL-6.1 DL-8.2 DL-I2 DL-I4
  auto s = table();
  const int bolt = T::add_to_hand(*s, 0, "t-bolt");
  const int ghoul = T::add_to_hand(*s, 1, "t-ghoul");
  T::set_cp(*s, 0, 7);
  act(*s, "casting phase");
  T::force_d20(*s, {10});
  act(*s, "end turn");
  EXPECT_EQ(s->active_player(), 1);
  EXPECT_EQ(s->player(1).cp, 10);
  EXPECT_EQ(s->player(0).cp, 7);  // kept
  act(*s, "casting phase");
  act(*s, "cast " + card(ghoul));
  ASSERT_TRUE(s->window_open());
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(legal_set(*s), actions(*s, {"pass", "cast " + card(bolt)}));
  act(*s, "cast " + card(bolt));  // paid with the points of p0's own turn
  EXPECT_EQ(s->player(0).cp, 5);
  // p1 has nothing to answer with: the stack resolves, the bolt first (the ghoul is not in
  // play yet, so only the heroes are targets).
  ASSERT_TRUE(s->choice_pending());
  EXPECT_EQ(legal_set(*s), actions(*s, {"target hero p0", "target hero p1"}));
  act(*s, "target hero p1");
  EXPECT_EQ(s->player(1).hero.life, 47);
  EXPECT_TRUE(s->is_creature_in_play(ghoul));
  T::force_d20(*s, {6});
  act(*s, "end turn");
  EXPECT_EQ(s->active_player(), 0);
  EXPECT_EQ(s->player(0).cp, 6);  // the 5 left are gone: 0, then the roll
  EXPECT_TRUE(log_has(*s, "p0 casting point roll 6: 6 Casting Points"));
}

// Rule DL-8.2: Creatures, Magic, Relics and Enhancements only in the owner's Casting Phase
// (even at cost 0); Instants at the declaration, in the Attack Phase and in the opponent's
// turn.
TEST(DlCasting, DL_8_2_OnlyInstantsOutsideTheOwnCastingPhase) {  // DL-8.2 DL-I4 DL-I34
  auto s = table();
  const int idol = T::add_to_hand(*s, 0, "t-idol");  // cost 0
  const int ghoul = T::add_to_hand(*s, 0, "t-ghoul");
  const int bolt = T::add_to_hand(*s, 0, "t-bolt");
  const int guard = T::add_to_hand(*s, 1, "t-guard");
  T::set_cp(*s, 0, 5);
  EXPECT_EQ(legal_set(*s), actions(*s, {"casting phase", "attack phase", "cast " + card(bolt)}));
  EXPECT_EQ(explain(*s, "cast " + card(idol)),
            "Creatures, Magic, Relics and Enhancements are cast only in your Casting Phase (Rule DL-8.2)");
  act(*s, "attack phase");
  EXPECT_EQ(legal_set(*s), actions(*s, {"hero attacks", "cast " + card(bolt), "attackers done"}));
  act(*s, "attackers done");  // nothing declared: the turn ends
  EXPECT_EQ(s->active_player(), 1);
  T::set_cp(*s, 1, 2);
  act(*s, "casting phase");
  act(*s, "cast " + card(guard));
  ASSERT_TRUE(s->window_open());
  EXPECT_EQ(legal_set(*s), actions(*s, {"pass", "cast " + card(bolt)}));
  EXPECT_FALSE(legal(*s, "cast " + card(ghoul)));
  EXPECT_FALSE(legal(*s, "cast " + card(idol)));
  act(*s, "pass");
  EXPECT_TRUE(s->is_creature_in_play(guard));
}

// Rule DL-8.5: a creature cannot attack in the turn it came into play, and may block in the
// opponent's turn that follows; it attacks in its owner's next turn.
TEST(DlCasting, DL_8_5_NoAttackInTheTurnOfCastingButBlocks) {  // DL-8.5 DL-13.3
  auto s = table();
  const int ghoul = T::add_to_hand(*s, 0, "t-ghoul");
  T::set_cp(*s, 0, 2);
  act(*s, "casting phase");
  act(*s, "cast " + card(ghoul));
  EXPECT_EQ(s->obj(ghoul).cast_turn, 3);
  // Were p0 to declare attackers in the same turn (only a card could allow it), the ghoul
  // would not be among them.
  {
    DlState copy(*s);
    T::set_phase(copy, 0, Phase::kAttackers);
    EXPECT_EQ(legal_set(copy), actions(copy, {"hero attacks", "attackers done"}));
    EXPECT_EQ(explain(copy, "attack " + card(ghoul)),
              "that creature cannot attack: not yours, activated, cast this turn or already attacking (Rules DL-8.5, "
              "DL-13.2)");
  }
  const int guard = T::add_creature(*s, 1, "t-guard");
  act(*s, "end turn");
  act(*s, "attack phase");  // p1
  act(*s, "attack " + card(guard));
  act(*s, "attackers done");
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(legal_set(*s), actions(*s, {"block " + card(ghoul) + " " + card(guard), "blocks done"}));
  T::force_d20(*s, {6});  // Clean Miss
  act(*s, "block " + card(ghoul) + " " + card(guard));
  EXPECT_EQ(s->active_player(), 0);
  act(*s, "attack phase");
  EXPECT_TRUE(legal(*s, "attack " + card(ghoul)));
}

// Rule DL-9.1 with the rulebook's example: a level-8 hero charges a level-17 card for 9 turns,
// one token at the start of each of its own turns (none in the opponent's); Rule DL-9.2: then
// it pays the cost and needs an open Spell Casting Field.
TEST(DlCasting, DL_9_1_LevelEightHeroChargesALevelSeventeenCardNineTurns) {  // DL-9.1 DL-9.2 DL-6.1 DL-I12 DL-I36
  auto s = table(7, "darkness:8");
  const int titan = T::add_to_hand(*s, 0, "t-titan");  // level 17, cost 6
  T::set_cp(*s, 0, 10);
  act(*s, "casting phase");
  EXPECT_FALSE(legal(*s, "cast " + card(titan)));
  EXPECT_EQ(explain(*s, "cast " + card(titan)),
            "your hero's level for Darkness is 8, the card needs 17 (Rule DL-8.1): charge it instead (Rule DL-9.1)");
  act(*s, "charge " + card(titan));
  EXPECT_EQ(s->player(0).cp, 10);  // free
  EXPECT_EQ(s->observation_json(0)["players"][0]["charging"]["needed"], 9);
  EXPECT_EQ(explain(*s, "cast charged"), "the charging card needs 9 token(s) and has 0 (Rule DL-9.2)");
  T::player(*s, 0).tokens = 7;  // seven of p0's turns later
  act(*s, "end turn");
  EXPECT_EQ(s->player(0).tokens, 7);  // the opponent's turn gives no token
  act(*s, "casting phase");
  act(*s, "end turn");
  EXPECT_EQ(s->player(0).tokens, 8);
  act(*s, "casting phase");
  T::set_cp(*s, 0, 10);
  EXPECT_FALSE(legal(*s, "cast charged"));
  EXPECT_EQ(explain(*s, "cast charged"), "the charging card needs 9 token(s) and has 8 (Rule DL-9.2)");
  act(*s, "end turn");
  act(*s, "casting phase");
  act(*s, "end turn");
  EXPECT_EQ(s->player(0).tokens, 9);
  EXPECT_TRUE(log_has(*s, "p0's charging card gets a token (9 of 9 needed)", 0));
  act(*s, "casting phase");
  // Rule DL-9.2: the cost is paid, and an open field is needed.
  T::set_cp(*s, 0, 5);
  EXPECT_EQ(explain(*s, "cast charged"), "it costs 6 Casting Points, you have 5 (Rule DL-8.1)");
  T::set_cp(*s, 0, 6);
  {
    DlState full(*s);
    for (int f = 0; f < rise::dl::kSpellFields; ++f) T::add_in_field(full, 0, "t-guard", f);
    EXPECT_EQ(explain(full, "cast charged"), "no open Spell Casting Field (Rules DL-3.5, DL-8.1)");
  }
  EXPECT_TRUE(legal(*s, "cast charged"));
  act(*s, "cast charged");
  while (s->window_open()) act(*s, "pass");  // p1 may hold an Instant it drew
  EXPECT_EQ(s->player(0).fields[0], ids({titan}));
  EXPECT_TRUE(s->is_creature_in_play(titan));
  EXPECT_EQ(s->player(0).charging, -1);
  EXPECT_EQ(s->player(0).tokens, 0);
  EXPECT_EQ(s->player(0).cp, 0);
  EXPECT_TRUE(log_has(*s, "p0 casts t-titan #" + std::to_string(titan) + " from the Charging Field"));
}

// Interpretation DL-I12 (the lead's decision): a Relic is a spell and can be charged; cast
// charged it goes to a Spell Casting Field or, `to relic field`, to the Secondary Armor/Relic
// Field. Weapons and Armor are never charged.
TEST(DlCasting, DL_I12_RelicsCanBeChargedWeaponsAndArmorCannot) {  // DL-I12 DL-9.1 DL-9.2 DL-8.6 DL-10.2 DL-I36
  auto s = table();
  const int crown = T::add_to_hand(*s, 0, "t-crown");              // Relic level 5, cost 2, hero +3 attack
  const int greatsword = T::add_to_hand(*s, 0, "t-greatsword");    // Weapon level 5, cost 0
  act(*s, "casting phase");
  EXPECT_EQ(legal_set(*s), actions(*s, {"charge " + card(crown), "end turn"}));
  EXPECT_EQ(explain(*s, "charge " + card(greatsword)), "Weapons and Armor are equipped, not charged (Interpretation DL-I12)");
  EXPECT_EQ(explain(*s, "equip " + card(greatsword)), "your hero's level for Darkness is 1, the card needs 5 (Rule DL-10.2)");
  act(*s, "charge " + card(crown));
  EXPECT_EQ(s->player(0).charging, crown);
  EXPECT_EQ(s->observation_json(0)["players"][0]["charging"]["needed"], 4);
  // Its owner's view hides nothing; the opponent's sample keeps a chargeable card there.
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    rise::Rng rng(seed);
    auto other = s->resample_hidden(1, rng);
    auto* dl = dynamic_cast<DlState*>(other.get());
    ASSERT_NE(dl, nullptr);
    ASSERT_GE(dl->player(0).charging, 0);
    const auto& c = dl->card_of(dl->player(0).charging);
    EXPECT_GT(c.level, 1) << c.id;
    EXPECT_TRUE(c.is_spell()) << c.id;
    EXPECT_EQ(other->observation_json(1).dump(), s->observation_json(1).dump());
  }
  T::player(*s, 0).tokens = 4;
  T::set_cp(*s, 0, 2);
  EXPECT_EQ(legal_set(*s), actions(*s, {"cast charged", "cast charged to relic field", "end turn"}));
  {
    DlState field(*s);
    act(field, "cast charged");
    EXPECT_EQ(field.player(0).fields[0], ids({crown}));
    EXPECT_EQ(field.hero_attack(0, 0), 4);
  }
  act(*s, "cast charged to relic field");
  EXPECT_EQ(s->player(0).relics, ids({crown}));
  EXPECT_EQ(s->obj(crown).where, Where::kRelicField);
  EXPECT_EQ(s->player(0).charging, -1);
  EXPECT_EQ(s->player(0).cp, 0);
  EXPECT_EQ(s->hero_attack(0, 0), 4);  // 1 + the crown's 3
  EXPECT_TRUE(log_has(*s, "p0 casts t-crown #" + std::to_string(crown) + " from the Charging Field to the Relic Field"));
  expect_round_trip(*s);
  // One card is charged per turn, even once the Charging Field is empty again.
  const int dragon = T::add_to_hand(*s, 0, "t-dragon");
  EXPECT_EQ(explain(*s, "charge " + card(dragon)), "one card is charged per turn (Interpretation DL-I12)");

  // A charged Relic does not go to a Secondary field that holds an Armor.
  auto t = table();
  T::set_armor(*t, 0, 0, "t-plate");
  T::set_armor(*t, 0, 1, "t-shield");
  T::set_charging(*t, 0, "t-crown", 4);
  T::set_cp(*t, 0, 2);
  act(*t, "casting phase");
  EXPECT_EQ(explain(*t, "cast charged to relic field"), "an Armor is in the Secondary Armor/Relic Field (Rule DL-3.4)");
  EXPECT_TRUE(legal(*t, "cast charged"));
}

// Rule DL-4.4, Interpretations DL-I18 and DL-I12: a hero of one primary faction (and a second
// from level 10) uses, for a card, its level in the card's faction: a Holy Order card needs
// the hero's Holy Order level, and charges for the difference.
TEST(DlCasting, DL_4_4_TheLevelOfTheCardsFaction) {  // DL-4.4 DL-18.5 DL-I18 DL-I12 DL-9.1
  auto s = table(7, "darkness:10:holy-order:2");
  const int knight = T::add_to_hand(*s, 0, "t-knight");  // Holy Order, level 6, cost 1
  const int ghoul = T::add_to_hand(*s, 0, "t-ghoul");    // Darkness, level 1
  EXPECT_EQ(s->level_for(0, s->obj(knight).def), 2);
  EXPECT_EQ(s->level_for(0, s->obj(ghoul).def), 10);
  T::set_cp(*s, 0, 5);
  act(*s, "casting phase");
  EXPECT_EQ(explain(*s, "cast " + card(knight)),
            "your hero's level for Holy Order is 2, the card needs 6 (Rule DL-8.1): charge it instead (Rule DL-9.1)");
  act(*s, "charge " + card(knight));
  EXPECT_EQ(s->observation_json(0)["players"][0]["charging"]["needed"], 4);
  // The same hero without its second faction may not use the Holy Order card at all: a card
  // of level 6 or more is only for a hero of its faction (Rule DL-2.4, Interpretation DL-I43;
  // this test expected it castable before the faction rules were checked in play).
  auto t = table(7, "darkness:10");
  const int knight2 = T::add_to_hand(*t, 0, "t-knight");
  T::set_cp(*t, 0, 1);
  act(*t, "casting phase");
  EXPECT_FALSE(legal(*t, "cast " + card(knight2)));
  EXPECT_NE(explain(*t, "cast " + card(knight2)).find("(Rule DL-2.4)"), std::string::npos);
}

// Rule DL-10.2: a Weapon (or Armor) needs a hero of at least its Skill Level.
TEST(DlCasting, DL_10_2_EquipmentNeedsTheSkillLevel) {  // DL-10.2 DL-10.1
  auto s = table(7, "darkness:4");
  const int greatsword = T::add_to_hand(*s, 0, "t-greatsword");  // level 5
  EXPECT_FALSE(legal(*s, "equip " + card(greatsword)));
  EXPECT_EQ(explain(*s, "equip " + card(greatsword)), "your hero's level for Darkness is 4, the card needs 5 (Rule DL-10.2)");
  auto t = table(7, "darkness:5");
  const int greatsword2 = T::add_to_hand(*t, 0, "t-greatsword");
  act(*t, "equip " + card(greatsword2));
  EXPECT_EQ(t->player(0).weapon[0], greatsword2);
  EXPECT_EQ(t->hero_attack(0, 0), 8);
}

// Rule DL-10.6, Interpretation DL-I29: abilities are used in the declared phase, never before
// it; a Weapon's only in the Attack Phase. Step 2 of the owner's next turn un-activates every
// card of it, the Weapon too.
TEST(DlCasting, DL_10_6_WeaponAbilityOnlyInTheAttackPhase) {  // DL-10.6 DL-1.5 DL-I29 DL-6.1
  auto s = table();
  const int staff = T::set_weapon(*s, 0, 0, "t-staff");  // AP 2, activated: 1 damage to a target
  const int shaman = T::add_creature(*s, 0, "t-shaman");
  const int ghoul = T::add_creature(*s, 1, "t-ghoul");
  EXPECT_FALSE(legal(*s, "activate " + card(shaman)));
  EXPECT_EQ(explain(*s, "activate " + card(shaman)), "abilities are used in your declared phase (Rule DL-1.5)");
  EXPECT_FALSE(legal(*s, "activate " + card(staff)));
  {
    DlState casting(*s);
    act(casting, "casting phase");
    EXPECT_TRUE(legal(casting, "activate " + card(shaman)));
    EXPECT_FALSE(legal(casting, "activate " + card(staff)));
    EXPECT_EQ(explain(casting, "activate " + card(staff)), "a weapon's ability is used in your Attack Phase (Rule DL-10.6)");
  }
  act(*s, "attack phase");
  EXPECT_EQ(legal_set(*s), actions(*s, {"attack " + card(shaman), "hero attacks", "activate " + card(staff),
                                        "activate " + card(shaman), "attackers done"}));
  act(*s, "activate " + card(staff));
  EXPECT_TRUE(s->obj(staff).activated);
  EXPECT_EQ(legal_set(*s), actions(*s, {"target " + card(shaman), "target " + card(ghoul), "target hero p0",
                                        "target hero p1"}));
  act(*s, "target " + card(ghoul));
  EXPECT_EQ(s->obj(ghoul).damage, 1);
  EXPECT_FALSE(legal(*s, "activate " + card(staff)));  // once per turn
  act(*s, "attackers done");  // nothing attacks: the turn ends
  EXPECT_EQ(s->active_player(), 1);
  EXPECT_TRUE(s->obj(staff).activated);  // turned through the opponent's turn
  act(*s, "casting phase");
  act(*s, "end turn");
  EXPECT_FALSE(s->obj(staff).activated);
}

// Rule DL-11.4: two copies of one Armor do not add their effects: one turn-start heal, one
// draw when equipped, one activation a turn.
TEST(DlCasting, DL_11_4_TwoCopiesOfOneArmorDoNotAddTheirEffects) {  // DL-11.4 DL-I30
  auto s = table();
  const int mail1 = T::set_armor(*s, 0, 0, "t-mail");  // turn start: heal its hero 2; activated: 1 damage
  const int mail2 = T::set_armor(*s, 0, 1, "t-mail");
  T::set_life(*s, 0, 40);
  act(*s, "casting phase");
  act(*s, "end turn");
  act(*s, "casting phase");
  act(*s, "end turn");
  EXPECT_EQ(s->active_player(), 0);
  EXPECT_EQ(s->player(0).hero.life, 42);  // not 44
  EXPECT_EQ(events_of(*s, rise::dl::kEvHeal).size(), 1u);
  act(*s, "casting phase");
  act(*s, "activate " + card(mail1));
  act(*s, "target hero p1");
  EXPECT_EQ(s->player(1).hero.life, 49);
  EXPECT_FALSE(legal(*s, "activate " + card(mail2)));
  EXPECT_EQ(explain(*s, "activate " + card(mail2)),
            "a copy of this Armor was already activated this turn: copies of one Armor do not add their effects "
            "(Rule DL-11.4, Interpretation DL-I38)");

  // A helm draws a card when equipped; the second copy draws none.
  auto t = table();
  const int helm1 = T::add_to_hand(*t, 0, "t-helm");
  const int helm2 = T::add_to_hand(*t, 0, "t-helm");
  act(*t, "equip " + card(helm1));
  EXPECT_EQ(t->player(0).hand.size(), 2u);  // helm2 and the card drawn
  act(*t, "equip " + card(helm2));
  EXPECT_EQ(t->player(0).hand.size(), 1u);
  EXPECT_EQ(t->player(0).armor[1], helm2);
  EXPECT_EQ(events_of(*t, rise::dl::kEvDraw).size(), 1u);
}

// Rule DL-11.5: an Armor's ability affects only its own hero (its turn-start heal, its Defense
// Points and its poison immunity protect its wearer, not the other hero).
TEST(DlCasting, DL_11_5_AnArmorAffectsOnlyItsOwnHero) {  // DL-11.5 DL-11.8 DL-1.4
  auto s = table();
  const int mail = T::set_armor(*s, 1, 0, "t-mail");
  T::set_life(*s, 0, 40);
  T::set_life(*s, 1, 40);
  act(*s, "casting phase");
  act(*s, "end turn");
  EXPECT_EQ(s->player(1).hero.life, 42);
  EXPECT_EQ(s->player(0).hero.life, 40);
  const int blast = T::add_to_hand(*s, 1, "t-blast");
  const int venom = T::add_to_hand(*s, 1, "t-venom");
  T::set_cp(*s, 1, 1);
  act(*s, "cast " + card(blast));  // 2 damage to p0's hero: p1's armor plays no part
  EXPECT_EQ(s->player(0).hero.life, 38);
  EXPECT_EQ(s->obj(mail).damage, 0);
  act(*s, "casting phase");
  act(*s, "cast " + card(venom));
  act(*s, "target hero p0");  // no armor on p0's hero: it is poisoned
  EXPECT_EQ(s->player(0).hero.poison, 5);
}

// Rule DL-11.6: two Armor cards per player per battle, counting destroyed ones.
TEST(DlCasting, DL_11_6_TwoArmorCardsPerBattleEvenAfterTheyAreDestroyed) {  // DL-11.6 DL-11.2 DL-I24 DL-I6
  auto s = table();
  const int plate = T::add_to_hand(*s, 0, "t-plate");
  const int shield = T::add_to_hand(*s, 0, "t-shield");
  const int ghoul = T::add_to_hand(*s, 0, "t-ghoul");
  const int bolt = T::add_to_hand(*s, 1, "t-bolt");
  T::set_cp(*s, 0, 4);
  T::set_cp(*s, 1, 2);
  act(*s, "equip " + card(plate));
  act(*s, "equip " + card(shield));
  EXPECT_EQ(s->player(0).armor_played, 2);
  T::obj(*s, plate).damage = 9;   // 1 Defense Point left
  T::obj(*s, shield).damage = 3;  // 2 left
  act(*s, "casting phase");
  act(*s, "cast " + card(ghoul));
  act(*s, "cast " + card(bolt));  // p1 answers: 3 damage to p0's hero
  act(*s, "target hero p0");
  EXPECT_EQ(s->player(0).armor[0], -1);
  EXPECT_EQ(s->player(0).armor[1], -1);
  EXPECT_TRUE(contains(s->player(0).boneyard, plate));
  EXPECT_TRUE(contains(s->player(0).boneyard, shield));
  EXPECT_EQ(s->player(0).hero.life, 50);
  const int mail = T::add_to_hand(*s, 0, "t-mail");
  EXPECT_FALSE(legal(*s, "equip " + card(mail)));
  EXPECT_EQ(explain(*s, "equip " + card(mail)), "two Armor cards were already put into play this battle (Rule DL-11.6)");
}

// Interpretation DL-I27: the caster is never asked about its own spell; the players answer in
// turn; the first pass resolves the whole stack, top first.
TEST(DlCasting, DL_I27_ResponsesAlternateAndThePassResolvesTheStack) {  // DL-I27 DL-I5 DL-8.4 DL-I4
  auto s = table();
  const int ghoul = T::add_to_hand(*s, 0, "t-ghoul");
  const int negate = T::add_to_hand(*s, 0, "t-negate");
  const int bolt = T::add_to_hand(*s, 1, "t-bolt");
  T::set_cp(*s, 0, 5);
  T::set_cp(*s, 1, 5);
  act(*s, "casting phase");
  act(*s, "cast " + card(ghoul));
  ASSERT_TRUE(s->window_open());
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(legal_set(*s), actions(*s, {"pass", "cast " + card(bolt)}));
  act(*s, "cast " + card(bolt));
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(legal_set(*s), actions(*s, {"pass", "cast " + card(negate)}));
  act(*s, "cast " + card(negate));
  // p1 cannot add (its Instant Field holds its bolt): the stack resolves, top first.
  EXPECT_FALSE(s->window_open());
  EXPECT_TRUE(s->stack().empty());
  EXPECT_TRUE(s->is_creature_in_play(ghoul));
  EXPECT_EQ(s->player(1).boneyard, ids({bolt}));
  EXPECT_EQ(s->player(0).boneyard, ids({negate}));
  EXPECT_EQ(s->player(0).hero.life, 50);
  EXPECT_EQ(s->player(1).hero.life, 50);
  const int resolve_negate = line_of(*s, "t-negate #" + std::to_string(negate) + " resolves");
  const int countered = line_of(*s, "t-bolt #" + std::to_string(bolt) + " of p1 is countered");
  const int resolve_ghoul = line_of(*s, "t-ghoul #" + std::to_string(ghoul) + " resolves");
  ASSERT_GE(resolve_negate, 0);
  EXPECT_LT(resolve_negate, countered);
  EXPECT_LT(countered, resolve_ghoul);
  EXPECT_EQ(line_of(*s, "t-bolt #" + std::to_string(bolt) + " resolves"), -1);

  // A pass resolves the stack at once: the caster, although it holds an Instant, is not asked.
  auto t = table();
  const int guard = T::add_to_hand(*t, 0, "t-guard");
  T::add_to_hand(*t, 0, "t-blast");
  T::add_to_hand(*t, 1, "t-blast");
  T::set_cp(*t, 0, 2);
  act(*t, "casting phase");
  act(*t, "cast " + card(guard));
  EXPECT_EQ(t->current_player(), 1);
  act(*t, "pass");
  EXPECT_FALSE(t->window_open());
  EXPECT_TRUE(t->is_creature_in_play(guard));
  EXPECT_EQ(t->phase(), Phase::kCasting);
  EXPECT_EQ(t->current_player(), 0);
  EXPECT_TRUE(log_has(*t, "p1 passes"));
}

// Interpretation DL-I27: after a stack opened in the defender's window (after the attackers)
// resolves, that window opens again.
TEST(DlCasting, DL_I27_TheDefendersWindowOpensAgain) {  // DL-I27 DL-I4 DL-I31
  auto s = table();
  const int ghoul = T::add_creature(*s, 0, "t-ghoul");
  const int bolt1 = T::add_to_hand(*s, 1, "t-bolt");
  const int bolt2 = T::add_to_hand(*s, 1, "t-bolt");
  T::set_cp(*s, 1, 4);
  act(*s, "attack phase");
  act(*s, "attack " + card(ghoul));
  act(*s, "attackers done");
  ASSERT_TRUE(s->window_open());
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(legal_set(*s), actions(*s, {"pass", "cast " + card(bolt1), "cast " + card(bolt2)}));
  act(*s, "cast " + card(bolt1));
  act(*s, "target " + card(ghoul));  // 3 damage: not higher than its 3 Defense Points
  EXPECT_EQ(s->obj(ghoul).damage, 3);
  ASSERT_TRUE(s->window_open());  // the window again
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(legal_set(*s), actions(*s, {"pass", "cast " + card(bolt2)}));
  act(*s, "cast " + card(bolt2));
  act(*s, "target " + card(ghoul));
  EXPECT_EQ(s->player(0).boneyard, ids({ghoul}));
  // The attacker is gone: no roll, no damage; the turn is over.
  EXPECT_TRUE(events_of(*s, rise::dl::kEvAttackRoll).empty());
  EXPECT_EQ(s->player(1).hero.life, 50);
  EXPECT_EQ(s->active_player(), 1);
}

// Interpretation DL-I28: equipping and activating are not spells: no window, nothing to
// counter; a countered spell's cost stays paid.
TEST(DlCasting, DL_I28_EquipAndAbilitiesCannotBeCountered) {  // DL-I28 DL-8.4 DL-I3
  auto s = table();
  const int axe = T::add_to_hand(*s, 0, "t-axe");  // cost 3
  const int shaman = T::add_creature(*s, 0, "t-shaman");
  const int ghoul = T::add_to_hand(*s, 0, "t-ghoul");
  const int negate = T::add_to_hand(*s, 1, "t-negate");
  T::set_cp(*s, 0, 5);
  T::set_cp(*s, 1, 3);
  act(*s, "equip " + card(axe));
  EXPECT_FALSE(s->window_open());
  EXPECT_TRUE(s->stack().empty());
  EXPECT_EQ(s->player(0).weapon[0], axe);
  EXPECT_EQ(s->player(0).cp, 2);
  act(*s, "casting phase");
  act(*s, "activate " + card(shaman));
  EXPECT_FALSE(s->window_open());
  EXPECT_EQ(s->current_player(), 0);
  act(*s, "target hero p1");
  EXPECT_EQ(s->player(1).hero.life, 49);
  act(*s, "cast " + card(ghoul));
  ASSERT_TRUE(s->window_open());
  act(*s, "cast " + card(negate));
  EXPECT_EQ(s->player(0).boneyard, ids({ghoul}));
  EXPECT_EQ(s->player(0).cp, 0);  // the ghoul's 2 stay paid
  EXPECT_EQ(s->player(1).cp, 2);
  EXPECT_EQ(s->player(1).boneyard, ids({negate}));
}

// Interpretation DL-I30: turn-start effects resolve at step 4, after the charging token and
// before the Casting Point roll, and their Casting Points add to the roll.
TEST(DlCasting, DL_I30_TurnStartEffectsBeforeTheRoll) {  // DL-I30 DL-6.1 DL-I2 DL-9.1
  auto s = table();
  T::add_creature(*s, 1, "t-totem");  // turn start: +1 Casting Point
  T::set_charging(*s, 1, "t-dragon", 0);
  act(*s, "casting phase");
  T::force_d20(*s, {5});
  act(*s, "end turn");
  EXPECT_EQ(s->player(1).cp, 6);
  const int turn = line_of(*s, "--- turn 4: p1 ---");
  const int draw = line_of(*s, "p1 draws a card");
  const int token = line_of(*s, "p1's charging card gets a token (1 in all)");
  const int gain = line_of(*s, "p1 gains 1 Casting Point(s)");
  const int roll = line_of(*s, "p1 casting point roll 5: 6 Casting Points");
  ASSERT_GE(turn, 0);
  EXPECT_LT(turn, draw);
  EXPECT_LT(draw, token);
  EXPECT_LT(token, gain);
  EXPECT_LT(gain, roll);
}

// Interpretation DL-I31: one possible target is taken without asking; none: the step does
// nothing and the log says so; a spell still on the cast stack is not in play (no target, no
// grants).
TEST(DlCasting, DL_I31_OneTargetNoTargetAndSpellsOnTheStack) {  // DL-I31 DL-1.4 DL-I10
  auto s = table();
  const int ghoul = T::add_creature(*s, 1, "t-ghoul");
  const int smite1 = T::add_to_hand(*s, 0, "t-smite");  // 4 damage to a target creature
  const int smite2 = T::add_to_hand(*s, 0, "t-smite");
  T::set_cp(*s, 0, 2);
  act(*s, "cast " + card(smite1));
  EXPECT_FALSE(s->choice_pending());
  EXPECT_EQ(s->player(1).boneyard, ids({ghoul}));
  EXPECT_TRUE(log_has(*s, "p0 targets t-ghoul #" + std::to_string(ghoul) + " with t-smite #" + std::to_string(smite1)));
  act(*s, "cast " + card(smite2));
  EXPECT_FALSE(s->choice_pending());
  EXPECT_TRUE(log_has(*s, "t-smite #" + std::to_string(smite2) + ": a step finds no target"));
  EXPECT_EQ(s->player(0).boneyard, ids({smite1, smite2}));

  // The creature being cast cannot be targeted in answer to it.
  auto t = table();
  const int guard = T::add_to_hand(*t, 0, "t-guard");
  const int smite = T::add_to_hand(*t, 1, "t-smite");
  T::set_cp(*t, 0, 2);
  T::set_cp(*t, 1, 1);
  act(*t, "casting phase");
  act(*t, "cast " + card(guard));
  act(*t, "cast " + card(smite));
  EXPECT_TRUE(log_has(*t, "t-smite #" + std::to_string(smite) + ": a step finds no target"));
  EXPECT_TRUE(t->is_creature_in_play(guard));
  EXPECT_EQ(t->obj(guard).damage, 0);

  // A lasting Magic card on the stack grants nothing yet.
  auto u = table();
  const int wall = T::add_creature(*u, 0, "t-wall");
  const int rally = T::add_to_hand(*u, 0, "t-rally");
  T::add_to_hand(*u, 1, "t-blast");
  T::set_cp(*u, 0, 3);
  act(*u, "casting phase");
  act(*u, "cast " + card(rally));
  ASSERT_TRUE(u->window_open());
  EXPECT_FALSE(u->in_play(rally));
  EXPECT_EQ(u->attack_of(wall), 4);
  act(*u, "pass");
  EXPECT_TRUE(u->in_play(rally));
  EXPECT_EQ(u->attack_of(wall), 5);
  EXPECT_EQ(u->defense_of(wall), 8);
}

// Interpretation DL-I34: the active player casts Instants when it declares its phase, in its
// Casting Phase and while it declares attackers; not during the defender's blocks.
TEST(DlCasting, DL_I34_ActivePlayersInstantTimes) {  // DL-I34 DL-I4 DL-8.2
  auto s = table();
  const int bolt = T::add_to_hand(*s, 0, "t-bolt");
  const int ghoul = T::add_creature(*s, 0, "t-ghoul");
  const int guard = T::add_creature(*s, 1, "t-guard");
  T::set_cp(*s, 0, 2);
  EXPECT_TRUE(legal(*s, "cast " + card(bolt)));
  {
    DlState casting(*s);
    act(casting, "casting phase");
    EXPECT_TRUE(legal(casting, "cast " + card(bolt)));
  }
  act(*s, "attack phase");
  EXPECT_TRUE(legal(*s, "cast " + card(bolt)));
  act(*s, "attack " + card(ghoul));
  EXPECT_TRUE(legal(*s, "cast " + card(bolt)));
  act(*s, "attackers done");
  EXPECT_EQ(s->phase(), Phase::kBlocks);
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(legal_set(*s), actions(*s, {"block " + card(guard) + " " + card(ghoul), "blocks done"}));
  T::force_d20(*s, {6});
  act(*s, "blocks done");  // the attack resolves at once: p0 is not asked again
  EXPECT_EQ(s->active_player(), 1);
  EXPECT_TRUE(contains(s->player(0).hand, bolt));
  EXPECT_EQ(s->player(0).cp, 2);
  EXPECT_EQ(s->player(1).hero.life, 50);  // Clean Miss
}

// Interpretation DL-I36: the tokens a charging card needs reveal its level: only its owner
// sees them (observation, log and mat); the opponent sees that a card charges and its tokens.
TEST(DlCasting, DL_I36_OnlyTheOwnerSeesTheTokensNeeded) {  // DL-I36 DL-3.7 DL-9.1
  auto s = table();
  const int dragon = T::set_charging(*s, 0, "t-dragon", 2);  // level 5: 4 tokens
  EXPECT_EQ(s->observation_json(0)["players"][0]["charging"],
            nlohmann::json({{"present", true}, {"tokens", 2}, {"id", dragon}, {"card", "t-dragon"}, {"needed", 4}}));
  EXPECT_EQ(s->observation_json(1)["players"][0]["charging"], nlohmann::json({{"present", true}, {"tokens", 2}}));
  EXPECT_NE(s->render_text(0, false).find("charging: #" + std::to_string(dragon) + " t-dragon tokens 2/4"),
            std::string::npos);
  EXPECT_NE(s->render_text(1, false).find("charging: a face-down card, tokens 2"), std::string::npos);
  EXPECT_EQ(s->render_text(1, false).find("t-dragon"), std::string::npos);
  act(*s, "casting phase");
  act(*s, "end turn");
  act(*s, "casting phase");
  act(*s, "end turn");
  EXPECT_TRUE(log_has(*s, "p0's charging card gets a token (3 of 4 needed)", 0));
  EXPECT_TRUE(log_has(*s, "p0's charging card gets a token (3 in all)", 1));
  EXPECT_FALSE(log_has(*s, "needed", 1));
}

}  // namespace
}  // namespace dltest
