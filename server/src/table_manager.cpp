// The server's tables, their persistence and their AI seats.
#include "rise/server/table_manager.h"

#include <algorithm>
#include <cmath>
#include <future>
#include <iostream>
#include <random>
#include <thread>
#include <tuple>

#include "rise/ai/player.h"
#include "rise/core/registry.h"
#include "rise/core/undo.h"
#include "rise/server/api_error.h"
#include "rise/server/hints.h"
#include "worker_pool.h"

namespace rise::server {

namespace {

// Bytes of a table id: 8 random bytes, 16 hex digits. Ids are public (the lobby lists them);
// the seat keys are the secrets.
constexpr size_t kTableIdBytes = 8;

// AI searches at once per --ai-threads thread: beyond the threads, more searches share the
// cores (each runs slower) instead of waiting for a long one to end.
constexpr unsigned kSearchesPerThread = 4;
// The nice value added to the threads that search (AI seats' moves, hints): the HTTP threads
// that answer the lobby, views and actions take a core first (issue 37: the lobby's p99 within
// 100 ms during a hint flood or long searches). Searches still use every idle core.
constexpr int kSearchNice = 10;

// Bytes of a seed commitment's salt (fair_seed.h): 128 bits.
constexpr size_t kSaltBytes = 16;

// Options that would make the server read files a client names are refused: "data" (a
// directory) and a deck given as a path rather than a deck id of the built-in data.
void check_client_options(const Options& options) {
  if (options.count("data")) throw InputError("option 'data' is not accepted by the server (the built-in data is used)");
  const auto decks = options.find("decks");
  if (decks == options.end()) return;
  for (char c : decks->second) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                    c == '_' || c == ',';
    if (!ok) {
      throw InputError("option 'decks' = '" + decks->second +
                       "': the server takes deck ids only (letters, digits, '-', '_'), not files");
    }
  }
}

// Refuses a request about a finished game (409 "game_over"). Requires the table's lock.
void check_open(const Table& table) {
  if (table.finished()) throw ApiError(409, "game_over", "the game at table '" + table.id() + "' is over");
}

// Refuses a request about a finished game (409 "game_over") or made at another version than
// the table's (409 "stale_version"). Requires the table's lock.
void check_open_at(const Table& table, int version) {
  check_open(table);
  if (version != table.version()) {
    throw ApiError(409, "stale_version", "version " + std::to_string(version) + " is not the table's version " +
                                             std::to_string(table.version()) + "; read the view again");
  }
}

// Refuses a request of `seat` when another seat decides now (409 "not_your_turn").
void check_turn(const State& state, PlayerId seat) {
  if (state.current_player() != seat) {
    throw ApiError(409, "not_your_turn", decider_refusal(state, seat));
  }
}

uint64_t random_seed() {
  std::random_device device;
  return (static_cast<uint64_t>(device()) << 32) ^ device();
}

}  // namespace

TableManager::TableManager(store::TableStore store, unsigned ai_threads, HintSettings hints, AiLimits ai_limits,
                           TablePolicy policy)
    : store_(std::move(store)),
      hint_settings_(hints),
      ai_limits_(ai_limits),
      policy_(policy) {
  for (const store::StoredTable& stored : store_.open_tables()) {
    auto table = std::make_shared<Table>(stored, ai_limits_);
    tables_.emplace(table->id(), table);
  }
  if (ai_threads == 0) ai_threads = std::max(2u, std::thread::hardware_concurrency());
  // Searches of different tables run side by side rather than wait for each other: the pool
  // grows past the cores (the system shares them) up to kSearchesPerThread times.
  pool_ = std::make_unique<detail::WorkerPool>(ai_threads, ai_threads * kSearchesPerThread, kSearchNice);
  // Hint searches on their own threads, max_running of them: a hint never runs on an HTTP
  // thread (the request's thread only waits for it) nor delays an AI seat's move.
  const unsigned hint_threads = std::max(1u, hint_settings_.max_running);
  hint_pool_ = std::make_unique<detail::WorkerPool>(hint_threads, hint_threads, kSearchNice);
  quick_pool_ = std::make_unique<detail::WorkerPool>(1);
  // Reviews of finished games (review()): one at a time, at the lowest priority, so that a
  // review never delays a hint or an AI seat's move; the others wait their turn.
  review_pool_ = std::make_unique<detail::WorkerPool>(1, 1, 19);
  for (const auto& [id, table] : tables_) {
    std::lock_guard lock(table->mutex());
    schedule_ai(table);
  }
  // The reaper: idle tables expire, and seats past their move deadline resign (a quarter of
  // a second late at most).
  const auto every = policy_.idle_expiry.count() > 0
                         ? std::clamp<std::chrono::milliseconds>(policy_.idle_expiry / 4, std::chrono::milliseconds(50),
                                                                 std::chrono::milliseconds(250))
                         : std::chrono::milliseconds(250);
  reaper_ = std::thread([this, every] {
    std::unique_lock lock(reaper_mutex_);
    while (!reaper_wake_.wait_for(lock, every, [this] { return stopping_.load(); })) {
      lock.unlock();
      try {
        expire_idle_tables();
        enforce_move_deadlines();
      } catch (const std::exception& e) {  // a store error: said, and tried again later
        std::cerr << "rise serve: expiring idle tables and move deadlines: " << e.what() << "\n";
      }
      lock.lock();
    }
  });
}

TableManager::~TableManager() {
  stop();
  if (reaper_.joinable()) reaper_.join();
}

void TableManager::stop() {
  {
    std::lock_guard lock(reaper_mutex_);
    stopping_ = true;
  }
  reaper_wake_.notify_all();
  {
    std::lock_guard lock(tables_mutex_);
    for (const auto& [id, table] : tables_) {
      std::lock_guard table_lock(table->mutex());
      table->stop_ai();  // a running search ends within a few iterations; its move is not stored
    }
  }
  std::lock_guard lock(running_hints_mutex_);
  for (ai::Player* player : running_hints_) player->request_stop();
}

NewTable TableManager::create(const TableSpec& spec, const std::string& client) {
  store::StoredTable stored;
  store::TableRecord& record = stored.record;
  record.id = store::random_hex(kTableIdBytes);
  record.game = spec.game;
  const bool every_seat_ai =
      std::none_of(spec.seats.begin(), spec.seats.end(), [](const std::string& kind) { return kind == "human"; });
  if (spec.seed && !every_seat_ai && !policy_.any_table_seeds) {
    throw ApiError(400, "seed_not_allowed",
                   "a seed may be given only at a table whose every seat is an AI: the server chooses the seed of a "
                   "table with a human seat, so that no one can know its cards and dice in advance");
  }
  if (spec.seed) {
    record.seed = *spec.seed;
  } else {
    record.seed = random_seed();
    record.seed_salt = store::random_hex(kSaltBytes);
  }
  record.owner_key = store::random_hex(store::kSeatKeyBytes);
  record.move_seconds = spec.move_seconds;
  std::shared_ptr<Table> table;
  try {
    const Game& game = find_game(spec.game);
    check_client_options(spec.options);
    record.options = game.resolve_options(spec.options);
    if (spec.seats.empty()) throw InputError("a table needs at least one seat");
    for (size_t i = 0; i < spec.seats.size(); ++i) {
      const std::string& kind = spec.seats[i];
      if (kind != "human") check_ai_budget(kind, ai_limits_);
      const bool human = kind == "human";
      record.seats.push_back({kind, human ? store::random_hex(store::kSeatKeyBytes) : "",
                              human ? store::random_hex(store::kSeatKeyBytes) : "",
                              i < spec.names.size() ? spec.names[i] : "", ""});
    }
    Table check(stored, ai_limits_);  // the seat count, options and AI specs, before anything is stored
  } catch (const InputError& e) {
    throw ApiError(400, "bad_table", e.what());
  }
  std::lock_guard create_lock(create_mutex_);
  {
    std::lock_guard lock(tables_mutex_);
    if (tables_.size() >= static_cast<size_t>(policy_.max_open_tables)) {
      throw ApiError(503, "server_full", "the server has its most open tables (" +
                                             std::to_string(policy_.max_open_tables) + "); try again later");
    }
    const auto mine = std::count_if(tables_.begin(), tables_.end(), [&](const auto& entry) {
      return !client.empty() && entry.second->creator == client;
    });
    if (!client.empty() && mine >= policy_.max_open_per_client) {
      throw ApiError(429, "too_many_tables",
                     "one client may have at most " + std::to_string(policy_.max_open_per_client) +
                         " open tables; finish, resign or delete one first");
    }
  }
  {
    std::lock_guard lock(store_mutex_);
    record = store_.create_table(record);  // with its creation time
  }
  NewTable made;
  made.owner_key = record.owner_key;
  for (const store::TableSeat& seat : record.seats) made.invites.push_back(seat.invite);
  table = std::make_shared<Table>(stored, ai_limits_);
  table->creator = client;
  {
    std::lock_guard lock(tables_mutex_);
    tables_.emplace(table->id(), table);
  }
  std::lock_guard lock(table->mutex());
  schedule_ai(table);
  made.table = table;
  return made;
}

std::shared_ptr<Table> TableManager::find(const std::string& id) {
  {
    std::lock_guard lock(tables_mutex_);
    const auto it = tables_.find(id);
    if (it != tables_.end()) return it->second;
  }
  std::optional<store::StoredTable> stored;
  {
    std::lock_guard lock(store_mutex_);
    stored = store_.find_table(id);
  }
  if (!stored) throw ApiError(404, "unknown_table", "there is no table '" + id + "'");
  // Only finished tables are not in memory (every open one is loaded at start): this one is
  // rebuilt for the request and not kept.
  return std::make_shared<Table>(*stored, ai_limits_);
}

std::pair<std::vector<std::shared_ptr<Table>>, int64_t> TableManager::finished_tables(int64_t offset, int64_t limit) {
  std::vector<store::StoredTable> stored;
  int64_t total = 0;
  {
    std::lock_guard lock(store_mutex_);
    stored = store_.finished_tables(offset, limit);
    total = store_.finished_count();
  }
  std::vector<std::shared_ptr<Table>> out;
  for (const store::StoredTable& t : stored) out.push_back(std::make_shared<Table>(t, ai_limits_));
  return {std::move(out), total};
}

size_t TableManager::live_tables() const {
  std::lock_guard lock(tables_mutex_);
  return tables_.size();
}

void TableManager::forget(const std::shared_ptr<Table>& table) {
  std::lock_guard lock(tables_mutex_);
  const auto it = tables_.find(table->id());
  if (it != tables_.end() && it->second == table) tables_.erase(it);
}

void TableManager::end_table(Table& table, store::TableEnd how, PlayerId seat) {
  {
    std::lock_guard lock(store_mutex_);
    store_.end_table(table.id(), how, seat);
  }
  table.end(how, seat);
}

std::pair<PlayerId, std::string> TableManager::claim(const std::shared_ptr<Table>& table, const std::string& invite,
                                                     const std::string& bot_token) {
  std::string bot;
  if (!bot_token.empty()) {
    const auto it = policy_.bot_tokens.find(bot_token);
    if (it == policy_.bot_tokens.end()) {
      throw ApiError(403, "bad_bot_token", "this is not a bot token of this server (the operator gives them out)");
    }
    bot = it->second;
  }
  std::lock_guard lock(table->mutex());
  check_open(*table);
  int seat = -1;
  {
    std::lock_guard store_lock(store_mutex_);
    seat = store_.claim_invite(table->id(), invite, bot);
  }
  if (seat >= 0) table->mark_claimed(seat, bot);
  if (seat < 0) {
    throw ApiError(403, "bad_invite", "this invite is not one of table '" + table->id() +
                                          "', or it was claimed already (an invite link works once)");
  }
  return {seat, table->record().seats.at(static_cast<size_t>(seat)).key};
}

void TableManager::resign(const std::shared_ptr<Table>& table, const std::string& key) {
  const PlayerId seat = table->require_seat(key);
  {
    std::lock_guard lock(table->mutex());
    check_open(*table);
    end_table(*table, store::TableEnd::kResigned, seat);
  }
  forget(table);
}

void TableManager::remove(const std::string& id, const std::string& owner_key) {
  const std::shared_ptr<Table> table = find(id);
  if (!table->is_owner_key(owner_key)) {
    throw ApiError(403, "bad_owner_key", "this is not the owner key of table '" + id + "'");
  }
  {
    std::lock_guard lock(table->mutex());
    {
      std::lock_guard store_lock(store_mutex_);
      store_.delete_table(id);
    }
    if (!table->finished()) table->end(store::TableEnd::kDeleted, -1);  // listeners see it end
  }
  forget(table);
}

int TableManager::enforce_move_deadlines() {
  const auto now = std::chrono::steady_clock::now();
  int resigned = 0;
  for (const std::shared_ptr<Table>& table : open_tables()) {
    {
      std::lock_guard lock(table->mutex());
      const int seconds = table->record().move_seconds;
      if (seconds <= 0 || table->finished() || table->ai_pending) continue;
      const State& state = table->state();
      if (state.is_terminal()) continue;
      const PlayerId seat = state.current_player();
      const std::vector<PlayerId> humans = table->human_seats();
      if (std::find(humans.begin(), humans.end(), seat) == humans.end()) continue;
      const bool all_joined = std::none_of(humans.begin(), humans.end(), [&](PlayerId h) { return table->invite_pending(h); });
      if (!all_joined || now - table->last_change() < std::chrono::seconds(seconds)) continue;
      end_table(*table, store::TableEnd::kResigned, seat);
    }
    forget(table);
    ++resigned;
  }
  return resigned;
}

int TableManager::expire_idle_tables() {
  if (policy_.idle_expiry.count() <= 0) return 0;
  const auto now = std::chrono::steady_clock::now();
  int expired = 0;
  for (const std::shared_ptr<Table>& table : open_tables()) {
    {
      std::lock_guard lock(table->mutex());
      if (table->finished() || table->ai_pending || now - table->last_change() < policy_.idle_expiry) continue;
      end_table(*table, store::TableEnd::kExpired, -1);
    }
    forget(table);
    ++expired;
  }
  return expired;
}

std::vector<std::shared_ptr<Table>> TableManager::open_tables() const {
  std::vector<std::shared_ptr<Table>> out;
  {
    std::lock_guard lock(tables_mutex_);
    for (const auto& [id, table] : tables_) out.push_back(table);
  }
  std::erase_if(out, [](const std::shared_ptr<Table>& t) {
    std::lock_guard lock(t->mutex());
    return t->finished();
  });
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    return std::tie(a->record().created_at, a->record().id) < std::tie(b->record().created_at, b->record().id);
  });
  return out;
}

int TableManager::act(const std::shared_ptr<Table>& shared, const std::string& key, int version,
                      const std::string& notation) {
  Table& table = *shared;
  const PlayerId seat = table.require_seat(key);
  std::unique_lock lock(table.mutex());
  const State& state = table.state();
  check_open_at(table, version);
  check_turn(state, seat);
  Action action = 0;
  try {
    action = state.string_to_action(notation);
  } catch (const InputError& e) {
    throw ApiError(400, "bad_notation", e.what());
  }
  if (!state.is_legal(action)) {
    throw ApiError(422, "illegal_action", "'" + notation + "' is " + illegal_reason(state, action));
  }
  commit(table, action);
  schedule_ai(shared);
  const int now = table.version();
  const bool over = table.finished();
  lock.unlock();
  if (over) forget(shared);
  return now;
}

void TableManager::commit(Table& table, Action action) {
  // Applied once, to a copy: whether it ends the game is stored with the action, and the
  // table takes the copy only once the store has it.
  const State& state = table.state();
  std::unique_ptr<State> next = state.clone();
  next->apply_action(action);
  {
    std::lock_guard lock(store_mutex_);
    store_.append_action(table.id(), table.version(), state.action_to_string(action), next->is_terminal());
  }
  table.apply(action, std::move(next));
}

UndoResult TableManager::undo(const std::shared_ptr<Table>& shared, const std::string& key, int version) {
  Table& table = *shared;
  const PlayerId seat = table.require_seat(key);
  std::lock_guard lock(table.mutex());
  check_open_at(table, version);
  // A search in flight would play into the position it was given: refused, not cancelled.
  if (table.ai_pending) {
    throw ApiError(409, "ai_thinking", "an AI seat of table '" + table.id() +
                                           "' is choosing its move; ask again once it has moved");
  }
  const int keep = table.undo_point();
  if (keep < 0) {
    throw ApiError(409, "nothing_to_undo", "no human seat has acted at table '" + table.id() + "' yet");
  }
  // The one rule of undo (core/undo.h): never back across a card or a chance outcome a human
  // seat has seen since.
  const std::vector<Action>& history = table.state().history();
  const std::vector<Action> taken_back(history.begin() + keep, history.end());
  if (auto refusal = undo_refusal(*table.state_at(keep), taken_back, table.human_seats(), seat)) {
    throw ApiError(409, "undo_reveals", "no undo at table '" + table.id() + "': " + *refusal);
  }
  UndoResult result;
  result.waiting_for = table.vote_undo(seat);
  if (!result.waiting_for.empty()) {
    result.version = table.version();
    return result;
  }
  {
    std::lock_guard store_lock(store_mutex_);
    result.undone = store_.truncate_actions(table.id(), keep);
  }
  table.truncate(keep);
  schedule_ai(shared);
  result.done = true;
  result.version = table.version();
  return result;
}

void TableManager::take_hint_allowance(const std::string& client) {
  const double per_minute = std::max(1, hint_settings_.per_client_per_minute);
  const auto now = std::chrono::steady_clock::now();
  std::lock_guard lock(hint_buckets_mutex_);
  if (hint_buckets_.size() > 10'000) {  // forget the clients whose allowance is full again
    for (auto it = hint_buckets_.begin(); it != hint_buckets_.end();) {
      it = now - it->second.updated > std::chrono::minutes(1) ? hint_buckets_.erase(it) : std::next(it);
    }
  }
  auto [it, fresh] = hint_buckets_.try_emplace(client, HintBucket{per_minute, now});
  HintBucket& bucket = it->second;
  if (!fresh) {
    const double minutes = std::chrono::duration<double, std::ratio<60>>(now - bucket.updated).count();
    bucket.tokens = std::min(per_minute, bucket.tokens + minutes * per_minute);
    bucket.updated = now;
  }
  if (bucket.tokens < 1.0) {
    const int wait = static_cast<int>(std::ceil((1.0 - bucket.tokens) * 60.0 / per_minute));
    throw ApiError(429, "too_many_hints",
                   "at most " + std::to_string(static_cast<int>(per_minute)) +
                       " hint searches a minute from one client; ask again in " + std::to_string(wait) + " s");
  }
  bucket.tokens -= 1.0;
}

nlohmann::json TableManager::hint(const std::shared_ptr<Table>& table, const std::string& key, const std::string& client) {
  const PlayerId seat = table->require_seat(key, "a hint needs");
  std::unique_ptr<State> snapshot;
  int version = 0;
  long revision = 0;
  std::promise<nlohmann::json> promise;  // kept when this request searches
  std::shared_future<nlohmann::json> running;
  // This request among those that search or wait, counted until it returns.
  struct InFlight {
    std::atomic<int>* count = nullptr;
    ~InFlight() {
      if (count) count->fetch_sub(1);
    }
  } in_flight;
  {
    std::lock_guard lock(table->mutex());
    check_open(*table);
    check_turn(table->state(), seat);
    if (table->hint) return *table->hint;
    const int most = static_cast<int>(std::max(1u, hint_settings_.max_running) + hint_settings_.max_waiting);
    if (hints_in_flight_.fetch_add(1) >= most) {
      hints_in_flight_.fetch_sub(1);
      throw ApiError(503, "hints_busy",
                     "the server is searching or waiting on " + std::to_string(most) +
                         " hints already; ask again in a few seconds");
    }
    in_flight.count = &hints_in_flight_;
    if (table->hint_search.valid() && table->hint_search_revision == table->revision()) {
      running = table->hint_search;  // the same position is being searched: wait for it
    } else {
      take_hint_allowance(client);
      snapshot = table->state().clone();
      version = table->version();
      revision = table->revision();
      table->hint_search = promise.get_future().share();
      table->hint_search_revision = revision;
    }
  }
  if (running.valid()) return running.get();  // the searching request's answer or its error
  try {
    nlohmann::json answer = search_hint(*snapshot, version, seat);
    std::lock_guard lock(table->mutex());
    if (table->revision() == revision) table->hint = answer;
    if (table->hint_search_revision == revision) table->hint_search = {};
    promise.set_value(answer);
    return answer;
  } catch (...) {
    {
      std::lock_guard lock(table->mutex());
      if (table->hint_search_revision == revision) table->hint_search = {};
    }
    promise.set_exception(std::current_exception());
    throw;
  }
}

nlohmann::json TableManager::search_hint(const State& snapshot, int version, PlayerId seat) {
  ++hint_searches_;
  const std::string spec = hint_spec(snapshot.game().info(), hint_settings_.iterations);
  // On the hint pool (at most max_running searches at once; the others queue there), while
  // this HTTP thread waits without using a core. A search dropped by a stopping server
  // breaks its promise: future_error, answered 503.
  auto task = std::make_shared<std::packaged_task<ExplainedHint()>>([this, &snapshot, &spec, version] {
    // Without the table's lock; never longer than an AI seat's move may take
    // (AiLimits::max_milliseconds); a stopping server asks the search to end.
    return explained_hint(snapshot, spec, hint_seed(version), ai_limits_.max_milliseconds,
                          [this](ai::Player& player, bool searching) {
      std::lock_guard lock(running_hints_mutex_);
      if (!searching) {
        running_hints_.erase(&player);
      } else {
        running_hints_.insert(&player);
        if (stopping_) player.request_stop();
      }
    });
  });
  std::future<ExplainedHint> searched = task->get_future();
  hint_pool_->post([task = std::move(task)] { (*task)(); });  // the pool's alone: dropped, it breaks
  ExplainedHint hint;
  try {
    hint = searched.get();
  } catch (const std::future_error&) {
    throw ApiError(503, "stopping", "the server is stopping");
  }
  // The search's top candidates (docs/server.md, "Hints"): action objects like those of the
  // view's `legal` list (a candidate is the seat's own action, so its text is the same on
  // the sample as on the table), the estimates as fractions in [0, 1].
  nlohmann::json candidates = nlohmann::json::array();
  for (const ai::ExplainedCandidate& c : hint.candidates) {
    candidates.push_back({{"action", {{"id", c.action}, {"text", c.text}}},
                          {"win", c.win},
                          {"share", c.share},
                          {"continuation", c.continuation},
                          {"why", c.why}});
  }
  return {{"version", version},
          {"action", {{"id", hint.action}, {"text", snapshot.describe_action(hint.action, seat)}}},
          {"by", spec},
          {"candidates", candidates},
          {"explanation", ai::format_candidates(hint.candidates)}};
}

void TableManager::schedule_ai(const std::shared_ptr<Table>& table) {
  if (stopping_ || table->ai_pending || table->finished()) return;
  if (!table->is_ai(table->state().current_player())) return;
  table->ai_pending = true;
  // Players that do not search (random, greedy) answer in microseconds: their own worker,
  // so that no search of another table ever keeps them waiting.
  const std::string spec = table->ai_player(table->state().current_player())->spec();
  const bool searches = spec.rfind("mcts", 0) == 0 || spec.rfind("ismcts", 0) == 0;
  (searches ? pool_ : quick_pool_)->post([this, table] { run_ai(table); });
}

void TableManager::run_ai(const std::shared_ptr<Table>& table) {
  std::unique_ptr<State> snapshot;
  int version = 0;
  ai::Player* player = nullptr;
  {
    std::lock_guard lock(table->mutex());
    snapshot = table->state().clone();
    version = table->version();
    player = table->ai_player(snapshot->current_player());
  }
  // The search runs without the table's lock: views and listeners of this table go on.
  // Only this seat can act meanwhile (humans are refused with not_your_turn), so the
  // version cannot change under it.
  const Action action = player->choose_action(*snapshot);
  std::unique_lock lock(table->mutex());
  table->ai_pending = false;
  if (stopping_ || table->finished() || table->version() != version) return;  // resigned, expired, deleted
  try {
    commit(*table, action);
  } catch (const InputError& e) {
    std::cerr << "rise serve: table " << table->id() << ": the AI's action was not stored: " << e.what() << "\n";
    return;
  }
  schedule_ai(table);
  const bool over = table->finished();
  lock.unlock();
  if (over) forget(table);
}

}  // namespace rise::server
