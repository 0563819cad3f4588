// What kamisado verify answers and writes: the rules checker's run (src/verify/verification.h) as
// JSON, its summary, and reports/verification.md, each check with its verdict and each edge-case
// witness with what Z3's specification and the engine say of it.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "app/present/answer.h"
#include "src/io/progress.h"
#include "src/verify/verification.h"

namespace kamisado::present {

std::string verification_report(const verify::VerifyRun& run, const std::string& command);
nlohmann::json verification_json(const verify::VerifyRun& run);
std::string verification_summary(const verify::VerifyRun& run);
// The rules checker's run (kamisado verify), with the files it wrote (`corpus`, `report`: empty
// if none), and the command that makes its report again.
Answer verify_answer(const verify::VerifyRun& run, const std::string& corpus, const std::string& report);
std::string verify_command(const verify::VerifyOptions& o, const std::string& corpus, const std::string& report);
// kamisado verify: the rules checker run, and its witness corpus and report written where named;
// Failed unless every check is proved.
Answer run_verify(const verify::VerifyOptions& o, const std::string& corpus, const std::string& report, const io::Lines& lines);

}  // namespace kamisado::present
