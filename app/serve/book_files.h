// The book (solver/analysis/book.h) from what the user points at: each path a file, or a folder
// searched through (its subfolders too) for the files it knows, in name order:
//   *.book       book files (the opening's values: kamisado opening --book)
//   puzzles.db   a puzzle collection (puzzles/store.h): each puzzle's position, its round won
//                by the side to move in its winner's n moves, its key when it has one
//   *.starts     round-start tables (kamisado solve --by-rounds, the census)
//   *.retro      retrograde tables (kamisado retro table)
// Any of them damaged, or two of them disagreeing on a value, is refused with a one-line
// InputError naming the file. A folder holding none of them is refused too: it was not meant.
#pragma once

#include <string>
#include <vector>

#include "solver/analysis/book.h"

namespace kamisado::serve {

solver::Book load_book(const std::vector<std::string>& paths);

// The repository's published results (reports/), where the build found them, or "" if that
// folder is gone: what `kamisado serve` and `kamisado engine` consult by default.
std::string default_book_folder();

// The paths the user gave to --book, resolved: none given is default_book_folder() (when it is
// there), and "none" alone is no book at all.
std::vector<std::string> book_paths(const std::vector<std::string>& given);

// What the book holds, in one line: "1711 positions, 239064 round starts, 0 retrograde tables".
std::string book_summary(const solver::Book& book);

}  // namespace kamisado::serve
