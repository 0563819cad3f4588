// Progress on work that runs longer than a second or two: silent for short runs, then at most
// one line a second. A library function takes a Lines sink (a command passes one that writes
// to stderr; a test passes none) and paces what it says with a Progress.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

namespace kamisado::io {

// Where progress lines and notes go; may be empty (then nothing is said).
using Lines = std::function<void(const std::string&)>;

// Seconds since `t`, for timing the phases of a run.
inline double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// A bar of 30 characters for a fraction done: [#########.....................].
inline std::string progress_bar(double fraction) {
  fraction = fraction < 0 ? 0 : fraction > 1 ? 1 : fraction;
  int full = int(fraction * 30 + 0.5);
  return "[" + std::string(std::size_t(full), '#') + std::string(std::size_t(30 - full), '.') + "]";
}

// What is left of work `done` of `total` after `seconds`, at the rate so far: "about 1 h 05 min
// left", "about 40 s left"; empty before anything is done.
inline std::string time_left(double seconds, std::uint64_t done, std::uint64_t total) {
  if (done == 0 || done >= total) return "";
  const auto left = std::uint64_t(seconds * double(total - done) / double(done) + 0.5);
  const std::string when = left >= 3600
                               ? std::to_string(left / 3600) + " h " + (left % 3600 / 60 < 10 ? "0" : "") + std::to_string(left % 3600 / 60) + " min"
                           : left >= 60 ? std::to_string(left / 60) + " min"
                                        : std::to_string(left) + " s";
  return "about " + when + " left";
}

class Progress {
 public:
  explicit Progress(Lines sink) : sink_(std::move(sink)), start_(Clock::now()), last_(start_) {}

  double elapsed() const { return io::seconds_since(start_); }

  // `make_line` is called only when a line is due.
  template <class MakeLine>
  void tick(MakeLine make_line) {
    if (!sink_) return;
    auto now = Clock::now();
    if (io::seconds_since(start_) < 2.0 || std::chrono::duration<double>(now - last_).count() < 1.0) return;
    last_ = now;
    sink_(make_line());
  }
  // "what [####......] done of total unit" (the unit may be empty), when a line is due: the line
  // of work counted to a known end. Given when the count began (`since`, seconds of elapsed()),
  // the time left at its pace so far too.
  void count(const std::string& what, std::uint64_t done, std::uint64_t total, const std::string& unit = "", double since = -1) {
    tick([&] {
      const std::string left = since < 0 ? "" : time_left(elapsed() - since, done, total);
      return what + " " + progress_bar(total ? double(done) / double(total) : 0) + " " + std::to_string(done) + " of " + std::to_string(total) +
             (unit.empty() ? "" : " " + unit) + (left.empty() ? "" : ", " + left);
    });
  }
  // A line said at once (a phase begins).
  void note(const std::string& line) const {
    if (sink_) sink_(line);
  }

 private:
  using Clock = std::chrono::steady_clock;
  Lines sink_;
  Clock::time_point start_, last_;
};

}  // namespace kamisado::io
