#include "src/kamisado/perft.h"

#include "src/kamisado/movegen.h"

namespace kamisado {

namespace {

std::uint64_t leaves_below(const Position& child, int depth);

// Plays every legal move and counts the leaves under each child, `depth` - 1 plies deeper.
std::uint64_t leaves_through_children(const Position& pos, int depth) {
  MoveList moves;
  generate_moves(pos, moves);
  std::uint64_t n = 0;
  for (Move m : moves) n += leaves_below(pos.after(m), depth - 1);
  return n;
}

// The last two plies at once. For a step of the designated tower, the child's move count is
// the number of targets of the opponent's designated tower on the new occupancy, plus one if
// that tower (a Sumo) may push; the child is built only when that shortcut does not hold: a
// step onto the home row (the round ends), a reply tower that cannot act (a pass, or a
// deadlock), a push or pass by the mover, and a free first move or the fill between rounds.
std::uint64_t perft2(const Position& pos) {
  if (pos.turn() != Turn::Designated || pos.outcome().over()) return leaves_through_children(pos, 2);
  Side s = pos.side_to_move();
  Colour c = pos.designated();
  Square from = pos.square_of(s, c);
  Bitboard steps = step_targets(pos, s, c);
  Bitboard push = push_target(pos, s, c);
  if (!steps && !push) return leaves_below(pos.after(Move::pass(from)), 1);
  std::uint64_t n = push ? leaves_below(pos.after(Move::push(from, lsb(push))), 1) : 0;
  Bitboard occupied_without = pos.occupied() ^ bit(from);
  for (Bitboard b = steps; b;) {
    Square to = pop_lsb(b);
    if (rank_of(to) == goal_rank(s)) {  // M7: the round ends
      // In a single round the game ends with it: a leaf, counted without making the position.
      // In a match it is the match's end (a leaf) or the way between rounds (two fills).
      n += pos.match().is_match() ? leaves_below(pos.after(Move::step(from, to)), 1) : 1;
      continue;
    }
    Colour reply = colour_of(to);  // T2
    Square reply_from = pos.square_of(~s, reply);
    int reply_rank = pos.rank_of_tower(~s, reply);
    Bitboard empty = ~(occupied_without | bit(to));
    int replies = popcount(tower_targets<Bitboard>(reply_from, empty, ~s, reply_rank));
    // A Sumo may push only when a tower stands straight ahead of it (S2.1): test that first.
    if (reply_rank > 0 && (shift(bit(reply_from), kForward[index(~s)][0]) & ~empty)) {
      Bitboard victims = towers_below_rank(pos, s, reply_rank);  // before the step
      if (victims & bit(from)) victims ^= bit(from) | bit(to);
      replies += kamisado::push_target<Bitboard>(bit(reply_from), empty, victims, ~s, reply_rank) ? 1 : 0;
    }
    if (replies) {  // the reply tower can act, so there is no pass and no deadlock (M6, M8)
      n += std::uint64_t(replies);
      continue;
    }
    n += leaves_below(pos.after(Move::step(from, to)), 1);
  }
  return n;
}

std::uint64_t leaves_below(const Position& child, int depth) { return child.outcome().over() ? 1 : perft(child, depth); }

// leaves_below, counted in pieces of at most kPiecePlies plies (well under a millisecond each), `piece`
// told of each: perft(pos, d) for d >= 3 is the sum of its children's leaves at d - 1, as
// leaves_through_children counts it.
constexpr int kPiecePlies = 3;
template <class Piece>
std::uint64_t leaves_below_in_pieces(const Position& child, int depth, const Piece& piece) {
  if (child.outcome().over() || depth <= kPiecePlies) {
    const std::uint64_t n = leaves_below(child, depth);
    piece(n);
    return n;
  }
  MoveList moves;
  generate_moves(child, moves);
  std::uint64_t n = 0;
  for (Move m : moves) n += leaves_below_in_pieces(child.after(m), depth - 1, piece);
  return n;
}

}  // namespace

std::uint64_t perft(const Position& pos, int depth) {
  if (depth == 0) return 1;
  if (depth == 1) return std::uint64_t(count_moves(pos));
  if (depth == 2) return perft2(pos);
  return leaves_through_children(pos, depth);
}

std::vector<DivideEntry> divide(const Position& pos, int depth, const DivideProgress& each) {
  MoveList moves;
  generate_moves(pos, moves);
  std::vector<DivideEntry> out;
  out.reserve(moves.size());
  std::uint64_t leaves = 0;
  for (Move m : moves) {
    Position child = pos.after(m);
    std::uint64_t n = 0;
    if (each && depth >= 4) {
      // Deep counts take a while under each first move: split it into pieces of at most
      // kPiecePlies, so that `each` hears of progress every few milliseconds at any depth.
      n = leaves_below_in_pieces(child, depth - 1, [&](std::uint64_t piece) {
        leaves += piece;
        each(out.size(), moves.size(), leaves);
      });
    } else {
      n = leaves_below(child, depth - 1);
      leaves += n;
    }
    out.push_back({m, n});
    if (each) each(out.size(), moves.size(), leaves);
  }
  return out;
}

}  // namespace kamisado
