// Text of a player spec's numeric settings (Player::spec), shared by mcts and ismcts.
#pragma once

#include <string>

namespace rise::ai::detail {

// `value` as a spec writes it: std::to_string without trailing zeros ("0.5", "2", "1.25").
inline std::string number_text(double value) {
  std::string s = std::to_string(value);
  s.erase(s.find_last_not_of('0') + 1);
  if (s.back() == '.') s.pop_back();
  return s;
}

}  // namespace rise::ai::detail
