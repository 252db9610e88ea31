// Raise, Rise & Die deck-building rules (Rules RRD-2.1..RRD-2.5): each test breaks one rule of
// a legal deck and checks the exact sentence validate_deck returns.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "raise-rise-die/cards.h"

namespace rise::rrd {
namespace {

using Problems = std::vector<std::string>;

CardDef card(const std::string& id, const std::string& name, const std::string& archetype,
             const std::string& weapon = "") {
  CardDef c;
  c.id = id;
  c.name = name;
  c.va = 2;
  c.cost = 1;
  c.slots = 1;
  c.archetype = archetype;
  c.weapon = weapon;
  c.effet = {{Kw::kDegats, 1}};
  c.source = "test:" + id;
  return c;
}

CharacterDef character(const std::string& id, const std::string& name, int pv, int armes) {
  CharacterDef ch;
  ch.id = id;
  ch.name = name;
  ch.pv = pv;
  ch.armes = armes;
  ch.source = "test:" + id;
  return ch;
}

// Two lame weapons and an ombre one; lame cards (one dedicated to the Épée, one to the
// Dagues) and ombre cards.
CardDb pool() {
  CardDb db;
  db.add(character("lysandre", "Lysandre", 12, 2));
  db.add(character("solo", "Solo", 12, 1));
  db.add(WeaponDef{"epee", "Épée", "lame", "test:epee"});
  db.add(WeaponDef{"dagues", "Dagues", "lame", "test:dagues"});
  db.add(WeaponDef{"fiole", "Fiole", "ombre", "test:fiole"});
  db.add(card("entaille", "Entaille", "lame"));
  db.add(card("taillade", "Taillade", "lame"));
  db.add(card("riposte", "Riposte", "lame"));
  db.add(card("estocade", "Estocade", "lame", "epee"));
  db.add(card("danse", "Danse des dagues", "lame", "dagues"));
  db.add(card("venin", "Venin", "ombre"));
  db.add(card("dard", "Dard", "ombre", "fiole"));
  return db;
}

// A legal deck of 12 cards for Lysandre (12 PV, 2 weapons) with the Épée.
Deck legal() {
  Deck d;
  d.id = "test";
  d.name = "Test";
  d.character = "lysandre";
  d.weapons = {"epee"};
  d.cards = {{"entaille", 3}, {"taillade", 3}, {"riposte", 3}, {"estocade", 3}};
  d.source = "test.yaml";
  return d;
}

TEST(RrdDeckRules, ALegalDeckHasNoViolations) { EXPECT_EQ(validate_deck(pool(), legal()), Problems{}); }

TEST(RrdDeckRules, RRD_2_1_TheDeckHoldsExactlyTheCharactersPv) {
  Deck d = legal();
  d.cards[0].second = 2;  // 11 cards
  EXPECT_EQ(validate_deck(pool(), d),
            Problems{"deck has 11 cards; character 'lysandre' (Lysandre) has 12 PV: a deck holds exactly as many "
                     "cards as the character's PV (RRD-2.1)"});
  d = legal();
  d.weapons = {"epee", "dagues"};
  d.cards.emplace_back("danse", 1);  // 13 cards
  EXPECT_EQ(validate_deck(pool(), d),
            Problems{"deck has 13 cards; character 'lysandre' (Lysandre) has 12 PV: a deck holds exactly as many "
                     "cards as the character's PV (RRD-2.1)"});
}

TEST(RrdDeckRules, RRD_2_2_AtMostThreeCopiesOfACard) {
  Deck d = legal();
  d.cards = {{"entaille", 4}, {"taillade", 2}, {"riposte", 3}, {"estocade", 3}};
  EXPECT_EQ(validate_deck(pool(), d),
            Problems{"card 'entaille' (Entaille): 4 copies; a deck holds at most 3 copies of a card (RRD-2.2)"});
  // A deck built in code may name a card twice: the copies add up.
  d.cards = {{"entaille", 2}, {"taillade", 3}, {"riposte", 3}, {"estocade", 2}, {"entaille", 2}};
  EXPECT_EQ(validate_deck(pool(), d),
            Problems{"card 'entaille' (Entaille): 4 copies; a deck holds at most 3 copies of a card (RRD-2.2)"});
}

TEST(RrdDeckRules, RRD_2_3_EveryCardIsOfAnEquippedWeaponsArchetype) {
  Deck d = legal();
  d.cards[2] = {"venin", 3};
  EXPECT_EQ(validate_deck(pool(), d),
            Problems{"card 'venin' (Venin) is of archetype 'ombre'; the equipped weapons give lame: every card is of "
                     "the archetype of an equipped weapon (RRD-2.3)"});
  // With the Fiole too, the deck mixes two archetypes legally.
  d.weapons = {"epee", "fiole"};
  EXPECT_EQ(validate_deck(pool(), d), Problems{});
}

TEST(RrdDeckRules, RRD_2_4_NoCardDedicatedToAWeaponThatIsNotEquipped) {
  Deck d = legal();
  d.cards[2] = {"danse", 3};
  EXPECT_EQ(validate_deck(pool(), d),
            Problems{"card 'danse' (Danse des dagues) is dedicated to weapon 'dagues' (Dagues), which is not "
                     "equipped: no card dedicated to a weapon that is not equipped (RRD-2.4)"});
  d.weapons = {"dagues"};  // now the Épée's Estocade is the one left out
  EXPECT_EQ(validate_deck(pool(), d),
            Problems{"card 'estocade' (Estocade) is dedicated to weapon 'epee' (Épée), which is not equipped: no card "
                     "dedicated to a weapon that is not equipped (RRD-2.4)"});
}

TEST(RrdDeckRules, RRD_2_5_BetweenOneAndTheCharactersArmesWeaponsAllDifferent) {
  Deck d = legal();
  d.weapons = {"epee", "dagues", "fiole"};
  EXPECT_EQ(validate_deck(pool(), d),
            Problems{"deck equips 3 weapons; character 'lysandre' (Lysandre) carries 2 weapons: a deck equips at "
                     "most the character's armes (RRD-2.5)"});
  d.character = "solo";
  d.weapons = {"epee", "dagues"};
  EXPECT_EQ(validate_deck(pool(), d),
            Problems{"deck equips 2 weapons; character 'solo' (Solo) carries 1 weapon: a deck equips at most the "
                     "character's armes (RRD-2.5)"});
  d.character = "lysandre";
  d.weapons = {"epee", "epee"};
  EXPECT_EQ(validate_deck(pool(), d),
            Problems{"weapon 'epee' is equipped twice: the equipped weapons are all different (RRD-2.5)"});
  d.weapons = {"epee", "epe"};
  EXPECT_EQ(validate_deck(pool(), d), Problems{"unknown weapon 'epe' (did you mean 'epee'?) (RRD-2.5)"});
}

TEST(RrdDeckRules, RRD_2_5_ADeckEquipsAtLeastOneWeapon) {
  // Without a weapon no archetype is open either, so every card breaks Rule RRD-2.3 too.
  Deck d = legal();
  d.weapons = {};
  d.cards = {{"entaille", 3}, {"taillade", 3}, {"riposte", 3}, {"venin", 3}};
  EXPECT_EQ(validate_deck(pool(), d),
            (Problems{"deck equips no weapon: a deck equips at least 1 weapon (RRD-2.5)",
                      "card 'entaille' (Entaille) is of archetype 'lame'; no equipped weapon gives an archetype: every "
                      "card is of the archetype of an equipped weapon (RRD-2.3)",
                      "card 'taillade' (Taillade) is of archetype 'lame'; no equipped weapon gives an archetype: every "
                      "card is of the archetype of an equipped weapon (RRD-2.3)",
                      "card 'riposte' (Riposte) is of archetype 'lame'; no equipped weapon gives an archetype: every "
                      "card is of the archetype of an equipped weapon (RRD-2.3)",
                      "card 'venin' (Venin) is of archetype 'ombre'; no equipped weapon gives an archetype: every card "
                      "is of the archetype of an equipped weapon (RRD-2.3)"}));
}

TEST(RrdDeckRules, RRD_2_5_TheCharacterAndTheCardsMustExist) {
  Deck d = legal();
  d.character = "lysandra";
  d.cards[0].first = "entail";
  EXPECT_EQ(validate_deck(pool(), d),
            (Problems{"unknown character 'lysandra' (did you mean 'lysandre'?): a deck names its character (RRD-2.5)",
                      "unknown card 'entail' (did you mean 'entaille'?)"}));
}

TEST(RrdDeckRules, EveryViolationIsListedInOrder) {
  // RRD-2.5, RRD-2.1, RRD-2.2, RRD-2.3 and RRD-2.4 at once: one sentence each.
  Deck d = legal();
  d.character = "solo";
  d.weapons = {"epee", "dagues"};
  d.cards = {{"entaille", 4}, {"venin", 1}, {"dard", 1}};
  EXPECT_EQ(validate_deck(pool(), d),
            (Problems{"deck equips 2 weapons; character 'solo' (Solo) carries 1 weapon: a deck equips at most the "
                      "character's armes (RRD-2.5)",
                      "deck has 6 cards; character 'solo' (Solo) has 12 PV: a deck holds exactly as many cards as the "
                      "character's PV (RRD-2.1)",
                      "card 'entaille' (Entaille): 4 copies; a deck holds at most 3 copies of a card (RRD-2.2)",
                      "card 'venin' (Venin) is of archetype 'ombre'; the equipped weapons give lame: every card is of "
                      "the archetype of an equipped weapon (RRD-2.3)",
                      "card 'dard' (Dard) is of archetype 'ombre'; the equipped weapons give lame: every card is of "
                      "the archetype of an equipped weapon (RRD-2.3)",
                      "card 'dard' (Dard) is dedicated to weapon 'fiole' (Fiole), which is not equipped: no card "
                      "dedicated to a weapon that is not equipped (RRD-2.4)"}));
}

}  // namespace
}  // namespace rise::rrd
