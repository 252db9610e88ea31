// A table rebuilt from its stored actions, with its per-seat logs.
#include "rise/server/table.h"

#include <algorithm>

#include <openssl/crypto.h>

#include "rise/core/error.h"
#include "rise/core/game.h"
#include "rise/core/registry.h"
#include "rise/server/api_error.h"

namespace rise::server {

namespace {

// Seeds the AI player of `seat` from the table's seed, so that two AI seats of one table
// never share a random stream.
uint64_t player_seed(uint64_t table_seed, PlayerId seat) {
  return table_seed ^ (0x9e3779b97f4a7c15ULL * static_cast<uint64_t>(seat + 1));
}

}  // namespace

Table::Table(const store::StoredTable& stored, const AiLimits& limits) : record_(stored.record) {
  const std::string where = "table " + record_.id;
  for (store::TableSeat& seat : record_.seats) {
    invite_pending_.push_back(!seat.invite.empty());
    seat.invite.clear();  // the store checks claims
  }
  if (record_.status == store::TableStatus::kFinished) {
    ended_ = record_.ended;
    resigned_seat_ = record_.resigned_seat;
  }
  try {
    const Game& game = find_game(record_.game);
    state_ = game.new_initial_state(record_.seed, record_.options, static_cast<int>(record_.seats.size()));
    for (size_t seat = 0; seat < record_.seats.size(); ++seat) {
      const std::string& kind = record_.seats[seat].kind;
      players_.push_back(kind == "human" ? nullptr
                                         : ai::make_player(capped_ai_spec(kind, limits),
                                                           player_seed(record_.seed, static_cast<PlayerId>(seat))));
      // Whatever the spec's settings, no move holds an AI worker past the time cap.
      if (players_.back()) players_.back()->set_move_time_limit(limits.max_milliseconds);
    }
  } catch (const InputError& e) {
    throw InputError(where + ": " + e.what());
  }
  texts_.resize(record_.seats.size() + 1);  // the seats' logs, then the public one
  for (size_t i = 0; i < stored.actions.size(); ++i) {
    const std::string& text = stored.actions[i];
    Action action = 0;
    try {
      action = state_->string_to_action(text);
    } catch (const InputError& e) {
      throw InputError(where + ": action " + std::to_string(i) + " '" + text + "': " + e.what());
    }
    if (!state_->is_legal(action)) {
      throw InputError(where + ": action " + std::to_string(i) + " '" + text + "': " +
                       (state_->is_terminal() ? "the game is over" : state_->explain_illegal(action)));
    }
    record_log(action);
    state_->apply_action(action);
  }
  undo_votes_.assign(record_.seats.size(), false);
}

const Game& Table::game() const { return state_->game(); }

namespace {

// Whether `key` is the non-empty `secret`, in time independent of their content
// (OpenSSL's CRYPTO_memcmp), so that timing reveals nothing of a secret.
bool secret_matches(const std::string& secret, const std::string& key) {
  return !secret.empty() && secret.size() == key.size() && CRYPTO_memcmp(secret.data(), key.data(), key.size()) == 0;
}

}  // namespace

PlayerId Table::seat_of_key(const std::string& key) const {
  PlayerId found = -1;
  for (size_t seat = 0; seat < record_.seats.size(); ++seat) {
    if (secret_matches(record_.seats[seat].key, key)) found = static_cast<PlayerId>(seat);
  }
  return found;
}

bool Table::is_owner_key(const std::string& key) const { return secret_matches(record_.owner_key, key); }

PlayerId Table::require_seat(const std::string& key, const std::string& what) const {
  const PlayerId seat = seat_of_key(key);
  if (seat < 0) throw ApiError(403, "bad_key", what + " the key of a seat of table '" + id() + "'");
  return seat;
}

bool Table::is_ai(PlayerId seat) const {
  return seat >= 0 && static_cast<size_t>(seat) < players_.size() && players_[static_cast<size_t>(seat)] != nullptr;
}

nlohmann::json Table::log_for(PlayerId viewer) const {
  nlohmann::json log = nlohmann::json::array();
  const std::vector<std::string>& texts = texts_.at(static_cast<size_t>(viewer));
  for (size_t i = 0; i < actors_.size(); ++i) log.push_back({{"seat", actors_[i]}, {"text", texts[i]}});
  return log;
}

nlohmann::json Table::public_log() const { return log_for(static_cast<PlayerId>(record_.seats.size())); }

void Table::record_log(Action action) {
  actors_.push_back(state_->current_player());
  const size_t seats = record_.seats.size();
  for (size_t viewer = 0; viewer < seats; ++viewer) {
    texts_[viewer].push_back(state_->describe_action(action, static_cast<PlayerId>(viewer)));
  }
  texts_[seats].push_back(state_->describe_action(action, kSpectator));
}

void Table::apply(Action action, std::unique_ptr<State> next) {
  record_log(action);  // in the state before the action
  state_ = std::move(next);
  undo_votes_.assign(undo_votes_.size(), false);
  touch();
}

void Table::mark_claimed(PlayerId seat, const std::string& bot) {
  invite_pending_.at(static_cast<size_t>(seat)) = false;
  record_.seats.at(static_cast<size_t>(seat)).bot = bot;
  // A view shows who joined; the hints stay valid. The move clock (time controls) starts
  // again: it runs once every human seat is there.
  last_change_ = std::chrono::steady_clock::now();
  changed_view();
}

std::vector<double> Table::returns() const {
  if (ended_ == store::TableEnd::kRules) return state_->returns();
  std::vector<double> out(record_.seats.size(), 0.0);
  if (ended_ == store::TableEnd::kResigned) {
    for (size_t seat = 0; seat < out.size(); ++seat) out[seat] = static_cast<PlayerId>(seat) == resigned_seat_ ? -1 : 1;
  }
  return out;
}

void Table::end(store::TableEnd how, PlayerId seat) {
  ended_ = how;
  resigned_seat_ = seat;
  stop_ai();
  touch();
}

void Table::touch() {
  last_change_ = std::chrono::steady_clock::now();
  hint.reset();
  changed_view();
}

void Table::changed_view() {
  ++revision_;
  std::erase_if(observers_, [](const std::function<bool()>& observer) { return !observer(); });
}

void Table::add_observer(std::function<bool()> observer) {
  // Observers of streams that ended go at the next change; a table that does not change
  // while clients come and go prunes them here, calling each once (a live one just looks
  // and finds nothing new), so they never pile up.
  if (observers_.size() >= observers_pruned_at_) {
    std::erase_if(observers_, [](const std::function<bool()>& o) { return !o(); });
    observers_pruned_at_ = std::max<size_t>(64, 2 * observers_.size());
  }
  observers_.push_back(std::move(observer));
}

std::shared_ptr<const std::string> Table::shared_text(PlayerId seat, const std::function<std::string()>& make) const {
  if (texts_revision_ != revision_) {
    shared_texts_.clear();
    texts_revision_ = revision_;
  }
  std::shared_ptr<const std::string>& text = shared_texts_[seat];
  if (!text) text = std::make_shared<const std::string>(make());
  return text;
}

int Table::undo_point() const {
  for (int i = static_cast<int>(actors_.size()) - 1; i >= 0; --i) {
    if (!is_ai(actors_[static_cast<size_t>(i)])) return i;
  }
  return -1;
}

std::vector<PlayerId> Table::human_seats() const {
  std::vector<PlayerId> out;
  for (size_t seat = 0; seat < players_.size(); ++seat) {
    if (!players_[seat]) out.push_back(static_cast<PlayerId>(seat));
  }
  return out;
}

std::vector<PlayerId> Table::undo_votes() const {
  std::vector<PlayerId> out;
  for (size_t seat = 0; seat < undo_votes_.size(); ++seat) {
    if (undo_votes_[seat]) out.push_back(static_cast<PlayerId>(seat));
  }
  return out;
}

std::vector<PlayerId> Table::vote_undo(PlayerId seat) {
  if (!undo_votes_.at(static_cast<size_t>(seat))) {
    undo_votes_[static_cast<size_t>(seat)] = true;
    changed_view();  // a view shows the votes; the hints stay valid
  }
  std::vector<PlayerId> waiting;
  for (PlayerId human : human_seats()) {
    if (!undo_votes_[static_cast<size_t>(human)]) waiting.push_back(human);
  }
  return waiting;
}

std::unique_ptr<State> Table::state_at(int at) const {
  // Replayed from the seed, not stepped back: the game's Rng is part of the state, so the
  // actions draw exactly the dice and cards they drew the first time.
  std::unique_ptr<State> state =
      game().new_initial_state(record_.seed, record_.options, static_cast<int>(record_.seats.size()));
  const std::vector<Action>& history = state_->history();
  for (int i = 0; i < at; ++i) state->apply_action(history.at(static_cast<size_t>(i)));
  return state;
}

Replay Table::replay() const {
  std::vector<std::string> players;
  for (const store::TableSeat& s : record_.seats) players.push_back(s.kind);
  Replay replay = make_replay(*state_, record_.options, record_.seed, players);
  if (ended_ == store::TableEnd::kResigned || ended_ == store::TableEnd::kExpired) {
    replay.ended = store::to_string(ended_);
    replay.resigned_seat = ended_ == store::TableEnd::kResigned ? resigned_seat_ : -1;
    replay.returns = ended_returns(replay.ended, replay.resigned_seat, replay.num_players);
  }
  return replay;
}

void Table::truncate(int keep) {
  state_ = state_at(keep);
  actors_.resize(static_cast<size_t>(keep));
  for (std::vector<std::string>& texts : texts_) texts.resize(static_cast<size_t>(keep));
  undo_votes_.assign(undo_votes_.size(), false);
  touch();
}

}  // namespace rise::server
