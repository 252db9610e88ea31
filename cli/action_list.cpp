#include "action_list.h"

#include <algorithm>

#include <fmt/format.h>

#include "rise/core/text.h"
#include "rise/core/utf8.h"

namespace rise::cli {
namespace {

constexpr size_t kShortEntry = 12;  // the narrowest column of a group's entries (their text)
constexpr size_t kMaxLabel = 20;    // a longer group label is cut

}  // namespace

std::vector<ActionLine> action_lines(const State& state, const std::vector<Action>& legal, size_t width) {
  // The groups: runs of actions whose notation starts with the same word.
  struct Entry {
    std::string word, rest, full;  // the notation's first word; the description without it, and whole
    bool alone = false;            // the only action of its group: shown whole, without a label
  };
  std::vector<Entry> entries;
  for (Action a : legal) {
    // Grouped by the notation's first word (the verb a player types), each entry in the
    // words of State::describe_action for the seat to move (issue 38: plain words, card
    // names, not the notation's object numbers), without that verb when it starts with it.
    const std::string notation = state.action_to_string(a);
    const size_t space = notation.find(' ');
    const std::string word = notation.substr(0, space);
    const std::string full = state.describe_action(a, state.current_player());
    std::string text = full;
    if (text == word) text.clear();
    else if (text.rfind(word + " ", 0) == 0) text = text.substr(word.size() + 1);
    entries.push_back({word, text, full, false});
  }
  for (size_t i = 0; i < entries.size(); ++i) {
    entries[i].alone = (i == 0 || entries[i - 1].word != entries[i].word) &&
                       (i + 1 == entries.size() || entries[i + 1].word != entries[i].word);
  }
  auto text_of = [&](size_t i) {
    if (entries[i].alone) return entries[i].full;  // "casting phase", not "casting (1)  1) phase"
    return entries[i].rest.empty() ? entries[i].word : entries[i].rest;
  };
  // Each group's label ("" for an action alone), where each group starts, and the widest
  // entry text of the group (by its first entry).
  std::vector<std::string> labels(entries.size());
  std::vector<bool> starts(entries.size(), false);
  std::vector<size_t> widest(entries.size(), 0);
  size_t label_width = 0;
  for (size_t i = 0; i < entries.size();) {
    size_t end = i;
    while (end < entries.size() && entries[end].word == entries[i].word) {
      widest[i] = std::max(widest[i], utf8_length(text_of(end)));
      ++end;
    }
    starts[i] = true;
    if (!entries[i].alone) labels[i] = shortened(fmt::format("{} ({})", entries[i].word, end - i), kMaxLabel);
    label_width = std::max(label_width, utf8_length(labels[i]));
    i = end;
  }
  const size_t number_width = std::max<size_t>(2, std::to_string(legal.size()).size());
  const size_t prefix = 2 + label_width;  // "  LABEL" before the entries
  const size_t room = width > prefix + number_width + 3 + 8 ? width - prefix : number_width + 3 + 8;
  // Room for an entry's text alone on its line.
  const size_t long_room = room - number_width - 3;

  std::vector<ActionLine> lines;
  std::string label;
  size_t cell = kShortEntry, columns = 1, column = 0;
  for (size_t i = 0; i < entries.size(); ++i) {
    const std::string text = text_of(i);
    if (starts[i]) {
      // A new group: its entries in columns as wide as its widest entry (at least
      // kShortEntry), or one per line when two such columns do not fit.
      label = labels[i];
      cell = std::max(kShortEntry, widest[i]);
      columns = room / (number_width + 3 + cell);
      if (columns < 2) columns = 1;
      lines.push_back({label, "", true});
      column = 0;
    } else if (column >= columns) {
      lines.push_back({label, "", false});
      column = 0;
    }
    std::string entry = fmt::format(" {:>{}}) {}", i + 1, number_width, columns == 1 ? shortened(text, long_room) : text);
    if (columns > 1) entry += std::string(cell - utf8_length(text), ' ');
    lines.back().entries += entry;
    ++lines.back().actions;
    ++column;
  }
  for (ActionLine& line : lines) {
    while (!line.entries.empty() && line.entries.back() == ' ') line.entries.pop_back();
    // Labels padded to one column width, so the entries line up.
    line.label += std::string(label_width - utf8_length(line.label), ' ');
  }
  return lines;
}

std::string action_page(const std::vector<ActionLine>& lines, size_t first, size_t count) {
  std::string out;
  for (size_t i = first; i < std::min(lines.size(), first + count); ++i) {
    const ActionLine& line = lines[i];
    const bool labelled = line.first_of_group || i == first;
    out += "  " + (labelled ? line.label : std::string(utf8_length(line.label), ' ')) + line.entries + "\n";
  }
  return out;
}

size_t page_lines(size_t height, size_t board_lines, size_t footer_lines) {
  const size_t above = std::min(board_lines, height / 2);
  const size_t used = above + footer_lines;
  return used + 1 <= height ? height - used : 1;
}

}  // namespace rise::cli
