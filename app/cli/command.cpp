#include "app/cli/command.h"

#include <charconv>
#include <cmath>
#include <optional>

#include <fmt/format.h>

#include "solver/search/solve.h"  // the bounds of --time and --hash
#include "src/io/files.h"
#include "src/run/ctrl_c.h"

namespace kamisado::cli {

CLI::App* add_command(CLI::App& parent, Action& action, const CommandText& text, std::function<int(Io&)> run, Needs needs, bool* json) {
  CLI::App* cmd = parent.add_subcommand(text.name, text.about);
  cmd->footer(text.footer);
  if (needs != Needs::OwnJson) cmd->add_flag("--json", *json, "Print one JSON object");
  cmd->callback([&action, run, needs] {
    action = [run, needs](Io& io) {
      std::optional<run::CtrlC> ctrl_c;
      if (needs == Needs::CtrlC) io.stop = ctrl_c.emplace(true).flag();  // SIGTERM too
      return run(io);
    };
  });
  return cmd;
}

void kfen_argument(CLI::App* cmd, std::string& kfen, const std::string& what) { cmd->add_option("kfen", kfen, what)->required(); }

CLI::Option* hash_option(CLI::App* cmd, std::size_t& mb, const std::string& extra) {
  return cmd->add_option("--hash", mb, fmt::format("Transposition table size in MB{} (default {})", extra, mb))
      ->check(CLI::Range(solver::TranspositionTable::kLeastMegabytes, solver::TranspositionTable::kMostMegabytes));
}

void book_option(CLI::App* cmd, std::vector<std::string>& paths, bool& check) {
  cmd->add_option("--book,--tables", paths, "What is proved: *.book, puzzles.db, *.starts, *.retro, or folders (default reports/; 'none')");
  cmd->add_flag("--check-book", check, "Prove the book's claims on load, refusing a file found wrong (docs/formats.md)");
}

void seed_option(CLI::App* cmd, std::uint64_t& seed, const std::string& of_what) {
  // A whole number that fits 64 bits: CLI11 would wrap a negative one, or one past 2^64 - 1.
  static const CLI::Validator kSeed(
      [](std::string& value) -> std::string {
        std::uint64_t v = 0;
        auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
        if (value.empty() || ec != std::errc() || end != value.data() + value.size())
          return "a seed is a whole number from 0 to 18446744073709551615";
        return "";
      },
      "SEED");
  cmd->add_option("--seed", seed, fmt::format("Seed of {} (default {})", of_what, seed))->check(kSeed);
}

void threads_option(CLI::App* cmd, int& threads, const std::string& for_what) {
  cmd->add_option("--threads", threads, fmt::format("Threads for {} (default {})", for_what, threads))->check(CLI::Range(1, 256));
}

CLI::Validator seconds_between(double least, double most) {
  // CLI11's Range lets NaN through (every comparison with it is false): a number of seconds
  // must be a finite number in the range.
  return CLI::Validator(
      [least, most](std::string& value) -> std::string {
        double v = 0;
        auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
        if (value.empty() || ec != std::errc() || end != value.data() + value.size() || !std::isfinite(v) || v < least || v > most)
          return fmt::format("'{}' is not a number of seconds from {} to {}", value, least, most);
        return "";
      },
      "SECONDS");
}

void time_option(CLI::App* cmd, double& seconds) {
  cmd->add_option("--time", seconds, "Stop after this many seconds (default: no limit)")->check(seconds_between(0.0, solver::kMostSeconds));
}

CLI::Option* output_option(CLI::App* cmd, const std::string& name, std::string& path, const std::string& help) {
  static const CLI::Validator kWritable(
      [](std::string& value) -> std::string {
        try {
          io::check_writable(value);
        } catch (const InputError& e) {
          return e.what();
        }
        return "";
      },
      "FILE");
  return cmd->add_option(name, path, help)->check(kWritable);
}

}  // namespace kamisado::cli
