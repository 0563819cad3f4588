// A long search's checkpoint: everything df-pn has learned is in its transposition table (the
// proved bounds, and the proof and disproof numbers that steer it), so saving the table saves
// the search. A search resumed from its checkpoint starts again at the root with that table and
// reaches the same value, distance and best move as an uninterrupted one (they are facts of the
// game, and the best move is the first in move order that reaches the distance, solve.h); only
// the node count differs, by the work redone since the last save.
//
// The file, written atomically (io/files.h), so that a kill during a save leaves the previous
// checkpoint whole:
//
//   kamisado-search-checkpoint 1          the format and its version
//   kfen <KFEN>                           the root searched
//   goal <round | match | ring:P>         what the root's side must win (search/goal.h aim_id)
//   table-mb <N>                          the table's --hash, which the resumed table must match
//   table-bytes <N>                       the table's memory (buckets, then their tags)
//   used <N>                              the table's entries in use
//   nodes <N>                             nodes expanded before this save, all runs together
//   seconds <X>                           the time they took
//   saves <N>                             how many times it was saved
//   save <X> <N> <PN> <DN> <F>            one line a save, oldest first: the time and nodes of
//                                         all runs then, the root's proof and disproof numbers,
//                                         the table's fill in percent (the search's growth)
//   (a blank line)
//   one zstd frame with its content checksum (XXH64): the header above again, byte for byte,
//   then the table's memory.
//
// A file that is truncated, tampered with, of another root or goal, or for a table of another
// size is refused with one line (InputError, exit 2), and the table it was read into is
// cleared of what it read.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "solver/search/transposition_table.h"

namespace kamisado::solver {

// One save of a search: how far it had got.
struct CheckpointSave {
  double seconds = 0;
  std::uint64_t nodes = 0;
  std::uint32_t root_pn = 0, root_dn = 0;
  double fill_percent = 0;
};

struct CheckpointHeader {
  std::string kfen, goal;
  std::size_t table_mb = 0;
  std::uint64_t table_bytes = 0, used = 0, nodes = 0, saves = 0;
  double seconds = 0;
  std::vector<CheckpointSave> history;
};

// The header of the checkpoint at `path`, or nullopt if there is no file there.
std::optional<CheckpointHeader> read_checkpoint_header(const std::string& path);

// Refuses (InputError) a checkpoint of another root or goal than `kfen` and `goal`, or of a table
// of another --hash than `table_mb`.
void check_checkpoint(const CheckpointHeader& header, const std::string& path, const std::string& kfen, const std::string& goal,
                      std::size_t table_mb);

// Saves `table` with `header` (its table sizes are taken from `table`).
void save_checkpoint(const std::string& path, const TranspositionTable& table, CheckpointHeader header);

// Reads the checkpoint at `path` into `table`, refusing it unless it is of `kfen` and `goal` and
// of a table of `table`'s size; returns its header.
CheckpointHeader load_checkpoint(const std::string& path, TranspositionTable& table, const std::string& kfen, const std::string& goal);

}  // namespace kamisado::solver
