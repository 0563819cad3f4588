#include "solver/census/census_export.h"

#include <filesystem>
#include <functional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "solver/census/census.h"
#include "src/kamisado/kfen.h"

namespace kamisado::solver {

namespace {

// Each proved class of run `c`, in the run's order, with the starts it stands for; counted into
// `done` (a shard not yet proved as missing), progress on `lines` under `what`.
void for_each_class(const Census& c, CensusExported& done, const io::Lines& lines, const char* what,
                    const std::function<void(const ShardRecord&, std::uint32_t starts)>& visit) {
  io::Progress progress(lines);
  for (std::uint32_t k = 0; k < c.shards; ++k) {
    const auto slice = slice_records(c, k);
    if (!slice) {
      ++done.missing_shards;
      continue;
    }
    for (std::size_t j = 0; j < slice->size(); ++j) {
      const std::uint32_t starts = c.space.weight_at(c.slice_begin(k) + j);
      const ShardRecord& r = (*slice)[j];
      // A second-mover win is exported only with a certificate that proves it (a shard with a
      // valid checksum can still say what no proof shows); a first-mover win is the shard's word
      // (census merge proves a seeded 1% again), counted as such.
      if (r.second_mover_wins) {
        const SecondMoverCertificate cert = check_second_mover_certificate(c, r.index);
        if (!cert.failure.empty())
          throw InputError(
              fmt::format("{}: class {} is recorded as a second-mover win, but its certificate does not hold ({}); census merge "
                          "names every fault",
                          c.shard_path(k), r.index, cert.failure));
      } else {
        ++done.unchecked_classes;
      }
      visit(r, starts);
      ++done.classes;
      done.starts += starts;
    }
    progress.count(std::string(what) + ":", k + 1, c.shards, "shards");
  }
}

}  // namespace

CensusExported export_census(const std::string& dir, CensusExportFormat format, std::ostream& out, const io::Lines& lines) {
  const Census c = open_census(dir, lines);
  const bool csv = format == CensusExportFormat::Csv;
  CensusExported done;
  if (csv)
    out << "class,kfen,starts,winner,nodes,seconds,certificate\n";
  else
    out << "{\"run\": " << manifest_json(c).dump() << ",\n \"classes\": [";
  for_each_class(c, done, lines, "census export", [&](const ShardRecord& r, std::uint32_t starts) {
    const std::string kfen = to_kfen(start_at_class(r.index));
    const char* winner = r.second_mover_wins ? "second-mover" : "first-mover";
    const std::string certificate =
        r.second_mover_wins ? std::filesystem::path(c.proof_path(r.index)).lexically_relative(c.dir).generic_string() : "";
    if (csv) {
      out << fmt::format("{},{},{},{},{},{:.6f},{}\n", r.index, kfen, starts, winner, r.nodes, r.micros / 1e6, certificate);
    } else {
      const nlohmann::json row = {{"class", r.index},          {"kfen", kfen},     {"starts", starts},
                                  {"winner", winner},          {"nodes", r.nodes}, {"seconds", r.micros / 1e6},
                                  {"certificate", certificate}};
      out << (done.classes ? ",\n  " : "\n  ") << row.dump();
    }
  });
  if (!csv)
    out << "],\n \"complete\": " << (done.missing_shards == 0 ? "true" : "false") << ", \"missing_shards\": " << done.missing_shards
        << ", \"certificates_checked\": " << done.classes - done.unchecked_classes << ", \"first_mover_wins_unchecked\": " << done.unchecked_classes
        << "}\n";
  return done;
}

RoundStartTable census_round_starts(const std::string& dir, CensusExported& counted, const io::Lines& lines) {
  const Census c = open_census(dir, lines);
  RoundStartTable table;
  counted = {};
  for_each_class(c, counted, lines, "census round-starts",
                 [&](const ShardRecord& r, std::uint32_t) { seed_from_census(table, r.index, r.second_mover_wins, r.nodes); });
  return table;
}

}  // namespace kamisado::solver
