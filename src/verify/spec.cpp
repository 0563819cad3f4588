#include "src/verify/spec.h"

namespace kamisado::verify::spec {

// rules.md B3, read off the table rank by rank (rank 1 first): N G R Y K P B O = 0..7.
const std::array<std::array<int, 8>, 8> kColour = {{
    {0, 1, 2, 3, 4, 5, 6, 7},  // 1: N G R Y K P B O
    {5, 0, 3, 6, 1, 4, 7, 2},  // 2: P N Y B G K O R
    {6, 3, 0, 5, 2, 7, 4, 1},  // 3: B Y N P R O K G
    {3, 2, 1, 0, 7, 6, 5, 4},  // 4: Y R G N O B P K
    {4, 5, 6, 7, 0, 1, 2, 3},  // 5: K P B O N G R Y
    {1, 4, 7, 2, 5, 0, 3, 6},  // 6: G K O R P N Y B
    {2, 7, 4, 1, 6, 3, 0, 5},  // 7: R O K G B Y N P
    {7, 6, 5, 4, 3, 2, 1, 0},  // 8: O B P K Y R G N
}};

z3::expr colour_of(z3::context& ctx, const z3::expr& square) {
  z3::expr c = ctx.bv_val(0, 3);
  for (int sq = 0; sq < 64; ++sq) c = z3::ite(square == ctx.bv_val(sq, 6), ctx.bv_val(kColour[sq / 8][sq % 8], 3), c);
  return c;
}

Word targets(const Word& occupied, int from_file, int from_rank, Side side, int tower_rank) {
  z3::context& ctx = occupied.ctx();
  int forward = side == Side::Black ? 1 : -1;
  Word result = Word::constant(ctx, 0);
  for (int df : {-1, 0, 1}) {
    z3::expr line_clear = ctx.bool_val(true);
    for (int d = 1; d <= kRange[tower_rank]; ++d) {
      int f = from_file + df * d, r = from_rank + forward * d;
      if (f < 0 || f > 7 || r < 0 || r > 7) break;
      int t = 8 * r + f;
      line_clear = line_clear && !occupied.has(Square(t));
      Word bit_t = Word::constant(ctx, std::uint64_t{1} << t);
      result = Word(z3::ite(line_clear, (result | bit_t).expr(), result.expr()));
    }
  }
  return result;
}

z3::expr pushed_count(z3::context& ctx, const std::array<ColumnSquare, 4>& column, int pusher_rank) {
  z3::expr count = ctx.int_val(0);
  int most = pusher_rank < 3 ? pusher_rank : 3;  // S2.2
  z3::expr run = ctx.bool_val(true);             // squares 1..n hold pushable opponents
  for (int n = 1; n <= most; ++n) {
    const ColumnSquare& sq = column[n - 1];
    if (!sq.on_board) break;
    // S2.1–S2.3: an opponent's tower of strictly lower rank.
    run = run && sq.occupied && sq.opponent && z3::ult(sq.rank, ctx.bv_val(pusher_rank, 3));
    const ColumnSquare& beyond = column[n];
    if (!beyond.on_board) break;                                      // S2.4: the square beyond must exist...
    count = z3::ite(run && !beyond.occupied, ctx.int_val(n), count);  // ...and be empty
  }
  return count;
}

}  // namespace kamisado::verify::spec
