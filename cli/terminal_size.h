// The size of the terminal `rise play` lays its screens out for (issue 20).
#pragma once

#include <cstddef>
#include <string>

namespace rise::cli {

// Columns (code points) and lines of the screen.
struct TerminalSize {
  size_t width = 120;
  size_t height = 40;
};

// The accepted ranges of --width and --height.
inline constexpr size_t kMinWidth = 40, kMaxWidth = 1000;
inline constexpr size_t kMinHeight = 10, kMaxHeight = 1000;

// The size to lay out for, each dimension on its own:
// 1. `width_option` / `height_option` (--width / --height) when not empty;
// 2. else, when standard output is a terminal, the terminal's size (ioctl TIOCGWINSZ), else
//    the COLUMNS / LINES environment variables, else 80x24;
// 3. else (output to a pipe or a file: tests, logs) 120x40, whatever the environment says,
//    so that the same input always prints the same text.
// A terminal's own size is clamped to the ranges above. Throws InputError
// "--width 'TEXT': give a whole number from 40 to 1000" (likewise --height, 10 to 1000).
TerminalSize terminal_size(const std::string& width_option, const std::string& height_option);

}  // namespace rise::cli
