// Files the tool writes and reads for a user: never a half-written output, never an existing
// file touched by a run that fails, and a path that cannot be used named in one line
// (InputError, kamisado/errors.h).
#pragma once

#include <fstream>
#include <functional>
#include <ostream>
#include <string>

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

// Removes the temporary files that a killed write_file_atomically of `path` left behind, or of
// any file in `folder`. Only for a run that holds the output's lock (run_lock.h): another run's
// temporaries may be files it is writing.
void remove_leftover_temporaries(const std::string& path);
void remove_leftover_temporaries_in(const std::string& folder);

// The whole of a file (bytes as they are); `what` names it in the error ("table", "roots"). Only
// a regular file: anything else (a folder, /dev/zero, a pipe) could be endless.
std::string read_file(const std::string& path, const std::string& what);

// A file opened to be read as a stream, by a reader that stops at its first bad byte; a folder
// or a file that cannot be opened is an InputError naming `what`.
std::ifstream open_file(const std::string& path, const std::string& what);

}  // namespace kamisado::io
