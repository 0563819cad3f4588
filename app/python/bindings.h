// The parts of the Python module (module.cpp puts them together), one concept a file.
#pragma once

#include <pybind11/pybind11.h>

#include <nlohmann/json_fwd.hpp>

namespace kamisado::python {

// A JSON answer as Python data, through Python's own json module (exact integers, no loss).
pybind11::object to_python(const nlohmann::json& j);

// check_conformance's core and the built-in corpus (conform.cpp).
void bind_conform(pybind11::module_& m);

}  // namespace kamisado::python
