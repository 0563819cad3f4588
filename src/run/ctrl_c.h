// Ctrl-C for long runs: while a CtrlC guard lives, SIGINT only raises a flag that the
// search, build or generator polls (their `stop`), so they end cleanly with what they have;
// the previous handler is restored when the guard goes, on every path out, exceptions included.
// A command line's guard takes SIGTERM the same way (`and_sigterm`): what a batch system or a
// service manager sends to stop a run (Slurm's time limit, systemd) ends it as Ctrl-C does, its
// checkpoint written; the Python module keeps Python's own SIGTERM.
// One run at a time holds it (a command of the CLI, a call into the Python module from the main
// thread), so one flag serves them all.
//
// sigaction, not std::signal: the previous action comes back exactly as it was, flags included.
// Python installs its handler without SA_RESTART, so that a blocking read returns at Ctrl-C and
// raises KeyboardInterrupt; put back by std::signal it would come back with SA_RESTART, and an
// input() after a search would no longer be interrupted.
#pragma once

#include <atomic>
#include <csignal>

namespace kamisado::run {

inline std::atomic<bool> g_ctrl_c{false};
extern "C" inline void on_ctrl_c(int) { g_ctrl_c = true; }

class CtrlC {
 public:
  explicit CtrlC(bool and_sigterm = false) : and_sigterm_(and_sigterm) {
    struct sigaction ours = {};
    ours.sa_handler = on_ctrl_c;
    sigemptyset(&ours.sa_mask);
    ours.sa_flags = SA_RESTART;  // the run's own reads and writes go on; only the flag is raised
    g_ctrl_c = false;
    sigaction(SIGINT, &ours, &previous_);
    if (and_sigterm_) sigaction(SIGTERM, &ours, &previous_term_);
  }
  ~CtrlC() {
    sigaction(SIGINT, &previous_, nullptr);
    if (and_sigterm_) sigaction(SIGTERM, &previous_term_, nullptr);
  }
  CtrlC(const CtrlC&) = delete;
  CtrlC& operator=(const CtrlC&) = delete;

  const std::atomic<bool>* flag() const { return &g_ctrl_c; }
  bool pressed() const { return g_ctrl_c.load(); }

 private:
  bool and_sigterm_;
  struct sigaction previous_ = {}, previous_term_ = {};
};

}  // namespace kamisado::run
