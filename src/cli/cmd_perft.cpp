// kamisado perft <depth> [--kfen K] [--divide]: count the leaves of the game tree.
#include <ostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/output.h"
#include "cli/progress.h"
#include "kamisado/kfen.h"
#include "kamisado/movegen.h"
#include "kamisado/perft.h"

namespace kamisado::cli {

void add_perft(CLI::App& app, Action& action) {
  struct Options {
    int depth = 0;
    std::string kfen{kStartKfen};
    bool divide = false, json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("perft", "Count the leaves of the game tree to a depth");
  cmd->footer(
      "Conventions (rules.md §7): a forced pass is a node; a move that wins (M7) or causes a\n"
      "deadlock (M8) is a leaf, at whatever depth it stands. From the start: 102 1150 11182\n"
      "105078 902410 for depths 1-5.\n"
      "Example: kamisado perft 5 --divide");
  cmd->add_option("depth", opt->depth, "How many plies to look ahead (0-30)")
      ->required()
      ->check(CLI::Range(0, 30));
  cmd->add_option("--kfen", opt->kfen, "The position to start from (default: the standard start)");
  cmd->add_flag("--divide", opt->divide, "Also give the count under each legal first move");
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      Position pos = parse_kfen(opt->kfen);
      Progress progress(io.err);
      // Counted one first move at a time, for --divide and for the progress line.
      std::vector<DivideEntry> entries;
      std::uint64_t total = 0;
      if (opt->depth == 0) {
        total = 1;
      } else {
        MoveList moves;
        generate_moves(pos, moves);
        for (std::size_t i = 0; i < moves.size(); ++i) {
          Position child = pos.after(moves[i]);
          std::uint64_t n = child.outcome().over() ? 1 : perft(child, opt->depth - 1);
          entries.push_back({moves[i], n});
          total += n;
          progress.tick([&] {
            return fmt::format("perft {}: {}/{} first moves, {} leaves, {:.1f} s", opt->depth,
                               i + 1, moves.size(), total, progress.elapsed());
          });
        }
      }
      double seconds = progress.elapsed();
      double rate = seconds > 0 ? double(total) / seconds : 0;
      if (opt->json) {
        nlohmann::json j = {{"kfen", to_kfen(pos)}, {"depth", opt->depth}, {"nodes", total},
                            {"seconds", seconds}, {"nodes_per_second", rate}};
        if (opt->divide) {
          nlohmann::json d = nlohmann::json::object();
          for (const DivideEntry& e : entries) d[to_string(e.move)] = e.nodes;
          j["divide"] = d;
        }
        io.out << j.dump(2) << "\n";
      } else {
        if (opt->divide) {
          for (const DivideEntry& e : entries) io.out << fmt::format("{}: {}\n", to_string(e.move), e.nodes);
          io.out << fmt::format("{} first moves\n", entries.size());
        }
        io.out << fmt::format("perft {}: {} ({:.3f} s, {:.1f} M nodes/s)\n", opt->depth, total,
                              seconds, rate / 1e6);
      }
      return kOk;
    };
  });
}

}  // namespace kamisado::cli
