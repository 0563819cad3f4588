// The rules that decide how a round ends and how the next one starts: deadlock (M8), the ring
// and its points (P2), the end of a match (P3) and regrouping (F1–F3). Position::after applies
// them; they are here, apart from move generation, because each is a rule of its own.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "src/kamisado/bitboard.h"
#include "src/kamisado/board.h"
#include "src/kamisado/move.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/mutants.h"
#include "src/kamisado/position.h"

namespace kamisado {

// The number of forced passes that follow before someone can act (M9), or -1 on a deadlock.
int pass_chain_length(const Position& pos, Side side, Colour colour);

// M8: starting with `side` having to move its tower `colour`, follow T2 and M6 through the
// forced passes. Returns true if the chain never ends: it revisits a (player, colour) pair.
// There are 16 such pairs, so the walk takes at most 17 steps. Inline, with the common case
// first: every step asks it, and nearly always the designated tower can act at once.
inline bool chain_deadlocks(const Position& pos, Side side, Colour colour) {
  return !can_act(pos, side, colour) && pass_chain_length(pos, side, colour) < 0;
}

// S3: how many of the opponent's towers the push `m` sends back, as Position::after plays it.
int towers_pushed(const Position& before, Move push);

// How the round ended if the real move `m` ends it (M7, M8), else an outcome with Ending::None.
// In a match Position::after goes straight on to the between-rounds state; this says how.
Outcome round_outcome(const Position& before, Move m);

// Who won the round being played at a position, if it is over: the winner of a finished single
// round or match (M7, M8, P3), or between the rounds of a match the Defender, who is to move
// (F1). What the solver proves is always the winner of the round.
inline std::optional<Side> round_winner(const Position& pos) {
  if (pos.outcome().over()) return pos.outcome().winner;
  if (pos.turn() == Turn::BetweenRounds) return pos.side_to_move();
  return std::nullopt;
}

// Throws InputError naming who won when the round being played is over at `pos`: a search, a
// puzzle or a table of that round has nothing to prove there. `hint`, if given, ends the message.
void require_round_in_play(const Position& pos, std::string_view hint = "");

// P3: a match played to "standard" (3 points), "long" (7), "marathon" (15) or a number of points
// from 1 to 15. Throws InputError (field "match") otherwise.
std::uint32_t match_target(std::string_view value);
// P3: a score "B-G", the points of the two sides (at most 15 each), e.g. 1-1. Throws InputError
// (field "score") otherwise.
std::array<std::uint32_t, 2> match_score(std::string_view text);

// What the rules say of how fast a round can end. The searches (df-pn's bounds and move order,
// the retrograde build, the puzzle screens, the players) take these shortcuts and ask here
// rather than restating a rule, so that a house rule that changes how a round is won changes
// this section and the searches follow.
//
// What a step hands the opponent (T2 with M7: a tower with a free line to its goal row) is
// threats.h's, with a look two plies ahead; the searches count on it in the same way.
//
// M7: a step onto the goal row (the opponent's home row) wins the round at once. A push never
// does (S2: a Sumo pushes forwards and stays short of that row).
constexpr bool wins_at_once(Move m, Side mover) { return m.kind() == MoveKind::Step && rank_of(m.to()) == goal_rank(mover); }
// Whether a tower of `mover` with these step targets can win at once (M7).
constexpr bool can_win_at_once(Side mover, Bitboard steps) { return (steps & goal_row(mover)) != 0; }

// The fewest plies in which `winner` can still win a round that is not over, when the side to
// move cannot win at once. The winner's own move wins only on the goal row (M7), and a
// deadlock's real mover loses (M8): with the winner to move it takes two plies at least. The
// loser may lose on his own move, by deadlock (M8): one ply. Counted in the winner's own moves
// (as puzzles count): one and none.
constexpr int least_plies_to_win(bool winner_to_move) { return winner_to_move ? 2 : 1; }
constexpr int least_winner_moves_to_win(bool winner_to_move) { return winner_to_move ? 1 : 0; }

// The most plies a win in n of the winner's own moves can take against any defence: the loser
// moves at most once between two of the winner's moves (a push's extra turn, S4, gives the
// winner two in a row, never the loser), and the round may end on the loser's own move by a
// deadlock (M8). So a win in n moves lasts at most 2n plies.
constexpr int most_plies_for_winner_moves(int n) { return 2 * n; }

// B4: a tower carries at most four rings (its rank: 0 for a plain tower, 4 for a Mega-Sumo).
constexpr int kMostRings = 4;

// P2: the points a ring placed on a tower of rank `old_rank` scores.
#ifndef KAMISADO_MUTANTS
constexpr std::uint32_t ring_points(int old_rank) { return std::uint32_t{1} << old_rank; }
#else
inline std::uint32_t ring_points(int old_rank) {
  return (std::uint32_t{1} << old_rank) + (mutants::active == mutants::Mutant::RingValue && old_rank == 0 ? 1 : 0);
}
#endif

// P2: what the rings of a tower of rank `rank` scored, one ring placed at each rank below it:
// 1 + 2 + ... + 2^(rank-1) = 2^rank - 1 points, all its owner's (a KFEN's score must hold them).
inline std::uint32_t rings_worth(int rank) {
  std::uint32_t worth = 0;
  for (int r = 0; r < rank; ++r) worth += ring_points(r);
  return worth;
}
// P2: what all of `side`'s rings scored: in play, exactly his score.
inline std::uint32_t rings_worth(const Position& pos, Side side) {
  std::uint32_t worth = 0;
  for (int c = 0; c < kColours; ++c) worth += rings_worth(pos.rank_of_tower(side, Colour(c)));
  return worth;
}
// P2: whether `points` is what one ring can be worth (1, 2, 4 or 8: a tower has at most four).
inline bool is_ring_value(int points) {
  for (int r = 0; r < kMostRings; ++r)
    if (ring_points(r) == std::uint32_t(points)) return true;
  return false;
}

// Why no game played by the rules reaches `pos`, or an empty string when no such reason is
// known (a position may be unreachable for reasons this does not look for). Two are looked for:
// a match score other than its rings' worth (P2: every point is scored with a ring, so each
// player's score is exactly what his rings are worth), and a free choice (T1) with a tower off
// its home row (a round's first move is made from the home rows: the start, or regrouped, F3).
std::string why_unreachable(const Position& pos);

// F3: where one player's towers stand on his home row after regrouping towards `fill`, read
// from his own seat (F2). Returns the square of each of his towers, indexed by colour.
std::array<Square, 8> regrouped_squares(const Position& pos, Side player, FillSide fill);

}  // namespace kamisado
