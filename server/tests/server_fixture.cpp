// The in-process server of the server tests.
#include "server_fixture.h"

#include <chrono>
#include <thread>

#include <unistd.h>

#include "rise/store/table_store.h"

namespace rise::server::testing {

namespace {

Answer answer_of(const httplib::Result& result) {
  if (!result) return {0, json()};
  return {result->status, json::parse(result->body, nullptr, false)};
}

}  // namespace

httplib::Headers key_header(const std::string& key) {
  return key.empty() ? httplib::Headers{} : httplib::Headers{{"X-Rise-Key", key}};
}

Answer ApiClient::get(const std::string& path, const std::string& key) {
  return answer_of(client_.Get(path, key_header(key)));
}

Answer ApiClient::post(const std::string& path, const std::string& body) {
  return answer_of(client_.Post(path, body, "application/json"));
}

Answer ApiClient::post_as(const std::string& path, const std::string& body, const std::string& content_type,
                          const httplib::Headers& headers) {
  return answer_of(client_.Post(path, headers, body, content_type));
}

std::string ApiClient::get_text(const std::string& path, const std::string& key) {
  const httplib::Result result = client_.Get(path, key_header(key));
  return result ? result->body : std::string();
}

void ServerTest::SetUp() {
  const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
  dir_ = std::filesystem::temp_directory_path() /
         ("rise-server-" + std::string(info->test_suite_name()) + "-" + info->name() + "-" + std::to_string(getpid()));
  std::filesystem::remove_all(dir_);
  std::filesystem::create_directories(dir_);
  db_ = (dir_ / "rise.db").string();
}

void ServerTest::TearDown() {
  stop_server();
  std::filesystem::remove_all(dir_);
}

void ServerTest::start_server(unsigned ai_threads, const std::string& static_dir) {
  manager_ =
      std::make_unique<TableManager>(store::TableStore::open(db_), ai_threads, hint_settings_, ai_limits_, policy_);
  http_ = std::make_unique<HttpServer>(*manager_, ServerConfig{"127.0.0.1", 0, static_dir, 16});
  port_ = http_->start();
  client_ = std::make_unique<ApiClient>(port_);
}

void ServerTest::stop_server() {
  if (manager_) manager_->stop();  // as rise serve on SIGTERM
  client_.reset();
  http_.reset();
  manager_.reset();
}

CreatedTable ServerTest::create(const json& spec) {
  const Answer a = client_->post("/api/tables", spec);
  EXPECT_EQ(a.status, 201) << a.body.dump();
  CreatedTable t;
  t.body = a.body;
  if (a.status != 201) return t;
  t.id = a.body["id"].get<std::string>();
  t.owner_key = a.body.value("owner_key", "");
  for (const json& seat : a.body["seats"]) {
    if (!seat.contains("invite")) {
      t.keys.push_back("");
      continue;
    }
    const Answer claimed = client_->post("/api/tables/" + t.id + "/claim", json{{"invite", seat["invite"]}});
    EXPECT_EQ(claimed.status, 200) << claimed.body.dump();
    EXPECT_EQ(claimed.body.value("seat", -1), seat["seat"].get<int>());
    t.keys.push_back(claimed.body.value("key", ""));
  }
  return t;
}

Answer ServerTest::view(const std::string& id, const std::string& key) {
  return client_->get("/api/tables/" + id + "/view", key);
}

Answer ServerTest::act(const std::string& id, const std::string& key, int version, const std::string& action) {
  return client_->post("/api/tables/" + id + "/actions", json{{"key", key}, {"version", version}, {"action", action}});
}

Answer ServerTest::act_first_legal(const CreatedTable& table) {
  for (const std::string& key : table.keys) {
    if (key.empty()) continue;
    const json v = view(table.id, key).body;
    if (v["legal"].empty()) continue;
    return act(table.id, key, v["version"].get<int>(), v["legal"][0]["text"].get<std::string>());
  }
  ADD_FAILURE() << "no human seat of table " << table.id << " has a decision";
  return {};
}

json ServerTest::wait_terminal(const std::string& id, const std::string& key, int seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  json v;
  while (std::chrono::steady_clock::now() < deadline) {
    v = view(id, key).body;
    if (v.value("terminal", false)) return v;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ADD_FAILURE() << "table " << id << " did not end within " << seconds << " s: " << v.dump();
  return v;
}

}  // namespace rise::server::testing
