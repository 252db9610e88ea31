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
// With `position` (an array of lines of the sandbox's position language, State::set_up) and
// no `state`, starts from Game::new_sandbox_state and sets the lines up in order before the
// actions; with `state`, sets them up on it. A line that fails throws "position N: reason".
std::unique_ptr<State> run_scenario(const nlohmann::json& scenario, const std::string& source);

// Sets up `text`, a sandbox position written one line each (`rise sandbox GAME FILE`), on
// `state` (State::set_up): blank lines and lines starting with '#' are skipped. Throws
// InputError "SOURCE:LINE: reason" for the first line that fails (the lines before it stay
// set up).
void set_up_position(State& state, const std::string& text, const std::string& source);

}  // namespace rise
