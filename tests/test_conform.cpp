// The conformance harness against fixture engines (tests/fixtures/kamisado_engine.py): the
// correct one passes, each deviant is caught and the right rule named, and engines that hang,
// crash or talk nonsense are reported without hanging the harness.
#include <gtest/gtest.h>

#include <cstdlib>

#include <thread>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <tuple>

#include <nlohmann/json.hpp>

#include "app/cli/app.h"
#include "app/present/conformance_report.h"
#include "src/conform/corpus.h"
#include "src/conform/coverage.h"
#include "src/conform/engine_server.h"
#include "src/conform/harness.h"
#include "src/conform/labels.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"

using namespace kamisado;
using namespace kamisado::conform;
using kamisado::present::harness_json;
using kamisado::present::harness_text;

namespace {
std::string fixture(const std::string& deviation = "") {
  std::string cmd = "python3 " KAMISADO_FIXTURES "/kamisado_engine.py";
  return deviation.empty() ? cmd : cmd + " --deviation " + deviation;
}

// Each reply's deadline: an interpreter's reply on a loaded machine (the test run shares its cores)
// took over 5 s once, and an engine that hangs is the slow-engine test's, with its own deadline.
HarnessReport check(const std::string& command, std::uint32_t match = 3, double timeout = 30) {
  HarnessOptions o;
  o.command = command;
  o.corpus = builtin_corpus();
  o.depth = 2;
  o.random_games = 10;
  o.seed = 1;
  o.match_target = match;
  o.timeout_seconds = timeout;
  return run_harness(o);
}

// A run over the built-in corpus, a walk to `depth` and `random` play-outs (matches to `match`).
HarnessOptions corpus_run(const std::string& command, int depth, int random, std::uint32_t match = 0) {
  HarnessOptions o;
  o.command = command;
  o.corpus = builtin_corpus();
  o.depth = depth;
  o.random_games = random;
  o.match_target = match;
  o.timeout_seconds = 30;
  return o;
}

std::set<std::string> rules(const HarnessReport& r) {
  std::set<std::string> out;
  for (const Disagreement& d : r.disagreements) out.insert(d.rule);
  return out;
}
}  // namespace

TEST(Conform_Harness, TheCorrectEngineAgreesOnEverything) {
  HarnessReport r = check(fixture());
  EXPECT_FALSE(r.failure) << *r.failure;
  EXPECT_TRUE(r.disagreements.empty()) << r.disagreements.front().source << " " << r.disagreements.front().what;
  EXPECT_TRUE(r.conforms());
  ASSERT_EQ(r.sources.size(), 20u);  // corpus, the walks from the start, 2 single-round, 7 Sumo and 8 match roots, play-outs
  EXPECT_EQ(r.sources[0].positions, long(builtin_corpus().size()));
  EXPECT_EQ(r.sources[1].positions, 103);  // the start and its 102 children
  EXPECT_EQ(r.sources[2].source, "walk: single round, corner-touching towers");
  EXPECT_EQ(r.sources[4].source, "walk: Sumo round");
  EXPECT_GT(r.sources.back().positions, 100);
  EXPECT_EQ(r.verdict().find("fixture conforms to rules.md ("), 0u) << r.verdict();
  for (const auto& c : r.coverage) EXPECT_TRUE(c.unchecked.empty()) << context_name(c.context) << ": " << c.unchecked.front();

  // Coverage is counted per rule and context, not only marked, so that a rule reached once is
  // seen to be thin (checked on this run rather than a second one of its own): each position of
  // the walk from the start depends on the direction rule (M1), 103 of them in a single round;
  // the JSON gives the same counts.
  const nlohmann::json j = harness_json(r);
  ASSERT_EQ(r.coverage.size(), 3u);
  for (std::size_t k = 0; k < r.coverage.size(); ++k) {
    const auto& c = r.coverage[k];
    ASSERT_EQ(c.times.size(), c.checked.size()) << context_name(c.context);
    for (std::size_t i = 0; i < c.checked.size(); ++i) {
      EXPECT_GT(c.times[i], 0) << c.checked[i];
      EXPECT_EQ(j["rules"][k]["times"][c.checked[i]], c.times[i]) << c.checked[i];
    }
  }
  const auto& single = r.coverage[0];
  ASSERT_EQ(single.context, Context::SingleRound);
  const auto m1 = std::find(single.checked.begin(), single.checked.end(), "M1") - single.checked.begin();
  ASSERT_LT(std::size_t(m1), single.checked.size());
  EXPECT_GE(single.times[std::size_t(m1)], 103);
  EXPECT_NE(harness_text(r).find("M1 ×"), std::string::npos);
}

TEST(Conform_Harness, EachDeviationIsCaughtAndItsRuleNamed) {
  const std::pair<const char*, const char*> cases[] = {
      {"pass-colour", "M6"},           {"deadlock-two-passes", "M8"}, {"blocked-loses", "M6"},        {"no-extra-turn", "S4"},
      {"follow-up-sumo-square", "S4"}, {"regroup-fixed-side", "F2"},  {"winner-starts", "F1"},        {"no-lone-push", "S5"},
      {"push-deadlock-winner", "M8"},  {"ring-deadlock-tower", "P2"}, {"sumo-deadlock-winner", "M8"}, {"double-forfeit", "M8"},
      {"moved-tower-colour", "T2"},
  };
  for (auto [deviation, rule] : cases) {
    HarnessReport r = check(fixture(deviation));
    EXPECT_FALSE(r.failure) << deviation << ": " << r.failure.value_or("");
    EXPECT_FALSE(r.conforms()) << deviation;
    EXPECT_EQ(rules(r), std::set<std::string>{rule}) << deviation;
    for (const Disagreement& d : r.disagreements) {
      EXPECT_NE(d.ours, d.theirs) << deviation;
      EXPECT_LE(d.moves.size(), 2u) << deviation << ": reproduction from " << d.kfen << " is not minimal";
    }
  }
}

// Issue 46: a run with the default options (single-round play-outs) exercises every rule of each
// context at least kEnough times on the correct engine: the built-in roots reach what play-outs
// seldom do (a round's free first move in a match, chains of passes, deadlocks, moves that win).
TEST(Conform_Harness, ADefaultRunReachesEveryRuleOfEachContextOftenEnough) {
  const HarnessOptions defaults;
  HarnessReport r = run_harness(corpus_run(fixture(), defaults.depth, defaults.random_games));
  ASSERT_EQ(r.coverage.size(), 3u);
  for (const auto& c : r.coverage) {
    EXPECT_TRUE(c.unchecked.empty()) << context_name(c.context) << ": " << c.unchecked.front();
    EXPECT_TRUE(c.thin.empty()) << context_name(c.context) << ": " << c.thin.front();
  }
  // A shallower run is thin somewhere, and says where.
  HarnessReport shallow = run_harness(corpus_run(fixture(), 1, 0));
  EXPECT_NE(harness_text(shallow).find("; fewer than 3 times: "), std::string::npos) << harness_text(shallow);
}

// Issue 46: the faults of its "done when", each found by a run with the default options (no
// --kfen, no --match: the corpus, the walks from the start and the built-in roots, 20 single-round
// play-outs), and named by its one rule.
TEST(Conform_Harness, ADefaultRunFindsEachFaultUnderItsOneRule) {
  const std::pair<const char*, const char*> cases[] = {
      {"deadlock-two-passes", "M8"}, {"ring-deadlock-tower", "P2"}, {"winner-starts", "F1"}, {"no-extra-turn", "S4"}};
  for (auto [deviation, rule] : cases) {
    const HarnessOptions defaults;
    HarnessReport r = run_harness(corpus_run(fixture(deviation), defaults.depth, defaults.random_games));
    EXPECT_FALSE(r.failure) << deviation << ": " << r.failure.value_or("");
    EXPECT_EQ(rules(r), std::set<std::string>{rule}) << deviation << "\n" << harness_text(r);
  }
}

// Issue 46: one fault, one rule. An engine whose deadlock test looks two towers deep reads it off
// the board, so it sees the round over again after 'position'; asked to play on there, it refuses
// the pass (once labelled M6), and in a match its status says "between-rounds" or "match-won"
// without the word deadlock (once labelled M9). Each is the same M8, in every context, and the
// play-out moves not asked are counted under it.
TEST(Conform_Harness, OneFaultIsOneRuleInEveryContext) {
  for (std::uint32_t match : {0u, 3u}) {
    HarnessReport r = run_harness(corpus_run(fixture("double-forfeit"), 2, 100, match));
    ASSERT_EQ(rules(r), std::set<std::string>{"M8"}) << "match " << match << "\n" << harness_text(r);
    if (match) {
      EXPECT_GT(r.deviations[0].consequences, 0);
      EXPECT_NE(harness_text(r).find("play-out move(s) not asked"), std::string::npos);
      EXPECT_EQ(harness_json(r)["deviations"][0]["consequences"], r.deviations[0].consequences);
    }
  }
}

namespace {
// An engine in-process (conform/engine.h), as a Python or JavaScript engine is checked from its own
// test runner (issue 48): our rules, and with `forget_deadlock` a planted fault, a round won by
// deadlock said to be still going (M8). It names itself, declares nothing, and gives its moves
// in reverse order (the harness sorts them).
class InProcessEngine : public Engine {
 public:
  explicit InProcessEngine(bool forget_deadlock) : forget_deadlock_(forget_deadlock) {}
  const std::string& name() const override { return name_; }
  const std::vector<std::string>& features() const override { return features_; }
  std::string set_position(const std::string& kfen) override {
    try {
      pos_ = parse_kfen(kfen);
      return "ok";
    } catch (const InputError& e) {
      return std::string("error ") + e.what();
    }
  }
  std::string moves(std::vector<std::string>& out) override {
    MoveList moves;
    generate_moves(pos_, moves);
    out.clear();
    for (Move m : moves) out.insert(out.begin(), to_string(m));
    return "ok";
  }
  std::string play(const std::string& move) override {
    try {
      pos_ = pos_.after(parse_move(pos_, move));
      return to_kfen(pos_);
    } catch (const InputError& e) {
      return std::string("error ") + e.what();
    }
  }
  std::string status() override {
    const std::string s = protocol_status(pos_);
    return forget_deadlock_ && s.ends_with("deadlock") ? "ongoing" : s;
  }

 private:
  bool forget_deadlock_;
  std::string name_ = "in-process";
  std::vector<std::string> features_;
  Position pos_ = parse_kfen(kStartKfen);
};
}  // namespace

// Issue 48: the harness takes an engine object as well as a command; the same comparisons give
// the same verdict: the correct one conforms, the planted fault is named by its one rule.
TEST(Conform_Harness, AnInProcessEngineIsCheckedAsAProcessIs) {
  const HarnessOptions o = corpus_run("", 2, 10, 3);
  HarnessReport good = run_harness([] { return std::make_unique<InProcessEngine>(false); }, o);
  EXPECT_TRUE(good.conforms()) << harness_text(good);
  EXPECT_EQ(good.verdict().find("in-process conforms to rules.md ("), 0u) << good.verdict();
  HarnessReport through_a_pipe = run_harness(corpus_run(fixture(), 2, 10, 3));
  EXPECT_EQ(good.positions(), through_a_pipe.positions());
  HarnessReport bad = run_harness([] { return std::make_unique<InProcessEngine>(true); }, o);
  EXPECT_FALSE(bad.failure);
  EXPECT_EQ(rules(bad), std::set<std::string>{"M8"}) << harness_text(bad);
}

// Issue 46: a position between rounds after a deadlock is set up, in the walk, by the move that
// ended the round (a KFEN does not hold the round's last move, which an engine may regroup from),
// so such an engine is not reported as refusing positions it plays through.
TEST(Conform_Harness, TheWalkReachesBetweenRoundsByTheMoveThatEndedTheRound) {
  HarnessReport r = run_harness(corpus_run(fixture("deadlock-star-history"), 2, 0));
  EXPECT_TRUE(r.conforms()) << harness_text(r);
  long deadlocks = 0;  // the match roots' deadlocks were walked through
  for (const auto& c : r.coverage)
    if (c.context == Context::Match)
      for (std::size_t i = 0; i < c.checked.size(); ++i)
        if (c.checked[i] == "M8") deadlocks = c.times[i];
  EXPECT_GE(deadlocks, 3);
}

// Issue 30: each label the second audit found wrong, from a deviant fixture.
TEST(Conform_Labels, AWrongDeadlockWinnerInASingleRoundWithSumosIsCompared) {
  HarnessReport r = run_harness(corpus_run(fixture("sumo-deadlock-winner"), 0, 0));
  ASSERT_EQ(r.deviations.size(), 1u) << harness_text(r);
  EXPECT_EQ(r.deviations[0].rule, "M8");
  EXPECT_EQ(r.deviations[0].smallest.source, "corpus: deadlock with a Sumo on the board");
}

TEST(Conform_Labels, APassNamingTheBlockedTowersOwnColourIsM6) {
  HarnessReport r = check(fixture("pass-own-colour"));
  bool two_towers = false;
  for (const Disagreement& d : r.disagreements) {
    if (d.source == "corpus: deadlock of two towers") {
      two_towers = true;
      EXPECT_EQ(d.rule, "M6") << d.ours << " / " << d.theirs;
    }
    if (d.what == "play pass") {
      EXPECT_EQ(d.rule, "M6") << d.source;
    }
    // Where its chain of passes makes it declare a deadlock after a real move, the deadlock is
    // what differs: M8.
    EXPECT_TRUE(d.rule == "M6" || d.rule == "M8") << d.rule << " " << d.source;
  }
  EXPECT_TRUE(two_towers);
}

TEST(Conform_Labels, ARefusingEngineShowsRefusalsNotTheRulesOfThePositions) {
  HarnessReport r = check(fixture("refuse-gold"));
  EXPECT_EQ(rules(r), std::set<std::string>{"refused"});
  const std::string text = harness_text(r);
  EXPECT_NE(text.find("REFUSED"), std::string::npos) << text;
  EXPECT_NE(text.find("the engine refused the position: error this engine plays Black only"), std::string::npos) << text;
  EXPECT_EQ(text.find("DEVIATES"), std::string::npos) << text;
}

TEST(Conform_Labels, AMovesDisagreementSaysWhatIsMissingAndWhatIsExtra) {
  HarnessReport r = check(fixture("no-lone-push"));
  ASSERT_EQ(rules(r), std::set<std::string>{"S5"});
  const Disagreement& d = r.deviations[0].smallest;
  ASSERT_EQ(d.what, "moves") << d.source;
  EXPECT_EQ(d.missing, std::vector<std::string>{"c3c4"});
  EXPECT_EQ(d.extra, std::vector<std::string>{"pass"});
  EXPECT_NE(harness_text(r).find("  missing: c3c4 "), std::string::npos) << harness_text(r);
}

TEST(Conform_Harness, EachWalkRootIsASourceOfItsOwn) {
  // Two roots where the deviant fixture shows the same rule: both are shown, each as its source.
  HarnessOptions o;
  o.command = fixture("blocked-loses");
  o.depth = 1;
  o.random_games = 0;
  o.walk_roots = {"o3yrgn/8/8/8/1bpk4/2R5/8/NG1YKPBO b R", "obpky2n/NG1O4/8/5r2/2g5/8/8/2RYKPB1 b G"};
  HarnessReport r = run_harness(o);
  std::set<std::string> sources;
  for (const Disagreement& d : r.disagreements) sources.insert(d.source);
  EXPECT_TRUE(sources.count("walk: " + o.walk_roots[0])) << harness_text(r);
  EXPECT_TRUE(sources.count("walk: " + o.walk_roots[1])) << harness_text(r);
}

// Without --kfen and without a corpus, the walk still reaches pushes and a match's round end.
TEST(Conform_Harness, TheWalkStartsFromSumoAndMatchRoots) {
  for (auto [deviation, rule, source] :
       {std::tuple{"follow-up-sumo-square", "S4", "walk: Sumo round"}, std::tuple{"regroup-fixed-side", "F2", "walk: match, a round ends"}}) {
    HarnessOptions o;
    o.command = fixture(deviation);
    o.depth = 2;
    o.random_games = 0;
    HarnessReport r = run_harness(o);
    ASSERT_EQ(rules(r), std::set<std::string>{rule}) << deviation << "\n" << harness_text(r);
    EXPECT_EQ(r.deviations[0].sources.front(), source) << deviation;
  }
  HarnessOptions single;
  single.command = fixture("single-round");
  single.random_games = 0;
  HarnessReport r = run_harness(single);
  EXPECT_TRUE(r.conforms()) << harness_text(r);
  ASSERT_EQ(r.sources.size(), 4u);  // the corpus, the walks from the start and the 2 single-round roots: no Sumo or match roots
  EXPECT_NE(harness_text(r).find("rules in a match: not checked, the engine does not declare 'match'"), std::string::npos) << harness_text(r);
}

TEST(Conform_Harness, PlayOutsGoOnPastADisagreement) {
  // The Defender starting every new round shows at the first fill; a push handing the turn
  // over can only show later, once a round has made a Sumo.
  HarnessOptions o;
  o.command = fixture("winner-starts,no-extra-turn");
  o.depth = 0;
  o.random_games = 10;
  o.match_target = 3;
  HarnessReport r = run_harness(o);
  EXPECT_EQ(rules(r), (std::set<std::string>{"F1", "S4"})) << harness_text(r);
  ASSERT_EQ(r.deviations.back().rule, "F1");  // in rules.md's order
  EXPECT_GT(r.deviations.back().count, 1);    // at every fill, not only a play-out's first
}

TEST(Conform_Harness, KnownDeviationsAreAllowedWithACitableVerdict) {
  HarnessOptions o;
  o.command = fixture("pass-colour");
  o.corpus = builtin_corpus();
  o.depth = 1;
  o.random_games = 5;
  o.allow = {"M6"};
  HarnessReport r = run_harness(o);
  EXPECT_TRUE(r.conforms()) << harness_text(r);
  ASSERT_EQ(r.deviations.size(), 1u);
  EXPECT_TRUE(r.deviations[0].allowed);
  EXPECT_GT(r.deviations[0].count, 1);
  EXPECT_EQ(r.verdict(), "fixture-pass-colour conforms to rules.md except M6 (" + std::to_string(r.positions()) + " positions checked, 5 play-outs)");
  o.allow = {"M8"};
  r = run_harness(o);
  EXPECT_FALSE(r.conforms());
  EXPECT_NE(r.verdict().find("DIFFERS from rules.md on M6 ("), std::string::npos) << r.verdict();
}

// A first-time user learns from --help what features are, that refusals count, what is not
// checked, and that play-outs are single rounds unless --match is given.
TEST(Conform_CLI, HelpTeachesFeaturesRefusalsAndWhatIsNotChecked) {
  std::ostringstream out, err;
  cli::run_cli({"conform", "--help"}, out, err);
  const std::string help = out.str();
  for (const char* words : {"features single-round sumo match", "REFUSED", "rules not checked and why", "single rounds unless --match", "--allow"})
    EXPECT_NE(help.find(words), std::string::npos) << words << "\n" << help;
  EXPECT_EQ(help.find("(the default)"), std::string::npos) << help;
}

TEST(Conform_Harness, AnEngineThatDiesAtStartIsNamedByItsCommand) {
  HarnessReport r = check("/nonexistent/engine");
  EXPECT_EQ(r.verdict().find("'/nonexistent/engine' FAILED: "), 0u) << r.verdict();
  EXPECT_NE(harness_text(r).find("engine: /nonexistent/engine"), std::string::npos);
}

// Every rule a context implies is exercised by some case of the built-in corpus in that
// context, so an engine that plays only one context is still checked on all its rules.
TEST(Conform_Corpus, EveryRuleOfEachContextHasACase) {
  RuleSet exercised[3];
  for (const CorpusCase& c : builtin_corpus()) {
    const Position p = parse_kfen(c.position);
    RuleSet& into = exercised[int(context_of(p))];
    for (const std::string& r : rules_at(p)) into.insert(r);
    for (const std::string& m : c.moves)
      for (const std::string& r : rules_of_play(p, parse_move(p, m))) into.insert(r);
  }
  for (Context ctx : kContexts)
    for (const std::string& rule : implied_rules(ctx)) EXPECT_TRUE(exercised[int(ctx)].count(rule)) << context_name(ctx) << ": " << rule;
}

TEST(Conform_Harness, PlayOutReproductionsAreShortened) {
  // Only play-outs, which start from the standard start: the M6 deviation shows after dozens
  // of moves, but the reproduction starts from the position before the differing pass.
  HarnessOptions o;
  o.command = fixture("pass-colour");
  o.depth = 0;
  o.random_games = 20;
  HarnessReport r = run_harness(o);
  ASSERT_EQ(r.deviations.size(), 1u);
  const Disagreement& d = r.deviations.front().smallest;
  EXPECT_EQ(d.rule, "M6");
  EXPECT_EQ(d.what, "play pass");
  EXPECT_LE(d.moves.size(), 1u);  // at most the real move the pass colour comes from
  EXPECT_NE(d.kfen, "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -");
}

// The slow engine sleeps 30 s before answering 'moves'. The deadline (8 s) covers the
// interpreter's start-up for 'hello' even on a machine ten times slower than this one, and the
// run must end long before the engine's sleep would.
TEST(Conform_Harness, SlowEngineTimesOutInsteadOfHanging) {
  auto t0 = std::chrono::steady_clock::now();
  HarnessReport r = check(fixture("slow"), 3, 8);
  ASSERT_TRUE(r.failure);
  EXPECT_NE(r.failure->find("no reply to 'moves' within"), std::string::npos) << *r.failure;
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(25));
}

TEST(Conform_Harness, CrashingGarbledAndMissingEnginesAreReported) {
  HarnessReport crash = check(fixture("crash"));
  ASSERT_TRUE(crash.failure);
  EXPECT_NE(crash.failure->find("exited with status 3 on 'moves'"), std::string::npos) << *crash.failure;
  HarnessReport garbled = check(fixture("garbled"));
  ASSERT_TRUE(garbled.failure);
  EXPECT_NE(garbled.failure->find("got 'what?"), std::string::npos) << *garbled.failure;
  HarnessReport missing = check("/nonexistent/engine");
  ASSERT_TRUE(missing.failure);
  EXPECT_NE(missing.failure->find("status 127"), std::string::npos) << *missing.failure;
  HarnessReport silent = check("true");
  ASSERT_TRUE(silent.failure);
}

TEST(Conform_Corpus, JsonRoundTripAndCheckedFields) {
  std::vector<CorpusCase> cases = builtin_corpus();
  std::vector<CorpusCase> back = corpus_from_json(corpus_to_json(cases));
  ASSERT_EQ(back.size(), cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    EXPECT_EQ(back[i].position, cases[i].position);
    EXPECT_EQ(back[i].moves, cases[i].moves);
    EXPECT_EQ(back[i].after.size(), cases[i].after.size());
  }
  EXPECT_THROW(corpus_from_json(nlohmann::json::object()), std::invalid_argument);
  nlohmann::json bad = corpus_to_json(cases);
  bad["cases"][2].erase("kfen");
  try {
    corpus_from_json(bad);
    ADD_FAILURE() << "accepted a case without kfen";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("case 3"), std::string::npos) << e.what();
  }
}

// Issue 46: each case says how a game reaches it; the built-in corpus has one case no game
// reaches (a push on a free first move), its match cases carry the rings their scores were won
// with, and a file's reach is checked like any expectation.
TEST(Conform_Corpus, EachCaseSaysHowAGameReachesIt) {
  std::vector<std::string> unreachable;
  for (const CorpusCase& c : builtin_corpus()) {
    if (c.unreachable()) unreachable.push_back(c.name);
    if (c.name == "free first move" || c.name == "the colour of the last square") {
      EXPECT_EQ(c.reach, "line") << c.name;
    }
    if (c.name == "pass chain in a match") {
      EXPECT_EQ(c.reach, "constructed");
    }
  }
  EXPECT_EQ(unreachable, std::vector<std::string>{"no push on the free first move"});
  const auto file = std::filesystem::path(KAMISADO_TEST_TMP) / "reach_corpus.json";
  nlohmann::json j = corpus_to_json(builtin_corpus());
  j["cases"][0]["reach"] = "constructed";  // the start is a line
  std::ofstream(file) << j.dump();
  try {
    read_corpus(file.string());
    ADD_FAILURE() << "a wrong reach was read";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("case 'free first move': its reach 'constructed' is not this engine's: 'line'"), std::string::npos)
        << e.what();
  }
  for (auto& c : j["cases"]) c.erase("reach");  // written before the field was
  std::ofstream(file) << j.dump();
  const std::vector<CorpusCase> read = read_corpus(file.string());
  for (std::size_t i = 0; i < read.size(); ++i) EXPECT_EQ(read[i].reach, builtin_corpus()[i].reach);
}

// Issue 46: an engine that refuses exactly the positions no game reaches conforms; each is
// listed, compared and not counted.
TEST(Conform_Harness, AnEngineRefusingOnlyUnreachablePositionsConforms) {
  HarnessOptions o = corpus_run(fixture("refuse-unreachable"), 1, 2, 3);
  HarnessReport r = run_harness(o);
  EXPECT_TRUE(r.conforms()) << harness_text(r);
  ASSERT_EQ(r.unreachable.size(), 1u) << harness_text(r);
  EXPECT_EQ(r.unreachable[0].source, "corpus: no push on the free first move");
  ASSERT_EQ(r.unreachable[0].disagreements.size(), 1u);
  EXPECT_EQ(r.unreachable[0].disagreements[0].rule, "refused");
  const std::string text = harness_text(r);
  EXPECT_NE(
      text.find("NOT REACHABLE BY THE RULES, compared and not counted (1 source(s)):\n  corpus: no push on the free first move: a free choice (T1)"),
      std::string::npos)
      << text;
  EXPECT_EQ(harness_json(r)["unreachable"][0]["disagreements"][0]["rule"], "refused");
  // The same engine, given an unreachable walk root, refuses it and still conforms.
  o.walk_roots = {"o3yrg1/8/8/4n3/1bpkYK2/2R5/8/NG3PBO b R 3:1-1"};
  r = run_harness(o);
  EXPECT_TRUE(r.conforms()) << harness_text(r);
  ASSERT_EQ(r.unreachable.size(), 2u);
  EXPECT_EQ(r.unreachable[1].why, "Black has 1 point(s) but rings worth 0 (P2: every point is scored with a ring)");
}

TEST(Conform_Corpus, PublishedFileIsTheBuiltInCorpus) {
  // tests/data/conformance.json is what `kamisado corpus` writes; regenerate it when the
  // built-in corpus changes.
  std::ifstream in(KAMISADO_DATA "/conformance.json");
  ASSERT_TRUE(in);
  EXPECT_EQ(nlohmann::json::parse(in), corpus_to_json(builtin_corpus()));
}

TEST(Conform_CLI, ExitCodesAndOneLineErrors) {
  std::ostringstream out, err;
  EXPECT_EQ(cli::run_cli({"conform", "--engine", fixture(), "--depth", "1", "--random", "2", "--match"}, out, err), cli::kOk) << err.str();
  EXPECT_NE(out.str().find("conforms to rules.md"), std::string::npos);
  std::ostringstream out2, err2;
  EXPECT_EQ(cli::run_cli({"conform", "--engine", fixture("pass-colour"), "--depth", "1", "--random", "2", "--json"}, out2, err2), cli::kDisagrees);
  EXPECT_FALSE(nlohmann::json::parse(out2.str())["conforms"]);
  auto bad = std::filesystem::path(KAMISADO_TEST_TMP) / "bad_corpus.json";
  std::filesystem::create_directories(bad.parent_path());
  { std::ofstream(bad) << "{ not json"; }
  std::ostringstream out3, err3;
  EXPECT_EQ(cli::run_cli({"conform", "--engine", fixture(), "--corpus", bad.string()}, out3, err3), cli::kBadInput);
  EXPECT_NE(err3.str().find("is not JSON"), std::string::npos) << err3.str();
  EXPECT_EQ(err3.str().find('\n'), err3.str().size() - 1);
  std::ostringstream out4, err4;
  EXPECT_EQ(cli::run_cli({"conform", "--engine", fixture(), "--allow", "M6,X9"}, out4, err4), cli::kBadInput);
  EXPECT_NE(err4.str().find("--allow: 'X9' is not a rule ID"), std::string::npos) << err4.str();
  std::ostringstream out5, err5;
  EXPECT_EQ(cli::run_cli({"conform", "--engine", fixture("pass-colour"), "--depth", "1", "--random", "2", "--allow", "M6"}, out5, err5), cli::kOk)
      << out5.str() << err5.str();
  EXPECT_NE(out5.str().find("conforms to rules.md except M6 ("), std::string::npos) << out5.str();
  // An allowance no comparison needed is said in the verdict, not dropped (issue 46).
  std::ostringstream out6, err6;
  EXPECT_EQ(cli::run_cli({"conform", "--engine", fixture("pass-colour"), "--depth", "1", "--random", "2", "--allow", "M8, M6"}, out6, err6), cli::kOk)
      << out6.str() << err6.str();
  EXPECT_NE(out6.str().find("conforms to rules.md except M6 ("), std::string::npos) << out6.str();
  EXPECT_NE(out6.str().find("play-outs); allowed but not seen: M8"), std::string::npos) << out6.str();
  std::ostringstream out7, err7;
  ASSERT_EQ(cli::run_cli({"conform", "--engine", fixture("pass-colour"), "--depth", "1", "--random", "0", "--allow", "M8,M6", "--json"}, out7, err7),
            cli::kOk);
  EXPECT_EQ(nlohmann::json::parse(out7.str())["allowed_unseen"], nlohmann::json::array({"M8"}));
}

// Issue 18, 11-14: the harness cannot be fooled or blinded.
TEST(Conform_Harness, ARefusedPositionIsAFindingNeverAnAgreement) {
  HarnessReport r = check(fixture("refuse-gold"));
  EXPECT_FALSE(r.conforms());
  bool refusal = false;
  for (const Disagreement& d : r.disagreements) refusal = refusal || d.theirs.find("error this engine plays Black only") != std::string::npos;
  EXPECT_TRUE(refusal);
  EXPECT_EQ(harness_text(r).find("agrees"), std::string::npos);
}

TEST(Conform_Harness, EveryCorpusCaseThatDiffersIsShownAndAnExtraDeadlockIsM8) {
  HarnessReport r = check(fixture("deadlock-two-passes"));
  std::set<std::string> m8_cases;
  for (const Disagreement& d : r.disagreements) {
    if (d.source.rfind("corpus: ", 0) == 0 && d.rule == "M8") m8_cases.insert(d.source);
    if (d.ours == "ongoing" && d.theirs.find("deadlock") != std::string::npos) {
      EXPECT_EQ(d.rule, "M8") << d.source;
    }
  }
  EXPECT_GE(m8_cases.size(), 2u);  // not only the first case of the rule
}

// A typo in `features` is an error naming the word, never a smaller check that "agrees".
TEST(Conform_Harness, AnUnknownFeatureWordIsAnErrorNotASmallerCheck) {
  HarnessReport r = check(fixture("feature-typo"), 3);
  ASSERT_TRUE(r.failure) << harness_text(r);
  EXPECT_NE(r.failure->find("unknown feature 'single_round'"), std::string::npos) << *r.failure;
  EXPECT_FALSE(r.conforms());
}

TEST(Conform_Harness, AnEngineIsCheckedOnWhatItDeclaresAndTheRestIsSaid) {
  HarnessReport r = check(fixture("single-round"), 3);
  EXPECT_TRUE(r.conforms()) << harness_text(r);
  EXPECT_EQ(r.features, std::vector<std::string>{"single-round"});
  ASSERT_FALSE(r.not_checked.empty());
  EXPECT_NE(harness_text(r).find("not checked: "), std::string::npos);
}

TEST(Conform_Harness, AFailingEngineShowsItsStderrAndASlowOneDiesWithTheHarness) {
  HarnessReport r = check(fixture("stderr-crash"));
  ASSERT_TRUE(r.failure);
  EXPECT_NE(r.failure->find("its stderr ended: engine: something broke in moves()"), std::string::npos) << *r.failure;
  // A word the fixture ignores names this test's engine: SlowEngineTimesOutInsteadOfHanging may
  // run a slow engine of its own at the same time (ctest -j), which is not this test's to see.
  check(fixture("slow") + " dies-with-the-harness", 3, 8);
  // The python process itself, not only its shell, is gone (the process group is killed). The
  // pattern does not match the shell that runs pgrep.
  int left = 1;
  for (int i = 0; i < 50 && left; ++i) {
    left = std::system("pgrep -f 'kamisado_engin[e].py --deviation slow dies-with-the-harness' > /dev/null") == 0;
    if (left) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_FALSE(left);
}

// Issue 27, 7: `kamisado engine` answers every request line, a blank one too, and a huge unknown
// request is neither held whole nor echoed back whole.
TEST(Conform_EngineServer, EveryLineGetsOneShortReply) {
  std::istringstream in("hello\n   \n\n" + std::string(1000, 'z') + " now\nfrobnicate " + std::string(10 << 20, 'x') + "\nstatus\nquit\nhello\n");
  std::ostringstream out;
  serve_protocol(in, out);
  std::vector<std::string> replies;
  std::istringstream lines(out.str());
  for (std::string line; std::getline(lines, line);) replies.push_back(line);
  ASSERT_EQ(replies.size(), 6u) << out.str().substr(0, 2000);
  EXPECT_EQ(replies[0].rfind("kamisado-protocol 1", 0), 0u);
  EXPECT_EQ(replies[1], "error empty request (hello, position, moves, play, status, isready, quit)");
  EXPECT_EQ(replies[2], replies[1]);
  EXPECT_EQ(replies[3], "error unknown request '" + std::string(40, 'z') + "...' (hello, position, moves, play, status, isready, quit)");
  EXPECT_EQ(replies[4], "error request longer than 65536 bytes");
  EXPECT_EQ(replies[5], "status ongoing");
  for (const auto& r : replies) EXPECT_LE(r.size(), 303u);
}

// --allow takes rule IDs of rules.md, comma-separated, with or without spaces after the commas.
TEST(ConformAllow, ListsWithSpacesGiveTheSameRuleIds) {
  EXPECT_EQ(conform::parse_allow({"M8, M2", "refused"}), (std::set<std::string>{"M2", "M8", "refused"}));
  EXPECT_EQ(conform::parse_allow({"M8,M2"}), conform::parse_allow({" M8 ,  M2 "}));
  EXPECT_THROW(conform::parse_allow({"M8,,M2"}), InputError);
  try {
    conform::parse_allow({"M6,B3"});
    ADD_FAILURE() << "B3 allowed";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'B3' is a board rule of rules.md, which no deviation is labelled with"), std::string::npos) << e.what();
  }
}

// Issue 72: an engine whose free first move offers only the towers on the home row, asked where
// one stands off it (a position no game reaches), breaks T1 (the mover may move any of his towers),
// not a rule of movement: it offers no move of that tower at all.
TEST(Conform_Labels, T1AFreeChoiceThatHoldsBackATowerOffTheHomeRow) {
  const Position p = parse_kfen("obpkyrgn/8/8/8/8/8/4K3/NGRY1PBO b -");
  std::vector<std::string> ours = legal_move_names(p);
  std::sort(ours.begin(), ours.end());
  std::vector<std::string> home_row_only;
  for (const std::string& m : ours)
    if (m[1] == '1') home_row_only.push_back(m);
  ASSERT_LT(home_row_only.size(), ours.size());
  EXPECT_EQ(conform::label_moves(p, ours, home_row_only), "T1");
  // A tower that may move but whose one move is missing is still a rule of movement.
  std::vector<std::string> one_missing = ours;
  one_missing.erase(std::find_if(one_missing.begin(), one_missing.end(), [](const std::string& m) { return m[1] == '2'; }));
  EXPECT_NE(conform::label_moves(p, ours, one_missing), "T1");
}
