// Conversions between Python objects and the engine's types that module.cpp and
// learning_bindings.cpp share: JSON to Python objects, game options from a dict, and C++
// buffers copied into numpy arrays.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise/core/types.h"

namespace rise::python {

// nlohmann JSON -> Python objects, through the json module (exact and simple; observations
// are small).
inline pybind11::object to_python(const nlohmann::json& j) {
  return pybind11::module_::import("json").attr("loads")(j.dump());
}

// Game options from Python: every value as text ("players" is read by load_game).
inline Options options_from(const pybind11::dict& given) {
  namespace py = pybind11;
  Options out;
  for (const auto& [key, value] : given) {
    std::string text;
    if (py::isinstance<py::bool_>(value)) {
      text = value.cast<bool>() ? "true" : "false";
    } else if (py::isinstance<py::str>(value)) {
      text = value.cast<std::string>();
    } else {
      text = py::str(value).cast<std::string>();
    }
    out[py::str(key).cast<std::string>()] = text;
  }
  return out;
}

// A copy of a C++ buffer (`data`, row-major) as a numpy array of `shape`.
template <class T>
pybind11::array_t<T> array_of(const std::vector<T>& data, std::vector<pybind11::ssize_t> shape) {
  pybind11::array_t<T> out(shape);
  std::copy(data.begin(), data.end(), out.mutable_data());
  return out;
}

}  // namespace rise::python
