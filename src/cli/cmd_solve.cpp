// kamisado solve <kfen>: who wins the round, in how many plies, proved and certified
// (solver/proof/certify.h); kamisado check-proof FILE: re-verifies a proof file.
#include <fstream>

#include <fmt/format.h>

#include "cli/commands.h"
#include "io/files.h"
#include "kamisado/kfen.h"
#include "solver/proof/certify.h"
#include "solver/proof/proof_file.h"

namespace kamisado::cli {

namespace {

const CommandText kSolveText{
    "solve", "Prove who wins the round from a position, and how fast (proof-number search)",
    "The value is for the side to move; in a match it is the winner of the round being played.\n"
    "The distance is exact: the fewest plies in which the winner forces the win against the\n"
    "longest defence (passes and the extra turn after a push count), and the winner's own moves.\n"
    "The best move reaches it: the winner's fastest win, or the loser's longest defence.\n"
    "--proof writes the proof tree (format: solver/proof/proof_file.h), which check-proof re-verifies;\n"
    "--check builds it and checks it here. --dot draws its top levels for Graphviz.\n"
    "A timeout or Ctrl-C prints 'unknown' with the root's proof and disproof numbers so far.\n"
    "Example: kamisado solve \"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -\" --proof start.proof"};

const CommandText kCheckProofText{
    "check-proof", "Re-verify a proof file with the move generator alone, no search",
    "Rebuilds every position from the root by playing the stored moves and checks each node: one\n"
    "legal move at the winner's turns, every legal move at the loser's, a won round at each leaf,\n"
    "and the stored values and distances (in plies, or in the winner's own moves for a puzzle's\n"
    "certificate). A failure names the node at fault; exit code 1.\n"
    "Example: kamisado check-proof start.proof"};

struct SolveOptions {
  std::string kfen;
  solver::CertifyOptions certify;
  std::size_t hash = 64;
  bool check = false, value_only = false;
};

std::string distance_text(const solver::SolveResult& r, Side winner, bool value_only) {
  if (r.distance_known)
    return fmt::format("distance: {} wins in {} plies ({} moves of {})\n", side_name(winner), r.plies, r.winner_moves, side_name(winner));
  if (r.value == solver::Value::Unknown || value_only) return "";
  if (r.plies_bounds.at_most == solver::kNever) return "distance: unknown (stopped before it was proved)\n";
  return fmt::format("distance: unknown, {} to {} plies so far (stopped before it was proved exact)\n", r.plies_bounds.at_least,
                     r.plies_bounds.at_most);
}

int solve(const SolveOptions& opt, Io& io) {
  Position pos = parse_kfen(opt.kfen);
  refuse_finished_round(pos);
  solver::CertifyOptions c = opt.certify;
  c.tree = opt.check || !c.proof_path.empty() || !c.dot_path.empty();
  c.check = opt.check;
  c.value_only = opt.value_only;
  if (c.tree && c.value_only) throw UsageError("--value-only gives no distance, so no proof tree: drop it, or --proof, --dot and --check");
  c.limits.hash_mb = opt.hash;
  c.limits.stop = io.stop;
  c.limits.progress = [&io](const solver::SolveProgress& p) {
    io.err << fmt::format("solve: {:.0f} s, {} nodes, root proof {} disproof {}, table {:.0f}% of {} MB", p.seconds, p.nodes, p.root_pn,
                          p.root_dn, 100.0 * p.table_fill, p.table_bytes >> 20)
           << std::endl;
  };
  solver::TranspositionTable table(opt.hash);
  solver::Certified proved = solver::certify(pos, table, c);
  const solver::SolveResult& r = proved.result;
  const bool known = r.value != solver::Value::Unknown;
  double rate = r.seconds > 0 ? double(r.nodes) / r.seconds : 0;
  nlohmann::json j = {{"kfen", to_kfen(pos)}, {"value", !known ? "unknown" : r.value == solver::Value::Win ? "win" : "loss"},
                      {"side_to_move", side_id(pos.side_to_move())}, {"nodes", r.nodes}, {"seconds", r.seconds},
                      {"nodes_per_second", rate}, {"root_pn", r.root_pn}, {"root_dn", r.root_dn}};
  std::string text = known ? fmt::format("{} to move {}\n", side_name(pos.side_to_move()), r.value == solver::Value::Win ? "wins" : "loses")
                           : fmt::format("unknown (stopped: root proof number {}, disproof number {})\n", r.root_pn, r.root_dn);
  text += distance_text(r, proved.winner, opt.value_only);
  if (known) j["winner"] = side_id(proved.winner);
  if (r.best) j["best"] = to_string(*r.best);
  if (r.best)
    text += (!r.distance_known ? "a winning move: " : r.value == solver::Value::Win ? "best move: " : "longest defence: ") + to_string(*r.best) + "\n";
  if (r.distance_known) j["distance"] = {{"plies", r.plies}, {"winner_moves", r.winner_moves}};
  else if (known && r.plies_bounds.at_most != solver::kNever)
    j["distance_bounds"] = {{"at_least", r.plies_bounds.at_least}, {"at_most", r.plies_bounds.at_most}};
  text += fmt::format("{} nodes, {:.2f} s, {:.2f} M nodes/s\n", r.nodes, r.seconds, rate / 1e6);
  if (proved.tree) {
    j["proof"] = {{"nodes", proved.proof_nodes}, {"seconds", proved.tree_seconds}};
    text += fmt::format("proof tree: {} positions{}\n", proved.proof_nodes, c.proof_path.empty() ? "" : ", written to " + c.proof_path);
  }
  if (const auto& check = proved.check) {
    j["check"] = {{"holds", check->holds}, {"nodes", check->nodes}, {"failure", check->failure}};
    text += check->holds ? fmt::format("checked: the proof holds ({} positions, {} leaves)\n", check->nodes, check->leaves)
                         : "CHECK FAILED: " + check->failure + "\n";
  }
  io.print(j, text);
  if (c.tree && !proved.tree) {  // a proof was asked for, and the limits stopped it
    io.err << (known ? "solve: stopped before the proof tree was complete; no proof written\n"
                     : "solve: stopped before the value was proved; no proof written\n");
    return kStopped;
  }
  return proved.check && !proved.check->holds ? kInternalError : kOk;
}

struct CheckProofOptions {
  std::string file;
};

int check_proof(const CheckProofOptions& opt, Io& io) {
  std::ifstream in = io::open_file(opt.file, "proof");
  solver::ProofTree tree;
  try {
    tree = solver::read_proof(in);
  } catch (const solver::ProofFormatError& e) {
    throw UsageError(opt.file + ": " + e.what());
  }
  solver::ProofCheck check = solver::check_proof(tree);
  const bool moves = tree.metric == solver::Metric::WinnerMoves;
  std::string within = moves ? fmt::format("{} of {}'s moves", tree.plies, side_name(tree.winner)) : fmt::format("{} plies", tree.plies);
  return io.print({{"file", opt.file}, {"holds", check.holds}, {"winner", side_id(tree.winner)}, {moves ? "winner_moves" : "plies", tree.plies},
                   {"nodes", check.nodes}, {"leaves", check.leaves}, {"failure", check.failure}},
                  check.holds ? fmt::format("proof holds: {} wins within {} from {} ({} positions, {} leaves)\n", side_name(tree.winner),
                                            within, tree.nodes[0].kfen, check.nodes, check.leaves)
                              : "proof REJECTED: " + check.failure + "\n",
                  check.holds ? kOk : kInternalError);
}

}  // namespace

void add_solve(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<SolveOptions>(app, action, kSolveText, solve, Needs::CtrlC);
  kfen_argument(cmd, opt->kfen);
  hash_option(cmd, opt->hash);
  time_option(cmd, opt->certify.limits.seconds);
  output_option(cmd, "--proof", opt->certify.proof_path, "Write the proof tree to FILE");
  output_option(cmd, "--dot", opt->certify.dot_path, "Write the proof tree's top levels as a Graphviz graph to FILE");
  cmd->add_option("--dot-depth", opt->certify.dot_depth, "How many moves deep --dot draws (default 3)")->check(CLI::Range(1, 12));
  cmd->add_flag("--check", opt->check, "Build the proof tree and re-verify it with the move generator alone");
  cmd->add_flag("--value-only", opt->value_only, "Prove only who wins, not the distance (faster; no proof tree)");
}

void add_check_proof(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<CheckProofOptions>(app, action, kCheckProofText, check_proof);
  cmd->add_option("file", opt->file, "The proof file (written by kamisado solve --proof)")->required();
}

}  // namespace kamisado::cli
