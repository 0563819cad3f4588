#include "solver/retro/retro_key.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "src/kamisado/errors.h"

namespace kamisado::solver {

namespace {

constexpr int kFreeChoice = 8;

// A position's variable part, unpacked: squares by side and colour, side to move, turn code.
struct Layout {
  std::array<std::array<Square, 8>, 2> squares;
  int gold_to_move;
  int turn;
};

RetroKey pack(const Layout& l) {
  RetroKey k;
  for (int c = 0; c < kColours; ++c) {
    k.lo |= std::uint64_t(l.squares[0][c]) << (6 * c);
    k.hi |= std::uint64_t(l.squares[1][c]) << (6 * c);
  }
  k.lo |= std::uint64_t(l.gold_to_move) << 48;
  k.lo |= std::uint64_t(l.turn) << 49;
  return k;
}

// B3: the 180° turn swaps the sides and keeps every colour.
Layout rotated(const Layout& l) {
  Layout r;
  for (int c = 0; c < kColours; ++c) {
    r.squares[0][c] = rotate180(l.squares[1][c]);
    r.squares[1][c] = rotate180(l.squares[0][c]);
  }
  r.gold_to_move = 1 - l.gold_to_move;
  r.turn = l.turn;
  return r;
}

// B3: the mirror maps files a<->h and colours c <-> 7-c, the designated colour included.
Layout mirrored(const Layout& l) {
  Layout r;
  for (int s = 0; s < 2; ++s)
    for (int c = 0; c < kColours; ++c) r.squares[s][7 - c] = mirror(l.squares[s][c]);
  r.gold_to_move = l.gold_to_move;
  r.turn = l.turn == kFreeChoice ? kFreeChoice : 7 - l.turn;
  return r;
}

Layout layout_of(const Position& pos) {
  Layout l;
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c) l.squares[index(s)][c] = pos.square_of(s, Colour(c));
  l.gold_to_move = pos.side_to_move() == Side::Gold;
  l.turn = pos.turn() == Turn::FreeChoice ? kFreeChoice : int(pos.designated());
  return l;
}

}  // namespace

RoundFrame RoundFrame::of(const Position& root) {
  RoundFrame f;
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c) f.ranks_[index(s)][c] = std::uint8_t(root.rank_of_tower(s, Colour(c)));
  f.match_ = root.match();
  bool rotate = f.match_.points[0] == f.match_.points[1];
  bool mirror = true;
  bool rotate_mirror = rotate;
  for (int c = 0; c < kColours; ++c) {
    rotate = rotate && f.ranks_[0][c] == f.ranks_[1][c];
    mirror = mirror && f.ranks_[0][c] == f.ranks_[0][7 - c] && f.ranks_[1][c] == f.ranks_[1][7 - c];
    rotate_mirror = rotate_mirror && f.ranks_[0][c] == f.ranks_[1][7 - c];
  }
  f.symmetries_ = std::uint8_t((rotate ? kRotate : 0) | (mirror ? kMirror : 0) | (rotate_mirror ? kRotateMirror : 0));
  return f;
}

RetroKey RoundFrame::key(const Position& pos) const { return pack(layout_of(pos)); }

RetroKey RoundFrame::image_key(const Position& pos, Symmetry symmetry) const {
  Layout l = layout_of(pos);
  switch (symmetry) {
    case kRotate: return pack(rotated(l));
    case kMirror: return pack(mirrored(l));
    case kRotateMirror: return pack(mirrored(rotated(l)));
  }
  return pack(l);
}

// The same keys as pack(rotated(l)) etc., computed on packed words: a 6-bit square turned 180°
// is sq ^ 63, mirrored sq ^ 7, and the mirror reverses the order of the colour fields.
RetroKey RoundFrame::canonical_key(const Position& pos) const {
  constexpr std::uint64_t kTurn = (std::uint64_t{1} << 48) - 1;  // every field ^ 63
  constexpr std::uint64_t kMirror = 0x1C71C71C71C7ull;           // every field ^ 7
  std::uint64_t forward[2] = {0, 0}, reversed[2] = {0, 0};
  for (int s = 0; s < 2; ++s)
    for (int c = 0; c < kColours; ++c) {
      std::uint64_t sq = pos.square_of(Side(s), Colour(c));
      forward[s] |= sq << (6 * c);
      reversed[s] |= sq << (6 * (7 - c));
    }
  const std::uint64_t gold = pos.side_to_move() == Side::Gold;
  const std::uint64_t turn = pos.turn() == Turn::FreeChoice ? kFreeChoice : std::uint64_t(pos.designated());
  const std::uint64_t mirrored_turn = turn == kFreeChoice ? turn : 7 - turn;
  auto meta = [](std::uint64_t gold_to_move, std::uint64_t t) { return gold_to_move << 48 | t << 49; };
  RetroKey best{forward[0] | meta(gold, turn), forward[1]};
  if (symmetries_ & kRotate) best = std::min(best, RetroKey{(forward[1] ^ kTurn) | meta(gold ^ 1, turn), forward[0] ^ kTurn});
  if (symmetries_ & kMirror) best = std::min(best, RetroKey{(reversed[0] ^ kMirror) | meta(gold, mirrored_turn), reversed[1] ^ kMirror});
  if (symmetries_ & kRotateMirror)
    best = std::min(best, RetroKey{(reversed[1] ^ kTurn ^ kMirror) | meta(gold ^ 1, mirrored_turn), reversed[0] ^ kTurn ^ kMirror});
  return best;
}

Position RoundFrame::decode(RetroKey key) const {
  if ((key.lo >> 53) != 0 || (key.hi >> 48) != 0) throw InputError("stray bits in a position key");
  int turn = int((key.lo >> 49) & 15);
  if (turn > kFreeChoice) throw InputError("a position key with turn code " + std::to_string(turn));
  Position pos = Position::empty_board();
  Bitboard used = 0;
  for (Side s : {Side::Black, Side::Gold}) {
    std::uint64_t word = s == Side::Black ? key.lo : key.hi;
    for (int c = 0; c < kColours; ++c) {
      Square sq = Square((word >> (6 * c)) & 63);
      if (used & bit(sq)) throw InputError("a position key with two towers on one square");
      used |= bit(sq);
      pos.place(s, Colour(c), sq, rank(s, Colour(c)));
    }
  }
  Side to_move = (key.lo >> 48) & 1 ? Side::Gold : Side::Black;
  if (turn == kFreeChoice)
    pos.set_turn(to_move, Turn::FreeChoice);
  else
    pos.set_turn(to_move, Turn::Designated, Colour(turn));
  pos.set_match(match_);
  pos.finish();
  if (pos.outcome().over()) throw InputError("a position key whose round is over");
  return pos;
}

}  // namespace kamisado::solver
