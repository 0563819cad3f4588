#include "app/present/rules_commands.h"

#include <fmt/format.h>

#include "src/io/board_svg.h"
#include "src/io/describe.h"
#include "src/io/files.h"
#include "src/io/report.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"

namespace kamisado::present {

using namespace kamisado::bench;

Answer perft_answer(const Position& pos, int depth, const PerftCount& c, bool divide) {
  nlohmann::json j = {{"kfen", to_kfen(pos)}, {"depth", depth}, {"nodes", c.total}, {"seconds", c.seconds}, {"nodes_per_second", c.rate()}};
  std::string text;
  if (divide) {
    j["divide"] = nlohmann::json::object();
    for (const DivideEntry& e : c.entries) j["divide"][to_string(e.move)] = e.nodes, text += fmt::format("{}: {}\n", to_string(e.move), e.nodes);
    text += fmt::format("{} first moves\n", c.entries.size());
  }
  return {j, text + fmt::format("perft {}: {} ({:.3f} s, {:.1f} M nodes/s)\n", depth, c.total, c.seconds, c.rate() / 1e6)};
}

Answer perft_measure_answer(const Position& pos, int depth, int repeat, const Measure& m) {
  return {{{"kfen", to_kfen(pos)}, {"depth", depth}, {"nodes", m.leaves}, {"best_seconds", m.seconds}, {"nodes_per_second", m.rate()}},
          fmt::format("perft {}: {} leaves, best of {}: {:.3f} s, {:.1f} M leaves/s\n", depth, m.leaves, repeat, m.seconds, m.rate() / 1e6)};
}

std::string perft_bench_report(const PerftBench& b, const std::string& report_path) {
  std::string suite;
  for (const char* k : kSumoSuite) suite += fmt::format("- `{}`\n", k);
  return io::Report("Performance",
                    fmt::format("kamisado bench --depth {} --sumo-depth {} --repeat {} --report {}", b.depth, b.sumo_depth, b.repeat, report_path))
      .section("Move generation: perft")
      .paragraph(fmt::format("Single-threaded, rules.md §7 conventions, best of {} runs, the two suites taking turns. Bulk counting: the last ply "
                             "is a popcount of the reply tower's targets (plus its push, for a Sumo), computed "
                             "without building the position before it wherever that tower can act.",
                             b.repeat))
      .table({"suite", "leaves", "best time", "leaves/s", "target", ""})
      .row({fmt::format("single round: perft({}) from the start", b.depth), std::to_string(b.single.leaves),
            fmt::format("{:.3f} s", b.single.seconds), fmt::format("{:.1f} M", b.single.rate() / 1e6),
            fmt::format("≥ {:.0f} M leaves/s", kTargetLeavesPerSecond / 1e6), b.single_met() ? "met" : "NOT met"})
      .row({fmt::format("Sumo-rich: perft({}) over {} rounds with Sumos", b.sumo_depth, b.sumo_positions), std::to_string(b.sumo.leaves),
            fmt::format("{:.3f} s", b.sumo.seconds), fmt::format("{:.1f} M", b.sumo.rate() / 1e6),
            fmt::format("time per leaf ≤ {}× the single round's (measured {:.2f}×)", kSumoSlowdownLimit, b.slowdown()),
            b.sumo_met() ? "met" : "NOT met"})
      .paragraph(
          "The Sumo-rich positions come from seeded random Marathon play (rounds 9-12, 14 or more "
          "rings on the board), each played as a round with Sumos on its own (no match field, rules.md §6):")
      .raw(suite + "\n")
      .paragraph(fmt::format("Compiler: g++ {}.", __VERSION__))
      .paragraph(
          "The WebAssembly package (app/wasm) against this binary, on the proof search and perft: reports/wasm.md "
          "(`scripts/wasm-vs-native.sh`).")
      .markdown();
}

nlohmann::json perft_bench_json(const PerftBench& b) {
  return {{"single_round",
           {{"depth", b.depth},
            {"nodes", b.single.leaves},
            {"best_seconds", b.single.seconds},
            {"nodes_per_second", b.single.rate()},
            {"target_met", b.single_met()}}},
          {"sumo_rich",
           {{"depth", b.sumo_depth},
            {"positions", b.sumo_positions},
            {"nodes", b.sumo.leaves},
            {"best_seconds", b.sumo.seconds},
            {"nodes_per_second", b.sumo.rate()},
            {"slowdown", b.slowdown()},
            {"target_met", b.sumo_met()}}},
          {"repeat", b.repeat}};
}

std::string perft_bench_summary(const PerftBench& b) {
  return fmt::format("single round: perft {} from the start: {} leaves, {:.3f} s, {:.1f} M leaves/s ({})\n", b.depth, b.single.leaves,
                     b.single.seconds, b.single.rate() / 1e6, b.single_met() ? "target met" : "target NOT met") +
         fmt::format(
             "Sumo-rich: perft {} over {} positions: {} leaves, {:.3f} s, {:.1f} M leaves/s, "
             "{:.2f}x the single round's time per leaf ({})\n",
             b.sumo_depth, b.sumo_positions, b.sumo.leaves, b.sumo.seconds, b.sumo.rate() / 1e6, b.slowdown(),
             b.sumo_met() ? "target met" : "target NOT met");
}

Answer moves_answer(const Position& pos) {
  MoveList moves;
  generate_moves(pos, moves);
  nlohmann::json list = nlohmann::json::array();
  std::string text;
  for (Move m : moves) {
    Position next = pos.after(m);
    Outcome o = round_outcome(pos, m);  // in a match the round's end is not the game's
    text += " " + to_string(m) + (o.ending == Ending::HomeRow ? "#" : o.ending == Ending::Deadlock ? "x" : "");
    nlohmann::json e = {{"move", to_string(m)}, {"kfen", to_kfen(next)}};
    if (o.over()) e["ends_round"] = o.ending == Ending::HomeRow ? "home-row" : "deadlock";
    if (next.outcome().over() || next.turn() == Turn::BetweenRounds) e["status"] = io::status_json(next);
    list.push_back(e);
  }
  return {{{"kfen", to_kfen(pos)}, {"status", io::status_json(pos)}, {"count", moves.size()}, {"moves", list}},
          io::status_line(pos) + "\n" + std::to_string(moves.size()) + " legal moves:" + text + "\n"};
}

Answer show_answer(const Position& pos, const std::string& svg) {
  nlohmann::json j = io::position_json(pos);
  if (!svg.empty()) j["svg"] = svg;
  return {j, io::board_text(pos) + "\n" + to_kfen(pos) + "\n" + io::status_line(pos) + "\n" + (svg.empty() ? "" : "wrote " + svg + "\n")};
}

Answer selfcheck_answer(const std::vector<verify::SelfCheckResult>& checks) {
  nlohmann::json results = nlohmann::json::array();
  int failed = 0, passed = 0;
  std::string text;
  for (const verify::SelfCheckResult& c : checks) {
    c.holds() ? ++passed : ++failed;
    results.push_back({{"check", c.name}, {"ok", c.holds()}, {"detail", c.problem}});
    text += (c.holds() ? "ok    " : "FAIL  ") + c.name + (c.holds() ? "" : ": " + c.problem) + "\n";
  }
  return {{{"checks", results}, {"passed", passed}, {"failed", failed}},
          text + fmt::format("selfcheck: {} checks held, {} failed\n", passed, failed)};
}

Answer run_perft_bench(int depth, int sumo_depth, int repeat, const std::string& report) {
  PerftBench b = bench_perft(depth, sumo_depth, repeat);
  if (!report.empty()) io::write_file_atomically(report, perft_bench_report(b, report));
  return {perft_bench_json(b), perft_bench_summary(b) + (report.empty() ? "" : "wrote " + report + "\n")};
}

}  // namespace kamisado::present
