#include "rise/core/text.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>

#include "rise/core/utf8.h"

namespace rise {

std::string fold_repeated_lines(const std::vector<std::string>& lines, const std::string& indent) {
  std::string out;
  for (size_t i = 0; i < lines.size();) {
    size_t run = 1;
    while (i + run < lines.size() && lines[i + run] == lines[i]) ++run;
    out += indent + lines[i] + (run > 1 ? " (x" + std::to_string(run) + ")" : "") + "\n";
    i += run;
  }
  return out;
}

std::string wrap_text(std::string_view text, size_t width, const std::string& first_indent,
                      const std::string& indent) {
  std::string out;
  std::string line = first_indent;
  size_t line_width = utf8_length(first_indent);
  bool line_has_word = false;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == '\n') {
      ++i;
      continue;
    }
    size_t end = text.find_first_of(" \n", i);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view word = text.substr(i, end - i);
    const size_t word_width = utf8_length(word);
    if (line_has_word && line_width + 1 + word_width > width) {
      out += line + "\n";
      line = indent;
      line_width = utf8_length(indent);
      line_has_word = false;
    }
    if (line_has_word) {
      line += ' ';
      ++line_width;
    }
    line += word;
    line_width += word_width;
    line_has_word = true;
    i = end;
  }
  if (line_has_word) out += line + "\n";
  return out;
}

std::string shortened(std::string_view text, size_t width) {
  if (utf8_length(text) <= width) return std::string(text);
  std::string out;
  size_t columns = 0;
  for (char c : text) {
    const bool starts = (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    if (starts && ++columns == width) break;  // the last column is the "…"
    out += c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out + "…";
}

size_t terminal_columns(std::string_view line) {
  size_t columns = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\033' && i + 1 < line.size() && line[i + 1] == '[') {
      i += 2;
      while (i < line.size() && !(line[i] >= '@' && line[i] <= '~')) ++i;  // up to the final byte
      continue;
    }
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++columns;
  }
  return columns;
}

namespace {

// `line` (no '\n') cut to `width` columns with "…" as its last one.
std::string cut_line(std::string_view line, size_t width) {
  if (terminal_columns(line) <= width) return std::string(line);
  std::string out;
  size_t columns = 0;
  bool colored = false;
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\033' && i + 1 < line.size() && line[i + 1] == '[') {
      size_t end = i + 2;
      while (end < line.size() && !(line[end] >= '@' && line[end] <= '~')) ++end;
      out.append(line, i, end + 1 - i);
      colored = true;
      i = end;
      continue;
    }
    const bool starts = (static_cast<unsigned char>(line[i]) & 0xC0) != 0x80;
    if (starts && ++columns == width) break;  // the last column is the "…"
    out += line[i];
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out + "…" + (colored ? "\033[0m" : "");
}

// Calls `each(line)` for every line of `text` (without its '\n'), and says whether the
// text ended in '\n'.
template <typename Each>
bool for_each_line(std::string_view text, Each each) {
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      each(text.substr(start));
      return false;
    }
    each(text.substr(start, end - start));
    start = end + 1;
  }
  return true;
}

}  // namespace

std::string cut_lines(std::string_view text, size_t width) {
  std::string out;
  bool first = true;
  const bool ends = for_each_line(text, [&](std::string_view line) {
    if (!first) out += '\n';
    first = false;
    out += cut_line(line, width);
  });
  if (ends && !text.empty()) out += '\n';
  return out;
}

std::string wrap_lines(std::string_view text, size_t width) {
  std::string out;
  bool first = true;
  const bool ends = for_each_line(text, [&](std::string_view line) {
    if (!first) out += '\n';
    first = false;
    if (terminal_columns(line) <= width) {
      out += line;
      return;
    }
    const size_t lead = std::min(line.find_first_not_of(' '), width / 2);
    const std::string indent(lead, ' ');
    std::string wrapped = wrap_text(line, width, indent, indent + "  ");
    if (!wrapped.empty() && wrapped.back() == '\n') wrapped.pop_back();
    out += wrapped;
  });
  if (ends && !text.empty()) out += '\n';
  return out;
}

std::string xml_escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::optional<int64_t> parse_integer(std::string_view text) {
  int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::string hex_of(const unsigned char* bytes, size_t size) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * size);
  for (size_t i = 0; i < size; ++i) {
    out += kDigits[bytes[i] >> 4];
    out += kDigits[bytes[i] & 0xfu];
  }
  return out;
}

std::string ascii_lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return c < 0x80 ? static_cast<char>(std::tolower(c)) : static_cast<char>(c); });
  return text;
}

std::vector<std::string> split_words(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> out;
  std::string word;
  while (in >> word) out.push_back(word);
  return out;
}

}  // namespace rise
