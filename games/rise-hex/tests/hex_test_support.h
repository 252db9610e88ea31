// What the rise-hex test files share.
#pragma once

#include "rise/core/game.h"
#include "rise/core/registry.h"

namespace rise_hex_testing {

// The registered rise-hex game.
inline const rise::Game& hex_game() { return rise::find_game("rise-hex"); }

}  // namespace rise_hex_testing
