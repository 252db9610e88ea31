// The dark-legacy evaluation (games/dark-legacy/evaluation.cpp, docs/ai.md "The dark-legacy
// evaluation") through the State interface: a position reached by random play is written
// with to_json(), one thing is changed, and the position read back must score higher or
// lower for the seat it helps or hurts.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise/ai/greedy.h"
#include "rise/core/error.h"
#include "rise/core/registry.h"
#include "rise/core/rng.h"

namespace {

using nlohmann::json;
using rise::State;

const rise::Game& dl() { return rise::find_game("dark-legacy"); }

double eval(const json& j, int seat) { return dl().state_from_json(j)->evaluate(seat); }

// The score difference behind an evaluation (it is tanh(difference / 40)).
double points(const json& j, int seat) { return 40.0 * std::atanh(eval(j, seat)); }

// The default decks (chaos against darkness) played at random until `turn`, stopped where
// the active player declares its phase, both heroes alive without armor or poison counters
// (the first such position of seeds 1, 2, ...).
json midgame(int turn) {
  for (uint64_t seed = 1; seed < 200; ++seed) {
    std::unique_ptr<State> s = dl().new_initial_state(seed, {}, 2);
    rise::Rng pick(seed);
    std::vector<rise::Action> legal;
    while (!s->is_terminal()) {
      json j = s->to_json();
      if (s->turn_number() >= turn && j["phase"] == "declare") {
        bool plain = true;
        for (const json& p : j["players"]) {
          plain = plain && p["hero"]["alive"] == true && p["hero"]["poison"] == 0 && p["hero"]["life"] > 20 &&
                  p["armor"][0] == -1 && p["armor"][1] == -1;
        }
        if (plain) return j;
        break;
      }
      s->legal_actions(legal);
      s->apply_action(legal[static_cast<size_t>(pick.below(legal.size()))]);
    }
  }
  ADD_FAILURE() << "no plain midgame position found";
  return json();
}

TEST(DarkLegacyEvaluation, IsZeroSumAndInsideMinusOneOne) {
  const json j = midgame(8);
  const double e0 = eval(j, 0), e1 = eval(j, 1);
  EXPECT_GT(e0, -1.0);
  EXPECT_LT(e0, 1.0);
  EXPECT_DOUBLE_EQ(e0, -e1);
}

TEST(DarkLegacyEvaluation, DamageToTheOpposingHeroHelps) {
  const json j = midgame(8);
  json hurt = j;
  hurt["players"][1]["hero"]["life"] = j["players"][1]["hero"]["life"].get<int>() - 5;
  EXPECT_GT(eval(hurt, 0), eval(j, 0));
  EXPECT_LT(eval(hurt, 1), eval(j, 1));
}

TEST(DarkLegacyEvaluation, PoisonHurtsMoreAndMoreTowardTwenty) {
  const json j = midgame(8);
  double previous = points(j, 0);
  double previous_step = 0.0;
  for (int poison : {4, 8, 12, 16}) {
    json p = j;
    p["players"][0]["hero"]["poison"] = poison;
    const double e = points(p, 0);
    EXPECT_LT(e, previous) << poison << " counters";
    if (poison > 4) {
      EXPECT_GT(previous - e, previous_step) << "from " << poison - 4 << " to " << poison << " counters";
    }
    previous_step = previous - e;
    previous = e;
  }
}

TEST(DarkLegacyEvaluation, KillingTheOpposingHeroIsWorthMuch) {
  const json j = midgame(8);
  json dead = j;
  dead["players"][1]["hero"]["alive"] = false;
  dead["players"][1]["hero"]["life"] = 0;
  EXPECT_GT(eval(dead, 0), eval(j, 0) + 0.5);
  // Its cards in hand are worth nothing now: a dead hero casts no spells (Rule DL-17.2).
  json fewer = dead;
  fewer["players"][1]["hand"] = json::array();
  json objects = fewer["objects"];
  for (const json& id : dead["players"][1]["hand"]) objects[id.get<size_t>()][2] = "boneyard";
  fewer["objects"] = objects;
  for (const json& id : dead["players"][1]["hand"]) fewer["players"][1]["boneyard"].push_back(id);
  EXPECT_DOUBLE_EQ(eval(fewer, 0), eval(dead, 0));
}

TEST(DarkLegacyEvaluation, ChargingTokensCountOnlyUpToSix) {
  // The first position from turn 8 on where p0 charges or could charge a card of its hand.
  json j;
  bool charged = false;
  for (int turn = 8; turn < 30 && !charged; ++turn) {
    j = midgame(turn);
    charged = j["players"][0]["charging"] != -1;
    for (size_t k = 0; k < j["players"][0]["hand"].size() && !charged; ++k) {
      json c = j;
      const int id = c["players"][0]["hand"][k].get<int>();
      c["players"][0]["hand"].erase(k);
      c["objects"][static_cast<size_t>(id)][2] = "charging";
      c["players"][0]["charging"] = id;
      try {
        dl().state_from_json(c);  // refused unless the card is a spell above the hero's level (DL-9.1)
      } catch (const rise::InputError&) {
        continue;
      }
      j = c;
      charged = true;
    }
  }
  ASSERT_TRUE(charged) << "no position of turns 8 to 29 with a card of p0's hand that can be charged";
  // The card is face down: only its first 6 tokens count, more add nothing (a cast is not
  // made worse by the tokens it throws away).
  json few = j, some = j, many = j;
  few["players"][0]["tokens"] = 0;
  some["players"][0]["tokens"] = 6;
  many["players"][0]["tokens"] = 99;
  EXPECT_DOUBLE_EQ(eval(many, 0), eval(some, 0));
  EXPECT_GT(eval(some, 0), eval(few, 0));
}

TEST(DarkLegacyEvaluation, AFinishedBattleScoresItsReturns) {
  std::unique_ptr<State> s = dl().new_initial_state(3, {}, 2);
  rise::ai::GreedyPlayer a(1), b(2);
  while (!s->is_terminal()) s->apply_action((s->current_player() == 0 ? a : b).choose_action(*s));
  for (int p = 0; p < 2; ++p) EXPECT_EQ(s->evaluate(p), s->returns()[static_cast<size_t>(p)]);
}

}  // namespace
