#include "serve/engine_search.h"

#include <fmt/format.h>

#include "kamisado/errors.h"
#include "kamisado/kfen.h"
#include "kamisado/movegen.h"
#include "serve/book_files.h"
#include "solver/search/goal.h"
#include "solver/search/solve.h"

namespace kamisado::serve {

namespace {

// The goal as the protocol words it: "goal match", not the command line's "--goal match".
solver::Aim aim_of(const Position& pos, const std::string& goal) {
  try {
    return solver::parse_aim(goal, pos, "goal", ' ');
  } catch (const InputError& e) {
    throw InputError(std::string("go: ") + e.what());
  }
}

}  // namespace

ProofSearcher::ProofSearcher(std::size_t hash_mb, const std::vector<std::string>& book_paths)
    : hash_mb_(hash_mb), book_(load_book(serve::book_paths(book_paths))) {}

void ProofSearcher::check(const Position& pos, const conform::SearchRequest& request) { aim_of(pos, request.goal); }

conform::SearchAnswer ProofSearcher::search(const Position& pos, const conform::SearchRequest& request, const std::atomic<bool>& stop,
                                            const std::function<void(const std::string&)>& info) {
  const solver::Aim aim = aim_of(pos, request.goal);
  if (const std::optional<solver::BookValue> b = book_.find(pos, aim); b && b->best) {
    const bool wins = b->winner == pos.side_to_move();
    info(fmt::format("nodes 0 pn {} dn {} seconds 0.0", wins ? 0 : 1u << 30, wins ? 1u << 30 : 0));
    return {to_string(*b->best), wins ? "win" : "loss", b->plies.value_or(-1)};
  }
  solver::SolveLimits limits;
  limits.nodes = request.nodes;
  limits.seconds = request.movetime_ms / 1000;
  limits.stop = &stop;
  limits.progress = [&info](const solver::SolveProgress& p) {
    info(fmt::format("nodes {} pn {} dn {} seconds {:.1f}", p.nodes, p.root_pn, p.root_dn, p.seconds));
  };
  if (!table_) table_ = std::make_unique<solver::TranspositionTable>(hash_mb_);
  const solver::SolveResult r = solver::solve(pos, limits, *table_, true, aim);
  conform::SearchAnswer a;
  a.value = solver::value_name(r.value);
  a.plies = r.distance_known ? int(r.plies) : -1;
  if (r.best) {
    a.best = to_string(*r.best);
  } else {  // stopped before any move was proved: a legal move, the value saying unknown
    MoveList moves;
    generate_moves(pos, moves);
    a.best = to_string(moves[0]);
  }
  info(fmt::format("nodes {} pn {} dn {} seconds {:.1f}", r.nodes, r.root_pn, r.root_dn, r.seconds));
  return a;
}

}  // namespace kamisado::serve
