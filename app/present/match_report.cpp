#include "app/present/match_report.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "app/present/match_study_answer.h"
#include "src/io/files.h"
#include "src/kamisado/kfen.h"

namespace kamisado::present {

using namespace kamisado::solver;

void levels_section(io::Report& md, const std::vector<LevelProjection>& projections) {
  if (projections.empty()) return;
  md.section("The Standard and Long matches by rounds: a projection level by level");
  md.paragraph(fmt::format(
      "Too large to run here, so projected (solver/match/by_rounds_study.h, `project_by_levels`): the match's plan (the first master run on "
      "guesses alone, as `solve --by-rounds --plan`) lists the round-2 starts its proof rests on; {} of them of each score (the first "
      "mover's points first: a stratum) are planned in turn, evenly spread, and the starts their plans rest on are level 3's, and so on down to "
      "starts whose round decides the match, or until the time given runs out. Scores are sampled apart because they cost apart: a start "
      "whose round decides the match plans in seconds, one at 1-1 is a 2-point match of its own. Without reuse, S(L+1, s') = Σ S(L, s) × the "
      "mean count of s' starts a sampled plan of s rests on, and a start costs what its plan's search cost "
      "(a run's masters search on tables lent to them, so "
      "making and clearing the plan's table is not counted). "
      "It is an order of magnitude, not a bound: starts met again from other round ends (reuse) make a run cheaper; a run also runs each "
      "master again once its jobs are proved, proves jobs no proof keeps, and plans again where a guess fails. Levels not reached are not "
      "counted. The interval is the 5th to 95th percentile of the projection with each stratum's plans drawn again (a bootstrap); a "
      "stratum of one plan adds no spread. Each start needs 32 bytes in the round-start table (starts/round_start_table.h).",
      projections.front().per_level));
  md.table({"match", "level (round)", "score", "starts met", "starts planned", "starts each rests on (mean)", "plan time (s, mean)",
            "starts at this level S(L, s)", "core-hours at this level"});
  // A match projected twice (two journals: flat and depth prices) is told apart by its prices.
  const auto name = [&](const LevelProjection& p) {
    const bool twice =
        std::count_if(projections.begin(), projections.end(), [&](const LevelProjection& q) { return q.root_kfen == p.root_kfen; }) > 1;
    return fmt::format("`{}`{}", p.root_kfen, twice ? (p.depth_prices ? " (depth prices)" : " (flat prices)") : "");
  };
  for (const LevelProjection& p : projections)
    for (std::size_t i = 0; i < p.levels.size(); ++i)
      for (const Stratum& s : p.levels[i].strata) {
        const bool measured = !s.plans.empty();
        md.row({name(p), std::to_string(i + 1), s.score, std::to_string(s.pool), fmt::format("{} of {}", s.plans.size(), s.sampled),
                measured ? fmt::format("{:.0f}", s.fan_out()) : "-", measured ? fmt::format("{:.3g}", s.mean_seconds()) : "-",
                fmt::format("{:.3g}", s.projected), measured ? fmt::format("{:.3g}", s.core_seconds() / 3600) : "-"});
      }
  for (const LevelProjection& p : projections) {
    const auto [low, high] = p.core_hours_interval();
    const std::string kept =
        p.journal.empty() ? ""
        : p.journal_build.empty()
            ? fmt::format(" Kept in the journal `{}` ({} of its plans made by earlier runs).", p.journal, p.from_journal)
            : fmt::format(" Its {} plans are the journal `{}`'s, as build {} measured them.", p.from_journal, p.journal, p.journal_build);
    md.paragraph(fmt::format(
        "{}: {:.3g} starts, {:.3g} core-hours (90 % interval {:.3g} to {:.3g}; {:.3g} days on a cluster of 1000 cores), {:.3g} GB of round-start "
        "table{}; jobs priced {}.{}",
        name(p), p.starts(), p.core_hours(), low, high, p.core_hours() / 1000 / 24, p.starts() * 32 / 1e9,
        p.complete ? ", down to the rounds that decide the match"
                   : fmt::format(" over the {} levels measured; the deeper levels were not reached within the time given, so "
                                 "this is below what the match needs",
                                 p.levels.size()),
        p.depth_prices ? "by their depth (job_depth, by_rounds.h)" : "flat (--flat-prices: one price for every job not one round)", kept));
  }
  // The lever side by side: a root projected with each pricing, the same seeds and samples.
  for (const LevelProjection& flat : projections)
    for (const LevelProjection& depth : projections)
      if (!flat.depth_prices && depth.depth_prices && flat.root_kfen == depth.root_kfen && depth.core_hours() > 0 && depth.starts() > 0)
        md.paragraph(fmt::format(
            "`{}`, the two pricings side by side: depth prices project {:.2g} times fewer core-hours than flat prices ({:.3g} against {:.3g}) "
            "and {:.2g} times fewer starts, so a table as many times smaller. Below level 2 each projection samples the starts its own plans "
            "rest on, so part of the ratio is the two samples' spread (docs/solver.md pairs the level-2 plans through one set of means).",
            depth.root_kfen, flat.core_hours() / depth.core_hours(), depth.core_hours(), flat.core_hours(), flat.starts() / depth.starts()));
}

void by_rounds_section(io::Report& md, const ByRoundsProjection& p, double whole_search_core_hours) {
  md.section("The 2-point match by rounds: the plan and its projection");
  if (!p.plan.winner) {
    md.paragraph("Not measured in this run (stopped before the plan was made).");
    return;
  }
  std::size_t held = 0;
  std::uint64_t nodes = 0, jobs = 0;
  for (const SampledStart& s : p.sample) held += s.guess_held, nodes += s.nodes, jobs += s.jobs;
  md.paragraph(
      fmt::format("The match proved round by round (solver/match/by_rounds.h, `kamisado solve \"{}\" --goal match --by-rounds --starts FILE`): "
                  "a master search plays round 1 only, and each round-2 start it needs is a job, proved once, whose round 3 is jobs in turn. "
                  "Its plan (`--plan`: the master run on guesses alone, the first mover winning each job, and its proof walked) gives {} the "
                  "match and rests on {} distinct round-2 starts ({} taken as guesses on the way; {} nodes, {:.0f} s).",
                  p.root_kfen, side_name(*p.plan.winner), p.plan.jobs.size(), p.plan.taken, p.plan.nodes, p.plan.seconds));
  if (p.sample.empty()) return;
  const double n = double(p.sample.size());
  md.paragraph(
      fmt::format("{} of them, evenly spread, were proved as a run proves its jobs, each with a table of its own (no reuse between them): the "
                  "guess held in {}; a start took {:.1f} s, {:.1f} M nodes and {:.0f} round-3 jobs on average.",
                  p.sample.size(), held, p.mean_seconds(), double(nodes) / n / 1e6, double(jobs) / n));
  md.table({"round-2 start", "guess held", "nodes", "time (s)", "round-3 jobs"});
  for (const SampledStart& s : p.sample)
    md.row({"`" + s.kfen + "`", s.guess_held ? "yes" : "no", std::to_string(s.nodes), fmt::format("{:.1f}", s.seconds), std::to_string(s.jobs)});
  std::string compare;
  if (whole_search_core_hours > 0)
    compare = fmt::format(", {:.1f} times below the {:.1f} core-hours that the whole-match search's frontier projects as a lower bound (above)",
                          whole_search_core_hours / p.core_hours(), whole_search_core_hours);
  md.paragraph(
      fmt::format("Projection: {} starts × {:.1f} s ≈ {:.1f} core-hours on this machine (± {:.1f}: the mean's standard error; the times are "
                  "heavy-tailed){}. It is an estimate, not a bound: a run also proves "
                  "jobs of lines its master leaves, and each start that proves a guess wrong makes the master start again; starts met again "
                  "(reuse, not counted here) make it cheaper. A run keeps its round-start table as its checkpoint, so it can be continued "
                  "from where it stopped, by threads or MPI ranks (`--threads`, `mpirun ... --mpi`).",
                  p.plan.jobs.size(), p.mean_seconds(), p.core_hours(), p.core_hours_standard_error(), compare));
}

void run_rates_section(io::Report& md, const std::vector<RunRate>& rates) {
  if (rates.empty()) return;
  const std::string root_kfen = to_kfen(rates.front().root);
  md.section("The 2-point match by rounds: a run, measured");
  md.paragraph(fmt::format(
      "The run itself (`kamisado solve \"{}\" --goal match --by-rounds`), from an empty round-start table, on one thread and then on two "
      "(each thread a job at a time, with a search table of its own). Round 2's starts are the first master's jobs; round 3's are theirs, "
      "proved by the thread that needs them. *Met again* counts the starts a master found already proved by another master: the reuse "
      "that a table of round starts buys.",
      root_kfen));
  md.table({"threads", "time (s)", "round", "jobs taken", "proved", "met again", "reuse", "starts proved a second", "nodes"});
  for (const RunRate& r : rates)
    for (std::size_t d = 1; d < r.result.rounds.size(); ++d) {
      const RoundCount& c = r.result.rounds[d];
      const std::uint64_t met = c.proved + c.known;
      md.row({std::to_string(r.threads), fmt::format("{:.0f}", r.result.seconds), std::to_string(d + 1), std::to_string(c.jobs),
              std::to_string(c.proved), std::to_string(c.known), met ? fmt::format("{:.0f}%", 100.0 * double(c.known) / double(met)) : "-",
              d == 1 ? fmt::format("{:.1f}", r.starts_per_second()) : "", d == 1 ? std::to_string(r.result.nodes) : ""});
    }
  const RunRate& last = rates.back();
  md.paragraph(fmt::format(
      "{}The whole run is this command; its round-start table is its checkpoint (written every `--checkpoint-every` seconds and at a stop), "
      "so a run stopped or killed is continued by the same command, by threads or by MPI ranks (`mpirun -np N kamisado solve ... --mpi`), "
      "and ends with the value of a run never stopped (tests/by_rounds_kill_resume.sh, tests/by_rounds_mpi.sh): `kamisado solve \"{}\" "
      "--goal match --by-rounds --plans --hash 1024 --threads 2 --starts runs/two-point.starts --certificate runs/two-point.certificate "
      "--checkpoint-every 120`; `--certificate` writes the certificate in layers as it goes, which `check-proof` then checks whole "
      "(`match-report --certificate` too).",
      last.result.winner
          ? fmt::format("The run on {} thread{} ended: {} wins. ", last.threads, last.threads == 1 ? "" : "s", side_name(*last.result.winner))
          : "",
      root_kfen));
}

void certificate_section(io::Report& md, const std::string& dir, const MatchCertificateCheck& c) {
  md.section("The 2-point match by rounds: its certificate");
  if (!c.holds) {
    md.paragraph(c.stopped ? fmt::format("The check of the certificate `{}` was stopped before it was whole.", dir)
                           : fmt::format("The certificate in layers `{}` was refused: {}", dir, c.failure));
    return;
  }
  std::uint64_t starts = 0;
  for (std::size_t i = 1; i < c.depths.size(); ++i) starts += c.depths[i].layers;
  const std::string how =
      c.stored_bytes ? fmt::format(
                           "It stores {:.1f} MB: the root's layer, the round-start table and the list of the other layers, each of which the check "
                           "made again from the table ({} layers, {} search nodes; {} taken from its journal) and compared with its digest",
                           double(c.stored_bytes) / 1e6, c.regenerated, c.search_nodes, c.from_journal)
                     : std::string("Every layer is stored");
  md.paragraph(
      fmt::format("**{} wins the match from `{}`**, proved round by round (`kamisado solve \"{}\" --goal match --by-rounds --certificate {}{}`) and "
                  "checked whole here as `kamisado check-proof {}` checks it ({:.0f} s): every layer a proof tree one round deep, re-verified with "
                  "the move generator, and each of its {} round-start leaves against the layer of its class (B3). {}. {} distinct round "
                  "starts carry a layer; each is met {:.1f} times on average (reuse).",
                  side_name(*c.winner), c.root_kfen, c.root_kfen, dir, c.stored_bytes ? " --starts FILE --regenerate-layers" : "", dir, c.seconds,
                  c.leaves_at_starts, how, starts, starts ? double(c.leaves_at_starts) / double(starts) : 0.0));
  md.table({"depth (round)", "layers", "positions", "bytes stored (zstd)"});
  for (std::size_t i = 0; i < c.depths.size(); ++i)
    md.row({std::to_string(i + 1), std::to_string(c.depths[i].layers), std::to_string(c.depths[i].nodes), std::to_string(c.depths[i].bytes)});
}

void cross_check_section(io::Report& md, int round, const StartsCheck& c) {
  const StartsCheckOptions& o = c.options;
  md.section(fmt::format("The 2-point certificate, cross-checked: round {}", round));
  md.paragraph(fmt::format(
      "The check above re-derives every layer with the move generator, but a fault its writer and its checker would share (a round end "
      "valued by the wrong side or score, P3, F1–F3) it could not see. So {} of the {} round-{} starts the certificate's layers prove, drawn "
      "by seed {}, are valued again by the whole-match search (`kamisado solve KFEN --goal match --value-only`: df-pn through the rest of "
      "the match, its rounds not cut apart, no round-start table, a {} MB table of its own, at most {} nodes a start). **{} agree, {} "
      "disagree, {} open** within that budget.",
      c.starts.size(), c.eligible, round, o.seed, o.hash_mb, o.nodes, c.agreeing(), c.disagreeing(), c.undecided()));
  constexpr std::size_t kRows = 15;  // of the starts that agree; every other is shown
  md.table({"start (its class's representative)", "certificate: the side moving first", "whole-match search", "nodes", "time (s)"});
  std::size_t rows = 0;
  for (const StartChecked& s : c.starts)
    if (!s.agrees() || rows++ < kRows)
      md.row(
          {"`" + s.kfen + "`", s.table_first_mover_wins ? "wins" : "loses",
           s.search == Value::Unknown ? "open" : fmt::format("{}s{}", s.search == Value::Win ? "win" : "lose", s.agrees() ? "" : " (**disagrees**)"),
           std::to_string(s.nodes), fmt::format("{:.1f}", s.seconds)});
  if (rows > kRows) md.paragraph(fmt::format("The first {} that agree are shown; `match-report --json` lists all {}.", kRows, c.starts.size()));
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

// The value of each match from the set-up, and the growth of the searches left open.
void values_section(io::Report& md, const MatchStudy& s) {
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
    std::string value = value_name(r.value);
    if (v.target == 2 && s.certificate && s.certificate->holds) {  // decided by rounds where the whole-match search is not
      value = fmt::format("{} (by rounds)", *s.certificate->winner == Side::Black ? "win" : "loss");
      cert = fmt::format("certificate checked: `{}` (below)", s.options.certificate_dir);
    }
    md.row({fmt::format("{} point{}{}", v.target, v.target > 1 ? "s" : "",
                        v.target == 3   ? " (Standard)"
                        : v.target == 7 ? " (Long)"
                                        : ""),
            value, r.best ? "`" + to_string(*r.best) + "`" : "-", r.distance_known ? std::to_string(r.plies) : "-", std::to_string(v.total_nodes),
            fmt::format("{:.1f}", v.total_seconds), std::to_string(v.table_mb),
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
}

// What each side can force in round 1, and the sampled round-2 starts of the 2-point match.
void round_two_section(io::Report& md, const MatchStudy& s) {
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
      .paragraph(
          fmt::format("Black wins round 1 of the 2-point match (the 1-point match's proof); his round proof ends in {} distinct round ends, "
                      "each a position between rounds with Black the Defender at 1–0. Sampled evenly: {} of them, each with both fills, "
                      "{} round-2 starts, Gold to move first. Searched with the match aim for {:.0f} s each: Gold wins the match from {}, "
                      "Black from {}, {} open. Gold, moving first, wins round 2 in {} of them. So the 2-point match turns on round 3 after "
                      "a round-2 win by Gold (1–1, Black moving first), which each of these searches must prove for every line: that is "
                      "where the search spends its nodes, and why the whole-match search leaves the 2-point match open after {:.0f} s (table above).",
                      s.round_one_ends, s.round_two.size() / 2, s.round_two.size(), s.options.seconds_per_end, gold_match, black_match, open,
                      gold_round, s.options.seconds))
      .table({"round end (Black's round-1 proof)", "fill", "Gold's match value", "Gold's round value", "nodes"});
  for (const RoundTwoStart& r : s.round_two)
    md.row({"`" + r.end_kfen + "`", r.fill, value_name(r.match), value_name(r.round), std::to_string(r.nodes)});
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
  values_section(md, s);
  round_two_section(md, s);
  frontier_section(md, s);
  if (s.certificate) certificate_section(md, s.options.certificate_dir, *s.certificate);
  if (s.cross_round_three) cross_check_section(md, 3, *s.cross_round_three);
  if (s.cross_round_two) cross_check_section(md, 2, *s.cross_round_two);
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
  for (const std::string& journal : o.levels_journals) add("--levels-journal", journal);
  if (!o.levels_journals.empty()) add("--levels-journal-sample", o.levels_journal_sample);
  add("--run-seconds", o.run_seconds);
  add("--threads", o.threads);
  if (!o.certificate_dir.empty()) {
    add("--certificate", o.certificate_dir);
    add("--cross-round-three", o.cross_round_three.sample);
    add("--cross-round-two", o.cross_round_two.sample);
  }
  return c;
}

Answer run_match_report(const MatchStudyOptions& options, const std::string& report, const io::Lines& lines) {
  MatchStudy s = study_matches(options, lines);
  if (!report.empty()) io::write_file_atomically(report, match_study_report(s, match_report_command(options, report)));
  return {match_study_json(s), match_study_text(s), options.stop && options.stop->load() ? Status::Stopped : Status::Ok};
}

}  // namespace kamisado::present
