// Checking that text is valid UTF-8 (files the engine reads: card and deck YAML).
#pragma once

#include <cstddef>
#include <string_view>

namespace rise {

// The offset of the first byte of `text` that does not start a valid UTF-8 sequence
// (truncated, overlong, a surrogate, above U+10FFFF, or a stray continuation byte), or
// std::string_view::npos when all of it is valid.
size_t invalid_utf8_at(std::string_view text);

// The code points of UTF-8 `text` (the bytes that do not continue a sequence): its length in
// characters, e.g. for a column's width or a name's limit. Precondition: valid UTF-8.
size_t utf8_length(std::string_view text);

}  // namespace rise
