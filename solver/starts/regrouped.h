// The regrouped sample: round starts with both home rows shuffled (F3 lets either side's towers
// stand in any order) and either side moving first (T1), drawn from a seed; and the file of
// those proved by `opening --regrouped`. The census subspace regrouped:N:SEED proves the same
// starts again, so that the census report can set the two side by side.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "src/io/progress.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {

// The first `count` starts of the regrouped sample `seed`, in order.
std::vector<Position> regrouped_starts(int count, std::uint64_t seed);

constexpr int kMaxRegrouped = 10'000'000;  // starts in one sample, at most

// The lines of a checkpoint of `opening --regrouped` (index -> its JSON line), for the sample
// `seed`. A line cut short by a stop in mid-write is skipped (said on `lines`); a whole line of
// another shape, or of another seed, is an InputError naming it. A missing file holds nothing.
std::map<int, nlohmann::json> read_regrouped_checkpoint(const std::string& path, std::uint64_t seed, const io::Lines& lines = {});

}  // namespace kamisado::solver
