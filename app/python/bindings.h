// The parts of the Python module (module.cpp puts them together), one concept a file.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>

#include <nlohmann/json_fwd.hpp>

namespace kamisado::python {

// A JSON answer as Python data, through Python's own json module (exact integers, no loss).
pybind11::object to_python(const nlohmann::json& j);

// A whole-number argument from `least` to `most`, or seconds (finite, 0 to solver::kMostSeconds):
// anything else, a bool, a float where a whole number is due, a number out of range, is an
// InputError naming the argument (arguments.cpp).
std::uint64_t whole_number(pybind11::handle v, const char* name, std::uint64_t least, std::uint64_t most);
double seconds(pybind11::handle v, const char* name);

// check_conformance's core and the built-in corpus (conform.cpp).
void bind_conform(pybind11::module_& m);
// kamisado.RetroTable (retro.cpp).
void bind_retro(pybind11::module_& m);

}  // namespace kamisado::python
