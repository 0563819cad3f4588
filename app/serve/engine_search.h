// The proof search behind `kamisado engine`'s `go` (conform/engine_server.h): the book first
// (book_files.h: a position it holds, with a best move, is answered from it at once, its info
// line saying nodes 0), else solve() (solve.h) with the goal, budget and stop the request
// gives, its progress as info lines, one table kept from search to search.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "conform/engine_server.h"
#include "solver/analysis/book.h"
#include "solver/search/transposition_table.h"

namespace kamisado::serve {

class ProofSearcher : public conform::Searcher {
 public:
  // Loads the book from `book_paths` (book_files.h: none given, the default; "none", no book).
  ProofSearcher(std::size_t hash_mb, const std::vector<std::string>& book_paths);
  void check(const Position& pos, const conform::SearchRequest& request) override;
  conform::SearchAnswer search(const Position& pos, const conform::SearchRequest& request, const std::atomic<bool>& stop,
                               const std::function<void(const std::string&)>& info) override;

 private:
  std::size_t hash_mb_;
  solver::Book book_;
  std::unique_ptr<solver::TranspositionTable> table_;  // made by the first search: an engine that never searches needs none
};

}  // namespace kamisado::serve
