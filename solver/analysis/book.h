// The book: what the project has proved, consulted before any search. An analysis (analysis.h)
// asks it of the position and of each child first; an answer from it names where it comes from.
//
// What it holds, each with its source (a file, and the run that proved it):
//   entries        positions with a question (round or match), the winner, and where known
//                  the exact distance in plies, the winner's moves and the best move: the
//                  opening's values (kamisado opening --book), a puzzle collection's positions
//   round starts   round-start tables (starts/round_start_table.h): a round start is found
//                  under its class (B3), its value the match's (or, with target 0, the round's)
//   retro tables   retrograde tables (retro/retro_table.h), exact for every position they hold
//
// A FILE IS A CLAIM (issue 67). A checksum says only that a file was not damaged: anyone can
// write a valid one. So every value carries whether it is proved, and how: a value is proved
// only where this binary checked it (the file is one the project published, known by its digest,
// published.h; a certificate checked; proved again by the search on load, --check-book). Any
// other value is a claim: an analysis searches the position as if the book did not hold it, and
// shows the claim beside its answer, never as one (analysis.h); `kamisado engine` says so in an
// `info string` and searches. Which source is proved how: docs/formats.md, "The book's sources".
//
// Sources that disagree on anything they both give (winner, distance, winner's moves, best move)
// are refused when the second is added: one of them is wrong, and the book does not choose. A
// book whose entries contradict the entries one move deeper is refused too (check_one_move_deeper).
//
// BOOK FILE FORMAT (version 2; version 1 is read too), text, UTF-8, lines ended by '\n', at most
// kMostBookBytes:
//   kamisado book 2
//   source <one line: what proved the values, e.g. "kamisado opening, commit 8b8a67b">
//   <KFEN> TAB <goal: round | match> TAB <winner: black | gold> TAB <plies, or -> TAB
//     <winner's moves, or -> TAB <best move (rules.md §7), or -> [TAB <best line>]   one line per entry
//   end <entries> <XXH64 of every byte before this line, 16 hex digits>
// The best line (version 2, optional) is the moves from the position to the end of the round,
// separated by spaces, the first being the best move: the fastest win and the longest defence,
// so that a board shows a line from the book whole, not as far as the book's positions reach.
// Version 1 ("kamisado book 1") has no best line: exactly six fields.
// Lines starting with '#' are comments. The first line and the size are checked before the file
// is read whole. Every entry is checked when read: a KFEN that parses, a goal the position can
// take (match only with a match field), a position not decided, a best move legal there, the
// winner's moves within the plies (and fewer than them when the loser moves first), a distance
// of 1 only for a move that wins at once, a best line of legal moves that begins with the best
// move, has as many moves as the plies and ends with the winner's win (and not before); a
// damaged or truncated file (count, checksum) is
// refused with a one-line InputError naming the file and line. Values are not proved again on
// reading unless asked (--check-book, book_check.h): tests/test_book.cpp re-solves the committed
// reports/opening.book.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "solver/retro/retro_lookup.h"
#include "solver/search/aim.h"
#include "solver/starts/round_start_table.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {

// The largest book file read: some 700 000 entries, far more than any book the tool writes
// (the opening's 1 253 take 90 kB). Refused by its size before a byte is read.
constexpr std::uint64_t kMostBookBytes = std::uint64_t{64} << 20;

// How far a value is trusted: proved (checked by this binary, `checked_by` says how), or a claim
// a file makes that nothing has checked.
struct Trust {
  bool proved = false;
  std::string checked_by;  // with proved: "a file the project published (its digest is known to this binary) ..."
  static Trust claim() { return {}; }
  static Trust proof(std::string how) { return {true, std::move(how)}; }
  static Trust certified(const std::string& certificate) { return proof("its certificate " + certificate + ", checked by the rules"); }
  bool operator==(const Trust&) const = default;
};

struct BookValue {
  Side winner = Side::Black;
  std::optional<int> plies;         // exact distance, from the position
  std::optional<int> winner_moves;  // the winner's own moves to the win
  std::optional<Move> best;         // for the side to move: the fastest win or the longest defence
  std::vector<Move> line;           // the best line to the round's end (version 2), or empty
  std::string source;               // where it was read: "reports/opening.book (kamisado opening ...)"
  Trust trust;
  // A certificate that proves the winner (and `best` wins), checked the first time the value is
  // asked for (set_certificate_check); until then, and if it fails, the value is a claim.
  std::string certificate;
  bool operator==(const BookValue&) const = default;
};

// One entry of a book file.
struct BookEntry {
  Position pos;
  AimKind goal = AimKind::Round;  // Round or Match
  BookValue value;
};

// Checks the certificate of a value: "" if it proves the value at the position, else what is
// wrong with it (a missing file, a proof of something else).
using CertificateCheck = std::function<std::string(const std::string& certificate, const Position& pos, const BookValue& value)>;

class Book {
 public:
  // An InputError if it contradicts what the book holds.
  void add(const Position& pos, AimKind goal, const BookValue& value);
  void add_round_starts(RoundStartTable table, const std::string& source, const Trust& trust);
  void add_retro(std::unique_ptr<RetroLookup> table, const std::string& source, const Trust& trust);
  void set_certificate_check(CertificateCheck check) { check_certificate_ = std::move(check); }

  // What the book holds of `pos` for `aim` (round and match questions; a ring's is never held):
  // a proved value where it has one, else a claim. Thread-safe.
  std::optional<BookValue> find(const Position& pos, const Aim& aim) const;
  // The proved retrograde table holding `pos` for a round question, if any, its source and how it
  // was checked.
  const RetroLookup* proved_retro_for(const Position& pos, const Aim& aim, std::string* source = nullptr, std::string* checked_by = nullptr) const;

  // An InputError naming the first entry that contradicts the entries one move deeper: a win
  // whose best move leads where the book says otherwise, a loss with a move the book says wins,
  // a distance that its children's do not give. Sources one move apart are checked against each
  // other as much as sources of one position are.
  void check_one_move_deeper() const;

  struct Counts {
    std::size_t entries = 0, entries_proved = 0, entries_with_certificate = 0, round_starts = 0, round_starts_proved = 0, retro_tables = 0,
                retro_tables_proved = 0;
  };
  Counts counts() const;

 private:
  struct Starts {
    RoundStartTable table;
    std::string source;
    Trust trust;
  };
  struct Retro {
    std::unique_ptr<RetroLookup> table;
    std::string source;
    Trust trust;
  };
  // A value with its certificate checked (once: the result is kept).
  BookValue checked(BookValue value, const Position& pos) const;

  std::unordered_map<std::string, BookValue> entries_;  // "<KFEN> <goal>"
  std::vector<Starts> starts_;
  std::vector<Retro> retro_;
  CertificateCheck check_certificate_;
  struct Checked {  // certificate -> "" or what is wrong with it; asked from several threads
    std::mutex mutex;
    std::unordered_map<std::string, std::string> results;
  };
  std::unique_ptr<Checked> certificates_ = std::make_unique<Checked>();
};

// The book file format above. `decode_book` and `read_book_file` name the file in their errors
// and set each entry's source to "<path> (<source line>)"; every entry is a claim.
std::vector<BookEntry> decode_book(const std::string& text, const std::string& path);
// `digest`, if given, gets the XXH64 of the file's bytes (published.h).
std::vector<BookEntry> read_book_file(const std::string& path, std::uint64_t* digest = nullptr);
std::string encode_book(const std::vector<BookEntry>& entries, const std::string& source);
void write_book_file(const std::vector<BookEntry>& entries, const std::string& source, const std::string& path);

}  // namespace kamisado::solver
