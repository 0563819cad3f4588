// The book: what the project has proved, consulted before any search. An analysis (analysis.h)
// asks it of the position and of each child first, and searches only what it does not hold; an
// answer from it names where it comes from.
//
// What it holds, each with its source (a file, and the run that proved it):
//   entries        positions with a question (round or match), the winner, and where known
//                  the exact distance in plies, the winner's moves and the best move: the
//                  opening's values (kamisado opening --book), a puzzle collection's positions
//   round starts   round-start tables (starts/round_start_table.h): a round start is found
//                  under its class (B3), its value the match's (or, with target 0, the round's)
//   retro tables   retrograde tables (retro/retro_table.h), exact for every position they hold;
//                  an analysis answered from one reads all of it from there (analysis.cpp)
// Two sources that disagree on a winner or a distance are refused when the second is added:
// one of them is wrong, and the book does not choose.
//
// BOOK FILE FORMAT (version 1), text, UTF-8, lines ended by '\n':
//   kamisado book 1
//   source <one line: what proved the values, e.g. "kamisado opening, commit 8b8a67b">
//   <KFEN> TAB <goal: round | match> TAB <winner: black | gold> TAB <plies, or -> TAB
//     <winner's moves, or -> TAB <best move (rules.md §7), or ->          one line per entry
//   end <entries> <XXH64 of every byte before this line, 16 hex digits>
// Lines starting with '#' are comments. Every entry is checked when read: a KFEN that parses,
// a position not decided, a best move legal there, a distance of 1 only for a move that wins at
// once; a damaged or truncated file (count, checksum) is refused with a one-line InputError
// naming the file and line. Values are not proved again on reading (the opening's 103 take
// seconds): tests/test_book.cpp re-solves the committed reports/opening.book.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "kamisado/position.h"
#include "solver/retro/retro_table.h"
#include "solver/search/aim.h"
#include "solver/starts/round_start_table.h"

namespace kamisado::solver {

struct BookValue {
  Side winner = Side::Black;
  std::optional<int> plies;         // exact distance, from the position
  std::optional<int> winner_moves;  // the winner's own moves to the win
  std::optional<Move> best;         // for the side to move: the fastest win or the longest defence
  std::string source;               // where it was proved: "reports/opening.book (kamisado opening ...)"
  bool operator==(const BookValue&) const = default;
};

// One entry of a book file.
struct BookEntry {
  Position pos;
  AimKind goal = AimKind::Round;  // Round or Match
  BookValue value;
};

class Book {
 public:
  // An InputError if it contradicts what the book holds.
  void add(const Position& pos, AimKind goal, const BookValue& value);
  void add_round_starts(RoundStartTable table, const std::string& source);
  void add_retro(RetroTable table, const std::string& source);

  // What the book holds of `pos` for `aim` (round and match questions; a ring's is never held).
  std::optional<BookValue> find(const Position& pos, const Aim& aim) const;
  // The retrograde table holding `pos` for a round question, if any, and its source.
  const RetroTable* retro_for(const Position& pos, const Aim& aim, std::string* source = nullptr) const;

  std::size_t entries() const { return entries_.size(); }
  std::size_t round_starts() const;
  std::size_t retro_tables() const { return retro_.size(); }

 private:
  std::unordered_map<std::string, BookValue> entries_;  // "<KFEN> <goal>"
  std::vector<std::pair<RoundStartTable, std::string>> starts_;
  std::vector<std::pair<std::unique_ptr<RetroTable>, std::string>> retro_;
};

// The book file format above. `read_book_file` names the file in its errors and sets each
// entry's source to "<path> (<source line>)".
std::vector<BookEntry> read_book_file(const std::string& path);
std::string encode_book(const std::vector<BookEntry>& entries, const std::string& source);
void write_book_file(const std::vector<BookEntry>& entries, const std::string& source, const std::string& path);

}  // namespace kamisado::solver
