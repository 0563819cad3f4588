// The book (solver/analysis/book.h) from what the user points at: each path a file, or a folder
// searched through (its subfolders too) for the files it knows, in name order:
//   *.book       book files (the opening's values: kamisado opening --book)
//   puzzles.db   a puzzle collection (puzzles/store.h): each puzzle's position, its round won
//                by the side to move, its key when it has one
//   *.starts     round-start tables (kamisado solve --by-rounds, the census)
//   *.retro      retrograde tables (kamisado retro table)
//   layers.txt   a match certificate's list of layers (match/layer_list.h): read only when it is
//                a published one, whose listed starts it proves
// Any of them damaged, or two of them disagreeing on a value, is refused with a one-line
// InputError naming the file; so is a book that contradicts itself one move deeper. A folder
// holding none of them is refused too: it was not meant. A file whose bytes were read already
// (a copy under another name) is read once.
//
// How each is trusted (docs/formats.md, "The book's sources"): a file the project published
// (solver/analysis/published.h) is proved; a puzzle is proved by its certificate beside the
// collection (certificates/<id>.proof), checked the first time it is asked for; a round start by
// a published certificate that lists it. Everything else is a claim, unless `prove_claims`
// (--check-book) proves it on load: every entry of a book file and every puzzle without a sound
// certificate by the search, every retrograde table by retro verify. A round-start table's claims
// stay claims (they are a run's worth of search): an analysis proves each one it meets.
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "solver/analysis/book.h"
#include "src/io/progress.h"

namespace kamisado::serve {

struct BookCheck {
  bool prove_claims = false;  // --check-book
  std::size_t hash_mb = 64;   // the search table of those proofs
  io::Lines progress;
  const std::atomic<bool>* stop = nullptr;
};

solver::Book load_book(const std::vector<std::string>& paths, const BookCheck& check = {});

// The repository's published results (reports/), where the build found them, or "" if that
// folder is gone: what `kamisado serve` and `kamisado engine` consult by default.
std::string default_book_folder();

// The paths the user gave to --book, resolved: none given is default_book_folder() (when it is
// there), and "none" alone is no book at all.
std::vector<std::string> book_paths(const std::vector<std::string>& given);

// What the book holds, in one line: "1712 positions (1254 proved, 458 with a certificate, checked
// when first asked), 119532 round starts (78025 proved), 0 retrograde tables (0 proved); ...".
std::string book_summary(const solver::Book& book);

}  // namespace kamisado::serve
