#include <algorithm>

#include "commands.h"
#include "rise/ai/player.h"
#include "rise/core/error.h"

namespace rise::cli {

Options parse_option_flags(const std::vector<std::string>& flags) {
  Options options;
  for (const std::string& flag : flags) {
    auto eq = flag.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw InputError("--option '" + flag + "' must be written name=value");
    }
    options[flag.substr(0, eq)] = flag.substr(eq + 1);
  }
  return options;
}

Options with_decks(Options options, const std::string& decks) {
  if (decks.empty()) return options;
  if (options.count("decks") != 0) {
    throw InputError("the decks are given twice (--decks and --option decks=...); give them once");
  }
  options["decks"] = decks;
  return options;
}

std::vector<std::string> split_players(const std::string& text) {
  // A comma starts a new player unless the text after it is a key=value setting.
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t comma = text.find(',', start);
    std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const bool is_setting = item.find('=') != std::string::npos && item.find(':') == std::string::npos;
    if (is_setting && !out.empty()) {
      out.back() += "," + item;
    } else {
      out.push_back(item);
    }
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

}  // namespace rise::cli
