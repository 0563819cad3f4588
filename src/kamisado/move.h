// A move (rules.md §6 "Moves"): a tower's move or push from one square to another, a forced
// pass, or between rounds the Defender's fill-left / fill-right.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "src/kamisado/board.h"

namespace kamisado {

enum class MoveKind : std::uint8_t { Step, Push, Pass, Fill };
enum class FillSide : std::uint8_t { Left, Right };

// Plain 16-bit value: from (6 bits), to (6 bits), kind (2 bits). A pass keeps the square of
// the tower that passes in both fields (M6: a zero-length move of that tower). A fill keeps
// its side in `from`.
class Move {
 public:
  // Left uninitialised, like a built-in integer, so a MoveList costs nothing to create.
  Move() = default;
  static constexpr Move step(Square from, Square to) { return Move(from, to, MoveKind::Step); }
  static constexpr Move push(Square from, Square to) { return Move(from, to, MoveKind::Push); }
  static constexpr Move pass(Square tower) { return Move(tower, tower, MoveKind::Pass); }
  static constexpr Move fill(FillSide s) { return Move(Square(s), 0, MoveKind::Fill); }

  constexpr Square from() const { return Square(bits_ & 63); }
  constexpr Square to() const { return Square((bits_ >> 6) & 63); }
  constexpr MoveKind kind() const { return MoveKind(bits_ >> 12); }
  constexpr FillSide fill_side() const { return FillSide(from()); }
  // A real move (M8) moves a tower: a step or a push, not a pass.
  constexpr bool is_real() const { return kind() == MoveKind::Step || kind() == MoveKind::Push; }

  constexpr bool operator==(const Move&) const = default;

 private:
  constexpr Move(Square from, Square to, MoveKind k) : bits_(std::uint16_t(from | (to << 6) | (int(k) << 12))) {}
  std::uint16_t bits_;
};

// B3: the same move on the board mirrored left-right. A fill keeps to the same board side seen
// from the other end, so left and right swap.
constexpr Move mirror(Move m) {
  switch (m.kind()) {
    case MoveKind::Step: return Move::step(mirror(m.from()), mirror(m.to()));
    case MoveKind::Push: return Move::push(mirror(m.from()), mirror(m.to()));
    case MoveKind::Pass: return Move::pass(mirror(m.from()));
    case MoveKind::Fill: break;
  }
  return Move::fill(m.fill_side() == FillSide::Left ? FillSide::Right : FillSide::Left);
}

// A fixed-capacity list; move generation never allocates. A free first move (T1) has the most
// moves: eight towers with at most 7 + 7 + 7 targets each.
class MoveList {
 public:
  static constexpr std::size_t kCapacity = 8 * 21;
  void push_back(Move m) { moves_[size_++] = m; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move& operator[](std::size_t i) const { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }

 private:
  std::array<Move, kCapacity> moves_;
  std::size_t size_ = 0;
};

}  // namespace kamisado
