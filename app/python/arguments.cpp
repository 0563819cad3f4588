// Numbers from Python as the libraries take them (bindings.h): checked here, at the boundary,
// because a Python int has no size: 2**64 would not fit the C++ argument, and a pybind11
// conversion error is a TypeError of many lines, not the package's own one-line InputError.
#include <cmath>
#include <string>

#include "app/python/bindings.h"
#include "solver/search/dfpn.h"
#include "src/kamisado/errors.h"

namespace py = pybind11;

namespace kamisado::python {

namespace {

std::string shown(py::handle v) {
  std::string text = py::repr(v);
  return text.size() <= 40 ? text : text.substr(0, 40) + "...";
}

}  // namespace

std::uint64_t whole_number(py::handle v, const char* name, std::uint64_t least, std::uint64_t most) {
  const std::string wanted = std::string(name) + " must be a whole number from " + std::to_string(least) + " to " + std::to_string(most);
  if (!PyLong_Check(v.ptr()) || PyBool_Check(v.ptr())) throw InputError(wanted + ", not " + shown(v));
  const py::int_ number = py::reinterpret_borrow<py::int_>(v);
  if (number < py::int_(least) || number > py::int_(most)) throw InputError(wanted + ", not " + shown(v));
  return number.cast<std::uint64_t>();
}

double seconds(py::handle v, const char* name) {
  const std::string wanted = std::string(name) + " must be a number of seconds from 0 to " + std::to_string(std::uint64_t(solver::kMostSeconds));
  if ((!PyLong_Check(v.ptr()) && !PyFloat_Check(v.ptr())) || PyBool_Check(v.ptr())) throw InputError(wanted + ", not " + shown(v));
  // An int too large for a double is out of range before it is converted.
  if (PyLong_Check(v.ptr()) &&
      (py::reinterpret_borrow<py::int_>(v) < py::int_(0) || py::reinterpret_borrow<py::int_>(v) > py::int_(std::uint64_t(solver::kMostSeconds))))
    throw InputError(wanted + ", not " + shown(v));
  const double s = v.cast<double>();
  if (!std::isfinite(s) || s < 0 || s > solver::kMostSeconds) throw InputError(wanted + ", not " + shown(v));
  return s;
}

}  // namespace kamisado::python
