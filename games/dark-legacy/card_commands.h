// What `rise cards dark-legacy` and `rise deck validate dark-legacy` print (Game::cards_listing,
// Game::card_text, Game::card_explanation, Game::check_decks of dark-legacy), from a data directory's cards/ and decks/.
#pragma once

#include <string>
#include <vector>

#include "rise/core/game.h"

namespace rise::dl {

// One line per card of data_dir/cards (id, name, kind, faction, level, cost, ap/dp, text),
// under a header line, then "N cards". Throws InputError on a bad card file.
std::string cards_listing(const std::string& data_dir);

// Card `id`: kind, faction, Skill Level, cost, traits, numbers, keywords, grants, text and
// effects. Throws InputError on a bad card file or an unknown id (with "did you mean").
std::string card_text(const std::string& data_dir, const std::string& id);

// Card `id` in plain words (explain_card, explain.h): `rise cards explain dark-legacy ID`.
// Throws InputError on a bad card file or an unknown id (with "did you mean").
std::string card_explanation(const std::string& data_dir, const std::string& id);

// Each deck of `decks` (files or ids of data_dir/decks) against Rules DL-2.* for the hero
// `hero_spec` (FACTION:LEVEL[:FACTION2:LEVEL2], parse_hero_spec; "" = a level-1 hero of each
// deck's faction); summary "N cards, hero SPEC". A deck not found or malformed is a DeckCheck
// with `error`. Throws InputError naming `hero_where` on a bad hero spec, then on a bad card
// file.
std::vector<DeckCheck> check_decks(const std::string& data_dir, const std::vector<std::string>& decks,
                                   const std::string& hero_spec, const std::string& hero_where);

}  // namespace rise::dl
