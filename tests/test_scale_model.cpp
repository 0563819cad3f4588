// The work of a match by rounds as a levels journal measured it, for the simulation at scale
// (solver/match/scale_model.h, issue 68): strata by score and side to move (P3's match field),
// their levels, which are proved inside their master (one-round jobs), and what those cost.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "solver/match/scale_model.h"
#include "tests/helpers.h"

using namespace kamisado;
using namespace kamisado::solver;

namespace {

const char* kRoot = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3:0-0";
const char* kTwo = "opbkyrgn/8/8/8/8/8/8/YPBKNROG+ g - 3:1-0";      // level 2
const char* kThree = "bopkyrgn/8/8/8/8/8/8/PBKROG+NY+ g - 3:2-0";   // level 3: Black, ahead, needs a point: a master
const char* kFour = "bkyopgrn+/8/8/8/8/8/8/NRG+Y+KPBO b - 3:2-1";   // level 4: Black to move needs one round: one round
const char* kOneOne = "r+ognpbky/8/8/8/8/8/8/YNRKG+PBO b - 3:1-1";  // a stratum the journal below measures no plan of

std::string line(const std::string& kfen, double seconds, const std::vector<std::string>& jobs) {
  std::string out = "{\"kfen\":\"" + kfen + "\",\"seconds\":" + std::to_string(seconds) + ",\"nodes\":1,\"jobs\":[";
  for (std::size_t i = 0; i < jobs.size(); ++i) out += (i ? ",\"" : "\"") + jobs[i] + "\"";
  return out + "]}\n";
}

std::string journal(const std::string& name, const std::string& plans) {
  const auto path = test::fresh_dir("scale_model", name) / "levels.jsonl";
  test::write_bytes(
      path, std::string("{\"build\":\"another\",\"depth_prices\":true,\"format\":\"kamisado-levels-journal 1\",\"hash_mb\":64,\"root\":\"") + kRoot +
                "\"}\n" + plans);
  return path.string();
}

}  // namespace

TEST(ScaleModel_P3, StrataAreScoresAndSidesWithTheirLevelsAndTheOneRoundStartsCostInsideTheirMaster) {
  const ScaleModel m = scale_model(journal("strata", line(kRoot, 10, {kTwo, kTwo}) + line(kTwo, 100, {kThree}) +
                                                         line(kThree, 5, {kFour, kFour, kFour}) + line(kFour, 0.5, {}) + line(kFour, 1.5, {})));
  std::map<std::string, const ScaleStratum*> by_name;
  for (const ScaleStratum& s : m.strata) by_name[s.name] = &s;
  ASSERT_EQ(by_name.size(), 4u);
  EXPECT_EQ(m.strata[m.root_stratum].name, "3:0-0 b");
  EXPECT_EQ(m.plans, 4u);  // the two plans of kFour's start are one line each, but one start: the last is kept
  EXPECT_EQ(by_name["3:1-0 g"]->level, 2u);
  EXPECT_EQ(by_name["3:2-0 g"]->level, 3u);
  EXPECT_FALSE(by_name["3:2-0 g"]->one_round);
  ASSERT_EQ(by_name["3:2-0 g"]->plans.size(), 1u);
  ASSERT_EQ(by_name["3:2-0 g"]->plans[0].next.size(), 1u);
  EXPECT_EQ(by_name["3:2-0 g"]->plans[0].next[0].second, 3u);  // three starts of one stratum
  EXPECT_EQ(by_name["3:2-1 b"]->level, 4u);
  EXPECT_TRUE(by_name["3:2-1 b"]->one_round);
  EXPECT_DOUBLE_EQ(by_name["3:2-1 b"]->inside_seconds, 1.5);
  EXPECT_EQ(by_name["3:0-0 b"]->plans[0].next[0].second, 2u);
}

TEST(ScaleModel_Input, APlanOnAStratumWithNoPlanOrAFileThatIsNoJournalIsRefusedInOneLine) {
  const std::string unmeasured = journal("unmeasured", line(kRoot, 10, {kTwo}) + line(kTwo, 100, {kOneOne}));
  const std::string error = test::input_error_of([&] { scale_model(unmeasured); });
  EXPECT_NE(error.find("3:1-1 b"), std::string::npos) << error;
  EXPECT_NE(error.find("measured none"), std::string::npos) << error;
  const auto not_ours = test::fresh_dir("scale_model", "not_ours") / "levels.jsonl";
  test::write_bytes(not_ours, "kfen,seconds\n");
  EXPECT_NE(test::input_error_of([&] { scale_model(not_ours.string()); }).find("not a levels journal"), std::string::npos);
}
