#include "src/kamisado/kfen.h"

#include <array>
#include <bit>
#include <charconv>
#include <vector>

#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"

namespace kamisado {

namespace {

struct Field {
  std::string_view text;
  std::size_t offset;  // 0-based offset in the whole input
};

std::vector<Field> split_fields(std::string_view text) {
  std::vector<Field> fields;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == '\t') {
      ++i;
      continue;
    }
    std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    fields.push_back({text.substr(start, i - start), start});
  }
  return fields;
}

[[noreturn]] void fail(std::string_view field, const std::string& what) { throw NotationError("KFEN " + std::string(field) + ": " + what); }

std::string at_char(std::size_t offset) { return " (character " + std::to_string(offset + 1) + ")"; }

// A piece of the input for a message, cut short if it is long.
std::string excerpt(std::string_view text) { return text.size() <= 24 ? std::string(text) : std::string(text.substr(0, 20)) + "..."; }

std::string quoted(char c) {
  if (c >= 0x21 && c <= 0x7e) return std::string("'") + c + "'";
  return "byte " + std::to_string(static_cast<unsigned char>(c));
}

std::string tower_name(Side s, Colour c) { return std::string(side_name(s)) + " " + std::string(kColourNames[c]); }

char tower_letter(Side s, Colour c) {
  char l = kColourLetters[c];
  return s == Side::Black ? l : char(l - 'A' + 'a');
}

bool read_tower_letter(char ch, Side& side, Colour& colour) {
  char upper = (ch >= 'a' && ch <= 'z') ? char(ch - 'a' + 'A') : ch;
  std::size_t c = kColourLetters.find(upper);
  if (c == std::string_view::npos || !((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'))) return false;
  side = ch == upper ? Side::Black : Side::Gold;
  colour = Colour(c);
  return true;
}

struct Placed {
  bool seen = false;
  Square square = 0;
  int rank = 0;
};
using Towers = std::array<std::array<Placed, 8>, 2>;

Towers parse_board(const Field& f) {
  Towers towers{};
  std::vector<Field> ranks;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= f.text.size(); ++i)
    if (i == f.text.size() || f.text[i] == '/') {
      ranks.push_back({f.text.substr(start, i - start), f.offset + start});
      start = i + 1;
    }
  if (ranks.size() != 8) fail("board", std::to_string(ranks.size()) + " ranks separated by '/', expected 8");
  for (int r = 0; r < 8; ++r) {
    const Field& row = ranks[r];
    int board_rank = 7 - r;  // the first rank written is rank 8
    std::string rank_label = "rank " + std::to_string(board_rank + 1);
    int file = 0;
    for (std::size_t i = 0; i < row.text.size(); ++i) {
      char ch = row.text[i];
      std::size_t at = row.offset + i;
      Side side;
      Colour colour;
      if (ch >= '1' && ch <= '8') {
        file += ch - '0';
      } else if (read_tower_letter(ch, side, colour)) {
        int rings = 0;
        while (i + 1 < row.text.size() && row.text[i + 1] == '+') ++rings, ++i;
        if (rings > kMostRings)
          fail("board", rank_label + ": " + tower_name(side, colour) + " has " + std::to_string(rings) + " rings, at most 4 (B4)" + at_char(at));
        if (file < 8) {
          Placed& p = towers[index(side)][colour];
          Square sq = make_square(file, board_rank);
          if (p.seen)
            fail("board", tower_name(side, colour) + " tower '" + ch + "' appears twice (" + square_name(p.square) + " and " + square_name(sq) + ")" +
                              at_char(at));
          p = {true, sq, rings};
        }
        ++file;
      } else if (ch == '+') {
        fail("board", rank_label + ": '+' must follow a tower letter" + at_char(at));
      } else {
        fail("board", rank_label + ": unknown letter " + quoted(ch) + " (towers are N G R Y K P B O, empty runs 1-8)" + at_char(at));
      }
      if (file > 8) fail("board", rank_label + " is too long: '" + excerpt(row.text) + "' covers more than 8 squares" + at_char(at));
    }
    if (file < 8)
      fail("board",
           rank_label + " is too short: '" + excerpt(row.text) + "' covers " + std::to_string(file) + " squares, expected 8" + at_char(row.offset));
  }
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c)
      if (!towers[index(s)][c].seen)
        fail("board", tower_name(s, Colour(c)) + " tower '" + tower_letter(s, Colour(c)) + "' is missing: each side has one tower of each colour");
  return towers;
}

std::uint32_t parse_number(std::string_view digits, std::size_t offset, const char* what) {
  std::uint32_t v = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size())
    fail("match", std::string(what) + " '" + excerpt(digits) + "' is not a whole number" + at_char(offset));
  return v;
}

MatchScore parse_match(const Field& f) {
  std::size_t colon = f.text.find(':');
  std::size_t dash = f.text.find('-', colon == std::string_view::npos ? 0 : colon);
  if (colon == std::string_view::npos || dash == std::string_view::npos)
    fail("match", "'" + excerpt(f.text) + "' is not <target>:<black>-<gold>, e.g. 3:1-0" + at_char(f.offset));
  MatchScore m;
  m.target = parse_number(f.text.substr(0, colon), f.offset, "target");
  m.points[0] = parse_number(f.text.substr(colon + 1, dash - colon - 1), f.offset + colon + 1, "Black's points");
  m.points[1] = parse_number(f.text.substr(dash + 1), f.offset + dash + 1, "Gold's points");
  if (m.target == 0) fail("match", "target must be at least 1 (P3)" + at_char(f.offset));
  // P3: a tower has at most four rings, and reaching rank 4 alone earns 15 points, so no target
  // above 15 can be played without promoting a tower past rank 4.
  if (m.target > 15) fail("match", "target " + std::to_string(m.target) + " is above 15 (P3)" + at_char(f.offset));
  if (m.points[0] >= m.target && m.points[1] >= m.target) fail("match", "both players have reached the target " + std::to_string(m.target));
  return m;
}

}  // namespace

std::string square_name(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

namespace {

Side parse_side(const Field& f) {
  if (f.text != "b" && f.text != "g") fail("side", "'" + excerpt(f.text) + "' is not b (Black) or g (Gold)" + at_char(f.offset));
  return f.text == "b" ? Side::Black : Side::Gold;
}

// The tower field: '-' a free choice (T1), '*' between rounds (F1), or the designated tower's
// letter, which must be the side to move's.
struct TowerField {
  Turn turn = Turn::Designated;
  Colour designated = Brown;
};
TowerField parse_tower_field(const Field& f, Side side) {
  TowerField t;
  Side letter_side;
  if (f.text == "-") {
    t.turn = Turn::FreeChoice;
  } else if (f.text == "*") {
    t.turn = Turn::BetweenRounds;
  } else if (f.text.size() == 1 && read_tower_letter(f.text[0], letter_side, t.designated)) {
    if (letter_side != side)
      fail("tower", "'" + std::string(f.text) + "' is a " + side_name(letter_side) + " letter but " + side_name(side) + " is to move; write '" +
                        tower_letter(side, t.designated) + "'" + at_char(f.offset));
  } else {
    fail("tower", "'" + excerpt(f.text) + "' is not a colour letter (N G R Y K P B O), '-' or '*'" + at_char(f.offset));
  }
  return t;
}

// P2: a tower of rank k carries rings worth rings_worth(k), all scored by its owner; his score
// must be able to pay for them.
void refuse_unpaid_rings(const Position& pos) {
  const MatchScore& match = pos.match();
  for (Side s : {Side::Black, Side::Gold}) {
    const std::uint32_t worth = rings_worth(pos, s);
    if (worth > match.points[index(s)])
      fail("board", std::string(side_name(s)) + "'s rings are worth " + std::to_string(worth) + " points but the score gives " + side_name(s) + " " +
                        std::to_string(match.points[index(s)]) + " (P2: a tower of rank k carries rings worth 2^k - 1)");
  }
}

// Positions that no game reaches, refused rather than guessed at: a round ended twice (M7), the
// Defender not the round's winner (F1), a round not marked over in a match (M7, M8), a free
// choice with no move (T1).
void refuse_unreachable(const Position& pos, const std::vector<Field>& fields) {
  const MatchScore& match = pos.match();
  const Side side = pos.side_to_move();
  const Field &side_field = fields[1], &tower_field = fields[2];
  bool on_goal[2] = {false, false};
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c)
      if (rank_of(pos.square_of(s, Colour(c))) == goal_rank(s)) on_goal[index(s)] = true;
  if (on_goal[0] && on_goal[1]) fail("board", "both sides have a tower on the opponent's home row; a round ends at the first (M7)");
  if (match.is_match()) refuse_unpaid_rings(pos);
  if (match.is_match() && pos.turn() == Turn::BetweenRounds) {
    // The Defender won the round just ended (F1): a tower of the other side on its goal row
    // would say the other side won it.
    if (on_goal[index(~side)])
      fail("side", std::string("between rounds the side to move is the Defender, who won the round, but ") + side_name(~side) +
                       " has a tower on the opponent's home row (M7, F1)" + at_char(side_field.offset));
    for (Side s : {Side::Black, Side::Gold})
      if (match.points[index(s)] >= match.target && s != side)
        fail("side", std::string("the match is won by ") + side_name(s) + ", so the winner is the side to move in '*'" + at_char(side_field.offset));
  }
  if (match.is_match() && pos.turn() != Turn::BetweenRounds) {
    if (on_goal[0] || on_goal[1])
      fail("tower",
           "a tower stands on the opponent's home row, so the round is over; in a match "
           "write the tower field as '*' (between rounds)" +
               at_char(tower_field.offset));
    if (pos.outcome().ending == Ending::Deadlock)
      fail("tower",
           "the designated tower's chain of passes never ends (M8), so the round is over; "
           "in a match write the tower field as '*' (between rounds)" +
               at_char(tower_field.offset));
    if (match.points[0] >= match.target || match.points[1] >= match.target)
      fail("match", "the match is already won, so the tower field must be '*'" + at_char(fields[3].offset));
  }
  if (pos.turn() == Turn::FreeChoice && !pos.outcome().over() && count_moves(pos) == 0)
    fail("tower", std::string("free choice ('-') but no tower of the side to move can move (T1)") + at_char(tower_field.offset));
}

}  // namespace

Position parse_kfen(std::string_view text) {
  std::vector<Field> fields = split_fields(text);
  if (fields.size() < 3 || fields.size() > 4)
    throw NotationError("KFEN: " + std::to_string(fields.size()) + " fields, expected 3 or 4: <board> <side> <tower> [<target>:<b>-<g>]");
  Towers towers = parse_board(fields[0]);
  const Side side = parse_side(fields[1]);
  const TowerField tower = parse_tower_field(fields[2], side);
  MatchScore match;
  if (fields.size() == 4) match = parse_match(fields[3]);
  if (tower.turn == Turn::BetweenRounds && !match.is_match())
    fail("tower", "'*' (between rounds) needs a match field such as 3:1-0" + at_char(fields[2].offset));

  Position pos = Position::empty_board();
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c) {
      const Placed& p = towers[index(s)][c];
      pos.place(s, Colour(c), p.square, p.rank);
    }
  pos.set_turn(side, tower.turn, tower.designated);
  pos.set_match(match);
  pos.finish();
  refuse_unreachable(pos, fields);
  return pos;
}

std::string to_kfen(const Position& pos) {
  // Written into a buffer on the stack, row by row from the board's occupied squares, the
  // towers looked up by square (sixteen stores instead of a search per square): the proof trees
  // write one for each of their nodes, and a string grown a character at a time, square by
  // square, cost four times as much.
  std::uint8_t on[kSquares];  // 8 * side + colour; read only on the towers' squares
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c) on[pos.square_of(s, Colour(c))] = std::uint8_t(8 * index(s) + c);
  // At most 16 towers of 4 rings (80), 4 digits a row (32), 7 slashes and 4 of the fields.
  char out[128];
  std::size_t n = 0;
  for (int r = 7; r >= 0; --r) {
    int file = 0;
    for (unsigned row = unsigned(pos.occupied() >> (8 * r)) & 0xffu; row; row &= row - 1) {
      const int at = std::countr_zero(row);
      if (at > file) out[n++] = char('0' + at - file);  // the empty squares before it
      const Side side = on[make_square(at, r)] < 8 ? Side::Black : Side::Gold;
      const Colour colour = Colour(on[make_square(at, r)] % 8);
      out[n++] = tower_letter(side, colour);
      for (int rings = pos.rank_of_tower(side, colour); rings > 0; --rings) out[n++] = '+';
      file = at + 1;
    }
    if (file < 8) out[n++] = char('0' + 8 - file);
    if (r) out[n++] = '/';
  }
  out[n++] = ' ';
  out[n++] = pos.side_to_move() == Side::Black ? 'b' : 'g';
  out[n++] = ' ';
  switch (pos.turn()) {
    case Turn::FreeChoice: out[n++] = '-'; break;
    case Turn::BetweenRounds: out[n++] = '*'; break;
    case Turn::Designated: out[n++] = tower_letter(pos.side_to_move(), pos.designated()); break;
  }
  std::string text(out, n);
  if (pos.match().is_match())
    text += " " + std::to_string(pos.match().target) + ":" + std::to_string(pos.match().points[0]) + "-" + std::to_string(pos.match().points[1]);
  return text;
}

std::string to_string(Move m) {
  switch (m.kind()) {
    case MoveKind::Pass: return "pass";
    case MoveKind::Fill: return m.fill_side() == FillSide::Left ? "fill-left" : "fill-right";
    case MoveKind::Step:
    case MoveKind::Push: return square_name(m.from()) + square_name(m.to());
  }
  return "?";
}

std::vector<std::string> legal_move_names(const Position& pos) {
  MoveList moves;
  generate_moves(pos, moves);
  std::vector<std::string> names;
  for (Move m : moves) names.push_back(to_string(m));
  return names;
}

std::string legal_moves_text(const Position& pos) {
  std::string s;
  for (const std::string& name : legal_move_names(pos)) s += (s.empty() ? "" : " ") + name;
  return s;
}

Move parse_move(const Position& pos, std::string_view text) {
  Square from = 0, to = 0;
  bool squares = text.size() == 4 && parse_square(text.substr(0, 2), from) && parse_square(text.substr(2, 2), to);
  if (!squares && text != "pass" && text != "fill-left" && text != "fill-right")
    throw NotationError("move '" + excerpt(text) + "' is not a move: write from-to squares (c1c4), pass, fill-left or fill-right");
  MoveList legal;
  generate_moves(pos, legal);
  for (Move m : legal) {
    if (squares ? (m.is_real() && m.from() == from && m.to() == to) : to_string(m) == text) return m;
  }
  throw IllegalMove("move '" + excerpt(text) + "' is not legal here");
}

}  // namespace kamisado
