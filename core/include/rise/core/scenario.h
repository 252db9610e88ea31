// Scenarios: set up a position, apply actions, read the result. This is how rule
// situations are tested (`rise scenario FILE.json`, docs/formats.md).
#pragma once

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "rise/core/state.h"

namespace rise {

// Runs {game, options?, seed?, players?, state?, actions[]}: starts from `state` if given
// (a State::to_json() object, possibly hand-written), otherwise from the initial state;
// `players` is a seat count or an array of player names. Applies `actions` (notation) in
// order and returns the resulting state. Throws InputError naming the field, or
// "action N 'text': reason" for an action that is malformed or illegal.
std::unique_ptr<State> run_scenario(const nlohmann::json& scenario, const std::string& source);

}  // namespace rise
