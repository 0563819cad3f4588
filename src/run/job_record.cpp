#include "src/run/job_record.h"

#include <cstdio>
#include <sstream>
#include <stdexcept>

namespace kamisado::run {

namespace {

TreeKey key_of(const std::string& s, const std::string& line) {
  if (s.size() != 32 || s.find_first_not_of("0123456789abcdef") != std::string::npos)
    throw std::runtime_error("a record of jobs: a key is 32 hex digits, not '" + s + "', in: " + line);
  return {std::stoull(s.substr(0, 16), nullptr, 16), std::stoull(s.substr(16), nullptr, 16)};
}

std::vector<std::string> split(const std::string& s, char by) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string part; std::getline(in, part, by);) out.push_back(part);
  return out;
}

}  // namespace

std::string job_record_key(const TreeKey& k) {
  char out[33];
  std::snprintf(out, sizeof out, "%016llx%016llx", static_cast<unsigned long long>(k.hi), static_cast<unsigned long long>(k.lo));
  return out;
}

std::string job_record_file(const std::string& record, int rank) { return record + ".rank-" + std::to_string(rank); }

std::string job_record_line(const TreeJob& job, const std::vector<std::vector<TreeJob>>& batches, const TreeEvent& done) {
  std::string out = std::to_string(job.level) + ' ' + job_record_key(job.key) + ' ' + std::to_string(int(done.value)) + ' ';
  if (batches.empty()) out += '-';
  for (std::size_t b = 0; b < batches.size(); ++b) {
    if (b > 0) out += ';';
    for (std::size_t i = 0; i < batches[b].size(); ++i)
      out += (i > 0 ? "," : "") + std::to_string(batches[b][i].level) + ':' + job_record_key(batches[b][i].key);
  }
  out += ' ';
  if (done.also.empty()) out += '-';
  for (std::size_t i = 0; i < done.also.size(); ++i)
    out += (i > 0 ? "," : "") + job_record_key(done.also[i].key) + ':' + std::to_string(int(done.also[i].value));
  return out;
}

RecordedJob parse_job_record_line(const std::string& line) {
  const std::vector<std::string> f = split(line, ' ');
  if (f.size() != 5 || (f[2] != "0" && f[2] != "1") || f[0].empty() || f[0].find_first_not_of("0123456789") != std::string::npos)
    throw std::runtime_error("a record of jobs: a line is '<level> <key> <value> <batches> <also>', not: " + line);
  RecordedJob job;
  job.level = std::uint32_t(std::stoul(f[0]));
  job.key = key_of(f[1], line);
  job.value = std::uint8_t(f[2] == "1");
  if (f[3] != "-")
    for (const std::string& batch : split(f[3], ';')) {
      std::vector<TreeJob>& jobs = job.batches.emplace_back();
      for (const std::string& start : split(batch, ',')) {
        const std::size_t colon = start.find(':');
        if (colon == 0 || colon == std::string::npos || start.find_first_not_of("0123456789") < colon)
          throw std::runtime_error("a record of jobs: a batch's start is <level>:<key>, not '" + start + "', in: " + line);
        jobs.push_back({key_of(start.substr(colon + 1), line), std::uint32_t(std::stoul(start.substr(0, colon))), {}});
      }
    }
  if (f[4] != "-")
    for (const std::string& also : split(f[4], ',')) {
      if (also.size() != 34 || also[32] != ':' || (also[33] != '0' && also[33] != '1'))
        throw std::runtime_error("a record of jobs: a start proved inside is <key>:<0|1>, not '" + also + "', in: " + line);
      job.also.push_back({key_of(also.substr(0, 32), line), std::uint8_t(also[33] == '1'), 1});
    }
  return job;
}

}  // namespace kamisado::run
