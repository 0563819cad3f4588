#include "src/verify/witnesses.h"

#include <memory>
#include <optional>

#include <z3++.h>

#include "src/kamisado/kfen.h"
#include "src/kamisado/rules.h"
#include "src/verify/spec.h"
#include "src/verify/witness_search.h"
#include "src/verify/z3_word.h"

namespace kamisado::verify {

EngineChain engine_chain() {
  return [](const Position& pos) {
    ChainVerdict v;
    if (pos.outcome().ending == Ending::Deadlock) return ChainVerdict{-1, ~pos.outcome().winner, Brown};
    v.passes = pass_chain_length(pos, pos.side_to_move(), pos.designated());
    Position p = pos;
    for (int i = 0; i < v.passes; ++i) {
      p = p.after(Move::pass(p.square_of(p.side_to_move(), p.designated())));
      // A deadlock arises only right after a real move (M8), never after a pass, so its loser,
      // the player who made that move, is unique. An engine that ends the round here is wrong.
      if (p.outcome().over()) return ChainVerdict{-2, ~p.outcome().winner, Brown};
    }
    v.next_side = p.side_to_move();
    v.next_colour = p.designated();
    return v;
  };
}

namespace {

// The symbolic position and the spec's reading of it.
class Board {
 public:
  explicit Board(z3::context& ctx) : ctx_(ctx), occupied_(Word::constant(ctx, 0)) {
    z3::expr_vector all(ctx);
    for (int s = 0; s < 2; ++s)
      for (int c = 0; c < 8; ++c) {
        z3::expr q = ctx.bv_const(("square_" + std::to_string(s) + "_" + std::to_string(c)).c_str(), 6);
        square_[s][c] = q;
        all.push_back(q);
        // Legally placed: not on the opponent's home row (the round is still on, M7).
        rules_.push_back(q.extract(5, 3) != ctx.bv_val(s == 0 ? 7 : 0, 3));
        occupied_ = occupied_ | Word(z3::shl(ctx.bv_val(1, 64), z3::zext(q, 58)));
      }
    rules_.push_back(z3::distinct(all));  // sixteen towers on sixteen squares
  }

  const std::vector<z3::expr>& rules() const { return rules_; }
  const z3::expr& square(int side, int colour) const { return square_[side][colour]; }

  // The square of `side`'s tower of the symbolic colour `colour`.
  z3::expr square_of(int side, const z3::expr& colour) const {
    z3::expr q = square_[side][0];
    for (int c = 1; c < 8; ++c) q = z3::ite(colour == ctx_.bv_val(c, 3), square_[side][c], q);
    return q;
  }

  z3::expr colour_of(const z3::expr& q) const { return spec::colour_of(ctx_, q); }

  z3::expr blocked(int side, const z3::expr& q) const {
    return spec::plain_tower_blocked(ctx_, side, q, [this](const z3::expr& at) { return occupied_at(at); });
  }

 private:
  z3::expr occupied_at(const z3::expr& q) const { return z3::lshr(occupied_.expr(), z3::zext(q, 58)).extract(0, 0) == ctx_.bv_val(1, 1); }

  z3::context& ctx_;
  Word occupied_;
  z3::expr square_[2][8] = {{ctx_.bv_val(0, 6), ctx_.bv_val(0, 6), ctx_.bv_val(0, 6), ctx_.bv_val(0, 6), ctx_.bv_val(0, 6), ctx_.bv_val(0, 6),
                             ctx_.bv_val(0, 6), ctx_.bv_val(0, 6)},
                            {ctx_.bv_val(0, 6), ctx_.bv_val(0, 6), ctx_.bv_val(0, 6), ctx_.bv_val(0, 6), ctx_.bv_val(0, 6), ctx_.bv_val(0, 6),
                             ctx_.bv_val(0, 6), ctx_.bv_val(0, 6)}};
  std::vector<z3::expr> rules_;
};

// The chain of M6/M9 walked by the spec: link i is (side i, colour i), Black first.
struct Chain {
  std::vector<z3::expr> colour, blocked;
};

Chain walk(z3::context& ctx, const Board& board, int links) {
  Chain chain;
  chain.colour.push_back(ctx.bv_const("designated", 3));
  for (int i = 0; i <= links; ++i) {
    int side = i % 2;  // sides alternate, Black (to move) first
    z3::expr q = board.square_of(side, chain.colour[i]);
    chain.blocked.push_back(board.blocked(side, q));
    chain.colour.push_back(board.colour_of(q));  // M6: the pass ends on the tower's own square
  }
  return chain;
}

Position position_from(const z3::model& m, const Board& board, const Chain& chain) {
  Position p = Position::empty_board();
  for (int s = 0; s < 2; ++s)
    for (int c = 0; c < 8; ++c) p.place(Side(s), Colour(c), Square(m.eval(board.square(s, c), true).get_numeral_uint64()), 0);
  p.set_turn(Side::Black, Turn::Designated, Colour(m.eval(chain.colour[0], true).get_numeral_uint64()));
  p.finish();
  return p;
}

struct Finder {
  const EngineChain& engine;
  std::vector<Witness> out;

  // Solves `constraints` (on a chain of `links` links); on success compares engine and spec.
  // With `facing_ranks`, the search is narrowed to positions where Black's towers fill rank 4
  // and Gold's rank 5 (every tower blocked): a family where long cycles are easy to find.
  void find(const std::string& name, const std::string& rule, int links, const std::function<z3::expr(z3::context&, const Chain&)>& constraints,
            const std::function<ChainVerdict(const z3::model&, const Chain&)>& spec_verdict, unsigned timeout_ms = 0, bool facing_ranks = false) {
    // The board and its chain live on the heap: the chain's expressions are of this board. The
    // chain is walked after the rules are added, in the order that makes Z3 find the same
    // witnesses as before.
    struct Case {
      Board board;
      std::optional<Chain> chain;
      explicit Case(z3::context& ctx) : board(ctx) {}
    };
    Witness w{name, rule, "", "", {}, {}, 0};
    const WitnessOutcome o = search_witness(
        timeout_ms,
        [&](z3::context& ctx, z3::solver& s) {
          auto c = std::make_unique<Case>(ctx);
          for (const z3::expr& r : c->board.rules()) s.add(r);
          if (facing_ranks)
            for (int colour = 0; colour < 8; ++colour) {
              s.add(c->board.square(0, colour).extract(5, 3) == ctx.bv_val(3, 3));
              s.add(c->board.square(1, colour).extract(5, 3) == ctx.bv_val(4, 3));
            }
          c->chain.emplace(walk(ctx, c->board, links));
          s.add(constraints(ctx, *c->chain));
          return c;
        },
        [&](const z3::model& m, const std::unique_ptr<Case>& c) {
          Position p = position_from(m, c->board, *c->chain);
          w.kfen = to_kfen(p);
          w.spec = spec_verdict(m, *c->chain);
          w.engine = engine(p);
          return w.engine == w.spec;
        });
    w.verdict = o.verdict;
    w.seconds = o.seconds;
    out.push_back(w);
  }
};

Colour colour_in(const z3::model& m, const z3::expr& e) { return Colour(m.eval(e, true).get_numeral_uint64()); }

}  // namespace

std::vector<Witness> find_witnesses(const EngineChain& engine, const WitnessOptions& options) {
  Finder f{engine, {}};
  // Chains of L forced passes ending in a real move: links 0..L-1 blocked, link L free.
  for (int passes = 1; passes <= 6; ++passes) {
    std::string name = passes == 1 ? "a forced pass" : "a chain of " + std::to_string(passes) + " passes";
    f.find(
        name, passes == 1 ? "M6" : "M9", passes,
        [passes](z3::context&, const Chain& c) {
          z3::expr e = !c.blocked[passes];
          for (int i = 0; i < passes; ++i) e = e && c.blocked[i];
          return e;
        },
        [passes](const z3::model& m, const Chain& c) {
          return ChainVerdict{passes, passes % 2 ? Side::Gold : Side::Black, colour_in(m, c.colour[passes])};
        });
  }
  // Deadlock cycles of k towers (k even: the players alternate), the chain entering the cycle
  // at once: links 0..k-1 blocked and distinct, link k the same as link 0.
  auto cycle = [](int k) {
    return [k](z3::context& ctx, const Chain& c) {
      z3::expr e = c.colour[k] == c.colour[0];
      for (int i = 0; i < k; ++i) e = e && c.blocked[i];
      for (int i = 0; i < k; ++i)
        for (int j = i + 2; j < k; j += 2) e = e && c.colour[i] != c.colour[j];  // same player: distinct towers
      (void)ctx;
      return e;
    };
  };
  // A deadlock: Gold made the real move, so Gold loses (M8).
  auto deadlock = [](const z3::model&, const Chain&) { return ChainVerdict{-1, Side::Gold, Brown}; };
  for (int k : {2, 4, 6}) f.find("a deadlock of " + std::to_string(k) + " towers", "M8", k, cycle(k), deadlock);
  // The longest cycle: longer and longer until Z3 proves none exists (or gives up). Each length
  // is first looked for among two facing full ranks, then anywhere.
  for (int k = options.longest_cycle_from; k <= 16; k += 2) {
    std::string name = "a deadlock of " + std::to_string(k) + " towers";
    f.find(name, "M8", k, cycle(k), deadlock, options.query_timeout_ms, true);
    if (f.out.back().verdict != "found") {
      double narrowed = f.out.back().seconds;
      f.out.pop_back();
      f.find(name, "M8", k, cycle(k), deadlock, options.query_timeout_ms);
      f.out.back().seconds += narrowed;
    }
    if (f.out.back().verdict != "found") break;
  }
  return f.out;
}

}  // namespace kamisado::verify
