// Hand-written raise-rise-die states (issue 15): each contradiction a file could carry is
// refused with an InputError naming the field, one TEST per refusal.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "rise/core/error.h"
#include "view_test_access.h"

namespace rrdview {
namespace {

using nlohmann::json;

TEST(RrdJsonRefusals, TableLoads) { EXPECT_EQ(refusal([](json&) {}), ""); }

TEST(RrdJsonRefusals, RRD_1_1_PvAboveTheStartingPv) {  // RRD-1.1
  const std::string e = refusal([](json& j) { j["players"][0]["pv"] = 13; });
  EXPECT_TRUE(has(e, "players[0]: field 'pv' is 13, above the starting PV 12")) << e;
}

TEST(RrdJsonRefusals, RRD_2_1_StartingPvIsTheCharacters) {  // RRD-2.1
  const std::string e = refusal([](json& j) { j["players"][1]["pv_start"] = 20; });
  EXPECT_TRUE(has(e, "players[1]: field 'pv_start' is 20 but character 'mira' has 12 PV")) << e;
}

TEST(RrdJsonRefusals, RRD_2_5_AWeaponEquippedTwice) {  // RRD-2.5
  const std::string e = refusal([](json& j) { j["players"][0]["weapons"] = {"epee-de-braise", "epee-de-braise"}; });
  EXPECT_TRUE(has(e, "players[0]: field 'weapons': 'epee-de-braise' is equipped twice")) << e;
}

TEST(RrdJsonRefusals, RRD_2_5_NoWeapon) {  // RRD-2.5
  const std::string e = refusal([](json& j) { j["players"][0]["weapons"] = json::array(); });
  EXPECT_TRUE(has(e, "players[0]: field 'weapons': 0 weapon(s); character 'aldric' equips 1 to 1")) << e;
}

TEST(RrdJsonRefusals, RRD_1_4_PassPastTheLimitInARunningDuel) {  // RRD-1.4
  const std::string e = refusal([](json& j) { j["pass_limit"] = 2; });  // the table is at pass 3
  EXPECT_TRUE(has(e, "field 'pass': pass 3 is past the pass limit 2 in an unfinished duel")) << e;
}

TEST(RrdJsonRefusals, RRD_10_3_MarkWithoutATopSoul) {  // RRD-10.3
  const std::string e = refusal([](json& j) { j["players"][1]["top_up"] = false; });  // p1 has 1 marked
  EXPECT_TRUE(has(e, "players[1]: field 'top_mark': damage is marked on the Top Soul, but no Top Soul is face up")) << e;
}

TEST(RrdJsonRefusals, RRD_1_1_AWinnerWhoseOpponentHasNotLost) {  // RRD-1.1 RRD-1.2
  const std::string e = refusal([](json& j) {
    j["phase"] = "over";
    j["winner"] = 0;
    j["choices"] = json::array();
    j["window"]["open"] = false;
  });
  EXPECT_TRUE(has(e, "field 'winner': player 0 won, so the other player is at 0 PV or was hit with an empty deck")) << e;
}

}  // namespace
}  // namespace rrdview

namespace rrdview {
namespace {

// Bloque and Point faible stop at 9999 in play (Frénésie 99 on Bloque 99 reaches 9900); the
// JSON state read back every value the engine makes (it stopped at 999 before).
TEST(RrdJsonLimits, RRD_12_4_BloqueUpToItsCapRoundTrips) {  // RRD-12.4 RRD-11.2 RRD-11.17
  auto s = table();
  T::player(*s, 0).bloque[0] = 9900;
  T::player(*s, 1).point_faible[2] = 9999;
  const json j = s->to_json();
  std::unique_ptr<RrdState> back;
  ASSERT_NO_THROW(back = load(j));
  EXPECT_EQ(back->player(0).bloque[0], 9900);
  EXPECT_EQ(back->player(1).point_faible[2], 9999);
  EXPECT_EQ(back->to_json().dump(), j.dump());
}

}  // namespace
}  // namespace rrdview
