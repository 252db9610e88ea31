#include <gtest/gtest.h>
#include "rise/core/registry.h"
TEST(Hex, Registered) { EXPECT_EQ(rise::find_game("rise-hex").info().id, "rise-hex"); }
