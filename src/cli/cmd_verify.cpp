// kamisado verify: the rules checker's proofs over all positions, with Z3.
#include <algorithm>
#include <iostream>
#include <ostream>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/output.h"
#include "conform/corpus.h"
#include "verify/checks.h"
#include "verify/push_witnesses.h"
#include "verify/witnesses.h"

namespace kamisado::cli {

namespace {

std::string verdict_text(const verify::ChainVerdict& v) {
  if (v.passes < 0) return fmt::format("deadlock, {} loses", v.next_side == Side::Black ? "Black" : "Gold");
  return fmt::format("{} pass(es), then {} moves {}", v.passes, v.next_side == Side::Black ? "Black" : "Gold",
                     kColourNames[v.next_colour]);
}

std::string markdown(const std::vector<verify::CheckResult>& results, const std::vector<verify::Witness>& witnesses,
                     const std::vector<verify::PushWitness>& pushes, double total, const std::string& command) {
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
  if (!witnesses.empty()) {
    md += "\n## Edge-case witnesses\n\n"
          "Complete single-round positions found by Z3 (16 towers on distinct squares, none on its "
          "opponent's home row), right after Gold's real move with Black to move; the spec's verdict "
          "is compared with the engine's. The longest deadlock cycle is searched upwards from 8 "
          "towers until Z3 proves none exists or runs out of time. The loser of a deadlock is unique "
          "(M8): on every chain witness the engine plays the passes without a deadlock arising, so "
          "deadlocks come only right after a real move, and on every deadlock witness it names the "
          "player who made that move, after an ordinary move and after a push.\n\n"
          "| edge case | rules | result | KFEN | spec | engine | time |\n|---|---|---|---|---|---|---:|\n";
    for (const auto& w : witnesses)
      md += fmt::format("| {} | {} | {} | {} | {} | {} | {:.2f} s |\n", w.name, w.rule, w.verdict,
                        w.kfen.empty() ? "" : "`" + w.kfen + "`", w.kfen.empty() ? "" : verdict_text(w.spec),
                        w.kfen.empty() ? "" : verdict_text(w.engine), w.seconds);
  }
  if (!pushes.empty()) {
    md += "\n## Push witnesses\n\n"
          "Complete match positions found by Z3 with a Black Sumo to move, for each push edge case; "
          "other towers plain except Gold's that may be pushed. The spec's verdict is compared with "
          "the engine's.\n\n| edge case | rules | result | KFEN | spec and engine | time |\n|---|---|---|---|---|---:|\n";
    for (const auto& w : pushes)
      md += fmt::format("| {} | {} | {} | {} | {} | {:.2f} s |\n", w.name, w.rule, w.verdict,
                        w.kfen.empty() ? "" : "`" + w.kfen + "`", w.detail, w.seconds);
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
}  // namespace

void add_verify(CLI::App& app, Action& action) {
  struct Options {
    std::vector<std::string> checks;
    std::string report, corpus;
    double cycle_timeout = 20;
    bool json = false, no_witnesses = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("verify", "Prove the engine's move generation equal to the rules, with Z3");
  cmd->footer(
      "Checks: colours (B3), slides (M1-M4, S1), pushes (S2-S3), advance (rules.md §2), push-bounds\n"
      "(S2, S3, M7), pass-chain (M6, M8, M9). Each is proved for all positions, or refuted with a\n"
      "counterexample. Then Z3 finds complete positions for each pass and deadlock edge case and\n"
      "the engine's verdict there is compared with the spec's. Exit code 1 if any check is not\n"
      "proved or any witness disagrees.\n"
      "Example: kamisado verify --report reports/verification.md");
  cmd->add_option("--check", opt->checks, "Run only this check (repeatable)");
  cmd->add_option("--report", opt->report, "Write the results as Markdown to this file");
  cmd->add_option("--corpus", opt->corpus, "Also write the witnesses as a conformance corpus (JSON) to this file");
  cmd->add_option("--cycle-timeout", opt->cycle_timeout, "Seconds Z3 has for each longest-deadlock-cycle query (default 20)")
      ->check(CLI::Range(1.0, 3600.0));
  cmd->add_flag("--no-witnesses", opt->no_witnesses, "Run only the proofs, not the witness search");
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      std::vector<std::string> ids = opt->checks.empty() ? verify::check_ids() : opt->checks;
      for (const std::string& id : ids) {
        auto all = verify::check_ids();
        if (std::find(all.begin(), all.end(), id) == all.end())
          throw UsageError(fmt::format("unknown check '{}'; the checks are {}", id, fmt::join(all, " ")));
      }
      if (!opt->report.empty()) check_writable(opt->report);
      if (!opt->corpus.empty()) check_writable(opt->corpus);
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
      std::vector<verify::Witness> witnesses;
      std::vector<verify::PushWitness> pushes;
      if (!opt->no_witnesses) {
        if (!opt->json) io.err << "verify: witnesses..." << std::endl;
        verify::WitnessOptions wo;
        wo.query_timeout_ms = unsigned(opt->cycle_timeout * 1000);
        witnesses = verify::find_witnesses(verify::engine_chain(), wo);
        for (const auto& w : witnesses) {
          total += w.seconds;
          all_proved &= w.verdict != "disagrees";
          if (!opt->json)
            io.out << fmt::format("{:<10} {:<44} {:<4} {:>7.2f} s  {}\n", w.verdict, w.name, w.rule, w.seconds, w.kfen);
        }
        pushes = verify::find_push_witnesses(verify::engine_after_push(), unsigned(opt->cycle_timeout * 1000));
        for (const auto& w : pushes) {
          total += w.seconds;
          all_proved &= w.verdict != "disagrees";
          if (!opt->json)
            io.out << fmt::format("{:<10} {:<44} {:<4} {:>7.2f} s  {}\n", w.verdict, w.name, w.rule, w.seconds, w.kfen);
        }
      }
      if (!opt->corpus.empty()) {
        std::vector<conform::CorpusCase> cases;
        for (const auto& w : witnesses)
          if (!w.kfen.empty()) cases.push_back(conform::expect("Z3 witness: " + w.name, w.rule, w.kfen));
        for (const auto& w : pushes)
          if (!w.kfen.empty()) cases.push_back(conform::expect("Z3 witness: " + w.name, w.rule, w.kfen));
        write_file_atomically(opt->corpus, conform::corpus_to_json(cases).dump(2) + "\n");
      }
      if (!opt->report.empty()) {
        std::string command = "kamisado verify";
        for (const std::string& id : opt->checks) command += " --check " + id;
        if (opt->no_witnesses) command += " --no-witnesses";
        if (!opt->corpus.empty()) command += " --corpus " + opt->corpus;
        write_file_atomically(opt->report, markdown(results, witnesses, pushes, total, command + " --report " + opt->report));
      }
      if (opt->json) {
        nlohmann::json list = nlohmann::json::array();
        for (const auto& r : results)
          list.push_back({{"id", r.id}, {"rules", r.rules}, {"title", r.title}, {"verdict", r.verdict},
                          {"queries", r.queries}, {"seconds", r.seconds}, {"counterexample", r.counterexample}});
        nlohmann::json wl = nlohmann::json::array();
        for (const auto& w : witnesses)
          wl.push_back({{"name", w.name}, {"rule", w.rule}, {"verdict", w.verdict}, {"kfen", w.kfen}, {"seconds", w.seconds}});
        for (const auto& w : pushes)
          wl.push_back({{"name", w.name}, {"rule", w.rule}, {"verdict", w.verdict}, {"kfen", w.kfen}, {"seconds", w.seconds},
                        {"detail", w.detail}});
        io.out << nlohmann::json{{"checks", list}, {"witnesses", wl}, {"all_proved", all_proved}, {"seconds", total}}.dump(2) << "\n";
      } else {
        io.out << fmt::format("verify: {} of {} checks proved, {} witnesses found, {} disagree, in {:.1f} s\n",
                              std::count_if(results.begin(), results.end(), [](auto& r) { return r.verdict == "proved"; }),
                              results.size(),
                              std::count_if(witnesses.begin(), witnesses.end(), [](auto& w) { return w.verdict == "found"; }) +
                                  std::count_if(pushes.begin(), pushes.end(), [](auto& w) { return w.verdict == "found"; }),
                              std::count_if(witnesses.begin(), witnesses.end(), [](auto& w) { return w.verdict == "disagrees"; }) +
                                  std::count_if(pushes.begin(), pushes.end(), [](auto& w) { return w.verdict == "disagrees"; }),
                              total);
        if (!opt->corpus.empty()) io.out << "wrote " << opt->corpus << "\n";
        if (!opt->report.empty()) io.out << "wrote " << opt->report << "\n";
      }
      return all_proved ? kOk : kInternalError;
    };
  });
}

}  // namespace kamisado::cli
