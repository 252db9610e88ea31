// The learning interface of raise-rise-die (docs/learning.md; docs/notation.md
// "raise-rise-die dense action indices"; docs/formats.md "raise-rise-die observation
// tensor"): exact dense indices and tensor values on the view tests' table (view_test_access.h),
// the bijection over the legal actions of thousands of random positions, the tensor's
// invariance under resample_hidden, hidden hands, and the 60-card cap the indices rely on.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "rise/core/error.h"
#include "rise/core/registry.h"
#include "view_test_access.h"

namespace rrdview {
namespace {

using rise::rrd::Choice;
using rise::rrd::ChoiceKind;
using rise::rrd::kDenseActions;
using rise::rrd::kObservationSize;
using rise::rrd::Phase;
using rise::rrd::Slot;
using rise::rrd::Where;

// Card indices of view_test_cards(): lame-de-braise 0, ecaille 1, eclair 2, bouclier 3,
// sonde 4, brasier 5 (written + 1 in the tensor).
// Offsets of the tensor (docs/formats.md, "raise-rise-die observation tensor").
constexpr size_t kRecherche = 33, kFirstSide = 93, kSideSize = 343;
constexpr size_t kHand = 35, kDiscard = 155, kBody = 215;  // in a side

int dense(const RrdState& s, const std::string& text) { return s.dense_action(s.string_to_action(text)); }
std::string card(int id) { return "#" + std::to_string(id); }

std::vector<float> tensor(const RrdState& s, rise::PlayerId viewer) {
  std::vector<float> out(kObservationSize, -12345.0f);
  s.observation_tensor(viewer, out);
  return out;
}

TEST(RaiseRiseDieLearning, Spec) {
  const rise::Game& real = rise::find_game("raise-rise-die");
  const rise::LearningSpec spec = real.learning_spec({}, 2);
  EXPECT_EQ(spec.num_distinct_actions, 3465);
  EXPECT_EQ(spec.observation_shape, std::vector<int>{779});
  EXPECT_THROW(real.learning_spec({}, 3), rise::InputError);
  EXPECT_THROW(real.learning_spec({{"pass_limit", "0"}}, 2), rise::InputError);
  EXPECT_THROW(real.learning_spec({{"decks", "a,b,c"}}, 2), rise::InputError);
}

// The table: seat 0 to play, hand lame-de-braise, sonde, eclair (known), réserve 2.
TEST(RaiseRiseDieLearning, AffrontementByHandPosition) {
  T::Table ids;
  auto s = table(&ids);
  EXPECT_EQ(dense(*s, "passe"), 0);
  EXPECT_EQ(dense(*s, "sacrifie " + card(ids.p0_hand_lame)), 3 + 0);
  EXPECT_EQ(dense(*s, "sacrifie " + card(ids.p0_hand_eclair)), 3 + 2);
  EXPECT_EQ(dense(*s, "joue " + card(ids.p0_hand_lame) + " tete"), 63 + 0 * 4 + 0);
  EXPECT_EQ(dense(*s, "joue " + card(ids.p0_hand_lame) + " bras"), 63 + 0 * 4 + 2);
  EXPECT_EQ(dense(*s, "joue " + card(ids.p0_hand_sonde) + " tete"), 63 + 1 * 4 + 0);
  EXPECT_EQ(dense(*s, "joue " + card(ids.p0_hand_eclair) + " jambes"), 63 + 2 * 4 + 3);
  EXPECT_EQ(dense(*s, "transcende " + card(ids.p0_hand_lame) + " torse"), 303 + 0 * 4 + 1);
  EXPECT_EQ(dense(*s, "transcende " + card(ids.p0_hand_sonde) + " jambes"), 303 + 1 * 4 + 3);
  EXPECT_EQ(s->action_from_dense(63 + 1 * 4 + 0), s->string_to_action("joue " + card(ids.p0_hand_sonde) + " tete"));
  EXPECT_EQ(s->action_from_dense(1), -1);  // laisse: no window
  EXPECT_THROW(dense(*s, "laisse"), rise::InputError);
  EXPECT_THROW(dense(*s, "sacrifie " + card(ids.p1_hand_brasier)), rise::InputError);  // not its card
}

// A counter window on seat 0's lame-de-braise on tete: seat 1 decides, from its own hand
// (brasier, eclair, lame-de-braise) and object slots.
TEST(RaiseRiseDieLearning, CounterWindowFromTheOtherSeat) {
  T::Table ids;
  auto s = table(&ids);
  T::window(*s) = rise::rrd::Window{true, static_cast<int16_t>(ids.p0_body_lame), 0, 0};
  T::player(*s, 1).reserve = 5;
  ASSERT_EQ(s->current_player(), 1);
  EXPECT_EQ(dense(*s, "laisse"), 1);
  EXPECT_EQ(dense(*s, "joue " + card(ids.p1_hand_searched) + " tete"), 63 + 2 * 4 + 0);
  EXPECT_EQ(dense(*s, "active " + card(ids.p1_objet) + " torse"), 543 + 1 * 4 + 1);
  EXPECT_EQ(dense(*s, "sacrifie " + card(ids.p1_hand_brasier)), 3 + 0);
  const std::vector<float> t = tensor(*s, 1);
  EXPECT_EQ(t[16], 1.0f);  // window open
  EXPECT_EQ(t[17], 1.0f);  // its card: lame-de-braise (0) + 1
  EXPECT_EQ(t[18], 0.0f);  // played by the other side
  EXPECT_EQ(t[19], 1.0f);  // on tete
  EXPECT_EQ(t[6], 1.0f);   // seat 1 decides
}

TEST(RaiseRiseDieLearning, ChoicesByPosition) {
  T::Table ids;
  auto s = table(&ids);
  auto& choices = T::choices(*s);
  // A hand-limit discard: defausse by hand position.
  choices = {Choice{ChoiceKind::kHandLimit, 0, 1}};
  EXPECT_EQ(dense(*s, "defausse " + card(ids.p0_hand_eclair)), 551 + 2);
  // Échangez VA 3: the hand's lame-de-braise (h 0) with discard position d: T(h + d) + d.
  const int d1 = T::add(*s, 0, "sonde", Where::kDiscard);
  const int d2 = T::add(*s, 0, "brasier", Where::kDiscard);
  choices = {Choice{ChoiceKind::kEchange, 0, 3}};
  EXPECT_EQ(dense(*s, "echange " + card(ids.p0_hand_lame) + " " + card(ids.p0_discard)), 671 + 0);
  EXPECT_EQ(dense(*s, "echange " + card(ids.p0_hand_lame) + " " + card(d1)), 671 + 1 + 1);
  EXPECT_EQ(dense(*s, "echange " + card(ids.p0_hand_lame) + " " + card(d2)), 671 + 3 + 2);
  EXPECT_EQ(dense(*s, "fin"), 2);
  std::vector<float> t = tensor(*s, 0);
  EXPECT_EQ(t[24 + 3], 1.0f);  // the front choice: echange
  EXPECT_EQ(t[31], 3.0f);      // its amount
  EXPECT_EQ(t[kFirstSide + kDiscard + 2], 6.0f);  // brasier (5) + 1, third from the bottom
  // Recherche VA 4: by the card's index (sonde 4); the chooser sees the options.
  choices = {Choice{ChoiceKind::kRecherche, 0, 4}};
  EXPECT_EQ(dense(*s, "cherche sonde"), 2441 + 4);
  t = tensor(*s, 0);
  EXPECT_EQ(t[kRecherche], 5.0f);
  EXPECT_EQ(t[kRecherche + 1], 0.0f);
  EXPECT_EQ(tensor(*s, 1)[kRecherche], 0.0f);  // the other seat does not
  // Infusion: by the card's place among the mover's body cards (tete first).
  // Body cards: tete lame-de-braise (0), torse ecaille (1, no effet d'infusion), bras
  // lame-de-braise (2).
  T::add(*s, 0, "ecaille", Where::kBody, static_cast<int>(Slot::kTorse));
  const int bras = T::add(*s, 0, "lame-de-braise", Where::kBody, static_cast<int>(Slot::kBras));
  T::phase(*s) = Phase::kConsolidation;
  choices = {Choice{ChoiceKind::kInfusion, 0, 0}};
  EXPECT_EQ(dense(*s, "infuse " + card(ids.p0_body_lame)), 611 + 0);
  EXPECT_EQ(dense(*s, "infuse " + card(bras)), 611 + 2);
  EXPECT_EQ(dense(*s, "fin"), 2);
}

TEST(RaiseRiseDieLearning, TensorOfTheTable) {
  auto s = table();
  const std::vector<float> t = tensor(*s, 0);
  EXPECT_EQ(t[0], 3.0f);   // pass
  EXPECT_EQ(t[1], 60.0f);  // pass limit
  EXPECT_EQ(t[3], 1.0f);   // phase: affrontement
  EXPECT_EQ(t[6], 1.0f);   // the viewer decides
  EXPECT_EQ(t[8], 0.0f);   // seat 1 was first of the duel
  EXPECT_EQ(t[13], 2.0f);  // cards played
  EXPECT_EQ(t[32], 1.0f);  // a seat's view
  const size_t me = kFirstSide, other = kFirstSide + kSideSize;
  EXPECT_EQ(t[me + 0], 10.0f);   // PV
  EXPECT_EQ(t[me + 1], 12.0f);
  EXPECT_EQ(t[me + 2], 2.0f);    // réserve
  EXPECT_EQ(t[me + 3], 1.0f);    // poison
  EXPECT_EQ(t[me + 8], 6.0f);    // deck
  EXPECT_EQ(t[me + 9], 3.0f);    // hand
  EXPECT_EQ(t[me + 12], 2.0f);   // public bottom
  EXPECT_EQ(t[me + 13], 2.0f);   // Top Soul ecaille (1) + 1
  EXPECT_EQ(t[me + 14], 2.0f);   // its VA
  EXPECT_EQ(t[me + 16 + 1], 2.0f);  // Bloque on torse
  EXPECT_EQ(t[me + 24], 1.0f);   // one card on tete
  EXPECT_EQ(t[me + 28], 1.0f);   // infused lame-de-braise
  EXPECT_EQ(t[me + 30], 4.0f);   // bouclier (3) + 1 in object slot 0
  EXPECT_EQ(t[me + 32], 1.0f);   // engaged
  EXPECT_EQ(t[me + 34], 1.0f);   // character aldric (0) + 1
  EXPECT_EQ(t[me + kHand + 0], 1.0f);  // lame-de-braise
  EXPECT_EQ(t[me + kHand + 1], 0.0f);  // unknown to the other seat
  EXPECT_EQ(t[me + kHand + 4], 3.0f);  // eclair
  EXPECT_EQ(t[me + kHand + 5], 1.0f);  // known
  EXPECT_EQ(t[me + kDiscard], 2.0f);   // ecaille
  EXPECT_EQ(t[me + kBody], 1.0f);      // lame-de-braise on tete
  EXPECT_EQ(t[other + 0], 8.0f);
  EXPECT_EQ(t[other + 5], 1.0f);   // Sonné
  EXPECT_EQ(t[other + 6], 1.0f);   // Torpeur
  EXPECT_EQ(t[other + 9], 3.0f);   // hand count
  EXPECT_EQ(t[other + 15], 1.0f);  // damage marked on its Top Soul
  EXPECT_EQ(t[other + 20], 1.0f);  // Point faible on tete
  // Of the other hand only the known eclair, first.
  EXPECT_EQ(t[other + kHand + 0], 3.0f);
  EXPECT_EQ(t[other + kHand + 1], 1.0f);
  EXPECT_EQ(t[other + kHand + 2], 0.0f);
  EXPECT_EQ(t[other + kBody + 8 * 4 + 0], 2.0f);  // ecaille on torse
  EXPECT_EQ(t[other + kBody + 8 * 4 + 2], 1.0f);  // as a counter
  // Seat 1 sees its side first, its whole hand: brasier, eclair, lame-de-braise.
  const std::vector<float> p1 = tensor(*s, 1);
  EXPECT_EQ(p1[me + 0], 8.0f);
  EXPECT_EQ(p1[me + kHand + 0], 6.0f);
  EXPECT_EQ(p1[me + kHand + 4], 1.0f);
  EXPECT_EQ(p1[other + kHand + 0], 3.0f);  // seat 0's known eclair
  EXPECT_EQ(p1[other + kHand + 2], 0.0f);
  // The spectator: seat 0 first, only known hand cards.
  const std::vector<float> spectator = tensor(*s, rise::kSpectator);
  EXPECT_EQ(spectator[32], 0.0f);
  EXPECT_EQ(spectator[me + 9], 3.0f);
  EXPECT_EQ(spectator[me + kHand + 0], 3.0f);  // eclair, known
  EXPECT_EQ(spectator[me + kHand + 2], 0.0f);
  std::vector<float> wrong(kObservationSize - 1);
  EXPECT_THROW(s->observation_tensor(0, wrong), rise::InputError);
}

// A state in which a player owns more than 60 cards is refused (RRD-12.4).
TEST(RaiseRiseDieLearning, LoadRefusesMoreThanSixtyCardsOfOnePlayer) {  // RRD-12.4
  auto s = table();
  nlohmann::json j = s->to_json();
  nlohmann::json& objects = j["objects"];
  int owned = 0;
  nlohmann::json model;
  for (const auto& o : objects) {
    if (o[1] == 0) {
      ++owned;
      model = o;
    }
  }
  model[2] = "neant";
  model[3] = 0;
  model[4] = 0;
  for (; owned < 61; ++owned) {
    j["players"][0]["neant"].push_back(objects.size());
    objects.push_back(model);
  }
  try {
    load(j);
    FAIL() << "a player with 61 cards was loaded";
  } catch (const rise::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("at most 60"), std::string::npos) << e.what();
  }
}

// Random duels of the real game: every legal action of every position has its own index,
// action_from_dense gives it back (every 8th position), and every viewer's tensor is the
// same in that viewer's resample_hidden samples (the spectator's in both seats' samples).
TEST(RaiseRiseDieLearning, RandomDuelsBijectionAndResampleInvariance) {
  const rise::Game& real = rise::find_game("raise-rise-die");
  rise::Rng rng(77);
  std::vector<rise::Action> legal;
  long positions = 0;
  for (int duel = 0; duel < 40; ++duel) {
    const std::string decks = duel % 3 == 0 ? "lame,ombre" : duel % 3 == 1 ? "ombre,rempart" : "rempart,lame";
    auto s = real.new_initial_state(500 + static_cast<uint64_t>(duel), {{"decks", decks}}, 2);
    while (!s->is_terminal()) {
      s->legal_actions(legal);
      std::vector<rise::Action> owner(kDenseActions, -1);
      for (rise::Action a : legal) {
        const int d = s->dense_action(a);
        ASSERT_TRUE(d >= 0 && d < kDenseActions) << s->action_to_string(a);
        ASSERT_EQ(owner[static_cast<size_t>(d)], -1) << "index " << d << ": "
                                                     << s->action_to_string(owner[static_cast<size_t>(d)])
                                                     << " and " << s->action_to_string(a);
        owner[static_cast<size_t>(d)] = a;
        if (positions % 8 == 0) {
          ASSERT_EQ(s->action_from_dense(d), a);
        }
      }
      if (positions % 2 == 0) {
        const auto& rrd = static_cast<const RrdState&>(*s);
        for (rise::PlayerId p : {0, 1}) {
          auto sample = s->resample_hidden(p, rng);
          const auto& other = static_cast<const RrdState&>(*sample);
          ASSERT_EQ(tensor(other, p), tensor(rrd, p)) << "seat " << p << " position " << positions;
          ASSERT_EQ(tensor(other, rise::kSpectator), tensor(rrd, rise::kSpectator)) << positions;
        }
      }
      ++positions;
      s->apply_action(legal[rng.below(legal.size())]);
    }
  }
  EXPECT_GT(positions, 2000);
}

}  // namespace
}  // namespace rrdview
