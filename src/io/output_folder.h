// A folder that the tool fills with several files for a user (a published puzzle collection, a
// trainer): every writer of such a folder goes through FolderWrite, which keeps two promises.
//
//   Only new files or its own are written. The folder's ledger, `.kamisado-files`, records each
//   file the tool wrote there with the digest it was written with. A file of the same name that
//   is not in the ledger (a user's), or that changed since (a user's edit), is never replaced:
//   the whole write is refused, in one line naming the file, before anything is written.
//   All of one write's files or none. Each file is staged as a temporary beside its name and
//   takes the name only at commit(), once every one is written; a failure before then (disk
//   full, Ctrl-C, a refusal) leaves the folder as it was.
//
// The folder is locked for the write (run_lock.h), so two runs never stage into one folder, and a
// killed write's temporaries are removed by the next one.
//
// LEDGER FORMAT (text, one line per file, written atomically):
//   kamisado-files 1
//   <XXH64 of the file's bytes, 16 hex digits> <size in bytes> <path relative to the folder, '/'>
// A path may have two lines while a commit is renaming (the old and the new digest, either of
// which is the tool's); the commit ends with one. A ledger that does not read so is refused
// (InputError): the tool cannot tell its files from the user's.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "src/io/run_lock.h"

namespace kamisado::io {

class FolderWrite {
 public:
  // Opens `dir` (made if missing) for one write by `what` ("puzzles publish"), locked.
  FolderWrite(const std::string& dir, const std::string& what);
  ~FolderWrite();  // what was staged and not committed is removed, and the folder if this write made it and wrote nothing
  FolderWrite(const FolderWrite&) = delete;
  FolderWrite& operator=(const FolderWrite&) = delete;

  // Refuses (InputError, nothing written) unless each of `names` is new or the tool's own.
  // Call it with every name a write will make, before its long work, so that it fails early.
  void claim(const std::vector<std::string>& names);
  // Stages `name` with `content`.
  void put(const std::string& name, const std::string& content);
  // Stages `name`, to be written by another writer at the path returned (a proof file writer).
  std::string staged_path(const std::string& name);
  // Drops `name` from this write: its writer failed (a full disk), and its temporary is removed.
  void drop(const std::string& name);
  // Gives every staged file its name and records them in the ledger.
  void commit();

  // Whether the folder holds `name`, or will once this write is committed.
  bool holds(const std::string& name) const;
  const std::string& dir() const { return dir_; }

 private:
  struct Entry {
    std::string digest;
    std::uint64_t size = 0;
  };
  std::string path_of(const std::string& name) const;
  // What a refusal says of this write so far: "nothing was written" only where it is so.
  std::string kept_or_nothing() const;
  void write_ledger(const std::multimap<std::string, Entry>& entries) const;

  bool created_;  // the folder was made for this write: removed again if the write commits nothing
  std::string dir_, what_;
  std::optional<RunLock> lock_;
  std::multimap<std::string, Entry> ledger_;   // by name
  std::set<std::string> claimed_;              // names found new or the tool's
  std::map<std::string, std::string> staged_;  // name -> its temporary
  bool committed_ = false;                     // files of this write have their names
};

}  // namespace kamisado::io
