// kamisado moves <kfen>: every legal move, the forced pass included.
#include "app/cli/commands.h"
#include "app/present/rules_commands.h"
#include "src/kamisado/kfen.h"

namespace kamisado::cli {

namespace {

const CommandText kMovesText{"moves", "List the legal moves of a position",
                             "A blocked designated tower has the single move 'pass' (M6). Moves that end the round are\n"
                             "marked: '#' wins on the home row (M7), 'x' loses it by deadlock (M8).\n"
                             "Example: kamisado moves \"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -\""};

struct MovesOptions {
  std::string kfen;
};

int moves(const MovesOptions& opt, Io& io) {
  Position pos = parse_kfen(opt.kfen);
  return io.print(present::moves_answer(pos));
}

}  // namespace

void add_moves(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<MovesOptions>(app, action, kMovesText, moves);
  kfen_argument(cmd, opt->kfen);
}

}  // namespace kamisado::cli
