#include "puzzles/bench.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>

#include <fmt/format.h>

#include "io/files.h"
#include "io/progress.h"
#include "io/report.h"
#include "kamisado/errors.h"
#include "puzzles/difficulty_plot.h"
#include "puzzles/generator.h"
#include "puzzles/store.h"

namespace kamisado::puzzles {

bool PuzzleBench::target_met() const {
  return std::all_of(rows.begin(), rows.end(),
                     [](const PuzzleBenchRow& r) { return !r.single || r.n > 3 || r.per_minute() >= kTargetPuzzlesPerMinute; });
}

PuzzleBench bench_puzzles(const PuzzleBenchOptions& o, const io::Lines& lines) {
  PuzzleBench b;
  b.options = o;
  if (!o.collection.empty()) {  // read first: a wrong folder is refused before the long part
    const std::filesystem::path db = std::filesystem::path(o.collection) / "puzzles.db";
    std::error_code ec;
    if (!std::filesystem::exists(db, ec)) throw InputError("--collection '" + o.collection + "' holds no puzzles.db");
    b.collection = Store(db.string(), Store::Mode::ReadExisting).all();
  }
  const std::filesystem::path scratch = std::filesystem::temp_directory_path() / fmt::format("kamisado-puzzles-bench-{}.db", ::getpid());
  auto run = [&](PuzzleBenchRow row, const GenerateOptions& gen) {
    std::filesystem::remove(scratch);
    Store store(scratch.string());
    if (lines) lines("puzzles bench: " + row.what);
    auto start = std::chrono::steady_clock::now();
    auto done = generate(gen, [&](const Puzzle& p) { return store.add(p); });
    row.seconds = io::seconds_since(start);
    row.n = gen.n, row.accepted = done.accepted, row.games = done.games, row.tried = done.tried;
    b.rows.push_back(row);
  };
  for (int n = 1; n <= o.max_n; ++n) {
    GenerateOptions gen;
    gen.count = o.count, gen.n = n, gen.seed = o.seed;
    run({fmt::format("single round, win in {}", n), true}, gen);
  }
  if (o.sumo_count > 0) {
    GenerateOptions gen;
    gen.count = o.sumo_count, gen.n = 2, gen.seed = o.seed, gen.match = true;
    gen.themes = {"sumo-push", "extra-turn"};
    run({"Marathon rounds, win in 2, sumo-push or extra-turn", false}, gen);
  }
  std::filesystem::remove(scratch);
  return b;
}

namespace {
std::string plot_path(const std::string& report_path) {
  std::filesystem::path p(report_path);
  return (p.parent_path() / (p.stem().string() + "-difficulty.svg")).string();
}
}  // namespace

void write_puzzle_bench_report(const PuzzleBench& b, const std::string& report_path) {
  if (!b.options.collection.empty()) {
    io::check_writable(plot_path(report_path));
    io::write_file_atomically(plot_path(report_path), difficulty_svg(b.collection));
  }
  io::write_file_atomically(report_path, puzzle_bench_report(b, report_path));
}

std::string puzzle_bench_report(const PuzzleBench& b, const std::string& report_path) {
  const auto& o = b.options;
  io::Report md("Puzzle generation", fmt::format("kamisado puzzles bench --count {} --sumo-count {} --seed {}{} --report {}", o.count, o.sumo_count,
                                                 o.seed, o.collection.empty() ? "" : " --collection " + o.collection, report_path));
  md.paragraph(fmt::format("Each row generates new puzzles into an empty scratch collection: a proved win in exactly N of the winner's moves "
                           "with a unique key and at least two legal moves, from positions reached in seeded games between the alpha-beta players "
                           "(puzzles/generator.h), one per symmetry class. A position is screened by two bounded proof searches (a win within "
                           "N, none within N - 1) before its key is analysed. The time includes playing the games, the proofs and storing. "
                           "Target: at least 100 accepted puzzles a minute for N <= 3: **{}**.",
                           b.target_met() ? "met" : "NOT met"))
      .table({"puzzles", "accepted", "seconds", "a minute", "games", "positions tried"});
  for (const PuzzleBenchRow& r : b.rows)
    md.row({r.what, std::to_string(r.accepted), fmt::format("{:.1f}", r.seconds), fmt::format("**{:.0f}**", r.per_minute()), std::to_string(r.games),
            std::to_string(r.tried)});
  if (!o.collection.empty())
    collection_section(md, b.collection, o.collection, std::filesystem::path(plot_path(report_path)).filename().string(), o.collection_per_n,
                       o.collection_max_n);
  return md.markdown();
}

std::string puzzle_bench_summary(const PuzzleBench& b) {
  std::string text;
  for (const PuzzleBenchRow& r : b.rows)
    text += fmt::format("{}: {} puzzles in {:.1f} s, {:.0f} a minute ({} games, {} positions tried)\n", r.what, r.accepted, r.seconds, r.per_minute(),
                        r.games, r.tried);
  return text + fmt::format("target >= 100 a minute for N <= 3: {}\n", b.target_met() ? "met" : "NOT met");
}

}  // namespace kamisado::puzzles
