// What a command answers, made in the presentation layer: one JSON object for --json and the
// text for a person, from the same data. The command chooses which to print; its exit code follows the status.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace kamisado::present {

// How a run ended, beyond what it answers: the command's exit code (cli/app.h) follows it. Failed:
// a check of the run's own results failed; Disagrees: another side (an engine, the search) differs.
enum class Status { Ok, Failed, Disagrees, Stopped };

struct Answer {
  nlohmann::json json;
  std::string text;
  Status status = Status::Ok;
};

}  // namespace kamisado::present
