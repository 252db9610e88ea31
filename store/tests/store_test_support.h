// What the hero store's test files share: a scratch directory holding the database file, and
// the message of an expected InputError.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <string>
#include <system_error>

#include "rise/core/error.h"

namespace rise::store_testing {

// The message of the InputError that `f` throws ("" and a test failure if none).
template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no InputError thrown";
  return "";
}

// A fresh directory per test (`dir_`, removed afterwards) and the database path in it
// (`db_`, not created).
class ScratchDatabase : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (std::filesystem::temp_directory_path() / "rise-store-test-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
    db_ = (dir_ / "rise.db").string();
  }
  void TearDown() override {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }

  std::filesystem::path dir_;
  std::string db_;
};

}  // namespace rise::store_testing
