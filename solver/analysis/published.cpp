#include "solver/analysis/published.h"

#include <xxhash.h>

namespace kamisado::solver {

namespace {

constexpr PublishedFile kPublished[] = {
    {"opening.book", 0x637e795e6d6011ca, "kamisado opening --book, 2026-12-06, each value with a proof tree the checker accepted"},
    // The certificate's list names its table (table.starts, the same bytes as two-point.starts) by
    // digest; the starts it lists, each with the value its layer proves, are proved by it.
    {"match/two-point.certificate/layers.txt", 0x258a5b19d53b41a5,
     "the 2-point match's certificate, checked whole by kamisado check-proof, 2026-12-04"},
    // 1.3 x 10^9 positions, 2.4 GB: kept out of the repository, made again by its script.
    {"billion.retro", 0xae00ef83ce9a68d7,
     "every value re-derived from its successors by kamisado retro verify, and 10 000 positions and the longest solved again by the "
     "proof search, 2026-12-06",
     "scripts/retro-billion.sh"},
};

}  // namespace

const PublishedFile* published_file(std::uint64_t digest) {
  for (const PublishedFile& f : kPublished)
    if (f.digest == digest) return &f;
  return nullptr;
}

std::string published_trust(std::uint64_t digest) {
  const PublishedFile* p = published_file(digest);
  if (!p) return "";
  const std::string what = p->made_by ? std::string(p->name) + " (made by " + p->made_by + ")" : std::string("reports/") + p->name;
  return "the project's published " + what + ", its digest known to this binary (" + p->proved_by + ")";
}

std::uint64_t file_digest(const std::string& bytes) { return XXH64(bytes.data(), bytes.size(), 0); }

std::span<const PublishedFile> published_files() { return kPublished; }

}  // namespace kamisado::solver
