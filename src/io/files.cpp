#include "src/io/files.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string_view>

#include <fmt/format.h>

#include "src/kamisado/errors.h"

namespace kamisado::io {

namespace fs = std::filesystem;

namespace {

// What a path names once its symbolic links are followed: a new file, a regular file (replaced
// atomically, the link left as it is), a character device such as /dev/null or a pipe such as
// /dev/stdout (written through, never replaced), or something no file should replace (a folder,
// a socket, a block device): refused.
enum class Target { New, Regular, Device };

std::pair<fs::path, Target> resolve(const std::string& path) {
  fs::path target(path);
  if (target.filename().empty()) throw InputError("cannot write '" + path + "': it is a folder");
  std::error_code ec;
  fs::file_status st = fs::status(target, ec);  // follows links
  if (!fs::exists(st)) {
    if (fs::is_symlink(fs::symlink_status(target, ec))) target = real_path(path);  // a dangling link: the file it names, made there
    fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
    if (!fs::is_directory(folder, ec)) throw InputError("cannot write '" + path + "': no folder '" + folder.string() + "'");
    return {target, Target::New};
  }
  if (fs::is_directory(st)) throw InputError("cannot write '" + path + "': it is a folder");
  if (fs::is_character_file(st) || fs::is_fifo(st)) return {target, Target::Device};
  if (!fs::is_regular_file(st)) throw InputError("cannot write '" + path + "': not a regular file (a socket or block device)");
  fs::path real = fs::canonical(target, ec);
  return {ec ? target : real, Target::Regular};
}

// Why a stream's write failed: the system's reason where the failing call left one (disk full is
// "No space left on device"), else a plain "write failed".
std::string write_failure(int error) { return error ? std::strerror(error) : "write failed"; }

// Writes a new or regular file `target` (resolved from `path`) through a temporary file in
// its folder and a rename.
void write_regular_file(const std::string& path, const fs::path& target, const std::function<void(std::ostream&)>& write) {
  std::error_code ec;
  const fs::path tmp = temporary_beside(target.string());
  try {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f) throw InputError("cannot write '" + path + "': " + std::strerror(errno));
    errno = 0;
    write(f);
    f.close();
    // The cause is taken before the clean-up below, which may set errno again ("Success").
    if (!f) throw InputError("cannot write '" + path + "': " + write_failure(errno));
  } catch (...) {
    fs::remove(tmp, ec);
    throw;
  }
  fs::rename(tmp, target, ec);
  if (ec) {
    const std::string why = ec.message();
    fs::remove(tmp, ec);
    throw InputError("cannot write '" + path + "': " + why);
  }
}

}  // namespace

void check_writable(const std::string& path) { resolve(path); }

void write_file_atomically(const std::string& path, const std::string& content) {
  auto [target, kind] = resolve(path);
  if (kind == Target::Device) {
    // Opened without blocking, so that a pipe nobody reads is an error rather than a hang.
    int fd = ::open(target.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) throw InputError("cannot write '" + path + "': " + (errno == ENXIO ? "a pipe with no reader" : std::strerror(errno)));
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    for (std::size_t done = 0; done < content.size();) {
      ssize_t n = ::write(fd, content.data() + done, content.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        int e = errno;
        ::close(fd);
        throw InputError("cannot write '" + path + "': " + std::strerror(e));
      }
      done += std::size_t(n);
    }
    ::close(fd);
    return;
  }
  write_regular_file(path, target, [&](std::ostream& f) { f << content; });
}

void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
  auto [target, kind] = resolve(path);
  if (kind == Target::Device) {
    std::ostringstream content;
    write(content);
    write_file_atomically(path, content.str());
    return;
  }
  write_regular_file(path, target, write);
}

namespace {

constexpr std::string_view kTemporary = ".tmp-";  // then 8 hex digits

// Whether `name` is a temporary of temporary_beside, of the file named `of` if `of` is not empty.

// Removes the regular files of `folder` that are temporaries (of the file named `of`, if given).
void remove_temporaries(const fs::path& folder, std::string_view of = {}) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec))
    if (is_temporary(entry.path().filename().string(), of) && entry.is_regular_file(ec)) fs::remove(entry.path(), ec);
}

}  // namespace

bool is_temporary(const std::string& name, std::string_view of) {
  const auto at = name.rfind(kTemporary);
  return at != std::string::npos && at > 0 && name.size() == at + kTemporary.size() + 8 &&
         name.find_first_not_of("0123456789abcdef", at + kTemporary.size()) == std::string::npos &&
         (of.empty() || std::string_view(name).substr(0, at) == of);
}

std::string temporary_beside(const std::string& path) {
  std::random_device rd;
  return path + std::string(kTemporary) + fmt::format("{:08x}", rd());
}

void remove_leftover_temporaries(const std::string& path) {
  const fs::path target(path);
  remove_temporaries(target.has_parent_path() ? target.parent_path() : fs::path("."), target.filename().string());
}

void remove_leftover_temporaries_in(const std::string& folder) { remove_temporaries(folder); }

// Asked of the file system before any open: opening a pipe blocks until a writer comes.
void check_readable(const std::string& path, const std::string& what) {
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);  // follows links
  if (!fs::exists(st)) throw InputError("cannot read " + what + " '" + path + "': " + (ec ? ec.message() : "no such file"));
  if (fs::is_directory(st)) throw InputError("cannot read " + what + " '" + path + "': it is a folder");
  if (fs::is_fifo(st)) throw InputError("cannot read " + what + " '" + path + "': it is a pipe, not a regular file");
  if (!fs::is_regular_file(st)) throw InputError("cannot read " + what + " '" + path + "': not a regular file (a device or socket)");
}

std::string real_path(const std::string& path) {
  fs::path p(path);
  std::error_code ec;
  // A link's target is read one link at a time, so that a dangling last link still gives the
  // file it names; 40 links is the kernel's own limit (ELOOP).
  for (int links = 0; links < 40 && fs::is_symlink(fs::symlink_status(p, ec)); ++links) {
    const fs::path target = fs::read_symlink(p, ec);
    if (ec) break;
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
  const fs::path real = fs::weakly_canonical(p, ec);
  return ec ? p.lexically_normal().string() : real.string();
}

std::ifstream open_file(const std::string& path, const std::string& what) {
  check_readable(path, what);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read " + what + " '" + path + "': " + std::strerror(errno));
  return in;
}

std::string read_file(const std::string& path, const std::string& what, std::uint64_t most) { return read_file(path, what, most, 0, {}); }

std::string read_file(const std::string& path, const std::string& what, std::uint64_t most, std::size_t head_bytes, const HeadCheck& check_head) {
  check_readable(path, what);
  std::error_code ec;
  const std::uintmax_t size = fs::file_size(path, ec);
  if (!ec && size > most)
    throw InputError(fmt::format("cannot read {} '{}': {} bytes, more than the {} such a file may hold", what, path, size, most));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read " + what + " '" + path + "': " + std::strerror(errno));
  std::string bytes;
  if (check_head) {
    bytes.resize(std::size_t(std::min<std::uintmax_t>(head_bytes, ec ? 0 : size)));
    in.read(bytes.data(), std::streamsize(bytes.size()));
    bytes.resize(std::size_t(in.gcount()));
    check_head(bytes, ec ? 0 : size);
    in.seekg(0);
  }
  bytes.resize(std::size_t(ec ? 0 : size));
  in.read(bytes.data(), std::streamsize(bytes.size()));
  bytes.resize(std::size_t(in.gcount()));
  // A file that grew while it was read is read no further than its size then.
  if (in.bad()) throw InputError("cannot read " + what + " '" + path + "': " + std::strerror(errno));
  return bytes;
}

LineAppender::LineAppender(const std::string& path) : path_(path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw InputError("cannot write '" + path + "': it is a folder");
  bool cut = false;
  if (std::ifstream last(path, std::ios::binary | std::ios::ate); last && last.tellg() > 0) {
    last.seekg(-1, std::ios::end);
    cut = last.get() != '\n';
  }
  out_.open(path, std::ios::app);
  if (!out_) throw InputError("cannot write '" + path + "': " + std::strerror(errno));
  if (cut) out_ << "\n";
}

void LineAppender::add(const std::string& line) {
  errno = 0;
  out_ << line << "\n" << std::flush;
  if (!out_) throw InputError("cannot write '" + path_ + "': " + write_failure(errno));
}

}  // namespace kamisado::io
