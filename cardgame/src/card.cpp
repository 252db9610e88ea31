#include "rise/cardgame/card.h"

#include <string>

#include "rise/core/error.h"

namespace rise::cardgame {

void CardDatabase::add(CardDef card) {
  if (auto it = index_.find(card.id); it != index_.end()) {
    const CardDef& first = cards_[static_cast<size_t>(it->second)];
    throw InputError(card.source + ": card '" + card.id + "': field 'id': duplicate id, already defined at " +
                     first.source);
  }
  if (cards_.size() >= static_cast<size_t>(kMaxCardDefs)) {
    throw InputError(card.source + ": card '" + card.id + "': more than " + std::to_string(kMaxCardDefs) +
                     " cards in one data directory");
  }
  index_.emplace(card.id, static_cast<int>(cards_.size()));
  cards_.push_back(std::move(card));
}

int CardDatabase::find(const std::string& id) const {
  auto it = index_.find(id);
  return it == index_.end() ? -1 : it->second;
}

int CardDatabase::require(const std::string& id, const std::string& where) const {
  int index = find(id);
  if (index < 0) throw InputError("unknown card '" + id + "'" + where);
  return index;
}

int Deck::library_size() const {
  int total = 0;
  for (const auto& [id, copies] : library) total += copies;
  return total;
}

}  // namespace rise::cardgame
