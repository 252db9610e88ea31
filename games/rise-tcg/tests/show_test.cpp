// What a player reads at the terminal (issue 20): the costs, card texts and skill texts of
// the board, and `show WHAT` (State::show) with a card's whole text and current numbers —
// never a card hidden from the viewer (Rule TCG-13.1).
#include <gtest/gtest.h>

#include <sstream>

#include <fmt/format.h>

#include "rise/core/utf8.h"
#include "test_access.h"

namespace {

using namespace tcgtest;

// The lines of `text`.
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) out.push_back(line);
  return out;
}

bool has_line(const std::string& text, const std::string& line) {
  for (const std::string& l : lines_of(text)) {
    if (l == line) return true;
  }
  return false;
}

// Every line under 100 columns (issue 20: 80-column terminals; `show` wraps).
void expect_narrow(const std::string& text) {
  for (const std::string& l : lines_of(text)) EXPECT_LT(rise::utf8_length(l), 100u) << l;
}

// show(what, viewer), or "error: MESSAGE".
std::string shown(const TcgState& s, const std::string& what, rise::PlayerId viewer) {
  try {
    return s.show(what, viewer);
  } catch (const rise::InputError& e) {
    return std::string("error: ") + e.what();
  }
}

// The situation of these tests: p0's Test Sage at level 2 (Tithe used) with a Test Giant
// in hand; p1's tilted Test Bear with a +1/+0 counter, 1 damage and p1's Test Blade on it;
// p1's hand holds a Test Secret and a Test Bear every player saw (returned to the hand).
struct Table {
  std::unique_ptr<TcgState> s = table();
  int giant = T::add_to_hand(*s, 0, "test-giant");
  int bear = T::add_to_battlefield(*s, 1, "test-bear");
  int blade = T::add_to_battlefield(*s, 1, "test-blade");
  int secret = T::add_to_hand(*s, 1, "test-secret");
  int known = T::add_to_hand(*s, 1, "test-bear");
  int library_top = T::add_to_library_top(*s, 0, "test-grunt");

  Table() {
    T::set_level(*s, 0, 0, 2, 1);
    T::summoner(*s, 0, 0).skills_used = 1;  // Tithe
    T::obj(*s, bear).tilted = true;
    T::obj(*s, bear).counter_attack = 1;
    T::obj(*s, bear).damage = 1;
    T::obj(*s, blade).attached_to = static_cast<int16_t>(bear);
    T::obj(*s, known).known = true;
  }
};

// Issue 20: the cost to invoke a hand card, the short text of every battlefield card, the
// text of each skill a Summoner's level reached (Rules TCG-5.1, TCG-5.3).
TEST(TcgView, HandShowsCostsBattlefieldAndSkillsShowTheirTexts) {
  Table t;
  const std::string view = t.s->render_text(0, false);
  EXPECT_TRUE(has_line(view, "    S1 Test Sage                HP 20  level 2/4  CP 1/2  untilted")) << view;
  EXPECT_TRUE(has_line(view, "       skill 1 Tithe (used): Gain 1 Coin.")) << view;
  EXPECT_TRUE(has_line(view, "       skill 2 Study: Draw 1 card.")) << view;
  EXPECT_EQ(view.find("Smite"), std::string::npos) << "level 3 is not reached: " << view;
  EXPECT_TRUE(has_line(view, "       skill 1 Jab: Deal 1 damage to target Creature or Door.")) << view;
  EXPECT_TRUE(has_line(view, fmt::format("      #{:<3} Test Giant               2 CP   Creature 4/4  "
                                         "Costs 2 Capacity Points.", t.giant)))
      << view;
  EXPECT_TRUE(has_line(view, fmt::format("    #{:<3} Test Bear                6/3 tilted [+1/+0] damage 1  {{Flight}}",
                                         t.bear)))
      << view;
  EXPECT_TRUE(has_line(view, "         Vanilla.")) << view;
  EXPECT_TRUE(has_line(view, fmt::format("    #{:<3} Test Blade               on #{} (Test Bear)  {{Equipment}}",
                                         t.blade, t.bear)))
      << view;
  EXPECT_TRUE(has_line(view, "         Equipment - attach to target Creature you control: +2/+1 and Flight.")) << view;
  expect_narrow(view);
  // p1's hand is not p0's to read, not even its costs.
  EXPECT_EQ(view.find("Test Secret"), std::string::npos) << view;
}

// Issue 20: a hand card's text is cut to keep the line under 100 columns ("…"); `show`
// gives the rest.
TEST(TcgView, LongHandTextsAreCutUnder100Columns) {
  Table t;
  const int pump = T::add_to_hand(*t.s, 0, "test-pump");
  const std::string view = t.s->render_text(0, false);
  EXPECT_TRUE(has_line(view, fmt::format("      #{:<3} Test Pump                1 CP   Creature 1/1  "
                                         "Action - 1 Coin: this Creature gets +1/+1…",
                                         pump)))
      << view;
  expect_narrow(view);
}

// Issue 20: on an 80-column terminal (render_text_at_width) the hand has no padded columns,
// so its texts keep most of the line, and every line fits.
TEST(TcgView, EightyColumnsGiveTheCompactLayout) {
  Table t;
  const int pump = T::add_to_hand(*t.s, 0, "test-pump");
  const std::string view = t.s->render_text_at_width(0, false, 80);
  EXPECT_TRUE(has_line(view, fmt::format("      #{} Test Giant (2 CP, Creature 4/4): Costs 2 Capacity Points.", t.giant)))
      << view;
  const std::string pump_line = fmt::format("      #{} Test Pump (1 CP, Creature 1/1): Action - 1 Coin: ", pump);
  const size_t at = view.find(pump_line);
  ASSERT_NE(at, std::string::npos) << view;
  const std::string line = view.substr(at, view.find('\n', at) - at);
  EXPECT_LE(rise::utf8_length(line), 80u) << line;
  EXPECT_GE(rise::utf8_length(line), 79u) << "the text fills the line (a space before the cut is dropped): " << line;
  EXPECT_EQ(line.substr(line.size() - std::string("…").size()), "…") << line;
  EXPECT_TRUE(has_line(view, "     skill 1 Tithe (used): Gain 1 Coin.")) << view;
  for (const std::string& l : lines_of(view)) EXPECT_LE(rise::utf8_length(l), 80u) << l;
  // From 100 columns the view is the classic one.
  EXPECT_EQ(t.s->render_text_at_width(0, false, 100), t.s->render_text(0, false));
}

// `show #ID` of a battlefield card: printed and current numbers (Rule TCG-7.2: counters and
// Equipment included), damage, state, what is attached, the whole text.
TEST(TcgShow, ABattlefieldCardWithItsNumbersNow) {
  Table t;
  EXPECT_EQ(t.s->show(card(t.bear), 0),
            fmt::format("#{0} Test Bear  (on the battlefield, p1's)\n"
                        "  Creature | rank 4 | Common | cost 1 CP\n"
                        "  printed 3/3; now attack 6, defense 4, damage 1 (3 left)\n"
                        "  charge counters +1/+0\n"
                        "  abilities: Flight\n"
                        "  tilted\n"
                        "  attached: #{1} Test Blade\n"
                        "  text: Vanilla.\n",
                        t.bear, t.blade));
  EXPECT_EQ(t.s->show(card(t.blade), 1),
            fmt::format("#{0} Test Blade  (on the battlefield, p1's)\n"
                        "  Incantation | rank 4 | Common | cost 1 CP\n"
                        "  abilities: Equipment\n"
                        "  grants +2/+1, Flight\n"
                        "  attached to #{1} (Test Bear)\n"
                        "  text: Equipment - attach to target Creature you control: +2/+1 and Flight.\n",
                        t.blade, t.bear));
}

// `show S1`: the viewer's Summoner, every skill with its level and text (Rules TCG-5.*);
// `show p1.S2` another seat's.
TEST(TcgShow, ASummonerWithEverySkill) {
  Table t;
  const int level_up = T::add_level_up(*t.s, 0, 0);
  EXPECT_EQ(t.s->show("S1", 0),
            fmt::format("p0.S1 Test Sage  (p0's Summoner)\n"
                        "  HP 20 (started with 20) | level 2 of 4 | CP 1/2 | untilted\n"
                        "  text: Four skills: Tithe, Study, Smite, Silence.\n"
                        "  skill 1 Tithe (level 1, used since the last untilt): Gain 1 Coin.\n"
                        "  skill 2 Study (level 2): Draw 1 card.\n"
                        "  skill 3 Smite (level 3, not reached): Deal 2 damage to target opposing Summoner.\n"
                        "  skill 4 Silence (level 4, not reached): Cancel target item of the chain.\n"
                        "  Level Ups: #{} Test Level Up\n",
                        level_up));
  EXPECT_EQ(t.s->show("S2", 1), t.s->show("p1.S2", 0));
  EXPECT_EQ(lines_of(t.s->show("p1.S2", 0))[0], "p1.S2 Test Warden  (p1's Summoner)");
  EXPECT_EQ(shown(*t.s, "S1", rise::kSpectator).rfind("error: show 'S1': name a seat's Summoner, e.g. p0.S1", 0),
            0u);
}

// Zones and the chain.
TEST(TcgShow, ZonesAndTheChain) {
  Table t;
  const int dead = T::add_to_cemetery(*t.s, 1, "test-imp");
  EXPECT_EQ(t.s->show("cemetery", 0),
            fmt::format("p0's cemetery: 0 card(s)\n"
                        "p1's cemetery: 1 card(s)\n"
                        "#{} Test Imp  (in p1's Cemetery)\n"
                        "  Creature | rank infinite | Common | cost 1 CP\n"
                        "  printed 1/1\n"
                        "  text: Infinite rank.\n",
                        dead));
  EXPECT_EQ(t.s->show("cemetery p0", 0), "p0's cemetery: 0 card(s)\n");
  const std::string hand = t.s->show("hand", 0);
  EXPECT_EQ(lines_of(hand)[0], "p0's hand: 1 card(s)");
  EXPECT_EQ(lines_of(hand)[1], fmt::format("#{} Test Giant  (in p0's hand)", t.giant));
  const std::string field = t.s->show("battlefield", 0);
  EXPECT_EQ(lines_of(field)[0], "p0's battlefield: 0 card(s)");
  EXPECT_EQ(lines_of(field)[1], "p1's battlefield: 2 card(s)");
  EXPECT_EQ(t.s->show("chain", 0), "the chain is empty\n");
  // p0 invokes a Test Bolt, p1 answers with its Summoner's Focus: the chain holds both.
  const int bolt = T::add_to_hand(*t.s, 0, "test-bolt");
  T::ready(*t.s, 1);
  act(*t.s, "invoke " + card(bolt) + " by S1");
  act(*t.s, "skill S1 1");
  EXPECT_EQ(t.s->show("chain", 1), fmt::format("chain (top last):\n"
                                               "  1. p0: #{} Test Bolt: Deal 2 damage to target Creature, Door or "
                                               "Summoner.\n"
                                               "  2. p1: skill 1 Focus of p1.S1 Test Apprentice: Gain 1 Ether.\n",
                                               bolt));
  EXPECT_EQ(t.s->show("", 0).rfind("show #94          a card by its id", 0), 0u);
  expect_narrow(t.s->show("", 0));
}

// Rule TCG-13.1: `show` never names a card of another hand (unless every player saw it)
// or of a library, not even to the library's owner.
TEST(TcgShow, NeverRevealsAHiddenCard) {
  Table t;
  EXPECT_EQ(shown(*t.s, card(t.secret), 0),
            "error: show '" + card(t.secret) + "': " + card(t.secret) +
                " is a card you cannot see (in a hand or a library)");
  EXPECT_EQ(lines_of(shown(*t.s, card(t.secret), 1))[0], card(t.secret) + " Test Secret  (in p1's hand)");
  EXPECT_EQ(lines_of(shown(*t.s, card(t.known), 0))[0], card(t.known) + " Test Bear  (in p1's hand)");
  EXPECT_NE(shown(*t.s, card(t.library_top), 0).find("is a card you cannot see"), std::string::npos);
  const std::string other_hand = t.s->show("hand p1", 0);
  EXPECT_EQ(lines_of(other_hand)[0], "p1's hand: 2 card(s), 1 of them hidden");
  EXPECT_EQ(other_hand.find("Secret"), std::string::npos) << other_hand;
  EXPECT_EQ(shown(*t.s, "hand", rise::kSpectator),
            "error: show 'hand': name whose hand, e.g. 'hand p0' (type 'show' for a list)");
  EXPECT_EQ(lines_of(t.s->show("hand p0", rise::kSpectator))[0], "p0's hand: 1 card(s), 1 of them hidden");
  EXPECT_EQ(t.s->show("library", 0), "p0's library: 51 cards, hidden (their order too)\n"
                                     "p1's library: 50 cards, hidden (their order too)\n");
  EXPECT_EQ(shown(*t.s, "#5000", 0), "error: show '#5000': there is no card #5000 (cards are #0 to #" +
                                         std::to_string(t.s->num_objects() - 1) +
                                         ") (type 'show' for a list)");
  EXPECT_EQ(shown(*t.s, "graveyard", 0),
            "error: show 'graveyard': nothing is called 'graveyard' (type 'show' for a list)");
  EXPECT_EQ(shown(*t.s, "hand p7", 0).rfind("error: show 'hand p7': 'p7' is not a seat of this game (p0 to p1)", 0),
            0u);
}

// Everything `show` prints for a seat is the same in every state that seat cannot tell
// apart from this one (resample_hidden re-deals what it cannot see): so it reveals nothing
// hidden. Checked along random games of the starter decks, for every card id and target.
TEST(TcgShow, SameInEveryStateTheViewerCannotTellApart) {
  const rise::Game& game = rise::find_game("rise-tcg");
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    std::unique_ptr<rise::State> s = game.new_initial_state(seed, game.resolve_options({}), 2);
    rise::Rng rng(seed);
    std::vector<rise::Action> legal;
    for (int step = 0; step < 160 && !s->is_terminal(); ++step) {
      if (step % 20 == 0) {
        for (rise::PlayerId viewer : {0, 1, rise::kSpectator}) {
          const rise::PlayerId observer = viewer == rise::kSpectator ? 0 : viewer;
          std::unique_ptr<rise::State> sample = s->resample_hidden(observer, rng);
          std::vector<std::string> targets = {"hand", "hand p0", "hand p1", "battlefield", "cemetery", "excluded",
                                              "library", "chain", "p0.S1", "p1.S2", "S1"};
          for (int id = 0; id < 110; ++id) targets.push_back(card(id));
          for (const std::string& what : targets) {
            const auto* tcg = dynamic_cast<const TcgState*>(s.get());
            const auto* other = dynamic_cast<const TcgState*>(sample.get());
            const std::string here = shown(*tcg, what, viewer);
            EXPECT_EQ(here, shown(*other, what, viewer)) << "seed " << seed << " step " << step << " " << what;
            expect_narrow(here);
          }
        }
      }
      s->legal_actions(legal);
      s->apply_action(legal[rng.below(legal.size())]);
    }
  }
}

}  // namespace
