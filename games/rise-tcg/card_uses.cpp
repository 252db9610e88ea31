// TcgState::card_uses (State::card_uses, `rise lab cards`): the deck cards of each seat from
// the objects, their plays from the event log. The log names no card drawn (kEvDraw holds a
// count), so each object remembers whether it was put into a hand (Obj::reached_hand: the
// opening hand, draws, searches, a return to the hand; a mulligan puts the hand back, Rule
// TCG-3.3, and clears it): a card is drawn when it reached a hand (17lands' "in hand"), not
// when it merely left the library (milled, discarded from the library, excluded: issue 36).
#include <algorithm>
#include <vector>

#include "rise-tcg/state.h"
#include "rise/core/card_uses.h"

namespace rise::tcg {

std::vector<std::vector<CardUse>> TcgState::card_uses() const {
  // Objects made during the game are no deck cards: tokens and copies (Obj::token), and the
  // new object of a reanimated card (kEvReanimate a, Interpretation TCG-I33).
  std::vector<bool> made(objs_.size(), false);
  for (const Event& e : events_) {
    if (e.kind == kEvReanimate && e.a >= 0 && static_cast<size_t>(e.a) < made.size()) made[u(e.a)] = true;
  }
  CardUseLog log(num_players());
  for (size_t id = 0; id < objs_.size(); ++id) {
    const Obj& o = objs_[id];
    if (o.token || made[id]) continue;
    const int def = o.base_def >= 0 ? o.base_def : o.def;
    // Drawn: it reached a hand (Obj::reached_hand). A player who goes out loses its library
    // to the game (Rule TCG-15.5): those cards never reached a hand, so they were not drawn.
    // A card in a hand counts too, for a state written without the flag (a test, an old file).
    log.add(o.owner, static_cast<int>(id), cards_->card(def).id, o.reached_hand || o.where == Where::kHand);
    if (o.opening_hand) log.opening_hand(static_cast<int>(id));  // Obj::opening_hand: set when the first turn began
  }
  int turn = turn_before_log(events_, kEvTurn, turn_);
  for (const Event& e : events_) {
    switch (e.kind) {
      case kEvTurn: turn = e.a; break;
      case kEvInvoke: log.played(e.b, turn); break;  // a = def, b = the object (Rule TCG-8.1)
      case kEvLevelUp:                              // a = def, b = the Summoner slot (Rule TCG-5.7)
        if (e.a >= 0 && e.a < static_cast<int>(cards_->db->size())) log.played_card(e.player, cards_->card(e.a).id, turn);
        break;
      default: break;
    }
  }
  return log.take();
}

}  // namespace rise::tcg
