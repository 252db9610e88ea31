#include <algorithm>
#include <charconv>
#include <limits>

#include "commands.h"
#include "rise/ai/player.h"
#include "rise/core/error.h"
#include "rise/core/text.h"

namespace rise::cli {

void add_data_option(CLI::App& cmd, std::vector<std::string>& option_flags) {
  cmd.add_option_function<std::string>(
      "--data", [&option_flags](const std::string& dir) { option_flags.push_back("data=" + dir); },
      "the game's data directory, holding cards/ and decks/ (the same as --option data=DIR)");
}

Options parse_option_flags(const std::vector<std::string>& flags) {
  Options options;
  for (const std::string& flag : flags) {
    auto eq = flag.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw InputError("--option '" + flag + "' must be written name=value");
    }
    const std::string name = flag.substr(0, eq);
    if (auto it = options.find(name); it != options.end()) {
      throw InputError("--option " + name + " is given twice (" + name + "=" + it->second + " and " + flag +
                       "); give each option once");
    }
    options[name] = flag.substr(eq + 1);
  }
  return options;
}

void check_decks_option(const Options& options, int seats) {
  auto it = options.find("decks");
  if (it == options.end()) return;
  const std::string& text = it->second;
  if (text.empty()) return;  // the game's default decks
  int count = 0;
  size_t start = 0;
  for (;;) {
    const size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    ++count;
    if (item.empty()) {
      throw InputError("decks '" + text + "': deck " + std::to_string(count) +
                       " is empty; give one deck id or file per seat, e.g. cinderstorm,deepcurrent (rise-tcg)");
    }
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (count > seats) {
    throw InputError("decks '" + text + "': " + std::to_string(count) + " decks for " + std::to_string(seats) +
                     " seat" + (seats == 1 ? "" : "s") + "; give one deck per seat (--players sets the seats)");
  }
}

int64_t parse_int_option(const std::string& option, const std::string& text, int64_t lo, int64_t hi) {
  const std::optional<int64_t> value = parse_integer(text);
  if (!value || *value < lo || *value > hi) {
    throw InputError(option + " '" + text + "': give a whole number from " + std::to_string(lo) + " to " +
                     std::to_string(hi));
  }
  return *value;
}

uint64_t parse_seed_option(const std::string& option, const std::string& text) {
  uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) {
    throw InputError(option + " '" + text + "': a seed is a whole number from 0 to " +
                     std::to_string(std::numeric_limits<uint64_t>::max()));
  }
  return value;
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
