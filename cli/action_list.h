// The numbered list of legal actions at `rise play`, grouped and paged to fit the terminal
// (issue 20).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "rise/core/state.h"

namespace rise::cli {

// One screen line of the action list: its group's label (the notation's first word and how
// many actions the group holds, e.g. "invoke (12)"; blank for an action alone of its word,
// whose entry is then the whole action, e.g. "casting phase") and the numbered entries on the
// line.
struct ActionLine {
  std::string label;
  std::string entries;  // e.g. " 1) #49 by S1   2) #48 by S2"; no trailing space
  bool first_of_group = false;
  size_t actions = 0;  // how many entries the line holds
};

// The actions of `legal` numbered from 1 in that order, in runs of the same first word of
// their notation (a group), laid out for a `width`-column screen: a group's entries side by
// side in columns as wide as its widest entry (at least 12), or, when two such columns do
// not fit, one per line, cut with "…" when it does not fit. Precondition: width >=
// kMinTerminalWidth (40).
std::vector<ActionLine> action_lines(const State& state, const std::vector<Action>& legal, size_t width);

// Lines [first, first + count) of `lines` as text, each ended by "\n": a group's label on its
// first line and again on a page's first line, so that every page says what it lists. Every
// line is at most the width `lines` were laid out for.
std::string action_page(const std::vector<ActionLine>& lines, size_t first, size_t count);

// How many action lines a page holds on a screen of `height` lines, below a board of
// `board_lines` lines and above `footer_lines` lines (the decision line, the prompt, and the
// "more" line when the list is paged): the board keeps at most half of the screen in view
// and the page takes the rest, at least one line.
size_t page_lines(size_t height, size_t board_lines, size_t footer_lines);

}  // namespace rise::cli
