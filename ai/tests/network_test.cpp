// The learned evaluation's weights file and inference (ai/include/rise/ai/network.h,
// docs/formats.md "Network weights"), the `net=` setting of mcts and ismcts, and self-play
// samples (self_play.h).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "rise/ai/ismcts.h"
#include "rise/ai/network.h"
#include "rise/ai/player.h"
#include "rise/ai/self_play.h"
#include "rise/core/error.h"
#include "rise/core/game.h"
#include "rise/core/registry.h"
#include "../src/leaf_values.h"

namespace rise::ai {
namespace {

namespace fs = std::filesystem;

// A folder of its own for each test, removed at the end.
class NetworkFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("rise-network-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Writes a weights file: the magic line, `header`, then `weights` as float32.
  std::string write(const std::string& name, const std::string& header, const std::vector<float>& weights,
                    const std::string& magic = "RISE-NET 1") {
    const std::string path = (dir_ / name).string();
    std::ofstream out(path, std::ios::binary);
    out << magic << "\n" << header << "\n";
    out.write(reinterpret_cast<const char*>(weights.data()), static_cast<std::streamsize>(weights.size() * 4));
    return path;
  }

  fs::path dir_;
};

// A 3-input network, one hidden layer of 2, known weights:
//   h = relu(x W + b), W = [[1, -1], [2, 0], [0, 3]], b = [0.5, -1];  v = tanh(h . [0.25, -0.5] + 0.1)
const std::vector<float> kSmall = {1, -1, 2, 0, 0, 3, 0.5f, -1, 0.25f, -0.5f, 0.1f};
const char* kSmallHeader =
    R"({"game":"raise-rise-die","observation_size":3,"observation_version":1,"hidden":[2],"provenance":{"seed":7}})";

TEST_F(NetworkFiles, ComputesTheDenseLayersOfItsFile) {
  const auto net = Network::load(write("small.rnet", kSmallHeader, kSmall));
  EXPECT_EQ(net->info().game, "raise-rise-die");
  EXPECT_EQ(net->info().hidden, std::vector<int>{2});
  EXPECT_EQ(net->info().provenance.at("seed"), 7);
  NetworkScratch scratch;
  // x = (1, 0, 2): h = relu(1*[1,-1] + 2*[0,3] + [0.5,-1]) = relu([1.5, 4]) = [1.5, 4]
  const std::vector<float> x = {1, 0, 2};
  EXPECT_NEAR(net->value(x, scratch), std::tanh(1.5 * 0.25 - 4 * 0.5 + 0.1), 1e-6);
  // x = (0, 0, 0): h = relu([0.5, -1]) = [0.5, 0]; the zero inputs are skipped, the bias is not.
  const std::vector<float> zero = {0, 0, 0};
  EXPECT_NEAR(net->value(zero, scratch), std::tanh(0.5 * 0.25 + 0.1), 1e-6);
  // Negative inputs count: x = (-1, 0, 0): h = relu([-0.5, 0]) = [0, 0].
  const std::vector<float> neg = {-1, 0, 0};
  EXPECT_NEAR(net->value(neg, scratch), std::tanh(0.1), 1e-6);
}

TEST_F(NetworkFiles, ThePolicyHeadGivesTheLogitsOfTheAskedActions) {
  std::vector<float> w = kSmall;
  // Two actions: rows [1, 0] and [0, 2], biases [0, -1].
  for (float v : {1.0f, 0.0f, 0.0f, 2.0f, 0.0f, -1.0f}) w.push_back(v);
  const std::string header =
      R"({"game":"raise-rise-die","observation_size":3,"observation_version":1,"hidden":[2],"num_distinct_actions":2})";
  const auto net = Network::load(write("policy.rnet", header, w));
  ASSERT_TRUE(net->has_policy());
  NetworkScratch scratch;
  const std::vector<float> x = {1, 0, 2};  // h = [1.5, 4]
  const std::vector<int> dense = {1, 0};
  std::vector<float> logits(2);
  const float v = net->evaluate(x, dense, logits, scratch);
  EXPECT_NEAR(v, std::tanh(1.5 * 0.25 - 4 * 0.5 + 0.1), 1e-6);
  EXPECT_NEAR(logits[0], 8 - 1, 1e-6);
  EXPECT_NEAR(logits[1], 1.5, 1e-6);
}

// Wide layers go through the blocked inner loop (32 outputs at a time) and its tail: a
// random network of widths 70 and 33 over a sparse input with negative values and -0.0
// agrees with a plain double-precision forward pass.
TEST_F(NetworkFiles, WideLayersComputeWhatAPlainForwardPassComputes) {
  NetworkInfo info;
  info.game = "raise-rise-die";
  info.observation_size = 45;
  info.observation_version = 1;
  info.hidden = {70, 33};
  info.num_distinct_actions = 5;
  std::vector<float> w(Network::weight_count(info));
  uint64_t seed = 12345;
  for (float& v : w) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    v = static_cast<float>(static_cast<double>(seed >> 40) / static_cast<double>(1ull << 24) - 0.5);
  }
  const auto net = Network::from_parts(info, w, "wide");
  std::vector<float> x(45, 0.0f);
  x[0] = 1;
  x[7] = -2.5f;
  x[8] = -0.0f;
  x[16] = 0.75f;
  x[44] = 3;
  // The reference: layers in file order, W [in][out] then b; value head; policy head [a][h].
  std::vector<double> h(x.begin(), x.end());
  size_t at = 0;
  int in = 45;
  for (int width : info.hidden) {
    std::vector<double> next(static_cast<size_t>(width));
    for (int o = 0; o < width; ++o) {
      double z = w[at + static_cast<size_t>(in * width + o)];
      for (int i = 0; i < in; ++i) z += h[static_cast<size_t>(i)] * w[at + static_cast<size_t>(i * width + o)];
      next[static_cast<size_t>(o)] = std::max(z, 0.0);
    }
    at += static_cast<size_t>(in * width + width);
    h = next;
    in = width;
  }
  double v = w[at + static_cast<size_t>(in)];
  for (int i = 0; i < in; ++i) v += h[static_cast<size_t>(i)] * w[at + static_cast<size_t>(i)];
  at += static_cast<size_t>(in + 1);
  NetworkScratch scratch;
  EXPECT_NEAR(net->value_logit(x, scratch), v, 1e-4);
  const std::vector<int> dense = {4, 0};
  std::vector<float> logits(2);
  net->evaluate(x, dense, logits, scratch);
  for (size_t k = 0; k < dense.size(); ++k) {
    const size_t a = static_cast<size_t>(dense[k]);
    double z = w[at + 5 * static_cast<size_t>(in) + a];
    for (int i = 0; i < in; ++i) z += h[static_cast<size_t>(i)] * w[at + a * static_cast<size_t>(in) + static_cast<size_t>(i)];
    EXPECT_NEAR(logits[k], z, 1e-4) << "action " << a;
  }
}

// Every malformed file is refused with a message naming the file and what is wrong.
TEST_F(NetworkFiles, RefusesMalformedFilesNamingThem) {
  auto refusal = [](const std::string& path) {
    try {
      Network::load(path);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("(accepted)");
  };
  auto expect_refused = [&](const std::string& path, const std::string& reason) {
    const std::string message = refusal(path);
    EXPECT_NE(message.find(path), std::string::npos) << message;
    EXPECT_NE(message.find(reason), std::string::npos) << message;
  };
  expect_refused((dir_ / "missing.rnet").string(), "cannot read");
  expect_refused(write("magic.rnet", kSmallHeader, kSmall, "RISE-NET 2"), "not a network weights file");
  expect_refused(write("json.rnet", "{not json", kSmall), "is not JSON");
  expect_refused(write("nogame.rnet", R"({"observation_size":3,"observation_version":1,"hidden":[2]})", kSmall),
                 "no 'game'");
  expect_refused(write("size.rnet", R"({"game":"g","observation_size":0,"observation_version":1,"hidden":[2]})", kSmall),
                 "'observation_size' is 0");
  expect_refused(write("hidden.rnet", R"({"game":"g","observation_size":3,"observation_version":1,"hidden":[]})", kSmall),
                 "'hidden'");
  expect_refused(write("width.rnet", R"({"game":"g","observation_size":3,"observation_version":1,"hidden":[99999]})", kSmall),
                 "width 99999");
  std::vector<float> short_weights(kSmall.begin(), kSmall.end() - 1);
  expect_refused(write("truncated.rnet", kSmallHeader, short_weights), "truncated");
  std::vector<float> long_weights = kSmall;
  long_weights.push_back(1);
  expect_refused(write("long.rnet", kSmallHeader, long_weights), "extra bytes");
  std::vector<float> nan_weights = kSmall;
  nan_weights[3] = std::nanf("");
  expect_refused(write("nan.rnet", kSmallHeader, nan_weights), "weight 3 is not a finite number");
}

TEST_F(NetworkFiles, RefusesANetworkForAnotherGameOrTensorVersion) {
  const Game& rrd = find_game("raise-rise-die");
  const LearningSpec spec = rrd.learning_spec({}, 2);
  auto header = [&](const std::string& game, size_t size, int version) {
    return R"({"game":")" + game + R"(","observation_size":)" + std::to_string(size) +
           R"(,"observation_version":)" + std::to_string(version) + R"(,"hidden":[1]})";
  };
  auto weights = [](size_t size) { return std::vector<float>(size + 1 + 2, 0.0f); };
  auto refusal = [&](const std::string& path) {
    try {
      Network::load(path)->check_fits(rrd, 2);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("(accepted)");
  };
  const size_t size = spec.observation_size();
  EXPECT_EQ(refusal(write("fits.rnet", header("raise-rise-die", size, spec.observation_version), weights(size))),
            "(accepted)");
  const std::string other = refusal(write("other.rnet", header("dark-legacy", size, 1), weights(size)));
  EXPECT_NE(other.find("a network for dark-legacy, not for raise-rise-die"), std::string::npos) << other;
  const std::string version =
      refusal(write("version.rnet", header("raise-rise-die", size, spec.observation_version + 1), weights(size)));
  EXPECT_NE(version.find("observation tensor version"), std::string::npos) << version;
  const std::string shape = refusal(write("shape.rnet", header("raise-rise-die", size - 1, 1), weights(size - 1)));
  EXPECT_NE(shape.find("floats"), std::string::npos) << shape;
}

TEST_F(NetworkFiles, APlayerSpecRefusesABadNetFileBeforeAnyGame) {
  const std::string path = write("bad.rnet", kSmallHeader, std::vector<float>(3, 0.0f));
  try {
    make_player("ismcts:net=" + path, 1);
    FAIL() << "accepted a truncated network";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
  EXPECT_THROW(make_player("mcts:net=", 1), InputError);
  // With a network, rollouts default to 0; given, they stay.
  const std::string good = write("good.rnet", kSmallHeader, kSmall);
  EXPECT_EQ(make_player("ismcts:net=" + good, 1)->spec(),
            "ismcts:iters=1000,c=0.7,rollout=0,nodes=2000000,net=" + good);
  EXPECT_EQ(make_player("mcts:rollout=4,net=" + good, 1)->spec(), "mcts:iters=4000,c=0.5,rollout=4,nodes=2000000,net=" + good);
}

// A network trained for one game refuses to value another's positions, at the first search.
TEST_F(NetworkFiles, ASearchWithANetworkOfAnotherGameIsRefused) {
  const std::string path = write("small.rnet", kSmallHeader, kSmall);  // raise-rise-die, 3 inputs
  const Game& hex = find_game("rise-hex");
  auto state = hex.new_initial_state(1, {}, 2);
  auto player = make_player("mcts:iters=10,net=" + path, 1);
  EXPECT_THROW(player->choose_action(*state), InputError);
}

// A zero network (every weight 0) values every leaf 0: the search with it is the search
// with an evaluation that knows nothing; it must still play legal moves to the end.
TEST_F(NetworkFiles, AnIsmctsWithANetworkPlaysWholeGames) {
  const Game& rrd = find_game("raise-rise-die");
  const LearningSpec spec = rrd.learning_spec({}, 2);
  const size_t size = spec.observation_size();
  const std::string header = R"({"game":"raise-rise-die","observation_size":)" + std::to_string(size) +
                             R"(,"observation_version":1,"hidden":[4]})";
  std::vector<float> w(size * 4 + 4 + 4 + 1, 0.0f);
  const std::string path = write("zero.rnet", header, w);
  MatchConfig config;
  config.game = "raise-rise-die";
  config.players = {"ismcts:iters=20,net=" + path, "random"};
  config.games = 2;
  const auto records = run_match(config);
  ASSERT_EQ(records.size(), 2u);
  for (const auto& r : records) EXPECT_GT(r.actions, 0);
}

// A network with "base": "evaluation" corrects the game's own evaluation: with every weight
// 0 (no correction) a leaf is valued exactly as State::evaluate values it.
TEST_F(NetworkFiles, ANetworkOnTheEvaluationBaseCorrectsIt) {
  const Game& rrd = find_game("raise-rise-die");
  const size_t size = rrd.learning_spec({}, 2).observation_size();
  const std::string header = R"({"game":"raise-rise-die","observation_size":)" + std::to_string(size) +
                             R"(,"observation_version":1,"hidden":[2],"base":"evaluation"})";
  const std::string path = write("base.rnet", header, std::vector<float>(size * 2 + 2 + 2 + 1, 0.0f));
  ASSERT_TRUE(Network::load(path)->info().adds_evaluation);
  auto state = rrd.new_initial_state(3, {}, 2);
  std::vector<Action> legal;
  for (int i = 0; i < 30 && !state->is_terminal(); ++i) {
    state->legal_actions(legal);
    state->apply_action(legal[static_cast<size_t>(i) % legal.size()]);
  }
  ASSERT_FALSE(state->is_terminal());
  detail::LeafValues leaf(path);
  leaf.prepare(*state);
  std::vector<double> values(2);
  leaf.evaluate(*state, true, values);
  EXPECT_NEAR(values[0], state->evaluate(0), 1e-6);
  EXPECT_NEAR(values[1], state->evaluate(1), 1e-6);
  // Any other base is refused, naming it.
  const std::string other = write("other-base.rnet",
                                  R"({"game":"raise-rise-die","observation_size":3,"observation_version":1,)"
                                  R"("hidden":[2],"base":"rollouts"})",
                                  kSmall);
  try {
    Network::load(other);
    FAIL() << "accepted base rollouts";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'base' is \"rollouts\""), std::string::npos) << e.what();
  }
}

// A network with a policy head on rise-hex whose hidden unit is always 1 and whose value is
// always 0, and whose policy puts logit 10 on the dense action `favoured` (0 elsewhere).
std::vector<float> favouring_network(size_t size, int actions, int favoured) {
  std::vector<float> w(size, 0.0f);  // the hidden layer's weights [size][1]: zero
  w.push_back(1.0f);                 // its bias: h = relu(1) = 1
  w.push_back(0.0f);                 // value head [1][1]
  w.push_back(0.0f);                 // and its bias: every value 0
  for (int a = 0; a < actions; ++a) w.push_back(a == favoured ? 10.0f : 0.0f);  // policy [actions][1]
  for (int a = 0; a < actions; ++a) w.push_back(0.0f);                          // policy biases
  return w;
}

// PUCT (docs/ai.md, "The policy prior"): with a network whose values say nothing, mcts
// follows the policy prior, so the favoured action gets nearly every visit; with puct=0
// (UCB1 without the prior) the visits spread over the actions.
TEST_F(NetworkFiles, MctsFollowsThePolicyPriorOfANetworkWithAPolicyHead) {
  const Game& hex = find_game("rise-hex");
  const LearningSpec spec = hex.learning_spec({}, 2);
  auto state = hex.new_initial_state(5, {}, 2);
  const std::vector<Action> legal = state->legal_actions();
  ASSERT_GT(legal.size(), 4u);
  const Action favoured = legal[legal.size() / 2];
  const int dense = state->dense_action(favoured);
  const std::string header = R"({"game":"rise-hex","observation_size":)" + std::to_string(spec.observation_size()) +
                             R"(,"observation_version":1,"hidden":[1],"num_distinct_actions":)" +
                             std::to_string(spec.num_distinct_actions) + "}";
  const std::string path =
      write("prior.rnet", header, favouring_network(spec.observation_size(), spec.num_distinct_actions, dense));

  // The priors over the legal actions: a softmax over them only, summing to 1.
  detail::LeafValues leaf(path);
  leaf.prepare(*state);
  ASSERT_TRUE(leaf.has_policy());
  std::vector<float> priors;
  leaf.priors(*state, legal, priors);
  ASSERT_EQ(priors.size(), legal.size());
  double sum = 0;
  for (float p : priors) sum += p;
  EXPECT_NEAR(sum, 1.0, 1e-5);
  const double expected = std::exp(10.0) / (std::exp(10.0) + static_cast<double>(legal.size() - 1));
  EXPECT_NEAR(priors[legal.size() / 2], expected, 1e-4);

  auto visits_of_favoured = [&](const std::string& spec_text) {
    auto player = make_player(spec_text, 3);
    EXPECT_EQ(player->choose_action(*state), favoured) << spec_text;
    const SearchReport* report = player->last_search_report();
    EXPECT_NE(report, nullptr);
    for (const auto& c : report->candidates) {
      if (c.action == favoured) return c.share;
    }
    return 0.0;
  };
  EXPECT_GT(visits_of_favoured("mcts:iters=400,net=" + path), 0.9);
  auto plain = make_player("mcts:iters=400,puct=0,net=" + path, 3);
  plain->choose_action(*state);
  const SearchReport* report = plain->last_search_report();
  ASSERT_NE(report, nullptr);
  EXPECT_LT(report->candidates.front().share, 0.5);
  // The spec says its PUCT constant when it is not the default.
  EXPECT_NE(make_player("mcts:puct=2", 1)->spec().find(",puct=2"), std::string::npos);
  EXPECT_EQ(make_player("mcts", 1)->spec().find("puct"), std::string::npos);
}

// The same for ismcts, on a hidden-information game: the favoured action of the searching
// seat gets nearly every visit with the prior, and under half with puct=0.
TEST_F(NetworkFiles, IsmctsFollowsThePolicyPriorOfANetworkWithAPolicyHead) {
  const Game& rrd = find_game("raise-rise-die");
  const LearningSpec spec = rrd.learning_spec({}, 2);
  auto state = rrd.new_initial_state(4, {}, 2);
  std::vector<Action> legal = state->legal_actions();
  for (int i = 0; legal.size() < 4 && i < 200 && !state->is_terminal(); ++i) {
    state->apply_action(legal.front());
    legal = state->legal_actions();
  }
  ASSERT_GE(legal.size(), 4u);
  const Action favoured = legal[legal.size() / 2];
  const std::string header = R"({"game":"raise-rise-die","observation_size":)" +
                             std::to_string(spec.observation_size()) +
                             R"(,"observation_version":1,"hidden":[1],"num_distinct_actions":)" +
                             std::to_string(spec.num_distinct_actions) + "}";
  const std::string path = write("prior.rnet", header,
                                 favouring_network(spec.observation_size(), spec.num_distinct_actions,
                                                   state->dense_action(favoured)));
  auto share_of = [&](const std::string& spec_text, Action action) {
    auto player = make_player(spec_text, 3);
    player->choose_action(*state);
    const SearchReport* report = player->last_search_report();
    EXPECT_NE(report, nullptr);
    for (const auto& c : report->candidates) {
      if (c.action == action) return c.share;
    }
    return 0.0;
  };
  EXPECT_GT(share_of("ismcts:iters=300,net=" + path, favoured), 0.9);
  EXPECT_LT(share_of("ismcts:iters=300,puct=0,net=" + path, favoured), 0.5);
  EXPECT_NE(make_player("ismcts:puct=0.5", 1)->spec().find(",puct=0.5"), std::string::npos);
  // Whole games with the prior, a tree too small for every child included.
  MatchConfig config;
  config.game = "raise-rise-die";
  config.players = {"ismcts:iters=30,net=" + path, "ismcts:iters=30,nodes=1000,net=" + path};
  config.games = 2;
  for (const auto& r : run_match(config)) EXPECT_GT(r.actions, 0);
}

// A search with the prior plays legal moves, with its tree kept from move to move, and a tree
// too small for a node's children makes that node a leaf instead of overflowing.
TEST_F(NetworkFiles, MctsWithAPolicyPriorPlaysLegalMoves) {
  const Game& hex = find_game("rise-hex");
  const LearningSpec spec = hex.learning_spec({}, 2);
  const std::string header = R"({"game":"rise-hex","observation_size":)" + std::to_string(spec.observation_size()) +
                             R"(,"observation_version":1,"hidden":[1],"num_distinct_actions":)" +
                             std::to_string(spec.num_distinct_actions) + "}";
  const std::string path =
      write("prior.rnet", header, favouring_network(spec.observation_size(), spec.num_distinct_actions, 0));
  auto wide = make_player("mcts:iters=40,net=" + path, 1);
  auto small = make_player("mcts:iters=40,nodes=1000,net=" + path, 2);
  auto state = hex.new_initial_state(9, {}, 2);
  for (int move = 0; move < 60 && !state->is_terminal(); ++move) {
    Player& player = state->current_player() == 0 ? *wide : *small;
    const Action a = player.choose_action(*state);
    ASSERT_TRUE(state->is_legal(a)) << "move " << move;
    state->apply_action(a);
  }
}

TEST(SelfPlay, RecordsEverySeatsObservationAndItsOutcome) {
  SelfPlayConfig config;
  config.match.game = "raise-rise-die";
  config.match.players = {"ismcts:iters=10", "random"};
  config.match.games = 3;
  config.match.threads = 2;
  config.match.seed = 5;
  const SelfPlaySamples s = self_play(config);
  const Game& game = find_game("raise-rise-die");
  ASSERT_EQ(s.observation_size, static_cast<int>(game.learning_spec({}, 2).observation_size()));
  ASSERT_EQ(s.records.size(), 3u);
  ASSERT_GT(s.rows(), 0u);
  EXPECT_EQ(s.observations.size(), s.rows() * static_cast<size_t>(s.observation_size));
  // Two rows (one a seat) per decision; each row's outcome is its seat's return; the
  // searcher's rows carry its value, the random player's none.
  size_t decisions = 0;
  for (const auto& r : s.records) decisions += static_cast<size_t>(r.actions);
  EXPECT_EQ(s.rows(), 2 * decisions);
  for (size_t i = 0; i < s.rows(); ++i) {
    const GameRecord& rec = s.records[static_cast<size_t>(s.games[i])];
    EXPECT_EQ(s.outcomes[i], static_cast<float>(rec.returns[static_cast<size_t>(s.seats[i])]));
    const bool mover = s.seats[i] == s.movers[i];
    EXPECT_EQ(s.actions[i] >= 0, mover);
    const bool searcher = rec.seat_player[static_cast<size_t>(s.movers[i])] == 0;
    if (!mover || !searcher) EXPECT_TRUE(std::isnan(s.search_values[i]));
    EXPECT_TRUE(s.evaluations[i] >= -1 && s.evaluations[i] <= 1) << s.evaluations[i];
  }
  // The deciding seat's row lists its legal dense actions, the one chosen among them.
  ASSERT_EQ(s.legal_counts.size(), s.rows());
  size_t start = 0;
  for (size_t i = 0; i < s.rows(); ++i) {
    const auto count = static_cast<size_t>(s.legal_counts[i]);
    EXPECT_EQ(count > 0, s.seats[i] == s.movers[i]);
    const auto first = s.legal.begin() + static_cast<std::ptrdiff_t>(start);
    if (count > 0) EXPECT_NE(std::find(first, first + static_cast<std::ptrdiff_t>(count), s.actions[i]), first + static_cast<std::ptrdiff_t>(count));
    start += count;
  }
  EXPECT_EQ(start, s.legal.size());
  // The searcher's root visits of each legal action; the random player's rows have none.
  ASSERT_EQ(s.legal_visits.size(), s.legal.size());
  start = 0;
  for (size_t i = 0; i < s.rows(); ++i) {
    const auto count = static_cast<size_t>(s.legal_counts[i]);
    float total = 0;
    for (size_t k = start; k < start + count; ++k) total += s.legal_visits[k];
    const GameRecord& rec = s.records[static_cast<size_t>(s.games[i])];
    const bool searcher = rec.seat_player[static_cast<size_t>(s.movers[i])] == 0;
    if (count > 0) EXPECT_EQ(total > 0, searcher && count > 1) << "row " << i;
    start += count;
  }
  // The same run on one thread gives the same samples.
  config.match.threads = 1;
  const SelfPlaySamples again = self_play(config);
  EXPECT_EQ(again.observations, s.observations);
  EXPECT_EQ(again.outcomes, s.outcomes);
  EXPECT_EQ(again.legal, s.legal);
  // A sample rate keeps a subset of the decisions.
  config.sample_rate = 0.25;
  const SelfPlaySamples some = self_play(config);
  EXPECT_LT(some.rows(), s.rows());
  EXPECT_GT(some.rows(), 0u);
  config.sample_rate = 0;
  EXPECT_THROW(self_play(config), InputError);
}

}  // namespace
}  // namespace rise::ai
