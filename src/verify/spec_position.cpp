#include "src/verify/spec_position.h"

#include <array>
#include <set>
#include <utility>

#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"
#include "src/verify/spec.h"
#include "src/verify/z3_word.h"

namespace kamisado::verify {

namespace {

// A board as the spec reads it: each tower's square and rank.
struct Board {
  std::array<std::array<int, 8>, 2> square{}, rank{};
  int owner(int sq, int* colour = nullptr) const {  // 0 Black, 1 Gold, -1 empty
    for (int s = 0; s < 2; ++s)
      for (int c = 0; c < 8; ++c)
        if (square[std::size_t(s)][std::size_t(c)] == sq) {
          if (colour) *colour = c;
          return s;
        }
    return -1;
  }
  std::uint64_t occupied() const {
    std::uint64_t o = 0;
    for (const auto& side : square)
      for (int sq : side) o |= std::uint64_t{1} << sq;
    return o;
  }
};

Board board_of(const Position& pos) {
  Board b;
  for (int s = 0; s < 2; ++s)
    for (int c = 0; c < 8; ++c) {
      b.square[std::size_t(s)][std::size_t(c)] = pos.square_of(Side(s), Colour(c));
      b.rank[std::size_t(s)][std::size_t(c)] = pos.rank_of_tower(Side(s), Colour(c));
    }
  return b;
}

// One context a thread (z3_word.h), made once: a fresh context for every question cost more
// than the question.
z3::context& context() {
  thread_local z3::context ctx;
  return ctx;
}

int forward(int side) { return side == 0 ? 8 : -8; }
bool on_board(int sq) { return sq >= 0 && sq < 64; }
int spec_colour(int sq) { return spec::kColour[std::size_t(sq / 8)][std::size_t(sq % 8)]; }

// S2 on constants: the towers the tower of `side` on `from` (rank `rank`) would push.
int pushed(z3::context& ctx, const Board& b, int side, int from, int rank) {
  if (rank == 0) return 0;
  std::array<spec::ColumnSquare, 4> column{{{false, ctx.bool_val(false), ctx.bool_val(false), ctx.bv_val(0, 3)},
                                            {false, ctx.bool_val(false), ctx.bool_val(false), ctx.bv_val(0, 3)},
                                            {false, ctx.bool_val(false), ctx.bool_val(false), ctx.bv_val(0, 3)},
                                            {false, ctx.bool_val(false), ctx.bool_val(false), ctx.bv_val(0, 3)}}};
  for (int i = 0; i < 4; ++i) {
    const int sq = from + forward(side) * (i + 1);
    if (!on_board(sq)) break;
    int colour = 0;
    const int owner = b.owner(sq, &colour);
    column[std::size_t(i)] = {true, ctx.bool_val(owner >= 0), ctx.bool_val(owner >= 0 && owner != side),
                              ctx.bv_val(owner >= 0 ? b.rank[std::size_t(owner)][std::size_t(colour)] : 0, 3)};
  }
  return spec::pushed_count(ctx, column, rank).simplify().get_numeral_int();
}

// M6 on constants: the tower cannot move (spec::targets is empty) and cannot push.
bool blocked(z3::context& ctx, const Board& b, int side, int colour) {
  const int sq = b.square[std::size_t(side)][std::size_t(colour)], rank = b.rank[std::size_t(side)][std::size_t(colour)];
  const Word t = spec::targets(Word::constant(ctx, b.occupied()), sq % 8, sq / 8, Side(side), rank);
  return t.expr().simplify().get_numeral_uint64() == 0 && pushed(ctx, b, side, sq, rank) == 0;
}

}  // namespace

int spec_pushed_count(const Position& before, Move m) {
  z3::context& ctx = context();
  const Board b = board_of(before);
  const int side = int(before.side_to_move());
  int colour = 0;
  b.owner(m.from(), &colour);
  return pushed(ctx, b, side, m.from(), b.rank[std::size_t(side)][std::size_t(colour)]);
}

ChainVerdict spec_after_real_move(const Position& before, Move m) {
  z3::context& ctx = context();
  Board b = board_of(before);
  const int mover = int(before.side_to_move());
  int colour = 0;
  b.owner(m.from(), &colour);
  // The board after the move, by the spec: the tower steps, or the Sumo steps and the n towers
  // ahead of it go back a square each (S3); then T2 or S4 names who moves next, with which tower.
  int next_side = 1 - mover, at = m.to();
  if (m.kind() == MoveKind::Push) {
    const int n = pushed(ctx, b, mover, m.from(), b.rank[std::size_t(mover)][std::size_t(colour)]);
    for (int i = n; i >= 1; --i) {
      int c = 0;
      const int owner = b.owner(m.from() + forward(mover) * i, &c);
      b.square[std::size_t(owner)][std::size_t(c)] = m.from() + forward(mover) * (i + 1);
    }
    next_side = mover, at = m.from() + forward(mover) * (n + 1);
    b.square[std::size_t(mover)][std::size_t(colour)] = m.from() + forward(mover);
  } else {
    b.square[std::size_t(mover)][std::size_t(colour)] = m.to();
  }
  // M6, M8, M9: follow the forced passes until a tower can act or a (player, colour) repeats.
  std::set<std::pair<int, int>> seen;
  std::pair<int, int> turn{next_side, spec_colour(at)};
  for (int passes = 0;; ++passes) {
    if (!blocked(ctx, b, turn.first, turn.second)) return {passes, Side(turn.first), Colour(turn.second)};
    seen.insert(turn);
    turn = {1 - turn.first, spec_colour(b.square[std::size_t(turn.first)][std::size_t(turn.second)])};
    if (seen.count(turn)) return {-1, Side(mover), Brown};  // the player who made the real move loses
  }
}

ChainVerdict engine_after_real_move(const Position& before, Move m) {
  const Outcome o = round_outcome(before, m);
  if (o.ending == Ending::Deadlock) return {-1, ~o.winner, Brown};
  return engine_chain()(before.after(m));
}

std::string compare_with_spec(const Position& pos, EngineAfterMove engine_verdict) {
  MoveList moves;
  generate_moves(pos, moves);
  for (Move m : moves) {
    if (!m.is_real() || wins_at_once(m, pos.side_to_move())) continue;
    const ChainVerdict spec = spec_after_real_move(pos, m), engine = engine_verdict(pos, m);
    const auto text = [](const ChainVerdict& v) {
      return v.passes < 0 ? std::string("a deadlock lost by ") + side_name(v.next_side)
                          : std::to_string(v.passes) + " passes, then " + side_name(v.next_side) + "'s " + std::string(kColourNames[v.next_colour]);
    };
    if (!(spec == engine)) return to_kfen(pos) + ", " + to_string(m) + ": the spec says " + text(spec) + ", the engine " + text(engine);
    if (m.kind() == MoveKind::Push) {
      const int spec_pushed = spec_pushed_count(pos, m), engine_pushed = towers_pushed(pos, m);
      if (spec_pushed != engine_pushed)
        return to_kfen(pos) + ", " + to_string(m) + ": the spec pushes " + std::to_string(spec_pushed) + " towers, the engine " +
               std::to_string(engine_pushed);
    }
  }
  return "";
}

}  // namespace kamisado::verify
