// The record of a run's jobs on the job tree (src/run/job_record.h, issue 68), which the
// simulation replays: a line reads back as written, and a damaged one is refused, saying why.
#include "src/run/job_record.h"

#include <gtest/gtest.h>

#include <stdexcept>

using namespace kamisado::run;

TEST(JobRecord, ALineReadsBackAsWritten) {
  const TreeJob job{{0x00000000193db558ULL, 0x0102000200000000ULL}, 2, "a KFEN, not recorded"};
  const std::vector<std::vector<TreeJob>> batches{{{{1, 2}, 3, {}}, {{3, 4}, 3, {}}}, {{{5, 6}, 3, {}}}};
  TreeEvent done;
  done.done = true, done.value = 1, done.also = {{{7, 8}, 0, 1}, {{9, 10}, 1, 1}};
  const RecordedJob back = parse_job_record_line(job_record_line(job, batches, done));
  EXPECT_EQ(back.key, job.key);
  EXPECT_EQ(back.level, 2u);
  EXPECT_EQ(back.value, 1);
  ASSERT_EQ(back.batches.size(), 2u);
  ASSERT_EQ(back.batches[0].size(), 2u);
  EXPECT_EQ(back.batches[0][1].key, (TreeKey{3, 4}));
  EXPECT_EQ(back.batches[1][0].level, 3u);
  ASSERT_EQ(back.also.size(), 2u);
  EXPECT_EQ(back.also[1].key, (TreeKey{9, 10}));
  EXPECT_EQ(back.also[0].value, 0);

  TreeEvent leaf;  // no batch, nothing proved inside: '-' and '-'
  const RecordedJob bare = parse_job_record_line(job_record_line(job, {}, leaf));
  EXPECT_TRUE(bare.batches.empty());
  EXPECT_TRUE(bare.also.empty());
  EXPECT_EQ(job_record_file("runs/jobs", 3), "runs/jobs.rank-3");
}

TEST(JobRecord, ADamagedLineIsRefusedSayingWhy) {
  const TreeJob job{{1, 2}, 1, {}};
  TreeEvent done;
  const std::string line = job_record_line(job, {{{{3, 4}, 2, {}}}}, done);
  for (const std::string& bad : {line.substr(0, line.size() - 3), std::string("x") + line, line + " extra", std::string("1 00zz 1 - -")}) {
    try {
      parse_job_record_line(bad);
      ADD_FAILURE() << "read: " << bad;
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find("a record of jobs"), std::string::npos) << e.what();
    }
  }
}
