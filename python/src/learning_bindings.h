// rise_engine._core's learning functions: self_play, network_value, network_info
// (learning_bindings.cpp, docs/ai.md "Learned evaluations").
#pragma once

#include <pybind11/pybind11.h>

namespace rise::python {

// Adds the functions to `m`.
void bind_learning(pybind11::module_& m);

}  // namespace rise::python
