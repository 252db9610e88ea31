// Reading and writing the files a user gives the engine: every read has a size limit, and
// output paths are checked before the work that fills them starts (docs/formats.md, "File
// size limits").
#pragma once

#include <cstddef>
#include <istream>
#include <string>

namespace rise {

// The largest JSON file read: a replay, a scenario, a state, a pending battle file.
inline constexpr size_t kJsonFileLimit = size_t{16} << 20;  // 16 MiB
// The largest YAML file read: a card file, a deck file.
inline constexpr size_t kYamlFileLimit = size_t{4} << 20;  // 4 MiB

// "16 MiB", "4 MiB", "512 KiB", "100 bytes".
std::string size_text(size_t bytes);

// The whole regular file at `path`, at most `limit` bytes; `kind` names the kind of file in
// messages ("JSON file"). Throws InputError "PATH: cannot open file: REASON", "PATH: not a
// regular file (a directory)" (directories, devices such as /dev/zero, pipes and sockets are
// refused before anything is read, so nothing can hang or grow without end), or "PATH: the
// file is larger than the LIMIT limit for a KIND (N bytes)".
std::string read_file(const std::string& path, size_t limit, const std::string& kind);

// All of `in` (e.g. standard input), at most `limit` bytes; `source` names it in messages.
// Throws InputError "SOURCE: more than the LIMIT limit for a KIND" as soon as the limit is
// passed (reading stops there).
std::string read_stream(std::istream& in, size_t limit, const std::string& source, const std::string& kind);

// The longest line read from a terminal or a pipe (a move typed at `rise play`, a command
// of `rise replay --step`).
inline constexpr size_t kLineLimit = size_t{64} << 10;  // 64 KiB

// std::getline with a limit: the next line of `in` without its '\n' into `line`; false at
// the end of input (nothing read). Throws InputError "SOURCE: a line longer than 64 KiB"
// as soon as the limit is passed (standard input from /dev/zero never grows without end).
bool read_line(std::istream& in, std::string& line, size_t limit, const std::string& source);

// Checks, before any work starts, that a file can be written at `path` later: not a
// directory, its folder exists and is writable, and the file opens for appending (created
// and removed again if it did not exist; an existing file is never truncated). `option`
// names where the path came from in messages ("--replay"). Throws InputError "OPTION PATH:
// cannot write there: REASON".
void check_writable_file(const std::string& path, const std::string& option);

// Checks that `dir` is (or can be created as) a writable directory; creates it. Throws
// InputError "OPTION DIR: ...".
void check_writable_dir(const std::string& dir, const std::string& option);

}  // namespace rise
