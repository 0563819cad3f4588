// Ctrl-C for long runs: while a CtrlC guard lives, SIGINT only raises a flag that the
// search, build or generator polls (their `stop`), so they end cleanly with what they have;
// the previous handler is restored when the guard goes, on every path out, exceptions included.
// One run at a time holds it (a command of the CLI, a call into the Python module from the main
// thread), so one flag serves them all.
#pragma once

#include <atomic>
#include <csignal>

namespace kamisado::run {

inline std::atomic<bool> g_ctrl_c{false};
extern "C" inline void on_ctrl_c(int) { g_ctrl_c = true; }

class CtrlC {
 public:
  CtrlC() : previous_(std::signal(SIGINT, on_ctrl_c)) { g_ctrl_c = false; }
  ~CtrlC() { std::signal(SIGINT, previous_); }
  CtrlC(const CtrlC&) = delete;
  CtrlC& operator=(const CtrlC&) = delete;

  const std::atomic<bool>* flag() const { return &g_ctrl_c; }
  bool pressed() const { return g_ctrl_c.load(); }

 private:
  void (*previous_)(int);
};

}  // namespace kamisado::run
