// Running the `rise` binary as a user runs it, from a test's scratch directory: exit code,
// stdout and stderr (shared by the CLI test files).
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "test_files.h"

namespace rise::testing_cli {

namespace fs = std::filesystem;

inline const std::string kRise = RISE_BINARY_DIR "/rise";

// Single quotes for the shell.
inline std::string shell_quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

struct Outcome {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// One test's scratch directory, and `rise` run inside it.
class CliRun : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "rise-cli-test-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  fs::path file(const std::string& name) const { return dir_ / name; }

  // Runs `PREFIX BINARY ARGS` (PREFIX: e.g. "cd DIR &&" or "VAR=value") with stdin from
  // `input`; BINARY is the built `rise` unless given.
  Outcome run(const std::string& args, const std::string& input = "/dev/null", const std::string& prefix = "",
              const std::string& binary = kRise) const {
    const fs::path out = file("stdout.txt"), err = file("stderr.txt");
    const std::string command = prefix + " " + shell_quoted(binary) + " " + args + " <" + shell_quoted(input) + " >" +
                                shell_quoted(out.string()) + " 2>" + shell_quoted(err.string());
    const int status = std::system(command.c_str());
    Outcome o;
    o.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    o.out = testing_files::read_text(out);
    o.err = testing_files::read_text(err);
    return o;
  }

  Outcome rise(const std::string& args, const std::string& input = "/dev/null") const { return run(args, input); }

  // `rise ARGS` must fail with exit code 2, nothing on stdout, one line on stderr starting
  // "rise: error: " and containing `message`.
  void refused(const std::string& args, const std::string& message) const {
    const Outcome o = rise(args);
    EXPECT_EQ(o.exit_code, 2) << args << "\n" << o.err;
    EXPECT_EQ(o.out, "") << args;
    EXPECT_EQ(o.err.rfind("rise: error: ", 0), 0u) << args << "\n" << o.err;
    EXPECT_EQ(o.err.find('\n'), o.err.size() - 1) << args << ": one line\n" << o.err;
    EXPECT_NE(o.err.find(message), std::string::npos) << args << "\n" << o.err;
  }

  fs::path dir_;
};

}  // namespace rise::testing_cli
