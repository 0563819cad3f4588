// What every subcommand shares, written once: a command file holds its options, one library
// call and what it prints. command<Options>() registers a subcommand with --json, and when it
// is chosen runs `run(options, io)`; with Needs::CtrlC, Ctrl-C (and SIGTERM) only raises
// io.stop for the run (the libraries poll it and throw Stopped). The option helpers give the options that
// recur (a KFEN, --hash, --seed, --report, an output file) one spelling and one check.
// Only the CLI's own files include this header (and so CLI11).
#pragma once

#include <atomic>
#include <functional>
#include <iosfwd>
#include <memory>
#include <ostream>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "app/cli/app.h"
#include "app/present/answer.h"
#include "src/io/progress.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/position.h"

namespace kamisado::cli {

// A bad argument or path: one line, exit code 2.
using UsageError = InputError;

struct Io {
  std::ostream& out;
  std::ostream& err;
  bool json = false;                        // --json: print one JSON object
  const std::atomic<bool>* stop = nullptr;  // raised by Ctrl-C, for commands that asked for it
  // Progress lines on stderr.
  io::Lines lines() const {
    return [this](const std::string& line) { err << line << std::endl; };
  }
  // The JSON object with --json, else the text.
  int print(const nlohmann::json& j, const std::string& text, int code = kOk) const {
    out << (json ? j.dump(2) + "\n" : text);
    return code;
  }
  // An answer, with the exit code its status gives, or `code`.
  int print(const present::Answer& a) const { return print(a.json, a.text, exit_code(a.status)); }
  int print(const present::Answer& a, int code) const { return print(a.json, a.text, code); }
  static int exit_code(present::Status s) {
    return s == present::Status::Ok ? kOk : s == present::Status::Failed ? kInternalError : s == present::Status::Disagrees ? kDisagrees : kStopped;
  }
};

// The chosen subcommand's work; returns the exit code. InputError becomes one line and exit
// code 2, Stopped one line and kStopped (app.cpp).
using Action = std::function<int(Io&)>;

// CtrlC: Ctrl-C or SIGTERM raises io.stop during the run; OwnJson: the command's own --json names
// a file, so it has no --json flag.
enum class Needs { Nothing, CtrlC, OwnJson };

// What --help says of a command: its name, one line, and the footer that teaches (what it
// does, its rules and an example). Each command file states these first.
struct CommandText {
  std::string name, about, footer;
};

CLI::App* add_command(CLI::App& parent, Action& action, const CommandText& text, std::function<int(Io&)> run, Needs needs, bool* json);

template <class Options>
std::pair<CLI::App*, std::shared_ptr<Options>> command(CLI::App& parent, Action& action, const CommandText& text, int (*run)(const Options&, Io&),
                                                       Needs needs = Needs::Nothing) {
  auto opt = std::make_shared<Options>();
  auto json = std::make_shared<bool>(false);
  CLI::App* cmd = add_command(
      parent, action, text, [opt, json, run](Io& io) { return io.json = *json, run(*opt, io); }, needs, json.get());
  return {cmd, opt};
}

// The recurring options.
void kfen_argument(CLI::App* cmd, std::string& kfen, const std::string& what = "The position in KFEN");
CLI::Option* hash_option(CLI::App* cmd, std::size_t& mb, const std::string& extra = "");
void seed_option(CLI::App* cmd, std::uint64_t& seed, const std::string& of_what);
void threads_option(CLI::App* cmd, int& threads, const std::string& for_what);
void book_option(CLI::App* cmd, std::vector<std::string>& paths, bool& check);  // --book, --check-book (serve/book_files.h)
void time_option(CLI::App* cmd, double& seconds);
// A finite number of seconds from `least` to `most` (NaN and infinities refused).
CLI::Validator seconds_between(double least, double most);
// An output file, refused at once if it could not be written (a folder, a missing folder).
CLI::Option* output_option(CLI::App* cmd, const std::string& name, std::string& path, const std::string& help);
inline CLI::Option* report_option(CLI::App* cmd, std::string& path) {
  return output_option(cmd, "--report", path, "Write the results as Markdown to FILE");
}

}  // namespace kamisado::cli
