// How the engine reads a Raise, Rise & Die card, weapon or character, in plain words: what
// `rise cards explain raise-rise-die ID` prints (Game::card_explanation), from the loaded
// definitions (never the card's text).
#pragma once

#include <string>

#include "raise-rise-die/cards.h"

namespace rise::rrd {

// `card` explained, lines ending in "\n": a title line (name, id, source), its kind, VA, cost,
// optimal slots, archetype and weapon, then its effet, effet d'infusion and bonus de
// transcendance, each a heading with its keywords numbered from 1 in resolution order
// ("1. Dégâts 3: a hit of 3 damage on the opponent's slot the card is played on (RRD-10.1)").
// `db` names the dedicated weapon. Never throws for a loaded card.
std::string explain_card(const CardDef& card, const CardDb& db);

// A weapon or a character explained the same way: what it does for a deck and in a duel.
std::string explain_weapon(const WeaponDef& weapon, const CardDb& db);
std::string explain_character(const CharacterDef& character);

}  // namespace rise::rrd
