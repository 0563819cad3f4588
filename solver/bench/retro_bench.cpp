#include "solver/bench/retro_bench.h"

#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <fstream>

#include <fmt/format.h>

#include "io/files.h"
#include "io/report.h"
#include "kamisado/errors.h"
#include "kamisado/kfen.h"

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

std::map<int, std::array<std::uint64_t, 2>> count_by_distance(const RetroTable& table) {
  std::map<int, std::array<std::uint64_t, 2>> by_distance;
  for (const auto& e : table.entries()) ++by_distance[e.value().distance][e.value().win];
  return by_distance;
}

MeasuredBuild measure_build(const Position& root, std::uint64_t max_positions, int threads, const std::atomic<bool>* stop, const io::Lines& lines) {
  // Hand freed memory back first, or the build would reuse it unseen. (main() has big arrays
  // come straight from the system, so that a grown vector's old buffer goes back at once.)
  malloc_trim(0);
  reset_peak_memory();
  std::uint64_t base = resident_memory().now;
  io::Progress progress(lines);
  RetroBuildLimits limits;
  limits.max_positions = max_positions;
  limits.threads = threads;
  limits.stop = stop;
  limits.progress = [&](const RetroBuildProgress& p) {
    progress.tick([&] {
      if (p.total == 0)
        return fmt::format("retro build: enumerating, {} positions, {:.2f} M positions/s, {} MB", p.positions,
                           double(p.positions) / std::max(progress.elapsed(), 1e-9) / 1e6, p.bytes >> 20);
      double done = double(p.positions) / double(p.total);
      return fmt::format("retro build: {} {} {:.0f}% of {} positions, {} MB", p.phase, io::progress_bar(done), 100 * done, p.total, p.bytes >> 20);
    });
  };
  MeasuredBuild run;
  run.table = build_retro_table(root, limits, &run.stats);
  run.seconds = run.stats.enumerate_seconds + run.stats.graph_seconds + run.stats.solve_seconds;
  Resident after = resident_memory();
  run.resident_peak = after.peak > base ? after.peak - base : 0;
  return run;
}

bool RetroBench::all_hold() const {
  return std::all_of(rows.begin(), rows.end(), [](const RetroBenchRow& r) { return r.verified.holds() && r.cross.holds(); });
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
    progress.note("retro bench: " + r.name + ": building");
    r.build = measure_build(root, kMaxRetroPositions, threads, nullptr, lines);
    write_retro_table(r.build.table, &r.file);
    progress.note(fmt::format("retro bench: {}: verifying {} positions", r.name, r.build.table.size()));
    auto verify_start = std::chrono::steady_clock::now();
    r.verified = verify_retro_table(r.build.table, threads);
    r.verify_seconds = io::seconds_since(verify_start);
    progress.note("retro bench: " + r.name + ": cross-checking with the proof search");
    r.cross = cross_check(r.build.table, check, [&](std::uint64_t done, std::uint64_t total) {
      progress.tick([&] { return fmt::format("retro bench: {} {} of {} positions", io::progress_bar(double(done) / double(total)), done, total); });
    });
    for (const auto& e : r.build.table.entries()) r.longest = std::max(r.longest, e.value().distance);
    r.root_value = *r.build.table.probe(root);
    r.table_size = r.build.table.size();
    r.build.table = RetroTable();  // measured and checked: free it before the next root
  }
  return b;
}

std::string retro_bench_row_summary(const RetroBenchRow& r) {
  const auto& s = r.build.stats;
  RetroValue value = r.root_value;
  return fmt::format(
      "{}: {} positions, {} in {}, {:.2f} M positions/s, {:.1f} bytes a position ({:.1f} resident), verify {}, cross-check {} of {} {}", r.name,
      s.positions, value.win ? "win" : "loss", value.distance, r.build.rate() / 1e6, r.build.bytes_per_position(), r.build.resident_per_position(),
      r.verified.holds() ? "holds" : "FAILS", r.cross.checked, r.table_size, r.cross.holds() ? "agree" : "DISAGREE");
}

std::string retro_bench_report(const RetroBench& b, const std::string& report_path) {
  io::Report md("Retrograde tables",
                fmt::format("kamisado retro bench --roots {} --sample {} --seed {} --threads {} --report {}", b.roots_path, b.check.sample,
                            b.check.seed, b.threads, report_path),
                "");
  md.paragraph(
        "Each root's table holds every position reachable from it inside its round, one per symmetry class (rules.md B3), "
        "with its value for the side to move and its exact distance to the round's end in plies (solver/retro/retro_build.h). "
        "The build enumerates depth-first, keeps the predecessor graph in Boost.Graph's `compressed_sparse_row_graph` and "
        "solves by backward induction with a counter of unresolved moves per position.")
      .raw(fmt::format("- **positions/s** is positions / (enumerate + graph + solve), on one core (target >= 2 M). Sorting the finished "
                       "table for the file (on `--threads` threads) is shown apart, and in the rate in brackets.\n"
                       "- **bytes a position** (target <= 64, move graph included): first the build's arrays at their peak (keys, results, "
                       "counters, the edge lists or the graph, the hash index while it grows), then the process's peak resident memory "
                       "during the build above what it held before, divided by the positions.\n"
                       "- **verify** re-derives every stored value from its successors (`kamisado retro verify`).\n"
                       "- **cross-check** solves a seeded sample of positions, and every position whose distance is at least {}, with the "
                       "proof-number search (`kamisado solve`) and compares value and exact distance (`kamisado retro crosscheck`).\n\n",
                       b.check.long_distance))
      .table({"root", "KFEN", "from", "positions", "graph edges / after a push", "root value", "longest distance", "enumerate / graph / solve (s)",
              "positions/s", "bytes a position (arrays / resident)", "file (zstd)", "verify", "cross-check"});
  for (const RetroBenchRow& r : b.rows) {
    const auto& s = r.build.stats;
    double rate_with_sort = double(s.positions) / std::max(r.build.seconds + s.sort_seconds, 1e-9);
    md.row(
        {r.name, "`" + r.kfen + "`", r.source, std::to_string(s.positions), fmt::format("{} / {}", s.graph_edges, s.extra_turn_edges),
         fmt::format("{} in {}", r.root_value.win ? "win" : "loss", r.root_value.distance), std::to_string(r.longest),
         fmt::format("{:.2f} / {:.2f} / {:.2f}", s.enumerate_seconds, s.graph_seconds, s.solve_seconds),
         fmt::format("**{:.2f} M** ({:.2f} M with the sort)", r.build.rate() / 1e6, rate_with_sort / 1e6),
         fmt::format("{:.1f} / {:.1f}", r.build.bytes_per_position(), r.build.resident_per_position()),
         fmt::format("{:.1f} MB", double(r.file.stored_bytes) / 1048576),
         fmt::format("{} ({:.1f} s)", r.verified.holds() ? "holds" : "FAILS: " + r.verified.first_failure, r.verify_seconds),
         fmt::format("{} of {} ({} with d >= {}; longest {}): {} ({:.1f} s)", r.cross.checked, r.table_size, r.cross.long_ones, b.check.long_distance,
                     r.cross.longest, r.cross.holds() ? "agree" : "DISAGREE: " + r.cross.first_disagreement, r.cross.seconds)});
  }
  return md.markdown();
}

nlohmann::json retro_bench_json(const RetroBench& b) {
  nlohmann::json rows = nlohmann::json::array();
  for (const RetroBenchRow& r : b.rows) {
    const auto& s = r.build.stats;
    rows.push_back({{"name", r.name},
                    {"kfen", r.kfen},
                    {"positions", s.positions},
                    {"moves", s.moves},
                    {"graph_edges", s.graph_edges},
                    {"extra_turn_edges", s.extra_turn_edges},
                    {"root_value", {{"win", r.root_value.win}, {"distance", r.root_value.distance}}},
                    {"longest", r.longest},
                    {"seconds",
                     {{"enumerate", s.enumerate_seconds},
                      {"graph", s.graph_seconds},
                      {"solve", s.solve_seconds},
                      {"sort", s.sort_seconds},
                      {"verify", r.verify_seconds},
                      {"crosscheck", r.cross.seconds}}},
                    {"positions_per_second", r.build.rate()},
                    {"bytes_per_position", r.build.bytes_per_position()},
                    {"resident_bytes_per_position", r.build.resident_per_position()},
                    {"file_bytes", r.file.stored_bytes},
                    {"verified", r.verified.holds()},
                    {"crosscheck",
                     {{"checked", r.cross.checked}, {"long_ones", r.cross.long_ones}, {"longest", r.cross.longest}, {"agrees", r.cross.holds()}}}});
  }
  return {{"tables", rows}, {"all_hold", b.all_hold()}};
}

}  // namespace kamisado::solver
