// What `rise cards raise-rise-die` and `rise deck validate raise-rise-die` print
// (Game::cards_listing, Game::card_text, Game::card_explanation, Game::check_decks of
// raise-rise-die), from a data
// directory's cards/, characters/, weapons/ and decks/.
#pragma once

#include <string>
#include <vector>

#include "rise/core/game.h"

namespace rise::rrd {

// Three tables, columns padded by characters: the cards (id, name, kind, VA, cout,
// emplacements, archetype, arme, effet) then "N cards", the characters and the weapons.
// Throws InputError on a bad data file.
std::string cards_listing(const std::string& data_dir);

// Card, weapon or character `id`, everything it holds. Throws InputError on a bad data file
// or an unknown id (with "did you mean" among all three).
std::string card_text(const std::string& data_dir, const std::string& id);

// Card, weapon or character `id` in plain words (explain.h): `rise cards explain
// raise-rise-die ID`. Throws InputError on a bad data file or an unknown id (with "did you
// mean" among all three).
std::string card_explanation(const std::string& data_dir, const std::string& id);

// Each deck of `decks` (files or ids of data_dir/decks) against Rules RRD-2.*, each with
// the character it names; summary "N cards, character C, weapons A, B". A deck not found or
// malformed is a DeckCheck with `error`. Throws InputError on a bad data file.
std::vector<DeckCheck> check_decks(const std::string& data_dir, const std::vector<std::string>& decks);

}  // namespace rise::rrd
