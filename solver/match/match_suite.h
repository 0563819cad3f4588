// The match section of the solver suite (tests/data/match_suite.json): match positions whose
// value the match search (df-pn with the match aim, search/aim.h) and the independent minimax
// (match_minimax.h) must agree on, winner and exact distance.
//
//   generate  seeded random rounds of matches with targets 1–3, from random home rows with
//             the rings the scores allow (Sumo rounds among them), cut a few plies before the
//             round ends; a position is kept when the minimax values it within its budget and
//             df-pn proves it. The mix asked for: late matches (this round ends the match
//             whoever wins it), Sumo rounds, and positions where the side that wins the round
//             being played loses the match (its ring is too small, and the next round is lost).
//   check     solves each with both and with the stored values; any difference is a failure.
//
// SUITE FILE (JSON):
//   {"format": "kamisado-match-suite", "version": 1, "seed": S,
//    "positions": [{"kfen": K, "winner": "black"|"gold", "plies": D, "round_winner": "black"|"gold",
//                   "last_round": bool, "sumo": bool, "minimax_positions": N}, ...]}
// winner and plies: the match's winner and the shortest win he forces, in plies (fills count);
// round_winner: who wins the round being played (df-pn, round aim).
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "src/io/progress.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {

struct MatchCase {
  Position pos;
  Side winner, round_winner;
  int plies;
  bool last_round, sumo;
  std::uint64_t minimax_positions = 0;  // what the minimax valued to find the winner and plies (0: not recorded)
  bool round_winner_loses() const { return winner != round_winner; }
};

// Generates `count` positions, at least `losers` of them where the round's winner loses the
// match (rare: the next round must be small enough for the minimax). `minimax_budget`: the most
// positions the minimax may value for one. `max_plies` (0: none): a position df-pn finds longer
// is skipped before the minimax, whose time grows steeply with the length (the round's winner
// loses in 19–29 plies at most such positions, and the minimax did not value those of 23 and
// more within 30 M positions). `min_plies` (0: none) asks for long wins only, from `min_plies`
// to `max_plies`, for the distance benchmark: chosen by the minimax alone, not by df-pn's
// distance search, which is what they measure. Once `stop` is
// set, returns the positions kept so far (the first ones an uninterrupted run keeps: the seed
// fixes the order).
nlohmann::json generate_match_suite(std::uint64_t seed, int count, int losers, std::uint64_t minimax_budget, int max_plies = 0, int min_plies = 0,
                                    const io::Lines& lines = {}, const std::atomic<bool>* stop = nullptr);

// The suite file, every entry checked: a bad one is an InputError naming its number.
std::vector<MatchCase> read_match_suite(const std::string& path);

// One position checked: df-pn (match aim, exact distance) and the minimax, each against the
// stored value and against each other.
struct MatchCheck {
  bool agrees = false;
  std::string failure;  // what differs, when it does not agree
  std::uint64_t dfpn_nodes = 0, minimax_positions = 0;
  double dfpn_seconds = 0, minimax_seconds = 0;
};
// The minimax's budget for a suite position: room for every one the generator kept (those
// where the round's winner loses the match took it up to 10.6 M positions).
constexpr std::uint64_t kSuiteMinimaxBudget = 30'000'000;
MatchCheck check_match_case(const MatchCase& c, std::size_t hash_mb = 64, std::uint64_t minimax_budget = kSuiteMinimaxBudget);

}  // namespace kamisado::solver

namespace kamisado::solver {

// The match section of solve-bench: every position checked (check_match_case), and the speed
// of the match search against the round search in the same run, on the same work, each for
// `probe_seconds` from the set-up (B5): the round search proves the round from an empty table,
// again and again; the match search searches the 2-point match (rounds, fills and rings
// included) from an empty table for as many nodes, again and again. The match search run once
// for the whole probe is slower, its table growing past the caches; that is reported apart
// (long_match_rate). No round search from the set-up runs that long, so there is no round
// figure of equal length to set beside it.
struct MatchSuiteBench {
  std::string suite_path;
  std::vector<MatchCase> cases;
  std::vector<MatchCheck> checks;
  int failures = 0, losers = 0, last_rounds = 0, sumos = 0;
  double dfpn_seconds = 0, minimax_seconds = 0;
  std::uint64_t dfpn_nodes = 0, minimax_positions = 0;
  double round_rate = 0, match_rate = 0;  // nodes/s of the probes
  std::uint64_t probe_nodes = 0;          // nodes of one round search, and of each match probe
  double long_match_rate = 0;             // nodes/s of one match search for the whole probe
  bool speed_met() const { return match_rate >= 0.8 * round_rate; }
};
MatchSuiteBench bench_match_suite(const std::string& path, std::size_t hash_mb, double probe_seconds, const io::Lines& lines = {});

// The cost of exact distances (issue 42): each long win of a match suite made with
// --match-min-plies (chosen by the minimax, not by df-pn) solved by df-pn with the distance and
// a table of `hash_mb`, its winner and plies checked against the file, and its nodes set
// beside the positions the minimax valued for the same answer. A distance search that thrashes
// shows as a high ratio; the minimax, a plain iterative deepening with a table, is the yardstick.
struct DistanceCost {
  std::uint64_t nodes = 0, minimax_positions = 0;
  double seconds = 0;
  bool agrees = false;
  double ratio() const { return minimax_positions ? double(nodes) / double(minimax_positions) : 0; }
};
struct DistanceBench {
  std::string suite_path;
  std::size_t hash_mb = 64;
  std::vector<MatchCase> cases;
  std::vector<DistanceCost> costs;  // per case
  int failures = 0;
  double ratio_at(double share) const;  // the ratio below which `share` (0 to 1) of the cases lie
};
DistanceBench bench_distances(const std::string& path, std::size_t hash_mb, const io::Lines& lines = {});

}  // namespace kamisado::solver
