#include "solver/bench/retro_bench.h"

#include <malloc.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "solver/retro/retro_layers.h"
#include "src/io/files.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"

namespace kamisado::solver {

namespace {

// Resident memory now and at its peak since the last reset, from /proc (Linux); 0 elsewhere.
struct Resident {
  std::uint64_t now = 0, peak = 0;
};
Resident resident_memory() {
  std::ifstream status("/proc/self/status");
  Resident r;
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) r.now = std::stoull(line.substr(6)) * 1024;
    if (line.rfind("VmHWM:", 0) == 0) r.peak = std::stoull(line.substr(6)) * 1024;
  }
  return r;
}
void reset_peak_memory() { std::ofstream("/proc/self/clear_refs") << "5"; }

}  // namespace

namespace {

// Measures `build` (which builds with `limits`, its progress shown on `lines`): time and memory.
template <class Build>
MeasuredBuild measured(RetroBuildLimits& limits, const io::Lines& lines, Build build) {
  // Hand freed memory back first, or the build would reuse it unseen. (main() has big arrays
  // come straight from the system, so that a grown vector's old buffer goes back at once.)
  malloc_trim(0);
  reset_peak_memory();
  std::uint64_t base = resident_memory().now;
  io::Progress progress(lines);
  // Once the positions are counted, each phase's time left, at its pace so far (a resumed
  // build's solve counts from where it went on).
  struct Phase {
    std::string name;
    double since = 0;
    std::uint64_t from = 0;
  } phase;
  limits.progress = [&](const RetroBuildProgress& p) {
    if (phase.name != p.phase || p.positions < phase.from) phase = {p.phase, progress.elapsed(), p.positions};
    progress.tick([&] {
      if (p.total == 0)
        return fmt::format("retro build: enumerating, {} positions, {:.2f} M positions/s, {} MB", p.positions,
                           double(p.positions) / std::max(progress.elapsed(), 1e-9) / 1e6, p.bytes >> 20);
      const double done = double(p.positions) / double(p.total);
      const std::string left = io::time_left(progress.elapsed() - phase.since, p.positions - phase.from, p.total - phase.from);
      return fmt::format("retro build: {} {} {:.0f}% of {} positions, {} MB{}", p.phase, io::progress_bar(done), 100 * done, p.total, p.bytes >> 20,
                         left.empty() ? "" : ", " + left);
    });
  };
  MeasuredBuild run;
  build(run);
  run.seconds = run.stats.enumerate_seconds + run.stats.graph_seconds + run.stats.solve_seconds;  // the sort (or merge) is the file's, shown apart
  Resident after = resident_memory();
  run.resident_peak = after.peak > base ? after.peak - base : 0;
  return run;
}

}  // namespace

MeasuredBuild measure_build(const Position& root, RetroBuildLimits limits, const io::Lines& lines) {
  return measured(limits, lines, [&](MeasuredBuild& run) {
    run.table = build_retro_table(root, limits, &run.stats);
    run.root_value = *run.table.probe(root);
  });
}

MeasuredBuild measure_build_to_file(const Position& root, RetroBuildLimits limits, const std::string& path, RetroFileInfo& info,
                                    const io::Lines& lines) {
  return measured(limits, lines, [&](MeasuredBuild& run) {
    if (limits.solver == RetroSolver::Layers) {
      info = build_retro_file(root, limits, path, &run.stats);
    } else {
      run.table = build_retro_table(root, limits, &run.stats);
      info = save_retro_table(run.table, path, limits.stop);
    }
    run.root_value = *RetroFile::open(path)->probe(root);
  });
}

bool RetroBench::all_hold() const {
  return std::all_of(rows.begin(), rows.end(),
                     [](const RetroBenchRow& r) { return r.verified.holds() && r.cross.holds() && r.solvers_agree && r.spec_disagreement.empty(); });
}

RetroBench bench_retro(const std::string& roots_path, const RetroCrossCheckOptions& check, int threads, const io::Lines& lines) {
  RetroBench b;
  b.roots_path = roots_path;
  b.check = check;
  b.threads = threads;
  for (RetroRoot& r : read_retro_roots(roots_path)) {
    RetroBenchRow row;
    row.name = std::move(r.name), row.kfen = std::move(r.kfen), row.source = std::move(r.source);
    b.rows.push_back(std::move(row));
  }
  io::Progress progress(lines);
  for (RetroBenchRow& r : b.rows) {
    Position root = parse_kfen(r.kfen);
    RetroBuildLimits limits;
    limits.max_positions = kMaxRetroPositions;
    limits.threads = threads;
    limits.solver = RetroSolver::Graph;
    {
      progress.note("retro bench: " + r.name + ": building by the graph (the second solver)");
      MeasuredBuild graph = measure_build(root, limits, lines);
      r.graph = graph.stats, r.graph_seconds = graph.seconds, r.graph_resident_peak = graph.resident_peak;
      progress.note("retro bench: " + r.name + ": building in layers");
      // As `retro build` builds: to a file, the layers waiting on disk; then read back whole.
      limits.solver = RetroSolver::Layers;
      const std::string path = (std::filesystem::temp_directory_path() / ("kamisado-retro-bench-" + std::to_string(::getpid()) + ".retro")).string();
      r.build = measure_build_to_file(root, limits, path, r.file, lines);
      r.build.table = load_retro_table(path);
      std::filesystem::remove(path);
      r.solvers_agree = std::equal(graph.table.entries().begin(), graph.table.entries().end(), r.build.table.entries().begin(),
                                   r.build.table.entries().end(), [](const RetroEntry& a, const RetroEntry& b) { return a.bits == b.bits; });
    }
    progress.note(fmt::format("retro bench: {}: verifying {} positions", r.name, r.build.table.size()));
    auto verify_start = std::chrono::steady_clock::now();
    r.verified = verify_retro_table(r.build.table, threads);
    r.verify_seconds = io::seconds_since(verify_start);
    progress.note("retro bench: " + r.name + ": cross-checking with the proof search");
    r.cross =
        cross_check(r.build.table, check, [&](std::uint64_t done, std::uint64_t total) { progress.count("retro bench:", done, total, "positions"); });
    r.root_value = r.build.root_value;
    progress.note("retro bench: " + r.name + ": counting its rule edge cases");
    r.cases = count_edge_cases(r.build.table, threads, 1000, 1);
    r.longest = r.cases.by_distance.rbegin()->first;  // a table holds its root, so some distance
    r.table_size = r.build.table.size();
    r.build.table = RetroTable();  // measured and checked: free it before the next root
  }
  return b;
}

}  // namespace kamisado::solver
