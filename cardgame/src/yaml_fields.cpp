#include "rise/cardgame/yaml_fields.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <sstream>

#include <yaml-cpp/eventhandler.h>

#include "rise/core/error.h"
#include "rise/core/files.h"
#include "rise/core/utf8.h"

namespace rise::cardgame::yaml {

namespace {

std::string folded(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == ' ' || c == '_' || c == '-') continue;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string describe(const YAML::Node& node) {
  if (!node.IsDefined() || node.IsNull()) return "nothing";
  if (node.IsScalar()) return "'" + node.Scalar() + "'";
  if (node.IsSequence()) return "a list";
  return "a map";
}

std::string did_you_mean(const std::string& got, const std::vector<std::string>& known) {
  const std::string g = folded(got);
  for (const std::string& k : known) {
    if (folded(k) == g) return " (did you mean '" + k + "'?)";
  }
  std::string best;
  size_t best_distance = 0;
  for (const std::string& k : known) {
    const size_t d = edit_distance(g, folded(k));
    if (d <= std::max<size_t>(1, folded(k).size() / 2) && (best.empty() || d < best_distance)) {
      best_distance = d;
      best = k;
    }
  }
  return best.empty() ? "" : " (did you mean '" + best + "'?)";
}

std::string one_of(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " or " : ", ";
    out += names[i];
  }
  return out;
}

std::string join(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

const Field* find(const std::vector<Field>& fields, std::string_view key) {
  for (const Field& f : fields) {
    if (f.key == key) return &f;
  }
  return nullptr;
}

std::string sub(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }

std::string item(const std::string& path, size_t index0) { return path + "[" + std::to_string(index0 + 1) + "]"; }

int Reader::line_of(const YAML::Node& node) const {
  if (node.IsDefined()) {
    YAML::Mark mark = node.Mark();
    if (!mark.is_null() && mark.line >= 0) return mark.line + 1;
  }
  return fallback_line_;
}

std::string Reader::where(const YAML::Node& node, const std::string& path) const {
  std::string out = file_ + ":" + std::to_string(line_of(node)) + ":";
  if (!card_.empty()) out += " " + noun_ + " '" + card_ + "':";
  if (!path.empty()) out += " field '" + path + "':";
  return out;
}

void Reader::fail(const YAML::Node& node, const std::string& path, const std::string& reason) const {
  throw InputError(where(node, path) + " " + reason);
}

std::vector<Field> Reader::entries(const YAML::Node& node, const std::string& path, bool null_values) const {
  if (!node.IsMap()) fail(node, path, "expected a map, got " + describe(node));
  std::vector<Field> out;
  for (auto it = node.begin(); it != node.end(); ++it) {
    const YAML::Node key = it->first;
    if (!key.IsScalar()) fail(key, path, "a key must be a plain name, got " + describe(key));
    const std::string k = key.Scalar();
    if (find(out, k) != nullptr) {
      fail(key, sub(path, k), "given twice (first at line " + std::to_string(line_of(find(out, k)->key_node)) + ")");
    }
    if (it->second.IsNull() && !null_values) fail(key, sub(path, k), "no value given");
    out.push_back({k, key, it->second});
  }
  return out;
}

std::vector<Field> Reader::fields(const YAML::Node& node, const std::string& path,
                                  const std::vector<std::string>& allowed) const {
  std::vector<Field> out = entries(node, path);
  for (const Field& f : out) {
    if (std::find(allowed.begin(), allowed.end(), f.key) == allowed.end()) {
      fail(f.key_node, sub(path, f.key),
           "unknown field" + did_you_mean(f.key, allowed) + "; allowed here: " + join(allowed));
    }
  }
  return out;
}

std::string Reader::text(const YAML::Node& node, const std::string& path) const {
  if (!node.IsScalar() || node.Scalar().empty()) fail(node, path, "expected text, got " + describe(node));
  return node.Scalar();
}

bool to_int(const YAML::Node& node, int& out) {
  if (!node.IsScalar()) return false;
  const std::string& s = node.Scalar();
  const char* begin = s.data();
  if (!s.empty() && s[0] == '+') ++begin;
  auto [end, ec] = std::from_chars(begin, s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size() && begin != end;
}

int Reader::integer(const YAML::Node& node, const std::string& path, int low, int high,
                    const std::string& expected) const {
  int value = 0;
  if (to_int(node, value) && value >= low && value <= high) return value;
  std::string what = expected;
  if (what.empty()) {
    what = low == high ? std::to_string(low) : "an integer " + std::to_string(low) + ".." + std::to_string(high);
  }
  fail(node, path, "expected " + what + ", got " + describe(node));
}

bool Reader::boolean(const YAML::Node& node, const std::string& path) const {
  if (node.IsScalar()) {
    const std::string& s = node.Scalar();
    if (s == "yes" || s == "true") return true;
    if (s == "no" || s == "false") return false;
  }
  fail(node, path, "expected yes or no, got " + describe(node));
}

int Reader::name(const YAML::Node& node, const std::string& path, const std::vector<std::string>& names,
                 const std::string& what) const {
  if (!node.IsScalar()) fail(node, path, "expected " + what + " name, got " + describe(node));
  auto it = std::find(names.begin(), names.end(), node.Scalar());
  if (it == names.end()) {
    fail(node, path,
         "unknown " + what + " '" + node.Scalar() + "'" + did_you_mean(node.Scalar(), names) + "; expected " +
             one_of(names));
  }
  return static_cast<int>(it - names.begin());
}

uint64_t Reader::mask(const YAML::Node& node, const std::string& path, const std::vector<std::string>& names,
                      const std::string& what) const {
  if (node.IsScalar()) return uint64_t{1} << name(node, path, names, what);
  if (!node.IsSequence()) fail(node, path, "expected a list of " + what + " names, got " + describe(node));
  if (node.size() == 0) fail(node, path, "expected at least one " + what + ", got an empty list");
  uint64_t out = 0;
  for (size_t i = 0; i < node.size(); ++i) {
    const uint64_t bit = uint64_t{1} << name(node[i], path, names, what);
    if (out & bit) fail(node[i], path, what + " '" + node[i].Scalar() + "' is listed twice");
    out |= bit;
  }
  return out;
}

void Reader::need_list(const YAML::Node& node, const std::string& path) const {
  if (!node.IsSequence()) fail(node, path, "expected a list, got " + describe(node));
  if (node.size() == 0) fail(node, path, "expected at least one entry, got an empty list");
}

namespace {

// Refuses text that is not valid UTF-8 (a name typed in another encoding): "FILE:LINE:
// field 'KEY': ..." naming the key written on that line, if any.
void check_utf8(const std::string& text, const std::string& path) {
  const size_t at = invalid_utf8_at(text);
  if (at == std::string::npos) return;
  const size_t line_start = text.rfind('\n', at) == std::string::npos ? 0 : text.rfind('\n', at) + 1;
  const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
  // The key of a "  key: value" or "- key: value" line.
  std::string key;
  size_t k = text.find_first_not_of(" \t-", line_start);
  while (k < at && (std::isalnum(static_cast<unsigned char>(text[k])) || text[k] == '_' || text[k] == '-')) key += text[k++];
  const bool has_key = !key.empty() && k < at && text[k] == ':';
  char byte[8];
  std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(text[at]));
  throw InputError(path + ":" + std::to_string(line) + ": " + (has_key ? "field '" + key + "': " : std::string()) +
                   "not valid UTF-8 (byte " + byte + " at column " + std::to_string(at - line_start + 1) +
                   "); card and deck files are UTF-8 text");
}

}  // namespace

namespace {

// Records where the documents of a YAML stream start, and nothing else (the events of
// their content are ignored).
class DocumentStarts : public YAML::EventHandler {
 public:
  std::vector<YAML::Mark> starts;
  void OnDocumentStart(const YAML::Mark& mark) override { starts.push_back(mark); }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};

}  // namespace

[[noreturn]] void syntax_error(const std::string& path, const YAML::Exception& e) {
  const int line = e.mark.is_null() ? 1 : e.mark.line + 1;
  std::string hint;
  if (e.msg.find("alias") != std::string::npos) hint = " (a '*' attack or defense is written in quotes: '*')";
  throw InputError(path + ":" + std::to_string(line) + ": YAML syntax error: " + e.msg + hint);
}

YAML::Node load_document(const std::string& path) {
  const std::string text = read_file(path, kYamlFileLimit, "YAML file");
  check_utf8(text, path);
  // One document is read, then whether a second one starts. Not YAML::LoadAll: in yaml-cpp
  // 0.7 (Debian 12) it never returns on some malformed text (a lone ",": the parser keeps
  // finding empty documents; found by fuzz_deck_raise_rise_die, fixed upstream in 0.8.0),
  // so the documents are counted by a parser that is asked for two at the most.
  YAML::Node document;
  try {
    document = YAML::Load(text);
    std::istringstream in(text);
    YAML::Parser parser(in);
    DocumentStarts starts;
    for (int k = 0; k < 2 && parser.HandleNextDocument(starts); ++k) {
    }
    if (starts.starts.size() > 1) {
      throw InputError(path + ":" + std::to_string(starts.starts[1].line + 1) +
                       ": a file holds one YAML document, this one has more (a second starts here)");
    }
  } catch (const YAML::Exception& e) {
    syntax_error(path, e);
  }
  return document;
}

}  // namespace rise::cardgame::yaml
