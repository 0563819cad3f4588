// "Win in N" analysis: N, the key(s) and the slower wins agree with a plain recursion over the
// winner's moves (passes and the extra turn after a push count, S4, M6), and the main line is a
// line of the proved win: each winner's move in time, each defence the longest.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include <sqlite3.h>
#include <nlohmann/json.hpp>

#include "puzzles/certificate.h"
#include "puzzles/generator.h"
#include "puzzles/key_analysis.h"
#include "puzzles/publish.h"
#include "puzzles/puzzle_features.h"
#include "puzzles/store.h"
#include "puzzles/studies.h"
#include "puzzles/trainer.h"
#include "solver/proof/proof_check.h"
#include "solver/proof/proof_file.h"
#include "solver/retro/retro_build.h"
#include "solver/retro/retro_table.h"
#include "solver/search/solve.h"
#include "solver/search/transposition_table.h"
#include "src/kamisado/rules.h"
#include "src/play/alphabeta_player.h"
#include "tests/helpers.h"

using namespace kamisado;
using namespace kamisado::puzzles;

namespace {

// The winner's fewest moves to force the win, by plain recursion with a memo; nullopt if he
// does not win.
std::optional<int> plain_moves(const Position& p, Side winner, std::map<std::uint64_t, std::optional<int>>& memo) {
  if (auto w = round_winner(p)) return *w == winner ? std::optional<int>(0) : std::nullopt;
  if (auto it = memo.find(p.key()); it != memo.end()) return it->second;
  MoveList moves;
  generate_moves(p, moves);
  const bool winner_moves = p.side_to_move() == winner;
  std::optional<int> best;
  for (Move m : moves) {
    auto r = plain_moves(p.after(m), winner, memo);
    if (winner_moves) {
      if (r && (!best || *r + 1 < *best)) best = *r + 1;
    } else {
      if (!r) {
        best.reset();
        break;
      }
      if (!best || *r > *best) best = *r;
    }
  }
  memo[p.key()] = best;
  return best;
}

// A position a few random plies into the round of `root`, stopping before the round ends (the
// helpers' random_position would go on into a match's next round).
Position into_round(const char* root, std::uint32_t seed, int plies) {
  Position p = parse_kfen(root);
  std::mt19937 rng(seed);
  for (int i = 0; i < plies; ++i) {
    MoveList moves;
    generate_moves(p, moves);
    Position next = p.after(moves[rng() % moves.size()]);
    if (round_winner(next)) break;
    p = next;
  }
  return p;
}

const char* kRoots[] = {"o2ky1gn/N3K2O/8/8/8/5r2/1bp5/1GRY1PB1 b Y", "2ry+n3/1N1K4/1P2R2O/8/1g+6/8/o4p+kb/G4YB1 b R 15:0-3"};

// Positions a few random plies into each of kRoots' rounds (seeds 1 to `seeds`), not over.
std::vector<Position> round_positions(std::uint32_t seeds) {
  std::vector<Position> out;
  for (const char* root : kRoots)
    for (std::uint32_t seed = 1; seed <= seeds; ++seed)
      if (Position pos = into_round(root, seed, int(seed % 5)); !round_winner(pos)) out.push_back(pos);
  return out;
}

}  // namespace

TEST(PuzzleKey, M6S4WinInNKeysAndSlowerWinsMatchAPlainRecursion) {
  solver::SolveLimits limits;
  limits.hash_mb = 16;
  solver::TranspositionTable table(16);
  int puzzles = 0, non_unique = 0, with_slower = 0;
  for (const Position& pos : round_positions(60)) {
    std::map<std::uint64_t, std::optional<int>> memo;
    Side mover = pos.side_to_move();
    std::optional<int> n = plain_moves(pos, mover, memo);
    std::optional<KeyAnalysis> a = analyse_key(pos, table, limits);
    ASSERT_EQ(a.has_value(), n.has_value()) << to_kfen(pos);
    if (!a) continue;
    ++puzzles;
    EXPECT_EQ(a->n, *n) << to_kfen(pos);
    std::set<std::string> keys, slower;
    MoveList moves;
    generate_moves(pos, moves);
    for (Move m : moves) {
      auto r = plain_moves(pos.after(m), mover, memo);
      if (r && *r + 1 == *n) keys.insert(to_string(m));
      if (r && *r + 1 > *n) slower.insert(to_string(m) + " " + std::to_string(*r + 1));
    }
    std::set<std::string> got_keys, got_slower;
    for (Move m : a->keys) got_keys.insert(to_string(m));
    for (const auto& s : a->slower) got_slower.insert(to_string(s.move) + " " + std::to_string(s.n));
    EXPECT_EQ(got_keys, keys) << to_kfen(pos);
    EXPECT_EQ(got_slower, slower) << to_kfen(pos);
    non_unique += !a->unique_key();
    with_slower += !a->slower.empty();

    // The main line: the winner's moves number n, each keeps the win in time, each defence
    // is a longest one, and the line ends with the winner's round.
    Position p = pos;
    int left = *n, winner_moves = 0;
    for (const LineStep& s : a->main_line) {
      Position next = p.after(s.move);
      auto r = plain_moves(next, mover, memo);
      ASSERT_TRUE(r.has_value());
      if (s.by_winner) {
        ++winner_moves;
        EXPECT_LE(*r, left - 1);
        --left;
        EXPECT_GE(s.moves_that_win, 1);
      } else {
        EXPECT_EQ(*r, *plain_moves(p, mover, memo)) << "not the longest defence at " << to_kfen(p);
      }
      p = next;
    }
    EXPECT_EQ(round_winner(p), std::optional<Side>(mover));
    EXPECT_EQ(winner_moves, *n);
  }
  EXPECT_GT(puzzles, 40);
  EXPECT_GT(non_unique, 0);  // the test sees both kinds of key
  EXPECT_GT(puzzles - non_unique, 0);
  EXPECT_GT(with_slower, 0);
}

// The trainer's tree (trainer.h): every verdict agrees with the plain recursion, every defence
// is a longest one (M6 passes and S4 extra turns included, through kRoots' Sumo round), and
// the page's line (the best move, then the reply, in turn) is the main line of the analysis.
TEST(PuzzleTrainer, M6S4EveryVerdictIsTheRecursionsAndTheDefenceIsTheMainLines) {
  solver::SolveLimits limits;
  limits.hash_mb = 16;
  solver::TranspositionTable table(16);
  int trees = 0, refused = 0, followed = 0;
  for (const Position& pos : round_positions(30)) {
    std::optional<KeyAnalysis> a = analyse_key(pos, table, limits);
    if (!a) continue;
    const Side winner = pos.side_to_move();
    std::map<std::uint64_t, std::optional<int>> memo;
    for (std::size_t max_nodes : {std::size_t(4000), std::size_t(1)}) {
      TrainerTree tree = trainer_tree(pos, a->n, table, limits, max_nodes);
      ++trees;
      EXPECT_EQ(tree.complete, max_nodes > 1);
      ASSERT_EQ(tree.nodes[0].pos, pos);
      EXPECT_EQ(tree.nodes[0].left, a->n);
      for (const TrainerNode& n : tree.nodes) {
        if (round_winner(n.pos)) {
          EXPECT_EQ(round_winner(n.pos), std::optional<Side>(winner));
          EXPECT_TRUE(n.moves.empty());
          continue;
        }
        const auto need = plain_moves(n.pos, winner, memo);
        ASSERT_TRUE(need && *need <= n.left) << to_kfen(n.pos);
        if (n.pos.side_to_move() != winner) {
          ASSERT_EQ(n.moves.size(), 1u);
          const TrainerNode& next = tree.nodes.at(n.moves[0].next);
          EXPECT_EQ(next.pos, n.pos.after(n.moves[0].move));
          EXPECT_EQ(next.left, n.left);
          EXPECT_EQ(plain_moves(next.pos, winner, memo), need) << "not the longest defence at " << to_kfen(n.pos);
          continue;
        }
        MoveList legal;
        generate_moves(n.pos, legal);
        ASSERT_EQ(n.moves.size(), legal.size());
        for (std::size_t i = 0; i < legal.size(); ++i) {
          const TrainerMove& m = n.moves[i];
          EXPECT_EQ(m.move, legal[i]);
          auto rest = plain_moves(n.pos.after(m.move), winner, memo);
          EXPECT_EQ(m.wins, rest && *rest + 1 <= n.left) << to_string(m.move) << " at " << to_kfen(n.pos);
          refused += !m.wins;
          const bool follow = m.wins && (tree.complete || int(i) == n.best);
          ASSERT_EQ(m.next >= 0, follow);
          if (!follow) continue;
          ++followed;
          EXPECT_EQ(tree.nodes.at(m.next).pos, n.pos.after(m.move));
          EXPECT_EQ(tree.nodes.at(m.next).left, n.left - 1);
        }
        ASSERT_GE(n.best, 0);
        EXPECT_TRUE(n.moves[n.best].wins);
      }
      // The page's line: the best move at the winner's turns, the reply at the loser's.
      std::vector<Move> line;
      for (int at = 0; !tree.nodes[at].moves.empty();) {
        const TrainerNode& n = tree.nodes[at];
        const TrainerMove& m = n.moves[n.pos.side_to_move() == winner ? n.best : 0];
        line.push_back(m.move);
        at = m.next;
      }
      std::vector<Move> main_line;
      for (const LineStep& s : a->main_line) main_line.push_back(s.move);
      EXPECT_EQ(line, main_line) << to_kfen(pos);
    }
  }
  EXPECT_GT(trees, 20);
  EXPECT_GT(refused, 50);
  EXPECT_GT(followed, 40);
}

// M8: Gold's f7c4 wins in 1, though the round ends on Black's reply, a deadlock of his: the
// trainer accepts the key with no move of Gold's left after it, and refuses the rest.
TEST(PuzzleTrainer, M8AWinCompletedByTheLosersDeadlockIsAccepted) {
  solver::TranspositionTable table(16);
  Position pos = parse_kfen("1b1k2g1/5y2/2R5/8/3n4/opKPB3/N1Y2r2/1G5O g y");
  TrainerTree tree = trainer_tree(pos, 1, table, {});
  ASSERT_TRUE(tree.complete);
  std::vector<std::string> wins;
  for (const TrainerMove& m : tree.nodes[0].moves)
    if (m.wins) wins.push_back(to_string(m.move));
  EXPECT_EQ(wins, std::vector<std::string>{"f7c4"});
  EXPECT_EQ(tree.nodes[0].moves.size(), 9u);
  const TrainerNode& reply = tree.nodes.at(tree.nodes[0].moves[std::size_t(tree.nodes[0].best)].next);
  ASSERT_EQ(reply.moves.size(), 1u);
  EXPECT_EQ(to_string(reply.moves[0].move), "b1b2");
  const TrainerNode& end = tree.nodes.at(reply.moves[0].next);
  EXPECT_EQ(end.pos.outcome().ending, Ending::Deadlock);
  EXPECT_EQ(round_winner(end.pos), std::optional<Side>(Side::Gold));
}

TEST(PuzzleKey, ALosingOrFinishedPositionIsNoPuzzle) {
  solver::SolveLimits limits;
  solver::TranspositionTable table(16);
  // Gold to move loses this round (retro table: loss in 8 plies).
  EXPECT_FALSE(analyse_key(parse_kfen("o1p3g1/B1R1K1N1/8/1y5Y/2P5/1b6/3k1r1n/1G5O g g"), table, limits));
  EXPECT_THROW(analyse_key(parse_kfen("Nbpkyrgn/8/8/8/8/o7/8/1GRYKPBO g o"), table, limits), std::invalid_argument);
}

TEST(PuzzleGenerator, EveryPuzzleIsReachedInPlaySoundAndUniqueUnderB3) {
  GenerateOptions options;
  options.count = 6;
  options.n = 2;
  options.seed = 5;
  std::vector<Puzzle> got;
  GenerateProgress done = generate(options, [&](const Puzzle& p) {
    got.push_back(p);
    return true;
  });
  ASSERT_EQ(done.accepted, 6);
  std::set<std::string> classes;
  solver::SolveLimits limits;
  solver::TranspositionTable table(16);
  for (const Puzzle& p : got) {
    // Reached in play: the stored prefix replays from the start to the puzzle.
    Position replay = test::play_moves(Position::initial(), p.prefix);
    EXPECT_EQ(to_kfen(replay), p.kfen);
    EXPECT_TRUE(classes.insert(p.canonical).second);
    Position pos = parse_kfen(p.kfen);
    EXPECT_EQ(canonical_kfen(pos.mirrored()), p.canonical);  // B3: an image is the same puzzle
    EXPECT_EQ(canonical_kfen(pos.rotated()), p.canonical);
    EXPECT_EQ(p.analysis.n, 2);
    EXPECT_TRUE(p.analysis.unique_key());
    EXPECT_EQ(winner_moves_to_win(pos, pos.side_to_move(), table, limits), std::optional<int>(2));
    // Themes read off the main line (features.h).
    bool pass = false, push = false;
    for (const LineStep& s : p.analysis.main_line) {
      pass = pass || s.move.kind() == MoveKind::Pass;
      push = push || s.move.kind() == MoveKind::Push;
    }
    auto has = [&](const char* t) { return std::find(p.themes.begin(), p.themes.end(), t) != p.themes.end(); };
    EXPECT_EQ(has("forced-pass"), pass);
    EXPECT_EQ(has("sumo-push"), push);
    EXPECT_EQ(has("duals"), p.analysis.dual_turns() > 0);
    EXPECT_GE(p.difficulty, 2.0);
    EXPECT_GE(p.legal_moves, 2);           // a forced key is no puzzle
    EXPECT_LT(p.tempting, p.legal_moves);  // the key itself is no trap
  }
}

TEST(PuzzleGenerator, FromARetrogradeTableEachPuzzleIsReachedFromItsRootAndScreenedByIt) {
  // A single round, and a Marathon round with Sumos (tests/data/retro_roots.json, 0.3 M positions).
  for (const char* root : {kRoots[0], "2ry+ng+2/1N1K4/1P2R2O/8/8/8/o4p+kb/G4YB1 g g 15:0-3"}) {
    solver::RetroBuildLimits build_limits;
    solver::RetroTable table = solver::build_retro_table(parse_kfen(root), build_limits);
    GenerateOptions options;
    options.count = 4;
    options.n = 2;
    options.seed = 3;
    options.table = &table;
    std::vector<Puzzle> got;
    GenerateProgress done = generate(options, [&](const Puzzle& p) {
      got.push_back(p);
      return true;
    });
    ASSERT_EQ(done.accepted, 4) << root;
    EXPECT_GT(done.screened, 0u);  // the table ruled positions out before any search
    solver::SolveLimits limits;
    solver::TranspositionTable tt(16);
    for (const Puzzle& p : got) {
      EXPECT_EQ(to_kfen(test::play_moves(parse_kfen(root), p.prefix)), p.kfen);
      EXPECT_NE(p.source.find(table.root_kfen()), std::string::npos);
      Position pos = parse_kfen(p.kfen);
      auto v = table.probe(pos);
      ASSERT_TRUE(v);
      EXPECT_TRUE(v->win);
      EXPECT_LE(v->distance, 4);  // a win in 2 of the winner's moves lasts at most 4 plies
      EXPECT_EQ(winner_moves_to_win(pos, pos.side_to_move(), tt, limits), std::optional<int>(2));
      EXPECT_EQ(p.kind, pos.match().is_match() ? "match" : "single");
    }
  }
}

TEST(PuzzleGenerator, StopsWhenAThemeCannotOccur) {
  GenerateOptions options;
  options.count = 1;
  options.n = 1;
  options.themes = {"sumo-push"};  // single rounds have no Sumos (S1)
  options.max_games_without_puzzle = 20;
  GenerateProgress done = generate(options, [](const Puzzle&) { return true; });
  EXPECT_EQ(done.accepted, 0);
  EXPECT_TRUE(done.exhausted);
  EXPECT_EQ(done.games, 21u);
}

TEST(PuzzleGenerator, AStopInTheMiddleOfAGameKeepsWhatWasAccepted) {
  GenerateOptions options;
  options.count = 5;
  options.n = 2;
  std::atomic<bool> stop{false};
  int accepted = 0;
  std::uint64_t tried_at_stop = 0;
  GenerateProgress done;
  EXPECT_THROW(generate(
                   options,
                   [&](const Puzzle&) {
                     stop = true;  // as Ctrl-C would, while the game still has positions to try
                     return ++accepted, true;
                   },
                   [&](const GenerateProgress& g) {
                     if (g.accepted == 1 && tried_at_stop == 0) tried_at_stop = g.tried;
                     done = g;
                   },
                   &stop),
               Stopped);
  EXPECT_EQ(done.accepted, 1);
  EXPECT_EQ(done.tried, tried_at_stop);  // no position was tried after the stop
  EXPECT_EQ(accepted, 1);
  EXPECT_FALSE(done.exhausted);
}

// The difficulty's trap term (features.h): two win-in-2 puzzles of the published collection with
// 8 legal first moves each, one with no trap and one with five. A trap is no key and does not
// win in 2, yet at sight it looks at least as good as the key.
TEST(PuzzleDifficulty, TrapsAreFirstMovesThatLookAsGoodAsTheKeyAndDoNotWinInTime) {
  struct Case {
    const char* kfen;
    const char* key;
    std::size_t traps;
  };
  const Case cases[] = {{"6g1/4k3/1bpr3B/o5Ky/N2nO1Y1/2R5/8/1G3P2 g r", "d6g3", 0}, {"1bp1y1g1/6r1/2RB1P2/6k1/8/o7/N6n/1G1YK2O g p", "c8b7", 5}};
  solver::TranspositionTable table(16);
  for (const Case& c : cases) {
    Position pos = parse_kfen(c.kfen);
    Move key = parse_move(pos, c.key);
    ASSERT_EQ(count_moves(pos), 8);
    ASSERT_TRUE(wins_within(pos, pos.side_to_move(), 2, table, {}));
    std::vector<Move> traps = tempting_moves(pos, key);
    EXPECT_EQ(traps.size(), c.traps) << c.kfen;
    for (Move m : traps) {
      EXPECT_NE(m, key);
      EXPECT_GE(play::shallow_score(pos, m, kTrapDepth), play::shallow_score(pos, key, kTrapDepth));
      EXPECT_FALSE(wins_within(pos.after(m), pos.side_to_move(), 1, table, {})) << to_string(m) << " also wins in 2";
    }
  }
  // Same N, same choice, same proof: the traps alone set them apart, by 2 * 5 / 8; a slower win
  // counts half a trap; a proof ten times larger adds a half.
  EXPECT_DOUBLE_EQ(difficulty(2, 8, 5, 0, 1000) - difficulty(2, 8, 0, 0, 1000), 1.25);
  EXPECT_DOUBLE_EQ(difficulty(2, 8, 0, 2, 1000) - difficulty(2, 8, 0, 0, 1000), 0.25);
  EXPECT_NEAR(difficulty(2, 8, 0, 0, 9999) - difficulty(2, 8, 0, 0, 999), 0.5, 1e-12);
  EXPECT_DOUBLE_EQ(difficulty(3, 8, 0, 0, 0), 3 + 3);
}

// Issue 18, 5: a time limit is for the whole analysis. Its searches share one deadline, and a
// search given a deadline that has passed stops at once, whatever its own seconds say.
TEST(PuzzleKey, ATimeLimitIsOneDeadlineForEverySearch) {
  solver::SolveLimits limits;
  limits.seconds = 30;
  const auto before = std::chrono::steady_clock::now();
  solver::SolveLimits shared = shared_deadline(limits);
  EXPECT_EQ(shared.seconds, 0);
  ASSERT_TRUE(shared.deadline);
  EXPECT_GE(*shared.deadline - before, std::chrono::seconds(30));
  EXPECT_LE(*shared.deadline - std::chrono::steady_clock::now(), std::chrono::seconds(30));
  solver::SolveLimits late;
  late.deadline = std::chrono::steady_clock::now();  // passed by the time the search looks
  solver::SolveResult r = solver::solve(Position::initial(), late);
  EXPECT_EQ(r.value, solver::Value::Unknown);
  EXPECT_THROW(analyse_key(Position::initial(), *std::make_unique<solver::TranspositionTable>(16), late), Stopped);
}

// Issue 18, 6: publishing stopped in the Sumo phase and run again ends with the collection an
// uninterrupted run makes. (Some seconds of generating in a release build; the sanitizer build
// leaves it to the release run.)
TEST(PuzzlePublish, AResumedRunEndsAsAnUninterruptedOne) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "checked in the release build";
#endif
  namespace fs = std::filesystem;
  const fs::path base = fs::path(KAMISADO_TEST_TMP) / "publish-resume";
  fs::remove_all(base);
  fs::create_directories(base);
  const fs::path roots = base / "roots.json";
  std::ofstream(roots) << nlohmann::json::array({{{"name", "small"}, {"kfen", kRoots[0]}}}).dump();
  PublishOptions o;
  o.per_n = 0, o.max_n = 1, o.sumo = 6, o.seed = 2;
  o.studies_from_opening = 0, o.studies_per_table = 2, o.study_roots = roots.string();
  o.out = (base / "whole").string();
  publish(o);
  std::atomic<bool> stop{false};
  o.out = (base / "resumed").string();
  o.stop = &stop;
  auto stop_at_win_in_3 = [&](const std::string& line) {
    if (line.find("Sumo themes, win in 3: 2 to add") != std::string::npos) stop = true;
  };
  EXPECT_THROW(publish(o, stop_at_win_in_3), Stopped);
  stop = false;
  publish(o);
  auto read = [](const fs::path& p) {
    std::ifstream in(p);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  };
  const std::string whole = read(base / "whole" / "puzzles.json"), resumed = read(base / "resumed" / "puzzles.json");
  EXPECT_EQ(nlohmann::json::parse(whole)["puzzles"].size(), 8u);  // 6 Sumo puzzles, 2 studies
  EXPECT_EQ(resumed, whole);
}

// Studies (studies.h) from a retrograde table: the longest wins of the table with a unique key,
// longest first, each the table's win for the side to move, sound (its N proved again here) and
// the same on every run.
TEST(PuzzleStudies, TheLongestUniqueKeyWinsOfATableLongestFirst) {
  StudyOptions o;
  o.from_opening = 0, o.per_table = 3;
  o.roots = {{"small", kRoots[0], ""}};
  o.hash_mb = 16;
  std::vector<Puzzle> studies = find_studies(o);
  ASSERT_EQ(studies.size(), 3u);
  solver::RetroTable table = solver::build_retro_table(parse_kfen(kRoots[0]), {});
  int longest_win = 0;
  for (const solver::RetroEntry& e : table.entries())
    if (e.value().win) longest_win = std::max(longest_win, e.value().distance);
  solver::TranspositionTable tt(16);
  for (std::size_t i = 0; i < studies.size(); ++i) {
    const Puzzle& s = studies[i];
    Position pos = parse_kfen(s.kfen);
    EXPECT_EQ(s.kind, "study");
    EXPECT_TRUE(s.analysis.unique_key());
    EXPECT_TRUE(s.prefix.empty());
    EXPECT_GE(count_moves(pos), 2);
    EXPECT_GT(s.proof_size, 0u);
    auto v = table.probe(pos);
    ASSERT_TRUE(v && v->win) << s.kfen;
    EXPECT_GE(v->distance, longest_win - 8 * 2) << "not among the table's longest wins";
    EXPECT_EQ(winner_moves_to_win(pos, pos.side_to_move(), tt, {}), std::optional<int>(s.analysis.n));
    if (i > 0) {
      EXPECT_LE(table.probe(pos)->distance, table.probe(parse_kfen(studies[i - 1].kfen))->distance);
    }
  }
  std::vector<Puzzle> again = find_studies(o);
  ASSERT_EQ(again.size(), studies.size());
  for (std::size_t i = 0; i < again.size(); ++i) EXPECT_EQ(again[i].kfen, studies[i].kfen);
}

TEST(PuzzleGenerator, AnUnknownPlayerIsRefused) {
  GenerateOptions options;
  options.player = "nobody";
  EXPECT_THROW(generate(options, [](const Puzzle&) { return true; }), std::invalid_argument);
}

TEST(PuzzleCertificate, ProvesTheKeyWinsInNOfTheWinnersMovesAndNoLessIsAccepted) {
  // Single rounds, and a Marathon round with pushes (S4: the extra turn is a move of the winner).
  std::vector<Puzzle> got;
  for (int n = 1; n <= 3; ++n) {
    GenerateOptions options;
    options.count = 2;
    options.n = n;
    options.seed = 11;
    generate(options, [&](const Puzzle& p) {
      got.push_back(p);
      return true;
    });
  }
  GenerateOptions options;
  options.count = 3;
  options.n = 3;
  options.match = true;
  options.themes = {"sumo-push", "extra-turn"};
  generate(options, [&](const Puzzle& p) {
    got.push_back(p);
    return true;
  });
  ASSERT_EQ(got.size(), 9u);
  solver::SolveLimits limits;
  solver::TranspositionTable table(16);
  for (const Puzzle& p : got) {
    Position pos = parse_kfen(p.kfen);
    const Move key = p.analysis.keys.at(0);
    auto tree = certify(pos, key, p.analysis.n, table, limits);
    ASSERT_TRUE(tree) << p.kfen;
    EXPECT_EQ(tree->metric, solver::Metric::WinnerMoves);
    EXPECT_EQ(tree->plies, p.analysis.n);
    ASSERT_EQ(tree->nodes[0].children.size(), 1u);
    EXPECT_EQ(tree->nodes[0].children[0].first, to_string(key));
    solver::ProofCheck check = solver::check_proof(*tree);
    EXPECT_TRUE(check.holds) << p.kfen << ": " << check.failure;
    // The file keeps the metric: read back, it checks the same.
    std::stringstream file;
    solver::write_proof(*tree, file);
    EXPECT_NE(file.str().find("\nmoves " + std::to_string(p.analysis.n) + "\n"), std::string::npos);
    solver::ProofTree again = solver::read_proof(file);
    EXPECT_EQ(again.metric, solver::Metric::WinnerMoves);
    EXPECT_TRUE(solver::check_proof(again).holds);
    // N is exact: the key does not win in N - 1, and a tree that claims it is rejected.
    EXPECT_FALSE(certify(pos, key, p.analysis.n - 1, table, limits)) << p.kfen;
    solver::ProofTree claim = *tree;
    claim.plies = claim.nodes[0].distance = solver::Distance(p.analysis.n - 1);
    EXPECT_FALSE(solver::check_proof(claim).holds);
    // Counted in plies the same tree checks only if the loser never moves in it (a win by the
    // key, or by pushes and their extra turns): otherwise his plies would count too.
    const bool loser_moves =
        std::any_of(tree->nodes.begin(), tree->nodes.end(), [](const solver::ProofNode& n) { return !n.win && !n.children.empty(); });
    solver::ProofTree in_plies = *tree;
    in_plies.metric = solver::Metric::Plies;
    EXPECT_EQ(solver::check_proof(in_plies).holds, !loser_moves);
  }
}

TEST(PuzzleStore, KeepsEachClassOnceAcrossRunsAndRefusesOtherFiles) {
  std::filesystem::path dir = std::filesystem::path(KAMISADO_TEST_TMP) / "puzzles";
  std::filesystem::create_directories(dir);
  std::filesystem::path db = dir / "store.db";
  std::filesystem::remove(db);
  GenerateOptions options;
  options.count = 3;
  options.n = 1;
  std::vector<Puzzle> got;
  generate(options, [&](const Puzzle& p) {
    got.push_back(p);
    return true;
  });
  {
    Store store(db.string());
    for (const Puzzle& p : got) EXPECT_TRUE(store.add(p));
    EXPECT_FALSE(store.add(got[0]));  // the same class again
    EXPECT_EQ(store.count(), 3);
  }
  Store again(db.string());  // a new run: what was accepted is there
  EXPECT_EQ(again.count(), 3);
  auto rows = again.all();
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].n, 1);
  EXPECT_EQ(rows[0].winner, side_id(parse_kfen(rows[0].kfen).side_to_move()));
  for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_GT(rows[i].proof_size, 0) << "the generator measures the certificate";

  std::filesystem::path text = dir / "not-a-db.txt";
  { std::ofstream(text) << "this is not a database, just some text that is long enough to look like a header"; }
  EXPECT_THROW(Store{text.string()}, StoreError);
}

// The stored columns read back: the stipulation, and the slower wins as move and N; a damaged
// item is refused naming the puzzle, never read as a guess.
TEST(PuzzleStore, StipulationAndSlowerWinsReadFromTheColumns) {
  StoredPuzzle p;
  p.id = 7, p.winner = "gold", p.n = 3, p.slower = "h1g2:4 c1c4:11";
  EXPECT_EQ(stipulation(p), "Gold to move wins in 3");
  EXPECT_EQ(slower_wins(p), (std::vector<std::pair<std::string, int>>{{"h1g2", 4}, {"c1c4", 11}}));
  for (const char* damaged : {"h1g2", "h1g2:", "h1g2:4x", "h1g2:x"}) {
    p.slower = damaged;
    EXPECT_THROW(slower_wins(p), StoreError) << damaged;
  }
}

// A collection of schema version 1 (no proof_size) is read as 0 when opened read-only, and is
// brought to version 2 when opened to write, keeping every puzzle.
TEST(PuzzleStore, AVersionOneCollectionIsReadAndUpgraded) {
  std::filesystem::path db = std::filesystem::path(KAMISADO_TEST_TMP) / "puzzles" / "store-v1.db";
  std::filesystem::create_directories(db.parent_path());
  std::filesystem::remove(db);
  GenerateOptions options;
  options.count = 2;
  generate(options, [&](const Puzzle& p) { return Store(db.string()).add(p); });
  {  // back to version 1, as a collection written before the column was added
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open(db.string().c_str(), &raw), SQLITE_OK);
    EXPECT_EQ(sqlite3_exec(raw, "ALTER TABLE puzzles DROP COLUMN proof_size; UPDATE meta SET value = '1'", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(raw);
  }
  auto old_rows = Store(db.string(), Store::Mode::ReadExisting).all();
  ASSERT_EQ(old_rows.size(), 2u);
  EXPECT_EQ(old_rows[0].proof_size, 0);
  Store upgraded(db.string());
  auto rows = upgraded.all();
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].kfen, old_rows[0].kfen);
  upgraded.rate(rows[0].id, rows[0].tempting, 42, rows[0].difficulty);
  EXPECT_EQ(Store(db.string(), Store::Mode::ReadExisting).all()[0].proof_size, 42);
}
