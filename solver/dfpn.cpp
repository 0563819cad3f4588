#include "dfpn.h"

#include <algorithm>
#include <chrono>
#include <vector>

#include "kamisado/movegen.h"
#include "transposition_table.h"

namespace kamisado::solver {

Value round_over_value(const Position& pos) {
  if (pos.outcome().over()) return pos.outcome().winner == pos.side_to_move() ? Value::Win : Value::Loss;
  // Between the rounds of a match the side to move is the Defender: the round's winner (F1).
  if (pos.turn() == Turn::BetweenRounds) return Value::Win;
  return Value::Unknown;
}

namespace {

constexpr std::uint32_t kInfinity = 1u << 30;

std::uint32_t capped(std::uint64_t v) { return v >= kInfinity ? kInfinity : std::uint32_t(v); }

// A child's part in its parent's numbers: what it gives the minimum that is the parent's proof
// number, and what it adds to the sum that is the parent's disproof number. A child with the
// other side to move gives its disproof number and adds its proof number (negamax); a child
// with the same side to move (after a push, S4) gives and adds its own numbers.
struct Share {
  std::uint32_t to_min, to_sum;
};
Share share(ProofNumbers c, bool same_side) { return same_side ? Share{c.pn, c.dn} : Share{c.dn, c.pn}; }

class Search {
 public:
  Search(const SolveLimits& limits, TranspositionTable& table)
      : limits_(limits), table_(table), start_(Clock::now()), last_report_(start_) {}

  SolveResult run(const Position& root) {
    SolveResult r;
    root_key_ = root.key();
    if (Value v = round_over_value(root); v != Value::Unknown) {
      r.value = v;
      r.root_pn = v == Value::Win ? 0 : kInfinity;
      r.root_dn = v == Value::Win ? kInfinity : 0;
      return r;
    }
    ProofNumbers n = mid(root, kInfinity, kInfinity);
    r.nodes = nodes_;
    r.seconds = elapsed();
    r.root_pn = n.pn;
    r.root_dn = n.dn;
    if (n.pn == 0) {
      r.value = Value::Win;
      r.best = winning_move(root);
    } else if (n.dn == 0) {
      r.value = Value::Loss;
    }
    return r;
  }

 private:
  using Clock = std::chrono::steady_clock;
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  ProofNumbers numbers_of(const Position& p) {
    switch (round_over_value(p)) {
      case Value::Win: return {0, kInfinity};
      case Value::Loss: return {kInfinity, 0};
      case Value::Unknown: break;
    }
    return table_.lookup(p.key());
  }

  void check_limits() {
    if ((nodes_ & 4095) != 0) return;
    double t = elapsed();
    if ((limits_.seconds > 0 && t >= limits_.seconds) || (limits_.stop && limits_.stop->load())) stopped_ = true;
    if (limits_.progress && std::chrono::duration<double>(Clock::now() - last_report_).count() >= 1.0) {
      last_report_ = Clock::now();
      ProofNumbers root = table_.lookup(root_key_);
      limits_.progress({nodes_, root.pn, root.dn, t, table_.bytes(), table_.fill()});
    }
  }

  // Expands `p` until its numbers reach a threshold (or the search is stopped).
  ProofNumbers mid(const Position& p, std::uint32_t th_pn, std::uint32_t th_dn) {
    ++nodes_;
    check_limits();
    MoveList moves;
    generate_moves(p, moves);
    std::vector<Position> children;
    children.reserve(moves.size());
    for (Move m : moves) {
      children.push_back(p.after(m));
      // A move that wins the round at once settles the node (M7, M8): no need to look further.
      const Position& c = children.back();
      bool same = c.side_to_move() == p.side_to_move();
      Value v = round_over_value(c);
      if ((v == Value::Win && same) || (v == Value::Loss && !same)) {
        table_.store(p.key(), {0, kInfinity});
        return {0, kInfinity};
      }
    }
    // The children's numbers, kept here as well as in the table: the table may lose an entry,
    // and reading it back as (1, 1) would send the search into the same child for ever.
    std::vector<ProofNumbers> numbers(children.size());
    for (std::size_t i = 0; i < children.size(); ++i) numbers[i] = numbers_of(children[i]);
    for (;;) {
      std::uint32_t pn = kInfinity, second = kInfinity;
      std::uint64_t dn = 0;
      std::size_t best = 0;
      for (std::size_t i = 0; i < children.size(); ++i) {
        Share s = share(numbers[i], children[i].side_to_move() == p.side_to_move());
        if (s.to_min < pn) {
          second = pn;
          pn = s.to_min;
          best = i;
        } else if (s.to_min < second) {
          second = s.to_min;
        }
        dn += s.to_sum;
      }
      ProofNumbers here{pn, capped(dn)};
      if (here.pn >= th_pn || here.dn >= th_dn || stopped_) {
        table_.store(p.key(), here);
        return here;
      }
      // Into the most proving child, with thresholds that send us back here as soon as another
      // child becomes the most proving one or this node's thresholds are reached.
      const Position& c = children[best];
      bool same = c.side_to_move() == p.side_to_move();
      Share s = share(numbers[best], same);
      std::uint32_t for_min = std::min(th_pn, capped(std::uint64_t(second) + 1));
      std::uint32_t for_sum = capped(std::uint64_t(th_dn) - here.dn + s.to_sum);
      numbers[best] = same ? mid(c, for_min, for_sum) : mid(c, for_sum, for_min);
    }
  }

  std::optional<Move> winning_move(const Position& root) {
    MoveList moves;
    generate_moves(root, moves);
    for (Move m : moves) {
      Position c = root.after(m);
      if (share(numbers_of(c), c.side_to_move() == root.side_to_move()).to_min == 0) return m;
    }
    return std::nullopt;
  }

  const SolveLimits& limits_;
  TranspositionTable& table_;
  Clock::time_point start_, last_report_;
  std::uint64_t nodes_ = 0;
  std::uint64_t root_key_ = 0;
  bool stopped_ = false;
};

}  // namespace

SolveResult solve(const Position& root, const SolveLimits& limits) {
  TranspositionTable table(limits.hash_mb);
  return solve(root, limits, table);
}

SolveResult solve(const Position& root, const SolveLimits& limits, TranspositionTable& table) {
  return Search(limits, table).run(root);
}

}  // namespace kamisado::solver
