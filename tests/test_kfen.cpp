// §6 notation: KFEN and moves, good and bad. Every bad input gets a NotationError whose one-line
// message names the field and, where there is one, the character at fault.
#include <gtest/gtest.h>

#include "tests/helpers.h"

using namespace kamisado;

namespace {
std::string error_of(const std::string& kfen) {
  try {
    parse_kfen(kfen);
  } catch (const NotationError& e) {
    std::string msg = e.what();
    EXPECT_EQ(msg.find('\n'), std::string::npos) << "one line: " << msg;
    return msg;
  }
  ADD_FAILURE() << "accepted: " << kfen;
  return "";
}
#define EXPECT_KFEN_ERROR(kfen, text) EXPECT_NE(error_of(kfen).find(text), std::string::npos) << error_of(kfen)
}  // namespace

TEST(KFEN_Good, CanonicalInputRoundTrips) {
  const char* good[] = {
      "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -",
      "obpkyrgn/8/8/8/2R5/8/8/NG1YKPBO g g",
      "o3yrgn/8/8/8/1bpk4/2R5/8/NG1YKPBO b R",
      "1bpkyrgn/8/7o/8/8/8/8/NGRYKPBO b N",
      "o+bpkyrgn/8/8/8/8/8/8/NGRYKP++BO+ b - 7:4-1",
      "obpkyrgn/8/8/8/8/8/8/NGRYKPB+O b * 3:1-0",
      "obpkyrgn/8/8/8/8/8/8/NGRYKPB+++O g * 15:7-15",
      "o+bpkyrgn/8/8/8/8/8/8/NGRYKPBO+ b - 3:1-1",  // a round with Sumos played on its own
      "o++bpkyrgn/8/8/8/8/8/8/NGRYKP+++BO b -",
      "1bpkyrgn/O7/o7/8/8/8/8/NGRYKPB1 g r",
  };
  for (const char* k : good) EXPECT_EQ(to_kfen(parse_kfen(k)), k);
}

TEST(KFEN_Good, RingsAndMatchFieldAreKept) {
  Position p = parse_kfen("o+bpkyrgn/8/8/8/8/8/8/NGRYKP++BO+ b - 7:4-1");
  EXPECT_EQ(p.rank_of_tower(Side::Gold, Orange), 1);
  EXPECT_EQ(p.rank_of_tower(Side::Black, Purple), 2);
  EXPECT_EQ(p.rank_of_tower(Side::Black, Orange), 1);
  EXPECT_EQ(p.match(), (MatchScore{7, {4, 1}}));
  Position between = parse_kfen("obpkyrgn/8/8/8/8/8/8/NGRYKPB+O b * 3:1-0");
  EXPECT_EQ(between.turn(), Turn::BetweenRounds);
}

TEST(KFEN_Good, NonCanonicalSpacingAndDigitRunsAreReadAndPrintedCanonically) {
  EXPECT_EQ(to_kfen(parse_kfen("  obpkyrgn/44/8/8/8/8/8/NGRYKPBO   b  - ")), kStartKfen);
  EXPECT_EQ(to_kfen(parse_kfen("obpkyrgn/8/8/8/8/8/8/NGRYKPBO\tb\t-")), kStartKfen);
}

TEST(KFEN_Bad, FieldCount) {
  EXPECT_KFEN_ERROR("", "0 fields");
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b", "2 fields");
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3:0-0 x", "5 fields");
}

TEST(KFEN_Bad, RankCount) {
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/NGRYKPBO b -", "KFEN board: 7 ranks");
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/8/NGRYKPBO b -", "KFEN board: 9 ranks");
}

TEST(KFEN_Bad, RankLength) {
  EXPECT_KFEN_ERROR("obpkyrgnn/8/8/8/8/8/8/NGRYKPBO b -", "rank 8 is too long");
  EXPECT_KFEN_ERROR("obpkyrgnn/8/8/8/8/8/8/NGRYKPBO b -", "(character 9)");
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/9/8/NGRYKPBO b -", "unknown letter '9'");
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/18/8/8/8/NGRYKPBO b -", "rank 5 is too long");
  EXPECT_KFEN_ERROR("obpkyrg/8/8/8/8/8/8/NGRYKPBO b -", "rank 8 is too short");
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8//8/8/NGRYKPBO b -", "rank 4 is too short");
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/NGRYKPB b -", "rank 1 is too short");
}

TEST(KFEN_Bad, HugeInputGetsAShortMessage) {
  std::string huge = "obpkyrgn" + std::string(100000, 'N') + "/8/8/8/8/8/8/NGRYKPBO b -";
  std::string msg = error_of(huge);
  EXPECT_NE(msg.find("rank 8 is too long"), std::string::npos) << msg.substr(0, 200);
  EXPECT_LT(msg.size(), 200u);
}

TEST(KFEN_Bad, UnknownLetter) {
  EXPECT_KFEN_ERROR("obpkyrgx/8/8/8/8/8/8/NGRYKPBO b -", "rank 8: unknown letter 'x' (towers are");
  EXPECT_KFEN_ERROR("obpkyrgx/8/8/8/8/8/8/NGRYKPBO b -", "(character 8)");
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/NGRYKPB0 b -", "unknown letter '0'");
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/NGRYKPB\x01 b -", "byte 1");
}

TEST(KFEN_Bad, DuplicateOrMissingTower) {
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/NGRYKPBN b -", "Black Brown tower 'N' appears twice (a1 and h1)");
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/NGRYKPB1 b -", "Black Orange tower 'O' is missing");
  EXPECT_KFEN_ERROR("1bpkyrgn/8/8/8/8/8/8/NGRYKPBO b -", "Gold Orange tower 'o' is missing");
}

TEST(KFEN_Bad, Rings) {
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/NGRYKPBO+++++ b -", "5 rings, at most 4");
  EXPECT_KFEN_ERROR("+obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -", "'+' must follow a tower letter");
}

TEST(KFEN_Bad, SideField) {
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/NGRYKPBO x -", "KFEN side: 'x' is not b (Black) or g (Gold) (character 31)");
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/NGRYKPBO B -", "KFEN side");
}

TEST(KFEN_Bad, TowerField) {
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b Q", "KFEN tower: 'Q' is not a colour letter");
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b RR", "KFEN tower: 'RR'");
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b r", "'r' is a Gold letter but Black is to move; write 'R'");
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b *", "'*' (between rounds) needs a match field");
  EXPECT_KFEN_ERROR("obpkyrgn/NGRYKPBO/8/8/8/8/8/8 b -", "no tower of the side to move can move");
}

TEST(KFEN_Bad, MatchField) {
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3", "KFEN match: '3' is not <target>:<black>-<gold>");
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3:x-0", "Black's points 'x' is not a whole number");
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3:0-", "Gold's points '' is not a whole number");
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 0:0-0", "target must be at least 1");
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 99999999999:0-0", "target '99999999999' is not a whole number");
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b * 3:3-4", "both players have reached the target");
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3:3-0", "the match is already won");
  // P3: targets from 1 to 15 (a fifth ring would follow above).
  EXPECT_KFEN_ERROR("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 16:0-0", "target 16 is above 15 (P3)");
  EXPECT_NO_THROW(parse_kfen("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 15:0-0"));
}

// §6: in a match, the rings on the board are paid for by their owner's score (P2), and between
// rounds the Defender is the side that won the round just ended.
TEST(KFEN_Bad, PositionsNoMatchReaches) {
  // The audit's crash: a Quadruple Sumo (rings worth 15) at 0-0, one step from a fifth ring.
  EXPECT_KFEN_ERROR("obpkyrg1/7O++++/6n1/8/8/8/8/NGRYKPB1 b O 15:0-0", "Black's rings are worth 15 points but the score gives Black 0");
  EXPECT_KFEN_ERROR("o++bpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 7:0-2", "Gold's rings are worth 3 points but the score gives Gold 2");
  EXPECT_NO_THROW(parse_kfen("o++bpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 7:0-3"));
  EXPECT_KFEN_ERROR("Nbpkyrgn/o7/8/8/8/8/8/1GRYKPBO g * 3:0-1", "Black has a tower on the opponent's home row");
  EXPECT_NO_THROW(parse_kfen("N+bpkyrgn/o7/8/8/8/8/8/1GRYKPBO b * 3:1-0"));
}

TEST(KFEN_Bad, ImpossibleEndings) {
  EXPECT_KFEN_ERROR("Nbpkyrgn/8/8/8/8/8/8/oGRYKPBO b R", "both sides have a tower on the opponent's home row");
  EXPECT_KFEN_ERROR("Nbpkyrgn/8/8/8/8/8/o7/1GRYKPBO g o 3:0-0", "the round is over");
  // The two-tower deadlock of the M8 tests, in a match: the round is over, so it must be '*'.
  EXPECT_KFEN_ERROR("ob1kyrgn/7G/8/8/8/8/4p3/N1RYKPBO b G 3:0-0", "chain of passes never ends (M8)");
  EXPECT_EQ(parse_kfen("ob1kyrgn/7G/8/8/8/8/4p3/N1RYKPBO b G").outcome().ending, Ending::Deadlock);
}

TEST(MoveNotation, PrintAndParse) {
  Position p = Position::initial();
  Move m = parse_move(p, "c1c4");
  EXPECT_EQ(m, Move::step(make_square(2, 0), make_square(2, 3)));
  EXPECT_EQ(to_string(m), "c1c4");
  EXPECT_EQ(to_string(Move::pass(5)), "pass");
  EXPECT_EQ(to_string(Move::fill(FillSide::Left)), "fill-left");
  EXPECT_EQ(to_string(Move::fill(FillSide::Right)), "fill-right");
}

TEST(MoveNotation, MalformedAndIllegalMovesAreTold) {
  Position p = Position::initial();
  EXPECT_THROW(parse_move(p, "c1c9"), NotationError);
  EXPECT_THROW(parse_move(p, "c1"), NotationError);
  EXPECT_THROW(parse_move(p, "C1C4"), NotationError);
  EXPECT_THROW(parse_move(p, ""), NotationError);
  EXPECT_THROW(parse_move(p, "c1c1"), IllegalMove);
  EXPECT_THROW(parse_move(p, "c1d3"), IllegalMove);  // not on a line (M1)
  EXPECT_THROW(parse_move(p, "c8c7"), IllegalMove);  // Gold's tower, Black to move
  EXPECT_THROW(parse_move(p, "pass"), IllegalMove);
  EXPECT_THROW(parse_move(p, "fill-left"), IllegalMove);
}
