#include "src/conform/engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <thread>

#include <vector>

namespace kamisado::conform {

namespace {
constexpr std::size_t kMaxLine = 1 << 20;  // a reply longer than this is garbage
}

EngineProcess::EngineProcess(const std::string& command) {
  // A write to an engine that has died must fail with EPIPE, not kill the harness.
  std::signal(SIGPIPE, SIG_IGN);
  int in[2], out[2];
  if (pipe(in) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  if (pipe(out) != 0) {
    close(in[0]), close(in[1]);
    throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  }
  char name[] = "/tmp/kamisado-engine-stderr-XXXXXX";
  stderr_file_ = mkstemp(name);
  if (stderr_file_ >= 0) unlink(name), fcntl(stderr_file_, F_SETFD, FD_CLOEXEC);
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  if (pid_ == 0) {
    setpgid(0, 0);
    dup2(in[0], STDIN_FILENO);
    dup2(out[1], STDOUT_FILENO);
    int err = stderr_file_ >= 0 ? stderr_file_ : open("/dev/null", O_WRONLY);
    if (err >= 0) dup2(err, STDERR_FILENO);
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  setpgid(pid_, pid_);  // as the child does: whichever runs first
  close(in[0]);
  close(out[1]);
  to_engine_ = in[1];
  from_engine_ = out[0];
  fcntl(to_engine_, F_SETFD, FD_CLOEXEC);
  fcntl(from_engine_, F_SETFD, FD_CLOEXEC);
}

EngineProcess::~EngineProcess() { stop(); }

// Called when the engine's pipe has closed: the process has exited or is about to, so wait for
// it a little (up to a second) to tell how it ended.
std::string EngineProcess::how_it_ended() {
  for (int i = 0; i < 100 && pid_ > 0; ++i) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return WIFEXITED(status) ? "exited with status " + std::to_string(WEXITSTATUS(status))
                               : "was killed by signal " + std::to_string(WTERMSIG(status));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return "closed its pipes";
}

void EngineProcess::stop() {
  if (pid_ <= 0) return;
  if (to_engine_ >= 0) {
    (void)!write(to_engine_, "quit\n", 5);
    close(to_engine_);
    to_engine_ = -1;
  }
  // A polite engine quits at once; give it a moment, then kill it.
  for (int i = 0; i < 20; ++i) {
    if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
      pid_ = -1;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (pid_ > 0) {
    kill(-pid_, SIGKILL);  // the whole group: the shell and the engine it started
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  if (from_engine_ >= 0) close(from_engine_), from_engine_ = -1;
  if (stderr_file_ >= 0) close(stderr_file_), stderr_file_ = -1;
}

std::string EngineProcess::with_stderr(const std::string& what) const {
  if (stderr_file_ < 0) return what;
  char tail[400];
  off_t size = lseek(stderr_file_, 0, SEEK_END);
  off_t from = size > off_t(sizeof tail) ? size - off_t(sizeof tail) : 0;
  ssize_t n = size > 0 ? pread(stderr_file_, tail, std::size_t(size - from), from) : 0;
  std::vector<std::string> lines;
  std::string line;
  for (ssize_t i = 0; i < n; ++i) {
    if (tail[i] == '\n')
      lines.push_back(line), line.clear();
    else if (tail[i] != '\r')
      line += tail[i];
  }
  if (!line.empty()) lines.push_back(line);
  std::string text;
  for (std::size_t i = lines.size() > 5 ? lines.size() - 5 : 0; i < lines.size(); ++i)
    if (!lines[i].empty()) text += (text.empty() ? "" : " | ") + lines[i];
  return text.empty() ? what : what + "; its stderr ended: " + text;
}

std::string EngineProcess::request(const std::string& line, double timeout_seconds) {
  try {
    std::string data = line + "\n";
    std::size_t sent = 0;
    while (sent < data.size()) {
      ssize_t n = write(to_engine_, data.data() + sent, data.size() - sent);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) throw EngineFailure(EngineFailure::Kind::Exited, "the engine " + how_it_ended() + " before '" + line + "'");
      sent += std::size_t(n);
    }
    return read_line(timeout_seconds, line);
  } catch (const EngineFailure& e) {
    throw EngineFailure(e.kind, with_stderr(e.what()));
  }
}

std::string EngineProcess::read_line(double timeout_seconds, const std::string& for_command) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_seconds);
  for (;;) {
    if (std::size_t eol = buffer_.find('\n'); eol != std::string::npos) {
      std::string reply = buffer_.substr(0, eol);
      buffer_.erase(0, eol + 1);
      if (!reply.empty() && reply.back() == '\r') reply.pop_back();
      return reply;
    }
    if (buffer_.size() > kMaxLine) throw EngineFailure(EngineFailure::Kind::Garbled, "a reply to '" + for_command + "' longer than 1 MiB");
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0)
      throw EngineFailure(EngineFailure::Kind::Timeout, "no reply to '" + for_command + "' within " + std::to_string(timeout_seconds) + " s");
    pollfd p{from_engine_, POLLIN, 0};
    int r = poll(&p, 1, int(left.count()));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) continue;  // the deadline check above ends the wait
    char chunk[4096];
    ssize_t n = read(from_engine_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw EngineFailure(EngineFailure::Kind::Exited, "the engine " + how_it_ended() + " on '" + for_command + "'");
    buffer_.append(chunk, std::size_t(n));
  }
}

}  // namespace kamisado::conform
