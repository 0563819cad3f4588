// A projection by levels kept as it goes (by_rounds_study.h, `solve --plan --levels N --journal
// FILE`): each sampled start's plan, once finished, is a line of the journal, and a projection
// started again on it takes the plans it holds instead of planning their starts again. Level 2 of
// the Standard match plans for 10 to 30 minutes a start, so 8 a level is hours: a run stopped or
// killed goes on where it was, and the journal, committed beside its report, is the measurement's
// record (the plans' own seconds, as measured when they ran).
//
// FORMAT (JSON lines, one object a line; io::LineAppender writes them, a line a kill cut short
// is ended and skipped):
//   line 1, the projection's:  {"format": "kamisado-levels-journal 1", "root": KFEN,
//                               "hash_mb": N, "depth_prices": bool, "build": io::build_id()}
//   each later line, a plan:   {"kfen": the start's KFEN, "seconds": its search's, "nodes": N,
//                               "jobs": [the KFENs of the next round's starts it rests on]}
// A plan is the same for the same start, table size, pricing and sources (plans are
// deterministic: same nodes, same jobs), so a journal continues only a projection of its root
// with the same table size and pricing: another is refused in one line and the file left as it
// was. A journal another build wrote is a record of what that build measured: its plans are taken
// (a report made later reads them), but this build, which may plan otherwise, adds none to it: a
// start it lacks is refused before it is planned. What it holds is trusted as written (a
// measurement, not a proof: nothing an answer's value rests on).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "src/io/files.h"
#include "src/io/run_lock.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {

// What a journal's first line says of its projection.
struct JournalHeader {
  Position root;
  std::size_t hash_mb = 0;
  bool depth_prices = true;
  std::string build;  // io::build_id() of the build that wrote it
};

struct JournalPlan {
  double seconds = 0;
  std::uint64_t nodes = 0;
  std::vector<Position> jobs;
};

class LevelsJournal {
 public:
  // Opens `path` (made with its header line if missing or empty) for the projection of `root` with
  // these settings, locked for this run, and reads the plans it holds. A file that is not such a
  // journal, or one of another projection, is an InputError naming what differs.
  LevelsJournal(const std::string& path, const Position& root, std::size_t hash_mb, bool depth_prices);
  // The header of the journal `path`: an InputError if it is none.
  static JournalHeader header(const std::string& path);
  const JournalPlan* find(const std::string& kfen) const;
  const std::map<std::string, JournalPlan>& plans() const { return plans_; }  // by start's KFEN
  // The build that wrote the journal where it is not this one ("" where it is: plans can be added).
  const std::string& other_build() const { return other_build_; }
  // An InputError if this build may not add the plan of `kfen` (another build's journal): called
  // before planning it, so that no plan is made to be refused.
  void check_can_add(const std::string& kfen) const;
  void add(const std::string& kfen, const JournalPlan& plan);

 private:
  std::string path_;
  std::string other_build_;
  io::RunLock lock_;
  std::map<std::string, JournalPlan> plans_;
  std::optional<io::LineAppender> out_;
};

}  // namespace kamisado::solver
