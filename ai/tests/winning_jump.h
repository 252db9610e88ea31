// A rise-hex position the AI tests share: red to move with one action left; blue's last
// worker at 2,0 can be jumped from 1,0 (landing on 3,0), which wins at once ("jump
// 1,0>3,0"). Every other red action lets blue act.
#pragma once

#include <memory>

#include "rise/core/state.h"

namespace rise::ai_test {

std::unique_ptr<State> winning_jump_position();

}  // namespace rise::ai_test
