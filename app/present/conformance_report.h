// The conformance harness's report (src/conform/harness.h) for people and scripts: its JSON
// (`kamisado conform --json`, the Python module's and the WebAssembly package's conform) and its
// text, each deviation with its rule, its count and its smallest reproduction, the sources
// compared, the rules each context exercised, and the verdict.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "src/conform/harness.h"

namespace kamisado::present {

nlohmann::json harness_json(const conform::HarnessReport& r);
std::string harness_text(const conform::HarnessReport& r);

}  // namespace kamisado::present
