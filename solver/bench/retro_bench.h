// Building retrograde tables for a user, measured: `kamisado retro build` and `retro bench`.
//
//   measure_build  builds one root's table (retro_build.h; measure_build_to_file: to its file, as
//                  retro build does) and measures its time and the memory a position costs: the
//                  build's arrays at their peak, and the process's peak resident memory above
//                  what it held before (Linux /proc);
//   bench_retro    for each root of a list (JSON: [{"name", "kfen", "source"}, ...]) builds the
//                  table both ways, verifies every value (retro_verify.h), cross-checks a sample
//                  plus every long position with the proof search (retro_crosscheck.h) and counts
//                  its rule edge cases (retro_stats.h).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "solver/retro/retro_build.h"
#include "solver/retro/retro_crosscheck.h"
#include "solver/retro/retro_file.h"
#include "solver/retro/retro_roots.h"
#include "solver/retro/retro_stats.h"
#include "solver/retro/retro_verify.h"
#include "src/io/progress.h"

namespace kamisado::solver {

struct MeasuredBuild {
  RetroTable table;  // empty when the build went to a file (measure_build_to_file)
  RetroValue root_value;
  RetroBuildStats stats;
  double seconds = 0;               // enumeration, graph and solving
  std::uint64_t resident_peak = 0;  // the process's peak resident memory above where it started
  double rate() const { return double(stats.positions) / std::max(seconds, 1e-9); }
  double bytes_per_position() const { return double(stats.peak_bytes) / double(stats.positions); }
  double resident_per_position() const { return double(resident_peak) / double(stats.positions); }
};

// Throws RetroCapExceeded (an InputError) past limits.max_positions, Stopped if limits.stop is
// raised; nothing is built then. limits.progress is set here, to `lines`.
MeasuredBuild measure_build(const Position& root, RetroBuildLimits limits, const io::Lines& lines = {});
// `kamisado retro build`: the table written to `path`, in layers that wait on disk
// (build_retro_file: a build killed goes on when run again), or by the graph in memory and
// saved; `info` says what was written.
MeasuredBuild measure_build_to_file(const Position& root, RetroBuildLimits limits, const std::string& path, RetroFileInfo& info,
                                    const io::Lines& lines = {});

struct RetroBenchRow {
  std::string name, kfen, source;
  MeasuredBuild build;  // in layers (retro_layers.h)
  // The graph build (the second solver) of the same root, measured, and whether its table is the
  // layers' entry for entry: every key, value and distance.
  RetroBuildStats graph;
  double graph_seconds = 0;
  std::uint64_t graph_resident_peak = 0;
  bool solvers_agree = false;
  RetroFileInfo file;
  RetroVerifyResult verified;
  double verify_seconds = 0;
  RetroCrossCheck cross;
  RetroValue root_value;
  RetroEdgeCases cases;           // its rule edge cases (retro_stats.h), with a sample of 1000 positions
  std::string spec_disagreement;  // the sample against the rules' specification: "" if it agrees (set by the caller)
  std::uint64_t table_size = 0;
  int longest = 0;  // the longest distance in the table
};

struct RetroBench {
  std::string roots_path;
  RetroCrossCheckOptions check;
  int threads = 2;
  std::vector<RetroBenchRow> rows;
  bool all_hold() const;  // verified, cross-checked, the two solvers agree, and the spec check holds
};

RetroBench bench_retro(const std::string& roots_path, const RetroCrossCheckOptions& check, int threads, const io::Lines& lines = {});

}  // namespace kamisado::solver
