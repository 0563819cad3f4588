// kamisado.RetroTable: a retrograde table probed where it lies (solver/retro/retro_file.h):
// opening reads its head and index, a probe the blocks its answer needs.
#include <pybind11/pybind11.h>

#include "app/present/retro.h"
#include "app/python/bindings.h"
#include "solver/retro/retro_file.h"

namespace py = pybind11;

namespace kamisado::python {

void bind_retro(py::module_& m) {
  using solver::RetroLookup;
  py::class_<RetroLookup, std::shared_ptr<RetroLookup>>(m, "RetroTable")
      .def(py::init([](const std::string& path) { return std::shared_ptr<RetroLookup>(solver::open_retro(path)); }), py::arg("path"))
      .def_property_readonly("root", [](const RetroLookup& t) { return t.root_kfen(); })
      .def("__len__", [](const RetroLookup& t) { return t.size(); })
      .def(
          "probe",
          [](const RetroLookup& t, const Position& p) -> py::object {
            const std::optional<solver::RetroValue> v = t.probe(p);
            if (!v) return py::none();
            return to_python(present::retro_probe_answer(p, *v, solver::optimal_moves(t, p)).json);
          },
          py::arg("position"))
      .def("__repr__", [](const RetroLookup& t) { return "RetroTable(root='" + t.root_kfen() + "', positions=" + std::to_string(t.size()) + ")"; });
}

}  // namespace kamisado::python
