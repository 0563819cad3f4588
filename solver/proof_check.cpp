#include "proof_check.h"

#include <unordered_set>

#include "dfpn.h"
#include "transposition_table.h"
#include "kamisado/kfen.h"
#include "kamisado/movegen.h"

namespace kamisado::solver {

namespace {

class Checker {
 public:
  Checker(Side winner, std::size_t hash_mb) : winner_(winner), table_(hash_mb) {}

  bool holds(const Position& p) {
    Value v = round_over_value(p);
    if (v != Value::Unknown) {
      if ((v == Value::Win) == (p.side_to_move() == winner_)) return true;
      failure_ = to_kfen(p) + ": the round ends, lost";
      return false;
    }
    if (done_.count(p.key())) return true;  // the game graph is a DAG: proved once, proved
    if (p.side_to_move() == winner_) {
      SolveResult r = solve(p, {}, table_);  // one table for all the searches of the check
      if (r.value != Value::Win || !r.best) {
        failure_ = to_kfen(p) + ": no winning move found";
        return false;
      }
      if (!holds(p.after(*r.best))) return false;
    } else {
      MoveList moves;
      generate_moves(p, moves);
      for (Move m : moves)
        if (!holds(p.after(m))) return false;
    }
    done_.insert(p.key());
    return true;
  }

  std::uint64_t nodes() const { return done_.size(); }
  const std::string& failure() const { return failure_; }

 private:
  Side winner_;
  TranspositionTable table_;
  std::unordered_set<std::uint64_t> done_;
  std::string failure_;
};

}  // namespace

ProofCheck check_win(const Position& root, Side winner, std::size_t hash_mb) {
  Checker c(winner, hash_mb);
  ProofCheck r;
  r.holds = c.holds(root);
  r.tree_nodes = c.nodes();
  r.failure = c.failure();
  return r;
}

}  // namespace kamisado::solver
