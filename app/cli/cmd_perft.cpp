// kamisado perft <depth> [--kfen K] [--divide]: count the leaves of the game tree.
#include <fmt/format.h>

#include "cli/commands.h"
#include "kamisado/kfen.h"
#include "kamisado/perft.h"

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
  io::Progress progress(io.lines());
  // Counted one first move at a time, for --divide and for the progress line.
  std::vector<DivideEntry> entries;
  std::uint64_t total = opt.depth == 0 ? 1 : 0;
  if (opt.depth > 0)
    entries = divide(pos, opt.depth, [&](std::size_t done, std::size_t of, std::uint64_t leaves) {
      progress.tick(
          [&] { return fmt::format("perft {}: {}/{} first moves, {} leaves so far, {:.1f} s", opt.depth, done, of, leaves, progress.elapsed()); });
    });
  for (const DivideEntry& e : entries) total += e.nodes;
  double seconds = progress.elapsed(), rate = seconds > 0 ? double(total) / seconds : 0;
  nlohmann::json j = {{"kfen", to_kfen(pos)}, {"depth", opt.depth}, {"nodes", total}, {"seconds", seconds}, {"nodes_per_second", rate}};
  std::string text;
  if (opt.divide) {
    j["divide"] = nlohmann::json::object();
    for (const DivideEntry& e : entries) j["divide"][to_string(e.move)] = e.nodes, text += fmt::format("{}: {}\n", to_string(e.move), e.nodes);
    text += fmt::format("{} first moves\n", entries.size());
  }
  return io.print(j, text + fmt::format("perft {}: {} ({:.3f} s, {:.1f} M nodes/s)\n", opt.depth, total, seconds, rate / 1e6));
}

}  // namespace

void add_perft(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<PerftOptions>(app, action, kPerftText, perft);
  cmd->add_option("depth", opt->depth, "How many plies to look ahead (0-30)")->required()->check(CLI::Range(0, 30));
  cmd->add_option("--kfen", opt->kfen, "The position to start from (default: the standard start)");
  cmd->add_flag("--divide", opt->divide, "Also give the count under each legal first move");
}

}  // namespace kamisado::cli
