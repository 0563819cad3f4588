#include "solver/analysis/published.h"

#include <xxhash.h>

namespace kamisado::solver {

namespace {

constexpr PublishedFile kPublished[] = {
    {"opening.book", 0xbe3dd99265ed0602, "kamisado opening --book, 2026-12-04, each value with a proof tree the checker accepted"},
    // The certificate's list names its table (table.starts, the same bytes as two-point.starts) by
    // digest; the starts it lists, each with the value its layer proves, are proved by it.
    {"match/two-point.certificate/layers.txt", 0x258a5b19d53b41a5,
     "the 2-point match's certificate, checked whole by kamisado check-proof, 2026-12-04"},
};

}  // namespace

const PublishedFile* published_file(std::uint64_t digest) {
  for (const PublishedFile& f : kPublished)
    if (f.digest == digest) return &f;
  return nullptr;
}

std::uint64_t file_digest(const std::string& bytes) { return XXH64(bytes.data(), bytes.size(), 0); }

std::span<const PublishedFile> published_files() { return kPublished; }

}  // namespace kamisado::solver
