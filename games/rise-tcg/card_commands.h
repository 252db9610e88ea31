// What `rise cards rise-tcg` and `rise deck validate rise-tcg` print (Game::cards_listing,
// Game::card_text, Game::card_explanation, Game::check_decks of rise-tcg), from a data directory's cards/ and decks/.
#pragma once

#include <string>
#include <vector>

#include "rise/core/game.h"

namespace rise::tcg {

// One line per card of data_dir/cards (id, name, types, cost, rank, rarity, atk/def,
// abilities), under a header line, then "N cards". Throws InputError on a bad card file.
std::string cards_listing(const std::string& data_dir);

// Card `id`: types, rank, rarity, cost, numbers, abilities, text, effects, actions and
// skills. Throws InputError on a bad card file or an unknown id (with "did you mean").
std::string card_text(const std::string& data_dir, const std::string& id);

// Card `id` in plain words (cardgame::explain_card): `rise cards explain rise-tcg ID`.
// Throws InputError on a bad card file or an unknown id (with "did you mean").
std::string card_explanation(const std::string& data_dir, const std::string& id);

// Each deck of `decks` (files or ids of data_dir/decks) against Rules TCG-1.*; summary
// "N cards, summoners A, B". A deck not found or malformed is a DeckCheck with `error`.
// Throws InputError on a bad card file.
std::vector<DeckCheck> check_decks(const std::string& data_dir, const std::vector<std::string>& decks);

}  // namespace rise::tcg
