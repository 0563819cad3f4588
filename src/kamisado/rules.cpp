#include "src/kamisado/rules.h"

#include <algorithm>
#include <charconv>

#include "src/kamisado/errors.h"
#include "src/kamisado/movegen.h"

namespace kamisado {

int pass_chain_length(const Position& pos, Side side, Colour colour) {
  std::uint16_t visited = 0;
  for (int passes = 0;; ++passes) {
    if (can_act(pos, side, colour)) return passes;
    std::uint16_t link = std::uint16_t(1u << (8 * index(side) + colour));
    if (visited & link) return -1;
    visited |= link;
    // M6: the pass ends on the blocked tower's own square; the opponent moves that colour.
    colour = colour_of(pos.square_of(side, colour));
    side = ~side;
  }
}

std::string why_unreachable(const Position& pos) {
  for (Side s : {Side::Black, Side::Gold}) {
    const bool home = (pos.towers(s) & ~rank_squares(home_rank(s))) == 0;
    const std::uint32_t worth = rings_worth(pos, s), points = pos.match().points[index(s)];
    if (pos.match().is_match() && worth != points)
      return std::string(side_name(s)) + " has " + std::to_string(points) + " point(s) but rings worth " + std::to_string(worth) +
             " (P2: every point is scored with a ring)";
    if (pos.turn() == Turn::FreeChoice && !home)
      return std::string("a free choice (T1) with a tower of ") + side_name(s) + " off his home row (a round starts from the home rows)";
  }
  return "";
}

Outcome round_outcome(const Position& before, Move m) {
  if (!m.is_real()) return {};
  Position single_round = before;  // the same move in a single round stops at the round's end
  single_round.set_match({});
  return single_round.after(m).outcome();
}

std::array<Square, 8> regrouped_squares(const Position& pos, Side player, FillSide fill) {
  // Each player's left is his own left (F2): Black's left is file a, Gold's is file h.
  bool from_file_a = (player == Side::Black) == (fill == FillSide::Left);
#ifdef KAMISADO_MUTANTS
  if (mutants::active == mutants::Mutant::FillDirection && player != pos.side_to_move()) from_file_a = fill == FillSide::Left;
#endif
  const int home = home_rank(player);
  std::array<Colour, kSquares> on;  // read only where his towers stand
  for (int c = 0; c < kColours; ++c) on[pos.square_of(player, Colour(c))] = Colour(c);
  // F3: nearest his home row first; within one rank from the chosen side inwards. His towers'
  // squares in that order, row by row from his home row, each row from that side.
  std::array<Square, 8> squares{};
  int i = 0;
  for (int rows_out = 0; rows_out < 8 && i < 8; ++rows_out)
    for (Bitboard row = pos.towers(player) & rank_squares(home == 0 ? rows_out : 7 - rows_out); row; ++i)
      squares[on[from_file_a ? pop_lsb(row) : pop_msb(row)]] = make_square(from_file_a ? i : 7 - i, home);
  return squares;
}

void require_round_in_play(const Position& pos, std::string_view hint) {
  if (auto winner = round_winner(pos))
    throw InputError(std::string("the round is already over at this position (") + side_name(*winner) + " won it): there is nothing to solve" +
                     std::string(hint));
}

std::uint32_t match_target(std::string_view value) {
  if (value == "standard") return 3;
  if (value == "long") return 7;
  if (value == "marathon") return 15;
  std::uint32_t n = 0;
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (value.empty() || ec != std::errc() || end != value.data() + value.size() || n == 0 || n > 15)
    throw InputError("'" + std::string(value) + "' is no match: give standard, long, marathon or a number of points from 1 to 15 (P3)", "match");
  return n;
}

std::array<std::uint32_t, 2> match_score(std::string_view text) {
  std::array<std::uint32_t, 2> points{};
  const char* end = text.data() + text.size();
  auto [dash, e1] = std::from_chars(text.data(), end, points[0]);
  if (e1 == std::errc() && dash != end && *dash == '-')
    if (auto [last, e2] = std::from_chars(dash + 1, end, points[1]); e2 == std::errc() && last == end && points[0] < 16 && points[1] < 16)
      return points;
  throw InputError("'" + std::string(text) + "' is no score: give the two sides' points as B-G, e.g. 1-1 (P3: at most 15 each)", "score");
}

int towers_pushed(const Position& before, Move push) {
  const Position after = before.after(push);
  const Side opponent = ~before.side_to_move();
  int pushed = 0;
  for (int c = 0; c < kColours; ++c) pushed += after.square_of(opponent, Colour(c)) != before.square_of(opponent, Colour(c));
  return pushed;
}

}  // namespace kamisado
