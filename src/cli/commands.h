// Each subcommand registers itself on the app and, when chosen, sets the action to run.
// Only the CLI's own files include this header (and so CLI11).
#pragma once

#include <functional>
#include <iosfwd>

#include <CLI/CLI.hpp>

#include "cli/app.h"

namespace kamisado::cli {

struct Io {
  std::ostream& out;
  std::ostream& err;
};

// The chosen subcommand's work; returns the exit code. Errors in the user's input are thrown
// as UsageError, NotationError or IllegalMove and become one line and exit code 2.
using Action = std::function<int(Io&)>;

// A seed: a whole number of 0 or more (CLI11 would wrap a negative one into a huge seed).
inline const CLI::Validator kSeed(
    [](std::string& value) -> std::string {
      if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos) return "a seed is a whole number, 0 or more";
      return "";
    },
    "SEED");

void add_show(CLI::App& app, Action& action);
void add_moves(CLI::App& app, Action& action);
void add_perft(CLI::App& app, Action& action);
void add_play(CLI::App& app, Action& action);
void add_bench(CLI::App& app, Action& action);
void add_selfcheck(CLI::App& app, Action& action);
void add_conform(CLI::App& app, Action& action);
void add_corpus(CLI::App& app, Action& action);
void add_verify(CLI::App& app, Action& action);
void add_solve(CLI::App& app, Action& action);
void add_check_proof(CLI::App& app, Action& action);
void add_solve_bench(CLI::App& app, Action& action);
void add_opening(CLI::App& app, Action& action);
void add_retro(CLI::App& app, Action& action);
void add_puzzles(CLI::App& app, Action& action);
void add_puzzle_publish(CLI::App& puzzles, Action& action);  // a subcommand of puzzles

}  // namespace kamisado::cli
