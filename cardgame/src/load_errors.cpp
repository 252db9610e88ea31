#include "rise/cardgame/load_errors.h"

#include <algorithm>
#include <utility>

namespace rise::cardgame {

void LoadErrors::add(std::string message) {
  if (std::find(messages_.begin(), messages_.end(), message) == messages_.end()) messages_.push_back(std::move(message));
}

void LoadErrors::throw_if_any(const std::string& what) const {
  if (messages_.empty()) return;
  if (messages_.size() == 1) throw InputError(messages_[0]);
  std::string text = std::to_string(messages_.size()) + " mistakes in " + what + " (each on its own line below):";
  for (size_t i = 0; i < messages_.size() && i < kShown; ++i) text += "\n" + messages_[i];
  if (messages_.size() > kShown) {
    text += "\n... and " + std::to_string(messages_.size() - kShown) + " more (fix these and load again)";
  }
  throw InputError(text);
}

}  // namespace rise::cardgame
