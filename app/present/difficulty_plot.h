// How difficulty (puzzles/puzzle_features.h) spreads over N in a collection: an SVG scatter plot, one dot per
// puzzle (single rounds, Sumo puzzles of Marathon rounds and studies in their own colours,
// spread sideways a little within each N so that equal values stay visible), with each N's
// median marked; and the per-N table of the features the difficulty is made of.
// `kamisado puzzles bench --collection DIR` puts both in reports/puzzles.md.
#pragma once

#include <string>
#include <vector>

#include "puzzles/store.h"
#include "src/io/report.h"

namespace kamisado::present {

std::string difficulty_svg(const std::vector<puzzles::StoredPuzzle>& rows);

// The collection's section of the report: counts against the targets (at least `per_n` for
// each N = 1..max_n), the features and difficulty by N, and the plot `svg_name` (a file next to
// the report).
void collection_section(io::Report& md, const std::vector<puzzles::StoredPuzzle>& rows, const std::string& collection, const std::string& svg_name,
                        int per_n, int max_n);

}  // namespace kamisado::present
