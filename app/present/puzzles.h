// What the puzzles commands answer (kamisado puzzles generate, solve, export, bench, publish), and
// reports/puzzles.md, the generator's benchmark with its difficulty plot.
#pragma once

#include <string>

#include "app/present/answer.h"
#include "puzzles/bench.h"
#include "puzzles/generator.h"
#include "puzzles/publish.h"
#include "src/kamisado/position.h"

namespace kamisado::present {

// New puzzles generated into the collection `db`, won in `n`.
Answer puzzles_generate_answer(const std::string& db, int n, const puzzles::GenerateRun& run);
// `pos` is no puzzle: the side to move does not win its round.
Answer no_puzzle_answer(const Position& pos);
Answer puzzles_export_answer(const puzzles::ExportCounts& c);
Answer puzzles_publish_answer(const std::string& out, const puzzles::Published& p);

// The generator's benchmark: its rows, and whether the target is met.
Answer puzzle_bench_answer(const puzzles::PuzzleBench& b);
std::string puzzle_bench_report(const puzzles::PuzzleBench& b, const std::string& report_path);
// The report at `report_path` and, with a collection, its plot next to it (<stem>-difficulty.svg).
void write_puzzle_bench_report(const puzzles::PuzzleBench& b, const std::string& report_path);

}  // namespace kamisado::present
