#include "src/io/board_svg.h"

#include <fmt/format.h>

#include "src/io/describe.h"
#include "src/kamisado/kfen.h"

namespace kamisado::io {

namespace {
// Square and dragon colours, in the order of board.h's Colour.
constexpr const char* kFill[kColours] = {"#7b4a2a", "#2e8b57", "#d1342f", "#f2c230", "#f28cb8", "#7d3c98", "#2f6fc4", "#f08a24"};
constexpr int kCell = 60;
constexpr int kMargin = 30;

std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else
      out += c;
  }
  return out;
}
}  // namespace

const char* colour_fill(Colour c) { return kFill[c]; }

std::string board_svg(const Position& pos) {
  const int board = 8 * kCell;
  const int width = board + 2 * kMargin;
  const int height = board + 2 * kMargin + 40;
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
      "font-family=\"sans-serif\">\n<title>{2}</title>\n"
      "<rect width=\"{0}\" height=\"{1}\" fill=\"#f7f3ea\"/>\n",
      width, height, escape(to_kfen(pos)));
  for (int r = 0; r < 8; ++r)
    for (int f = 0; f < 8; ++f) {
      Square sq = make_square(f, r);
      int x = kMargin + f * kCell, y = kMargin + (7 - r) * kCell;
      svg += fmt::format(
          "<rect class=\"square\" data-square=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" "
          "height=\"{}\" fill=\"{}\"/>\n",
          square_name(sq), x, y, kCell, kCell, kFill[colour_of(sq)]);
    }
  for (int i = 0; i < 8; ++i) {
    svg += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\">{}</text>\n", kMargin + i * kCell + kCell / 2,
                       kMargin + board + 18, char('a' + i));
    svg += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\">{}</text>\n", kMargin / 2,
                       kMargin + (7 - i) * kCell + kCell / 2 + 5, i + 1);
  }
  bool marked = pos.turn() == Turn::Designated && !pos.outcome().over();
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c) {
      Square sq = pos.square_of(s, Colour(c));
      int cx = kMargin + file_of(sq) * kCell + kCell / 2;
      int cy = kMargin + (7 - rank_of(sq)) * kCell + kCell / 2;
      int rank = pos.rank_of_tower(s, Colour(c));
      bool designated = marked && s == pos.side_to_move() && c == pos.designated();
      svg += fmt::format("<g class=\"tower\" data-tower=\"{}\" data-square=\"{}\" data-rank=\"{}\">\n", escape(tower_label(s, Colour(c))),
                         square_name(sq), rank);
      if (designated)
        svg += fmt::format(
            "<circle class=\"designated\" cx=\"{}\" cy=\"{}\" r=\"28\" fill=\"none\" "
            "stroke=\"#ffffff\" stroke-width=\"4\" stroke-dasharray=\"6 3\"/>\n",
            cx, cy);
      svg += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"23\" fill=\"{}\" stroke=\"{}\" stroke-width=\"2\"/>\n", cx, cy,
                         s == Side::Black ? "#1a1a1a" : "#d4af37", s == Side::Black ? "#d4af37" : "#1a1a1a");
      svg += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"11\" fill=\"{}\" stroke=\"#ffffff\" stroke-width=\"1\"/>\n", cx, cy, kFill[c]);
      for (int ring = 0; ring < rank; ++ring)  // one ring per Sumo rank (B4, P2)
        svg += fmt::format(
            "<circle class=\"ring\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" "
            "stroke=\"{}\" stroke-width=\"2\"/>\n",
            cx, cy, 14 + 3 * ring, s == Side::Black ? "#d4af37" : "#1a1a1a");
      svg += "</g>\n";
    }
  svg += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"14\">{}</text>\n", kMargin, kMargin + board + 40, escape(status_line(pos)));
  svg += "</svg>\n";
  return svg;
}

}  // namespace kamisado::io
