#include "rise/core/install_dirs.h"

#include <filesystem>

#ifndef RISE_SHARE_FROM_BIN
#define RISE_SHARE_FROM_BIN "../share/rise-engine"
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

}  // namespace rise
