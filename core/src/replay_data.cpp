// Replays that carry their card data (Replay::data_files, issue 36): embed_card_data reads a
// card game's data folder into the replay; EmbeddedData (used by run_replay) writes it back
// to a temporary folder. A replay is input: every path it names is checked before a byte is
// written (relative, no "..", *.yaml only).
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "replay_data.h"
#include "rise/core/error.h"
#include "rise/core/install_dirs.h"
#include "rise/core/replay.h"

namespace rise {
namespace {

namespace fs = std::filesystem;

constexpr const char* kDeckKey = "@deck:";

// The entries of a comma-separated option ("a,b" -> {"a", "b"}; "" -> none).
std::vector<std::string> entries(const std::string& text) {
  std::vector<std::string> out;
  if (text.empty()) return out;
  std::string item;
  for (char c : text + ",") {
    if (c == ',') {
      out.push_back(item);
      item.clear();
    } else {
      item += c;
    }
  }
  return out;
}

// A deck entry given as a file (a path or a *.yaml name), not an id of the data folder.
bool is_deck_file(const std::string& entry) {
  const fs::path p(entry);
  return entry.find('/') != std::string::npos || p.extension() == ".yaml" || p.extension() == ".yml";
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path.string() + ": cannot read the file to embed in the replay");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A relative path of an embedded file that is safe to write under a folder: segments of
// letters, digits, '-', '_' and '.', no "." or ".." segment, ending in .yaml.
bool safe_relative_path(const std::string& path) {
  if (path.empty() || path.front() == '/' || path.size() < 6 || path.substr(path.size() - 5) != ".yaml") return false;
  std::string segment;
  for (char c : path + "/") {
    if (c == '/') {
      if (segment.empty() || segment == "." || segment == "..") return false;
      segment.clear();
      continue;
    }
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                    c == '_' || c == '.';
    if (!ok) return false;
    segment += c;
  }
  return true;
}

}  // namespace

void embed_card_data(Replay& replay) {
  const auto data = replay.options.find("data");
  if (data == replay.options.end()) return;  // a game without card data
  const fs::path dir = data->second.empty() ? fs::path(data_root()) / replay.game : fs::path(data->second);
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw InputError(dir.string() + ": no such data folder to embed in the replay");
  std::map<std::string, std::string> files;
  size_t bytes = 0;
  auto add = [&](const std::string& key, const fs::path& path) {
    std::string text = read_file(path);
    bytes += text.size();
    if (bytes > kMaxEmbeddedBytes) {
      throw InputError("the card data of " + dir.string() + " is over " + std::to_string(kMaxEmbeddedBytes >> 20) +
                       " MiB: too large to embed in a replay");
    }
    files[key] = std::move(text);
  };
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (!it->is_regular_file(ec) || it->path().extension() != ".yaml") continue;
    const std::string relative = fs::relative(it->path(), dir).generic_string();
    if (safe_relative_path(relative)) add(relative, it->path());
  }
  if (ec) throw InputError(dir.string() + ": cannot read the data folder to embed: " + ec.message());
  if (const auto decks = replay.options.find("decks"); decks != replay.options.end()) {
    for (const std::string& entry : entries(decks->second)) {
      if (is_deck_file(entry) && files.count(kDeckKey + entry) == 0) add(kDeckKey + entry, entry);
    }
  }
  replay.data_files = std::move(files);
}

EmbeddedData::EmbeddedData(const Replay& replay) : options_(replay.options) {
  if (replay.data_files.empty()) return;
  // Check every name before writing anything.
  for (const auto& [key, text] : replay.data_files) {
    if (key.rfind(kDeckKey, 0) == 0) continue;
    if (!safe_relative_path(key)) {
      throw InputError("data_files: '" + key + "' is not a path the replay may write (a relative *.yaml path of "
                       "letters, digits, '-', '_' and '.')");
    }
  }
  std::string pattern = (fs::temp_directory_path() / "rise-replay-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) {
    throw InputError("cannot create a temporary folder in " + fs::temp_directory_path().string());
  }
  folder_ = pattern;
  try {
    const fs::path data = fs::path(folder_) / "data";
    auto write = [&](const fs::path& path, const std::string& text) {
      fs::create_directories(path.parent_path());
      std::ofstream out(path, std::ios::binary);
      out << text;
      if (!out) throw InputError(path.string() + ": cannot write the replay's card data");
    };
    for (const auto& [key, text] : replay.data_files) {
      if (key.rfind(kDeckKey, 0) != 0) write(data / key, text);
    }
    options_["data"] = data.string();
    if (const auto decks = options_.find("decks"); decks != options_.end()) {
      std::string rewritten;
      int k = 0;
      for (const std::string& entry : entries(decks->second)) {
        std::string now = entry;
        const auto it = replay.data_files.find(kDeckKey + entry);
        if (it != replay.data_files.end()) {
          // Its own folder keeps its file name, the deck's id (a state names its decks by it).
          std::string name = fs::path(entry).filename().string();
          if (!safe_relative_path(name)) name = "deck.yaml";
          const fs::path path = fs::path(folder_) / "decks" / std::to_string(k) / name;
          write(path, it->second);
          now = path.string();
        }
        rewritten += (k == 0 ? "" : ",") + now;
        ++k;
      }
      decks->second = rewritten;
    }
  } catch (...) {
    std::error_code ec;
    fs::remove_all(folder_, ec);
    throw;
  }
}

EmbeddedData::~EmbeddedData() {
  if (folder_.empty()) return;
  std::error_code ec;
  fs::remove_all(folder_, ec);
}

}  // namespace rise
