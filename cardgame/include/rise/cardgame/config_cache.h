// What a card game makes of its deck files for one game configuration (card indices,
// characters, heroes...), kept so that a new game does not read and parse its deck files
// again: profiled, that reading was 37% (rise-tcg) to 84% (raise-rise-die) of a random
// game (issue 17). Cards are cached per data directory already (load_card_set and peers).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace rise::cardgame {

// A file's size and modification time, to see that it changed; a file that cannot be read
// (gone, not allowed) has `exists` false.
struct FileStamp {
  bool exists = false;
  int64_t size = 0;
  int64_t modified_ns = 0;  // nanoseconds since the epoch
  bool operator==(const FileStamp&) const = default;
};

// The stamp of `path` now, from one stat() call (a directory's modification time changes
// when a file is added or removed). Never throws.
FileStamp file_stamp(const std::string& path);

// A thread-safe cache from a game configuration (its resolved options, `key`) to what
// `make` built from it, `Resolved`. `make(files)` reads the deck files and returns the
// result; it lists in `files` every file (or folder) it read. An entry is used again
// while every one of those files has the same size and modification time, so an edited
// deck is read again by the next game; otherwise `make` runs again. What `make` throws
// (InputError for a bad deck) passes through and nothing is kept: the next game with the
// same configuration reads the files again and throws again.
template <class Resolved>
class ConfigCache {
 public:
  using Make = std::function<Resolved(std::vector<std::string>& files)>;

  // The entry of `key`, made by `make` when missing or stale. Throws what `make` throws.
  std::shared_ptr<const Resolved> get(const std::string& key, const Make& make) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto it = entries_.find(key);
      if (it != entries_.end() && fresh(it->second)) return it->second.value;
    }
    Entry entry;
    std::vector<std::string> files;
    entry.value = std::make_shared<const Resolved>(make(files));
    for (std::string& f : files) {
      FileStamp stamp = file_stamp(f);
      entry.files.emplace_back(std::move(f), stamp);
    }
    std::lock_guard<std::mutex> lock(mutex_);
    auto [it, added] = entries_.insert_or_assign(key, std::move(entry));
    return it->second.value;
  }

 private:
  struct Entry {
    std::shared_ptr<const Resolved> value;
    std::vector<std::pair<std::string, FileStamp>> files;
  };

  static bool fresh(const Entry& e) {
    for (const auto& [path, stamp] : e.files) {
      if (file_stamp(path) != stamp) return false;
    }
    return true;
  }

  std::mutex mutex_;
  std::map<std::string, Entry> entries_;
};

// The key of a configuration for ConfigCache: every option name and value of `options` (a
// resolved option map), in order, each followed by a byte that no option holds.
template <class Options>
std::string config_key(const Options& options) {
  std::string key;
  for (const auto& [name, value] : options) {
    key += name;
    key += '\x1f';
    key += value;
    key += '\x1e';
  }
  return key;
}

}  // namespace rise::cardgame
