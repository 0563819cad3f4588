// The analysis of a position, as a tablebase page shows one: the position's value and exact
// distance, every legal move with its own value and distance ("win in 5", "loss in 8", or
// unknown within the budget), and the best line.
//
// The idea: a move's value is its child's value seen from the mover, and its distance the
// child's plus one. After a push (S4) the pusher moves again, so a child's side to move is not
// always the opponent: the value is turned over only when it is. The position's own value and
// distance come from one more search of the position itself, all searches sharing one table,
// so that the children's proofs serve the parent's. The book (book.h) is asked first, of the
// position and of each child: what it holds proved is not searched, and says where it was
// proved and how that was checked. What it holds only as a claim (a file nothing has checked) is
// searched like any position; the claim is shown beside a value the search did not prove, and
// where the search proves otherwise, the search's value stands and the answer names the file
// that said otherwise (`conflict`). Where one of its proved retrograde tables holds the position
// (single-round questions only), every value is read from that table instead, exact.
//
// A budget (nodes per search, and a deadline for the whole analysis) bounds the work: what is
// not proved within it is "unknown", never guessed. A stop flag ends it early the same way.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "solver/analysis/book.h"
#include "solver/retro/retro_table.h"
#include "solver/search/aim.h"
#include "solver/search/solve.h"
#include "solver/search/transposition_table.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {

// What a file says of a value that nothing has checked (book.h), for the same side as the value
// it stands beside: shown, never taken as proved.
struct Claim {
  Value value = Value::Unknown;
  std::optional<int> plies;
  std::string source;
  bool operator==(const Claim&) const = default;
};

struct MoveValue {
  Move move;
  Value value = Value::Unknown;  // for the player who makes the move
  bool distance_known = false;
  int plies = 0;               // from the position, this move included, when known
  std::string by;              // "rules" (the move ends it), "book", "table" or "search"
  std::string source;          // with "book" and "table": where it was proved (book.h)
  std::string checked_by;      // with "book" and "table": how this binary checked it
  std::optional<Claim> claim;  // a file's unchecked value, where the search proved none
  std::string conflict;        // where a file says otherwise than the search proves: which, and what
};

// Why a value or a distance stayed unknown, so that a player is told what would help: the
// analysis's time ran out (a longer one may prove it), a search reached its node cap (the same
// time will not), or it was stopped (the client left, the server is stopping).
struct Cutoffs {
  bool time = false, nodes = false, stopped = false;
};

struct Analysis {
  Value value = Value::Unknown;  // for the side to move
  bool distance_known = false;
  int plies = 0;
  std::optional<int> winner_moves;  // the winner's own moves, when the search gave them
  std::optional<Move> best;
  std::vector<MoveValue> moves;  // wins fastest first, then unknown, then losses longest first
  std::vector<Move> best_line;   // from the position, as far as it is known
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::string by;              // the position's own value: "book", "table" or "search"
  std::string source;          // with "book" and "table": where it was proved
  std::string checked_by;      // with "book" and "table": how this binary checked it
  std::optional<Claim> claim;  // as MoveValue's
  std::string conflict;
  Cutoffs cutoffs;        // what ended a search that left something unknown
  bool complete() const;  // every value and distance known
};

struct AnalysisLimits {
  std::uint64_t nodes = 2'000'000;  // per search (0: no limit)
  double seconds = 10;              // the whole analysis (0: no limit)
  const std::atomic<bool>* stop = nullptr;
  std::size_t max_line = 200;  // plies of the best line
};

// Analyses `pos` for `aim` with `table`, which keeps what it proves for later analyses; `book`,
// if given, is consulted first. `pos` must not be decided already.
Analysis analyse(const Position& pos, const Aim& aim, const AnalysisLimits& limits, TranspositionTable& table, const Book* book = nullptr);

// The analysis of `pos` if the book holds all of it proved (the position's value and distance and
// each move's), with no search and no table: the best line as far as the book knows it.
std::optional<Analysis> analyse_from_book(const Position& pos, const Aim& aim, const Book& book);

}  // namespace kamisado::solver
