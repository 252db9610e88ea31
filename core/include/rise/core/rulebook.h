// The rules of each game as the project writes them (docs/rules/<game>.md), built into the
// program so that every front end can show a rule where it is cited (issue 38): `rules ID`
// at the terminal, the rule links of the browser's refusals, the rules panel. A rule is a
// bullet whose text starts with its id in bold ("- **TCG-3.3** In turn order ..."), the
// format scripts/rules-coverage reads; an Interpretation is a rule whose id has an "I"
// ("TCG-I79").
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rise {

struct Rule {
  std::string id;    // "TCG-3.3"
  std::string text;  // the bullet's text after the id, its lines joined by spaces
};

// The rules of a rules document, in document order. Text outside rule bullets is ignored.
std::vector<Rule> parse_rules(std::string_view markdown);

// The rules of `game` (a game id) from the document built in, in document order; empty for a
// game without one.
const std::vector<Rule>& game_rules(const std::string& game);

// The rule `id` of `game` (ids are matched without regard to case), or nullptr.
const Rule* find_rule(const std::string& game, const std::string& id);

// The rules of `game` whose id or text holds every word of `query` (case-insensitive), in
// document order, at most `limit`.
std::vector<const Rule*> search_rules(const std::string& game, const std::string& query, size_t limit = 20);

}  // namespace rise
