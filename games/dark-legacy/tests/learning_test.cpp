// The learning interface of dark-legacy (docs/learning.md; docs/notation.md "dark-legacy
// dense action indices"; docs/formats.md "dark-legacy observation tensor"): exact dense
// indices and tensor values on table-top situations (test_access.h), the bijection over
// the legal actions of thousands of random positions, the tensor's invariance under
// resample_hidden, hidden hands, and the deck cap the indices rely on (DL-I42).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "rise/core/error.h"
#include "rise/core/registry.h"
#include "test_access.h"

namespace dltest {
namespace {

using rise::dl::kDenseActions;
using rise::dl::kObservationSize;

// Offsets of the tensor (docs/formats.md, "dark-legacy observation tensor").
constexpr size_t kChoiceMask = 104;  // 2 x 116 places + 2 heroes
constexpr size_t kFirstSide = 338, kSideSize = 609;
constexpr size_t kPlaces = 21;       // in a side: 32 places x 12 features
constexpr size_t kHand = 21 + 384;   // in a side: 100 hand cards

int dense(const DlState& s, const std::string& text) { return s.dense_action(s.string_to_action(text)); }

std::vector<float> tensor(const DlState& s, rise::PlayerId viewer) {
  std::vector<float> out(kObservationSize, -12345.0f);
  s.observation_tensor(viewer, out);
  return out;
}

float def1(const DlState& s, const std::string& card) { return static_cast<float>(T::def(s, card) + 1); }

TEST(DarkLegacyLearning, Spec) {
  const rise::Game& real = rise::find_game("dark-legacy");
  const rise::LearningSpec spec = real.learning_spec({}, 2);
  EXPECT_EQ(spec.num_distinct_actions, 1536);
  EXPECT_EQ(spec.observation_shape, std::vector<int>{1556});
  EXPECT_THROW(real.learning_spec({}, 3), rise::InputError);
  EXPECT_THROW(real.learning_spec({{"turn_limit", "0"}}, 2), rise::InputError);
  EXPECT_THROW(real.learning_spec({{"decks", "a,b,c"}}, 2), rise::InputError);
}

// Set-up: `equip CARD` by the card's first place in the deck list (mixed: the swords at 23
// and 24, the bow at 25, the plates at 28 and 29, the idol at 49); `equip none` is 117.
TEST(DarkLegacyLearning, PreBattleEquipByDeckPosition) {
  auto s = game().make(3);
  EXPECT_EQ(dense(*s, "equip t-sword"), 17 + 23);
  EXPECT_EQ(dense(*s, "equip t-bow"), 17 + 25);
  EXPECT_EQ(dense(*s, "equip t-plate"), 17 + 28);
  EXPECT_EQ(dense(*s, "equip t-idol"), 17 + 49);
  EXPECT_EQ(s->action_from_dense(17 + 25), s->string_to_action("equip t-bow"));
  auto bare = game().make(3, "bare", "bare");
  EXPECT_EQ(dense(*bare, "equip none"), 117);
  // The deck list is shown to its seat only, as card index + 1 (deck part of the side).
  const size_t deck = kHand + 100 + 4;  // in a side
  EXPECT_EQ(tensor(*s, 0)[kFirstSide + deck + 23], def1(*s, "t-sword"));
  EXPECT_EQ(tensor(*s, 1)[kFirstSide + kSideSize + deck + 23], 0.0f);  // seat 0's deck, seen by seat 1
  EXPECT_EQ(tensor(*s, 1)[kFirstSide + deck + 23], def1(*s, "t-sword"));  // seat 1's own (mixed too)
}

TEST(DarkLegacyLearning, CastingPhaseByHandPosition) {
  auto s = table();
  const int ghoul = T::add_to_hand(*s, 0, "t-ghoul");
  const int axe = T::add_to_hand(*s, 0, "t-axe");
  const int bolt = T::add_to_hand(*s, 0, "t-bolt");
  T::set_cp(*s, 0, 5);
  EXPECT_EQ(dense(*s, "casting phase"), 0);
  EXPECT_EQ(dense(*s, "attack phase"), 1);
  T::set_phase(*s, 0, Phase::kCasting);
  EXPECT_EQ(dense(*s, "cast " + card(ghoul)), 118 + 0 * 7 + 0);
  EXPECT_EQ(dense(*s, "equip " + card(axe)), 918 + 1);
  EXPECT_EQ(dense(*s, "cast " + card(bolt)), 118 + 2 * 7 + 0);
  EXPECT_EQ(dense(*s, "end turn"), 2);
  EXPECT_THROW(dense(*s, "attack phase"), rise::InputError);  // not legal now
  EXPECT_EQ(s->action_from_dense(1), -1);
  // The hand, card index + 1 in hand order, for its seat only; its size for everyone.
  const std::vector<float> own = tensor(*s, 0);
  EXPECT_EQ(own[kFirstSide + kHand + 0], def1(*s, "t-ghoul"));
  EXPECT_EQ(own[kFirstSide + kHand + 2], def1(*s, "t-bolt"));
  EXPECT_EQ(own[kFirstSide + kHand + 3], 0.0f);
  EXPECT_EQ(own[kFirstSide + 12], 3.0f);  // hand count
  EXPECT_EQ(own[kFirstSide + 6], 5.0f);   // casting points
  const std::vector<float> spectator = tensor(*s, rise::kSpectator);
  const std::vector<float> other = tensor(*s, 1);
  for (size_t k = 0; k < 100; ++k) {
    ASSERT_EQ(spectator[kFirstSide + kHand + k], 0.0f) << k;
    ASSERT_EQ(other[kFirstSide + kSideSize + kHand + k], 0.0f) << k;
  }
  EXPECT_EQ(spectator[kFirstSide + 12], 3.0f);
  EXPECT_EQ(other[kFirstSide + kSideSize + 12], 3.0f);
}

// Attackers, an activated weapon's target choice, then the blocks, seen from each mover.
TEST(DarkLegacyLearning, AttacksTargetsAndBlocksByPlace) {
  auto s = table();
  const int ghoul = T::add_creature(*s, 0, "t-ghoul");  // field 0: place 0
  const int guard = T::add_creature(*s, 0, "t-guard");  // field 1: place 3
  const int staff = T::set_weapon(*s, 0, 0, "t-staff"); // place 12
  const int wall = T::add_creature(*s, 1, "t-wall");    // seat 1's place 0
  const int glass = T::add_creature(*s, 1, "t-glass");  // seat 1's place 3
  T::set_phase(*s, 0, Phase::kAttackers);
  EXPECT_EQ(dense(*s, "attack " + card(ghoul)), 1368 + 0);
  EXPECT_EQ(dense(*s, "attack " + card(guard)), 1368 + 3);
  EXPECT_EQ(dense(*s, "hero attacks"), 6);
  EXPECT_EQ(dense(*s, "activate " + card(staff)), 1018 + 12);
  EXPECT_EQ(dense(*s, "attackers done"), 3);
  std::vector<float> t = tensor(*s, 0);
  EXPECT_EQ(t[0], 3.0f);                                    // turn
  EXPECT_EQ(t[2 + 3], 1.0f);                                // phase: attackers
  EXPECT_EQ(t[kFirstSide + kPlaces + 0], def1(*s, "t-ghoul"));
  EXPECT_EQ(t[kFirstSide + kPlaces + 4], 3.0f);             // its Attack Points
  EXPECT_EQ(t[kFirstSide + kPlaces + 12 * 12], def1(*s, "t-staff"));
  EXPECT_EQ(t[kFirstSide + kPlaces + 12 * 12 + 4], 2.0f);   // the hero's attack with it
  EXPECT_EQ(t[kFirstSide + kSideSize + kPlaces + 3 * 12], def1(*s, "t-glass"));
  // Seat 1 sees its own side first.
  EXPECT_EQ(tensor(*s, 1)[kFirstSide + kPlaces + 0], def1(*s, "t-wall"));

  auto activated = std::unique_ptr<DlState>(static_cast<DlState*>(s->clone().release()));
  act(*activated, "activate " + card(staff));  // 1 damage to a target: creatures and heroes
  while (activated->window_open()) act(*activated, "pass");
  ASSERT_TRUE(activated->choice_pending());
  EXPECT_EQ(dense(*activated, "target " + card(guard)), 1134 + 3);
  EXPECT_EQ(dense(*activated, "target " + card(wall)), 1134 + 116 + 0);
  EXPECT_EQ(dense(*activated, "target hero p0"), 1134 + 232);
  EXPECT_EQ(dense(*activated, "target hero p1"), 1134 + 233);
  t = tensor(*activated, 0);
  EXPECT_EQ(t[kChoiceMask + 3], 1.0f);
  EXPECT_EQ(t[kChoiceMask + 116 + 3], 1.0f);
  EXPECT_EQ(t[kChoiceMask + 233], 1.0f);
  EXPECT_EQ(t[kChoiceMask + 12], 0.0f);  // the staff is no creature
  EXPECT_EQ(tensor(*activated, 1)[kChoiceMask + 116 + 3], 1.0f);  // seat 1: seat 0's guard is the other side's

  act(*s, "attack " + card(ghoul));
  act(*s, "hero attacks");
  act(*s, "attackers done");
  while (s->window_open()) act(*s, "pass");
  ASSERT_EQ(s->phase(), Phase::kBlocks);
  ASSERT_EQ(s->current_player(), 1);
  EXPECT_EQ(dense(*s, "block " + card(wall) + " " + card(ghoul)), 1380 + 0 * 13 + 0);
  EXPECT_EQ(dense(*s, "block " + card(glass) + " hero p0"), 1380 + 3 * 13 + 12);
  EXPECT_EQ(dense(*s, "blocks done"), 4);
  t = tensor(*s, 1);
  EXPECT_EQ(t[28 + 24 + 0], 1.0f);   // the first attack: seat 0's place 0 (+ 1)
  EXPECT_EQ(t[28 + 24 + 4], 13.0f);  // the second: the hero (12 + 1)
}

TEST(DarkLegacyLearning, WrongSizeIsRefused) {
  auto s = table();
  std::vector<float> out(kObservationSize + 1);
  EXPECT_THROW(s->observation_tensor(0, out), rise::InputError);
}

// A state in which a player owns more than 100 cards is refused (DL-I42): every hand, deck
// and in-play position of the dense actions stays below it.
TEST(DarkLegacyLearning, LoadRefusesMoreThanAHundredCardsOfOnePlayer) {  // DL-I42
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
  model[2] = "boneyard";
  model[3] = 0;
  model[4] = -1;
  for (; owned < 101; ++owned) {
    j["players"][0]["boneyard"].push_back(objects.size());
    objects.push_back(model);
  }
  try {
    game().state_from_json(j);
    FAIL() << "a player with 101 cards was loaded";
  } catch (const rise::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("at most 100"), std::string::npos) << e.what();
  }
}

// Random battles of the real game: every legal action of every position has its own index,
// action_from_dense gives it back (every 8th position), and every viewer's tensor is the
// same in that viewer's resample_hidden samples (the spectator's in both seats' samples).
TEST(DarkLegacyLearning, RandomBattlesBijectionAndResampleInvariance) {
  const rise::Game& real = rise::find_game("dark-legacy");
  rise::Rng rng(99);
  std::vector<rise::Action> legal;
  long positions = 0;
  for (int battle = 0; battle < 12; ++battle) {
    auto s = real.new_initial_state(1000 + static_cast<uint64_t>(battle), {{"turn_limit", "40"}}, 2);
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
      if (positions % 4 == 0) {
        const auto& dl = static_cast<const DlState&>(*s);
        for (rise::PlayerId p : {0, 1}) {
          auto sample = s->resample_hidden(p, rng);
          const auto& other = static_cast<const DlState&>(*sample);
          ASSERT_EQ(tensor(other, p), tensor(dl, p)) << "seat " << p << " position " << positions;
          ASSERT_EQ(tensor(other, rise::kSpectator), tensor(dl, rise::kSpectator)) << positions;
        }
      }
      ++positions;
      s->apply_action(legal[rng.below(legal.size())]);
    }
  }
  EXPECT_GT(positions, 2000);
}

}  // namespace
}  // namespace dltest
