#include "rise/core/card_uses.h"

namespace rise {

CardUseLog::CardUseLog(int seats) : uses_(static_cast<size_t>(seats)) {}

void CardUseLog::add(int seat, int object, std::string card, bool drawn) {
  if (seat < 0 || seat >= static_cast<int>(uses_.size())) return;
  auto& list = uses_[static_cast<size_t>(seat)];
  if (object >= 0) {
    if (static_cast<size_t>(object) >= where_.size()) where_.resize(static_cast<size_t>(object) + 1, {-1, 0});
    where_[static_cast<size_t>(object)] = {seat, static_cast<int>(list.size())};
  }
  list.push_back(CardUse{std::move(card), drawn, -1, false});
}

CardUse* CardUseLog::find(int object) {
  if (object < 0 || static_cast<size_t>(object) >= where_.size()) return nullptr;
  const auto [seat, index] = where_[static_cast<size_t>(object)];
  if (seat < 0) return nullptr;
  return &uses_[static_cast<size_t>(seat)][static_cast<size_t>(index)];
}

void CardUseLog::drawn(int object) {
  if (CardUse* use = find(object)) use->drawn = true;
}

void CardUseLog::opening_hand(int object) {
  if (CardUse* use = find(object)) {
    use->drawn = true;
    use->opening_hand = true;
  }
}

void CardUseLog::played(int object, int turn) {
  CardUse* use = find(object);
  if (use == nullptr) return;
  use->drawn = true;
  if (use->played_turn < 0) use->played_turn = turn;
}

void CardUseLog::played_card(int seat, const std::string& card, int turn) {
  if (seat < 0 || seat >= static_cast<int>(uses_.size())) return;
  CardUse* best = nullptr;
  for (CardUse& use : uses_[static_cast<size_t>(seat)]) {
    if (use.card != card || use.played_turn >= 0) continue;
    if (use.drawn) {
      best = &use;
      break;
    }
    if (best == nullptr) best = &use;
  }
  if (best == nullptr) return;
  best->drawn = true;
  best->played_turn = turn;
}

}  // namespace rise
