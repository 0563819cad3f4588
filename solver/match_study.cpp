#include "solver/match_study.h"

#include <sys/resource.h>

#include <chrono>
#include <set>

#include <fmt/format.h>

#include "io/report.h"
#include "kamisado/kfen.h"

namespace kamisado::solver {

namespace {

Position start_of(std::uint32_t target) { return parse_kfen(fmt::format("{} {}:0-0", kStartKfen, target)); }

long peak_rss_mb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss / 1024;
}

}  // namespace

MatchStudy study_matches(const MatchStudyOptions& options, const io::Lines& lines) {
  auto t0 = std::chrono::steady_clock::now();
  MatchStudy s;
  s.options = options;
  for (std::uint32_t target : {1u, 2u, 3u, 7u}) {
    MatchValue v;
    v.target = target;
    CertifyOptions c;
    c.aim = Aim::match();
    c.limits.hash_mb = options.hash_mb;
    c.limits.stop = options.stop;
    if (target > 1) c.limits.seconds = options.seconds;
    c.limits.progress = [&](const SolveProgress& p) {
      v.root_pn = p.root_pn, v.root_dn = p.root_dn, v.table_fill = p.table_fill;
      if (lines) lines(fmt::format("match-report: {}-point match, {:.0f} s, {} nodes, root proof {} disproof {}, table {:.0f}%", target, p.seconds, p.nodes, p.root_pn, p.root_dn, 100 * p.table_fill));
    };
    if (!options.proof_dir.empty()) c.proof_path = v.proof_path = fmt::format("{}/match-{}.proof", options.proof_dir, target);
    TranspositionTable table(options.hash_mb);
    v.proved = certify(start_of(target), table, c);
    if (v.proved.result.value == Value::Unknown) v.proof_path.clear();
    v.root_pn = v.proved.result.root_pn, v.root_dn = v.proved.result.root_dn;
    s.values.push_back(v);
    if (options.stop && options.stop->load()) break;
  }
  {
    TranspositionTable table(options.hash_mb);
    SolveLimits limits;
    limits.stop = options.stop;
    s.stakes = round_stakes(start_of(3), limits, table);
  }
  // Round 2 of the 2-point match: where Black's round-1 proof lets the round end.
  TranspositionTable table(options.hash_mb);
  CertifyOptions round;
  round.limits.stop = options.stop;
  Certified one = certify(start_of(2), table, round);
  auto finish = [&]() -> MatchStudy& {
    s.seconds = io::seconds_since(t0);
    s.peak_rss_mb = peak_rss_mb();
    return s;
  };
  if (!one.tree) return finish();
  std::set<std::string> ends;
  for (const ProofNode& n : one.tree->nodes)
    if (n.children.empty()) ends.insert(n.kfen);
  s.round_one_ends = ends.size();
  std::vector<std::string> all(ends.begin(), ends.end());
  const std::size_t step = std::max<std::size_t>(1, all.size() / std::max(1, options.round_two_ends));
  io::Progress progress(lines);
  for (std::size_t i = 0; i < all.size() && int(s.round_two.size()) < 2 * options.round_two_ends; i += step) {
    Position end = parse_kfen(all[i]);
    for (FillSide fill : {FillSide::Left, FillSide::Right}) {
      RoundTwoStart r;
      r.end_kfen = all[i];
      r.fill = fill == FillSide::Left ? "fill-left" : "fill-right";
      Position start = end.after(Move::fill(fill));
      r.start_kfen = to_kfen(start);
      SolveLimits limits;
      limits.hash_mb = options.hash_mb;
      limits.seconds = options.seconds_per_end;
      limits.stop = options.stop;
      TranspositionTable t(std::min<std::size_t>(options.hash_mb, 256));
      SolveResult m = solve(start, limits, t, false, Aim::match());
      SolveResult rr = solve(start, limits, t, false, Aim::round());
      r.match = m.value, r.round = rr.value, r.nodes = m.nodes;
      s.round_two.push_back(r);
      progress.tick([&] { return fmt::format("match-report: round-2 starts, {} searched", s.round_two.size()); });
    }
    if (options.stop && options.stop->load()) break;
  }
  return finish();
}

std::string match_study_report(const MatchStudy& s, const std::string& command) {
  io::Report md("Matches, proved", command);
  md.paragraph(
      "A match (rules.md P2–P3, F1–F3) is won by points, not rounds: the round's winner scores his ring (2^rank), the Defender "
      "chooses the fill, the loser moves first in the next round. The match search is df-pn with the match aim "
      "(solver/search/aim.h): the same prover and table as the round search, a round's end is not a leaf, fill-left and "
      "fill-right are moves, and only a finished match is. Its value is checked against an independent minimax over whole "
      "matches on the match section of the solver suite (reports/solver.md).");
  md.section("The value of the match from the set-up")
      .paragraph(fmt::format("Each from the set-up (B5), Black to move; a {} MB table; matches past 1 point searched for {:.0f} s each.",
                             s.options.hash_mb, s.options.seconds))
      .table({"match", "value for Black", "first move", "distance (plies)", "nodes", "time (s)", "root proof / disproof", "certificate"});
  for (const MatchValue& v : s.values) {
    const SolveResult& r = v.proved.result;
    std::string cert = v.proved.checked() ? fmt::format("{} positions, checked{}", v.proved.proof_nodes, v.proof_path.empty() ? "" : ": `" + v.proof_path + "`")
                       : r.value == Value::Unknown ? "open" : v.proved.failure();
    md.row({fmt::format("{} point{}{}", v.target, v.target > 1 ? "s" : "", v.target == 3 ? " (Standard)" : v.target == 7 ? " (Long)" : ""),
            value_name(r.value), r.best ? "`" + to_string(*r.best) + "`" : "-", r.distance_known ? std::to_string(r.plies) : "-",
            std::to_string(r.nodes), fmt::format("{:.1f}", r.seconds),
            r.value == Value::Unknown ? fmt::format("{} / {}", v.root_pn, v.root_dn) : "-", cert});
  }
  auto ring = [](const std::optional<int>& b) { return !b ? std::string("unknown") : *b == 0 ? std::string("cannot win it") : fmt::format("a ring worth {}", *b); };
  md.section("Round 1: what each side can force")
      .paragraph(fmt::format("In round 1 of the Standard match, Black (moving first) can force {}; Gold {}. (Ring goals, `--goal ring:P`; "
                             "no tower has a ring yet, so no round-1 ring is worth more than 1.)",
                             ring(s.stakes.best_ring[0]), ring(s.stakes.best_ring[1])));
  int gold_match = 0, black_match = 0, open = 0, gold_round = 0;
  for (const RoundTwoStart& r : s.round_two) {
    gold_match += r.match == Value::Win, black_match += r.match == Value::Loss, open += r.match == Value::Unknown;
    gold_round += r.round == Value::Win;
  }
  md.section("The frontier of the 2-point match: round 2")
      .paragraph(fmt::format(
          "Black wins round 1 of the 2-point match (the 1-point match's proof); his round proof ends in {} distinct round ends, "
          "each a position between rounds with Black the Defender at 1–0. Sampled evenly: {} of them, each with both fills, "
          "{} round-2 starts, Gold to move first. Searched with the match aim for {:.0f} s each: Gold wins the match from {}, "
          "Black from {}, {} open. Gold, moving first, wins round 2 in {} of them. So the 2-point match turns on round 3 after "
          "a round-2 win by Gold (1–1, Black moving first), which each of these searches must prove for every line: that is "
          "where the search spends its nodes, and why the 2-point match is still open after {:.0f} s (table above).",
          s.round_one_ends, s.round_two.size() / 2, s.round_two.size(), s.options.seconds_per_end, gold_match, black_match, open,
          gold_round, s.options.seconds))
      .table({"round end (Black's round-1 proof)", "fill", "Gold's match value", "Gold's round value", "nodes"});
  for (const RoundTwoStart& r : s.round_two)
    md.row({"`" + r.end_kfen + "`", r.fill, value_name(r.match), value_name(r.round), std::to_string(r.nodes)});
  md.section("Not done yet")
      .paragraph("The 2- and 3-point matches are not proved: no certificate, and this run does not checkpoint (a long match search "
                 "that resumes after a stop is still to be built). The sample of 1000 round starts per reachable score is not "
                 "here either: the match value of a round start is the open problem itself.")
      .paragraph(fmt::format("The whole run took {:.0f} s; peak memory {} MB.", s.seconds, s.peak_rss_mb));
  return md.markdown();
}

}  // namespace kamisado::solver
