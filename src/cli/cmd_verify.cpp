// kamisado verify: the rules checker's proofs over all positions, with Z3.
#include <algorithm>
#include <ctime>
#include <iostream>
#include <ostream>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/output.h"
#include "verify/checks.h"

namespace kamisado::cli {

namespace {
std::string today() {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", std::gmtime(&t));
  return buf;
}

std::string markdown(const std::vector<verify::CheckResult>& results, double total, const std::string& command) {
  std::string md = fmt::format(
      "# Verification\n\n"
      "Written by `{}` on {}. Rerun that command to regenerate it.\n\n"
      "Each check is a Z3 proof (4.8.12) over all positions it speaks of. The engine side of each "
      "proof is the engine's own bitboard code (`src/kamisado/bitboard.h`), instantiated on Z3 "
      "bit-vectors; the rules side is `src/verify/spec.cpp`, written from rules.md without calling "
      "the engine.\n\n"
      "| check | rules | what is proved | result | queries | time |\n|---|---|---|---|---:|---:|\n",
      command, today());
  for (const auto& r : results)
    md += fmt::format("| `{}` | {} | {} | {} | {} | {:.2f} s |\n", r.id, r.rules, r.title, r.verdict, r.queries, r.seconds);
  md += fmt::format("\nTotal: {:.1f} s on one core (target: the whole run within 2 minutes).\n", total);
  bool any = false;
  for (const auto& r : results)
    if (!r.counterexample.empty()) {
      if (!any) md += "\n## Counterexamples\n\n";
      any = true;
      md += fmt::format("- `{}`: {}\n", r.id, r.counterexample);
    }
  if (!any) md += "\nNo counterexamples: every check was proved.\n";
  return md;
}
}  // namespace

void add_verify(CLI::App& app, Action& action) {
  struct Options {
    std::vector<std::string> checks;
    std::string report;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("verify", "Prove the engine's move generation equal to the rules, with Z3");
  cmd->footer(
      "Checks: colours (B3), slides (M1-M4, S1), pushes (S2-S3), advance (rules.md §2), push-bounds\n"
      "(S2, S3, M7), pass-chain (M6, M8, M9). Each is proved for all positions, or refuted with a\n"
      "counterexample. Exit code 1 if any check is not proved.\n"
      "Example: kamisado verify --report reports/verification.md");
  cmd->add_option("--check", opt->checks, "Run only this check (repeatable)");
  cmd->add_option("--report", opt->report, "Write the results as Markdown to this file");
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      std::vector<std::string> ids = opt->checks.empty() ? verify::check_ids() : opt->checks;
      for (const std::string& id : ids) {
        auto all = verify::check_ids();
        if (std::find(all.begin(), all.end(), id) == all.end())
          throw UsageError(fmt::format("unknown check '{}'; the checks are {}", id, fmt::join(all, " ")));
      }
      std::vector<verify::CheckResult> results;
      double total = 0;
      bool all_proved = true;
      for (const std::string& id : ids) {
        if (!opt->json) io.err << "verify: " << id << "..." << std::endl;
        verify::CheckResult r = verify::run_check(id, verify::engine_primitives());
        total += r.seconds;
        all_proved &= r.verdict == "proved";
        if (!opt->json) {
          io.out << fmt::format("{:<8} {:<12} {:<22} {:>5} queries {:>7.2f} s  {}\n", r.verdict, r.id, r.rules, r.queries,
                                r.seconds, r.title);
          if (!r.counterexample.empty()) io.out << "         counterexample: " << r.counterexample << "\n";
        }
        results.push_back(r);
      }
      if (!opt->report.empty()) {
        std::string command = "kamisado verify";
        for (const std::string& id : opt->checks) command += " --check " + id;
        write_file_atomically(opt->report, markdown(results, total, command + " --report " + opt->report));
      }
      if (opt->json) {
        nlohmann::json list = nlohmann::json::array();
        for (const auto& r : results)
          list.push_back({{"id", r.id}, {"rules", r.rules}, {"title", r.title}, {"verdict", r.verdict},
                          {"queries", r.queries}, {"seconds", r.seconds}, {"counterexample", r.counterexample}});
        io.out << nlohmann::json{{"checks", list}, {"all_proved", all_proved}, {"seconds", total}}.dump(2) << "\n";
      } else {
        io.out << fmt::format("verify: {} of {} checks proved in {:.1f} s\n",
                              std::count_if(results.begin(), results.end(), [](auto& r) { return r.verdict == "proved"; }),
                              results.size(), total);
        if (!opt->report.empty()) io.out << "wrote " << opt->report << "\n";
      }
      return all_proved ? kOk : kInternalError;
    };
  });
}

}  // namespace kamisado::cli
