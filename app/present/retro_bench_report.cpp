#include "app/present/retro_bench_report.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "src/io/report.h"
#include "src/kamisado/kfen.h"

namespace kamisado::present {

using namespace kamisado::solver;

std::string retro_bench_row_summary(const RetroBenchRow& r) {
  const auto& s = r.build.stats;
  RetroValue value = r.root_value;
  return fmt::format(
      "{}: {} positions, {} in {}, {:.2f} M positions/s, {:.1f} bytes a position ({:.1f} resident), the graph build {}, verify {}, cross-check {} "
      "of {} {}",
      r.name, s.positions, value.win ? "win" : "loss", value.distance, r.build.rate() / 1e6, r.build.bytes_per_position(),
      r.build.resident_per_position(), r.solvers_agree ? "agrees" : "DISAGREES", r.verified.holds() ? "holds" : "FAILS", r.cross.checked,
      r.table_size, r.cross.holds() ? "agree" : "DISAGREE");
}

namespace {

std::string edge_cases_text(const RetroBenchRow& r) {
  const RetroEdgeCases& c = r.cases;
  std::string chains, pushes;
  for (const auto& [k, n] : c.chains) chains += fmt::format("{}{} x{}", chains.empty() ? "" : ", ", n, k);
  for (std::size_t rank = 1; rank < c.pushes.size(); ++rank)
    for (std::size_t n = 1; n < c.pushes[rank].size(); ++n)
      if (c.pushes[rank][n]) pushes += fmt::format("{}{} by rank {} of {}", pushes.empty() ? "" : ", ", c.pushes[rank][n], rank, n);
  return fmt::format("{} forced passes; chains: {}; deadlocks charged to Black {}, Gold {}; pushes: {}; spec sample of {}: {}", c.forced_passes,
                     chains.empty() ? "none" : chains, c.deadlocks[0], c.deadlocks[1], pushes.empty() ? "none" : pushes, c.sample.size(),
                     r.spec_disagreement.empty() ? "agrees" : "**DISAGREES**: " + r.spec_disagreement);
}

double mb(double bytes) { return bytes / 1048576; }

// The section on the table of scripts/retro-billion.sh, from what each of its commands answered
// (reports/retrograde-billion.json): the build against the targets, the checks, the probes.
void billion_section(io::Report& md, const nlohmann::json& run) {
  const auto& st = run.at("steps");
  const auto& build = st.at("build").at("answer");
  const auto& stats = st.at("stats").at("answer");
  const auto& cross = st.at("crosscheck").at("answer");
  const auto& verify = st.at("verify").at("answer");
  const double n = build.at("positions").get<double>(), wall = st.at("build").at("seconds").get<double>();
  const auto& t = build.at("seconds");
  const auto& spec = stats.at("spec_check");
  std::string chains;
  for (const auto& [k, count] : stats.at("pass_chains").items())
    chains += fmt::format("{}{} x{}", chains.empty() ? "" : ", ", count.get<std::uint64_t>(), k);
  auto peak = [&](const char* step) { return fmt::format("{:.0f} MB", st.at(step).at("resident_kb").get<double>() / 1024); };
  const std::string cold = run.at("cold").get<bool>() ? "the page cache dropped first" : "**warm**: not run as root, the page cache kept";
  md.section("A table of a billion positions")
      .paragraph(fmt::format("Made by `scripts/retro-billion.sh` on {} (commit {}, {} cores): each figure is from the commands' `--json` answers and "
                             "`/usr/bin/time` (whose resident memory counts the pages a command read of the mapped table), kept in "
                             "reports/retrograde-billion.json. The root, `{}`, is from {}. The table ({:.0f} MB) is not in the "
                             "repository: the script makes it again byte for byte (digest {}, which this binary knows: the book trusts the file, "
                             "solver/analysis/published.h).",
                             run.at("date").get<std::string>(), run.at("commit").get<std::string>(), run.at("cpus").get<int>(),
                             run.at("root").get<std::string>(), run.at("chosen").get<std::string>(), mb(stats.at("file_bytes").get<double>()),
                             stats.at("digest").get<std::string>()))
      .table({"step", "what it found", "time", "peak resident"})
      .row({"`retro build --threads 2`",
            fmt::format("{:.0f} positions, root {} in {}; enumerate {:.0f} s, solve {:.0f} s, the file's merge {:.0f} s: **{:.2f} M positions/s** "
                        "over the whole build; "
                        "**{:.1f} bytes a position** resident at the peak ({:.1f} held in the layers); target 1 hour and 16 bytes (goal 20 "
                        "minutes and 8): {}",
                        n, build.at("root_value").at("win").get<bool>() ? "win" : "loss", build.at("root_value").at("distance").get<int>(),
                        t.at("enumerate").get<double>(), t.at("solve").get<double>(), t.at("sort").get<double>(), n / wall / 1e6,
                        build.at("resident_peak_bytes").get<double>() / n, build.at("bytes_per_position").get<double>(),
                        wall <= 3600 && build.at("resident_peak_bytes").get<double>() / n <= 16 ? "met" : "**NOT met**"),
            fmt::format("{:.1f} min", wall / 60), peak("build")})
      .row({"`retro stats --threads 2`",
            fmt::format("{} forced passes (M6); real moves followed by k passes (M9): {}; deadlocks (M8) charged to Black {}, Gold {}; "
                        "pushes (S2): {}; a sample of {} positions (seed 1) against the rules' specification: {}",
                        stats.at("forced_passes").get<std::uint64_t>(), chains.empty() ? "none" : chains,
                        stats.at("deadlocks").at("black_charged").get<std::uint64_t>(), stats.at("deadlocks").at("gold_charged").get<std::uint64_t>(),
                        stats.at("pushes").empty() ? "none" : stats.at("pushes").dump(), spec.at("sample").get<std::size_t>(),
                        spec.at("agrees").get<bool>() ? "agrees" : "**DISAGREES**: " + spec.at("first_disagreement").get<std::string>()),
            fmt::format("{:.0f} s", st.at("stats").at("seconds").get<double>()), peak("stats")})
      .row({"`retro crosscheck`",
            fmt::format("{} positions ({} drawn by seed 1, and the {} at distance >= {}; the longest {}) solved by the proof search: {}",
                        cross.at("checked").get<std::uint64_t>(),
                        cross.at("checked").get<std::uint64_t>() - cross.at("long_ones").get<std::uint64_t>(),
                        cross.at("long_ones").get<std::uint64_t>(), run.at("long").get<int>(), cross.at("longest").get<int>(),
                        cross.at("agrees").get<bool>() ? "agree" : "**DISAGREE**: " + cross.at("first_disagreement").get<std::string>()),
            fmt::format("{:.0f} s", st.at("crosscheck").at("seconds").get<double>()), peak("crosscheck")})
      .row({"`retro verify --threads 2`",
            fmt::format("{} values re-derived from their successors, in layers: {}", verify.at("checked").get<std::uint64_t>(),
                        verify.at("holds").get<bool>() ? "holds" : "**FAILS**: " + verify.at("first_failure").get<std::string>()),
            fmt::format("{:.1f} min", st.at("verify").at("seconds").get<double>() / 60), peak("verify")})
      .row({"`retro probe`, the table cold",
            fmt::format("`{}`: {} in {}, optimal moves {} ({}); with the binary and its libraries cold too: {:.0f} ms, {}",
                        run.at("probe").get<std::string>(), st.at("probe_cli").at("answer").at("value").get<std::string>(),
                        st.at("probe_cli").at("answer").at("distance").get<int>(),
                        fmt::join(st.at("probe_cli").at("answer").at("optimal_moves").get<std::vector<std::string>>(), " "), cold,
                        st.at("probe_cli_all_cold").at("seconds").get<double>() * 1000, peak("probe_cli_all_cold")),
            fmt::format("{:.0f} ms", st.at("probe_cli").at("seconds").get<double>() * 1000), peak("probe_cli")})
      .row({"Python `kamisado.RetroTable(path).probe(position)`, cold", "the table opened and the position and each move's value read",
            fmt::format("{:.1f} ms", st.at("probe_python").at("seconds").get<double>() * 1000),
            fmt::format("+{:.1f} MB", st.at("probe_python").at("resident_added_bytes").get<double>() / 1e6)})
      .row({"the API, `GET /api/v1/analyse` of `kamisado serve --book TABLE`, cold",
            fmt::format("answered by the {} ({}), each move's value and the best line ({} moves)", st.at("probe_api").at("answer").value("by", "?"),
                        st.at("probe_api").at("answer").value("value", "?"),
                        st.at("probe_api").at("answer").value("best_line", nlohmann::json::array()).size()),
            fmt::format("{:.1f} ms", st.at("probe_api").at("seconds").get<double>() * 1000),
            fmt::format(
                "{:.0f} MB (+{:.1f} MB)", st.at("probe_api").at("resident_kb_after").get<double>() / 1024,
                (st.at("probe_api").at("resident_kb_after").get<double>() - st.at("probe_api").at("resident_kb_before").get<double>()) / 1024)});
}

}  // namespace

std::string retro_bench_report(const RetroBench& b, const std::string& report_path, const nlohmann::json* billion) {
  io::Report md("Retrograde tables",
                fmt::format("kamisado retro bench --roots {} --sample {} --seed {} --threads {} --report {}", b.roots_path, b.check.sample,
                            b.check.seed, b.threads, report_path),
                "");
  md.paragraph(
        "Each root's table holds every position reachable from it inside its round, one per symmetry class (rules.md B3), "
        "with its value for the side to move and its exact distance to the round's end in plies. The build (solver/retro/retro_layers.h) "
        "keeps no move graph: it enumerates the positions in layers of advancement potential, which every real move raises, and "
        "solves them from the most advanced down, each from its children, on `--threads` threads, as `kamisado retro build` does: "
        "each layer waits on disk once enumerated, the solve holds a layer and those one move reaches, and the file is merged from "
        "the solved layers. The first build "
        "(solver/retro/retro_build.h: the predecessor graph in Boost.Graph's `compressed_sparse_row_graph`, backward induction "
        "with a counter of unresolved moves per position) is kept as the second solver, and each table is built by both.")
      .raw(fmt::format("- **positions/s** is positions / (enumerate + solve) on `--threads` threads (target >= 0.28 M: 10^9 positions in an "
                       "hour on 2 cores; goal 0.83 M, in 20 minutes). Sorting the finished table for the file is shown apart, and in the "
                       "rate in brackets.\n"
                       "- **bytes a position** (target <= 16, goal 8): first the build's arrays at their peak (the layers in memory, "
                       "the children waiting for their layer), then the process's peak resident memory during the build above "
                       "what it held before, divided by the positions.\n"
                       "- **edge cases** (`kamisado retro stats`): among every move of every position, the forced passes (M6), the real "
                       "moves followed by a chain of k passes (M9: k x count), the deadlocks by the side charged (M8), the pushes (S2) "
                       "by the pusher's rank and the towers pushed; then whether a sample of 1 000 positions (seed 1) agrees, move by "
                       "move, with the rules' specification (src/verify/spec_position.h: chains, deadlocks and pushes worked out by "
                       "the Z3 spec on the board).\n"
                       "- **the graph build** (the second solver, one core but its sort): its rate and bytes a position alike, and "
                       "whether its table is the same, entry for entry (every key, value and exact distance).\n"
                       "- **verify** re-derives every stored value from its successors (`kamisado retro verify`).\n"
                       "- **cross-check** solves a seeded sample of positions, and every position whose distance is at least {}, with the "
                       "proof-number search (`kamisado solve`) and compares value and exact distance (`kamisado retro crosscheck`).\n\n",
                       b.check.long_distance))
      .table({"root", "KFEN", "from", "positions", "moves to a position / after a push", "root value", "longest distance", "enumerate / solve (s)",
              "positions/s", "bytes a position (arrays / resident)", "the graph build: positions/s, bytes a position, its table", "edge cases",
              "file (zstd)", "verify", "cross-check"});
  for (const RetroBenchRow& r : b.rows) {
    const auto& s = r.build.stats;
    double rate_with_sort = double(s.positions) / std::max(r.build.seconds + s.sort_seconds, 1e-9);
    md.row(
        {r.name, "`" + r.kfen + "`", r.source, std::to_string(s.positions), fmt::format("{} / {}", s.graph_edges, s.extra_turn_edges),
         fmt::format("{} in {}", r.root_value.win ? "win" : "loss", r.root_value.distance), std::to_string(r.longest),
         fmt::format("{:.2f} / {:.2f}", s.enumerate_seconds, s.solve_seconds),
         fmt::format("**{:.2f} M** ({:.2f} M with the sort)", r.build.rate() / 1e6, rate_with_sort / 1e6),
         fmt::format("{:.1f} / {:.1f}", r.build.bytes_per_position(), r.build.resident_per_position()),
         fmt::format("{:.2f} M, {:.1f} / {:.1f}: {}", double(r.graph.positions) / std::max(r.graph_seconds, 1e-9) / 1e6,
                     double(r.graph.peak_bytes) / double(std::max<std::uint64_t>(r.graph.positions, 1)),
                     double(r.graph_resident_peak) / double(std::max<std::uint64_t>(r.graph.positions, 1)),
                     r.solvers_agree ? "the same" : "**DIFFERS**"),
         edge_cases_text(r), fmt::format("{:.1f} MB", double(r.file.stored_bytes) / 1048576),
         fmt::format("{} ({:.1f} s)", r.verified.holds() ? "holds" : "FAILS: " + r.verified.first_failure, r.verify_seconds),
         fmt::format("{} of {} ({} with d >= {}; longest {}): {} ({:.1f} s)", r.cross.checked, r.table_size, r.cross.long_ones, b.check.long_distance,
                     r.cross.longest, r.cross.holds() ? "agree" : "DISAGREE: " + r.cross.first_disagreement, r.cross.seconds)});
  }
  if (billion) billion_section(md, *billion);
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
                    {"graph_build",
                     {{"positions_per_second", double(r.graph.positions) / std::max(r.graph_seconds, 1e-9)},
                      {"bytes_per_position", double(r.graph.peak_bytes) / double(std::max<std::uint64_t>(r.graph.positions, 1))},
                      {"same_table", r.solvers_agree}}},
                    {"edge_cases",
                     {{"forced_passes", r.cases.forced_passes},
                      {"longest_pass_chain", r.cases.longest_chain()},
                      {"deadlocks", {{"black_charged", r.cases.deadlocks[0]}, {"gold_charged", r.cases.deadlocks[1]}}},
                      {"most_pushed", r.cases.most_pushed()},
                      {"spec_sample", r.cases.sample.size()},
                      {"spec_agrees", r.spec_disagreement.empty()}}},
                    {"file_bytes", r.file.stored_bytes},
                    {"verified", r.verified.holds()},
                    {"crosscheck",
                     {{"checked", r.cross.checked}, {"long_ones", r.cross.long_ones}, {"longest", r.cross.longest}, {"agrees", r.cross.holds()}}}});
  }
  return {{"tables", rows}, {"all_hold", b.all_hold()}};
}

}  // namespace kamisado::present
