// Rule tests of Dungeon mode (docs/rules/rise-tcg.md section 17, Rules TCG-17.1 to
// TCG-17.7): one player (the test deck "alpha") against a purpose-made dungeon. Each test
// writes its dungeon into a temporary data directory holding a copy of the test cards
// and decks (tests/data) and one more card, Test Stinger.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "test_access.h"

namespace tcgtest {
namespace {

namespace fs = std::filesystem;
using rise::tcg::ChoiceKind;
using rise::tcg::kDungeonSide;
using rise::tcg::Phase;

// Creature 1/1 whose `invoked` effect deals 2 damage to a chosen Creature or Summoner.
constexpr const char* kStinger = R"(cards:
  - id: test-stinger
    name: Test Stinger
    types: [Creature]
    rank: 4
    rarity: Common
    attack: 1
    defense: 1
    text: "When invoked, deal 2 damage to target Creature or Summoner."
    effects:
      - on: invoked
        do:
          - damage: 2
            target: {choose: {types: [Creature, Summoner]}}
)";

constexpr const char* kCrypt = R"(name: Test Crypt
guardians:
  - {card: test-warden, hp: 5}
  - {card: test-apprentice, hp: 6}
turn_limit: 12
rooms:
  - [test-grunt, test-wall]
  - [test-bear]
  - [test-stinger]
)";

// A data directory (the test cards and decks, Test Stinger) whose dungeons/ holds `files`
// (name -> YAML text).
std::string dungeon_dir(const std::string& name, const std::map<std::string, std::string>& files) {
  const fs::path dir = fs::temp_directory_path() / ("rise-tcg-dungeon-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "dungeons");
  fs::copy(data_dir() + "/cards", dir / "cards", fs::copy_options::recursive);
  fs::copy(data_dir() + "/decks", dir / "decks", fs::copy_options::recursive);
  std::ofstream(dir / "cards" / "stinger.yaml") << kStinger;
  for (const auto& [file, text] : files) std::ofstream(dir / "dungeons" / (file + ".yaml")) << text;
  return dir.string();
}

std::unique_ptr<TcgState> dungeon_game(const std::string& dir, const std::string& dungeon = "crypt",
                                       rise::Options extra = {}, uint64_t seed = 5) {
  rise::Options options = {{"data", dir}, {"decks", "alpha"}, {"mode", "dungeon"}, {"dungeon", dungeon}};
  for (const auto& [k, v] : extra) options[k] = v;
  std::unique_ptr<rise::State> state = rise::find_game("rise-tcg").new_initial_state(seed, options, 1);
  auto* tcg = dynamic_cast<TcgState*>(state.get());
  EXPECT_NE(tcg, nullptr);
  state.release();
  return std::unique_ptr<TcgState>(tcg);
}

// The objects the Dungeon controls on the battlefield, as card ids in battlefield order.
std::vector<std::string> dungeon_cards(const TcgState& s) {
  std::vector<std::string> out;
  for (int16_t id : s.battlefield()) {
    if (s.obj(id).controller == kDungeonSide) out.push_back(s.cards().card(s.obj(id).def).id);
  }
  return out;
}

int dungeon_object(const TcgState& s, const std::string& card) {
  for (int16_t id : s.battlefield()) {
    if (s.obj(id).controller == kDungeonSide && s.cards().card(s.obj(id).def).id == card) return id;
  }
  ADD_FAILURE() << "no " << card << " of the Dungeon on the battlefield";
  return -1;
}

// The message of the InputError `f` throws ("" if none).
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const rise::InputError& e) {
    return e.what();
  }
  return "";
}

// The player keeps and ends its first turn: the Dungeon's turn 2 runs (room 1 opens, its
// cards are sick), and the player's turn 3 waits at Restoration.
void to_turn_three(TcgState& s) {
  act(s, "keep");
  pass_turn(s);
}

// Rules TCG-17.1 and TCG-17.4: one seat; the Dungeon is a side with its Guardians at the
// dungeon's HP, no hand, no library, no Stock, no mulligan; the player begins, without rolls.
TEST(TcgDungeon, OneSeatAgainstTheDungeonSide) {
  auto s = dungeon_game(dungeon_dir("seat", {{"crypt", kCrypt}}));
  EXPECT_EQ(s->num_players(), 1);
  EXPECT_EQ(s->sides(), 2);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->starting_player(), 0);
  EXPECT_EQ(s->phase(), Phase::kMulligan);
  EXPECT_TRUE(events_of(*s, rise::tcg::kEvDieRoll).empty());
  EXPECT_EQ(s->player(0).hand.size(), 6u);  // Rule TCG-3.2: the first player's 6 cards and 2 Coins
  EXPECT_EQ(s->player(0).coins, 2);
  const auto& dungeon = s->player(kDungeonSide);
  EXPECT_TRUE(dungeon.hand.empty());
  EXPECT_TRUE(dungeon.library.empty());
  EXPECT_EQ(dungeon.coins, 0);
  EXPECT_TRUE(dungeon.kept);
  EXPECT_EQ(dungeon.summoners[0].hp, 5);
  EXPECT_EQ(dungeon.summoners[1].hp, 6);
  EXPECT_EQ(s->cards().card(dungeon.summoners[0].def).id, "test-warden");
  EXPECT_EQ(s->returns(), std::vector<double>{0.0});
  ASSERT_NE(s->dungeon(), nullptr);
  EXPECT_EQ(s->dungeon()->name, "Test Crypt");
  EXPECT_EQ(s->rooms_opened(), 0);
}

// Rule TCG-17.3: the Dungeon's turn opens its next room (no Restoration): the room's cards
// enter its battlefield sick, in the room's order, and it passes; the player's turn follows.
TEST(TcgDungeon, ARoomOpensAtTheStartOfEachDungeonTurn) {
  auto s = dungeon_game(dungeon_dir("room", {{"crypt", kCrypt}}));
  to_turn_three(*s);
  EXPECT_EQ(s->turn_number(), 3);
  EXPECT_EQ(s->active_player(), 0);
  EXPECT_EQ(s->phase(), Phase::kRestoration);
  EXPECT_EQ(s->rooms_opened(), 1);
  EXPECT_EQ(dungeon_cards(*s), (std::vector<std::string>{"test-grunt", "test-wall"}));
  EXPECT_TRUE(s->obj(dungeon_object(*s, "test-grunt")).sick);
  const auto rooms = events_of(*s, rise::tcg::kEvRoom);
  ASSERT_EQ(rooms.size(), 1u);
  EXPECT_EQ(rooms[0].a, 1);
  EXPECT_EQ(rooms[0].b, 3);
  EXPECT_TRUE(s->player(kDungeonSide).hand.empty());  // Rule TCG-17.1: it never draws
  EXPECT_EQ(s->player(kDungeonSide).empty_draws, 0);
  // Its next turn opens room 2.
  restore(*s, "draw 1");
  pass_turn(*s);
  EXPECT_EQ(s->rooms_opened(), 2);
  EXPECT_EQ(dungeon_cards(*s), (std::vector<std::string>{"test-grunt", "test-wall", "test-bear"}));
}

// Rule TCG-17.5: a Creature of the Dungeon attacks when no untilted card of the player could
// block it, survive and destroy it; the player blocks and chooses the Summoner as usual.
TEST(TcgDungeon, ItsCreaturesAttackWhenItIsSafe) {
  auto s = dungeon_game(dungeon_dir("attack", {{"crypt", kCrypt}}));
  to_turn_three(*s);
  restore(*s, "draw 1");
  pass_turn(*s);  // turn 4: the Test Grunt (2/2) attacks, the Door does not
  ASSERT_EQ(s->phase(), Phase::kBlockers);
  EXPECT_EQ(s->current_player(), 0);
  const auto attacks = events_of(*s, rise::tcg::kEvAttack);
  ASSERT_EQ(attacks.size(), 1u);
  EXPECT_EQ(attacks[0].a, dungeon_object(*s, "test-grunt"));
  act(*s, "blocks done");
  pass_window(*s);
  ASSERT_EQ(s->choice().kind, ChoiceKind::kDamageSummoner);  // Rule TCG-7.5: the defender chooses
  act(*s, "choose p0.S2");
  EXPECT_EQ(s->player(0).summoners[1].hp, 18);
  EXPECT_EQ(s->player(0).summoners[0].hp, 20);
}

TEST(TcgDungeon, ItsCreaturesStayHomeBeforeABlockerThatWins) {
  auto s = dungeon_game(dungeon_dir("home", {{"crypt", kCrypt}}));
  to_turn_three(*s);
  restore(*s, "draw 1");
  T::add_to_battlefield(*s, 0, "test-bear");  // 3/3: blocks the 2/2 Grunt, survives, destroys it
  pass_turn(*s);
  EXPECT_TRUE(events_of(*s, rise::tcg::kEvAttack).empty());
  EXPECT_EQ(s->turn_number(), 5);
  EXPECT_EQ(s->active_player(), 0);
}

// Rule TCG-17.5: the Dungeon blocks with a card that survives (here its Door, 1/5, against a
// 3/3), never with one that would only die (its 2/2 Grunt).
TEST(TcgDungeon, ItBlocksWithACardThatSurvives) {
  auto s = dungeon_game(dungeon_dir("block", {{"crypt", kCrypt}}));
  to_turn_three(*s);
  restore(*s, "draw 1");
  const int bear = T::add_to_battlefield(*s, 0, "test-bear");
  declare(*s, {bear});
  pass_window(*s);
  const int wall = dungeon_object(*s, "test-wall");
  const auto blocks = events_of(*s, rise::tcg::kEvBlock);
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(blocks[0].a, wall);
  EXPECT_EQ(blocks[0].b, bear);
  EXPECT_EQ(s->obj(wall).damage, 3);
  EXPECT_EQ(s->obj(bear).damage, 1);
  EXPECT_EQ(s->player(kDungeonSide).summoners[0].hp, 5);
  EXPECT_EQ(s->player(kDungeonSide).summoners[1].hp, 6);
}

// Rule TCG-17.6: the Dungeon's choices take the option its evaluation values most: Test
// Stinger's 2 damage destroys the player's 2/2 Grunt rather than hitting a Summoner or its own.
TEST(TcgDungeon, ItsChoicesTakeTheOptionItValuesMost) {
  const std::string sting = "name: Sting\nguardians: [test-warden, test-apprentice]\nrooms:\n  - [test-stinger]\n";
  auto s = dungeon_game(dungeon_dir("choice", {{"sting", sting}}), "sting");
  act(*s, "keep");
  const int grunt = T::add_to_battlefield(*s, 0, "test-grunt");
  pass_turn(*s);
  EXPECT_EQ(s->obj(grunt).where, Where::kCemetery);
  EXPECT_EQ(s->player(0).summoners[0].hp, 20);
  EXPECT_EQ(s->player(0).summoners[1].hp, 20);
  EXPECT_EQ(s->player(kDungeonSide).summoners[0].hp, 20);
  EXPECT_EQ(dungeon_cards(*s), std::vector<std::string>{"test-stinger"});
}

// Rule TCG-17.7: both Guardians dead clears the dungeon: the player's return is +1.
TEST(TcgDungeon, KillingBothGuardiansClearsTheDungeon) {
  auto s = dungeon_game(dungeon_dir("win", {{"crypt", kCrypt}}));
  act(*s, "keep");
  const int a = T::add_to_battlefield(*s, 0, "test-bear");
  const int b = T::add_to_battlefield(*s, 0, "test-bear");
  T::summoner(*s, kDungeonSide, 0).hp = 3;
  T::summoner(*s, kDungeonSide, 1).hp = 3;
  declare(*s, {a, b});
  pass_window(*s);
  ASSERT_TRUE(s->is_terminal());
  EXPECT_FALSE(s->player(kDungeonSide).summoners[0].alive);
  EXPECT_FALSE(s->player(kDungeonSide).summoners[1].alive);
  EXPECT_EQ(s->returns(), std::vector<double>{1.0});
  EXPECT_EQ(s->game_end(), (rise::GameEnd{"Guardians defeated", "TCG-17.7", {}}));
}

// Rule TCG-17.7: the player loses with both Summoners dead...
TEST(TcgDungeon, LosingBothSummonersLoses) {
  auto s = dungeon_game(dungeon_dir("dead", {{"crypt", kCrypt}}));
  act(*s, "keep");
  T::kill_summoner(*s, 0, 1);
  T::summoner(*s, 0, 0).hp = 2;
  pass_turn(*s);
  restore(*s, "draw 1");
  pass_turn(*s);  // turn 4: the Grunt's 2 damage kills S1
  if (s->phase() == Phase::kBlockers) act(*s, "blocks done");
  pass_window(*s);
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(s->returns(), std::vector<double>{-1.0});
  EXPECT_EQ(s->game_end(), (rise::GameEnd{"Summoners defeated", "TCG-4.9", {}}));
}

// ...and when the turn limit comes (the lower of the option's and the dungeon's): the
// Dungeon holds. The Dungeon never drew a card in the whole game.
TEST(TcgDungeon, TheTurnLimitIsALoss) {
  auto s = dungeon_game(dungeon_dir("limit", {{"crypt", kCrypt}}), "crypt", {{"turn_limit", "6"}});
  EXPECT_EQ(T::turn_limit(*s), 6);
  for (int guard = 0; guard < 500 && !s->is_terminal(); ++guard) {
    for (const char* text : {"pass", "blocks done", "draw 1", "keep"}) {
      if (legal(*s, text)) {
        act(*s, text);
        goto next;
      }
    }
    {
      std::vector<rise::Action> list;
      s->legal_actions(list);
      s->apply_action(list.front());
    }
  next:;
  }
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(s->turn_number(), 7);
  EXPECT_TRUE(s->player(0).summoners[0].alive || s->player(0).summoners[1].alive);
  EXPECT_EQ(s->returns(), std::vector<double>{-1.0});
  EXPECT_EQ(s->game_end(), (rise::GameEnd{"turn limit: the Dungeon holds", "TCG-17.7", {}}));
  EXPECT_TRUE(s->player(kDungeonSide).hand.empty());
  EXPECT_EQ(s->player(kDungeonSide).empty_draws, 0);
  auto longer = dungeon_game(dungeon_dir("limit2", {{"crypt", kCrypt}}));
  EXPECT_EQ(T::turn_limit(*longer), 12);  // the dungeon's own limit under the default 200
}

// Rule TCG-17.2: a saved Dungeon-mode state keeps its dungeon (rooms, rooms opened); the
// observation shows it to the player; a state without it, or with it in a duel, is refused.
TEST(TcgDungeon, SavedStatesKeepTheDungeon) {
  auto s = dungeon_game(dungeon_dir("json", {{"crypt", kCrypt}}));
  to_turn_three(*s);
  const nlohmann::json j = s->to_json();
  ASSERT_TRUE(j.contains("dungeon"));
  EXPECT_EQ(j["dungeon"]["rooms_opened"], 1);
  EXPECT_EQ(j["dungeon"]["rooms"][0], (nlohmann::json{"test-grunt", "test-wall"}));
  const rise::Game& game = rise::find_game("rise-tcg");
  auto again = game.state_from_json(j);
  EXPECT_EQ(again->to_json().dump(), j.dump());
  EXPECT_EQ(again->num_players(), 1);
  EXPECT_EQ(s->observation_json(0)["dungeon"]["rooms_opened"], 1);
  nlohmann::json without = j;
  without.erase("dungeon");
  EXPECT_THROW(
      {
        try {
          game.state_from_json(without);
        } catch (const rise::InputError& e) {
          EXPECT_NE(std::string(e.what()).find("needs the field 'dungeon'"), std::string::npos) << e.what();
          throw;
        }
      },
      rise::InputError);
  nlohmann::json duel = j;
  duel["options"]["mode"] = "duel";
  EXPECT_THROW(game.state_from_json(duel), rise::InputError);
  nlohmann::json spell_room = j;
  spell_room["dungeon"]["rooms"][1][0] = "test-bolt";  // an Imminent cannot stand in a room
  EXPECT_NE(error_of([&] { game.state_from_json(spell_room); }).find("rise-tcg state: dungeon: rooms[1]: 'test-bolt' cannot be in a room"),
            std::string::npos);
  nlohmann::json past_end = j;
  past_end["dungeon"]["rooms_opened"] = 4;  // 3 rooms
  EXPECT_NE(error_of([&] { game.state_from_json(past_end); }).find("rooms_opened"), std::string::npos);
}


// Rule TCG-17.2: dungeon files are checked, each error naming the file, the line and why.
TEST(TcgDungeon, DungeonFilesAreCheckedWithTheirLine) {
  const std::string dir = dungeon_dir(
      "files", {{"typo", "name: T\nguardians: [test-warden, test-apprentice]\nrooms:\n  - [test-grunt, test-gruntt]\n"},
                {"notsummoner", "name: T\nguardians: [test-warden, test-grunt]\nrooms:\n  - [test-grunt]\n"},
                {"imminent", "name: T\nguardians: [test-warden, test-apprentice]\nrooms:\n  - [test-grunt]\n  - [test-bolt]\n"},
                {"empty", "name: T\nguardians: [test-warden, test-apprentice]\nrooms:\n  - []\n"},
                {"three", "name: T\nguardians: [test-warden, test-apprentice, test-sage]\nrooms:\n  - [test-grunt]\n"},
                {"norooms", "name: T\nguardians: [test-warden, test-apprentice]\n"}});
  auto message = [&](const std::string& id) { return error_of([&] { dungeon_game(dir, id); }); };
  EXPECT_NE(message("typo").find("typo.yaml:4: field 'rooms[1][2]': unknown card 'test-gruntt' (did you mean 'test-grunt'?)"),
            std::string::npos) << message("typo");
  EXPECT_NE(message("notsummoner").find("notsummoner.yaml:2"), std::string::npos) << message("notsummoner");
  EXPECT_NE(message("notsummoner").find("is not a Summoner card"), std::string::npos);
  EXPECT_NE(message("imminent").find("imminent.yaml:5"), std::string::npos) << message("imminent");
  EXPECT_NE(message("imminent").find("'test-bolt' cannot be in a room"), std::string::npos);
  EXPECT_NE(message("empty").find("empty.yaml:4"), std::string::npos) << message("empty");
  EXPECT_NE(message("three").find("expected exactly 2 Guardians"), std::string::npos) << message("three");
  EXPECT_NE(message("norooms").find("field 'rooms': missing"), std::string::npos) << message("norooms");
  EXPECT_NE(message("nowhere").find("no dungeon of that id"), std::string::npos) << message("nowhere");
}

// The seat counts follow the mode (GameInfo::solo_option).
TEST(TcgDungeon, SeatsFollowTheMode) {
  const rise::Game& game = rise::find_game("rise-tcg");
  EXPECT_EQ(game.info().solo_option, "mode=dungeon");
  EXPECT_EQ(error_of([&] { game.new_initial_state(1, {{"mode", "dungeon"}}, 2); }),
            "rise-tcg with --option mode=dungeon is played by 1 player, not 2");
  EXPECT_EQ(error_of([&] { game.new_initial_state(1, {}, 1); }),
            "rise-tcg is played by 2 to 6 players (or 1 with --option mode=dungeon), not 1");
}

// The built-in dungeon loads with the starter decks and a random game of it ends.
TEST(TcgDungeon, TheBuiltInDungeonPlaysToItsEnd) {
  auto state = rise::find_game("rise-tcg").new_initial_state(3, {{"mode", "dungeon"}}, 1);
  rise::Rng rng(3);
  std::vector<rise::Action> list;
  while (!state->is_terminal()) {
    ASSERT_EQ(state->current_player(), 0);
    state->legal_actions(list);
    state->apply_action(list[rng.below(list.size())]);
  }
  const auto r = state->returns();
  ASSERT_EQ(r.size(), 1u);
  EXPECT_TRUE(r[0] == 1.0 || r[0] == -1.0 || r[0] == 0.0);
}

}  // namespace
}  // namespace tcgtest
