#include "app/present/census_report.h"

#include <algorithm>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "solver/starts/regrouped.h"
#include "solver/starts/start_space.h"
#include "src/io/files.h"
#include "src/io/report.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"

namespace kamisado::present {

using namespace kamisado::solver;

namespace {

nlohmann::json features_json(const StartFeatures& f) {
  return {{"same_colour_files", f.same_colour_files},
          {"same_colour_on_pairs", f.same_colour_on},
          {"first_own_squares", f.first_own_squares},
          {"second_own_squares", f.second_own_squares},
          {"quick_losses", f.quick_losses}};
}

std::string percent(double share) { return fmt::format("{:.3f}%", 100.0 * share); }

// A p-value; one below what a double holds is shown as a bound, not as 0.
std::string p_text(double p) { return p > 0 ? fmt::format("{:.3g}", p) : "< 1e-300"; }

std::string share_text(const CensusMerged& m) {
  if (!m.census.space.sampled()) return percent(m.first_mover_share());
  const auto [low, high] = m.first_mover_interval();
  return fmt::format("{} (95% interval {} to {})", percent(m.first_mover_share()), percent(low), percent(high));
}

std::string describe(const Subspace& s) {
  if (s.name == "black-standard") return "Black's home row as in B5 against every Gold row, either side first: exact";
  if (s.name == "all") return "every start: exact";
  if (s.name.rfind("range:", 0) == 0) return "a range of classes: exact";
  if (s.name.rfind("sample:", 0) == 0) return "a uniform seeded sample of all starts: an estimate";
  return "the starts of `opening --regrouped`: an estimate";
}

std::string values(const FeatureBin& b) { return b.low == b.high ? std::to_string(b.low) : fmt::format("{}–{}", b.low, b.high); }

void run_section(io::Report& md, const CensusMerged& m) {
  const Census& c = m.census;
  md.section(fmt::format("`{}`: {}", c.plan.subspace, describe(c.space)));
  md.paragraph(
      fmt::format("Folder `{}`, {} of {} shards{}. **{} classes ({} starts) proved; the first mover wins {} starts, {}; the second mover "
                  "wins {} classes ({} starts).** Certificates: {} second-mover wins kept and checked again from their files{}; {} of {} first-mover "
                  "wins re-proved with a checked tree agree; {} trees failed. Search: {} nodes.",
                  c.dir, c.shards - m.missing_shards, c.shards, m.complete() ? "" : " (INCOMPLETE)", m.classes, m.starts, m.first_mover_starts,
                  share_text(m), m.second_mover_wins.size(), m.starts - m.first_mover_starts,
                  std::count_if(m.second_mover_wins.begin(), m.second_mover_wins.end(), [](const auto& w) { return w.proof_checked; }),
                  m.sound() ? "" : " (SOME FAILED)", m.rechecked_first_agree, m.rechecked_first, m.unchecked, m.nodes));
  if (!m.second_mover_wins.empty()) {
    // An exact run lists every win; a sample's list is cut (its wins stand for a share, not a set).
    const std::size_t listed = c.space.sampled() ? 200 : m.second_mover_wins.size();
    md.paragraph(
        fmt::format("The second mover's wins{} (class, its representative with Black moving first, the starts of the run it "
                    "stands for, the certificate, its positions; then features, features.h: files with equal colours facing, "
                    "first moves of 102 that lose at once):",
                    m.second_mover_wins.size() > listed ? fmt::format(", the first {} (`census merge --json` lists all)", listed) : ""));
    md.table({"class", "KFEN", "starts", "certificate", "positions", "checked", "same-colour files", "quick losses"});
    for (std::size_t i = 0; i < std::min(listed, m.second_mover_wins.size()); ++i) {
      const auto& w = m.second_mover_wins[i];
      md.row({std::to_string(w.index), "`" + w.kfen + "`", std::to_string(w.weight), "`" + w.proof + "`", std::to_string(w.proof_nodes),
              w.proof_checked ? "yes" : "NO", std::to_string(w.features.same_colour_files), std::to_string(w.features.quick_losses)});
    }
  }
  if (m.hypotheses.empty()) return;
  md.paragraph(
      fmt::format("**Hypotheses.** Each feature of a start (features.h) against who wins, over the run's {} classes: the classes of each value "
                  "(neighbouring values pooled until each expects 5 of either result), how many the second mover wins, and Pearson's "
                  "chi-squared test of independence. A small p says the feature and the result are not independent.",
                  m.classes));
  // The tests at a glance, the strongest association first: the share of second-mover wins at
  // the feature's lowest values and at its highest, and the values the wins have.
  std::vector<const FeatureTest*> order;
  for (const FeatureTest& t : m.hypotheses) order.push_back(&t);
  std::stable_sort(order.begin(), order.end(), [](const FeatureTest* a, const FeatureTest* b) { return a->p_value < b->p_value; });
  md.table({"feature", "p", "share at its lowest values", "at its highest", "values among the second mover's wins"});
  for (const FeatureTest* t : order) {
    auto share = [](const FeatureBin& b) {
      return fmt::format("{} ({})", b.classes ? percent(double(b.second_mover_wins) / double(b.classes)) : "-", values(b));
    };
    md.row({"`" + t->name + "`", p_text(t->p_value), share(t->bins.front()), share(t->bins.back()),
            t->win_high < t->win_low    ? "-"
            : t->win_low == t->win_high ? std::to_string(t->win_low)
                                        : fmt::format("{}–{}", t->win_low, t->win_high)});
  }
  for (const FeatureTest& t : m.hypotheses) {
    const int low = t.win_low, high = t.win_high;
    std::string among =
        high < low ? ""
                   : fmt::format("; among the second mover's wins it is {}", low == high ? std::to_string(low) : fmt::format("{} to {}", low, high));
    md.paragraph(fmt::format("`{}`, {}: chi-squared {:.1f} on {} degrees of freedom, **p {}**{}.", t.name, t.meaning, t.chi_squared, t.degrees,
                             t.p_value > 0 ? "= " + p_text(t.p_value) : p_text(t.p_value), among));
    md.table({"value", "classes", "second-mover wins", "share"});
    for (const FeatureBin& b : t.bins)
      md.row({values(b), std::to_string(b.classes), std::to_string(b.second_mover_wins),
              b.classes ? percent(double(b.second_mover_wins) / double(b.classes)) : "-"});
  }
}

struct Scaling {
  double speed_up = 0, efficiency = 0;
  int workers = 0, pairs = 0;
};

// Runs of one subspace, each done in one session, some on a single worker and some on k: the
// speed-up is the mean wall time of the first over the mean of the second. Runs made in turn
// (1, k, 1, k, ...) share the machine's drift between them.
std::optional<Scaling> measured_scaling(const std::vector<CensusMerged>& runs) {
  for (const auto& first : runs) {
    if (first.sessions != 1 || first.most_workers != 1) continue;
    double one = 0, many = 0;
    int ones = 0, manys = 0, workers = 0;
    for (const auto& m : runs) {
      if (m.census.plan.subspace != first.census.plan.subspace || m.sessions != 1 || m.wall_seconds <= 0) continue;
      if (m.most_workers == 1)
        one += m.wall_seconds, ++ones;
      else if (!workers || m.most_workers == workers)
        workers = m.most_workers, many += m.wall_seconds, ++manys;
    }
    if (!manys) continue;
    Scaling s;
    s.workers = workers;
    s.pairs = std::min(ones, manys);
    s.speed_up = (one / ones) / (many / manys);
    s.efficiency = s.speed_up / s.workers;
    return s;
  }
  return std::nullopt;
}

void throughput_section(io::Report& md, const std::vector<CensusMerged>& runs) {
  md.section("Throughput");
  md.paragraph(
      "Each run's sessions from its `runs.jsonl`: wall time, and wall time times workers (threads, or MPI ranks with rank 0 "
      "proving too). A class's cost is the worker time over the classes. A run of a subspace shown above with the same "
      "counts (a repeat, for the speed-up) has no section of its own: it is only here.");
  md.table({"run", "classes", "sessions", "workers", "wall (s)", "worker time (s)", "classes/s", "ms a class a worker", "slowest class (s)"});
  for (const auto& m : runs)
    md.row({"`" + m.census.plan.subspace + "`", std::to_string(m.classes), std::to_string(m.sessions), std::to_string(m.most_workers),
            fmt::format("{:.1f}", m.wall_seconds), fmt::format("{:.1f}", m.worker_seconds),
            m.wall_seconds > 0 ? fmt::format("{:.1f}", double(m.classes) / m.wall_seconds) : "-",
            m.classes ? fmt::format("{:.2f}", 1000 * m.worker_seconds / double(m.classes)) : "-",
            fmt::format("{:.2f} (class {})", m.slowest_micros / 1e6, m.slowest_index)});
  if (auto s = measured_scaling(runs))
    md.paragraph(
        fmt::format("The same subspace on 1 worker and on {} ({} runs of each, made in turn; mean wall times): speed-up "
                    "**{:.2f}**, parallel efficiency {:.0f}%. The shards are proved alike either way (the same nodes), so what "
                    "differs is the machine: two provers share its memory bandwidth and caches, and a virtual machine's speed "
                    "drifts from minute to minute.",
                    s->workers, s->pairs, s->speed_up, 100 * s->efficiency));
}

void compare_section(io::Report& md, const std::vector<CensusMerged>& runs, const std::string& path) {
  const CensusMerged* run = nullptr;
  for (const auto& m : runs)
    if (m.census.plan.subspace.rfind("regrouped:", 0) == 0) run = &m;
  if (!run || run->indices.empty()) throw InputError("no run of subspace regrouped:N:SEED to set beside " + path);
  // The run's subspace was checked when it was made: its last field is the seed.
  const std::string& subspace = run->census.plan.subspace;
  const std::uint64_t seed = std::stoull(subspace.substr(subspace.rfind(':') + 1));
  std::vector<std::pair<std::uint32_t, double>> opening;  // class, seconds
  for (const auto& [index, j] : read_regrouped_checkpoint(path, seed)) {
    auto start = start_of(parse_kfen(j.at("kfen").get<std::string>()));
    if (!start) throw InputError(fmt::format("{}: start {} is not a round start", path, index));
    opening.emplace_back(std::uint32_t(start_space().index_of(*start)), j.at("seconds").get<double>());
  }
  double census = 0, before = 0;
  std::vector<double> census_each, opening_each;
  for (const auto& [index, seconds] : opening) {
    auto at = std::lower_bound(run->indices.begin(), run->indices.end(), index);
    if (at == run->indices.end() || *at != index) continue;
    const double now = run->micros[std::size_t(at - run->indices.begin())] / 1e6;
    census += now, before += seconds;
    census_each.push_back(now), opening_each.push_back(seconds);
  }
  if (census_each.empty()) throw InputError(path + " shares no start with the regrouped run");
  auto median = [](std::vector<double> v) {
    std::nth_element(v.begin(), v.begin() + long(v.size() / 2), v.end());
    return v[v.size() / 2];
  };
  md.section("Side by side with `opening --regrouped`");
  md.paragraph(
      fmt::format("The same {} starts (`{}`, seed {}), proved by `opening --regrouped` (each start value only, then its proof tree built and "
                  "checked, a 64 MB table of its own) and by the census run `{}` (value only, the tree built only for a second-mover win, one "
                  "table for a shard's starts). Summed time over the starts: opening {:.1f} s, census {:.1f} s: **{:.2f} times faster**; the "
                  "median start {:.2f} ms against {:.2f} ms. Each side's time of a start is all it costs: the opening's includes making its "
                  "table, the census's the tree of a second-mover win.",
                  census_each.size(), path, seed, run->census.plan.subspace, before, census, census > 0 ? before / census : 0.0,
                  1000 * median(census_each), 1000 * median(opening_each)));
}

void projection_section(io::Report& md, const std::vector<CensusMerged>& runs) {
  const CensusMerged* sample = nullptr;
  for (const auto& m : runs)
    if (m.census.plan.subspace.rfind("sample:", 0) == 0 && m.classes > 0 && m.worker_seconds > 0 && (!sample || m.classes > sample->classes))
      sample = &m;
  if (!sample) return;
  const double per_class = sample->worker_seconds / double(sample->classes);
  const double classes = double(start_space().classes());
  const double core_hours = per_class * classes / 3600;
  const auto scaling = measured_scaling(runs);
  const double efficiency = scaling ? std::min(1.0, scaling->efficiency) : 1.0;
  md.section("The whole census, projected");
  md.paragraph(fmt::format(
      "From the uniform sample `{}`: {:.2f} ms of worker time a class, so the {:.0f} classes of the whole space take about "
      "**{:.0f} core-hours** ({:.1f} core-years) on this machine's cores. The work is {:.0f} shards of {} classes handed out one at a "
      "time, so it spreads over any number of ranks; the wall times below assume the parallel efficiency measured here ({:.0f}%{}) "
      "holds, and one rank of each job also proves.",
      sample->census.plan.subspace, 1000 * per_class, classes, core_hours, core_hours / (24 * 365.25), classes / sample->census.plan.shard_size,
      sample->census.plan.shard_size, 100 * efficiency, scaling ? fmt::format(", {} workers", scaling->workers) : ", none measured: 100% assumed"));
  const double wins = double(sample->starts - sample->first_mover_starts) / double(sample->starts);
  if (!sample->second_mover_wins.empty())
    md.paragraph(
        fmt::format("Its certificates would not fit as they are: {:.2f}% of the sample's starts are the second mover's wins, each certificate "
                    "file {:.1f} MB on average, so the whole census would keep about {:.0f} TB of them. A run of the whole space wants smaller "
                    "certificates first (a proof of the exact distance, or a proof graph that shares positions across starts), or keeps "
                    "only the value and re-proves a seeded sample, as it does for the first mover's wins.",
                    100 * wins, double(sample->proof_bytes) / double(sample->second_mover_wins.size()) / 1e6,
                    wins * classes * double(sample->proof_bytes) / double(sample->second_mover_wins.size()) / 1e12));
  md.table({"cores", "wall time", "core-hours"});
  for (int cores : {100, 1000, 10000}) {
    const double hours = core_hours / (cores * efficiency);
    md.row({std::to_string(cores), hours >= 48 ? fmt::format("{:.1f} days", hours / 24) : fmt::format("{:.1f} hours", hours),
            fmt::format("{:.0f}", core_hours / efficiency)});
  }
}

}  // namespace

Answer census_plan_answer(const Census& c) {
  return {{{"dir", c.dir}, {"subspace", c.plan.subspace}, {"shards", c.shards}, {"classes", c.space.size()}, {"starts", c.space.starts()}},
          fmt::format("census {}: {} starts in {} classes up to symmetry, {} shards of {}\n", c.dir, c.space.starts(), c.space.size(), c.shards,
                      c.plan.shard_size)};
}

Answer census_run_answer(const std::string& dir, const CensusRunStats& s) {
  return {{{"shards", s.shards},
           {"already_done", s.already_done},
           {"proved", s.proved},
           {"starts_proved", s.starts_proved},
           {"nodes", s.nodes},
           {"seconds", s.seconds},
           {"workers", s.workers}},
          fmt::format("census {}: {} shards proved now ({} starts, {:.1f} s, {} workers), {} were done already\n", dir, s.proved, s.starts_proved,
                      s.seconds, s.workers, s.already_done)};
}

std::string census_export_line(const CensusExported& e, const std::string& out) {
  return fmt::format(
      "census export: {} classes ({} starts){}{}; {} second-mover certificates checked, {} first-mover wins as the shards "
      "record them, unchecked (census merge proves a seeded 1% of them again)\n",
      e.classes, e.starts, out.empty() ? "" : " written to " + out,
      e.missing_shards ? fmt::format("; {} shards not yet proved are left out", e.missing_shards) : "", e.classes - e.unchecked_classes,
      e.unchecked_classes);
}

Answer round_starts_answer(const std::string& path, std::size_t entries, const CensusExported& counted) {
  return {{{"file", path}, {"entries", entries}, {"starts", counted.starts}, {"missing_shards", counted.missing_shards}},
          fmt::format("wrote {}: {} round starts ({} starts with their mirror images){}\n", path, entries, counted.starts,
                      counted.missing_shards ? fmt::format("; {} shards not yet proved are left out", counted.missing_shards) : "")};
}

Answer census_report_answer(const std::vector<CensusMerged>& runs, const std::string& report_path) {
  nlohmann::json all = nlohmann::json::array();
  std::string summary;
  bool sound = true;
  for (const auto& m : runs) all.push_back(census_json(m)), summary += census_summary(m), sound = sound && m.sound();
  return {{{"runs", all}, {"report", report_path}}, summary + "wrote " + report_path + "\n", sound ? Status::Ok : Status::Failed};
}

nlohmann::json census_json(const CensusMerged& m) {
  nlohmann::json wins = nlohmann::json::array();
  for (const auto& w : m.second_mover_wins)
    wins.push_back({{"index", w.index},
                    {"kfen", w.kfen},
                    {"starts", w.weight},
                    {"proof", w.proof},
                    {"proof_nodes", w.proof_nodes},
                    {"proof_checked", w.proof_checked},
                    {"features", features_json(w.features)}});
  nlohmann::json hypotheses = nlohmann::json::array();
  for (const FeatureTest& t : m.hypotheses) {
    nlohmann::json bins = nlohmann::json::array();
    for (const FeatureBin& b : t.bins)
      bins.push_back({{"low", b.low}, {"high", b.high}, {"classes", b.classes}, {"second_mover_wins", b.second_mover_wins}});
    hypotheses.push_back({{"feature", t.name}, {"chi_squared", t.chi_squared}, {"degrees", t.degrees}, {"p", t.p_value}, {"bins", bins}});
  }
  const auto [low, high] = m.first_mover_interval();
  return {{"manifest", manifest_json(m.census)},
          {"complete", m.complete()},
          {"missing_shards", m.missing_shards},
          {"classes", m.classes},
          {"starts", m.starts},
          {"first_mover_classes", m.first_mover_classes},
          {"first_mover_starts", m.first_mover_starts},
          {"first_mover_share", m.first_mover_share()},
          {"first_mover_interval", {low, high}},
          {"unchecked_trees", m.unchecked},
          {"nodes", m.nodes},
          {"proof_nodes", m.proof_nodes},
          {"proof_bytes", m.proof_bytes},
          {"seconds", m.seconds},
          {"second_mover_wins", wins},
          {"hypotheses", hypotheses},
          {"rechecked_first_mover_wins", m.rechecked_first},
          {"rechecked_agree", m.rechecked_first_agree},
          {"unclaimed_proofs", m.unclaimed_proofs},
          {"sound", m.sound()},
          {"runs",
           {{"sessions", m.sessions},
            {"wall_seconds", m.wall_seconds},
            {"worker_seconds", m.worker_seconds},
            {"most_workers", m.most_workers},
            {"slowest_class", m.slowest_index},
            {"slowest_seconds", m.slowest_micros / 1e6}}}};
}

std::string census_summary(const CensusMerged& m) {
  const auto& c = m.census;
  return fmt::format(
             "census {} ({}): {} of {} shards{}; {} classes ({} starts) proved; the first mover wins {} classes, {} starts, {}; "
             "the second mover wins {} classes; {}\n",
             c.dir, c.plan.subspace, c.shards - m.missing_shards, c.shards, m.complete() ? "" : " (INCOMPLETE)", m.classes, m.starts,
             m.first_mover_classes, m.first_mover_starts, share_text(m), m.second_mover_wins.size(),
             m.sound() ? "every certificate checked" : "A CERTIFICATE FAILED") +
         (m.unclaimed_proofs.empty() ? ""
                                     : fmt::format("census {}: {} proof file(s) that no shard claims, first {}: a shard was changed, or "
                                                   "the file does not belong here\n",
                                                   c.dir, m.unclaimed_proofs.size(), m.unclaimed_proofs.front()));
}

std::string census_report(const std::vector<CensusMerged>& runs, const CensusReportOptions& o) {
  const std::string command = fmt::format("kamisado census report {} --report {}{}", fmt::join(o.dirs, " "), o.report_path,
                                          o.compare_regrouped.empty() ? "" : " --compare-regrouped " + o.compare_regrouped);
  io::Report md("The first-mover census", command, "the workers each run lists");
  md.paragraph(
      "Who wins the round from each start of a census run: both home rows in any order (F3), either side moving first with free "
      "choice (T1), single-round rules; starts equal up to the board's symmetries (B3: turned with the sides swapped, mirrored "
      "with the colours' involution) are one class, proved once. Every start is proved by df-pn (value only). The second mover's "
      "wins get a proof tree, checked by the checker (move generator alone) when proved and again from its file at merge; of the "
      "first mover's wins a seeded 1% are proved afresh at merge with a checked tree. A start is shown as its class's "
      "representative, Black moving first; 'starts' counts the run's starts in the class (a sample's repeats included). "
      "`kamisado census merge DIR --json` gives every number below, per run.");
  // A run of a subspace already shown, with the same counts (a repeat made for the speed-up),
  // is folded into the throughput table instead of a section of its own.
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const auto same = [&](const CensusMerged& m) {
      return m.census.plan.subspace == runs[i].census.plan.subspace && m.classes == runs[i].classes &&
             m.first_mover_starts == runs[i].first_mover_starts && m.complete() && runs[i].complete();
    };
    if (std::none_of(runs.begin(), runs.begin() + std::ptrdiff_t(i), same)) run_section(md, runs[i]);
  }
  throughput_section(md, runs);
  if (!o.compare_regrouped.empty()) compare_section(md, runs, o.compare_regrouped);
  projection_section(md, runs);
  return md.markdown();
}

std::vector<CensusMerged> write_census_report(const CensusReportOptions& o, const io::Lines& lines, const std::atomic<bool>* stop) {
  std::vector<CensusMerged> runs;
  for (const std::string& dir : o.dirs) runs.push_back(merge_census(dir, lines, stop, o.threads));
  io::write_file_atomically(o.report_path, census_report(runs, o));
  return runs;
}

std::string census_missing_line(const solver::CensusMerged& m, const std::string& dir) {
  if (m.complete()) return "";
  return fmt::format("census merge: {} of {} shards are missing; run `kamisado census run {}` to prove them\n", m.missing_shards, m.census.shards,
                     dir);
}

}  // namespace kamisado::present
