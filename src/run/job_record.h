// A record of the jobs of a run on the job tree (job_tree.h, issue 68): the batches each job paused
// with, its value and the starts proved inside it, so that the scheduler can run the same tree of
// a real match again under SimGrid's SMPI (tests/job_tree_replay.cpp), the real and the simulated
// schedules side by side.
//
// FORMAT (text, one line per job, in the order its rank proved them; a file per proving rank R,
// <record>.rank-R):
//   <level> <key> <value> <batches> <also>
//   key     32 hex digits, the TreeKey's hi then lo
//   value   0 or 1, the job's value
//   batches '-' for none, else the batches the job paused with in their order, ';' between two,
//           each a ','-separated list of <level>:<key>
//   also    '-' for none, else the starts proved inside the job, ','-separated <key>:<value>
// It uses nothing but the standard library, so that a simulation built against SMPI reads it.
#pragma once

#include <string>
#include <vector>

#include "src/run/job_tree.h"

namespace kamisado::run {

struct RecordedJob {
  TreeKey key;
  std::uint32_t level = 1;
  std::uint8_t value = 0;
  std::vector<std::vector<TreeJob>> batches;  // keys and levels only
  std::vector<TreeValue> also;
};

std::string job_record_file(const std::string& record, int rank);
// A key as the record writes it: 32 hex digits.
std::string job_record_key(const TreeKey& key);
// The line of `job`, done with the event `done`, after pausing with `batches`.
std::string job_record_line(const TreeJob& job, const std::vector<std::vector<TreeJob>>& batches, const TreeEvent& done);
// A line read back; a std::runtime_error says what is wrong with it.
RecordedJob parse_job_record_line(const std::string& line);

}  // namespace kamisado::run
