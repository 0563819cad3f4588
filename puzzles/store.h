// The puzzle collection in SQLite (file puzzles.db by default).
//
// SCHEMA (version 2):
//   meta(key TEXT PRIMARY KEY, value TEXT)      'schema' -> '2'
//   puzzles(
//     id          INTEGER PRIMARY KEY,
//     canonical   TEXT NOT NULL UNIQUE,  -- KFEN of the least image under B3: no puzzle twice
//     kfen        TEXT NOT NULL,         -- the position as reached in play
//     kind        TEXT NOT NULL,         -- 'single' | 'match'
//     winner      TEXT NOT NULL,         -- 'black' | 'gold', the side to move
//     n           INTEGER NOT NULL,      -- win in n of the winner's moves
//     keys        TEXT NOT NULL,         -- the first moves that win in n, space-separated
//     main_line   TEXT NOT NULL,         -- moves, space-separated
//     in_time     TEXT NOT NULL,         -- at each of the winner's turns on the main line, the
//                                        -- moves that still win in time, space-separated
//     dual_turns  INTEGER NOT NULL,      -- later winner's turns with more than one such move
//     slower      TEXT NOT NULL,         -- 'move:n' pairs, space-separated
//     legal_moves INTEGER NOT NULL, tempting INTEGER NOT NULL, nodes INTEGER NOT NULL,
//     themes      TEXT NOT NULL,         -- space-separated (features.h)
//     difficulty  REAL NOT NULL,         -- features.h
//     source      TEXT NOT NULL,         -- the game that reached it
//     prefix      TEXT NOT NULL,         -- the moves from that game's start, space-separated
//     proof_size  INTEGER NOT NULL)      -- positions in the certificate (certificate.h); 0: not
//                                        -- yet measured
// Version 1 had no proof_size: opening one to write adds the column (0) and makes it version 2,
// and the next publish measures it; a version 1 file opened read-only reads 0.
// Each puzzle is its own transaction: an interrupted run keeps every puzzle it accepted, and a
// puzzle met again (or its mirror image) is not stored twice.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "puzzles/puzzle.h"
#include "src/kamisado/errors.h"

struct sqlite3;

namespace kamisado::puzzles {

// A collection that cannot be opened, read or written: the message names the file.
struct StoreError : InputError {
  using InputError::InputError;
};

// One row as stored, for export.
struct StoredPuzzle {
  std::int64_t id = 0;
  std::string canonical, kfen, kind, winner, keys, main_line, in_time, slower, themes, source, prefix;
  int n = 0, dual_turns = 0, legal_moves = 0, tempting = 0;
  std::int64_t nodes = 0, proof_size = 0;
  double difficulty = 0;
};

// The items of one of the space-separated columns above (keys, main_line, themes, ...).
std::vector<std::string> field_items(const std::string& field);

// Where the puzzle's certificate is in a published collection, from the collection's folder
// (puzzles/publish.h): "certificates/<id>.proof".
inline std::string certificate_file(const StoredPuzzle& p) { return "certificates/" + std::to_string(p.id) + ".proof"; }

// "Gold to move wins in 3": what the puzzle asks, as every page and file of a collection says it.
std::string stipulation(const StoredPuzzle& p);

// The slower winning first moves (the `slower` column), each with the winner's moves it needs.
// StoreError naming the puzzle if an item is not 'move:n'.
std::vector<std::pair<std::string, int>> slower_wins(const StoredPuzzle& p);

class Store {
 public:
  enum class Mode { Create, ReadExisting };
  // Opens the collection, creating it if missing (Create), or read-only and only if it is one
  // already (ReadExisting: nothing is ever written, and a foreign SQLite file gains no table).
  // Throws StoreError naming the path if it cannot, or if the file is not a collection of this
  // schema.
  explicit Store(const std::string& path, Mode mode = Mode::Create);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Adds the puzzle unless its symmetry class is there already; true if it was added.
  bool add(const Puzzle& p);
  std::int64_t count() const;
  // By n, then difficulty. A damaged file (a page that does not read, text that is not UTF-8)
  // throws StoreError rather than giving fewer puzzles.
  std::vector<StoredPuzzle> all() const;
  // Sets a stored puzzle's trap count and difficulty (features.h), as a collection made before
  // the measure changed is brought up to date.
  void rate(std::int64_t id, int tempting, std::size_t proof_size, double difficulty);

 private:
  void exec(const std::string& sql) const;
  void create_schema();
  sqlite3* db_ = nullptr;
  std::string path_;
  int schema_ = 2;
};

}  // namespace kamisado::puzzles
