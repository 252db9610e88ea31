// raise-rise-die notation (docs/notation.md, raise-rise-die): every verb prints and parses
// back, malformed text is refused with a reason, hidden cards are not named to the other
// seat, and every log event reads as a French sentence.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rise/core/error.h"
#include "view_test_access.h"

namespace rrdview {
namespace {

using rise::Action;
using rise::InputError;
using rise::kTerminalPlayer;
using rise::rrd::Choice;
using rise::rrd::ChoiceKind;
using rise::rrd::Event;
using rise::rrd::make_action;
using rise::rrd::Slot;
namespace rrd = rise::rrd;

std::string n(int id) { return std::to_string(id); }

TEST(RrdNotation, EveryVerbParsesAndPrintsBack) {
  T::Table t;
  auto s = table(&t);  // p0 to play: its own cards are named
  const int lame = s->cards().find("lame-de-braise");
  const std::vector<std::pair<std::string, Action>> cases = {
      {"passe", make_action(rrd::kActPasse)},
      {"sacrifie #" + n(t.p0_hand_lame) + " (Lame de Braise)", make_action(rrd::kActSacrifie, t.p0_hand_lame)},
      {"joue #" + n(t.p0_hand_lame) + " (Lame de Braise) tete", make_action(rrd::kActJoue, t.p0_hand_lame, 0)},
      {"transcende #" + n(t.p0_hand_sonde) + " (Sonde) bras", make_action(rrd::kActTranscende, t.p0_hand_sonde, 2)},
      {"active #" + n(t.p0_objet) + " (Bouclier de Cendre) torse", make_action(rrd::kActActive, t.p0_objet, 1)},
      {"laisse", make_action(rrd::kActLaisse)},
      {"defausse #" + n(t.p0_hand_eclair) + " (Éclair)", make_action(rrd::kActDefausse, t.p0_hand_eclair)},
      {"infuse #" + n(t.p0_body_lame) + " (Lame de Braise)", make_action(rrd::kActInfuse, t.p0_body_lame)},
      {"echange #" + n(t.p0_hand_lame) + " (Lame de Braise) #" + n(t.p0_discard) + " (Écaille)",
       make_action(rrd::kActEchange, t.p0_hand_lame, t.p0_discard)},
      {"cherche lame-de-braise (Lame de Braise)", make_action(rrd::kActCherche, lame)},
      {"fin", make_action(rrd::kActFin)},
  };
  for (const auto& [text, action] : cases) {
    EXPECT_EQ(s->action_to_string(action), text);
    EXPECT_EQ(s->string_to_action(text), action) << text;
  }
  // The name in parentheses is only for people; spaces and accents are tolerated.
  EXPECT_EQ(s->string_to_action("  joue #5 jambes "), make_action(rrd::kActJoue, 5, 3));
  EXPECT_EQ(s->string_to_action("joue #5 (Brasier) tête"), make_action(rrd::kActJoue, 5, 0));
  EXPECT_EQ(s->string_to_action("Défausse #7"), s->string_to_action("defausse #7"));
  EXPECT_EQ(s->string_to_action("échange #1 #2"), make_action(rrd::kActEchange, 1, 2));
  // Action ids: verb * 2^20 + a * 2^10 + b.
  EXPECT_EQ(s->string_to_action("transcende #12 bras"), (4 << 20) | (12 << 10) | 2);
}

TEST(RrdNotation, MalformedTextIsRefusedWithTheReason) {
  auto s = table();
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "empty"},
      {"danse", "unknown verb 'danse'"},
      {"joue #5", "expected 'joue #ID SLOT'"},
      {"joue 5 tete", "'5' is not a card (#12)"},
      {"joue #5 nez", "'nez' is not a slot (tete, torse, bras or jambes)"},
      {"sacrifie #1000", "card ids are below 1000"},
      {"sacrifie #a1", "'#a1' is not a card"},
      {"passe maintenant", "expected 'passe'"},
      {"echange #1", "expected 'echange #MAIN #DEFAUSSE'"},
      {"cherche excalibur", "unknown card 'excalibur'"},
  };
  for (const auto& [text, why] : cases) {
    try {
      s->string_to_action(text);
      ADD_FAILURE() << "accepted '" << text << "'";
    } catch (const InputError& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find("raise-rise-die action '" + text + "'"), std::string::npos) << message;
      EXPECT_NE(message.find(why), std::string::npos) << message;
    }
  }
}

TEST(RrdNotation, IdsThatDoNotDecodeAreInvalid) {
  auto s = table();
  EXPECT_EQ(s->action_to_string(make_action(rrd::kActJoue, 5, 7)), "invalid(" + n(make_action(rrd::kActJoue, 5, 7)) + ")");
  EXPECT_EQ(s->action_to_string(make_action(rrd::kActPasse, 1)), "invalid(" + n(make_action(rrd::kActPasse, 1)) + ")");
  EXPECT_EQ(s->action_to_string(make_action(rrd::kActCherche, 999)), "invalid(" + n(make_action(rrd::kActCherche, 999)) + ")");
  EXPECT_EQ(s->action_to_string(make_action(40)), "invalid(" + n(make_action(40)) + ")");
  EXPECT_EQ(s->action_to_string(-1), "invalid(-1)");
}

// RRD-12.1: the other seat's hand cards and hidden deck cards are not named.
TEST(RrdNotation, DescribeActionHidesCardsTheViewerCannotSee_RRD_12_1) {
  T::Table t;
  auto s = table(&t);
  const Action play = make_action(rrd::kActJoue, t.p1_hand_brasier, 0);
  EXPECT_EQ(s->describe_action(play, 0), "joue #" + n(t.p1_hand_brasier) + " tete");
  EXPECT_EQ(s->describe_action(play, 1), "joue #" + n(t.p1_hand_brasier) + " (Brasier) tete");
  EXPECT_EQ(s->describe_action(play, kTerminalPlayer), "joue #" + n(t.p1_hand_brasier) + " tete");
  // A known hand card, the Top Soul and the public bottom are named to everybody.
  EXPECT_EQ(s->describe_action(make_action(rrd::kActJoue, t.p1_hand_eclair, 3), 0),
            "joue #" + n(t.p1_hand_eclair) + " (Éclair) jambes");
  EXPECT_EQ(s->obj_text(t.p1_top, 0), "Éclair #" + n(t.p1_top));
  EXPECT_EQ(s->obj_text(t.p0_bottom1, 1), "Éclair #" + n(t.p0_bottom1));
  EXPECT_EQ(s->obj_text(t.p0_hidden_deck[0], 0), "#" + n(t.p0_hidden_deck[0]));  // own deck order hidden too
  EXPECT_EQ(s->obj_text(t.p0_hand_sonde, 1), "#" + n(t.p0_hand_sonde));
  EXPECT_EQ(s->obj_text(t.p0_hand_sonde, 0), "Sonde #" + n(t.p0_hand_sonde));
}

// RRD-12.2: a searched card is named to its chooser only; the others learn its VA.
TEST(RrdNotation, ChercheIsHiddenFromTheOtherSeat_RRD_12_2) {
  auto s = table();
  T::choices(*s) = {Choice{ChoiceKind::kRecherche, 0, 3}};
  const Action search = s->string_to_action("cherche lame-de-braise");
  EXPECT_EQ(s->describe_action(search, 0), "cherche lame-de-braise (Lame de Braise)");
  EXPECT_EQ(s->describe_action(search, 1), "cherche une carte de VA 3");
  EXPECT_EQ(s->describe_action(search, kTerminalPlayer), "cherche une carte de VA 3");
}

TEST(RrdNotation, EventsReadAsFrenchSentences) {
  T::Table t;
  auto s = table(&t);
  auto line = [&](int kind, int p, int a = 0, int b = 0, int c = 0, int viewer = kTerminalPlayer) {
    return s->describe_event(Event{static_cast<uint8_t>(kind), static_cast<int8_t>(p), static_cast<int16_t>(a),
                                   static_cast<int16_t>(b), static_cast<int16_t>(c)},
                             viewer);
  };
  EXPECT_EQ(line(rrd::kEvSacrifice, 1, t.p0_hand_lame, 3, 5), "p1 sacrifie Lame de Braise #" + n(t.p0_hand_lame) +
                                                                  " : +3 VA (réserve 5)");
  EXPECT_EQ(line(rrd::kEvTopSoulDown, 0, t.p0_discard, 3), "p0 : Top Soul Écaille #" + n(t.p0_discard) +
                                                               " éliminée (VA 3)");
  EXPECT_EQ(line(rrd::kEvPvLoss, 0, 3, 27), "p0 perd 3 PV (27)");
  EXPECT_EQ(line(rrd::kEvAffrontementEnd, -1, 1), "fin de l'Affrontement : p1 a passé le premier");
  EXPECT_EQ(line(rrd::kEvPassStart, 1, 4), "— Passe d'Armes 4 : p1 joue en premier —");
  EXPECT_EQ(line(rrd::kEvPlay, 0, t.p0_body_lame, 0, 1), "p0 transcende Lame de Braise #" + n(t.p0_body_lame) + " sur Tête");
  EXPECT_EQ(line(rrd::kEvPlay, 1, t.p1_body_ecaille, 1, 2), "p1 contre avec Écaille #" + n(t.p1_body_ecaille) + " sur Torse");
  EXPECT_EQ(line(rrd::kEvHit, 1, 0, 3, 2), "p1 touché (Tête) : 3 dégâts, 2 bloqués");
  EXPECT_EQ(line(rrd::kEvHit, 0, 3, 1, 0), "p0 touché (Jambes) : 1 dégât");
  EXPECT_EQ(line(rrd::kEvPoison, 1, 2, 3), "p1 reçoit 2 marqueurs Poison (3 en tout)");
  EXPECT_EQ(line(rrd::kEvSaignement, 0, 1, 1), "p0 reçoit 1 marqueur Saignement (1 en tout)");
  EXPECT_EQ(line(rrd::kEvDiscard, 0, t.p0_discard, static_cast<int>(ChoiceKind::kHandLimit)),
            "p0 défausse Écaille #" + n(t.p0_discard) + " (limite de main)");
  EXPECT_EQ(line(rrd::kEvDuelOver, -1, -1, 1), "fin du duel : match nul (limite de Passes d'Armes)");
  EXPECT_EQ(line(rrd::kEvDuelOver, -1, 0, 0), "fin du duel : p0 gagne");
  // Every kind has its sentence.
  for (int kind = 0; kind <= rrd::kEvLast; ++kind) {
    const std::string text = line(kind, 0, t.p0_discard, 1, 1);
    EXPECT_FALSE(text.empty()) << kind;
    EXPECT_EQ(text.find("inconnu"), std::string::npos) << kind;
  }
}

// RRD-12.1, RRD-12.2, RRD-12.3: a draw is named to the drawer (to everybody when the card
// was known), a search only to the searcher; the other seat sees no object id. A card named
// while public stays named (here the sacrificed Écaille, now wherever it is).
TEST(RrdNotation, EventsHideDrawsAndSearches_RRD_12_1_RRD_12_2) {
  T::Table t;
  auto s = table(&t);
  const Event draw{rrd::kEvDraw, 1, static_cast<int16_t>(t.p1_hand_brasier), 0, 0};
  EXPECT_EQ(s->describe_event(draw, 0), "p1 pioche une carte");
  EXPECT_EQ(s->describe_event(draw, kTerminalPlayer), "p1 pioche une carte");
  EXPECT_EQ(s->describe_event(draw, 1), "p1 pioche Brasier #" + n(t.p1_hand_brasier));
  const Event known{rrd::kEvDraw, 1, static_cast<int16_t>(t.p1_hand_eclair), 1, 0};
  EXPECT_EQ(s->describe_event(known, 0), "p1 pioche Éclair #" + n(t.p1_hand_eclair) + " (carte connue)");
  const Event search{rrd::kEvRecherche, 1, static_cast<int16_t>(t.p1_hand_searched), 3, 0};
  EXPECT_EQ(s->describe_event(search, 0), "p1 cherche une carte de VA 3 dans sa pioche");
  EXPECT_EQ(s->describe_event(search, 1), "p1 cherche Lame de Braise #" + n(t.p1_hand_searched) + " dans sa pioche");
  const Event sacrifice{rrd::kEvSacrifice, 0, static_cast<int16_t>(t.p0_discard), 2, 4};
  T::player(*s, 0).discard.clear();  // the Écaille goes back, hidden, into p0's deck
  T::player(*s, 0).deck.insert(T::player(*s, 0).deck.begin() + 3, static_cast<int16_t>(t.p0_discard));
  T::obj(*s, t.p0_discard).where = rrd::Where::kDeck;
  EXPECT_EQ(s->obj_text(t.p0_discard, 1), "#" + n(t.p0_discard));
  EXPECT_EQ(s->describe_event(sacrifice, 1), "p0 sacrifie Écaille #" + n(t.p0_discard) + " : +2 VA (réserve 4)");
}

}  // namespace
}  // namespace rrdview
