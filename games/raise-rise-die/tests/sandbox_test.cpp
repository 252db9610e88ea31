// The sandbox of raise-rise-die (issue 36; docs/lab.md, "The sandbox"; docs/formats.md,
// "Sandbox position"): its start (Game::new_sandbox_state) and its position language
// (State::set_up), on the starter set.
#include <gtest/gtest.h>

#include <string>

#include "raise-rise-die/state.h"
#include "rise/core/registry.h"
#include "rise/core/scenario.h"

namespace rrdtest {
namespace {

using nlohmann::json;
using rise::rrd::RrdState;

const rise::Options kStarter = {{"data", RISE_SOURCE_DIR "/data/raise-rise-die"}, {"decks", "lame,ombre"}};

std::unique_ptr<rise::State> sandbox() {
  return rise::find_game("raise-rise-die").new_sandbox_state(1, kStarter, 2);
}

const RrdState& rrd(const rise::State& s) { return static_cast<const RrdState&>(s); }

std::vector<std::string> cards_of(const rise::State& s, const std::vector<int16_t>& ids) {
  std::vector<std::string> out;
  for (int16_t id : ids) out.push_back(rrd(s).card_of(id).id);
  return out;
}

// The message of the InputError `line` throws; the state must not change.
std::string refusal(rise::State& s, const std::string& line) {
  const json before = s.to_json();
  try {
    s.set_up(line);
  } catch (const rise::InputError& e) {
    EXPECT_EQ(s.to_json(), before) << line;
    return e.what();
  }
  ADD_FAILURE() << "accepted: " << line;
  return "";
}

TEST(RrdSandbox, StartsAtTheFirstPassWithP0First) {
  auto s = sandbox();
  EXPECT_EQ(rrd(*s).phase(), rise::rrd::Phase::kAffrontement);
  EXPECT_EQ(rrd(*s).first_player(), 0);  // Rule RRD-4.1, drawn for p0
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_TRUE(s->history().empty());
  EXPECT_TRUE(rrd(*s).player(0).top_up);  // the Top Souls are up (Rule RRD-4.5)
}

TEST(RrdSandbox, CardsInEveryZone) {
  auto s = sandbox();
  const size_t hand = rrd(*s).player(0).hand.size();
  s->set_up("two Entailles in my main");
  EXPECT_EQ(rrd(*s).player(0).hand.size(), hand + 2);
  EXPECT_EQ(cards_of(*s, rrd(*s).player(0).hand).back(), "entaille");
  EXPECT_FALSE(rrd(*s).obj(rrd(*s).player(0).hand.back()).known);  // a hand card is hidden (RRD-12.1)
  // On a deck whose Top Soul is up, the card is the new Top Soul (Interpretation RRD-3.6).
  s->set_up("Riposte on their deck");
  EXPECT_EQ(rrd(*s).card_of(rrd(*s).player(1).deck.back()).id, "riposte");
  EXPECT_TRUE(rrd(*s).player(1).top_up);
  s->set_up("Taillade in their défausse");
  s->set_up("Murmure d'oubli into their Néant");
  EXPECT_EQ(cards_of(*s, rrd(*s).player(1).discard), (std::vector<std::string>{"taillade"}));
  EXPECT_EQ(cards_of(*s, rrd(*s).player(1).neant), (std::vector<std::string>{"murmure-d-oubli"}));
  s->set_up("Dague de lancer in my objets");
  const int16_t objet = rrd(*s).player(0).objets[0];
  EXPECT_EQ(rrd(*s).card_of(objet).id, "dague-de-lancer");
  EXPECT_FALSE(rrd(*s).obj(objet).engaged);  // ready to be activated (Rule RRD-9.4)
  s->set_up("Affûtage and Lame sanglante in my infusion slots");
  EXPECT_EQ(rrd(*s).card_of(rrd(*s).player(0).infusion[0]).id, "affutage");
  EXPECT_EQ(rrd(*s).card_of(rrd(*s).player(0).infusion[1]).id, "lame-sanglante");
  // The objet can be activated at once.
  bool active = false;
  for (rise::Action a : s->legal_actions()) active |= s->action_to_string(a).rfind("active #" + std::to_string(objet), 0) == 0;
  EXPECT_TRUE(active);
  EXPECT_TRUE(s->history().empty());
}

TEST(RrdSandbox, NumbersAndEmptying) {
  auto s = sandbox();
  s->set_up("my pv 12");
  s->set_up("their réserve 3");
  s->set_up("my poison 2");
  s->set_up("their saignement 1");
  s->set_up("my sonné 1.");
  EXPECT_EQ(rrd(*s).player(0).pv, 12);
  EXPECT_EQ(rrd(*s).player(1).reserve, 3);
  EXPECT_EQ(rrd(*s).player(0).poison, 2);
  EXPECT_EQ(rrd(*s).player(1).saignement, 1);
  EXPECT_EQ(rrd(*s).player(0).sonne, 1);
  const std::vector<int16_t> hand = rrd(*s).player(0).hand;
  s->set_up("empty my hand");
  EXPECT_TRUE(rrd(*s).player(0).hand.empty());
  const auto& deck = rrd(*s).player(0).deck;
  EXPECT_EQ(std::vector<int16_t>(deck.begin(), deck.begin() + static_cast<std::ptrdiff_t>(hand.size())), hand);
  EXPECT_EQ(rrd(*s).player(0).known_bottom, 0);  // the deck's order is hidden again
}

TEST(RrdSandbox, RefusesWhatCannotBe) {
  auto s = sandbox();
  const int pv_start = rrd(*s).player(0).pv_start;
  EXPECT_NE(refusal(*s, "my pv 0").find("pv: 0 is not in 1.." + std::to_string(pv_start)), std::string::npos);
  EXPECT_NE(refusal(*s, "my pv 99").find("is not in 1.."), std::string::npos);
  EXPECT_NE(refusal(*s, "my mana 3").find("say e.g. 'my pv 12'"), std::string::npos);
  EXPECT_NE(refusal(*s, "Entaille in my infusion").find("has no effet d'infusion (Rule RRD-8.3)"), std::string::npos);
  EXPECT_NE(refusal(*s, "Entaille in my objets").find("is not an objet (Rule RRD-9.1)"), std::string::npos);
  // p0's weapon gives the archetype lame, not ombre (Rule RRD-2.3).
  EXPECT_NE(refusal(*s, "Murmure d'oubli in my hand").find("which no weapon of player 0"), std::string::npos);
  EXPECT_NE(refusal(*s, "Entaille in my poche").find("no zone 'poche'"), std::string::npos);
  EXPECT_NE(refusal(*s, "Entialle in my hand").find("did you mean 'Entaille'"), std::string::npos);
  EXPECT_NE(refusal(*s, "3 Dague de lancer in my objets").find("both object slots are taken"), std::string::npos);
  EXPECT_NE(refusal(*s, "hello").find("is not a set-up line: write e.g. 'two Entailles in my hand'"),
            std::string::npos);
}

TEST(RrdSandbox, AScenarioSetsUpItsPositionLines) {
  const json scenario = {{"game", "raise-rise-die"},
                         {"options", kStarter},
                         {"seed", 1u},
                         {"position", {"Riposte in my hand", "their pv 5"}},
                         {"actions", json::array()}};
  auto expected = sandbox();
  expected->set_up("Riposte in my hand");
  expected->set_up("their pv 5");
  EXPECT_EQ(rise::run_scenario(scenario, "s.json")->to_json(), expected->to_json());
}

}  // namespace
}  // namespace rrdtest
