// Small text helpers shared by the games' terminal views and the front ends' reports.
#pragma once

#include <string>
#include <vector>

namespace rise {

// `lines` as text, each prefixed with `indent` and ended with '\n', a run of identical
// lines written once with " (xN)" (e.g. the opponent's six draws: "p1 draws a card (x6)").
std::string fold_repeated_lines(const std::vector<std::string>& lines, const std::string& indent);

// `text` safe inside XML or HTML text and attribute values: & < > " written as entities.
std::string xml_escaped(const std::string& text);

}  // namespace rise
