// The server's JSON API through an in-process server: games, tables, views, actions, event
// streams, AI seats and replays.
#include <algorithm>
#include <functional>
#include <map>
#include <mutex>
#include <chrono>
#include <regex>
#include <thread>

#include "rise/core/error.h"
#include "rise/core/registry.h"
#include "rise/core/replay.h"
#include "server_fixture.h"

namespace rise::server::testing {
namespace {

class ApiTest : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    start_server();
  }
};

TEST_F(ApiTest, ListsEveryGameWithPlayerRangesAndOptions) {
  const Answer a = client_->get("/api/games");
  ASSERT_EQ(a.status, 200);
  ASSERT_EQ(a.body["games"].size(), all_games().size());
  EXPECT_EQ(a.body["games"][0]["id"], "dark-legacy");  // sorted by id
  json by_id;
  for (const json& g : a.body["games"]) by_id[g["id"].get<std::string>()] = g;
  EXPECT_EQ(by_id["rise-hex"]["name"], "Rise!");
  EXPECT_EQ(by_id["rise-hex"]["min_players"], 2);
  EXPECT_EQ(by_id["rise-hex"]["max_players"], 2);
  EXPECT_EQ(by_id["rise-hex"]["perfect_information"], true);
  EXPECT_EQ(by_id["rise-hex"]["options"][0]["name"], "turn_limit");
  EXPECT_EQ(by_id["rise-hex"]["options"][0]["default"], "200");
  EXPECT_EQ(by_id["rise-tcg"]["max_players"], 6);
  EXPECT_EQ(by_id["dark-legacy"]["perfect_information"], false);
  // Issue 38: options in words, values in words where the game gives them, a card game's decks.
  EXPECT_EQ(by_id["rise-hex"]["options"][0]["label"], "Turn limit");
  EXPECT_FALSE(by_id["rise-hex"].contains("decks"));
  for (const json& o : by_id["rise-tcg"]["options"]) {
    EXPECT_NE(o["label"], o["name"]) << o.dump();  // every rise-tcg option has words
    if (o["name"] == "draw") {
      EXPECT_EQ(o["allowed_labels"], json({"Draw 1 and gain 2 Coins, or draw 2 and gain 1 (rulebook)",
                                           "Also draw 0 and gain 2 Coins (web rules)"}));
    }
  }
  EXPECT_EQ(by_id["raise-rise-die"]["decks"], json({"lame", "ombre", "rempart"}));
  EXPECT_EQ(by_id["dark-legacy"]["decks"].size(), 6u);
  EXPECT_EQ(by_id["rise-tcg"]["decks"][0], "ashen-omens");
}

// Issue 38: the rules as this program plays them, for the browser's rule links and panel.
TEST_F(ApiTest, ServesAGamesRulesByIdAndByWords) {
  const Answer one = client_->get("/api/games/rise-tcg/rules?id=tcg-3.3");
  ASSERT_EQ(one.status, 200) << one.body.dump();
  ASSERT_EQ(one.body["rules"].size(), 1u);
  EXPECT_EQ(one.body["rules"][0]["id"], "TCG-3.3");
  EXPECT_EQ(one.body["rules"][0]["text"].get<std::string>().rfind("In turn order from the first player", 0), 0u);
  const Answer words = client_->get("/api/games/rise-tcg/rules?q=mulligan%20concedes");
  ASSERT_EQ(words.status, 200);
  ASSERT_FALSE(words.body["rules"].empty());
  EXPECT_EQ(words.body["rules"][0]["id"], "TCG-3.3");
  const Answer all = client_->get("/api/games/rise-hex/rules");
  EXPECT_GT(all.body["rules"].size(), 40u);
  EXPECT_EQ(all.body["rules"][0]["id"], "HEX-1.1");
  EXPECT_EQ(client_->get("/api/games/rise-tcg/rules?id=TCG-99.9").body["error"], "unknown_rule");
  EXPECT_EQ(client_->get("/api/games/chess/rules").body["error"], "unknown_game");
}

TEST_F(ApiTest, CreatesATableWithAOneTimeJoinLinkPerHumanSeat) {
  const CreatedTable t = create({{"game", "rise-hex"}, {"seats", {"human", "random"}}, {"seed", 7}});
  ASSERT_EQ(t.keys.size(), 2u);
  EXPECT_TRUE(std::regex_match(t.id, std::regex("[0-9a-f]{16}"))) << t.id;
  EXPECT_TRUE(std::regex_match(t.keys[0], std::regex("[0-9a-f]{32}"))) << t.keys[0];  // 128 bits
  const std::string invite = t.body["seats"][0]["invite"].get<std::string>();
  EXPECT_TRUE(std::regex_match(invite, std::regex("[0-9a-f]{32}"))) << invite;
  EXPECT_NE(invite, t.keys[0]);  // the creator's answer holds no seat key
  EXPECT_EQ(t.body.dump().find(t.keys[0]), std::string::npos);
  // The invite rides in the fragment, which a browser never sends to the server.
  EXPECT_EQ(t.body["seats"][0]["join"], "/t/" + t.id + "#invite=" + invite);
  EXPECT_EQ(t.body["seats"][1], json({{"seat", 1}, {"kind", "random"}}));  // an AI seat has no link
  EXPECT_EQ(t.body["spectate"], "/t/" + t.id);

  const CreatedTable u = create(hex_two_humans());
  EXPECT_NE(u.keys[0], u.keys[1]);
  EXPECT_NE(u.id, t.id);
  // The lobby lists both open tables without any key.
  const std::string listing = client_->get_text("/api/tables");
  const json tables = json::parse(listing)["tables"];
  ASSERT_EQ(tables.size(), 2u);
  for (const std::string& key : {t.keys[0], u.keys[0], u.keys[1]}) EXPECT_EQ(listing.find(key), std::string::npos);
  const json& first = tables[0]["id"] == t.id ? tables[0] : tables[1];
  EXPECT_EQ(first["game"], "rise-hex");
  EXPECT_EQ(first["options"], json({{"turn_limit", "200"}}));  // resolved
  EXPECT_EQ(first["status"], "open");
  EXPECT_EQ(first["seats"], json({{{"seat", 0}, {"kind", "human"}, {"joined", true}}, {{"seat", 1}, {"kind", "random"}}}));
}

// Issue 20: names given at the table (trimmed; "" for none) are in the creation's answer,
// every seat's and the spectators' view, the lobby, and the past views of a finished game.
TEST_F(ApiTest, NamesGivenAtTheTableAreShownWhereverItsSeatsAre) {
  const std::string zoe = "Zo\u00eb \u2014 \U0001F409";  // "Zoë — 🐉": 7 characters, 13 bytes
  const CreatedTable t = create({{"game", "rise-hex"},
                                 {"seats", {"human", "human"}},
                                 {"names", {"  Ann\t", zoe}},
                                 {"seed", 7}});
  EXPECT_EQ(t.body["seats"][0]["name"], "Ann");
  EXPECT_EQ(t.body["seats"][1]["name"], zoe);
  const json seats = {{{"seat", 0}, {"kind", "human"}, {"name", "Ann"}, {"joined", true}},
                      {{"seat", 1}, {"kind", "human"}, {"name", zoe}, {"joined", true}}};
  EXPECT_EQ(view(t.id, t.keys[0]).body["seats"], seats);
  EXPECT_EQ(view(t.id, t.keys[1]).body["seats"], seats);
  EXPECT_EQ(view(t.id, "").body["seats"], seats);
  EXPECT_EQ(client_->get("/api/tables").body["tables"][0]["seats"], seats);

  // 24 characters is a name; an empty or blank name is none, at an AI seat too.
  const std::string longest(24, 'x');
  const CreatedTable u = create({{"game", "rise-hex"},
                                 {"options", {{"turn_limit", "4"}}},
                                 {"seats", {"random", "random"}},
                                 {"names", {longest, " \u3000 "}},
                                 {"seed", 3}});
  EXPECT_EQ(u.body["seats"][1], json({{"seat", 1}, {"kind", "random"}}));
  const json end = wait_terminal(u.id, "");
  EXPECT_EQ(end["seats"], json({{{"seat", 0}, {"kind", "random"}, {"name", longest}}, {{"seat", 1}, {"kind", "random"}}}));
  EXPECT_EQ(client_->get("/api/tables/" + u.id + "/view?at=1").body["seats"], end["seats"]);
}

TEST_F(ApiTest, AViewHoldsTheSeatsObservationAndItsLegalActionsOnlyOnItsDecision) {
  const CreatedTable t = create(hex_two_humans());
  std::unique_ptr<State> local = find_game("rise-hex").new_initial_state(7, {}, 2);
  const Answer red = view(t.id, t.keys[0]);
  ASSERT_EQ(red.status, 200) << red.body.dump();
  EXPECT_EQ(red.body["version"], 0);
  EXPECT_EQ(red.body["seat"], 0);
  EXPECT_EQ(red.body["current_player"], 0);
  EXPECT_EQ(red.body["terminal"], false);
  EXPECT_EQ(red.body["returns"], json({0.0, 0.0}));
  EXPECT_EQ(red.body["observation"], local->observation_json(0));
  EXPECT_EQ(red.body["log"], json::array());
  const std::vector<Action> legal = local->legal_actions();
  ASSERT_EQ(red.body["legal"].size(), legal.size());
  EXPECT_EQ(red.body["legal"][0], json({{"id", legal[0]}, {"text", local->action_to_string(legal[0])}}));

  const Answer blue = view(t.id, t.keys[1]);
  EXPECT_EQ(blue.body["seat"], 1);
  EXPECT_EQ(blue.body["observation"], local->observation_json(1));
  EXPECT_EQ(blue.body["legal"], json::array());
}

// Issue 38: an action the seat cannot take back carries the warning the page confirms.
TEST_F(ApiTest, AnActionThatCannotBeTakenBackCarriesItsWarning) {
  const CreatedTable t = create({{"game", "rise-tcg"}, {"seats", {"human", "human"}}, {"seed", 5}});
  std::unique_ptr<State> local = find_game("rise-tcg").new_initial_state(5, {}, 2);
  const PlayerId first = local->current_player();
  for (int k = 0; k < 3; ++k) {
    ASSERT_EQ(act(t.id, t.keys[static_cast<size_t>(first)], k, "mulligan").status, 200);
  }
  const json legal = view(t.id, t.keys[static_cast<size_t>(first)]).body["legal"];
  ASSERT_EQ(legal.size(), 2u) << legal.dump();  // keep or concede (Rule TCG-3.3)
  for (const json& a : legal) {
    if (a["text"] == "concede") {
      EXPECT_EQ(a["warning"], "concede ends the game: you lose (Rule TCG-3.3)");
    } else {
      EXPECT_FALSE(a.contains("warning")) << a.dump();
    }
  }
}

TEST_F(ApiTest, AnAcceptedActionIsAcknowledgedWithTheNewVersionAndLoggedForEverySeat) {
  const CreatedTable t = create(hex_two_humans());
  const json red = view(t.id, t.keys[0]).body;
  const std::string move = red["legal"][0]["text"];
  const Answer ack = act(t.id, t.keys[0], 0, move);
  ASSERT_EQ(ack.status, 200) << ack.body.dump();
  EXPECT_EQ(ack.body, json({{"version", 1}}));
  for (int seat = 0; seat < 2; ++seat) {
    const json v = view(t.id, t.keys[seat]).body;
    EXPECT_EQ(v["version"], 1);
    EXPECT_EQ(v["log"], json({{{"seat", 0}, {"text", move}}}));
  }
  // rise-hex: the first player's opening turn has a single action, so blue decides.
  EXPECT_EQ(view(t.id, t.keys[0]).body["current_player"], 1);
}

TEST_F(ApiTest, ASpectatorOfAPerfectInformationGameSeesEverythingButDecidesNothing) {
  const CreatedTable t = create(hex_two_humans());
  ASSERT_EQ(act_first_legal(t).status, 200);
  const Answer watch = view(t.id, "");
  ASSERT_EQ(watch.status, 200) << watch.body.dump();
  EXPECT_EQ(watch.body["seat"], -1);
  EXPECT_EQ(watch.body["version"], 1);
  EXPECT_EQ(watch.body["legal"], json::array());
  // The whole position, as a seat sees it, but observed by "spectator".
  json seen = view(t.id, t.keys[0]).body["observation"];
  EXPECT_EQ(seen["observer"], "red");
  seen["observer"] = "spectator";
  EXPECT_EQ(watch.body["observation"], seen);
  EXPECT_EQ(watch.body["log"], view(t.id, t.keys[0]).body["log"]);
}

TEST_F(ApiTest, AiSeatsPlayToTheEndAndTheReplayReplaysTheGame) {
  const CreatedTable t = create({{"game", "rise-hex"},
                                 {"options", {{"turn_limit", "6"}}},
                                 {"seats", {"random", "greedy"}},
                                 {"seed", 11}});
  const json end = wait_terminal(t.id, "");
  EXPECT_EQ(end["current_player"], -1);
  EXPECT_EQ(end["legal"], json::array());
  const Answer replay = client_->get("/api/tables/" + t.id + "/replay");
  ASSERT_EQ(replay.status, 200) << replay.body.dump();
  const Replay r = replay_from_json(replay.body, "replay");
  EXPECT_EQ(r.game, "rise-hex");
  EXPECT_EQ(r.seed, 11u);
  EXPECT_EQ(r.players, (std::vector<std::string>{"random", "greedy"}));
  EXPECT_EQ(static_cast<int>(r.actions.size()), end["version"].get<int>());
  const std::unique_ptr<State> final_state = run_replay(r);
  EXPECT_EQ(json(final_state->returns()), end["returns"]);
  // A finished table leaves the lobby.
  EXPECT_EQ(client_->get("/api/tables").body["tables"], json::array());
}

TEST_F(ApiTest, ASlowAiSearchBlocksNeitherItsTablesViewsNorAnotherTable) {
  const CreatedTable slow = create({{"game", "rise-hex"}, {"seats", {"mcts:ms=1500", "human"}}, {"seed", 1}});
  const auto start = std::chrono::steady_clock::now();
  const CreatedTable quick = create({{"game", "rise-hex"},
                                     {"options", {{"turn_limit", "4"}}},
                                     {"seats", {"random", "random"}},
                                     {"seed", 2}});
  const Answer v = view(slow.id, slow.keys[1]);
  EXPECT_EQ(v.status, 200);
  EXPECT_EQ(v.body["version"], 0);  // the search is still running
  wait_terminal(quick.id, "", 10);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(1500));
  EXPECT_EQ(view(slow.id, slow.keys[1]).body["version"], 0);
}

// Issue 18: the lobby answers one page of the open tables (50 by default), oldest first,
// with their total; a bad page is refused naming the parameter.
TEST_F(ApiTest, TheLobbyIsPaged) {
  std::vector<std::string> ids;
  for (int i = 0; i < 3; ++i) ids.push_back(create({{"game", "rise-hex"}, {"seats", {"human", "human"}}}).id);
  const json all = client_->get("/api/tables").body;
  EXPECT_EQ(all["total"], 3);
  EXPECT_EQ(all["offset"], 0);
  EXPECT_EQ(all["limit"], 50);
  ASSERT_EQ(all["tables"].size(), 3u);
  std::vector<std::string> listed;  // tables made in the same second come in id order
  for (const json& t : all["tables"]) listed.push_back(t["id"]);
  std::sort(ids.begin(), ids.end());
  std::sort(listed.begin(), listed.end());
  EXPECT_EQ(listed, ids);
  const json second = client_->get("/api/tables?offset=1&limit=1").body;
  EXPECT_EQ(second["total"], 3);
  ASSERT_EQ(second["tables"].size(), 1u);
  EXPECT_EQ(second["tables"][0], all["tables"][1]);
  EXPECT_EQ(client_->get("/api/tables?offset=5").body["tables"], json::array());
  const Answer zero = client_->get("/api/tables?limit=0");
  EXPECT_EQ(zero.status, 400);
  EXPECT_EQ(zero.body, json({{"error", "malformed_request"},
                             {"message", "query 'limit' must be a whole number from 1 to 200, got '0'"}}));
  EXPECT_EQ(client_->get("/api/tables?offset=abc").status, 400);
  EXPECT_EQ(client_->get("/api/tables?limit=201").status, 400);
}

// Issue 38: finished games are listed too (?status=finished), the newest first, each with how
// it ended and every seat's result; the open list does not hold them; a bad status is refused.
TEST_F(ApiTest, TheLobbyListsFinishedGames) {
  const CreatedTable played = create({{"game", "rise-hex"},
                                      {"options", {{"turn_limit", "4"}}},
                                      {"seats", {"random", "random"}},
                                      {"seed", 2}});
  const json end = wait_terminal(played.id, "", 10);
  const CreatedTable resigned = create(hex_two_humans());
  ASSERT_EQ(client_->post("/api/tables/" + resigned.id + "/resign", json{{"key", resigned.keys[1]}}).status, 200);
  const CreatedTable open = create(hex_two_humans());

  const json finished = client_->get("/api/tables?status=finished").body;
  EXPECT_EQ(finished["total"], 2);
  ASSERT_EQ(finished["tables"].size(), 2u);
  std::map<std::string, json> by_id;
  for (const json& t : finished["tables"]) by_id[t["id"]] = t;
  ASSERT_TRUE(by_id.count(played.id) && by_id.count(resigned.id)) << finished.dump();
  EXPECT_EQ(by_id[played.id]["status"], "finished");
  EXPECT_EQ(by_id[played.id]["ended"], "rules");
  EXPECT_EQ(by_id[played.id]["returns"], end["returns"]);
  EXPECT_EQ(by_id[played.id]["version"], end["version"]);
  EXPECT_EQ(by_id[played.id]["current_player"], -1);
  EXPECT_EQ(by_id[resigned.id]["ended"], "resigned");
  EXPECT_EQ(by_id[resigned.id]["resigned_seat"], 1);
  EXPECT_EQ(by_id[resigned.id]["returns"], json({1.0, -1.0}));
  EXPECT_EQ(finished.dump().find(resigned.keys[0]), std::string::npos);  // no key
  // Newest first (by creation; tables made in the same second come in reverse rowid order).
  EXPECT_EQ(finished["tables"][0]["id"], resigned.id);
  const json page = client_->get("/api/tables?status=finished&offset=1&limit=1").body;
  ASSERT_EQ(page["tables"].size(), 1u);
  EXPECT_EQ(page["tables"][0]["id"], played.id);

  const json opened = client_->get("/api/tables?status=open").body;
  EXPECT_EQ(opened["total"], 1);
  EXPECT_EQ(opened["tables"][0]["id"], open.id);
  EXPECT_FALSE(opened["tables"][0].contains("returns"));
  const Answer bad = client_->get("/api/tables?status=won");
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.body, json({{"error", "malformed_request"},
                            {"message", "query 'status' must be 'open' or 'finished', got 'won'"}}));
}

// Issue 18: searches that fill every AI worker do not delay a table of AI seats that do not
// search (random, greedy): those move on a worker of their own.
TEST_F(ApiTest, SearchesFillingEveryAiWorkerDelayNoRandomSeat) {
  for (int seed = 1; seed <= 3; ++seed) {  // 2 workers, 3 searches of 2 s
    create({{"game", "rise-hex"}, {"seats", {"mcts:ms=2000", "human"}}, {"seed", seed}});
  }
  const auto start = std::chrono::steady_clock::now();
  const CreatedTable quick = create({{"game", "rise-hex"},
                                     {"options", {{"turn_limit", "4"}}},
                                     {"seats", {"random", "greedy"}},
                                     {"seed", 4}});
  wait_terminal(quick.id, "", 10);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(1500));
}

// Issue 18: one table's long search never blocks another table's move. With the 2 AI
// workers busy with searches of 2 s (and a third queued), a search of 50 iterations at a
// fourth table plays at once: the pool grows and the searches share the cores.
TEST_F(ApiTest, LongSearchesDelayNoOtherTablesSearch) {
  for (int seed = 1; seed <= 3; ++seed) {
    create({{"game", "rise-hex"}, {"seats", {"mcts:ms=2000", "human"}}, {"seed", seed}});
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the searches are under way
  const auto start = std::chrono::steady_clock::now();
  const CreatedTable quick = create({{"game", "rise-hex"}, {"seats", {"mcts:iters=50", "human"}}, {"seed", 4}});
  for (int i = 0; i < 300 && view(quick.id, quick.keys[1]).body["version"] == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_EQ(view(quick.id, quick.keys[1]).body["version"], 1);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(1000));  // not after a 2 s search
}

// Reads Server-Sent Events from GET `path` on another thread until `count` "view" events
// arrived, returning the JSON data of each. `meanwhile(n)` runs on this thread; n() is the
// number of events received so far.
std::vector<json> read_events(int port, const std::string& path, const std::string& key, size_t count,
                              const std::function<void(const std::function<size_t()>&)>& meanwhile) {
  std::vector<json> events;
  std::mutex mutex;
  std::thread reader([&] {
    httplib::Client client("127.0.0.1", port);
    client.set_read_timeout(std::chrono::seconds(10));
    std::string buffer;
    client.Get(path, key_header(key), [&](const char* data, size_t size) {
      buffer.append(data, size);
      std::lock_guard lock(mutex);
      for (size_t end; (end = buffer.find("\n\n")) != std::string::npos;) {
        const std::string event = buffer.substr(0, end);
        buffer.erase(0, end + 2);
        const size_t at = event.find("data: ");
        if (event.rfind("event: view\n", 0) == 0 && at != std::string::npos) events.push_back(json::parse(event.substr(at + 6)));
      }
      return events.size() < count;
    });
  });
  meanwhile([&] {
    std::lock_guard lock(mutex);
    return events.size();
  });
  reader.join();
  return events;
}

// Waits (at most 10 s) until n() reaches `at_least`.
void wait_for(const std::function<size_t()>& n, size_t at_least) {
  for (int i = 0; i < 1000 && n() < at_least; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ASSERT_GE(n(), at_least);
}

TEST_F(ApiTest, AnEventStreamSendsTheCurrentViewAtOnceThenEachNewVersion) {
  const CreatedTable t = create(hex_two_humans());
  ASSERT_EQ(act_first_legal(t).status, 200);
  const std::vector<json> events =
      read_events(port_, "/api/tables/" + t.id + "/events", t.keys[1], 3, [&](const std::function<size_t()>& n) {
        wait_for(n, 1);
        ASSERT_EQ(act_first_legal(t).status, 200);
        wait_for(n, 2);
        ASSERT_EQ(act_first_legal(t).status, 200);
      });
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[0]["version"], 1);  // a client connecting late catches up at once
  EXPECT_EQ(events[1]["version"], 2);
  EXPECT_EQ(events[2]["version"], 3);
  EXPECT_EQ(events[2]["seat"], 1);
  EXPECT_EQ(events[2], view(t.id, t.keys[1]).body);  // the same view as GET .../view
}

TEST_F(ApiTest, ASecondServerOnTheSamePortIsRefused) {
  HttpServer second(*manager_, ServerConfig{"127.0.0.1", port_, "", 2});
  try {
    (void)second.bind();
    ADD_FAILURE() << "bound a port already in use";
  } catch (const rise::InputError& e) {
    EXPECT_EQ(std::string(e.what()), "cannot listen on 127.0.0.1:" + std::to_string(port_) +
                                         " (address in use, or not an address of this machine)");
  }
}

TEST_F(ApiTest, ServesTheWebFolderAndItsIndexForJoinLinks) {
  stop_server();
  start_server(1, RISE_SOURCE_DIR "/web");
  httplib::Client client("127.0.0.1", port_);
  const httplib::Result index = client.Get("/");
  ASSERT_TRUE(index);
  EXPECT_EQ(index->status, 200);
  EXPECT_NE(index->body.find(R"(<script type="module" src="/app.js">)"), std::string::npos);
  // Browsers run a module only when it is served with a JavaScript type.
  const httplib::Result app = client.Get("/app.js");
  ASSERT_TRUE(app);
  EXPECT_EQ(app->status, 200);
  EXPECT_NE(app->get_header_value("Content-Type").find("javascript"), std::string::npos);
  const httplib::Result join = client.Get("/t/0123456789abcdef");
  ASSERT_TRUE(join);
  EXPECT_EQ(join->body, index->body);
  const httplib::Result missing = client.Get("/no-such-file.js");
  ASSERT_TRUE(missing);
  EXPECT_EQ(missing->status, 404);
  EXPECT_EQ(json::parse(missing->body), json({{"error", "not_found"}, {"message", "HTTP status 404"}}));
}

TEST_F(ApiTest, ASpectatorOfACardGameSeesHandCountsAndThePublicLogButNoHand) {
  const CreatedTable t = create({{"game", "rise-tcg"}, {"seats", {"human", "human"}}, {"seed", 5}});
  std::unique_ptr<State> local = find_game("rise-tcg").new_initial_state(5, {}, 2);
  json public_log = json::array();
  for (int i = 0; i < 6; ++i) {
    const Answer a = act_first_legal(t);
    ASSERT_EQ(a.status, 200) << a.body.dump();
    const Action first = local->legal_actions().front();
    public_log.push_back({{"seat", local->current_player()}, {"text", local->describe_action(first, kSpectator)}});
    local->apply_action(first);
  }
  const std::string text = client_->get_text("/api/tables/" + t.id + "/view");
  const json watch = json::parse(text);
  EXPECT_EQ(watch["seat"], -1);
  EXPECT_EQ(watch["version"], 6);
  EXPECT_EQ(watch["legal"], json::array());
  EXPECT_EQ(watch["observation"], local->public_observation_json());
  EXPECT_EQ(watch["observation"]["viewer"], "spectator");
  EXPECT_EQ(watch["log"], public_log);
  for (int p = 0; p < 2; ++p) {
    const json& player = watch["observation"]["players"][p];
    EXPECT_EQ(player["hand_count"], view(t.id, t.keys[p]).body["observation"]["players"][p]["hand"].size());
    EXPECT_GT(player["hand_count"].get<int>(), 0);
    EXPECT_FALSE(player.contains("hand")) << player.dump();
  }
  EXPECT_EQ(text.find("\"hand\""), std::string::npos);
  // The event stream of a spectator sends the same view.
  const std::vector<json> events =
      read_events(port_, "/api/tables/" + t.id + "/events", "", 1, [](const std::function<size_t()>&) {});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0], watch);
}

TEST_F(ApiTest, TheCardsOfATableAreItsGamesCatalog) {
  const CreatedTable tcg = create({{"game", "rise-tcg"}, {"seats", {"human", "human"}}, {"seed", 5}});
  const Answer cards = client_->get("/api/tables/" + tcg.id + "/cards");
  ASSERT_EQ(cards.status, 200) << cards.body.dump();
  EXPECT_EQ(cards.body, json({{"cards", find_game("rise-tcg").catalog_json({})}}));
  EXPECT_EQ(cards.body["cards"]["ashfang-hound"], json({{"id", "ashfang-hound"},
                                                         {"name", "Ashfang Hound"},
                                                         {"type", "Creature"},
                                                         {"cost", "1"},
                                                         {"stats", "2/1"},
                                                         {"text", "Pierce."},
                                                         {"keywords", {"Pierce"}}}));
  EXPECT_EQ(client_->get("/api/tables/" + tcg.id + "/cards").body, cards.body);  // cached: the same again
  const CreatedTable rrd = create({{"game", "raise-rise-die"}, {"seats", {"human", "human"}}, {"seed", 5}});
  EXPECT_EQ(client_->get("/api/tables/" + rrd.id + "/cards").body["cards"]["severine"]["type"], "personnage");
  const CreatedTable dl = create({{"game", "dark-legacy"}, {"seats", {"human", "human"}}, {"seed", 5}});
  EXPECT_EQ(client_->get("/api/tables/" + dl.id + "/cards").body["cards"]["scrap-drone"]["keywords"],
            json({"flying"}));
  const CreatedTable hex = create(hex_two_humans());
  EXPECT_EQ(client_->get("/api/tables/" + hex.id + "/cards").body, json({{"cards", json::object()}}));
  const Answer unknown = client_->get("/api/tables/0123456789abcdef/cards");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(unknown.body["error"], "unknown_table");
}

}  // namespace
}  // namespace rise::server::testing
