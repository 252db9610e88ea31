#include "rise/cardgame/deck_lines.h"

namespace rise::cardgame {

void DeckLines::mark(const std::string& key, const YAML::Node& node) {
  if (!node.IsDefined()) return;
  const YAML::Mark m = node.Mark();
  if (m.is_null() || m.line < 0) return;
  at.emplace(key, m.line + 1);
}

std::string DeckLines::located(const std::string& key, const std::string& text) const {
  const auto it = at.find(key);
  return it == at.end() ? text : "line " + std::to_string(it->second) + ": " + text;
}

}  // namespace rise::cardgame
