// The words every card game's sandbox position language shares (State::set_up, issue 36;
// docs/formats.md, "Sandbox position"): whose ("my", "their", "p1's"), counts ("two", "3"),
// numbers in a range, lists of cards ("a Herald and 2 Thralls"), and a card named by id,
// name, plural or the words of one name. Each game's set_up reads its own zones and numbers
// with them (rise-tcg/sandbox.cpp, dark-legacy/sandbox.cpp, raise-rise-die/sandbox.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rise/core/error.h"
#include "rise/core/text.h"

namespace rise {
class Game;
}

namespace rise::cardgame::position {

// What a line may say, for errors: "write e.g. " + game.sandbox_examples() + " (docs/formats.md,
// \"Sandbox position\")".
std::string forms(const Game& game);

// `line` without trailing spaces and full stops ("Crow on my battlefield." -> "... battlefield").
std::string trimmed(std::string line);

// words[from, to) joined by one space.
std::string joined(const std::vector<std::string>& words, size_t from, size_t to);

// "3", "a", "an", "one" … "ten" (lower case): a count; nullopt when `word` is none.
std::optional<int> count_word(const std::string& word);

// `word` as a number within [low, high]. Throws InputError "WHAT: expected a number, got 'x'"
// or "WHAT: 12 is not in 0..9".
int number_in(const std::string& word, int low, int high, const std::string& what);

// The seat that lower-case words[i] (and maybe the next word) name in a game of `sides`:
// "my"/"me" seat 0, "their"/"them"/"opponent" seat 1 (2 players only), "p2", "p2's", "seat 2",
// "seat 2's". Advances `i` past them; nullopt (i unchanged) when they name no seat. Throws
// InputError for a seat the table lacks, or "their" at a table of more than two.
std::optional<int> seat_words(const std::vector<std::string>& words, size_t& i, int sides);

// A line "CARDS in|into|on|to WHOSE ZONE" read up to its zone (lower-case `words`): the cards
// are words[0, cards_end) (before the last preposition), `seat` is whose zone, `zone` its
// words joined ("charging field"). Throws InputError quoting `line`: "'...' is not a set-up
// line: " + forms(game) without a preposition, "whose? ..." without a seat after it.
struct Placement {
  size_t cards_end = 0;
  int seat = 0;
  std::string zone;
};
Placement placement(const std::vector<std::string>& words, int sides, const std::string& line, const Game& game);

// One item of a list of cards: how many copies, and the words naming the card.
struct CardItem {
  int copies = 1;
  std::string phrase;
};

// The items of original-case words[0, end), separated by "," or "and": "two Thralls and a
// Herald" -> {2, "Thralls"}, {1, "Herald"}. Throws InputError quoting `line` for an empty item
// or more than 40 copies.
std::vector<CardItem> card_items(const std::vector<std::string>& words, size_t end, const std::string& line);

// A card a phrase may name: its id and its name.
struct CardName {
  std::string id;
  std::string name;
};

// The index in `cards` of the card `phrase` names: its id or name (any case), the same without
// a plural "s"/"es", or else the one card whose name holds it as whole words ("Herald" for
// "Blood Herald"). nullopt when none does; throws InputError "'x' may be A, B: name one" when
// several do.
std::optional<size_t> find_card(const std::vector<CardName>& cards, const std::string& phrase);

// The index in `cards` (anything with size() and operator[] giving .id and .name, e.g. a
// game's CardDb) of the card `phrase` names (find_card); throws InputError with "did you
// mean" (no_card_named) or the candidates.
template <class Cards>
int card_index(const Cards& cards, const std::string& phrase);

// The InputError message for a phrase no card answers: "no card is named 'x'" with a "did
// you mean" among `cards`' names.
std::string no_card_named(const std::vector<CardName>& cards, const std::string& phrase);

template <class Cards>
int card_index(const Cards& cards, const std::string& phrase) {
  std::vector<CardName> names;
  for (int d = 0; d < cards.size(); ++d) names.push_back({cards[d].id, cards[d].name});
  if (std::optional<size_t> k = find_card(names, phrase)) return static_cast<int>(*k);
  throw InputError(no_card_named(names, phrase));
}

}  // namespace rise::cardgame::position
