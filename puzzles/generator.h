// Finding puzzles in play: seeded self-play games, every position they reach near a round's end
// tried as a "win in N" with a unique key (and at least two legal moves: a forced key is no
// puzzle). Only positions reached in play become puzzles, so each
// is legal and reachable; the moves that reach it are kept.
//
// Three sources of games:
//   - single rounds from the standard start;
//   - Marathon matches (15 points), whose later rounds have Sumos (--match);
//   - a retrograde table's root (retro_table.h): random walks start there, and the table's
//     exact value and distance in plies screen each position before any search: a win in n
//     moves lasts at most most_plies_for_winner_moves(n) plies (rules.h), so a position the
//     table puts further away, or a loss, is skipped unsearched.
// Each game opens with a few random plies (so that games differ), then the chosen players play:
// "alphabeta" (play/alphabeta_player.h, the default: games between decent players) or
// "greedy".
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "puzzles/puzzle.h"
#include "src/io/progress.h"

namespace kamisado::solver {
class RetroTable;
class TranspositionTable;
struct SolveLimits;
}  // namespace kamisado::solver

namespace kamisado::puzzles {

struct GenerateOptions {
  int count = 10;
  int n = 2;  // win in exactly n moves of the winner
  std::uint64_t seed = 1;
  bool match = false;               // positions from Marathon match rounds instead of single rounds
  std::vector<std::string> themes;  // if not empty, a puzzle must show one of these
  bool no_duals = false;            // refuse puzzles with duals
  std::size_t hash_mb = 32;
  std::string player = "alphabeta";           // "alphabeta" or "greedy"
  const solver::RetroTable* table = nullptr;  // if set, games start at its root
  // Give up after this many games in a row without a new puzzle (a theme that cannot occur,
  // such as a sumo-push in a win in 1), or 100 000 without a new position.
  std::uint64_t max_games_without_puzzle = 2000;
};

struct GenerateProgress {
  int accepted = 0;
  std::uint64_t games = 0, tried = 0;  // games played, positions analysed
  std::uint64_t screened = 0;          // positions the retrograde table ruled out unsearched
  bool exhausted = false;              // stopped short: too many games in a row brought nothing new
};

// `accept` stores a puzzle and says whether it was new; generation stops after `count` new ones
// (or when the games run dry: `exhausted`) and returns the last progress. When `stop` is raised
// it throws Stopped (kamisado/errors.h) at once, after `progress` has seen the last state; what
// `accept` took stays.
GenerateProgress generate(const GenerateOptions& options, const std::function<bool(const Puzzle&)>& accept,
                          const std::function<void(const GenerateProgress&)>& progress = {}, const std::atomic<bool>* stop = nullptr);

// `puzzles generate`: new puzzles added to the collection `db` (made if missing) as they are
// accepted, so a stop loses none; progress lines on `lines`. A stop (`stop` raised) is no error
// here: the run ends `stopped`, and the collection keeps what was added. With `retro` the games
// start at the root of the retrograde table in that file (read before the collection is opened).
struct GenerateRun {
  GenerateProgress done;
  std::int64_t before = 0, total = 0;  // the collection's puzzles before and after
  double seconds = 0;
  bool stopped = false;
  double per_minute() const { return seconds > 0 ? done.accepted / (seconds / 60) : 0; }
};
GenerateRun generate_into(const std::string& db, const GenerateOptions& options, const io::Lines& lines = {}, const std::atomic<bool>* stop = nullptr,
                          const std::string& retro = "");

// The KFEN of the least image of `pos` under the symmetries of its round (B3).
std::string canonical_kfen(const Position& pos);

// The puzzle of `pos` from its key analysis: its KFEN and canonical form, its kind ("single", or
// "match" in a match round), the size of its certificate (certificate.h), its themes and its
// difficulty (features.h). The generator, the studies and `puzzles solve --add` make theirs so.
Puzzle make_puzzle(const Position& pos, KeyAnalysis analysis, std::string source, std::vector<std::string> prefix, solver::TranspositionTable& table,
                   const solver::SolveLimits& limits);

// Adds a position of one's own to the collection `db` (made if missing), its source "added by
// hand": true if added, false if the collection holds it (or an image) already. InputError if it
// is no puzzle: more than one key, or fewer than two legal moves.
bool add_to_collection(const std::string& db, const Position& pos, const KeyAnalysis& analysis, solver::TranspositionTable& table,
                       const solver::SolveLimits& limits);

}  // namespace kamisado::puzzles
