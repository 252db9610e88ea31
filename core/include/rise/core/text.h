// Small text helpers shared by the games' terminal views and the front ends' reports.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rise {

// `lines` as text, each prefixed with `indent` and ended with '\n', a run of identical
// lines written once with " (xN)" (e.g. the opponent's six draws: "p1 draws a card (x6)").
std::string fold_repeated_lines(const std::vector<std::string>& lines, const std::string& indent);

// `text` in lines of at most `width` columns (one per code point), each line `indent` then
// whole words then "\n"; the first line starts with `first_indent` instead. A word longer
// than a line stands alone on its line. Runs of spaces between words become one. Empty
// `text`: "". For the terminal views, which keep lines under 100 columns (issue 20).
std::string wrap_text(std::string_view text, size_t width, const std::string& first_indent,
                      const std::string& indent);

// `text` cut to at most `width` columns (code points), ending in "…" when cut; as it is
// when it fits. Precondition: width >= 1.
std::string shortened(std::string_view text, size_t width);

// The columns `line` takes on a terminal: one per code point, ANSI colour sequences
// ("\033[...m") none. Precondition: valid UTF-8.
size_t terminal_columns(std::string_view line);

// Every line of `text` cut to at most `width` columns (terminal_columns), a cut line ending
// in "…" (and "\033[0m" when it holds a colour sequence, so no colour leaks into the next
// line); lines that fit are kept as they are, and so is a final "\n". The terminal's rule
// for a board line too long for the screen (`rise play --width`). Precondition: width >= 1.
std::string cut_lines(std::string_view text, size_t width);

// Every line of `text` longer than `width` columns wrapped at spaces (wrap_text), its
// continuation lines indented by the line's own leading spaces plus two; lines that fit are
// kept. For messages and help at the terminal, which must be read whole: a word wider than
// `width` (a long file path) stands alone on its line, whole.
std::string wrap_lines(std::string_view text, size_t width);

// `text` with its ASCII letters in lower case (other bytes, UTF-8 included, as they are).
std::string ascii_lower(std::string text);

// The words of `text`, split at white space: "hand  p1" -> {"hand", "p1"}.
std::vector<std::string> split_words(std::string_view text);

// `text` safe inside XML or HTML text and attribute values: & < > " written as entities.
std::string xml_escaped(const std::string& text);

// `size` bytes as 2 * size lower-case hex digits ("00ff…"): keys, salts and digests.
std::string hex_of(const unsigned char* bytes, size_t size);

// The whole decimal integer `text` ("12", "-3"; no sign '+', no space, no other
// character), or none when it is not one or is outside int64_t. The one parser of numbers
// given as text on the command line and in queries.
std::optional<int64_t> parse_integer(std::string_view text);

}  // namespace rise
