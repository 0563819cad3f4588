// The subcommands: each registers itself on the app (cli/command.h) and, when chosen, sets the
// action to run.
#pragma once

#include "app/cli/command.h"

namespace kamisado::cli {

void add_show(CLI::App& app, Action& action);
void add_moves(CLI::App& app, Action& action);
void add_perft(CLI::App& app, Action& action);
void add_play(CLI::App& app, Action& action);
void add_bench(CLI::App& app, Action& action);
void add_selfcheck(CLI::App& app, Action& action);
void add_conform(CLI::App& app, Action& action);
void add_corpus(CLI::App& app, Action& action);
void add_engine(CLI::App& app, Action& action);
void add_verify(CLI::App& app, Action& action);
void add_solve(CLI::App& app, Action& action);
void add_check_proof(CLI::App& app, Action& action);
void add_solve_bench(CLI::App& app, Action& action);
void add_match_report(CLI::App& app, Action& action);
void add_opening(CLI::App& app, Action& action);
void add_census(CLI::App& app, Action& action);
void add_retro(CLI::App& app, Action& action);
void add_puzzles(CLI::App& app, Action& action);
void add_starts(CLI::App& app, Action& action);
void add_serve(CLI::App& app, Action& action);
void add_serve_bench(CLI::App& app, Action& action);

// In the order --help lists them.
inline constexpr void (*kCommands[])(CLI::App&, Action&) = {
    add_show,        add_moves,        add_play,    add_perft,       add_bench,  add_selfcheck, add_conform,
    add_corpus,      add_engine,       add_serve,   add_serve_bench, add_verify, add_solve,     add_check_proof,
    add_solve_bench, add_match_report, add_opening, add_census,      add_retro,  add_puzzles,   add_starts};

}  // namespace kamisado::cli
