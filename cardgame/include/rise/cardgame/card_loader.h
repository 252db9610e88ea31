// Loading cards and decks from YAML (docs/cards.md), with validation of every field.
//
// Errors are InputError with the file, the line, the card and the field:
//   "data/rise-tcg/cards/ember.yaml:14: card 'ember-wolf': field 'attack': expected an
//    integer 0..99 or '*', got 'x'"
// Unknown fields, unknown names (types, abilities, ops, triggers) and missing required
// fields are errors, never ignored.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "rise/cardgame/card.h"

namespace rise::cardgame {

// Parses one card file (a YAML document with a top-level `cards:` list) into `db`: the cards
// it can read are added; then throws InputError as above, with every mistake of the file at
// once (LoadErrors, load_errors.h); a duplicate id names both files.
void load_card_file(const std::string& path, CardDatabase& db);

// Loads every *.yaml file of `dir` in name order, then checks cross references (token
// card ids, search filters' card ids). Throws InputError if the directory is missing, and
// one InputError with every mistake of every file (up to LoadErrors::kShown written out;
// issue 36) if any is bad: a card that cannot be read is left out and the next is read, and
// a reference to it is not reported again as an unknown card.
std::shared_ptr<const CardDatabase> load_card_directory(const std::string& dir);

// Parses one deck file. Throws InputError for malformed YAML, unknown or missing fields,
// or a count that is not a positive integer. Does not check the deck-building rules.
Deck load_deck_file(const std::string& path);

// The deck-building rules of a game.
struct DeckRules {
  int summoners = 2;       // distinct Summoner cards required
  int library_size = 50;   // exact library size
};

// Every violation of the deck-building rules (Rule TCG-1.*), one sentence each naming the
// card and the numbers: unknown card ids, Summoner count or duplicates, a non-Summoner
// given as Summoner, a Summoner in the library, library size, copies above rank. Empty
// if the deck is legal.
std::vector<std::string> validate_deck(const CardDatabase& db, const Deck& deck,
                                       const DeckRules& rules = {});

}  // namespace rise::cardgame
