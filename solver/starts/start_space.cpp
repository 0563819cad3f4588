#include "solver/starts/start_space.h"

#include <algorithm>
#include <bit>
#include <numeric>
#include <stdexcept>

namespace kamisado::solver {

StartSpace::StartSpace(int files) : n_(files) {
  if (files < 1 || files > 8) throw std::invalid_argument("a start space has 1 to 8 files");
  rows_ = 1;
  for (int k = 2; k <= n_; ++k) rows_ *= std::uint32_t(k);
  flip_of_.resize(rows_);
  pos_lower_.assign(rows_, -1);
  pos_symmetric_.assign(rows_, -1);
  pos_up_to_flip_.assign(rows_, -1);
  for (std::uint32_t r = 0; r < rows_; ++r) {
    flip_of_[r] = rank(flip(row(r)));
    if (flip_of_[r] == r) pos_symmetric_[r] = std::int32_t(symmetric_.size()), symmetric_.push_back(r);
    if (r < flip_of_[r]) pos_lower_[r] = std::int32_t(lower_.size()), lower_.push_back(r);
    if (r <= flip_of_[r]) pos_up_to_flip_[r] = std::int32_t(up_to_flip_.size()), up_to_flip_.push_back(r);
  }
}

std::uint64_t StartSpace::starts() const { return std::uint64_t(rows_) * rows_ * 2; }

// Burnside's lemma over {id, turn, flip, turn·flip}: the identity fixes every start, flip the
// s² starts with Black first and the s² with Gold first whose rows are both symmetric, and the
// two that swap the sides none (who moves first changes).
std::uint64_t StartSpace::classes() const {
  const std::uint64_t s = symmetric_.size();
  const std::uint64_t by_identity = starts(), by_flip = s * s * 2, by_turn = 0, by_turn_flip = 0;
  return (by_identity + by_flip + by_turn + by_turn_flip) / 4;
}

// Lehmer code: the rank of the row among the n! orders of the colours 0..n-1, lexicographic.
std::uint32_t StartSpace::rank(const std::array<int, 8>& row) const {
  std::uint32_t r = 0;
  unsigned used = 0;
  for (int f = 0; f < n_; ++f) {
    const int smaller_unused = row[f] - std::popcount(used & ((1u << row[f]) - 1));
    r = r * std::uint32_t(n_ - f) + std::uint32_t(smaller_unused);
    used |= 1u << row[f];
  }
  return r;
}

std::array<int, 8> StartSpace::row(std::uint32_t r) const {
  std::array<int, 8> digits{}, out{};
  for (int f = n_ - 1; f >= 0; --f) {
    digits[f] = int(r % std::uint32_t(n_ - f));
    r /= std::uint32_t(n_ - f);
  }
  std::vector<int> left(n_);
  std::iota(left.begin(), left.end(), 0);
  for (int f = 0; f < n_; ++f) {
    out[f] = left[digits[f]];
    left.erase(left.begin() + digits[f]);
  }
  return out;
}

// B3: mirrored left-right, file f shows what file n-1-f showed, in the mirrored colour.
std::array<int, 8> StartSpace::flip(const std::array<int, 8>& r) const {
  std::array<int, 8> out{};
  for (int f = 0; f < n_; ++f) out[f] = n_ - 1 - r[n_ - 1 - f];
  return out;
}

Start StartSpace::flipped(const Start& s) const { return {flip(s.black), flip(s.gold), s.first}; }

// B3: turned 180° with the sides swapped; colours stay, files are read from the other end.
Start StartSpace::turned(const Start& s) const {
  Start t;
  for (int f = 0; f < n_; ++f) t.black[f] = s.gold[n_ - 1 - f], t.gold[f] = s.black[n_ - 1 - f];
  t.first = ~s.first;
  return t;
}

std::uint64_t StartSpace::index_of(const Start& start) const { return place(start.first == Side::Black ? start : turned(start)).index; }

StartSpace::Placed StartSpace::place(const Start& s) const {
  std::uint32_t b = rank(s.black), g = rank(s.gold);
  const std::uint64_t a = lower_.size();
  if (flip_of_[b] != b) {  // the representative's Black row is the lower of B and flip B
    const bool as_given = b < flip_of_[b];
    if (!as_given) b = flip_of_[b], g = flip_of_[g];
    return {std::uint64_t(pos_lower_[b]) * rows_ + g, as_given, !as_given};
  }
  // B is flip-symmetric: the representative's Gold row is the lower of G and flip G.
  const std::uint32_t flip_g = flip_of_[g];
  return {a * rows_ + std::uint64_t(pos_symmetric_[b]) * up_to_flip_.size() + std::uint64_t(pos_up_to_flip_[std::min(g, flip_g)]), g <= flip_g,
          flip_g <= g};
}

Start StartSpace::start_at(std::uint64_t i) const {
  if (i >= classes()) throw std::out_of_range("start index beyond the space");
  const std::uint64_t part = std::uint64_t(lower_.size()) * rows_;
  Start s;
  if (i < part) {
    s.black = row(lower_[i / rows_]);
    s.gold = row(std::uint32_t(i % rows_));
  } else {
    i -= part;
    s.black = row(symmetric_[i / up_to_flip_.size()]);
    s.gold = row(up_to_flip_[i % up_to_flip_.size()]);
  }
  return s;
}

// Only a class of the second part (Black's row flip-symmetric) can be fixed by flip: when
// Gold's row is symmetric too.
std::uint32_t StartSpace::orbit_size(std::uint64_t i) const {
  const std::uint64_t part = std::uint64_t(lower_.size()) * rows_;
  if (i < part) return 4;
  const std::uint32_t g = up_to_flip_[(i - part) % up_to_flip_.size()];
  return flip_of_[g] == g ? 2 : 4;
}

std::uint64_t StartSpace::starts_in(std::uint64_t first, std::uint64_t last) const {
  const std::uint64_t part = std::uint64_t(lower_.size()) * rows_;
  std::uint64_t starts = 4 * (last - first);
  for (std::uint64_t i = std::max(first, part); i < last; ++i) starts -= 4 - orbit_size(i);
  return starts;
}

const StartSpace& start_space() {
  static const StartSpace space(8);
  return space;
}

Position start_position(const Start& s) {
  Position p = Position::empty_board();
  for (int f = 0; f < 8; ++f) {
    p.place(Side::Black, Colour(s.black[f]), make_square(f, home_rank(Side::Black)), 0);
    p.place(Side::Gold, Colour(s.gold[f]), make_square(f, home_rank(Side::Gold)), 0);
  }
  p.set_turn(s.first, Turn::FreeChoice);
  p.finish();
  return p;
}

std::optional<Start> start_of(const Position& p) {
  if (p.turn() != Turn::FreeChoice || p.match().is_match() || p.outcome().over()) return std::nullopt;
  Start s;
  s.first = p.side_to_move();
  for (Side side : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c) {
      const Square q = p.square_of(side, Colour(c));
      if (rank_of(q) != home_rank(side) || p.rank_of_tower(side, Colour(c)) != 0) return std::nullopt;
      (side == Side::Black ? s.black : s.gold)[file_of(q)] = c;
    }
  return s;
}

}  // namespace kamisado::solver
