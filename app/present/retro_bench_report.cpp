#include "app/present/retro_bench_report.h"

#include <algorithm>

#include <fmt/format.h>

#include "src/io/report.h"
#include "src/kamisado/kfen.h"

namespace kamisado::present {

using namespace kamisado::solver;

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

}  // namespace kamisado::present
