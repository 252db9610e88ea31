// rise_engine._core.lab, the designers' lab from Python (lab_bindings.cpp; docs/lab.md,
// "From Python"): the same library as `rise lab`, returning what its --json writes.
#pragma once

#include <pybind11/pybind11.h>

namespace rise::python {

// Adds the submodule `lab` to `m`, with ab, card_stats and round_robin.
void bind_lab(pybind11::module_& m);

}  // namespace rise::python
