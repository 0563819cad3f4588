// The first-mover census: who wins the round from each start of a subspace (subspace.h) of the
// census space (start_space.h), proved, certified, and counted exactly.
//
// A run lives in one folder:
//   manifest.json   what the run proves (FORMAT below): written once by plan_census
//   subspace.bin    a listed subspace's classes and weights (subspace_file.h), written with it
//   shard-K.bin     the results of slice K (shard.h), written by whoever proved it
//   proofs/I.proof  the certificate of each start I that the second mover wins
//   runs.jsonl      one line for each run's session: when, how long, on how many workers
//   .kamisado.lock  while a run proves shards: its lock (io/run_lock.h), one run at a time
// The subspace's classes, in order, are cut into slices of `shard_size`; slice K is shard K.
// Any worker proves any slice whose file is missing, with a table of its own cleared at the
// slice's start, so a shard's content (all but its times) depends only on the slice: a run
// stopped anywhere and run again, by one process or many, ends with the same shards.
//
// MANIFEST (JSON): {"format": "kamisado-census", "version": 2, "run": "<16 hex digits>",
//   "subspace": NAME, "shard_size": N, "hash_mb": M, "trees": "second-mover" | "all",
//   "shards": K, "classes": C, "starts": S}
// run: XXH64 of the plan (subspace, shard size, table size, trees), so a shard of another plan
// is refused.
//
// Each start is proved value-only by df-pn (who wins, not how fast). A start the second mover
// wins gets its proof tree built, checked by the checker (move generator alone) and kept; at
// merge it is checked again from its file. The first mover's wins are the bulk (99%), and their
// trees cost as much as their search: by default they are not built during the run, and instead
// a seeded 1% of them are proved afresh at merge, tree built and checked. A plan with trees
// "all" builds and checks the tree of every start during the run (about 1.7 times the time).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "solver/census/features.h"
#include "solver/census/shard.h"
#include "solver/census/subspace.h"
#include "solver/search/transposition_table.h"
#include "src/io/progress.h"
#include "src/io/run_lock.h"

namespace kamisado::solver {

struct CensusPlan {
  std::string subspace = "black-standard";
  std::uint32_t shard_size = 256;
  std::size_t hash_mb = 64;    // the fastest of the sizes measured (docs/census.md)
  bool trees_for_all = false;  // build and check every start's tree, not only the second mover's wins
};

struct Census {
  std::string dir;
  CensusPlan plan;
  std::uint64_t run = 0;
  Subspace space;
  std::uint32_t shards = 0;
  std::string shard_path(std::uint32_t k) const;
  std::string proof_path(std::uint32_t index) const;
  std::uint64_t slice_begin(std::uint32_t k) const { return std::uint64_t(k) * plan.shard_size; }
  std::uint64_t slice_end(std::uint32_t k) const;
};

// Writes DIR/manifest.json (the folder is made if missing). A folder that already holds this
// plan is left as it is (planning again is harmless); one that holds another plan is refused.
Census plan_census(const std::string& dir, const CensusPlan& plan, const io::Lines& lines = {});
// The run in DIR, its manifest checked. A large sample's list of starts takes seconds to draw:
// said on `lines`.
Census open_census(const std::string& dir, const io::Lines& lines = {});
// The lock of a run that proves shards in c.dir (io/run_lock.h): a second run on the folder is
// refused in one line. Taking it removes what a killed run left half-written (shard and proof
// temporaries).
io::RunLock lock_census_run(const Census& c);

// Proves slice k: its records, and the proofs of the second mover's wins written to proofs/.
// Stopped: nullopt, nothing written. `table` (of c.plan.hash_mb) is cleared first and used for the
// slice: a worker hands the same one to each of its slices, so that its memory is made once.
// `starts_done`, if given, counts the starts proved as they are (for progress).
std::optional<std::vector<ShardRecord>> prove_slice(const Census& c, std::uint32_t k, TranspositionTable& table,
                                                    const std::atomic<bool>* stop = nullptr, std::atomic<std::uint64_t>* starts_done = nullptr);
// Shard k's records, its file read and checked (shard.h), exactly its slice's classes in order; nullopt if
// it is not written yet. A damaged or foreign one is an InputError naming it: the user decides,
// nothing is overwritten.
std::optional<std::vector<ShardRecord>> slice_records(const Census& c, std::uint32_t k);
// The certificate of class `index`'s second-mover win (proofs/), read and checked by the checker
// alone: it must prove that the side moving second wins the round from the class's very start.
struct SecondMoverCertificate {
  std::string failure;     // empty when it holds; else the file and why (missing, damaged, of another start)
  std::string unreadable;  // the reader's error, when it could not be read at all
  std::size_t nodes = 0;
  std::uint64_t bytes = 0;
};
SecondMoverCertificate check_second_mover_certificate(const Census& c, std::uint32_t index);
// Whether shard k is done: slice_records has it.
bool shard_done(const Census& c, std::uint32_t k);
// The representative start of census class `index` (start_space.h), Black moving first.
Position start_at_class(std::uint32_t index);
// The slices whose shards are not done, in order.
std::vector<std::uint32_t> missing_shards(const Census& c);
// What proving one slice added to a run.
struct SliceDone {
  std::uint64_t starts = 0, nodes = 0;
};
// prove_slice, then its shard file written (atomically); nullopt if stopped, nothing written.
std::optional<SliceDone> prove_and_write_shard(const Census& c, std::uint32_t k, TranspositionTable& table, const std::atomic<bool>* stop = nullptr,
                                               std::atomic<std::uint64_t>* starts_done = nullptr);

// A census run's totals, as runs.jsonl keeps them.
struct CensusRunStats {
  std::uint32_t shards = 0, already_done = 0, proved = 0;
  std::uint64_t starts_proved = 0, nodes = 0;
  double seconds = 0;
  int workers = 1;                 // threads, or ranks; 0 on an MPI rank other than 0 (it reports nothing)
  const char* runner = "threads";  // or "mpi"
  void add(const SliceDone& d) { ++proved, starts_proved += d.starts, nodes += d.nodes; }
};

// Other processes proving slices beside this one's threads (census_mpi.h): `count` of them, each
// a slice at a time; prove returns once the slice's shard is written, nullopt if it was stopped.
struct FarSlices {
  unsigned count = 0;
  std::function<std::optional<SliceDone>(std::uint32_t k)> prove;
};

// The slices of `c` not proved yet, handed out in order to `threads` threads of this process and
// to `far` when given (the times are heavy-tailed: fixed slices would leave workers idle). At the
// end the session is appended to runs.jsonl, then Stopped unless every shard is done. The caller
// holds the run's lock (lock_census_run).
CensusRunStats prove_missing_slices(const Census& c, int threads, const std::atomic<bool>* stop, const FarSlices* far, const io::Lines& lines);

struct CensusRunOptions {
  int threads = 1;
  const std::atomic<bool>* stop = nullptr;  // raised: the run stops, finished shards stay; throws Stopped
};
// DIR's census run on this process's threads.
CensusRunStats run_census(const std::string& dir, const CensusRunOptions& options, const io::Lines& lines = {});

// Every shard read and checked: exact coverage (each class of the subspace once, none else),
// totals, the second mover's wins with their proofs re-checked, and a seeded 1% of the first
// mover's wins proved again.
struct CensusSecondMoverWin {
  std::uint32_t index = 0;
  std::string kfen, proof;
  std::uint32_t weight = 0;
  std::size_t proof_nodes = 0;
  bool proof_checked = false;
  StartFeatures features;
};
struct CensusMerged {
  Census census;
  std::uint32_t missing_shards = 0;
  std::uint64_t classes = 0, starts = 0;                          // proved
  std::uint64_t first_mover_classes = 0, first_mover_starts = 0;  // of those, won by the first mover
  std::uint64_t unchecked = 0;                                    // starts whose tree was due but not checked
  std::uint64_t nodes = 0, proof_nodes = 0;
  std::uint64_t proof_bytes = 0;  // the kept certificates' files
  double seconds = 0;             // summed over starts
  std::vector<CensusSecondMoverWin> second_mover_wins;
  // Files of proofs/ that no shard claims, in a complete run: a shard changed to drop a
  // second-mover win leaves one. Any makes the merge unsound.
  std::vector<std::string> unclaimed_proofs;
  // What the second mover's wins have in common (features.h), over the classes of a run of at
  // most kMostClassesForFeatures classes (a larger one is left untested).
  std::vector<FeatureTest> hypotheses;
  std::vector<std::uint32_t> indices, micros;  // each class's time, in order (runs as above only)
  std::uint32_t slowest_micros = 0, slowest_index = 0;
  std::uint64_t rechecked_first = 0, rechecked_first_agree = 0;
  // runs.jsonl summed: the sessions, their wall time, and wall time times workers.
  std::uint64_t sessions = 0;
  double wall_seconds = 0, worker_seconds = 0;
  int most_workers = 0;
  bool complete() const { return missing_shards == 0; }
  // The first mover's share over starts, and for a sampled subspace its 95% interval (Wilson);
  // an exact run's interval is the share itself.
  double first_mover_share() const;
  std::pair<double, double> first_mover_interval() const;
  // Every tree checked, every proof re-checked, every re-proof agrees, no proof unclaimed.
  bool sound() const;
};
constexpr std::uint64_t kMostClassesForFeatures = 2'000'000;
// The certificates are checked and the first mover's wins re-proved on `threads` threads.
CensusMerged merge_census(const std::string& dir, const io::Lines& lines = {}, const std::atomic<bool>* stop = nullptr, int threads = 1);
// Its manifest's JSON: the manifest.json file of the run folder, read back by open_census.
nlohmann::json manifest_json(const Census& c);

}  // namespace kamisado::solver
