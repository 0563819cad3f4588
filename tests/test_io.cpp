// The guarded writers of src/io (issue 27): a file write that fails names its cause, a long run
// locks its output (run_lock.h), and a folder is written only where each file is new or the
// tool's own, all of one write's files or none (output_folder.h).
#include <gtest/gtest.h>

#include <sys/resource.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "src/io/files.h"
#include "src/io/output_folder.h"
#include "src/io/run_lock.h"
#include "src/kamisado/errors.h"
#include "tests/helpers.h"

using namespace kamisado;
namespace fs = std::filesystem;

namespace {

using test::bytes_of;
using test::write_bytes;

fs::path fresh_dir(const std::string& name) { return test::fresh_dir("io", name); }

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::size_t files_in(const fs::path& dir) {
  std::size_t n = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir)) n += e.is_regular_file();
  return n;
}

}  // namespace

// A write cut short names the system's reason, taken before the clean-up (which once turned it
// into "Success"); a file over the size limit stands in for a full disk.
TEST(IoFiles, AFailedWriteNamesItsCauseAndLeavesTheOldFile) {
  const fs::path dir = fresh_dir("cause");
  const fs::path file = dir / "out.txt";
  write_bytes(file, "old\n");
  auto write_past_the_limit = [&] {
    std::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{4096, 4096};
    setrlimit(RLIMIT_FSIZE, &limit);
    const std::string message = error_of([&] { io::write_file_atomically(file.string(), std::string(1 << 20, 'x')); });
    std::fprintf(stderr, "%s\n", message.c_str());
    std::exit(message.find("File too large") != std::string::npos ? 0 : 1);
  };
  EXPECT_EXIT(write_past_the_limit(), ::testing::ExitedWithCode(0), "File too large");
  EXPECT_EQ(bytes_of(file), "old\n");
  EXPECT_EQ(files_in(dir), 1u);  // no temporary left
}

// The one appending writer (checkpoints and logs of JSON lines): a line an earlier kill cut short
// is ended before the next, so no record is swallowed; a folder is refused, naming it.
TEST(IoFiles, AnAppendedLineNeverJoinsALineCutShort) {
  const fs::path dir = fresh_dir("append");
  const fs::path file = dir / "log.jsonl";
  write_bytes(file, "{\"a\": 1}\n{\"b\":");  // a kill in mid-line
  {
    io::LineAppender log(file.string());
    log.add("{\"c\": 3}");
  }
  io::LineAppender(file.string()).add("{\"d\": 4}");
  EXPECT_EQ(bytes_of(file), "{\"a\": 1}\n{\"b\":\n{\"c\": 3}\n{\"d\": 4}\n");
  EXPECT_NE(error_of([&] { io::LineAppender{dir.string()}; }).find("it is a folder"), std::string::npos);
}

// A second run on a locked output is refused at once, naming the holder; the lock goes with its
// holder, file and all, and a lock file a killed run left is taken over.
TEST(IoRunLock, ASecondRunIsRefusedInOneLineNamingTheFirst) {
  const fs::path dir = fresh_dir("lock");
  const std::string ck = (dir / "ck").string();
  {
    io::RunLock first = io::RunLock::on_file(ck, "solve");
    const std::string refused = error_of([&] { io::RunLock::on_file(ck, "solve"); });
    EXPECT_NE(refused.find("'" + ck + "' is in use by another run (kamisado solve, pid "), std::string::npos) << refused;
    EXPECT_EQ(refused.find('\n'), std::string::npos);
    io::RunLock moved = std::move(first);
    EXPECT_NE(error_of([&] { io::RunLock::on_file(ck, "solve"); }), "");
  }
  EXPECT_FALSE(fs::exists(ck + ".lock"));
  write_bytes(ck + ".lock", "kamisado solve, pid 1\n");  // as a killed run leaves it
  { io::RunLock again = io::RunLock::on_file(ck, "solve"); }
  { io::RunLock folder = io::RunLock::on_folder(dir.string(), "census run"); }
  EXPECT_EQ(files_in(dir), 0u);
}

// Issue 27, 1 and 7: a user's file is never written over, and the refusal comes before anything
// is written; the tool's own files are rewritten; an edited one is the user's.
TEST(IoFolderWrite, WritesOnlyNewFilesOrItsOwn) {
  const fs::path dir = fresh_dir("folder");
  {
    io::FolderWrite w(dir.string(), "test");
    w.claim({"a.txt", "sub/b.txt"});
    w.put("a.txt", "A1");
    w.put("sub/b.txt", "B1");
    EXPECT_TRUE(w.holds("a.txt"));
    EXPECT_FALSE(fs::exists(dir / "a.txt"));  // staged until the commit
    w.commit();
  }
  EXPECT_EQ(bytes_of(dir / "a.txt"), "A1");
  EXPECT_EQ(bytes_of(dir / "sub" / "b.txt"), "B1");
  {
    io::FolderWrite w(dir.string(), "test");
    w.put("a.txt", "A2");
    w.commit();
  }
  EXPECT_EQ(bytes_of(dir / "a.txt"), "A2");
  // A user's README.md: the write is refused at the claim, naming it, and nothing else changes.
  write_bytes(dir / "README.md", "mine\n");
  {
    io::FolderWrite w(dir.string(), "test");
    const std::string refused = error_of([&] { w.claim({"a.txt", "README.md"}); });
    EXPECT_NE(refused.find("README.md' was not written by kamisado"), std::string::npos) << refused;
  }
  EXPECT_EQ(bytes_of(dir / "README.md"), "mine\n");
  // A file of the tool's that the user edited is the user's now.
  write_bytes(dir / "a.txt", "A2, and my note\n");
  {
    io::FolderWrite w(dir.string(), "test");
    const std::string refused = error_of([&] { w.put("a.txt", "A3"); });
    EXPECT_NE(refused.find("was changed since kamisado wrote it"), std::string::npos) << refused;
  }
  EXPECT_EQ(bytes_of(dir / "a.txt"), "A2, and my note\n");
  // Two writers on one folder: the second is refused while the first holds it.
  io::FolderWrite first(dir.string(), "test");
  EXPECT_NE(error_of([&] { io::FolderWrite second(dir.string(), "test"); }).find("in use by another run"), std::string::npos);
}

// Issue 27, 7: a write that fails or stops before its commit leaves the folder as it was (the
// export on a full disk once left 4 of its 5 files); a killed write's temporaries are removed by
// the next write.
TEST(IoFolderWrite, AllOfOneWritesFilesOrNone) {
  const fs::path dir = fresh_dir("all-or-none");
  {
    io::FolderWrite w(dir.string(), "test");
    w.put("one", "1");
    w.put("two", "2");
    w.commit();
  }
  const std::string ledger = bytes_of(dir / ".kamisado-files");
  {
    io::FolderWrite w(dir.string(), "test");
    w.put("one", "new 1");
    w.put("three", "3");
    // Not committed: as if the next file had failed.
  }
  EXPECT_EQ(bytes_of(dir / "one"), "1");
  EXPECT_FALSE(fs::exists(dir / "three"));
  EXPECT_EQ(bytes_of(dir / ".kamisado-files"), ledger);
  EXPECT_EQ(files_in(dir), 3u);                          // one, two, the ledger
  write_bytes(dir / "two.tmp-0badf00d", "half a file");  // a killed write's
  {
    io::FolderWrite w(dir.string(), "test");
    w.put("two", "2 again");
    w.commit();
  }
  EXPECT_FALSE(fs::exists(dir / "two.tmp-0badf00d"));
  EXPECT_EQ(bytes_of(dir / "two"), "2 again");
}

// A damaged ledger is refused: the tool could no longer tell its files from the user's.
TEST(IoFolderWrite, ADamagedLedgerIsRefused) {
  const fs::path dir = fresh_dir("ledger");
  write_bytes(dir / ".kamisado-files", "kamisado-files 1\nnot a digest 3 a.txt\n");
  EXPECT_NE(error_of([&] { io::FolderWrite w(dir.string(), "test"); }).find("is damaged (line 2)"), std::string::npos);
  write_bytes(dir / ".kamisado-files", "something else\n");
  EXPECT_NE(error_of([&] { io::FolderWrite w(dir.string(), "test"); }).find("is damaged"), std::string::npos);
}
