// Proof trees, their file format and the checker: a true proof passes, and each kind of fault
// (a missing defence, a leaf that is not a win, a wrong value or distance, a wrong position, an
// illegal move) is rejected, naming the node at fault.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "solver/proof/certificate_files.h"
#include "solver/proof/certify.h"
#include "solver/proof/proof_check.h"
#include "solver/proof/proof_dot.h"
#include "solver/proof/proof_file.h"
#include "solver/proof/proof_tree.h"
#include "solver/proof/solve_request.h"
#include "solver/search/solve.h"
#include "src/io/report.h"
#include "tests/helpers.h"

using namespace kamisado;
using namespace kamisado::solver;

namespace {
ProofTree proof_of(const Position& p) {
  TranspositionTable table(16);
  SolveResult r = solve(p, {}, table);
  EXPECT_TRUE(r.distance_known);
  Prover prover(table, {});
  auto tree = build_proof(prover, p, r.value == Value::Win ? p.side_to_move() : ~p.side_to_move(), r.plies);
  EXPECT_TRUE(tree);
  return *tree;
}

// A position from play where the side to move loses in a few plies, so both kinds of node occur.
Position small_loss() {
  for (std::uint32_t seed = 0;; ++seed) {
    Position p = test::random_position(seed, 14);
    if (p.turn() != Turn::Designated || p.outcome().over()) continue;
    SolveResult r = solve(p);
    if (r.value == Value::Loss && r.plies >= 4 && r.plies <= 8) return p;
  }
}

std::string round_trip(const ProofTree& t) {
  std::ostringstream out;
  write_proof(t, out);
  return out.str();
}

void expect_rejected(const ProofTree& t, const std::string& node, const std::string& why) {
  ProofCheck c = check_proof(t);
  EXPECT_FALSE(c.holds);
  EXPECT_EQ(c.failure.rfind(node + ":", 0), 0u) << c.failure;
  EXPECT_NE(c.failure.find(why), std::string::npos) << c.failure;
}

// The first node of the tree whose side to move is (or is not) the winner, not a leaf.
std::uint32_t first_inner(const ProofTree& t, bool winner) {
  for (std::uint32_t i = 0; i < t.nodes.size(); ++i)
    if (!t.nodes[i].children.empty() && t.nodes[i].win == winner) return i;
  ADD_FAILURE() << "no such node";
  return 0;
}
}  // namespace

TEST(Proof_Tree, TheStartsProofHoldsAndReadsBackAsWritten) {
  ProofTree t = proof_of(Position::initial());
  EXPECT_EQ(t.winner, Side::Black);
  EXPECT_EQ(t.plies, 17);
  ProofCheck c = check_proof(t);
  EXPECT_TRUE(c.holds) << c.failure;
  EXPECT_EQ(c.nodes, t.nodes.size());
  EXPECT_GT(c.leaves, 0u);
  std::string text = round_trip(t);
  std::istringstream in(text);
  ProofTree back = read_proof(in);
  EXPECT_EQ(round_trip(back), text);
  EXPECT_TRUE(check_proof(back).holds);
}

TEST(Proof_Check, AMissingDefenceIsRejected) {
  ProofTree t = proof_of(small_loss());
  std::uint32_t loser = first_inner(t, false);
  ASSERT_GE(t.nodes[loser].children.size(), 2u);
  std::string dropped = t.nodes[loser].children.back().first;
  t.nodes[loser].children.pop_back();
  // The distance may now be wrong too; the missing defence is what is named, if it comes first.
  ProofCheck c = check_proof(t);
  EXPECT_FALSE(c.holds);
  EXPECT_NE(c.failure.find("node " + std::to_string(loser) + ":"), std::string::npos) << c.failure;
}

// A defence listed twice in place of another: each is named, the twice-listed one first.
TEST(Proof_Check, ADefenceListedTwiceIsRejected) {
  ProofTree t = proof_of(small_loss());
  std::uint32_t loser = first_inner(t, false);
  ASSERT_GE(t.nodes[loser].children.size(), 2u);
  const std::string dropped = t.nodes[loser].children.back().first;
  t.nodes[loser].children.back() = t.nodes[loser].children.front();
  ProofCheck c = check_proof(t);
  EXPECT_FALSE(c.holds);
  EXPECT_NE(c.failure.find("node " + std::to_string(loser) + ": move " + t.nodes[loser].children.front().first + " is listed twice"),
            std::string::npos)
      << c.failure;
  t.nodes[loser].children.pop_back();
  c = check_proof(t);
  EXPECT_NE(c.failure.find("the defence " + dropped + " is missing"), std::string::npos) << c.failure;
}

TEST(Proof_Check, AWrongValueOrDistanceIsRejected) {
  ProofTree t = proof_of(small_loss());
  ProofTree flipped = t;
  std::uint32_t winner_node = first_inner(t, true);
  flipped.nodes[winner_node].win = false;
  expect_rejected(flipped, "node " + std::to_string(winner_node), "stores loss");
  ProofTree longer = t;
  longer.nodes[winner_node].distance += 2;
  expect_rejected(longer, "node " + std::to_string(winner_node), "but its children give");
  ProofTree header = t;
  header.plies -= 1;
  expect_rejected(header, "node 0", "the header says");
}

TEST(Proof_Check, AWrongPositionOrIllegalMoveIsRejected) {
  ProofTree t = proof_of(small_loss());
  std::uint32_t winner_node = first_inner(t, true);
  ProofTree illegal = t;
  illegal.nodes[winner_node].children[0].first = "a1a1";
  expect_rejected(illegal, "node " + std::to_string(winner_node), "a1a1");
  ProofTree kfen = t;
  kfen.nodes[1].kfen = t.nodes[0].kfen;
  expect_rejected(kfen, "node 1", "but the moves lead to");
  ProofTree two = t;
  two.nodes[winner_node].children.push_back(two.nodes[winner_node].children[0]);
  expect_rejected(two, "node " + std::to_string(winner_node), "exactly one");
  ProofTree orphan = t;
  orphan.nodes.push_back(t.nodes.back());
  expect_rejected(orphan, "node " + std::to_string(t.nodes.size()), "not reachable");
  ProofTree cut = t;
  cut.nodes[winner_node].children.clear();
  cut.nodes[winner_node].distance = 0;
  expect_rejected(cut, "node " + std::to_string(winner_node), "not over");
}

// M8: a leaf where the round is over but lost for the claimed winner.
TEST(Proof_Check, ALeafThatIsNotAWinIsRejected) {
  for (std::uint32_t seed = 0; seed < 5000; ++seed) {
    Position p = test::random_position(seed, 6 + int(seed % 30));
    if (p.outcome().over()) continue;
    MoveList moves;
    generate_moves(p, moves);
    for (Move m : moves) {
      Position c = p.after(m);
      if (c.outcome().ending != Ending::Deadlock) continue;
      // The mover claims a win in one by the move that deadlocks him (he loses, M8).
      ProofTree t;
      t.winner = p.side_to_move();
      t.plies = 1;
      t.nodes = {{to_kfen(p), true, 1, {{to_string(m), 1}}}, {to_kfen(c), false, 0, {}}};
      expect_rejected(t, "node 1", "a leaf where the round is won by");
      return;
    }
  }
  FAIL() << "no deadlocking move found in play";
}

TEST(Proof_File, MalformedFilesAreRefusedNamingTheLine) {
  auto error_of = [](const std::string& text) {
    std::istringstream in(text);
    try {
      read_proof(in);
    } catch (const ProofFormatError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  std::string good = round_trip(proof_of(parse_kfen("1bpkyrgn/8/7o/8/8/8/8/NGRYKPBO b N")));
  EXPECT_EQ(error_of(good), "accepted");
  EXPECT_NE(error_of("hello\n").find("line 1: not a kamisado proof file"), std::string::npos);
  EXPECT_NE(error_of("kamisado-proof 2\n").find("unsupported proof format version"), std::string::npos);
  std::string truncated = good.substr(0, good.rfind("1 loss"));
  EXPECT_NE(error_of(truncated).find("the file ends after 1 of 2 nodes"), std::string::npos) << error_of(truncated);
  std::string bad_value = good;
  bad_value.replace(bad_value.find("1 loss"), 6, "1 lost");
  EXPECT_NE(error_of(bad_value).find("line 6: the value must be win or loss"), std::string::npos) << error_of(bad_value);
  std::string bad_child = good;
  bad_child.replace(bad_child.find("a1a8 1"), 6, "a1a8 x");
  EXPECT_NE(error_of(bad_child).find("line 5: the child's id is not a number"), std::string::npos) << error_of(bad_child);
  std::string out_of_range = good;
  out_of_range.replace(out_of_range.find("a1a8 1"), 6, "a1a8 7");
  EXPECT_NE(error_of(out_of_range).find("too large"), std::string::npos) << error_of(out_of_range);
  // Only a match proof is a layer that ends at round starts (match/match_certificate.h).
  std::string layer_of_round = good;
  layer_of_round.replace(layer_of_round.find("plies "), 0, "leaves round-starts\n");
  EXPECT_NE(error_of(layer_of_round).find("line 3: only a match proof ends at round starts"), std::string::npos) << error_of(layer_of_round);
}

TEST(Proof_Dot, TheTopLevelsAsAGraphvizGraph) {
  ProofTree t = proof_of(Position::initial());
  std::ostringstream dot;
  write_proof_dot(t, 2, dot);
  std::string g = dot.str();
  EXPECT_EQ(g.rfind("digraph G {", 0), 0u);
  EXPECT_NE(g.find("Black to move\\nwins in 17 plies"), std::string::npos) << g.substr(0, 300);
  EXPECT_NE(g.find("label=" + t.nodes[0].children[0].first), std::string::npos);
  // Depth 2: the root, its one child, and that child's children, and nothing below.
  std::size_t vertices = 0;
  for (std::size_t at = g.find("fillcolor"); at != std::string::npos; at = g.find("fillcolor", at + 1)) ++vertices;
  EXPECT_EQ(vertices, 2 + t.nodes[1].children.size());
}

// The certify pipeline (certify.h): prove, build the tree, check it, write it; a tree that fails
// its check is reported and never written.
TEST(Proof_Certify, ProvesChecksAndWritesAndNeverWritesARejectedTree) {
  const std::filesystem::path dir = std::filesystem::path(KAMISADO_TEST_TMP) / "certify";
  std::filesystem::create_directories(dir);
  const std::string good = (dir / "good.proof").string(), bad = (dir / "bad.proof").string();
  std::filesystem::remove(good);
  std::filesystem::remove(bad);
  Position p = small_loss();
  TranspositionTable table(16);
  CertifyOptions options;
  options.proof_path = good;
  options.files = &disk_files();
  Certified c = certify(p, table, options);
  ASSERT_EQ(c.result.value, Value::Loss);
  EXPECT_EQ(c.winner, ~p.side_to_move());
  ASSERT_TRUE(c.checked()) << c.failure();
  EXPECT_EQ(c.proof_nodes, c.tree->nodes.size());
  std::ifstream written(good);
  ASSERT_TRUE(written);
  EXPECT_TRUE(check_proof(read_proof(written)).holds);

  Certified tampered;
  tampered.tree = c.tree;
  tampered.tree->nodes[first_inner(*c.tree, true)].distance += 2;
  options.proof_path = bad;
  seal(tampered, options);
  ASSERT_TRUE(tampered.check);
  EXPECT_FALSE(tampered.checked());
  EXPECT_FALSE(tampered.failure().empty());
  EXPECT_FALSE(std::filesystem::exists(bad));
}

// The report writer (io/report.h): the heading names the command that regenerates the report;
// tables end before the next paragraph.
TEST(Report, HeadingNamesTheCommandAndTablesCloseBeforeText) {
  std::string md =
      io::Report("Title", "kamisado thing --report x.md").paragraph("Intro.").table({"a", "b"}).row({"1", "2"}).section("Next").markdown();
  EXPECT_EQ(md.rfind("# Title\n\nGenerated by `kamisado thing --report x.md` on ", 0), 0u) << md;
  EXPECT_NE(md.find("one core"), std::string::npos);
  EXPECT_NE(md.find("Intro.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n## Next\n"), std::string::npos) << md;
  EXPECT_EQ(md.substr(md.size() - 2), "t\n");  // one newline at the end, no blank line
}

// Issue 72: one solve, however it is asked. A request's answer is the pipeline's (the same value,
// distance, best move and nodes as certify with the options it implies); what does not go together
// is refused with its field named; a file asked for without files to write it is a bug, never a
// silent skip; the round's stakes come only where asked.
TEST(Proof_SolveRequest, OneRequestIsThePipelinesAnswerAndRefusesWhatDoesNotGoTogether) {
  const Position pos = parse_kfen("o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O");
  SolveRequest r;
  r.certify.limits.hash_mb = 4;
  const SolveAnswer a = answer_solve(pos, r);
  CertifyOptions c;
  c.limits.hash_mb = 4, c.tree = false, c.check = false;
  TranspositionTable table(4);
  const Certified direct = certify(pos, table, c);
  EXPECT_EQ(a.proved.result.value, direct.result.value);
  EXPECT_EQ(a.proved.result.plies, direct.result.plies);
  EXPECT_EQ(a.proved.result.best, direct.result.best);
  EXPECT_EQ(a.proved.result.nodes, direct.result.nodes);
  EXPECT_FALSE(a.proved.tree);
  r.certify.check = true;  // a check builds the tree
  const SolveAnswer checked = answer_solve(pos, r);
  ASSERT_TRUE(checked.proved.tree);
  EXPECT_TRUE(checked.proved.checked());
  r.certify.value_only = true;
  try {
    answer_solve(pos, r);
    ADD_FAILURE() << "a tree and the value alone went together";
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "value-only") << e.what();
  }
  r.certify.value_only = false;
  r.certify.proof_path = (test::fresh_dir("proof", "solve-request") / "never.proof").string();
  EXPECT_THROW(answer_solve(pos, r), std::logic_error);  // no files were given
  EXPECT_FALSE(std::filesystem::exists(r.certify.proof_path));
  r.certify.files = &disk_files();
  answer_solve(pos, r);
  EXPECT_TRUE(std::filesystem::exists(r.certify.proof_path));
  SolveRequest match;
  match.goal = "match";
  match.certify.limits.hash_mb = 4;
  match.certify.limits.nodes = 2000;
  const Position round_start = parse_kfen("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 1:0-0");
  EXPECT_TRUE(answer_solve(round_start, match).stakes);
  match.stakes = false;
  EXPECT_FALSE(answer_solve(round_start, match).stakes);
}
