#include "src/kamisado/position.h"

#include <algorithm>
#include <bit>
#include <cassert>

#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"
#include "src/kamisado/zobrist.h"

namespace kamisado {

Position Position::empty_board() { return Position(); }

Position Position::initial() {
  Position p;
  for (int c = 0; c < kColours; ++c) {
    // B5: each tower on the home-row square of its own colour.
    p.place(Side::Black, Colour(c), make_square(c, home_rank(Side::Black)), 0);
    p.place(Side::Gold, Colour(c), make_square(7 - c, home_rank(Side::Gold)), 0);
  }
  p.set_turn(Side::Black, Turn::FreeChoice);
  p.finish();
  return p;
}

void Position::place(Side s, Colour c, Square sq, int rank) {
  square_[index(s)][c] = sq;
  rank_[index(s)][c] = std::uint8_t(rank);
  by_side_[index(s)] |= bit(sq);
  by_rank_[index(s)][rank] |= bit(sq);
}

void Position::set_turn(Side side_to_move, Turn turn, Colour designated) {
  side_ = side_to_move;
  turn_ = turn;
  designated_ = turn == Turn::Designated ? designated : Brown;
}

void Position::finish() {
  key_ = computed_key();
  outcome_ = computed_outcome();
}

std::optional<TowerRef> Position::tower_on(Square sq) const {
  for (Side s : {Side::Black, Side::Gold}) {
    if (!(by_side_[index(s)] & bit(sq))) continue;
    for (int c = 0; c < kColours; ++c)
      if (square_[index(s)][c] == sq) return TowerRef{s, Colour(c)};
  }
  return std::nullopt;
}

std::uint64_t Position::computed_key() const {
  const auto& k = zobrist::kKeys;
  std::uint64_t key = 0;
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c) {
      key ^= k.tower_square[tower_id(s, Colour(c))][square_[index(s)][c]];
      key ^= k.tower_rank[tower_id(s, Colour(c))][rank_[index(s)][c]];
    }
  key ^= k.turn[turn_key_index(turn_, designated_)];
  if (side_ == Side::Gold) key ^= k.gold_to_move;
  return key ^ zobrist::match_key(match_.target, match_.points[0], match_.points[1]);
}

// The outcome read off a position that was not reached by a move (a parsed KFEN):
//   - in a match, a score at the target means the match is over (P3); between rounds the
//     board still shows how the last round ended, and the match goes on;
//   - a tower on the opponent's home row has won the round (M7);
//   - a designated tower whose pass chain never ends is a deadlock (M8). The position does not
//     say who made the last real move; after an ordinary move it is the side not to move, and
//     that is what we assume. (After a push the pusher is to move; Position::after records
//     that case correctly, but KFEN cannot express it.)
Outcome Position::computed_outcome() const {
  if (match_.is_match()) {
    for (Side s : {Side::Black, Side::Gold})
      if (match_.points[index(s)] >= match_.target) return {Ending::MatchWon, s, Brown};
    if (turn_ == Turn::BetweenRounds) return {};
  }
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c)
      if (rank_of(square_[index(s)][c]) == goal_rank(s)) return {Ending::HomeRow, s, Colour(c)};
  if (turn_ == Turn::Designated && chain_deadlocks(*this, side_, designated_)) return {Ending::Deadlock, side_, designated_};
  return {};
}

void Position::move_tower(Side s, Colour c, Square to) {
  const auto& k = zobrist::kKeys;
  Square from = square_[index(s)][c];
  key_ ^= k.tower_square[tower_id(s, c)][from] ^ k.tower_square[tower_id(s, c)][to];
  by_side_[index(s)] ^= bit(from) | bit(to);
  by_rank_[index(s)][rank_[index(s)][c]] ^= bit(from) | bit(to);
  square_[index(s)][c] = to;
}

void Position::hand_turn_to(Side s, Turn turn, Colour designated) {
  const auto& k = zobrist::kKeys;
  key_ ^= k.turn[turn_key_index(turn_, designated_)];
  if (side_ != s) key_ ^= k.gold_to_move;
  set_turn(s, turn, designated);
  key_ ^= k.turn[turn_key_index(turn_, designated_)];
}

void Position::end_round(const Outcome& round) {
  if (!match_.is_match()) {  // P1: the round is the game
    outcome_ = round;
    return;
  }
  // P2: the ring; P3: the match may be over; F1: otherwise the winner is now the Defender.
  Side w = round.winner;
  const auto& k = zobrist::kKeys;
  key_ ^= zobrist::match_key(match_.target, match_.points[0], match_.points[1]);
  std::uint8_t& rank = rank_[index(w)][round.ring_tower];
  match_.points[index(w)] += ring_points(rank);
  key_ ^= k.tower_rank[tower_id(w, round.ring_tower)][rank];
  Bitboard ringed = bit(square_[index(w)][round.ring_tower]);
  by_rank_[index(w)][rank] ^= ringed;
  ++rank;
  by_rank_[index(w)][rank] |= ringed;
  key_ ^= k.tower_rank[tower_id(w, round.ring_tower)][rank];
  key_ ^= zobrist::match_key(match_.target, match_.points[0], match_.points[1]);
  hand_turn_to(w, Turn::BetweenRounds);
  if (match_.points[index(w)] >= match_.target) outcome_ = {Ending::MatchWon, w, Brown};
}

Position Position::after(Move m) const {
  assert(!outcome_.over());
  Position p = *this;
  Side s = side_;
  switch (m.kind()) {
    case MoveKind::Fill: {  // F1–F3: the Defender, then the Challenger, same direction
      for (Side player : {s, ~s}) {
        std::array<Square, 8> squares = regrouped_squares(*this, player, m.fill_side());
        for (int c = 0; c < kColours; ++c) p.move_tower(player, Colour(c), squares[c]);
        // The moves above pass through each other's squares: rebuild the masks.
        p.by_side_[index(player)] = 0;
        for (Bitboard& b : p.by_rank_[index(player)]) b = 0;
        for (int c = 0; c < kColours; ++c) {
          p.by_side_[index(player)] |= bit(squares[c]);
          p.by_rank_[index(player)][rank_[index(player)][c]] |= bit(squares[c]);
        }
      }
      p.hand_turn_to(~s, Turn::FreeChoice);  // F1: the Challenger moves first, T1
      return p;
    }
    case MoveKind::Pass:  // M6: a zero-length move ending on the blocked tower's own square
      p.hand_turn_to(~s, Turn::Designated, colour_of(m.from()));
      return p;
    case MoveKind::Step: {
      Colour c = turn_ == Turn::FreeChoice ? tower_on(m.from())->colour : designated_;
      p.move_tower(s, c, m.to());
      Colour next = colour_of(m.to());  // T2
      p.hand_turn_to(~s, Turn::Designated, next);
      if (rank_of(m.to()) == goal_rank(s))
        p.end_round({Ending::HomeRow, s, c});  // M7
      else if (chain_deadlocks(p, ~s, next))
        p.end_round({Ending::Deadlock, ~s, next});  // M8: the mover loses
      return p;
    }
    case MoveKind::Push: {
      // S3: the pushed column moves back one square, furthest tower first, then the pusher
      // steps into the square in front of it.
      const int ahead = s == Side::Black ? 8 : -8;
      int rank = rank_[index(s)][designated_];
      Bitboard column = push_column<Bitboard>(bit(m.from()), ~occupied(), towers_below(by_rank_[index(~s)], rank), s, rank);
      Square furthest = s == Side::Black ? Square(63 - std::countl_zero(column)) : lsb(column);
      for (Square sq = furthest;; sq = Square(sq - ahead)) {
        p.move_tower(~s, tower_on(sq)->colour, Square(sq + ahead));
        if (sq == m.to()) break;
      }
      p.move_tower(s, designated_, m.to());
      // S4: the pusher moves again, with the colour of the furthest pushed tower's new square.
      Colour next = colour_of(Square(furthest + ahead));
      p.hand_turn_to(s, Turn::Designated, next);
      // M8 with the pusher as the real mover; P2: the ring goes by the Sumo's new square.
      if (chain_deadlocks(p, s, next)) p.end_round({Ending::Deadlock, ~s, colour_of(m.to())});
      return p;
    }
  }
  return p;
}

Position Position::rotated() const {
  Position p;
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c) p.place(~s, Colour(c), rotate180(square_[index(s)][c]), rank_[index(s)][c]);
  p.set_turn(~side_, turn_, designated_);
  p.match_ = {match_.target, {match_.points[1], match_.points[0]}};
  p.key_ = p.computed_key();
  p.outcome_ = outcome_;
  if (outcome_.over()) p.outcome_.winner = ~outcome_.winner;
  return p;
}

Position Position::mirrored() const {
  Position p;
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c) p.place(s, mirror(Colour(c)), mirror(square_[index(s)][c]), rank_[index(s)][c]);
  p.set_turn(side_, turn_, mirror(designated_));
  p.match_ = match_;
  p.key_ = p.computed_key();
  p.outcome_ = outcome_;
  // The ring tower is a colour only while a round's end names one (an unfinished position keeps
  // the default, so that a symmetric position equals its mirror image).
  if (outcome_.over() && outcome_.ending != Ending::MatchWon) p.outcome_.ring_tower = mirror(outcome_.ring_tower);
  return p;
}

bool Position::operator==(const Position& o) const {
  return by_side_ == o.by_side_ && std::equal(&by_rank_[0][0], &by_rank_[0][0] + 10, &o.by_rank_[0][0]) && square_ == o.square_ && rank_ == o.rank_ &&
         side_ == o.side_ && turn_ == o.turn_ && designated_ == o.designated_ && outcome_ == o.outcome_ && match_ == o.match_ && key_ == o.key_;
}

}  // namespace kamisado
