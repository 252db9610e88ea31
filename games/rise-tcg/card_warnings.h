// Warnings about cards that load but may not play as their designer meant (issue 36): a
// triggered effect whose own steps can trigger it again, which can loop until the game ends in
// a draw (Interpretation TCG-I67). A warning, not a refusal: a loop may be meant, or stopped by
// a condition the analysis does not read.
#pragma once

#include <string>
#include <vector>

#include "rise/cardgame/card.h"

namespace rise::tcg {

// One line per effect that can re-trigger itself, in card order: "card ID (NAME): its `TRIGGER`
// effect STEP: it can trigger itself again and again ...". The cases: an `opened` effect
// that opens a Door, an `unlocked` effect that unlocks, a `dies` or `invoked` effect that
// makes a token (or a copy) of its own card, a `whenever damaged` effect that deals damage,
// a `whenever invoked` effect that makes a token or a copy; an effect with a `limit` (once
// per turn, first time each turn) never warns. Steps of coin tosses and dice rolls count.
std::vector<std::string> retrigger_warnings(const cardgame::CardDatabase& db);

}  // namespace rise::tcg
