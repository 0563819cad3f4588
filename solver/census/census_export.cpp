#include "solver/census/census_export.h"

#include <filesystem>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "kamisado/kfen.h"
#include "solver/census/census.h"

namespace kamisado::solver {

CensusExported export_census(const std::string& dir, CensusExportFormat format, std::ostream& out, const io::Lines& lines) {
  const Census c = open_census(dir, lines);
  const bool csv = format == CensusExportFormat::Csv;
  CensusExported done;
  io::Progress progress(lines);
  if (csv)
    out << "class,kfen,starts,winner,nodes,seconds,certificate\n";
  else
    out << "{\"run\": " << manifest_json(c).dump() << ",\n \"classes\": [";
  for (std::uint32_t k = 0; k < c.shards; ++k) {
    const auto slice = slice_records(c, k);
    if (!slice) {
      ++done.missing_shards;
      continue;
    }
    const auto& records = *slice;
    for (std::size_t j = 0; j < records.size(); ++j) {
      const ShardRecord& r = records[j];
      const std::uint32_t starts = c.space.weight_at(c.slice_begin(k) + j);
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
      ++done.classes;
      done.starts += starts;
    }
    progress.tick([&] { return fmt::format("census export: {} {} of {} shards", io::progress_bar(double(k + 1) / c.shards), k + 1, c.shards); });
  }
  if (!csv) out << "],\n \"complete\": " << (done.missing_shards == 0 ? "true" : "false") << ", \"missing_shards\": " << done.missing_shards << "}\n";
  return done;
}

RoundStartTable census_round_starts(const std::string& dir, CensusExported& counted, const io::Lines& lines) {
  const Census c = open_census(dir, lines);
  RoundStartTable table;
  io::Progress progress(lines);
  counted = {};
  for (std::uint32_t k = 0; k < c.shards; ++k) {
    const auto slice = slice_records(c, k);
    if (!slice) {
      ++counted.missing_shards;
      continue;
    }
    for (std::size_t j = 0; j < slice->size(); ++j) {
      const ShardRecord& r = (*slice)[j];
      seed_from_census(table, r.index, r.second_mover_wins, r.nodes);
      ++counted.classes;
      counted.starts += c.space.weight_at(c.slice_begin(k) + j);
    }
    progress.tick(
        [&] { return fmt::format("census round-starts: {} {} of {} shards", io::progress_bar(double(k + 1) / c.shards), k + 1, c.shards); });
  }
  return table;
}

}  // namespace kamisado::solver
