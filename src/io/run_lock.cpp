#include "src/io/run_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

#include "src/io/files.h"
#include "src/kamisado/errors.h"

namespace kamisado::io {

namespace {

// What the holder wrote in the lock file ("kamisado solve, pid 1234"), or "" if unreadable.
std::string holder_of(int fd) {
  char text[128] = {};
  const ssize_t n = ::pread(fd, text, sizeof text - 1, 0);
  if (n <= 0) return "";
  std::string s(text, std::size_t(n));
  if (auto end = s.find('\n'); end != std::string::npos) s.resize(end);
  return s;
}

bool same_file(int fd, const std::string& path) {
  struct stat open_one {
  }, at_path{};
  return ::fstat(fd, &open_one) == 0 && ::stat(path.c_str(), &at_path) == 0 && open_one.st_ino == at_path.st_ino && open_one.st_dev == at_path.st_dev;
}

}  // namespace

RunLock::RunLock(std::string lock_path, std::string output, const std::string& what) : path_(std::move(lock_path)) {
  for (;;) {
    const int fd = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) throw InputError(fmt::format("cannot lock '{}' for this run: {}", output, std::strerror(errno)));
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int error = errno;
      const std::string holder = holder_of(fd);
      ::close(fd);
      if (error == EWOULDBLOCK)
        throw InputError(
            fmt::format("'{}' is in use by another run ({}): wait for it to end, or stop it", output, holder.empty() ? "a kamisado run" : holder));
      throw InputError(fmt::format("cannot lock '{}' for this run: {}", output, std::strerror(error)));
    }
    // The last holder removes the file as it lets go: if that happened between our open and our
    // flock, this lock is on a file no other run can find, so take the one at the path.
    if (same_file(fd, path_)) {
      const std::string text = fmt::format("kamisado {}, pid {}\n", what, ::getpid());
      if (::ftruncate(fd, 0) == 0 && ::pwrite(fd, text.data(), text.size(), 0) < 0) {
        // The holder's name is only for another run's message; the lock holds without it.
      }
      fd_ = fd;
      return;
    }
    ::close(fd);
  }
}

// The lock is beside the real file, links followed (files.h, real_path): a link to a file that
// another run holds is that run's output, and a dangling link's target is the file a run makes.
RunLock RunLock::on_file(const std::string& file, const std::string& what) { return RunLock(real_path(file) + ".lock", file, what); }

RunLock RunLock::on_folder(const std::string& dir, const std::string& what) {
  return RunLock((std::filesystem::path(real_path(dir)) / ".kamisado.lock").string(), dir, what);
}

RunLock::RunLock(RunLock&& other) noexcept : path_(std::move(other.path_)), fd_(other.fd_) { other.fd_ = -1; }

RunLock::~RunLock() {
  if (fd_ < 0) return;
  ::unlink(path_.c_str());  // while still held, so that no run locks a file about to go
  ::close(fd_);
}

}  // namespace kamisado::io
