#include "src/verify/checks.h"

#include <chrono>
#include <map>
#include <optional>

#include "src/kamisado/bitboard.h"
#include "src/kamisado/kfen.h"
#include "src/verify/spec.h"
#include "src/verify/z3_word.h"

namespace kamisado::verify {

Primitives engine_primitives() {
  return {
      [](Square from, const Word& empty, Side side, int rank) { return tower_targets<Word>(from, empty, side, rank); },
      [](const Word(&by_rank)[5], int rank) { return towers_below<Word>(by_rank, rank); },
      [](const Word& from, const Word& empty, const Word& pushable, Side side, int rank) {
        return push_column<Word>(from, empty, pushable, side, rank);
      },
      [](const Word& from, const Word& empty, const Word& pushable, Side side, int rank) {
        return push_target<Word>(from, empty, pushable, side, rank);
      },
      [](Square s) { return colour_of(s); },
  };
}

namespace {

using Clock = std::chrono::steady_clock;

std::string squares_of(Bitboard b) {
  std::string out;
  for (; b; b &= b - 1) out += (out.empty() ? "" : " ") + square_name(lsb(b));
  return out.empty() ? "none" : out;
}

Bitboard value_of(const z3::model& m, const Word& w) { return m.eval(w.expr(), true).get_numeral_uint64(); }

// A legal-looking position with a tower of `side` and `rank` on `at` (to move, designated),
// other towers on the squares of `others` (square -> side, rank), the rest on free squares.
// Returns the KFEN, or nothing if the squares cannot hold a valid position.
std::optional<std::string> position_with(Square at, Side side, int rank, const std::map<Square, std::pair<Side, int>>& others, Bitboard keep_free) {
  Position p = Position::empty_board();
  int next[2] = {0, 0};
  Colour designated = Colour(0);
  auto place = [&](Square sq, Side s, int r) {
    if (next[index(s)] >= 8) return false;
    p.place(s, Colour(next[index(s)]++), sq, r);
    return true;
  };
  place(at, side, rank);
  Bitboard used = bit(at);
  for (const auto& [sq, who] : others) {
    if (!place(sq, who.first, who.second)) return std::nullopt;
    used |= bit(sq);
  }
  // The rest on squares far from the action: each side's own home row first, then anywhere.
  for (Side s : {Side::Black, Side::Gold}) {
    for (int pass = 0; pass < 2 && next[index(s)] < 8; ++pass)
      for (int sq = 0; sq < 64 && next[index(s)] < 8; ++sq) {
        bool home = rank_of(Square(sq)) == home_rank(s);
        if ((pass == 0) != home || (used | keep_free) & bit(Square(sq)) || rank_of(Square(sq)) == goal_rank(s)) continue;
        place(Square(sq), s, 0);
        used |= bit(Square(sq));
      }
    if (next[index(s)] < 8) return std::nullopt;
  }
  p.set_turn(side, Turn::Designated, designated);
  p.finish();
  try {
    return to_kfen(parse_kfen(to_kfen(p)));
  } catch (const NotationError&) {
    return std::nullopt;
  }
}

struct Run {
  CheckResult result;
  Clock::time_point start = Clock::now();
  // Returns false once refuted (the result then holds the counterexample).
  bool query(z3::solver& s, const z3::expr& claim) {
    ++result.queries;
    s.push();
    s.add(!claim);
    z3::check_result r = s.check();
    if (r == z3::unsat) {
      s.pop();
      return true;
    }
    result.verdict = r == z3::sat ? "refuted" : "unknown";
    return false;
  }
  CheckResult finish() {
    if (result.verdict.empty()) result.verdict = "proved";
    result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return result;
  }
};

// Proves `claim(ctx, occupied, square, side, rank)` for every side, tower rank and square, with
// every occupancy of the board (the tower's own square occupied). The claim returns the Boolean
// to prove and a function that explains a counterexample model. On a refutation the solver
// first looks for one with exactly sixteen occupied squares, which a KFEN can show as it is.
// Returns false once refuted.
template <class Claim>
bool for_every_tower(Run& run, Claim claim) {
  for (Side side : {Side::Black, Side::Gold})
    for (int rank = 0; rank <= 4; ++rank) {
      z3::context ctx;
      z3::solver s(ctx);
      Word occupied = Word::variable(ctx, "occupied");
      for (int sq = 0; sq < 64; ++sq) {
        s.push();
        s.add(occupied.has(Square(sq)));  // the tower itself stands there
        auto [holds, explain] = claim(ctx, occupied, Square(sq), side, rank);
        if (!run.query(s, holds)) {
          z3::model m = s.get_model();
          z3::expr count = ctx.bv_val(0, 7);
          for (int i = 0; i < 64; ++i) count = count + z3::zext(occupied.expr().extract(i, i), 6);
          s.add(count == ctx.bv_val(16, 7));
          if (s.check() == z3::sat) m = s.get_model();
          run.result.counterexample =
              std::string(side_name(side)) + " tower of rank " + std::to_string(rank) + " on " + square_name(Square(sq)) + ", " + explain(m);
          return false;
        }
        s.pop();
      }
    }
  return true;
}

// --- slides: M1–M4, S1 -----------------------------------------------------------------------
CheckResult check_slides(const Primitives& engine) {
  Run run{{"slides", "the engine's move targets equal the rules for every square, side, rank and all 2^64 occupancies", "M1 M2 M3 M4 S1", "", 0, 0,
           "", false}};
  for_every_tower(run, [&](z3::context&, const Word& occupied, Square sq, Side side, int rank) {
    Word mine = engine.tower_targets(sq, ~occupied, side, rank);
    Word rules = spec::targets(occupied, file_of(sq), rank_of(sq), side, rank);
    auto explain = [=](const z3::model& m) {
      Bitboard occ = value_of(m, occupied);
      std::string text =
          "occupied: " + squares_of(occ) + "; engine targets: " + squares_of(value_of(m, mine)) + "; rules: " + squares_of(value_of(m, rules));
      // The other towers on the other occupied squares: Gold's nearest rank 8, Black's the rest.
      std::map<Square, std::pair<Side, int>> others;
      int gold_left = side == Side::Gold ? 7 : 8;
      for (Bitboard b = occ & ~bit(sq); b; b &= b - 1) others[lsb(b)] = {Side::Black, 0};
      for (auto it = others.rbegin(); it != others.rend() && gold_left > 0; ++it, --gold_left) it->second.first = Side::Gold;
      if (auto k = position_with(sq, side, rank, others, ~occ)) text += "; KFEN " + *k;
      return text;
    };
    return std::pair{mine == rules, std::function<std::string(const z3::model&)>(explain)};
  });
  return run.finish();
}

// --- pushes: S2, S3 ---------------------------------------------------------------------------
// For a pusher on `sq`, the up to four squares straight ahead get free variables: occupied,
// opponent's, rank. Everything else on the board is free too.
struct PushCase {
  std::array<Square, 4> squares{};
  std::array<spec::ColumnSquare, 4> column;
  Word occupied, opponent_by_rank[5];
};

PushCase make_push_case(z3::context& ctx, Square sq, Side side) {
  int forward = side == Side::Black ? 1 : -1;
  Word rest = Word::variable(ctx, "rest");
  Bitboard column_mask = 0;
  std::array<spec::ColumnSquare, 4> column{{{false, ctx.bool_val(false), ctx.bool_val(false), ctx.bv_val(0, 3)},
                                            {false, ctx.bool_val(false), ctx.bool_val(false), ctx.bv_val(0, 3)},
                                            {false, ctx.bool_val(false), ctx.bool_val(false), ctx.bv_val(0, 3)},
                                            {false, ctx.bool_val(false), ctx.bool_val(false), ctx.bv_val(0, 3)}}};
  std::array<Square, 4> squares{};
  for (int j = 0; j < 4; ++j) {
    int r = rank_of(sq) + forward * (j + 1);
    if (r < 0 || r > 7) break;
    squares[j] = make_square(file_of(sq), r);
    std::string n = std::to_string(j + 1);
    column[j] = {true, ctx.bool_const(("occupied" + n).c_str()), ctx.bool_const(("opponent" + n).c_str()), ctx.bv_const(("rank" + n).c_str(), 3)};
    column_mask |= bit(squares[j]);
  }
  Word occupied = (rest & Word::constant(ctx, ~column_mask)) | Word::constant(ctx, bit(sq));
  Word by_rank[5] = {Word::constant(ctx, 0), Word::constant(ctx, 0), Word::constant(ctx, 0), Word::constant(ctx, 0), Word::constant(ctx, 0)};
  for (int r = 0; r < 5; ++r) by_rank[r] = Word::variable(ctx, "opponent_rank" + std::to_string(r)) & Word::constant(ctx, ~column_mask);
  for (int j = 0; j < 4 && column[j].on_board; ++j) {
    Word b = Word::constant(ctx, bit(squares[j])), none = Word::constant(ctx, 0);
    occupied = occupied | Word(z3::ite(column[j].occupied, b.expr(), none.expr()));
    for (int r = 0; r < 5; ++r)
      by_rank[r] = by_rank[r] | Word(z3::ite(column[j].occupied && column[j].opponent && column[j].rank == ctx.bv_val(r, 3), b.expr(), none.expr()));
  }
  PushCase pc{squares, column, occupied, {by_rank[0], by_rank[1], by_rank[2], by_rank[3], by_rank[4]}};
  return pc;
}

std::string describe_column(const z3::model& m, const PushCase& pc) {
  std::string out;
  for (int j = 0; j < 4 && pc.column[j].on_board; ++j) {
    out += (j ? ", " : "") + square_name(pc.squares[j]) + " ";
    if (!m.eval(pc.column[j].occupied, true).is_true()) {
      out += "empty";
      continue;
    }
    out += std::string(m.eval(pc.column[j].opponent, true).is_true() ? "opponent" : "own") + " rank " +
           std::to_string(m.eval(pc.column[j].rank, true).get_numeral_uint64());
  }
  return out;
}

// What a refuted push check found, in words and (where one can be built) as a KFEN.
std::string push_counterexample(const z3::model& m, const PushCase& pc, Square sq, Side side, int rank, const Word& mine, const Word& rules) {
  std::string text = std::string(side_name(side)) + " tower of rank " + std::to_string(rank) + " on " + square_name(sq) +
                     "; ahead: " + describe_column(m, pc) + "; engine pushes: " + squares_of(value_of(m, mine)) +
                     "; rules: " + squares_of(value_of(m, rules));
  std::map<Square, std::pair<Side, int>> others;
  Bitboard keep_free = 0;
  for (int j = 0; j < 4 && pc.column[j].on_board; ++j) {
    if (!m.eval(pc.column[j].occupied, true).is_true()) {
      keep_free |= bit(pc.squares[j]);
      continue;
    }
    Side who = m.eval(pc.column[j].opponent, true).is_true() ? ~side : side;
    others[pc.squares[j]] = {who, int(std::min<std::uint64_t>(4, m.eval(pc.column[j].rank, true).get_numeral_uint64()))};
  }
  if (auto k = position_with(sq, side, rank, others, keep_free)) text += "; KFEN " + *k;
  return text;
}

Word spec_pushed(z3::context& ctx, const PushCase& pc, const z3::expr& count) {
  Word out = Word::constant(ctx, 0);
  for (int j = 0; j < 4 && pc.column[j].on_board; ++j)
    out = Word(z3::ite(count >= j + 1, (out | Word::constant(ctx, bit(pc.squares[j]))).expr(), out.expr()));
  return out;
}

// Proves `claim(case, engine column, engine target, rules count)` for every side, pusher rank
// and square with a square ahead. Returns false once refuted.
template <class Claim>
bool for_every_push(Run& run, const Primitives& engine, Claim claim) {
  for (Side side : {Side::Black, Side::Gold})
    for (int rank = 1; rank <= 4; ++rank) {
      z3::context ctx;
      z3::solver s(ctx);
      for (int sq = 0; sq < 64; ++sq) {
        if (rank_of(Square(sq)) == goal_rank(side)) continue;  // nothing ahead to push
        PushCase pc = make_push_case(ctx, Square(sq), side);
        s.push();
        for (int j = 0; j < 4 && pc.column[j].on_board; ++j) s.add(z3::ule(pc.column[j].rank, ctx.bv_val(4, 3)));
        Word from = Word::constant(ctx, bit(Square(sq)));
        Word pushable = engine.towers_below(pc.opponent_by_rank, rank);
        Word column = engine.push_column(from, ~pc.occupied, pushable, side, rank);
        Word target = engine.push_target(from, ~pc.occupied, pushable, side, rank);
        z3::expr count = spec::pushed_count(ctx, pc.column, rank);
        auto [holds, shown_mine, shown_rules] = claim(ctx, pc, column, target, count, Square(sq), side, rank);
        if (!run.query(s, holds)) {
          run.result.counterexample = push_counterexample(s.get_model(), pc, Square(sq), side, rank, shown_mine, shown_rules);
          return false;
        }
        s.pop();
      }
    }
  return true;
}

struct PushClaim {
  z3::expr holds;
  Word mine, rules;
};

CheckResult check_pushes(const Primitives& engine) {
  Run run{{"pushes",
           "the engine's pushes equal the rules for every square, side and pusher rank, and every owner and "
           "rank of the towers ahead: which towers move back (S3) and where the pusher goes",
           "S2 S3", "", 0, 0, "", false}};
  for_every_push(run, engine,
                 [](z3::context& ctx, const PushCase& pc, const Word& column, const Word& target, const z3::expr& count, Square sq, Side side, int) {
                   Word rules = spec_pushed(ctx, pc, count);
                   int forward = side == Side::Black ? 8 : -8;
                   Word rules_target =
                       Word(z3::ite(count >= 1, Word::constant(ctx, bit(Square(sq + forward))).expr(), Word::constant(ctx, 0).expr()));
                   return PushClaim{(column == rules) && (target == rules_target), column, rules};
                 });
  return run.finish();
}

CheckResult check_push_bounds(const Primitives& engine) {
  Run run{{"push-bounds", "no push moves a tower off the board, and no push wins a round", "S2 S3 M7", "", 0, 0, "", false}};
  for_every_push(run, engine, [](z3::context& ctx, const PushCase&, const Word& column, const Word& target, const z3::expr&, Square, Side side, int) {
    // The pushed towers' squares are never on the last rank in the push's direction (so each
    // has a square to go back to), and the pusher never lands on the opponent's home row.
    Word goal_row = Word::constant(ctx, Bitboard{0xFF} << (8 * goal_rank(side)));
    return PushClaim{(column & goal_row).is_zero() && (target & goal_row).is_zero(), column, column & goal_row};
  });
  return run.finish();
}

CheckResult check_advance(const Primitives& engine) {
  Run run{{"advance",
           "every real move raises the advancement potential: a step only goes forward; a push moves the "
           "pusher one square forward and only towers of lower rank back (rank-lexicographic potential)",
           "M1 S2 S3, rules.md §2", "", 0, 0, "", false}};
  bool steps = for_every_tower(run, [&](z3::context& ctx, const Word& occupied, Square sq, Side side, int rank) {
    Bitboard ahead = 0;
    for (int r = 0; r < 8; ++r)
      if (side == Side::Black ? r > rank_of(sq) : r < rank_of(sq)) ahead |= Bitboard{0xFF} << (8 * r);
    Word mine = engine.tower_targets(sq, ~occupied, side, rank);
    auto explain = [=](const z3::model& m) { return "may go to " + squares_of(value_of(m, mine) & ~ahead) + ", not ahead of it"; };
    return std::pair{(mine & Word::constant(ctx, ~ahead)).is_zero(), std::function<std::string(const z3::model&)>(explain)};
  });
  if (!steps) return run.finish();
  for_every_push(run, engine,
                 [](z3::context& ctx, const PushCase& pc, const Word& column, const Word& target, const z3::expr&, Square sq, Side side, int rank) {
                   int forward = side == Side::Black ? 8 : -8;
                   Word ahead = Word::constant(ctx, bit(Square(sq + forward)));
                   // Every tower the engine pushes is an opponent's of strictly lower rank, standing in the
                   // column ahead; the pusher goes one square forward, onto the nearest of them.
                   z3::expr holds = ctx.bool_val(true);
                   Bitboard column_mask = 0;
                   for (int j = 0; j < 4 && pc.column[j].on_board; ++j) {
                     column_mask |= bit(pc.squares[j]);
                     holds = holds && z3::implies(column.has(pc.squares[j]),
                                                  pc.column[j].occupied && pc.column[j].opponent && z3::ult(pc.column[j].rank, ctx.bv_val(rank, 3)));
                   }
                   holds = holds && (column & Word::constant(ctx, ~column_mask)).is_zero() && (target & ~ahead).is_zero() &&
                           (target.is_zero() || !(column & ahead).is_zero());
                   return PushClaim{holds, column, column & Word::constant(ctx, column_mask)};
                 });
  return run.finish();
}

// --- colours: B3 -------------------------------------------------------------------------------
CheckResult check_colours(const Primitives& engine) {
  Run run{{"colours",
           "the board colouring: each rank and file holds every colour once, the 180-degree turn keeps "
           "colours, the long diagonals are Brown and Orange, the mirror maps colours by N-O G-B R-P Y-K; and "
           "the engine's table is the rules' table",
           "B3", "", 0, 0, "", false}};
  z3::context ctx;
  z3::solver s(ctx);
  z3::expr r = ctx.bv_const("r", 3), f = ctx.bv_const("f", 3), g = ctx.bv_const("g", 3);
  // The facts are proved of the engine's table; then the engine's table is compared with the
  // rules' (spec::kColour), square by square.
  auto colour = [&](const z3::expr& rank, const z3::expr& file) {
    z3::expr c = ctx.bv_val(0, 3);
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 8; ++j)
        c = z3::ite(rank == ctx.bv_val(i, 3) && file == ctx.bv_val(j, 3), ctx.bv_val(int(engine.colour_of(make_square(j, i))), 3), c);
    return c;
  };
  z3::expr seven = ctx.bv_val(7, 3);
  const std::pair<const char*, z3::expr> facts[] = {
      {"ranks", z3::implies(f != g, colour(r, f) != colour(r, g))}, {"files", z3::implies(f != g, colour(f, r) != colour(g, r))},
      {"turn", colour(r, f) == colour(seven - r, seven - f)},       {"diagonals", colour(r, r) == ctx.bv_val(0, 3) && colour(r, seven - r) == seven},
      {"mirror", colour(r, seven - f) == seven - colour(r, f)},
  };
  for (const auto& [name, fact] : facts)
    if (!run.query(s, fact)) {
      z3::model m = s.get_model();
      run.result.counterexample = std::string("fails for ") + name + " at rank " + std::to_string(m.eval(r, true).get_numeral_uint64() + 1) +
                                  ", file " + char('a' + m.eval(f, true).get_numeral_uint64());
      return run.finish();
    }
  for (int sq = 0; sq < 64; ++sq)
    if (int(engine.colour_of(Square(sq))) != spec::kColour[rank_of(Square(sq))][file_of(Square(sq))]) {
      run.result.verdict = "refuted";
      run.result.counterexample = "the engine colours " + square_name(Square(sq)) + " differently from rules.md B3";
      return run.finish();
    }
  return run.finish();
}

// --- pass chains: M6, M8 ------------------------------------------------------------------------
// A lemma about the rules, not a check of the engine: it proves, on free colours, the
// pigeonhole fact behind M8's "a chain that never ends" (and behind the engine's 16-pair visited
// set), and no engine code enters it. The engine's pass chains are checked on the Z3-found
// witnesses instead (witnesses.h), where mutated chain rules are caught.
CheckResult check_chain(const Primitives&) {
  Run run{{"pass-chain",
           "lemma (about the rules, not the engine): a chain of forced passes has at most 16 links before "
           "a (player, colour) pair repeats: links alternate between the players, so 17 links hold 9 of one "
           "player's, among 8 colours",
           "M6 M8 M9", "", 0, 0, "", true}};
  z3::context ctx;
  z3::solver s(ctx);
  z3::expr_vector colours(ctx);
  for (int i = 0; i < 9; ++i) colours.push_back(ctx.bv_const(("colour" + std::to_string(i)).c_str(), 3));
  if (!run.query(s, !z3::distinct(colours))) run.result.counterexample = "nine distinct colours out of eight";
  return run.finish();
}

using CheckFn = CheckResult (*)(const Primitives&);
const std::vector<std::pair<std::string, CheckFn>>& registry() {
  static const std::vector<std::pair<std::string, CheckFn>> r = {
      {"colours", check_colours}, {"slides", check_slides},           {"pushes", check_pushes},
      {"advance", check_advance}, {"push-bounds", check_push_bounds}, {"pass-chain", check_chain},
  };
  return r;
}

}  // namespace

std::vector<std::string> check_ids() {
  std::vector<std::string> ids;
  for (const auto& [id, fn] : registry()) ids.push_back(id);
  return ids;
}

CheckResult run_check(const std::string& id, const Primitives& engine) {
  for (const auto& [name, fn] : registry())
    if (name == id) return fn(engine);
  throw std::invalid_argument("unknown check '" + id + "'");
}

}  // namespace kamisado::verify
