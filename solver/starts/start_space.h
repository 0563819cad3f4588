// The census's space: every round start from home rows in any order (F3), each counted once up
// to the board's symmetries (B3), numbered densely so a run can hand out and check ranges.
//
// A start is Black's home row (the colour of his tower on each file of rank 1), Gold's (rank 8)
// and who moves first (T1: any tower). With n files there are n!·n!·2 starts: 3,251,404,800
// on the real board. Two symmetries of the board preserve the game exactly (board.h):
//   turn  the board turned 180° with the sides swapped: Black's new row is Gold's old one read
//         from the other end, and the other side moves first;
//   flip  the board mirrored left-right, colours mapped by their involution c -> n-1-c
//         (N<->O, G<->B, R<->P, Y<->K): each row is read from the other end and recoloured.
// They generate a group of four {id, turn, flip, turn·flip}. Burnside's lemma: the number of
// classes is the mean number of starts each element fixes. turn and turn·flip change who moves
// first, so fix none; flip fixes the starts whose two rows are both flip-symmetric; with s such
// rows (384 on the real board: each of the 4 file pairs a, h / b, g / … carries one of the 4
// colour pairs, either way round: 4!·2⁴),
//   classes = (n!²·2 + s²·2) / 4 = 812,924,928 on the real board.
// (start_space_classes() computes it so; tests check it against brute enumeration of the
// orbits on 4- and 5-file boards.)
//
// THE INDEX. Every class holds starts with Black moving first (turn, if Gold does), and among
// those only flip remains. With rows numbered by their permutation rank (Lehmer code), a class
// with Black first is (B, G) ~ (flip B, flip G). Index i in [0, classes):
//   [0, a·n!)            B is not flip-symmetric: the a = (n! − s)/2 rows B with rank(B) <
//                        rank(flip B), in rank order, then G any row: i = pos(B)·n! + rank(G);
//   [a·n!, classes)      B is flip-symmetric (s rows, in rank order), G up to flip: the s + a
//                        rows with rank(G) <= rank(flip G), in rank order: i = a·n! +
//                        pos(B)·(s + a) + pos(G).
// start_at(i) gives that class's representative (Black first); index_of(start) accepts any
// start of the class.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "src/kamisado/position.h"

namespace kamisado::solver {

// One start on an n-file board (n = 8 for the game; smaller n only for tests of the counting).
struct Start {
  std::array<int, 8> black{}, gold{};  // colour of the tower on each file, files 0..n-1
  Side first = Side::Black;
  bool operator==(const Start&) const = default;
};

class StartSpace {
 public:
  explicit StartSpace(int files = 8);
  int files() const { return n_; }
  std::uint64_t starts() const;                                       // n!·n!·2
  std::uint64_t classes() const;                                      // up to the symmetries: by Burnside's lemma
  std::uint64_t symmetric_rows() const { return symmetric_.size(); }  // s

  std::uint64_t index_of(const Start& start) const;
  // Where a start with Black moving first stands: its class's index, and which of it and its
  // mirror image (flip) is the class's representative, start_at(index); both when flip fixes
  // it. What index_of finds on the way, without making the representative to compare.
  struct Placed {
    std::uint64_t index = 0;
    bool as_given = false, flipped = false;
  };
  Placed place(const Start& black_first) const;
  // How many starts the class stands for: 4, or 2 when flip fixes its starts.
  std::uint32_t orbit_size(std::uint64_t index) const;
  // The sum of orbit_size over the classes [first, last).
  std::uint64_t starts_in(std::uint64_t first, std::uint64_t last) const;
  Start start_at(std::uint64_t index) const;  // Black moves first; index < classes()

  // The symmetries, on starts (the definitions above).
  Start turned(const Start& s) const;
  Start flipped(const Start& s) const;

 private:
  std::uint32_t rank(const std::array<int, 8>& row) const;
  std::array<int, 8> row(std::uint32_t rank) const;
  std::array<int, 8> flip(const std::array<int, 8>& row) const;

  int n_;
  std::uint32_t rows_;                                                    // n!
  std::vector<std::uint32_t> flip_of_;                                    // rank -> rank of the flipped row
  std::vector<std::uint32_t> lower_;                                      // non-symmetric rows with rank < flip's, in order (a)
  std::vector<std::uint32_t> symmetric_;                                  // flip-symmetric rows, in order (s)
  std::vector<std::uint32_t> up_to_flip_;                                 // rows with rank <= flip's, in order (s + a)
  std::vector<std::int32_t> pos_lower_, pos_symmetric_, pos_up_to_flip_;  // rank -> position, or -1
};

// The real board's space, built once.
const StartSpace& start_space();

// The round start as a position (single round, plain towers, first mover with free choice),
// and back: nullopt unless every tower stands on its own home row and none has moved.
Position start_position(const Start& s);
std::optional<Start> start_of(const Position& p);

}  // namespace kamisado::solver
