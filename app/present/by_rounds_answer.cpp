#include "app/present/by_rounds_answer.h"

#include <fmt/format.h>

#include "src/kamisado/kfen.h"

namespace kamisado::present {

using namespace kamisado::solver;

namespace {

// The match's value for the side to move at `root`: win, loss, or unknown (stopped first).
const char* value_word(const Position& root, std::optional<Side> winner) {
  if (!winner) return "unknown";
  return *winner == root.side_to_move() ? "win" : "loss";
}

}  // namespace

nlohmann::json by_rounds_json(const Position& root, const ByRoundsResult& r) {
  nlohmann::json rounds = nlohmann::json::array();
  for (std::size_t i = 0; i < r.rounds.size(); ++i) {
    const RoundCount& c = r.rounds[i];
    rounds.push_back({{"round", i + 1}, {"jobs", c.jobs}, {"proved", c.proved}, {"searched_into", c.searched_into}, {"known", c.known}});
  }
  nlohmann::json out = {{"kfen", to_kfen(root)},
                        {"goal", "match"},
                        {"by_rounds", true},
                        {"value", value_word(root, r.winner)},
                        {"winner", r.winner ? nlohmann::json(side_id(*r.winner)) : nlohmann::json()},
                        {"masters", r.masters},
                        {"restarts", r.restarts},
                        {"plans", r.plans},
                        {"jobs_on_other_ranks", r.far_jobs},
                        {"nodes", r.nodes},
                        {"seconds", r.seconds},
                        {"table_read", r.table_read},
                        {"table_size", r.table_size},
                        {"table_hits", r.table_hits},
                        {"starts_file", r.table_path},
                        {"unchecked_starts", r.unchecked},
                        {"rechecked_starts", r.rechecked},
                        {"rounds", rounds}};
  if (!r.rank_jobs.empty()) {  // on the job tree: each rank's jobs by level, and none proved twice
    nlohmann::json ranks = nlohmann::json::array();
    for (std::size_t i = 0; i < r.rank_jobs.size(); ++i) ranks.push_back({{"rank", i}, {"jobs_by_level", r.rank_jobs[i]}});
    out["ranks"] = ranks;
    out["starts_proved_twice"] = r.proved_twice;
    out["starts_looked_up"] = r.looked_up;
    out["starts_looked_up_proved"] = r.looked_up_proved;
  }
  return out;
}

std::string by_rounds_text(const Position& root, const ByRoundsResult& r) {
  std::string out;
  // An answer that rests on starts read back unchecked says so on its own line, never apart.
  const std::string resting = r.unchecked == 0
                                  ? ""
                                  : fmt::format(", resting on {} {} read back from {}{} unchecked (--recheck-starts{} proves {} again)", r.unchecked,
                                                r.unchecked == 1 ? "start" : "starts", r.table_path, r.rank_jobs.empty() ? "" : " and its shards",
                                                r.rank_jobs.empty() ? "" : " on one process", r.unchecked == 1 ? "it" : "them");
  if (r.winner)
    out += fmt::format("{} to move {} the match (by rounds; a value, no distance){}\n", side_name(root.side_to_move()),
                       *r.winner == root.side_to_move() ? "wins" : "loses", resting);
  else
    out += "unknown: stopped before the match was decided (the round-start table keeps what was proved)\n";
  out += fmt::format("{} master searches, {} nodes, {:.1f} s; the round-start table holds {} starts ({} of them when the run began)\n", r.masters,
                     r.nodes, r.seconds, r.table_size, r.table_read);
  if (r.plans) out += fmt::format("the first master planned {} times; its last plan rests on proved starts only\n", r.plans);
  if (r.restarts) out += fmt::format("masters started again {} times, after jobs proved their guesses wrong\n", r.restarts);
  if (!r.rank_jobs.empty())
    out += fmt::format("masters looked up {} starts in other ranks' shards as they met them, {} of them proved\n", r.looked_up, r.looked_up_proved);
  if (r.rechecked) out += fmt::format("{} starts of {} proved again, each as the table had it\n", r.rechecked, r.table_path);
  for (std::size_t i = 1; i < r.rounds.size(); ++i) {
    const RoundCount& c = r.rounds[i];
    out += fmt::format("round {}: {} starts taken as jobs, {} proved, {} over budget and searched by their master; {} found proved by another\n",
                       i + 1, c.jobs, c.proved, c.searched_into, c.known);
  }
  return out;
}

nlohmann::json by_rounds_certificate_json(const Position& root, const std::string& dir, const ByRoundsCertificate& c) {
  nlohmann::json depths = nlohmann::json::array();
  for (std::size_t i = 0; i < c.written.size(); ++i)
    depths.push_back({{"depth", i + 1}, {"layers", c.written[i].layers}, {"nodes", c.written[i].nodes}, {"bytes", c.written[i].bytes}});
  return {{"kfen", to_kfen(root)},
          {"goal", "match"},
          {"certificate", dir},
          {"value", value_word(root, c.winner)},
          {"winner", c.winner ? nlohmann::json(side_id(*c.winner)) : nlohmann::json()},
          {"written", depths},
          {"kept", c.kept},
          {"nodes", c.nodes},
          {"seconds", c.seconds}};
}

std::string by_rounds_certificate_text(const Position& root, const std::string& dir, const ByRoundsCertificate& c) {
  std::string out = c.winner ? fmt::format("{} to move {} the match; its certificate in layers is in {} (check it: kamisado check-proof {})\n",
                                           side_name(root.side_to_move()), *c.winner == root.side_to_move() ? "wins" : "loses", dir, dir)
                             : fmt::format("unknown: stopped first; the layers written are kept in {}, and a run again goes on from them\n", dir);
  for (std::size_t i = 0; i < c.written.size(); ++i)
    out += fmt::format("depth {}: {} layers written, {} positions, {} bytes\n", i + 1, c.written[i].layers, c.written[i].nodes, c.written[i].bytes);
  if (c.kept) out += fmt::format("{} layers kept from an earlier run, each checked again\n", c.kept);
  out += fmt::format("{} nodes, {:.1f} s\n", c.nodes, c.seconds);
  return out;
}

nlohmann::json regenerated_write_json(const Position& root, const std::string& dir, const RegeneratedWrite& w) {
  return {{"kfen", to_kfen(root)},
          {"goal", "match"},
          {"certificate", dir},
          {"value", value_word(root, w.winner)},
          {"winner", w.winner ? nlohmann::json(side_id(*w.winner)) : nlohmann::json()},
          {"layers_listed", w.layers},
          {"layers_made", w.written},
          {"positions", w.positions},
          {"nodes", w.search_nodes},
          {"table_starts", w.table_starts},
          {"stored_bytes", w.stored_bytes},
          {"seconds", w.seconds}};
}

std::string regenerated_write_text(const Position& root, const std::string& dir, const RegeneratedWrite& w) {
  std::string out =
      w.winner ? fmt::format(
                     "{} to move {} the match; its certificate is in {}: the root's layer, the table and a list of {} layers made again "
                     "when checked (check it: kamisado check-proof {})\n",
                     side_name(root.side_to_move()), *w.winner == root.side_to_move() ? "wins" : "loses", dir, w.layers, dir)
               : fmt::format("unknown: stopped first; the {} layers listed are kept in {}, and the same command goes on from them\n", w.layers, dir);
  out += fmt::format("{} layers made by this run ({} positions, {} nodes), {} listed by an earlier one; table {} starts; {} bytes stored; {:.1f} s\n",
                     w.written, w.positions, w.search_nodes, w.layers - w.written, w.table_starts, w.stored_bytes, w.seconds);
  return out;
}

nlohmann::json by_rounds_plan_json(const Position& root, const ByRoundsPlan& plan) {
  nlohmann::json jobs = nlohmann::json::array();
  for (const Position& start : plan.jobs) jobs.push_back(to_kfen(start));
  return {{"kfen", to_kfen(root)},
          {"goal", "match"},
          {"plan", true},
          {"winner_if_guesses_hold", plan.winner ? nlohmann::json(side_id(*plan.winner)) : nlohmann::json()},
          {"nodes", plan.nodes},
          {"seconds", plan.seconds},
          {"search_seconds", plan.search_seconds},
          {"table_size", plan.table_size},
          {"jobs", jobs}};
}

std::string by_rounds_plan_text(const Position& root, const ByRoundsPlan& plan) {
  if (!plan.winner) return fmt::format("unknown: stopped before a plan was made ({} nodes, {:.1f} s)\n", plan.nodes, plan.seconds);
  return fmt::format(
      "{} to move {} the match if every job's guess holds (a plan, nothing proved): {} jobs, the next round's starts the proof needs "
      "({} known to the table; {} nodes, {:.1f} s)\n",
      side_name(root.side_to_move()), *plan.winner == root.side_to_move() ? "wins" : "loses", plan.jobs.size(), plan.table_size, plan.nodes,
      plan.seconds);
}

nlohmann::json level_projection_json(const LevelProjection& p) {
  nlohmann::json levels = nlohmann::json::array();
  for (std::size_t i = 0; i < p.levels.size(); ++i) {
    const PlanLevel& l = p.levels[i];
    nlohmann::json strata = nlohmann::json::array();
    for (const Stratum& s : l.strata) {
      // Each plan's own figures: the distributions a model of a run draws from (issue 68's).
      nlohmann::json plans = nlohmann::json::array();
      for (const PlannedStart& plan : s.plans)
        plans.push_back({{"kfen", plan.kfen}, {"seconds", plan.seconds}, {"nodes", plan.nodes}, {"next_starts", plan.next}});
      strata.push_back({{"score", s.score},
                        {"starts_met", s.pool},
                        {"sampled", s.sampled},
                        {"decided", s.plans.size()},
                        {"projected_starts", s.projected},
                        {"mean_seconds", s.mean_seconds()},
                        {"core_hours", s.core_seconds() / 3600},
                        {"plans", plans}});
    }
    levels.push_back({{"level", i + 1},
                      {"sampled", l.sampled()},
                      {"decided", l.decided()},
                      {"next_starts", l.next()},
                      {"distinct_next_starts", l.distinct},
                      {"seconds", l.seconds()},
                      {"nodes", l.nodes()},
                      {"projected_starts", l.projected()},
                      {"core_hours", l.core_seconds() / 3600},
                      {"strata", strata}});
  }
  const auto [low, high] = p.core_hours_interval();
  return {{"kfen", p.root_kfen},
          {"per_level", p.per_level},
          {"depth_prices", p.depth_prices},
          {"journal", p.journal.empty() ? nlohmann::json() : nlohmann::json(p.journal)},
          {"plans_from_journal", p.from_journal},
          {"journal_build", p.journal_build.empty() ? nlohmann::json() : nlohmann::json(p.journal_build)},
          {"levels", levels},
          {"complete", p.complete},
          {"projected_starts", p.starts()},
          {"core_hours", p.core_hours()},
          {"core_hours_90", {low, high}}};
}

std::string level_projection_text(const LevelProjection& p) {
  std::string out = fmt::format("{} by levels, {} starts planned a score a level ({}):\n", p.root_kfen, p.per_level,
                                p.complete ? "down to the rounds that decide the match" : "stopped before the rounds that decide the match");
  for (std::size_t i = 0; i < p.levels.size(); ++i) {
    const PlanLevel& l = p.levels[i];
    out += fmt::format("  level {}: S({}) = {:.3g} starts, {} of {} planned, {} distinct next starts of {}\n", i + 1, i + 1, l.projected(),
                       l.decided(), l.sampled(), l.distinct, l.next());
    for (const Stratum& s : l.strata)
      out += fmt::format("    at {}: {:.3g} starts ({} met), {} of {} planned, each resting on {:.0f} starts of the next, {:.3g} s each\n", s.score,
                         s.projected, s.pool, s.plans.size(), s.sampled, s.fan_out(), s.mean_seconds());
  }
  const auto [low, high] = p.core_hours_interval();
  out += fmt::format("projection: {:.3g} starts, {:.3g} core-hours (90 % of resamplings: {:.3g} to {:.3g}), {:.3g} GB of round-start table\n",
                     p.starts(), p.core_hours(), low, high, p.starts() * 32 / 1e9);
  if (!p.depth_prices) out += "jobs priced flat (--flat-prices): as before job_depth\n";
  if (!p.journal.empty() && p.journal_build.empty())
    out += fmt::format("{} of its plans taken from the journal {} (their seconds as measured when they ran), the others added to it\n",
                       p.from_journal, p.journal);
  if (!p.journal_build.empty())
    out += fmt::format("its {} plans taken from the journal {}, as build {} measured them (another build's: a record, nothing added)\n",
                       p.from_journal, p.journal, p.journal_build);
  return out;
}

nlohmann::json run_rate_json(const RunRate& r) {
  nlohmann::json j = by_rounds_json(r.root, r.result);
  j["threads"] = r.threads;
  j["starts_proved"] = r.proved();
  j["starts_per_second"] = r.starts_per_second();
  return j;
}

nlohmann::json match_certificate_json(const std::string& dir, const MatchCertificateCheck& check) {
  nlohmann::json depths = nlohmann::json::array();
  std::uint64_t bytes = 0;
  for (std::size_t i = 0; i < check.depths.size(); ++i) {
    const LayerCount& d = check.depths[i];
    depths.push_back({{"depth", i + 1}, {"layers", d.layers}, {"nodes", d.nodes}, {"bytes", d.bytes}});
    bytes += d.bytes;
  }
  return {{"file", dir},
          {"holds", check.holds},
          {"winner", check.winner ? nlohmann::json(side_id(*check.winner)) : nlohmann::json()},
          {"goal", "match"},
          {"layers", depths},
          {"leaves_at_round_starts", check.leaves_at_starts},
          {"bytes", bytes},
          {"seconds", check.seconds},
          {"failure", check.failure},
          {"layers_made_again", check.regenerated - check.stored},
          {"layers_read_stored", check.stored},
          {"layers_from_journal", check.from_journal},
          {"checked_whole", check.holds && check.from_journal == 0},  // no layer taken from a journal unchecked
          {"search_nodes", check.search_nodes},
          {"stored_bytes", check.stored_bytes},
          {"stopped", check.stopped}};
}

std::string match_certificate_text(const MatchCertificateCheck& check) {
  if (check.stopped)
    return fmt::format("stopped: {} layers made again and checked, {} from the journal; run again with the same --journal to go on\n",
                       check.regenerated, check.from_journal);
  if (!check.holds) return "certificate REJECTED: " + check.failure + "\n";
  std::string depths;
  std::uint64_t bytes = 0, layers = 0;
  for (std::size_t i = 0; i < check.depths.size(); ++i) {
    const LayerCount& d = check.depths[i];
    depths += fmt::format("  depth {}: {} layers, {} positions, {} bytes\n", i + 1, d.layers, d.nodes, d.bytes);
    bytes += d.bytes, layers += d.layers;
  }
  std::string made;
  if (check.stored_bytes)
    made = fmt::format(
        "{} bytes in its root layer, table and list; {} layers checked: {} made again from its table ({} search nodes), {} read as stored; {} "
        "checked by an earlier run (journal)\n",
        check.stored_bytes, check.regenerated, check.regenerated - check.stored, check.search_nodes, check.stored, check.from_journal);
  // Layers a journal lists are taken as its earlier run's: the headline says the certificate
  // holds only as far as this run checked it (a journal is a file, and files are claims).
  const std::string holds =
      check.from_journal == 0
          ? "certificate holds"
          : fmt::format(
                "certificate holds if its journal is right: {} layers taken from the journal unchecked (check-proof without --journal "
                "checks every layer), the rest checked here",
                check.from_journal);
  return fmt::format("{}: {} wins the match from {} ({} layers, {} bytes; {} round-start leaves, {:.1f} s)\n{}{}", holds, side_name(*check.winner),
                     check.root_kfen, layers, bytes, check.leaves_at_starts, check.seconds, depths, made);
}

nlohmann::json by_rounds_answer_json(const Position& root, const ByRoundsAnswer& a) {
  if (a.levels) return level_projection_json(*a.levels);
  if (a.plan) return by_rounds_plan_json(root, *a.plan);
  if (a.certificate) return by_rounds_certificate_json(root, a.certificate_dir, *a.certificate);
  if (a.regenerated && a.result) {  // a run on the job tree, its layers stored on the ranks that proved them
    nlohmann::json out = by_rounds_json(root, *a.result);
    out["certificate"] = {{"folder", a.certificate_dir},
                          {"written", a.regenerated->winner.has_value()},
                          {"layers_listed", a.regenerated->layers},
                          {"layers_stored", a.regenerated->written},
                          {"layers_made_again", a.regenerated->layers - a.regenerated->written},
                          {"nodes", a.regenerated->search_nodes},
                          {"positions", a.regenerated->positions},
                          {"list_bytes", a.regenerated->stored_bytes},
                          {"seconds", a.regenerated->seconds}};
    return out;
  }
  if (a.regenerated) return regenerated_write_json(root, a.certificate_dir, *a.regenerated);
  return by_rounds_json(root, *a.result);
}

std::string by_rounds_answer_text(const Position& root, const ByRoundsAnswer& a) {
  if (a.levels) return level_projection_text(*a.levels);
  if (a.plan) return by_rounds_plan_text(root, *a.plan);
  if (a.certificate) return by_rounds_certificate_text(root, a.certificate_dir, *a.certificate);
  if (a.regenerated && a.result && !a.regenerated->winner)
    return by_rounds_text(root, *a.result) +
           fmt::format(
               "its certificate in {} is not written: stopped while making the layers the earlier certificate does not list (the same "
               "command goes on from the shards)\n",
               a.certificate_dir);
  if (a.regenerated && a.result) {
    const RegeneratedWrite& w = *a.regenerated;
    const std::string again =
        w.layers == w.written ? "" : fmt::format(", {} made again from the earlier certificate's table when checked", w.layers - w.written);
    return by_rounds_text(root, *a.result) +
           fmt::format(
               "its certificate is in {}: the root's layer and a list of {} layers ({} positions), {} stored by the ranks that proved them{} "
               "(check it: kamisado check-proof {}, or across ranks with --mpi)\n",
               a.certificate_dir, w.layers, w.positions, w.written, again, a.certificate_dir);
  }
  if (a.regenerated) return regenerated_write_text(root, a.certificate_dir, *a.regenerated);
  return by_rounds_text(root, *a.result);
}

std::string by_rounds_progress_line(const ByRoundsProgress& p) {
  if (p.handed_out > 0)  // on the job tree, rank 0 sees the jobs it hands out, not the ranks' searches
    return fmt::format("solve: {:.0f} s, {} jobs of every level handed out to ranks, {} waiting for one", p.seconds, p.handed_out, p.jobs_queued);
  return fmt::format("solve: {:.0f} s, next round's starts {} proved, {} queued; {} starts proved in all, table {} starts, {} nodes{}", p.seconds,
                     p.jobs_done, p.jobs_queued, p.starts_proved, p.table_size, p.nodes,
                     p.layers ? fmt::format("; {} layers of the certificate", p.layers) : "");
}

Answer starts_check_answer(const std::string& path, const StartsCheck& c) {
  nlohmann::json rows = nlohmann::json::array();
  std::string disagreements;
  for (const StartChecked& s : c.starts) {
    rows.push_back({{"kfen", s.kfen},
                    {"table", s.table_first_mover_wins ? "first mover wins" : "first mover loses"},
                    {"search", value_name(s.search)},
                    {"agrees", s.agrees()},
                    {"nodes", s.nodes},
                    {"seconds", s.seconds}});
    if (s.search != Value::Unknown && !s.agrees())
      disagreements += fmt::format("DISAGREE: {}: the table says the first mover {}, the whole-match search {}\n", s.kfen,
                                   s.table_first_mover_wins ? "wins" : "loses", s.search == Value::Win ? "wins" : "loses");
  }
  const auto& o = c.options;
  const std::string score = o.score ? fmt::format(" at {}-{}", (*o.score)[0], (*o.score)[1]) : "";
  return {{{"table", path},
           {"eligible", c.eligible},
           {"seed", o.seed},
           {"checked", c.starts.size()},
           {"agree", c.agreeing()},
           {"disagree", c.disagreeing()},
           {"undecided", c.undecided()},
           {"starts", rows}},
          disagreements + fmt::format("{}: {} of its {} match starts{} drawn (seed {}) and valued by the whole-match search: {} agree, {} disagree, "
                                      "{} undecided within {:g} s\n",
                                      path, c.starts.size(), c.eligible, score, o.seed, c.agreeing(), c.disagreeing(), c.undecided(), o.seconds)};
}

}  // namespace kamisado::present
