// Load: many tables with AI seats played at once over HTTP, every action acknowledged and
// stored, action→acknowledgement latencies reported; and an event stream whose client went
// away frees its server thread within about a second.
//
// LoadTest.DISABLED_Measure is the measurement of docs/server.md ("Load"), run in Release:
//   RISE_LOAD_GAME=rise-hex RISE_LOAD_AI=mcts:iters=1000 RISE_LOAD_ACTIONS=20
//     BUILD/server_test --gtest_also_run_disabled_tests --gtest_filter=LoadTest.DISABLED_Measure
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "rise/core/rng.h"
#include "rise/store/table_store.h"
#include "server_fixture.h"

namespace rise::server::testing {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The q-quantile (0..1) of `values` (nearest rank), 0 when empty.
double quantile(std::vector<double> values, double q) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t rank = static_cast<size_t>(q * static_cast<double>(values.size() - 1) + 0.5);
  return values[std::min(rank, values.size() - 1)];
}

std::string env_or(const char* name, const std::string& fallback) {
  const char* value = std::getenv(name);
  return value && *value ? value : fallback;
}

// A loopback TCP connection to `port` that gives up a read after 10 s; -1 when it fails.
int connect_to(int port) {
  const int sock = socket(AF_INET, SOCK_STREAM, 0);
  if (sock < 0) return -1;
  timeval timeout{10, 0};
  setsockopt(sock, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(sock, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    close(sock);
    return -1;
  }
  return sock;
}

// Reads from `sock` until `count` events "event: view" have come (or the read times out);
// returns how many came.
int read_views(int sock, std::string& received, int count) {
  char buffer[8192];
  auto views = [&] {
    int n = 0;
    for (size_t at = received.find("event: view"); at != std::string::npos; at = received.find("event: view", at + 1)) ++n;
    return n;
  };
  while (views() < count) {
    const ssize_t n = recv(sock, buffer, sizeof buffer, 0);
    if (n <= 0) break;
    received.append(buffer, static_cast<size_t>(n));
  }
  return views();
}

struct LoadConfig {
  std::string game = "rise-hex";
  std::string ai = "random";  // the AI seat of every table (seat 1; seat 0 is the human)
  int tables = 100;
  int actions = 6;            // human actions per table (fewer if the game ends first)
  int clients = 4;            // client threads, each playing the human seat of tables/clients tables
  int seconds = 40;           // give up after this long
  bool varied = false;        // the human plays a seeded random legal action, not the first
  int streams = 0;            // spectators' event streams kept open across the tables meanwhile
  // Hint flood: this many client threads, each with a table of two humans of `game`, ask for
  // a hint of the seat to move, then play its first legal action (a new position: a new
  // search), over and over while the load runs.
  int hint_clients = 0;
};

struct LoadResult {
  std::vector<double> ack_ms;    // POST …/actions → its answer, per human action
  std::vector<double> reply_ms;  // that answer → the view showing the AI's reply (polled)
  std::vector<double> cycle_ms;  // one polling round of a client thread over its tables
  int refused = 0;               // actions answered with anything but 200 and version + 1
  int unfinished = 0;            // tables that did not reach their actions in time
  std::vector<std::pair<std::string, int>> versions;  // table id, version once quiet
  std::vector<double> lobby_ms;  // GET /api/games, asked every 50 ms while the load runs
  int hints = 0;                 // hint requests answered 200 (the flood)
  int hints_refused = 0;         // answered otherwise (503 hints_busy, 429 too_many_hints)
};

// The hint flood's client threads (LoadConfig::hint_clients): each asks hints at its own table
// (two humans) and moves on, until `done`.
void flood_hints(int port, const CreatedTable& table, const std::atomic<bool>& done, LoadResult& out,
                 std::mutex& out_mutex) {
  ApiClient client(port);
  int answered = 0, refused = 0;
  while (!done) {
    const Answer v0 = client.get("/api/tables/" + table.id + "/view", table.keys[0]);
    if (v0.status != 200 || v0.body["terminal"].get<bool>()) break;
    const size_t seat = v0.body["legal"].empty() ? 1 : 0;
    const Answer v = seat == 0 ? v0 : client.get("/api/tables/" + table.id + "/view", table.keys[1]);
    if (v.status != 200 || v.body["legal"].empty()) break;
    const Answer h = client.get("/api/tables/" + table.id + "/hint", table.keys[seat]);
    (h.status == 200 ? answered : refused) += 1;
    if (h.status != 200) std::this_thread::sleep_for(std::chrono::milliseconds(200));
    client.post("/api/tables/" + table.id + "/actions", json{{"key", table.keys[seat]}, {"version", v.body["version"]},
                                                              {"action", v.body["legal"][0]["text"]}});
  }
  std::lock_guard lock(out_mutex);
  out.hints += answered;
  out.hints_refused += refused;
}

// One client thread's share: plays the human seat of each table with its first legal action.
void play_tables(int port, const std::vector<CreatedTable>& tables, const LoadConfig& config, LoadResult& out,
                 std::mutex& out_mutex) {
  ApiClient client(port);
  struct Progress {
    int acted = 0;
    int acked_version = -1;  // waiting for the AI's reply to this version
    Clock::time_point acked_at;
    bool done = false;
  };
  std::vector<Progress> progress(tables.size());
  Rng rng(static_cast<uint64_t>(port) ^ tables.size());  // varied play: longer games
  LoadResult mine;
  const auto deadline = Clock::now() + std::chrono::seconds(config.seconds);
  for (size_t left = tables.size(); left > 0 && Clock::now() < deadline;) {
    const auto cycle = Clock::now();
    bool acted = false;
    for (size_t i = 0; i < tables.size(); ++i) {
      Progress& p = progress[i];
      if (p.done) continue;
      const CreatedTable& t = tables[i];
      const Answer v = client.get("/api/tables/" + t.id + "/view", t.keys[0]);
      if (v.status != 200) {
        ++mine.refused;
        continue;
      }
      const int version = v.body["version"].get<int>();
      if (p.acked_version >= 0 && version > p.acked_version) {
        mine.reply_ms.push_back(ms_since(p.acked_at));
        p.acked_version = -1;
      }
      if (v.body["terminal"].get<bool>() || p.acted >= config.actions) {
        p.done = true;
        --left;
        continue;
      }
      if (v.body["legal"].empty()) continue;  // the AI's turn
      const json& legal = v.body["legal"];
      const json& action = legal[config.varied ? rng.below(legal.size()) : 0]["text"];
      const auto start = Clock::now();
      const Answer a =
          client.post("/api/tables/" + t.id + "/actions", json{{"key", t.keys[0]}, {"version", version}, {"action", action}});
      mine.ack_ms.push_back(ms_since(start));
      if (a.status != 200 || a.body["version"] != version + 1) {
        ++mine.refused;
        ADD_FAILURE() << "table " << t.id << ": " << a.status << " " << a.body.dump();
        continue;
      }
      ++p.acted;
      p.acked_version = version + 1;
      p.acked_at = Clock::now();
      acted = true;
    }
    mine.cycle_ms.push_back(ms_since(cycle));
    if (!acted) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  for (const Progress& p : progress) mine.unfinished += p.done ? 0 : 1;
  std::lock_guard lock(out_mutex);
  out.ack_ms.insert(out.ack_ms.end(), mine.ack_ms.begin(), mine.ack_ms.end());
  out.reply_ms.insert(out.reply_ms.end(), mine.reply_ms.begin(), mine.reply_ms.end());
  out.cycle_ms.insert(out.cycle_ms.end(), mine.cycle_ms.begin(), mine.cycle_ms.end());
  out.refused += mine.refused;
  out.unfinished += mine.unfinished;
}

class LoadTest : public ServerTest {
 protected:
  // Creates config.tables tables (human vs config.ai), plays them from config.clients
  // threads, waits until every table is quiet (its human on move, or over) and returns the
  // measurements, printing them.
  LoadResult run_load(const LoadConfig& config) {
    std::vector<CreatedTable> tables;
    for (int i = 0; i < config.tables; ++i) {
      tables.push_back(create({{"game", config.game}, {"seats", {"human", config.ai}}, {"seed", 1000 + i}}));
      if (tables.back().id.empty()) return {};
    }
    // The spectators: `streams` event streams spread over the tables, read by one thread
    // (poll) that discards what comes, for as long as the load runs.
    std::vector<int> streams;
    for (int i = 0; i < config.streams; ++i) {
      const CreatedTable& t = tables[static_cast<size_t>(i) % tables.size()];
      const int sock = connect_to(port_);
      if (sock < 0) {
        ADD_FAILURE() << "stream " << i << ": cannot connect";
        break;
      }
      const std::string request = "GET /api/tables/" + t.id + "/events HTTP/1.1\r\nHost: x\r\n\r\n";
      if (send(sock, request.data(), request.size(), 0) != static_cast<ssize_t>(request.size())) ADD_FAILURE();
      streams.push_back(sock);
    }
    std::atomic<bool> load_done{false};
    std::atomic<int64_t> stream_bytes{0};
    std::thread spectators([&] {
      std::vector<pollfd> fds;
      for (int sock : streams) fds.push_back({sock, POLLIN, 0});
      char buffer[65536];
      while (!load_done && !fds.empty()) {
        if (poll(fds.data(), fds.size(), 50) <= 0) continue;
        for (pollfd& f : fds) {
          if (!(f.revents & (POLLIN | POLLHUP | POLLERR))) continue;
          const ssize_t n = recv(f.fd, buffer, sizeof buffer, MSG_DONTWAIT);
          if (n > 0) stream_bytes += n;
        }
      }
    });
    LoadResult result;
    std::mutex mutex;
    // The hint flood and the lobby's latency, for as long as the load runs.
    std::vector<CreatedTable> hint_tables;
    for (int i = 0; i < config.hint_clients; ++i) {
      hint_tables.push_back(create({{"game", config.game}, {"seats", {"human", "human"}}}));
    }
    std::vector<std::thread> flood;
    for (const CreatedTable& t : hint_tables) {
      flood.emplace_back([&, t] { flood_hints(port_, t, load_done, result, mutex); });
    }
    std::thread lobby([&] {
      ApiClient client(port_);
      std::vector<double> took;
      while (!load_done) {
        const auto asked = Clock::now();
        const Answer a = client.get("/api/games");
        took.push_back(ms_since(asked));
        if (a.status != 200) ADD_FAILURE() << "GET /api/games: " << a.status;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      }
      std::lock_guard lock(mutex);
      result.lobby_ms = std::move(took);
    });
    const auto start = Clock::now();
    std::vector<std::thread> clients;
    for (int c = 0; c < config.clients; ++c) {
      std::vector<CreatedTable> share;
      for (size_t i = static_cast<size_t>(c); i < tables.size(); i += static_cast<size_t>(config.clients)) {
        share.push_back(tables[i]);
      }
      clients.emplace_back([&, share] { play_tables(port_, share, config, result, mutex); });
    }
    for (std::thread& t : clients) t.join();
    const double seconds = ms_since(start) / 1000;
    load_done = true;
    spectators.join();
    lobby.join();
    for (std::thread& t : flood) t.join();
    for (int sock : streams) close(sock);
    for (const CreatedTable& t : tables) {  // quiet: no AI move left to store
      json v;
      for (int i = 0; i < 3000; ++i) {
        v = view(t.id, t.keys[0]).body;
        if (v["terminal"].get<bool>() || !v["legal"].empty()) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      }
      result.versions.emplace_back(t.id, v["version"].get<int>());
    }
    std::printf(
        "load: %d tables of %s, human (%s) vs %s, %d client threads, %zu open event streams (%.1f MB read), %.1f s: "
        "%zu actions acknowledged, %d refused, %d tables unfinished\n"
        "  action->ack     p50 %.1f ms  p95 %.1f ms  p99 %.1f ms  max %.1f ms\n"
        "  ack->AI reply   p50 %.1f ms  p95 %.1f ms  p99 %.1f ms  max %.1f ms  (%zu replies; polled, +- one round: "
        "p50 %.1f ms)\n"
        "  GET /api/games  p50 %.1f ms  p95 %.1f ms  p99 %.1f ms  max %.1f ms  (%zu requests, one every 50 ms)\n"
        "  hint flood      %d client threads: %d hints answered, %d refused (hints_busy, too_many_hints)\n",
        config.tables, config.game.c_str(), config.varied ? "random legal actions" : "first legal action",
        config.ai.c_str(), config.clients, streams.size(), static_cast<double>(stream_bytes) / 1e6, seconds,
        result.ack_ms.size(),
        result.refused, result.unfinished, quantile(result.ack_ms, 0.5), quantile(result.ack_ms, 0.95),
        quantile(result.ack_ms, 0.99), quantile(result.ack_ms, 1.0), quantile(result.reply_ms, 0.5),
        quantile(result.reply_ms, 0.95), quantile(result.reply_ms, 0.99), quantile(result.reply_ms, 1.0),
        result.reply_ms.size(), quantile(result.cycle_ms, 0.5), quantile(result.lobby_ms, 0.5),
        quantile(result.lobby_ms, 0.95), quantile(result.lobby_ms, 0.99), quantile(result.lobby_ms, 1.0),
        result.lobby_ms.size(), config.hint_clients, result.hints, result.hints_refused);
    std::fflush(stdout);
    return result;
  }

  // Every acknowledged action is in the database: each table stores exactly its version.
  void expect_stored(const LoadResult& result) {
    stop_server();
    store::TableStore store = store::TableStore::open(db_);
    for (const auto& [id, version] : result.versions) {
      EXPECT_EQ(static_cast<int>(store.find_table(id)->actions.size()), version) << "table " << id;
    }
  }
};

TEST_F(LoadTest, HundredTablesWithAiSeatsAcknowledgeEveryActionWithoutWaiting) {
  policy_.max_open_per_client = 101;  // one client opens them all (and the slow table)
  start_server(2);
  // A table whose AI searches for 2 x 0.6 s holds one of the two AI workers meanwhile: its
  // human's action is acknowledged at once, and the other tables go on.
  const CreatedTable slow = create({{"game", "rise-hex"}, {"seats", {"human", "mcts:ms=600"}}, {"seed", 1}});
  const auto slow_start = Clock::now();
  ASSERT_EQ(act_first_legal(slow).status, 200);
  const double slow_ack = ms_since(slow_start);

  LoadConfig config;
  const LoadResult result = run_load(config);
  EXPECT_EQ(result.refused, 0);
  EXPECT_EQ(result.unfinished, 0);
  ASSERT_EQ(result.versions.size(), 100u);
  size_t actions = 0;
  for (const auto& [id, version] : result.versions) actions += static_cast<size_t>(version);
  EXPECT_GE(result.ack_ms.size(), 100u * 3);  // rise-hex games of first-legal vs random last longer
  EXPECT_GE(actions, result.ack_ms.size());   // the humans' actions and the AI replies
  EXPECT_LT(quantile(result.ack_ms, 0.99), 1000.0);  // Debug, 2 shared cores: typically ~10 ms

  EXPECT_LT(slow_ack, 500.0);  // did not wait for the search
  for (int i = 0; i < 500 && view(slow.id, slow.keys[0]).body["version"] != 3; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(view(slow.id, slow.keys[0]).body["version"], 3);
  EXPECT_GE(ms_since(slow_start), 1200.0);  // the AI's two searches
  expect_stored(result);
}

// The measurement for docs/server.md ("Load"); run it in Release with the environment
// variables RISE_LOAD_GAME, RISE_LOAD_AI, RISE_LOAD_TABLES, RISE_LOAD_ACTIONS,
// RISE_LOAD_CLIENTS, RISE_LOAD_SECONDS, RISE_LOAD_AI_THREADS (0: one per core, at least 2),
// RISE_LOAD_VARIED (1, the default: the humans play random legal actions; 0: the first),
// RISE_LOAD_STREAMS (open event streams), RISE_LOAD_HINT_CLIENTS (a hint flood: threads asking
// hints without pause, the per-client hint limit lifted). Besides the actions' latencies it
// reports the lobby's (GET /api/games every 50 ms).
TEST_F(LoadTest, DISABLED_Measure) {
  policy_.max_open_per_client = policy_.max_open_tables;  // one client opens them all
  const int hint_clients = std::stoi(env_or("RISE_LOAD_HINT_CLIENTS", "0"));
  hint_settings_ = HintSettings{};  // the server's own (the fixture's are small, for Debug)
  if (hint_clients > 0) hint_settings_.per_client_per_minute = 1'000'000;  // the flood is one client
  start_server(static_cast<unsigned>(std::stoi(env_or("RISE_LOAD_AI_THREADS", "0"))));
  LoadConfig config;
  config.game = env_or("RISE_LOAD_GAME", "rise-hex");
  config.ai = env_or("RISE_LOAD_AI", "mcts:iters=1000");
  config.tables = std::stoi(env_or("RISE_LOAD_TABLES", "100"));
  config.actions = std::stoi(env_or("RISE_LOAD_ACTIONS", "20"));
  config.clients = std::stoi(env_or("RISE_LOAD_CLIENTS", "4"));
  config.seconds = std::stoi(env_or("RISE_LOAD_SECONDS", "600"));
  config.varied = env_or("RISE_LOAD_VARIED", "1") == "1";
  config.streams = std::stoi(env_or("RISE_LOAD_STREAMS", "0"));
  config.hint_clients = hint_clients;
  const LoadResult result = run_load(config);
  EXPECT_EQ(result.refused, 0);
  EXPECT_EQ(result.unfinished, 0);
  expect_stored(result);
}

// A client that drops its event stream is noticed within about a second: on a server of a
// single HTTP thread, the next request is answered at once after the stream's client went
// away (it waited up to 15 s before the keep-alive was sent every half second).
TEST_F(LoadTest, ADroppedEventStreamFreesItsThreadWithinASecond) {
  start_server(1);
  const CreatedTable t = create({{"game", "rise-hex"}, {"seats", {"human", "human"}}, {"seed", 7}});
  HttpServer single(*manager_, ServerConfig{"127.0.0.1", 0, "", 1});
  const int port = single.start();

  const int sock = socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(sock, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(connect(sock, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  const std::string request = "GET /api/tables/" + t.id + "/events HTTP/1.1\r\nHost: x\r\nX-Rise-Key: " + t.keys[0] + "\r\n\r\n";
  ASSERT_EQ(send(sock, request.data(), request.size(), 0), static_cast<ssize_t>(request.size()));
  std::string received;
  char buffer[4096];
  while (received.find("event: view") == std::string::npos) {
    const ssize_t n = recv(sock, buffer, sizeof buffer, 0);
    ASSERT_GT(n, 0);
    received.append(buffer, static_cast<size_t>(n));
  }
  close(sock);  // the browser tab is gone
  const auto gone = Clock::now();
  ApiClient client(port);
  const Answer games = client.get("/api/games");  // needs the server's only thread
  const double waited = ms_since(gone);
  EXPECT_EQ(games.status, 200);
  EXPECT_LT(waited, 1600.0);
  std::printf("a dropped event stream freed its thread after %.0f ms\n", waited);
}

// Issue 18: open event streams, idle connections and requests that never finish hold no
// thread. On a server of 4 handler threads, 300 spectators' streams, 300 connections that
// send nothing and 50 that send half a request (each of these froze a thread, and 64 froze
// the server): a new request is still answered at once, and an action reaches every stream.
TEST_F(LoadTest, HundredsOfStreamsAndIdleConnectionsHoldNoThread) {
  start_server(1);
  const CreatedTable t = create(hex_two_humans());
  HttpServer small(*manager_, ServerConfig{"127.0.0.1", 0, "", 4});
  const int port = small.start();
  constexpr int kStreams = 300;
  std::vector<int> streams;
  std::vector<int> idle;
  const std::string request = "GET /api/tables/" + t.id + "/events HTTP/1.1\r\nHost: x\r\n\r\n";
  for (int i = 0; i < kStreams; ++i) {
    const int sock = connect_to(port);
    ASSERT_GE(sock, 0);
    ASSERT_EQ(send(sock, request.data(), request.size(), 0), static_cast<ssize_t>(request.size()));
    streams.push_back(sock);
  }
  std::vector<std::string> received(kStreams);
  for (int i = 0; i < kStreams; ++i) ASSERT_EQ(read_views(streams[i], received[i], 1), 1) << "stream " << i;
  for (int i = 0; i < 300; ++i) idle.push_back(connect_to(port));
  const std::string half = "GET /api/games HTTP/1.1\r\nHost: x\r\n";
  for (int i = 0; i < 50; ++i) {
    idle.push_back(connect_to(port));
    ASSERT_EQ(send(idle.back(), half.data(), half.size(), 0), static_cast<ssize_t>(half.size()));
  }
  const auto asked = Clock::now();
  ApiClient client(port);
  const Answer games = client.get("/api/games");
  const double waited = ms_since(asked);
  EXPECT_EQ(games.status, 200);
  EXPECT_LT(waited, 1000.0);
  ASSERT_EQ(act_first_legal(t).status, 200);
  for (int i = 0; i < kStreams; ++i) EXPECT_EQ(read_views(streams[i], received[i], 2), 2) << "stream " << i;
  std::printf("%d streams, %zu idle or half-sent connections, 4 handler threads: GET /api/games in %.1f ms\n",
              kStreams, idle.size(), waited);
  for (int sock : streams) close(sock);
  for (int sock : idle) close(sock);
}

// A client that stops reading its event stream is cut off once a write waits longer than
// ServerConfig::write_timeout (30 s by default; 300 ms here), so it holds neither memory nor
// a write for long. Six random AIs play rise-tcg: views of kilobytes at every action, far
// more than the socket buffers hold.
TEST_F(LoadTest, AStreamWhoseClientStopsReadingIsClosedAfterTheWriteTimeout) {
  start_server(2);
  ServerConfig config{"127.0.0.1", 0, "", 4};
  config.write_timeout = std::chrono::milliseconds(300);
  HttpServer small(*manager_, config);
  const int port = small.start();
  const CreatedTable t = create({{"game", "rise-tcg"},
                                 {"seats", {"random", "random", "random", "random", "random", "random"}},
                                 {"seed", 3}});
  const int sock = connect_to(port);
  ASSERT_GE(sock, 0);
  const std::string request = "GET /api/tables/" + t.id + "/events HTTP/1.1\r\nHost: x\r\n\r\n";
  ASSERT_EQ(send(sock, request.data(), request.size(), 0), static_cast<ssize_t>(request.size()));
  wait_terminal(t.id, "", 120);  // read nothing meanwhile
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  timeval quick{2, 0};
  setsockopt(sock, SOL_SOCKET, SO_RCVTIMEO, &quick, sizeof quick);
  char buffer[65536];
  int64_t drained = 0;
  ssize_t n = 0;
  while ((n = recv(sock, buffer, sizeof buffer, 0)) > 0) drained += n;
  EXPECT_EQ(n, 0) << "the server kept the stream of a client that stopped reading (" << drained << " bytes buffered)";
  close(sock);
}

// A client that opens and drops event streams on a table that does not change leaves
// nothing behind: ended streams' observers are pruned as new ones come.
TEST_F(LoadTest, StreamsOpenedAndDroppedOnAnIdleTableLeaveNothingBehind) {
  start_server(1);
  const CreatedTable t = create(hex_two_humans());
  const std::string request = "GET /api/tables/" + t.id + "/events HTTP/1.1\r\nHost: x\r\n\r\n";
  for (int i = 0; i < 400; ++i) {
    const int sock = connect_to(port_);
    ASSERT_GE(sock, 0);
    ASSERT_EQ(send(sock, request.data(), request.size(), 0), static_cast<ssize_t>(request.size()));
    std::string received;
    ASSERT_EQ(read_views(sock, received, 1), 1);
    close(sock);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // the last streams see their clients go
  const std::shared_ptr<Table> table = manager_->find(t.id);
  std::lock_guard lock(table->mutex());
  EXPECT_LE(table->observer_count(), 130u);  // at most the pruning bound, not 400
}

}  // namespace
}  // namespace rise::server::testing
