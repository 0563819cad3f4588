// Every class of a census run, one row each, for a user who studies the census beyond its
// report (`kamisado census export`): the class's index, a representative start as KFEN (its
// first mover is Black: start_space.h), how many starts it stands for, who wins it, and what
// proving it cost. Rows come in the run's order, read shard by shard, so a run of any size is
// written without being held.
//
//   CSV  (the default) a header, then one line a class:
//        class,kfen,starts,winner,nodes,seconds,certificate
//        winner is "first-mover" or "second-mover"; certificate is the proof file of a
//        second-mover win, relative to the run's folder, else empty
//   JSON one object: {"run": the manifest, "complete": bool, "missing_shards": N,
//        "classes": [{"class", "kfen", "starts", "winner", "nodes", "seconds", "certificate"}...]}
// A shard not yet proved is left out (complete false); a damaged one is an InputError.
// VERIFIED ON READ: each shard's coverage (its slice's classes, in order), and each second-mover
// win's certificate, checked by the checker (a missing, damaged, swapped or forged one is an
// InputError naming it). A first-mover win has no certificate: it is the shard's record, and
// the export says how many (JSON "first_mover_wins_unchecked"; the command's last line).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "solver/starts/round_start_table.h"
#include "src/io/progress.h"

namespace kamisado::solver {

enum class CensusExportFormat { Csv, Json };

struct CensusExported {
  std::uint64_t classes = 0, starts = 0;
  std::uint64_t unchecked_classes = 0;  // first-mover wins: the shards' records, no certificate to check
  std::uint32_t missing_shards = 0;
};

CensusExported export_census(const std::string& dir, CensusExportFormat format, std::ostream& out, const io::Lines& lines = {});

// The run's proved classes as a round-start table (starts/round_start_table.h): a census start is
// the round start of a single round, its key the class index, its value who wins the round. The
// seed of the table the match by rounds reads (`kamisado census round-starts`).
RoundStartTable census_round_starts(const std::string& dir, CensusExported& counted, const io::Lines& lines = {});

}  // namespace kamisado::solver
