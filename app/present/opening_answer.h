// What kamisado opening prints and writes into reports/opening.md and reports/regrouped.md: the
// opening's first moves proved and the regrouped sample proved (solver/bench/opening.h).
#pragma once

#include <atomic>
#include <string>

#include <nlohmann/json.hpp>

#include "app/present/answer.h"
#include "solver/bench/opening.h"
#include "src/io/progress.h"

namespace kamisado::present {

// kamisado opening: what the command line gave.
struct OpeningRequest {
  std::string report;  // the results as Markdown, other sections of the file kept
  std::string proofs;  // a folder for each first move's proof tree
  std::string book;    // the proved values as a book (serve --book)
  // count > 0: that many seeded regrouped starts instead of the first moves (the checkpoint's
  // default regrouped-SEED.jsonl).
  solver::RegroupedOptions regrouped = [] {
    solver::RegroupedOptions o;
    o.count = 0;
    return o;
  }();
  std::size_t hash = 0;  // 0: 128 MB for the first moves' shared table, 64 MB for each regrouped start's
};

// Proves what it asks, writes its report, proofs and book, and answers: Failed when a proof
// failed its check. Throws InputError for a request that makes no sense (--recheck without
// --regrouped, proofs into a missing folder).
Answer run_opening(const OpeningRequest& r, const io::Lines& lines, const std::atomic<bool>* stop);

std::string opening_report(const solver::OpeningResult& r, const std::string& report_path);
nlohmann::json opening_json(const solver::OpeningResult& r);
std::string opening_summary(const solver::OpeningResult& r);
std::string regrouped_summary(const solver::RegroupedResult& r);
std::string regrouped_report(const solver::RegroupedResult& r, const std::string& report_path);
nlohmann::json regrouped_json(const solver::RegroupedResult& r);

}  // namespace kamisado::present
