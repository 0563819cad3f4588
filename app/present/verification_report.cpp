#include "app/present/verification_report.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "src/io/files.h"
#include "src/io/report.h"

namespace kamisado::present {

using verify::CheckResult;

namespace {

std::string verdict_text(const verify::ChainVerdict& v) {
  if (v.passes < 0) return fmt::format("deadlock, {} loses", side_name(v.next_side));
  return fmt::format("{} pass(es), then {} moves {}", v.passes, side_name(v.next_side), kColourNames[v.next_colour]);
}

}  // namespace

std::string verification_report(const verify::VerifyRun& run, const std::string& command) {
  const auto& results = run.results;
  const auto& witnesses = run.witnesses;
  const auto& pushes = run.pushes;
  const double total = run.seconds;
  std::string md = io::Report("Verification", command)
                       .paragraph(
                           "Each check is a Z3 proof (4.8.12) over all positions it speaks of. The engine side of each "
                           "proof is the engine's own bitboard code (`src/kamisado/bitboard.h`), instantiated on Z3 "
                           "bit-vectors; the rules side is `src/verify/spec.cpp`, written from rules.md without calling "
                           "the engine.")
                       .markdown() +
                   "\n| check | rules | what is proved | result | queries | time |\n|---|---|---|---|---:|---:|\n";
  auto rows = [&](bool lemmas) {
    for (const auto& r : results)
      if (r.lemma == lemmas) md += fmt::format("| `{}` | {} | {} | {} | {} | {:.2f} s |\n", r.id, r.rules, r.title, r.verdict, r.queries, r.seconds);
  };
  rows(false);
  if (std::any_of(results.begin(), results.end(), [](const CheckResult& r) { return r.lemma; })) {
    md +=
        "\n## Lemmas about the rules\n\n"
        "Facts about rules.md that the spec relies on, proved by Z3 on free variables. No engine code enters them, so "
        "they prove nothing about the engine and no mutation of it can make them fail; the engine's behaviour in the "
        "cases they speak of is checked by the witnesses below.\n\n"
        "| lemma | rules | what is proved | result | queries | time |\n|---|---|---|---|---:|---:|\n";
    rows(true);
  }
  if (!witnesses.empty()) {
    md +=
        "\n## Edge-case witnesses\n\n"
        "Complete single-round positions found by Z3 (16 towers on distinct squares, none on its "
        "opponent's home row), right after Gold's real move with Black to move; the spec's verdict "
        "is compared with the engine's. The longest deadlock cycle is searched upwards from 8 "
        "towers until Z3 proves none exists or runs out of time. The loser of a deadlock is unique "
        "(M8): on every chain witness the engine plays the passes without a deadlock arising, so "
        "deadlocks come only right after a real move, and on every deadlock witness it names the "
        "player who made that move, after an ordinary move and after a push.\n\n"
        "| edge case | rules | result | KFEN | spec | engine | time |\n|---|---|---|---|---|---|---:|\n";
    for (const auto& w : witnesses)
      md += fmt::format("| {} | {} | {} | {} | {} | {} | {:.2f} s |\n", w.name, w.rule, w.verdict, w.kfen.empty() ? "" : "`" + w.kfen + "`",
                        w.kfen.empty() ? "" : verdict_text(w.spec), w.kfen.empty() ? "" : verdict_text(w.engine), w.seconds);
  }
  if (!pushes.empty()) {
    md +=
        "\n## Push witnesses\n\n"
        "Complete match positions found by Z3 with a Black Sumo to move, for each push edge case; "
        "other towers plain except Gold's that may be pushed. The spec's verdict is compared with "
        "the engine's.\n\n| edge case | rules | result | KFEN | spec and engine | time |\n|---|---|---|---|---|---:|\n";
    for (const auto& w : pushes)
      md += fmt::format("| {} | {} | {} | {} | {} | {:.2f} s |\n", w.name, w.rule, w.verdict, w.kfen.empty() ? "" : "`" + w.kfen + "`", w.detail,
                        w.seconds);
  }
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

nlohmann::json verification_json(const verify::VerifyRun& run) {
  nlohmann::json list = nlohmann::json::array(), wl = nlohmann::json::array();
  for (const auto& r : run.results)
    list.push_back({{"id", r.id},
                    {"rules", r.rules},
                    {"title", r.title},
                    {"verdict", r.verdict},
                    {"queries", r.queries},
                    {"seconds", r.seconds},
                    {"counterexample", r.counterexample}});
  for (const auto& w : run.witnesses)
    wl.push_back({{"name", w.name}, {"rule", w.rule}, {"verdict", w.verdict}, {"kfen", w.kfen}, {"seconds", w.seconds}});
  for (const auto& w : run.pushes)
    wl.push_back({{"name", w.name}, {"rule", w.rule}, {"verdict", w.verdict}, {"kfen", w.kfen}, {"seconds", w.seconds}, {"detail", w.detail}});
  return {{"checks", list}, {"witnesses", wl}, {"all_proved", run.all_proved}, {"seconds", run.seconds}};
}

std::string verification_summary(const verify::VerifyRun& run) {
  auto count = [](const auto& v, const char* verdict) {
    return std::count_if(v.begin(), v.end(), [&](const auto& w) { return w.verdict == verdict; });
  };
  return fmt::format("verify: {} of {} checks proved, {} witnesses found, {} disagree, in {:.1f} s\n", count(run.results, "proved"),
                     run.results.size(), count(run.witnesses, "found") + count(run.pushes, "found"),
                     count(run.witnesses, "disagrees") + count(run.pushes, "disagrees"), run.seconds);
}

Answer verify_answer(const verify::VerifyRun& run, const std::string& corpus, const std::string& report) {
  return {verification_json(run),
          verification_summary(run) + (corpus.empty() ? "" : "wrote " + corpus + "\n") + (report.empty() ? "" : "wrote " + report + "\n")};
}

std::string verify_command(const verify::VerifyOptions& o, const std::string& corpus, const std::string& report) {
  std::string command = "kamisado verify";
  for (const std::string& id : o.checks) command += " --check " + id;
  if (!o.witnesses) command += " --no-witnesses";
  if (!corpus.empty()) command += " --corpus " + corpus;
  return command + " --report " + report;
}

Answer run_verify(const verify::VerifyOptions& o, const std::string& corpus, const std::string& report, const io::Lines& lines) {
  verify::VerifyRun run = verify::run_verification(o, lines);
  if (!corpus.empty()) io::write_file_atomically(corpus, verify::witness_corpus(run).dump(2) + "\n");
  if (!report.empty()) io::write_file_atomically(report, verification_report(run, verify_command(o, corpus, report)));
  Answer a = verify_answer(run, corpus, report);
  a.status = run.all_proved ? Status::Ok : Status::Failed;
  return a;
}

}  // namespace kamisado::present
