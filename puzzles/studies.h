// Studies: the longest forced wins with a unique key that the tool's own proofs hold. The
// generator finds wins near a round's end, where self-play games go; the long, surprising wins
// that composers prize are in the opening and in the retrograde tables.
//
// Two sources, each searched over all of its candidates:
//   opening  the positions one and two plies after the standard start where the side to move
//            wins: after each first move of Black that loses, Gold to move; after each that
//            wins, every reply of Gold, Black to move. The opening's proofs (reports/opening.md)
//            show that the round's longest wins are there (Black wins in 18 after a1a2).
//   tables   every position of the retrograde table (retro_build.h) of each given root where
//            the side to move wins, by the table's exact distance in plies.
// A candidate's N is found exactly (winner_moves_to_win; a table's plies order its candidates
// first). Candidates are tried from the longest down with the key analysis (key_analysis.h)
// until enough have a unique key and at least two legal moves. Mirror images count once (B3).
// A study is a Puzzle of kind "study": its source names where it was found; its prefix is the
// moves from the start (opening), or empty for a table's position (the table holds only
// positions reachable from its root, stored in their least orientation under B3).
#pragma once

#include <atomic>
#include <cstddef>
#include <string>
#include <vector>

#include "puzzles/puzzle.h"
#include "solver/retro/retro_roots.h"
#include "src/io/progress.h"

namespace kamisado::puzzles {

struct StudyOptions {
  int from_opening = 10;                 // studies from the opening
  int per_table = 3;                     // studies from each table
  std::vector<solver::RetroRoot> roots;  // the tables' roots (solver/retro/retro_roots.h)
  std::size_t hash_mb = 64;
  const std::atomic<bool>* stop = nullptr;
};

// The studies, longest first within each source (opening, then each table in order). Throws
// Stopped when `stop` is raised.
std::vector<Puzzle> find_studies(const StudyOptions& options, const io::Lines& lines = {});

}  // namespace kamisado::puzzles
