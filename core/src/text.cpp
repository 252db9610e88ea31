#include "rise/core/text.h"

#include <charconv>

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
