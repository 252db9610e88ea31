// RrdState::card_uses (State::card_uses, `rise lab cards`): the deck cards of each seat from
// the objects, draws and plays from the duel log. A turn is a Passe d'Armes (turn_number).
// A card reaches the hand by a draw, a Recherche (RRD-11.13) or an Échange (RRD-11.6), and a
// card sacrificed or discarded was in the hand; it is played when it is played on a slot
// (RRD-5.*), as a counter too.
#include <vector>

#include "raise-rise-die/state.h"
#include "rise/core/card_uses.h"

namespace rise::rrd {

std::vector<std::vector<CardUse>> RrdState::card_uses() const {
  CardUseLog log(num_players());
  for (size_t id = 0; id < objs_.size(); ++id) {
    // A card in a hand was drawn, whether or not the log still says so (a state set up or
    // loaded in the middle of a duel).
    log.add(objs_[id].owner, static_cast<int>(id), (*cards_)[objs_[id].def].id, objs_[id].where == Where::kHand);
  }
  int pass = turn_before_log(events_, kEvPassStart, pass_);
  // The opening hands: the draws of the first Passe d'Armes' preparation (Rule RRD-4.3: each
  // player draws its Potentiel Latent), the events right after its start.
  bool opening = false;
  for (const Event& e : events_) {
    if (opening && e.kind != kEvDraw && e.kind != kEvEmptyDraw) opening = false;
    switch (e.kind) {
      case kEvPassStart:
        pass = e.a;
        opening = e.a == 1;
        break;
      case kEvDraw:
        if (opening) {
          log.opening_hand(e.a);
          break;
        }
        [[fallthrough]];
      case kEvRecherche:
      case kEvSacrifice:  // a hand card sacrificed for VA (RRD-5.2) or discarded: it was drawn
      case kEvDiscard: log.drawn(e.a); break;
      case kEvEchange: log.drawn(e.b); break;  // a hand card a for discard card b
      case kEvPlay: log.played(e.a, pass); break;
      default: break;
    }
  }
  return log.take();
}

}  // namespace rise::rrd
