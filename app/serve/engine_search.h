// The proof search behind `kamisado engine`'s `go` (conform/engine_server.h): the book first
// (book_files.h). A position it holds proved, with a best move, is answered from it at once: an
// `info string` naming the file and how it was checked, `info nodes 0`, the bestmove. A claim (a
// file nothing has checked) is never answered as proved: an `info string` names it and what it
// says, and the search runs as if the book did not hold it; where the search proves otherwise,
// another `info string` says the file is wrong. Else solve() (solve.h) with the goal, budget and
// stop the request gives, its progress as info lines, one table kept from search to search.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "app/serve/book_files.h"
#include "solver/analysis/book.h"
#include "solver/search/transposition_table.h"
#include "src/conform/engine_server.h"

namespace kamisado::serve {

class ProofSearcher : public conform::Searcher {
 public:
  // Loads the book from `book_paths` (book_files.h: none given, the default; "none", no book),
  // proving its claims on load with `check.prove_claims` (--check-book).
  ProofSearcher(std::size_t hash_mb, const std::vector<std::string>& book_paths, const BookCheck& check = {});
  void check(const Position& pos, const conform::SearchRequest& request) override;
  conform::SearchAnswer search(const Position& pos, const conform::SearchRequest& request, const std::atomic<bool>& stop,
                               const std::function<void(const std::string&)>& info) override;

 private:
  std::size_t hash_mb_;
  solver::Book book_;
  std::unique_ptr<solver::TranspositionTable> table_;  // made by the first search: an engine that never searches needs none
};

}  // namespace kamisado::serve
