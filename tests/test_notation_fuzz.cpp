// Bounded, seeded property tests of the KFEN and move parsers (rapidcheck; the case count and
// seed are set in tests/CMakeLists.txt). Whatever the input, a parser either returns a value
// that prints back canonically or throws its one documented error: never a crash, a hang or
// another exception.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "tests/helpers.h"

using namespace kamisado;
using test::random_position;

namespace {
// Parses `text`; on success checks the canonical round trip. Returns whether it parsed.
bool parses_consistently(const std::string& text) {
  Position p = Position::initial();
  try {
    p = parse_kfen(text);
  } catch (const NotationError& e) {
    RC_ASSERT(std::string(e.what()).rfind("KFEN", 0) == 0);
    RC_ASSERT(std::string(e.what()).find('\n') == std::string::npos);
    return false;
  }
  std::string canonical = to_kfen(p);
  RC_ASSERT(to_kfen(parse_kfen(canonical)) == canonical);
  RC_ASSERT(parse_kfen(canonical) == p);
  return true;
}

const std::string kAlphabet = "NGRYKPBOngrykpbo012345678+/-* bg:x\t";
}  // namespace

RC_GTEST_PROP(KFEN_Fuzz, PositionsReachedInPlayRoundTrip, ()) {
  auto seed = *rc::gen::arbitrary<std::uint32_t>();
  auto plies = *rc::gen::inRange(0, 60);
  Position p = random_position(seed, plies);
  std::string k = to_kfen(p);
  Position back = parse_kfen(k);
  RC_ASSERT(back == p);
  RC_ASSERT(to_kfen(back) == k);
}

RC_GTEST_PROP(KFEN_Fuzz, RandomTextIsParsedOrRefused, ()) {
  auto text = *rc::gen::container<std::string>(rc::gen::elementOf(kAlphabet));
  parses_consistently(text);
}

RC_GTEST_PROP(KFEN_Fuzz, MutatedKfenIsParsedOrRefused, ()) {
  auto seed = *rc::gen::arbitrary<std::uint32_t>();
  std::string k = to_kfen(random_position(seed, *rc::gen::inRange(0, 40)));
  auto edits = *rc::gen::inRange(1, 4);
  for (int i = 0; i < edits; ++i) {
    auto at = *rc::gen::inRange<std::size_t>(0, k.size());
    auto c = *rc::gen::elementOf(kAlphabet);
    switch (*rc::gen::inRange(0, 3)) {
      case 0: k[at] = c; break;
      case 1: k.insert(k.begin() + long(at), c); break;
      default: k.erase(at, 1); break;
    }
  }
  parses_consistently(k);
}

RC_GTEST_PROP(MoveNotation_Fuzz, RandomTextIsALegalMoveOrRefused, ()) {
  Position p = random_position(*rc::gen::arbitrary<std::uint32_t>(), *rc::gen::inRange(0, 30));
  auto text =
      *rc::gen::oneOf(rc::gen::container<std::string>(rc::gen::elementOf(std::string("abcdefgh12345678passfil-rt"))),
                      rc::gen::map(rc::gen::inRange(0, 64 * 64), [](int v) { return square_name(Square(v / 64)) + square_name(Square(v % 64)); }));
  try {
    Move m = parse_move(p, text);
    RC_ASSERT(to_string(m) == text);
  } catch (const NotationError&) {
  } catch (const IllegalMove&) {
  }
}
