#include "rise/core/rulebook.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <sstream>

#include "rise/core/text.h"
#include "rules_documents.h"  // generated: the documents of docs/rules (core/CMakeLists.txt)

namespace rise {

namespace {

std::string trimmed(const std::string& line) {
  const size_t first = line.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return line.substr(first, line.find_last_not_of(" \t") - first + 1);
}

}  // namespace

std::vector<Rule> parse_rules(std::string_view markdown) {
  // The bullet of a rule: "- **ID** text", ID as scripts/rules-coverage reads it.
  static const std::regex bullet(R"(^\s*[-*]\s+\*\*([A-Z]+-I?[0-9]+(?:\.[0-9]+)*)\*\*\s*(.*)$)");
  std::vector<Rule> rules;
  bool open = false;  // the last rule's bullet goes on in the lines below it
  std::istringstream in{std::string(markdown)};
  std::string line;
  while (std::getline(in, line)) {
    std::smatch m;
    if (std::regex_match(line, m, bullet)) {
      rules.push_back({m[1].str(), trimmed(m[2].str())});
      open = true;
      continue;
    }
    const std::string text = trimmed(line);
    const bool continues = open && !text.empty() && (line.size() > 0 && (line[0] == ' ' || line[0] == '\t')) &&
                           text[0] != '-' && text[0] != '*';
    if (continues) {
      rules.back().text += " " + text;
    } else {
      open = false;
    }
  }
  return rules;
}

const std::vector<Rule>& game_rules(const std::string& game) {
  static const std::map<std::string, std::vector<Rule>> all = [] {
    std::map<std::string, std::vector<Rule>> out;
    for (const detail::RulesDocument& d : detail::rules_documents()) out[d.game] = parse_rules(d.markdown);
    return out;
  }();
  static const std::vector<Rule> none;
  const auto it = all.find(game);
  return it == all.end() ? none : it->second;
}

const Rule* find_rule(const std::string& game, const std::string& id) {
  const std::string wanted = ascii_lower(id);
  for (const Rule& r : game_rules(game)) {
    if (ascii_lower(r.id) == wanted) return &r;
  }
  return nullptr;
}

std::vector<const Rule*> search_rules(const std::string& game, const std::string& query, size_t limit) {
  const std::vector<std::string> words = split_words(ascii_lower(query));
  std::vector<const Rule*> out;
  for (const Rule& r : game_rules(game)) {
    if (out.size() >= limit) break;
    const std::string hay = ascii_lower(r.id + " " + r.text);
    if (std::all_of(words.begin(), words.end(), [&](const std::string& w) { return hay.find(w) != std::string::npos; })) {
      out.push_back(&r);
    }
  }
  return out;
}

}  // namespace rise
