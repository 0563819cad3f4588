// What the retro commands answer (kamisado retro build, probe, stats, verify, crosscheck,
// bench): a table built, a position looked up, a table counted or checked.
#pragma once

#include <string>
#include <vector>

#include "app/present/answer.h"
#include "app/present/retro_bench_report.h"
#include "solver/retro/retro_crosscheck.h"
#include "solver/retro/retro_file.h"
#include "solver/retro/retro_table.h"
#include "solver/retro/retro_verify.h"
#include "src/io/progress.h"
#include "src/kamisado/position.h"

namespace kamisado::present {

// A build measured and written to `path` (`info`), from `root`.
Answer retro_build_answer(const solver::MeasuredBuild& run, const solver::RetroFileInfo& info, const Position& root, const std::string& path);
// `pos` looked up: its value and every optimal move (retro probe).
Answer retro_probe_answer(const Position& pos, solver::RetroValue v, const std::vector<Move>& optimal);
// The table at `path` counted (retro stats, solver/retro/retro_stats.h): by value and distance,
// and its rule edge cases; a sample of its positions checked against the rules' specification
// (src/verify/spec_position.h), Status::Failed where they disagree.
struct RetroStatsOptions {
  int threads = 1;
  std::uint64_t sample = 1000, seed = 1;
};
Answer run_retro_stats(const std::string& path, const RetroStatsOptions& opt, const std::atomic<bool>* stop, const io::Lines& lines);
// The table at `path` checked against the rules (retro verify), in `seconds`.
Answer retro_verify_answer(const std::string& path, const solver::RetroVerifyResult& r, double seconds);
// The table at `path` compared with the proof search (retro crosscheck).
Answer retro_crosscheck_answer(const std::string& path, const solver::RetroCrossCheck& r, int long_distance);
// Each root's table built, verified and cross-checked (retro bench): one line a root.
Answer retro_bench_answer(const solver::RetroBench& b);

// The runs of retro verify, crosscheck and bench: the table at `path` (or each of `roots`')
// loaded and checked, with progress lines, `report` written if named. Failed (verify) or
// Disagrees (crosscheck, bench) unless every value holds.
Answer run_retro_verify(const std::string& path, int threads, const std::atomic<bool>* stop, const io::Lines& lines);
Answer run_retro_crosscheck(const std::string& path, const solver::RetroCrossCheckOptions& check, const io::Lines& lines);
Answer run_retro_bench(const std::string& roots, const solver::RetroCrossCheckOptions& check, int threads, const std::string& report,
                       const io::Lines& lines);

}  // namespace kamisado::present
