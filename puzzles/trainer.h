// The puzzle trainer: a static folder (no server, no network) where a person plays a puzzle's
// moves on the board and the page answers with the proved defence (kamisado puzzles export
// --html DIR, and every published collection).
//
// The page knows no rules. For each puzzle the export writes a tree of the positions the solver
// can reach, every verdict proved here by the proof search (key_analysis.h):
//   - at the winner's turn, every legal move, each with whether it still wins within the moves
//     left (wins_within); a move that does not is refused, and the moves that do each lead on;
//   - at the loser's turn, one reply: the longest defence (longest_defence), the move the main
//     line plays, so that the defence the page plays back is the proof's.
// Positions met twice (transpositions) are one node. A puzzle whose tree would pass
// `max_nodes` (many duals) follows, at each of the winner's turns, only the main line's move;
// every move keeps its verdict, so the page still refuses each move that fails, and of a dual
// (a move that wins in time but is not followed) it says that it follows the main line only.
//
// The folder: index.html (the trainer), trainer.js, trainer.css (the three from
// puzzles/trainer/, built into the binary), puzzles.js (the data: window.KAMISADO_TRAINER = {...}, a script rather
// than JSON because browsers do not fetch files from a file:// page), and booklet.html (the text
// booklet, booklet.h). They are written through the folder's io::FolderWrite: a file of one of
// these names that the tool did not write is refused, never written over, and the five files
// take their names together or not at all.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "puzzles/store.h"
#include "solver/search/dfpn.h"
#include "src/io/output_folder.h"
#include "src/io/progress.h"
#include "src/kamisado/move.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {
class TranspositionTable;
}

namespace kamisado::puzzles {

struct TrainerMove {
  Move move;
  bool wins = false;  // at the winner's turn: still wins within the moves left
  int next = -1;      // the node it leads to (-1: refused, or not followed)
};

struct TrainerNode {
  Position pos;
  int left = 0;                    // the winner's moves left, this one's included when it is his turn
  std::vector<TrainerMove> moves;  // winner's turn: every legal move; loser's: the one reply
  int best = -1;                   // winner's turn: the move the main line plays (first that wins)
};

struct TrainerTree {
  std::vector<TrainerNode> nodes;  // nodes[0] is the puzzle
  bool complete = true;            // false: cut at max_nodes, only the main line is followed
};

// The tree for "the side to move at `pos` wins in `n`". Throws Stopped if the limits stop a
// search, std::logic_error if the position is not such a win.
TrainerTree trainer_tree(const Position& pos, int n, solver::TranspositionTable& table, const solver::SolveLimits& limits,
                         std::size_t max_nodes = 4000);

// One puzzle as the page reads it: its stored fields and its tree.
nlohmann::json trainer_puzzle_json(const StoredPuzzle& p, const std::string& section, const TrainerTree& tree);

struct TrainerSection {
  std::string name;  // "Win in 3", "Studies"
  std::vector<StoredPuzzle> puzzles;
};

struct TrainerOptions {
  std::string title;
  std::size_t hash_mb = 64;
  const std::atomic<bool>* stop = nullptr;
};

struct TrainerWritten {
  std::size_t puzzles = 0, nodes = 0, cut = 0;  // cut: trees that kept only their main line
  double seconds = 0;
};

// The names of the trainer's files (above), to claim before long work.
std::vector<std::string> trainer_files();

// Stages the trainer's files (above) for these sections, in order, into `folder`, whose commit()
// then gives them their names (a certificate already staged there is linked as one).
TrainerWritten write_trainer(const std::vector<TrainerSection>& sections, const TrainerOptions& options, io::FolderWrite& folder,
                             const io::Lines& lines = {});

// The sections of a collection as the trainer and the booklet group it: single-round puzzles
// by N, then the Sumo puzzles of Marathon rounds, then the studies.
std::vector<TrainerSection> trainer_sections(const std::vector<StoredPuzzle>& rows);

}  // namespace kamisado::puzzles
