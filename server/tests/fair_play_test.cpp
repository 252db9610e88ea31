// Issue 18, fair play: the server chooses the seed of a table with a human seat and commits
// to it; the seed is revealed at the end and checks against the commitment and the game; a
// seat's key goes only to the browser that claims its one-time invite, and never in a URL.
#include <regex>

#include <openssl/evp.h>

#include "rise/core/registry.h"
#include "server_fixture.h"

namespace rise::server::testing {
namespace {

// SHA-256 of `text` in hex, computed here with OpenSSL as a checker would.
std::string sha256_hex(const std::string& text) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EXPECT_EQ(EVP_Digest(text.data(), text.size(), digest, &size, EVP_sha256(), nullptr), 1);
  std::string hex;
  for (unsigned int i = 0; i < size; ++i) {
    static constexpr char kDigits[] = "0123456789abcdef";
    hex += kDigits[digest[i] >> 4];
    hex += kDigits[digest[i] & 0xfu];
  }
  return hex;
}

class FairPlayTest : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    policy_.any_table_seeds = false;  // the server's default
    start_server(1);
  }
};

TEST_F(FairPlayTest, ASeedIsRefusedAtATableWithAHumanSeatAndTakenWhereEverySeatIsAnAi) {
  const Answer refused =
      client_->post("/api/tables", json{{"game", "dark-legacy"}, {"seats", {"human", "random"}}, {"seed", 4242}});
  EXPECT_EQ(refused.status, 400);
  EXPECT_EQ(refused.body["error"], "seed_not_allowed") << refused.body.dump();
  EXPECT_EQ(manager_->live_tables(), 0u);

  const CreatedTable ai = create({{"game", "rise-hex"}, {"seats", {"random", "random"}}, {"seed", 4242}});
  EXPECT_EQ(ai.body["fair"], json({{"chosen_by", "creator"}}));
  const json over = wait_terminal(ai.id, "");
  EXPECT_EQ(over["fair"], json({{"chosen_by", "creator"}, {"seed", "4242"}}));
}

TEST_F(FairPlayTest, TheServersSeedIsCommittedAtCreationAndRevealedAtTheEndWhereAnyoneCanCheckIt) {
  const CreatedTable t = create({{"game", "dark-legacy"}, {"seats", {"human", "random"}}});
  const std::string commitment = t.body["fair"]["commitment"].get<std::string>();
  EXPECT_TRUE(std::regex_match(commitment, std::regex("[0-9a-f]{64}"))) << commitment;
  EXPECT_EQ(t.body["fair"]["chosen_by"], "server");
  EXPECT_FALSE(t.body["fair"].contains("seed"));
  // While the game runs, neither the seat nor a spectator nor the lobby learns the seed.
  const json during = view(t.id, t.keys[0]).body;
  EXPECT_EQ(during["fair"], json({{"chosen_by", "server"}, {"commitment", commitment}}));
  EXPECT_EQ(view(t.id, "").body["fair"], during["fair"]);
  EXPECT_EQ(client_->get("/api/tables").body["tables"][0]["fair"], during["fair"]);
  // A second table gets another seed.
  const CreatedTable other = create({{"game", "dark-legacy"}, {"seats", {"human", "random"}}});
  EXPECT_NE(other.body["fair"]["commitment"], commitment);

  // Play a few actions, then resign: the game is over and the seed is revealed.
  for (int i = 0; i < 3; ++i) {
    const json v = view(t.id, t.keys[0]).body;
    if (v["legal"].empty()) break;
    ASSERT_EQ(act(t.id, t.keys[0], v["version"], v["legal"][0]["text"]).status, 200);
  }
  ASSERT_EQ(client_->post("/api/tables/" + t.id + "/resign", json{{"key", t.keys[0]}}).status, 200);
  const json over = view(t.id, "").body;
  const json& fair = over["fair"];
  ASSERT_TRUE(fair.contains("seed")) << over.dump();
  const std::string message = "rise-seed:" + t.id + ":" + fair["seed"].get<std::string>() + ":" + fair["salt"].get<std::string>();
  EXPECT_EQ(fair["message"], message);
  EXPECT_EQ(sha256_hex(message), commitment);
  // The revealed seed deals the game that was played: the same opening observation.
  const uint64_t seed = std::stoull(fair["seed"].get<std::string>());
  const std::unique_ptr<State> replayed = find_game("dark-legacy").new_initial_state(seed, {}, 2);
  const json first = client_->get("/api/tables/" + t.id + "/view?at=0").body;
  EXPECT_EQ(first["observation"], replayed->public_observation_json());
}

TEST_F(FairPlayTest, AnInviteIsClaimedOnceAndItsKeyGoesOnlyToTheClaimer) {
  const Answer made = client_->post("/api/tables", json{{"game", "rise-hex"}, {"seats", {"human", "human"}}});
  ASSERT_EQ(made.status, 201);
  const std::string id = made.body["id"];
  const std::string invite = made.body["seats"][1]["invite"];
  const std::string claim = "/api/tables/" + id + "/claim";
  EXPECT_EQ(view(id, "").body["seats"][1], json({{"seat", 1}, {"kind", "human"}, {"joined", false}}));
  const Answer wrong = client_->post(claim, json{{"invite", std::string(32, 'a')}});
  EXPECT_EQ(wrong.status, 403);
  EXPECT_EQ(wrong.body["error"], "bad_invite");
  const Answer first = client_->post(claim, json{{"invite", invite}});
  ASSERT_EQ(first.status, 200) << first.body.dump();
  EXPECT_EQ(first.body["seat"], 1);
  const std::string key = first.body["key"];
  EXPECT_EQ(view(id, "").body["seats"][1]["joined"], true);  // everyone sees the seat taken
  EXPECT_EQ(made.body.dump().find(key), std::string::npos);  // the creator never saw it
  const Answer again = client_->post(claim, json{{"invite", invite}});
  EXPECT_EQ(again.status, 403);
  EXPECT_EQ(again.body["error"], "bad_invite");
  EXPECT_EQ(view(id, key).body["seat"], 1);
  // Claimed is claimed for good: a restarted server refuses it too.
  stop_server();
  start_server(1);
  EXPECT_EQ(client_->post(claim, json{{"invite", invite}}).status, 403);
  EXPECT_EQ(view(id, key).body["seat"], 1);
}

TEST_F(FairPlayTest, AKeyInAUrlIsRefused) {
  const CreatedTable t = create({{"game", "rise-hex"}, {"seats", {"human", "human"}}});
  for (const char* what : {"view", "events", "hint"}) {
    const Answer a = client_->get("/api/tables/" + t.id + "/" + what + "?key=" + t.keys[0]);
    EXPECT_EQ(a.status, 400) << what;
    EXPECT_EQ(a.body["error"], "key_in_url") << what;
  }
}

}  // namespace
}  // namespace rise::server::testing
