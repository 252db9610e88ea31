#include <gtest/gtest.h>
#include "rise/core/rng.h"
TEST(Rng, Placeholder) { rise::Rng r(1); EXPECT_NE(r.next(), 0u); }
