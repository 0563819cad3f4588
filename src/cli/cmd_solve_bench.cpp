// kamisado solve-bench: the proof search's benchmark suite.
//   --generate  builds the suite from seeded self-play: single-round positions at different
//               stages and positions inside match rounds, each kept only if df-pn and the
//               independent alpha-beta (solver/alphabeta.h) agree on its value and distance;
//   otherwise   solves every suite position with df-pn, checks the stored value, distance and
//               (for the winner) that the best move reaches the distance, and reports time,
//               nodes and nodes/s (targets: >= 3 M nodes/s, every position within 2 s).
//
// SUITE FILE (JSON):
//   {"format": "kamisado-solver-suite", "version": 1, "seed": S,
//    "positions": [{"kfen": K, "kind": "single"|"match", "source": "seed 7, ply 12",
//                   "value": "win"|"loss", "winner": "black"|"gold", "plies": D,
//                   "winner_moves": M, "alphabeta_nodes": N}, ...]}
// value is for the side to move; plies and winner_moves are the exact distance (solve.h).
#include <fstream>
#include <ostream>
#include <sstream>
#include <unordered_set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/output.h"
#include "kamisado/kfen.h"
#include "play/players.h"
#include "solver/alphabeta.h"
#include "solver/solve.h"

namespace kamisado::cli {

namespace {

constexpr double kTargetNodesPerSecond = 3e6;
constexpr double kTargetSecondsPerPosition = 2.0;

// One seeded self-play game from `start`: a few random plies for variety, then two greedy
// players; every position of the round being played, in order, until it ends.
std::vector<Position> self_play(Position start, std::uint64_t seed, int random_plies, int max_plies) {
  auto random = play::make_player("random", seed);
  auto black = play::make_player("greedy", seed * 2 + 1), gold = play::make_player("greedy", seed * 2 + 2);
  std::vector<Position> line{start};
  for (int ply = 0; ply < max_plies; ++ply) {
    const Position& p = line.back();
    play::Player& who = ply < random_plies ? *random : p.side_to_move() == Side::Black ? *black : *gold;
    Position next = p.after(who.choose(p));
    if (next.outcome().over() || next.turn() == Turn::BetweenRounds) break;
    line.push_back(next);
  }
  return line;
}

// A match played by greedy players up to round `round` (regrouping by the Defender's choice):
// the first position of that round, or nullopt if the match ends before it.
std::optional<Position> match_round_start(std::uint64_t seed, int round) {
  auto black = play::make_player("greedy", seed * 3 + 1), gold = play::make_player("greedy", seed * 3 + 2);
  Position p = parse_kfen(std::string(kStartKfen) + " 15:0-0");
  for (int r = 1; r < round;) {
    if (p.outcome().over()) return std::nullopt;
    Position next = p.after((p.side_to_move() == Side::Black ? *black : *gold).choose(p));
    if (p.turn() == Turn::BetweenRounds) ++r;
    p = next;
  }
  return p.outcome().over() ? std::nullopt : std::optional<Position>(p);
}

struct Candidate {
  Position pos;
  std::string kind, source;
};

nlohmann::json confirm(const Candidate& c, std::uint64_t alphabeta_nodes, Io& io) {
  solver::SolveLimits limits;
  limits.hash_mb = 64;
  solver::SolveResult r = solver::solve(c.pos, limits);
  if (!r.distance_known) return nullptr;
  auto ab = solver::alphabeta_solve(c.pos, alphabeta_nodes);
  if (!ab) return nullptr;
  bool win = r.value == solver::Value::Win;
  if (ab->win != win || ab->plies != r.plies) {
    // Two methods disagreeing is a bug in one of them: never keep such a position quietly.
    throw std::runtime_error(fmt::format("df-pn and alpha-beta disagree on {}: df-pn {} in {}, alpha-beta {} in {}", to_kfen(c.pos),
                                         win ? "win" : "loss", r.plies, ab->win ? "win" : "loss", ab->plies));
  }
  Side winner = win ? c.pos.side_to_move() : ~c.pos.side_to_move();
  io.err << fmt::format("suite: {} {:<58} {} in {} plies (df-pn {} nodes, alpha-beta {} nodes)", c.kind, to_kfen(c.pos),
                        side_id(winner), r.plies, r.nodes, ab->nodes)
         << std::endl;
  return {{"kfen", to_kfen(c.pos)}, {"kind", c.kind}, {"source", c.source}, {"value", win ? "win" : "loss"},
          {"winner", side_id(winner)}, {"plies", r.plies}, {"winner_moves", r.winner_moves}, {"alphabeta_nodes", ab->nodes}};
}

nlohmann::json generate(std::uint64_t seed, int singles, int matches, std::uint64_t alphabeta_nodes, Io& io) {
  nlohmann::json positions = nlohmann::json::array();
  std::unordered_set<std::uint64_t> seen;
  auto take = [&](const Candidate& c) {
    if (!seen.insert(c.pos.key()).second) return false;
    nlohmann::json j = confirm(c, alphabeta_nodes, io);
    if (j.is_null()) return false;
    positions.push_back(j);
    return true;
  };
  // Single rounds: stages spread from ply 2 to ply 24, one position a game.
  int kept = 0;
  for (std::uint64_t g = 0; kept < singles && g < 100000; ++g) {
    std::uint64_t game = seed * 100000 + g;
    std::vector<Position> line = self_play(Position::initial(), game, 2 + int(g % 5), 200);
    int stage = 2 + int((g * 7) % 23);
    if (int(line.size()) <= stage) continue;
    kept += take({line[stage], "single", fmt::format("self-play game {}, ply {}", game, stage)});
  }
  // Match rounds: rounds 2 to 6 of a Marathon match, where Sumos may push.
  kept = 0;
  for (std::uint64_t g = 0; kept < matches && g < 100000; ++g) {
    std::uint64_t game = seed * 100000 + g;
    int round = 2 + int(g % 5);
    auto start = match_round_start(game, round);
    if (!start) continue;
    std::vector<Position> line = self_play(*start, game, 1 + int(g % 3), 200);
    int stage = 1 + int((g * 5) % 16);
    if (int(line.size()) <= stage) continue;
    kept += take({line[stage], "match", fmt::format("Marathon match {}, round {}, ply {}", game, round, stage)});
  }
  return {{"format", "kamisado-solver-suite"}, {"version", 1}, {"seed", seed}, {"positions", positions}};
}

// A suite position as stored: what the run checks the solver against.
struct SuiteEntry {
  Position pos;
  std::string kind, value;
  int plies, winner_moves;
};

// The suite file, every entry checked: a bad one is named by its number, one line, exit code 2.
std::vector<SuiteEntry> read_suite(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw UsageError("cannot read " + path);
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw UsageError(path + ": not JSON: " + e.what());
  }
  if (!j.is_object() || j.value("format", "") != "kamisado-solver-suite" || !j.contains("positions") || !j["positions"].is_array())
    throw UsageError(path + ": not a kamisado solver suite (format \"kamisado-solver-suite\")");
  std::vector<SuiteEntry> entries;
  for (std::size_t i = 0; i < j["positions"].size(); ++i) {
    const nlohmann::json& e = j["positions"][i];
    auto bad = [&](const std::string& what) { return UsageError(fmt::format("{}: position {}: {}", path, i + 1, what)); };
    auto text = [&](const char* field) {
      if (!e.is_object() || !e.contains(field) || !e[field].is_string()) throw bad(std::string("no text field \"") + field + "\"");
      return e[field].get<std::string>();
    };
    auto count = [&](const char* field) {
      if (!e.contains(field) || !e[field].is_number_unsigned()) throw bad(std::string("no whole number field \"") + field + "\"");
      return e[field].get<int>();
    };
    std::string kind = text("kind"), value = text("value");
    if (kind != "single" && kind != "match") throw bad("kind must be single or match, not '" + kind + "'");
    if (value != "win" && value != "loss") throw bad("value must be win or loss, not '" + value + "'");
    try {
      entries.push_back({parse_kfen(text("kfen")), kind, value, count("plies"), count("winner_moves")});
    } catch (const NotationError& n) {
      throw bad(n.what());
    }
  }
  return entries;
}

struct Row {
  std::string kind, kfen, value, best;
  int plies = 0, winner_moves = 0;
  std::uint64_t nodes = 0, positions = 0;
  double seconds = 0;
  bool agrees = true;
};

}  // namespace

void add_solve_bench(CLI::App& app, Action& action) {
  struct Options {
    std::string suite = "tests/data/solver_suite.json", report, generate;
    std::uint64_t seed = 1;
    int singles = 60, matches = 20;
    std::uint64_t alphabeta_nodes = 40'000'000;
    std::size_t hash = 64;
    int repeat = 5;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("solve-bench", "Benchmark the proof search on its suite, or build the suite");
  cmd->footer(
      "Solves every position of the suite with df-pn, checks its stored value and exact distance,\n"
      "and reports time, nodes and nodes/s per position and in total (targets: >= 3 M nodes/s,\n"
      "every position within 2 s). A position's time is the best of --repeat runs (the suite is run\n"
      "that many times over) and excludes creating its transposition table.\n"
      "--generate FILE builds a suite from seeded self-play, keeping each position only when df-pn\n"
      "and an independent alpha-beta agree on its value and distance.\n"
      "Example: kamisado solve-bench --report reports/solver.md");
  cmd->add_option("--suite", opt->suite, "The suite to run (default tests/data/solver_suite.json)");
  cmd->add_option("--report", opt->report, "Write the results as Markdown to FILE");
  cmd->add_option("--generate", opt->generate, "Build a suite from self-play and write it to FILE");
  cmd->add_option("--seed", opt->seed, "Self-play seed for --generate (default 1)")->check(kSeed);
  cmd->add_option("--single", opt->singles, "Single-round positions for --generate (default 60)")->check(CLI::Range(1, 10000));
  cmd->add_option("--match", opt->matches, "Match-round positions for --generate (default 20)")->check(CLI::Range(0, 10000));
  cmd->add_option("--alphabeta-nodes", opt->alphabeta_nodes,
                  "For --generate: skip a position alpha-beta cannot solve within N nodes (default 40000000)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
  cmd->add_option("--hash", opt->hash, "Transposition table size in MB per position (default 64)")->check(CLI::Range(1, 65536));
  cmd->add_option("--repeat", opt->repeat, "Solve each position N times and keep the best time (default 5)")->check(CLI::Range(1, 100));
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      if (!opt->generate.empty()) {
        check_writable(opt->generate);
        nlohmann::json suite = generate(opt->seed, opt->singles, opt->matches, opt->alphabeta_nodes, io);
        write_file_atomically(opt->generate, suite.dump(1) + "\n");
        io.out << fmt::format("wrote {} positions to {}\n", suite["positions"].size(), opt->generate);
        return kOk;
      }
      if (!opt->report.empty()) check_writable(opt->report);
      std::vector<SuiteEntry> suite = read_suite(opt->suite);
      // Best of the repeats: this VM's speed drifts by a third from one minute to the next
      // (other tenants share its cores), and the best time is the least disturbed. The suite is
      // run --repeat times over, so that a position's runs lie seconds apart rather than in one
      // slow moment.
      std::vector<solver::SolveResult> best(suite.size());
      for (int k = 0; k < opt->repeat; ++k)
        for (std::size_t i = 0; i < suite.size(); ++i) {
          solver::TranspositionTable table(opt->hash);
          solver::SolveResult once = solver::solve(suite[i].pos, {}, table);
          if (k == 0 || once.seconds < best[i].seconds) best[i] = once;
        }
      std::vector<Row> rows;
      std::uint64_t nodes = 0, positions = 0;
      double seconds = 0, slowest = 0;
      int disagreements = 0;
      for (std::size_t i = 0; i < suite.size(); ++i) {
        const SuiteEntry& entry = suite[i];
        const solver::SolveResult& r = best[i];
        Row row;
        const Position& pos = entry.pos;
        row.kind = entry.kind;
        row.kfen = to_kfen(pos);
        row.value = r.value == solver::Value::Win ? "win" : r.value == solver::Value::Loss ? "loss" : "unknown";
        row.best = r.best ? to_string(*r.best) : "-";
        row.plies = r.plies;
        row.winner_moves = r.winner_moves;
        row.nodes = r.nodes;
        row.positions = r.positions;
        row.seconds = r.seconds;
        row.agrees = r.distance_known && row.value == entry.value && row.plies == entry.plies && row.winner_moves == entry.winner_moves;
        if (!row.agrees) {
          ++disagreements;
          io.err << fmt::format("solve-bench: {}: stored {} in {} plies, solved {} in {} plies\n", row.kfen,
                                entry.value, entry.plies, row.value, row.plies);
        }
        nodes += r.nodes;
        positions += r.positions;
        seconds += r.seconds;
        slowest = std::max(slowest, r.seconds);
        rows.push_back(row);
      }
      double rate = seconds > 0 ? double(nodes) / seconds : 0;
      bool rate_met = rate >= kTargetNodesPerSecond, time_met = slowest <= kTargetSecondsPerPosition;
      if (!opt->report.empty()) {
        std::ostringstream md;
        md << "# Proof search benchmark\n\n"
           << fmt::format("Generated by `kamisado solve-bench --suite {} --report {}` on {} ({}, one core, {}).\n\n", opt->suite,
                          opt->report, today(), cpu_model(), build_flags())
           << "Each position is solved from scratch with its own transposition table of " << opt->hash
           << " MB, in " << opt->repeat << " runs of the whole suite, keeping each position's best time (this VM's speed drifts by a third "
              "from one minute to the next, as other tenants share its cores): who wins, then the exact distance (solve.h). Its value and distance were confirmed when the suite was built "
              "by df-pn and by an independent alpha-beta (`kamisado solve-bench --generate`), and are checked again here. "
              "Nodes are the positions df-pn expanded, and the nodes/s target is measured in them; positions made counts "
              "every child of every expansion (each expansion makes all its children, looks each up, and checks it for "
              "a win at once). The time excludes creating the table.\n\n"
           << "## Totals\n\n| | |\n|---|---|\n"
           << fmt::format("| positions | {} ({} single round, {} in match rounds) |\n", rows.size(),
                          std::count_if(rows.begin(), rows.end(), [](const Row& r) { return r.kind == "single"; }),
                          std::count_if(rows.begin(), rows.end(), [](const Row& r) { return r.kind == "match"; }))
           << fmt::format("| nodes | {} |\n| time | {:.2f} s |\n| nodes/s | {:.2f} M (target >= 3 M: {}) |\n", nodes, seconds, rate / 1e6,
                          rate_met ? "met" : "NOT met")
           << fmt::format("| positions made | {} ({:.1f} M/s) |\n", positions, seconds > 0 ? double(positions) / seconds / 1e6 : 0.0)
           << fmt::format("| slowest position | {:.3f} s (target <= 2 s: {}) |\n", slowest, time_met ? "met" : "NOT met")
           << fmt::format("| values and distances agreeing with the suite | {} of {} |\n\n", rows.size() - disagreements, rows.size())
           << "## Positions\n\n| # | kind | KFEN | value | plies | winner's moves | best | nodes | positions made | time (s) | nodes/s |\n"
           << "|---|---|---|---|---|---|---|---|---|---|---|\n";
        for (std::size_t i = 0; i < rows.size(); ++i) {
          const Row& r = rows[i];
          md << fmt::format("| {} | {} | `{}` | {}{} | {} | {} | {} | {} | {} | {:.3f} | {:.2f} M |\n", i + 1, r.kind, r.kfen, r.value,
                            r.agrees ? "" : " (DISAGREES)", r.plies, r.winner_moves, r.best, r.nodes, r.positions, r.seconds,
                            r.seconds > 0 ? double(r.nodes) / r.seconds / 1e6 : 0.0);
        }
        write_file_atomically(opt->report, md.str());
      }
      if (opt->json) {
        nlohmann::json j = {{"positions", rows.size()}, {"nodes", nodes}, {"seconds", seconds}, {"nodes_per_second", rate},
                            {"positions_made", positions}, {"slowest_seconds", slowest}, {"disagreements", disagreements},
                            {"targets", {{"nodes_per_second", rate_met}, {"seconds_per_position", time_met}}}};
        io.out << j.dump(2) << "\n";
      } else {
        io.out << fmt::format("{} positions: {} nodes in {:.2f} s, {:.2f} M nodes/s (target >= 3 M: {}); slowest {:.3f} s (target <= 2 s: {})\n",
                              rows.size(), nodes, seconds, rate / 1e6, rate_met ? "met" : "NOT met", slowest,
                              time_met ? "met" : "NOT met");
        io.out << (disagreements ? fmt::format("{} positions DISAGREE with the suite\n", disagreements)
                                 : "every value and distance agrees with the suite\n");
      }
      return disagreements ? kInternalError : kOk;
    };
  });
}

}  // namespace kamisado::cli
