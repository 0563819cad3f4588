#include "app/present/puzzles.h"

#include <filesystem>

#include <fmt/format.h>

#include "app/present/difficulty_plot.h"
#include "src/io/files.h"
#include "src/io/report.h"
#include "src/kamisado/kfen.h"

namespace kamisado::present {

using namespace kamisado::puzzles;

Answer puzzles_generate_answer(const std::string& db, int n, const GenerateRun& run) {
  const GenerateProgress& done = run.done;
  return {{{"db", db},
           {"accepted", done.accepted},
           {"games", done.games},
           {"tried", done.tried},
           {"screened", done.screened},
           {"seconds", run.seconds},
           {"per_minute", run.per_minute()},
           {"total", run.total},
           {"stopped", run.stopped},
           {"exhausted", done.exhausted}},
          fmt::format("{} new puzzles (win in {}) in {:.1f} s, {:.0f} a minute; {} games, {} positions tried; {} now holds {} (was {}){}\n",
                      done.accepted, n, run.seconds, run.per_minute(), done.games, done.tried, db, run.total, run.before,
                      run.stopped      ? " (stopped by Ctrl-C)"
                      : done.exhausted ? " (stopped: no new puzzle in 2000 games in a row; a theme that cannot occur at this N?)"
                                       : "")};
}

Answer no_puzzle_answer(const Position& pos) {
  return {{{"kfen", to_kfen(pos)}, {"puzzle", false}, {"reason", "the side to move does not win"}},
          fmt::format("no puzzle: {} to move does not win the round\n", side_name(pos.side_to_move()))};
}

Answer puzzles_export_answer(const ExportCounts& c) {
  std::string text;
  if (!c.json_file.empty()) text += fmt::format("{} puzzles written to {}\n", c.puzzles, c.json_file);
  if (!c.html_file.empty())
    text += fmt::format("{} puzzles written to the trainer {} ({} positions, every verdict proved, {:.1f} s{})\n", c.puzzles, c.html_file,
                        c.trainer.nodes, c.trainer.seconds, c.trainer.cut ? fmt::format("; {} follow only their main line", c.trainer.cut) : "");
  return {{{"puzzles", c.puzzles},
           {"json", c.json_file},
           {"html", c.html_file},
           {"trainer_positions", c.trainer.nodes},
           {"trainer_main_line_only", c.trainer.cut}},
          text};
}

Answer puzzles_publish_answer(const std::string& out, const Published& p) {
  return {{{"out", out},
           {"puzzles", p.puzzles},
           {"sumo", p.sumo},
           {"proof_nodes", p.proof_nodes},
           {"generate_seconds", p.generate_seconds},
           {"certificate_seconds", p.certificate_seconds}},
          fmt::format("{}: {} puzzles ({} with Sumo themes), {} certificates checked; generating took {:.1f} s, certificates {:.2f} s\n", out,
                      p.puzzles, p.sumo, p.puzzles, p.generate_seconds, p.certificate_seconds)};
}

Answer puzzle_bench_answer(const PuzzleBench& b) {
  nlohmann::json rows = nlohmann::json::array();
  std::string text;
  for (const PuzzleBenchRow& r : b.rows) {
    rows.push_back({{"what", r.what}, {"n", r.n}, {"accepted", r.accepted}, {"seconds", r.seconds}, {"per_minute", r.per_minute()}});
    text += fmt::format("{}: {} puzzles in {:.1f} s, {:.0f} a minute ({} games, {} positions tried)\n", r.what, r.accepted, r.seconds, r.per_minute(),
                        r.games, r.tried);
  }
  return {{{"rows", rows}, {"target_met", b.target_met()}},
          text + fmt::format("target >= 100 a minute for N <= 3: {}\n", b.target_met() ? "met" : "NOT met")};
}

namespace {
std::string plot_path(const std::string& report_path) {
  std::filesystem::path p(report_path);
  return (p.parent_path() / (p.stem().string() + "-difficulty.svg")).string();
}
}  // namespace

void write_puzzle_bench_report(const PuzzleBench& b, const std::string& report_path) {
  if (!b.options.collection.empty()) {
    io::check_writable(plot_path(report_path));
    io::write_file_atomically(plot_path(report_path), difficulty_svg(b.collection));
  }
  io::write_file_atomically(report_path, puzzle_bench_report(b, report_path));
}

std::string puzzle_bench_report(const PuzzleBench& b, const std::string& report_path) {
  const auto& o = b.options;
  io::Report md("Puzzle generation", fmt::format("kamisado puzzles bench --count {} --sumo-count {} --seed {}{} --report {}", o.count, o.sumo_count,
                                                 o.seed, o.collection.empty() ? "" : " --collection " + o.collection, report_path));
  md.paragraph(fmt::format("Each row generates new puzzles into an empty scratch collection: a proved win in exactly N of the winner's moves "
                           "with a unique key and at least two legal moves, from positions reached in seeded games between the alpha-beta players "
                           "(puzzles/generator.h), one per symmetry class. A position is screened by two bounded proof searches (a win within "
                           "N, none within N - 1) before its key is analysed. The time includes playing the games, the proofs and storing. "
                           "Target: at least 100 accepted puzzles a minute for N <= 3: **{}**.",
                           b.target_met() ? "met" : "NOT met"))
      .table({"puzzles", "accepted", "seconds", "a minute", "games", "positions tried"});
  for (const PuzzleBenchRow& r : b.rows)
    md.row({r.what, std::to_string(r.accepted), fmt::format("{:.1f}", r.seconds), fmt::format("**{:.0f}**", r.per_minute()), std::to_string(r.games),
            std::to_string(r.tried)});
  if (!o.collection.empty())
    collection_section(md, b.collection, o.collection, std::filesystem::path(plot_path(report_path)).filename().string(), o.collection_per_n,
                       o.collection_max_n);
  return md.markdown();
}

}  // namespace kamisado::present
