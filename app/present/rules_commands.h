// What the rules engine's commands answer: perft (and the speed of perft: kamisado bench and
// reports/performance.md), the legal moves, a position shown, the self-check.
#pragma once

#include <string>
#include <vector>

#include "app/present/answer.h"
#include "src/bench/perft_bench.h"
#include "src/io/progress.h"
#include "src/kamisado/position.h"
#include "src/verify/selfcheck.h"

namespace kamisado::present {

// perft(depth) from `pos`, with each first move's count when `divide`.
Answer perft_answer(const Position& pos, int depth, const bench::PerftCount& c, bool divide);
// perft(depth) from `pos`, timed: the best of `repeat`.
Answer perft_measure_answer(const Position& pos, int depth, int repeat, const bench::Measure& m);
std::string perft_bench_report(const bench::PerftBench& b, const std::string& report_path);
nlohmann::json perft_bench_json(const bench::PerftBench& b);
std::string perft_bench_summary(const bench::PerftBench& b);
// kamisado bench's standard suites (bench/perft_bench.h) measured, `report` written if named.
Answer run_perft_bench(int depth, int sumo_depth, int repeat, const std::string& report);
// Every legal move, marked # if it reaches the goal row and x if it ends the round in a deadlock.
Answer moves_answer(const Position& pos);
// The board as text, its KFEN and status; `svg`: where its picture was written, if anywhere.
Answer show_answer(const Position& pos, const std::string& svg);
Answer selfcheck_answer(const std::vector<verify::SelfCheckResult>& checks);

}  // namespace kamisado::present
