// CardUseLog: how a card game builds State::card_uses from its objects and its event log
// (games/*/card_uses.cpp). Built on demand by card_uses(), never kept in a state.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "rise/core/state.h"

namespace rise {

class CardUseLog {
 public:
  // A log for `seats` seats, no card yet.
  explicit CardUseLog(int seats);

  // A card of `seat`'s deck, known to the game as object id `object` (each id once; -1: a
  // card without an object yet, e.g. before the deck is dealt),
  // whose catalog id is `card`; `drawn` if it is already known to have been drawn.
  void add(int seat, int object, std::string card, bool drawn = false);

  // Object `object` reached its owner's hand. Ids never added (tokens) are ignored.
  void drawn(int object);

  // Object `object` was in its owner's opening hand (and so drawn). Ids never added are ignored.
  void opening_hand(int object);

  // Object `object` was played at `turn` (only its first play counts); it is drawn too.
  // Ids never added are ignored.
  void played(int object, int turn);

  // For a log that names the card and not the object: the first entry of `seat` with card
  // id `card` that is not played yet (a drawn one first) is played at `turn`. Nothing when
  // there is none.
  void played_card(int seat, const std::string& card, int turn);

  // The entries by seat (State::card_uses), in the order they were added.
  std::vector<std::vector<CardUse>> take() { return std::move(uses_); }

 private:
  CardUse* find(int object);

  std::vector<std::vector<CardUse>> uses_;
  std::vector<std::pair<int, int>> where_;  // object id -> (seat, index in uses_[seat]); seat -1: none
};

// The turn of a log's events before its first turn start: one less than the turn (field
// `a`) of the first event of kind `turn_kind` in `events`, or `current_turn` when the log holds
// none (a state loaded or set up in the middle of a game). `Event` is a game's log entry
// with fields `kind` and `a`.
template <class Event>
int turn_before_log(const std::vector<Event>& events, int turn_kind, int current_turn) {
  for (const Event& e : events) {
    if (e.kind == turn_kind) return e.a - 1;
  }
  return current_turn;
}

}  // namespace rise
