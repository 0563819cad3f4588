#include "src/verify/selfcheck.h"

#include <functional>

#include <fmt/format.h>

#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/perft.h"

namespace kamisado::verify {

namespace {

struct Check {
  std::string name;
  std::function<std::string()> run;  // empty string when it holds, else what went wrong
};

bool b3_lines_hold_each_colour_once() {
  for (int i = 0; i < 8; ++i) {
    unsigned in_rank = 0, in_file = 0;
    for (int j = 0; j < 8; ++j) {
      in_rank |= 1u << colour_of(make_square(j, i));
      in_file |= 1u << colour_of(make_square(i, j));
    }
    if (in_rank != 0xFF || in_file != 0xFF) return false;
  }
  return true;
}

std::uint64_t passes_at(const Position& pos, int depth) {
  MoveList moves;
  generate_moves(pos, moves);
  std::uint64_t n = 0;
  for (Move m : moves) {
    if (depth == 1)
      n += m.kind() == MoveKind::Pass;
    else if (Position c = pos.after(m); !c.outcome().over())
      n += passes_at(c, depth - 1);
  }
  return n;
}

std::vector<Check> checks() {
  std::vector<Check> v;
  v.push_back(
      {"B3 every rank and file holds each colour once", [] { return b3_lines_hold_each_colour_once() ? "" : "a rank or file repeats a colour"; }});
  v.push_back({"B3 turning the board 180 degrees keeps each square's colour", [] {
                 for (int s = 0; s < 64; ++s)
                   if (colour_of(Square(s)) != colour_of(rotate180(Square(s)))) return square_name(Square(s));
                 return std::string();
               }});
  v.push_back({"B3 a1-h8 is Brown, a8-h1 is Orange", [] {
                 for (int i = 0; i < 8; ++i)
                   if (colour_of(make_square(i, i)) != Brown || colour_of(make_square(i, 7 - i)) != Orange)
                     return std::string("diagonal ") + char('a' + i);
                 return std::string();
               }});
  v.push_back({"B3 mirroring left-right maps colours N<->O G<->B R<->P Y<->K", [] {
                 for (int s = 0; s < 64; ++s)
                   if (colour_of(mirror(Square(s))) != mirror(colour_of(Square(s)))) return square_name(Square(s));
                 return std::string();
               }});
  const std::uint64_t reference[] = {102, 1150, 11182, 105078, 902410};
  for (int d = 1; d <= 5; ++d)
    v.push_back({fmt::format("§7 perft({}) from the start is {}", d, reference[d - 1]), [d, reference] {
                   std::uint64_t n = perft(Position::initial(), d);
                   return n == reference[d - 1] ? std::string() : fmt::format("got {}", n);
                 }});
  v.push_back({"§7 20 forced passes among the nodes at depth 3", [] {
                 std::uint64_t n = passes_at(Position::initial(), 3);
                 return n == 20 ? std::string() : fmt::format("got {}", n);
               }});
  v.push_back({"§7 the divide counts at depth 5 add up to perft(5)", [] {
                 auto d = divide(Position::initial(), 5);
                 std::uint64_t sum = 0;
                 for (auto& e : d) sum += e.nodes;
                 return sum == 902410 ? std::string() : fmt::format("sum {}", sum);
               }});
  v.push_back({"B3 perft(5) is unchanged by the mirror and by the 180-degree turn", [] {
                 Position p = Position::initial();
                 std::uint64_t a = perft(p.mirrored(), 5), b = perft(p.rotated(), 5);
                 return a == 902410 && b == 902410 ? std::string() : fmt::format("mirror {}, turn {}", a, b);
               }});
  v.push_back({"§6 KFEN of the start round-trips", [] {
                 std::string k = to_kfen(parse_kfen(kStartKfen));
                 if (k != kStartKfen) return "printed " + k;
                 return parse_kfen(k) == Position::initial() ? std::string() : std::string("position differs");
               }});
  return v;
}

}  // namespace

std::vector<SelfCheckResult> run_selfcheck() {
  std::vector<SelfCheckResult> results;
  for (const Check& c : checks()) results.push_back({c.name, c.run()});
  return results;
}

}  // namespace kamisado::verify
