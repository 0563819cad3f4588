// The rules checker: the Z3 layer refuses misuse, the engine's primitives are proved equal to
// the rules, the engine agrees with the spec on Z3-found edge-case positions, and deliberately
// broken primitives and chain rules are refuted, each with a counterexample.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "src/kamisado/bitboard.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"
#include "src/verify/checks.h"
#include "src/verify/push_witnesses.h"
#include "src/verify/spec_position.h"
#include "src/verify/witnesses.h"
#include "src/verify/z3_word.h"

using namespace kamisado;
using namespace kamisado::verify;

TEST(Z3Layer, MisuseThrowsInsteadOfReturningNull) {
  z3::context a, b;
  EXPECT_THROW(Word(a.bv_const("x", 32)), Z3Error);  // not 64 bits
  EXPECT_THROW(Word(a.bool_const("p")), Z3Error);
  Word x = Word::variable(a, "x"), y = Word::variable(b, "y");
  EXPECT_THROW(x & y, Z3Error);  // two contexts
  EXPECT_THROW(x == y, Z3Error);
  EXPECT_THROW(checked_bool(a.bv_val(1, 8), "test"), Z3Error);
  EXPECT_NO_THROW(x & Word::constant(a, 5));
}

TEST(Z3Layer, WordsComputeLikeBitboards) {
  z3::context ctx;
  z3::solver s(ctx);
  Word w = Word::constant(ctx, 0x8100000000000081ULL);
  s.add(!((w.shl(1) == Word::constant(ctx, 0x0200000000000102ULL)) && (w.lshr(7) == Word::constant(ctx, 0x0102000000000001ULL)) &&
          (w.shl(64) == Word::constant(ctx, 0)) && w.has(63) && !w.has(62) && (~w & w).is_zero()));
  EXPECT_EQ(s.check(), z3::unsat);
  // The engine's templates give the same answer on a Word as on a Bitboard.
  Bitboard occ = 0x00FF00000000FF00ULL | bit(make_square(3, 3));
  Word targets = tower_targets<Word>(make_square(3, 0), ~Word::constant(ctx, occ | 1), Side::Black, 0);
  z3::solver t(ctx);
  t.add(!(targets == Word::constant(ctx, tower_targets<Bitboard>(make_square(3, 0), ~(occ | 1), Side::Black, 0))));
  EXPECT_EQ(t.check(), z3::unsat);
}

TEST(Verify_Engine, EveryCheckIsProved) {
  for (const std::string& id : check_ids()) {
    CheckResult r = run_check(id, engine_primitives());
    EXPECT_EQ(r.verdict, "proved") << id << ": " << r.counterexample;
    EXPECT_GT(r.queries, 0) << id;
  }
  EXPECT_THROW(run_check("nonsense", engine_primitives()), std::invalid_argument);
}

namespace {
CheckResult refuted(const std::string& id, const Primitives& broken) {
  CheckResult r = run_check(id, broken);
  EXPECT_EQ(r.verdict, "refuted") << id;
  EXPECT_FALSE(r.counterexample.empty()) << id;
  return r;
}
}  // namespace

TEST(Verify_CanFail, DiagonalPushesAreRefuted) {
  // S2: a push goes straight ahead only. This variant also pushes along the right diagonal.
  Primitives broken = engine_primitives();
  auto straight = broken.push_column;
  broken.push_column = [straight](const Word& from, const Word& empty, const Word& pushable, Side side, int rank) {
    const Direction& diagonal = kForward[index(side)][1];
    Word ahead = shift(from, diagonal) & pushable;
    Word beyond = shift(ahead, diagonal) & empty;
    Word diagonal_push = Word(z3::ite(beyond.is_zero(), WordOps<Word>::lift(from, 0).expr(), ahead.expr()));
    return straight(from, empty, pushable, side, rank) | diagonal_push;
  };
  CheckResult r = refuted("pushes", broken);
  EXPECT_NE(r.counterexample.find("engine pushes"), std::string::npos) << r.counterexample;
}

TEST(Verify_CanFail, EqualRankPushesAreRefuted) {
  // S2.3: only strictly lower ranks may be pushed. This variant lets equal ranks be pushed.
  Primitives broken = engine_primitives();
  broken.towers_below = [](const Word(&by_rank)[5], int rank) { return towers_below<Word>(by_rank, rank + 1 > 4 ? 4 : rank + 1); };
  CheckResult r = refuted("pushes", broken);
  EXPECT_NE(r.counterexample.find("opponent rank"), std::string::npos) << r.counterexample;
  EXPECT_NE(r.counterexample.find("KFEN"), std::string::npos) << r.counterexample;
  refuted("advance", broken);
}

TEST(Verify_CanFail, WrongSumoRangeIsRefuted) {
  // S1: a Sumo moves up to 5 squares. This variant lets it move like a plain tower.
  Primitives broken = engine_primitives();
  broken.tower_targets = [](Square from, const Word& empty, Side side, int rank) {
    return tower_targets<Word>(from, empty, side, rank == 1 ? 0 : rank);
  };
  CheckResult r = refuted("slides", broken);
  EXPECT_NE(r.counterexample.find("tower of rank 1"), std::string::npos) << r.counterexample;
  // The KFEN shows the counterexample as it is: in that very position the Sumo's targets and a
  // plain tower's differ.
  std::size_t at = r.counterexample.find("KFEN ");
  ASSERT_NE(at, std::string::npos) << r.counterexample;
  Position p = parse_kfen(r.counterexample.substr(at + 5));
  Side side = p.side_to_move();
  Square from = p.square_of(side, p.designated());
  ASSERT_EQ(p.rank_of_tower(side, p.designated()), 1);
  EXPECT_NE(tower_targets<Bitboard>(from, ~p.occupied(), side, 1), tower_targets<Bitboard>(from, ~p.occupied(), side, 0));
}

TEST(Verify_CanFail, EdgeWrapIsRefuted) {
  // M1: a diagonal slide must not wrap round the board's edge. This variant forgets the guard.
  Primitives broken = engine_primitives();
  broken.tower_targets = [](Square from, const Word& empty, Side side, int rank) {
    constexpr Direction careless{true, 9, ~Bitboard{0}};  // Black's NE without the file-a guard
    Word f = WordOps<Word>::lift(empty, bit(from));
    Word wrapped = side == Side::Black && rank == 0 ? slide_targets<careless>(f, empty) : WordOps<Word>::lift(empty, 0);
    return tower_targets<Word>(from, empty, side, rank) | wrapped;
  };
  refuted("slides", broken);
}

TEST(Verify_CanFail, ASwappedColourInTheEngineTableIsRefuted) {
  // B3: this variant swaps the colours of a1 and b1 in the engine's table.
  Primitives broken = engine_primitives();
  broken.colour_of = [](Square s) { return colour_of(s == 0 ? Square(1) : s == 1 ? Square(0) : s); };
  refuted("colours", broken);
}

// Every check but the lemmas runs engine code, and each of those has a mutation above that makes
// it fail (slides: Sumo range, edge wrap; pushes: diagonal, equal rank, off the board; advance:
// equal rank; push-bounds: off the board; colours: a swapped colour). A new check needs one too.
TEST(Verify_Engine, EveryCheckButTheLemmasRunsEngineCode) {
  std::vector<std::string> engine_checks, lemmas;
  for (const std::string& id : check_ids()) (run_check(id, engine_primitives()).lemma ? lemmas : engine_checks).push_back(id);
  EXPECT_EQ(engine_checks, (std::vector<std::string>{"colours", "slides", "pushes", "advance", "push-bounds"}));
  EXPECT_EQ(lemmas, std::vector<std::string>{"pass-chain"});
}

TEST(Verify_CanFail, PushingOffTheBoardIsRefuted) {
  // S2.4: the square beyond must exist. This variant lets a tower on its own home row be pushed.
  Primitives broken = engine_primitives();
  auto column = broken.push_column;
  broken.push_column = [column](const Word& from, const Word& empty, const Word& pushable, Side side, int rank) {
    Word ahead = shift(from, kForward[index(side)][0]) & pushable;
    Word last_row = WordOps<Word>::lift(from, Bitboard{0xFF} << (8 * goal_rank(side)));
    return column(from, empty, pushable, side, rank) | (ahead & last_row);
  };
  refuted("pushes", broken);
  CheckResult r = refuted("push-bounds", broken);
  EXPECT_NE(r.counterexample.find("on "), std::string::npos);
}

// --- witnesses -------------------------------------------------------------------------------

namespace {
WitnessOptions quick() {
  WitnessOptions o;
  o.longest_cycle_from = 18;  // the longest-cycle search belongs to `kamisado verify`, not unit tests
  return o;
}

// A chain walk with one rule changed, for the broken variants below.
EngineChain walk_with(bool pass_colour_from_real_move, int deadlock_after_passes) {
  return [=](const Position& pos) {
    Side side = pos.side_to_move();
    Colour colour = pos.designated();
    for (int passes = 0; passes <= 16; ++passes) {
      if (passes >= deadlock_after_passes) break;
      if (can_act(pos, side, colour)) return ChainVerdict{passes, side, colour};
      if (!pass_colour_from_real_move) colour = colour_of(pos.square_of(side, colour));
      side = ~side;
    }
    return ChainVerdict{-1, ~pos.side_to_move(), Brown};
  };
}
}  // namespace

TEST(Verify_Witnesses, EngineAgreesOnEveryEdgeCase) {
  std::vector<Witness> ws = find_witnesses(engine_chain(), quick());
  ASSERT_EQ(ws.size(), 9u);  // a forced pass, chains of 2-6, deadlocks of 2, 4, 6
  for (const Witness& w : ws) {
    EXPECT_EQ(w.verdict, "found") << w.name;
    Position p = parse_kfen(w.kfen);  // a complete, valid position
    EXPECT_EQ(popcount(p.occupied()), 16) << w.name;
    EXPECT_EQ(w.engine, w.spec) << w.name;
  }
  EXPECT_EQ(ws[0].spec.passes, 1);
  EXPECT_EQ(ws[5].spec.passes, 6);
  EXPECT_EQ(ws[6].spec.passes, -1);
  EXPECT_EQ(parse_kfen(ws[6].kfen).outcome().ending, Ending::Deadlock);
}

TEST(Verify_CanFail, PassColourFromThePreviousMovesSquareIsRefuted) {
  // M6: the pass ends on the blocked tower's square. This variant keeps the colour of the
  // square the last real move ended on.
  std::vector<Witness> ws = find_witnesses(walk_with(true, 1000), quick());
  EXPECT_TRUE(std::any_of(ws.begin(), ws.end(), [](const Witness& w) { return w.verdict == "disagrees"; }));
}

TEST(Verify_CanFail, DeadlockDeclaredAfterTwoPassesIsRefuted) {
  // M8: a deadlock is a chain that never ends. This variant calls any two passes a deadlock.
  std::vector<Witness> ws = find_witnesses(walk_with(false, 2), quick());
  int disagreements = 0;
  for (const Witness& w : ws) disagreements += w.verdict == "disagrees";
  EXPECT_EQ(disagreements, 5);  // the chains of 2, 3, 4, 5 and 6 passes
}

// --- push witnesses ----------------------------------------------------------------------------

namespace {
// The engine's push, with who moves next afterwards changed, for the broken variants below.
EngineAfterPush after_push_with(bool opponent_moves, bool colour_of_sumo_square) {
  return [=](const Position& before, Move push) {
    Outcome o = round_outcome(before, push);
    Position after = before;
    after.set_match({});
    after = after.after(push);
    if (o.ending == Ending::Deadlock && !opponent_moves && !colour_of_sumo_square) return ChainVerdict{-1, ~o.winner, Brown};
    Side next = opponent_moves ? ~before.side_to_move() : before.side_to_move();
    Colour colour = colour_of_sumo_square ? colour_of(push.to()) : after.designated();
    after.set_turn(next, Turn::Designated, colour);
    after.finish();
    if (after.outcome().ending == Ending::Deadlock) return ChainVerdict{-1, ~after.outcome().winner, Brown};
    return engine_chain()(after);
  };
}
}  // namespace

TEST(Verify_PushWitnesses, EngineAgreesOnEveryPushEdgeCase) {
  std::vector<PushWitness> ws = find_push_witnesses(engine_after_push());
  ASSERT_EQ(ws.size(), 9u);
  for (const PushWitness& w : ws) {
    EXPECT_EQ(w.verdict, "found") << w.name << ": " << w.detail;
    Position p = parse_kfen(w.kfen);
    EXPECT_TRUE(p.match().is_match()) << w.name;
    EXPECT_GE(p.rank_of_tower(Side::Black, p.designated()), 1) << w.name;  // a Sumo to move
  }
}

TEST(Verify_CanFail, PushWithNoExtraTurnIsRefuted) {
  // S4: after a push the pusher moves again. This variant gives the turn to the opponent.
  std::vector<PushWitness> ws = find_push_witnesses(after_push_with(true, false));
  EXPECT_TRUE(std::any_of(ws.begin(), ws.end(), [](const PushWitness& w) { return w.verdict == "disagrees"; }));
}

TEST(Verify_CanFail, FollowUpTowerFromTheSumosSquareIsRefuted) {
  // S4: the follow-up tower is named by the furthest pushed tower's new square. This variant
  // names it by the square the Sumo moved to.
  std::vector<PushWitness> ws = find_push_witnesses(after_push_with(false, true));
  EXPECT_TRUE(std::any_of(ws.begin(), ws.end(), [](const PushWitness& w) { return w.verdict == "disagrees"; }));
}

// Issue 70: the spec asked of concrete positions (spec_position.h), as retro stats asks it of a
// table's sample. Along random games of a round and of Marathon rounds with Sumos, every real
// move's chain of passes, deadlock and pushed towers are the engine's (M6, M8, M9, S2, S3, S4);
// and an engine that charges a deadlock to the wrong player, or miscounts the passes, is caught.
TEST(SpecPosition, AgreesWithTheEngineAlongRandomGamesAndCatchesAWrongVerdict) {
  std::mt19937 rng(70);
  int pushes = 0, chains = 0, deadlocks = 0;
  Position deadlocking = Position::initial(), passing = Position::initial();
  for (const char* start : {"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -", "2ry+n3/1N1K4/1P2R2O/8/1g+6/8/o4p+kb/G4YB1 b R 15:0-3",
                            "2p1o1b+1/R1B5/N+7/7O/8/8/1r1g1ykn/1Y2PG1K g o 15:1-1"}) {
    for (int game = 0; game < 60; ++game) {
      Position pos = parse_kfen(start);
      while (!round_winner(pos)) {
        ASSERT_EQ(compare_with_spec(pos), "");
        MoveList moves;
        generate_moves(pos, moves);
        for (Move m : moves) {
          if (!m.is_real() || wins_at_once(m, pos.side_to_move())) continue;
          const ChainVerdict v = engine_after_real_move(pos, m);
          pushes += m.kind() == MoveKind::Push;
          if (v.passes < 0 && ++deadlocks) deadlocking = pos;
          if (v.passes > 0 && ++chains) passing = pos;
        }
        pos = pos.after(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
      }
    }
  }
  EXPECT_GT(pushes, 0);
  ASSERT_GT(chains, 0);
  ASSERT_GT(deadlocks, 0);
  const EngineAfterMove wrong_loser = [](const Position& before, Move m) {
    ChainVerdict v = engine_after_real_move(before, m);
    if (v.passes < 0) v.next_side = ~v.next_side;
    return v;
  };
  const EngineAfterMove one_pass_short = [](const Position& before, Move m) {
    ChainVerdict v = engine_after_real_move(before, m);
    if (v.passes > 0) --v.passes;
    return v;
  };
  EXPECT_NE(compare_with_spec(deadlocking, wrong_loser).find("a deadlock lost by"), std::string::npos);
  EXPECT_NE(compare_with_spec(passing, one_pass_short).find("passes"), std::string::npos);
}
