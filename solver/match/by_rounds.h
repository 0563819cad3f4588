// Who wins a match, proved round by round (issue 29).
//
// THE IDEA. A match breaks at round ends: after the Defender's fill (F1–F3) the next round
// starts from a position that the round-start table (starts/round_start_table.h) can hold, and
// many round ends lead to one start. So a match is not searched as one tree. A *master* search
// (df-pn) plays only the round in front of it: a round start it meets is a leaf, decided where
// the table holds it, else a *job* (job-level proof-number search, Wu et al.): a leaf with
// numbers from a guess of its value, never searched into. The guess is what the census found of
// round starts (the side moving first wins about 99% of them) carried through the score: if each
// round's first mover won it, the rounds' winners would alternate (F1: the loser moves first
// next), and the side moving first takes the match exactly when its points are not behind.
//
// When a job is the master's most proving node, the master takes it and *runs ahead*: the job
// counts as its guess until proved, so that the master goes on to the jobs its proof needs if
// the guesses hold (most do). After a batch of jobs (4 for each thread or rank proving them:
// the first master's are shared out, a deeper master's thread proves its own) the master pauses;
// the jobs are proved (each a round start, proved the same way one round deeper), their values
// go into the table, and the master resumes with its own table as it left it, or, where a job
// proved its guess wrong, starts again from the round-start table. Every value an answer rests
// on is proved; a guess only orders the work, and the master's proof numbers count jobs, so it
// prefers proofs that need few. A last round's job (a plain round search) that the master's own
// thread would prove is proved as soon as it is taken, and the master goes on with its value: no
// guess of it can fail and start the master again (issue 69; not a planning master's, nor a
// certificate's).
//
// A job is proved whole, where a search into the start would leave it as soon as another line
// looked cheaper; yet with a table of its own each job keeps its master's table small, and on
// the positions measured (docs/solver.md) that is cheaper than the master searching into the
// starts. A last round's jobs (plain round searches) can be given a budget, past which the
// master searches into the start itself (job_nodes).
//
// Jobs are independent: the first master's batches are shared out among threads (each with its
// own search table: never one table between threads); deeper jobs are done by the thread that
// needs them. Every later round end that leads to a proved start finds it in the table. The
// table is the run's checkpoint: it is written every few minutes, when the run stops and when
// it ends, and a run started again on it skips every start it holds, so it ends with the value
// of a run never stopped.
//
// WHAT IS READ BACK (docs/formats.md). A table file holds values an earlier run proved; a value
// read back is a claim, checksummed but not proved (the checksum is no proof: anyone can write
// one). By default a run takes them as they are and says so: its answer counts the file's starts
// it consulted (ByRoundsResult::unchecked), and the answer's text and JSON name them. With
// options.recheck the file's starts are claims only: the run proves every start it needs itself
// and refuses the file, in one line and without writing it, where a start proved disagrees with
// its claim. A certificate run (certify_by_rounds) trusts no claim: every start a layer ends at
// has its own layer, proved or read back and checked again, and must agree with the leaf.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "solver/match/match_certificate.h"
#include "solver/search/dfpn.h"
#include "solver/starts/round_start_table.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {

// The guess for a start the table does not hold (above): the side that moves first wins the match
// when its points are not behind.
Side guessed_match_winner(const Position& start);

// Whether a start, taken as a job, is one round search if its guess holds: its round decides the
// match whoever wins it, or its side moving first (then the guessed winner: not behind) takes the
// match by winning it, as the side moving first wins most rounds (99% of the census's starts).
// Such a job costs a round search where any other is a match of its own, and a master prices it
// so (JobOracle, by_rounds.cpp: issue 69).
bool one_round_job(const Position& start);

// The levels of masters a start is as a job if its guess holds: 0 for a one-round job, else the
// points its guessed winner still needs (a round at a time: P3's Sumo wins, worth more, only make
// it shorter). A master prices a job as deep as itself four times its shallower siblings.
unsigned job_depth(const Position& start);

struct ByRoundsProgress {
  double seconds = 0;
  std::uint64_t jobs_done = 0, jobs_queued = 0;  // the first master's jobs (the next round's starts); on the job tree, waiting at rank 0
  std::uint64_t starts_proved = 0;               // starts this run added to the table, at every depth
  std::uint64_t layers = 0;                      // a certificate's layers written or kept (certify_by_rounds)
  std::size_t table_size = 0;
  std::uint64_t nodes = 0;
  std::uint64_t handed_out = 0;  // on the job tree (by_rounds_tree.h): jobs of every level given to ranks
};

// What one depth of the run met: depth 1 is the root's round, 2 the next, and so on.
struct RoundCount {
  std::uint64_t jobs = 0;           // starts taken as jobs by the masters of the round before
  std::uint64_t proved = 0;         // proved (a job another thread proved first is not proved twice)
  std::uint64_t searched_into = 0;  // last-round jobs over their budget, searched by their master
  std::uint64_t known = 0;          // starts a master found proved by others (each once a master): reuse
};

// What a job proved in another process (by_rounds_mpi.h) gives back: its winner (nullopt: it
// was stopped first, or over its budget), its nodes, every start it proved on the way (itself
// included), for the table, and its counts per round, at the run's depths.
struct FarJob {
  std::optional<Side> winner;
  bool over_budget = false;
  std::uint64_t masters = 0, nodes = 0;
  RoundStartTable proved;
  RoundStartTable unchecked;  // the starts of the table file it consulted, read back unchecked
  std::vector<RoundCount> rounds;
};

// Other processes that prove the first master's jobs beside the run's own threads. prove() is
// called by one of the run's threads and returns when the job is done, or soon after `halt`.
class FarHands {
 public:
  virtual ~FarHands() = default;
  virtual unsigned count() const = 0;  // jobs at once
  virtual FarJob prove(const Position& start, unsigned depth, std::uint64_t node_budget, const std::atomic<bool>& halt) = 0;
};

// The run's ranks on the job tree scheduler (by_rounds_tree.h): a master hands them its plan's jobs,
// but for the one-round ones it proves itself, as one batch. prove() is called by the master's
// thread and returns, in the batch's order, whether each start's side moving first wins it, once
// all are proved; nullopt if the run stops first. A master's search meets starts its process does
// not know: meet() has one looked up in the other ranks' shards while the search goes on, and
// looked_up() waits for the answers to those met since its last call and gives the proved ones,
// with whether the side moving first wins each (nullopt if the run stops first): Run::meet.
class TreeHands {
 public:
  virtual ~TreeHands() = default;
  virtual std::optional<std::vector<bool>> prove(const std::vector<Position>& starts, unsigned depth) = 0;
  virtual void meet(const Position& start) = 0;
  virtual std::optional<std::vector<std::pair<RoundStartKey, bool>>> looked_up() = 0;
};

struct ByRoundsOptions {
  std::size_t hash_mb = 64;  // each search's table (one per thread)
  unsigned threads = 1;
  double seconds = 0;                       // 0: no limit
  std::uint64_t max_jobs = 0;               // stop once this many starts are proved (0: no limit), a limit that repeats exactly
  std::uint64_t max_layers = 0;             // certify_by_rounds: stop once this many layers are written or kept (0: no limit)
  const std::atomic<bool>* stop = nullptr;  // Ctrl-C
  std::string table_path;                   // the round-start table: read if there, written as the run goes
  bool recheck = false;                     // table_path's starts are claims, each proved again before it is used (above)
  double checkpoint_seconds = 300;          // between writes of table_path
  // A job of a last round (whose winner wins the match, so its job is a plain round search) that
  // needs more nodes than this (counted by 4096) is given back, and its master searches into the
  // start itself, as the whole-match search would. 0 (the default): no limit.
  std::uint64_t job_nodes = 0;
  // The first master plans (by_rounds.cpp, Run::decide): it runs ahead until decided on guesses,
  // and the starts its proof rests on are proved as one batch; it plans again only where a guess
  // failed. Else it pauses after every few jobs it takes (4 per hand).
  bool plans = false;
  // Jobs as deep as their master priced four times their siblings (job_depth, issue 69). False:
  // one price for every job that is not one round, as before that lever, to measure it against.
  bool depth_prices = true;
  std::function<void(const ByRoundsProgress&)> progress;  // every progress_seconds (at least 0.1 s)
  double progress_seconds = 2;
  FarHands* far = nullptr;    // other processes proving the first master's jobs too (by_rounds_mpi.h)
  TreeHands* tree = nullptr;  // every master plans and hands its jobs to the job tree (by_rounds_tree.h)
};

struct ByRoundsResult {
  std::optional<Side> winner;  // nullopt: stopped first
  // On the job tree (by_rounds_tree.h): [rank][level - 1], the jobs each rank proved (rank 0
  // coordinates), and the starts proved by two ranks (none: each is proved once).
  std::vector<std::vector<std::uint64_t>> rank_jobs;
  std::uint64_t proved_twice = 0;
  // On the job tree: the starts masters looked up in other ranks' shards as they met them
  // (Run::meet), and of them those found proved.
  std::uint64_t looked_up = 0, looked_up_proved = 0;
  std::uint64_t masters = 0;   // master searches run
  std::uint64_t restarts = 0;  // times a master (at any depth) found a guess wrong and started again
  std::uint64_t plans = 0;     // plans the first master made (options.plans), its last one resting on proved starts only
  std::uint64_t far_jobs = 0;  // the first master's jobs proved by other processes (MPI ranks)
  std::uint64_t nodes = 0;     // nodes of every search
  double seconds = 0;
  std::vector<RoundCount> rounds;  // [depth - 1]
  std::size_t table_read = 0;      // starts the table held when the run began (a resumed run's)
  std::size_t table_size = 0;
  std::uint64_t table_hits = 0;  // jobs found already proved (by another thread, or an earlier run)
  // The starts read back from options.table_path that the run consulted, unchecked: the answer
  // rests on them (none with options.recheck). `rechecked`: the file's claims proved again, and
  // agreeing, with options.recheck.
  std::size_t unchecked = 0, rechecked = 0;
  std::string table_path;
};

// Proves who wins the match from `root` (a match position: an InputError otherwise), with the
// table (read from and written to options.table_path when one is given, else kept in `table`).
ByRoundsResult solve_by_rounds(const Position& root, RoundStartTable& table, const ByRoundsOptions& options);

// The certificate in layers (match_certificate.h) of who wins the match from `root`, written to
// the folder `dir`: the root's layer, then the layers of the starts it ends at, depth by depth,
// each start once. A start's layer is its master's proof (Run::decide) walked to its round's
// ends, so a start the table holds is proved again as a master, and one it does not hold is
// proved first, as a run would (the table is read from and saved to options.table_path). Stopped
// or killed, it keeps the layers written so far, and a run started again reads them back.
struct ByRoundsCertificate {
  std::optional<Side> winner;       // nullopt: stopped first
  std::vector<LayerCount> written;  // [depth - 1]: the layers this run wrote
  std::uint64_t kept = 0;           // layers an earlier run wrote, read back and checked again
  std::uint64_t nodes = 0;          // of every search
  double seconds = 0;
};
ByRoundsCertificate certify_by_rounds(const Position& root, RoundStartTable& table, const std::string& dir, const ByRoundsOptions& options);

// The jobs of a run if every guess held: the first master alone, run ahead (by_rounds.cpp,
// Run::decide) until its root is decided, with no job proved. What a run would cost is these
// jobs' count times what a job costs: a projection (match-report).
struct ByRoundsPlan {
  std::optional<Side> winner;  // the root's winner if every guess holds; nullopt: stopped first
  std::vector<Position> jobs;  // the next round's starts its proof rests on, guessed, by key
  std::size_t taken = 0;       // the jobs the search took as guesses, in its proof or not
  std::uint64_t nodes = 0;
  double seconds = 0;
  // The search and the walk alone, without making and clearing the search's table: what a run's
  // master spends on a table lent to it (a 1 GB table takes longer to make than a last round's
  // search).
  double search_seconds = 0;
  std::size_t table_size = 0;  // starts known to the table: not jobs
};
ByRoundsPlan plan_by_rounds(const Position& root, RoundStartTable& table, const ByRoundsOptions& options);

// One job, as a process of a run under MPI proves it for the run's first process: `start` of the
// run's round `depth`, searched into by its master when over `node_budget` (0: no budget), with
// `table` (what this process proved before and what it read) kept between jobs; `read_back`, the
// starts of `table` read from the table file, unchecked (FarJob::unchecked lists those consulted).
FarJob prove_far_job(const Position& start, unsigned depth, std::uint64_t node_budget, RoundStartTable& table, const RoundStartTable& read_back,
                     const ByRoundsOptions& options);

// One job of a run on the job tree (by_rounds_tree.h): `start`, of the run's round `depth`, proved
// by a master that plans and hands its jobs to `options.tree`, with `table` (what this process
// proved and learnt) kept between jobs. FarJob::proved lists every start it proved itself.
FarJob prove_tree_job(const Position& start, unsigned depth, RoundStartTable& table, const ByRoundsOptions& options);

}  // namespace kamisado::solver
