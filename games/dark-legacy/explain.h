// How the engine reads a Dark Legacy card, in plain words: what `rise cards explain
// dark-legacy ID` prints (Game::card_explanation), from the loaded CardDef (never its text).
#pragma once

#include <string>

#include "dark-legacy/cards.h"

namespace rise::dl {

// `card` explained, lines ending in "\n": a title line (name, id, source), its kind, faction,
// Skill Level, Casting Cost and numbers, its keywords, what it grants and to whom, then one
// heading per effect (cast, turn-start, activated) with its steps numbered from 1 ("1. deal
// 3 damage to one hero or creature of your choice, on either side"). Never throws for a
// loaded card.
std::string explain_card(const CardDef& card);

}  // namespace rise::dl
