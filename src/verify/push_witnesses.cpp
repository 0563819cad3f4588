#include "src/verify/push_witnesses.h"

#include <memory>
#include <optional>

#include <z3++.h>

#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"
#include "src/verify/spec.h"
#include "src/verify/witness_search.h"

namespace kamisado::verify {

EngineAfterPush engine_after_push() {
  return [](const Position& before, Move push) {
    Outcome o = round_outcome(before, push);
    if (o.ending == Ending::Deadlock) return ChainVerdict{-1, ~o.winner, Brown};
    return engine_chain()(before.after(push));
  };
}

namespace {

// The symbolic position: squares and ranks of the 16 towers, Black's Sumo of colour `pusher`
// to move. All of it read with the spec's own table and rules, never the engine's.
struct PushBoard {
  z3::context& ctx;
  z3::expr square[2][8], rank[2][8];
  z3::expr pusher;  // colour of Black's designated Sumo
  std::vector<z3::expr> rules;

  explicit PushBoard(z3::context& c)
      : ctx(c),
        square{{c.bv_val(0, 6), c.bv_val(0, 6), c.bv_val(0, 6), c.bv_val(0, 6), c.bv_val(0, 6), c.bv_val(0, 6), c.bv_val(0, 6), c.bv_val(0, 6)},
               {c.bv_val(0, 6), c.bv_val(0, 6), c.bv_val(0, 6), c.bv_val(0, 6), c.bv_val(0, 6), c.bv_val(0, 6), c.bv_val(0, 6), c.bv_val(0, 6)}},
        rank{{c.bv_val(0, 3), c.bv_val(0, 3), c.bv_val(0, 3), c.bv_val(0, 3), c.bv_val(0, 3), c.bv_val(0, 3), c.bv_val(0, 3), c.bv_val(0, 3)},
             {c.bv_val(0, 3), c.bv_val(0, 3), c.bv_val(0, 3), c.bv_val(0, 3), c.bv_val(0, 3), c.bv_val(0, 3), c.bv_val(0, 3), c.bv_val(0, 3)}},
        pusher(c.bv_const("pusher", 3)) {
    z3::expr_vector all(c);
    for (int s = 0; s < 2; ++s)
      for (int col = 0; col < 8; ++col) {
        square[s][col] = c.bv_const(("square_" + std::to_string(s) + "_" + std::to_string(col)).c_str(), 6);
        all.push_back(square[s][col]);
        rules.push_back(square[s][col].extract(5, 3) != c.bv_val(s == 0 ? 7 : 0, 3));  // M7: the round is on
        // The pusher is a Sumo of rank 1-3, every other tower plain; opponents of the pusher
        // may carry rings too (0-3), as long as the pusher outranks what it pushes (checked by S2).
        if (s == 0)
          rank[s][col] = z3::ite(pusher == c.bv_val(col, 3), c.bv_const(("pusher_rank" + std::to_string(col)).c_str(), 3), c.bv_val(0, 3));
        else
          rank[s][col] = c.bv_const(("gold_rank" + std::to_string(col)).c_str(), 3);
      }
    rules.push_back(z3::distinct(all));
    z3::expr k = pusher_rank();
    rules.push_back(z3::uge(k, c.bv_val(1, 3)) && z3::ule(k, c.bv_val(3, 3)));
    for (int col = 0; col < 8; ++col) rules.push_back(z3::ule(rank[1][col], c.bv_val(3, 3)));
    // A Marathon (target 15, P3) whose scores pay for the rings (P2, §6) and that neither player
    // has won: Gold's rings are worth at most 14 (the pusher's, of rank 3 at most, at most 7).
    z3::expr gold_worth = c.bv_val(0, 8);
    for (int col = 0; col < 8; ++col) {
      const z3::expr& r = rank[1][col];
      gold_worth = gold_worth + z3::ite(r == c.bv_val(1, 3), c.bv_val(1, 8),
                                        z3::ite(r == c.bv_val(2, 3), c.bv_val(3, 8), z3::ite(r == c.bv_val(3, 3), c.bv_val(7, 8), c.bv_val(0, 8))));
    }
    rules.push_back(z3::ule(gold_worth, c.bv_val(14, 8)));
  }

  z3::expr pusher_square() const { return of(0, pusher, square); }
  z3::expr pusher_rank() const { return of(0, pusher, rank); }
  z3::expr of(int side, const z3::expr& colour, const z3::expr (&what)[2][8]) const {
    z3::expr v = what[side][0];
    for (int c = 1; c < 8; ++c) v = z3::ite(colour == ctx.bv_val(c, 3), what[side][c], v);
    return v;
  }

  // Who stands on square index `q` (a 6-bit value): any tower, a Gold one, and its rank.
  z3::expr occupied(const z3::expr& q) const {
    z3::expr e = ctx.bool_val(false);
    for (int s = 0; s < 2; ++s)
      for (int c = 0; c < 8; ++c) e = e || square[s][c] == q;
    return e;
  }
  z3::expr gold_on(const z3::expr& q) const {
    z3::expr e = ctx.bool_val(false);
    for (int c = 0; c < 8; ++c) e = e || square[1][c] == q;
    return e;
  }
  z3::expr rank_on(const z3::expr& q) const {
    z3::expr r = ctx.bv_val(0, 3);
    for (int s = 0; s < 2; ++s)
      for (int c = 0; c < 8; ++c) r = z3::ite(square[s][c] == q, rank[s][c], r);
    return r;
  }
  z3::expr colour_of(const z3::expr& q) const { return spec::colour_of(ctx, q); }
};

// S2 read for the Sumo on `from`: the column ahead, square by square.
struct Column {
  std::array<z3::expr, 5> exists, occupied, gold, rank, square;  // index 1..4 used
  z3::expr count;                                                // towers pushed (0: no push), from spec::pushed_count's conditions
};

Column read_column(const PushBoard& b, const z3::expr& from, const z3::expr& k) {
  z3::context& ctx = b.ctx;
  z3::expr none = ctx.bool_val(false);
  Column col{{none, none, none, none, none}, {none, none, none, none, none},
             {none, none, none, none, none}, {ctx.bv_val(0, 3), ctx.bv_val(0, 3), ctx.bv_val(0, 3), ctx.bv_val(0, 3), ctx.bv_val(0, 3)},
             {from, from, from, from, from}, ctx.int_val(0)};
  for (int j = 1; j <= 4; ++j) {
    col.exists[j] = z3::ule(from.extract(5, 3), ctx.bv_val(7 - j, 3));  // Black pushes up
    col.square[j] = from + ctx.bv_val(8 * j, 6);
    col.occupied[j] = col.exists[j] && b.occupied(col.square[j]);
    col.gold[j] = col.exists[j] && b.gold_on(col.square[j]);
    col.rank[j] = b.rank_on(col.square[j]);
  }
  z3::expr run = ctx.bool_val(true);
  for (int n = 1; n <= 3; ++n) {
    z3::expr allowed = z3::uge(k, ctx.bv_val(n, 3));                                                              // S2.2: n <= min(k, 3), k <= 3 here
    run = run && col.occupied[n] && col.gold[n] && z3::ult(col.rank[n], k);                                       // S2.1, S2.3
    col.count = z3::ite(allowed && run && col.exists[n + 1] && !col.occupied[n + 1], ctx.int_val(n), col.count);  // S2.4
  }
  return col;
}

Position position_from(const z3::model& m, const PushBoard& b) {
  Position p = Position::empty_board();
  std::uint32_t points[2] = {0, 0};
  for (int s = 0; s < 2; ++s)
    for (int c = 0; c < 8; ++c) {
      int r = int(m.eval(b.rank[s][c], true).get_numeral_uint64());
      p.place(Side(s), Colour(c), Square(m.eval(b.square[s][c], true).get_numeral_uint64()), r);
      points[s] += (1u << r) - 1;  // the points the rings were worth (P2)
    }
  p.set_turn(Side::Black, Turn::Designated, Colour(m.eval(b.pusher, true).get_numeral_uint64()));
  // A Marathon with scores that pay for the rings exactly (P2); neither has reached 15 (see above).
  p.set_match({15, {points[0], points[1]}});
  p.finish();
  return p;
}

std::optional<Move> push_move(const Position& p) {
  MoveList moves;
  generate_moves(p, moves);
  for (Move m : moves)
    if (m.kind() == MoveKind::Push) return m;
  return std::nullopt;
}

using Extra = std::function<z3::expr(PushBoard&, Column&)>;
using Judge = std::function<std::pair<bool, std::string>(const z3::model&, PushBoard&, Column&, const Position&)>;
// Records one case: `extra` adds its constraints to the board's rules; `judge` compares the
// rules (the model) and the engine (the position).
using Find = std::function<void(const std::string& name, const std::string& rule, const Extra& extra, const Judge& judge)>;

PushWitness search_push_case(const std::string& name, const std::string& rule, const Extra& extra, const Judge& judge, unsigned timeout_ms) {
  // The board and its column live on the heap: the column's expressions are of this board. The
  // column is read after the rules are added, in the order that makes Z3 find the same
  // witnesses as before.
  struct Case {
    PushBoard b;
    std::optional<Column> col;
    explicit Case(z3::context& ctx) : b(ctx) {}
  };
  PushWitness w{name, rule, "", "", "", 0};
  const WitnessOutcome o = search_witness(
      timeout_ms,
      [&](z3::context& ctx, z3::solver& s) {
        auto c = std::make_unique<Case>(ctx);
        for (const z3::expr& r : c->b.rules) s.add(r);
        c->col.emplace(read_column(c->b, c->b.pusher_square(), c->b.pusher_rank()));
        s.add(extra(c->b, *c->col));
        return c;
      },
      [&](const z3::model& m, const std::unique_ptr<Case>& c) {
        Position pos = position_from(m, c->b);
        w.kfen = to_kfen(pos);
        auto [agrees, detail] = judge(m, c->b, *c->col, pos);
        w.detail = detail;
        return agrees;
      });
  w.verdict = o.verdict;
  w.seconds = o.seconds;
  return w;
}

int count_of(const z3::model& m, const Column& c) { return int(m.eval(c.count, true).get_numeral_int64()); }

// The push itself: S5 (a Sumo that cannot step may push) and S2 (onto the pushed tower's home row).
void the_push_itself(const Find& find) {
  // S5: the Sumo cannot step, but may push: the push is its only legal move.
  find(
      "a Sumo whose only action is a push", "S5",
      [](PushBoard& b, Column& c) {
        auto occ = [&](const z3::expr& q) { return b.occupied(q); };
        return spec::plain_tower_blocked(b.ctx, 0, b.pusher_square(), occ) && c.count >= 1;
      },
      [&](const z3::model&, PushBoard&, Column&, const Position& pos) {
        MoveList moves;
        generate_moves(pos, moves);
        bool ok = moves.size() == 1 && moves[0].kind() == MoveKind::Push;
        return std::pair{ok, "spec: only the push; engine: " + legal_moves_text(pos)};
      });
  // S2: the furthest pushed tower goes back onto its own home row.
  find(
      "a push onto the pushed tower's home row", "S2",
      [](PushBoard& b, Column& c) {
        // The square beyond a column of n towers is on rank 8: the pusher stands on rank 7 - n.
        z3::expr e = b.ctx.bool_val(false);
        for (int n = 1; n <= 3; ++n) e = e || (c.count == n && b.pusher_square().extract(5, 3) == b.ctx.bv_val(6 - n, 3));
        return e;
      },
      [&](const z3::model& m, PushBoard& b, Column& c, const Position& pos) {
        auto push = push_move(pos);
        bool ok = push.has_value();
        int n = count_of(m, c);
        Square beyond = Square(m.eval(b.pusher_square(), true).get_numeral_uint64() + 8 * (n + 1));
        std::string detail = "spec: pushes " + std::to_string(n) + ", the furthest onto " + square_name(beyond);
        if (ok) {
          Position after = pos.after(*push);
          auto t = after.tower_on(beyond);
          ok = rank_of(beyond) == 7 && t && t->side == Side::Gold && !round_outcome(pos, *push).over();
          detail += "; engine: " + to_string(*push) + " gives " + to_kfen(after);
        } else {
          detail += "; engine: no push (" + legal_moves_text(pos) + ")";
        }
        return std::pair{ok, detail};
      });
}

// S2, each condition failing on its own (the others holding where they can): no push.
void pushes_refused(const Find& find) {
  auto no_push = [](const z3::model&, PushBoard&, Column&, const Position& pos) {
    bool ok = !push_move(pos).has_value();
    return std::pair{ok, "spec: no push; engine: " + legal_moves_text(pos)};
  };
  find(
      "no push: own tower directly ahead (S2.1)", "S2", [](PushBoard& b, Column& c) { return c.occupied[1] && !c.gold[1] && b.ctx.bool_val(true); },
      no_push);
  find(
      "no push: column longer than allowed (S2.2)", "S2",
      [](PushBoard& b, Column& c) {
        z3::expr k = b.pusher_rank();
        z3::expr e = b.ctx.bool_val(false);
        for (int n = 1; n <= 3; ++n) {
          z3::expr run = z3::uge(k, b.ctx.bv_val(n, 3)) && z3::ult(k, b.ctx.bv_val(n + 1, 3));  // k == n
          for (int j = 1; j <= n + 1; ++j) run = run && c.occupied[j] && c.gold[j] && z3::ult(c.rank[j], k);
          e = e || run;
        }
        return e;
      },
      no_push);
  find(
      "no push: equal or higher rank ahead (S2.3)", "S2",
      [](PushBoard& b, Column& c) { return c.occupied[1] && c.gold[1] && z3::uge(c.rank[1], b.pusher_rank()) && c.exists[2] && !c.occupied[2]; },
      no_push);
  find(
      "no push: no square beyond (S2.4)", "S2",
      [](PushBoard& b, Column& c) { return c.occupied[1] && c.gold[1] && z3::ult(c.rank[1], b.pusher_rank()) && !c.exists[2]; }, no_push);
  find(
      "no push: square beyond occupied (S2.4)", "S2",
      [](PushBoard& b, Column& c) {
        return b.pusher_rank() == b.ctx.bv_val(1, 3) && c.occupied[1] && c.gold[1] && z3::ult(c.rank[1], b.pusher_rank()) && c.occupied[2];
      },
      no_push);
}

// After a push (S4): a deadlock at once (M8), and a forced pass, as the engine plays them on.
void after_a_push(const Find& find, const EngineAfterPush& engine) {
  // After a push (S4): Black moves again with the colour of the furthest pushed tower's new
  // square. The board after the push, read symbolically: the Sumo one square up, the pushed
  // towers one square up each.
  auto after_push = [](PushBoard& b, Column& c) {
    z3::context& ctx = b.ctx;
    z3::expr from = b.pusher_square();
    z3::expr beyond = from + ctx.bv_val(8, 6);  // furthest pushed tower's new square, by count
    for (int n = 1; n <= 3; ++n) beyond = z3::ite(c.count == n, from + ctx.bv_val(8 * (n + 1), 6), beyond);
    // Occupied after: before, less the Sumo's square, plus the square beyond the column.
    auto occupied_after = [&, beyond, from](const z3::expr& q) { return (b.occupied(q) && q != from) || q == beyond; };
    // The square of (side, colour) after the push.
    auto square_after = [&, from](int side, const z3::expr& colour) {
      z3::expr q = b.of(side, colour, b.square);
      if (side == 0) return z3::ite(colour == b.pusher, from + ctx.bv_val(8, 6), q);
      z3::expr moved = ctx.bool_val(false);
      for (int j = 1; j <= 3; ++j) moved = moved || (c.count >= j && q == c.square[j]);
      return z3::ite(moved, q + ctx.bv_val(8, 6), q);
    };
    return std::tuple{beyond, occupied_after, square_after};
  };
  // The chain after the push, `links` long, never through the Sumo (whose M6 needs S2 too).
  auto chain_after = [after_push](PushBoard& b, Column& c, int links) {
    z3::context& ctx = b.ctx;
    auto [beyond, occupied_after, square_after] = after_push(b, c);
    std::vector<z3::expr> colour{b.colour_of(beyond)}, blocked;
    z3::expr avoid_sumo = ctx.bool_val(true);
    for (int i = 0; i <= links; ++i) {
      int side = i % 2;  // Black (the pusher) first
      // Every tower of the chain is plain, so that M6 for it is the squares ahead alone.
      if (side == 0)
        avoid_sumo = avoid_sumo && colour[i] != b.pusher;
      else
        avoid_sumo = avoid_sumo && b.of(1, colour[i], b.rank) == ctx.bv_val(0, 3);
      z3::expr q = square_after(side, colour[i]);
      blocked.push_back(spec::plain_tower_blocked(ctx, side, q, occupied_after));
      colour.push_back(b.colour_of(q));
    }
    return std::tuple{colour, blocked, avoid_sumo};
  };
  // M8 right after a push: the pusher's follow-up chain never ends, so the pusher loses.
  find(
      "a deadlock right after a push", "M8",
      [chain_after](PushBoard& b, Column& c) {
        auto [colour, blocked, avoid] = chain_after(b, c, 2);
        return c.count >= 1 && avoid && blocked[0] && blocked[1] && colour[2] == colour[0];
      },
      [&](const z3::model&, PushBoard&, Column&, const Position& pos) {
        auto push = push_move(pos);
        if (!push) return std::pair{false, std::string("engine: no push (") + legal_moves_text(pos) + ")"};
        ChainVerdict v = engine(pos, *push);
        bool ok = v.passes == -1 && v.next_side == Side::Black;
        return std::pair{ok,
                         "spec: deadlock, Black (the pusher) loses; engine after " + to_string(*push) + ": " +
                             (v.passes < 0 ? std::string("deadlock, ") + side_name(v.next_side) + " loses" : std::to_string(v.passes) + " pass(es)")};
      });
  // A push, then a forced pass: Black's follow-up tower is blocked; Gold then moves the colour of
  // its square.
  find(
      "a push followed by a forced pass", "S4",
      [chain_after](PushBoard& b, Column& c) {
        auto [colour, blocked, avoid] = chain_after(b, c, 1);
        return c.count >= 1 && avoid && blocked[0] && !blocked[1];
      },
      [&, chain_after](const z3::model& m, PushBoard& b, Column& c, const Position& pos) {
        auto push = push_move(pos);
        if (!push) return std::pair{false, std::string("engine: no push (") + legal_moves_text(pos) + ")"};
        auto [colour, blocked, avoid] = chain_after(b, c, 1);
        ChainVerdict spec{1, Side::Gold, Colour(m.eval(colour[1], true).get_numeral_uint64())};
        ChainVerdict v = engine(pos, *push);
        return std::pair{v == spec, "spec: 1 pass, then Gold moves " + std::string(kColourNames[spec.next_colour]) + "; engine after " +
                                        to_string(*push) + ": " + std::to_string(v.passes) + " pass(es), then " + side_name(v.next_side) + " moves " +
                                        std::string(kColourNames[v.next_colour])};
      });
}

}  // namespace

std::vector<PushWitness> find_push_witnesses(const EngineAfterPush& engine, unsigned timeout_ms) {
  std::vector<PushWitness> out;
  const Find find = [&](const std::string& name, const std::string& rule, const Extra& extra, const Judge& judge) {
    out.push_back(search_push_case(name, rule, extra, judge, timeout_ms));
  };
  the_push_itself(find);
  pushes_refused(find);
  after_a_push(find, engine);
  return out;
}

}  // namespace kamisado::verify
