#include "solver/match/match_study.h"

#include <sys/resource.h>

#include <chrono>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

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

// The distinct round ends of a round proof: its leaves, in KFEN order.
std::vector<std::string> round_ends(const ProofTree& tree) {
  std::set<std::string> ends;
  for (const ProofNode& n : tree.nodes)
    if (n.children.empty()) ends.insert(n.kfen);
  return {ends.begin(), ends.end()};
}

// The step that takes about `wanted` of `count` items, evenly spread.
std::size_t even_step(std::size_t count, int wanted) { return std::max<std::size_t>(1, count / std::size_t(std::max(1, wanted))); }

// Gold's round-2 proof from `start` (the round, Gold moving first and winning it): its distinct
// round ends, each a position between rounds at 1–1 with Gold the Defender. A seeded few of them,
// with both of Gold's fills, are round-3 starts; Black moves first there, and who wins round 3
// wins the match.
void sample_round_three(const Position& start, const MatchStudyOptions& options, RoundTwoStart& r, RoundThreeStarts& out) {
  TranspositionTable table(std::min<std::size_t>(options.hash_mb, 256));
  CertifyOptions round;
  round.value_only = true;  // a tree within the bound proved: the ends of one winning strategy
  round.check = false;
  round.limits.stop = options.stop;
  Certified two = certify(start, table, round);
  if (!two.tree) return;
  const std::vector<std::string> all = round_ends(*two.tree);
  r.round_ends = all.size();
  const std::size_t step = even_step(all.size(), options.round_three_per_end);
  for (std::size_t i = 0; i < all.size() && i / step < std::size_t(options.round_three_per_end); i += step) {
    for (FillSide fill : {FillSide::Left, FillSide::Right}) {
      const Position three = parse_kfen(all[i]).after(Move::fill(fill));
      CertifyOptions value;
      value.aim = Aim::match();
      value.value_only = true;  // and a proof tree within the bound proved, unchecked: its size
      value.check = false;
      value.limits.nodes = 5'000'000;
      value.limits.stop = options.stop;
      Certified v = certify(three, table, value);
      ++out.starts;
      out.kfens.push_back(to_kfen(three));
      out.first_mover_wins += v.result.value == Value::Win;
      out.open += v.result.value == Value::Unknown;
      out.nodes += v.result.nodes;
      out.seconds += v.result.seconds;
      out.proof_nodes += v.proof_nodes;
    }
  }
}

}  // namespace

namespace {

// The `target`-point match from the set-up, proved as far as the options allow (a checkpoint
// resumed, its history kept).
MatchValue prove_match(std::uint32_t target, const MatchStudyOptions& options, const io::Lines& lines) {
  MatchValue v;
  v.target = target;
  CertifyOptions c;
  c.aim = Aim::match();
  c.limits.hash_mb = options.hash_mb;
  c.limits.stop = options.stop;
  if (target > 1) c.limits.seconds = options.seconds;
  c.limits.progress = [&](const SolveProgress& p) {
    v.root_pn = p.root_pn, v.root_dn = p.root_dn, v.table_fill = p.table_fill;
    if (lines)
      lines(fmt::format("match-report: {}-point match, {:.0f} s, {} nodes, root proof {} disproof {}, table {:.0f}%", target, p.seconds, p.nodes,
                        p.root_pn, p.root_dn, 100 * p.table_fill));
  };
  if (!options.proof_dir.empty()) c.proof_path = v.proof_path = fmt::format("{}/match-{}.proof", options.proof_dir, target);
  if (target > 1 && !options.checkpoint_dir.empty()) {
    c.checkpoint = v.checkpoint_path = fmt::format("{}/match-{}.ckpt", options.checkpoint_dir, target);
    if (auto saved = read_checkpoint_header(c.checkpoint)) c.limits.hash_mb = saved->table_mb;  // its table's size
  }
  TranspositionTable table(c.limits.hash_mb);
  v.proved = certify(start_of(target), table, c);
  if (v.proved.result.value == Value::Unknown) v.proof_path.clear();
  v.root_pn = v.proved.result.root_pn, v.root_dn = v.proved.result.root_dn;
  v.table_mb = c.limits.hash_mb;
  v.total_nodes = v.proved.result.nodes + (v.proved.resumed ? v.proved.resumed->nodes : 0);
  v.total_seconds = v.proved.result.seconds + (v.proved.resumed ? v.proved.resumed->seconds : 0);
  if (!v.checkpoint_path.empty())
    if (auto saved = read_checkpoint_header(v.checkpoint_path)) v.history = saved->history;
  return v;
}

// A round-2 start of the 2-point match (the round end `end_kfen` filled to `fill`): its match and
// round values within the options' time, and round-3 starts sampled from it.
RoundTwoStart search_round_two_start(const std::string& end_kfen, const Position& end, FillSide fill, const MatchStudyOptions& options,
                                     RoundThreeStarts& round_three) {
  RoundTwoStart r;
  r.end_kfen = end_kfen;
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
  if (rr.value == Value::Win) sample_round_three(start, options, r, round_three);
  return r;
}

}  // namespace

MatchStudy study_matches(const MatchStudyOptions& options, const io::Lines& lines) {
  auto t0 = std::chrono::steady_clock::now();
  MatchStudy s;
  s.options = options;
  for (std::uint32_t target : {1u, 2u, 3u, 7u}) {
    MatchValue v = prove_match(target, options, lines);
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
  const std::vector<std::string> all = round_ends(*one.tree);
  s.round_one_ends = all.size();
  const std::size_t step = even_step(all.size(), options.round_two_ends);
  io::Progress progress(lines);
  for (std::size_t i = 0; i < all.size() && int(s.round_two.size()) < 2 * options.round_two_ends; i += step) {
    Position end = parse_kfen(all[i]);
    for (FillSide fill : {FillSide::Left, FillSide::Right}) {
      RoundTwoStart r = search_round_two_start(all[i], end, fill, options, s.round_three);
      s.round_two.push_back(r);
      progress.tick([&] { return fmt::format("match-report: round-2 starts, {} searched", s.round_two.size()); });
    }
    if (options.stop && options.stop->load()) break;
  }
  if (!options.certificate_dir.empty() && !(options.stop && options.stop->load())) {
    io::Progress checked(lines);
    s.certificate = check_match_certificate(options.certificate_dir, options.certificate_threads, [&](std::uint64_t layers) {
      checked.tick([&] { return fmt::format("match-report: the 2-point certificate, {} layers checked", layers); });
    });
    if (s.certificate->holds && s.certificate->root_kfen != to_kfen(start_of(2))) {
      s.certificate->holds = false;
      s.certificate->failure = fmt::format("it proves {}, not the 2-point match from the set-up", s.certificate->root_kfen);
    }
  }
  if (options.by_rounds_sample > 0 && !(options.stop && options.stop->load()))
    s.by_rounds = project_by_rounds(start_of(2), options.by_rounds_sample, 64, options.stop, lines);
  if (options.run_seconds > 0) s.run_rates = measure_run_rates(start_of(2), options.run_seconds, {1, 2}, 64, options.stop, lines);
  if (options.levels_sample > 0)
    for (std::uint32_t target : {3u, 7u})
      if (!(options.stop && options.stop->load()))
        s.levels.push_back(project_by_levels(start_of(target), options.levels_sample, 1024, options.levels_seconds, options.stop, lines));
  if (options.scores.starts_per_score > 0 && !(options.stop && options.stop->load())) {
    ScoreSampleOptions scores = options.scores;
    scores.stop = options.stop;
    s.scores = sample_scores(scores, lines);
  }
  return finish();
}

void certificate_section(io::Report& md, const std::string& dir, const MatchCertificateCheck& c) {
  md.section("The 2-point match by rounds: its certificate");
  if (!c.holds) {
    md.paragraph(fmt::format("The certificate in layers `{}` was refused: {}", dir, c.failure));
    return;
  }
  std::uint64_t starts = 0;
  for (std::size_t i = 1; i < c.depths.size(); ++i) starts += c.depths[i].layers;
  md.paragraph(
      fmt::format("**{} wins the match from `{}`**, proved round by round (`kamisado solve \"{}\" --goal match --by-rounds --certificate {}`) and "
                  "checked whole here as `kamisado check-proof {}` checks it ({:.0f} s): every layer a proof tree one round deep, re-verified with "
                  "the move generator and no search, and each of its {} round-start leaves against the layer of its class (B3). {} distinct round "
                  "starts carry a layer; each is met {:.1f} times on average (reuse).",
                  side_name(*c.winner), c.root_kfen, c.root_kfen, dir, dir, c.seconds, c.leaves_at_starts, starts,
                  starts ? double(c.leaves_at_starts) / double(starts) : 0.0));
  md.table({"depth (round)", "layers", "positions", "bytes (zstd)"});
  for (std::size_t i = 0; i < c.depths.size(); ++i)
    md.row({std::to_string(i + 1), std::to_string(c.depths[i].layers), std::to_string(c.depths[i].nodes), std::to_string(c.depths[i].bytes)});
}

namespace {

// What the proof below needs, in core-hours of the whole-match search at its measured rate (0:
// not measured).
double frontier_core_hours(const MatchStudy& s) {
  std::size_t proofs = 0, ends = 0;
  for (const RoundTwoStart& r : s.round_two)
    if (r.round_ends) ++proofs, ends += r.round_ends;
  const RoundThreeStarts& t = s.round_three;
  if (!proofs || t.starts == t.open || t.seconds <= 0) return 0;
  const double starts3 = double(s.round_one_ends) * double(ends) / double(proofs) * 2;
  return starts3 * double(t.nodes) / double(t.starts) / (double(t.nodes) / t.seconds) / 3600;
}

// What a proof of the 2-point match must contain if Black wins it the way the search points
// to (round 1, then every round 3 after Gold's round-2 wins), measured on the samples above.
void frontier_section(io::Report& md, const MatchStudy& s) {
  std::size_t proofs = 0, ends = 0;
  for (const RoundTwoStart& r : s.round_two)
    if (r.round_ends) ++proofs, ends += r.round_ends;
  const RoundThreeStarts& t = s.round_three;
  md.section("The frontier of the 2-point match, measured");
  if (!proofs || t.starts == t.open) {
    md.paragraph("Not measured in this run (no round-2 proof or round-3 start was sampled).");
    return;
  }
  const double e2 = double(ends) / double(proofs);
  const double nodes3 = double(t.nodes) / double(t.starts);
  const double rate = t.seconds > 0 ? double(t.nodes) / t.seconds : 0;
  const double starts3 = double(s.round_one_ends) * e2 * 2;
  const double nodes = starts3 * nodes3;
  const double proof3 = double(t.proof_nodes) / double(t.starts - t.open);
  md.paragraph(
      fmt::format("Gold, moving first, wins round 2 from {} of the sampled round-2 starts; each such win is a round proof, whose "
                  "distinct round ends are the 1–1 positions Black must then survive. Gold's proofs end in {:.0f} distinct round ends on "
                  "average ({} proofs). From each, {} of those ends were taken with both of Gold's fills (F1): {} round-3 starts, where "
                  "Black moves first and the round decides the match. Black wins {} of them, {} are open at 5 M nodes; each took {:.0f} "
                  "nodes on average ({:.2f} M nodes/s), and its proof tree holds {:.0f} positions on average.",
                  proofs, e2, proofs, s.options.round_three_per_end, t.starts, t.first_mover_wins, t.open, nodes3, rate / 1e6, proof3));
  md.paragraph(
      fmt::format("So a proof that Black wins the 2-point match by winning round 1 and then every round 3 holds, for each of the {} round "
                  "ends of his round-1 proof and his fill, Gold's round-2 lines ({:.0f} ends each) and both of Gold's fills: about "
                  "{:.2g} round-3 starts, each proved. At the measured {:.0f} nodes a start that is {:.2g} node expansions without any "
                  "search overhead: {:.1f} core-hours at this rate. The certificate alone would hold about {:.2g} positions ({:.0f} a "
                  "round-3 start), and a table that keeps just those needs {:.0f} GB ({:.0f} bytes a position, "
                  "solver/search/transposition_table.h), against the 24 GB of this machine. This is a lower bound: "
                  "it counts one winning strategy, while df-pn must also refute Gold's other tries in round 2 and learn which of Black's "
                  "round-1 endings to steer to. Gold's way to win instead is the rare round-3 start that the second mover wins "
                  "(reports/regrouped.md: 7 of 1000 regrouped starts): the search must show that Black can keep every round-2 ending away "
                  "from them, or that Gold can reach one.",
                  s.round_one_ends, e2, starts3, nodes3, nodes, rate > 0 ? nodes / rate / 3600 : 0.0, starts3 * proof3, proof3,
                  starts3 * proof3 * TranspositionTable::kBytesPerPosition / 1e9, TranspositionTable::kBytesPerPosition));
}

void scores_section(io::Report& md, const MatchStudy& s) {
  if (s.scores.empty()) return;
  const ScoreSampleOptions& o = s.options.scores;
  md.section("Round starts of the Standard match at every score")
      .paragraph(
          fmt::format("{} round starts at each score the Standard match (3 points) can reach between rounds, seed {} (solver/match/match_sample.h: "
                      "home rows in random order, one Sumo per point on random colours, the last round's loser first). Each searched for "
                      "the round (value only, at most {} nodes) and for the match (at most {} nodes): node limits, so that the run repeats "
                      "exactly. \"Match differs\" counts starts whose match value is known and is not the round's: the round's winner "
                      "loses the match.",
                      o.starts_per_score, o.seed, o.round_nodes, o.match_nodes))
      .table({"score (Black–Gold)", "starts", "round: first mover wins", "round open", "match known", "match: first mover wins",
              "match differs from round", "match open", "time (s)"});
  auto share = [](int part, int whole) { return whole ? fmt::format("{} ({:.1f}%)", part, 100.0 * part / whole) : std::string("-"); };
  for (const ScoreSample& x : s.scores)
    md.row({fmt::format("{}–{}", x.points[0], x.points[1]), std::to_string(x.starts), share(x.first_mover_wins_round, x.starts - x.round_open),
            std::to_string(x.round_open), std::to_string(x.match_known), share(x.first_mover_wins_match, x.match_known),
            share(x.match_differs, x.match_known), std::to_string(x.match_open), fmt::format("{:.0f}", x.seconds)});
  std::vector<std::string> examples;
  for (const ScoreSample& x : s.scores)
    for (const std::string& k : x.differing) examples.push_back("`" + k + "`");
  if (!examples.empty())
    md.paragraph("Starts where the round's winner loses the match (the first few of each score): " + fmt::format("{}", fmt::join(examples, ", ")) +
                 ".");
}

}  // namespace

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
      .paragraph(
          "Where a search resumed from a checkpoint, its nodes and time are those of all its runs together, and the "
          "checkpoint named is where anyone can continue it: `kamisado solve \"<set-up> T:0-0\" --goal match "
          "--checkpoint FILE` (its table size is taken from the file).")
      .table({"match", "value for Black", "first move", "distance (plies)", "nodes", "time (s)", "table (MB)", "root proof / disproof", "certificate",
              "checkpoint"});
  for (const MatchValue& v : s.values) {
    const SolveResult& r = v.proved.result;
    std::string cert = v.proved.checked()
                           ? fmt::format("{} positions, checked{}", v.proved.proof_nodes, v.proof_path.empty() ? "" : ": `" + v.proof_path + "`")
                       : r.value == Value::Unknown ? "open"
                                                   : v.proved.failure();
    md.row({fmt::format("{} point{}{}", v.target, v.target > 1 ? "s" : "",
                        v.target == 3   ? " (Standard)"
                        : v.target == 7 ? " (Long)"
                                        : ""),
            value_name(r.value), r.best ? "`" + to_string(*r.best) + "`" : "-", r.distance_known ? std::to_string(r.plies) : "-",
            std::to_string(v.total_nodes), fmt::format("{:.1f}", v.total_seconds), std::to_string(v.table_mb),
            r.value == Value::Unknown ? fmt::format("{} / {}", v.root_pn, v.root_dn) : "-", cert,
            v.checkpoint_path.empty()
                ? "-"
                : fmt::format("`{}`{}", v.checkpoint_path,
                              v.proved.resumed ? fmt::format(" (resumed, {} saves)", v.proved.resumed->saves + v.proved.checkpoint_saves) : "")});
  }
  // The whole-match search above leaves the 2-point match open; the match by rounds decides it.
  if (s.certificate && s.certificate->holds)
    md.paragraph(
        fmt::format("**The 2-point match: {} wins**, proved round by round, its certificate in layers checked whole (below: \"The 2-point "
                    "match by rounds: its certificate\"). The table's row is the whole-match search's, which cannot decide it here.",
                    side_name(*s.certificate->winner)));
  for (const MatchValue& v : s.values) {
    if (v.history.empty() || v.proved.result.value != Value::Unknown) continue;
    md.paragraph(fmt::format("The {}-point search's growth, at each save of its checkpoint `{}` (all runs; a run before saves "
                             "were recorded shows only in the totals above):",
                             v.target, v.checkpoint_path))
        .table({"time (s)", "nodes", "root proof number", "root disproof number", "table fill"});
    for (const CheckpointSave& e : v.history)
      md.row({fmt::format("{:.0f}", e.seconds), std::to_string(e.nodes), std::to_string(e.root_pn), std::to_string(e.root_dn),
              fmt::format("{:.0f}%", e.fill_percent)});
  }
  auto ring = [](const std::optional<int>& b) {
    return !b ? std::string("unknown") : *b == 0 ? std::string("cannot win it") : fmt::format("a ring worth {}", *b);
  };
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
      .paragraph(fmt::format("Black wins round 1 of the 2-point match (the 1-point match's proof); his round proof ends in {} distinct round ends, "
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
  frontier_section(md, s);
  if (s.certificate) certificate_section(md, s.options.certificate_dir, *s.certificate);
  if (s.options.by_rounds_sample > 0) by_rounds_section(md, s.by_rounds, frontier_core_hours(s));
  run_rates_section(md, s.run_rates);
  levels_section(md, s.levels);
  scores_section(md, s);
  md.section("The run").paragraph(fmt::format("The whole run took {:.0f} s; peak memory {} MB.", s.seconds, s.peak_rss_mb));
  return md.markdown();
}

std::string match_report_command(const MatchStudyOptions& o, const std::string& report) {
  std::string c = "kamisado match-report";
  const auto add = [&](const char* option, const auto& value) { c += fmt::format(" {} {}", option, value); };
  if (!report.empty()) add("--report", report);
  add("--seconds", o.seconds);
  add("--hash", o.hash_mb);
  if (!o.proof_dir.empty()) add("--proofs", o.proof_dir);
  if (!o.checkpoint_dir.empty()) add("--checkpoints", o.checkpoint_dir);
  add("--ends", o.round_two_ends);
  add("--seconds-per-end", o.seconds_per_end);
  add("--round-three", o.round_three_per_end);
  add("--starts-per-score", o.scores.starts_per_score);
  add("--match-nodes", o.scores.match_nodes);
  add("--seed", o.scores.seed);
  add("--by-rounds-sample", o.by_rounds_sample);
  add("--levels-sample", o.levels_sample);
  add("--levels-seconds", o.levels_seconds);
  add("--run-seconds", o.run_seconds);
  if (!o.certificate_dir.empty()) {
    add("--certificate", o.certificate_dir);
    add("--certificate-threads", o.certificate_threads);
  }
  return c;
}

}  // namespace kamisado::solver
