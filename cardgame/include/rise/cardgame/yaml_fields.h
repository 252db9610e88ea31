// Strict reading of yaml-cpp nodes with messages that name the file, the line, the card and
// the field (docs/cards.md, "Every file is validated"), shared by the card games' loaders
// (cardgame/ for rise-tcg, games/dark-legacy/card_loader.cpp). Users link yaml-cpp themselves.
#pragma once

#include <yaml-cpp/yaml.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rise::cardgame::yaml {

// What a node holds, for "got ..." in messages: "'x'", "a list", "a map", "nothing".
std::string describe(const YAML::Node& node);

// " (did you mean 'X'?)" when `got` is close to one of `known` (same letters ignoring
// case, spaces, '_' and '-', or at most two edits away), else "".
std::string did_you_mean(const std::string& got, const std::vector<std::string>& known);

// "a, b or c".
std::string one_of(const std::vector<std::string>& names);

// "a, b, c".
std::string join(const std::vector<std::string>& names);

// One key of a map, in file order.
struct Field {
  std::string key;
  YAML::Node key_node;
  YAML::Node value;
};

// Where an error is reported: the file, and the card being read (empty for a deck file).
// fail() throws InputError "FILE:LINE: card 'ID': field 'PATH': REASON".
class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}

  const std::string& file() const { return file_; }
  // The card named in messages: its id, or "#N" before the id is known; "" = none.
  // `noun` names what is read ("card 'ID'", or e.g. "character 'ID'" for other definitions).
  void set_card(std::string card, std::string noun = "card") {
    card_ = std::move(card);
    noun_ = std::move(noun);
  }
  const std::string& card() const { return card_; }
  // The line used when a node has no position (a missing value).
  void set_fallback_line(int line) { fallback_line_ = line; }

  // 1-based line of `node`, or the fallback line.
  int line_of(const YAML::Node& node) const;
  // "FILE:LINE: NOUN 'ID': field 'PATH'" (no card part / no field part when empty).
  std::string where(const YAML::Node& node, const std::string& path) const;
  [[noreturn]] void fail(const YAML::Node& node, const std::string& path, const std::string& reason) const;

  // The fields of a map, checked: every key a scalar in `allowed`, none given twice.
  // An unknown key is an error naming the allowed ones (with a "did you mean").
  std::vector<Field> fields(const YAML::Node& node, const std::string& path,
                            const std::vector<std::string>& allowed) const;
  // The fields of a map whose keys are free (e.g. card ids), none given twice; a key without
  // a value is refused ("no value given") unless `null_values` (a card patch's removal).
  std::vector<Field> entries(const YAML::Node& node, const std::string& path, bool null_values = false) const;

  // Scalars. Each fails with "expected ..., got ..." on anything else.
  std::string text(const YAML::Node& node, const std::string& path) const;  // non-empty scalar
  // An integer in low..high; `expected` replaces "an integer LOW..HIGH" in the message.
  int integer(const YAML::Node& node, const std::string& path, int low, int high,
              const std::string& expected = "") const;
  bool boolean(const YAML::Node& node, const std::string& path) const;  // yes/no/true/false
  // The index of the scalar in `names` (exact spelling); `what` names the kind, e.g. "ability".
  int name(const YAML::Node& node, const std::string& path, const std::vector<std::string>& names,
           const std::string& what) const;
  // A list of names (or one name) as a bit mask over `names`; no duplicates, not empty.
  uint64_t mask(const YAML::Node& node, const std::string& path, const std::vector<std::string>& names,
                const std::string& what) const;
  // `node` must be a non-empty list.
  void need_list(const YAML::Node& node, const std::string& path) const;

 private:
  std::string file_;
  std::string card_;
  std::string noun_ = "card";
  int fallback_line_ = 1;
};

// The scalar as a decimal integer (optional sign), or false.
bool to_int(const YAML::Node& node, int& out);

// The value of `key` in `fields`, or nullptr.
const Field* find(const std::vector<Field>& fields, std::string_view key);

// "path.key" (or "key" at the top).
std::string sub(const std::string& path, const std::string& key);
// "path[i]" with i 1-based.
std::string item(const std::string& path, size_t index0);

// Throws InputError "PATH:LINE: YAML syntax error: ..." for an error yaml-cpp raised
// while reading `path` (a syntax error, or a node it cannot read).
[[noreturn]] void syntax_error(const std::string& path, const YAML::Exception& e);

// Parses a whole file as exactly one YAML document; a syntax error becomes
// "FILE:LINE: YAML syntax error: ..."; an unreadable file "FILE: cannot read file".
YAML::Node load_document(const std::string& path);

// The one way a loader reads a YAML file: load_document(path), then `read(document)`, with
// every yaml-cpp exception that escapes `read` (a node yaml-cpp cannot read, e.g.
// YAML::InvalidNode) turned into "FILE:LINE: YAML syntax error: ..." by syntax_error(), so
// that no loader lets a yaml-cpp exception out (docs/limits.md). Returns what `read`
// returns; InputError from `read` passes unchanged.
template <class Read>
auto read_document(const std::string& path, Read&& read) -> decltype(read(std::declval<const YAML::Node&>())) {
  const YAML::Node document = load_document(path);
  try {
    return read(document);
  } catch (const YAML::Exception& e) {
    syntax_error(path, e);
  }
}

}  // namespace rise::cardgame::yaml
