// Retrograde tables: canonical keys under the B3 symmetries, backward induction against a plain
// minimax on every entry, the push's extra turn (S4), the table file and its checks, the
// verifier, and the cross-check with the proof search.
#include <gtest/gtest.h>

#include <xxhash.h>

#include <atomic>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <unordered_map>

#include "app/present/retro_bench_report.h"
#include "solver/analysis/published.h"
#include "solver/bench/retro_bench.h"
#include "solver/retro/retro_build.h"
#include "solver/retro/retro_crosscheck.h"
#include "solver/retro/retro_file.h"
#include "solver/retro/retro_layers.h"
#include "solver/retro/retro_stats.h"
#include "solver/retro/retro_verify.h"
#include "src/io/files.h"
#include "src/kamisado/rules.h"
#include "tests/helpers.h"

using namespace kamisado;
using namespace kamisado::solver;

namespace {

// A late single-round position: 12,184 positions reachable, Black wins in 3.
constexpr const char* kSmallRoot = "o2ky1gn/N3K2O/8/8/8/5r2/1bp5/1GRY1PB1 b Y";
// A Marathon round with Sumos, a few plies on from a solver-suite position: 3,470 positions and
// 30 pushes among their moves.
constexpr const char* kPushRoot = "2ry+n3/1N1K4/1P2R2O/8/1g+6/8/o4p+kb/G4YB1 b R 15:0-3";

// Value and distance by plain recursion over the moves, memoized by Zobrist key: no graph, no
// counters, no symmetry.
RetroValue plain_value(const Position& p, std::unordered_map<std::uint64_t, RetroValue>& memo) {
  if (auto it = memo.find(p.key()); it != memo.end()) return it->second;
  MoveList moves;
  generate_moves(p, moves);
  int fastest_win = 0, longest_loss = 0;
  for (Move m : moves) {
    Position c = p.after(m);
    bool mover_wins;
    int d;
    if (auto w = round_winner(c)) {
      mover_wins = *w == p.side_to_move();
      d = 1;
    } else {
      RetroValue v = plain_value(c, memo);
      mover_wins = v.win == (c.side_to_move() == p.side_to_move());
      d = v.distance + 1;
    }
    if (mover_wins)
      fastest_win = fastest_win ? std::min(fastest_win, d) : d;
    else
      longest_loss = std::max(longest_loss, d);
  }
  RetroValue v = fastest_win ? RetroValue{true, fastest_win} : RetroValue{false, longest_loss};
  memo[p.key()] = v;
  return v;
}

// Every entry of the table against the plain recursion, and the table's size against a plain
// count of the positions reachable from the root up to symmetry.
void expect_table_matches_plain_minimax(const Position& root, const RetroTable& table) {
  std::unordered_map<std::uint64_t, RetroValue> memo;
  for (const RetroEntry& e : table.entries()) {
    Position pos = table.frame().decode(e.key());
    ASSERT_EQ(e.value(), plain_value(pos, memo)) << to_kfen(pos);
  }
  std::unordered_map<std::uint64_t, bool> classes;  // reachable positions by canonical key hash
  std::vector<Position> stack{root};
  std::unordered_map<std::uint64_t, bool> seen{{root.key(), true}};
  std::size_t canonical = 0;
  std::vector<RetroKey> keys;
  while (!stack.empty()) {
    Position p = stack.back();
    stack.pop_back();
    keys.push_back(table.frame().canonical_key(p));
    MoveList moves;
    generate_moves(p, moves);
    for (Move m : moves) {
      Position c = p.after(m);
      if (!round_winner(c) && seen.emplace(c.key(), true).second) stack.push_back(c);
    }
  }
  std::sort(keys.begin(), keys.end());
  canonical = std::size_t(std::unique(keys.begin(), keys.end()) - keys.begin());
  EXPECT_EQ(table.size(), canonical);
}

RetroTable build(const Position& root, RetroBuildStats* stats = nullptr, RetroSolver solver = RetroSolver::Layers, int threads = 1) {
  RetroBuildLimits limits;
  limits.max_positions = 5'000'000;
  limits.solver = solver;
  limits.threads = threads;
  return build_retro_table(root, limits, stats);
}

constexpr RetroSolver kSolvers[] = {RetroSolver::Layers, RetroSolver::Graph};
const char* name(RetroSolver s) { return s == RetroSolver::Layers ? "layers" : "graph"; }

}  // namespace

TEST(RetroKey, B3CanonicalKeyIsTheLeastImageAndSharedByImages) {
  for (std::uint32_t seed = 1; seed <= 300; ++seed) {
    Position pos = test::random_position(seed, int(seed % 17));
    if (round_winner(pos)) continue;
    RoundFrame frame = RoundFrame::of(pos);
    ASSERT_EQ(frame.symmetries(), kRotate | kMirror | kRotateMirror);  // B3: a single round has all three
    RetroKey least = std::min({frame.key(pos), frame.image_key(pos, kRotate), frame.image_key(pos, kMirror), frame.image_key(pos, kRotateMirror)});
    EXPECT_EQ(frame.canonical_key(pos), least) << to_kfen(pos);
    EXPECT_EQ(frame.image_key(pos, kRotate), frame.key(pos.rotated()));
    EXPECT_EQ(frame.image_key(pos, kMirror), frame.key(pos.mirrored()));
    EXPECT_EQ(frame.canonical_key(pos.rotated()), least);
    EXPECT_EQ(frame.canonical_key(pos.mirrored()), least);
    EXPECT_EQ(frame.canonical_key(pos.rotated().mirrored()), least);
    EXPECT_EQ(frame.decode(frame.key(pos)), pos) << to_kfen(pos);
  }
}

TEST(RetroKey, P2SymmetriesKeepTheRoundsRanksAndScore) {
  // A match round whose ranks differ between the players and between mirrored colours: no
  // symmetry maps the round onto itself.
  Position pos = parse_kfen("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3:0-0");
  EXPECT_EQ(RoundFrame::of(pos).symmetries(), kRotate | kMirror | kRotateMirror);
  Position sumo = parse_kfen("o+bpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3:0-1");
  EXPECT_EQ(RoundFrame::of(sumo).symmetries(), 0);
  Position both = parse_kfen("o+bpkyrgn/8/8/8/8/8/8/NGRYKPBO+ b - 3:1-1");
  EXPECT_EQ(RoundFrame::of(both).symmetries(), kRotate);
  // Unequal points forbid the turn even with equal ranks: it would swap the score.
  Position score = parse_kfen("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3:2-0");
  EXPECT_EQ(RoundFrame::of(score).symmetries(), kMirror);
}

TEST(RetroKey, DecodeRefusesKeysThatAreNoPosition) {
  RoundFrame frame = RoundFrame::of(Position::initial());
  RetroKey key = frame.key(Position::initial());
  EXPECT_NO_THROW(frame.decode(key));
  EXPECT_THROW(frame.decode({key.lo | (std::uint64_t{1} << 60), key.hi}), std::invalid_argument);  // stray bits
  EXPECT_THROW(frame.decode({key.lo | (std::uint64_t{9} << 49), key.hi}), std::invalid_argument);  // turn code 9
  EXPECT_THROW(frame.decode({key.lo, key.hi & ~std::uint64_t{63}}), std::invalid_argument);        // two towers on a1
}

// Both solvers (retro_build.h): each against the plain minimax.
TEST(RetroBuild, M7M8BackwardInductionMatchesPlainMinimaxOnEveryEntry) {
  Position root = parse_kfen(kSmallRoot);
  for (RetroSolver solver : kSolvers) {
    SCOPED_TRACE(name(solver));
    RetroBuildStats stats;
    RetroTable table = build(root, &stats, solver);
    EXPECT_EQ(table.size(), 12184u);
    EXPECT_EQ(stats.positions, table.size());
    EXPECT_EQ(table.probe(root), (RetroValue{true, 3}));
    expect_table_matches_plain_minimax(root, table);
    for (std::size_t i = 1; i < table.size(); ++i) ASSERT_LT(table.entries()[i - 1].key(), table.entries()[i].key());
  }
}

TEST(RetroBuild, S4ExtraTurnAfterAPushMatchesPlainMinimax) {
  // The pusher moves again, so those moves keep the side to move.
  Position root = parse_kfen(kPushRoot);
  for (RetroSolver solver : kSolvers) {
    SCOPED_TRACE(name(solver));
    RetroBuildStats stats;
    RetroTable table = build(root, &stats, solver);
    EXPECT_GT(stats.extra_turn_edges, 0u);
    expect_table_matches_plain_minimax(root, table);
  }
}

// Issue 70: the build in layers and the graph build, the second solver, agree entry for entry:
// every key, value and exact distance, on one thread or two, and count the same moves.
TEST(RetroLayers, TheTwoSolversAgreeOnEveryEntry) {
  for (const char* kfen : {kSmallRoot, kPushRoot}) {
    SCOPED_TRACE(kfen);
    RetroBuildStats by_graph, by_layers;
    const RetroTable graph = build(parse_kfen(kfen), &by_graph, RetroSolver::Graph);
    for (int threads : {1, 2}) {
      const RetroTable layers = build(parse_kfen(kfen), &by_layers, RetroSolver::Layers, threads);
      ASSERT_EQ(layers.size(), graph.size());
      for (std::size_t i = 0; i < graph.size(); ++i) ASSERT_EQ(layers.entries()[i].bits, graph.entries()[i].bits) << i;
      EXPECT_EQ(by_layers.moves, by_graph.moves);
      EXPECT_EQ(by_layers.graph_edges, by_graph.graph_edges);
      EXPECT_EQ(by_layers.extra_turn_edges, by_graph.extra_turn_edges);
    }
  }
}

// Issue 70: the build to a file, its layers waiting on disk, writes the in-memory build's file;
// stopped in each phase (as a kill would, at any point after its last save) and run again, it
// goes on and writes the same file, digest for digest; its work folder goes at the end.
TEST(RetroLayers, ABuildToAFileStoppedInEachPhaseGoesOnToTheSameFile) {
  const Position root = parse_kfen(kPushRoot);
  const std::string expected = write_retro_table(build(root));
  const std::string path = std::string(KAMISADO_TEST_TMP) + "/layers.retro";
  for (const std::string phase : {"", "enumerating", "solving", "writing"}) {
    SCOPED_TRACE(phase);
    std::filesystem::remove(path);
    std::atomic<bool> stop{false};
    RetroBuildLimits limits;
    limits.threads = 2;
    limits.stop = &stop;
    int reports = 0;
    limits.progress = [&](const RetroBuildProgress& p) { stop = stop || (p.phase == phase && ++reports == 2); };
    RetroBuildStats stats;
    if (!phase.empty()) {
      EXPECT_THROW(build_retro_file(root, limits, path, &stats), Stopped);
      EXPECT_FALSE(std::filesystem::exists(path));
      EXPECT_TRUE(std::filesystem::exists(path + ".work"));
      stop = false;
      limits.progress = nullptr;
    }
    const RetroFileInfo info = build_retro_file(root, limits, path, &stats);
    EXPECT_EQ(io::read_file(path, "table"), expected);
    EXPECT_EQ(info.digest, RetroFile(expected).info().digest);
    EXPECT_EQ(stats.positions, 3470u);
    EXPECT_FALSE(std::filesystem::exists(path + ".work"));
  }
  // A work folder of another root's build is refused, and so is one holding a user's file.
  std::filesystem::create_directories(path + ".work");
  { std::ofstream(path + ".work/notes.txt") << "mine"; }
  EXPECT_THROW(build_retro_file(root, {}, path, nullptr), InputError);
  EXPECT_TRUE(std::filesystem::exists(path + ".work/notes.txt"));
  std::filesystem::remove_all(path + ".work");
}

// Issue 70: retro stats counts every edge case of a table's moves, the same from memory and from
// its file read a block at a time, on one thread or two; its seeded sample is drawn alike.
TEST(RetroStats, EdgeCasesCountAlikeFromMemoryAndFromTheFile) {
  const RetroTable table = build(parse_kfen(kPushRoot));
  const std::string bytes = write_retro_table(table);
  const RetroFile file(bytes);
  const RetroEdgeCases a = count_edge_cases(table, 1, 300, 7), b = count_edge_cases(file, 2, 300, 7);
  EXPECT_EQ(a.positions, table.size());
  EXPECT_EQ(b.positions, a.positions);
  EXPECT_EQ(b.by_distance, a.by_distance);
  EXPECT_EQ(b.forced_passes, a.forced_passes);
  EXPECT_EQ(b.chains, a.chains);
  EXPECT_EQ(b.deadlocks, a.deadlocks);
  EXPECT_EQ(b.pushes, a.pushes);
  EXPECT_EQ(b.sample, a.sample);
  std::uint64_t pushes = 0, moves = 0;
  for (const auto& by_rank : a.pushes)
    for (std::uint64_t n : by_rank) pushes += n;
  for (const RetroEntry& e : table.entries()) {  // the pushes recounted straight from the moves
    MoveList list;
    generate_moves(table.frame().decode(e.key()), list);
    for (Move m : list) moves += m.kind() == MoveKind::Push;
  }
  EXPECT_EQ(pushes, moves);
  EXPECT_GT(pushes, 0u);
  EXPECT_GT(a.forced_passes, 0u);
  EXPECT_GT(a.sample.size(), 200u);
  EXPECT_LT(a.sample.size(), 400u);
  for (const Position& p : a.sample) ASSERT_TRUE(table.probe(p));
}

// Issue 70, the order the build in layers rests on (rules.md §2, S2, S3, M6, B3): along random
// games of a round and of a Marathon match with Sumos, every real move raises the potential, a
// pass keeps it, and a position's turned and mirrored images have it too.
TEST(RetroLayers, ThePotentialRisesAlongEveryRealMoveAndAPassKeepsIt) {
  std::mt19937 rng(70);
  std::uint64_t real = 0, passes = 0, pushes = 0;
  for (const char* start : {"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -", kPushRoot, "2p1o1b+1/R1B5/N+7/7O/8/8/1r1g1ykn/1Y2PG1K g o 15:1-1"}) {
    for (int game = 0; game < 300; ++game) {
      Position pos = parse_kfen(start);
      while (!round_winner(pos)) {
        EXPECT_EQ(advancement_potential(pos.rotated()), advancement_potential(pos)) << to_kfen(pos);
        EXPECT_EQ(advancement_potential(pos.mirrored()), advancement_potential(pos)) << to_kfen(pos);
        MoveList moves;
        generate_moves(pos, moves);
        const Move m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
        const Position child = pos.after(m);
        if (m.kind() == MoveKind::Pass) {
          ++passes;
          ASSERT_EQ(advancement_potential(child), advancement_potential(pos)) << to_kfen(pos) << " " << to_string(m);
        } else {
          ++real, pushes += m.kind() == MoveKind::Push;
          ASSERT_GT(advancement_potential(child), advancement_potential(pos)) << to_kfen(pos) << " " << to_string(m);
        }
        pos = child;
      }
    }
  }
  EXPECT_GT(passes, 0u);
  EXPECT_GT(pushes, 0u);
  EXPECT_GT(real, 1000u);
}

TEST(RetroBuild, B3SymmetricImagesShareOneEntry) {
  // A position's turned and mirrored images (B3) are found under the same key, with its value.
  Position root = parse_kfen(kSmallRoot);
  RetroTable table = build(root);
  for (const RetroEntry& e : table.entries()) {
    Position pos = table.frame().decode(e.key());
    ASSERT_EQ(table.probe(pos.rotated()), e.value());
    ASSERT_EQ(table.probe(pos.mirrored()), e.value());
  }
}

TEST(RetroBuild, RefusesAFinishedRoundAndStopsAtTheCap) {
  Position over = parse_kfen("Nbpkyrgn/8/8/8/8/o7/8/1GRYKPBO g o");
  for (RetroSolver solver : kSolvers) {
    SCOPED_TRACE(name(solver));
    EXPECT_THROW(build(over, nullptr, solver), std::invalid_argument);
    RetroBuildLimits limits;
    limits.max_positions = 1000;
    limits.solver = solver;
    EXPECT_THROW(build_retro_table(parse_kfen(kSmallRoot), limits), RetroCapExceeded);
  }
}

TEST(RetroTable, OptimalMovesReachTheStoredDistance) {
  Position root = parse_kfen(kSmallRoot);
  RetroTable table = build(root);
  std::size_t checked = 0;
  for (std::size_t i = 0; i < table.size(); i += 97, ++checked) {
    Position pos = table.frame().decode(table.entries()[i].key());
    RetroValue v = table.entries()[i].value();
    std::vector<Move> best = optimal_moves(table, pos);
    ASSERT_FALSE(best.empty());
    for (Move m : best) {
      MoveOutcome o = move_outcome(table, pos, pos.after(m));
      EXPECT_EQ(o.mover_wins, v.win);
      EXPECT_EQ(o.distance, v.distance);
    }
  }
  EXPECT_GT(checked, 100u);
  EXPECT_FALSE(table.probe(Position::initial()));  // another position, not reachable from the root
}

// Refused with RetroFormatError whose message holds `words`.
bool refused(std::string_view bytes, const std::string& words) {
  try {
    read_retro_table(bytes);
  } catch (const RetroFormatError& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    return true;
  }
  return false;
}

// Issue 70: version 2, probed where it lies. Every entry is found by the index and its block.
TEST(RetroFile, RoundTripAndEveryEntryIsProbedInItsBlock) {
  RetroTable table = build(parse_kfen(kSmallRoot));
  RetroFileInfo info;
  std::string bytes = write_retro_table(table, &info);
  EXPECT_EQ(info.stored_bytes, bytes.size());
  EXPECT_EQ(info.version, 2u);
  EXPECT_EQ(info.blocks, (table.size() + kRetroBlockEntries - 1) / kRetroBlockEntries);
  RetroFileInfo read_info;
  RetroTable back = read_retro_table(bytes, &read_info);
  EXPECT_EQ(read_info.digest, info.digest);
  ASSERT_EQ(back.size(), table.size());
  EXPECT_EQ(back.root_kfen(), table.root_kfen());
  for (std::size_t i = 0; i < table.size(); ++i) ASSERT_EQ(back.entries()[i].bits, table.entries()[i].bits);

  // Small blocks, so that the index has many records to search: each key is found in its block,
  // and a key between two entries (the next one's with its lowest bit changed) is not found.
  std::ostringstream out;
  RetroFileWriter writer(out, table.root_kfen(), table.root(), 64);
  for (const RetroEntry& e : table.entries()) writer.add(e);
  EXPECT_EQ(writer.finish().blocks, (table.size() + 63) / 64);
  const std::string small = out.str();
  const RetroFile file(small);
  EXPECT_EQ(file.size(), table.size());
  for (std::size_t i = 0; i < table.size(); ++i) {
    ASSERT_EQ(file.value_of(table.entries()[i].key()), table.entries()[i].value()) << i;
    RetroKey absent = table.entries()[i].key();
    absent.lo ^= 1;
    ASSERT_EQ(file.value_of(absent).has_value(), table.find(absent) >= 0) << i;
  }
  const Position root = parse_kfen(kSmallRoot);
  EXPECT_EQ(file.probe(root), table.probe(root));
  EXPECT_EQ(optimal_moves(file, root), optimal_moves(table, root));
  EXPECT_FALSE(file.probe(Position::initial()));

  // Entries out of order are the writer's bug, refused.
  std::ostringstream wrong;
  RetroFileWriter backwards(wrong, table.root_kfen(), table.root());
  backwards.add(table.entries()[1]);
  EXPECT_THROW(backwards.add(table.entries()[0]), std::logic_error);
}

// Issue 70: a damaged page is refused and named; the head's damage, a cut, padding, a foreign file
// or another version, in one line each.
TEST(RetroFile, EveryDamageIsRefusedAndADamagedBlockIsNamed) {
  RetroTable table = build(parse_kfen(kSmallRoot));
  std::ostringstream out;
  RetroFileWriter writer(out, table.root_kfen(), table.root(), 256);
  for (const RetroEntry& e : table.entries()) writer.add(e);
  writer.finish();
  const std::string bytes = out.str();

  // A byte of a block in the middle: opening reads the head and the root's block only, and
  // answers from every other block; a probe into the damaged one, and a whole read, name it.
  const RetroFile good(bytes);
  std::string damaged = bytes;
  damaged[bytes.size() / 2] = char(damaged[bytes.size() / 2] ^ 0x10);
  EXPECT_TRUE(refused(damaged, "is damaged: its checksum does not match"));
  EXPECT_TRUE(refused(damaged, "block "));
  const RetroFile opened(damaged);
  std::size_t answered = 0, named = 0;
  for (std::size_t i = 0; i < table.size(); i += 97) {
    try {
      EXPECT_EQ(opened.value_of(table.entries()[i].key()), table.entries()[i].value());
      ++answered;
    } catch (const RetroFormatError& e) {
      EXPECT_NE(std::string(e.what()).find(" of " + std::to_string(good.info().blocks) + " (bytes "), std::string::npos) << e.what();
      ++named;
    }
  }
  EXPECT_GT(answered, 0u);
  EXPECT_GT(named, 0u);
  // Opened from its path, the file is named when a probe meets the damage, in one line.
  const std::string path = std::string(KAMISADO_TEST_TMP) + "/damaged-block.retro";
  std::ofstream(path, std::ios::binary) << damaged;
  const std::unique_ptr<RetroFile> from_path = RetroFile::open(path);
  std::string message;
  for (std::size_t i = 0; i < table.size() && message.empty(); ++i) {
    try {
      from_path->value_of(table.entries()[i].key());
    } catch (const InputError& e) {
      message = e.what();
    }
  }
  EXPECT_EQ(message.rfind(path + ": block ", 0), 0u) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;

  std::string head = bytes;
  head[bytes.size() - 40] = char(head[bytes.size() - 40] ^ 0x01);  // in the head's table of index pages
  EXPECT_TRUE(refused(head, "head's checksum"));
  // In the index, which lies just before the head (the trailer's first word): a probe into its
  // page, and a whole read, name the page.
  std::uint64_t head_at = 0;
  std::memcpy(&head_at, bytes.data() + bytes.size() - 16, 8);
  std::string index = bytes;
  index[head_at - 30] = char(index[head_at - 30] ^ 0x01);
  EXPECT_TRUE(refused(index, "index page 0 of 1 (bytes "));
  EXPECT_TRUE(refused(bytes.substr(0, bytes.size() - 100), "truncated"));
  EXPECT_TRUE(refused(bytes.substr(0, 20), "truncated"));
  EXPECT_TRUE(refused(bytes + std::string(24, '\0'), "truncated"));
  EXPECT_TRUE(refused(bytes.substr(0, 5), "magic"));
  EXPECT_TRUE(refused("", "magic"));
  std::string magic = bytes;
  magic[0] = 'X';
  EXPECT_TRUE(refused(magic, "magic"));
  std::string version = bytes;
  version[8] = 7;
  EXPECT_TRUE(refused(version, "version 7"));
  std::string rules = bytes;
  rules[12] = 9;
  EXPECT_TRUE(refused(rules, "rules version 9"));
}

// A table written before version 2 still opens (read whole) and answers as it did.
TEST(RetroFile, AVersionOneFileIsStillRead) {
  const std::string path = std::string(KAMISADO_FIXTURES) + "/version1.retro";
  RetroFileInfo info;
  RetroTable table = load_retro_table(path, &info);
  EXPECT_EQ(info.version, 1u);
  EXPECT_TRUE(verify_retro_table(table, 1).holds());
  std::unique_ptr<RetroLookup> opened = open_retro(path);
  EXPECT_EQ(opened->size(), table.size());
  EXPECT_EQ(opened->probe(table.root()), table.probe(table.root()));
}

// Issue 18, 7: Ctrl-C during the sort or the compression is heard, and nothing is written.
TEST(RetroBuild, AStopDuringTheSortOrTheCompressionIsHeardAndNothingIsWritten) {
  std::atomic<bool> stop{false};
  // As Ctrl-C would, in each phase the build reports on this small table (the graph reports its
  // enumeration and solving every 2^16 positions only).
  for (RetroSolver solver : kSolvers)
    for (const std::string phase : {"enumerating", "solving", "sorting"}) {
      if (solver == RetroSolver::Graph && phase != "sorting") continue;
      SCOPED_TRACE(std::string(name(solver)) + " " + phase);
      stop = false;
      RetroBuildLimits limits;
      limits.stop = &stop;
      limits.solver = solver;
      limits.progress = [&](const RetroBuildProgress& p) { stop = stop || p.phase == phase; };
      EXPECT_THROW(build_retro_table(parse_kfen(kSmallRoot), limits), Stopped);
    }
  const std::string path = std::string(KAMISADO_TEST_TMP) + "/stopped.retro";
  std::filesystem::remove(path);
  RetroTable table = build(parse_kfen(kSmallRoot));
  EXPECT_THROW(save_retro_table(table, path, &stop), Stopped);
  EXPECT_FALSE(std::filesystem::exists(path));
  stop = false;
  save_retro_table(table, path, &stop);
  EXPECT_EQ(load_retro_table(path).size(), table.size());
}

// Issue 18, 4 (version 1, one body): a compressed body whose frame claims 4 GB (2^28 entries; here 128 KB of zeros in
// one RLE block, the frame's other blocks missing), behind a header and checksum that agree. It used to
// be zero-filled to 4 GB before any check; it is refused at its first entry.
TEST(RetroFile, AFrameThatClaimsMoreThanItHoldsIsRefusedBeforeItCostsMemory) {
  std::string bytes = io::read_file(std::string(KAMISADO_FIXTURES) + "/version1.retro", "table");
  auto le = [](std::uint64_t v, int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += char((v >> (8 * i)) & 0xFF);
    return s;
  };
  const std::size_t kfen_length = std::uint8_t(bytes[20]) | std::size_t(std::uint8_t(bytes[21])) << 8;
  const std::size_t at_n = 24 + kfen_length;
  // A zstd frame: magic, an 8-byte content size with a 128 KB window, then one block (RLE, not
  // the last), where the frame is cut.
  std::string frame = le(0xFD2FB528, 4) + char(0xC0) + char(7 << 3) + le(std::uint64_t(1) << 32, 8) + le(0 | (1 << 1) | (131072u << 3), 3) + char(0);
  std::string forged = bytes.substr(0, at_n) + le(std::uint64_t(1) << 28, 8) + bytes.substr(at_n + 8, 16) + le(frame.size(), 8) + frame;
  forged += le(XXH64(forged.data(), forged.size(), 0), 8);
  try {
    read_retro_table(forged);
    ADD_FAILURE() << "accepted";
  } catch (const RetroFormatError& e) {
    EXPECT_NE(std::string(e.what()).find("entry 0 has no result"), std::string::npos) << e.what();
  }
}

TEST(RetroVerify, AcceptsTheTableAndNamesAWrongValue) {
  RetroTable table = build(parse_kfen(kSmallRoot));
  RetroVerifyResult ok = verify_retro_table(table, 2);
  EXPECT_TRUE(ok.holds()) << ok.first_failure;
  EXPECT_EQ(ok.checked, table.size());

  // One distance off by two (the same value and parity): the entry itself is caught.
  std::vector<RetroEntry> entries = table.entries();
  std::size_t victim = entries.size() / 3;
  RetroValue v = entries[victim].value();
  entries[victim].bits.hi = (entries[victim].bits.hi & kKeyHiMask) | std::uint64_t(pack_value({v.win, v.distance + 2})) << 48;
  RetroTable wrong(table.root_kfen(), table.root(), entries);
  RetroVerifyResult bad = verify_retro_table(wrong, 1);
  EXPECT_FALSE(bad.holds());
  EXPECT_NE(bad.first_failure.find("stored"), std::string::npos) << bad.first_failure;

  // A missing position: every parent of it is caught.
  entries = table.entries();
  entries.erase(entries.begin() + std::ptrdiff_t(victim));
  RetroVerifyResult missing = verify_retro_table(RetroTable(table.root_kfen(), table.root(), entries), 1);
  EXPECT_FALSE(missing.holds());
  EXPECT_NE(missing.first_failure.find("missing"), std::string::npos) << missing.first_failure;
}

// The check of a table file in layers (issue 70) agrees with the check of the table in memory:
// the same verdict and the same first failure (the least key is the least index), its work
// folder gone after it.
TEST(RetroVerify, AFileCheckedInLayersAgreesWithTheTableCheckedWhole) {
  const std::string path = std::string(KAMISADO_TEST_TMP) + "/layers-verify.retro", work = path + ".verify";
  auto both = [&](const RetroTable& table) {
    save_retro_table(table, path, nullptr);
    const std::unique_ptr<RetroLookup> file = open_retro(path);
    EXPECT_EQ(dynamic_cast<const RetroTable*>(file.get()), nullptr) << "a version 2 file is probed, not loaded";
    std::vector<std::string> phases;
    RetroVerifyResult layered = verify_retro_in_layers(*file, 2, work, [&](const char* phase, std::uint64_t) {
      if (phases.empty() || phases.back() != phase) phases.emplace_back(phase);
    });
    EXPECT_FALSE(std::filesystem::exists(work));
    EXPECT_EQ(phases, (std::vector<std::string>{"splitting", "checking"}));
    RetroVerifyResult whole = verify_retro_table(table, 1);
    EXPECT_EQ(layered.checked, table.size());
    EXPECT_EQ(layered.failures, whole.failures);
    EXPECT_EQ(layered.holds(), whole.holds());
    if (!whole.holds()) {
      EXPECT_EQ(whole.first_failure.substr(whole.first_failure.find(": ") + 2), layered.first_failure);
    }
    return layered;
  };
  for (const char* kfen : {kSmallRoot, kPushRoot}) {  // the second with Sumos' pushes: a wide window
    SCOPED_TRACE(kfen);
    const RetroTable table = build(parse_kfen(kfen));
    EXPECT_TRUE(both(table).holds());

    // S4, M7: a win stored as a loss in the table's top layer and a distance two off at its
    // bottom: each entry is caught, and the parents that disagree with it.
    std::vector<RetroEntry> entries = table.entries();
    auto potential = [&](const RetroEntry& e) { return advancement_potential(table.frame().decode(e.key())); };
    auto [low, high] =
        std::minmax_element(entries.begin(), entries.end(), [&](const RetroEntry& a, const RetroEntry& b) { return potential(a) < potential(b); });
    for (RetroEntry* e : {&*low, &*high}) {
      const RetroValue v = e->value();
      e->bits.hi = (e->bits.hi & kKeyHiMask) |
                   std::uint64_t(pack_value(e == &*high ? RetroValue{!v.win, v.distance} : RetroValue{v.win, v.distance + 2})) << 48;
    }
    RetroVerifyResult bad = both(RetroTable(table.root_kfen(), table.root(), entries));
    EXPECT_GE(bad.failures, 2u);
    EXPECT_NE(bad.first_failure.find("stored"), std::string::npos) << bad.first_failure;

    // A missing position: its parents are caught.
    entries = table.entries();
    entries.erase(entries.begin() + std::ptrdiff_t(entries.size() / 2));
    EXPECT_NE(both(RetroTable(table.root_kfen(), table.root(), entries)).first_failure.find("missing"), std::string::npos);
  }
  // Ctrl-C in either phase: Stopped, and the work folder (as large as the table) is gone.
  save_retro_table(build(parse_kfen(kSmallRoot)), path, nullptr);
  const std::unique_ptr<RetroLookup> file = open_retro(path);
  for (const std::string phase : {"splitting", "checking"}) {
    std::atomic<bool> stop{false};
    const auto raise = [&](const char* now, std::uint64_t) { stop = stop || phase == now; };
    EXPECT_THROW(verify_retro_in_layers(*file, 1, work, raise, &stop), Stopped) << phase;
    EXPECT_FALSE(std::filesystem::exists(work));
  }
}

TEST(RetroCrossCheck, EveryEntryAgreesWithTheProofSearch) {
  for (const char* kfen : {kSmallRoot, kPushRoot}) {
    RetroTable table = build(parse_kfen(kfen));
    RetroCrossCheckOptions options;
    options.sample = table.size();  // all of them
    options.hash_mb = 16;
    RetroCrossCheck r = cross_check(table, options);
    EXPECT_TRUE(r.holds()) << r.first_disagreement;
    EXPECT_EQ(r.checked, table.size());
  }
}

TEST(RetroCrossCheck, AWrongDistanceIsFoundAndNamed) {
  RetroTable table = build(parse_kfen(kSmallRoot));
  std::vector<RetroEntry> entries = table.entries();
  std::size_t longest = 0;
  for (std::size_t i = 0; i < entries.size(); ++i)
    if (entries[i].value().distance > entries[longest].value().distance) longest = i;
  RetroValue v = entries[longest].value();
  entries[longest].bits.hi = (entries[longest].bits.hi & kKeyHiMask) | std::uint64_t(pack_value({v.win, v.distance - 2})) << 48;
  RetroCrossCheckOptions options;
  options.sample = 50;
  options.long_distance = v.distance - 2;  // the tampered entry is among the long ones, so it is compared
  RetroCrossCheck r = cross_check(RetroTable(table.root_kfen(), table.root(), entries), options);
  EXPECT_EQ(r.disagreements, 1u);
  EXPECT_NE(r.first_disagreement.find("the table says " + std::string(v.win ? "win" : "loss") + " in " + std::to_string(v.distance - 2) +
                                      ", the search " + (v.win ? "win" : "loss") + " in " + std::to_string(v.distance)),
            std::string::npos)
      << r.first_disagreement;
}

// reports/retrograde.md's section on the billion-position table is the one its run's record gives
// (reports/retrograde-billion.json, from scripts/retro-billion.sh's commands): written by the
// report's code, not by hand, and of a run whose every check passed within the targets.
TEST(RetroBench, TheBillionPositionSectionIsWhatItsRunRecorded) {
  const std::string reports = std::string(KAMISADO_DATA) + "/../../reports/";
  const nlohmann::json run = nlohmann::json::parse(io::read_file(reports + "retrograde-billion.json", "run"));
  const std::string report = present::retro_bench_report(RetroBench{}, "retrograde.md", &run);
  const std::size_t at = report.find("## A table of a billion positions");
  ASSERT_NE(at, std::string::npos);
  const std::string section = report.substr(at);
  EXPECT_NE(io::read_file(reports + "retrograde.md", "report").find(section), std::string::npos) << "regenerate reports/retrograde.md";
  for (const char* failed : {"NOT met", "FAILS", "DISAGREE", "warm"}) EXPECT_EQ(section.find(failed), std::string::npos) << failed;
  const auto& steps = run.at("steps");
  EXPECT_GE(steps.at("build").at("answer").at("positions").get<double>(), 1e9);
  EXPECT_EQ(steps.at("verify").at("answer").at("checked"), steps.at("build").at("answer").at("positions"));
  for (const char* probe : {"probe_cli", "probe_python", "probe_api"}) EXPECT_LE(steps.at(probe).at("seconds").get<double>(), 0.05) << probe;
  // The table the run verified is the one this binary publishes (the book trusts it).
  const PublishedFile* published = published_file(std::stoull(steps.at("stats").at("answer").at("digest").get<std::string>(), nullptr, 16));
  ASSERT_NE(published, nullptr);
  EXPECT_STREQ(published->made_by, "scripts/retro-billion.sh");
}
