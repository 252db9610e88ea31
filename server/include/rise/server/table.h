// A table: one game being played on the server, its seats and what each seat has read.
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "rise/ai/player.h"
#include "rise/core/state.h"
#include "rise/store/table_store.h"

namespace rise::server {

// A table's live state, rebuilt from its stored record by replaying its actions. Its
// version is the number of actions applied. Every method except record() and the
// constructor requires mutex() to be held by the caller: the TableManager serialises all
// access to one table, and different tables never share a lock.
class Table {
 public:
  // Rebuilds the table: the initial state of record.game from its options, seed and seat
  // count, then every stored action in order. Makes the AI players of the AI seats (seeded
  // from the table's seed and the seat). Throws InputError "table ID: ..." for an unknown
  // game, a bad option or AI spec, or "table ID: action N 'TEXT': reason" for a stored
  // action that is not legal at its point (a corrupt or foreign database).
  explicit Table(const store::StoredTable& stored);

  // The settings as stored. Id, game, options, seed, seats and keys never change, so reading
  // them needs no lock; the status (set to finished when the game ends) does.
  const store::TableRecord& record() const { return record_; }
  const std::string& id() const { return record_.id; }

  // The table's game (from the registry; needs no lock).
  const Game& game() const;

  std::mutex& mutex() const { return mutex_; }

  // Notified (under mutex()) each time the version changes.
  std::condition_variable& changed() const { return changed_; }

  const State& state() const { return *state_; }
  int version() const { return static_cast<int>(state_->history().size()); }
  bool finished() const { return state_->is_terminal(); }

  // The seat whose secret key is `key` (compared in constant time), or -1 when none is:
  // a wrong key, an empty key or the key of no seat.
  PlayerId seat_of_key(const std::string& key) const;

  // True when `seat` is played by the server (an AI spec), false for a human seat.
  bool is_ai(PlayerId seat) const;

  // The AI player of an AI seat (null for a human seat). Used by one worker at a time.
  ai::Player* ai_player(PlayerId seat) const { return players_.at(static_cast<size_t>(seat)).get(); }

  // The game's log as seat `viewer` may read it: one entry per action, the acting seat and
  // describe_action(action, viewer) taken in the state before the action.
  nlohmann::json log_for(PlayerId viewer) const;

  // The log for spectators: one entry per action, the acting seat and its public text,
  // describe_action(action, kSpectator) (for a perfect-information game, its notation).
  nlohmann::json public_log() const;

  // Applies a legal action (the caller stored it first) and notifies changed(). Precondition:
  // state().is_legal(action).
  void apply(Action action);

  // True while an AI move of this table is queued or being searched (TableManager).
  bool ai_pending = false;

 private:
  void record_log(Action action);

  store::TableRecord record_;
  std::unique_ptr<State> state_;
  std::vector<std::unique_ptr<ai::Player>> players_;
  std::vector<PlayerId> actors_;                  // the seat that took each action
  std::vector<std::vector<std::string>> texts_;  // [viewer][action]; [num_seats]: public
  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;
};

}  // namespace rise::server
