// kamisado solve <kfen>: who wins the round (or the match, or a ring goal), in how many plies,
// proved and certified (solver/proof/certify.h).
#include <fstream>

#include <fmt/format.h>

#include "cli/commands.h"
#include "io/files.h"
#include "kamisado/kfen.h"
#include "solver/search/goal.h"
#include "solver/proof/certify.h"

namespace kamisado::cli {

namespace {

const CommandText kSolveText{
    "solve", "Prove who wins the round from a position, and how fast (proof-number search)",
    "The value is for the side to move. --goal says what counts as a win: 'round' (the default:\n"
    "the round being played), 'match' (the match, P3, across rounds: the Defender's fill-left and\n"
    "fill-right between rounds are moves, and winning a round with the wrong tower can lose it),\n"
    "or 'ring:P' (the side to move wins this round with a ring worth P = 1, 2, 4 or 8 or more, P2).\n"
    "At a round start --goal match also says the most valuable ring each side can force.\n"
    "The distance is exact: the fewest plies in which the winner forces the win against the\n"
    "longest defence (passes and the extra turn after a push count), and the winner's own moves.\n"
    "The best move reaches it: the winner's fastest win, or the loser's longest defence.\n"
    "--proof writes the proof tree (format: solver/proof/proof_file.h), which check-proof re-verifies;\n"
    "--check builds it and checks it here. --dot draws its top levels for Graphviz.\n"
    "A timeout or Ctrl-C prints 'unknown' with the root's proof and disproof numbers so far.\n"
    "--checkpoint FILE saves the search (its table, zstd-compressed) every --checkpoint-every\n"
    "seconds and when stopped, and resumes from FILE if it is there: run the same command again\n"
    "after a timeout, Ctrl-C or a kill, and it ends with the same value, distance and best move.\n"
    "Example: kamisado solve \"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -\" --proof start.proof\n"
    "         kamisado solve \"bkpnyrgo/8/8/8/8/8/8/GORPKNBY g - 2:1-0\" --goal match"};

struct SolveOptions {
  std::string kfen, goal = "round";
  solver::CertifyOptions certify;
  std::size_t hash = 64;
  CLI::Option* hash_given = nullptr;
  bool check = false, value_only = false;
};

std::string distance_text(const solver::SolveResult& r, Side winner, bool value_only) {
  if (r.distance_known)
    return fmt::format("distance: {} wins in {} plies ({} moves of {})\n", side_name(winner), r.plies, r.winner_moves, side_name(winner));
  if (r.value == solver::Value::Unknown || value_only) return "";
  if (r.plies_bounds.at_most == solver::kNever) return "distance: unknown (stopped before it was proved)\n";
  if (r.plies_bounds.exact())
    return fmt::format("distance: {} wins in {} plies (exact; {}'s own moves unknown: stopped before they were proved)\n",
                       side_name(winner), r.plies_bounds.at_most, side_name(winner));
  return fmt::format("distance: unknown, {} to {} plies so far (stopped before it was proved exact)\n", r.plies_bounds.at_least,
                     r.plies_bounds.at_most);
}

// What the best move is (solve.h): the winner's fastest win once the plies are exact, before that
// any proved win; the loser's is the longest defence (given only once the plies are exact).
std::string best_label(const solver::SolveResult& r) {
  if (r.value == solver::Value::Loss) return "longest defence: ";
  return r.distance_known || r.plies_bounds.exact() ? "best move: " : "a winning move: ";
}

// At a round start of a match: the most valuable ring each side can force this round to end with.
std::string stakes(const Position& pos, const solver::SolveLimits& limits, solver::TranspositionTable& table, nlohmann::json& j) {
  solver::RoundStakes s = solver::round_stakes(pos, limits, table);
  std::string text;
  for (Side side : {pos.side_to_move(), ~pos.side_to_move()}) {
    const auto& best = s.best_ring[index(side)];
    j["round_stakes"][side_id(side)] = best ? nlohmann::json(*best) : nlohmann::json("unknown");
    text += !best    ? fmt::format("this round: {}'s best ring is unknown (stopped)\n", side_name(side))
            : *best  ? fmt::format("this round: {} can force a win with a ring worth {}{}\n", side_name(side), *best, *best < 8 ? " or more" : "")
                     : fmt::format("this round: {} cannot win it\n", side_name(side));
  }
  return text;
}

int solve(const SolveOptions& opt, Io& io) {
  Position pos = parse_kfen(opt.kfen);
  solver::CertifyOptions c = opt.certify;
  c.limits.hash_mb = opt.hash;
  c.aim = solver::parse_aim(opt.goal, pos);
  c.tree = opt.check || !c.proof_path.empty() || !c.dot_path.empty();
  c.check = opt.check;
  c.value_only = opt.value_only;
  if (c.tree && c.value_only) throw UsageError("--value-only gives no distance, so no proof tree: drop it, or --proof, --dot and --check");
  if (auto saved = c.checkpoint.empty() ? std::nullopt : solver::read_checkpoint_header(c.checkpoint)) {
    // A resumed search needs its table's size: the checkpoint's, unless --hash says otherwise
    // (then it is refused, naming the size), and the same position and goal.
    if (!opt.hash_given->count()) c.limits.hash_mb = saved->table_mb;
    solver::check_checkpoint(*saved, c.checkpoint, to_kfen(pos), solver::aim_id(c.aim), c.limits.hash_mb);
  }
  // Said once the whole checkpoint has been read and checked, never of a damaged one.
  c.resuming = [&io, &c](const solver::CheckpointHeader& saved) {
    io.err << fmt::format("solve: resuming from {} ({} nodes, {:.0f} s, {} saves before this run)\n", c.checkpoint, saved.nodes, saved.seconds,
                          saved.saves);
  };
  c.limits.stop = io.stop;
  c.limits.progress = [&io](const solver::SolveProgress& p) {
    io.err << fmt::format("solve: {:.0f} s, {} nodes, root proof {} disproof {}, table {:.0f}% of {} MB", p.seconds, p.nodes, p.root_pn,
                          p.root_dn, 100.0 * p.table_fill, p.table_bytes >> 20)
           << std::endl;
  };
  solver::TranspositionTable table(c.limits.hash_mb);
  solver::Certified proved = solver::certify(pos, table, c);
  const solver::SolveResult& r = proved.result;
  const bool known = r.value != solver::Value::Unknown;
  double rate = r.seconds > 0 ? double(r.nodes) / r.seconds : 0;
  nlohmann::json j = {{"kfen", to_kfen(pos)}, {"value", !known ? "unknown" : r.value == solver::Value::Win ? "win" : "loss"},
                      {"side_to_move", side_id(pos.side_to_move())}, {"nodes", r.nodes}, {"seconds", r.seconds},
                      {"nodes_per_second", rate}, {"root_pn", r.root_pn}, {"root_dn", r.root_dn}};
  j["goal"] = solver::aim_id(c.aim);
  std::string text = known ? fmt::format("{} to move {} {}\n", side_name(pos.side_to_move()), r.value == solver::Value::Win ? "wins" : "loses",
                                         c.aim.kind == solver::AimKind::Round ? "" : solver::aim_text(c.aim))
                           : fmt::format("unknown (stopped: root proof number {}, disproof number {})\n", r.root_pn, r.root_dn);
  text += distance_text(r, proved.winner, opt.value_only);
  if (known) j["winner"] = side_id(proved.winner);
  if (r.best) j["best"] = to_string(*r.best);
  if (r.best)
    text += best_label(r) + to_string(*r.best) + "\n";
  if (r.distance_known) j["distance"] = {{"plies", r.plies}, {"winner_moves", r.winner_moves}};
  else if (known && r.plies_bounds.exact()) j["distance"] = {{"plies", r.plies_bounds.at_most}, {"winner_moves", nullptr}};
  else if (known && r.plies_bounds.at_most != solver::kNever)
    j["distance_bounds"] = {{"at_least", r.plies_bounds.at_least}, {"at_most", r.plies_bounds.at_most}};
  if (c.aim.kind == solver::AimKind::Match && pos.turn() == Turn::FreeChoice) text += stakes(pos, c.limits, table, j);
  text += fmt::format("{} nodes, {:.2f} s, {:.2f} M nodes/s\n", r.nodes, r.seconds, rate / 1e6);
  if (!c.checkpoint.empty()) {
    const std::uint64_t before = proved.resumed ? proved.resumed->nodes : 0;
    j["checkpoint"] = {{"path", c.checkpoint}, {"resumed", proved.resumed.has_value()}, {"nodes_before", before},
                       {"seconds_before", proved.resumed ? proved.resumed->seconds : 0.0}, {"saves", proved.checkpoint_saves}};
    text += fmt::format("checkpoint {}: {}{} saves by this run\n", c.checkpoint,
                        proved.resumed ? fmt::format("resumed after {} nodes, ", before) : std::string(), proved.checkpoint_saves);
  }
  if (proved.tree) {
    j["proof"] = {{"nodes", proved.proof_nodes}, {"seconds", proved.tree_seconds}};
    j["proof"]["compressed"] = proved.proof_compressed;
    text += fmt::format("proof tree: {} positions{}{}\n", proved.proof_nodes, c.proof_path.empty() ? "" : ", written to " + c.proof_path,
                        proved.proof_compressed ? " (zstd-compressed)" : "");
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

}  // namespace

void add_solve(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<SolveOptions>(app, action, kSolveText, solve, Needs::CtrlC);
  kfen_argument(cmd, opt->kfen);
  cmd->add_option("--goal", opt->goal, "What counts as a win: round (default), match, or ring:P (P = 1, 2, 4, 8)");
  opt->hash_given = hash_option(cmd, opt->hash);
  time_option(cmd, opt->certify.limits.seconds);
  cmd->add_option("--nodes", opt->certify.limits.nodes, "Stop after about N nodes (0: no limit), a limit that, unlike --time, repeats exactly");
  output_option(cmd, "--proof", opt->certify.proof_path, "Write the proof tree to FILE");
  output_option(cmd, "--dot", opt->certify.dot_path, "Write the proof tree's top levels as a Graphviz graph to FILE");
  cmd->add_option("--dot-depth", opt->certify.dot_depth, "How many moves deep --dot draws (default 3)")->check(CLI::Range(1, 12));
  cmd->add_flag("--check", opt->check, "Build the proof tree and re-verify it with the move generator alone");
  output_option(cmd, "--checkpoint", opt->certify.checkpoint, "Save the search to FILE as it goes, and resume from FILE if it is there");
  cmd->add_option("--checkpoint-every", opt->certify.checkpoint_seconds, "Seconds between saves to --checkpoint (default 600)")
      ->check(seconds_between(1, 1e7));
  cmd->add_flag("--value-only", opt->value_only, "Prove only who wins, not the distance (faster; no proof tree)");
}

}  // namespace kamisado::cli
