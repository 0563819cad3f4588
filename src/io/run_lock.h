// One run at a time on one output. A long run (a search's checkpoint, a census folder, a published
// collection) holds a lock on what it writes for as long as it writes it: a second run on the same
// output is refused at once, in one line naming the holder, instead of both doing all the work or
// one deleting the other's half-written file.
//
// The lock is an flock(2) on a small file beside the output (the real one: links followed, so two
// paths to one file are one output), `<file>.lock` for a file and
// `<folder>/.kamisado.lock` for a folder, holding the holder's pid for the message. The kernel
// drops an flock when its process dies, so a killed run never leaves its output locked; the lock
// file it leaves is taken over by the next run. A lock released normally removes its file.
#pragma once

#include <string>

namespace kamisado::io {

class RunLock {
 public:
  // Locks `file`, or the folder `dir`; `what` names the run in the refusal ("solve"). An output
  // already locked by another run, or a lock file that cannot be made, is an InputError.
  static RunLock on_file(const std::string& file, const std::string& what);
  static RunLock on_folder(const std::string& dir, const std::string& what);

  RunLock(RunLock&& other) noexcept;
  RunLock& operator=(RunLock&&) = delete;
  RunLock(const RunLock&) = delete;
  ~RunLock();

 private:
  RunLock(std::string lock_path, std::string output, const std::string& what);
  std::string path_;
  int fd_ = -1;
};

}  // namespace kamisado::io
