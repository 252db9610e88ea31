// rise_engine._core's learning functions: self_play, network_value, network_info
// (learning_bindings.cpp, docs/ai.md "Learned evaluations").
#pragma once

#include <pybind11/pybind11.h>

#include "rise/core/types.h"

namespace rise::python {

// Adds the functions to `m`; `options_from` turns a Python dict of game options into Options.
void bind_learning(pybind11::module_& m, Options (*options_from)(const pybind11::dict&));

}  // namespace rise::python
