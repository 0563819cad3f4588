// The single round's opening, proved, as two runs that `kamisado opening` starts:
//
//   first moves  the start and each of Black's 102 first moves: value, exact distance and a
//                checked proof tree for each (target: all 102 within 5 s on one core). The start
//                is its own mirror image (B3), so the first moves come in mirror pairs: one of
//                each pair is searched, the other certified by its mirrored tree.
//   regrouped    a seeded sample of regrouped starts (both home rows in a random order, either
//                side to move, single round): value and a checked proof tree for each, and the
//                share won by the side that moves first. Each result is appended to a
//                checkpoint file as it is proved (one JSON object a line), so a run that is
//                stopped resumes where it stopped and ends exactly as an uninterrupted one.
//
// Each run returns a plain result; its report and JSON are made from that result alone, by
// app/present/opening_answer.h.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "solver/analysis/book.h"
#include "solver/proof/certify.h"
#include "solver/starts/regrouped.h"
#include "src/io/progress.h"

namespace kamisado::solver {

constexpr double kOpeningTargetSeconds = 5.0;

struct FirstMove {
  std::string move;
  Certified proved;
};

struct OpeningResult {
  Certified start;
  std::vector<FirstMove> moves;
  double moves_seconds = 0, total_seconds = 0;
  std::size_t hash_mb = 0;
  int black_wins() const;
  int failures() const;  // certificates missing or rejected, the start's included
  bool target_met() const { return moves_seconds <= kOpeningTargetSeconds; }
};

// `proofs_dir`, if not empty, receives start.proof and <move>.proof for each first move.
OpeningResult prove_opening(std::size_t hash_mb, const std::string& proofs_dir, const io::Lines& progress = {});

// The start and the position after each first move, with its winner, distance, winner's moves
// and best move, as the book holds them (analysis/book.h): only those whose proof was checked.
// Also the position after each reply to each first move, and after each of Black's second moves,
// each proved and its proof tree checked here (one table of `hash_mb` for them all), so that a
// board after any first move or reply is answered from the book whole; a position whose
// certificate fails is left out and counted. Each entry with its best line to the round's end
// (book.h, version 2), so that a line from the book is shown whole.
// The open positions after each of `positions` and one move, each once, in move generation
// order. From the set-up, twice: the 1 150 after Gold's replies; three times: the 10 896 after
// Black's second moves (the positions the opening's book holds, and the load test asks).
std::vector<Position> one_move_on(const std::vector<Position>& positions);

struct OpeningBook {
  std::vector<BookEntry> entries;
  int replies = 0, second_moves = 0, failed = 0, lines = 0;
};
OpeningBook opening_book(const OpeningResult& r, std::size_t hash_mb, const io::Lines& progress = {});
// opening_book(r) written to `path`, its source line saying what proved it and when.
OpeningBook write_opening_book(const OpeningResult& r, const std::string& path, const io::Lines& progress = {});

struct RegroupedOptions {
  int count = 1000;
  std::uint64_t seed = 1;
  std::string checkpoint;                   // required: where results are appended, and resumed from
  std::size_t hash_mb = 64;                 // a table of its own for each start
  const std::atomic<bool>* stop = nullptr;  // raised: throws Stopped; the checkpoint keeps what is done
  // A checkpoint's lines are an earlier run's word (each start's KFEN is checked against the
  // sample, its winner is not): with `recheck` each start it holds is proved again and must agree.
  bool recheck = false;
};

struct RegroupedResult {
  RegroupedOptions options;
  std::map<int, nlohmann::json> done;  // index -> its checkpoint line, for indices < count
  int resumed = 0;                     // how many were read from the checkpoint
  int rechecked = 0;                   // of those, proved again (options.recheck) and agreeing
  int first_mover_wins = 0, failures = 0;
  double seconds = 0;                    // search, tree and check, summed over the starts
  std::vector<std::size_t> proof_sizes;  // sorted
};

RegroupedResult prove_regrouped(const RegroupedOptions& options, const io::Lines& progress = {});

}  // namespace kamisado::solver
