#include "rise/lab/card_patch.h"

#include <stdlib.h>

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>

#include "rise/cardgame/yaml_fields.h"
#include "rise/core/error.h"

namespace rise::lab {
namespace {

namespace fs = std::filesystem;
namespace yml = cardgame::yaml;

// Where a card lives in a data directory: the file (relative), the top-level key of its
// list and its index in the list.
struct CardPlace {
  std::string file;
  std::string list;
  size_t index = 0;
  std::set<std::string> fields;  // the card's own fields (a patch's null removes one of them)
};

std::string yaml_text(const YAML::Node& node) {
  YAML::Emitter out;
  out.SetMapFormat(YAML::Flow);
  out.SetSeqFormat(YAML::Flow);
  out << node;
  return out.c_str();
}

}  // namespace

std::vector<std::string> card_files(const fs::path& dir) {
  std::vector<std::string> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    const fs::path rel = fs::relative(it->path(), dir, ec);
    if (it->is_directory() && rel == "decks") {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file() && it->path().extension() == ".yaml") files.push_back(rel.string());
  }
  if (ec) throw InputError(dir.string() + ": cannot read directory: " + ec.message());
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<CardChange> write_patched_data(const std::string& data_dir, const std::string& patch_file,
                                           const std::string& out_dir) {
  std::error_code ec;
  if (!fs::is_directory(data_dir, ec)) throw InputError(data_dir + ": no such data directory");

  // The cards of the data directory and every field name they use.
  std::map<std::string, CardPlace> places;
  std::set<std::string> known_fields;
  for (const std::string& rel : card_files(data_dir)) {
    const std::string path = (fs::path(data_dir) / rel).string();
    yml::read_document(path, [&](const YAML::Node& document) {
      if (!document.IsMap()) return 0;
      for (const auto& top : document) {
        if (!top.second.IsSequence()) continue;
        for (size_t i = 0; i < top.second.size(); ++i) {
          const YAML::Node item = top.second[i];
          if (!item.IsMap() || !item["id"] || !item["id"].IsScalar()) continue;
          CardPlace place{rel, top.first.as<std::string>(), i, {}};
          for (const auto& field : item) place.fields.insert(field.first.as<std::string>());
          known_fields.insert(place.fields.begin(), place.fields.end());
          places.emplace(item["id"].as<std::string>(), std::move(place));
        }
      }
      return 0;
    });
  }
  std::vector<std::string> card_ids, field_names(known_fields.begin(), known_fields.end());
  for (const auto& [id, place] : places) card_ids.push_back(id);

  // The patch, checked against them.
  struct Change {
    std::string card, field;
    YAML::Node value;
    int line = 0;
  };
  std::vector<Change> changes;
  yml::read_document(patch_file, [&](const YAML::Node& document) {
    yml::Reader reader(patch_file);
    if (!document.IsMap()) reader.fail(document, "", "a card patch is a map with one key, cards (docs/formats.md, \"Card patch\"), got " + yml::describe(document));
    for (const yml::Field& top : reader.fields(document, "", {"cards"})) {
      if (!top.value.IsMap()) reader.fail(top.value, "cards", "expected a map of card ids to the fields they change, got " + yml::describe(top.value));
      for (const yml::Field& card : reader.entries(top.value, "cards")) {
        reader.set_card(card.key);
        if (places.count(card.key) == 0) {
          reader.fail(card.key_node, "", "no such card in " + data_dir + yml::did_you_mean(card.key, card_ids));
        }
        if (!card.value.IsMap() || card.value.size() == 0) {
          reader.fail(card.value, "", "expected a map of the fields to change and their new values, got " + yml::describe(card.value));
        }
        for (const yml::Field& field : reader.entries(card.value, "", /*null_values=*/true)) {  // null: a removal
          if (field.key == "id") reader.fail(field.key_node, "id", "a patch changes a card's fields, not its id");
          if (known_fields.count(field.key) == 0) {
            reader.fail(field.key_node, field.key,
                        "no card of " + data_dir + " has this field" + yml::did_you_mean(field.key, field_names) +
                            " (fields: " + yml::join(field_names) + ")");
          }
          if (field.value.IsNull() && places.at(card.key).fields.count(field.key) == 0) {  // a removal (RFC 7386)
            reader.fail(field.key_node, field.key,
                        "null removes a field, and card '" + card.key + "' has no " + field.key + " to remove");
          }
          changes.push_back({card.key, field.key, field.value, field.key_node.Mark().line + 1});
        }
      }
    }
    return 0;
  });

  // The copy, then the changes, file by file.
  fs::create_directories(out_dir, ec);
  if (ec) throw InputError(out_dir + ": cannot create directory: " + ec.message());
  fs::copy(data_dir, out_dir, fs::copy_options::recursive | fs::copy_options::overwrite_existing, ec);
  if (ec) throw InputError(out_dir + ": cannot copy " + data_dir + " there: " + ec.message());
  std::map<std::string, YAML::Node> documents;
  std::vector<CardChange> out;
  for (const Change& change : changes) {
    const CardPlace& place = places.at(change.card);
    const std::string path = (fs::path(out_dir) / place.file).string();
    auto [it, fresh] = documents.try_emplace(place.file);
    if (fresh) it->second = yml::load_document(path);
    YAML::Node card = it->second[place.list][place.index];
    const bool removal = change.value.IsNull();
    CardChange c{change.card, change.field, card[change.field] ? yaml_text(card[change.field]) : "",
                 removal ? "" : yaml_text(change.value), change.line};
    if (removal) {
      card.remove(change.field);
    } else {
      card[change.field] = YAML::Clone(change.value);
    }
    out.push_back(std::move(c));
  }
  for (const auto& [rel, document] : documents) {
    const std::string path = (fs::path(out_dir) / rel).string();
    YAML::Emitter emitter;
    emitter << document;
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file << "# patched by rise lab ab --patch " << patch_file << "\n" << emitter.c_str() << "\n";
    if (!file) throw InputError(path + ": cannot write file");
  }
  return out;
}

std::string patched_load_error(const std::string& message, const std::vector<CardChange>& changes,
                               const std::string& data_dir, const std::string& patch_file, const std::string& out_dir) {
  static const std::regex kCardField(R"(card '([^']+)': field '([^'.\[]+)([^']*)': (.*)$)");
  std::smatch m;
  if (std::regex_search(message, m, kCardField)) {
    for (const CardChange& c : changes) {
      if (c.card == m[1].str() && c.field == m[2].str()) {
        return patch_file + ":" + std::to_string(c.line) + ": card '" + c.card + "': field '" + m[2].str() + m[3].str() +
               "' (as patched): " + m[4].str();
      }
    }
  }
  std::string out = message;
  const std::string by = data_dir + " patched by " + patch_file;
  for (size_t at = out.find(out_dir); at != std::string::npos; at = out.find(out_dir, at + by.size())) {
    out.replace(at, out_dir.size(), by);
  }
  return out;
}

PatchedCopy::PatchedCopy(const std::string& data_dir, const std::string& patch_file)
    : source_(data_dir), patch_(patch_file) {
  std::string pattern = (fs::temp_directory_path() / "rise-lab-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) {
    throw InputError("cannot create a temporary directory in " + fs::temp_directory_path().string());
  }
  temp_ = pattern;
  data_dir_ = (fs::path(temp_) / "data").string();
  try {
    changes_ = write_patched_data(data_dir, patch_file, data_dir_);
  } catch (...) {
    std::error_code ec;
    fs::remove_all(temp_, ec);
    throw;
  }
}

PatchedCopy::~PatchedCopy() {
  std::error_code ec;
  fs::remove_all(temp_, ec);
}

std::string PatchedCopy::load_error(const std::string& message) const {
  return patched_load_error(message, changes_, source_, patch_, data_dir_);
}

}  // namespace rise::lab
