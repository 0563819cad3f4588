// The WebAssembly package (app/wasm/package, docs/javascript.md): the rules, the proof search and
// the conformance harness for JavaScript and TypeScript, in Node and in the browser, with no
// server. A thin client like a command: each function calls one library function. Across the
// boundary go strings only (positions in KFEN, moves in rules.md section 6's notation): every
// answer is JSON text, {"ok": value} or {"error": the command line's one line}, which
// package/index.js turns into a value or a thrown KamisadoError.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <sstream>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "app/present/board_answers.h"
#include "app/present/conformance_report.h"
#include "app/present/game_answer.h"
#include "app/present/one_line.h"
#include "app/present/search_answer.h"
#include "app/serve/api.h"
#include "solver/analysis/analysis.h"
#include "solver/analysis/book.h"
#include "solver/analysis/published.h"
#include "solver/proof/solve_request.h"
#include "solver/search/goal.h"
#include "solver/search/solve.h"
#include "solver/search/transposition_table.h"
#include "src/conform/corpus.h"
#include "src/conform/harness.h"
#include "src/io/board_svg.h"
#include "src/io/describe.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/perft.h"
#include "src/kamisado/rules.h"
#include "src/play/game_record.h"
#include "src/play/game_text.h"

using namespace kamisado;
using nlohmann::json;

namespace {

// Where the module finds the opening book built into it (CMakeLists.txt, --embed-file).
constexpr const char* kBuiltInBook = "/book/opening.book";

template <class Work>
std::string answer(Work work) {
  try {
    return json{{"ok", work()}}.dump();
  } catch (const InputError& e) {
    return json{{"error", present::one_line(e, "", {{"hash", "hashMb"}})}}.dump();
  } catch (const std::exception& e) {
    return json{{"error", "internal error: " + present::one_line(e.what())}}.dump();
  }
}

// A number from JavaScript as the whole number it must be: NaN, an infinity, a fraction or a
// number out of range is refused in one line before it is converted (a double past the target
// type is undefined behaviour, and embind would wrap 2**32 + 2 to 2).
std::uint64_t whole(double v, const char* name, double least, double most) {
  if (!(v >= least && v <= most) || v != std::floor(v))
    throw InputError(fmt::format("{} must be a whole number from {} to {}, not {}", name, least, most, v));
  return std::uint64_t(v);
}

double seconds_of(double v) {
  if (!std::isfinite(v) || v < 0 || v > solver::kMostSeconds)
    throw InputError(fmt::format("seconds must be a number of seconds from 0 to {}, not {}", solver::kMostSeconds, v));
  return v;
}

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string moves(const std::string& kfen) {
  return answer([&] { return legal_move_names(parse_kfen(kfen)); });
}

// The position after each move in turn, as `kamisado play --moves` plays them (its messages).
std::string played(const std::string& kfen, const std::string& moves) {
  return answer([&] {
    play::GameRecord game(parse_kfen(kfen));
    play::play_moves(game, moves);
    return to_kfen(game.current());
  });
}

// The status where `moves` (possibly none) lead from `kfen`: a KFEN alone cannot tell a deadlock
// caused by a push (rules.md section 6), whose winner differs (M8), so the move that ended the
// round is given with the position before it.
std::string status(const std::string& kfen, const std::string& moves) {
  return answer([&] {
    play::GameRecord game(parse_kfen(kfen));
    play::play_moves(game, moves);
    const Position& pos = game.current();
    json j = io::status_json(pos);
    j["protocol"] = conform::protocol_status(pos);
    return j;
  });
}

std::string perft_count(const std::string& kfen, double depth) {
  return answer([&] { return perft(parse_kfen(kfen), int(whole(depth, "perft depth", 0, kMostPerftDepth))); });
}

std::string divide_counts(const std::string& kfen, double depth) {
  return answer([&] {
    json out = json::object();
    for (const DivideEntry& e : divide(parse_kfen(kfen), int(whole(depth, "divide depth", 1, kMostPerftDepth)))) out[to_string(e.move)] = e.nodes;
    return out;
  });
}

// Who wins `goal` from the position, in how many plies, with which move: `kamisado solve --json`
// without what needs files (present/search_answer.h).
std::string solve(const std::string& kfen, const std::string& goal, double nodes, double seconds, double hash_mb) {
  return answer([&] {
    const Position pos = parse_kfen(kfen);
    solver::SolveRequest r;
    r.goal = goal;
    r.certify.limits.nodes = whole(nodes, "nodes", 0, 0x1p53);  // a JavaScript number counts exactly to 2**53
    r.certify.limits.seconds = seconds_of(seconds);
    r.certify.limits.hash_mb = std::size_t(
        whole(hash_mb, "hashMb", double(solver::TranspositionTable::kLeastMegabytes), double(solver::TranspositionTable::kMostMegabytes)));
    r.stakes = false;  // the package answers the search alone (present/search_answer.h)
    const solver::SolveAnswer a = solver::answer_solve(pos, r);
    return present::search_answer_json(pos, a.options.aim, a.proved.result);
  });
}

std::string board_svg(const std::string& kfen) {
  return answer([&] { return io::board_svg(parse_kfen(kfen)); });
}

// The analysis board's answers (present/board_answers.h), as kamisado serve's /api/v1/position and
// /api/v1/analyse give them: the page answers from these when no server is running.
std::string position_page(const std::string& kfen) {
  return answer([&] { return present::position_page(parse_kfen(kfen)); });
}

// One table for every analysis, as the server keeps one: what an analysis proved serves the next.
solver::TranspositionTable& board_table() {
  static solver::TranspositionTable table(64);
  return table;
}

// The opening's book, built into the module (CMakeLists.txt: reports/opening.book at
// /book/opening.book), so that the board offline answers the opening as the server does: proved
// where it is the file the project published (its digest known, as the server trusts it), else
// each value a claim that is searched.
const solver::Book& board_book() {
  static const solver::Book book = [] {
    solver::Book b;
    std::uint64_t digest = 0;
    std::vector<solver::BookEntry> entries = solver::read_book_file(kBuiltInBook, &digest);
    const std::string how = solver::published_trust(digest);
    for (solver::BookEntry& e : entries) {
      if (!how.empty()) e.value.trust = solver::Trust::proof(how);
      b.add(e.pos, e.goal, e.value);
    }
    return b;
  }();
  return book;
}

std::string analyse(const std::string& kfen, const std::string& goal, double ms) {
  return answer([&] {
    if (!std::isfinite(ms)) throw InputError(fmt::format("ms must be a number of milliseconds, not {}", ms));
    const Position pos = parse_kfen(kfen);
    const solver::Aim aim = solver::parse_aim(goal, pos);
    const serve::ApiOptions server;  // the server's budgets, so that the page answers alike
    solver::AnalysisLimits limits;
    limits.seconds = (ms > 0 ? std::min(double(ms), server.max_ms) : server.default_ms) / 1000;
    limits.nodes = serve::nodes_for_time(limits.seconds * 1000, server);
    // What the book holds whole is answered from it without a search (analysis.h).
    return present::analysis_page(pos, aim, solver::analyse(pos, aim, limits, board_table(), &board_book()));
  });
}

std::string corpus() {
  return answer([] { return conform::corpus_to_json(conform::builtin_corpus()); });
}

// The user's engine, behind index.js's adapter: each method returns the protocol's reply
// ("ok", "moves a1a2 ...", a KFEN, status words, or "error ..."), or "failure: <why>" when the
// engine answered the wrong type (the adapter catches what the engine throws: a refusal).
class JsEngine : public conform::Engine {
 public:
  explicit JsEngine(emscripten::val adapter) : adapter_(std::move(adapter)) {
    name_ = adapter_["name"].as<std::string>();
    features_ = conform::declared_features(words(adapter_["features"].as<std::string>()), name_ + ".features");
  }
  const std::string& name() const override { return name_; }
  const std::vector<std::string>& features() const override { return features_; }
  std::string set_position(const std::string& kfen) override { return checked(adapter_.call<std::string>("setPosition", kfen)); }
  std::string moves(std::vector<std::string>& out) override {
    const std::string reply = checked(adapter_.call<std::string>("moves"));
    if (reply.rfind("error", 0) == 0) return reply;
    out = words(reply);
    out.erase(out.begin());  // "moves"
    return "ok";
  }
  std::string play(const std::string& move) override { return checked(adapter_.call<std::string>("play", move)); }
  std::string status() override { return checked(adapter_.call<std::string>("status")); }

 private:
  static std::string checked(std::string reply) {
    if (reply.rfind("failure: ", 0) == 0) throw conform::EngineFailure(conform::EngineFailure::Kind::Garbled, reply.substr(9));
    return reply;
  }
  emscripten::val adapter_;
  std::string name_;
  std::vector<std::string> features_;
};

// kamisado conform against a JavaScript engine object, in-process: {"json": the report as
// `kamisado conform --json`, "text": as it prints it}.
std::string check_conformance(emscripten::val adapter, double depth, double games, double seed, const std::string& match, const std::string& allow,
                              const std::string& corpus_json) {
  return answer([&] {
    conform::HarnessOptions o =
        conform::harness_options(int(whole(depth, "depth", 0, conform::kMostWalkDepth)), int(whole(games, "games", 0, conform::kMostPlayOuts)),
                                 whole(seed, "seed", 0, 0x1p53), match, allow.empty() ? std::vector<std::string>{} : std::vector{allow});
    std::istringstream corpus(corpus_json);
    if (!corpus_json.empty()) o.corpus = conform::read_corpus(corpus, "the corpus given");
    const conform::HarnessReport r = conform::run_harness([&] { return std::make_unique<JsEngine>(adapter); }, o);
    return json{{"json", present::harness_json(r)}, {"text", present::harness_text(r)}};
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(kamisado) {
  emscripten::constant("START", std::string(kStartKfen));
  emscripten::function("moves", &moves);
  emscripten::function("play", &played);
  emscripten::function("status", &status);
  emscripten::function("perft", &perft_count);
  emscripten::function("divide", &divide_counts);
  emscripten::function("solve", &solve);
  emscripten::function("boardSvg", &board_svg);
  emscripten::function("corpus", &corpus);
  emscripten::function("positionPage", &position_page);
  emscripten::function("analyse", &analyse);
  emscripten::function("checkConformance", &check_conformance);
}
