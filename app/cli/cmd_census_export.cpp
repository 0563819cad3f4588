// kamisado census export: every class of a census run as CSV or JSON (solver/census/census_export.h).

#include "app/cli/commands.h"
#include "app/present/census_report.h"
#include "src/io/files.h"

namespace kamisado::cli {

namespace {

const CommandText kExportText{"export", "Every class of a census run: its start, who wins it, and what it cost",
                              "One row a class, in the run's order: its index, a representative start as KFEN (Black moves\n"
                              "first in it), the starts it stands for, who wins (first-mover or second-mover), the nodes\n"
                              "and seconds its proof took, and the certificate of a second-mover win, checked as it is\n"
                              "exported (a shard that claims a win no certificate proves is refused). CSV by default,\n"
                              "one JSON object with --json (solver/census/census_export.h). Shards not yet proved are left\n"
                              "out, and a line on stderr says how many. To stdout, or to --out FILE.\n"
                              "Example: kamisado census export runs/std --out std.csv"};

struct ExportOptions {
  std::string dir, out;
};

int export_rows(const ExportOptions& o, Io& io) {
  const auto format = io.json ? solver::CensusExportFormat::Json : solver::CensusExportFormat::Csv;
  solver::CensusExported e;
  if (o.out.empty())
    e = solver::export_census(o.dir, format, io.out, io.lines());
  else
    io::write_file_atomically(o.out, [&](std::ostream& out) { e = solver::export_census(o.dir, format, out, io.lines()); });
  io.err << present::census_export_line(e, o.out);
  return kOk;
}

const CommandText kRoundStartsText{"round-starts", "A census run's proved starts as a round-start table, the seed of the match by rounds",
                                   "Every proved class of the run becomes an entry of a round-start table (its key the class\n"
                                   "index, its value who wins the round; solver/starts/round_start_table.h, where the format is\n"
                                   "documented). Shards not yet proved are left out, and the summary says how many. An existing\n"
                                   "file that is not a round-start table is not overwritten.\n"
                                   "Example: kamisado census round-starts runs/std --out runs/std.starts"};

struct RoundStartsOptions {
  std::string dir, out;
};

int round_starts(const RoundStartsOptions& o, Io& io) {
  solver::CensusExported counted;
  const solver::RoundStartTable table = solver::census_round_starts(o.dir, counted, io.lines());
  solver::write_round_starts(table, o.out);
  return io.print(present::round_starts_answer(o.out, table.size(), counted));
}

}  // namespace

void add_census_export(CLI::App& census, Action& action) {
  auto [rs, rs_opt] = command<RoundStartsOptions>(census, action, kRoundStartsText, round_starts);
  rs->add_option("dir", rs_opt->dir, "The run's folder")->required();
  output_option(rs, "--out", rs_opt->out, "The round-start table to write")->required();
  auto [x, export_opt] = command<ExportOptions>(census, action, kExportText, export_rows);
  x->add_option("dir", export_opt->dir, "The run's folder")->required();
  output_option(x, "--out", export_opt->out, "Write the rows to FILE instead of stdout");
}

}  // namespace kamisado::cli
