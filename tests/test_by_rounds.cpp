// The match proved round by round (match/by_rounds.h, issue 29): a master search whose round
// starts are jobs, proved once each and kept in the round-start table. Its values are those of
// the independent minimax (P3), as the whole-match search's are; a run stopped and started again on
// its table ends with the value of a run never stopped; a damaged table is refused.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>

#include <fmt/format.h>

#include "app/present/by_rounds_answer.h"
#include "app/present/match_report.h"
#include "solver/match/by_rounds.h"
#include "solver/match/by_rounds_request.h"
#include "solver/match/by_rounds_study.h"
#include "solver/match/match_study.h"
#include "solver/match/match_suite.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "tests/helpers.h"

using namespace kamisado;
using namespace kamisado::solver;

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr std::size_t kSanitizerStride = 6;  // the sanitizer build checks every sixth case (the threads' code too); the release build all
#else
constexpr std::size_t kSanitizerStride = 1;
#endif

std::string scratch(const std::string& name) {
  const std::filesystem::path dir = std::filesystem::path(KAMISADO_TEST_TMP) / "by_rounds";
  std::filesystem::create_directories(dir);
  const std::filesystem::path p = dir / name;
  std::filesystem::remove(p);
  std::filesystem::remove(p.string() + ".lock");
  return p.string();
}

// Small tables; and a last round's starts are jobs too (of at most a million nodes), so that the
// positions of the suite's last rounds have jobs.
ByRoundsOptions small(unsigned threads = 1, std::uint64_t job_nodes = 1000000) {
  ByRoundsOptions o;
  o.hash_mb = 4;
  o.threads = threads;
  o.job_nodes = job_nodes;
  return o;
}

// A position of the match suite whose proof by rounds takes the most jobs among those it proves
// within two seconds (65 round starts, 66 master searches): Gold to move at 2:1-0 loses.
Position busiest_case() { return parse_kfen("gr4p1/4P1Gy/5b2/8/o7/3n1R2/2Y3Nk/1B1O2K1 g o 2:1-0"); }

}  // namespace

TEST(ByRounds_P3, TheValuesAreTheMinimaxs) {
  std::size_t checked = 0, with_jobs = 0;
  std::uint64_t jobs = 0, known = 0, given_back = 0;
  RoundStartTable shared;  // one table for the whole suite: later positions reuse earlier jobs
  const std::size_t stride = kSanitizerStride;
  std::size_t at = 0;
  for (const MatchCase& c : read_match_suite(KAMISADO_DATA "/match_suite.json")) {
    if (at++ % stride) continue;
    // Every other position on two threads, so that jobs are shared out too; every third with the
    // last round's jobs given back after 4096 nodes, and every fifth with them searched by the master.
    const ByRoundsResult r = solve_by_rounds(c.pos, shared, small(checked % 2 ? 2 : 1, checked % 3 == 0 ? 1 : checked % 5 == 0 ? 0 : 1000000));
    ASSERT_TRUE(r.winner) << to_kfen(c.pos);
    EXPECT_EQ(*r.winner, c.winner) << to_kfen(c.pos);  // the minimax's, which the whole-match search also gives (test_match_search)
    for (const RoundCount& round : r.rounds) jobs += round.proved, known += round.known, given_back += round.searched_into;
    with_jobs += r.rounds.size() > 1 && r.rounds[1].jobs > 0;
    ++checked;
  }
  EXPECT_GE(checked, 350u / stride);
  EXPECT_GE(with_jobs, 20u / stride);  // positions whose proof needs the next round
  EXPECT_GT(given_back, 0u);           // jobs over budget, searched by their master
  std::cout << checked << " match-suite positions, " << with_jobs << " with jobs; " << jobs << " starts proved as jobs, " << known
            << " found proved by a master, " << given_back << " given back to their master\n";
}

// A master prices a job by what it will cost (issue 69): a one-round job is a round search if its
// guess holds, where any other is a match of its own (P3: the points the round's winner takes;
// Black's points first in the KFEN's score).
TEST(ByRounds_P3, AOneRoundJobIsARoundThatEndsTheMatchForItsGuessedWinner) {
  const auto one_round = [](const char* kfen) { return one_round_job(parse_kfen(kfen)); };
  EXPECT_TRUE(one_round("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 1:0-0"));      // a 1-point match's only round
  EXPECT_TRUE(one_round("okbpyrgn+/8/8/8/8/8/8/RYKPBONG+ b - 2:1-1"));    // a last round: whoever wins it
  EXPECT_TRUE(one_round("bopkyr+gn+/8/8/8/8/8/8/PYNB+ORKG+ g - 3:2-2"));  // a last round, the Standard match's
  EXPECT_TRUE(one_round("bopkyr+gn/8/8/8/8/8/8/PYNB+ORKG+ b - 3:2-1"));   // Black moves first and leads by one
  EXPECT_FALSE(one_round("bopkyr+gn/8/8/8/8/8/8/PYNB+ORKG+ g - 3:2-1"));  // Gold, behind, moves first
  EXPECT_FALSE(one_round("bopkyrgn/8/8/8/8/8/8/PYNB+ORKG+ g - 3:2-0"));   // the same at 2-0
  EXPECT_FALSE(one_round("onkprbgy+/8/8/8/8/8/8/NYOKRPGB+ b - 3:1-1"));   // level, but one round short
  EXPECT_FALSE(one_round("okbpyrgn/8/8/8/8/8/8/RYKPBONG+ g - 2:1-0"));    // the 2-point match's round 2
  EXPECT_FALSE(one_round("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3:0-0"));     // the Standard match's first round
}

// A master prices a job as deep as itself dearer (issue 69): the levels of masters a job is are
// the points its guessed winner still needs, 0 for a one-round job (P3, Black's points first).
TEST(ByRounds_P3, AJobIsAsDeepAsThePointsItsGuessedWinnerNeeds) {
  const auto depth = [](const char* kfen) { return job_depth(parse_kfen(kfen)); };
  EXPECT_EQ(depth("bopkyr+gn+/8/8/8/8/8/8/PYNB+ORKG+ g - 3:2-2"), 0u);  // a last round
  EXPECT_EQ(depth("bopkyr+gn/8/8/8/8/8/8/PYNB+ORKG+ b - 3:2-1"), 0u);   // one round: Black first, one point short
  EXPECT_EQ(depth("bopkyr+gn/8/8/8/8/8/8/PYNB+ORKG+ g - 3:2-1"), 1u);   // Gold, behind, first: Black's one point below a master
  EXPECT_EQ(depth("bopkyrgn/8/8/8/8/8/8/PYNB+ORKG+ g - 3:2-0"), 1u);    // the same at 2-0
  EXPECT_EQ(depth("okbpyrgn/8/8/8/8/8/8/RYKPBONG+ g - 2:1-0"), 1u);     // the 2-point match's round 2
  EXPECT_EQ(depth("onkprbgy+/8/8/8/8/8/8/NYOKRPGB+ b - 3:1-1"), 2u);    // a 2-point match of its own
  EXPECT_EQ(depth("onkyprbg/8/8/8/8/8/8/YOKNRPGB+ g - 3:1-0"), 2u);     // the Standard match's round 2
  EXPECT_EQ(depth("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3:0-0"), 3u);      // its first round
}

// A last round's job is proved as its master takes it (issue 69), so no guess of one can fail
// and start the master again: on the match suite's position whose master the batches started
// again three times (Black to move at 2:1-0, P3; its jobs are 1-1 last rounds), none, and the
// minimax's value. Over a budget, a job taken at once is given back, and searched into.
TEST(ByRounds_P3, ALastRoundsJobIsProvedAsItsMasterTakesIt) {
  const Position pos = parse_kfen("5n2/p2r4/PKy2b2/1Y2k2B/1O3N1o/5G2/2g3R1/8 b N 2:1-0");
  RoundStartTable table;
  const ByRoundsResult r = solve_by_rounds(pos, table, small(1, 0));
  EXPECT_EQ(r.winner, Side::Black);
  EXPECT_EQ(r.restarts, 0u);
  ASSERT_EQ(r.rounds.size(), 2u);
  EXPECT_GT(r.rounds[1].jobs, 0u);
  EXPECT_EQ(r.rounds[1].proved, r.rounds[1].jobs);
  EXPECT_EQ(r.rounds[1].known, 0u);  // its own jobs, not met proved by others

  RoundStartTable budgeted;
  const ByRoundsResult b = solve_by_rounds(pos, budgeted, small(1, 1));
  EXPECT_EQ(b.winner, Side::Black);
  ASSERT_EQ(b.rounds.size(), 2u);
  EXPECT_GT(b.rounds[1].searched_into, 0u);
  EXPECT_GE(b.restarts, 1u);  // started again to search into what it gave back
  EXPECT_LE(b.restarts, b.rounds[1].searched_into);
}

// A start proved by another thread or an earlier run is a leaf for the next master: with the
// table of a first run, a second run proves no job and gives the same value.
TEST(ByRounds_P3, ASecondRunOnTheTableProvesNoJob) {
  const Position pos = busiest_case();
  RoundStartTable table;
  const ByRoundsResult first = solve_by_rounds(pos, table, small());
  ASSERT_GT(first.table_size, 0u);
  const ByRoundsResult second = solve_by_rounds(pos, table, small());
  EXPECT_EQ(second.winner, first.winner);
  for (const RoundCount& round : second.rounds) EXPECT_EQ(round.jobs, 0u);
  ASSERT_GE(second.rounds.size(), 2u);
  EXPECT_GT(second.rounds[1].known, 0u);  // met in the table, proved by the first run
  std::cout << to_kfen(pos) << ": " << first.table_size << " starts proved, " << first.masters << " master searches\n";
}

// Stopped (after its fifth proved start, as Ctrl-C would stop it) and started again on its saved
// table: the value of an uninterrupted run.
TEST(ByRounds_P3, AStoppedRunResumesFromItsTableToTheSameValue) {
  const Position pos = busiest_case();
  RoundStartTable whole_table;
  const ByRoundsResult whole = solve_by_rounds(pos, whole_table, small());
  ASSERT_TRUE(whole.winner);
  const std::string path = scratch("resume.starts");
  ByRoundsOptions o = small();
  o.table_path = path;
  o.max_jobs = 5;
  RoundStartTable first_table;
  const ByRoundsResult stopped = solve_by_rounds(pos, first_table, o);
  ASSERT_TRUE(std::filesystem::exists(path));
  const std::size_t saved = read_round_starts(path).size();
  o.max_jobs = 0;
  RoundStartTable second_table;
  const ByRoundsResult resumed = solve_by_rounds(pos, second_table, o);
  ASSERT_TRUE(resumed.winner);
  EXPECT_EQ(*resumed.winner, *whole.winner);
  EXPECT_EQ(read_round_starts(path).size(), resumed.table_size);
  EXPECT_FALSE(stopped.winner);
  EXPECT_EQ(saved, 5u);
  EXPECT_EQ(resumed.table_read, saved);
  EXPECT_GT(resumed.table_size, saved);
  std::cout << "stopped with " << saved << " of " << resumed.table_size << " starts saved; resumed to the same winner\n";
}

TEST(ByRounds_Input, ADamagedTableOrASingleRoundIsRefusedInOneLine) {
  const Position pos = busiest_case();
  const std::string path = scratch("damaged.starts");
  RoundStartTable table;
  ByRoundsOptions o = small();
  o.table_path = path;
  solve_by_rounds(pos, table, o);
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  ASSERT_GT(bytes.size(), 30u);
  bytes[20] = char(bytes[20] ^ 0x40);
  std::ofstream(path, std::ios::binary) << bytes;
  RoundStartTable again;
  try {
    solve_by_rounds(pos, again, o);
    FAIL() << "a damaged table was read";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
  }
  // A file that is not a table is the user's: refused, and left as it was.
  const std::string notes = scratch("notes.txt");
  std::ofstream(notes) << "my notes\n";
  o.table_path = notes;
  EXPECT_THROW(solve_by_rounds(pos, again, o), InputError);
  std::ifstream in(notes);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "my notes");
  EXPECT_THROW(solve_by_rounds(Position::initial(), again, small()), InputError);  // a single round
}

// A plan (plan_by_rounds) lists the guessed starts of one proof: with each of them proved, if
// every guess held, the master needs no other job, and its value is the plan's winner. The
// starts a table holds are not jobs of the plan.
TEST(ByRounds_P3, APlansJobsAreAllTheProofNeedsIfItsGuessesHold) {
  std::size_t planned = 0, held = 0;
  for (const MatchCase& c : read_match_suite(KAMISADO_DATA "/match_suite.json")) {
    if (planned >= 6) break;
    RoundStartTable table;
    const ByRoundsPlan plan = plan_by_rounds(c.pos, table, small());
    ASSERT_TRUE(plan.winner) << to_kfen(c.pos);
    if (plan.jobs.empty()) continue;
    ++planned;
    EXPECT_GE(plan.taken, plan.jobs.size());
    bool all_held = true;
    for (const Position& start : plan.jobs) {
      const ByRoundsResult job = solve_by_rounds(start, table, small());
      ASSERT_TRUE(job.winner) << to_kfen(start);
      table.add(key_of(*round_start_of(start)), {*job.winner == start.side_to_move(), std::nullopt, false, job.nodes});
      all_held = all_held && *job.winner == guessed_match_winner(start);
    }
    if (!all_held) continue;
    ++held;
    EXPECT_TRUE(plan_by_rounds(c.pos, table, small()).jobs.empty()) << to_kfen(c.pos);
    const ByRoundsResult r = solve_by_rounds(c.pos, table, small());
    ASSERT_TRUE(r.winner);
    EXPECT_EQ(*r.winner, *plan.winner) << to_kfen(c.pos);
    EXPECT_EQ(*r.winner, c.winner) << to_kfen(c.pos);
    for (const RoundCount& round : r.rounds) EXPECT_EQ(round.jobs, 0u) << to_kfen(c.pos);
  }
  EXPECT_EQ(planned, 6u);
  EXPECT_GE(held, 3u);
  std::cout << planned << " plans, " << held << " whose every guess held\n";
}

// A plan sees a start proved as guessed as a job until it takes it (JobOracle): so the plan made
// again after some of its starts are proved (as a stopped run is started again) is the same
// plan less those, and a planning run converges on one proof however often it is stopped.
TEST(ByRounds_P3, APlanMadeAgainIsTheSamePlanLessItsProvedStarts) {
  std::size_t compared = 0;
  for (const MatchCase& c : read_match_suite(KAMISADO_DATA "/match_suite.json")) {
    RoundStartTable table;
    const ByRoundsPlan plan = plan_by_rounds(c.pos, table, small());
    if (plan.jobs.size() < 2) continue;
    std::set<std::string> rest;
    for (std::size_t i = 0; i < plan.jobs.size(); ++i) {
      const Position& start = plan.jobs[i];
      if (i % 2) {
        rest.insert(to_kfen(start));
        continue;
      }
      const ByRoundsResult job = solve_by_rounds(start, table, small());
      ASSERT_TRUE(job.winner);
      if (*job.winner != guessed_match_winner(start)) rest.clear();  // a guess failed: another plan
      table.add(key_of(*round_start_of(start)), {*job.winner == start.side_to_move(), std::nullopt, false, job.nodes});
    }
    if (rest.empty()) continue;
    std::set<std::string> again;
    for (const Position& start : plan_by_rounds(c.pos, table, small()).jobs) again.insert(to_kfen(start));
    EXPECT_EQ(again, rest) << to_kfen(c.pos);
    if (++compared == 50 / kSanitizerStride) break;
  }
  EXPECT_GE(compared, 6u);  // (a master that took proved starts as they came fails this on the suite's largest plan)
  std::cout << compared << " plans made again\n";
}

// A first master that plans (ByRoundsOptions::plans) proves the starts of its proof on guesses
// as one batch, and resumes on its own table: the values are the minimax's, on one thread and
// two, with tables small enough that a walk of a proof must search again where its table lost a
// proved child (build_round_layer) for the side that did not search last. Stopped after its
// second proved start and started again on its table, it ends with the same value.
TEST(ByRounds_P3, APlanningRunGivesTheMinimaxsValues) {
  std::size_t checked = 0, planned = 0, at = 0;
  for (const MatchCase& c : read_match_suite(KAMISADO_DATA "/match_suite.json")) {
    if (at++ % kSanitizerStride) continue;
    RoundStartTable table;
    ByRoundsOptions o = small(checked % 2 ? 2 : 1);
    o.hash_mb = 1;
    o.plans = true;
    const ByRoundsResult r = solve_by_rounds(c.pos, table, o);
    ASSERT_TRUE(r.winner) << to_kfen(c.pos);
    EXPECT_EQ(*r.winner, c.winner) << to_kfen(c.pos);
    planned += r.plans > 1;
    ++checked;
  }
  EXPECT_GT(planned, 5u / kSanitizerStride);  // positions whose first plan rested on guesses
  const Position pos = busiest_case();
  const std::string path = scratch("plans.starts");
  ByRoundsOptions o = small();
  o.plans = true;
  o.table_path = path;
  o.max_jobs = 2;  // of the 4 its plans rest on
  RoundStartTable first_table;
  EXPECT_FALSE(solve_by_rounds(pos, first_table, o).winner);
  o.max_jobs = 0;
  RoundStartTable second_table;
  const ByRoundsResult resumed = solve_by_rounds(pos, second_table, o);
  ASSERT_TRUE(resumed.winner);
  EXPECT_EQ(resumed.table_read, 2u);
  EXPECT_EQ(*resumed.winner, Side::Black);  // the suite's minimax: Gold to move at 2:1-0 loses
  std::cout << planned << " of " << checked << " positions planned more than once\n";
}

// The projection (by_rounds_study.h) proves an even sample of the plan's starts, each the way a
// run proves its jobs: each sampled start's winner is what a run on it finds.
TEST(ByRounds_P3, TheProjectionProvesAnEvenSampleOfThePlan) {
  const Position pos = busiest_case();
  const ByRoundsProjection p = project_by_rounds(pos, 3, 4, nullptr);
  ASSERT_TRUE(p.plan.winner);
  ASSERT_GE(p.plan.jobs.size(), 3u);
  ASSERT_EQ(p.sample.size(), 3u);
  EXPECT_EQ(p.sample[0].kfen, to_kfen(p.plan.jobs[0]));
  for (const SampledStart& s : p.sample) {
    const Position start = parse_kfen(s.kfen);
    RoundStartTable table;
    const ByRoundsResult r = solve_by_rounds(start, table, small());
    ASSERT_TRUE(r.winner);
    EXPECT_EQ(s.guess_held, *r.winner == guessed_match_winner(start)) << s.kfen;
    EXPECT_GT(s.nodes, 0u);
  }
  EXPECT_NEAR(p.core_hours(), double(p.plan.jobs.size()) * p.mean_seconds() / 3600, 1e-9);
  double squares = 0;
  for (const SampledStart& s : p.sample) squares += (s.seconds - p.mean_seconds()) * (s.seconds - p.mean_seconds());
  EXPECT_NEAR(p.standard_error(), std::sqrt(squares / 2 / 3), 1e-9);
  io::Report md("t", "t");
  present::by_rounds_section(md, p, 0);
  EXPECT_NE(md.markdown().find(fmt::format("rests on {} distinct round-2 starts", p.plan.jobs.size())), std::string::npos);
}

// A run measured for the report (by_rounds_study.h, measure_run_rates): one run per thread
// count, each from an empty table; run to its end, each gives the value a run gives, and on one
// thread the very counts of that run (a run on one thread repeats exactly).
TEST(ByRounds_P3, ARunMeasuredIsTheRunOnEachThreadCount) {
  const Position pos = busiest_case();
  ByRoundsOptions o;
  o.hash_mb = 4;
  RoundStartTable table;
  const ByRoundsResult alone = solve_by_rounds(pos, table, o);
  ASSERT_TRUE(alone.winner);
  const std::vector<RunRate> rates = measure_run_rates(pos, 0, {1, 2}, o.hash_mb, nullptr);
  ASSERT_EQ(rates.size(), 2u);
  EXPECT_EQ(rates[0].threads, 1u);
  EXPECT_EQ(rates[1].threads, 2u);
  for (const RunRate& r : rates) EXPECT_EQ(r.result.winner, alone.winner);
  EXPECT_EQ(rates[0].result.nodes, alone.nodes);
  ASSERT_EQ(rates[0].result.rounds.size(), alone.rounds.size());
  std::uint64_t proved = 0;
  for (std::size_t d = 0; d < alone.rounds.size(); ++d) {
    EXPECT_EQ(rates[0].result.rounds[d].proved, alone.rounds[d].proved) << "depth " << d + 1;
    EXPECT_EQ(rates[0].result.rounds[d].known, alone.rounds[d].known) << "depth " << d + 1;
    if (d > 0) proved += alone.rounds[d].proved;
  }
  ASSERT_GT(proved, 0u);
  EXPECT_EQ(rates[0].proved(), proved);
  EXPECT_EQ(rates[0].proved(), alone.table_size);             // every start it proved went into its table
  const nlohmann::json j = present::run_rate_json(rates[0]);  // solve --json's, with the threads and the rate
  EXPECT_EQ(j["threads"], 1u);
  EXPECT_EQ(j["starts_proved"], proved);
  EXPECT_EQ(j["rounds"], present::by_rounds_json(pos, alone)["rounds"]);
  io::Report md("t", "t");
  present::run_rates_section(md, rates);
  EXPECT_NE(md.markdown().find(std::string("ended: ") + (*alone.winner == Side::Black ? "Black" : "Gold") + " wins"), std::string::npos);

  const std::atomic<bool> stop{true};  // stopped as Ctrl-C stops it: nothing run
  EXPECT_TRUE(measure_run_rates(pos, 0, {1, 2}, o.hash_mb, &stop).empty());
}

// The projection level by level (by_rounds_study.h): level 2's starts are the root's plan's,
// grouped by score; each sampled start is planned as plan_by_rounds plans it, and it goes down
// until the sampled starts' rounds decide the match (at 2:1-0, round 3's starts: their plans rest
// on nothing).
TEST(ByRounds_P3, TheLevelProjectionFollowsThePlansDownToTheDecidingRound) {
  const Position pos = busiest_case();
  ByRoundsOptions o;  // as the projection plans: a table of 4 MB, nothing else
  o.hash_mb = 4;
  RoundStartTable none;
  const ByRoundsPlan plan = plan_by_rounds(pos, none, o);
  ASSERT_TRUE(plan.winner);
  ASSERT_GE(plan.jobs.size(), 2u);
  EXPECT_GT(plan.search_seconds, 0);
  EXPECT_LE(plan.search_seconds, plan.seconds);  // its table's making and clearing are not the search's
  const LevelProjection p = project_by_levels(pos, {2, o.hash_mb, 0, true, "", nullptr});
  ASSERT_TRUE(p.complete);
  ASSERT_EQ(p.levels.size(), 2u);
  ASSERT_EQ(p.levels[0].strata.size(), 1u);
  EXPECT_EQ(p.levels[0].strata[0].score, score_stratum(pos));
  EXPECT_EQ(p.levels[0].next(), plan.jobs.size());
  EXPECT_EQ(p.levels[0].distinct, plan.jobs.size());  // a plan lists each start once
  EXPECT_EQ(p.levels[0].nodes(), plan.nodes);         // the same search
  EXPECT_DOUBLE_EQ(p.levels[1].projected(), double(plan.jobs.size()));

  // Level 2: the plan's jobs by score, two of each planned alone, evenly spread in the plan's order.
  std::map<std::string, std::vector<Position>> by_score;
  for (const Position& job : plan.jobs) by_score[score_stratum(job)].push_back(job);
  ASSERT_EQ(p.levels[1].strata.size(), by_score.size());
  std::uint64_t sampled_nodes = 0;
  double core_seconds = p.levels[0].seconds();
  for (const Stratum& s : p.levels[1].strata) {
    const std::vector<Position>& jobs = by_score.at(s.score);
    EXPECT_EQ(s.pool, jobs.size());
    EXPECT_DOUBLE_EQ(s.projected, double(jobs.size())) << s.score;
    EXPECT_EQ(s.sampled, std::min<std::size_t>(2, jobs.size()));
    ASSERT_EQ(s.plans.size(), s.sampled);
    const std::size_t step = std::max<std::size_t>(1, jobs.size() / 2);
    for (std::size_t i = 0; i < s.sampled; ++i) {
      RoundStartTable fresh;
      const ByRoundsPlan start = plan_by_rounds(jobs[i * step], fresh, o);
      EXPECT_TRUE(start.jobs.empty()) << to_kfen(jobs[i * step]);
      EXPECT_TRUE(s.plans[i].next.empty());
      EXPECT_EQ(s.plans[i].nodes, start.nodes);
      EXPECT_EQ(s.plans[i].kfen, to_kfen(jobs[i * step]));
      sampled_nodes += start.nodes;
    }
    core_seconds += double(jobs.size()) * s.mean_seconds();
  }
  EXPECT_EQ(p.levels[1].nodes(), sampled_nodes);
  EXPECT_EQ(p.levels[1].next(), 0u);
  EXPECT_NEAR(p.core_hours(), core_seconds / 3600, 1e-12);
  EXPECT_DOUBLE_EQ(p.starts(), 1.0 + double(plan.jobs.size()));

  // The bootstrap's interval lies between the projections of each stratum's cheapest and dearest plan.
  double cheapest = p.levels[0].seconds(), dearest = cheapest;
  for (const Stratum& s : p.levels[1].strata) {
    double lo = s.plans[0].seconds, hi = lo;
    for (const PlannedStart& plan : s.plans) lo = std::min(lo, plan.seconds), hi = std::max(hi, plan.seconds);
    cheapest += s.projected * lo, dearest += s.projected * hi;
  }
  const auto [low, high] = p.core_hours_interval();
  EXPECT_LE(low, high);
  EXPECT_GE(low, cheapest / 3600 - 1e-12);
  EXPECT_LE(high, dearest / 3600 + 1e-12);
  EXPECT_EQ(p.core_hours_interval(), p.core_hours_interval());  // seeded: a report says the same each time
  io::Report md("t", "t");
  present::levels_section(md, {p});
  EXPECT_NE(md.markdown().find("down to the rounds that decide the match"), std::string::npos);

  // Stopped (as Ctrl-C stops it) before the root's plan is made: no level measured, and it says
  // so. A stop flag, not a tiny time budget: a fast machine could finish the plan first.
  const std::atomic<bool> stop{true};
  const LevelProjection stopped = project_by_levels(pos, {2, o.hash_mb, 0, true, "", &stop});
  EXPECT_FALSE(stopped.complete);
  ASSERT_LE(stopped.levels.size(), 1u);
  for (const PlanLevel& l : stopped.levels) EXPECT_EQ(l.decided(), 0u);
  EXPECT_NE(present::level_projection_text(stopped).find("stopped before"), std::string::npos);
}

namespace {

// What a projection measured, plan by plan, but for the seconds (each run measures its own).
void expect_same_plans(const LevelProjection& a, const LevelProjection& b) {
  ASSERT_EQ(a.levels.size(), b.levels.size());
  for (std::size_t l = 0; l < a.levels.size(); ++l) {
    ASSERT_EQ(a.levels[l].strata.size(), b.levels[l].strata.size());
    EXPECT_EQ(a.levels[l].distinct, b.levels[l].distinct);
    for (std::size_t i = 0; i < a.levels[l].strata.size(); ++i) {
      const Stratum &x = a.levels[l].strata[i], &y = b.levels[l].strata[i];
      EXPECT_EQ(x.score, y.score);
      EXPECT_EQ(x.pool, y.pool);
      EXPECT_EQ(x.sampled, y.sampled);
      EXPECT_DOUBLE_EQ(x.projected, y.projected);
      ASSERT_EQ(x.plans.size(), y.plans.size());
      for (std::size_t k = 0; k < x.plans.size(); ++k) {
        EXPECT_EQ(x.plans[k].kfen, y.plans[k].kfen);
        EXPECT_EQ(x.plans[k].nodes, y.plans[k].nodes);
        EXPECT_EQ(x.plans[k].next, y.plans[k].next);
      }
    }
  }
  EXPECT_EQ(a.complete, b.complete);
}

}  // namespace

// A projection by levels killed in the middle of a plan's line (the journal's last line cut
// short) and run again goes on from its journal: the plans it holds are taken as written (their
// seconds too), the others planned, and the figures are those of a projection never stopped. A
// journal of another projection, or a file that is none, is refused and left as it was.
TEST(ByRounds_P3, AProjectionGoesOnFromItsJournalToTheFiguresOfOneNeverStopped) {
  const Position pos = busiest_case();
  LevelsOptions o{2, 4, 0, true, "", nullptr};
  const LevelProjection whole = project_by_levels(pos, o);
  ASSERT_TRUE(whole.complete);
  EXPECT_EQ(whole.from_journal, 0u);

  o.journal = scratch("levels.jsonl");
  const LevelProjection first = project_by_levels(pos, o);
  expect_same_plans(first, whole);
  EXPECT_EQ(first.from_journal, 0u);
  const std::string text = test::bytes_of(o.journal);
  std::vector<std::size_t> ends;  // of its lines: the header's, then one a plan
  for (std::size_t at = text.find('\n'); at != std::string::npos; at = text.find('\n', at + 1)) ends.push_back(at);
  std::size_t plans = 0;
  for (const PlanLevel& l : whole.levels) plans += l.decided();
  ASSERT_EQ(ends.size(), 1 + plans);
  ASSERT_GE(plans, 3u);

  // Killed while writing its third plan: the root's and one more kept, the third cut short.
  std::filesystem::resize_file(o.journal, ends[2] + 1 + (ends[3] - ends[2]) / 2);
  const LevelProjection again = project_by_levels(pos, o);
  expect_same_plans(again, whole);
  EXPECT_EQ(again.from_journal, 2u);
  EXPECT_EQ(again.levels[0].seconds(), first.levels[0].seconds());  // the root's plan as written, to the bit

  const LevelProjection third = project_by_levels(pos, o);  // every plan from the journal: the same figures exactly
  EXPECT_EQ(third.from_journal, plans);
  expect_same_plans(third, whole);
  EXPECT_EQ(third.core_hours(), again.core_hours());
  EXPECT_NE(present::level_projection_text(third).find(fmt::format("{} of its plans taken from the journal", plans)), std::string::npos);

  const std::string kept = test::bytes_of(o.journal);
  LevelsOptions other = o;
  other.hash_mb = 8;  // other tables plan otherwise
  EXPECT_THROW(project_by_levels(pos, other), InputError);
  other = o;
  other.depth_prices = false;
  EXPECT_THROW(project_by_levels(pos, other), InputError);
  EXPECT_THROW(project_by_levels(parse_kfen("okbpyrgn/8/8/8/8/8/8/RYKPBONG+ g - 2:1-0"), o), InputError);  // another root
  EXPECT_EQ(test::bytes_of(o.journal), kept);
  const std::string not_ours = scratch("notes.txt");
  test::write_bytes(not_ours, "a user's notes\n");
  o.journal = not_ours;
  EXPECT_THROW(project_by_levels(pos, o), InputError);
  EXPECT_EQ(test::bytes_of(not_ours), "a user's notes\n");
}

// A journal another build wrote is a record of what that build measured: a projection takes its
// plans as written (the same figures, the build named) and adds none; one that lacks a plan is
// refused before anything is planned, the file left as it was. match-report reports each journal
// as a projection of its own, the two pricings of one root side by side, and plans the 3- and
// 7-point matches no journal holds.
TEST(ByRounds_P3, AnotherBuildsJournalIsReadAsItsRecordAndNeverWritten) {
  const Position pos = busiest_case();
  std::map<bool, std::string> journals;
  std::map<bool, LevelProjection> made;
  for (const bool depth : {false, true}) {
    const LevelsOptions o{2, 4, 0, depth, scratch(depth ? "depth.jsonl" : "flat.jsonl"), nullptr};
    made[depth] = project_by_levels(pos, o);
    ASSERT_TRUE(made[depth].complete);
    EXPECT_TRUE(made[depth].journal_build.empty());
    journals[depth] = o.journal;
    // As another build would have written it: its header's build is not this one's.
    std::string text = test::bytes_of(o.journal);
    const std::size_t at = text.find("\"build\":\"") + 9;
    text.replace(at, text.find('"', at) - at, "0123456789ab+another");
    test::write_bytes(o.journal, text);
  }
  const LevelsOptions o{2, 4, 0, true, journals[true], nullptr};
  const std::string record = test::bytes_of(o.journal);
  const LevelProjection read = project_by_levels(pos, o);
  expect_same_plans(read, made[true]);
  EXPECT_EQ(read.core_hours(), made[true].core_hours());
  EXPECT_EQ(read.journal_build, "0123456789ab+another");
  EXPECT_EQ(test::bytes_of(o.journal), record);  // nothing added, not even a newline
  EXPECT_NE(present::level_projection_text(read).find("as build 0123456789ab+another measured them"), std::string::npos);

  const std::string cut = record.substr(0, record.rfind('\n', record.size() - 2) + 1);  // its last plan gone
  test::write_bytes(o.journal, cut);
  try {
    project_by_levels(pos, o);
    ADD_FAILURE() << "a record lacking a plan was written to";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("written by build 0123456789ab+another, not this one"), std::string::npos) << e.what();
  }
  EXPECT_EQ(test::bytes_of(o.journal), cut);
  test::write_bytes(o.journal, record);

  MatchStudyOptions study;  // the levels alone; the set-up's matches stopped at once
  study.round_two_ends = 0, study.round_three_per_end = 0, study.by_rounds_sample = 0, study.run_seconds = 0, study.scores.starts_per_score = 0;
  study.seconds = 0.1, study.hash_mb = 16, study.levels_sample = 1, study.levels_journal_sample = 2, study.levels_seconds = 0.2;
  study.levels_journals = {journals[false], journals[true]};
  const MatchStudy s = study_matches(study);
  ASSERT_EQ(s.levels.size(), 4u);  // the two journals', then the 3- and 7-point matches
  EXPECT_FALSE(s.levels[0].depth_prices);
  EXPECT_EQ(s.levels[1].core_hours(), made[true].core_hours());
  EXPECT_EQ(s.levels[2].root_kfen, "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3:0-0");
  const std::string report = present::match_study_report(s, "test");
  for (const std::string& said : {fmt::format("`{}` (depth prices)", to_kfen(pos)), fmt::format("`{}` (flat prices)", to_kfen(pos)),
                                  std::string("the two pricings side by side"), std::string("as build 0123456789ab+another measured them")})
    EXPECT_NE(report.find(said), std::string::npos) << said;

  // A file that is no journal is refused before any of the report's work, as --levels-journal's.
  const std::string not_ours = scratch("report-notes.txt");
  test::write_bytes(not_ours, "a user's notes\n");
  study.levels_journals = {not_ours};
  try {
    study_matches(study);
    ADD_FAILURE() << "a file that is no journal was taken";
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "levels-journal");
  }
}

// --flat-prices: jobs priced as before job_depth, to measure that lever with the same binary. At
// a Standard match's 1-0 (a master of depth 2), a round-3 start at 1-1 is a job as deep as its
// master: depth prices and flat prices plan otherwise. In the 2-point match every job is a level
// below its master, and the two plan the same, node for node.
TEST(ByRounds_P3, FlatPricesPlanAsBeforeJobDepthWhereItReaches) {
  ByRoundsOptions depth, flat;
  depth.hash_mb = flat.hash_mb = 4;
  flat.depth_prices = false;
  const auto plan = [](const Position& pos, const ByRoundsOptions& o) {
    RoundStartTable none;
    return plan_by_rounds(pos, none, o);
  };
  const Position standard = parse_kfen("gr4p1/4P1Gy/5b2/8/o7/3n1R2/2Y3Nk/1B1O2K1 g o 3:1-0");
  ASSERT_EQ(job_depth(standard), 2u);
  const ByRoundsPlan a = plan(standard, depth), b = plan(standard, flat);
  ASSERT_TRUE(a.winner && b.winner);
  EXPECT_EQ(*a.winner, *b.winner);  // a plan's value, on the same guesses
  EXPECT_NE(a.nodes, b.nodes);
  const ByRoundsPlan c = plan(busiest_case(), depth), d = plan(busiest_case(), flat);
  EXPECT_EQ(c.nodes, d.nodes);
  EXPECT_EQ(c.jobs.size(), d.jobs.size());
}

// The strata's arithmetic (P3 scores): S(L+1, s') sums S(L, s) × the mean count of s' starts a plan
// of s rests on, so a dear score that is a small share of its level is counted at its share, and
// a stratum whose plans were not made counts nothing, below it neither.
TEST(ByRounds_P3, EachScoreOfALevelIsProjectedByItsOwnPlans) {
  const auto planned = [](double seconds, std::map<std::string, std::size_t> next) { return PlannedStart{"", seconds, 0, std::move(next)}; };
  std::vector<PlanLevel> levels(3);
  levels[0].strata = {{"0-0", 1, 1, {planned(40, {{"0-1", 4}})}, 0}};
  levels[1].strata = {{"0-1", 1, 4, {planned(10, {{"0-2", 3}, {"1-1", 1}}), planned(20, {{"0-2", 5}, {"1-1", 3}})}, 0}};
  levels[2].strata = {{"0-2", 2, 30, {planned(1, {}), planned(3, {})}, 0}, {"1-1", 1, 9, {planned(500, {})}, 0}};
  project_strata(levels);
  EXPECT_DOUBLE_EQ(levels[0].strata[0].projected, 1);
  EXPECT_DOUBLE_EQ(levels[1].strata[0].projected, 4);
  EXPECT_DOUBLE_EQ(levels[2].strata[0].projected, 4 * (3 + 5) / 2.0);  // 16 at 0-2
  EXPECT_DOUBLE_EQ(levels[2].strata[1].projected, 4 * (1 + 3) / 2.0);  // 8 at 1-1
  LevelProjection p;
  p.levels = levels;
  EXPECT_DOUBLE_EQ(p.starts(), 1 + 4 + 16 + 8);
  EXPECT_NEAR(p.core_hours(), (40 + 4 * 15 + 16 * 2 + 8 * 500) / 3600.0, 1e-12);

  // 1-1 not measured (out of time): nothing counted for it; its share of the level is still known.
  levels[2].strata[1].plans.clear();
  p.levels = levels;
  project_strata(p.levels);
  EXPECT_DOUBLE_EQ(p.levels[2].strata[1].projected, 8);
  EXPECT_NEAR(p.core_hours(), (40 + 4 * 15 + 16 * 2) / 3600.0, 1e-12);

  // A score is the first mover's points, then the other's (the last round's loser moves first).
  EXPECT_EQ(score_stratum(parse_kfen("onkyprbg/8/8/8/8/8/8/YOKNRPGB+ g - 3:1-0")), "0-1");
  EXPECT_EQ(score_stratum(parse_kfen("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3:0-2")), "0-2");
}

// --every-level is refused where it cannot run as asked, in one line naming the option, before any
// MPI: without --mpi, with a table file (its shards are not saved yet), and with threads (one job
// computes at a time on a rank, by_rounds_tree.h: more would be taken silently as one); and
// --layers-from but on the tree with a certificate (tree_certificate.h).
TEST(ByRounds_Input, EveryLevelIsRefusedWithoutRanksAndWithRecheckAJobCountOrThreadsAndLayersFromButThere) {
  const Position pos = parse_kfen("bkpnyrgo/8/8/8/8/8/8/GORPKNBY g - 2:1-0");
  const auto field_of = [&](const ByRoundsRequest& r) {
    try {
      answer_by_rounds(pos, r);
    } catch (const InputError& e) {
      return e.field();
    }
    return std::string("(no error)");
  };
  ByRoundsRequest r;
  r.every_level = true;
  EXPECT_EQ(field_of(r), "every-level");
  r.mpi = true;
  r.run.table_path = scratch("every-level.starts");
  r.run.recheck = true;  // the shards are taken as saved
  EXPECT_EQ(field_of(r), "recheck-starts");
  r.run.recheck = false;
  r.run.max_jobs = 10;  // the tree stops by time
  EXPECT_EQ(field_of(r), "max-jobs");
  r.run.max_jobs = 0;
  r.run.threads = 2;
  EXPECT_EQ(field_of(r), "threads");
  r.run.threads = 1;
  r.layers_from = scratch("earlier.certificate");  // a run on the tree writing no certificate takes no layers
  EXPECT_EQ(field_of(r), "layers-from");
  r.every_level = r.mpi = false, r.certificate = scratch("run.certificate");  // nor does one process, which proves its layers
  EXPECT_EQ(field_of(r), "layers-from");
}
