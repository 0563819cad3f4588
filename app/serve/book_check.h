// How the book's claims become proved (book_files.h; docs/formats.md, "The book's sources"): a
// puzzle's certificate checked by the rules, a claim proved again by the search, a retrograde
// table verified value by value. Each either proves what the file says or names, in one line,
// where the file is wrong.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "app/serve/book_files.h"
#include "solver/analysis/book.h"
#include "solver/retro/retro_lookup.h"
#include "solver/search/transposition_table.h"

namespace kamisado::serve {

// "" if the proof file `certificate` proves `value` at `pos` (its root the position, the winner
// the value's, its first move the value's best move, every line checked by the rules), else
// what is wrong with it. The Book's CertificateCheck.
std::string check_certificate(const std::string& certificate, const Position& pos, const solver::BookValue& value);

// The searches that prove claims again on load (--check-book), one table for all of them.
class Prover {
 public:
  explicit Prover(const BookCheck& check);
  // Each claim of `entries` (read from `path`) proved by the search: its winner, distance,
  // winner's moves and best move as the file gives them; an InputError names the first entry the
  // search proves otherwise, Stopped a stop. A puzzle whose certificate holds is proved by it.
  void prove(std::vector<solver::BookEntry>& entries, const std::string& path);

 private:
  std::string wrong_with(const solver::BookEntry& e);
  const BookCheck& check_;
  std::unique_ptr<solver::TranspositionTable> table_;
};

// `table` (read from `path`) verified by the rules (retro verify; a file in layers, its work folder
// PATH.verify beside it): the trust it then has, or an InputError naming its first wrong value.
solver::Trust verify_table(const solver::RetroLookup& table, const std::string& path, const BookCheck& check);

}  // namespace kamisado::serve
