// kamisado retro build|probe|stats|verify|crosscheck: retrograde tables of every position
// reachable from a root inside its round (solver/retro_build.h, format in solver/retro_file.h).
#include <chrono>
#include <filesystem>
#include <malloc.h>
#include <fstream>
#include <map>
#include <ostream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/interrupt.h"
#include "cli/load_table.h"
#include "cli/output.h"
#include "cli/progress.h"
#include "kamisado/kfen.h"
#include "solver/retro_build.h"
#include "solver/round_winner.h"
#include "solver/retro_crosscheck.h"
#include "solver/retro_file.h"
#include "solver/retro_verify.h"

namespace kamisado::cli {

namespace {


std::string value_text(solver::RetroValue v) {
  return fmt::format("{} in {} pl{}", v.win ? "win" : "loss", v.distance, v.distance == 1 ? "y" : "ies");
}


Position table_position(const solver::RetroTable& table, const std::string& kfen) {
  Position pos = parse_kfen(kfen);
  if (!table.probe(pos))
    throw UsageError("the position is not in the table (not reachable from its root " + table.root_kfen() +
                     " inside its round)");
  return pos;
}

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

struct RetroBuildRun {
  solver::RetroTable table;
  solver::RetroBuildStats stats;
  double seconds = 0;               // enumeration and solving
  std::uint64_t resident_peak = 0;  // the process's peak resident memory above where it started
};

RetroBuildRun run_retro_build(const Position& root, std::uint64_t max_positions, int threads, std::ostream& err) {
  // Big arrays straight from the system (mmap), so that a grown vector's old buffer goes back
  // at once instead of staying resident in the heap; glibc would otherwise raise this
  // threshold to 32 MB as the build frees its first arrays.
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
  malloc_trim(0);  // hand freed memory back first, or the build would reuse it unseen
  reset_peak_memory();
  std::uint64_t base = resident_memory().now;
  Progress progress(err);
  solver::RetroBuildLimits limits;
  limits.max_positions = max_positions;
  limits.threads = threads;
  CtrlC ctrl_c;
  limits.stop = ctrl_c.flag();
  limits.progress = [&](const solver::RetroBuildProgress& p) {
    progress.tick([&] {
      if (p.total == 0)
        return fmt::format("retro build: enumerating, {} positions, {:.2f} M positions/s, {} MB", p.positions,
                           double(p.positions) / std::max(progress.elapsed(), 1e-9) / 1e6, p.bytes >> 20);
      double done = double(p.positions) / double(p.total);
      return fmt::format("retro build: {} {} {:.0f}% of {} positions, {} MB", p.phase, progress_bar(done), 100 * done, p.total,
                         p.bytes >> 20);
    });
  };
  RetroBuildRun run;
  try {
    run.table = solver::build_retro_table(root, limits, &run.stats);
  } catch (const solver::RetroCapExceeded& e) {
    throw UsageError(std::string(e.what()) + "; raise --max-positions or start later in the round. Nothing was written.");
  } catch (const solver::RetroStopped&) {
    throw UsageError("stopped before the table was complete. Nothing was written.");
  }
  run.seconds = run.stats.enumerate_seconds + run.stats.graph_seconds + run.stats.solve_seconds;
  Resident after = resident_memory();
  run.resident_peak = after.peak > base ? after.peak - base : 0;
  return run;
}

void add_build(CLI::App& retro, Action& action) {
  struct Options {
    std::string kfen, out;
    std::uint64_t max_positions = 100'000'000;
    int threads = 1;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = retro.add_subcommand("build", "Enumerate every position reachable from a root and solve them all");
  cmd->footer(
      "Every position reachable from the root inside its round (a single round, or the round being\n"
      "played in a match) is found, stored once per symmetry class (rules.md B3), and solved by\n"
      "backward induction: value for the side to move and exact distance to the round's end.\n"
      "The table is written through a temporary file and a rename (format: solver/retro_file.h).\n"
      "A cap on the positions (--max-positions) stops a root that reaches too many, before memory\n"
      "runs out (about 40-60 bytes a position). --threads sorts the table on several threads;\n"
      "enumeration and solving are sequential.\n"
      "Example: kamisado retro build \"o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O\" -o late.retro");
  cmd->add_option("kfen", opt->kfen, "The root position in KFEN")->required();
  cmd->add_option("-o,--output", opt->out, "The table file to write")->required();
  cmd->add_option("--max-positions", opt->max_positions, "Refuse roots that reach more positions (default 100000000)")
      ->check(CLI::Range(std::uint64_t(1), solver::kMaxRetroPositions));
  cmd->add_option("--threads", opt->threads, "Threads for sorting the table (default 1)")->check(CLI::Range(1, 256));
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      Position root = parse_kfen(opt->kfen);
      if (solver::round_winner(root))
        throw UsageError("the round is already over at this position: there is nothing to solve");
      check_writable(opt->out);
      RetroBuildRun run = run_retro_build(root, opt->max_positions, opt->threads, io.err);
      solver::RetroFileInfo info;
      write_file_atomically(opt->out, solver::write_retro_table(run.table, &info));
      const auto& s = run.stats;
      solver::RetroValue root_value = *run.table.probe(root);
      double rate = double(s.positions) / std::max(run.seconds, 1e-9);
      double per_position = double(s.peak_bytes) / double(s.positions);
      double resident_per_position = double(run.resident_peak) / double(s.positions);
      if (opt->json) {
        io.out << nlohmann::json{{"root", run.table.root_kfen()},
                                 {"positions", s.positions},
                                 {"moves", s.moves},
                                 {"graph_edges", s.graph_edges},
                                 {"extra_turn_edges", s.extra_turn_edges},
                                 {"root_value", {{"win", root_value.win}, {"distance", root_value.distance}}},
                                 {"seconds", {{"enumerate", s.enumerate_seconds}, {"graph", s.graph_seconds},
                                              {"solve", s.solve_seconds}, {"sort", s.sort_seconds}}},
                                 {"positions_per_second", rate},
                                 {"peak_bytes", s.peak_bytes},
                                 {"bytes_per_position", per_position},
                                 {"resident_peak_bytes", run.resident_peak},
                                 {"file", opt->out},
                                 {"file_bytes", info.stored_bytes},
                                 {"compressed", info.compressed}}
                          .dump(2)
               << "\n";
        return kOk;
      }
      io.out << fmt::format("{} positions ({} moves; graph: {} edges, {} after a push)\n", s.positions, s.moves,
                            s.graph_edges, s.extra_turn_edges);
      io.out << fmt::format("root: {} to move, {}\n", side_name(root.side_to_move()), value_text(root_value));
      io.out << fmt::format(
          "time: enumerate {:.2f} s, graph {:.2f} s, solve {:.2f} s ({:.2f} M positions/s); sort {:.2f} s\n",
          s.enumerate_seconds, s.graph_seconds, s.solve_seconds, rate / 1e6, s.sort_seconds);
      io.out << fmt::format("memory: at most {:.1f} MB held ({:.1f} bytes a position, move graph included); peak resident {:.1f} MB ({:.1f} bytes a position)\n",
                            double(s.peak_bytes) / 1048576, per_position, double(run.resident_peak) / 1048576, resident_per_position);
      io.out << fmt::format("written: {} ({:.1f} MB{})\n", opt->out, double(info.stored_bytes) / 1048576,
                            info.compressed ? ", zstd" : "");
      return kOk;
    };
  });
}

void add_probe(CLI::App& retro, Action& action) {
  struct Options {
    std::string table, kfen;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = retro.add_subcommand("probe", "Look a position up in a table: value, distance, every optimal move");
  cmd->footer(
      "The value is for the side to move. The optimal moves are every fastest win, or in a lost\n"
      "position every longest defence; each is shown with the distance it keeps.\n"
      "Example: kamisado retro probe late.retro \"o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O\"");
  cmd->add_option("table", opt->table, "The table file")->required();
  cmd->add_option("kfen", opt->kfen, "The position in KFEN")->required();
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      solver::RetroTable table = load_table(opt->table);
      Position pos = table_position(table, opt->kfen);
      solver::RetroValue v = *table.probe(pos);
      std::vector<Move> best = solver::optimal_moves(table, pos);
      std::vector<std::string> names;
      for (Move m : best) names.push_back(to_string(m));
      Side winner = v.win ? pos.side_to_move() : ~pos.side_to_move();
      if (opt->json) {
        io.out << nlohmann::json{{"kfen", to_kfen(pos)}, {"side_to_move", side_id(pos.side_to_move())},
                                 {"value", v.win ? "win" : "loss"}, {"winner", side_id(winner)},
                                 {"distance", v.distance}, {"optimal_moves", names}}
                      .dump(2)
               << "\n";
        return kOk;
      }
      io.out << fmt::format("{} to move {}: {} wins in {} plies\n", side_name(pos.side_to_move()), v.win ? "wins" : "loses",
                            side_name(winner), v.distance);
      io.out << (v.win ? "fastest wins: " : "longest defences: ");
      for (std::size_t i = 0; i < names.size(); ++i) io.out << (i ? " " : "") << names[i];
      io.out << "\n";
      return kOk;
    };
  });
}

void add_stats(CLI::App& retro, Action& action) {
  struct Options {
    std::string table;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = retro.add_subcommand("stats", "Count a table's positions by value and distance");
  cmd->footer("Example: kamisado retro stats late.retro");
  cmd->add_option("table", opt->table, "The table file")->required();
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      solver::RetroFileInfo info;
      solver::RetroTable table = load_table(opt->table, &info);
      std::map<int, std::array<std::uint64_t, 2>> by_distance;  // [loss, win]
      std::uint64_t wins = 0;
      for (const auto& e : table.entries()) {
        solver::RetroValue v = e.value();
        ++by_distance[v.distance][v.win];
        wins += v.win;
      }
      solver::RetroValue root = *table.probe(table.root());
      if (opt->json) {
        nlohmann::json rows = nlohmann::json::array();
        for (auto& [d, n] : by_distance) rows.push_back({{"distance", d}, {"wins", n[1]}, {"losses", n[0]}});
        io.out << nlohmann::json{{"root", table.root_kfen()}, {"positions", table.size()}, {"wins", wins},
                                 {"losses", table.size() - wins}, {"root_value", {{"win", root.win}, {"distance", root.distance}}},
                                 {"symmetries", table.frame().symmetries()}, {"file_bytes", info.stored_bytes},
                                 {"by_distance", rows}}
                      .dump(2)
               << "\n";
        return kOk;
      }
      io.out << fmt::format("root: {} ({} to move, {})\n", table.root_kfen(), side_name(table.root().side_to_move()),
                            value_text(root));
      io.out << fmt::format("{} positions: {} won and {} lost by the side to move; file {:.1f} MB{}\n", table.size(), wins,
                            table.size() - wins, double(info.stored_bytes) / 1048576, info.compressed ? " (zstd)" : "");
      io.out << "distance      wins    losses\n";
      for (auto& [d, n] : by_distance) io.out << fmt::format("{:>8} {:>9} {:>9}\n", d, n[1], n[0]);
      return kOk;
    };
  });
}

void add_retro_verify(CLI::App& retro, Action& action) {
  struct Options {
    std::string table;
    int threads = 1;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = retro.add_subcommand("verify", "Re-check every stored value against its successors");
  cmd->footer(
      "Decodes each stored position, generates its moves and checks that the stored value and\n"
      "distance are exactly what its successors give, and that every successor is in the table.\n"
      "A failure names the first entry at fault; exit code 1.\n"
      "Example: kamisado retro verify late.retro --threads 2");
  cmd->add_option("table", opt->table, "The table file")->required();
  cmd->add_option("--threads", opt->threads, "Threads to check with (default 1)")->check(CLI::Range(1, 256));
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      solver::RetroTable table = load_table(opt->table);
      Progress progress(io.err);
      auto r = solver::verify_retro_table(table, opt->threads, [&](std::uint64_t done) {
        progress.tick([&] {
          return fmt::format("retro verify: {} {:.0f}% of {} positions", progress_bar(double(done) / double(table.size())),
                             100.0 * double(done) / double(table.size()), table.size());
        });
      });
      if (opt->json)
        io.out << nlohmann::json{{"table", opt->table}, {"holds", r.holds()}, {"checked", r.checked},
                                 {"failures", r.failures}, {"first_failure", r.first_failure}}
                      .dump(2)
               << "\n";
      else if (r.holds())
        io.out << fmt::format("table holds: all {} values agree with their successors ({:.1f} s)\n", r.checked, progress.elapsed());
      else
        io.out << fmt::format("table REJECTED: {} of {} entries wrong; first: {}\n", r.failures, r.checked, r.first_failure);
      return r.holds() ? kOk : kInternalError;
    };
  });
}

void add_crosscheck(CLI::App& retro, Action& action) {
  struct Options {
    std::string table;
    solver::RetroCrossCheckOptions check;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = retro.add_subcommand("crosscheck", "Compare a table with the proof-number search on a sample");
  cmd->footer(
      "Solves a seeded sample of the table's positions with `kamisado solve`'s search, plus every\n"
      "position with a long distance, and compares value and exact distance. Exit code 3 if they\n"
      "disagree.\n"
      "Example: kamisado retro crosscheck late.retro --sample 10000 --seed 1");
  cmd->add_option("table", opt->table, "The table file")->required();
  cmd->add_option("--sample", opt->check.sample, "Positions drawn at random (default 10000)")
      ->check(CLI::Range(std::uint64_t(1), std::uint64_t(1) << 40));
  cmd->add_option("--seed", opt->check.seed, "Seed of the sample (default 1)")->check(kSeed);
  cmd->add_option("--long", opt->check.long_distance, "Also every position with at least this distance (default 15)")
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--hash", opt->check.hash_mb, "The search's table size in MB (default 64)")->check(CLI::Range(1, 65536));
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      solver::RetroTable table = load_table(opt->table);
      Progress progress(io.err);
      auto r = solver::cross_check(table, opt->check, [&](std::uint64_t done, std::uint64_t total) {
        progress.tick([&] {
          return fmt::format("retro crosscheck: {} {} of {} positions", progress_bar(double(done) / double(total)), done, total);
        });
      });
      if (opt->json)
        io.out << nlohmann::json{{"table", opt->table}, {"agrees", r.holds()}, {"checked", r.checked},
                                 {"long_ones", r.long_ones}, {"longest", r.longest}, {"disagreements", r.disagreements},
                                 {"first_disagreement", r.first_disagreement}, {"seconds", r.seconds}}
                      .dump(2)
               << "\n";
      else if (r.holds())
        io.out << fmt::format("agree: {} positions ({} with distance >= {}, longest {}), {:.1f} s\n", r.checked,
                              r.long_ones, opt->check.long_distance, r.longest, r.seconds);
      else
        io.out << fmt::format("DISAGREE on {} of {} positions; first: {}\n", r.disagreements, r.checked, r.first_disagreement);
      return r.holds() ? kOk : kDisagrees;
    };
  });
}


// kamisado retro bench: builds the tables of a list of roots, measures speed and memory, verifies
// each table and cross-checks it with the proof search, and writes reports/retrograde.md.
void add_retro_bench(CLI::App& retro, Action& action) {
  struct Options {
    std::string roots = "tests/data/retro_roots.json";
    std::string report;
    solver::RetroCrossCheckOptions check;
    int threads = 2;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = retro.add_subcommand("bench", "Build, verify and cross-check the tables of a list of roots; report");
  cmd->footer(
      "For each root of the list (JSON: [{\"name\", \"kfen\", \"source\"}, ...]): builds the table and\n"
      "times enumeration, graph and solving on one core, measures the memory a position costs (the\n"
      "build's arrays at their peak, and the process's peak resident memory), verifies every value\n"
      "(retro verify) and compares a seeded sample plus every position with distance >= 15 with the\n"
      "proof search (retro crosscheck). Exit code 3 if a table fails either check.\n"
      "Example: kamisado retro bench --report reports/retrograde.md");
  cmd->add_option("--roots", opt->roots, "The list of roots (default tests/data/retro_roots.json)");
  cmd->add_option("--report", opt->report, "Write a Markdown report to FILE");
  cmd->add_option("--sample", opt->check.sample, "Positions of each table compared with the search (default 10000)")
      ->check(CLI::Range(std::uint64_t(1), std::uint64_t(1) << 40));
  cmd->add_option("--seed", opt->check.seed, "Seed of the samples (default 1)")->check(kSeed);
  cmd->add_option("--threads", opt->threads, "Threads for sorting and verifying (default 2)")->check(CLI::Range(1, 256));
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      if (!opt->report.empty()) check_writable(opt->report);
      std::ifstream in(opt->roots);
      if (!in) throw UsageError("cannot read roots '" + opt->roots + "'");
      struct Root {
        std::string name, kfen, source;
      };
      std::vector<Root> roots;
      try {
        for (auto& r : nlohmann::json::parse(in)) roots.push_back({r.at("name"), r.at("kfen"), r.value("source", "")});
      } catch (const nlohmann::json::exception& e) {
        throw UsageError("roots '" + opt->roots + "': " + e.what());
      }
      nlohmann::json rows = nlohmann::json::array();
      bool all_hold = true;
      std::ostringstream table_md;
      for (const Root& r : roots) {
        Position root = parse_kfen(r.kfen);
        io.err << "retro bench: " << r.name << ": building\n";
        RetroBuildRun run = run_retro_build(root, solver::kMaxRetroPositions, opt->threads, io.err);
        solver::RetroFileInfo file;
        solver::write_retro_table(run.table, &file);
        io.err << "retro bench: " << r.name << ": verifying " << run.table.size() << " positions\n";
        auto verify_start = std::chrono::steady_clock::now();
        solver::RetroVerifyResult verified = solver::verify_retro_table(run.table, opt->threads);
        double verify_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - verify_start).count();
        io.err << "retro bench: " << r.name << ": cross-checking with the proof search\n";
        Progress progress(io.err);
        solver::RetroCrossCheck cross = solver::cross_check(run.table, opt->check, [&](std::uint64_t done, std::uint64_t total) {
          progress.tick([&] { return fmt::format("retro bench: {} {} of {} positions", progress_bar(double(done) / double(total)), done, total); });
        });
        all_hold = all_hold && verified.holds() && cross.holds();
        const auto& s = run.stats;
        int longest = 0;
        for (const auto& e : run.table.entries()) longest = std::max(longest, e.value().distance);
        solver::RetroValue value = *run.table.probe(root);
        double rate = double(s.positions) / std::max(run.seconds, 1e-9);
        double rate_with_sort = double(s.positions) / std::max(run.seconds + s.sort_seconds, 1e-9);
        rows.push_back({{"name", r.name}, {"kfen", r.kfen}, {"positions", s.positions}, {"moves", s.moves},
                        {"graph_edges", s.graph_edges}, {"extra_turn_edges", s.extra_turn_edges},
                        {"root_value", {{"win", value.win}, {"distance", value.distance}}}, {"longest", longest},
                        {"seconds", {{"enumerate", s.enumerate_seconds}, {"graph", s.graph_seconds}, {"solve", s.solve_seconds},
                                     {"sort", s.sort_seconds}, {"verify", verify_seconds}, {"crosscheck", cross.seconds}}},
                        {"positions_per_second", rate}, {"bytes_per_position", double(s.peak_bytes) / double(s.positions)},
                        {"resident_bytes_per_position", double(run.resident_peak) / double(s.positions)},
                        {"file_bytes", file.stored_bytes}, {"verified", verified.holds()},
                        {"crosscheck", {{"checked", cross.checked}, {"long_ones", cross.long_ones}, {"longest", cross.longest},
                                        {"agrees", cross.holds()}}}});
        table_md << fmt::format(
            "| {} | `{}` | {} | {} | {} / {} | {} in {} | {} | {:.2f} / {:.2f} / {:.2f} | **{:.2f} M** ({:.2f} M with the sort) | {:.1f} / {:.1f} | {:.1f} MB | {} ({:.1f} s) | {} of {} ({} with d >= {}; longest {}): {} ({:.1f} s) |\n",
            r.name, r.kfen, r.source, s.positions, s.graph_edges, s.extra_turn_edges, value.win ? "win" : "loss", value.distance,
            longest, s.enumerate_seconds, s.graph_seconds, s.solve_seconds, rate / 1e6, rate_with_sort / 1e6,
            double(s.peak_bytes) / double(s.positions), double(run.resident_peak) / double(s.positions),
            double(file.stored_bytes) / 1048576, verified.holds() ? "holds" : "FAILS: " + verified.first_failure,
            verify_seconds, cross.checked, run.table.size(), cross.long_ones, opt->check.long_distance, cross.longest,
            cross.holds() ? "agree" : "DISAGREE: " + cross.first_disagreement, cross.seconds);
        io.out << fmt::format("{}: {} positions, {} in {}, {:.2f} M positions/s, {:.1f} bytes a position ({:.1f} resident), verify {}, cross-check {} of {} {}\n",
                              r.name, s.positions, value.win ? "win" : "loss", value.distance, rate / 1e6,
                              double(s.peak_bytes) / double(s.positions), double(run.resident_peak) / double(s.positions),
                              verified.holds() ? "holds" : "FAILS", cross.checked, run.table.size(),
                              cross.holds() ? "agree" : "DISAGREE");
      }
      if (!opt->report.empty()) {
        std::ostringstream md;
        md << "# Retrograde tables\n\n"
           << fmt::format("Generated by `kamisado retro bench --roots {} --sample {} --seed {} --threads {} --report {}` on {} ({}, {}).\n\n",
                          opt->roots, opt->check.sample, opt->check.seed, opt->threads, opt->report, today(), cpu_model(), build_flags())
           << "Each root's table holds every position reachable from it inside its round, one per symmetry class (rules.md B3), "
              "with its value for the side to move and its exact distance to the round's end in plies (solver/retro_build.h). "
              "The build enumerates depth-first, keeps the predecessor graph in Boost.Graph's `compressed_sparse_row_graph` and "
              "solves by backward induction with a counter of unresolved moves per position.\n\n"
              "- **positions/s** is positions / (enumerate + graph + solve), on one core (target >= 2 M). Sorting the finished "
              "table for the file (on `--threads` threads) is shown apart, and in the rate in brackets.\n"
              "- **bytes a position** (target <= 64, move graph included): first the build's arrays at their peak (keys, results, "
              "counters, the edge lists or the graph, the hash index while it grows), then the process's peak resident memory "
              "during the build above what it held before, divided by the positions.\n"
              "- **verify** re-derives every stored value from its successors (`kamisado retro verify`).\n"
              "- **cross-check** solves a seeded sample of positions, and every position whose distance is at least "
           << opt->check.long_distance
           << ", with the proof-number search (`kamisado solve`) and compares value and exact distance "
              "(`kamisado retro crosscheck`).\n\n"
           << "| root | KFEN | from | positions | graph edges / after a push | root value | longest distance | enumerate / graph / solve (s) | positions/s | bytes a position (arrays / resident) | file (zstd) | verify | cross-check |\n"
           << "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
           << table_md.str();
        write_file_atomically(opt->report, md.str());
      }
      if (opt->json) io.out << nlohmann::json{{"tables", rows}, {"all_hold", all_hold}}.dump(2) << "\n";
      return all_hold ? kOk : kDisagrees;
    };
  });
}

}  // namespace

solver::RetroTable load_table(const std::string& path, solver::RetroFileInfo* info) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw UsageError("cannot read table '" + path + "': it is a folder");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError("cannot read table '" + path + "'");
  std::ostringstream bytes;
  bytes << in.rdbuf();
  try {
    return solver::read_retro_table(bytes.str(), info);
  } catch (const solver::RetroFormatError& e) {
    throw UsageError(path + ": " + e.what());
  }
}

void add_retro(CLI::App& app, Action& action) {
  CLI::App* retro = app.add_subcommand("retro", "Retrograde tables: every position reachable from a root, solved exactly");
  retro->require_subcommand(1);
  retro->footer(
      "A table holds every position reachable from a root inside its round, each with its value for\n"
      "the side to move and its exact distance in plies. Build one, then look positions up, count\n"
      "them, re-check them against the rules, or compare them with the proof search (`solve`).\n"
      "Example: kamisado retro build \"o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O\" -o late.retro\n"
      "         kamisado retro probe late.retro \"o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O\"");
  add_build(*retro, action);
  add_probe(*retro, action);
  add_stats(*retro, action);
  add_retro_verify(*retro, action);
  add_crosscheck(*retro, action);
  add_retro_bench(*retro, action);
}

}  // namespace kamisado::cli
