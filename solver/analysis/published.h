// The files the project published whose values this binary takes as proved: each known by the
// XXH64 of its bytes, with what proved it when it was published. A book source with one of these
// digests is the project's own file, unchanged; any other file is a claim until it is checked
// (book.h). Most lie in reports/; a table too large for the repository is published by the
// command that makes it again byte for byte (the way tablebases publish their checksums), its
// digest the table file's own (retro_file.h: it covers every byte). A file regenerated on purpose
// gets its new digest here, in the same commit (tests/test_book_trust.cpp, Book_Published, fails
// until it has).
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace kamisado::solver {

struct PublishedFile {
  const char* name;               // its path under reports/, or the name its command gives it
  std::uint64_t digest;           // XXH64 (seed 0) of the whole file, or a table file's own
  const char* proved_by;          // what checked its values before it was published
  const char* made_by = nullptr;  // for a file kept out of the repository: the command that makes it
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
