// The raise-rise-die state as JSON (docs/formats.md, raise-rise-die): a byte-identical round
// trip, and a clear refusal, naming the field and why, for every malformed state.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "rise/core/error.h"
#include "view_test_access.h"

namespace rrdview {
namespace {

using nlohmann::json;
using rise::InputError;
using rise::rrd::Choice;
using rise::rrd::ChoiceKind;
using rise::rrd::Phase;
using rise::rrd::Slot;
using rise::rrd::Stage;

void expect_round_trip(const RrdState& s) {
  const json j = s.to_json();
  auto back = load(j);
  EXPECT_EQ(back->to_json().dump(), j.dump());
}

TEST(RrdJson, TableRoundTripIsByteIdentical) {
  T::Table t;
  auto s = table(&t);
  expect_round_trip(*s);
  const json j = s->to_json();
  EXPECT_EQ(j["game"], "raise-rise-die");
  EXPECT_EQ(j["phase"], "affrontement");
  EXPECT_EQ(j["players"][0]["character"], "aldric");
  EXPECT_EQ(j["players"][0]["weapons"], json::array({"epee-de-braise"}));
  EXPECT_EQ(j["players"][0]["known_bottom"], 2);
  EXPECT_EQ(j["players"][0]["bloque"]["torse"], 2);
  EXPECT_EQ(j["players"][1]["point_faible"]["tete"], 1);
  EXPECT_EQ(j["players"][0]["body"]["tete"], json::array({t.p0_body_lame}));
  EXPECT_EQ(j["players"][0]["infusion"], json::array({t.p0_infused, -1}));
  EXPECT_EQ(j["players"][1]["objets"], json::array({-1, t.p1_objet}));
  // [card, owner, where, slot, flags]: the slot of a body card by name, flags 2 = counter.
  EXPECT_EQ(j["objects"][static_cast<size_t>(t.p1_body_ecaille)], json::array({"ecaille", 1, "body", "torse", 2}));
  EXPECT_EQ(j["objects"][static_cast<size_t>(t.p0_objet)], json::array({"bouclier", 0, "objet", 0, 8}));
  EXPECT_EQ(j["objects"][static_cast<size_t>(t.p0_hand_eclair)], json::array({"eclair", 0, "hand", 0, 16}));
  EXPECT_EQ(j["rng"], T::rng(*s).to_hex());
}

TEST(RrdJson, RoundTripKeepsWindowChoicesFlagsAndResult) {
  T::Table t;
  auto s = table(&t);
  T::window(*s) = {true, static_cast<int16_t>(t.p0_body_lame), 0, static_cast<int8_t>(Slot::kTete)};
  T::choices(*s) = {Choice{ChoiceKind::kOubli, 1, 3}, Choice{ChoiceKind::kRecherche, 0, 3}};
  T::stage(*s) = Stage::kPrepEntretien;
  T::obj(*s, t.p0_body_lame).transcended = true;
  T::obj(*s, t.p1_body_ecaille).countered = true;
  expect_round_trip(*s);
  auto back = load(s->to_json());
  EXPECT_TRUE(back->window().open);
  EXPECT_EQ(back->window().card, t.p0_body_lame);
  ASSERT_EQ(back->choices().size(), 2u);
  EXPECT_EQ(back->choices()[0].kind, ChoiceKind::kOubli);
  EXPECT_EQ(back->choices()[1].amount, 3);
  EXPECT_EQ(back->stage(), Stage::kPrepEntretien);
  EXPECT_TRUE(back->obj(t.p0_body_lame).transcended);
  EXPECT_EQ(back->events().size(), s->events().size());

  auto over = table();
  T::window(*over) = {};
  T::phase(*over) = Phase::kOver;
  T::winner(*over) = 1;
  T::player(*over, 0).pv = -2;
  expect_round_trip(*over);
  EXPECT_EQ(load(over->to_json())->winner(), 1);
}

TEST(RrdJson, BlankStateRoundTrips) {
  auto s = T::blank(game());
  expect_round_trip(*s);
}

TEST(RrdJson, RefusesAWrongGameOrMissingFields) {
  EXPECT_NE(refusal([](json& j) { j["game"] = "dark-legacy"; }).find("field 'game' must be \"raise-rise-die\""),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) { j.erase("pass"); }).find("missing field 'pass'"), std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["options"] = {{"decks", 3}}; }).find("option 'decks' must be a string"),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["decks"] = {"a"}; }).find("'decks' must hold two deck names"), std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["phase"] = "combat"; }).find("phase: 'combat' is not one of preparation"),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["stage"] = 2; }).find("field 'stage' must be"), std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["turn_player"] = 2; }).find("field 'turn_player' is 2, must be in [0, 1]"),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["rng"] = "xyz"; }).find("field 'rng': rng state must be 64 hex digits"),
            std::string::npos);
}

TEST(RrdJson, RefusesBadObjects) {
  EXPECT_NE(refusal([](json& j) { j["objects"][0] = {"ecaille", 0, "deck"}; })
                .find("objects[0]: must be [card, owner, where, slot, flags]"),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["objects"][0][0] = "epee"; }).find("unknown card 'epee' in raise-rise-die state: objects[0]"),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["objects"][0][1] = 2; }).find("objects[0]: owner: element 1 is 2"), std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["objects"][0][2] = "pile"; }).find("objects[0]: where: 'pile' is not one of deck"),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["objects"][0][4] = 32; }).find("objects[0]: flags: element 4 is 32"),
            std::string::npos);
}

TEST(RrdJson, RefusesInconsistentZones) {
  T::Table t;
  table(&t);
  const auto id = [](int n) { return std::to_string(n); };
  // An id out of range.
  EXPECT_NE(refusal([](json& j) { j["players"][0]["hand"].push_back(999); }).find("players[0]: hand: element 3 is 999"),
            std::string::npos);
  // Listed in a zone its object does not name.
  EXPECT_NE(refusal([&](json& j) { j["players"][0]["discard"].push_back(t.p0_hand_lame); })
                .find("players[0]: discard: object " + id(t.p0_hand_lame) + " is listed here but its 'where' is hand"),
            std::string::npos);
  // In two zones at once.
  EXPECT_NE(refusal([&](json& j) { j["players"][0]["hand"].push_back(t.p0_hand_lame); })
                .find("object " + id(t.p0_hand_lame) + " is listed twice"),
            std::string::npos);
  // In the other player's zone.
  EXPECT_NE(refusal([&](json& j) { j["players"][1]["hand"].push_back(t.p0_hand_lame); })
                .find("players[1]: hand: object " + id(t.p0_hand_lame) + " belongs to player 0"),
            std::string::npos);
  // Listed nowhere.
  EXPECT_NE(refusal([](json& j) { j["players"][0]["neant"] = json::array(); })
                .find("says it is in the neant of player 0 but no zone lists it"),
            std::string::npos);
  // On a body slot other than its own.
  EXPECT_NE(refusal([&](json& j) {
              j["players"][0]["body"]["tete"] = json::array();
              j["players"][0]["body"]["bras"] = {t.p0_body_lame};
            }).find("body: bras: object " + id(t.p0_body_lame) + " says it is in slot 0"),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["players"][0]["body"].erase("jambes"); })
                .find("field 'body' must be an object with the keys tete, torse, bras, jambes"),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) {
              j["players"][0]["body"].erase("jambes");
              j["players"][0]["body"]["pieds"] = json::array();
            }).find("field 'body' lacks the slot 'jambes'"),
            std::string::npos);
  EXPECT_NE(refusal([&](json& j) { j["objects"][static_cast<size_t>(t.p0_body_lame)][3] = "nez"; })
                .find("slot: unknown slot 'nez' (expected tete, torse, bras or jambes)"),
            std::string::npos);
}

TEST(RrdJson, RefusesImpossibleSlotsAndDecks) {
  T::Table t;
  table(&t);
  // An infused card without an effet d'infusion; a non-objet in an object slot.
  EXPECT_NE(refusal([&](json& j) {
              j["objects"][static_cast<size_t>(t.p0_infused)][0] = "ecaille";
            }).find("has no effet d'infusion (Rule RRD-8.3)"),
            std::string::npos);
  EXPECT_NE(refusal([&](json& j) { j["objects"][static_cast<size_t>(t.p0_objet)][0] = "sonde"; })
                .find("is not an objet card (Rule RRD-9.2)"),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["players"][0]["infusion"] = {-1}; }).find("hold 2 slots each"), std::string::npos);
  // A face-up Top Soul on an empty deck; a public bottom longer than the deck.
  EXPECT_NE(refusal([&](json& j) {
              auto& p1 = j["players"][1];
              for (int id : p1["deck"]) j["objects"][static_cast<size_t>(id)][2] = "neant";
              for (int id : p1["deck"]) p1["neant"].push_back(id);
              p1["deck"] = json::array();
            }).find("players[1]: field 'top_up': an empty deck has no face-up Top Soul"),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["players"][1]["known_bottom"] = 6; })
                .find("players[1]: field 'known_bottom' is 6, must be in [0, 5]"),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["players"][0]["character"] = "zorro"; }).find("unknown character 'zorro'"),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["players"][0]["weapons"] = {"hache"}; }).find("unknown weapon 'hache'"),
            std::string::npos);
}

TEST(RrdJson, RefusesImpossibleFlow) {
  T::Table t;
  table(&t);
  EXPECT_NE(refusal([](json& j) { j["winner"] = 0; }).find("only a finished duel (phase 'over') has a result"),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["players"][1]["pv"] = 0; })
                .find("players[1]: field 'pv' is 0: a player at 0 PV or less has lost"),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["players"][0]["decked"] = true; })
                .find("players[0]: field 'decked': a player hit with no Top Soul left has lost"),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["first_of_duel"] = -1; }).find("field 'first_of_duel'"), std::string::npos);
  // A window must name a card of its player lying on its slot.
  EXPECT_NE(refusal([&](json& j) {
              j["window"] = {{"open", true}, {"card", t.p0_body_lame}, {"player", 0}, {"slot", "bras"}};
            }).find("window: field 'card' must be a card of the window's player on the window's slot"),
            std::string::npos);
  EXPECT_NE(refusal([&](json& j) {
              j["phase"] = "consolidation";
              j["window"] = {{"open", true}, {"card", t.p0_body_lame}, {"player", 0}, {"slot", "tete"}};
            }).find("a counter window opens only in the Affrontement"),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["choices"] = {{{"kind", "magie"}, {"player", 0}, {"amount", 1}}}; })
                .find("choices[0]: kind: 'magie' is not one of hand-limit"),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["events"] = "1,0,3,0"; }).find("events item 1 '1,0,3,0': expected kind,player,a,b,c"),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["events"] = "1,0,3,0,x"; }).find("'x' is not an integer"), std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["events"] = "99,0,0,0,0"; }).find("unknown event kind"), std::string::npos);
}

}  // namespace
}  // namespace rrdview
