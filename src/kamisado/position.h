// Position: where the sixteen towers stand, their ranks, whose turn it is and which tower must
// move, the match score, and whether the round is over.
//
// Plain data, copied on every move (copy-make): 160 bytes, no pointers, no allocation. The
// rules of a move live in Position::after (rules.md M6–M9, S3–S4); this header holds only the
// state and its invariants:
//   - each side has exactly one tower of each colour (B4), on 16 distinct squares;
//   - by_side_ and by_rank_ agree with square_ and rank_;
//   - key_ is the Zobrist key of everything else.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "src/kamisado/bitboard.h"
#include "src/kamisado/board.h"
#include "src/kamisado/move.h"
#include "src/kamisado/zobrist.h"

namespace kamisado {

// Which tower the side to move must move (T1–T2), or that a round is over (§6, tower `*`).
enum class Turn : std::uint8_t { Designated, FreeChoice, BetweenRounds };

// How the game ended: a single round won on the home row (M7) or by deadlock (M8), or a match
// won (P3). `ring_tower` is the colour of the winner's tower that earns the ring in a match
// (P2): the tower on the opponent's home row, or after a deadlock the tower of the colour of the
// square on which the loser's deadlock-causing real move ended.
//
// In a match a round's end is not the game's end: the position goes between rounds (turn
// BetweenRounds, the round's winner to move as Defender, F1) and the outcome stays None until a
// player reaches the target.
enum class Ending : std::uint8_t { None, HomeRow, Deadlock, MatchWon };
struct Outcome {
  Ending ending = Ending::None;
  Side winner = Side::Black;
  Colour ring_tower = Brown;
  constexpr bool over() const { return ending != Ending::None; }
  constexpr bool operator==(const Outcome&) const = default;
};

// P3: target 0 means a single round (P1); otherwise the points a player needs to win the match.
struct MatchScore {
  std::uint32_t target = 0;
  std::array<std::uint32_t, 2> points{};
  constexpr bool is_match() const { return target != 0; }
  constexpr bool operator==(const MatchScore&) const = default;
};

struct TowerRef {
  Side side;
  Colour colour;
};

class Position {
 public:
  // B5: the first round's set-up, Black to move with free choice (T1), single round.
  static Position initial();

  // Building a position square by square (used by KFEN): start from an empty board, place all
  // sixteen towers, set the turn, then call finish(), which derives the key and the outcome.
  static Position empty_board();
  void place(Side side, Colour colour, Square square, int rank);
  void set_turn(Side side_to_move, Turn turn, Colour designated = Brown);
  void set_match(const MatchScore& match) { match_ = match; }
  void finish();

  Bitboard occupied() const { return by_side_[0] | by_side_[1]; }
  Bitboard towers(Side s) const { return by_side_[index(s)]; }
  Square square_of(Side s, Colour c) const { return square_[index(s)][c]; }
  int rank_of_tower(Side s, Colour c) const { return rank_[index(s)][c]; }
  // The squares of the towers of `s` with exactly this rank (B4), by rank.
  Bitboard towers_of_rank(Side s, int rank) const { return by_rank_[index(s)][rank]; }
  const Bitboard (&towers_by_rank(Side s) const)[5] { return by_rank_[index(s)]; }
  std::optional<TowerRef> tower_on(Square sq) const;

  Side side_to_move() const { return side_; }
  Turn turn() const { return turn_; }
  // The colour of the tower the side to move must move; meaningful when turn() is Designated.
  Colour designated() const { return designated_; }
  const Outcome& outcome() const { return outcome_; }
  const MatchScore& match() const { return match_; }
  std::uint64_t key() const { return key_; }

  // The position after `m`, which must be legal here (see movegen.h). Applies M7 (home-row win),
  // M8 (deadlock decided at once after a real move), T2 and M6 (the next designated tower).
  Position after(Move m) const;

  // What a search needs of most children without making them (cf. Stockfish's key_after): the
  // key after the step `m`, and the squares the opponent's next designated tower (T2) may then
  // step to. Given only for a step that leaves the round going (no goal row, M7) and hands the
  // turn to a tower of rank 0 (no push to weigh, S2) that can step (no pass or deadlock, M6,
  // M8): after(m) is then that key, the opponent to move, that tower designated. nullopt for
  // every other move: make it with after(). `m` must be legal here, as for after().
  struct Glimpse {
    std::uint64_t key;
    Bitboard next_targets;
  };
  std::optional<Glimpse> glimpse(Move m) const;  // inline, below: the search calls it for every child

  // B3 symmetries: the board turned 180° with the sides swapped, and the board mirrored
  // left-right with colours mapped by their involution. Both preserve the game exactly.
  Position rotated() const;
  Position mirrored() const;

  bool operator==(const Position& o) const;

 private:
  Position() = default;
  void move_tower(Side s, Colour c, Square to);
  void hand_turn_to(Side s, Turn turn, Colour designated = Brown);
  void end_round(const Outcome& round);
  // Where the parts of a position find their Zobrist keys (zobrist.h).
  static constexpr int tower_id(Side s, Colour c) { return 8 * index(s) + c; }
  static constexpr int turn_key_index(Turn t, Colour c) { return t == Turn::Designated ? int(c) : t == Turn::FreeChoice ? 8 : 9; }
  std::uint64_t computed_key() const;
  Outcome computed_outcome() const;

  std::array<Bitboard, 2> by_side_{};
  Bitboard by_rank_[2][5] = {};
  std::array<std::array<Square, 8>, 2> square_{};
  std::array<std::array<std::uint8_t, 8>, 2> rank_{};
  Side side_ = Side::Black;
  Turn turn_ = Turn::FreeChoice;
  Colour designated_ = Brown;
  Outcome outcome_{};
  MatchScore match_{};
  std::uint64_t key_ = 0;
};

inline std::optional<Position::Glimpse> Position::glimpse(Move m) const {
  if (m.kind() != MoveKind::Step) return std::nullopt;  // between rounds every move is a fill
  const Side s = side_;
  if (rank_of(m.to()) == goal_rank(s)) return std::nullopt;  // M7
  const Colour next = colour_of(m.to());                     // T2
  if (rank_[index(~s)][next] != 0) return std::nullopt;      // a Sumo may push (S2)
  const Bitboard targets = step_targets_by_lines(~s, square_[index(~s)][next], 0, occupied() ^ bit(m.from()) ^ bit(m.to()));
  if (!targets) return std::nullopt;  // a pass, perhaps a deadlock (M6, M8)
  // The same XORs as move_tower and hand_turn_to in after().
  const auto& k = zobrist::kKeys;
  const Colour moved = turn_ == Turn::FreeChoice ? tower_on(m.from())->colour : designated_;
  std::uint64_t key = key_ ^ k.tower_square[tower_id(s, moved)][m.from()] ^ k.tower_square[tower_id(s, moved)][m.to()];
  key ^= k.turn[turn_key_index(turn_, designated_)] ^ k.gold_to_move ^ k.turn[turn_key_index(Turn::Designated, next)];
  return Glimpse{key, targets};
}

}  // namespace kamisado
