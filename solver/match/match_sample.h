// Round starts of the Standard match (3 points, P3) at each score it can reach, sampled: who
// wins the round, and whether the match is won by the same side.
//
// Every point of a Standard match but the last is a round won with a plain tower (a Sumo's
// ring is worth 2, P2, and would end it), and each such win makes that tower a Sumo of rank 1.
// So at a score of b–g Black has b Sumos and Gold g, of colours that depend on the history:
// drawn at random here, with both home rows in random order (regrouping, F3, can leave them in
// many orders) and the last round's loser to move first (F1: the side with no points, else
// either). Scores:
// 1–0, 0–1, 2–0, 0–2, 1–1, 2–1, 1–2, 2–2.
//
// Each start is searched twice with node limits, not time limits, so that a run repeats
// exactly on any machine: the round (value only) and the match. Where both are known the two
// values are compared; a match value still open at its node limit is counted as open.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "src/io/progress.h"

namespace kamisado::solver {

struct ScoreSampleOptions {
  int starts_per_score = 1000;
  std::uint64_t seed = 1;
  std::uint64_t round_nodes = 5'000'000;    // node limit of each round search
  std::uint64_t match_nodes = 200'000;      // node limit of each match search
  std::size_t hash_mb = 256;                // one table per score, shared by its starts
  unsigned threads = 1;                     // scores sampled at once (the same samples on any number)
  const std::atomic<bool>* stop = nullptr;  // Ctrl-C: the scores sampled so far are returned
};

struct ScoreSample {
  std::array<std::uint32_t, 2> points;  // Black, Gold
  int starts = 0;
  int first_mover_wins_round = 0, round_open = 0;
  int match_known = 0, match_differs = 0, match_open = 0;
  int first_mover_wins_match = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::vector<std::string> differing;  // KFENs of starts whose match value is not the round's (the first few)
};

std::vector<ScoreSample> sample_scores(const ScoreSampleOptions& options, const io::Lines& lines = {});

}  // namespace kamisado::solver
