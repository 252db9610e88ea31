// What the seat to move is deciding (State::describe_decision): the prompt's line at the
// terminal and the part of a refusal that says whose decision it is. Public words only: the
// other seat reads it (the card in a counter window lies on its slot, face up).
#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "raise-rise-die/state.h"

namespace rise::rrd {

std::string RrdState::describe_decision() const {
  if (phase_ == Phase::kOver) return "";
  if (!choices_.empty()) {
    const Choice& c = choices_.front();
    switch (c.kind) {
      case ChoiceKind::kHandLimit:
        return fmt::format("discard down to the hand limit, {} card(s) to go (defausse, Rule RRD-4.4)", c.amount);
      case ChoiceKind::kPoison: return fmt::format("discard for the Poison, {} VA to go (defausse, Rule RRD-11.12)", c.amount);
      case ChoiceKind::kOubli: return fmt::format("discard for the Oubli, {} VA to go (defausse, Rule RRD-11.9)", c.amount);
      case ChoiceKind::kEchange:
        return fmt::format("swap a hand card of VA {} with one of the discard pile, or not (echange or fin, Rule RRD-11.6)",
                           c.amount);
      case ChoiceKind::kRecherche:
        return fmt::format("search the deck for a card of VA {}, or not (cherche or fin, Rule RRD-11.13)", c.amount);
      case ChoiceKind::kInfusion: return "infuse a card played with success, or not (infuse or fin, Rule RRD-6.2)";
    }
  }
  if (window_.open) {
    const Slot slot = static_cast<Slot>(std::clamp<int>(window_.slot, 0, kBodySlots - 1));
    return fmt::format("counter {} that p{} played on {} (joue an instantanée on that slot), or let it resolve (laisse, "
                       "Rule RRD-5.6)",
                       card_of(window_.card).name, window_.player, slot_name(slot));
  }
  return "play, transcend or activate a card, or pass (passe) in the Affrontement (Rule RRD-5.1)";
}

}  // namespace rise::rrd
