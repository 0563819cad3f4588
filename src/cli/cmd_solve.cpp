// kamisado solve <kfen>: who wins the round, in how many plies, proved by proof-number search;
// kamisado check-proof FILE: re-verifies a proof file with the move generator alone.
#include <fstream>
#include <optional>
#include <ostream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/interrupt.h"
#include "cli/output.h"
#include "kamisado/kfen.h"
#include "solver/proof_check.h"
#include "solver/proof_dot.h"
#include "solver/proof_file.h"
#include "solver/solve.h"

namespace kamisado::cli {

namespace {


std::string value_name(solver::Value v) {
  return v == solver::Value::Win ? "win" : v == solver::Value::Loss ? "loss" : "unknown";
}

}  // namespace

void add_solve(CLI::App& app, Action& action) {
  struct Options {
    std::string kfen, proof, dot;
    std::size_t hash = 64;
    double time = 0;
    int dot_depth = 3;
    bool check = false, json = false, value_only = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("solve", "Prove who wins the round from a position, and how fast (proof-number search)");
  cmd->footer(
      "The value is for the side to move; in a match it is the winner of the round being played.\n"
      "The distance is exact: the fewest plies in which the winner forces the win against the\n"
      "longest defence (passes and the extra turn after a push count), and the winner's own moves.\n"
      "The best move reaches it: the winner's fastest win, or the loser's longest defence.\n"
      "--proof writes the proof tree (format: solver/proof_file.h), which check-proof re-verifies;\n"
      "--check builds it and checks it here. --dot draws its top levels for Graphviz.\n"
      "A timeout or Ctrl-C prints 'unknown' with the root's proof and disproof numbers so far.\n"
      "Example: kamisado solve \"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -\" --proof start.proof");
  cmd->add_option("kfen", opt->kfen, "The position in KFEN")->required();
  cmd->add_option("--hash", opt->hash, "Transposition table size in MB (default 64)")->check(CLI::Range(1, 65536));
  cmd->add_option("--time", opt->time, "Stop after this many seconds (default: no limit)")->check(CLI::Range(0.0, 1e7));
  cmd->add_option("--proof", opt->proof, "Write the proof tree to FILE");
  cmd->add_option("--dot", opt->dot, "Write the proof tree's top levels as a Graphviz graph to FILE");
  cmd->add_option("--dot-depth", opt->dot_depth, "How many moves deep --dot draws (default 3)")->check(CLI::Range(1, 12));
  cmd->add_flag("--check", opt->check, "Build the proof tree and re-verify it with the move generator alone");
  cmd->add_flag("--value-only", opt->value_only, "Prove only who wins, not the distance (faster; no proof tree)");
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      Position pos = parse_kfen(opt->kfen);
      bool want_tree = opt->check || !opt->proof.empty() || !opt->dot.empty();
      if (want_tree && opt->value_only) throw UsageError("--value-only gives no distance, so no proof tree: drop it, or --proof, --dot and --check");
      for (const std::string& path : {opt->proof, opt->dot})
        if (!path.empty()) check_writable(path);
      std::optional<CtrlC> ctrl_c(std::in_place);  // until the search and the tree are done
      solver::SolveLimits limits;
      limits.hash_mb = opt->hash;
      limits.seconds = opt->time;
      limits.stop = ctrl_c->flag();
      limits.progress = [&io](const solver::SolveProgress& p) {
        io.err << fmt::format("solve: {:.0f} s, {} nodes, root proof {} disproof {}, table {:.0f}% of {} MB", p.seconds,
                              p.nodes, p.root_pn, p.root_dn, 100.0 * p.table_fill, p.table_bytes >> 20)
               << std::endl;
      };
      solver::TranspositionTable table(limits.hash_mb);
      solver::SolveResult r = solver::solve(pos, limits, table, !opt->value_only);
      Side mover = pos.side_to_move();
      Side winner = r.value == solver::Value::Win ? mover : ~mover;

      std::optional<solver::ProofTree> tree;
      std::optional<solver::ProofCheck> check;
      double tree_seconds = 0;
      if (want_tree && r.distance_known) {
        solver::Prover prover(table, limits);
        tree = solver::build_proof(prover, pos, winner, r.plies);
        tree_seconds = prover.seconds();
        if (tree && opt->check) check = solver::check_proof(*tree);
      }
      ctrl_c.reset();
      if (tree && !opt->proof.empty()) {
        std::ostringstream text;
        solver::write_proof(*tree, text);
        write_file_atomically(opt->proof, text.str());
      }
      if (tree && !opt->dot.empty()) {
        std::ostringstream text;
        solver::write_proof_dot(*tree, opt->dot_depth, text);
        write_file_atomically(opt->dot, text.str());
      }

      double rate = r.seconds > 0 ? double(r.nodes) / r.seconds : 0;
      if (opt->json) {
        nlohmann::json j = {{"kfen", to_kfen(pos)}, {"value", value_name(r.value)},
                            {"side_to_move", side_id(mover)},
                            {"nodes", r.nodes}, {"seconds", r.seconds}, {"nodes_per_second", rate},
                            {"root_pn", r.root_pn}, {"root_dn", r.root_dn}};
        if (r.value != solver::Value::Unknown) j["winner"] = side_id(winner);
        if (r.best) j["best"] = to_string(*r.best);
        if (r.distance_known) j["distance"] = {{"plies", r.plies}, {"winner_moves", r.winner_moves}};
        else if (r.value != solver::Value::Unknown && r.plies_bounds.at_most != solver::kNever)
          j["distance_bounds"] = {{"at_least", r.plies_bounds.at_least}, {"at_most", r.plies_bounds.at_most}};
        if (tree) j["proof"] = {{"nodes", tree->nodes.size()}, {"seconds", tree_seconds}};
        if (check) j["check"] = {{"holds", check->holds}, {"nodes", check->nodes}, {"failure", check->failure}};
        io.out << j.dump(2) << "\n";
      } else {
        if (r.value == solver::Value::Unknown)
          io.out << fmt::format("unknown (stopped: root proof number {}, disproof number {})\n", r.root_pn, r.root_dn);
        else
          io.out << side_name(mover) << " to move " << (r.value == solver::Value::Win ? "wins" : "loses") << "\n";
        if (r.distance_known)
          io.out << fmt::format("distance: {} wins in {} plies ({} moves of {})\n", side_name(winner), r.plies,
                                r.winner_moves, side_name(winner));
        else if (r.value != solver::Value::Unknown && !opt->value_only)
          io.out << (r.plies_bounds.at_most == solver::kNever
                         ? std::string("distance: unknown (stopped before it was proved)\n")
                         : fmt::format("distance: unknown, {} to {} plies so far (stopped before it was proved exact)\n",
                                       r.plies_bounds.at_least, r.plies_bounds.at_most));
        if (r.best)
          io.out << (!r.distance_known ? "a winning move: " : r.value == solver::Value::Win ? "best move: " : "longest defence: ")
                 << to_string(*r.best) << "\n";
        io.out << fmt::format("{} nodes, {:.2f} s, {:.2f} M nodes/s\n", r.nodes, r.seconds, rate / 1e6);
        if (tree)
          io.out << fmt::format("proof tree: {} positions{}\n", tree->nodes.size(),
                                opt->proof.empty() ? "" : ", written to " + opt->proof);
        if (check)
          io.out << (check->holds ? fmt::format("checked: the proof holds ({} positions, {} leaves)\n", check->nodes, check->leaves)
                                  : "CHECK FAILED: " + check->failure + "\n");
      }
      if (want_tree && r.value != solver::Value::Unknown && !tree) {
        io.err << "solve: stopped before the proof tree was complete; no proof written\n";
        return kInternalError;
      }
      return check && !check->holds ? kInternalError : kOk;
    };
  });
}

void add_check_proof(CLI::App& app, Action& action) {
  struct Options {
    std::string file;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("check-proof", "Re-verify a proof file with the move generator alone, no search");
  cmd->footer(
      "Rebuilds every position from the root by playing the stored moves and checks each node: one\n"
      "legal move at the winner's turns, every legal move at the loser's, a won round at each leaf,\n"
      "and the stored values and distances (in plies, or in the winner's own moves for a puzzle's\n"
      "certificate). A failure names the node at fault; exit code 1.\n"
      "Example: kamisado check-proof start.proof");
  cmd->add_option("file", opt->file, "The proof file (written by kamisado solve --proof)")->required();
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      std::ifstream in(opt->file);
      if (!in) throw UsageError("cannot read " + opt->file);
      solver::ProofTree tree;
      try {
        tree = solver::read_proof(in);
      } catch (const solver::ProofFormatError& e) {
        throw UsageError(opt->file + ": " + e.what());
      }
      solver::ProofCheck check = solver::check_proof(tree);
      std::string winner = side_name(tree.winner);
      if (opt->json) {
        const bool moves = tree.metric == solver::Metric::WinnerMoves;
        io.out << nlohmann::json{{"file", opt->file}, {"holds", check.holds}, {"winner", side_id(tree.winner)},
                                 {moves ? "winner_moves" : "plies", tree.plies}, {"nodes", check.nodes},
                                 {"leaves", check.leaves}, {"failure", check.failure}}
                      .dump(2)
               << "\n";
      } else if (check.holds) {
        io.out << fmt::format("proof holds: {} wins within {} from {} ({} positions, {} leaves)\n", winner,
                              tree.metric == solver::Metric::Plies ? fmt::format("{} plies", tree.plies)
                                                                   : fmt::format("{} of {}'s moves", tree.plies, winner),
                              tree.nodes[0].kfen, check.nodes, check.leaves);
      } else {
        io.out << "proof REJECTED: " << check.failure << "\n";
      }
      return check.holds ? kOk : kInternalError;
    };
  });
}

}  // namespace kamisado::cli
