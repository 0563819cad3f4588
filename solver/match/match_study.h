// What the match solver proves about whole matches from the set-up (B5), for reports/match.md
// (`kamisado match-report`, in the main job):
//
//   values     the 1-, 2- and 3-point (Standard) matches and the 7-point (Long) match from the
//              set-up, each searched with the match aim (search/aim.h) within a time budget:
//              the value, first move, distance and a checked certificate where it is proved,
//              else the frontier (nodes, the root's proof and disproof numbers, table fill);
//   stakes     the most valuable ring each side can force in round 1 (P2);
//   by rounds  the 2-point match proved round by round: its certificate in layers checked whole
//              (match_certificate.h) where one is given, and a sample of its round starts
//              valued again by the whole-match search (starts_check.h); its plan and a sample of its jobs
//              proved, a projection of the whole run (by_rounds_study.h); the Standard and
//              Long matches projected level by level from sampled plans;
//   round 2    of the 2-point match: Black wins round 1 (his round proof's distinct round
//              ends are where Gold may let it end); a seeded sample of those ends, each with
//              both fills (F1), searched as round-2 starts with the match aim: who wins the
//              match from there, and who wins the round (the first mover, usually).
#pragma once

#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "solver/match/by_rounds_study.h"
#include "solver/match/match_certificate.h"
#include "solver/match/match_sample.h"
#include "solver/match/starts_check.h"
#include "solver/proof/certify.h"
#include "solver/search/goal.h"
#include "src/io/progress.h"

namespace kamisado::solver {

struct MatchStudyOptions {
  std::size_t hash_mb = 1024;
  double seconds = 60;                // per match value still open after the 1-point match
  int round_two_ends = 20;            // round ends of the 2-point match to sample
  double seconds_per_end = 5;         // per round-2 start
  std::string proof_dir;              // certificates written here, when not empty
  std::string checkpoint_dir;         // match-T.ckpt resumed and saved here, when not empty
  int round_three_per_end = 10;       // round-3 starts sampled from each round-2 proof
  ScoreSampleOptions scores;          // starts_per_score 0: no score sample
  std::size_t by_rounds_sample = 12;  // round-2 starts of the by-rounds plan proved (0: no plan)
  std::string certificate_dir;        // the 2-point match's certificate in layers, checked whole when not empty
  // Its round-3 (1–1) and round-2 starts valued again by the whole-match search once it holds,
  // drawn by scores.seed (sample 0: none); node limits, so that a run repeats exactly.
  StartsCheckOptions cross_round_three{.sample = 200, .score = std::array{1u, 1u}, .hash_mb = 64, .seconds = 0, .nodes = 20'000'000};
  StartsCheckOptions cross_round_two{.sample = 5, .score = std::array{1u, 0u}, .hash_mb = 4096, .seconds = 0, .nodes = 2'000'000'000};
  std::size_t levels_sample = 2;  // the 3- and 7-point matches projected level by level: starts planned a level (0: none)
  double levels_seconds = 2400;   // for each of the two
  // Projections kept in journals (levels_journal.h: `solve --plan --levels N --journal FILE`), one
  // each, with its root, table and prices as its header says, its plans taken from it (sampled
  // `levels_journal_sample` a stratum, the N they were made with: a start the journal lacks is
  // planned, or refused where another build wrote it). The 3- and 7-point matches are planned as
  // above where no journal's root is theirs; two journals of one root (flat and depth prices, say)
  // are reported side by side.
  std::vector<std::string> levels_journals;
  std::size_t levels_journal_sample = 8;
  double run_seconds = 120;  // the 2-point match run by rounds on 1 and on 2 threads, this long each (0: not run)
  // Threads for the parts made of independent searches: the certificate's layers and its
  // cross-checks, the scores of the score sample, and the 3- and 7-point projections side by
  // side. Their values are the same on any number (node limits; a projection's levels are
  // time-limited, so it reaches as far as its thread's speed allows).
  unsigned threads = 1;
  const std::atomic<bool>* stop = nullptr;
};

struct MatchValue {
  std::uint32_t target;
  Certified proved;
  std::uint32_t root_pn = 0, root_dn = 0;
  double table_fill = 0;
  std::string proof_path;
  std::string checkpoint_path;  // resumed from / saved to, when not empty
  std::size_t table_mb = 0;
  std::vector<CheckpointSave> history;  // the checkpoint's saves, all runs: the growth
  std::uint64_t total_nodes = 0;        // with the runs before, from the checkpoint
  double total_seconds = 0;
};

struct RoundTwoStart {
  std::string end_kfen, fill, start_kfen;
  Value match = Value::Unknown, round = Value::Unknown;  // for the side to move (Gold)
  std::uint64_t nodes = 0;
  std::size_t round_ends = 0;  // distinct round ends of Gold's round-2 proof (0: not proved)
};

// A round-3 start of the 2-point match (1–1: the next round decides, Black moving first), from
// the end of one of Gold's round-2 proofs and a fill of Gold's.
struct RoundThreeStarts {
  int starts = 0, first_mover_wins = 0, open = 0;
  std::uint64_t nodes = 0, proof_nodes = 0;  // proof_nodes: of the proof trees of those proved
  double seconds = 0;
  std::vector<std::string> kfens;  // the starts, in the order searched: a benchmark's work (scripts/round-three-bench.sh)
};

struct MatchStudy {
  MatchStudyOptions options;
  std::vector<MatchValue> values;
  RoundStakes stakes;
  std::size_t round_one_ends = 0;  // distinct round ends in Black's round-1 proof (2-point match)
  std::vector<RoundTwoStart> round_two;
  RoundThreeStarts round_three;
  std::vector<ScoreSample> scores;
  ByRoundsProjection by_rounds;                                   // of the 2-point match
  std::vector<LevelProjection> levels;                            // of the 3- and 7-point matches
  std::vector<RunRate> run_rates;                                 // of the 2-point match
  std::optional<MatchCertificateCheck> certificate;               // of options.certificate_dir
  std::optional<StartsCheck> cross_round_three, cross_round_two;  // of the certificate, when it holds
  double seconds = 0;
  long peak_rss_mb = 0;
};

MatchStudy study_matches(const MatchStudyOptions& options, const io::Lines& lines = {});

}  // namespace kamisado::solver
