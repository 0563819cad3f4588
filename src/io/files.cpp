#include "io/files.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <fmt/format.h>

#include "kamisado/errors.h"

namespace kamisado::io {

namespace fs = std::filesystem;

void check_writable(const std::string& path) {
  std::error_code ec;
  fs::path target(path);
  if (target.filename().empty() || fs::is_directory(target, ec)) throw InputError("cannot write '" + path + "': it is a folder");
  fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
  if (!fs::is_directory(folder, ec)) throw InputError("cannot write '" + path + "': no folder '" + folder.string() + "'");
}

void write_file_atomically(const std::string& path, const std::string& content) {
  fs::path target(path);
  if (target.filename().empty()) throw InputError("cannot write '" + path + "': not a file name");
  std::error_code ec;
  if (fs::is_directory(target, ec)) throw InputError("cannot write '" + path + "': it is a folder");
  std::random_device rd;
  fs::path tmp = target;
  tmp += fmt::format(".tmp-{:08x}", rd());
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f) throw InputError("cannot write '" + path + "': " + std::strerror(errno));
    f << content;
    f.flush();
    if (!f) {
      fs::remove(tmp, ec);
      throw InputError("cannot write '" + path + "': write failed");
    }
  }
  fs::rename(tmp, target, ec);
  if (ec) {
    fs::remove(tmp, ec);
    throw InputError("cannot write '" + path + "': " + ec.message());
  }
}

std::string read_file(const std::string& path, const std::string& what) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw InputError("cannot read " + what + " '" + path + "': it is a folder");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read " + what + " '" + path + "'");
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

}  // namespace kamisado::io
