// kamisado retro probe|stats: a retrograde table looked up (solver/retro/retro_table.h): one
// position's value, distance and optimal moves, or the table counted by value and distance.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/commands.h"
#include "kamisado/kfen.h"
#include "solver/bench/retro_bench.h"

namespace kamisado::cli {

namespace {

const std::string kExampleRoot = "\"o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O\"";

const CommandText kProbeText{"probe", "Look a position up in a table: value, distance, every optimal move",
                             "The value is for the side to move. The optimal moves are every fastest win, or in a lost\n"
                             "position every longest defence; each is shown with the distance it keeps.\n"
                             "Example: kamisado retro probe late.retro " +
                                 kExampleRoot};

const CommandText kStatsText{"stats", "Count a table's positions by value and distance", "Example: kamisado retro stats late.retro"};

struct ProbeOptions {
  std::string table, kfen;
};

int probe(const ProbeOptions& opt, Io& io) {
  solver::RetroTable table = solver::load_retro_table(opt.table);
  Position pos = parse_kfen(opt.kfen);
  auto v = table.probe(pos);
  if (!v) throw UsageError("the position is not in the table (not reachable from its root " + table.root_kfen() + " inside its round)");
  std::vector<std::string> names;
  for (Move m : solver::optimal_moves(table, pos)) names.push_back(to_string(m));
  Side winner = v->win ? pos.side_to_move() : ~pos.side_to_move();
  return io.print({{"kfen", to_kfen(pos)},
                   {"side_to_move", side_id(pos.side_to_move())},
                   {"value", v->win ? "win" : "loss"},
                   {"winner", side_id(winner)},
                   {"distance", v->distance},
                   {"optimal_moves", names}},
                  fmt::format("{} to move {}: {} wins in {} plies\n{}{}\n", side_name(pos.side_to_move()), v->win ? "wins" : "loses",
                              side_name(winner), v->distance, v->win ? "fastest wins: " : "longest defences: ", fmt::join(names, " ")));
}

struct StatsOptions {
  std::string table;
};

int stats(const StatsOptions& opt, Io& io) {
  solver::RetroFileInfo info;
  solver::RetroTable table = solver::load_retro_table(opt.table, &info);
  auto by_distance = solver::count_by_distance(table);
  std::uint64_t wins = 0;
  nlohmann::json rows = nlohmann::json::array();
  std::string text;
  for (auto& [d, n] : by_distance) {
    wins += n[1];
    rows.push_back({{"distance", d}, {"wins", n[1]}, {"losses", n[0]}});
    text += fmt::format("{:>8} {:>9} {:>9}\n", d, n[1], n[0]);
  }
  solver::RetroValue root = *table.probe(table.root());
  return io.print({{"root", table.root_kfen()},
                   {"positions", table.size()},
                   {"wins", wins},
                   {"losses", table.size() - wins},
                   {"root_value", {{"win", root.win}, {"distance", root.distance}}},
                   {"symmetries", table.frame().symmetries()},
                   {"file_bytes", info.stored_bytes},
                   {"by_distance", rows}},
                  fmt::format("root: {} ({} to move, {})\n", table.root_kfen(), side_name(table.root().side_to_move()), solver::value_text(root)) +
                      fmt::format("{} positions: {} won and {} lost by the side to move; file {:.1f} MB{}\n", table.size(), wins, table.size() - wins,
                                  double(info.stored_bytes) / 1048576, info.compressed ? " (zstd)" : "") +
                      "distance      wins    losses\n" + text);
}

}  // namespace

void add_retro_lookups(CLI::App& retro, Action& action) {
  auto [p, probe_opt] = command<ProbeOptions>(retro, action, kProbeText, probe);
  p->add_option("table", probe_opt->table, "The table file")->required();
  kfen_argument(p, probe_opt->kfen);
  auto [s, stats_opt] = command<StatsOptions>(retro, action, kStatsText, stats);
  s->add_option("table", stats_opt->table, "The table file")->required();
}

}  // namespace kamisado::cli
