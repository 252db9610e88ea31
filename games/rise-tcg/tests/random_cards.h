// Random but valid rise-tcg cards, for the robustness tests (issue 15).
//
// random_card_set(seed) writes a card set drawn from the whole card language of
// docs/cards.md: every card type (Creature, Door, Incantation, Imminent, Constant and
// Imminent, Level Up, Summoner), every ability, every trigger, every operation with its
// keys, every target mode, every filter field, every value form, every Action kind, every
// Disease, Equipment with grants and attach filters, subtypes, `*` attack and defense, in
// random combinations. The cards are valid by construction; the tests load them through
// the real YAML loader, which proves it. The set also holds a few decks that follow the
// deck-building rules (two Summoners, 50 library cards, at most `rank` copies of a card).
// The same seed always writes the same files.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tcgtest {

struct RandomCardSet {
  std::string cards_yaml;          // one card file: "cards:\n  - id: ..."
  std::vector<std::string> deck_ids;
  std::vector<std::string> decks_yaml;  // deck_ids[i]'s file
};

// The card set of `seed`: `num_cards` library cards (plus 4 Summoners and a Level Up) and
// `num_decks` decks.
RandomCardSet random_card_set(uint64_t seed, int num_cards = 40, int num_decks = 4);

// Writes `set` as a data directory (cards/random.yaml, decks/ID.yaml) named after `name`
// under the system's temporary directory (emptied first). Returns its path.
std::string write_card_set(const RandomCardSet& set, const std::string& name);

}  // namespace tcgtest
