// kamisado match-report: what the match solver proves about whole matches from the set-up
// (solver/match/match_study.h), for reports/match.md.
#include "app/cli/commands.h"
#include "app/present/match_report.h"

namespace kamisado::cli {

namespace {

const CommandText kMatchReportText{"match-report", "Prove what can be proved of whole matches from the set-up, and say where the rest stands",
                                   "The 1-, 2-, 3- (Standard) and 7-point (Long) matches from the set-up, searched with the match aim\n"
                                   "(solve --goal match; the 1-point one to the end, the others for --seconds each; --checkpoints DIR\n"
                                   "resumes them from DIR/match-T.ckpt): the value, first move and checked certificate (--proofs DIR)\n"
                                   "where proved, else the frontier. Then round 1's stakes, a sample of the 2-point match's round-2\n"
                                   "starts and the shape of its proof; with --certificate DIR, its certificate in layers checked whole,\n"
                                   "and --cross-round-three and --cross-round-two of its starts (drawn by --seed) valued\n"
                                   "again by the whole-match search; its plan by rounds with a sample of jobs proved; the 3- and\n"
                                   "7-point matches projected level by level (--levels-sample, --levels-seconds, or --levels-journal FILE\n"
                                   "for a projection kept as it ran); the 2-point match run\n"
                                   "by rounds for --run-seconds on one thread, then two; and round starts of the Standard match at every\n"
                                   "reachable score. Node limits, so the samples repeat exactly. Ctrl-C stops; what is done is reported.\n"
                                   "Example: kamisado match-report --report reports/match.md --seconds 120"};

struct MatchReportOptions {
  std::string report, proofs;
  solver::MatchStudyOptions study;
};

int match_report(const MatchReportOptions& opt, Io& io) {
  solver::MatchStudyOptions o = opt.study;
  o.proof_dir = opt.proofs;
  o.stop = io.stop;
  return io.print(present::run_match_report(o, opt.report, io.lines()));
}

}  // namespace

void add_match_report(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<MatchReportOptions>(app, action, kMatchReportText, match_report, Needs::CtrlC);
  report_option(cmd, opt->report);
  cmd->add_option("--proofs", opt->proofs, "Write the certificates into this folder");
  hash_option(cmd, opt->study.hash_mb);
  cmd->add_option("--seconds", opt->study.seconds, "Seconds for each match past 1 point (default 60)")->check(CLI::Range(0.1, 1e6));
  cmd->add_option("--ends", opt->study.round_two_ends, "Round ends of the 2-point match to sample (default 20)")->check(CLI::Range(0, 10000));
  cmd->add_option("--seconds-per-end", opt->study.seconds_per_end, "Seconds per round-2 start (default 5)")->check(CLI::Range(0.01, 1e5));
  cmd->add_option("--checkpoints", opt->study.checkpoint_dir,
                  "Resume the 2-, 3- and 7-point searches from match-T.ckpt in this folder, and save them there");
  cmd->add_option("--round-three", opt->study.round_three_per_end, "Round-3 starts sampled from each of Gold's round-2 proofs (default 10)")
      ->check(CLI::Range(0, 1000));
  cmd->add_option("--starts-per-score", opt->study.scores.starts_per_score,
                  "Round starts of the Standard match sampled at each reachable score (default 1000; 0: none)")
      ->check(CLI::Range(0, 1000000));
  cmd->add_option("--match-nodes", opt->study.scores.match_nodes, "Node limit of each score sample's match search (default 200000)");
  seed_option(cmd, opt->study.scores.seed, "the score sample and the cross-checks");
  cmd->add_option("--certificate", opt->study.certificate_dir,
                  "The 2-point match's certificate in layers (solve --by-rounds --certificate DIR): checked whole, its value and weight reported");
  cmd->add_option("--threads", opt->study.threads, "Threads for the certificate's check and cross-checks, the scores and the levels (default 1)")
      ->check(CLI::Range(1, 1024));
  cmd->add_option("--cross-round-three", opt->study.cross_round_three.sample, "Its round-3 starts cross-checked (default 200)")
      ->check(CLI::Range(0, 1000000));
  cmd->add_option("--cross-round-two", opt->study.cross_round_two.sample, "Its round-2 starts cross-checked, 4096 MB tables (default 5)")
      ->check(CLI::Range(0, 1000000));
  cmd->add_option("--by-rounds-sample", opt->study.by_rounds_sample,
                  "Round-2 starts of the 2-point match's by-rounds plan proved for its projection (default 12; 0: no plan)")
      ->check(CLI::Range(0, 100000));
  cmd->add_option("--levels-sample", opt->study.levels_sample,
                  "The 3- and 7-point matches projected level by level: starts planned of each score at each level (default 2; 0: none)")
      ->check(CLI::Range(0, 1000));
  cmd->add_option("--levels-seconds", opt->study.levels_seconds, "Seconds for each of those two projections (default 2400)")
      ->check(CLI::Range(1.0, 1e7));
  cmd->add_option("--levels-journal", opt->study.levels_journals,
                  "A projection kept in FILE (solve --plan --levels N --journal FILE): reported with its plans taken from it, in place of "
                  "planning its match; another build's journal is read as that build measured it. Repeat for each")
      ->check(CLI::ExistingFile);
  cmd->add_option("--levels-journal-sample", opt->study.levels_journal_sample,
                  "The N those journals' projections were made with: starts of each score at each level (default 8)")
      ->check(CLI::Range(1, 1000));
  cmd->add_option("--run-seconds", opt->study.run_seconds,
                  "The 2-point match run by rounds from an empty table on 1 and then 2 threads, this long each: its rate and reuse (default 120; 0: "
                  "not run)")
      ->check(CLI::Range(0.0, 1e7));
}

}  // namespace kamisado::cli
