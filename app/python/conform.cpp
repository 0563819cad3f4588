// kamisado.check_conformance: the conformance harness (conform/harness.h) run against an engine
// object of the user's own, in-process, from pytest (docs/python.md): no child process and no line
// protocol, but the same requests, the same comparisons, rule labels and verdict as
// `kamisado conform`.
#include "app/python/bindings.h"

#include <pybind11/stl.h>

#include "app/present/conformance_report.h"
#include "src/conform/harness.h"

namespace py = pybind11;

namespace kamisado::python {

namespace {

// The user's object: set_position(kfen), moves() -> iterable of str, play(move) -> the KFEN
// after it, status() -> the protocol's words; optional `name` and `features`. An exception the
// object raises is its refusal ("error <text>", reported as a disagreement); a reply of the wrong
// type is a failure, as a garbled line is. KeyboardInterrupt and SystemExit end the run.
class PythonEngine : public conform::Engine {
 public:
  explicit PythonEngine(py::object engine) : engine_(std::move(engine)) {
    name_ = py::str(py::getattr(engine_, "name", py::type::of(engine_).attr("__name__")));
    // A list of words, or one str of them as the protocol's hello line gives them.
    py::object declared = py::getattr(engine_, "features", py::list());
    if (py::isinstance<py::str>(declared)) declared = declared.attr("split")();
    std::vector<std::string> words;
    for (py::handle f : py::iter(declared)) words.push_back(py::str(f));
    features_ = conform::declared_features(words, name_ + ".features");
  }
  const std::string& name() const override { return name_; }
  const std::vector<std::string>& features() const override { return features_; }

  std::string set_position(const std::string& kfen) override {
    return ask("set_position", [&] { return engine_.attr("set_position")(kfen), std::string("ok"); });
  }
  std::string moves(std::vector<std::string>& out) override {
    py::object list;
    const std::string refused = ask("moves", [&] { return list = engine_.attr("moves")(), std::string("ok"); });
    if (refused != "ok") return refused;
    if (!py::isinstance<py::iterable>(list) || py::isinstance<py::str>(list))
      throw conform::EngineFailure(conform::EngineFailure::Kind::Garbled,
                                   "moves() should return the legal moves, an iterable of str, got " + type_name(list));
    out.clear();
    return ask("moves", [&] {
      for (py::handle m : list) out.push_back(text(m, "moves()", "each move a str"));
      return std::string("ok");
    });
  }
  std::string play(const std::string& move) override {
    return ask("play", [&] { return text(engine_.attr("play")(move), "play()", "the KFEN after the move, a str"); });
  }
  std::string status() override {
    return ask("status", [&] { return text(engine_.attr("status")(), "status()", "the protocol's words, a str (\"ongoing\", ...)"); });
  }

 private:
  static std::string type_name(py::handle h) { return py::str(py::type::of(h).attr("__name__")); }
  static std::string text(py::handle h, const char* call, const char* should) {
    if (!py::isinstance<py::str>(h))
      throw conform::EngineFailure(conform::EngineFailure::Kind::Garbled, std::string(call) + " should return " + should + ", got " + type_name(h));
    return h.cast<std::string>();
  }

  // Calls into Python; Ctrl-C between two requests stops the run.
  template <class Call>
  std::string ask(const char* method, Call call) {
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    try {
      return call();
    } catch (py::error_already_set& e) {
      if (!e.matches(PyExc_Exception)) throw;  // KeyboardInterrupt, SystemExit
      const std::string what = py::str(e.value());
      return "error " + std::string(method) + " raised " + std::string(py::str(e.type().attr("__name__"))) + (what.empty() ? "" : ": " + what);
    }
  }

  py::object engine_;
  std::string name_;
  std::vector<std::string> features_;
};

// (the report as `kamisado conform --json` gives it, the report as it prints it)
std::pair<py::object, std::string> check_conformance(py::object engine, py::handle depth, py::handle games, py::handle seed, const std::string& match,
                                                     const std::vector<std::string>& allow, const std::string& corpus) {
  conform::HarnessOptions o =
      conform::harness_options(int(whole_number(depth, "depth", 0, conform::kMostWalkDepth)),
                               int(whole_number(games, "games", 0, conform::kMostPlayOuts)), whole_number(seed, "seed", 0, UINT64_MAX), match, allow);
  if (!corpus.empty()) o.corpus = conform::read_corpus(corpus);
  const conform::HarnessReport r = conform::run_harness([&] { return std::make_unique<PythonEngine>(engine); }, o);
  return {to_python(present::harness_json(r)), present::harness_text(r)};
}

}  // namespace

void bind_conform(py::module_& m) {
  m.def("_check_conformance", &check_conformance, py::arg("engine"), py::arg("depth"), py::arg("games"), py::arg("seed"), py::arg("match"),
        py::arg("allow"), py::arg("corpus"));
  m.def("conformance_corpus", [] { return to_python(conform::corpus_to_json(conform::builtin_corpus())); });
}

}  // namespace kamisado::python
