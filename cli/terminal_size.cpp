#include "terminal_size.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <optional>

#include "commands.h"
#include "rise/core/text.h"

namespace rise::cli {
namespace {

// The value of environment variable `name` when it is a whole number in [lo, hi].
std::optional<size_t> from_environment(const char* name, size_t lo, size_t hi) {
  const char* text = std::getenv(name);
  if (text == nullptr) return std::nullopt;
  const std::optional<int64_t> value = parse_integer(text);
  if (!value || *value < static_cast<int64_t>(lo) || *value > static_cast<int64_t>(hi)) return std::nullopt;
  return static_cast<size_t>(*value);
}

}  // namespace

TerminalSize terminal_size(const std::string& width_option, const std::string& height_option) {
  TerminalSize size;  // not a terminal: 120x40
  if (isatty(STDOUT_FILENO)) {
    size = {80, 24};
    winsize ws{};
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0) {
      size.width = std::clamp<size_t>(ws.ws_col, kMinWidth, kMaxWidth);
      size.height = std::clamp<size_t>(ws.ws_row, kMinHeight, kMaxHeight);
    } else {
      size.width = from_environment("COLUMNS", kMinWidth, kMaxWidth).value_or(size.width);
      size.height = from_environment("LINES", kMinHeight, kMaxHeight).value_or(size.height);
    }
  }
  if (!width_option.empty()) {
    size.width = static_cast<size_t>(parse_int_option("--width", width_option, kMinWidth, kMaxWidth));
  }
  if (!height_option.empty()) {
    size.height = static_cast<size_t>(parse_int_option("--height", height_option, kMinHeight, kMaxHeight));
  }
  return size;
}

}  // namespace rise::cli
