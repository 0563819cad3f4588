#include "solver/match/match_study.h"

#include <sys/resource.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "solver/match/levels_journal.h"
#include "solver/match/regenerated_certificate.h"
#include "solver/proof/certificate_files.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/run/worker_pool.h"

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
  if (target > 1 && !options.checkpoint_dir.empty())
    c.checkpoint = v.checkpoint_path = fmt::format("{}/match-{}.ckpt", options.checkpoint_dir, target);
  c.files = &disk_files();
  c.files->adopt_checkpoint(c, start_of(target), std::nullopt);  // a saved search goes on in its table's size
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

// The 2-point match's certificate checked whole; once it holds, a sample of the starts it proves
// valued again by the whole-match search (starts_check.h).
void check_two_point_certificate(const MatchStudyOptions& options, const io::Lines& lines, MatchStudy& s) {
  s.certificate = check_certificate_folder(options.certificate_dir, {options.threads, "", lines, options.stop});
  if (s.certificate->holds && s.certificate->root_kfen != to_kfen(start_of(2))) {
    s.certificate->holds = false;
    s.certificate->failure = fmt::format("it proves {}, not the 2-point match from the set-up", s.certificate->root_kfen);
  }
  if (s.certificate->holds && is_regenerated_certificate(options.certificate_dir)) {
    const RoundStartTable listed = listed_starts(options.certificate_dir);
    auto cross_check = [&](StartsCheckOptions o) {
      o.seed = options.scores.seed;
      o.threads = options.threads;
      o.stop = options.stop;
      try {
        return o.sample ? std::optional(check_starts(listed, o, lines)) : std::nullopt;
      } catch (const Stopped&) {  // Ctrl-C: a sample cut short is not reported
        return std::optional<StartsCheck>();
      }
    };
    s.cross_round_three = cross_check(options.cross_round_three);
    s.cross_round_two = cross_check(options.cross_round_two);
  }
}

namespace {

// The projections by levels: one a journal, then each of the 3- and 7-point matches no journal
// holds. The journals' headers are read here, before any work, so that a file that is no journal is
// refused at once, not after the hour the report's sections before the levels take.
std::vector<std::pair<Position, LevelsOptions>> level_projections(const MatchStudyOptions& options) {
  std::vector<std::pair<Position, LevelsOptions>> projections;
  if (options.levels_sample == 0) return projections;
  for (const std::string& path : options.levels_journals) {
    const JournalHeader h = [&] {
      try {
        return LevelsJournal::header(path);
      } catch (const InputError& e) {  // named as this request's field, not solve's --journal
        throw InputError(e.what(), "levels-journal");
      }
    }();
    projections.push_back({h.root, {options.levels_journal_sample, h.hash_mb, options.levels_seconds, h.depth_prices, path, options.stop}});
  }
  for (const std::uint32_t target : {3u, 7u}) {
    const Position root = start_of(target);
    if (std::none_of(projections.begin(), projections.end(), [&](const auto& p) { return to_kfen(p.first) == to_kfen(root); }))
      projections.push_back({root, {options.levels_sample, 1024, options.levels_seconds, true, "", options.stop}});
  }
  return projections;
}

}  // namespace

MatchStudy study_matches(const MatchStudyOptions& options, const io::Lines& lines) {
  // The folders it writes into or reads must be there: refused before any work.
  for (const auto& [dir, what] : {std::pair{options.proof_dir, "cannot write proofs into"},
                                  {options.checkpoint_dir, "cannot keep checkpoints in"},
                                  {options.certificate_dir, "cannot check the certificate"}})
    if (!dir.empty() && !std::filesystem::is_directory(dir)) throw InputError(std::string(what) + " '" + dir + "': no such folder");
  const std::vector<std::pair<Position, LevelsOptions>> projections = level_projections(options);
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
  if (!options.certificate_dir.empty() && !(options.stop && options.stop->load())) check_two_point_certificate(options, lines, s);
  if (options.by_rounds_sample > 0 && !(options.stop && options.stop->load()))
    s.by_rounds = project_by_rounds(start_of(2), options.by_rounds_sample, 64, options.stop, lines);
  if (options.run_seconds > 0) s.run_rates = measure_run_rates(start_of(2), options.run_seconds, {1, 2}, 64, options.stop, lines);
  if (options.levels_sample > 0 && !(options.stop && options.stop->load())) {
    s.levels.resize(projections.size());
    std::mutex said;  // the two projections' progress, a line at a time
    const io::Lines one_at_a_time = lines ? io::Lines([&](const std::string& line) {
      std::lock_guard lock(said);
      lines(line);
    })
                                          : io::Lines();
    run::for_each_item(projections.size(), std::min(options.threads, unsigned(projections.size())), [&](std::size_t i, unsigned) {
      s.levels[i] = project_by_levels(projections[i].first, projections[i].second, one_at_a_time);
      return true;
    });
  }
  if (options.scores.starts_per_score > 0 && !(options.stop && options.stop->load())) {
    ScoreSampleOptions scores = options.scores;
    scores.stop = options.stop;
    scores.threads = options.threads;
    s.scores = sample_scores(scores, lines);
  }
  return finish();
}

}  // namespace kamisado::solver
