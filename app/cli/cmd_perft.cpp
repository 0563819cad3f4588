// kamisado perft <depth> [--kfen K] [--divide]: count the leaves of the game tree.
#include "app/cli/commands.h"
#include "app/present/rules_commands.h"
#include "src/kamisado/kfen.h"

namespace kamisado::cli {

namespace {

const CommandText kPerftText{"perft", "Count the leaves of the game tree to a depth",
                             "Conventions (rules.md §7): a forced pass is a node; a move that wins (M7) or causes a\n"
                             "deadlock (M8) is a leaf, at whatever depth it stands. From the start: 102 1150 11182\n"
                             "105078 902410 for depths 1-5.\n"
                             "Example: kamisado perft 5 --divide"};

struct PerftOptions {
  int depth = 0;
  std::string kfen{kStartKfen};
  bool divide = false;
};

int perft(const PerftOptions& opt, Io& io) {
  Position pos = parse_kfen(opt.kfen);
  return io.print(present::perft_answer(pos, opt.depth, bench::count_perft(pos, opt.depth, io.lines()), opt.divide));
}

}  // namespace

void add_perft(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<PerftOptions>(app, action, kPerftText, perft);
  cmd->add_option("depth", opt->depth, "How many plies to look ahead (0-30)")->required()->check(CLI::Range(0, kMostPerftDepth));
  cmd->add_option("--kfen", opt->kfen, "The position to start from (default: the standard start)");
  cmd->add_flag("--divide", opt->divide, "Also give the count under each legal first move");
}

}  // namespace kamisado::cli
