// `show #ID` at the terminal (State::show, issue 20): a card's whole text and numbers now,
// never a card hidden from the viewer (a hand, a deck, a face-down charging card: DL-3.7).
#include <gtest/gtest.h>

#include "rise/core/registry.h"
#include "test_access.h"

namespace dltest {
namespace {

// show(what, viewer), or "error: MESSAGE".
std::string shown(const DlState& s, const std::string& what, rise::PlayerId viewer) {
  try {
    return s.show(what, viewer);
  } catch (const rise::InputError& e) {
    return std::string("error: ") + e.what();
  }
}

TEST(DlShow, ACreatureInPlayWithItsNumbersNow) {  // DL-3.5
  auto s = table();
  const int ghoul = T::add_creature(*s, 1, "t-ghoul");
  T::obj(*s, ghoul).damage = 1;
  T::obj(*s, ghoul).activated = true;
  EXPECT_EQ(s->show(card(ghoul), 0),
            "#" + std::to_string(ghoul) + " t-ghoul  (p1's Spell Casting Field " +
                std::to_string(s->obj(ghoul).slot + 1) + ")\n"
                "  Creature | Darkness | cost 2 Casting Points | Skill Level 1 (p1's hero: 1)\n"
                "  printed 3/3\n"
                "  now attack 3, defense 3, damage 1, activated\n");
  const int sword = T::set_weapon(*s, 0, 0, "t-sword");
  EXPECT_EQ(s->show(card(sword), 1).substr(0, s->show(card(sword), 1).find('\n')),
            "#" + std::to_string(sword) + " t-sword  (p0's primary Weapon Field)");
  EXPECT_EQ(s->show("", 0),
            "show #12          a card by its id: its whole text and its numbers now\n"
            "show drone        a card of the game by its card id (the pre-battle equip names them): its text\n");
}

// Issue 38: the pre-battle equip named a card by a bare card id that `show` refused. A seat's
// text now names the card too, and `show ID` shows it as printed.
TEST(DlShow, TheCardsOfThePreBattleEquipAreNamedAndShown) {  // DL-5.1
  const rise::Game& g = rise::find_game("dark-legacy");
  std::unique_ptr<rise::State> s = g.new_initial_state(1, g.resolve_options({}), 2);
  const rise::PlayerId mover = s->current_player();
  int equips = 0;
  for (rise::Action a : s->legal_actions()) {
    const std::string notation = s->action_to_string(a);
    if (notation == "equip none") continue;
    ASSERT_EQ(notation.rfind("equip ", 0), 0u) << notation;
    const std::string id = notation.substr(6);
    const std::string shown_card = s->show(id, 1 - mover);  // the card is public: any seat reads it
    const std::string name = shown_card.substr(id.size() + 2, shown_card.find('\n') - id.size() - 2);
    EXPECT_EQ(shown_card.rfind(id + ": " + name + "\n", 0), 0u) << shown_card;
    EXPECT_NE(shown_card.find(" | cost 0 Casting Points | Skill Level "), std::string::npos) << shown_card;
    EXPECT_EQ(s->describe_action(a, mover), notation + " (" + name + ")");
    EXPECT_EQ(s->string_to_action(s->describe_action(a, mover)), a);
    ++equips;
  }
  EXPECT_GT(equips, 0);
}

TEST(DlShow, NeverAHandADeckOrAFaceDownChargingCard) {  // DL-3.7
  auto s = table();
  const int dragon = T::set_charging(*s, 0, "t-dragon", 2);
  const int hand = T::add_to_hand(*s, 1, "t-bolt");
  const int top = T::add_to_library_top(*s, 0, "t-ghoul");
  EXPECT_EQ(shown(*s, card(dragon), 1),
            "error: show '" + card(dragon) + "': " + card(dragon) + " is a card you cannot see (in a hand or a deck)");
  EXPECT_EQ(s->show(card(dragon), 0).substr(0, s->show(card(dragon), 0).find('\n')),
            "#" + std::to_string(dragon) + " t-dragon  (p0's Charging Field, face down, 2 token(s))");
  EXPECT_NE(shown(*s, card(hand), 0).find("cannot see"), std::string::npos);
  EXPECT_EQ(shown(*s, card(hand), 1).find("error"), std::string::npos);
  EXPECT_NE(shown(*s, card(top), 0).find("cannot see"), std::string::npos);  // not even its owner
  EXPECT_NE(shown(*s, card(hand), rise::kSpectator).find("cannot see"), std::string::npos);
  EXPECT_EQ(shown(*s, "hand", 0),
            "error: show 'hand': dark-legacy shows a card by its id, e.g. #12, or by its card id, e.g. drone "
            "(type 'show' for a list)");
}

// What `show` prints for a seat is the same in every state it cannot tell apart from this
// one (resample_hidden): it reveals nothing hidden. Along random battles of the starter decks.
TEST(DlShow, SameInEveryStateTheViewerCannotTellApart) {
  const rise::Game& g = rise::find_game("dark-legacy");
  for (uint64_t seed = 1; seed <= 2; ++seed) {
    std::unique_ptr<rise::State> s = g.new_initial_state(seed, g.resolve_options({}), 2);
    rise::Rng rng(seed);
    std::vector<rise::Action> legal;
    for (int step = 0; step < 150 && !s->is_terminal(); ++step) {
      if (step % 15 == 0) {
        for (rise::PlayerId viewer : {0, 1}) {
          std::unique_ptr<rise::State> sample = s->resample_hidden(viewer, rng);
          for (int id = 0; id < 110; ++id) {
            std::string here, there;
            try { here = s->show(card(id), viewer); } catch (const rise::InputError& e) { here = e.what(); }
            try { there = sample->show(card(id), viewer); } catch (const rise::InputError& e) { there = e.what(); }
            EXPECT_EQ(here, there) << "seed " << seed << " step " << step << " viewer " << viewer << " #" << id;
          }
        }
      }
      s->legal_actions(legal);
      s->apply_action(legal[rng.below(legal.size())]);
    }
  }
}

}  // namespace
}  // namespace dltest
