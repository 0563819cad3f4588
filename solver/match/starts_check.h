// A round-start table checked from outside (issue 43): a seeded sample of its match starts, each
// valued again by the whole-match search (search/solve.h with Aim::match: df-pn through every
// round to the match's end, with no round-start table and nothing of the match by rounds), which
// shares nothing with the run that wrote the table but the rules. Or a sample of the starts a
// certificate rests on (listed_starts), against the values its layers prove: a fault the writer
// and the checker of a certificate would share (a round end valued by the wrong side or score,
// P3, F1–F3), the search that never cuts a match at a round's end meets from the other side. A start's value in the table
// is for the side that moves first (round_start_table.h); the search's for the side to move at
// the start's position, the same side.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "solver/search/solve.h"
#include "solver/starts/round_start_table.h"
#include "src/io/progress.h"

namespace kamisado::solver {

struct StartsCheckOptions {
  std::size_t sample = 200;
  std::uint64_t seed = 1;
  // Only starts at this score, either way round (the points of the two sides: {1, 1} is round 3
  // of a 2-point match); none: every match start of the table.
  std::optional<std::array<std::uint32_t, 2>> score;
  std::size_t hash_mb = 64;  // a table of its own for each start
  double seconds = 60;       // for each start; past it the start counts as undecided
  std::uint64_t nodes = 0;   // for each start, if not 0: a limit that, unlike seconds, repeats exactly
  unsigned threads = 1;      // starts valued at once (the answer is the same on any number)
  const std::atomic<bool>* stop = nullptr;
};

struct StartChecked {
  std::string kfen;  // the class's representative
  bool table_first_mover_wins = false;
  Value search = Value::Unknown;  // for the side to move, the first mover
  std::uint64_t nodes = 0;
  double seconds = 0;
  bool agrees() const { return search != Value::Unknown && (search == Value::Win) == table_first_mover_wins; }
};

struct StartsCheck {
  StartsCheckOptions options;
  std::size_t eligible = 0;  // the table's starts the sample was drawn from
  std::vector<StartChecked> starts;
  std::size_t agreeing() const;
  std::size_t disagreeing() const;  // decided by the search, and not as the table says
  std::size_t undecided() const;    // not decided within options.seconds
};

// Throws Stopped when options.stop is raised.
StartsCheck check_starts(const RoundStartTable& table, const StartsCheckOptions& options, const io::Lines& lines = {});

// The starts a certificate's list of layers proves (layer_list.h), each with the value its layer
// proves: the table whose sample check_starts values against the certificate itself, not against
// the run's table that may hold starts no proof kept.
RoundStartTable listed_starts(const std::string& certificate_dir);

}  // namespace kamisado::solver
