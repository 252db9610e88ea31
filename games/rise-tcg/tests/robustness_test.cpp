// Rule tests of rise-tcg: the engine's limits (Interpretations TCG-I67 to TCG-I69 of
// docs/rules/rise-tcg.md): effect steps per action, objects per game, items on the chain,
// and the number ranges of the state. Each test builds its own small card set in a
// temporary data directory, so that no other test sees these cards.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "rise/cardgame/data_dir.h"
#include "rise/core/registry.h"
#include "rise/core/replay.h"
#include "test_access.h"

namespace tcgtest {
namespace {

using rise::tcg::ChoiceKind;
using rise::tcg::Phase;

// Two Summoners and a vanilla library card, plus `extra` (YAML list items of `cards:`).
std::string robust_dir(const std::string& name, const std::string& extra) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("rise-tcg-robust-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "cards");
  fs::create_directories(dir / "decks");
  std::ofstream(dir / "cards" / "cards.yaml") << R"(cards:
  - id: rb-sage
    name: Rb Sage
    types: [Summoner]
    rank: 1
    rarity: Rare
    hp: 20
    skills:
      - name: Tithe
        do:
          - gain: 1
            resource: coins
  - id: rb-warden
    name: Rb Warden
    types: [Summoner]
    rank: 1
    rarity: Rare
    hp: 20
    skills:
      - name: Tithe
        do:
          - gain: 1
            resource: coins
  - id: rb-grunt
    name: Rb Grunt
    types: [Creature]
    rank: 50
    rarity: Common
    attack: 1
    defense: 1
)" << extra;
  std::ofstream(dir / "decks" / "rb.yaml") << "name: Rb\nsummoners: [rb-sage, rb-warden]\nlibrary:\n  rb-grunt: 50\n";
  return dir.string();
}

std::unique_ptr<TcgState> robust_game(const std::string& dir, uint64_t seed, int players = 2) {
  const rise::Game& game = rise::find_game("rise-tcg");
  std::unique_ptr<rise::State> state = game.new_initial_state(seed, {{"data", dir}, {"decks", "rb"}}, players);
  auto* tcg = dynamic_cast<TcgState*>(state.release());
  EXPECT_NE(tcg, nullptr);
  return std::unique_ptr<TcgState>(tcg);
}

// The clean table of TcgTestAccess::reset_table, with the cards of `dir`.
std::unique_ptr<TcgState> robust_table(const std::string& dir, uint64_t seed = 3) {
  auto s = robust_game(dir, seed);
  while (s->phase() == Phase::kMulligan) act(*s, "keep");
  T::reset_table(*s);
  return s;
}

// A Creature that dies at once and makes a token of itself as it dies (Interpretation TCG-I67).
constexpr const char* kPhoenix = R"(  - id: rb-phoenix
    name: Rb Phoenix
    types: [Creature]
    rank: 1
    rarity: Common
    attack: 1
    defense: 0
    effects:
      - on: dies
        do:
          - token: rb-phoenix
)";

// A Door that opens itself as it is invoked, and closes and opens itself as it opens.
constexpr const char* kDoors = R"(  - id: rb-door
    name: Rb Door
    types: [Door]
    rank: 1
    rarity: Common
    attack: 0
    defense: 3
    effects:
      - on: invoked
        do:
          - open: yes
            target: self
      - on: opened
        do:
          - close: yes
            target: self
          - open: yes
            target: self
)";

TEST(TcgRules, TCG_I67_ASelfReplicatingCreatureEndsTheGameInADraw) {  // TCG-I67
  const std::string dir = robust_dir("phoenix", kPhoenix);
  auto s = robust_table(dir);
  const int before = s->num_objects();
  play(*s, "rb-phoenix");
  // Each Phoenix dies at once and makes the next: one `token` step each, until the 501st
  // step of the action ends the game in a draw (there were objects left for more).
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(s->returns(), (std::vector<double>{0.0, 0.0}));
  EXPECT_EQ(s->num_objects(), before + 1 + rise::tcg::kMaxEffectSteps);
  const auto loops = events_of(*s, rise::tcg::kEvEffectLoop);
  ASSERT_EQ(loops.size(), 1u);
  EXPECT_EQ(loops[0].a, rise::tcg::kMaxEffectSteps + 1);
  // The loop names the card whose effect was running (issue 36), in the log and in how the
  // game ended.
  EXPECT_EQ(s->describe_event(loops[0]),
            "the effects ran 501 steps without ending: an endless loop (Rb Phoenix), the game is a draw (TCG-I67)");
  EXPECT_EQ(s->game_end(), (rise::GameEnd{"effect loop", "TCG-I67", {"Rb Phoenix"}}));
  EXPECT_TRUE(events_of(*s, rise::tcg::kEvNoObject).empty());
  // The ended game saves and loads.
  const rise::Game& game = rise::find_game("rise-tcg");
  EXPECT_EQ(game.state_from_json(s->to_json())->to_json().dump(), s->to_json().dump());
}

// Issue 36: the loader's warnings name the effects that can trigger themselves again and
// again (each loop above ends the game in a draw), and stay silent for the rest.
TEST(TcgRules, TCG_I67_EffectsThatCanTriggerThemselvesAreWarnedOf) {  // TCG-I67
  const std::string dir = robust_dir("warnings", std::string(kPhoenix) + R"(  - id: rb-door
    name: Rb Door
    types: [Door]
    rank: 1
    rarity: Common
    attack: 0
    defense: 3
    effects:
      - on: opened
        do:
          - close: yes
            target: self
          - open: yes
            target: self
  - id: rb-echo
    name: Rb Echo
    types: [Creature]
    rank: 1
    rarity: Common
    attack: 1
    defense: 1
    effects:
      - on: {whenever: damaged, filter: {types: [Creature]}}
        do:
          - coin toss: yes
            success:
              - damage: 1
                target: event
  - id: rb-limited-echo
    name: Rb Limited Echo
    types: [Creature]
    rank: 1
    rarity: Common
    attack: 1
    defense: 1
    effects:
      - on: {whenever: damaged, filter: {types: [Creature]}}
        limit: once per turn
        do:
          - damage: 1
            target: event
  - id: rb-mourner
    name: Rb Mourner
    types: [Creature]
    rank: 1
    rarity: Common
    attack: 1
    defense: 1
    effects:
      - on: {whenever: dies, filter: {types: [Creature]}}
        do:
          - draw: 1
)");
  const std::vector<std::string> warnings = rise::find_game("rise-tcg").card_warnings(dir);
  const std::string tail =
      ": it can trigger itself again and again, and an endless loop ends the game in a draw (Interpretation "
      "TCG-I67); give it a `limit` or an `if` that stops it";
  EXPECT_EQ(warnings, (std::vector<std::string>{
                          "card rb-phoenix (Rb Phoenix): its `dies` effect makes a token of its own card" + tail,
                          "card rb-door (Rb Door): its `opened` effect opens a Door" + tail,
                          "card rb-echo (Rb Echo): its `whenever damaged` effect deals damage" + tail,
                      }));
  // The starter cards have none.
  EXPECT_EQ(rise::find_game("rise-tcg").card_warnings(rise::cardgame::default_data_dir("rise-tcg")),
            std::vector<std::string>{});
}

// Found by the random cards: a Creature invoked outside the chain with 0 defense stayed on
// the battlefield until something else checked deaths.
TEST(TcgRules, TCG_6_1_AConstantInvokedAtZeroDefenseDiesAtOnce) {  // TCG-6.1 TCG-6.2
  const std::string dir = robust_dir("zero", R"(  - id: rb-zero
    name: Rb Zero
    types: [Creature]
    rank: 1
    rarity: Common
    attack: 1
    defense: 0
)");
  auto s = robust_table(dir);
  const int id = play(*s, "rb-zero");
  EXPECT_EQ(s->obj(id).where, Where::kCemetery);
  EXPECT_TRUE(s->battlefield().empty());
  EXPECT_TRUE(contains(s->player(0).cemetery, id));
  ASSERT_EQ(events_of(*s, rise::tcg::kEvDies).size(), 1u);
}

TEST(TcgRules, TCG_I67_DoorsThatOpenEachOtherEndTheGameInADraw) {  // TCG-I67
  // No object is created: only the step limit ends it.
  const std::string dir = robust_dir("doors", kDoors);
  auto s = robust_table(dir);
  const int before = s->num_objects();
  play(*s, "rb-door");
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(s->returns(), (std::vector<double>{0.0, 0.0}));
  EXPECT_EQ(s->num_objects(), before + 1);
  ASSERT_EQ(events_of(*s, rise::tcg::kEvEffectLoop).size(), 1u);
  EXPECT_EQ(s->game_end(), (rise::GameEnd{"effect loop", "TCG-I67", {"Rb Door"}}));
}

// 250 steps per printed effect (a list holds at most 255).
std::string many_steps(const std::string& id, int first, int second) {
  std::string out = "  - id: " + id + "\n    name: " + id + "\n    types: [Imminent]\n    rank: 1\n    rarity: Common\n    effects:\n";
  for (int n : {first, second}) {
    out += "      - on: invoked\n        do:\n";
    for (int k = 0; k < n; ++k) out += "          - gain: 1\n            resource: coins\n";
  }
  return out;
}

TEST(TcgRules, TCG_I67_FiveHundredStepsInOneActionAreAllowedNotMore) {  // TCG-I67 TCG-2.1
  const std::string dir = robust_dir("steps", many_steps("rb-five-hundred", 250, 250) + many_steps("rb-five-hundred-one", 250, 251));
  auto s = robust_table(dir);
  play(*s, "rb-five-hundred");  // the last pass resolves it: 500 steps in that action
  EXPECT_FALSE(s->is_terminal());
  EXPECT_EQ(s->player(0).coins, rise::tcg::kMaxResource);
  EXPECT_TRUE(events_of(*s, rise::tcg::kEvEffectLoop).empty());
  // The count starts again at each action: 501 steps end the game.
  play(*s, "rb-five-hundred-one");
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(events_of(*s, rise::tcg::kEvEffectLoop).size(), 1u);
}

// The draw empties the chain: an item below the looping one never resolves, and the ended
// game saves and loads (the looping Imminent had already left the chain while resolving).
TEST(TcgRules, TCG_I67_TheDrawEmptiesTheChainAndNothingBelowResolves) {  // TCG-I67 TCG-11.3
  const std::string dir = robust_dir("chain", many_steps("rb-five-hundred-one", 250, 251) + R"(  - id: rb-ether
    name: Rb Ether
    types: [Imminent]
    rank: 1
    rarity: Common
    effects:
      - on: invoked
        do:
          - gain: 1
            resource: ether
)");
  auto s = robust_table(dir);
  T::set_level(*s, 0, 0, 3, 3);
  const int below = T::add_to_hand(*s, 0, "rb-ether");
  const int loop = T::add_to_hand(*s, 0, "rb-five-hundred-one");
  act(*s, "invoke " + card(below) + " by S1");
  ASSERT_EQ(s->current_player(), 0);  // p1 has nothing to answer with
  act(*s, "invoke " + card(loop) + " by S1");
  ASSERT_EQ(s->chain().size(), 2u);
  pass_window(*s);
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(s->returns(), (std::vector<double>{0.0, 0.0}));
  EXPECT_TRUE(s->chain().empty());
  EXPECT_EQ(s->player(0).ether, 0);  // Rb Ether never resolved
  EXPECT_EQ(events_of(*s, rise::tcg::kEvEffectLoop).size(), 1u);
  const rise::Game& game = rise::find_game("rise-tcg");
  EXPECT_EQ(game.state_from_json(s->to_json())->to_json().dump(), s->to_json().dump());
}

// A Creature that makes 200 tokens at the start of each of its controller's turns.
std::string spawner_card() {
  std::string out = "  - id: rb-spawner\n    name: Rb Spawner\n    types: [Creature]\n    rank: 50\n    rarity: Common\n"
                    "    cost: 0\n    attack: 0\n    defense: 5\n    effects:\n      - on: turn start\n        do:\n";
  for (int k = 0; k < 200; ++k) out += "          - token: rb-grunt\n";
  return out;
}

// Plays `turns` turns: the first player invokes a Spawner while it has none, everybody
// else passes (or takes the first legal action).
void play_spawner_game(TcgState& s, int turns) {
  auto spawner_on_field = [&](int p) {
    for (int16_t id : s.battlefield()) {
      if (s.obj(id).controller == p && s.cards().card(s.obj(id).def).id == "rb-spawner") return true;
    }
    return false;
  };
  for (int guard = 0; guard < 5000 && !s.is_terminal() && s.turn_number() <= turns &&
                      s.num_objects() < rise::tcg::kMaxObjects;
       ++guard) {
    std::vector<rise::Action> legal;
    s.legal_actions(legal);
    rise::Action chosen = legal.front();
    for (rise::Action a : legal) {
      const std::string text = s.action_to_string(a);
      if (text.rfind("invoke ", 0) == 0 && !spawner_on_field(s.current_player()) &&
          s.cards().card(s.obj(rise::tcg::action_a(a)).def).id == "rb-spawner") {
        chosen = a;
        break;
      }
      if (text == "pass") chosen = a;
    }
    s.apply_action(chosen);
  }
}

TEST(TcgRules, TCG_I68_TokensBeyondTheObjectLimitAreNotCreated) {  // TCG-I68 TCG-I67
  std::string extra = spawner_card();
  const std::string dir = robust_dir("spawner", extra);
  {
    std::ofstream(std::filesystem::path(dir) / "decks" / "spawn.yaml")
        << "name: Spawn\nsummoners: [rb-sage, rb-warden]\nlibrary:\n  rb-spawner: 25\n  rb-grunt: 25\n";
  }
  const rise::Game& game = rise::find_game("rise-tcg");
  const rise::Options options = {{"data", dir}, {"decks", "spawn"}, {"turn_limit", "14"}};
  auto run = [&]() {
    std::unique_ptr<rise::State> state = game.new_initial_state(17, options, 2);
    play_spawner_game(*dynamic_cast<TcgState*>(state.get()), 14);
    return state;
  };
  std::unique_ptr<rise::State> first = run();
  const auto& s = dynamic_cast<const TcgState&>(*first);
  // Run to the limit: exactly 1024 objects, the refused tokens logged, no loop draw.
  EXPECT_EQ(s.num_objects(), rise::tcg::kMaxObjects);
  const auto refused = events_of(s, rise::tcg::kEvNoObject);
  ASSERT_FALSE(refused.empty());
  EXPECT_EQ(s.cards().card(refused[0].a).id, "rb-grunt");
  EXPECT_EQ(s.describe_event(refused[0]).find("gets no Rb Grunt: the game holds 1024 cards already (TCG-I68)") !=
                std::string::npos,
            true);
  EXPECT_TRUE(events_of(s, rise::tcg::kEvEffectLoop).empty());
  for (int id = 0; id < s.num_objects(); ++id) EXPECT_LT(id, rise::tcg::kSummonerRef);
  // Deterministic: a second run of the same seed and players is byte-equal.
  std::unique_ptr<rise::State> second = run();
  EXPECT_EQ(second->to_json().dump(), first->to_json().dump());
  // The same actions from the same seed give the same state.
  std::unique_ptr<rise::State> again = game.new_initial_state(17, options, 2);
  for (rise::Action a : first->history()) again->apply_action(a);
  EXPECT_EQ(again->to_json().dump(), first->to_json().dump());
  // JSON round trip and the replay `rise sim` would write.
  EXPECT_EQ(game.state_from_json(first->to_json())->to_json().dump(), first->to_json().dump());
  rise::Replay replay = rise::make_replay(*first, game.resolve_options(options), 17, {});
  rise::Replay read = rise::replay_from_json(nlohmann::json::parse(rise::replay_to_json(replay).dump()), "test");
  EXPECT_EQ(rise::run_replay(read)->to_json().dump(), first->to_json().dump());
}

TEST(TcgRules, TCG_I68_AStateWithMoreObjectsIsRefused) {  // TCG-I68
  auto s = table();
  nlohmann::json j = s->to_json();
  while (j["objects"].size() <= static_cast<size_t>(rise::tcg::kMaxObjects)) {
    nlohmann::json o = j["objects"][0];
    o["where"] = "gone";
    j["objects"].push_back(o);
  }
  try {
    rise::find_game("rise-tcg").state_from_json(j);
    FAIL() << "a state with 1025 objects was loaded";
  } catch (const rise::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'objects' holds 1025 objects; at most 1024"), std::string::npos) << e.what();
  }
}

TEST(TcgRules, TCG_I69_AFullChainTakesNothingMore) {  // TCG-I69 TCG-11.2
  auto s = table();
  const int fireball = T::add_to_hand(*s, 0, "test-spark");
  T::ready(*s, 0);
  EXPECT_TRUE(legal(*s, "invoke " + card(fireball) + " by S1"));
  const int filler = T::add_to_battlefield(*s, 1, "test-grunt");
  for (int k = 0; k < rise::tcg::kMaxChain; ++k) {
    T::chain(*s).push_back(rise::tcg::ChainItem{rise::tcg::ChainKind::kImminent, 1, static_cast<int16_t>(filler), 0});
  }
  EXPECT_FALSE(legal(*s, "invoke " + card(fireball) + " by S1"));
  T::chain(*s).pop_back();
  EXPECT_TRUE(legal(*s, "invoke " + card(fireball) + " by S1"));
}

TEST(TcgRules, TCG_I69_ANegativeAmountCountsAsZero) {  // TCG-I69
  const std::string dir = robust_dir("negative", R"(  - id: rb-miser
    name: Rb Miser
    types: [Imminent]
    rank: 1
    rarity: Common
    effects:
      - on: invoked
        do:
          - gain: {coins: yes, times: -2}
            resource: coins
          - draw: {coins: yes, times: -1, plus: -5}
)");
  auto s = robust_table(dir);
  T::player(*s, 0).coins = 5;
  const size_t library = s->player(0).library.size();
  play(*s, "rb-miser");
  EXPECT_EQ(s->player(0).coins, 5);  // gains 0 (not -10)
  EXPECT_EQ(s->player(0).library.size(), library);
  EXPECT_TRUE(s->player(0).hand.empty());
}

TEST(TcgRules, TCG_I69_ActionUsesStopCountingAt99) {  // TCG-I69 TCG-9.4
  const std::string dir = robust_dir("tinker", R"(  - id: rb-tinker
    name: Rb Tinker
    types: [Creature]
    rank: 1
    rarity: Common
    attack: 1
    defense: 1
    actions:
      - name: Tinker
        per_turn: 0
        do:
          - gain: 1
            resource: coins
)");
  auto s = robust_table(dir);
  const int id = T::add_to_battlefield(*s, 0, "rb-tinker");
  T::obj(*s, id).actions_used[0] = 98;
  for (int k = 0; k < 3; ++k) {
    act(*s, "action " + card(id) + " 1");
    pass_window(*s);
  }
  EXPECT_EQ(s->obj(id).actions_used[0], 99);  // 98 + 3 uses, stopped at 99
  EXPECT_EQ(s->player(0).coins, 3);           // every use still happened (unlimited)
  const nlohmann::json j = s->to_json();
  EXPECT_EQ(rise::find_game("rise-tcg").state_from_json(j)->to_json().dump(), j.dump());
}

}  // namespace
}  // namespace tcgtest
