// The shared words of the sandbox position languages (position_words.h).
#include "rise/cardgame/position_words.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "rise/cardgame/yaml_fields.h"
#include "rise/core/error.h"
#include "rise/core/game.h"

namespace rise::cardgame::position {
namespace {

// Whether `word` is all ASCII digits (bytes of UTF-8 text are never passed to isdigit signed).
bool all_digits(const std::string& word) {
  return !word.empty() && std::all_of(word.begin(), word.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

// `word` without a final "'s".
std::string without_possessive(std::string word) {
  if (word.size() > 2 && word.ends_with("'s")) word.resize(word.size() - 2);
  return word;
}

}  // namespace

std::string forms(const Game& game) {
  return "write e.g. " + game.sandbox_examples() + " (docs/formats.md, \"Sandbox position\")";
}

std::string trimmed(std::string line) {
  while (!line.empty() && (line.back() == '.' || std::isspace(static_cast<unsigned char>(line.back())))) line.pop_back();
  return line;
}

std::string joined(const std::vector<std::string>& words, size_t from, size_t to) {
  std::string out;
  for (size_t i = from; i < to && i < words.size(); ++i) out += (out.empty() ? "" : " ") + words[i];
  return out;
}

std::optional<int> count_word(const std::string& word) {
  static const std::vector<std::string> kNumbers = {"a", "one", "two", "three", "four", "five",
                                                    "six", "seven", "eight", "nine", "ten"};
  if (word == "an") return 1;
  for (size_t i = 0; i < kNumbers.size(); ++i) {
    if (word == kNumbers[i]) return std::max<int>(1, static_cast<int>(i));
  }
  if (word.size() <= 3 && all_digits(word)) return std::stoi(word);
  return std::nullopt;
}

int number_in(const std::string& word, int low, int high, const std::string& what) {
  const std::optional<int64_t> n = parse_integer(word);
  if (!n) throw InputError(fmt::format("{}: expected a number, got '{}'", what, word));
  if (*n < low || *n > high) throw InputError(fmt::format("{}: {} is not in {}..{}", what, *n, low, high));
  return static_cast<int>(*n);
}

std::optional<int> seat_words(const std::vector<std::string>& words, size_t& i, int sides) {
  if (i >= words.size()) return std::nullopt;
  const std::string w = without_possessive(words[i]);
  auto check = [&](int seat) {
    if (seat >= sides) throw InputError(fmt::format("there is no p{} in a game of {} players", seat, sides));
    return seat;
  };
  if (w == "my" || w == "me") return ++i, 0;
  if (w == "their" || w == "them" || w == "opponent" || w == "opponent's") {
    if (sides != 2) {
      throw InputError(fmt::format("'{}' names no one seat in a game of {} players: say p1, p2, ...", words[i], sides));
    }
    return ++i, 1;
  }
  if (w.size() == 2 && w[0] == 'p' && std::isdigit(static_cast<unsigned char>(w[1]))) return ++i, check(w[1] - '0');
  if (w == "seat" && i + 1 < words.size()) {
    const std::string n = without_possessive(words[i + 1]);
    if (n.size() == 1 && std::isdigit(static_cast<unsigned char>(n[0]))) return i += 2, check(n[0] - '0');
  }
  return std::nullopt;
}

Placement placement(const std::vector<std::string>& words, int sides, const std::string& line, const Game& game) {
  size_t at = words.size();
  for (size_t w = words.size(); w-- > 1;) {
    if (words[w] == "on" || words[w] == "in" || words[w] == "into" || words[w] == "to") {
      at = w;
      break;
    }
  }
  if (at == words.size()) throw InputError(fmt::format("'{}' is not a set-up line: {}", line, forms(game)));
  size_t z = at + 1;
  const std::optional<int> seat = seat_words(words, z, sides);
  if (!seat) throw InputError(fmt::format("'{}': whose? say 'my', 'their' or 'p1's' before the zone", line));
  return Placement{at, *seat, joined(words, z, words.size())};
}

std::vector<CardItem> card_items(const std::vector<std::string>& words, size_t end, const std::string& line) {
  std::vector<std::vector<std::string>> items(1);
  for (size_t w = 0; w < end && w < words.size(); ++w) {
    std::string word = words[w];
    const bool comma = word.back() == ',';
    if (comma) word.pop_back();
    if (ascii_lower(word) == "and") {
      items.emplace_back();
      continue;
    }
    if (!word.empty()) items.back().push_back(word);
    if (comma) items.emplace_back();
  }
  std::vector<CardItem> out;
  for (const std::vector<std::string>& item : items) {
    if (item.empty()) throw InputError(fmt::format("'{}': a card is missing before 'and' or ','", line));
    const std::optional<int> count = count_word(ascii_lower(item.front()));
    const size_t name_from = count && item.size() > 1 ? 1 : 0;
    const int copies = name_from ? *count : 1;
    if (copies < 1 || copies > 40) throw InputError(fmt::format("'{}': {} copies: at most 40 at once", line, copies));
    out.push_back(CardItem{copies, joined(item, name_from, item.size())});
  }
  return out;
}

std::optional<size_t> find_card(const std::vector<CardName>& cards, const std::string& phrase) {
  const std::string want = ascii_lower(phrase);
  const std::string singular = want.size() > 1 && want.back() == 's' ? want.substr(0, want.size() - 1) : "";
  const std::string singular_es = want.size() > 2 && want.ends_with("es") ? want.substr(0, want.size() - 2) : "";
  for (const std::string& w : {want, singular, singular_es}) {
    if (w.empty()) continue;
    for (size_t k = 0; k < cards.size(); ++k) {
      if (ascii_lower(cards[k].id) == w || ascii_lower(cards[k].name) == w) return k;
    }
  }
  // Whole words of a longer name: " crow " in " carrion crow ".
  std::vector<size_t> found;
  for (const std::string& w : {want, singular}) {
    if (w.empty() || !found.empty()) continue;
    for (size_t k = 0; k < cards.size(); ++k) {
      if ((" " + ascii_lower(cards[k].name) + " ").find(" " + w + " ") != std::string::npos) found.push_back(k);
    }
  }
  if (found.size() == 1) return found.front();
  if (found.size() > 1) {
    std::string list;
    for (size_t k = 0; k < found.size() && k < 6; ++k) list += (k ? ", " : "") + cards[found[k]].name;
    throw InputError(fmt::format("'{}' may be {}: name one", phrase, list));
  }
  return std::nullopt;
}

std::string no_card_named(const std::vector<CardName>& cards, const std::string& phrase) {
  std::vector<std::string> names;
  for (const CardName& c : cards) names.push_back(c.name);
  return fmt::format("no card is named '{}'{}", phrase, yaml::did_you_mean(phrase, names));
}

}  // namespace rise::cardgame::position
