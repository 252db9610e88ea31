// A table: one game being played on the server, its seats and what each seat has read.
#pragma once

#include <chrono>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "rise/ai/player.h"
#include "rise/core/replay.h"
#include "rise/core/state.h"
#include "rise/server/ai_limits.h"
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
  // action that is not legal at its point (a corrupt or foreign database). An AI seat
  // searches within `limits` (capped_ai_spec), whatever its stored spec asks.
  explicit Table(const store::StoredTable& stored, const AiLimits& limits = {});

  // The settings as stored. Id, game, options, seed, seats and keys never change, so reading
  // them needs no lock. Its status and end are the ones read from the store: finished()
  // and ended() are current. The seats' invites are not kept (always empty here): the store
  // checks a claim (TableManager::claim).
  const store::TableRecord& record() const { return record_; }
  const std::string& id() const { return record_.id; }

  // The table's game (from the registry; needs no lock).
  const Game& game() const;

  std::mutex& mutex() const { return mutex_; }

  // Grows by one at every change a view shows: an action, an undo, an undo vote. Unlike
  // the version it never comes back to an old value, so a listener that compares it never
  // misses a change (an undo and a new action can bring the version back to a number it
  // had).
  long revision() const { return revision_; }

  const State& state() const { return *state_; }
  int version() const { return static_cast<int>(state_->history().size()); }
  // Over: by the game's rules (a terminal state), a resignation or idle expiry.
  bool finished() const { return ended_ != store::TableEnd::kRules || state_->is_terminal(); }
  // How a finished table ended; kRules while it is open.
  store::TableEnd ended() const { return ended_; }
  // The seat that resigned (ended() == kResigned), else -1.
  PlayerId resigned_seat() const { return resigned_seat_; }
  // Each seat's result: the state's returns, except after a resignation (the seat that
  // resigned -1, every other seat +1) or an expiry (0 for every seat).
  std::vector<double> returns() const;

  // Ends the open table without a rule: kResigned by `seat`, or kExpired (seat -1); the
  // caller stored it first (TableStore::end_table). Stops the AI seats' searches and
  // notifies the observers.
  void end(store::TableEnd how, PlayerId seat);

  // When the table last changed (creation, load, an action, an undo, a claim): idle expiry
  // and the move deadline (time controls) measure from it.
  std::chrono::steady_clock::time_point last_change() const { return last_change_; }

  // True while human seat `seat`'s invite has not been claimed (TableManager::claim); false
  // for an AI seat and for tables stored before invites (their keys were handed out).
  bool invite_pending(PlayerId seat) const { return invite_pending_.at(static_cast<size_t>(seat)); }
  // Records that `seat`'s invite was claimed (stored first) and notifies the observers: views
  // show the seat as joined.
  // `bot`: the name of the bot that claimed it with an operator's token, or "".
  void mark_claimed(PlayerId seat, const std::string& bot = "");

  // Adds an observer of the table's changes: called under mutex() after every change a
  // view shows (each time revision() grows); one that returns false is removed. It must not
  // block or take this table's lock: it should post work elsewhere (an event stream's
  // executor). Requires mutex().
  void add_observer(std::function<bool()> observer);
  // Observers kept now, ended ones not yet pruned included (tests). Requires mutex().
  size_t observer_count() const { return observers_.size(); }

  // The text make() gives for `seat` (-1: spectators) at the current revision: made once per
  // revision and seat, then shared, so that many event streams of one seat cost one view.
  // Requires mutex().
  std::shared_ptr<const std::string> shared_text(PlayerId seat, const std::function<std::string()>& make) const;

  // The client (remote address) that created this table, for the per-client limit; empty
  // for a table loaded from the store. Set once by the TableManager before it is shared.
  std::string creator;

  // The seat whose secret key is `key` (compared in constant time), or -1 when none is:
  // a wrong key, an empty key or the key of no seat.
  PlayerId seat_of_key(const std::string& key) const;

  // seat_of_key, or ApiError 403 "bad_key" "WHAT the key of a seat of table 'ID'" when no
  // seat has this key.
  PlayerId require_seat(const std::string& key, const std::string& what = "this key is not") const;

  // True when `key` is the table's owner key (compared in constant time); false for any other
  // key, and for every key of a table stored before owner keys.
  bool is_owner_key(const std::string& key) const;

  // True when `seat` is played by the server (an AI spec), false for a human seat.
  bool is_ai(PlayerId seat) const;

  // The AI player of an AI seat (null for a human seat). Used by one worker at a time.
  ai::Player* ai_player(PlayerId seat) const { return players_.at(static_cast<size_t>(seat)).get(); }
  // Asks every AI seat's search to end now (ai::Player::request_stop; the server stops).
  // Requires mutex().
  void stop_ai() const {
    for (const auto& player : players_) {
      if (player) player->request_stop();
    }
  }

  // The game's log as seat `viewer` may read it: one entry per action, the acting seat and
  // describe_action(action, viewer) taken in the state before the action.
  nlohmann::json log_for(PlayerId viewer) const;

  // The log for spectators: one entry per action, the acting seat and its public text,
  // describe_action(action, kSpectator) (for a perfect-information game, its notation).
  nlohmann::json public_log() const;

  // Takes `next`, the state after the legal `action` (the caller applied it to a clone of
  // state() and stored it first), logs the action, clears the undo votes and the hints, and
  // notifies the observers. Precondition: next is state() with action applied.
  void apply(Action action, std::unique_ptr<State> next);

  // Undo. The number of the last action taken by a human seat, or -1 when there is none
  // (only AI seats have acted, or nothing was played): the first action an undo removes.
  int undo_point() const;

  // The human seats, ascending.
  std::vector<PlayerId> human_seats() const;

  // The human seats that asked for an undo at the current version, ascending (cleared
  // whenever the version changes; kept in memory only).
  std::vector<PlayerId> undo_votes() const;

  // Records `seat`'s undo vote at the current version and notifies the observers when it is
  // new. Returns the human seats still to vote.
  std::vector<PlayerId> vote_undo(PlayerId seat);

  // The state after the first `at` actions, replayed from the table's game, options, seed
  // and seat count (as the constructor and truncate() do, so every chance outcome comes
  // out as it did). A fresh state, independent of the table's. Precondition: 0 <= at <=
  // version().
  std::unique_ptr<State> state_at(int at) const;

  // The game so far as a replay (GET .../replay, the review): the seats' kinds as players;
  // a game a seat resigned or that expired records how it ended (Replay::ended, issue 38).
  // Requires the table's lock.
  Replay replay() const;

  // Keeps only the first `keep` actions (the caller deleted the others from the store
  // first): the state is rebuilt by replaying them from the seed, so every chance outcome
  // (dice, draws) comes out as it did; the logs are cut, the table is open again, the
  // votes and hints are cleared and the observers are notified. Precondition: 0 <= keep <=
  // version().
  void truncate(int keep);

  // The hint already computed at the current revision, for the seat deciding now:
  // {version, action, by}.
  std::optional<nlohmann::json> hint;
  // The hint search running for revision hint_search_revision, if any: every request of that
  // revision waits for it instead of searching again (TableManager::hint).
  std::shared_future<nlohmann::json> hint_search;
  long hint_search_revision = -1;

  // True while an AI move of this table is queued or being searched (TableManager).
  bool ai_pending = false;

 private:
  void record_log(Action action);
  void touch();         // a change of the game: the idle clock restarts, hints cleared, changed_view()
  void changed_view();  // revision + 1, listeners and observers woken


  store::TableRecord record_;
  std::unique_ptr<State> state_;
  std::vector<std::unique_ptr<ai::Player>> players_;
  std::vector<PlayerId> actors_;                  // the seat that took each action
  std::vector<std::vector<std::string>> texts_;  // [viewer][action]; [num_seats]: public
  std::vector<bool> undo_votes_;                 // [seat], at the current version
  long revision_ = 0;
  std::vector<bool> invite_pending_;  // [seat]
  std::vector<std::function<bool()>> observers_;
  size_t observers_pruned_at_ = 64;  // add_observer prunes when there are this many
  mutable long texts_revision_ = -1;  // the revision of shared_texts_
  mutable std::map<PlayerId, std::shared_ptr<const std::string>> shared_texts_;
  store::TableEnd ended_ = store::TableEnd::kRules;
  PlayerId resigned_seat_ = -1;
  std::chrono::steady_clock::time_point last_change_ = std::chrono::steady_clock::now();
  mutable std::mutex mutex_;
};

}  // namespace rise::server
