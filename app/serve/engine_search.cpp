#include "app/serve/engine_search.h"

#include <fmt/format.h>

#include "app/serve/book_files.h"
#include "solver/search/goal.h"
#include "solver/search/solve.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"

namespace kamisado::serve {

namespace {

// The goal's refusal as the protocol words it: "go: the goal match needs ...".
solver::Aim aim_of(const Position& pos, const std::string& goal) {
  try {
    return solver::parse_aim(goal, pos);
  } catch (const InputError& e) {
    throw InputError(std::string("go: ") + e.what());
  }
}

}  // namespace

ProofSearcher::ProofSearcher(std::size_t hash_mb, const std::vector<std::string>& book_paths, const BookCheck& check)
    : hash_mb_(hash_mb), book_(load_book(serve::book_paths(book_paths), check)) {}

void ProofSearcher::check(const Position& pos, const conform::SearchRequest& request) { aim_of(pos, request.goal); }

namespace {

std::string value_words(bool mover_wins, std::optional<int> plies) {
  return std::string(mover_wins ? "win" : "loss") + (plies ? " in " + std::to_string(*plies) + " plies" : "");
}

}  // namespace

conform::SearchAnswer ProofSearcher::search(const Position& pos, const conform::SearchRequest& request, const std::atomic<bool>& stop,
                                            const std::function<void(const std::string&)>& info) {
  const solver::Aim aim = aim_of(pos, request.goal);
  const std::optional<solver::BookValue> b = book_.find(pos, aim);
  const bool book_wins = b && b->winner == pos.side_to_move();
  if (b && b->trust.proved && b->best) {
    info(fmt::format("string book: {}, from {}; proved: {}", value_words(book_wins, b->plies), b->source, b->trust.checked_by));
    info(fmt::format("nodes 0 pn {} dn {} seconds 0.0", book_wins ? 0 : 1u << 30, book_wins ? 1u << 30 : 0));
    return {to_string(*b->best), book_wins ? "win" : "loss", b->plies.value_or(-1)};
  }
  if (b && b->trust.proved)
    info(fmt::format("string book: {}, from {}; proved: {}; searching for the move", value_words(book_wins, b->plies), b->source,
                     b->trust.checked_by));
  else if (b)
    info(fmt::format("string book: {} says {}, unchecked (--check-book proves a book on load): searching", b->source,
                     value_words(book_wins, b->plies)));
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
  if (b && r.value != solver::Value::Unknown &&
      ((r.value == solver::Value::Win) != book_wins || (b->plies && r.distance_known && *b->plies != int(r.plies))))
    info(fmt::format("string book: the search proves {} where {} says {}: the file is wrong",
                     value_words(r.value == solver::Value::Win, r.distance_known ? std::optional<int>(int(r.plies)) : std::nullopt), b->source,
                     value_words(book_wins, b->plies)));
  if (r.best) {
    a.best = to_string(*r.best);
  } else if (b && b->best) {  // stopped before any move was proved: the book's move, the value saying unknown
    a.best = to_string(*b->best);
  } else {  // a legal move, the value saying unknown
    MoveList moves;
    generate_moves(pos, moves);
    a.best = to_string(moves[0]);
  }
  info(fmt::format("nodes {} pn {} dn {} seconds {:.1f}", r.nodes, r.root_pn, r.root_dn, r.seconds));
  return a;
}

}  // namespace kamisado::serve
