// A progress line on stderr for work that runs longer than a second or two: silent for short
// runs, then at most one line a second.
#pragma once

#include <chrono>
#include <ostream>
#include <string>

namespace kamisado::cli {

// A bar of 30 characters for a fraction done: [#########.....................].
inline std::string progress_bar(double fraction) {
  fraction = fraction < 0 ? 0 : fraction > 1 ? 1 : fraction;
  int full = int(fraction * 30 + 0.5);
  return "[" + std::string(std::size_t(full), '#') + std::string(std::size_t(30 - full), '.') + "]";
}

class Progress {
 public:
  explicit Progress(std::ostream& err) : err_(err), start_(Clock::now()), last_(start_) {}

  double elapsed() const { return seconds_since(start_); }

  // `line` is built only when it is due.
  template <class MakeLine>
  void tick(MakeLine make_line) {
    auto now = Clock::now();
    if (seconds_since(start_) < 2.0 || std::chrono::duration<double>(now - last_).count() < 1.0)
      return;
    last_ = now;
    err_ << make_line() << std::endl;
    shown_ = true;
  }
  bool shown() const { return shown_; }

 private:
  using Clock = std::chrono::steady_clock;
  static double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
  }
  std::ostream& err_;
  Clock::time_point start_, last_;
  bool shown_ = false;
};

}  // namespace kamisado::cli
