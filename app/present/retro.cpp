#include "app/present/retro.h"

#include <filesystem>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "app/present/words.h"
#include "solver/retro/retro_stats.h"
#include "src/io/files.h"
#include "src/kamisado/kfen.h"
#include "src/verify/spec_position.h"

namespace kamisado::present {

using namespace kamisado::solver;

Answer retro_build_answer(const MeasuredBuild& run, const RetroFileInfo& info, const Position& root, const std::string& path) {
  const auto& s = run.stats;
  const RetroValue v = run.root_value;
  return {
      {{"root", to_kfen(root)},
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
       {"digest", fmt::format("{:016x}", info.digest)},
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
          fmt::format("written: {} ({:.1f} MB{}; digest {:016x})\n", path, double(info.stored_bytes) / 1048576, info.compressed ? ", zstd" : "",
                      info.digest)};
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

Answer run_retro_stats(const std::string& path, const RetroStatsOptions& opt, const std::atomic<bool>* stop, const io::Lines& lines) {
  RetroFileInfo info;
  const std::unique_ptr<RetroLookup> table = open_retro(path, &info);
  io::Progress progress(lines);
  progress.note(fmt::format("retro stats: counting {} positions and their moves", table->size()));
  const RetroEdgeCases c = count_edge_cases(*table, opt.threads, opt.sample, opt.seed, stop);
  // The sample checked against the rules' specification, position by position (spec_position.h).
  std::string disagreement;
  std::size_t checked = 0;
  for (const Position& pos : c.sample) {
    progress.count("retro stats: the sample against the spec:", ++checked, c.sample.size(), "positions");
    disagreement = verify::compare_with_spec(pos);
    if (!disagreement.empty()) break;
  }
  nlohmann::json rows = nlohmann::json::array(), chains = nlohmann::json::object(), pushes = nlohmann::json::array();
  std::string text;
  for (auto& [d, n] : c.by_distance) {
    rows.push_back({{"distance", d}, {"wins", n[1]}, {"losses", n[0]}});
    text += fmt::format("{:>8} {:>9} {:>9}\n", d, n[1], n[0]);
  }
  std::string chain_text, push_text;
  for (const auto& [k, n] : c.chains) chains[std::to_string(k)] = n, chain_text += fmt::format(" {} x{}", n, k);
  for (int rank = 1; rank <= 4; ++rank)
    for (int n = 1; n <= 3; ++n)
      if (c.pushes[std::size_t(rank)][std::size_t(n)]) {
        pushes.push_back({{"rank", rank}, {"pushed", n}, {"count", c.pushes[std::size_t(rank)][std::size_t(n)]}});
        push_text += fmt::format(" {} by rank {} of {}", c.pushes[std::size_t(rank)][std::size_t(n)], rank, n);
      }
  const RetroValue root = *table->probe(table->root());
  Answer a{
      {{"root", table->root_kfen()},
       {"positions", c.positions},
       {"wins", c.wins},
       {"losses", c.positions - c.wins},
       {"root_value", {{"win", root.win}, {"distance", root.distance}}},
       {"symmetries", table->frame().symmetries()},
       {"file_bytes", info.stored_bytes},
       {"digest", fmt::format("{:016x}", info.digest)},
       {"by_distance", rows},
       {"real_moves", c.real_moves},
       {"forced_passes", c.forced_passes},
       {"pass_chains", chains},
       {"longest_pass_chain", c.longest_chain()},
       {"deadlocks", {{"black_charged", c.deadlocks[0]}, {"gold_charged", c.deadlocks[1]}}},
       {"pushes", pushes},
       {"most_pushed", c.most_pushed()},
       {"spec_check", {{"sample", c.sample.size()}, {"seed", opt.seed}, {"agrees", disagreement.empty()}, {"first_disagreement", disagreement}}}},
      fmt::format("root: {} ({} to move, {})\n", table->root_kfen(), side_name(table->root().side_to_move()), value_text(root)) +
          fmt::format("{} positions: {} won and {} lost by the side to move; file {:.1f} MB, digest {:016x}\n", c.positions, c.wins,
                      c.positions - c.wins, double(info.stored_bytes) / 1048576, info.digest) +
          fmt::format("{} real moves; {} forced passes (M6); chains of k passes after a real move (M9):{}{}; longest {}\n", c.real_moves,
                      c.forced_passes, chain_text, chain_text.empty() ? " none" : "", c.longest_chain()) +
          fmt::format("deadlocks (M8), by the side charged: Black {}, Gold {}\n", c.deadlocks[0], c.deadlocks[1]) +
          fmt::format("pushes (S2), by the pusher's rank and the towers pushed:{}{}; at most {} at once\n", push_text,
                      push_text.empty() ? " none" : "", c.most_pushed()) +
          (disagreement.empty() ? fmt::format("spec check: {} positions drawn by seed {}, every real move agrees with the rules' specification\n",
                                              c.sample.size(), opt.seed)
                                : "spec check DISAGREES: " + disagreement + "\n") +
          "distance      wins    losses\n" + text};
  a.status = disagreement.empty() ? Status::Ok : Status::Failed;
  return a;
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

Answer run_retro_verify(const std::string& path, int threads, const std::atomic<bool>* stop, const io::Lines& lines) {
  const std::unique_ptr<RetroLookup> table = open_retro(path);
  io::Progress progress(lines);
  std::string phase_now;
  double since = 0;  // when the phase began
  const auto r = verify_retro(
      *table, threads, path + ".verify",
      [&](const char* phase, std::uint64_t done) {
        if (phase_now != phase) phase_now = phase, since = progress.elapsed();
        progress.count("retro verify, " + phase_now + ":", done, table->size(), "positions", since);
      },
      stop);
  Answer a = retro_verify_answer(path, r, progress.elapsed());
  a.status = r.holds() ? Status::Ok : Status::Failed;
  return a;
}

Answer run_retro_crosscheck(const std::string& path, const RetroCrossCheckOptions& check, const io::Lines& lines) {
  const std::unique_ptr<RetroLookup> table = open_retro(path);  // probed where it lies: a block at a time
  io::Progress progress(lines);
  auto r =
      cross_check(*table, check, [&](std::uint64_t done, std::uint64_t total) { progress.count("retro crosscheck:", done, total, "positions"); });
  Answer a = retro_crosscheck_answer(path, r, check.long_distance);
  a.status = r.holds() ? Status::Ok : Status::Disagrees;
  return a;
}

Answer run_retro_bench(const std::string& roots, const RetroCrossCheckOptions& check, int threads, const std::string& report,
                       const io::Lines& lines) {
  // The billion-position table's run, when scripts/retro-billion.sh left it beside the report:
  // read before the bench's minutes, its section written with the report.
  const std::string billion = (std::filesystem::path(report).parent_path() / "retrograde-billion.json").string();
  const auto not_the_run = [&](const std::exception& e) {
    return InputError(billion + ": not the JSON scripts/retro-billion.sh writes (" + e.what() + ")");
  };
  nlohmann::json run;
  try {
    if (!report.empty() && std::filesystem::exists(billion)) run = nlohmann::json::parse(io::read_file(billion, "run"));
  } catch (const nlohmann::json::exception& e) {
    throw not_the_run(e);
  }
  RetroBench b = bench_retro(roots, check, threads, lines);
  for (RetroBenchRow& r : b.rows)
    for (const Position& pos : r.cases.sample)
      if (r.spec_disagreement.empty()) r.spec_disagreement = verify::compare_with_spec(pos);
  if (!report.empty()) {
    std::string markdown;
    try {
      markdown = retro_bench_report(b, report, run.is_null() ? nullptr : &run);
    } catch (const nlohmann::json::exception& e) {
      throw not_the_run(e);
    }
    io::write_file_atomically(report, markdown);
  }
  Answer a = retro_bench_answer(b);
  a.status = b.all_hold() ? Status::Ok : Status::Disagrees;
  return a;
}

}  // namespace kamisado::present
