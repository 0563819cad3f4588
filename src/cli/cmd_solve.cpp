// kamisado solve <kfen>: who wins the round, proved by proof-number search.
#include <atomic>
#include <csignal>
#include <ostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/output.h"
#include "kamisado/kfen.h"
#include "solver/dfpn.h"
#include "solver/proof_check.h"

namespace kamisado::cli {

namespace {
std::atomic<bool> g_interrupted{false};
extern "C" void on_interrupt(int) { g_interrupted = true; }
}  // namespace

void add_solve(CLI::App& app, Action& action) {
  struct Options {
    std::string kfen;
    std::size_t hash = 64;
    double time = 0;
    bool check = false, json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("solve", "Prove who wins the round from a position (proof-number search)");
  cmd->footer(
      "The value is for the side to move; in a match it is the winner of the round being played.\n"
      "--check re-verifies a win or loss by building its proof tree: one move at the winner's turns,\n"
      "every legal move at the loser's, each branch ending in a round the winner has won.\n"
      "A timeout or Ctrl-C prints 'unknown' with the root's proof and disproof numbers so far.\n"
      "Example: kamisado solve \"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -\" --check");
  cmd->add_option("kfen", opt->kfen, "The position in KFEN")->required();
  cmd->add_option("--hash", opt->hash, "Transposition table size in MB (default 64)")->check(CLI::Range(1, 16384));
  cmd->add_option("--time", opt->time, "Stop after this many seconds (default: no limit)")->check(CLI::Range(0.0, 1e7));
  cmd->add_flag("--check", opt->check, "Re-verify the result by building its proof tree");
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      Position pos = parse_kfen(opt->kfen);
      g_interrupted = false;
      auto previous = std::signal(SIGINT, on_interrupt);
      solver::SolveLimits limits;
      limits.hash_mb = opt->hash;
      limits.seconds = opt->time;
      limits.stop = &g_interrupted;
      limits.progress = [&io](const solver::SolveProgress& p) {
        io.err << fmt::format("solve: {:.0f} s, {} nodes, root proof {} disproof {}, table {:.0f}% of {} MB", p.seconds,
                              p.nodes, p.root_pn, p.root_dn, 100.0 * p.table_fill,
                              p.table_bytes >> 20)
               << std::endl;
      };
      solver::SolveResult r = solver::solve(pos, limits);
      std::signal(SIGINT, previous);
      Side mover = pos.side_to_move();
      std::string verdict = r.value == solver::Value::Win    ? side_name(mover) + " to move wins"
                            : r.value == solver::Value::Loss ? side_name(mover) + " to move loses"
                                                             : "unknown";
      std::optional<solver::ProofCheck> check;
      if (opt->check && r.value != solver::Value::Unknown)
        check = solver::check_win(pos, r.value == solver::Value::Win ? mover : ~mover);
      double rate = r.seconds > 0 ? double(r.nodes) / r.seconds : 0;
      if (opt->json) {
        nlohmann::json j = {{"kfen", to_kfen(pos)},
                            {"value", r.value == solver::Value::Win ? "win" : r.value == solver::Value::Loss ? "loss" : "unknown"},
                            {"side_to_move", mover == Side::Black ? "black" : "gold"},
                            {"nodes", r.nodes}, {"seconds", r.seconds}, {"nodes_per_second", rate},
                            {"root_pn", r.root_pn}, {"root_dn", r.root_dn}};
        if (r.best) j["best"] = to_string(*r.best);
        if (check) j["check"] = {{"holds", check->holds}, {"tree_nodes", check->tree_nodes}, {"failure", check->failure}};
        io.out << j.dump(2) << "\n";
      } else {
        io.out << verdict << (r.value == solver::Value::Unknown ? fmt::format(" (stopped: root proof number {}, disproof number {})", r.root_pn, r.root_dn) : "") << "\n";
        if (r.best) io.out << "best move: " << to_string(*r.best) << "\n";
        io.out << fmt::format("{} nodes, {:.2f} s, {:.2f} M nodes/s\n", r.nodes, r.seconds, rate / 1e6);
        if (check)
          io.out << (check->holds ? fmt::format("checked: the proof tree closes ({} positions)\n", check->tree_nodes)
                                  : "CHECK FAILED: " + check->failure + "\n");
      }
      return check && !check->holds ? kInternalError : kOk;
    };
  });
}

}  // namespace kamisado::cli
