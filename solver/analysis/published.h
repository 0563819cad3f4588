// The files the project published in reports/ whose values this binary takes as proved: each
// known by the XXH64 of its bytes, with what proved it when it was published. A book source with
// one of these digests is the project's own file, unchanged; any other file is a claim until it
// is checked (book.h). A file regenerated on purpose gets its new digest here, in the same commit
// (tests/test_book.cpp, Book_Published, fails until it has).
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace kamisado::solver {

struct PublishedFile {
  const char* name;       // its path under reports/
  std::uint64_t digest;   // XXH64 (seed 0) of the whole file
  const char* proved_by;  // what checked its values before it was published
};

// The published file with this digest, or nullptr.
const PublishedFile* published_file(std::uint64_t digest);

// How a file with this digest is trusted, in the words every answer from it carries ("the project's
// published reports/opening.book, its digest known to this binary (...)"), or "" if it is not one.
std::string published_trust(std::uint64_t digest);

// XXH64 (seed 0) of `bytes`: the digest above.
std::uint64_t file_digest(const std::string& bytes);

// Every published file, for the test that holds the list to the files in reports/.
std::span<const PublishedFile> published_files();

}  // namespace kamisado::solver
