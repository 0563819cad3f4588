#include "app/present/conformance_report.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "src/conform/coverage.h"

namespace kamisado::present {

using conform::Disagreement;
using conform::HarnessReport;

namespace {
nlohmann::json disagreement_json(const Disagreement& d) {
  nlohmann::json j = {{"source", d.source}, {"rule", d.rule}, {"kfen", d.kfen},    {"moves", d.moves},
                      {"request", d.what},  {"ours", d.ours}, {"theirs", d.theirs}};
  if (d.what == "moves") j.update({{"missing", d.missing}, {"extra", d.extra}});
  return j;
}

std::string reproduction_text(const Disagreement& d) {
  std::string out = fmt::format("  from {}\n", d.kfen);
  if (!d.moves.empty()) out += fmt::format("  play {}\n", fmt::join(d.moves, " "));
  if (d.rule == "refused") return out + fmt::format("  the engine refused the {}: {}\n", d.what == "position" ? "position" : "setup moves", d.theirs);
  out += fmt::format("  then '{}'\n", d.what);
  if (d.what == "moves" && (!d.missing.empty() || !d.extra.empty())) {
    if (!d.missing.empty()) out += fmt::format("  missing: {}   (legal, the engine does not give them)\n", fmt::join(d.missing, " "));
    if (!d.extra.empty()) out += fmt::format("  extra:   {}   (the engine gives them, they are not legal)\n", fmt::join(d.extra, " "));
    return out;
  }
  return out + fmt::format("  ours:   {}\n  theirs: {}\n", d.ours, d.theirs);
}
}  // namespace

nlohmann::json harness_json(const HarnessReport& r) {
  nlohmann::json sources = nlohmann::json::array();
  for (const auto& s : r.sources)
    sources.push_back({{"source", s.source}, {"positions", s.positions}, {"requests", s.requests}, {"disagreements", s.disagreements}});
  nlohmann::json list = nlohmann::json::array();
  for (const auto& d : r.disagreements) list.push_back(disagreement_json(d));
  nlohmann::json devs = nlohmann::json::array();
  for (const auto& d : r.deviations)
    devs.push_back({{"rule", d.rule},
                    {"count", d.count},
                    {"allowed", d.allowed},
                    {"sources", d.sources},
                    {"consequences", d.consequences},
                    {"smallest", disagreement_json(d.smallest)}});
  nlohmann::json coverage = nlohmann::json::array();
  for (const auto& c : r.coverage) {
    nlohmann::json times = nlohmann::json::object();
    for (std::size_t i = 0; i < c.checked.size(); ++i) times[c.checked[i]] = c.times[i];
    coverage.push_back({{"context", conform::context_name(c.context)},
                        {"played", c.played},
                        {"checked", c.checked},
                        {"times", times},
                        {"thin", c.thin},
                        {"not_checked", c.unchecked}});
  }
  nlohmann::json j = {{"engine", r.engine_name},    {"command", r.command},     {"conforms", r.conforms()},     {"verdict", r.verdict()},
                      {"positions", r.positions()}, {"play_outs", r.play_outs}, {"sources", sources},           {"deviations", devs},
                      {"disagreements", list},      {"features", r.features},   {"not_checked", r.not_checked}, {"rules", coverage}};
  if (r.failure) j["failure"] = *r.failure;
  j["allowed_unseen"] = r.allowed_unseen;
  nlohmann::json unreachable = nlohmann::json::array();
  for (const auto& u : r.unreachable) {
    nlohmann::json ds = nlohmann::json::array();
    for (const auto& d : u.disagreements) ds.push_back(disagreement_json(d));
    unreachable.push_back({{"source", u.source}, {"why", u.why}, {"disagreements", ds}});
  }
  j["unreachable"] = unreachable;
  return j;
}

std::string harness_text(const HarnessReport& r) {
  std::string out;
  for (const auto& d : r.deviations) {
    const std::string head = d.rule == "refused" ? "REFUSED" : "DEVIATES [" + d.rule + "]";
    const std::string followed =
        d.consequences ? fmt::format(" (and {} play-out move(s) not asked, whose answer would only repeat it)", d.consequences) : "";
    out += fmt::format("{}{}: {} time(s), in {} source(s){}; the smallest reproduction, from {}:\n", head, d.allowed ? " (allowed)" : "", d.count,
                       d.sources.size(), followed, d.smallest.source);
    out += reproduction_text(d.smallest);
    if (d.sources.size() > 1) {
      std::vector<std::string> others(d.sources.begin(), d.sources.begin() + long(std::min<std::size_t>(d.sources.size(), 6)));
      out += fmt::format("  also in: {}{}\n", fmt::join(others, "; "),
                         d.sources.size() > 6 ? fmt::format("; and {} more (--json lists all)", d.sources.size() - 6) : "");
    }
  }
  if (!r.unreachable.empty()) out += fmt::format("NOT REACHABLE BY THE RULES, compared and not counted ({} source(s)):\n", r.unreachable.size());
  for (const auto& u : r.unreachable) {
    std::vector<std::string> rules;
    for (const auto& d : u.disagreements) rules.push_back(d.rule);
    out += fmt::format("  {}: {}; {}\n", u.source, u.why, rules.empty() ? "no difference" : fmt::format("differs ({})", fmt::join(rules, ", ")));
  }
  if (r.failure) out += "ENGINE FAILURE: " + *r.failure + "\n";
  std::size_t width = 34;
  for (const auto& s : r.sources) width = std::max(width, s.source.size());
  out += fmt::format("\nengine: {}\n{:<{}} {:>10} {:>10} {:>14}\n", r.engine_name.empty() ? r.command : r.engine_name, "source", width, "positions",
                     "requests", "disagreements");
  for (const auto& s : r.sources) out += fmt::format("{:<{}} {:>10} {:>10} {:>14}\n", s.source, width, s.positions, s.requests, s.disagreements);
  for (const auto& c : r.coverage) {
    if (!c.played) {
      out += fmt::format("rules in a {}: not checked, the engine does not declare '{}'\n", conform::context_name(c.context),
                         conform::context_feature(c.context));
      continue;
    }
    std::vector<std::string> checked;  // "M8 ×12": how often each rule was exercised
    for (std::size_t i = 0; i < c.checked.size(); ++i) checked.push_back(fmt::format("{} ×{}", c.checked[i], c.times[i]));
    out += fmt::format("rules in a {}: checked {}", conform::context_name(c.context),
                       checked.empty() ? "none" : fmt::format("{}", fmt::join(checked, ", ")));
    if (!c.thin.empty()) out += fmt::format("; fewer than {} times: {}", HarnessReport::kEnough, fmt::join(c.thin, " "));
    out += c.unchecked.empty() ? "\n" : fmt::format("; not reached: {}\n", fmt::join(c.unchecked, " "));
  }
  for (const std::string& n : r.not_checked) out += "not checked: " + n + "\n";
  return out + r.verdict() + "\n";
}

}  // namespace kamisado::present
