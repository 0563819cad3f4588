// The Python module (import kamisado): the rules engine, the proof search, the proof checker and
// the puzzle solver, for engines and tests written in Python (docs/python.md). A thin client like
// a command: each function calls one library function, and the answers that a command prints
// as JSON come back as the same dict (present/), the errors with the command line's one line.
#include <pybind11/stl.h>

#include <nlohmann/json.hpp>

#include "app/present/game_answer.h"
#include "app/present/one_line.h"
#include "app/present/solution.h"
#include "app/present/verdict.h"
#include "app/python/bindings.h"
#include "puzzles/solve_puzzle.h"
#include "solver/proof/solve_request.h"
#include "solver/search/transposition_table.h"
#include "src/conform/corpus.h"
#include "src/io/board_svg.h"
#include "src/io/describe.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/perft.h"
#include "src/kamisado/rules.h"
#include "src/play/game_text.h"
#include "src/run/ctrl_c.h"

namespace py = pybind11;
using namespace kamisado;

namespace kamisado::python {
py::object to_python(const nlohmann::json& j) { return py::module_::import("json").attr("loads")(j.dump()); }
}  // namespace kamisado::python

using kamisado::python::to_python;

namespace {

// Runs `work(stop)` without the GIL, so that other Python threads run meanwhile. Called from the
// main thread, Ctrl-C raises `stop` (the run ends within a few thousand nodes) and then
// KeyboardInterrupt, as Python code would; Python's own handler is back on every way out.
template <class Work>
auto interruptible(Work work) {
  const py::module_ threading = py::module_::import("threading");
  const bool main_thread = threading.attr("current_thread")().is(threading.attr("main_thread")());
  std::optional<run::CtrlC> ctrl_c;
  if (main_thread) ctrl_c.emplace();
  const std::atomic<bool>* stop = ctrl_c ? ctrl_c->flag() : nullptr;
  auto interrupted = [&] {
    if (!ctrl_c || !ctrl_c->pressed()) return;
    ctrl_c.reset();
    PyErr_SetNone(PyExc_KeyboardInterrupt);
    throw py::error_already_set();
  };
  try {
    py::gil_scoped_release free;
    auto result = work(stop);
    py::gil_scoped_acquire held;
    interrupted();
    return result;
  } catch (const Stopped&) {  // a search stopped by Ctrl-C, not by its budget
    interrupted();
    throw;
  }
}

// The count under each first move (perft's depth 0 is the position alone), without the GIL; Ctrl-C
// stops it between two pieces of the count (each well under a millisecond: perft.h) and raises
// KeyboardInterrupt.
std::vector<DivideEntry> counted(const Position& pos, int depth) {
  if (depth == 0) return {{Move{}, 1}};
  return interruptible([&](const std::atomic<bool>* stop) {
    return divide(pos, depth, [stop](std::size_t, std::size_t, std::uint64_t) {
      if (stop && stop->load()) throw Stopped("perft stopped by Ctrl-C");
    });
  });
}

// Each move in notation, played in turn (rules.md §6), as `kamisado play --moves` plays them: a
// move that is not legal where it is played raises InputError naming it and the legal moves.
Position played(const Position& pos, const std::vector<std::string>& moves) {
  play::GameRecord game(pos);
  std::string list;
  for (const std::string& m : moves) list += (list.empty() ? "" : " ") + m;
  play::play_moves(game, list);
  return game.current();
}

py::object side_or_none(std::optional<Side> s) { return s ? py::object(py::str(*s == Side::Black ? "black" : "gold")) : py::none(); }

using python::seconds;
using python::whole_number;

std::size_t hash_mb_of(py::handle v) {
  return std::size_t(whole_number(v, "hash_mb", solver::TranspositionTable::kLeastMegabytes, solver::TranspositionTable::kMostMegabytes));
}

// kamisado solve --json, without the files: who wins, in how many plies, the best move.
py::object solve(const Position& pos, const std::string& goal, py::handle nodes, py::handle time, py::handle hash_mb, bool value_only) {
  solver::SolveRequest r;
  r.goal = goal;
  r.certify.limits.hash_mb = hash_mb_of(hash_mb);
  r.certify.limits.nodes = whole_number(nodes, "nodes", 0, UINT64_MAX);
  r.certify.limits.seconds = seconds(time, "seconds");
  r.certify.value_only = value_only;
  const solver::SolveAnswer a = interruptible([&](const std::atomic<bool>* stop) {
    r.certify.limits.stop = stop;
    return solver::answer_solve(pos, r);
  });
  return to_python(present::verdict_of(pos, a.options, a.proved, a.stakes).json);
}

py::object check_proof(const std::string& path, py::handle threads) {
  solver::CertificateCheckOptions o;
  o.threads = unsigned(whole_number(threads, "threads", 1, 256));
  const std::optional<present::Answer> a = interruptible([&](const std::atomic<bool>* stop) {
    o.stop = stop;
    return present::run_check_proof(path, o);
  });
  return to_python(a->json);
}

py::object solve_puzzle(const Position& pos, py::handle hash_mb, py::handle time) {
  puzzles::PuzzleRequest r;
  r.hash_mb = hash_mb_of(hash_mb);
  r.seconds = seconds(time, "seconds");
  const puzzles::SolvedPuzzle s = interruptible([&](const std::atomic<bool>* stop) {
    r.stop = stop;
    return puzzles::solve_puzzle(pos, r);
  });
  return to_python(present::solved_puzzle_answer(pos, s, "").json);
}

}  // namespace

PYBIND11_MODULE(_kamisado, m) {
  m.doc() = "Kamisado's rules (rules.md), its proof search and checkers: kamisado-lab as a Python module";
  static py::exception<InputError> input_error(m, "InputError", PyExc_ValueError);
  static py::exception<Stopped> stopped(m, "Stopped", PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const InputError& e) {
      input_error(present::one_line(e, "", {{"hash", "hash_mb"}}).c_str());
    } catch (const Stopped& e) {
      stopped(present::one_line(e.what()).c_str());
    }
  });

  m.attr("START") = std::string(kStartKfen);
  py::class_<Position>(m, "Position")
      .def(py::init([](const std::string& kfen) { return parse_kfen(kfen); }), py::arg("kfen") = std::string(kStartKfen))
      .def_property_readonly("kfen", [](const Position& p) { return to_kfen(p); })
      .def_property_readonly("side_to_move", [](const Position& p) { return p.side_to_move() == Side::Black ? "black" : "gold"; })
      .def_property_readonly("round_winner", [](const Position& p) { return side_or_none(round_winner(p)); })
      .def_property_readonly("is_over", [](const Position& p) { return p.outcome().over(); })
      .def("moves", &legal_move_names)
      .def(
          "play",
          [](const Position& p, const std::string& move) {
            if (move.find_first_of(" ,") != std::string::npos) throw InputError("play takes one move, not '" + move + "': play_all takes a list");
            return played(p, {move});
          },
          py::arg("move"))
      .def("play_all", &played, py::arg("moves"))
      .def(  // one string of moves, as `kamisado play --moves` takes them: "a1a5 a8a4"
          "play_all", [](const Position& p, const std::string& moves) { return played(p, {moves}); }, py::arg("moves"))
      .def("status", [](const Position& p) { return to_python(io::status_json(p)); })
      .def("status_line", [](const Position& p) { return io::status_line(p); })
      .def_property_readonly("protocol_status", [](const Position& p) { return conform::protocol_status(p); })
      .def("_repr_svg_", [](const Position& p) { return io::board_svg(p); })
      .def("__str__", [](const Position& p) { return io::board_text(p); })
      .def("__repr__", [](const Position& p) { return "Position('" + to_kfen(p) + "')"; })
      .def("__eq__", [](const Position& a, const Position& b) { return a == b; })
      .def("__eq__", [](const Position&, py::object) { return false; })  // a Position equals no other kind of value
      .def("__hash__", [](const Position& p) { return p.key(); });       // equal positions have equal Zobrist keys

  m.def(
      "perft",
      [](const Position& p, py::handle depth) {
        std::uint64_t leaves = 0;
        for (const DivideEntry& e : counted(p, int(whole_number(depth, "perft depth", 0, kMostPerftDepth)))) leaves += e.nodes;
        return leaves;
      },
      py::arg("position"), py::arg("depth"));
  m.def(
      "divide",
      [](const Position& p, py::handle depth) {
        py::dict out;
        for (const DivideEntry& e : counted(p, int(whole_number(depth, "divide depth", 1, kMostPerftDepth))))
          out[py::str(to_string(e.move))] = e.nodes;
        return out;
      },
      py::arg("position"), py::arg("depth"));
  m.def(
      "match_target", [](const std::string& name) { return match_target(name); }, py::arg("name"));
  m.def("solve", &solve, py::arg("position"), py::arg("goal") = "round", py::arg("nodes") = 0, py::arg("seconds") = 0.0, py::arg("hash_mb") = 64,
        py::arg("value_only") = false);
  m.def("check_proof", &check_proof, py::arg("path"), py::arg("threads") = 1);
  m.def("solve_puzzle", &solve_puzzle, py::arg("position"), py::arg("hash_mb") = 64, py::arg("seconds") = 0.0);
  kamisado::python::bind_conform(m);
  kamisado::python::bind_retro(m);
}
