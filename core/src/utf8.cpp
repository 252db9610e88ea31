#include "rise/core/utf8.h"

namespace rise {

size_t invalid_utf8_at(std::string_view text) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  const size_t size = text.size();
  size_t i = 0;
  while (i < size) {
    const unsigned char b = bytes[i];
    if (b < 0x80) {
      ++i;
      continue;
    }
    size_t length = 0;
    unsigned min_second = 0x80, max_second = 0xBF;  // ranges of the second byte (RFC 3629)
    if (b >= 0xC2 && b <= 0xDF) {
      length = 2;
    } else if (b >= 0xE0 && b <= 0xEF) {
      length = 3;
      if (b == 0xE0) min_second = 0xA0;  // no overlong forms
      if (b == 0xED) max_second = 0x9F;  // no surrogates
    } else if (b >= 0xF0 && b <= 0xF4) {
      length = 4;
      if (b == 0xF0) min_second = 0x90;  // no overlong forms
      if (b == 0xF4) max_second = 0x8F;  // nothing above U+10FFFF
    } else {
      return i;
    }
    if (i + length > size) return i;
    if (bytes[i + 1] < min_second || bytes[i + 1] > max_second) return i;
    for (size_t k = 2; k < length; ++k) {
      if (bytes[i + k] < 0x80 || bytes[i + k] > 0xBF) return i;
    }
    i += length;
  }
  return std::string_view::npos;
}

size_t utf8_length(std::string_view text) {
  size_t n = 0;
  for (const char c : text) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

}  // namespace rise
