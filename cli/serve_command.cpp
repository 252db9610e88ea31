// `rise serve`: the game server (server/, docs/server.md) on one address, until Ctrl-C.
#include <chrono>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <thread>

#include <pthread.h>

#include "commands.h"
#include "rise/core/install_dirs.h"
#include "rise/server/ai_limits.h"
#include "rise/server/http_server.h"
#include "rise/server/table_manager.h"
#include "rise/store/hero_store.h"
#include "rise/store/table_store.h"

namespace rise::cli {
namespace {

// The web front end of an installed binary (SHARE/web, install_dirs.h), else the source tree's.
std::string default_web_dir() {
  const std::string share = installed_share_dir();
  return share.empty() ? std::string(RISE_WEB_DIR) : share + "/web";
}

struct ServeArgs {
  std::string host = "127.0.0.1";
  std::string port = "8080";
  std::string db;   // empty: store::default_database_path()
  std::string web = default_web_dir();
  std::string ai_threads = "0";
  std::string max_ai_iterations = std::to_string(server::AiLimits{}.max_iterations);
  std::string max_ai_ms = std::to_string(server::AiLimits{}.max_milliseconds);
  std::string max_ai_rollout = std::to_string(server::AiLimits{}.max_rollout);
  std::string max_ai_nodes = std::to_string(server::AiLimits{}.max_nodes);
  std::string log;  // empty: no log
  std::string max_tables = std::to_string(server::TablePolicy{}.max_open_tables);
  std::string max_tables_per_client = std::to_string(server::TablePolicy{}.max_open_per_client);
  std::string idle_minutes = std::to_string(server::TablePolicy{}.idle_expiry.count() / 60);
  bool any_table_seeds = false;
  std::string http_threads = "64";
  std::string hint_iterations = std::to_string(server::HintSettings{}.iterations);
  std::string hints_per_minute = std::to_string(server::HintSettings{}.per_client_per_minute);
  std::string review_iterations = std::to_string(server::HintSettings{}.review_iterations);
  std::string bot_tokens;  // --bot-tokens FILE
};

void run_serve(const ServeArgs& args) {
  const int port_number = static_cast<int>(parse_int_option("--port", args.port, 0, 65535));
  const auto ai_threads = static_cast<unsigned>(parse_int_option("--ai-threads", args.ai_threads, 0, 1024));
  server::AiLimits ai_limits;
  ai_limits.max_iterations = parse_int_option("--max-ai-iterations", args.max_ai_iterations, 1, 100'000'000);
  ai_limits.max_milliseconds = parse_int_option("--max-ai-ms", args.max_ai_ms, 1, 3'600'000);
  ai_limits.max_rollout = parse_int_option("--max-ai-rollout", args.max_ai_rollout, 0, 100'000);
  ai_limits.max_nodes = parse_int_option("--max-ai-nodes", args.max_ai_nodes, 1000, 200'000'000);
  server::TablePolicy policy;
  policy.max_open_tables = static_cast<int>(parse_int_option("--max-tables", args.max_tables, 1, 1'000'000));
  policy.max_open_per_client =
      static_cast<int>(parse_int_option("--max-tables-per-client", args.max_tables_per_client, 1, 1'000'000));
  policy.idle_expiry = std::chrono::minutes(parse_int_option("--idle-minutes", args.idle_minutes, 0, 525'600));
  policy.any_table_seeds = args.any_table_seeds;
  if (!args.bot_tokens.empty()) policy.bot_tokens = server::read_bot_tokens(args.bot_tokens);
  server::HintSettings hints;
  hints.iterations = parse_int_option("--hint-iterations", args.hint_iterations, 1, 10'000'000);
  hints.per_client_per_minute = static_cast<int>(parse_int_option("--hints-per-minute", args.hints_per_minute, 1, 100'000));
  hints.review_iterations = parse_int_option("--review-iterations", args.review_iterations, 1, 10'000'000);
  const auto http_threads = static_cast<unsigned>(parse_int_option("--http-threads", args.http_threads, 4, 4096));
  // SIGINT and SIGTERM are taken by one thread that stops the server; every other thread
  // (HTTP, AI workers) inherits the blocked mask. A kill -9 loses no acknowledged action.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  const std::string db = args.db.empty() ? store::default_database_path() : args.db;
  server::TableManager tables(store::TableStore::open(db), ai_threads, hints, ai_limits, policy);
  std::error_code ec;
  const bool has_web = std::filesystem::is_directory(args.web, ec);
  server::HttpServer http(tables, {args.host, port_number, has_web ? args.web : "", http_threads, args.log});
  const int port = http.bind();
  std::cout << "rise serve: http://" << args.host << ":" << port << "/  (database " << db << ")\n";
  if (!has_web) std::cout << "rise serve: no web front end at " << args.web << "; the JSON API is served\n";
  std::cout << "rise serve: Ctrl-C stops\n" << std::flush;
  std::thread stopper([&] {
    int signal = 0;
    sigwait(&signals, &signal);
    tables.stop();  // searches end at once: no request waits on one
    http.stop();
  });
  http.run();
  stopper.join();
  std::cout << "rise serve: stopped\n";
}

}  // namespace

void add_serve_command(CLI::App& app) {
  auto args = std::make_shared<ServeArgs>();
  auto* serve = app.add_subcommand("serve", "Serve tables of humans and AIs over HTTP (docs/server.md)");
  serve->add_option("--host", args->host, "the address to listen on; another than 127.0.0.1 opens the server to the network")
      ->capture_default_str();
  serve->add_option("--port", args->port, "the port to listen on; 0: a free port, printed on the first line")
      ->capture_default_str();
  serve->add_option("--db", args->db,
                    "the database of tables (default $XDG_DATA_HOME/rise/rise.db, else ~/.local/share/rise/rise.db)");
  serve->add_option("--web", args->web, "the folder of the web front end, served at /")->capture_default_str();
  serve->add_option("--ai-threads", args->ai_threads, "threads moving the AI seats, 0-1024 (0: one per core, at least 2)")
      ->capture_default_str();
  serve->add_option("--log", args->log,
                    "append a JSON line for every request and every server error to this file (never a seat key)");
  serve->add_option("--max-ai-iterations", args->max_ai_iterations,
                    "the most search iterations an AI seat (mcts, ismcts) may use a move; a table asking more is refused")
      ->capture_default_str();
  serve->add_option("--max-ai-ms", args->max_ai_ms,
                    "the most milliseconds an AI seat may think a move (ms=); a table asking more is refused; "
                    "also the hard limit on every AI move and hint, whatever its settings")
      ->capture_default_str();
  serve->add_option("--max-ai-rollout", args->max_ai_rollout,
                    "the most random actions an AI seat's search plays after each leaf (rollout=); more is refused")
      ->capture_default_str();
  serve->add_option("--max-ai-nodes", args->max_ai_nodes,
                    "the most nodes of an AI seat's search tree (nodes=), its memory; more is refused")
      ->capture_default_str();
  serve->add_option("--max-tables", args->max_tables, "the most open tables on the server; more are refused (503)")
      ->capture_default_str();
  serve->add_option("--max-tables-per-client", args->max_tables_per_client,
                    "the most open tables one client (address) may have created; more are refused (429)")
      ->capture_default_str();
  serve->add_option("--idle-minutes", args->idle_minutes,
                    "an open table without an action for this many minutes ends as expired; 0: never")
      ->capture_default_str();
  serve->add_flag("--allow-seeds", args->any_table_seeds,
                  "let a table with a human seat be created with a given seed (tests, private experiments: a "
                  "player who knows the seed knows every card; by default only all-AI tables take one)");
  serve->add_option("--http-threads", args->http_threads, "threads answering HTTP requests (an event stream holds one)")
      ->capture_default_str();
  serve->add_option("--hint-iterations", args->hint_iterations, "search iterations of one hint")->capture_default_str();
  serve->add_option("--bot-tokens", args->bot_tokens,
                    "a file of bot tokens, 'NAME TOKEN' a line: a bot that claims a seat with one (header X-Rise-Bot) "
                    "is shown as NAME (docs/server.md, \"Bots\")");
  serve->add_option("--review-iterations", args->review_iterations,
                    "search iterations of each decision in a finished game's review (GET .../review)")
      ->capture_default_str();
  serve->add_option("--hints-per-minute", args->hints_per_minute,
                    "hint searches one client (address) may start a minute, in a burst of as many; more: 429")
      ->capture_default_str();
  serve->footer(
      "Fixed limits: request bodies of 64 KiB (413 beyond); 2 hint searches at once, 16 more waiting (503 beyond); lobby "
      "pages of 50 "
      "tables (?limit= up to 200). Every limit: docs/server.md, \"Limits\".");
  serve->callback([args]() { run_serve(*args); });
}

}  // namespace rise::cli
