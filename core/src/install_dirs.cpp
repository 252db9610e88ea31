#include "rise/core/install_dirs.h"

#include <cstdlib>
#include <filesystem>

#ifndef RISE_SHARE_FROM_BIN
#define RISE_SHARE_FROM_BIN "../share/rise-engine"
#endif
#ifndef RISE_DEFAULT_DATA_DIR
#define RISE_DEFAULT_DATA_DIR "data"
#endif

namespace rise {

std::string installed_share_dir() {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec || exe.empty()) return "";
  const fs::path share = (exe.parent_path() / RISE_SHARE_FROM_BIN).lexically_normal();
  return fs::is_directory(share, ec) ? share.string() : "";
}

std::string data_root() {
  const char* env = std::getenv("RISE_DATA_DIR");
  if (env != nullptr && *env != '\0') return env;
  static const std::string installed = installed_share_dir();
  return installed.empty() ? std::string(RISE_DEFAULT_DATA_DIR) : installed + "/data";
}

}  // namespace rise
