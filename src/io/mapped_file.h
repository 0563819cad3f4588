// A file read where it lies: mapped into memory read-only, so that a reader touches only the
// pages it looks at (a retrograde table of a billion positions is probed without being loaded).
// The kernel reads a page when it is first touched and may drop it again under memory pressure;
// nothing of the file counts as the process's own memory.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace kamisado::io {

class MappedFile {
 public:
  // A regular file mapped whole; `what` names it in the one-line InputError a missing, unreadable
  // or unmappable file gets. An empty file maps to an empty view.
  MappedFile(const std::string& path, const std::string& what);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  std::string_view bytes() const { return {data_, size_}; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  const char* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace kamisado::io
