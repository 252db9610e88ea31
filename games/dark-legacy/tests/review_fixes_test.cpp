// Fixes from a review of the dark-legacy engine: compulsory blocks while the defending hero
// is dead, copies of one Armor, automatic passes in the log, Defense Points that drop, a dead
// hero's player and discards, the public deck lists of the set-up, and JSON that would have
// broken the set-up or the determinization. Each TEST names the rule ids it covers.
#include <gtest/gtest.h>

#include <string>

#include "rise/core/error.h"
#include "test_access.h"

namespace dltest {
namespace {


// p0 attacks with a t-ghoul (3/3) and a flying t-bat (2/2); p1 has a t-wall (4/7) and a
// t-glass (4/2), neither of which can block the bat.
struct Blocks {
  std::unique_ptr<DlState> s;
  int ghoul, bat, wall, glass;
};
Blocks attack_into_two_blockers(bool defender_alive) {
  Blocks b{table(), 0, 0, 0, 0};
  DlState& s = *b.s;
  b.ghoul = T::add_creature(s, 0, "t-ghoul");
  b.bat = T::add_creature(s, 0, "t-bat");
  b.wall = T::add_creature(s, 1, "t-wall");
  b.glass = T::add_creature(s, 1, "t-glass");
  if (!defender_alive) T::kill_hero(s, 1);
  act(s, "attack phase");
  act(s, "attack " + card(b.ghoul));
  act(s, "attack " + card(b.bat));
  act(s, "attackers done");
  return b;
}

TEST(DlReviewFixes, DL_I37_DeadHerosCreaturesMustBlock) {  // DL-I37 DL-13.3 DL-15.1 DL-17.1
  // A living defending hero: blocking is a choice.
  Blocks alive = attack_into_two_blockers(true);
  EXPECT_EQ(legal_set(*alive.s), actions(*alive.s, {"block " + card(alive.wall) + " " + card(alive.ghoul),
                                                    "block " + card(alive.glass) + " " + card(alive.ghoul),
                                                    "blocks done"}));
  // A dead one: a creature that can block an unblocked attacker must; `blocks done` is refused.
  Blocks dead = attack_into_two_blockers(false);
  DlState& s = *dead.s;
  ASSERT_EQ(s.phase(), Phase::kBlocks);
  EXPECT_EQ(legal_set(s), actions(s, {"block " + card(dead.wall) + " " + card(dead.ghoul),
                                      "block " + card(dead.glass) + " " + card(dead.ghoul)}));
  EXPECT_FALSE(legal(s, "blocks done"));
  EXPECT_NE(s.explain_illegal(s.string_to_action("blocks done")).find("DL-I37"), std::string::npos);
  // Once the ghoul is blocked, the glass is free but cannot reach the flying bat (DL-15.1):
  // the blocks end by themselves and the attacks are rolled.
  T::force_d20(s, {12, 20});  // the ghoul: Hit; the bat: Critical Hit
  act(s, "block " + card(dead.wall) + " " + card(dead.ghoul));
  EXPECT_EQ(s.phase(), Phase::kDeclare);  // p1's turn began
  EXPECT_EQ(s.active_player(), 1);
  // Hit: the ghoul deals 3 to the wall (7 DP), the wall 4 to the ghoul (3 DP): the ghoul dies.
  EXPECT_TRUE(contains(s.player(0).boneyard, dead.ghoul));
  EXPECT_TRUE(s.is_creature_in_play(dead.wall));
  // The bat, which no creature could block, meets no one: there is no hero to hit.
  EXPECT_TRUE(log_has(s, "p0's attack by t-bat #" + std::to_string(dead.bat) + " meets no one"));
  EXPECT_TRUE(s.is_creature_in_play(dead.glass));
  EXPECT_EQ(s.obj(dead.glass).damage, 0);
  EXPECT_FALSE(s.is_terminal());
  expect_round_trip(s);
}

TEST(DlReviewFixes, DL_I37_BothFreeCreaturesBlockTwoAttackers) {  // DL-I37 DL-13.3
  auto s = table();
  int ghoul = T::add_creature(*s, 0, "t-ghoul");
  int guard = T::add_creature(*s, 0, "t-guard");
  int wall = T::add_creature(*s, 1, "t-wall");
  int glass = T::add_creature(*s, 1, "t-glass");
  T::kill_hero(*s, 1);
  act(*s, "attack phase");
  act(*s, "attack " + card(ghoul));
  act(*s, "attack " + card(guard));
  act(*s, "attackers done");
  act(*s, "block " + card(wall) + " " + card(guard));
  // The glass is still free and the ghoul unblocked: it must block it.
  EXPECT_EQ(legal_set(*s), actions(*s, {"block " + card(glass) + " " + card(ghoul)}));
  T::force_d20(*s, {5, 5});  // two Clean Misses
  act(*s, "block " + card(glass) + " " + card(ghoul));
  EXPECT_EQ(s->active_player(), 1);
  EXPECT_FALSE(log_has(*s, "meets no one"));
}

TEST(DlReviewFixes, DL_11_4_OnlyOneCopyOfAnArmorFiresAtTurnStart) {  // DL-11.4 DL-I38 DL-I30
  auto s = table();
  int first = T::set_armor(*s, 1, 0, "t-aegis");  // turn start: +1 Casting Point
  int second = T::set_armor(*s, 1, 1, "t-aegis");
  ASSERT_LT(first, second);
  act(*s, "casting phase");
  T::force_d20(*s, {5});
  act(*s, "end turn");
  EXPECT_EQ(s->player(1).cp, 6);  // 5 + 1, not 5 + 2
  std::vector<Event> gains = events_of(*s, rise::dl::kEvGainCp);
  ASSERT_EQ(gains.size(), 1u);
  EXPECT_EQ(gains[0].player, 1);
  // A single copy (or a different Armor beside it) fires as before.
  auto t = table();
  T::set_armor(*t, 1, 0, "t-aegis");
  T::set_armor(*t, 1, 1, "t-plate");
  act(*t, "casting phase");
  T::force_d20(*t, {5});
  act(*t, "end turn");
  EXPECT_EQ(t->player(1).cp, 6);
}

TEST(DlReviewFixes, DL_11_4_ASecondCopyOfAnArmorCannotBeActivated) {  // DL-11.4 DL-I38 DL-1.5 DL-I29
  auto s = table();
  int first = T::set_armor(*s, 0, 0, "t-aegis");  // activated: +2 Casting Points
  int second = T::set_armor(*s, 0, 1, "t-aegis");
  act(*s, "casting phase");
  EXPECT_TRUE(legal(*s, "activate " + card(first)));
  EXPECT_TRUE(legal(*s, "activate " + card(second)));
  act(*s, "activate " + card(second));  // either copy may be the one
  EXPECT_EQ(s->player(0).cp, 2);
  EXPECT_FALSE(legal(*s, "activate " + card(first)));
  EXPECT_NE(s->explain_illegal(s->string_to_action("activate " + card(first))).find("DL-11.4"), std::string::npos);
  // The next own turn un-activates both (DL-I29): one of them may be activated again.
  act(*s, "end turn");
  act(*s, "casting phase");  // p1
  act(*s, "end turn");
  act(*s, "casting phase");  // p0
  EXPECT_TRUE(legal(*s, "activate " + card(first)));
  act(*s, "activate " + card(first));
  EXPECT_FALSE(legal(*s, "activate " + card(second)));
}

// p0 attacks with a ghoul; p1 holds a t-bolt it can cast in the defender's window, or a
// t-negate it cannot (no spell to counter), with the same Casting Points; it passes.
std::unique_ptr<DlState> attack_window(bool castable) {
  auto s = table();
  int ghoul = T::add_creature(*s, 0, "t-ghoul");
  T::add_to_hand(*s, 1, castable ? "t-bolt" : "t-negate");
  T::set_cp(*s, 1, 2);
  act(*s, "attack phase");
  act(*s, "attack " + card(ghoul));
  T::force_d20(*s, {12});
  act(*s, "attackers done");
  if (castable) {
    EXPECT_TRUE(s->window_open());
    EXPECT_EQ(s->current_player(), 1);
    act(*s, "pass");
  }
  return s;
}

TEST(DlReviewFixes, DL_I39_AutomaticPassLooksLikeAChosenPass) {  // DL-I39 DL-I4
  auto chose = attack_window(true);
  auto forced = attack_window(false);
  EXPECT_EQ(chose->player(0).hero.life, 50);
  EXPECT_EQ(chose->player(1).hero.life, 47);  // the ghoul's Hit
  EXPECT_TRUE(log_has(*forced, "p1 passes", 0));
  // p0 cannot tell whether p1 held a castable Instant: same log, same observation.
  EXPECT_EQ(log_lines(*chose, 0), log_lines(*forced, 0));
  EXPECT_EQ(chose->observation_json(0).dump(), forced->observation_json(0).dump());
  EXPECT_EQ(events_of(*chose, rise::dl::kEvPass).size(), events_of(*forced, rise::dl::kEvPass).size());
}

TEST(DlReviewFixes, DL_I40_DispellingADefenseGrantDestroys) {  // DL-I40 DL-I14 DL-11.2 DL-I10 DL-12.2
  auto s = table();
  int ghoul = T::add_creature(*s, 1, "t-ghoul");  // 3/3, with the rally 4/4
  int rally = T::add_in_field(*s, 1, "t-rally");  // lasting: creatures +1/+1
  int guard = T::add_creature(*s, 1, "t-guard");  // 4/4, with the rally 5/5
  T::obj(*s, ghoul).damage = 4;
  T::obj(*s, guard).damage = 4;
  int plate = T::set_armor(*s, 1, 0, "t-plate", 11);  // DP 10, with the plating 13
  int plating = T::attach(*s, 1, plate, "t-plating");
  int unmake1 = T::add_to_hand(*s, 0, "t-unmake");
  int unmake2 = T::add_to_hand(*s, 0, "t-unmake");
  T::set_cp(*s, 0, 5);
  ASSERT_TRUE(s->is_creature_in_play(ghoul));
  ASSERT_EQ(s->armor_defense(plate), 13);
  act(*s, "casting phase");
  act(*s, "cast " + card(unmake1));
  // (the resolving Magic lies in its field until it is used up, so it is a spell in play too)
  EXPECT_EQ(legal_set(*s), actions(*s, {"target " + card(rally), "target " + card(plating), "target " + card(unmake1)}));
  act(*s, "target " + card(rally));
  // 4 damage is higher than the ghoul's 3 DP: destroyed; the guard's 4 is not higher than 4.
  EXPECT_TRUE(contains(s->player(1).boneyard, rally));
  EXPECT_TRUE(contains(s->player(1).boneyard, ghoul));
  EXPECT_TRUE(s->is_creature_in_play(guard));
  EXPECT_TRUE(log_has(*s, "t-ghoul #" + std::to_string(ghoul) + " of p1 goes to the Boneyard"));
  EXPECT_FALSE(log_has(*s, "t-guard #" + std::to_string(guard) + " of p1 goes to the Boneyard"));
  // The plating leaves: 11 damage on a 10 DP Armor, nothing left: destroyed (DL-11.2).
  act(*s, "cast " + card(unmake2));
  act(*s, "target " + card(plating));
  EXPECT_TRUE(contains(s->player(1).boneyard, plating));
  EXPECT_TRUE(contains(s->player(1).boneyard, plate));
  EXPECT_EQ(s->player(1).armor[0], -1);
  EXPECT_EQ(s->player(1).hero.life, 50);
  expect_round_trip(*s);
}

TEST(DlReviewFixes, DL_I41_DeadHerosPlayerStillDiscards) {  // DL-I41 DL-17.2
  auto s = table();
  T::add_creature(*s, 1, "t-ghoul");  // p1 stays in the battle
  int wall = T::add_to_hand(*s, 1, "t-wall");
  T::kill_hero(*s, 1);
  int rot = T::add_to_hand(*s, 0, "t-rot");      // the opposing hero's player discards 1
  int purge = T::add_to_hand(*s, 0, "t-purge");  // a target hero's player discards 1
  T::set_cp(*s, 0, 5);
  act(*s, "casting phase");
  act(*s, "cast " + card(rot));
  EXPECT_TRUE(s->player(1).hand.empty());
  EXPECT_TRUE(contains(s->player(1).boneyard, wall));
  EXPECT_TRUE(log_has(*s, "p1 discards t-wall at random"));
  int glass = T::add_to_hand(*s, 1, "t-glass");
  act(*s, "cast " + card(purge));
  // The dead hero is a target of the discard, as the living one.
  EXPECT_EQ(legal_set(*s), actions(*s, {"target hero p0", "target hero p1"}));
  act(*s, "target hero p1");
  EXPECT_TRUE(contains(s->player(1).boneyard, glass));
  EXPECT_FALSE(s->is_terminal());
}

TEST(DlReviewFixes, DeckListsArePublicDuringTheSetUp) {  // DL-5.1 DL-I6
  auto s = game().make(3);
  act(*s, "equip t-sword");
  rise::Rng rng(9);
  auto other = s->resample_hidden(0, rng);
  auto* dl = dynamic_cast<DlState*>(other.get());
  ASSERT_NE(dl, nullptr);
  EXPECT_EQ(dl->player(1).deck, s->player(1).deck);  // nothing to re-deal: the options name the decks
  EXPECT_EQ(other->observation_json(0).dump(), s->observation_json(0).dump());
}

TEST(DlReviewFixes, FromJsonRefusesASetupChoiceOutsideTheDeck) {  // DL-5.1
  auto s = game().make(3);
  act(*s, "equip t-sword");
  nlohmann::json good = s->to_json();
  EXPECT_EQ(load_error(good), "");
  nlohmann::json j = good;
  nlohmann::json deck = nlohmann::json::array();
  for (const auto& id : j["players"][0]["deck"]) {
    if (id != "t-sword") deck.push_back(id);
  }
  j["players"][0]["deck"] = deck;
  std::string error = load_error(j);
  EXPECT_NE(error.find("players[0]: setup_choice: 't-sword' is not in the player's 'deck'"), std::string::npos) << error;
  // A card of the deck that is no 0-cost Equipment cannot have been chosen either.
  j = good;
  j["players"][0]["setup_choice"] = "t-ghoul";
  error = load_error(j);
  EXPECT_NE(error.find("setup_choice: 't-ghoul' is not a 0-cost Weapon, Armor or Relic"), std::string::npos) << error;
}

TEST(DlReviewFixes, FromJsonRefusesACardThatCouldNotBeCharging) {  // DL-9.1 DL-I12
  auto s = table();
  int dragon = T::set_charging(*s, 1, "t-dragon", 2);  // level 5 for a level-1 hero: fine
  nlohmann::json good = s->to_json();
  EXPECT_EQ(load_error(good), "");
  // A level-1 creature never charges for a level-1 hero.
  nlohmann::json j = good;
  j["objects"][static_cast<size_t>(dragon)][0] = "t-ghoul";
  std::string error = load_error(j);
  EXPECT_NE(error.find("players[1]: charging: object " + std::to_string(dragon) + " ('t-ghoul') could not have been charged"),
            std::string::npos) << error;
  // Nor a Weapon.
  j["objects"][static_cast<size_t>(dragon)][0] = "t-axe";
  EXPECT_NE(load_error(j).find("charging"), std::string::npos);
  // Nor the dragon once the hero has its level.
  j = good;
  j["players"][1]["hero"]["spec"] = "darkness:5";
  EXPECT_NE(load_error(j).find("could not have been charged"), std::string::npos);
}

}  // namespace
}  // namespace dltest
