// Small file helpers shared by the test suites in tests/.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace rise::testing_files {

// The whole file as text ("" if it cannot be read).
inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// Replaces the file's content with `text`.
inline void write_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
}

}  // namespace rise::testing_files
