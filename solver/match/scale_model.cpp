#include "solver/match/scale_model.h"

#include <functional>
#include <map>

#include <fmt/format.h>

#include "solver/match/by_rounds.h"
#include "solver/match/levels_journal.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"

namespace kamisado::solver {

namespace {

std::string stratum_of(const Position& start) {
  const MatchScore& m = start.match();
  return fmt::format("{}:{}-{} {}", m.target, m.points[0], m.points[1], start.side_to_move() == Side::Black ? 'b' : 'g');
}

}  // namespace

ScaleModel scale_model(const std::string& path) {
  const JournalHeader head = LevelsJournal::header(path);
  const LevelsJournal journal(path, head.root, head.hash_mb, head.depth_prices);
  ScaleModel model;
  model.root = to_kfen(head.root), model.journal = path, model.build = head.build;
  std::map<std::string, std::uint32_t> index;
  const auto stratum = [&](const Position& start) {
    const auto [it, fresh] = index.try_emplace(stratum_of(start), std::uint32_t(model.strata.size()));
    if (fresh) {
      ScaleStratum& s = model.strata.emplace_back();
      s.name = it->first;
      s.level = start.match().points[0] + start.match().points[1] + 1;
      s.one_round = job_depth(start) == 0;
    }
    return it->second;
  };
  model.root_stratum = stratum(head.root);
  for (const auto& [kfen, plan] : journal.plans()) {
    const Position start = parse_kfen(kfen);
    ScalePlan p;
    p.seconds = plan.seconds;
    std::map<std::uint32_t, std::uint64_t> next;
    for (const Position& job : plan.jobs) ++next[stratum(job)];
    p.next.assign(next.begin(), next.end());
    model.strata[stratum(start)].plans.push_back(std::move(p));
    ++model.plans;
  }
  for (const ScaleStratum& s : model.strata)
    if (s.plans.empty())
      throw InputError(
          fmt::format("{}: the plans rest on starts of {}, of which the journal measured none: the simulation cannot draw them", path, s.name),
          "journal");
  // A one-round start's cost inside its master: its plans' mean, and its own starts' (a round's
  // end is a later round's start, so the recursion ends).
  std::vector<int> done(model.strata.size(), 0);
  const std::function<double(std::uint32_t)> inside = [&](std::uint32_t i) {
    ScaleStratum& s = model.strata[i];
    if (done[i]) return s.inside_seconds;
    double total = 0;
    for (const ScalePlan& p : s.plans) {
      total += p.seconds;
      for (const auto& [child, n] : p.next) total += double(n) * inside(child);
    }
    done[i] = 1;
    return s.inside_seconds = total / double(s.plans.size());
  };
  for (std::uint32_t i = 0; i < model.strata.size(); ++i)
    if (model.strata[i].one_round) inside(i);
  return model;
}

}  // namespace kamisado::solver
