// kamisado show <kfen> [--svg FILE]: the board in words, or as a picture.
#include "app/cli/commands.h"
#include "app/present/rules_commands.h"
#include "src/io/board_svg.h"
#include "src/io/files.h"
#include "src/kamisado/kfen.h"

namespace kamisado::cli {

namespace {

const CommandText kShowText{"show", "Show a position: the board, whose turn, the status",
                            "Example: kamisado show \"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -\" --svg start.svg"};

struct ShowOptions {
  std::string kfen, svg;
};

int show(const ShowOptions& opt, Io& io) {
  Position pos = parse_kfen(opt.kfen);
  if (!opt.svg.empty()) io::write_file_atomically(opt.svg, io::board_svg(pos));
  return io.print(present::show_answer(pos, opt.svg));
}

}  // namespace

void add_show(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<ShowOptions>(app, action, kShowText, show);
  kfen_argument(cmd, opt->kfen);
  output_option(cmd, "--svg", opt->svg, "Also draw the board into this SVG file");
}

}  // namespace kamisado::cli
