// Files the tool writes and reads for a user: never a half-written output, never an existing
// file touched by a run that fails, and a path that cannot be used named in one line
// (InputError, kamisado/errors.h).
#pragma once

#include <cstdint>
#include <fstream>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>

namespace kamisado::io {

// Refuses, before any long work, a path that write_file_atomically could not write: a folder,
// or a file in a folder that does not exist.
void check_writable(const std::string& path);

// Writes `content` to `path` through a temporary file in the same folder and a rename, so an
// existing file is replaced only by a complete new one.
void write_file_atomically(const std::string& path, const std::string& content);
// The same for content too large to hold twice in memory (a search's checkpoint): `write`
// streams it into the temporary file. An exception from `write` leaves `path` as it was.
void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write);

// A new name for a temporary file beside `path` (`path`.tmp-XXXXXXXX, 8 random hex digits): the
// only form of temporary the tool writes, so that its leftovers are known by name.
std::string temporary_beside(const std::string& path);

// Whether `name` (a file name, no folder) is one temporary_beside makes: of the file named `of`,
// when given.
bool is_temporary(const std::string& name, std::string_view of = {});

// Removes the temporary files that a killed write_file_atomically of `path` left behind, or of
// any file in `folder`. Only for a run that holds the output's lock (run_lock.h): another run's
// temporaries may be files it is writing.
void remove_leftover_temporaries(const std::string& path);
void remove_leftover_temporaries_in(const std::string& folder);

// What `path` names once every symbolic link on it is followed, the last one too even where its
// target does not exist yet (a dangling link names the file a write would make): the file a lock
// is taken on (run_lock.h), so that two paths to one file are one output.
std::string real_path(const std::string& path);

// The most bytes read_file reads unless told otherwise: more than any file the tool writes for
// itself to read back in one piece (a round-start table of 30 M starts), checked before a byte
// is allocated.
constexpr std::uint64_t kMostBytesRead = std::uint64_t{1} << 30;

// The whole of a file (bytes as they are); `what` names it in the error ("table", "roots"). Only
// a regular file: anything else (a folder, /dev/zero, a pipe) could be endless, and a pipe with
// no writer would block the open. A file over `most` bytes is refused by its size, unread.
std::string read_file(const std::string& path, const std::string& what, std::uint64_t most = kMostBytesRead);
// The same, but first the file's first `head_bytes` (all of it if it is shorter) and its size go
// to `check_head`, which throws to refuse the file before the rest is read: a format checks its
// magic and the size its header claims, so that a large file of another kind, or one whose size
// is not the one it claims, costs no more than its head.
using HeadCheck = std::function<void(std::string_view head, std::uint64_t size)>;
std::string read_file(const std::string& path, const std::string& what, std::uint64_t most, std::size_t head_bytes, const HeadCheck& check_head);

// A readable regular file, or an InputError naming `what` and saying what `path` is instead (a
// folder, a pipe, a device, nothing).
void check_readable(const std::string& path, const std::string& what);

// A regular file opened to be read as a stream, by a reader that stops at its first bad byte; a
// folder, a pipe, a device or a file that cannot be opened is an InputError naming `what`,
// refused before the open (a pipe's open blocks until somebody writes to it).
std::ifstream open_file(const std::string& path, const std::string& what);

// A log or a checkpoint kept one line at a time (JSON lines), the one way the tool appends to a
// file: each line is written whole and flushed as it is added, so a kill loses at most the line
// being written. A line an earlier kill cut short (no newline) is ended first, so that the next
// one starts a line of its own. A path that cannot be appended to (a folder, no space left) is
// an InputError naming it.
class LineAppender {
 public:
  explicit LineAppender(const std::string& path);
  void add(const std::string& line);

 private:
  std::string path_;
  std::ofstream out_;
};

}  // namespace kamisado::io
