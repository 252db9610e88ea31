#include "rise/cardgame/data_dir.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "rise/core/error.h"
#include "rise/core/install_dirs.h"

namespace rise::cardgame {

namespace fs = std::filesystem;

// data_root()/GAME: $RISE_DATA_DIR, an installed binary's share folder, or the source tree's
// data/ (install_dirs.h).
std::string default_data_dir(const std::string& game_id) { return data_root() + "/" + game_id; }

std::vector<std::string> file_ids(const std::string& data_dir, const std::string& folder) {
  std::vector<std::string> ids;
  std::error_code ec;
  const fs::path dir = fs::path(data_dir) / folder;
  if (!fs::is_directory(dir, ec)) return ids;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.is_regular_file(ec) && entry.path().extension() == ".yaml") ids.push_back(entry.path().stem().string());
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

std::string find_data_file(const std::string& data_dir, const std::string& folder, const std::string& noun,
                           const std::string& name_or_path) {
  std::error_code ec;
  if (fs::is_regular_file(name_or_path, ec)) return name_or_path;
  const fs::path by_id = fs::path(data_dir) / folder / (name_or_path + ".yaml");
  if (name_or_path.find('/') == std::string::npos && fs::is_regular_file(by_id, ec)) return by_id.string();
  std::string known;
  for (const std::string& id : file_ids(data_dir, folder)) known += (known.empty() ? "" : ", ") + id;
  throw InputError(noun + " '" + name_or_path + "': no such file, and no " + noun + " of that id in " +
                   (fs::path(data_dir) / folder).string() +
                   (known.empty() ? " (no " + noun + " files there)" : " (" + noun + "s: " + known + ")"));
}

std::vector<std::string> deck_ids(const std::string& data_dir) { return file_ids(data_dir, "decks"); }

std::string find_deck_file(const std::string& data_dir, const std::string& name_or_path) {
  return find_data_file(data_dir, "decks", "deck", name_or_path);
}

std::string resolve_deck_path(const std::string& game_id, const std::string& name_or_path) {
  return find_deck_file(default_data_dir(game_id), name_or_path);
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t comma = text.find(',', pos);
    if (comma == std::string::npos) comma = text.size();
    if (comma > pos) out.push_back(text.substr(pos, comma - pos));
    pos = comma + 1;
  }
  return out;
}

std::vector<std::string> yaml_files(const std::string& dir, const std::string& noun) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw InputError(dir + ": no such " + noun + " directory");
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const fs::path& p = entry.path();
    if (p.extension() == ".yml") throw InputError(p.string() + ": " + noun + " files end in .yaml (rename it)");
    if (p.extension() == ".yaml" && entry.is_regular_file(ec)) files.push_back(p.string());
  }
  if (ec) throw InputError(dir + ": cannot read directory: " + ec.message());
  if (files.empty()) throw InputError(dir + ": no " + noun + " files (*.yaml)");
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace rise::cardgame
