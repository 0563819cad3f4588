// kamisado solve <kfen>: who wins the round (or the match, or a ring goal), in how many plies,
// proved and certified (solver/proof/certify.h).

#include "app/cli/commands.h"
#include "app/present/by_rounds_answer.h"
#include "app/present/solve_progress.h"
#include "app/present/verdict.h"
#include "solver/match/by_rounds_request.h"
#include "solver/proof/solve_request.h"
#include "src/kamisado/kfen.h"

namespace kamisado::cli {

namespace {

const CommandText kSolveText{"solve", "Prove who wins the round from a position, and how fast (proof-number search)",
                             "The value is for the side to move. --goal says what counts as a win: 'round' (the default: the round\n"
                             "being played), 'match' (the match, P3, across rounds: the Defender's fill-left and fill-right between\n"
                             "rounds are moves, and winning a round with the wrong tower can lose it), or 'ring:P' (the side to move\n"
                             "wins this round with a ring worth P = 1, 2, 4 or 8 or more, P2). At a round start --goal match also says\n"
                             "the most valuable ring each side can force. The distance is exact: the fewest plies in which the winner\n"
                             "forces the win against the longest defence (passes and the extra turn after a push count), and the\n"
                             "winner's own moves. The best move reaches it: the winner's fastest win, or the loser's longest defence.\n"
                             "--proof writes the proof tree (format: solver/proof/proof_file.h), which check-proof re-verifies; --check\n"
                             "builds it and checks it here. --dot draws its top levels for Graphviz. A timeout or Ctrl-C prints\n"
                             "'unknown' with the root's proof and disproof numbers so far. --checkpoint FILE saves the search (its\n"
                             "table, zstd) every --checkpoint-every seconds and when stopped, and resumes from FILE if it is there: run\n"
                             "the same command again after a timeout, Ctrl-C or a kill, and it ends with the same value, distance and\n"
                             "move. --by-rounds (with --goal match) proves the match round by round: each round start is a job, proved\n"
                             "once and kept in the table --starts FILE (saved every --checkpoint-every seconds and at the end; run\n"
                             "again, it goes on from it). Its starts are read back unchecked, and the answer counts those it rests on;\n"
                             "--recheck-starts proves each again, and refuses a file proved wrong. --threads shares the next round's\n"
                             "starts among threads, --mpi under mpirun among ranks too. It proves the value, not the distance, in\n"
                             "bounded memory (docs/solver.md). --plan proves no job and lists the starts a proof needs if every guess\n"
                             "(the side ahead wins; at a tie the first mover) holds; --levels N plans N of them of each score, N of\n"
                             "theirs, and so on to the deciding rounds: the proof's starts and core-hours (no reuse counted: an order\n"
                             "of magnitude; --time bounds it; --journal FILE keeps the plans, and run again it takes them;\n"
                             "--flat-prices prices jobs as before job_depth, to compare). --plans proves a plan's starts as one batch,\n"
                             "and plans again only where a guess failed: for long runs, since run again after a stop it plans the same\n"
                             "proof (keep the same --hash). --certificate DIR writes the proof in layers, one round deep each, every\n"
                             "round start once (solver/match/match_certificate.h); check-proof DIR checks it; stopped, it goes on from\n"
                             "them. --regenerate-layers keeps there only the root's layer, the --starts table and the other layers'\n"
                             "digests (MB, not GB), which check-proof makes again and checks (solver/match/regenerated_certificate.h);\n"
                             "it proves nothing the table lacks. With --every-level each rank stores its starts' layers; --layers-from\n"
                             "CERT takes those of starts read back from the --starts table from CERT, a certificate written from it.\n"
                             "Example: kamisado solve \"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -\" --proof start.proof\n"
                             "         kamisado solve \"bkpnyrgo/8/8/8/8/8/8/GORPKNBY g - 2:1-0\" --goal match\n"
                             "         mpirun -np 8 kamisado solve \"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 2:0-0\" --goal match --by-rounds \\\n"
                             "           --mpi --every-level --starts runs/two-point.starts --certificate runs/two-point.certificate"};

struct SolveOptions {
  std::string kfen;
  solver::SolveRequest request;  // the goal, the limits, the tree, check and files, the checkpoint
  std::size_t hash = 64;
  CLI::Option* hash_given = nullptr;
  bool by_rounds = false;
  solver::ByRoundsRequest rounds;  // --by-rounds's own options
};

// --by-rounds: the match proved round by round, with the options it shares with a plain solve.
int solve_by_rounds(const SolveOptions& opt, const Position& pos, Io& io) {
  if (opt.request.goal != "match") throw UsageError("--by-rounds proves a match: give --goal match");
  solver::ByRoundsRequest r = opt.rounds;
  r.run.hash_mb = opt.hash, r.run.seconds = opt.request.certify.limits.seconds, r.run.checkpoint_seconds = opt.request.certify.checkpoint_seconds,
  r.run.stop = io.stop;
  r.run.progress = [&io](const solver::ByRoundsProgress& p) { io.err << present::by_rounds_progress_line(p) << std::endl; };
  const solver::ByRoundsAnswer a = solver::answer_by_rounds(pos, r, io.lines());
  if (!a.answered()) return kOk;  // an MPI rank other than 0: rank 0 answers
  io.print(present::by_rounds_answer_json(pos, a), present::by_rounds_answer_text(pos, a));
  return a.complete() ? kOk : kStopped;
}

int solve(const SolveOptions& opt, Io& io) {
  Position pos = parse_kfen(opt.kfen);
  if (opt.by_rounds) return solve_by_rounds(opt, pos, io);
  solver::SolveRequest r = opt.request;
  solver::CertifyOptions& c = r.certify;
  c.limits.hash_mb = opt.hash;
  if (opt.hash_given->count()) r.table_mb_asked = opt.hash;
  c.files = &solver::disk_files();
  // Said once the whole checkpoint has been read and checked, never of a damaged one.
  c.resuming = [&io, &c](const solver::CheckpointHeader& saved) { io.err << present::resuming_line(c.checkpoint, saved) << "\n"; };
  c.limits.stop = io.stop;
  c.limits.progress = [&io](const solver::SolveProgress& p) { io.err << present::solve_progress_line(p) << std::endl; };
  const solver::SolveAnswer a = solver::answer_solve(pos, r);
  io.print(present::verdict_of(pos, a.options, a.proved, a.stakes));
  if (a.options.tree && !a.proved.tree) {  // a proof was asked for, and the limits stopped it
    io.err << present::stopped_before_proof_line(a.proved) << "\n";
    return kStopped;
  }
  return a.proved.check && !a.proved.check->holds ? kInternalError : kOk;
}

}  // namespace

void add_solve(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<SolveOptions>(app, action, kSolveText, solve, Needs::CtrlC);
  kfen_argument(cmd, opt->kfen);
  solver::CertifyOptions& c = opt->request.certify;
  cmd->add_option("--goal", opt->request.goal, "What counts as a win: round (default), match, or ring:P (P = 1, 2, 4, 8)");
  opt->hash_given = hash_option(cmd, opt->hash);
  time_option(cmd, c.limits.seconds);
  cmd->add_option("--nodes", c.limits.nodes, "Stop after about N nodes (0: no limit), a limit that, unlike --time, repeats exactly");
  output_option(cmd, "--proof", c.proof_path, "Write the proof tree to FILE");
  output_option(cmd, "--dot", c.dot_path, "Write the proof tree's top levels as a Graphviz graph to FILE");
  cmd->add_option("--dot-depth", c.dot_depth, "How many moves deep --dot draws (default 3)")->check(CLI::Range(1, 12));
  cmd->add_flag("--check", c.check, "Build the proof tree and re-verify it with the move generator alone");
  output_option(cmd, "--checkpoint", c.checkpoint, "Save the search to FILE as it goes, and resume from FILE if it is there");
  cmd->add_option("--checkpoint-every", c.checkpoint_seconds, "Seconds between saves to --checkpoint (default 600)")->check(seconds_between(1, 1e7));
  cmd->add_flag("--value-only", c.value_only,
                "Prove only who wins, not the distance (faster; no proof tree, and no ring stakes at a match round's start)");
  cmd->add_flag("--by-rounds", opt->by_rounds, "With --goal match: prove the match round by round, each round start a job proved once");
  output_option(cmd, "--starts", opt->rounds.run.table_path, "--by-rounds: the round-start table FILE, read if there and saved as the run goes");
  cmd->add_flag("--recheck-starts", opt->rounds.run.recheck,
                "--starts: prove again each start read back from FILE before an answer rests on it (a start proved wrong refuses the file)");
  cmd->add_option("--job-nodes", opt->rounds.run.job_nodes,
                  "--by-rounds: a last round's starts are jobs of at most N nodes each, then searched by their master (0, the default: no limit)");
  cmd->add_option("--threads", opt->rounds.run.threads, "--by-rounds: threads proving the next round's starts (default 1; with --mpi, rank 0's)")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--certificate", opt->rounds.certificate,
                  "--by-rounds: write the proof in layers to the folder DIR (made if missing; only its own files are written over)");
  cmd->add_flag("--regenerate-layers", opt->rounds.regenerate_layers,
                "--certificate: keep the root's layer, the --starts table and the other layers' digests; check-proof makes those layers again");
  cmd->add_flag("--plan", opt->rounds.plan,
                "--by-rounds: prove no job, count them: the next round's starts a proof needs if each job's guess holds (--json lists them)");
  cmd->add_option("--levels", opt->rounds.levels,
                  "--plan: project the proof's cost level by level, planning N starts of each score at each level down to the deciding rounds")
      ->check(CLI::Range(1, 1000));
  output_option(cmd, "--journal", opt->rounds.journal,
                "--levels: keep each plan in FILE as it ends, and take those it holds (a stopped run goes on)");
  cmd->add_flag("--flat-prices{false}", opt->rounds.run.depth_prices,
                "--by-rounds: one price for each job not one round, as before job_depth (to measure it)");
  cmd->add_flag("--plans", opt->rounds.run.plans,
                "--by-rounds: the first master plans, then the plan's starts are proved as one batch (again only where a guess failed)");
  cmd->add_flag("--mpi", opt->rounds.mpi,
                "--by-rounds across the ranks of an MPI job: mpirun -np N kamisado solve ... --by-rounds --mpi (N >= 2; rank 0 keeps --starts)");
  cmd->add_flag("--every-level", opt->rounds.every_level,
                "--mpi: every level's jobs handed out; a rank keeps its shard of --starts F (F.shard-R-of-N) and its --certificate layers");
  output_option(cmd, "--record-jobs", opt->rounds.job_record, "--every-level: each rank's jobs in FILE.rank-R, for the simulation to replay");
  cmd->add_option("--layers-from", opt->rounds.layers_from, "--every-level --certificate: layers of starts read back, from CERT's list");
  const auto o = [cmd](const char* name) { return cmd->get_option(name); };  // what goes with what, said before any search
  for (const char* name : {"--starts", "--certificate", "--plan", "--mpi"}) o(name)->needs(o("--by-rounds"));
  for (const char* name : {"--proof", "--dot", "--check", "--checkpoint"}) o("--by-rounds")->excludes(o(name));
  o("--recheck-starts")->needs(o("--starts")), o("--levels")->needs(o("--plan"))->excludes(o("--starts")), o("--journal")->needs(o("--levels"));
  o("--flat-prices")->needs(o("--by-rounds")), o("--every-level")->needs(o("--mpi"))->excludes(o("--recheck-starts"));
  o("--regenerate-layers")->needs(o("--certificate"))->needs(o("--starts"))->excludes(o("--recheck-starts"));
  o("--plan")->excludes(o("--certificate"))->excludes(o("--mpi")), o("--record-jobs")->needs(o("--every-level"));
}

}  // namespace kamisado::cli
