#include "app/present/solve_bench.h"

#include <algorithm>
#include <fstream>
#include <iterator>

#include <fmt/format.h>

#include "src/io/files.h"
#include "src/io/report.h"
#include "src/kamisado/kfen.h"

namespace kamisado::present {

using namespace kamisado::solver;

namespace {

constexpr double kMostRatio = 3;  // issue 42: a distance at most 3x the minimax's positions

int over_most(const DistanceBench& b) {
  return int(std::count_if(b.costs.begin(), b.costs.end(), [](const DistanceCost& k) { return k.ratio() > kMostRatio; }));
}

}  // namespace

Answer suite_written_answer(const std::string& path, const nlohmann::json& suite, bool match, bool stopped) {
  const std::size_t n = suite["positions"].size();
  if (!match) return {{{"file", path}, {"positions", n}}, fmt::format("wrote {} positions to {}\n", n, path)};
  return {{{"file", path}, {"positions", n}, {"stopped", stopped}},
          fmt::format("wrote {} match positions to {}{}\n", n, path, stopped ? " (stopped: the first of those asked for)" : "")};
}

nlohmann::json match_suite_json(const MatchSuiteBench& b) {
  return {{"positions", b.cases.size()},
          {"disagreements", b.failures},
          {"round_winner_loses", b.losers},
          {"last_round", b.last_rounds},
          {"sumo", b.sumos},
          {"dfpn_nodes", b.dfpn_nodes},
          {"dfpn_seconds", b.dfpn_seconds},
          {"minimax_positions", b.minimax_positions},
          {"minimax_seconds", b.minimax_seconds},
          {"round_nodes_per_second", b.round_rate},
          {"match_nodes_per_second", b.match_rate},
          {"probe_nodes", b.probe_nodes},
          {"long_match_nodes_per_second", b.long_match_rate},
          {"targets", {{"match_speed", b.speed_met()}}}};
}

std::string match_suite_summary(const MatchSuiteBench& b) {
  return fmt::format(
      "match suite: {} positions, df-pn and minimax {}; match search {:.2f} M nodes/s, round search {:.2f} M nodes/s ({:.0f}%, target >= 80%: {})\n",
      b.cases.size(), b.failures ? fmt::format("DISAGREE on {}", b.failures) : "agree on every one", b.match_rate / 1e6, b.round_rate / 1e6,
      b.round_rate > 0 ? 100 * b.match_rate / b.round_rate : 0.0, b.speed_met() ? "met" : "NOT met");
}

std::string match_suite_markdown(const MatchSuiteBench& b) {
  std::string md = fmt::format(
      "## Match positions\n\n"
      "The match section (`{}`): match positions whose winner and shortest forced win (plies, fills included) the match search "
      "(df-pn with the match aim) and an independent memoized minimax over whole matches (solver/match/match_minimax.h: it shares only "
      "the move generator, and applies the ring, the score and the regrouping itself) must agree on, with each other and with the "
      "file.\n\n"
      "| | |\n|---|---|\n"
      "| positions | {} ({} late matches whose round ends the match, {} with Sumos, {} where the round's winner loses the match) |\n"
      "| agreeing | {} of {} |\n"
      "| df-pn | {} nodes, {:.2f} s |\n"
      "| minimax | {} positions, {:.2f} s |\n"
      "| speed, same run: round search (the round from the set-up, proved from an empty table: {} nodes) | {:.2f} M nodes/s |\n"
      "| speed, same run: match search (2-point match from the set-up, from an empty table, as many nodes) | {:.2f} M nodes/s |\n"
      "| match / round | {:.0f}% (target >= 80%: {}) |\n"
      "| the match search once for the whole probe, its table filling | {:.2f} M nodes/s |\n\n",
      b.suite_path, b.cases.size(), b.last_rounds, b.sumos, b.losers, b.cases.size() - b.failures, b.cases.size(), b.dfpn_nodes, b.dfpn_seconds,
      b.minimax_positions, b.minimax_seconds, b.probe_nodes, b.round_rate / 1e6, b.match_rate / 1e6,
      b.round_rate > 0 ? 100 * b.match_rate / b.round_rate : 0.0, b.speed_met() ? "met" : "NOT met", b.long_match_rate / 1e6);
  return md;
}

nlohmann::json distances_json(const DistanceBench& b) {
  std::uint64_t nodes = 0;
  for (const DistanceCost& k : b.costs) nodes += k.nodes;
  return {{"suite", b.suite_path},           {"positions", b.cases.size()}, {"disagreements", b.failures},  {"dfpn_nodes", nodes},
          {"ratio_median", b.ratio_at(0.5)}, {"ratio_90", b.ratio_at(0.9)}, {"ratio_worst", b.ratio_at(1)}, {"over_3x", over_most(b)}};
}

std::string distances_summary(const DistanceBench& b) {
  return fmt::format(
      "long match wins: {} positions, {}; df-pn nodes / minimax positions: median {:.2f}, 90% {:.2f}, worst {:.2f} ({} over {:.0f}x)\n",
      b.cases.size(), b.failures ? fmt::format("DISAGREE on {}", b.failures) : "every distance agrees", b.ratio_at(0.5), b.ratio_at(0.9),
      b.ratio_at(1), over_most(b), kMostRatio);
}

std::string distances_markdown(const DistanceBench& b) {
  const auto [shortest, longest] =
      std::minmax_element(b.cases.begin(), b.cases.end(), [](const MatchCase& x, const MatchCase& y) { return x.plies < y.plies; });
  std::string md = fmt::format(
      "## Exact distances of long match wins\n\n"
      "`{}`: late-match positions won in {} to {} plies, chosen by the independent minimax (`solve-bench --generate-match "
      "--match-min-plies`), not by df-pn, whose distance search they measure. Each is solved by df-pn with the exact distance "
      "(who wins, the plies, the winner's moves) and a table of {} MB, and its nodes are set beside the positions the minimax "
      "valued for the same winner and plies (a plain iterative deepening with a table): a distance search that thrashes shows "
      "as a high ratio. Target (issue 42): at most {:.0f}x.\n\n"
      "| | |\n|---|---|\n"
      "| positions | {} ({} agreeing with the file) |\n"
      "| df-pn nodes / minimax positions | median {:.2f}, 90% {:.2f}, worst {:.2f} |\n"
      "| over {:.0f}x | {} |\n\n"
      "The costliest:\n\n| KFEN | plies | df-pn nodes | minimax positions | ratio | time (s) |\n|---|---|---|---|---|---|\n",
      b.suite_path, b.cases.empty() ? 0 : shortest->plies, b.cases.empty() ? 0 : longest->plies, b.hash_mb, kMostRatio, b.cases.size(),
      b.cases.size() - std::size_t(b.failures), b.ratio_at(0.5), b.ratio_at(0.9), b.ratio_at(1), kMostRatio, over_most(b));
  std::vector<std::size_t> order(b.costs.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return b.costs[x].ratio() > b.costs[y].ratio(); });
  for (std::size_t i = 0; i < std::min<std::size_t>(order.size(), 10); ++i) {
    const DistanceCost& k = b.costs[order[i]];
    md += fmt::format("| `{}` | {} | {} | {} | {:.2f} | {:.2f} |\n", to_kfen(b.cases[order[i]].pos), b.cases[order[i]].plies, k.nodes,
                      k.minimax_positions, k.ratio(), k.seconds);
  }
  return md + "\n";
}

namespace {

std::string read_report(const std::string& path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

constexpr const char* kKeptSections[] = {"\n## Exact distances of long match wins", "\n## Against BASE"};

}  // namespace

std::string keep_comparison(std::string report, const std::string& report_path) {
  const std::string old = read_report(report_path);
  std::size_t at = std::string::npos;
  for (const char* heading : kKeptSections) at = std::min(at, old.find(heading));
  if (at == std::string::npos) return report;
  while (!report.empty() && report.back() == '\n') report.pop_back();
  return report + "\n\n" + old.substr(at + 1);
}

std::string with_section(const std::string& section, const std::string& report_path) {
  const std::string old = read_report(report_path);
  const std::string heading = "\n" + section.substr(0, section.find('\n') + 1);
  std::size_t from = old.find(heading), to = std::string::npos;
  if (from != std::string::npos) {
    to = old.find("\n## ", from + 1);
  } else {
    from = to = old.find("\n## Against BASE");
  }
  if (from == std::string::npos) return old + (old.empty() || old.ends_with("\n\n") ? "" : "\n") + section;
  std::string s = section;
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return old.substr(0, from + 1) + s + "\n" + (to == std::string::npos ? "" : old.substr(to));
}

std::string suite_report(const SuiteBench& b, const std::string& report_path) {
  auto count_kind = [&](const char* kind) {
    return std::count_if(b.entries.begin(), b.entries.end(), [&](const SuiteEntry& e) { return e.kind == kind; });
  };
  io::Report md("Proof search benchmark", fmt::format("kamisado solve-bench --suite {} --report {}", b.suite_path, report_path));
  md.paragraph(fmt::format("Each position is solved from scratch with its own transposition table of {} MB, in {} runs of the whole suite, keeping "
                           "each position's best time (this VM's speed drifts by a third from one minute to the next, as other tenants share its "
                           "cores): who wins, then the exact distance (solve.h). Its value and distance were confirmed when the suite was built "
                           "by df-pn and by an independent alpha-beta (`kamisado solve-bench --generate`), and are checked again here. "
                           "Nodes are the positions df-pn expanded, and the nodes/s target is measured in them; positions made counts "
                           "every child of every expansion (each expansion makes all its children, looks each up, and checks it for "
                           "a win at once). The time excludes creating the table.",
                           b.hash_mb, b.repeat))
      .section("Totals")
      .table({"", ""})
      .row({"positions", fmt::format("{} ({} single round, {} in match rounds)", b.entries.size(), count_kind("single"), count_kind("match"))})
      .row({"nodes", std::to_string(b.nodes)})
      .row({"time", fmt::format("{:.2f} s", b.seconds)})
      .row({"nodes/s", fmt::format("{:.2f} M (target >= 3 M: {})", b.rate() / 1e6, b.rate_met() ? "met" : "NOT met")})
      .row({"positions made", fmt::format("{} ({:.1f} M/s)", b.positions, b.seconds > 0 ? double(b.positions) / b.seconds / 1e6 : 0.0)})
      .row({"slowest position", fmt::format("{:.3f} s (target <= 2 s: {})", b.slowest, b.time_met() ? "met" : "NOT met")})
      .row({"values and distances agreeing with the suite", fmt::format("{} of {}", b.entries.size() - b.disagreements(), b.entries.size())})
      .section("Positions")
      .table({"#", "kind", "KFEN", "value", "plies", "winner's moves", "best", "nodes", "positions made", "time (s)", "nodes/s"});
  for (std::size_t i = 0; i < b.entries.size(); ++i) {
    const SolveResult& r = b.best[i];
    md.row({std::to_string(i + 1), b.entries[i].kind, "`" + to_kfen(b.entries[i].pos) + "`",
            std::string(value_name(r.value)) + (b.agrees[i] ? "" : " (DISAGREES)"), std::to_string(r.plies), std::to_string(r.winner_moves),
            r.best ? to_string(*r.best) : "-", std::to_string(r.nodes), std::to_string(r.positions), fmt::format("{:.3f}", r.seconds),
            fmt::format("{:.2f} M", r.seconds > 0 ? double(r.nodes) / r.seconds / 1e6 : 0.0)});
  }
  return md.markdown();
}

nlohmann::json suite_json(const SuiteBench& b) {
  return {{"positions", b.entries.size()},
          {"nodes", b.nodes},
          {"seconds", b.seconds},
          {"nodes_per_second", b.rate()},
          {"positions_made", b.positions},
          {"slowest_seconds", b.slowest},
          {"disagreements", b.disagreements()},
          {"targets", {{"nodes_per_second", b.rate_met()}, {"seconds_per_position", b.time_met()}}}};
}

std::string suite_summary(const SuiteBench& b) {
  return fmt::format("{} positions: {} nodes in {:.2f} s, {:.2f} M nodes/s (target >= 3 M: {}); slowest {:.3f} s (target <= 2 s: {})\n{}",
                     b.entries.size(), b.nodes, b.seconds, b.rate() / 1e6, b.rate_met() ? "met" : "NOT met", b.slowest,
                     b.time_met() ? "met" : "NOT met",
                     b.disagreements() ? fmt::format("{} positions DISAGREE with the suite\n", b.disagreements())
                                       : "every value and distance agrees with the suite\n");
}

Answer run_solve_bench(const SolveBenchRequest& r, const io::Lines& lines, const std::atomic<bool>* stop) {
  if (!r.generate.empty()) {
    nlohmann::json suite = generate_suite(r.seed, r.singles, r.matches, r.alphabeta_nodes, lines);
    io::write_file_atomically(r.generate, suite.dump(1) + "\n");
    return suite_written_answer(r.generate, suite, false, false);
  }
  if (!r.generate_match.empty()) {
    nlohmann::json suite =
        generate_match_suite(r.seed, r.match_count, r.match_losers, r.minimax_budget, r.match_max_plies, r.match_min_plies, lines, stop);
    const bool stopped = stop && stop->load();
    io::write_file_atomically(r.generate_match, suite.dump(1) + "\n");
    Answer a = suite_written_answer(r.generate_match, suite, true, stopped);
    a.status = stopped ? Status::Stopped : Status::Ok;
    return a;
  }
  if (!r.distances.empty()) {
    DistanceBench d = bench_distances(r.distances, r.hash, lines);
    if (!r.report.empty()) io::write_file_atomically(r.report, with_section(distances_markdown(d), r.report));
    return {distances_json(d), distances_summary(d), d.failures ? Status::Failed : Status::Ok};
  }
  SuiteBench b = bench_suite(r.suite, r.hash, r.repeat, lines);
  Answer a{suite_json(b), suite_summary(b), b.disagreements() ? Status::Failed : Status::Ok};
  std::string report = r.report.empty() ? "" : suite_report(b, r.report);
  if (!r.no_match) {
    MatchSuiteBench m = bench_match_suite(r.match_suite, r.hash, r.match_probe, lines);
    report += r.report.empty() ? "" : "\n" + match_suite_markdown(m);
    a.json["match"] = match_suite_json(m);
    a.text += match_suite_summary(m);
    if (m.failures) a.status = Status::Failed;
  }
  if (!r.report.empty()) io::write_file_atomically(r.report, keep_comparison(report, r.report));
  return a;
}

}  // namespace kamisado::present
