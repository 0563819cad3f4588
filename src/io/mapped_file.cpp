#include "src/io/mapped_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "src/io/files.h"
#include "src/kamisado/errors.h"

namespace kamisado::io {

MappedFile::MappedFile(const std::string& path, const std::string& what) : path_(path) {
  check_readable(path, what);
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw InputError("cannot read " + what + " '" + path + "': " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int e = errno;
    ::close(fd);
    throw InputError("cannot read " + what + " '" + path + "': " + std::strerror(e));
  }
  size_ = std::size_t(st.st_size);
  if (size_ > 0) {
    void* p = ::mmap(nullptr, size_, PROT_READ, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED) {
      const int e = errno;
      ::close(fd);
      throw InputError("cannot map " + what + " '" + path + "': " + std::strerror(e));
    }
    // Probes jump about the file: read no more than the page asked for.
    ::madvise(p, size_, MADV_RANDOM);
    data_ = static_cast<const char*>(p);
  }
  ::close(fd);  // the mapping keeps the file
}

MappedFile::~MappedFile() {
  if (data_) ::munmap(const_cast<char*>(data_), size_);
}

}  // namespace kamisado::io
