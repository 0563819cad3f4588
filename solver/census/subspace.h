// Which starts a census run proves: a subspace of the census space (start_space.h), named by a
// short text that the manifest keeps, so that every rank and every resumed run derives the same
// list.
//
//   all                  every class, 0 … 812,924,928 − 1
//   range:A:B            the classes A … B − 1 (a slice of `all`: tests, CI, splitting a run)
//   black-standard       Black's home row as in B5 against each of the 8! Gold rows, either side
//                        moving first: 80,640 starts, 40,320 classes… fewer, as symmetry
//                        merges them (Black's B5 row is flip-symmetric)
//   sample:N:SEED        N starts drawn uniformly from all 8!·8!·2 (seeded, with replacement)
//   regrouped:N:SEED     the N starts of `kamisado opening --regrouped N --seed SEED`, so that the
//                        two are measured side by side on the same starts
//
// A subspace is a sorted list of distinct classes, each with its weight: how many of the
// subspace's starts it stands for. Shares "over starts" weigh each class so (a class of `all`
// stands for its whole orbit: 4 starts, or 2 if flip fixes it).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "src/io/progress.h"

namespace kamisado::solver {

struct Subspace {
  std::string name;                    // as written above
  std::vector<std::uint32_t> classes;  // sorted, distinct (empty for all/range: see first/last)
  std::vector<std::uint32_t> weights;  // starts per class, parallel to `classes`
  std::uint64_t first = 0, last = 0;   // all/range: the classes [first, last), not listed
  bool listed() const { return last == 0; }
  bool sampled() const;  // drawn at random (sample, regrouped): its shares are estimates
  std::uint64_t size() const { return listed() ? classes.size() : last - first; }
  std::uint32_t class_at(std::uint64_t i) const { return listed() ? classes[i] : std::uint32_t(first + i); }
  std::uint64_t starts() const;  // the starts it stands for: the sum of the weights
  std::uint32_t weight_at(std::uint64_t i) const;
};

// The subspace named `name`; an InputError names what is wrong with a bad name. A large sample
// takes seconds (10^8 starts: drawn, sorted, counted), said on `lines`.
Subspace make_subspace(const std::string& name, const io::Lines& lines = {});

}  // namespace kamisado::solver
