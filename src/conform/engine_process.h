// Another Kamisado engine, run as a child process and spoken to one line at a time over its
// stdin and stdout (the protocol is in the README, "Checking another implementation").
//
// Nothing the engine does can hang or crash the harness: every reply has a deadline, an engine
// that exits or closes its output is noticed, and the process is killed when we are done.
#pragma once

#include <sys/types.h>
#include <string>

#include "src/conform/engine.h"  // EngineFailure

namespace kamisado::conform {

class EngineProcess {
 public:
  // Starts `command` with /bin/sh -c, in a process group of its own (so that the engine dies
  // with its shell). Its stderr goes to a temporary file, whose last lines a failure quotes.
  explicit EngineProcess(const std::string& command);
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // Sends one line and returns the one-line reply, within `timeout_seconds`. A failure's message
  // ends with the last lines the engine wrote to stderr, if any.
  std::string request(const std::string& line, double timeout_seconds);

  // `what`, and the last lines of the engine's stderr (up to 5 lines, 400 characters).
  std::string with_stderr(const std::string& what) const;

 private:
  std::string read_line(double timeout_seconds, const std::string& for_command);
  void stop();
  std::string how_it_ended();

  pid_t pid_ = -1;
  int to_engine_ = -1;
  int from_engine_ = -1;
  int stderr_file_ = -1;
  std::string buffer_;
};

}  // namespace kamisado::conform
