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
// When the master's most proving node is a job, the master takes it: the job waits with numbers
// so large that the master looks elsewhere, and after a batch of them the master pauses. The
// jobs are proved (each a round start, proved the same way one round deeper), their values go
// into the table, and the master resumes with its own table as it left it. Every value an answer
// rests on is proved; a guess only orders the work, and the master's proof numbers count jobs,
// so it prefers proofs that need few.
//
// A job is proved whole, where a search into the start would leave it as soon as another line
// looked cheaper. For a last round's start, whose winner wins the match, that costs more than
// it saves (measured: docs/solver.md), so by default such starts are not jobs: their master
// searches into them, and the jobs are the starts of rounds that do not decide the match.
//
// Jobs are independent: the first master's batches are shared out among threads (each with its
// own search table: never one table between threads); deeper jobs are done by the thread that
// needs them. Every later round end that leads to a proved start finds it in the table. The
// table is the run's checkpoint: it is written every few minutes, when the run stops and when
// it ends, and a run started again on it skips every start it holds, so it ends with the value
// of a run never stopped.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kamisado/position.h"
#include "solver/search/dfpn.h"
#include "solver/starts/round_start_table.h"

namespace kamisado::solver {

// The guess for a start the table does not hold (above): the side that moves first wins the match
// when its points are not behind.
Side guessed_match_winner(const Position& start);

struct ByRoundsProgress {
  double seconds = 0;
  std::uint64_t jobs_done = 0, jobs_queued = 0;  // the first master's jobs (the next round's starts)
  std::uint64_t starts_proved = 0;               // starts this run added to the table, at every depth
  std::size_t table_size = 0;
  std::uint64_t nodes = 0;
};

struct ByRoundsOptions {
  std::size_t hash_mb = 64;  // each search's table (one per thread)
  unsigned threads = 1;
  double seconds = 0;                       // 0: no limit
  std::uint64_t max_jobs = 0;               // stop once this many starts are proved (0: no limit), a limit that repeats exactly
  const std::atomic<bool>* stop = nullptr;  // Ctrl-C
  std::string table_path;                   // the round-start table: read if there, written as the run goes
  double checkpoint_seconds = 300;          // between writes of table_path
  // The starts of a last round (whose winner wins the match) are jobs only if this is not 0: a
  // job that needs more nodes than this (counted by 4096) is given back and its master searches
  // into the start itself, as the whole-match search would. 0 (the default): such starts are
  // always searched by their master, which measured faster (docs/solver.md).
  std::uint64_t job_nodes = 0;
  std::function<void(const ByRoundsProgress&)> progress;  // every progress_seconds (at least 0.1 s)
  double progress_seconds = 2;
};

// What one depth of the run met: depth 1 is the root's round, 2 the next, and so on.
struct RoundCount {
  std::uint64_t jobs = 0;           // starts taken as jobs by the masters of the round before
  std::uint64_t proved = 0;         // proved (a job another thread proved first is not proved twice)
  std::uint64_t searched_into = 0;  // last-round jobs over their budget, searched by their master
  std::uint64_t known = 0;          // starts a master found proved by others (each once a master): reuse
};

struct ByRoundsResult {
  std::optional<Side> winner;  // nullopt: stopped first
  std::uint64_t masters = 0;   // master searches run
  std::uint64_t nodes = 0;     // nodes of every search
  double seconds = 0;
  std::vector<RoundCount> rounds;  // [depth - 1]
  std::size_t table_read = 0;      // starts the table held when the run began (a resumed run's)
  std::size_t table_size = 0;
  std::uint64_t table_hits = 0;  // jobs found already proved (by another thread, or an earlier run)
};

// Proves who wins the match from `root` (a match position: an InputError otherwise), with the
// table (read from and written to options.table_path when one is given, else kept in `table`).
ByRoundsResult solve_by_rounds(const Position& root, RoundStartTable& table, const ByRoundsOptions& options);

// The answer for the side to move at `root`, with the counts per round: as JSON and as text.
nlohmann::json by_rounds_json(const Position& root, const ByRoundsResult& r);
std::string by_rounds_text(const Position& root, const ByRoundsResult& r);

}  // namespace kamisado::solver
