// The board: squares, colours, home rows and the board's symmetries (rules.md B1–B3).
//
// Squares are numbered 8*(rank-1) + file with a1 = 0 and h8 = 63 (B1). Black's home row is
// rank 1 and Black moves up; Gold's home row is rank 8 and Gold moves down.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace kamisado {

using Square = std::uint8_t;
constexpr int kSquares = 64;

enum class Side : std::uint8_t { Black = 0, Gold = 1 };
constexpr Side operator~(Side s) { return Side(1 - int(s)); }
constexpr int index(Side s) { return int(s); }
// The side as files and JSON name it: "black", "gold".
constexpr const char* side_id(Side s) { return s == Side::Black ? "black" : "gold"; }
// The side as text names it: "Black", "Gold".
constexpr const char* side_name(Side s) { return s == Side::Black ? "Black" : "Gold"; }

// B2. The order is that of Black's home row from a1 to h1, so in the initial set-up (B5)
// Black's tower of colour c stands on file c.
enum Colour : std::uint8_t { Brown, Green, Red, Yellow, Pink, Purple, Blue, Orange };
constexpr int kColours = 8;
constexpr std::string_view kColourLetters = "NGRYKPBO";
constexpr std::array<std::string_view, kColours> kColourNames = {"Brown", "Green", "Red", "Yellow", "Pink", "Purple", "Blue", "Orange"};

constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }  // 0 = rank 1
constexpr Square make_square(int file, int rank) { return Square(8 * rank + file); }

// B3, rank 1 first. Each string lists files a..h by colour letter.
namespace detail {
constexpr std::array<std::string_view, 8> kColourRows = {"NGRYKPBO", "PNYBGKOR", "BYNPROKG", "YRGNOBPK",
                                                         "KPBONGRY", "GKORPNYB", "ROKGBYNP", "OBPKYRGN"};

constexpr std::array<Colour, kSquares> make_colour_table() {
  std::array<Colour, kSquares> t{};
  for (int s = 0; s < kSquares; ++s) t[s] = Colour(kColourLetters.find(kColourRows[rank_of(Square(s))][file_of(Square(s))]));
  return t;
}
}  // namespace detail

constexpr std::array<Colour, kSquares> kSquareColour = detail::make_colour_table();
constexpr Colour colour_of(Square s) { return kSquareColour[s]; }

// The row a side starts on, and the row it must reach to win (M7).
constexpr int home_rank(Side s) { return s == Side::Black ? 0 : 7; }
constexpr int goal_rank(Side s) { return home_rank(~s); }

// B3 symmetries. Turning the board 180° keeps every square's colour, so a position turned
// round with the sides swapped plays exactly like the original. Mirroring left-right maps
// colours by the involution N<->O, G<->B, R<->P, Y<->K, which is c -> 7-c in our order.
constexpr Square rotate180(Square s) { return Square(63 - s); }
constexpr Square mirror(Square s) { return Square(s ^ 7); }
constexpr Colour mirror(Colour c) { return Colour(7 - c); }

// Parses "a1".."h8"; returns false on anything else.
constexpr bool parse_square(std::string_view text, Square& out) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8') return false;
  out = make_square(text[0] - 'a', text[1] - '1');
  return true;
}

}  // namespace kamisado
