// kamisado show <kfen> [--svg FILE]: the board in words, or as a picture.
#include <ostream>

#include <nlohmann/json.hpp>

#include "cli/board_svg.h"
#include "cli/commands.h"
#include "cli/output.h"
#include "kamisado/kfen.h"

namespace kamisado::cli {

void add_show(CLI::App& app, Action& action) {
  struct Options {
    std::string kfen, svg;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("show", "Show a position: the board, whose turn, the status");
  cmd->footer("Example: kamisado show \"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -\" --svg start.svg");
  cmd->add_option("kfen", opt->kfen, "The position in KFEN")->required();
  cmd->add_option("--svg", opt->svg, "Also draw the board into this SVG file");
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      Position pos = parse_kfen(opt->kfen);
      if (!opt->svg.empty()) write_file_atomically(opt->svg, board_svg(pos));
      if (opt->json) {
        nlohmann::json j = position_json(pos);
        if (!opt->svg.empty()) j["svg"] = opt->svg;
        io.out << j.dump(2) << "\n";
      } else {
        io.out << board_text(pos) << "\n" << to_kfen(pos) << "\n" << status_line(pos) << "\n";
        if (!opt->svg.empty()) io.out << "wrote " << opt->svg << "\n";
      }
      return kOk;
    };
  });
}

}  // namespace kamisado::cli
