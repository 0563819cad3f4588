// A listed subspace (subspace.h) kept in its census folder, so that the list a large sample
// makes (10^8 starts: about 25 s and 0.9 GB to draw, sort and count) is drawn once, by the
// plan, and only read by every run, merge and MPI rank after it.
//
// SUBSPACE FILE FORMAT (subspace.bin, version 1):
//   "kamisado-subspace 1\n"
//   the subspace's name, "\n"
//   the number of classes, in decimal, "\n"
//   per class, ascending: the gap from the previous class (the first: the class itself) and
//   the weight, each an unsigned LEB128 varint (a sample's gaps and weights are mostly one byte)
//   checksum: XXH64 (seed 0) of every byte before it, 8 bytes little-endian
// A file that is cut short, changed, of another name or whose list is not ascending is refused
// with a one-line InputError naming the file.
#pragma once

#include <string>

#include "solver/census/subspace.h"

namespace kamisado::solver {

std::string encode_subspace(const Subspace& s);
// The listed subspace `name` from `bytes`, read from `path` (named in errors).
Subspace decode_subspace(const std::string& bytes, const std::string& path, const std::string& name);

}  // namespace kamisado::solver
