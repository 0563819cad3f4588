// The proof search behind `kamisado engine`'s `go` (conform/engine_server.h): solve() (solve.h)
// with the goal, budget and stop the request gives, its progress as info lines, one table kept
// from search to search.
#pragma once

#include <cstddef>
#include <memory>

#include "conform/engine_server.h"
#include "solver/search/transposition_table.h"

namespace kamisado::serve {

class ProofSearcher : public conform::Searcher {
 public:
  explicit ProofSearcher(std::size_t hash_mb) : hash_mb_(hash_mb) {}
  void check(const Position& pos, const conform::SearchRequest& request) override;
  conform::SearchAnswer search(const Position& pos, const conform::SearchRequest& request, const std::atomic<bool>& stop,
                               const std::function<void(const std::string&)>& info) override;

 private:
  std::size_t hash_mb_;
  std::unique_ptr<solver::TranspositionTable> table_;  // made by the first search: an engine that never searches needs none
};

}  // namespace kamisado::serve
