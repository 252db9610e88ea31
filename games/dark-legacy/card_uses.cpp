// DlState::card_uses (State::card_uses, `rise lab cards`): the deck cards of each seat from
// the objects (before the set-up ends, from the decks), draws and plays from the battle log.
// A card is played when it is cast, charged (Rule DL-9.1) or equipped, and the Equipment of
// the set-up (Rule DL-5.1) on turn 0; the opening hand is the 5 cards each player draws
// before the first turn (Rule DL-5.3; dark-legacy has no mulligan).
#include <vector>

#include "dark-legacy/state.h"
#include "rise/core/card_uses.h"

namespace rise::dl {

std::vector<std::vector<CardUse>> DlState::card_uses() const {
  CardUseLog log(num_players());
  if (objs_.empty()) {  // set-up: the decks are not dealt yet
    for (int p = 0; p < 2; ++p) {
      for (int16_t def : players_[static_cast<size_t>(p)].deck) log.add(p, -1, (*cards_)[def].id);
    }
    return log.take();
  }
  for (size_t id = 0; id < objs_.size(); ++id) {
    // A card in a hand was drawn, whether or not the log still says so (a state set up or
    // loaded in the middle of a battle).
    log.add(objs_[id].owner, static_cast<int>(id), (*cards_)[objs_[id].def].id, objs_[id].where == Where::kHand);
  }
  int turn = turn_before_log(events_, kEvTurn, turn_);
  bool before_first_turn = true;  // the draws of the set-up are the opening hands (Rule DL-5.3)
  for (const Event& e : events_) {
    switch (e.kind) {
      case kEvTurn:
        turn = e.a;
        before_first_turn = false;
        break;
      case kEvDraw:
        if (before_first_turn) log.opening_hand(e.a);
        else log.drawn(e.a);
        break;
      case kEvCast:
      case kEvCharge:
      case kEvEquip: log.played(e.a, turn); break;
      case kEvPreEquip: {  // a = the def equipped before the battle, -1 none
        // finish_setup gives the equipped cards the first ids: the seat's lowest object of
        // that card is the equipped one, not another copy in the opening hand.
        int equipped = -1;
        for (size_t id = 0; id < objs_.size() && equipped < 0; ++id) {
          if (objs_[id].owner == e.player && objs_[id].def == e.a) equipped = static_cast<int>(id);
        }
        if (equipped >= 0) log.played(equipped, turn);
        break;
      }
      default: break;
    }
  }
  return log.take();
}

}  // namespace rise::dl
