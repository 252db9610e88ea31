// The terminal view of a raise-rise-die duel: both sides in French terms, the viewer's hand
// card by card, nothing the viewer may not see (RRD-12.1), colours only on request.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "rise/core/utf8.h"
#include "view_test_access.h"

namespace rrdview {
namespace {

using rise::rrd::Choice;
using rise::rrd::ChoiceKind;
using rise::rrd::Phase;
using rise::rrd::Slot;

TEST(RrdRender, ShowsBothSidesInFrenchTerms) {
  T::Table t;
  auto s = table(&t);
  const std::string view = s->render_text(0, false);
  const std::string id = std::to_string(t.p0_body_lame);
  const std::vector<std::string> parts = {
      "Raise, Rise & Die", "Passe d'Armes 3/60", "Affrontement", "premier joueur p0", "p0 Aldric (Épée de Braise)",
      "PV 10/12", "réserve 2 VA", "Poison 1", "p1 Mira", "PV 8/12", "Saignement 2", "Sonné +1", "Torpeur",
      "Top Soul : Écaille #" + std::to_string(t.p0_top) + " (VA 2)",
      "Top Soul : Éclair #" + std::to_string(t.p1_top) + " (VA 1, 1 dégât(s) marqué(s))",
      "pioche 6  main 3  défausse 1  Néant 1", "pioche 5  main 3  défausse 1  Néant 0",
      "dessous public (du fond vers le haut) : Écaille #" + std::to_string(t.p0_bottom0),
      "[1] Lame de Braise #" + std::to_string(t.p0_infused) + " (+1 Dégâts)  [2] libre",
      "[1] Bouclier de Cendre #" + std::to_string(t.p0_objet) + " engagé", "désengagé",
      "Écaille #" + std::to_string(t.p1_body_ecaille) + " (contre)", "Bloque 2", "Point faible 1", "journal :",
      "p1 cherche une carte de VA 3 dans sa pioche"};
  for (const std::string& part : parts) {
    EXPECT_TRUE(has(view, part)) << "missing: " << part << "\n" << view;
  }
  // The four body slots side by side, a card under its slot's column.
  const size_t header = view.find("corps  Tête");
  ASSERT_NE(header, std::string::npos) << view;
  const size_t line_start = view.rfind('\n', header) + 1;
  const size_t card = view.find("Lame de Braise #" + id, header);
  ASSERT_NE(card, std::string::npos);
  EXPECT_EQ(card - (view.rfind('\n', card) + 1), header + 7 - line_start);  // same column as "Tête"
  EXPECT_TRUE(has(view, "Torse                     Bras                      Jambes"));
}

// Issue 20: a card whose name and marks do not fit its body column keeps its marks whole on
// the lines below ("(cont…" read as nothing and ran into the next column), at the classic
// width and on an 80-column terminal, and no column touches the next.
TEST(RrdRender, ABodyCardsMarksAreNeverCut) {
  T::Table t;
  auto s = table(&t);
  T::obj(*s, t.p1_body_ecaille).transcended = true;
  T::obj(*s, t.p1_body_ecaille).countered = true;  // "Écaille #N (T) (contre) (contrée)": 33+ columns
  for (const size_t width : {std::numeric_limits<size_t>::max(), size_t{80}}) {
    const std::string view = s->render_text_at_width(0, false, width);
    SCOPED_TRACE(view);
    EXPECT_EQ(view.find("(cont…"), std::string::npos);
    EXPECT_EQ(view.find("(contr…"), std::string::npos);
    const size_t at = view.find("Écaille #" + std::to_string(t.p1_body_ecaille) + " (T)");
    ASSERT_NE(at, std::string::npos);
    // The marks that did not fit lie whole in the same column on the lines below.
    const size_t line_start = view.rfind('\n', at) + 1;
    const size_t column = rise::utf8_length(view.substr(line_start, at - line_start));
    const size_t mark = view.find("(contrée)", at);
    ASSERT_NE(mark, std::string::npos);
    const size_t mark_line = view.rfind('\n', mark) + 1;
    EXPECT_EQ(rise::utf8_length(view.substr(mark_line, mark - mark_line)), column);
    EXPECT_LE(std::count(view.begin() + static_cast<long>(at), view.begin() + static_cast<long>(mark), '\n'), 2);
  }
}

// Under 100 columns every line fits the width, the body columns narrower.
TEST(RrdRender, FitsAnEightyColumnTerminal) {
  T::Table t;
  auto s = table(&t);
  const std::string view = s->render_text_at_width(0, false, 80);
  size_t start = 0;
  while (start < view.size()) {
    const size_t end = view.find('\n', start);
    const std::string line = view.substr(start, end - start);
    EXPECT_LE(rise::utf8_length(line), 80u) << line;
    start = end == std::string::npos ? view.size() : end + 1;
  }
  EXPECT_TRUE(has(view, "corps  Tête             Torse            Bras             Jambes")) << view;
}

TEST(RrdRender, ShowsTheViewersHandAndHidesTheOther_RRD_12_1) {
  T::Table t;
  auto s = table(&t);
  const std::string v0 = s->render_text(0, false);
  EXPECT_TRUE(has(v0, "main (3) :"));
  EXPECT_TRUE(has(v0, "Lame de Braise          VA 3  coût 1  Normale           tete/bras         Dégâts 3, Saignement 1 | "
                      "Infusion : +1 Dégâts | Transcendance : Percer 2"))
      << v0;
  EXPECT_TRUE(has(v0, "Éclair                  VA 1  coût 0  Instantanée"));
  EXPECT_TRUE(has(v0, "(connue de l'adversaire)"));
  EXPECT_TRUE(has(v0, "main, cartes connues : Éclair #" + std::to_string(t.p1_hand_eclair)));
  EXPECT_FALSE(has(v0, "Brasier"));  // p1's hand and both hidden deck parts
  T::add(*s, 1, "bouclier", rise::rrd::Where::kHand);
  const std::string v1 = s->render_text(1, false);
  EXPECT_TRUE(has(v1, "Brasier"));
  EXPECT_TRUE(has(v1, "Objet Défensive"));
  EXPECT_FALSE(has(v1, "Sonde #" + std::to_string(t.p0_hand_sonde)));
  const std::string spectator = s->render_text(rise::kTerminalPlayer, false);
  EXPECT_FALSE(has(spectator, "main ("));
  EXPECT_FALSE(has(spectator, "Brasier"));
}

TEST(RrdRender, ShowsTheWindowTheChoiceAndTheEnd) {
  T::Table t;
  auto s = table(&t);
  T::window(*s) = {true, static_cast<int16_t>(t.p0_body_lame), 0, static_cast<int8_t>(Slot::kTete)};
  EXPECT_TRUE(has(s->render_text(1, false), "Fenêtre de contre : p1 peut contrer Lame de Braise #" +
                                                std::to_string(t.p0_body_lame) + " (Tête) de p0, ou `laisse`"));
  T::window(*s) = {};
  T::choices(*s) = {Choice{ChoiceKind::kPoison, 0, 3}, Choice{ChoiceKind::kOubli, 0, 2}};
  EXPECT_TRUE(has(s->render_text(0, false), "Choix : p0 défausse pour le Poison : encore 3 VA (`defausse #ID`) (+1 en attente)"));
  T::choices(*s).clear();
  T::phase(*s) = Phase::kOver;
  T::winner(*s) = 0;
  EXPECT_TRUE(has(s->render_text(0, false), "duel terminé  p0 gagne"));
}

TEST(RrdRender, ColoursOnlyOnRequest) {
  auto s = table();
  EXPECT_EQ(s->render_text(0, false).find('\033'), std::string::npos);
  EXPECT_NE(s->render_text(0, true).find("\033[1;31mp0"), std::string::npos);
  // No line ends with a space.
  EXPECT_EQ(s->render_text(0, false).find(" \n"), std::string::npos);
}

}  // namespace
}  // namespace rrdview

namespace rrdview {
namespace {

// show(what, viewer), or "error: MESSAGE".
std::string shown(const rise::State& s, const std::string& what, rise::PlayerId viewer) {
  try {
    return s.show(what, viewer);
  } catch (const rise::InputError& e) {
    return std::string("error: ") + e.what();
  }
}

// Issue 20: `show #ID` gives a card's whole text and where it lies, the opponent's cards too.
TEST(RrdShow, ACardWithItsWholeTextAndWhereItLies) {
  T::Table t;
  auto s = table(&t);
  EXPECT_EQ(s->show("#" + std::to_string(t.p0_body_lame), 1),
            "Lame de Braise #" + std::to_string(t.p0_body_lame) + "  (corps de p0 : Tête)\n"
            "  Normale | VA 3 | coût 1 | emplacements tete,bras | archétype " +
                s->card_of(t.p0_body_lame).archetype + "\n"
            "  effet : Dégâts 3, Saignement 1\n"
            "  infusion : +1 Dégâts\n"
            "  transcendance : Percer 2\n");
  const std::string ecaille = s->show("#" + std::to_string(t.p1_body_ecaille), 0);
  EXPECT_EQ(ecaille.substr(0, ecaille.find('\n')),
            "Écaille #" + std::to_string(t.p1_body_ecaille) + "  (corps de p1 : Torse, jouée en contre)");
  // p1 is Sonné (+1): what its hand card costs it now (RRD-11.15).
  const std::string brasier = s->show("#" + std::to_string(t.p1_hand_brasier), 1);
  EXPECT_NE(brasier.find("  Normale | VA 5 | coût 3 (maintenant 4) |"), std::string::npos) << brasier;
}

// Rule RRD-12.1: the other hand and the hidden part of a deck are never shown; the Top Soul,
// the public bottom and a known hand card are.
TEST(RrdShow, NeverAHiddenCard_RRD_12_1) {
  T::Table t;
  auto s = table(&t);
  const std::string hidden = "#" + std::to_string(t.p1_hand_brasier);
  EXPECT_EQ(shown(*s, hidden, 0), "error: show '" + hidden + "': " + hidden +
                                      " is a card you cannot see (in a hand or a deck)");
  EXPECT_NE(shown(*s, "#" + std::to_string(t.p0_hidden_deck[0]), 0).find("cannot see"), std::string::npos);
  EXPECT_NE(shown(*s, "#" + std::to_string(t.p1_hand_eclair), 0).find("(main de p1)"), std::string::npos);
  EXPECT_NE(shown(*s, "#" + std::to_string(t.p0_top), 1).find("(pioche de p0, Top Soul)"), std::string::npos);
  EXPECT_NE(shown(*s, "#" + std::to_string(t.p0_bottom0), 1).find("(pioche de p0, dessous public)"),
            std::string::npos);
  EXPECT_EQ(shown(*s, "main", 0), "error: show 'main': raise-rise-die shows a card by its id, e.g. #12 "
                                  "(type 'show' for a list)");
  // The same text in every state p0 cannot tell apart from this one.
  rise::Rng rng(5);
  for (int k = 0; k < 4; ++k) {
    auto sample = s->resample_hidden(0, rng);
    for (int id = 0; id < s->num_objects(); ++id) {
      EXPECT_EQ(shown(*s, "#" + std::to_string(id), 0), shown(*sample, "#" + std::to_string(id), 0)) << id;
    }
  }
}

}  // namespace
}  // namespace rrdview
