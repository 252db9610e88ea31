// How the engine reads a card of the effect language (docs/cards.md), in plain words: what
// `rise cards explain rise-tcg ID` prints, for a designer to check a card after writing it.
// Built from the loaded CardDef (never from the YAML text), so it says what the engine will
// do, not what the card's `text` claims.
#pragma once

#include <string>

#include "rise/cardgame/card.h"

namespace rise::cardgame {

// Card `card` of `db` explained, lines ending in "\n": a title line (name, id, source), then
// its kind, cost and numbers, abilities, grants, and one heading per base effect, Action and
// skill followed by its steps numbered from 1 ("1. deal 1 damage to one Creature of your
// choice"); coin toss and dice roll branches are indented under their step. `db` gives the
// names of the cards a `token` or filter names. Never throws for a loaded card.
std::string explain_card(const CardDef& card, const CardDatabase& db);

}  // namespace rise::cardgame
