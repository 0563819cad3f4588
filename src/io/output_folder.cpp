#include "src/io/output_folder.h"

#include <filesystem>
#include <sstream>

#include <fmt/format.h>
#include <xxhash.h>

#include "src/io/files.h"
#include "src/kamisado/errors.h"

namespace kamisado::io {

namespace fs = std::filesystem;

namespace {

constexpr const char* kLedger = ".kamisado-files";
constexpr const char* kLedgerMagic = "kamisado-files 1";

std::string digest_of(const std::string& bytes) { return fmt::format("{:016x}", XXH64(bytes.data(), bytes.size(), 0)); }

// `dir`, made if missing (a FolderWrite locks it next).
const std::string& made(const std::string& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) throw InputError("cannot make the folder '" + dir + "': " + (ec ? ec.message() : "a file is in the way"));
  return dir;
}

// A name must stay inside the folder: relative, no "..", not the ledger or a lock.
void check_name(const std::string& name) {
  const fs::path p(name);
  bool inside = !name.empty() && p.is_relative() && name.find('\n') == std::string::npos;
  for (const auto& part : p) inside = inside && part != ".." && part != ".";
  if (!inside || name == kLedger || name == ".kamisado.lock") throw std::logic_error("FolderWrite: bad name '" + name + "'");
}

}  // namespace

FolderWrite::FolderWrite(const std::string& dir, const std::string& what)
    : created_([&dir] {
        std::error_code ec;
        return !fs::exists(dir, ec);
      }()),
      dir_(made(dir)),
      what_(what),
      lock_(RunLock::on_folder(dir_, what)) {
  const fs::path ledger = fs::path(dir_) / kLedger;
  std::error_code ec;
  if (!fs::exists(ledger, ec)) return;
  std::istringstream in(read_file(ledger.string(), "ledger"));
  std::string line;
  auto damaged = [&](const std::string& why) {
    return InputError(
        fmt::format("'{}' is damaged ({}): the tool cannot tell its files from yours; move the folder's files "
                    "you want to keep, then remove it",
                    ledger.string(), why));
  };
  if (!std::getline(in, line) || line != kLedgerMagic) throw damaged("its first line is not '" + std::string(kLedgerMagic) + "'");
  for (int number = 2; std::getline(in, line); ++number) {
    std::istringstream fields(line);
    Entry e;
    std::string name;
    fields >> e.digest >> e.size;
    fields.get();  // the space before the name, which may hold spaces
    std::getline(fields, name);
    const bool hex = e.digest.size() == 16 && e.digest.find_first_not_of("0123456789abcdef") == std::string::npos;
    if (!fields.eof() || !hex || name.empty()) throw damaged(fmt::format("line {}", number));
    ledger_.emplace(name, e);
  }
}

FolderWrite::~FolderWrite() {
  std::error_code ec;
  for (const auto& [name, tmp] : staged_) fs::remove(tmp, ec);
  if (created_ && !committed_) {  // a write that failed before its first commit leaves no empty folder behind
    lock_.reset();
    fs::remove(dir_, ec);  // only if empty
  }
}

bool FolderWrite::holds(const std::string& name) const {
  std::error_code ec;
  return staged_.count(name) || fs::exists(path_of(name), ec);
}

std::string FolderWrite::kept_or_nothing() const {
  return committed_ || !staged_.empty() ? "the files written before it are kept" : "nothing was written";
}

std::string FolderWrite::path_of(const std::string& name) const { return (fs::path(dir_) / name).string(); }

void FolderWrite::claim(const std::vector<std::string>& names) {
  for (const std::string& name : names) {
    check_name(name);
    if (!claimed_.insert(name).second) continue;
    const std::string path = path_of(name);
    // Under the lock no other run is writing here: a temporary of this name is a killed run's.
    if (fs::is_directory(fs::path(path).parent_path())) remove_leftover_temporaries(path);
    std::error_code ec;
    if (!fs::exists(fs::symlink_status(path, ec))) continue;
    if (!fs::is_regular_file(fs::symlink_status(path, ec)))
      throw InputError(fmt::format("'{}' is in the way and is not a file kamisado {} wrote ({})", path, what_, kept_or_nothing()));
    const auto [first, last] = ledger_.equal_range(name);
    bool ours = false;
    if (first != last) {
      const std::string bytes = read_file(path, "file");
      for (auto it = first; it != last && !ours; ++it) ours = it->second.size == bytes.size() && it->second.digest == digest_of(bytes);
    }
    if (!ours) {
      claimed_.erase(name);
      // A long write (a certificate's layers) claims its names as it goes, after some are written.
      throw InputError(fmt::format("'{}' {}: kamisado {} writes over no file but its own; move it, or write to another folder ({})", path,
                                   first == last ? "was not written by kamisado" : "was changed since kamisado wrote it", what_, kept_or_nothing()));
    }
  }
}

std::string FolderWrite::staged_path(const std::string& name) {
  if (auto it = staged_.find(name); it != staged_.end()) return it->second;
  claim({name});
  const fs::path target(path_of(name));
  std::error_code ec;
  fs::create_directories(target.parent_path(), ec);
  if (ec) throw InputError(fmt::format("cannot make the folder '{}': {}", target.parent_path().string(), ec.message()));
  return staged_[name] = temporary_beside(target.string());
}

void FolderWrite::drop(const std::string& name) {
  if (auto it = staged_.find(name); it != staged_.end()) {
    std::error_code ec;
    fs::remove(it->second, ec);
    staged_.erase(it);
  }
}

void FolderWrite::put(const std::string& name, const std::string& content) { write_file_atomically(staged_path(name), content); }

void FolderWrite::write_ledger(const std::multimap<std::string, Entry>& entries) const {
  std::string text = std::string(kLedgerMagic) + "\n";
  for (const auto& [name, e] : entries) text += fmt::format("{} {} {}\n", e.digest, e.size, name);
  write_file_atomically((fs::path(dir_) / kLedger).string(), text);
}

void FolderWrite::commit() {
  std::map<std::string, Entry> written;
  for (const auto& [name, tmp] : staged_) {
    const std::string bytes = read_file(tmp, "staged file");
    written[name] = {digest_of(bytes), bytes.size()};
  }
  // First a ledger that owns both the old and the new files, so that a kill while renaming
  // leaves every file the tool's; then the renames; then the ledger of what is there.
  std::multimap<std::string, Entry> both = ledger_, after;
  for (const auto& [name, e] : written) both.emplace(name, e);
  for (const auto& [name, e] : ledger_)
    if (!written.count(name)) after.emplace(name, e);
  for (const auto& [name, e] : written) after.emplace(name, e);
  write_ledger(both);
  for (auto it = staged_.begin(); it != staged_.end(); it = staged_.erase(it)) {
    std::error_code ec;
    fs::rename(it->second, path_of(it->first), ec);
    if (ec) throw InputError(fmt::format("cannot write '{}': {}", path_of(it->first), ec.message()));
  }
  write_ledger(after);
  ledger_ = std::move(after);
  committed_ = committed_ || !written.empty();
}

}  // namespace kamisado::io
