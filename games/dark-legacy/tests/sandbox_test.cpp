// The sandbox of dark-legacy (issue 36; docs/lab.md, "The sandbox"; docs/formats.md, "Sandbox
// position"): its start (Game::new_sandbox_state) and its position language (State::set_up),
// on the starter set.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "dark-legacy/state.h"
#include "rise/core/registry.h"
#include "rise/core/scenario.h"

namespace dltest {
namespace {

using nlohmann::json;
using rise::dl::DlState;
using rise::dl::Where;

const rise::Options kStarter = {{"data", RISE_SOURCE_DIR "/data/dark-legacy"}, {"decks", "chaos,darkness"}};

std::unique_ptr<rise::State> sandbox() {
  return rise::find_game("dark-legacy").new_sandbox_state(1, kStarter, 2);
}

const DlState& dl(const rise::State& s) { return static_cast<const DlState&>(s); }

// The defs of `ids`, as card ids.
std::vector<std::string> cards_of(const rise::State& s, const std::vector<int16_t>& ids) {
  std::vector<std::string> out;
  for (int16_t id : ids) out.push_back(dl(s).card_of(id).id);
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

TEST(DlSandbox, StartsAtP0sFirstTurnWithAnEmptyHistory) {
  auto s = sandbox();
  EXPECT_EQ(dl(*s).phase(), rise::dl::Phase::kDeclare);
  EXPECT_EQ(dl(*s).active_player(), 0);
  EXPECT_EQ(s->starting_player(), 0);
  EXPECT_EQ(s->turn_number(), 1);
  EXPECT_EQ(dl(*s).player(0).hand.size(), 6u);  // five (Rule DL-5.3) and the turn's draw
  EXPECT_EQ(dl(*s).player(1).hand.size(), 5u);
  EXPECT_TRUE(s->history().empty());
  EXPECT_EQ(s->current_player(), 0);
}

TEST(DlSandbox, CardsGoInPlayWhereTheirKindGoes) {
  auto s = sandbox();
  const std::vector<int16_t> library = dl(*s).player(0).library;
  s->set_up("two Rift Imps and a Cinder Hound in my play");
  const auto& pl = dl(*s).player(0);
  EXPECT_EQ(cards_of(*s, pl.fields[0]), (std::vector<std::string>{"rift-imp", "rift-imp"}));  // stacked, Rule DL-3.5
  EXPECT_EQ(cards_of(*s, pl.fields[1]), (std::vector<std::string>{"cinder-hound"}));
  for (int16_t id : pl.fields[0]) {
    // The copies came from p0's library, resolved, not activated, in play since before turn 1.
    EXPECT_NE(std::find(library.begin(), library.end(), id), library.end());
    EXPECT_EQ(std::find(pl.library.begin(), pl.library.end(), id), pl.library.end());
    EXPECT_TRUE(dl(*s).in_play(id));
    EXPECT_FALSE(dl(*s).obj(id).activated);
    EXPECT_EQ(dl(*s).obj(id).cast_turn, 0);
  }
  s->set_up("Rift Fury in my play");  // a lasting Magic (Interpretation DL-I10)
  EXPECT_EQ(cards_of(*s, dl(*s).player(0).fields[2]), (std::vector<std::string>{"rift-fury"}));
  // p0 equipped the 0-cost Jagged Cleaver before the battle (Rule DL-5.1): a second Weapon
  // goes to the Secondary Weapon Field.
  const int16_t first_weapon = dl(*s).player(0).weapon[0];
  s->set_up("Hellfire Repeater in my play");
  EXPECT_EQ(dl(*s).player(0).weapon[0], first_weapon);
  EXPECT_EQ(dl(*s).card_of(dl(*s).player(0).weapon[1]).id, "hellfire-repeater");
  s->set_up("Scorched Mail in my play");
  EXPECT_EQ(dl(*s).card_of(dl(*s).player(0).armor[0]).id, "scorched-mail");
  EXPECT_EQ(dl(*s).player(0).armor_played, 1);  // Rule DL-11.6 counts it
  s->set_up("Skull of the Rift in my play");
  EXPECT_EQ(cards_of(*s, dl(*s).player(0).relics), (std::vector<std::string>{"skull-of-the-rift"}));
  s->set_up("Horns of Wrath in my play");
  EXPECT_EQ(cards_of(*s, dl(*s).player(0).hero_enh), (std::vector<std::string>{"horns-of-wrath"}));
  // A Creature put in play attacks in p0's first Attack Phase, its second turn (Rule DL-6.2;
  // Rule DL-8.5 is waived: it came into play before the battle).
  for (const char* action : {"casting phase", "end turn", "casting phase", "end turn", "attack phase"}) {
    rise::apply_notation(*s, action, "test");
  }
  const std::string imp = "#" + std::to_string(dl(*s).player(0).fields[0][0]);
  EXPECT_TRUE(s->is_legal(s->string_to_action("attack " + imp))) << s->render_text(0, false);
}

TEST(DlSandbox, PilesChargingNumbersAndEmptying) {
  auto s = sandbox();
  s->set_up("Hellflare and 2 Backlashes in their hand");
  EXPECT_EQ(dl(*s).player(1).hand.size(), 8u);
  EXPECT_EQ(cards_of(*s, dl(*s).player(1).hand).back(), "backlash");
  s->set_up("Grave Rat into my boneyard");
  EXPECT_EQ(cards_of(*s, dl(*s).player(0).boneyard), (std::vector<std::string>{"grave-rat"}));  // from any deck
  s->set_up("Cataclysm in my removed");
  EXPECT_EQ(cards_of(*s, dl(*s).player(0).removed), (std::vector<std::string>{"cataclysm"}));
  s->set_up("Riftborn Warlord on my library");
  EXPECT_EQ(dl(*s).card_of(dl(*s).player(0).library.back()).id, "riftborn-warlord");  // on top
  s->set_up("Riftborn Warlord in my charging field");  // level 8 over a level-1 hero (Rule DL-9.1)
  EXPECT_EQ(dl(*s).card_of(dl(*s).player(0).charging).id, "riftborn-warlord");
  s->set_up("my tokens 3");
  EXPECT_EQ(dl(*s).player(0).tokens, 3);
  s->set_up("my life 30.");
  s->set_up("their poison 4");
  s->set_up("p1's cp 9");
  EXPECT_EQ(dl(*s).player(0).hero.life, 30);
  EXPECT_EQ(dl(*s).player(1).hero.poison, 4);
  EXPECT_EQ(dl(*s).player(1).cp, 9);
  const std::vector<int16_t> hand = dl(*s).player(1).hand;
  s->set_up("empty their hand");
  EXPECT_TRUE(dl(*s).player(1).hand.empty());
  const auto& library = dl(*s).player(1).library;
  EXPECT_EQ(std::vector<int16_t>(library.begin(), library.begin() + static_cast<std::ptrdiff_t>(hand.size())), hand);
  EXPECT_TRUE(s->history().empty());  // a set-up is not an action
}

TEST(DlSandbox, RefusesWhatCannotBe) {
  auto s = sandbox();
  EXPECT_NE(refusal(*s, "Rage Burst in my play").find("is an Instant"), std::string::npos);
  EXPECT_NE(refusal(*s, "Hellflare in my play").find("does not last"), std::string::npos);
  EXPECT_NE(refusal(*s, "Spiked Edge in my play").find("attached to a Weapon or an Armor"), std::string::npos);
  EXPECT_NE(refusal(*s, "Rift Imp in my charging field").find("could not have been charged"), std::string::npos);
  EXPECT_NE(refusal(*s, "my tokens 2").find("no card is charging"), std::string::npos);
  EXPECT_NE(refusal(*s, "my life 0").find("life: 0 is not in 1..9999"), std::string::npos);
  EXPECT_NE(refusal(*s, "their poison 20").find("poison: 20 is not in 0..19"), std::string::npos);
  EXPECT_NE(refusal(*s, "Rift Imps in p2's play").find("there is no p2"), std::string::npos);
  EXPECT_NE(refusal(*s, "Rift Imp in my pocket").find("no zone 'pocket'"), std::string::npos);
  EXPECT_NE(refusal(*s, "Rift Ipm in my hand").find("did you mean 'Rift Imp'"), std::string::npos);
  EXPECT_NE(refusal(*s, "hello").find("is not a set-up line: write e.g. 'two Rift Imps in my play'"),
            std::string::npos);
  // Both Weapon Fields taken (Rule DL-3.2), and a third Armor over Rule DL-11.6's two.
  s->set_up("Hellfire Repeater in my play");
  EXPECT_NE(refusal(*s, "Bone Dagger in my play").find("both Weapon Fields taken"), std::string::npos);
  s->set_up("Scorched Mail and Demonplate in my play");
  EXPECT_NE(refusal(*s, "Shroud of Ash in my play").find("both Armor Fields taken"), std::string::npos);
  EXPECT_NE(refusal(*s, "Skull of the Rift in my play").find("Secondary Armor/Relic Field taken"), std::string::npos);
  // A battle still in its set-up (Rule DL-5.1) is no position yet.
  auto over = rise::find_game("dark-legacy").new_initial_state(1, kStarter, 2);
  EXPECT_NE(refusal(*over, "my life 3").find("a running battle"), std::string::npos);
}

TEST(DlSandbox, AScenarioSetsUpItsPositionLines) {
  const json scenario = {{"game", "dark-legacy"},
                         {"options", kStarter},
                         {"seed", 1u},
                         {"position", {"Rift Imp in their play", "my cp 12"}},
                         {"actions", json::array()}};
  auto expected = sandbox();
  expected->set_up("Rift Imp in their play");
  expected->set_up("my cp 12");
  EXPECT_EQ(rise::run_scenario(scenario, "s.json")->to_json(), expected->to_json());
}

}  // namespace
}  // namespace dltest
