// The match certificate in layers (match/match_certificate.h, issue 29): written by the match
// proved round by round, checked whole by the move generator; its value is the independent
// minimax's (P3); a stopped writer goes on from the layers it kept; a missing, damaged, swapped
// or wrong layer is refused in one line that names it.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <tuple>

#include <fmt/format.h>

#include "app/present/match_report.h"
#include "solver/match/by_rounds.h"
#include "solver/match/match_certificate.h"
#include "solver/match/match_sample.h"
#include "solver/match/match_study.h"
#include "solver/match/match_suite.h"
#include "solver/proof/proof_file.h"
#include "solver/proof/proof_io.h"
#include "src/io/report.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"

using namespace kamisado;
using namespace kamisado::solver;
namespace fs = std::filesystem;

namespace {

std::string scratch_folder(const std::string& name) {
  const fs::path dir = fs::path(KAMISADO_TEST_TMP) / "match_certificate" / name;
  fs::remove_all(dir);
  fs::create_directories(dir.parent_path());
  return dir.string();
}

ByRoundsOptions small() {
  ByRoundsOptions o;
  o.hash_mb = 4;
  return o;
}

// Gold to move at 2:1-0 loses; its proof by rounds ends at some 60 round starts (test_by_rounds).
Position busiest_case() { return parse_kfen("gr4p1/4P1Gy/5b2/8/o7/3n1R2/2Y3Nk/1B1O2K1 g o 2:1-0"); }

std::string read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// The check of `dir` on one thread, and on three: the same answer, failure and weights included.
MatchCertificateCheck check_on_threads(const std::string& dir) {
  const MatchCertificateCheck one = check_match_certificate(dir, 1), three = check_match_certificate(dir, 3);
  EXPECT_EQ(one.holds, three.holds);
  EXPECT_EQ(one.failure, three.failure);
  EXPECT_EQ(one.winner, three.winner);
  EXPECT_EQ(one.leaves_at_starts, three.leaves_at_starts);
  EXPECT_EQ(one.depths.size(), three.depths.size());
  for (std::size_t d = 0; d < std::min(one.depths.size(), three.depths.size()); ++d) {
    EXPECT_EQ(one.depths[d].layers, three.depths[d].layers);
    EXPECT_EQ(one.depths[d].nodes, three.depths[d].nodes);
    EXPECT_EQ(one.depths[d].bytes, three.depths[d].bytes);
  }
  return one;
}

void expect_one_line_naming(const MatchCertificateCheck& c, const std::string& what) {
  EXPECT_FALSE(c.holds);
  EXPECT_FALSE(c.winner);
  EXPECT_NE(c.failure.find(what), std::string::npos) << c.failure;
  EXPECT_EQ(c.failure.find('\n'), std::string::npos) << c.failure;
}

// A layer of the certificate (not the root's) that ends at round starts, if any, else any.
fs::path a_start_layer(const std::string& dir) {
  fs::path any;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(dir) / "starts")) {
    any = e.path();
    if (!layer_round_starts(read_proof_file(any.string())).empty()) return any;
  }
  return any;
}

}  // namespace

// Every position of the suite whose proof needs the next round (the first 8 met): its
// certificate holds, its winner is the minimax's, and its round starts' layers are shared.
TEST(MatchCertificate_P3, EveryLayerChecksAndTheWinnerIsTheMinimaxs) {
  std::size_t certified = 0;
  std::uint64_t layers = 0, leaves = 0;
  for (const MatchCase& c : read_match_suite(KAMISADO_DATA "/match_suite.json")) {
    if (certified >= 8) break;
    RoundStartTable table;
    const std::string dir = scratch_folder("suite");
    const ByRoundsCertificate written = certify_by_rounds(c.pos, table, dir, small());
    ASSERT_TRUE(written.winner) << to_kfen(c.pos);
    EXPECT_EQ(*written.winner, c.winner) << to_kfen(c.pos);
    // On two threads: what it counts is what the writer wrote (one thread: the tests below).
    const MatchCertificateCheck check = check_match_certificate(dir, 2);
    ASSERT_TRUE(check.holds) << to_kfen(c.pos) << ": " << check.failure;
    EXPECT_EQ(check.winner, c.winner) << to_kfen(c.pos);
    EXPECT_EQ(check.root_kfen, to_kfen(c.pos));
    ASSERT_EQ(check.depths.size(), written.written.size());
    for (std::size_t d = 0; d < check.depths.size(); ++d) {
      EXPECT_EQ(check.depths[d].layers, written.written[d].layers);
      EXPECT_EQ(check.depths[d].nodes, written.written[d].nodes);
      EXPECT_EQ(check.depths[d].bytes, written.written[d].bytes);
    }
    if (check.depths.size() < 2) continue;  // decided in its own round
    ++certified;
    EXPECT_GE(check.leaves_at_starts, check.depths[1].layers);
    for (const LayerCount& d : check.depths) layers += d.layers;
    leaves += check.leaves_at_starts;
  }
  EXPECT_EQ(certified, 8u);
  std::cout << certified << " certificates in layers checked: " << layers << " layers, " << leaves << " round-start leaves\n";
}

// Stopped after three layers (as Ctrl-C would stop it), the writer keeps them; the same call
// again reads them back, writes the rest, and the certificate holds with the winner of a writer
// never stopped.
TEST(MatchCertificate_P3, AStoppedWriterGoesOnFromTheLayersItKept) {
  const Position pos = busiest_case();
  RoundStartTable whole_table;
  const ByRoundsCertificate whole = certify_by_rounds(pos, whole_table, scratch_folder("whole"), small());
  ASSERT_TRUE(whole.winner);
  const std::string dir = scratch_folder("stopped");
  ByRoundsOptions o = small();
  o.table_path = dir + ".starts";
  fs::remove(o.table_path);
  o.max_layers = 3;
  RoundStartTable first_table;
  const ByRoundsCertificate stopped = certify_by_rounds(pos, first_table, dir, o);
  EXPECT_FALSE(stopped.winner);
  EXPECT_FALSE(check_match_certificate(dir).holds);  // not whole yet
  o.max_layers = 0;
  RoundStartTable second_table;
  const ByRoundsCertificate resumed = certify_by_rounds(pos, second_table, dir, o);
  ASSERT_TRUE(resumed.winner);
  EXPECT_EQ(*resumed.winner, *whole.winner);
  EXPECT_GE(resumed.kept, 3u);
  const MatchCertificateCheck check = check_match_certificate(dir);
  ASSERT_TRUE(check.holds) << check.failure;
  EXPECT_EQ(check.winner, whole.winner);
  std::uint64_t layers = 0, whole_layers = 0;
  for (const LayerCount& d : check.depths) layers += d.layers;
  for (const LayerCount& d : whole.written) whole_layers += d.layers;
  EXPECT_EQ(layers, whole_layers);
  std::cout << "stopped after 3 layers; resumed with " << resumed.kept << " kept, " << layers << " layers in all\n";
}

TEST(MatchCertificate_Input, AMissingDamagedSwappedOrWrongLayerIsRefusedInOneLine) {
  const Position pos = busiest_case();
  const std::string dir = scratch_folder("tampered");
  RoundStartTable table;
  ASSERT_TRUE(certify_by_rounds(pos, table, dir, small()).winner);
  ASSERT_TRUE(check_on_threads(dir).holds);
  const fs::path layer = a_start_layer(dir);
  ASSERT_FALSE(layer.empty());
  const std::string original = read_bytes(layer);
  const std::string copy = dir + ".layer";
  fs::remove(copy);
  fs::copy_file(layer, copy);

  // Missing: the leaf that needs it names the layer.
  fs::rename(layer, layer.string() + ".away");
  expect_one_line_naming(check_on_threads(dir), layer.filename().string());
  fs::rename(layer.string() + ".away", layer);
  ASSERT_TRUE(check_on_threads(dir).holds);

  // Damaged: a byte changed inside the compressed layer (its frame's checksum fails).
  std::string damaged = original;
  damaged[damaged.size() / 2] = char(damaged[damaged.size() / 2] ^ 0x10);
  std::ofstream(layer, std::ios::binary) << damaged;
  expect_one_line_naming(check_on_threads(dir), layer.string());

  // Wrong: the layer claims that the other side wins (its values turned with it): its check fails.
  ProofTree wrong = read_proof_file(copy);
  wrong.winner = ~wrong.winner;
  for (ProofNode& n : wrong.nodes) n.win = !n.win;
  {
    std::ofstream out(layer, std::ios::binary);
    write_proof(wrong, out);
  }
  expect_one_line_naming(check_on_threads(dir), layer.string());

  // Swapped: another start's layer under this start's key.
  fs::path other;
  for (const auto& e : fs::directory_iterator(layer.parent_path()))
    if (e.path() != layer) other = e.path();
  ASSERT_FALSE(other.empty());
  fs::copy_file(other, layer, fs::copy_options::overwrite_existing);
  expect_one_line_naming(check_on_threads(dir), layer.string());
  std::ofstream(layer, std::ios::binary) << original;
  ASSERT_TRUE(check_on_threads(dir).holds);

  // Two layers wrong at once: on any number of threads the check names the one that a check of
  // one layer at a time meets first (the leaf that reaches it comes first, breadth-first).
  const std::string other_bytes = read_bytes(other);
  std::ofstream(other, std::ios::binary) << damaged;
  fs::rename(layer, layer.string() + ".away");
  const MatchCertificateCheck both = check_on_threads(dir);
  EXPECT_FALSE(both.holds);
  EXPECT_TRUE(both.failure.find(layer.filename().string()) != std::string::npos || both.failure.find(other.filename().string()) != std::string::npos)
      << both.failure;
  fs::rename(layer.string() + ".away", layer);
  std::ofstream(other, std::ios::binary) << other_bytes;
  ASSERT_TRUE(check_on_threads(dir).holds);

  // A folder that is no certificate; and a writer refuses to write over a file that is not its own.
  EXPECT_THROW(check_match_certificate(scratch_folder("empty")), InputError);
  std::ofstream(layer, std::ios::binary) << original << "# my note\n";
  RoundStartTable again;
  EXPECT_THROW(certify_by_rounds(pos, again, dir, small()), InputError);
  EXPECT_EQ(read_bytes(layer), original + "# my note\n");
}

// The match report's section (match_study.h, `match-report --certificate DIR`): the checked
// certificate's winner and its weight per depth; and the report refuses a certificate of any
// position other than the 2-point match from the set-up, saying what it proves.
TEST(MatchCertificate_Report, TheReportGivesTheCheckedWinnerOrWhyItWasRefused) {
  const Position pos = busiest_case();
  const std::string dir = scratch_folder("report");
  RoundStartTable table;
  ASSERT_TRUE(certify_by_rounds(pos, table, dir, small()).winner);
  const MatchCertificateCheck check = check_match_certificate(dir);
  ASSERT_TRUE(check.holds);
  io::Report md("test", "test");
  present::certificate_section(md, dir, check);
  const std::string text = md.markdown();
  EXPECT_NE(text.find(fmt::format("**{} wins the match from `{}`**", side_name(*check.winner), to_kfen(pos))), std::string::npos) << text;
  ASSERT_GE(check.depths.size(), 2u);
  EXPECT_NE(text.find(fmt::format("| 2 | {} | {} | {} |", check.depths[1].layers, check.depths[1].nodes, check.depths[1].bytes)), std::string::npos)
      << text;

  MatchStudyOptions o;  // everything else as small as it goes
  o.hash_mb = 16, o.seconds = 0.1, o.round_two_ends = 0, o.round_three_per_end = 0, o.by_rounds_sample = 0, o.levels_sample = 0, o.run_seconds = 0;
  o.scores.starts_per_score = 0;
  o.certificate_dir = dir;
  const MatchStudy s = study_matches(o);
  ASSERT_TRUE(s.certificate);
  EXPECT_FALSE(s.certificate->holds);
  const std::string report = present::match_study_report(s, "test");
  EXPECT_NE(report.find("was refused: it proves " + to_kfen(pos) + ", not the 2-point match from the set-up"), std::string::npos) << report;
  EXPECT_EQ(report.find("**The 2-point match:"), std::string::npos) << report;

  // A certificate that holds is named under the table of values (a study as a checked 2-point
  // certificate leaves it; its sections drawn from the same check).
  MatchStudy held = s;
  held.certificate = check;
  const std::string with_value = present::match_study_report(held, "test");
  EXPECT_NE(with_value.find(fmt::format("**The 2-point match: {} wins**", side_name(*check.winner))), std::string::npos) << with_value;
}

// The score sample (match_sample.h, P3): each score drawn from its own seeded generator into its
// own table, so sampled on two threads it is the sample of one, score by score, start by start;
// and a start whose round and match values differ is one where the round's winner loses the match.
TEST(MatchSample_P3, TheScoresSampledOnTwoThreadsAreTheSampleOfOne) {
  ScoreSampleOptions o;
  o.starts_per_score = 5;
  o.round_nodes = 200'000;
  o.match_nodes = 20'000;
  o.hash_mb = 8;
  const std::vector<ScoreSample> one = sample_scores(o);
  o.threads = 2;
  const std::vector<ScoreSample> two = sample_scores(o);
  ASSERT_EQ(one.size(), 8u);
  ASSERT_EQ(two.size(), one.size());
  for (std::size_t k = 0; k < one.size(); ++k) {
    EXPECT_EQ(one[k].points, two[k].points);
    EXPECT_EQ(one[k].starts, 5);
    EXPECT_EQ(std::tie(one[k].starts, one[k].first_mover_wins_round, one[k].round_open, one[k].match_known, one[k].match_differs, one[k].match_open,
                       one[k].first_mover_wins_match, one[k].nodes, one[k].differing),
              std::tie(two[k].starts, two[k].first_mover_wins_round, two[k].round_open, two[k].match_known, two[k].match_differs, two[k].match_open,
                       two[k].first_mover_wins_match, two[k].nodes, two[k].differing));
    EXPECT_EQ(one[k].match_known + one[k].match_open, one[k].starts);
  }
  std::atomic<bool> stop{true};  // stopped before anything: no score is reported as if whole
  o.stop = &stop;
  EXPECT_TRUE(sample_scores(o).empty());
}
