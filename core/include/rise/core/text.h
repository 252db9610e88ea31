// Small text helpers shared by the games' terminal views.
#pragma once

#include <string>
#include <vector>

namespace rise {

// `lines` as text, each prefixed with `indent` and ended with '\n', a run of identical
// lines written once with " (xN)" (e.g. the opponent's six draws: "p1 draws a card (x6)").
std::string fold_repeated_lines(const std::vector<std::string>& lines, const std::string& indent);

}  // namespace rise
