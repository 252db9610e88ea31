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

// `text` safe inside XML or HTML text and attribute values: & < > " written as entities.
std::string xml_escaped(const std::string& text);

// `size` bytes as 2 * size lower-case hex digits ("00ff…"): keys, salts and digests.
std::string hex_of(const unsigned char* bytes, size_t size);

// The whole decimal integer `text` ("12", "-3"; no sign '+', no space, no other
// character), or none when it is not one or is outside int64_t. The one parser of numbers
// given as text on the command line and in queries.
std::optional<int64_t> parse_integer(std::string_view text);

}  // namespace rise
