// What a command answers, made in the presentation layer: one JSON object for --json and the
// text for a person, from the same data. The command chooses which to print and its exit code.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace kamisado::present {

struct Answer {
  nlohmann::json json;
  std::string text;
};

}  // namespace kamisado::present
