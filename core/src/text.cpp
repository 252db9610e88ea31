#include "rise/core/text.h"

#include <charconv>

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

}  // namespace rise
