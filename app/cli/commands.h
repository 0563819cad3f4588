// The subcommands: each registers itself on the app (cli/command.h) and, when chosen, sets the
// action to run.
#pragma once

#include "app/cli/command.h"

namespace kamisado::cli {

// Each registers one subcommand (its cmd_*.cpp).
using AddCommand = void(CLI::App& app, Action& action);
AddCommand add_show, add_moves, add_perft, add_play, add_bench, add_selfcheck, add_conform, add_corpus, add_engine, add_verify, add_solve,
    add_check_proof, add_solve_bench, add_match_report, add_opening, add_census, add_retro, add_puzzles, add_starts, add_serve, add_serve_bench;

// In the order --help lists them.
inline constexpr AddCommand* kCommands[] = {add_show,    add_moves,       add_play,        add_perft,        add_bench,       add_selfcheck,
                                            add_conform, add_corpus,      add_engine,      add_serve,        add_serve_bench, add_verify,
                                            add_solve,   add_check_proof, add_solve_bench, add_match_report, add_opening,     add_census,
                                            add_retro,   add_puzzles,     add_starts};

}  // namespace kamisado::cli
