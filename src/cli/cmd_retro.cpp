// kamisado retro build|probe|stats: retrograde tables of every position reachable from a root
// inside its round (solver/retro/retro_build.h, format in solver/retro/retro_file.h). The checks
// (verify, crosscheck, bench) are in cmd_retro_check.cpp.
#include <fmt/format.h>

#include "cli/commands.h"
#include "io/files.h"
#include "kamisado/kfen.h"
#include "kamisado/rules.h"
#include "solver/bench/retro_bench.h"

namespace kamisado::cli {

void add_retro_checks(CLI::App& retro, Action& action);  // cmd_retro_check.cpp

namespace {

const std::string kExampleRoot = "\"o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O\"";

const CommandText kBuildText{"build", "Enumerate every position reachable from a root and solve them all",
                             "Every position reachable from the root inside its round (a single round, or the round being\n"
                             "played in a match) is found, stored once per symmetry class (rules.md B3), and solved by\n"
                             "backward induction: value for the side to move and exact distance to the round's end.\n"
                             "The table is written through a temporary file and a rename (format: solver/retro/retro_file.h).\n"
                             "A cap on the positions (--max-positions) stops a root that reaches too many, before memory\n"
                             "runs out (about 40-60 bytes a position). --threads sorts the table on several threads;\n"
                             "enumeration and solving are sequential.\n"
                             "Example: kamisado retro build " +
                                 kExampleRoot + " -o late.retro"};

const CommandText kProbeText{"probe", "Look a position up in a table: value, distance, every optimal move",
                             "The value is for the side to move. The optimal moves are every fastest win, or in a lost\n"
                             "position every longest defence; each is shown with the distance it keeps.\n"
                             "Example: kamisado retro probe late.retro " +
                                 kExampleRoot};

const CommandText kStatsText{"stats", "Count a table's positions by value and distance", "Example: kamisado retro stats late.retro"};

std::string value_text(solver::RetroValue v) {
  return fmt::format("{} in {} pl{}", v.win ? "win" : "loss", v.distance, v.distance == 1 ? "y" : "ies");
}

struct BuildOptions {
  std::string kfen, out;
  std::uint64_t max_positions = 100'000'000;
  int threads = 1;
};

int build(const BuildOptions& opt, Io& io) {
  Position root = parse_kfen(opt.kfen);
  refuse_finished_round(root);
  solver::MeasuredBuild run;
  try {
    run = solver::measure_build(root, opt.max_positions, opt.threads, io.stop, io.lines());
  } catch (const solver::RetroCapExceeded& e) {
    throw UsageError(std::string(e.what()) + "; raise --max-positions or start later in the round. Nothing was written.");
  }
  solver::RetroFileInfo info = solver::save_retro_table(run.table, opt.out, io.stop);
  const auto& s = run.stats;
  solver::RetroValue v = *run.table.probe(root);
  return io.print(
      {{"root", run.table.root_kfen()},
       {"positions", s.positions},
       {"moves", s.moves},
       {"graph_edges", s.graph_edges},
       {"extra_turn_edges", s.extra_turn_edges},
       {"root_value", {{"win", v.win}, {"distance", v.distance}}},
       {"seconds", {{"enumerate", s.enumerate_seconds}, {"graph", s.graph_seconds}, {"solve", s.solve_seconds}, {"sort", s.sort_seconds}}},
       {"positions_per_second", run.rate()},
       {"peak_bytes", s.peak_bytes},
       {"bytes_per_position", run.bytes_per_position()},
       {"resident_peak_bytes", run.resident_peak},
       {"file", opt.out},
       {"file_bytes", info.stored_bytes},
       {"compressed", info.compressed}},
      fmt::format("{} positions ({} moves; graph: {} edges, {} after a push)\n", s.positions, s.moves, s.graph_edges, s.extra_turn_edges) +
          fmt::format("root: {} to move, {}\n", side_name(root.side_to_move()), value_text(v)) +
          fmt::format("time: enumerate {:.2f} s, graph {:.2f} s, solve {:.2f} s ({:.2f} M positions/s); sort {:.2f} s\n", s.enumerate_seconds,
                      s.graph_seconds, s.solve_seconds, run.rate() / 1e6, s.sort_seconds) +
          fmt::format(
              "memory: at most {:.1f} MB held ({:.1f} bytes a position, move graph included); peak resident {:.1f} MB ({:.1f} bytes a position)\n",
              double(s.peak_bytes) / 1048576, run.bytes_per_position(), double(run.resident_peak) / 1048576, run.resident_per_position()) +
          fmt::format("written: {} ({:.1f} MB{})\n", opt.out, double(info.stored_bytes) / 1048576, info.compressed ? ", zstd" : ""));
}

struct ProbeOptions {
  std::string table, kfen;
};

int probe(const ProbeOptions& opt, Io& io) {
  solver::RetroTable table = solver::load_retro_table(opt.table);
  Position pos = parse_kfen(opt.kfen);
  auto v = table.probe(pos);
  if (!v) throw UsageError("the position is not in the table (not reachable from its root " + table.root_kfen() + " inside its round)");
  std::vector<std::string> names;
  for (Move m : solver::optimal_moves(table, pos)) names.push_back(to_string(m));
  Side winner = v->win ? pos.side_to_move() : ~pos.side_to_move();
  return io.print({{"kfen", to_kfen(pos)},
                   {"side_to_move", side_id(pos.side_to_move())},
                   {"value", v->win ? "win" : "loss"},
                   {"winner", side_id(winner)},
                   {"distance", v->distance},
                   {"optimal_moves", names}},
                  fmt::format("{} to move {}: {} wins in {} plies\n{}{}\n", side_name(pos.side_to_move()), v->win ? "wins" : "loses",
                              side_name(winner), v->distance, v->win ? "fastest wins: " : "longest defences: ", fmt::join(names, " ")));
}

struct StatsOptions {
  std::string table;
};

int stats(const StatsOptions& opt, Io& io) {
  solver::RetroFileInfo info;
  solver::RetroTable table = solver::load_retro_table(opt.table, &info);
  auto by_distance = solver::count_by_distance(table);
  std::uint64_t wins = 0;
  nlohmann::json rows = nlohmann::json::array();
  std::string text;
  for (auto& [d, n] : by_distance) {
    wins += n[1];
    rows.push_back({{"distance", d}, {"wins", n[1]}, {"losses", n[0]}});
    text += fmt::format("{:>8} {:>9} {:>9}\n", d, n[1], n[0]);
  }
  solver::RetroValue root = *table.probe(table.root());
  return io.print({{"root", table.root_kfen()},
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
                      "distance      wins    losses\n" + text);
}

}  // namespace

void add_retro(CLI::App& app, Action& action) {
  CLI::App* retro = app.add_subcommand("retro", "Retrograde tables: every position reachable from a root, solved exactly");
  retro->require_subcommand(1);
  retro->footer(
      fmt::format("A table holds every position reachable from a root inside its round, each with its value for\n"
                  "the side to move and its exact distance in plies. Build one, then look positions up, count\n"
                  "them, re-check them against the rules, or compare them with the proof search (`solve`).\n"
                  "Example: kamisado retro build {0} -o late.retro\n"
                  "         kamisado retro probe late.retro {0}",
                  kExampleRoot));
  auto [b, build_opt] = command<BuildOptions>(*retro, action, kBuildText, build, Needs::CtrlC);
  kfen_argument(b, build_opt->kfen, "The root position in KFEN");
  output_option(b, "-o,--output", build_opt->out, "The table file to write")->required();
  b->add_option("--max-positions", build_opt->max_positions, "Refuse roots that reach more positions (default 100000000)")
      ->check(CLI::Range(std::uint64_t(1), solver::kMaxRetroPositions));
  threads_option(b, build_opt->threads, "sorting the table");
  auto [p, probe_opt] = command<ProbeOptions>(*retro, action, kProbeText, probe);
  p->add_option("table", probe_opt->table, "The table file")->required();
  kfen_argument(p, probe_opt->kfen);
  auto [s, stats_opt] = command<StatsOptions>(*retro, action, kStatsText, stats);
  s->add_option("table", stats_opt->table, "The table file")->required();
  add_retro_checks(*retro, action);
}

}  // namespace kamisado::cli
