// Object ids of a freshly shuffled library that say nothing about its order
// (Interpretations TCG-I78, DL-I45).
#pragma once

#include <cstdint>
#include <numeric>
#include <vector>

#include "rise/core/rng.h"

namespace rise::cardgame {

// The object ids of `library` (cards from top to bottom as the game keeps them, already
// shuffled): each card's object is made by `create(card)`, which returns its new id, in an
// order drawn by `rng.permute` apart from the shuffle (which a test may force), so that an
// id tells neither the card nor where it lies in the library, nor which draw brings it.
// Returns the ids in the library's order: ids[k] is the object of library[k].
template <class Card, class Create>
std::vector<int16_t> number_library(Rng& rng, const std::vector<Card>& library, Create create) {
  std::vector<int16_t> position(library.size());
  std::iota(position.begin(), position.end(), int16_t{0});
  rng.permute(position);
  std::vector<int16_t> ids(library.size(), -1);
  for (int16_t at : position) {
    const auto k = static_cast<size_t>(at);
    ids[k] = static_cast<int16_t>(create(library[k]));
  }
  return ids;
}

}  // namespace rise::cardgame
