#include "rise/core/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "rise/core/error.h"

namespace rise {

namespace {

namespace fs = std::filesystem;

std::string kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISFIFO(mode)) return "a pipe";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a plain file";
}

std::string too_large(const std::string& source, size_t limit, const std::string& kind, const std::string& size) {
  return source + ": the file is larger than the " + size_text(limit) + " limit for a " + kind + " (" + size + ")";
}

// Closes a file descriptor when it goes out of scope.
struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

std::string size_text(size_t bytes) {
  if (bytes >= (size_t{1} << 20) && bytes % (size_t{1} << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  if (bytes >= 1024 && bytes % 1024 == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + " bytes";
}

std::string read_file(const std::string& path, size_t limit, const std::string& kind) {
  if (path.empty()) throw InputError("the " + kind + " path is empty");
  // O_NONBLOCK: opening a pipe without a writer must not wait; it is refused below anyway.
  Fd file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
  if (file.fd < 0) throw InputError(path + ": cannot open file: " + std::strerror(errno));
  struct stat info {};
  if (::fstat(file.fd, &info) != 0) throw InputError(path + ": cannot read file: " + std::strerror(errno));
  if (!S_ISREG(info.st_mode)) throw InputError(path + ": not a regular file (" + kind_of(info.st_mode) + ")");
  if (static_cast<uintmax_t>(info.st_size) > limit) {
    throw InputError(too_large(path, limit, kind, std::to_string(info.st_size) + " bytes"));
  }
  std::string text;
  text.resize(static_cast<size_t>(info.st_size));
  size_t used = 0;
  for (;;) {
    if (used == text.size()) {
      if (text.size() > limit) throw InputError(too_large(path, limit, kind, "it grew while being read"));
      text.resize(std::min(limit + 1, text.size() + 65536));
      if (used == text.size()) break;
    }
    const ssize_t n = ::read(file.fd, text.data() + used, text.size() - used);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw InputError(path + ": cannot read file: " + std::strerror(errno));
    }
    if (n == 0) break;
    used += static_cast<size_t>(n);
  }
  text.resize(used);
  if (used > limit) throw InputError(too_large(path, limit, kind, "it grew while being read"));
  return text;
}

std::string read_stream(std::istream& in, size_t limit, const std::string& source, const std::string& kind) {
  std::string text;
  char buffer[65536];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, static_cast<size_t>(in.gcount()));
    if (text.size() > limit) throw InputError(too_large(source, limit, kind, "more was given"));
  }
  return text;
}

bool read_line(std::istream& in, std::string& line, size_t limit, const std::string& source) {
  line.clear();
  bool any = false;
  char c = 0;
  while (in.get(c)) {
    any = true;
    if (c == '\n') return true;
    if (line.size() >= limit) throw InputError(source + ": a line longer than " + size_text(limit));
    line += c;
  }
  return any;
}

void check_writable_file(const std::string& path, const std::string& option) {
  const std::string where = option + " " + path + ": cannot write there: ";
  if (path.empty()) throw InputError(option + ": the path is empty");
  std::error_code ec;
  const fs::path file(path);
  if (fs::is_directory(file, ec)) throw InputError(where + "it is a directory");
  const fs::path folder = file.has_parent_path() ? file.parent_path() : fs::path(".");
  if (!fs::is_directory(folder, ec)) throw InputError(where + "no such directory " + folder.string());
  if (::access(folder.c_str(), W_OK | X_OK) != 0) {
    throw InputError(where + "directory " + folder.string() + ": " + std::strerror(errno));
  }
  const bool existed = fs::exists(file, ec);
  // Append, never truncate: an existing file keeps its content until the real write.
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0644);
  if (fd < 0) throw InputError(where + std::strerror(errno));
  ::close(fd);
  if (!existed) ::unlink(path.c_str());
}

void check_writable_dir(const std::string& dir, const std::string& option) {
  const std::string where = option + " " + dir + ": cannot write there: ";
  if (dir.empty()) throw InputError(option + ": the path is empty");
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw InputError(where + "cannot create the directory: " + ec.message());
  if (!fs::is_directory(dir, ec)) throw InputError(where + "not a directory");
  if (::access(dir.c_str(), W_OK | X_OK) != 0) throw InputError(where + std::strerror(errno));
}

}  // namespace rise
