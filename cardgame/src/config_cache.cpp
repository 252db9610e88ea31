#include "rise/cardgame/config_cache.h"

#include <sys/stat.h>

namespace rise::cardgame {

FileStamp file_stamp(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return {};
  return {true, static_cast<int64_t>(info.st_size),
          static_cast<int64_t>(info.st_mtim.tv_sec) * 1000000000 + static_cast<int64_t>(info.st_mtim.tv_nsec)};
}

}  // namespace rise::cardgame
