#include "app/present/retro.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "app/present/words.h"
#include "src/io/files.h"
#include "src/kamisado/kfen.h"

namespace kamisado::present {

using namespace kamisado::solver;

Answer retro_build_answer(const MeasuredBuild& run, const RetroFileInfo& info, const Position& root, const std::string& path) {
  const auto& s = run.stats;
  const RetroValue v = run.root_value;
  return {
      {{"root", run.table.root_kfen()},
       {"positions", s.positions},
       {"moves", s.moves},
       {"solver", s.solver == RetroSolver::Layers ? "layers" : "graph"},
       {"graph_edges", s.graph_edges},
       {"extra_turn_edges", s.extra_turn_edges},
       {"root_value", {{"win", v.win}, {"distance", v.distance}}},
       {"seconds", {{"enumerate", s.enumerate_seconds}, {"graph", s.graph_seconds}, {"solve", s.solve_seconds}, {"sort", s.sort_seconds}}},
       {"positions_per_second", run.rate()},
       {"peak_bytes", s.peak_bytes},
       {"bytes_per_position", run.bytes_per_position()},
       {"resident_peak_bytes", run.resident_peak},
       {"file", path},
       {"file_bytes", info.stored_bytes},
       {"compressed", info.compressed}},
      fmt::format("{} positions ({} moves; {} to another position, {} after a push)\n", s.positions, s.moves, s.graph_edges, s.extra_turn_edges) +
          fmt::format("root: {} to move, {}\n", side_name(root.side_to_move()), value_text(v)) +
          (s.solver == RetroSolver::Layers
               ? fmt::format("time, in layers: enumerate {:.2f} s, solve {:.2f} s ({:.2f} M positions/s); sort {:.2f} s\n", s.enumerate_seconds,
                             s.solve_seconds, run.rate() / 1e6, s.sort_seconds)
               : fmt::format("time, by the graph: enumerate {:.2f} s, graph {:.2f} s, solve {:.2f} s ({:.2f} M positions/s); sort {:.2f} s\n",
                             s.enumerate_seconds, s.graph_seconds, s.solve_seconds, run.rate() / 1e6, s.sort_seconds)) +
          fmt::format("memory: at most {:.1f} MB held ({:.1f} bytes a position); peak resident {:.1f} MB ({:.1f} bytes a position)\n",
                      double(s.peak_bytes) / 1048576, run.bytes_per_position(), double(run.resident_peak) / 1048576, run.resident_per_position()) +
          fmt::format("written: {} ({:.1f} MB{})\n", path, double(info.stored_bytes) / 1048576, info.compressed ? ", zstd" : "")};
}

Answer retro_probe_answer(const Position& pos, RetroValue v, const std::vector<Move>& optimal) {
  std::vector<std::string> names;
  for (Move m : optimal) names.push_back(to_string(m));
  const Side winner = v.win ? pos.side_to_move() : ~pos.side_to_move();
  return {{{"kfen", to_kfen(pos)},
           {"side_to_move", side_id(pos.side_to_move())},
           {"value", v.win ? "win" : "loss"},
           {"winner", side_id(winner)},
           {"distance", v.distance},
           {"optimal_moves", names}},
          fmt::format("{} to move {}: {} wins in {} plies\n{}{}\n", side_name(pos.side_to_move()), v.win ? "wins" : "loses", side_name(winner),
                      v.distance, v.win ? "fastest wins: " : "longest defences: ", fmt::join(names, " "))};
}

Answer retro_stats_answer(const RetroTable& table, const RetroFileInfo& info) {
  std::uint64_t wins = 0;
  nlohmann::json rows = nlohmann::json::array();
  std::string text;
  for (auto& [d, n] : count_by_distance(table)) {
    wins += n[1];
    rows.push_back({{"distance", d}, {"wins", n[1]}, {"losses", n[0]}});
    text += fmt::format("{:>8} {:>9} {:>9}\n", d, n[1], n[0]);
  }
  const RetroValue root = *table.probe(table.root());
  return {{{"root", table.root_kfen()},
           {"positions", table.size()},
           {"wins", wins},
           {"losses", table.size() - wins},
           {"root_value", {{"win", root.win}, {"distance", root.distance}}},
           {"symmetries", table.frame().symmetries()},
           {"file_bytes", info.stored_bytes},
           {"by_distance", rows}},
          fmt::format("root: {} ({} to move, {})\n", table.root_kfen(), side_name(table.root().side_to_move()), value_text(root)) +
              fmt::format("{} positions: {} won and {} lost by the side to move; file {:.1f} MB{}\n", table.size(), wins, table.size() - wins,
                          double(info.stored_bytes) / 1048576, info.compressed ? " (zstd)" : "") +
              "distance      wins    losses\n" + text};
}

Answer retro_verify_answer(const std::string& path, const RetroVerifyResult& r, double seconds) {
  return {{{"table", path}, {"holds", r.holds()}, {"checked", r.checked}, {"failures", r.failures}, {"first_failure", r.first_failure}},
          r.holds() ? fmt::format("table holds: all {} values agree with their successors ({:.1f} s)\n", r.checked, seconds)
                    : fmt::format("table REJECTED: {} of {} entries wrong; first: {}\n", r.failures, r.checked, r.first_failure)};
}

Answer retro_crosscheck_answer(const std::string& path, const RetroCrossCheck& r, int long_distance) {
  return {{{"table", path},
           {"agrees", r.holds()},
           {"checked", r.checked},
           {"long_ones", r.long_ones},
           {"longest", r.longest},
           {"disagreements", r.disagreements},
           {"first_disagreement", r.first_disagreement},
           {"seconds", r.seconds}},
          r.holds() ? fmt::format("agree: {} positions ({} with distance >= {}, longest {}), {:.1f} s\n", r.checked, r.long_ones, long_distance,
                                  r.longest, r.seconds)
                    : fmt::format("DISAGREE on {} of {} positions; first: {}\n", r.disagreements, r.checked, r.first_disagreement)};
}

Answer retro_bench_answer(const RetroBench& b) {
  std::string text;
  for (const auto& row : b.rows) text += retro_bench_row_summary(row) + "\n";
  return {retro_bench_json(b), text};
}

Answer run_retro_verify(const std::string& path, int threads, const io::Lines& lines) {
  RetroTable table = load_retro_table(path);
  io::Progress progress(lines);
  auto r = verify_retro_table(table, threads, [&](std::uint64_t done) { progress.count("retro verify:", done, table.size(), "positions"); });
  Answer a = retro_verify_answer(path, r, progress.elapsed());
  a.status = r.holds() ? Status::Ok : Status::Failed;
  return a;
}

Answer run_retro_crosscheck(const std::string& path, const RetroCrossCheckOptions& check, const io::Lines& lines) {
  RetroTable table = load_retro_table(path);
  io::Progress progress(lines);
  auto r = cross_check(table, check, [&](std::uint64_t done, std::uint64_t total) { progress.count("retro crosscheck:", done, total, "positions"); });
  Answer a = retro_crosscheck_answer(path, r, check.long_distance);
  a.status = r.holds() ? Status::Ok : Status::Disagrees;
  return a;
}

Answer run_retro_bench(const std::string& roots, const RetroCrossCheckOptions& check, int threads, const std::string& report,
                       const io::Lines& lines) {
  RetroBench b = bench_retro(roots, check, threads, lines);
  if (!report.empty()) io::write_file_atomically(report, retro_bench_report(b, report));
  Answer a = retro_bench_answer(b);
  a.status = b.all_hold() ? Status::Ok : Status::Disagrees;
  return a;
}

}  // namespace kamisado::present
